"""The Guobiao rule set: ``Guobiao(config=None, **options).score(hand, context) -> ScoreResult``."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, fields
from functools import lru_cache
from itertools import compress
from typing import Any, NamedTuple

from mahjong._kernels import backend_module as K
from mahjong.errors import ContextError, HandError, MeldError, NotWinningError
from mahjong.framework import RuleSet, ScoreItem, ScoreResult, WinContext
from mahjong.hand import Hand, MeldKind
from mahjong.rules import GUOBIAO, HandRules
from mahjong.tiles import format_tiles, tile_name
from mahjong.types import Decomposition, Form
from mahjong.rulesets.guobiao import detectors as D
from mahjong.rulesets.guobiao import fans as F
from mahjong.rulesets.guobiao import scorer as S
from mahjong.rulesets.guobiao.config import GuobiaoConfig
from mahjong.rulesets.guobiao.readings import regular_readings
from mahjong.rulesets.guobiao.fans import EXTRA_FANS, FAN_BY_KEY, FANS, Fan
from mahjong.rulesets.guobiao.settlement import guobiao_payments

__all__ = ["Guobiao", "GuobiaoConfig", "GuobiaoContext", "WinningTile"]

#: unique-wait test (spec §3): regular form, plus 七对 for a fully concealed 13-tile hand; a tile held four
#: times still counts as a wait, as in the reference
_WAIT_REGULAR = HandRules(seven_pairs=False, thirteen_orphans=False, knitted=False, wait_on_fourth_copy=True)
_WAIT_WITH_PAIRS = HandRules(seven_pairs=True, thirteen_orphans=False, knitted=False, wait_on_fourth_copy=True)


@dataclass(frozen=True)
class GuobiaoContext(WinContext):
    """The win facts of :class:`~mahjong.framework.WinContext` plus the flags the opt-in extras need.

    Attributes:
        human: 人和 — a win within the first go-round (extras only).
        wildcard_kong: 混杠 — the winner declared a kong of four 混 (extras only).
    """

    human: bool = False
    wildcard_kong: bool = False

    def __post_init__(self) -> None:
        super().__post_init__()
        for name in ("human", "wildcard_kong"):
            if not isinstance(getattr(self, name), bool):
                raise ContextError(f"{name} must be True or False, got {getattr(self, name)!r}")


class WinningTile(NamedTuple):
    """A tile that completes a 13-tile hand and the fan totals (flowers included) it would score."""

    tile: int
    self_drawn: int
    discard: int


class Guobiao(RuleSet[GuobiaoConfig]):
    """Guobiao / Chinese Official (国标麻将, MCR): 81 fans, 8 fan minimum, base 8 settlement.

    Scores exactly as the reference calculator does by default (spec guobiao.md), except that the win flags it
    silently corrects are errors here (:class:`~mahjong.errors.ContextError`): 和绝张 while the hand holds
    another copy of the winning tile, 抢杠和 on a tile the hand holds or has melded, 杠上开花 without a kong
    (抢杠和 on a self-draw is refused by ``WinContext`` itself).  The one flag that is *derived*, not refused:
    when the hand's own melds hold the other three copies of the winning tile it is necessarily 和绝张, so it
    counts even if ``last_tile`` was not set (``details["last_tile_derived"]`` says so), as the reference does.
    """

    name = "guobiao"
    title = "Guobiao 国标 (Chinese Official)"
    summary = "国标麻将 Chinese Official: 81 fans (+明暗杠), 8-fan minimum, 8 + fan settlement"
    Config = GuobiaoConfig
    Context = GuobiaoContext  #: the win-context type (settlement builds it from a record's win flags)

    def __init__(self, config: GuobiaoConfig | None = None, **options: Any) -> None:
        super().__init__(config, **options)
        self._opts: GuobiaoConfig = self.config

    @property
    def hand_rules(self) -> HandRules:
        return GUOBIAO

    # ------------------------------------------------------------------------------------------ scoring

    def score(self, hand: Hand | str, context: WinContext | None = None) -> ScoreResult:
        """Score a complete hand (14 tiles, kongs counted as 3; the winning tile among the concealed tiles)."""
        h = self._checked_hand(hand)
        ctx = _checked_context(context)
        facts = self._facts(h, ctx)
        table, reading, wait = self._best(h, facts)
        return self._result(h, ctx, facts, table, reading, wait)

    def winning_tiles(self, hand: Hand | str, context: WinContext | None = None) -> list[WinningTile]:
        """Every tile that completes a 13-tile hand, with the fan total (flowers included) it would score
        self-drawn and on a discard.  The context's seats and winds are used; its win-specific flags (和绝张,
        海底, 杠上开花, 抢杠和, 天和/地和/人和) are dropped, as they depend on the tile.  A tile of which the hand
        already holds all four copies is not listed (it cannot be won)."""
        h = self._checked_hand(hand)
        if len(h.melds) > 4:
            raise HandError(f"{len(h.melds)} melds: a Guobiao hand has at most 4")
        h.check_size(13, complete=False)
        ctx = _checked_context(context)
        drawn = WinContext(winner=ctx.winner, dealer=ctx.dealer, seat_wind=ctx.seat_wind,
                           prevalent_wind=ctx.prevalent_wind)
        discarder = ctx.discarder if ctx.discarder is not None else (ctx.winner - 1) % 4
        claimed = WinContext(winner=ctx.winner, discarder=discarder, dealer=ctx.dealer, seat_wind=ctx.seat_wind,
                             prevalent_wind=ctx.prevalent_wind)
        counts = h.all_counts
        out: list[WinningTile] = []
        for tile in K.waits(bytes(h.counts), 0, GUOBIAO).tiles:
            if counts[tile] >= 4:
                continue
            full = Hand(h.concealed + (tile,), h.melds, h.flowers, tile)
            out.append(WinningTile(tile, self.score(full, drawn).total, self.score(full, claimed).total))
        return out

    # ------------------------------------------------------------------------------------------ internals

    def _checked_hand(self, hand: Hand | str) -> Hand:
        if not isinstance(hand, (Hand, str)):
            raise HandError(f"a hand is a mahjong.hand.Hand or its notation string, got {type(hand).__name__}")
        return self._hand(hand)

    def _facts(self, h: Hand, ctx: WinContext) -> S.Facts:
        melds = h.melds
        n_melds = len(melds)
        if n_melds > 4:
            raise HandError(f"{n_melds} melds: a Guobiao hand has at most 4")
        if len(h.concealed) + 3 * n_melds != 14:
            h.check_size(13, complete=True)  # raises, naming the count
        if len(h.flowers) > 8:
            raise HandError(f"{len(h.flowers)} flowers: there are only 8")
        win = h.win_tile
        if win is None:
            raise HandError("the hand has no winning tile (write it last or pass win_tile)")
        # The Hand already holds the concealed counts as bytes: the scorer and the kernel only read them, so they
        # are used as they are (no list copy); the whole hand's counts differ only when there are melds.
        standing = h.counts
        if n_melds:
            infos = [_meld_info(m) for m in melds]
            fixed = [pack for pack, _ in infos]
            meld_strs = [text for _, text in infos]
            # copies of the winning tile in the melds, from the packs (the whole hand's counts are not needed
            # here: Facts.all_counts works them out only if a Python detector reads them)
            wcode = _CODE[win]
            in_melds = 0
            for kind, code, _ in fixed:
                if kind == S.CHOW:
                    if code - 1 <= wcode <= code + 1:
                        in_melds += 1
                elif code == wcode:
                    in_melds += 4 if kind == S.KONG else 3
            all_counts: Sequence[int] | None = None
        else:
            fixed, meld_strs, all_counts, in_melds = [], [], standing, 0
        last_tile = ctx.last_tile
        if last_tile and standing[win] != 1:
            raise ContextError(
                f"和绝张 (last_tile): the hand holds {standing[win] - 1} other {tile_name(win)} besides the winning "
                "tile, so it cannot be the last copy")
        if in_melds == 3:
            # the other three copies are in the hand's own melds: the winning tile is necessarily the last one
            # (the reference turns the flag on too); reported in details["last_tile_derived"]
            last_tile = True
        discarder = ctx.discarder
        robbing = ctx.robbing_kong
        if ctx.kong_replacement and not any(m.is_kong for m in melds):
            raise ContextError("杠上开花 (kong_replacement) needs a kong among the melds")
        if robbing and (in_melds or standing[win] != 1):
            raise ContextError(
                f"抢杠和 (robbing_kong): another player is adding the fourth {tile_name(win)} to a pung, so the "
                "winner cannot hold another copy")
        heavenly = ctx.heavenly
        if heavenly or ctx.earthly or type(ctx) is not WinContext:  # only these can carry an extras flag
            self._check_extras(h, ctx)
        seat = ctx.seat_wind
        # (the tile kinds and their mask, Facts.unique / .mask, are worked out on first read: the special forms
        # and the Python tile fans read them, the compiled kernel does not)
        return S.Facts(
            fixed, standing, all_counts, _CODE[win], discarder is None, last_tile, ctx.last_wall_tile,
            ctx.kong_replacement or robbing,
            seat if seat is not None else (ctx.winner - ctx.dealer) % 4, ctx.prevalent_wind,
            heavenly=heavenly, meld_strs=meld_strs,
        )

    def _check_extras(self, h: Hand, ctx: WinContext) -> None:
        human = isinstance(ctx, GuobiaoContext) and ctx.human
        wild = isinstance(ctx, GuobiaoContext) and ctx.wildcard_kong
        if not (ctx.heavenly or ctx.earthly or human or wild):
            return
        flags = [n for n, on in (("天和 (heavenly)", ctx.heavenly), ("地和 (earthly)", ctx.earthly),
                                 ("人和 (human)", human), ("混杠 (wildcard_kong)", wild)) if on]
        if flags and not self.config.extras:
            raise ContextError(f"{', '.join(flags)} is not a Guobiao fan; use extras=True (preset guobiao-extras)")
        if sum(1 for x in (ctx.heavenly, ctx.earthly, human) if x) > 1:
            raise ContextError("天和, 地和 and 人和 exclude each other")
        if ctx.heavenly:
            if not ctx.winner_is_dealer or not ctx.self_drawn or h.melds:
                raise ContextError("天和 (heavenly): the dealer wins on the initial deal, self-drawn, with no melds")
        if ctx.earthly:
            if ctx.winner != (ctx.dealer + 1) % 4 or not ctx.self_drawn or h.melds:
                raise ContextError("地和 (earthly): the dealer's next player (下家) wins by self-draw on the first "
                                   "draw, with no melds (seed 000)")
        if wild and not any(m.is_kong for m in h.melds):
            raise ContextError("混杠 (wildcard_kong): the kong of four 混 must be among the melds")

    def _best(self, h: Hand, f: S.Facts) -> tuple[list[int], Decomposition | None, str | None]:
        """就高不就低: the special forms, then every regular reading; the reference's tie rules (spec §2 step 5)."""
        opts = self._opts
        best: list[int] | None = None
        reading: Decomposition | None = None
        wait: str | None = None
        special = None
        n_fixed = len(f.fixed)
        if n_fixed == 0:
            special = self._special(h, f)
        elif n_fixed == 1 and 34 - f.standing.count(0) >= 9:  # 组合龙's nine body tiles are all concealed
            ks = S.knitted_straight_reading(f)
            if ks is not None:
                special = (S.score_knitted_straight(f, ks, opts), _knitted_reading(ks), _knitted_wait(ks, f))
        seven_pairs = False
        max_total = 0
        if special is not None:
            best, reading, wait = special
            max_total = S.table_total(best)
            seven_pairs = bool(best[F.SEVEN_PAIRS])
        if special is None or seven_pairs:
            if not f.heavenly and not S.BEST_REGULAR_COMPILED:  # the compiled kernel tests 独听 itself
                f.wait_test = lambda: _unique_wait(f, h)
            chosen = S.best_regular(f, opts, max_total, seven_pairs)
            if chosen is not None:
                melds, pair, best, max_total = chosen
                reading = _regular_decomposition(melds, pair)
                wait = _regular_wait(best, melds, pair, f)
        if best is None or max_total == 0:
            raise NotWinningError(
                f"not a complete Guobiao hand: {_describe(h)} is not 4 melds + a pair, 七对, 十三幺, 全不靠 / 七星不靠 "
                "or 组合龙 + a meld + a pair")
        return best, reading, wait

    def _special(self, h: Hand, f: S.Facts) -> tuple[list[int], Decomposition | None, str | None] | None:
        opts = self._opts
        standing = f.standing
        # Cheap count pre-checks first (C-level list scans): each special form needs a number of tile kinds
        # among the 14 concealed tiles — 七对 even counts only (so at most 7 kinds), 十三幺 13 and 全不靠 14 kinds,
        # 组合龙 + meld + pair 9 to 12 (the body's nine plus at most two from a chow and one from the pair),
        # 九莲宝灯 exactly 9 — so most hands skip every detector below without building the tile-kind mask.
        kinds = 34 - standing.count(0)
        if 1 not in standing and 3 not in standing and D.seven_pairs(standing, kinds):
            if 4 in standing:
                pairs = tuple(t for t in range(34) for _ in range(standing[t] // 2))
            else:
                pairs = tuple(compress(_TILE_IDS, standing))
            return (S.score_seven_pairs(f, opts), Decomposition(Form.SEVEN_PAIRS, (), pairs, (), ()), "single")
        if kinds >= 13:
            hk = D.honors_and_knitted(f.unique)
            if hk is not None:
                singles = tuple(compress(_TILE_IDS, standing))
                return (S.score_honors_knitted(f, hk, opts),
                        Decomposition(Form.HONORS_AND_KNITTED, (), (), singles, ()), "knitted")
            if D.thirteen_orphans(f.unique):
                pair = standing.index(2)
                singles = tuple(t for t in range(34) if standing[t] == 1)
                w = "thirteen-sided" if standing[D.TILE_OF_CODE[f.win]] == 2 else "single"
                return (S.score_thirteen_orphans(f, opts),
                        Decomposition(Form.THIRTEEN_ORPHANS, (), (pair,), singles, ()), w)
            return None
        if kinds < 9:
            return None
        ks = S.knitted_straight_reading(f)
        if ks is not None:
            return S.score_knitted_straight(f, ks, opts), _knitted_reading(ks), _knitted_wait(ks, f)
        if kinds != 9 or not D.full_flush(f.mask):
            return None
        by_code = {D.CODE[i]: n for i, n in enumerate(standing) if n}
        if D.is_nine_gates(by_code, f.win):
            return S.score_nine_gates(f, opts), _nine_gates_reading(bytes(standing)), "nine-sided"
        return None

    def _result(self, h: Hand, ctx: WinContext, f: S.Facts, table: list[int], reading: Decomposition | None,
                wait: str | None) -> ScoreResult:
        flowers = len(h.flowers)
        if self.config.extras:
            table = list(table)
            extras = self._extra_fans(table, reading, ctx)
            scored = list(compress(_FAN_INDICES, table))  # the few fans present
            fan_no_flowers = sum([_FAN_VALUES[i] * table[i] for i in scored])
            items = [_ITEM_ROWS[i][table[i]] if table[i] < _ROW else _item(i, table[i]) for i in scored]
            fan_no_flowers += sum(fan.value * n for fan, n in extras)
            items += [_item(fan.idx, n) for fan, n in extras]
            if flowers:
                items.append(_item(F.FLOWER_TILES, flowers))
            item_tuple = tuple(items)
        else:
            # the items and the fan total depend on the fan vector alone: built once per distinct vector
            item_tuple, fan_no_flowers = _items_of(table)
            if flowers:
                item_tuple += (_ITEM_ROWS[F.FLOWER_TILES][flowers],)
        total = fan_no_flowers + flowers
        valid = fan_no_flowers >= self.config.min_fan
        self_drawn = ctx.discarder is None
        exposed = f.meld_strs if f.meld_strs is not None else [_meld_str(m) for m in h.melds]
        if reading is None:
            melds, pair = list(exposed), None
        else:
            reading_melds, pair = _reading_text(reading)
            melds = exposed + reading_melds  # a fresh list per result (details are the caller's to keep)
        details: dict[str, Any] = {
            "fan": fan_no_flowers,
            "flowers": flowers,
            "exposed_melds": exposed,
            "melds": melds,
            "pair": pair,
            "winning_tile": _tile_name(h.win_tile),
            "last_tile_derived": f.last_tile and not ctx.last_tile,
            "settlement": (_SETTLE_DRAWN if self_drawn else _SETTLE_DISCARD) if valid else _SETTLE_FALSE,
        }
        # every field is built here from checked data (payments zero-sum by construction), so the frozen
        # dataclass's per-field __init__ and its zero-sum re-check are skipped (_new_result)
        return _new_result({
            "ruleset": self.name, "items": item_tuple, "total": total, "unit": "fan", "reading": reading,
            "wait": wait, "valid": valid, "payments": _payments(ctx.winner, ctx.discarder, total, valid),
            "invalid_reason": None if valid else
            f"诈和 (false win): {fan_no_flowers} fan without flowers, under the {self.config.min_fan}-fan minimum",
            "details": details,
        })

    def _extra_fans(self, table: list[int], reading: Decomposition | None, ctx: WinContext) -> list[tuple[Fan, int]]:
        """The opt-in non-Guobiao hands (spec guobiao_settlement.md §2), on top of the hand's own fans; their
        exclusions (四方大发 不计 大四喜 碰碰和 圈风刻 门风刻 三风刻) are applied to ``table`` in place."""
        out: list[tuple[Fan, int]] = []
        ex = {f.key: f for f in EXTRA_FANS}
        if table[F.BIG_FOUR_WINDS] and reading is not None and reading.form is Form.REGULAR \
                and reading.pairs == (_GREEN_DRAGON,):
            out.append((ex["big_four_winds_and_green_pair"], 1))
        if ctx.heavenly:
            out.append((ex["heavenly_hand"], 1))
        if ctx.earthly:
            out.append((ex["earthly_hand"], 1))
        if isinstance(ctx, GuobiaoContext) and ctx.human:
            out.append((ex["human_hand"], 1))
        if isinstance(ctx, GuobiaoContext) and ctx.wildcard_kong:
            out.append((ex["wildcard_kong"], 1))
        for fan, _ in out:
            for k in fan.excludes:
                table[FAN_BY_KEY[k].idx] = 0
        return out


_GREEN_DRAGON = 32  #: 发
_TILE_IDS = range(34)
_CODE = D.CODE


def _checked_context(context: WinContext | None) -> WinContext:
    if context is None:
        return WinContext()
    if not isinstance(context, WinContext):
        raise ContextError(f"the context is a GuobiaoContext or WinContext, got {type(context).__name__}")
    return context




_SETTLE_DRAWN = "self-drawn: each other seat pays 8 + fan"
_SETTLE_DISCARD = "discard: the discarder pays 8 + fan, the others 8 each"
_SETTLE_FALSE = "诈和 (false win): the seeds give no penalty, so no payments"

_RESULT_FIELDS = ("ruleset", "items", "total", "unit", "reading", "wait", "valid", "payments", "invalid_reason",
                  "details")
#: ScoreResult is a frozen dataclass with these fields and no __slots__: a result can be filled in directly
_DIRECT_RESULT = (not hasattr(ScoreResult, "__slots__")
                  and tuple(fd.name for fd in fields(ScoreResult)) == _RESULT_FIELDS)


def _new_result(values: dict[str, Any]) -> ScoreResult:
    """A ScoreResult with these field values, without the dataclass __init__ (one object.__setattr__ per field
    and the zero-sum check) when its layout allows; same object either way (tests/guobiao/test_gb_kernel_twin.py
    compares the two)."""
    if _DIRECT_RESULT:
        r = object.__new__(ScoreResult)
        r.__dict__.update(values)
        return r
    return ScoreResult(**values)


@lru_cache(maxsize=4096)
def _payments(winner: int, discarder: int | None, total: int, valid: bool) -> tuple[int, ...]:
    return guobiao_payments(winner, discarder, total, valid)


@lru_cache(maxsize=64)
def _tile_name(t: int) -> str:
    return tile_name(t)


_ALL_FANS = {f.idx: f for f in FANS + EXTRA_FANS}
_FAN_INDICES = range(len(FANS))


@lru_cache(maxsize=None)
def _item(idx: int, count: int) -> ScoreItem:
    # ScoreItem is frozen: one shared object per (fan, count)
    fan = _ALL_FANS[idx]
    return ScoreItem(fan.key, fan.name_zh, fan.name_en, fan.value, count)


_FAN_VALUES = [f.value for f in FANS]
_ROW = 9  #: counts 1..8 (8 flowers at most) come from a prebuilt row; higher counts (none occur) from _item
#: _ITEM_ROWS[fan][count]: the shared ScoreItem (row[0] unused)
_ITEM_ROWS = [[None] + [_item(i, n) for n in range(1, _ROW)] for i in range(len(FANS))]
#: fan vector (as a tuple) -> (its ScoreItems, its fan total); a few thousand distinct vectors occur in practice
_ITEMS_BY_TABLE: dict[tuple[int, ...], tuple[tuple[ScoreItem, ...], int]] = {}


def _items_of_py(table: list[int]) -> tuple[tuple[ScoreItem, ...], int]:
    """The ScoreItems of a fan vector (no flowers, no extras) and its fan total, shared between equal vectors.
    Pure-Python twin of the compiled ``mahjong._core._gb_items`` (tests/guobiao/test_gb_kernel_twin.py)."""
    key = tuple(table)
    hit = _ITEMS_BY_TABLE.get(key)
    if hit is None:
        scored = list(compress(_FAN_INDICES, table))
        hit = (tuple(_item(i, table[i]) for i in scored),  # (shared ScoreItems: _item is cached)
               sum(_FAN_VALUES[i] * table[i] for i in scored))
        if len(_ITEMS_BY_TABLE) < 1 << 16:  # bounded against an adversarial stream of hands
            _ITEMS_BY_TABLE[key] = hit
    return hit


def _select_items_of() -> Any:
    """The compiled item builder (``_gb_items``: one pass over the fan vector in C with these prebuilt
    ScoreItems) with the compiled fan kernel, else :func:`_items_of_py` (MAHJONG_PURE_PYTHON=1)."""
    kernel = getattr(K, "_gb_items", None)
    if kernel is None or not S.BEST_REGULAR_COMPILED:
        return _items_of_py
    K._gb_items_init(_ITEM_ROWS, _item)  # type: ignore[attr-defined]  # private kernel function
    return kernel


#: fan vector -> (its ScoreItems, its fan total), as the result uses it (compiled if available)
_items_of: Any = _select_items_of()


#: Decomposition id -> (the Decomposition, its melds' notation, its pair's notation or None); the object is kept
#: in the entry and checked with ``is``, so a reused id never answers for another reading
_READING_TEXT: dict[int, tuple[Decomposition, list[str], str | None]] = {}


def _reading_text(reading: Decomposition) -> tuple[list[str], str | None]:
    hit = _READING_TEXT.get(id(reading))
    if hit is None or hit[0] is not reading:
        pair = _tiles_str((reading.pairs[0],) * 2) if len(reading.pairs) == 1 else None
        hit = (reading, [_tiles_str(m) for m in reading.melds], pair)
        if len(_READING_TEXT) < 1 << 13:  # the regular readings' Decompositions are cached (8192) and reused
            _READING_TEXT[id(reading)] = hit
    return hit[1], hit[2]


#: per meld (keyed by kind identity, tiles, source: what its text and its pack depend on): (the scorer's pack
#: (CHOW/PUNG/KONG, code, claimed), its notation) — hashing a Meld itself goes through Python-level __hash__s
_MELD_INFO: dict[tuple[int, tuple[int, ...], int | None], tuple[tuple[int, int, bool], str]] = {}


#: the same, by the Meld object's identity (parsed melds are shared objects): (the meld, its info); the meld is
#: kept in the entry, and checked with ``is``, so a reused id can never answer for another meld
_MELD_BY_ID: dict[int, tuple[Any, tuple[tuple[int, int, bool], str]]] = {}


def _meld_info(m: Any) -> tuple[tuple[int, int, bool], str]:
    hit = _MELD_BY_ID.get(id(m))
    if hit is not None and hit[0] is m:
        return hit[1]
    key = (id(m.kind), m.tiles, m.claimed_from)
    info = _MELD_INFO.get(key)
    if info is None:
        if m.kind is MeldKind.CHOW:
            if m.is_honor_sequence:
                raise MeldError(
                    f"{m}: Guobiao has no chows of honors (three different winds or 中发白 are not a chow)")
            pack = (S.CHOW, D.CODE[m.tiles[1]], True)
        elif m.kind is MeldKind.PUNG:
            pack = (S.PUNG, D.CODE[m.tile], True)
        else:
            pack = (S.KONG, D.CODE[m.tile], m.kind is not MeldKind.CONCEALED_KONG)
        info = (pack, str(m))
        if len(_MELD_INFO) < 1 << 16:  # a few thousand distinct melds exist; the bound is only a safety net
            _MELD_INFO[key] = info
    if len(_MELD_BY_ID) < 1 << 16:
        _MELD_BY_ID[id(m)] = (m, info)
    return info


@lru_cache(maxsize=4096)
def _meld_str(m: Any) -> str:
    return str(m)


@lru_cache(maxsize=4096)
def _tiles_str(tiles: tuple[int, ...]) -> str:
    return format_tiles(tiles)


@lru_cache(maxsize=8192)
def _regular_decomposition(melds: tuple[tuple[int, int], ...], pair: int) -> Decomposition:
    """The kernel's Decomposition of a regular reading given as the scorer reads it ((CHOW, middle code) /
    (PUNG, code) melds, pair code): melds as sorted tile-id triples, in sorted order, as the kernel lists them."""
    tiles = []
    for kind, code in melds:
        t = D.TILE_OF_CODE[code]
        tiles.append((t - 1, t, t + 1) if kind == S.CHOW else (t, t, t))
    return Decomposition(Form.REGULAR, tuple(sorted(tiles)), (D.TILE_OF_CODE[pair],), (), ())


def _unique_wait(f: S.Facts, h: Hand) -> bool:
    """独听 (spec §3): with the winning tile taken out, exactly one tile completes the hand (regular form, plus
    七对 for 13 concealed tiles; a tile held four times still counts)."""
    counts = list(f.standing)
    win = D.TILE_OF_CODE[f.win]
    counts[win] -= 1
    rules = _WAIT_WITH_PAIRS if sum(counts) == 13 else _WAIT_REGULAR
    return len(K.waits(bytes(counts), 0, rules).tiles) == 1


def _regular_wait(t: list[int], melds: Sequence[tuple[int, int]], pair: int, f: S.Facts) -> str:
    """The wait the chosen reading implies: the 独听 fan if scored, else where the winning tile sits."""
    if t[F.EDGE_WAIT]:
        return "edge"
    if t[F.CLOSED_WAIT]:
        return "closed"
    if t[F.SINGLE_WAIT]:
        return "single"
    win = f.win
    for kind, code in melds:
        if kind == S.CHOW and code - 1 <= win <= code + 1:
            if code == win:
                return "closed"
            if (code + 1 == win and (win & 15) == 3) or (code - 1 == win and (win & 15) == 7):
                return "edge"
            return "two-sided"
    for kind, code in melds:
        if kind == S.PUNG and code == win:
            return "dual-pung"
    return "single"


@lru_cache(maxsize=64)
def _nine_gates_reading(standing: bytes) -> Decomposition | None:
    """The reading shown for 九莲宝灯: the first regular reading in reference order.  There are only 27 such
    hands (suit × winning rank), and enumerating their many readings is slow, so each is worked out once."""
    decomps = regular_readings(standing)
    return decomps[0][0] if decomps else None


def _knitted_reading(ks: S.KnittedReading) -> Decomposition:
    seq, meld, pair, _ = ks
    singles = tuple(sorted(D.TILE_OF_CODE[c] for c in seq))
    melds: tuple[tuple[int, int, int], ...] = ()
    if meld is not None:
        kind, code = meld
        t = D.TILE_OF_CODE[code]
        melds = ((t, t, t),) if kind == S.PUNG else ((t - 1, t, t + 1),)
    return Decomposition(Form.KNITTED_STRAIGHT, melds, (D.TILE_OF_CODE[pair],), singles, ())


def _knitted_wait(ks: S.KnittedReading, f: S.Facts) -> str:
    seq, meld, pair, rest = ks
    if rest.get(f.win, 0) == 0:
        return "knitted"
    if pair == f.win:
        return "single"
    if meld is not None and meld[0] == S.CHOW:
        code = meld[1]
        if code == f.win:
            return "closed"
        return "two-sided"
    return "dual-pung"


def _describe(h: Hand) -> str:
    return str(h)
