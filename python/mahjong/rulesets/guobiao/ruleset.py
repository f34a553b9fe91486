"""The Guobiao rule set: ``Guobiao(config=None, **options).score(hand, context) -> ScoreResult``."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, fields
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
from mahjong.rulesets.guobiao import detectors as D
from mahjong.rulesets.guobiao import fans as F
from mahjong.rulesets.guobiao import kernel_table as KT
from mahjong.rulesets.guobiao import scorer as S
from mahjong.rulesets.guobiao.config import GuobiaoConfig
from mahjong.rulesets.guobiao.readings import regular_readings
from mahjong.rulesets.guobiao.fans import EXTRA_FANS, FAN_BY_KEY, FANS, Fan
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
        self._opt_bits = KT.option_bits(self.config)  #: the options as the kernel reads them
        self._extras = self.config.extras  #: (the result needs the fan vector only for the extras)
        self._min_fan = self.config.min_fan

    @property
    def hand_rules(self) -> HandRules:
        return GUOBIAO

    # ------------------------------------------------------------------------------------------ scoring

    def score(self, hand: Hand | str, context: WinContext | None = None) -> ScoreResult:
        """Score a complete hand (14 tiles, kongs counted as 3; the winning tile among the concealed tiles)."""
        if _FAST is not None and not self._extras:
            # one compiled call from the Hand's packed form and the context (None: anything for the full path)
            r: ScoreResult | None
            if type(hand) is Hand:
                r = _FAST(hand.packed, hand.melds, _NO_CONTEXT if context is None else context, self._opt_bits,
                          self._min_fan, self.name)
                if r is not None:
                    return r
            elif type(hand) is str:
                r = _FAST_TEXT(hand, _MELD_PACKS, _NO_CONTEXT if context is None else context, self._opt_bits,
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
        if _KERNEL is not None:
            return self._score_compiled(h, ctx)
        return self._score_py(h, ctx)

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
        result: ScoreResult | None = _FAST(pack, melds, _NO_CONTEXT if context is None else context,
                                           self._opt_bits, self._min_fan, self.name)
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
            reading = _nine_gates_reading(record[:34])
        return self._result(record[38], w[3], ctx, w[2], w[5], table, reading, _WAITS[wait], items, fan_total)

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
            reading = _nine_gates_reading(h.counts)
        return self._result(len(h.flowers), w[3], ctx, w[2], w[5], table, reading, _WAITS[wait], items, fan_total)

    def _score_py(self, h: Hand, ctx: WinContext) -> ScoreResult:
        """The pure-Python path (MAHJONG_PURE_PYTHON=1), the compiled kernel's twin."""
        w = self._win_state(h, ctx)
        chosen = self._best(self._facts(h.counts, w))
        if chosen is None:
            raise _not_winning(h)
        table, reading, wait = chosen
        return self._result(len(h.flowers), w[3], ctx, w[2], w[5], table, reading, wait)

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
        if _BATCH_KERNEL is not None:
            _BATCH_KERNEL(records, self._opt_bits, totals, fans, status)
        else:
            for i in range(n):
                scored = self._score_record_py(bytes(records[i * RECORD_SIZE:(i + 1) * RECORD_SIZE]))
                if isinstance(scored, int):
                    status[i] = scored
                else:
                    fans[i] = scored
                    totals[i] = S.table_total(scored)
        for i in np.flatnonzero(status).tolist():
            if errors[i] is None:
                errors[i] = _BATCH_ERRORS[int(status[i])]
        valid = (status == 0) & (totals - fans[:, F.FLOWER_TILES] >= self.config.min_fan)
        return GuobiaoBatch(totals, fans, valid, errors)

    def _score_record_py(self, rec: bytes) -> list[int] | int:
        """Pure-Python twin of the kernel on one record: the fan vector (花牌 included), or the kernel's status
        (1 not a winning hand, 2 malformed record)."""
        packs = _record_packs(rec)
        if packs is None:
            return 2
        win, flags, seat, prevalent, flowers = rec[34:39]
        standing = rec[:34]
        f = S.Facts(packs, standing, None if packs else standing, _CODE[win], bool(flags & _F_DRAWN),
                    bool(flags & _F_LAST), bool(flags & _F_WALL), bool(flags & _F_KONG), seat, prevalent,
                    heavenly=bool(flags & _F_HEAVENLY))
        chosen = self._best(f)
        if chosen is None:
            return 1
        table = list(chosen[0])
        table[F.FLOWER_TILES] = flowers
        return table

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
            infos = [info]
            meld_strs = [info[1]]
            packed = info[2]
            in_melds = info[3][win]  # copies of the winning tile in the melds
            any_kong = info[4]
        elif n_melds:
            infos = [_meld_info(m) for m in melds]
            meld_strs = [info[1] for info in infos]
            packed = b"".join([info[2] for info in infos])
            in_melds = sum([info[3][win] for info in infos])
            any_kong = any([info[4] for info in infos])
        else:
            infos, meld_strs, packed, in_melds, any_kong = [], [], b"", 0, False
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
        return (infos, packed, meld_strs, win, ctx.discarder is None, last_tile, ctx.last_wall_tile,
                ctx.kong_replacement or robbing, seat if seat is not None else (ctx.winner - ctx.dealer) % 4,
                ctx.prevalent_wind, heavenly)

    def _facts(self, standing: bytes, w: _WinState) -> S.Facts:
        """The pure-Python scorer's view of the hand (codes, not tile ids: the detectors' coordinates)."""
        infos, _, meld_strs, win, self_drawn, last_tile, wall_last, kong, seat, prevalent, heavenly = w
        fixed = [info[0] for info in infos]
        # (the tile kinds and their mask, Facts.unique / .mask, are worked out on first read)
        return S.Facts(fixed, standing, None if fixed else standing, _CODE[win], self_drawn, last_tile, wall_last,
                       kong, seat, prevalent, heavenly=heavenly, meld_strs=meld_strs)

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

    def _best(self, f: S.Facts) -> tuple[list[int], Decomposition | None, str | None] | None:
        """就高不就低: the special forms, then every regular reading; the reference's tie rules (reference step 5)."""
        opts = self._opts
        best: list[int] | None = None
        reading: Decomposition | None = None
        wait: str | None = None
        special = None
        n_fixed = len(f.fixed)
        if n_fixed == 0:
            special = self._special(f)
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
            if not f.heavenly:
                f.wait_test = lambda: _unique_wait(f)
            chosen = S.best_regular(f, opts, max_total, seven_pairs)
            if chosen is not None:
                melds, pair, best, max_total = chosen
                reading = _regular_decomposition(melds, pair)
                wait = _regular_wait(best, melds, pair, f)
        if best is None or max_total == 0:
            return None
        return best, reading, wait

    def _special(self, f: S.Facts) -> tuple[list[int], Decomposition | None, str | None] | None:
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
            fan_no_flowers += sum(fan.value * n for fan, n in extras)
            listed += [_item(fan.idx, n) for fan, n in extras]
            if flowers:
                listed.append(_item(F.FLOWER_TILES, flowers))
            item_tuple = tuple(listed)
        else:
            if items is not None:
                item_tuple, fan_no_flowers = items, fan_total
            else:  # the items and the fan total depend on the fan vector alone: built once per distinct vector
                item_tuple, fan_no_flowers = _items_of_py(table)
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
    return f"诈和 (false win): {fan} fan without flowers, under the {min_fan}-fan minimum"


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
    The pure-Python path's twin of the items the compiled kernel builds from its fan vector (the corpus twin
    test, tests/guobiao/test_gb_corpus.py, compares whole results)."""
    key = tuple(table)
    hit = _ITEMS_BY_TABLE.get(key)
    if hit is None:
        scored = list(compress(_FAN_INDICES, table))
        hit = (tuple(_item(i, table[i]) for i in scored),  # (shared ScoreItems: _item is cached)
               sum(_FAN_VALUES[i] * table[i] for i in scored))
        if len(_ITEMS_BY_TABLE) < 1 << 16:  # bounded against an adversarial stream of hands
            _ITEMS_BY_TABLE[key] = hit
    return hit


def _select_kernel() -> Any:
    """The compiled Guobiao kernel (``mahjong._core._gb_score``) when the compiled backend is in use, with the
    rule layer's prebuilt ScoreItems handed to it; None with MAHJONG_PURE_PYTHON=1 (the Python scorer)."""
    kernel = getattr(K, "_gb_score", None)
    if kernel is None:
        return None
    K._gb_items_init(_ITEM_ROWS, _item)  # type: ignore[attr-defined]  # private kernel function
    return kernel


#: the compiled scorer of one packed hand record, or None (pure-Python backend)
_KERNEL: Any = _select_kernel()
#: the kernel's wait indices -> the result's wait names
_WAITS = KT.WAITS
#: the kernel's scanner of plain ascii notation (None on the pure-Python backend)
_SCAN: Any = getattr(K, "_gb_scan", None) if _KERNEL is not None else None
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


#: what both scoring paths read from a checked hand and context (Guobiao._win_state): (meld infos (_meld_info),
#: the packs for the kernel record (kind, tile id, claimed; 3 bytes each), the melds' notation, winning tile,
#: self-drawn, 和绝张 (derived when the hand's own melds hold the other three copies), last tile of the wall,
#: kong involved (杠上开花 / 抢杠和), seat wind, prevalent wind, 天和)
_WinState = tuple[list["_MeldInfo"], bytes, list[str], int, bool, bool, bool, bool, int, int, bool]


_PAD = tuple(bytes(3 * (4 - n)) for n in range(5))
_FLAG = {name: 1 << i for i, name in enumerate(KT.FLAG_BITS)}
_F_DRAWN, _F_LAST, _F_WALL, _F_KONG, _F_HEAVENLY = (_FLAG[n] for n in KT.FLAG_BITS)


def _record(h: Hand, w: _WinState) -> bytes:
    return _record_of(h.counts, len(h.flowers), w)


def _record_of(counts: bytes, n_flowers: int, w: _WinState) -> bytes:
    """The kernel's packed record of a checked hand (kernel_table.RECORD), built from the Hand's count bytes and
    the melds' cached pack bytes: no per-tile objects."""
    _, packed, _, win, self_drawn, last_tile, wall_last, kong, seat, prevalent, heavenly = w
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


_BATCH_ERRORS = {1: "not a complete Guobiao hand (4 melds + a pair, 七对, 十三幺, 全不靠 / 七星不靠 or 组合龙 + a "
                    "meld + a pair)",
                 2: "malformed hand record (counts, packs, winning tile, winds or flowers out of range)"}
#: the compiled batch kernel, or None (pure-Python backend)
_BATCH_KERNEL: Any = getattr(K, "_gb_score_batch", None) if _KERNEL is not None else None


def _numpy() -> Any:
    try:
        import numpy
    except ImportError:
        raise ImportError("Guobiao.score_batch / score_records return numpy arrays: pip install numpy") from None
    return numpy


def _record_packs(rec: bytes) -> list[tuple[int, int, bool]] | None:
    """The Python scorer's packs (kind, code, claimed) of a record, or None when the record is malformed (the
    kernel's checks, _gb_load)."""
    counts = rec[:34]
    win, _, seat, prevalent, flowers, n = rec[34:40]
    if max(counts) > 4 or win >= 34 or counts[win] == 0 or seat > 3 or prevalent > 3 or n > 4 or flowers > 8:
        return None
    if sum(counts) + 3 * n != 14:
        return None
    whole = list(counts)
    packs = []
    for i in range(n):
        kind, tile, claimed = rec[40 + 3 * i:43 + 3 * i]
        if kind > S.KONG or tile >= 34 or claimed > 1:
            return None
        if kind == S.CHOW:
            if tile >= 27 or tile % 9 in (0, 8):
                return None
            for t in (tile - 1, tile, tile + 1):
                whole[t] += 1
        else:
            whole[tile] += 4 if kind == S.KONG else 3
        packs.append((kind, _CODE[tile], bool(claimed)))
    if max(whole) > 4:
        return None
    return packs


def _not_winning(h: Hand) -> NotWinningError:
    return NotWinningError(
        f"not a complete Guobiao hand: {_describe(h)} is not 4 melds + a pair, 七对, 十三幺, 全不靠 / 七星不靠 "
        "or 组合龙 + a meld + a pair")


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
_MeldInfo = tuple[tuple[int, int, bool], str, bytes, bytes, bool]
_MELD_INFO: dict[tuple[int, tuple[int, ...], int | None], _MeldInfo] = {}


#: the same, by the Meld object's identity (parsed melds are shared objects): (the meld, its info); the meld is
#: kept in the entry, and checked with ``is``, so a reused id can never answer for another meld
_MELD_BY_ID: dict[int, tuple[Any, _MeldInfo]] = {}


def _meld_info(m: Any) -> _MeldInfo:
    """A meld's (Python scorer pack with a code, notation, kernel pack bytes, its copies of each tile (34 bytes),
    is a kong)."""
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
        info = ((kind, D.CODE[tile], claimed), str(m), bytes((kind, tile, claimed)), bytes(copies), kind == S.KONG)
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


def _unique_wait(f: S.Facts) -> bool:
    """独听 (reference): with the winning tile taken out, exactly one tile completes the hand (regular form, plus
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


def _init_fast(core: Any) -> Any:
    """The compiled module's one-call scorer (``_gb_score_fast``) with the rule layer's parts of a result (the
    result type and its check, the details writer, payments, texts, the meld kinds' packs) handed to it."""
    kinds = bytearray(len(MELD_KIND_CODES))
    for mk, code in MELD_KIND_CODES.items():
        kind = S.CHOW if mk is MeldKind.CHOW else S.PUNG if mk is MeldKind.PUNG else S.KONG
        kinds[code] = kind | (0 if mk is MeldKind.CONCEALED_KONG else 4)  # (bit 2: claimed from another player)
    core._gb_fast_init(ScoreResult, _details_of_melds, _payments, _invalid_reason, _nine_gates_reading, WinContext,
                       GuobiaoContext, _WAITS, [None] + [_item(F.FLOWER_TILES, n) for n in range(1, 9)], bytes(kinds))
    return core._gb_score_fast


#: the one-call compiled scorer of a Hand's packed form and a context, or None (pure-Python backend)
_FAST: Any = _init_fast(K) if _KERNEL is not None else None
#: the one-call compiled scorer of plain ascii notation (None: pure-Python backend)
_FAST_TEXT: Any = getattr(K, "_gb_score_text", None) if _FAST is not None else None
#: a meld's text (inside its brackets) -> (the Meld the notation reader makes of it, its packed form)
_MELD_PACKS: dict[str, tuple[Meld, bytes]] = {}
_NO_CONTEXT = WinContext()
