"""The Guobiao fan kernel in Python: the pure-Python twin of ``src/mjcore/guobiao.pxi`` (MAHJONG_PURE_PYTHON=1).

One algorithm written twice, as a same-API twin: every function here is the kernel's function of the same name
without the ``_gb_`` prefix (``_gb_regular`` is :func:`regular`, ``_gb_four_chows`` is :func:`four_chows`, the
struct ``GBHand`` is :class:`GBHand`), in the same order, over the same packed record (``kernel_table.RECORD``), in
the same tile coordinates (the package's tile ids; the reference calculator's order is only the sort key
``detectors.REF_POS``).  :func:`score` answers as ``mahjong._core._gb_score`` does and :func:`score_batch` as
``_gb_score_batch`` (tests/guobiao/test_gb_corpus.py and test_gb_twin.py compare them hand by hand).

The flow is the reference calculator's (ChineseOfficialMahjongHelper), which is how the five counting principles
of 《中国麻将竞赛规则》 are applied in practice:

* 就高不就低 (take the higher total): every special form and every regular reading of the concealed tiles is
  scored; the highest total before flowers wins, ties broken as the reference does (:func:`best_regular`).
* 不重复 (no fan implied by another): the exclusion pass over the fan rows (:func:`exclusions`).
* 不拆移 / 不得相同 / 套算一次 (a set used for a fan is not re-split, not reused for the same fan, combined only
  once more): the meld-combination steps (:func:`four_chows` …) and the account-once trim (:func:`account_once`).

The readings come from the core's decomposer and the 独听 test from the core's wait finder (``mahjong._kernels``:
the compiled ones, or their pure-Python twins): there is no decomposer here.  Every fan index, value, exclusion,
order and priority comes from the fan rows (:mod:`.fans`), every tile class from :mod:`.detectors`.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import compress
from operator import mul
from typing import Any, NamedTuple

from mahjong._kernels import backend_module as K
from mahjong.errors import HandError
from mahjong.rules import HandRules
from mahjong.rulesets.guobiao import detectors as D
from mahjong.rulesets.guobiao import fans as F
from mahjong.rulesets.guobiao import kernel_table as KT
from mahjong.types import Decomposition, Form

__all__ = ["GBHand", "load", "score", "score_batch", "score_hand", "nine_gates_reading", "items_init", "items_of"]

CHOW, PUNG, KONG = 0, 1, 2
EAST = D.EAST
MAXR = 64  #: readings of one hand kept (14 tiles have far fewer; more is refused, not truncated)
OK, NOT_WIN, BAD = 0, 1, 2  #: kernel statuses
NF = F.N_FANS
VALUE: tuple[int, ...] = tuple(f.value for f in F.FANS)
EXCL: tuple[tuple[int, ...], ...] = tuple(tuple(F.FAN_INDEX[k] for k in f.excludes) for f in F.FANS)
CONV = F.CONVERTS
INDICES = range(NF)
REF_POS = D.REF_POS
_REC = {name: off for name, off, _ in KT.RECORD}
REC, REC_WIN, REC_N_PACKS, REC_PACKS = KT.REC_SIZE, _REC["WIN"], _REC["N_PACKS"], _REC["PACKS"]
(FLAG_SELF_DRAWN, FLAG_LAST_TILE, FLAG_WALL_LAST, FLAG_KONG, FLAG_HEAVENLY) = (1 << i for i in range(len(KT.FLAG_BITS)))
(OPT_MELDED_AND_CONCEALED_KONG, OPT_KONGS_COUNT_CONCEALED_KONGS, OPT_FOUR_CONCEALED_PUNGS_FULLY_CONCEALED,
 OPT_ALL_TERMINALS_PAIRS_NO_TILE_HOG, OPT_TERMINAL_CHOWS_KEPT) = (1 << i for i in range(len(KT.OPTION_BITS)))
(WAIT_EDGE, WAIT_CLOSED, WAIT_SINGLE, WAIT_TWO_SIDED, WAIT_DUAL_PUNG, WAIT_KNITTED, WAIT_THIRTEEN_SIDED,
 WAIT_NINE_SIDED) = range(len(KT.WAITS))
SUIT_M, SUIT_P, SUIT_S = D.SUIT_MASKS
M_1234, M_6789, M_456, M_4, M_6 = (D.ranks_mask(1, 2, 3, 4), D.ranks_mask(6, 7, 8, 9), D.ranks_mask(4, 5, 6),
                                   D.ranks_mask(4), D.ranks_mask(6))
#: the regular form only (the special forms are recognised here), for the readings
_REGULAR = HandRules(seven_pairs=False, thirteen_orphans=False, knitted=False)
#: the 独听 test: the regular form, plus 七对 for 13 concealed tiles; a tile held four times still counts as a
#: wait, as in the reference
_WAIT_REGULAR = HandRules(seven_pairs=False, thirteen_orphans=False, knitted=False, wait_on_fourth_copy=True)
_WAIT_WITH_PAIRS = HandRules(seven_pairs=True, thirteen_orphans=False, knitted=False, wait_on_fourth_copy=True)

_three_suits, _same_suit, _consecutive = D.three_suits, D.same_suit, D.consecutive


# ---------------------------------------------------------------------------------------------- meld combinations

def two_chow(a: int, b: int) -> int:
    """喜相逢, 连六, 老少副, 一般高 in the reference's test order; 0 = none."""
    same = a // 9 == b // 9
    if not same and a % 9 == b % 9:
        return F.MIXED_DOUBLE_CHOW
    if same and (a + 3 == b or b + 3 == a):
        return F.SHORT_STRAIGHT
    if same and ((a % 9 == 1 and b % 9 == 7) or (a % 9 == 7 and b % 9 == 1)):
        return F.TWO_TERMINAL_CHOWS
    if a == b:
        return F.PURE_DOUBLE_CHOW
    return 0


def three_chow(a: int, b: int, c: int) -> int:
    """三色三步高, 三色三同顺, 花龙 (three suits), else 清龙, 一色三步高, 一色三同顺 (middles in reference order);
    0 = none."""
    if _three_suits(a, b, c):
        if _consecutive(a, b, c):
            return F.MIXED_SHIFTED_CHOWS
        if a % 9 == b % 9 == c % 9:
            return F.MIXED_TRIPLE_CHOW
        if sorted((a % 9, b % 9, c % 9)) == [1, 4, 7]:
            return F.MIXED_STRAIGHT
        return 0
    if _same_suit(a, b) and _same_suit(b, c):
        if b == a + 3 and c == b + 3:
            return F.PURE_STRAIGHT
        if (b == a + 2 and c == b + 2) or (b == a + 1 and c == b + 1):
            return F.PURE_SHIFTED_CHOWS
    if a == b == c:
        return F.PURE_TRIPLE_CHOW
    return 0


def three_pung(a: int, b: int, c: int) -> int:
    """三色三节高, 三同刻, 一色三节高, 三风刻, 大三元 (tiles in reference order); 0 = none."""
    num3 = a < 27 and b < 27 and c < 27
    if num3 and _three_suits(a, b, c) and _consecutive(a, b, c):
        return F.MIXED_SHIFTED_PUNGS
    if num3 and _three_suits(a, b, c) and a % 9 == b % 9 == c % 9:
        return F.TRIPLE_PUNG
    if num3 and _same_suit(a, c) and b == a + 1 and c == b + 1:
        return F.PURE_SHIFTED_PUNGS
    if D.wind(a) and D.wind(b) and D.wind(c):
        return F.BIG_THREE_WINDS
    if a == D.RED and b == D.GREEN and c == D.WHITE:
        return F.BIG_THREE_DRAGONS
    return 0


def two_pung(a: int, b: int) -> int:
    """双同刻, 双箭刻; 0 = none."""
    if a < 27 and b < 27 and a % 9 == b % 9:
        return F.DOUBLE_PUNG
    if a >= 31 and b >= 31:
        return F.TWO_DRAGONS_PUNGS
    return 0


def account_once(fans: Sequence[int], cap: int, t: list[int], opts: int) -> None:
    """套算一次: at most ``cap`` 1-fan chow fans, trimmed in the fan rows' order to one of each, then to none
    (``terminal_chows_kept``: 《中国麻将竞赛规则》, 老少副 may count twice, so it is trimmed last)."""
    order = F.TRIM_ORDER_KEPT if opts & OPT_TERMINAL_CHOWS_KEPT else F.TRIM_ORDER
    counts = dict.fromkeys(order, 0)
    n = 0
    for x in fans:
        if x:
            counts[x] += 1
            n += 1
    limit = 1
    while n > cap and limit >= 0:
        for k in order:
            while counts[k] > limit and n > cap:
                counts[k] -= 1
                n -= 1
            if n <= cap:
                break
        limit -= 1
    for k in order:
        t[k] += counts[k]


#: the 3-of-4 subsets (i, j, k) and the one left out (x), in the reference's order
SUB = ((0, 1, 2, 3), (0, 1, 3, 2), (0, 2, 3, 1), (1, 2, 3, 0))


def four_chows(m: Sequence[int], t: list[int], opts: int) -> None:
    """Four chows (middles in reference order): a 4-chow fan uses them all; else the first 3-chow fan plus at
    most one 1-fan fan of the 4th chow; else the pairwise fans under the account-once cap."""
    d = m[1] - m[0]
    if (d == 1 or d == 2) and m[2] - m[1] == d and m[3] - m[2] == d and _same_suit(m[0], m[3]):
        t[F.FOUR_PURE_SHIFTED_CHOWS] = 1
        return
    if m[0] == m[1] == m[2] == m[3]:
        t[F.QUADRUPLE_CHOW] = 1
        return
    for i, j, k, x in SUB:
        fan = three_chow(m[i], m[j], m[k])
        if fan:
            t[fan] = 1
            extra = (two_chow(m[i], m[x]), two_chow(m[j], m[x]), two_chow(m[k], m[x]))
            for e in F.EXTRA_PRIORITY:
                if e in extra:
                    t[e] = 1
                    break
            return
    pairs = (two_chow(m[0], m[1]), two_chow(m[0], m[2]), two_chow(m[0], m[3]),
             two_chow(m[1], m[2]), two_chow(m[1], m[3]), two_chow(m[2], m[3]))
    cap = 3
    # a chow with no fan with any of the other three lowers the cap (the 2017-11 rule)
    for a, b, c in ((0, 1, 2), (0, 3, 4), (1, 3, 5), (2, 4, 5)):
        if not pairs[a] and not pairs[b] and not pairs[c]:
            cap -= 1
    if cap > 0:
        account_once(pairs, cap, t, opts)


def three_chows(m: Sequence[int], t: list[int], opts: int) -> None:
    fan = three_chow(m[0], m[1], m[2])
    if fan:
        t[fan] = 1
        return
    account_once((two_chow(m[0], m[1]), two_chow(m[0], m[2]), two_chow(m[1], m[2])), 2, t, opts)


def four_pungs(p: Sequence[int], t: list[int]) -> None:
    """Four pungs (tiles in reference order): 一色四节高 / 大四喜 use them all; else the first 3-pung fan plus at
    most one 2-pung fan of the 4th pung with the others; else every pairwise 2-pung fan."""
    if p[0] < 27 and _same_suit(p[0], p[3]) and p[1] == p[0] + 1 and p[2] == p[1] + 1 and p[3] == p[2] + 1:
        t[F.FOUR_PURE_SHIFTED_PUNGS] = 1
        return
    if p[0] == EAST and p[1] == EAST + 1 and p[2] == EAST + 2 and p[3] == EAST + 3:
        t[F.BIG_FOUR_WINDS] = 1
        return
    for i, j, k, x in SUB:
        fan = three_pung(p[i], p[j], p[k])
        if fan:
            t[fan] = 1
            for y in range(4):
                if y != x:
                    f2 = two_pung(p[y], p[x])
                    if f2:
                        t[f2] += 1
                        break
            return
    for i in range(4):
        for j in range(i + 1, 4):
            f2 = two_pung(p[i], p[j])
            if f2:
                t[f2] += 1


def three_pungs(p: Sequence[int], t: list[int]) -> None:
    fan = three_pung(p[0], p[1], p[2])
    if fan:
        t[fan] = 1
        return
    for i in range(3):
        for j in range(i + 1, 3):
            f2 = two_pung(p[i], p[j])
            if f2:
                t[f2] += 1


def kong_fans(concealed_pungs: int, mk: int, ck: int, t: list[int], opts: int) -> None:
    """明杠 暗杠 双明杠 双暗杠 明暗杠 三杠 四杠, then 双暗刻 三暗刻 四暗刻 (暗刻 counts concealed kongs too), as the
    reference combines them (reference step 3)."""
    if mk == 1 and ck == 0:
        t[F.MELDED_KONG] = 1
    elif mk == 0 and ck == 1:
        t[F.CONCEALED_KONG] = 1
    elif mk == 2 and ck == 0:
        t[F.TWO_MELDED_KONGS] = 1
    elif mk == 0 and ck == 2:
        t[F.TWO_CONCEALED_KONGS] = 1
    elif mk == 1 and ck == 1:
        t[F.CONCEALED_KONG_AND_MELDED_KONG] = 1
    elif mk + ck == 3:
        t[F.THREE_KONGS] = 1
    elif mk + ck == 4:
        t[F.FOUR_KONGS] = 1
    if t[F.CONCEALED_KONG_AND_MELDED_KONG] and not opts & OPT_MELDED_AND_CONCEALED_KONG:
        # the rule books have no 明暗杠: 明杠 1 + 暗杠 2
        t[F.CONCEALED_KONG_AND_MELDED_KONG] = 0
        t[F.MELDED_KONG] = 1
        t[F.CONCEALED_KONG] = 1
    if opts & OPT_KONGS_COUNT_CONCEALED_KONGS and (t[F.THREE_KONGS] or t[F.FOUR_KONGS]) and ck:
        # 《国际麻将计番规则》: 三杠 / 四杠 "暗杠、双暗杠加计"
        t[F.CONCEALED_KONG if ck == 1 else F.TWO_CONCEALED_KONGS] = 1
    if t[F.TWO_CONCEALED_KONGS] and mk + ck == 2 and concealed_pungs == 0:
        return  # 双暗杠 alone already says "two concealed": the reference adds no 双暗刻 on top
    dark = concealed_pungs + ck
    if dark == 2:
        t[F.TWO_CONCEALED_PUNGS] = 1
    elif dark == 3:
        t[F.THREE_CONCEALED_PUNGS] = 1
    elif dark == 4:
        t[F.FOUR_CONCEALED_PUNGS] = 1


def exclusions(t: list[int], opts: int) -> None:
    """不重复: in table order, every fan still present cancels the fans its row excludes (and 四暗刻 turns 不求人
    into 自摸)."""
    # compress() reads the live table, so a fan cancelled earlier in the pass no longer cancels anything
    for i in compress(INDICES, t):
        a, b = CONV[i]
        if a >= 0 and not (i == F.FOUR_CONCEALED_PUNGS and opts & OPT_FOUR_CONCEALED_PUNGS_FULLY_CONCEALED):
            if t[a]:
                t[a] = 0
                t[b] = 1
        for j in EXCL[i]:
            t[j] = 0


def total(t: Sequence[int]) -> int:
    return sum(map(mul, VALUE, t))


# ---------------------------------------------------------------------------------------------- one hand

class GBHand:
    """One loaded hand record (the kernel's ``GBHand`` struct)."""

    __slots__ = ("cnt", "whole", "n_standing", "n_fixed", "fkind", "ftile", "fmelded", "claimed", "win", "flags",
                 "seat", "prevalent", "flowers", "opts", "hog_base", "kinds", "unique_wait", "mask", "base")

    cnt: list[int]  #: the concealed tiles' counts (winning tile included)
    whole: list[int]  #: the whole hand's counts, the fixed packs' tiles included (a kong counts 4)
    n_standing: int
    n_fixed: int
    fkind: list[int]
    ftile: list[int]
    fmelded: list[int]
    claimed: int  #: fixed packs claimed from another player
    win: int
    flags: int
    seat: int
    prevalent: int
    flowers: int
    opts: int
    hog_base: int  #: tile kinds with all four copies in the whole hand
    kinds: int  #: concealed tile kinds
    unique_wait: int  #: 独听: -1 not computed yet, else 0 / 1
    mask: int  #: the whole hand's tile kinds
    base: list[int]  #: the fans every regular reading shares (hand_fans)


def load(rec: bytes, opts: int, h: GBHand) -> int:
    """Check and unpack one record (OK or BAD); nothing is trusted that could index out of bounds."""
    cnt = list(rec[:34])
    if max(cnt) > 4:
        return BAD
    h.cnt = cnt
    whole = cnt[:]
    h.whole = whole
    h.n_standing = n = sum(cnt)
    h.win, h.flags, h.seat, h.prevalent, h.flowers, h.n_fixed = rec[REC_WIN:REC_N_PACKS + 1]
    h.opts = opts
    if h.win >= 34 or cnt[h.win] == 0 or h.seat > 3 or h.prevalent > 3 or h.n_fixed > 4 or h.flowers > 8:
        return BAD
    if n + 3 * h.n_fixed != 14:
        return BAD
    h.claimed = 0
    h.fkind, h.ftile, h.fmelded = [], [], []
    for i in range(h.n_fixed):
        kind, t, claimed = rec[REC_PACKS + 3 * i:REC_PACKS + 3 * i + 3]
        if kind > KONG or t >= 34 or claimed > 1:
            return BAD
        if kind == CHOW:
            if t >= 27 or t % 9 == 0 or t % 9 == 8:
                return BAD
            whole[t - 1] += 1
            whole[t] += 1
            whole[t + 1] += 1
        else:
            whole[t] += 4 if kind == KONG else 3
        h.fkind.append(kind)
        h.ftile.append(t)
        h.fmelded.append(claimed)
        h.claimed += claimed
    if max(whole) > 4:
        return BAD
    h.mask = sum([1 << i for i in range(34) if whole[i]])
    h.hog_base = whole.count(4)
    h.kinds = 34 - cnt.count(0)
    h.unique_wait = 0 if h.flags & FLAG_HEAVENLY else -1  # -1: not yet worked out; 天和 has no wait
    return OK


def win_flags(h: GBHand, t: list[int]) -> None:
    """和绝张, 自摸 / 妙手回春 / 杠上开花, 海底捞月 / 抢杠和 (reference step 1)."""
    f = h.flags
    if f & FLAG_LAST_TILE:
        t[F.LAST_TILE] = 1
    if f & FLAG_SELF_DRAWN:
        t[F.SELF_DRAWN] = 1
        if f & FLAG_WALL_LAST:
            t[F.LAST_TILE_DRAW] = 1
        if f & FLAG_KONG:
            t[F.OUT_WITH_REPLACEMENT_TILE] = 1
    else:
        if f & FLAG_WALL_LAST:
            t[F.LAST_TILE_CLAIM] = 1
        if f & FLAG_KONG:
            t[F.ROBBING_THE_KONG] = 1


def tile_fans(m: int, t: list[int]) -> None:
    """The fans read from the whole hand's tile kinds (``m``: bit t per tile id held), the same for every
    reading: suits (无字 缺一门 混一色 清一色 五门齐), tile traits (断幺 推不倒 绿一色 字一色 清幺九 混幺九) and
    ranges (全大 全中 全小 大于五 小于五) (reference steps 10-11)."""
    voided = (not m & SUIT_M) + (not m & SUIT_S) + (not m & SUIT_P)
    # two voided suits are not 缺一门 ×2 but 混一色 / 清一色 (and 清一色 is not also 无字)
    if voided == 2:
        t[F.HALF_FLUSH if m & D.HONOR_MASK else F.FULL_FLUSH] = 1
    else:
        if not m & D.HONOR_MASK:
            t[F.NO_HONORS] = 1
        if voided:
            t[F.ONE_VOIDED_SUIT] = voided
    if m & SUIT_M and m & SUIT_S and m & SUIT_P and m & D.WIND_MASK and m & D.DRAGON_MASK:
        t[F.ALL_TYPES] = 1
    simples = not m & (D.TERMINAL_MASK | D.HONOR_MASK)
    if simples:
        t[F.ALL_SIMPLES] = 1
    if not m & ~D.REVERSIBLE_MASK:
        t[F.REVERSIBLE_TILES] = 1
    if not m & ~D.GREEN_MASK:
        t[F.ALL_GREEN] = 1
    if not simples:  # 字一色 > 清幺九 > 混幺九, only one
        if not m & D.NUMBERED_MASK:
            t[F.ALL_HONORS] = 1
        elif not m & ~D.TERMINAL_MASK:
            t[F.ALL_TERMINALS] = 1
        elif not m & ~(D.TERMINAL_MASK | D.HONOR_MASK):
            t[F.ALL_TERMINALS_AND_HONORS] = 1
    if not m & D.HONOR_MASK:
        if not m & ~M_1234:
            t[F.LOWER_FOUR if m & M_4 else F.LOWER_TILES] = 1
        elif not m & ~M_6789:
            t[F.UPPER_FOUR if m & M_6 else F.UPPER_TILES] = 1
        elif not m & ~M_456:
            t[F.MIDDLE_TILES] = 1


def hand_fans(h: GBHand) -> list[int]:
    """The fans every regular reading of the hand shares: the win flags, the concealment fans 不求人 / 门前清 /
    全求人 (only claimed packs count: a concealed kong keeps the hand concealed) and the tile fans."""
    t = [0] * NF
    drawn = h.flags & FLAG_SELF_DRAWN
    win_flags(h, t)
    if h.claimed == 0:
        t[F.FULLY_CONCEALED_HAND if drawn else F.CONCEALED_HAND] = 1
    elif h.claimed == 4 and not drawn:
        t[F.MELDED_HAND] = 1  # (self-drawn it is just 自摸, as the reference counts it)
    tile_fans(h.mask, t)
    return t


def one_wait(buf: Sequence[int], seven_pairs: bool) -> bool:
    """Exactly one tile kind completes the tiles ``buf`` (34 counts; the core's wait finder), a tile already held
    four times counting as a wait too, as in the reference (``seven_pairs``: 七对 counts, for 13 tiles)."""
    return len(K.waits(bytes(buf), 0, _WAIT_WITH_PAIRS if seven_pairs else _WAIT_REGULAR).tiles) == 1


def is_unique_wait(h: GBHand) -> bool:
    """独听: with the winning tile taken out, exactly one tile kind completes the concealed tiles (regular form,
    plus 七对 for 13 tiles).  Worked out once per hand, on first need."""
    if h.unique_wait < 0:
        buf = h.cnt[:]
        buf[h.win] -= 1
        h.unique_wait = one_wait(buf, h.n_standing == 14)
    return h.unique_wait == 1


# ---------------------------------------------------------------------------------------------- regular readings

def three_suited_terminal(m: Sequence[int], pair: int) -> bool:
    """三色双龙会: 123+789 in the two suits other than the 5-pair's (middles in reference order)."""
    want = D.sort_ref(9 * s + r for s in range(3) if s != pair // 9 for r in (1, 7))
    return list(m) == want


def outside(chows: Sequence[int], pungs: Sequence[int], pair: int) -> bool:
    """全带幺: every set and the pair contain a terminal or honor."""
    return (all(c % 9 == 1 or c % 9 == 7 for c in chows) and all(D.term_or_honor(p) for p in pungs)
            and D.term_or_honor(pair))


def all_five(chows: Sequence[int], pungs: Sequence[int], pair: int) -> bool:
    """全带五: every set and the pair contain a 5."""
    return (all(3 <= c % 9 <= 5 for c in chows) and all(p < 27 and p % 9 == 4 for p in pungs)
            and pair < 27 and pair % 9 == 4)


def all_even(nch: int, pungs: Sequence[int], pair: int) -> bool:
    """全双刻: only pungs and a pair of even ranks."""
    return not nch and all(p < 27 and p % 9 % 2 == 1 for p in pungs) and pair < 27 and pair % 9 % 2 == 1


def regular(h: GBHand, nc: int, ckind: Sequence[int], ctile: Sequence[int], pair: int) -> list[int]:
    """One reading (the fixed packs + ``nc`` concealed melds + the pair): its fan vector."""
    t = h.base[:]
    chows: list[int] = []
    pungs: list[int] = []
    cchows: list[int] = []
    cp = mk = ck = 0
    win = h.win
    for i in range(h.n_fixed):
        tile = h.ftile[i]
        kind = h.fkind[i]
        if kind == CHOW:
            chows.append(tile)
        else:
            pungs.append(tile)
            if kind == KONG:
                if h.fmelded[i]:
                    mk += 1
                else:
                    ck += 1
            elif not h.fmelded[i]:
                cp += 1
    for i in range(nc):
        tile = ctile[i]
        if ckind[i] == CHOW:
            chows.append(tile)
            cchows.append(tile)
        else:
            pungs.append(tile)
            cp += 1
    # A pung completed by a discard is melded, unless the winning tile can sit in a concealed chow (reference
    # step 2)
    if not h.flags & FLAG_SELF_DRAWN and win in pungs and not any(c - 1 <= win <= c + 1 for c in cchows):
        for i in range(nc):
            if ckind[i] == PUNG and ctile[i] == win:
                cp -= 1
                break
    npg = len(pungs)
    nch = len(chows)
    wind_pungs = dragons = 0
    if npg:
        kong_fans(cp, mk, ck, t, h.opts)
        if npg == 4:
            t[F.ALL_PUNGS] = 1  # (四杠 and 四暗刻 exclude it)
        wind_pungs = sum([1 for p in pungs if 27 <= p <= 30])
        for p in pungs:
            if p >= 31:
                t[F.DRAGON_PUNG] += 1
                dragons += 1
            elif p < 27:
                if p % 9 == 0 or p % 9 == 8:
                    t[F.PUNG_OF_TERMINALS_OR_HONORS] += 1
            elif wind_pungs < 3 and p - EAST != h.seat and p - EAST != h.prevalent:
                # (a seat or prevalent wind pung counts 门风刻 / 圈风刻 instead, and the wind pungs of 三风刻 /
                # 小四喜 / 大四喜 are part of that fan)
                t[F.PUNG_OF_TERMINALS_OR_HONORS] += 1
            if 27 <= p <= 30:
                if p == EAST + h.prevalent:
                    t[F.PREVALENT_WIND] = 1
                if p == EAST + h.seat:
                    t[F.SEAT_WIND] = 1
    if nch == 4:
        chows = D.sort_ref(chows)
        if pair < 27 and pair % 9 == 4 and three_suited_terminal(chows, pair):
            t[F.THREE_SUITED_TERMINAL_CHOWS] = 1
        elif pair < 27 and pair % 9 == 4 and chows[0] == pair - 3 and chows[1] == chows[0] \
                and chows[2] == pair + 3 and chows[3] == chows[2]:
            t[F.PURE_TERMINAL_CHOWS] = 1
        else:
            four_chows(chows, t, h.opts)
    elif nch == 3:
        three_chows(D.sort_ref(chows), t, h.opts)
    elif nch == 2:
        f2 = two_chow(chows[0], chows[1])
        if f2:
            t[f2] += 1
        f2 = two_pung(pungs[0], pungs[1])
        if f2:
            t[f2] += 1
    elif nch == 1:
        three_pungs(D.sort_ref(pungs), t)
    else:
        four_pungs(D.sort_ref(pungs), t)
    # the pair (reference step 8): 平和, and 小三元 / 小四喜 in place of 双箭刻 / 三风刻
    if nch == 4 and pair < 27:
        t[F.ALL_CHOWS] = 1
    elif npg:
        if dragons == 2 and pair >= 31:
            t[F.LITTLE_THREE_DRAGONS] = 1
        elif wind_pungs == 3 and 27 <= pair <= 30:
            t[F.LITTLE_FOUR_WINDS] = 1
    # group traits, only the first that matches: 全带幺, 全带五, 全双刻
    if outside(chows, pungs, pair):
        t[F.OUTSIDE_HAND] = 1
    elif all_five(chows, pungs, pair):
        t[F.ALL_FIVE] = 1
    elif all_even(nch, pungs, pair):
        t[F.ALL_EVEN_PUNGS] = 1
    if not t[F.QUADRUPLE_CHOW]:
        hog = h.hog_base - mk - ck
        t[F.TILE_HOG] = hog if hog > 0 else 0
    if not t[F.MELDED_HAND] and not t[F.FOUR_KONGS]:
        edge = closed = False
        for c in cchows:
            if c == win:
                closed = True
            elif c + 1 == win or c - 1 == win:
                edge = True
        # 边张 > 嵌张 > 单钓 when the reading allows several (reference step 13)
        w = F.EDGE_WAIT if edge else F.CLOSED_WAIT if closed else F.SINGLE_WAIT if pair == win else 0
        if w and is_unique_wait(h):
            t[w] = 1
    exclusions(t, h.opts)
    if not any(t):
        t[F.CHICKEN_HAND] = 1  # 无番和: nothing else counts (flowers are added later)
    return t


class GBReading(NamedTuple):
    """One regular reading of the concealed tiles (the kernel's ``GBReading``)."""

    key: tuple[int, ...]  #: the concealed melds' sort keys in reference order (2 * first tile's place, + 1 chow)
    kind: tuple[int, ...]
    tile: tuple[int, ...]  #: a pung's tile, a chow's middle tile
    pair: int


#: a suit's nine counts -> its readings, each (pair rank index or None, ((kind, first rank index), ...)), from
#: the core's decomposer
_suit_cache: dict[bytes, tuple[tuple[int | None, tuple[tuple[int, int], ...]], ...]] = {}
_NO_READING: tuple[tuple[int | None, tuple[tuple[int, int], ...]], ...] = ()
_EMPTY_READING: tuple[tuple[int | None, tuple[tuple[int, int], ...]], ...] = ((None, ()),)
_EAST_PAIR = bytes(18) + b"\x02" + bytes(6)  #: the counts 9..33 of a hand holding only East East besides a suit


def suit_readings(c9: bytes) -> tuple[tuple[int | None, tuple[tuple[int, int], ...]], ...]:
    """The readings of one suit's nine counts (as melds only when they are 0 mod 3, as melds and a pair when 2
    mod 3), worked out once per pattern by the core's decomposer on a hand of that suit alone; for the melds-only
    case a pair of a tile outside the suit (East) stands in for the pair."""
    hit = _suit_cache.get(c9)
    if hit is not None:
        return hit
    count = sum(c9)
    if count == 0:
        return _EMPTY_READING
    out: tuple[tuple[int | None, tuple[tuple[int, int], ...]], ...]
    if count % 3 == 1:
        out = _NO_READING
    else:
        buf = c9 + (_EAST_PAIR if count % 3 == 0 else bytes(25))
        out = tuple((None if d.pairs[0] == EAST else d.pairs[0],
                     tuple((PUNG if m[0] == m[1] else CHOW, m[0]) for m in d.melds))
                    for d in K.decompositions(buf, 0, _REGULAR))
    if len(_suit_cache) < 1 << 17:  # (a few thousand patterns occur; the bound is a safety net)
        _suit_cache[c9] = out
    return out


def regular_readings(h: GBHand) -> list[GBReading]:
    """Every regular reading of the concealed tiles in the reference's order (the melds of each sorted by (first
    tile, pung before chow) in 万 条 筒 order, the readings by those keys): the product of each suit's readings
    (:func:`suit_readings`, the core's decomposer) and the honors' (a pung or the pair per kind; there are no
    honor chows in Guobiao).  Exactly one group holds the pair."""
    cnt = h.cnt
    hon_melds: list[int] = []
    hon_pair = -1
    pairs = 0
    for t in range(27, 34):
        c = cnt[t]
        if c == 2:
            hon_pair = t
            pairs += 1
        elif c == 3:
            if len(hon_melds) == 4:
                return []
            hon_melds.append(t)
        elif c:
            return []
    for s in range(3):
        c = sum(cnt[9 * s:9 * s + 9])
        if c % 3 == 1:
            return []
        if c % 3 == 2:
            pairs += 1
    if pairs != 1:
        return []
    suits = [suit_readings(bytes(cnt[9 * s:9 * s + 9])) for s in range(3)]
    for s in range(3):
        if len(suits[s]) >= MAXR:
            raise HandError(f"more than {MAXR} readings of one hand")
        if not suits[s]:
            return []
    nm = 4 - h.n_fixed
    out: list[GBReading] = []
    for r0 in suits[0]:
        for r1 in suits[1]:
            for r2 in suits[2]:
                # one reading: the honors' pungs, then each suit's melds of its current reading
                melds = [(2 * REF_POS[t], PUNG, t) for t in hon_melds]
                p = hon_pair
                for s, (pr, ms) in enumerate((r0, r1, r2)):
                    if pr is not None:
                        p = 9 * s + pr
                    for kind, first in ms:
                        a = 9 * s + first
                        melds.append((2 * REF_POS[a] + (kind == CHOW), kind, a + 1 if kind == CHOW else a))
                if len(melds) == nm:
                    melds.sort()  # the melds in key order
                    out.append(GBReading(tuple([m[0] for m in melds]), tuple([m[1] for m in melds]),
                                         tuple([m[2] for m in melds]), p))
                    if len(out) > MAXR - 1:
                        raise HandError(f"more than {MAXR} readings of one hand")
    if len(out) > 1:
        out.sort(key=lambda r: r.key)  # (keys differ between readings)
    return out


_decomposition_cache: dict[tuple[int, tuple[int, ...], tuple[int, ...]], Decomposition] = {}


def regular_decomposition(r: GBReading) -> Decomposition:
    """The Decomposition of a regular reading, one shared (immutable) object per reading shape."""
    key = (r.pair, r.kind, r.tile)
    hit = _decomposition_cache.get(key)
    if hit is None:
        hit = Decomposition(Form.REGULAR, reading_melds(r), (r.pair,), (), ())
        if len(_decomposition_cache) < 1 << 16:
            _decomposition_cache[key] = hit
    return hit


def reading_melds(r: GBReading) -> tuple[tuple[int, int, int], ...]:
    """The reading's concealed melds as a Decomposition holds them: tile-id triples, sorted."""
    return tuple(sorted((t - 1, t, t + 1) if k == CHOW else (t, t, t) for k, t in zip(r.kind, r.tile)))


def best_regular(h: GBHand, rs: Sequence[GBReading], max_total: int, seven_pairs: bool,
                 ) -> tuple[int, list[int] | None]:
    """就高不就低 over the readings against an earlier best of ``max_total``: the index of the chosen reading
    (-1: none beats it) and its fan vector.  A tie goes to a later reading with a tie fan (一色三同顺, 三同刻) or
    when the earlier best is 七对 (reference step 5)."""
    h.base = hand_fans(h)
    pos = -1
    best = None
    nm = 4 - h.n_fixed
    for j, r in enumerate(rs):
        t = regular(h, nm, r.kind, r.tile, r.pair)
        tot = total(t)
        if tot > max_total or (tot == max_total and (seven_pairs or any([t[i] for i in F.TIE_FANS]))):
            max_total = tot
            pos = j
            best = t
    return pos, best


def regular_wait(h: GBHand, r: GBReading, t: Sequence[int]) -> int:
    """The wait the chosen reading implies: the 独听 fan if scored, else where the winning tile sits among the
    concealed melds."""
    win = h.win
    if t[F.EDGE_WAIT]:
        return WAIT_EDGE
    if t[F.CLOSED_WAIT]:
        return WAIT_CLOSED
    if t[F.SINGLE_WAIT]:
        return WAIT_SINGLE
    for kind, m in zip(r.kind, r.tile):
        if kind == CHOW and m - 1 <= win <= m + 1:
            if m == win:
                return WAIT_CLOSED
            if (m + 1 == win and win % 9 == 2) or (m - 1 == win and win % 9 == 6):
                return WAIT_EDGE
            return WAIT_TWO_SIDED
    for kind, m in zip(r.kind, r.tile):
        if kind == PUNG and m == win:
            return WAIT_DUAL_PUNG
    return WAIT_SINGLE


# ---------------------------------------------------------------------------------------------- special forms

def special_end(h: GBHand, t: list[int]) -> None:
    """The win flags and the exclusion pass, which close every special form."""
    win_flags(h, t)
    exclusions(t, h.opts)


def seven_pairs(h: GBHand, t: list[int]) -> bool:
    """七对 / 连七对 of a hand whose counts are all even; True = 连七对 (no regular reading is tried after it).
    连七对 adds only 断幺 (2-8) and the win flags; 七对 the tile fans, 四归一 (a quad is two pairs; none with
    all_terminals_pairs_no_tile_hog and 清幺九) and the win flags — never a meld fan, 门前清, 不求人 or 单钓."""
    t[:] = [0] * NF
    held = [i for i in range(34) if h.cnt[i]]
    lo, hi = held[0], held[-1]
    if h.kinds == 7 and hi - lo == 6 and hi < 27 and lo // 9 == hi // 9:
        t[F.SEVEN_SHIFTED_PAIRS] = 1
        if lo % 9 != 0 and hi % 9 != 8:
            t[F.ALL_SIMPLES] = 1
        special_end(h, t)
        return True
    t[F.SEVEN_PAIRS] = 1
    tile_fans(h.mask, t)
    t[F.TILE_HOG] = h.cnt.count(4)
    if h.opts & OPT_ALL_TERMINALS_PAIRS_NO_TILE_HOG and t[F.ALL_TERMINALS]:
        t[F.TILE_HOG] = 0  # 《国际麻将计番规则》: 清幺九 另计七对, 不计四归一
    special_end(h, t)
    return False


def knit_mask(perm: int) -> int:
    """Bit mask (over tile ids 0..26) of the knitted sequence ``perm``."""
    return D.KNITTED_MASKS[perm]


def honors_knitted(h: GBHand, t: list[int]) -> bool:
    """全不靠 / 七星不靠: 14 single tiles, 7-9 numbered ones all from one knitted sequence, the rest honors (all
    seven honors = 七星不靠); 全不靠 with all nine knitted tiles also counts 组合龙.  True when scored."""
    if h.kinds != 14:
        return False
    num_mask = h.mask & D.NUMBERED_MASK
    numbered = bin(num_mask).count("1")
    if numbered < 7 or numbered > 9:
        return False
    for perm in range(6):
        if not num_mask & ~knit_mask(perm):
            t[:] = [0] * NF
            if numbered == 7:
                t[F.GREATER_HONORS_AND_KNITTED_TILES] = 1
            else:
                t[F.LESSER_HONORS_AND_KNITTED_TILES] = 1
                if numbered == 9:
                    t[F.KNITTED_STRAIGHT] = 1
            special_end(h, t)
            return True
    return False


def thirteen_orphans(h: GBHand, t: list[int]) -> bool:
    """十三幺 plus the win flags only."""
    if h.kinds != 13 or h.mask != D.ORPHANS_MASK:
        return False
    t[:] = [0] * NF
    t[F.THIRTEEN_ORPHANS] = 1
    special_end(h, t)
    return True


#: 九莲宝灯's fixed extra fans by the winning rank (1..9)
NINE_GATES_EXTRA: tuple[tuple[int, ...], ...] = tuple(
    tuple(F.FAN_INDEX[k] for k in D.nine_gates_extras(r)) for r in range(1, 10))


def nine_gates(h: GBHand, t: list[int]) -> bool:
    """九莲宝灯: 1112345678999 of the winning tile's suit plus the winning tile; the reference's fixed extras by
    the winning rank, and the win flags."""
    if h.win >= 27 or h.n_standing != 14:
        return False
    s = h.win // 9
    for r in range(9):
        want = 3 if r == 0 or r == 8 else 1
        if 9 * s + r == h.win:
            want += 1
        if h.cnt[9 * s + r] != want:
            return False
    t[:] = [0] * NF
    t[F.NINE_GATES] = 1
    for f in NINE_GATES_EXTRA[h.win % 9]:
        t[f] = 1
    special_end(h, t)
    return True


class GBKnitted:
    """组合龙 + meld + pair: how the hand reads (the kernel's ``GBKnitted``)."""

    __slots__ = ("perm", "kind", "tile", "melded", "concealed_meld", "pair", "rest")

    perm: int
    kind: int  #: the 4th meld: a concealed one (CHOW / PUNG) or the fixed pack's kind
    tile: int
    melded: int
    concealed_meld: int  #: 1: the 4th meld is among the concealed tiles
    pair: int
    rest: list[int]  #: the concealed tiles outside the knitted body


def knitted_reading(h: GBHand, k: GBKnitted) -> bool:
    """组合龙 + meld + pair: a knitted sequence all among the concealed tiles, the rest one meld (or the one fixed
    pack) and a pair, read one way only (the core's decomposer).  True when found."""
    if h.n_fixed > 1:
        return False
    for perm in range(6):
        km = knit_mask(perm)
        if any((km >> i) & 1 and not h.cnt[i] for i in range(27)):
            continue
        k.rest = [c - ((km >> i) & 1) if i < 27 else c for i, c in enumerate(h.cnt)]
        found = K.decompositions(bytes(k.rest), 0, _REGULAR)
        if len(found) != 1:
            return False
        melds, pair = found[0].melds, found[0].pairs[0]
        k.perm = perm
        k.pair = pair
        if len(melds) == 1:
            m = melds[0]
            k.concealed_meld = 1
            k.kind = PUNG if m[0] == m[1] else CHOW
            k.tile = m[1]
            k.melded = 0
        else:
            k.concealed_meld = 0
            k.kind = h.fkind[0]
            k.tile = h.ftile[0]
            k.melded = h.fmelded[0]
        return True
    return False


def knitted_straight(h: GBHand, k: GBKnitted, t: list[int]) -> None:
    """组合龙 (12) with its 4th meld and pair: 平和 / 四归一 for a chow, the pung's own fans, 五门齐 for an honor
    pung + honor pair of the other kind, 明杠 / 暗杠, 门前清 / 不求人, the win flags and the waits."""
    kind, tile, pair, win = k.kind, k.tile, k.pair, h.win
    t[:] = [0] * NF
    t[F.KNITTED_STRAIGHT] = 1
    if kind == CHOW:
        if pair < 27:
            t[F.ALL_CHOWS] = 1
        if h.whole[pair] == 4:
            t[F.TILE_HOG] = 1
    elif tile >= 27:
        if D.wind(tile):
            if tile - EAST != h.seat and tile - EAST != h.prevalent:
                t[F.PUNG_OF_TERMINALS_OR_HONORS] = 1
            if tile == EAST + h.prevalent:
                t[F.PREVALENT_WIND] = 1
            if tile == EAST + h.seat:
                t[F.SEAT_WIND] = 1
            if D.dragon(pair):
                t[F.ALL_TYPES] = 1
        else:
            t[F.DRAGON_PUNG] = 1
            if D.wind(pair):
                t[F.ALL_TYPES] = 1
    else:
        if tile % 9 == 0 or tile % 9 == 8:
            t[F.PUNG_OF_TERMINALS_OR_HONORS] = 1
        if pair < 27:
            t[F.NO_HONORS] = 1
        if kind != KONG and h.whole[tile] == 4:
            t[F.TILE_HOG] = 1
    win_flags(h, t)
    if kind == KONG:
        t[F.MELDED_KONG if k.melded else F.CONCEALED_KONG] = 1
    if not k.melded:
        if h.flags & FLAG_SELF_DRAWN:
            t[F.FULLY_CONCEALED_HAND] = 1
            t[F.SELF_DRAWN] = 0
        else:
            t[F.CONCEALED_HAND] = 1
    if h.n_fixed == 0:
        # the wait is read from the five tiles outside the body; a win on a body tile only gives no wait fan
        if k.rest[win] >= 1 and not h.flags & FLAG_HEAVENLY:
            buf = k.rest[:]
            buf[win] -= 1
            if one_wait(buf, False):
                w = 0
                if kind == CHOW and (tile + 1 == win or tile - 1 == win):
                    w = F.EDGE_WAIT
                elif kind == CHOW and tile == win:
                    w = F.CLOSED_WAIT
                elif pair == win:
                    w = F.SINGLE_WAIT
                if w:
                    t[w] = 1
    else:
        if not (win < 27 and (knit_mask(k.perm) >> win) & 1) or k.rest[win] >= 2:
            t[F.SINGLE_WAIT] = 1
    exclusions(t, h.opts)


def knitted_wait(h: GBHand, k: GBKnitted) -> int:
    """Where the winning tile sits in a 组合龙 hand."""
    if k.rest[h.win] == 0:
        return WAIT_KNITTED
    if k.pair == h.win:
        return WAIT_SINGLE
    if k.concealed_meld and k.kind == CHOW:
        return WAIT_CLOSED if k.tile == h.win else WAIT_TWO_SIDED
    return WAIT_DUAL_PUNG


# ---------------------------------------------------------------------------------------------- the whole hand

def tiles_of(cnt: Sequence[int], per: int) -> tuple[int, ...]:
    """The tile ids held, each ``cnt[t] // per`` times (per 1: every copy; 2: the pairs)."""
    return tuple(t for t in range(34) for _ in range(cnt[t] // per))


def score_hand(h: GBHand, best: list[int], want_reading: bool) -> tuple[int, int, Decomposition | None]:
    """Score one loaded hand: the special forms, then every regular reading (就高不就低).  Fills ``best`` (the fan
    vector, flowers not counted); returns (status OK or NOT_WIN, the wait index, the reading: a Decomposition,
    None for 九莲宝灯 (whose shown reading is :func:`nine_gates_reading`) and None unless ``want_reading``)."""
    k = GBKnitted()
    max_total = 0
    seven = special = False
    reading = None
    wait = WAIT_SINGLE
    if h.n_fixed == 0:
        if not any([c & 1 for c in h.cnt]):
            if seven_pairs(h, best):  # 连七对: no regular reading after it
                if want_reading:
                    reading = Decomposition(Form.SEVEN_PAIRS, (), tiles_of(h.cnt, 2), (), ())
                return OK, WAIT_SINGLE, reading
            seven = special = True
            if want_reading:
                reading = Decomposition(Form.SEVEN_PAIRS, (), tiles_of(h.cnt, 2), (), ())
        if not special and h.kinds >= 13:
            if honors_knitted(h, best):
                if want_reading:
                    reading = Decomposition(Form.HONORS_AND_KNITTED, (), (), tiles_of(h.cnt, 1), ())
                return OK, WAIT_KNITTED, reading
            if thirteen_orphans(h, best):
                if want_reading:
                    singles = tuple(i for i in range(34) if h.cnt[i] == 1)
                    reading = Decomposition(Form.THIRTEEN_ORPHANS, (), (h.cnt.index(2),), singles, ())
                return OK, WAIT_THIRTEEN_SIDED if h.cnt[h.win] == 2 else WAIT_SINGLE, reading
            # (13 or 14 kinds can still be four chows and a pair: the regular readings below)
        elif not special and h.kinds >= 9:
            if knitted_reading(h, k):
                special = True
            elif h.kinds == 9 and nine_gates(h, best):
                return OK, WAIT_NINE_SIDED, None  # (the reading shown: nine_gates_reading)
    elif h.n_fixed == 1 and h.kinds >= 9:  # 组合龙's nine body tiles are all concealed
        special = knitted_reading(h, k)
    if special and not seven:
        knitted_straight(h, k, best)
        wait = knitted_wait(h, k)
        if not want_reading:
            return OK, wait, None
        body = tuple(i for i in range(27) if (knit_mask(k.perm) >> i) & 1)
        meld: tuple[tuple[int, int, int], ...] = ()
        if k.concealed_meld and k.kind == PUNG:
            meld = ((k.tile, k.tile, k.tile),)
        elif k.concealed_meld:
            meld = ((k.tile - 1, k.tile, k.tile + 1),)
        return OK, wait, Decomposition(Form.KNITTED_STRAIGHT, meld, (k.pair,), body, ())
    if seven:
        max_total = total(best)
    rs = regular_readings(h)
    pos, t = best_regular(h, rs, max_total, seven)
    if pos >= 0 and t is not None:
        best[:] = t
        max_total = total(t)
        if want_reading:
            reading = regular_decomposition(rs[pos])
        wait = regular_wait(h, rs[pos], t)
    if (pos < 0 and not seven) or max_total == 0:
        return NOT_WIN, wait, reading
    return OK, wait, reading


item_rows: list[list[Any]] | None = None  #: [fan index][count] -> the shared ScoreItem (row[0] unused)
item_make: Any = None  #: (fan index, count) -> ScoreItem, for a count past the prebuilt row


def items_init(rows: Sequence[Sequence[Any]], make: Any) -> None:
    """Take the rule layer's prebuilt ScoreItems (``rows[fan][count]``, one row per fan) and its maker for other
    counts, for the result items built from a fan vector."""
    global item_rows, item_make
    if len(rows) != NF:
        raise ValueError(f"the Guobiao kernel is built for {NF} fans, got {len(rows)} item rows")
    item_rows = [list(r) for r in rows]
    item_make = make


def items_of(t: Sequence[int]) -> tuple[Any, ...]:
    """The ScoreItems of a fan vector, one per non-zero entry in table order."""
    assert item_rows is not None
    out = []
    for i in compress(INDICES, t):
        c = t[i]
        row = item_rows[i]
        out.append(row[c] if c < len(row) else item_make(i, c))
    return tuple(out)


def score(record: bytes, opts: int, want_table: bool = True,
          ) -> tuple[list[int] | None, int, tuple[Any, ...] | None, Decomposition | None, int] | None:
    """Score one packed hand record (kernel_table.RECORD) under the option bits ``opts``
    (kernel_table.OPTION_BITS), as ``mahjong._core._gb_score`` does: (fan vector list (None unless
    ``want_table``), fan total without flowers, the ScoreItems (None until :func:`items_init`), reading (a
    Decomposition, or None for 九莲宝灯), wait index (kernel_table.WAITS)), or None when the tiles are no winning
    hand.  A malformed record raises HandError."""
    h = GBHand()
    best = [0] * NF
    if len(record) != REC:
        raise HandError(f"a Guobiao hand record has {REC} bytes, got {len(record)}")
    if load(record, opts, h) != OK:
        raise HandError("malformed Guobiao hand record (counts, packs, winning tile or winds out of range)")
    status, wait, reading = score_hand(h, best, True)
    if status != OK:
        return None
    return (best if want_table else None, total(best), None if item_rows is None else items_of(best), reading,
            wait)


def score_batch(records: Any, opts: int, totals: Any, fans: Any, status: Any) -> None:
    """Score ``len(status)`` records laid end to end, as ``mahjong._core._gb_score_batch`` does: per hand the
    total (flowers included) into ``totals``, the fan vector (花牌 included) into ``fans[i]``, and ``status[i]``
    OK, NOT_WIN or BAD (malformed record); rows of unscored hands are zero."""
    n = len(status)
    if len(records) != n * REC or len(totals) != n or len(fans) != n or (n and len(fans[0]) != NF):
        raise ValueError("batch arrays of mismatched sizes")
    for i in range(n):
        fans[i] = 0
        totals[i] = 0
        h = GBHand()
        best = [0] * NF
        st = load(bytes(records[i * REC:(i + 1) * REC]), opts, h)
        if st == OK:
            st = score_hand(h, best, False)[0]
        status[i] = st
        if st == OK:
            best[F.FLOWER_TILES] = h.flowers
            fans[i] = best
            totals[i] = total(best)


@lru_cache(maxsize=64)
def nine_gates_reading(counts: bytes) -> Decomposition | None:
    """The reading shown for 九莲宝灯 (both paths): the first regular reading in reference order.  There are only
    27 such hands (suit × winning rank), so each is worked out once."""
    h = GBHand()
    h.cnt = list(counts)
    h.n_fixed = 0
    rs = regular_readings(h)
    return regular_decomposition(rs[0]) if rs else None
