"""The Guobiao counting principles and the best-reading search.

The flow is the reference calculator's (ChineseOfficialMahjongHelper), which is how the five counting principles
of 《中国麻将竞赛规则》 are applied in practice:

* 就高不就低 (take the higher total): every special form and every regular reading of the concealed tiles is
  scored; the highest total before flowers wins, ties broken as the reference does (:func:`best_table`).
* 不重复 (no fan implied by another): the exclusion pass over the FANS table (:func:`apply_exclusions`).
* 不拆移 / 不得相同 / 套算一次 (a set used for a fan is not re-split, not reused for the same fan, combined only
  once more): the meld-combination step (:func:`meld_fans`) — a 4-set or 3-set fan uses its sets up, and the
  1-fan chow fans are capped and trimmed (:func:`account_once`).

A *table* is a list of counts indexed by fan (``fans.FANS``); totals exclude flowers until the very end.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import compress
from operator import mul
from dataclasses import dataclass
from functools import lru_cache

from mahjong.rulesets.guobiao import detectors as D
from mahjong.rulesets.guobiao.config import GuobiaoConfig
from mahjong.rulesets.guobiao.fans import FAN_BY_KEY, FANS, N_FANS
from mahjong.rulesets.guobiao import fans as F

CHOW, PUNG, KONG = 0, 1, 2
#: our tile ids in code order, the codes sorted, and their bits (for a hand's tile kinds and mask)
_TILES_BY_CODE = tuple(sorted(range(34), key=D.CODE.__getitem__))
_CODES_SORTED = tuple(D.CODE[t] for t in _TILES_BY_CODE)
_CODE_BITS = tuple(1 << c for c in _CODES_SORTED)
_IDX = {f.key: f.idx for f in FANS}
_VALUES = [f.value for f in FANS]
#: per fan index: (indices it excludes, (from, to) conversions); empty for fans without 不计
_EXCL: list[tuple[tuple[int, ...], tuple[tuple[int, int], ...]]] = [
    (tuple(_IDX[k] for k in f.excludes), tuple((_IDX[a], _IDX[b]) for a, b in f.converts)) for f in FANS]
_INDICES = range(N_FANS)
_TWO_CHOW = [(_IDX[k], fn) for k, fn in D.TWO_CHOW_FANS]
_THREE_MIXED = [(_IDX[k], fn) for k, fn in D.THREE_CHOW_MIXED]
_THREE_PURE = [(_IDX[k], fn) for k, fn in D.THREE_CHOW_PURE]
_THREE_PUNG = [(_IDX[k], fn) for k, fn in D.THREE_PUNG_FANS]
_TWO_PUNG = [(_IDX[k], fn) for k, fn in D.TWO_PUNG_FANS]
_GROUP = [(_IDX[k], fn) for k, fn in D.GROUP_TRAITS]
_KONG = [(_IDX[k], fn) for k, fn in D.KONG_FANS]
_DARK = [(_IDX[k], fn) for k, fn in D.CONCEALED_PUNG_FANS]
_CONCEALMENT = [(_IDX[k], fn) for k, fn in D.CONCEALMENT_FANS]
_WIN_FLAG = [(_IDX[k], fn) for k, fn in D.WIN_FLAG_FANS]
#: the 1-fan chow fans, in the order the account-once trim removes them (reference step 6: 老少副 first)
#: (from the fan rows' ``trim`` column; ``terminal_chows_kept`` has its own order there)
_TRIM_ORDER = F.TRIM_ORDER
_TRIM_ORDER_SEED = F.TRIM_ORDER_KEPT
#: the one extra 1-fan fan a 4th chow may add next to a 3-chow fan, by priority (reference step 6; ``extra`` column)
_EXTRA_PRIORITY = F.EXTRA_PRIORITY
#: a later reading with one of these wins a tie (``tie`` column)
_TIE_FANS = F.TIE_FANS


@dataclass(slots=True)  # slots: quicker to build and to read, once per hand
class Facts:
    """What every reading of one hand shares (computed once per hand)."""

    fixed: list[tuple[int, int, bool]]  #: (CHOW/PUNG/KONG, code (a chow's middle tile), claimed from another player)
    standing: Sequence[int]  #: 34 counts (our tile ids) of the concealed tiles, winning tile included
    #: storage of :attr:`all_counts`: None = worked out from ``standing`` and ``fixed`` on first read (the compiled
    #: kernel derives the whole hand's counts itself, so most hands never build them in Python)
    all_counts_: Sequence[int] | None
    win: int  #: code of the winning tile
    self_drawn: bool
    last_tile: bool
    wall_last: bool
    kong_involved: bool  #: 杠上开花 when self-drawn, 抢杠和 on a discard
    seat: int
    prevalent: int
    #: 独听 (reference): computed on first need by ``wait_test`` — most readings never ask (the winning tile is
    #: in a pung, or the hand is a special form)
    unique_wait: bool | None = None
    wait_test: Callable[[], bool] | None = None
    tile_hog_base: int | None = None  #: tile kinds with all four copies in the hand (四归一 before kongs)
    tile_fans: list[tuple[int, int]] | None = None  #: cache of :func:`tile_fans`
    hand_fans: list[tuple[int, int]] | None = None  #: cache of :func:`hand_fans`
    heavenly: bool = False  #: 天和 (extras): the dealer's initial fourteen tiles have no wait, so no 独听 fan
    meld_strs: list[str] | None = None  #: the fixed melds' notation, for the result's details
    #: storage of :attr:`unique` / :attr:`mask`, filled on first read (the compiled kernel never needs them)
    unique_: list[int] | None = None
    mask_: int | None = None

    @property
    def all_counts(self) -> Sequence[int]:
        """34 counts of the whole hand (a kong counts 4): the concealed counts plus the fixed packs' tiles."""
        if self.all_counts_ is None:
            if not self.fixed:
                self.all_counts_ = self.standing
            else:
                c = list(self.standing)
                for kind, code, _ in self.fixed:
                    t = D.TILE_OF_CODE[code]
                    if kind == CHOW:
                        c[t - 1] += 1
                        c[t] += 1
                        c[t + 1] += 1
                    else:
                        c[t] += 4 if kind == KONG else 3
                self.all_counts_ = c
        return self.all_counts_

    @all_counts.setter
    def all_counts(self, counts: Sequence[int]) -> None:
        self.all_counts_ = counts

    @property
    def unique(self) -> list[int]:
        """Sorted codes of the tile kinds in the hand (melds included)."""
        if self.unique_ is None:
            self._tile_kinds()
        return self.unique_  # type: ignore[return-value]

    @property
    def mask(self) -> int:
        """Bit ``code`` set for each tile kind in the hand (``detectors.mask_of(unique)``)."""
        if self.mask_ is None:
            self._tile_kinds()
        return self.mask_  # type: ignore[return-value]

    def _tile_kinds(self) -> None:
        present = list(map(self.all_counts.__getitem__, _TILES_BY_CODE))  # counts in code order
        self.unique_ = list(compress(_CODES_SORTED, present))
        self.mask_ = sum(compress(_CODE_BITS, present))  # distinct bits: the sum is the OR


def is_unique_wait(f: Facts) -> bool:
    if f.unique_wait is None:
        f.unique_wait = f.wait_test() if f.wait_test is not None else False
    return f.unique_wait


def new_table() -> list[int]:
    return [0] * N_FANS


def table_total(t: Sequence[int]) -> int:
    return sum(map(mul, _VALUES, t))


# ------------------------------------------------------------------------------------------ shared steps

def win_flag_fans(f: Facts, t: list[int]) -> None:
    """和绝张, 自摸 / 妙手回春 / 杠上开花, 海底捞月 / 抢杠和 from the win context (reference step 1)."""
    if f.last_tile:
        t[F.LAST_TILE] = 1
    for idx, fn in _WIN_FLAG:
        if fn(f.self_drawn, f.wall_last, f.kong_involved):
            t[idx] = 1


def hand_fans(f: Facts) -> list[tuple[int, int]]:
    """The fans every regular reading of the hand shares, computed once: the win flags (reference step 1), the
    concealment fans 不求人 / 门前清 / 全求人 (step 7: only claimed melds count; a concealed kong keeps the hand
    concealed) and the tile-kind fans (:func:`tile_fans`)."""
    if f.hand_fans is None:
        t = new_table()
        win_flag_fans(f, t)
        claimed = sum(1 for _, _, melded in f.fixed if melded)
        for idx, fn in _CONCEALMENT:
            if fn(claimed, f.self_drawn):
                t[idx] = 1
        f.hand_fans = [(i, t[i]) for i in compress(_INDICES, t)] + tile_fans(f)
    return f.hand_fans


def tile_fans(f: Facts) -> list[tuple[int, int]]:
    """The fans read from the tile kinds alone, the same for every reading of a hand, so computed once: suits
    (无字 缺一门 混一色 清一色 五门齐), tile traits (断幺 推不倒 绿一色 字一色 清幺九 混幺九) and ranges (全大 全中
    全小 大于五 小于五) (reference steps 10-11)."""
    if f.tile_fans is not None:
        return f.tile_fans
    u = f.mask
    out: list[tuple[int, int]] = []
    # two voided suits are not 缺一门 ×2 but 混一色 / 清一色 (and 清一色 is not also 无字): the flush takes their
    # place at once, as in the reference's suit step, so they stay gone even when the flush itself is excluded
    # (一色双龙会 不计清一色)
    voided = D.voided_suits(u)
    if voided == 2:
        out.append((F.HALF_FLUSH if u & D.HONOR_MASK else F.FULL_FLUSH, 1))
    else:
        if D.no_honors(u):
            out.append((F.NO_HONORS, 1))
        if voided:
            out.append((F.ONE_VOIDED_SUIT, voided))
    if D.all_types(u):
        out.append((F.ALL_TYPES, 1))
    simples = D.all_simples(u)
    if simples:
        out.append((F.ALL_SIMPLES, 1))
    if D.reversible_tiles(u):
        out.append((F.REVERSIBLE_TILES, 1))
    if D.all_green(u):
        out.append((F.ALL_GREEN, 1))
    if not simples:  # 字一色 > 清幺九 > 混幺九, only one
        if D.all_honors(u):
            out.append((F.ALL_HONORS, 1))
        elif D.all_terminals(u):
            out.append((F.ALL_TERMINALS, 1))
        elif D.all_terminals_and_honors(u):
            out.append((F.ALL_TERMINALS_AND_HONORS, 1))
    r = D.rank_range(u)
    if r is not None:
        out.append((_IDX[r], 1))
    f.tile_fans = out
    return out


def tile_hog(f: Facts, kongs: int) -> int:
    """四归一 (reference step 12): tile kinds with all four copies in the hand, minus the kongs (not counted with
    一色四同顺, which uses them up)."""
    if f.tile_hog_base is None:
        f.tile_hog_base = D.tile_hog(f.all_counts, 0)
    return max(0, f.tile_hog_base - kongs)


def add_tile_fans(f: Facts, t: list[int]) -> None:
    """The tile-kind fans plus 四归一, for the special forms that count them (七对)."""
    for idx, n in tile_fans(f):
        t[idx] = n
    t[F.TILE_HOG] = tile_hog(f, 0)


def apply_exclusions(t: list[int], opts: GuobiaoConfig) -> None:
    """不重复: every fan present cancels the fans its row excludes (and 四暗刻 turns 不求人 into 自摸), in
    table order."""
    # compress() walks the live table, so a fan cancelled earlier in the pass no longer cancels anything
    for idx in compress(_INDICES, t):
        excl, conv = _EXCL[idx]
        for a, b in conv:
            if idx == F.FOUR_CONCEALED_PUNGS and opts.four_concealed_pungs_fully_concealed:
                continue  # 《中国麻将竞赛规则》: 四暗刻 自摸加记不求人
            if t[a]:
                t[a] = 0
                t[b] = 1
        for e in excl:
            t[e] = 0


# ------------------------------------------------------------------------------------------ meld combinations

def account_once(fans: list[int], cap: int, t: list[int], opts: GuobiaoConfig) -> None:
    """套算一次: the pairwise 1-fan chow fans of 3 or 4 chows, at most ``cap`` of them.  Over the cap, trim each
    type to one, then to none, in the order 老少副, 连六, 喜相逢, 一般高 (the reference's count-and-trim; reference
    step 6).  ``terminal_chows_kept`` (《中国麻将竞赛规则》: 老少副 may count twice) trims 老少副 last."""
    counts = {F.PURE_DOUBLE_CHOW: 0, F.MIXED_DOUBLE_CHOW: 0, F.SHORT_STRAIGHT: 0, F.TWO_TERMINAL_CHOWS: 0}
    for x in fans:
        if x:
            counts[x] += 1
    n = sum(counts.values())
    order = _TRIM_ORDER_SEED if opts.terminal_chows_kept else _TRIM_ORDER
    limit = 1
    while n > cap and limit >= 0:
        for k in order:
            while counts[k] > limit and n > cap:
                counts[k] -= 1
                n -= 1
            if n <= cap:
                break
        limit -= 1
    for k, v in counts.items():
        t[k] += v


def two_chow_fan(a: int, b: int) -> int:
    for idx, fn in _TWO_CHOW:
        if fn(a, b):
            return idx
    return 0


def three_chow_fan(a: int, b: int, c: int) -> int:
    table = _THREE_MIXED if D._three_suits(a, b, c) else _THREE_PURE
    for idx, fn in table:
        if fn(a, b, c):
            return idx
    return 0


def three_pung_fan(a: int, b: int, c: int) -> int:
    for idx, fn in _THREE_PUNG:
        if fn(a, b, c):
            return idx
    return 0


def two_pung_fan(a: int, b: int) -> int:
    for idx, fn in _TWO_PUNG:
        if fn(a, b):
            return idx
    return 0


_SUBSETS = ((0, 1, 2, 3), (0, 1, 3, 2), (0, 2, 3, 1), (1, 2, 3, 0))


def four_chows(m: list[int], t: list[int], opts: GuobiaoConfig) -> None:
    """Four chows: a 4-chow fan uses them all; else the first 3-chow fan (subsets 012, 013, 023, 123) plus at most
    one 1-fan fan of the 4th chow; else the pairwise fans under the account-once cap."""
    if D.four_pure_shifted_chows(m):
        t[F.FOUR_PURE_SHIFTED_CHOWS] = 1
        return
    if D.quadruple_chow(m):
        t[F.QUADRUPLE_CHOW] = 1
        return
    for i, j, k, x in _SUBSETS:
        fan = three_chow_fan(m[i], m[j], m[k])
        if fan:
            t[fan] = 1
            extra = {two_chow_fan(m[i], m[x]), two_chow_fan(m[j], m[x]), two_chow_fan(m[k], m[x])}
            for e in _EXTRA_PRIORITY:
                if e in extra:
                    t[e] = 1
                    break
            return
    pairs = [two_chow_fan(m[0], m[1]), two_chow_fan(m[0], m[2]), two_chow_fan(m[0], m[3]),
             two_chow_fan(m[1], m[2]), two_chow_fan(m[1], m[3]), two_chow_fan(m[2], m[3])]
    cap = 3
    # a chow with no fan with any of the other three lowers the cap (the 2017-11 rule)
    for a, b, c in ((0, 1, 2), (0, 3, 4), (1, 3, 5), (2, 4, 5)):
        if not pairs[a] and not pairs[b] and not pairs[c]:
            cap -= 1
    if cap > 0:
        account_once(pairs, cap, t, opts)


def three_chows(m: list[int], t: list[int], opts: GuobiaoConfig) -> None:
    fan = three_chow_fan(m[0], m[1], m[2])
    if fan:
        t[fan] = 1
        return
    account_once([two_chow_fan(m[0], m[1]), two_chow_fan(m[0], m[2]), two_chow_fan(m[1], m[2])], 2, t, opts)


def four_pungs(p: list[int], t: list[int]) -> None:
    """Four pungs: 一色四节高 / 大四喜 use them all; else the first 3-pung fan plus at most one 2-pung fan of the
    4th pung with the others; else every pairwise 2-pung fan."""
    if D.four_pure_shifted_pungs(p):
        t[F.FOUR_PURE_SHIFTED_PUNGS] = 1
        return
    if D.big_four_winds(p):
        t[F.BIG_FOUR_WINDS] = 1
        return
    for i, j, k, x in _SUBSETS:
        fan = three_pung_fan(p[i], p[j], p[k])
        if fan:
            t[fan] = 1
            for y in range(4):
                if y != x:
                    f2 = two_pung_fan(p[y], p[x])
                    if f2:
                        t[f2] += 1
                        break
            return
    for a, b in ((0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)):
        f2 = two_pung_fan(p[a], p[b])
        if f2:
            t[f2] += 1


def three_pungs(p: list[int], t: list[int]) -> None:
    fan = three_pung_fan(p[0], p[1], p[2])
    if fan:
        t[fan] = 1
        return
    for a, b in ((0, 1), (0, 2), (1, 2)):
        f2 = two_pung_fan(p[a], p[b])
        if f2:
            t[f2] += 1


def kong_fans(concealed_pungs: int, melded_kongs: int, concealed_kongs: int, t: list[int], opts: GuobiaoConfig) -> None:
    """Kongs and concealed pungs (暗刻 counts concealed kongs too): 明杠 暗杠 双明杠 双暗杠 明暗杠 三杠 四杠 and
    双暗刻 三暗刻 四暗刻, as the reference combines them (reference step 3)."""
    for idx, fn in _KONG:
        if fn(melded_kongs, concealed_kongs):
            t[idx] = 1
            break
    if t[F.CONCEALED_KONG_AND_MELDED_KONG] and not opts.melded_and_concealed_kong:
        # the seeds have no 明暗杠: 明杠 1 + 暗杠 2 (reference)
        t[F.CONCEALED_KONG_AND_MELDED_KONG] = 0
        t[F.MELDED_KONG] = t[F.CONCEALED_KONG] = 1
    if opts.kongs_count_concealed_kongs and (t[F.THREE_KONGS] or t[F.FOUR_KONGS]) and concealed_kongs:
        # 《中国麻将竞赛规则》: 三杠 / 四杠 "暗杠、双暗杠加计" (reference)
        t[F.CONCEALED_KONG if concealed_kongs == 1 else F.TWO_CONCEALED_KONGS] = 1
    if t[F.TWO_CONCEALED_KONGS] and melded_kongs + concealed_kongs == 2 and concealed_pungs == 0:
        return  # 双暗杠 alone already says "two concealed": the reference adds no 双暗刻 on top
    dark = concealed_pungs + concealed_kongs
    for idx, is_dark_fan in _DARK:
        if is_dark_fan(dark):
            t[idx] = 1


# ------------------------------------------------------------------------------------------ one regular reading

def score_regular(f: Facts, concealed: Sequence[tuple[int, int]], pair: int, opts: GuobiaoConfig) -> list[int]:
    """Score one reading: the fixed packs plus ``concealed`` melds ((CHOW|PUNG, code)) and the pair (code)."""
    t = new_table()
    for idx, n in hand_fans(f):
        t[idx] = n
    chows: list[int] = []
    pungs: list[int] = []
    concealed_chows: list[int] = []
    concealed_pungs = melded_kongs = concealed_kongs = 0
    for kind, code, melded in f.fixed:
        if kind == CHOW:
            chows.append(code)
        else:
            pungs.append(code)
            if kind == KONG:
                if melded:
                    melded_kongs += 1
                else:
                    concealed_kongs += 1
            elif not melded:
                concealed_pungs += 1
    win = f.win
    for kind, code in concealed:
        if kind == CHOW:
            chows.append(code)
            concealed_chows.append(code)
        else:
            pungs.append(code)
            concealed_pungs += 1
    # A pung completed by a discard is melded, unless the winning tile can sit in a concealed chow of this reading
    # (reference step 2).
    if not f.self_drawn and win in pungs and not any(c - 1 <= win <= c + 1 for c in concealed_chows):
        if any(kind == PUNG and code == win for kind, code in concealed):
            concealed_pungs -= 1
    n_chows = len(chows)
    if pungs:
        kong_fans(concealed_pungs, melded_kongs, concealed_kongs, t, opts)
        if D.all_pungs(len(pungs)):
            t[F.ALL_PUNGS] = 1  # (四杠 and 四暗刻 exclude it)
        wind_pungs = sum(1 for p in pungs if D.is_wind(p))
        for p in pungs:
            if D.dragon_pung(p):
                t[F.DRAGON_PUNG] += 1
            elif D.pung_of_terminals_or_honors(p, f.seat, f.prevalent, wind_pungs):
                t[F.PUNG_OF_TERMINALS_OR_HONORS] += 1
            if D.is_wind(p):
                if D.prevalent_wind(p, f.prevalent):
                    t[F.PREVALENT_WIND] = 1
                if D.seat_wind(p, f.seat):
                    t[F.SEAT_WIND] = 1
    if n_chows == 4:
        if D.three_suited_terminal_chows(chows, pair):
            t[F.THREE_SUITED_TERMINAL_CHOWS] = 1
        elif D.pure_terminal_chows(chows, pair):
            t[F.PURE_TERMINAL_CHOWS] = 1
        else:
            four_chows(sorted(chows), t, opts)
    elif n_chows == 3:
        three_chows(sorted(chows), t, opts)
    elif n_chows == 2:
        f2 = two_chow_fan(chows[0], chows[1])
        if f2:
            t[f2] += 1
        f2 = two_pung_fan(pungs[0], pungs[1])
        if f2:
            t[f2] += 1
    elif n_chows == 1:
        three_pungs(sorted(pungs), t)
    else:
        four_pungs(sorted(pungs), t)
    # the pair (reference step 8): 平和, and 小三元 / 小四喜 in place of 双箭刻 / 三风刻 (their 不计)
    if D.all_chows(n_chows, pair):
        t[F.ALL_CHOWS] = 1
    elif pungs:
        if D.little_three_dragons(sum(1 for p in pungs if D.is_dragon(p)), pair):
            t[F.LITTLE_THREE_DRAGONS] = 1
        elif D.little_four_winds(wind_pungs, pair):
            t[F.LITTLE_FOUR_WINDS] = 1
    for idx, group_trait in _GROUP:
        if group_trait(chows, pungs, pair):
            t[idx] = 1
            break
    if not t[F.QUADRUPLE_CHOW]:
        t[F.TILE_HOG] = tile_hog(f, melded_kongs + concealed_kongs)
    if not t[F.MELDED_HAND] and not t[F.FOUR_KONGS]:
        w = D.wait_fan(concealed_chows, pair, win)
        if w and is_unique_wait(f):
            t[_IDX[w]] = 1
    apply_exclusions(t, opts)
    if not any(t):
        t[F.CHICKEN_HAND] = 1  # 无番和: 数不出任何番种分 — nothing else counts (flowers are added later)
    return t


def best_regular_py(f: Facts, opts: GuobiaoConfig, max_total: int, seven_pairs: bool,
                    readings: Sequence[tuple[object, tuple[tuple[int, int], ...], int]] | None = None,
                    ) -> tuple[tuple[tuple[int, int], ...], int, list[int], int] | None:
    """就高不就低 over the regular readings of the hand (``readings`` if given, else every reading of
    ``f.standing`` in reference order, readings.regular_readings) against an earlier best of ``max_total`` (a
    special form's).  A tie goes to the later reading when it has 一色三同顺 or 三同刻, or when the earlier best
    is 七对 (the reference's tie rules, reference step 5).  Returns (melds, pair code, fan table, total) of the
    chosen reading, or None when none beats ``max_total``.

    Part of the pure-Python twin of the compiled kernel (``mahjong._core._gb_score``, src/mjcore/guobiao.pxi).
    """
    from mahjong.rulesets.guobiao.readings import regular_readings

    best = None
    for _, melds, pair in (regular_readings(f.standing) if readings is None else readings):
        t = score_regular(f, melds, pair, opts)
        total = table_total(t)
        if total > max_total or (total == max_total and (seven_pairs or any(t[i] for i in _TIE_FANS))):
            max_total, best = total, (tuple(melds), pair, t, total)
    return best


#: the best-reading search of the pure-Python path (the compiled path scores the whole hand in the kernel)
best_regular = best_regular_py


# ------------------------------------------------------------------------------------------ special forms

def score_seven_pairs_py(f: Facts, opts: GuobiaoConfig) -> list[int]:
    """七对 / 连七对.  连七对 adds only 断幺 (2-8) and the win flags; 七对 adds the tile fans, 四归一 (a quad is two
    pairs) and the win flags, never a meld fan, 门前清, 不求人 or 单钓 (reference)."""
    t = new_table()
    u = f.unique
    # 连七对 needs seven kinds of one suit in a row: a cheap test on the sorted codes before reading the counts
    # (seven codes spanning 6 are one suit's consecutive ranks, or the seven honors)
    if len(u) == 7 and u[-1] - u[0] == 6 and u[0] < 0x40 \
            and D.seven_shifted_pairs({D.CODE[i]: n for i, n in enumerate(f.standing) if n}, f.win >> 4):
        t[F.SEVEN_SHIFTED_PAIRS] = 1
        if (u[0] & 15) != 1 and (u[-1] & 15) != 9:
            t[F.ALL_SIMPLES] = 1
        win_flag_fans(f, t)
        apply_exclusions(t, opts)
        return t
    t[F.SEVEN_PAIRS] = 1
    add_tile_fans(f, t)
    if opts.all_terminals_pairs_no_tile_hog and t[F.ALL_TERMINALS]:
        t[F.TILE_HOG] = 0  # 《中国麻将竞赛规则》: 清幺九 另计七对, 不计四归一
    win_flag_fans(f, t)
    apply_exclusions(t, opts)
    return t


#: 七对 / 连七对 scoring of the pure-Python path
score_seven_pairs = score_seven_pairs_py


def score_honors_knitted(f: Facts, which: str, opts: GuobiaoConfig) -> list[int]:
    """全不靠 (12, plus 组合龙 when all nine knitted tiles are there) / 七星不靠 (24), plus the win flags only."""
    t = new_table()
    t[_IDX[which]] = 1
    if which == "lesser_honors_and_knitted_tiles" and sum(1 for c in f.unique if c < 0x40) == 9:
        t[F.KNITTED_STRAIGHT] = 1
    win_flag_fans(f, t)
    apply_exclusions(t, opts)
    return t


def score_thirteen_orphans(f: Facts, opts: GuobiaoConfig) -> list[int]:
    """十三幺 plus the win flags only."""
    t = new_table()
    t[F.THIRTEEN_ORPHANS] = 1
    win_flag_fans(f, t)
    apply_exclusions(t, opts)
    return t


def score_nine_gates(f: Facts, opts: GuobiaoConfig) -> list[int]:
    """九莲宝灯 with the reference's fixed extras by winning rank, plus the win flags (reference)."""
    t = new_table()
    t[F.NINE_GATES] = 1
    for k in D.nine_gates_extras(f.win & 15):
        t[_IDX[k]] = 1
    win_flag_fans(f, t)
    apply_exclusions(t, opts)
    return t


def _meld_and_pair(counts: dict[int, int]) -> list[tuple[tuple[int, int] | None, int]]:
    """The readings of 2 or 5 leftover tiles (codes) as (meld or None, pair)."""
    tiles = sorted(c for c, n in counts.items() for _ in range(n))
    out: list[tuple[tuple[int, int] | None, int]] = []
    if len(tiles) == 2:
        if tiles[0] == tiles[1]:
            out.append((None, tiles[0]))
        return out
    for c in sorted(counts):
        if counts[c] >= 3:
            rest = dict(counts)
            rest[c] -= 3
            left = [x for x, n in rest.items() for _ in range(n)]
            if len(left) == 2 and left[0] == left[1]:
                out.append(((PUNG, c), left[0]))
        if c < 0x40 and (c & 15) <= 7 and counts.get(c + 1) and counts.get(c + 2):
            rest = dict(counts)
            for x in (c, c + 1, c + 2):
                rest[x] -= 1
            left = [x for x, n in rest.items() for _ in range(n)]
            if len(left) == 2 and left[0] == left[1]:
                out.append(((CHOW, c + 1), left[0]))
    return out


#: a 组合龙 reading: (the nine body codes, the concealed 4th meld (kind, code) or None if it is the fixed pack,
#: the pair code, the counts (by code) of the five tiles outside the body)
KnittedReading = tuple[tuple[int, ...], "tuple[int, int] | None", int, dict[int, int]]


def knitted_straight_reading(f: Facts) -> KnittedReading | None:
    """组合龙 + meld + pair: the knitted sequence all in the concealed tiles, the rest one meld (or the one fixed
    pack) and a pair, read one way only.  Returns (body, concealed meld or None, pair, leftover counts)."""
    if len(f.fixed) > 1 or not D.has_knitted_straight(f.mask):
        return None
    by_code = {D.CODE[i]: n for i, n in enumerate(f.standing) if n}
    for seq in D.KNITTED:
        if all(by_code.get(c, 0) for c in seq):
            rest = dict(by_code)
            for c in seq:
                rest[c] -= 1
            rest = {c: n for c, n in rest.items() if n}
            readings = _meld_and_pair(rest)
            if len(readings) != 1:
                return None
            meld, pair = readings[0]
            return seq, meld, pair, rest
    return None


def score_knitted_straight(f: Facts, reading: KnittedReading, opts: GuobiaoConfig) -> list[int]:
    """组合龙 (12) with its 4th meld and pair (reference): 平和 / 四归一 for a chow, the pung's own fans, 五门齐 for
    an honor pung + honor pair of the other kind, 明杠/暗杠, 门前清/不求人, the win flags and the waits."""
    seq, meld, pair, rest = reading
    t = new_table()
    t[F.KNITTED_STRAIGHT] = 1
    if meld is None:  # the fourth set is the fixed pack
        kind, code, melded = f.fixed[0]
    else:
        (kind, code), melded = meld, False
    if kind == CHOW:
        if D.is_numbered(pair):
            t[F.ALL_CHOWS] = 1
        if f.all_counts[D.TILE_OF_CODE[pair]] == 4:
            t[F.TILE_HOG] = 1
    elif code >= 0x40:
        if D.is_wind(code):
            if D.pung_of_terminals_or_honors(code, f.seat, f.prevalent, 1):
                t[F.PUNG_OF_TERMINALS_OR_HONORS] = 1
            if D.prevalent_wind(code, f.prevalent):
                t[F.PREVALENT_WIND] = 1
            if D.seat_wind(code, f.seat):
                t[F.SEAT_WIND] = 1
            if D.is_dragon(pair):
                t[F.ALL_TYPES] = 1
        else:
            t[F.DRAGON_PUNG] = 1
            if D.is_wind(pair):
                t[F.ALL_TYPES] = 1
    else:
        if D.is_terminal(code):
            t[F.PUNG_OF_TERMINALS_OR_HONORS] = 1
        if D.is_numbered(pair):
            t[F.NO_HONORS] = 1
        if kind != KONG and f.all_counts[D.TILE_OF_CODE[code]] == 4:
            t[F.TILE_HOG] = 1
    win_flag_fans(f, t)
    if kind == KONG:
        t[F.MELDED_KONG if melded else F.CONCEALED_KONG] = 1
    if not melded:
        if f.self_drawn:
            t[F.FULLY_CONCEALED_HAND] = 1
            t[F.SELF_DRAWN] = 0
        else:
            t[F.CONCEALED_HAND] = 1
    win = f.win
    if not f.fixed:
        # the wait is read from the five tiles outside the body; a win on a body tile only gives no wait fan
        if rest.get(win, 0) >= 1 and not f.heavenly and _unique_wait_of_rest(rest, win):
            chows = [code] if kind == CHOW else []
            w = D.wait_fan(chows, pair, win)
            if w:
                t[_IDX[w]] = 1
    else:
        if win not in seq or rest.get(win, 0) >= 2:
            t[F.SINGLE_WAIT] = 1
    apply_exclusions(t, opts)
    return t


def _unique_wait_of_rest(rest: dict[int, int], win: int) -> bool:
    """组合龙 with no fixed pack: is the winning tile the only tile completing the 4 non-body tiles left when it
    is taken out (reference, 'Waits, 0 fixed packs')?"""
    base = dict(rest)
    base[win] -= 1
    return _completions(tuple(sorted((k, n) for k, n in base.items() if n))) == 1


_CODE_SET = frozenset(D.CODE)


@lru_cache(maxsize=4096)  # the four tiles left are one of a few thousand shapes
def _completions(held: tuple[tuple[int, int], ...]) -> int:
    """How many tile kinds complete these four tiles (codes with counts) to a meld + a pair (2 means 'more')."""
    # only a held tile, or one within two ranks of a held tile of its suit, can complete a meld + pair
    candidates: set[int] = set()
    for k, _ in held:
        if k < 0x40:
            candidates.update(c for c in range(k - 2, k + 3) if c in _CODE_SET)
        else:
            candidates.add(k)
    found = 0
    for c in candidates:
        trial = dict(held)
        trial[c] = trial.get(c, 0) + 1
        if _meld_and_pair(trial):
            found += 1
            if found > 1:
                break
    return found
