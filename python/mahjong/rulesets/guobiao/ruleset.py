"""The Guobiao rule set: ``Guobiao(config=None, **options).score(hand, context) -> ScoreResult``."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, fields
from functools import lru_cache
from itertools import compress
from typing import Any, NamedTuple

from mahjong._kernels import backend_module as K
from mahjong.errors import ContextError, HandError, MahjongError, MeldError, NotWinningError, RulesError
from mahjong.framework import RuleSet, ScoreItem, ScoreResult, WinContext
from mahjong.hand import MELD_KIND_CODES, Hand, Meld, MeldKind, parse_hand
from mahjong.rules import GUOBIAO, HandRules
from mahjong.tiles import format_tiles, tile_name
from mahjong.types import Decomposition, Form
from mahjong.rulesets.guobiao import fans as F
from mahjong.rulesets.guobiao import kernel_table as KT
from mahjong.rulesets.guobiao import scorer as S
from mahjong.rulesets.guobiao.config import GuobiaoConfig
from mahjong.rulesets.guobiao.fans import EXTRA_FANS, FAN_INDEX, FANS
from mahjong.rulesets.guobiao.settlement import guobiao_payments

__all__ = ["Guobiao", "GuobiaoConfig", "GuobiaoContext", "WinningTile", "GuobiaoBatch", "RECORD_SIZE"]

#: unique-wait test (reference): regular form, plus 七对 for a fully concealed 13-tile hand; a tile held four
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

    #: (read only with the option ``extras``: the page and ``mahjong rules`` show them when it is on)
    human: bool = field(default=False, metadata={"option": "extras"})
    wildcard_kong: bool = field(default=False, metadata={"option": "extras"})

    def __post_init__(self) -> None:
        super().__post_init__()
        for name in ("human", "wildcard_kong"):
            if not isinstance(getattr(self, name), bool):
                raise ContextError(f"{name} must be True or False, got {getattr(self, name)!r}")

    def _has_other_facts(self) -> bool:
        return self.human or self.wildcard_kong  # (the extras' flags: not in the packed form's flag bits)


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
        self._opt_bits = KT.option_bits(self.config)  #: the options as the kernel reads them
        self._extras = self.config.extras  #: (the result needs the fan vector only for the extras)
        self._min_fan = self.config.min_fan

    @property
    def hand_rules(self) -> HandRules:
        return GUOBIAO

    # ------------------------------------------------------------------------------------------ scoring

    def score(self, hand: Hand | str, context: WinContext | None = None) -> ScoreResult:
        """Score a complete hand (14 tiles, kongs counted as 3; the winning tile among the concealed tiles)."""
        ctx_type = type(context)
        if _FAST is not None and not self._extras and (context is None or ctx_type is WinContext
                                                       or ctx_type is GuobiaoContext):
            # one compiled call from the Hand's and the context's packed forms (None: anything for the full path)
            r: ScoreResult | None
            if type(hand) is Hand:
                r = _FAST(hand.packed, hand.melds, (context or _NO_CONTEXT).packed, self._opt_bits, self._min_fan,
                          self.name)
                if r is not None:
                    return r
            elif type(hand) is str:
                r = _FAST_TEXT(hand, _MELD_PACKS, (context or _NO_CONTEXT).packed, self._opt_bits,
                               self._min_fan, self.name)
                if r is None:  # (a meld text seen for the first time, or anything the full path must take)
                    r = self._score_text_fast(hand, context)
                if r is not None:
                    return r
        # (the one-call path reads only a Hand or a str and a context of its own types: everything else gets the
        # argument checks every rule set's score() runs, here rather than in a wrapper around this method)
        hand, context = self._score_args(hand, context)
        if type(hand) is str and _SCAN is not None:
            fast = self._score_text(hand, context)
            if fast is not None:
                return fast
        h = self._checked_hand(hand)
        ctx = _checked_context(context)
        return self._score_compiled(h, ctx)

    score._checks_arguments = True  # type: ignore[attr-defined]  # (RuleSet.__init_subclass__: no wrapper)

    def _score_text_fast(self, text: str, context: WinContext | None) -> ScoreResult | None:
        """score(text) in one compiled call: the kernel's scanner reads plain ascii notation into counts (no
        per-tile objects, no Hand), the melds come from a cache of their parsed text, and the packed form is
        scored as a Hand's is.  None for anything doubtful (then the full reader and scorer take the text)."""
        scan = _SCAN(text)
        if scan is None:
            return None
        counts, win, _, n_flowers, bodies = scan
        if bodies:
            try:
                melds = tuple([_meld_of_text(b) for b in bodies])
            except MahjongError:
                return None
            if len(_MELD_PACKS) < 1 << 14:
                for b, m in zip(bodies, melds):
                    _MELD_PACKS[b] = (m, m.packed)
            if len(melds) > 4:
                return None
            pack = b"".join([counts, bytes((win, n_flowers, len(melds))), *[m.packed for m in melds]])
        else:
            melds = ()
            pack = counts + bytes((win, n_flowers, 0))
        result: ScoreResult | None = _FAST(pack, melds, (context or _NO_CONTEXT).packed, self._opt_bits,
                                           self._min_fan, self.name)
        return result

    def _score_text(self, text: str, context: WinContext | None) -> ScoreResult | None:
        """The compiled path straight from plain ascii notation: the kernel's scanner reads the concealed tiles
        into counts (no per-tile objects, no Hand), the melds come from a cache of their parsed text.  Anything
        it does not fully accept (other notations, any error, a hand that does not win) returns None, and the
        full parser and scorer take the text and report it: the answer is the same either way
        (tests/guobiao/test_gb_corpus.py compares them)."""
        scanned = self._scan(text, context)
        if scanned is None:
            return None
        record, ctx, w = scanned
        try:
            out = _KERNEL(record, self._opt_bits, self._extras)
        except MahjongError:
            return None
        if out is None:
            return None
        table, fan_total, items, reading, wait = out
        if reading is None:
            reading = S.nine_gates_reading(record[:34])
        return self._result(record[38], w[2], ctx, w[1], w[4], table, reading, _WAITS[wait], items, fan_total)

    def _scan(self, text: str, context: WinContext | None) -> tuple[bytes, WinContext, _WinState] | None:
        """The packed record of plain ascii notation (the kernel's scanner, the melds' cached parse, the checks
        of _win_state), or None when anything is doubtful (then the full reader takes the text)."""
        scan = _SCAN(text)
        if scan is None:
            return None
        counts, win, n_concealed, n_flowers, bodies = scan
        try:
            melds = tuple([_meld_of_text(b) for b in bodies]) if bodies else ()
            ctx = _checked_context(context)
            w = self._win_state_of(None, ctx, counts, melds, n_concealed, n_flowers, win)
        except MahjongError:
            return None
        return _record_of(counts, n_flowers, w), ctx, w

    def _score_compiled(self, h: Hand, ctx: WinContext, kernel: Any = None) -> ScoreResult:
        """The compiled path: the hand as one packed record, every form scored by the kernel (``kernel``: the
        selected one unless given, as the twin test does on the pure backend), the result from its fan vector."""
        w = self._win_state(h, ctx)
        extras = self._extras
        out = (kernel or _KERNEL)(_record(h, w), self._opt_bits, extras)
        if out is None:
            raise _not_winning(h)
        table, fan_total, items, reading, wait = out
        if reading is None:  # 九莲宝灯: the reading shown is worked out here, once per hand shape
            reading = S.nine_gates_reading(bytes(h.counts))
        return self._result(len(h.flowers), w[2], ctx, w[1], w[4], table, reading, _WAITS[wait], items, fan_total)

    def _score_py(self, h: Hand, ctx: WinContext) -> ScoreResult:
        """The same path on the kernel's pure-Python twin (scorer.score), whatever the backend."""
        return self._score_compiled(h, ctx, S.score)

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

    # ------------------------------------------------------------------------------------------ batches

    def pack(self, hand: Hand | str, context: WinContext | None = None) -> bytes:
        """The packed record of one hand and its win (:data:`RECORD_SIZE` bytes; the layout is
        ``kernel_table.RECORD``), checked as :meth:`score` checks it.  :meth:`score_records` reads these, so a
        log can be packed once and scored many times."""
        if type(hand) is str and _SCAN is not None:
            scanned = self._scan(hand, context)
            if scanned is not None and _RECORD_OK(scanned[0]):  # (else the full reader names the problem)
                return scanned[0]
        h = self._checked_hand(hand)
        return _record(h, self._win_state(h, _checked_context(context)))

    def score_batch(self, hands: Sequence[Hand | str],
                    contexts: WinContext | Sequence[WinContext | None] | None = None) -> GuobiaoBatch:
        """Score many hands at once (logs, statistics): totals and fan vectors as numpy arrays, and per hand the
        reason it was not scored, so one bad hand does not stop the batch.  ``contexts``: one per hand, or one
        context (or None) for all of them.  The opt-in extras (``extras=True``) are not counted here: use
        :meth:`score` for them.  Needs numpy."""
        n = len(hands)
        if contexts is None or isinstance(contexts, WinContext):
            ctxs: Sequence[WinContext | None] = [contexts] * n
        else:
            ctxs = list(contexts)
            if len(ctxs) != n:
                raise ContextError(f"{len(ctxs)} contexts for {n} hands")
        records = bytearray(n * RECORD_SIZE)
        errors: list[str | None] = [None] * n
        for i in range(n):
            try:
                records[i * RECORD_SIZE:(i + 1) * RECORD_SIZE] = self.pack(hands[i], ctxs[i])
            except MahjongError as e:  # (the record stays all zero: the kernel refuses it, the reason is kept)
                errors[i] = str(e)
        return self._score_packed(records, n, errors)

    def score_records(self, records: Any) -> GuobiaoBatch:
        """Score packed records (:meth:`pack`) laid end to end: any bytes-like object or a C-contiguous
        ``(N, RECORD_SIZE)`` uint8 array.  A malformed record is reported in ``errors``, never read out of
        bounds.  Needs numpy."""
        try:
            view = memoryview(records).cast("B")
        except TypeError:
            raise HandError(f"records must be a bytes-like buffer of uint8, got {type(records).__name__}") from None
        if view.nbytes % RECORD_SIZE:
            raise HandError(f"{view.nbytes} bytes is not a whole number of {RECORD_SIZE}-byte records")
        n = view.nbytes // RECORD_SIZE
        return self._score_packed(view, n, [None] * n)

    def _score_packed(self, records: Any, n: int, errors: list[str | None]) -> GuobiaoBatch:
        if self.config.extras:
            raise RulesError("the batch entry points count the Guobiao fans only; score the extras with score()")
        np = _numpy()
        totals = np.zeros(n, np.int32)
        fans = np.zeros((n, len(FANS)), np.int32)
        status = np.zeros(n, np.int8)
        _BATCH_KERNEL(records, self._opt_bits, totals, fans, status)
        for i in np.flatnonzero(status).tolist():
            if errors[i] is None:
                errors[i] = _BATCH_ERRORS[int(status[i])]
        valid = (status == 0) & (totals - fans[:, F.FLOWER_TILES] >= self.config.min_fan)
        return GuobiaoBatch(totals, fans, valid, errors)

    # ------------------------------------------------------------------------------------------ internals

    def _checked_hand(self, hand: Hand | str) -> Hand:
        if not isinstance(hand, (Hand, str)):
            raise HandError(f"a hand is a mahjong.hand.Hand or its notation string, got {type(hand).__name__}")
        return self._hand(hand)

    def _win_state(self, h: Hand, ctx: WinContext) -> _WinState:
        """Check the hand and the win flags against each other and work out what both scoring paths read."""
        return self._win_state_of(h, ctx, h.counts, h.melds, len(h.concealed), len(h.flowers), h.win_tile)

    def _win_state_of(self, h: Hand | None, ctx: WinContext, standing: bytes, melds: tuple[Meld, ...],
                      n_concealed: int, n_flowers: int, win: int | None) -> _WinState:
        """_win_state over the hand's parts (``h`` None: scanned from text, not parsed into a Hand; any error
        there sends the text to the full parser, which names it)."""
        # (a plain tuple, laid out as _WinState: cheaper to build than a NamedTuple, once per hand)
        n_melds = len(melds)
        if n_melds > 4:
            raise HandError(f"{n_melds} melds: a Guobiao hand has at most 4")
        if n_concealed + 3 * n_melds != 14:
            if h is None:
                raise HandError("wrong tile count")
            h.check_size(13, complete=True)  # raises, naming the count
        if n_flowers > 8:
            raise HandError(f"{n_flowers} flowers: there are only 8")
        if win is None:
            raise HandError("the hand has no winning tile (write it last or pass win_tile)")
        if n_melds == 1:
            info = _meld_info(melds[0])
            meld_strs = [info[0]]
            packed = info[1]
            in_melds = info[2][win]  # copies of the winning tile in the melds
            any_kong = info[3]
        elif n_melds:
            infos = [_meld_info(m) for m in melds]
            meld_strs = [info[0] for info in infos]
            packed = b"".join([info[1] for info in infos])
            in_melds = sum([info[2][win] for info in infos])
            any_kong = any([info[3] for info in infos])
        else:
            meld_strs, packed, in_melds, any_kong = [], b"", 0, False
        last_tile = ctx.last_tile
        if last_tile and standing[win] != 1:
            raise ContextError(
                f"和绝张 (last_tile): the hand holds {standing[win] - 1} other {tile_name(win)} besides the winning "
                "tile, so it cannot be the last copy")
        if in_melds == 3:
            # the other three copies are in the hand's own melds: the winning tile is necessarily the last one
            # (the reference turns the flag on too); reported in details["last_tile_derived"]
            last_tile = True
        robbing = ctx.robbing_kong
        if ctx.kong_replacement and not any_kong:
            raise ContextError("杠上开花 (kong_replacement) needs a kong among the melds")
        if robbing and (in_melds or standing[win] != 1):
            raise ContextError(
                f"抢杠和 (robbing_kong): another player is adding the fourth {tile_name(win)} to a pung, so the "
                "winner cannot hold another copy")
        heavenly = ctx.heavenly
        kind = type(ctx)
        if heavenly or ctx.earthly or (kind is not WinContext and (  # only these can carry an extras flag
                kind is not GuobiaoContext or ctx.human or ctx.wildcard_kong)):  # type: ignore[attr-defined]
            self._check_extras(melds, ctx)
        seat = ctx.seat_wind
        return (packed, meld_strs, win, ctx.discarder is None, last_tile, ctx.last_wall_tile,
                ctx.kong_replacement or robbing, seat if seat is not None else (ctx.winner - ctx.dealer) % 4,
                ctx.prevalent_wind, heavenly)

    def _check_extras(self, melds: tuple[Meld, ...], ctx: WinContext) -> None:
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
            if not ctx.winner_is_dealer or not ctx.self_drawn or melds:
                raise ContextError("天和 (heavenly): the dealer wins on the initial deal, self-drawn, with no melds")
        if ctx.earthly:
            if ctx.winner != (ctx.dealer + 1) % 4 or not ctx.self_drawn or melds:
                raise ContextError("地和 (earthly): the dealer's next player (下家) wins by self-draw on the first "
                                   "draw, with no melds (国标麻将计分方式)")
        if wild and not any(m.is_kong for m in melds):
            raise ContextError("混杠 (wildcard_kong): the kong of four 混 must be among the melds")

    def _result(self, flowers: int, win_tile: int, ctx: WinContext, meld_strs: list[str], last_tile: bool,
                table: list[int], reading: Decomposition | None, wait: str | None,
                items: tuple[ScoreItem, ...] | None = None, fan_total: int = 0) -> ScoreResult:
        """The ScoreResult of the chosen fan vector (``items`` / ``fan_total``: already built from it by the
        kernel)."""
        if self.config.extras:
            table = list(table)
            extras = self._extra_fans(table, reading, ctx)
            scored = list(compress(_FAN_INDICES, table))  # the few fans present
            fan_no_flowers = sum([_FAN_VALUES[i] * table[i] for i in scored])
            listed = [_item(i, table[i]) for i in scored]
            fan_no_flowers += sum(_ALL_FANS[i].value * n for i, n in extras)
            listed += [_item(i, n) for i, n in extras]
            if flowers:
                listed.append(_item(F.FLOWER_TILES, flowers))
            item_tuple = tuple(listed)
        else:
            assert items is not None  # (both kernels build the items from the fan vector: _select_kernel)
            item_tuple, fan_no_flowers = items, fan_total
            if flowers:
                item_tuple += (_item(F.FLOWER_TILES, flowers),)
        total = fan_no_flowers + flowers
        min_fan = self.config.min_fan
        valid = fan_no_flowers >= min_fan
        details = _details(fan_no_flowers, flowers, list(meld_strs), reading, win_tile,
                           last_tile and not ctx.last_tile, valid, ctx.discarder is None)
        # every field is built here from checked data; _new_result skips only the frozen dataclass's per-field
        # __init__, not its zero-sum check
        return _new_result({
            "ruleset": self.name, "items": item_tuple, "total": total, "unit": "fan", "reading": reading,
            "wait": wait, "valid": valid, "payments": _payments(ctx.winner, ctx.discarder, total, valid),
            "invalid_reason": None if valid else _invalid_reason(fan_no_flowers, min_fan),
            "details": details,
        })

    def _extra_fans(self, table: list[int], reading: Decomposition | None, ctx: WinContext) -> list[tuple[int, int]]:
        """The opt-in non-Guobiao hands (spec guobiao_settlement.md §2), on top of the hand's own fans, as (fan
        index, count); their exclusions (四方大发 不计 大四喜 碰碰和 圈风刻 门风刻 三风刻) are applied to ``table``
        in place."""
        out: list[tuple[int, int]] = []
        if table[EXTRA_HAND_FANS[0]] and reading is not None and reading.form is Form.REGULAR \
                and reading.pairs == (_GREEN_DRAGON,):
            out.append((_EXTRA_INDEX["big_four_winds_and_green_pair"], 1))
        if ctx.heavenly:
            out.append((_EXTRA_INDEX["heavenly_hand"], 1))
        if ctx.earthly:
            out.append((_EXTRA_INDEX["earthly_hand"], 1))
        if isinstance(ctx, GuobiaoContext) and ctx.human:
            out.append((_EXTRA_INDEX["human_hand"], 1))
        if isinstance(ctx, GuobiaoContext) and ctx.wildcard_kong:
            out.append((_EXTRA_INDEX["wildcard_kong"], 1))
        for i, _ in out:
            for k in _ALL_FANS[i].excludes:
                table[FAN_INDEX[k]] = 0
        return out


_GREEN_DRAGON = 32  #: 发
#: the fans an opt-in extra hand is read from (四方大发: 大四喜 with a pair of 发): a win whose fan vector holds one
#: is scored here even where the hand core decides the minimum (mahjong.game.core.guobiao_in_c)
EXTRA_HAND_FANS: tuple[int, ...] = (F.BIG_FOUR_WINDS,)


def _checked_context(context: WinContext | None) -> WinContext:
    if context is None:
        return WinContext()
    if not isinstance(context, WinContext):
        raise ContextError(f"the context is a GuobiaoContext or WinContext, got {type(context).__name__}")
    return context




_SETTLE_DRAWN = "self-drawn: each other seat pays 8 + fan"
_SETTLE_DISCARD = "discard: the discarder pays 8 + fan, the others 8 each"
_SETTLE_FALSE = "诈和 (false win): the published scoring rules give no penalty, so no payments"

_RESULT_FIELDS = ("ruleset", "items", "total", "unit", "reading", "wait", "valid", "payments", "invalid_reason",
                  "details")
#: ScoreResult is a frozen dataclass with these fields and no __slots__: a result can be filled in directly
_DIRECT_RESULT = (not hasattr(ScoreResult, "__slots__")
                  and tuple(fd.name for fd in fields(ScoreResult)) == _RESULT_FIELDS)


def _details(fan: int, flowers: int, exposed: list[str], reading: Decomposition | None, win_tile: int,
             last_tile_derived: bool, valid: bool, self_drawn: bool) -> dict[str, Any]:
    """A result's ``details``: the fan without flowers, the flowers, the melds' notation (the exposed ones,
    then the whole reading), the pair, the winning tile, whether 和绝张 was derived, the settlement line."""
    if reading is None:
        melds, pair = list(exposed), None
    else:
        reading_melds, pair = _reading_text(reading)
        melds = exposed + reading_melds  # a fresh list per result (details are the caller's to keep)
    return {
        "fan": fan,
        "flowers": flowers,
        "exposed_melds": exposed,
        "melds": melds,
        "pair": pair,
        "winning_tile": _tile_name(win_tile),
        "last_tile_derived": last_tile_derived,
        "settlement": (_SETTLE_DRAWN if self_drawn else _SETTLE_DISCARD) if valid else _SETTLE_FALSE,
    }


def _details_of_melds(fan: int, flowers: int, melds: tuple[Meld, ...], reading: Decomposition | None,
                      win_tile: int, last_tile_derived: bool, valid: bool, self_drawn: bool) -> dict[str, Any]:
    """_details from the hand's melds (the compiled path writes these details on first access)."""
    return _details(fan, flowers, [_meld_str(m) for m in melds], reading, win_tile, last_tile_derived, valid,
                    self_drawn)


def _invalid_reason(fan: int, min_fan: int) -> str:
    return f"false win: {fan} fan without flowers, under the {min_fan}-fan minimum"


def _new_result(values: dict[str, Any]) -> ScoreResult:
    """A ScoreResult with these field values: filled in directly when its layout allows (the frozen dataclass's
    __init__ costs one object.__setattr__ per field), then checked by its own ``__post_init__`` — the zero-sum
    invariant holds for every result either way.  Same object as the constructor's (tests/guobiao/
    test_gb_corpus.py compares the two)."""
    if _DIRECT_RESULT:
        r = object.__new__(ScoreResult)
        object.__setattr__(r, "__dict__", values)  # (the fresh dict becomes the instance's: no copy)
        r.__post_init__()
        return r
    return ScoreResult(**values)


@lru_cache(maxsize=4096)
def _payments(winner: int, discarder: int | None, total: int, valid: bool) -> tuple[int, ...]:
    return guobiao_payments(winner, discarder, total, valid)


@lru_cache(maxsize=64)
def _tile_name(t: int) -> str:
    return tile_name(t)


_ALL_FANS = dict(enumerate(FANS + EXTRA_FANS))  #: the rows by index (the extras after the 83 fans)
_EXTRA_INDEX = {f.key: i for i, f in _ALL_FANS.items() if i >= len(FANS)}
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
def _select_kernel() -> Any:
    """The Guobiao fan kernel: the compiled one (``mahjong._core._gb_score``) when the compiled backend is in
    use, else its pure-Python twin (``scorer.score``, MAHJONG_PURE_PYTHON=1); both get the rule layer's
    prebuilt ScoreItems for the items they build from the fan vector."""
    S.items_init(_ITEM_ROWS, _item)
    kernel = getattr(K, "_gb_score", None)
    if kernel is None:
        return S.score
    K._gb_items_init(_ITEM_ROWS, _item)  # type: ignore[attr-defined]  # private kernel function
    return kernel


#: the scorer of one packed hand record: compiled, or the pure-Python twin
_KERNEL: Any = _select_kernel()
#: the compiled kernel's one-call and text paths exist only with the compiled backend
_COMPILED = _KERNEL is not S.score
#: the kernel's wait indices -> the result's wait names
_WAITS = KT.WAITS
#: the kernel's scanner of plain ascii notation (None on the pure-Python backend)
_SCAN: Any = getattr(K, "_gb_scan", None) if _COMPILED else None
_RECORD_OK: Any = getattr(K, "_gb_record_ok", None)
#: a meld's text (inside its brackets) -> the Meld the notation reader makes of it
_MELD_OF_TEXT: dict[str, Meld] = {}


def _meld_of_text(body: str) -> Meld:
    m = _MELD_OF_TEXT.get(body)
    if m is None:
        melds = parse_hand(f"[{body}]", infer_win_tile=False).melds
        if len(melds) != 1:
            raise HandError(f"not one meld: [{body}]")
        m = melds[0]
        if len(_MELD_OF_TEXT) < 1 << 14:
            _MELD_OF_TEXT[body] = m
    return m


#: what both scoring paths read from a checked hand and context (Guobiao._win_state): (the packs for the kernel
#: record (kind, tile id, claimed; 3 bytes each), the melds' notation, winning tile,
#: self-drawn, 和绝张 (derived when the hand's own melds hold the other three copies), last tile of the wall,
#: kong involved (杠上开花 / 抢杠和), seat wind, prevalent wind, 天和)
_WinState = tuple[bytes, list[str], int, bool, bool, bool, bool, int, int, bool]


_PAD = tuple(bytes(3 * (4 - n)) for n in range(5))
_FLAG = {name: 1 << i for i, name in enumerate(KT.FLAG_BITS)}
_F_DRAWN, _F_LAST, _F_WALL, _F_KONG, _F_HEAVENLY = (_FLAG[n] for n in KT.FLAG_BITS)


def _record(h: Hand, w: _WinState) -> bytes:
    return _record_of(h.counts, len(h.flowers), w)


def _record_of(counts: bytes, n_flowers: int, w: _WinState) -> bytes:
    """The kernel's packed record of a checked hand (kernel_table.RECORD), built from the Hand's count bytes and
    the melds' cached pack bytes: no per-tile objects."""
    packed, _, win, self_drawn, last_tile, wall_last, kong, seat, prevalent, heavenly = w
    flags = ((_F_DRAWN if self_drawn else 0) | (_F_LAST if last_tile else 0) | (_F_WALL if wall_last else 0)
             | (_F_KONG if kong else 0) | (_F_HEAVENLY if heavenly else 0))
    n = len(packed) // 3
    return b"".join((counts, bytes((win, flags, seat, prevalent, n_flowers, n)), packed, _PAD[n]))


RECORD_SIZE = KT.REC_SIZE


class GuobiaoBatch(NamedTuple):
    """The answers of :meth:`Guobiao.score_batch` / :meth:`Guobiao.score_records`, one row per hand."""

    totals: Any  #: numpy int32 (N,): the total in fan, flowers included; 0 where ``errors[i]`` is set
    fans: Any  #: numpy int32 (N, 83): each fan's count, in the order of ``FANS`` (花牌 = the flowers)
    valid: Any  #: numpy bool (N,): scored and at least ``min_fan`` without the flowers
    errors: list[str | None]  #: why a hand was not scored (bad hand or context, malformed record, no win)


_BATCH_ERRORS = {1: "not a complete Guobiao hand (four sets and a pair, seven pairs, thirteen orphans, honors and "
                    "knitted tiles, or a knitted straight with a set and a pair)",
                 2: "malformed hand record (counts, packs, winning tile, winds or flowers out of range)"}
#: the compiled batch kernel, or None (pure-Python backend)
_BATCH_KERNEL: Any = K._gb_score_batch if _COMPILED else S.score_batch  # type: ignore[attr-defined]


def _numpy() -> Any:
    try:
        import numpy
    except ImportError:
        raise ImportError("Guobiao.score_batch / score_records return numpy arrays: pip install numpy") from None
    return numpy


def _not_winning(h: Hand) -> NotWinningError:
    return NotWinningError(code="not-win-guobiao")


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


#: per meld (keyed by kind identity, tiles, source: what its text and its pack depend on): (its notation, its
#: record pack (kind CHOW/PUNG/KONG, tile id (a chow's middle tile), claimed), its copies of each tile, is a
#: kong) — hashing a Meld itself goes through Python-level __hash__s
_MeldInfo = tuple[str, bytes, bytes, bool]
_MELD_INFO: dict[tuple[int, tuple[int, ...], int | None], _MeldInfo] = {}


#: the same, by the Meld object's identity (parsed melds are shared objects): (the meld, its info); the meld is
#: kept in the entry, and checked with ``is``, so a reused id can never answer for another meld
_MELD_BY_ID: dict[int, tuple[Any, _MeldInfo]] = {}


def _meld_info(m: Any) -> _MeldInfo:
    """A meld's (notation, record pack bytes, its copies of each tile (34 bytes), is a kong)."""
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
            kind, tile, claimed = S.CHOW, m.tiles[1], True
        elif m.kind is MeldKind.PUNG:
            kind, tile, claimed = S.PUNG, m.tile, True
        else:
            kind, tile, claimed = S.KONG, m.tile, m.kind is not MeldKind.CONCEALED_KONG
        copies = bytearray(34)
        for t in m.tiles:
            copies[t] += 1
        info = (str(m), bytes((kind, tile, claimed)), bytes(copies), kind == S.KONG)
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


def _init_fast(core: Any) -> Any:
    """The compiled module's one-call scorer (``_gb_score_fast``) with the rule layer's parts of a result (the
    result type and its check, the details writer, payments, texts, the meld kinds' packs) handed to it."""
    kinds = bytearray(len(MELD_KIND_CODES))
    for mk, code in MELD_KIND_CODES.items():
        kind = S.CHOW if mk is MeldKind.CHOW else S.PUNG if mk is MeldKind.PUNG else S.KONG
        kinds[code] = kind | (0 if mk is MeldKind.CONCEALED_KONG else 4)  # (bit 2: claimed from another player)
    core._gb_fast_init(ScoreResult, _details_of_melds, _payments, _invalid_reason, S.nine_gates_reading, _WAITS,
                       [None] + [_item(F.FLOWER_TILES, n) for n in range(1, 9)], bytes(kinds))
    return core._gb_score_fast


#: the one-call compiled scorer of a Hand's packed form and a context, or None (pure-Python backend)
_FAST: Any = _init_fast(K) if _COMPILED else None
#: the one-call compiled scorer of plain ascii notation (None: pure-Python backend)
_FAST_TEXT: Any = getattr(K, "_gb_score_text", None) if _FAST is not None else None
#: a meld's text (inside its brackets) -> (the Meld the notation reader makes of it, its packed form)
_MELD_PACKS: dict[str, tuple[Meld, bytes]] = {}
_NO_CONTEXT = WinContext()
