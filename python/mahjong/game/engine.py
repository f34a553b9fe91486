"""The engine: one hand of play under a rule set's flow, driven by actions, recorded as events.

See the :mod:`mahjong.game` package docstring for the step API.  The engine produces events; the
:class:`~mahjong.game.state.HandState` folds them; legal actions are computed from the state and the flow; the
settlement is the rule set's ``settle()`` over the record the fold builds (:func:`record_of`).
"""

from __future__ import annotations

import functools
import threading
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import fields
from typing import Any, Protocol, TypeVar, runtime_checkable

from mahjong._kernels import backend_module as K
from mahjong.errors import ContextError, MahjongError, RulesError, listed, shown_number, whole
from mahjong.framework import RuleSet, ScoreResult, WinContext, field_set, get_ruleset
from mahjong.game.actions import (
    ADDED_KONGS,
    CONCEALED_KONGS,
    DISCARDS,
    FLOWER_ACTIONS,
    KONGS,
    N_ACTIONS,
    PASS_ACTION,
    PICKS,
    PUNGS,
    READIES,
    WINS,
    Action,
    IllegalActionError,
    as_action,
    as_seat,
)
from mahjong.game.events import (
    BonusSetAside,
    Claimed,
    Dealt,
    DiceRolled,
    Discarded,
    Drew,
    GameEvent,
    HaidiFished,
    HandEnded,
    HandStarted,
    KongDeclared,
    KongRobbed,
    KongsShown,
    LackDeclared,
    Paid,
    Penalized,
    TilePicked,
    TilesPassed,
    TilesSwapped,
    WallBuilt,
    WallEnd,
    Won,
)
from mahjong.game.flows import Flow, flow_class
from mahjong.game.flows.base import split_options
from mahjong.game.rng import SplitMix64, check_seed, shuffled, wall_digest
from mahjong.game.state import HandState, Phase
from mahjong.settlement import Draw, HandRecord, Kong, Settlement, Win

__all__ = ["Game", "HandTable", "record_of", "make_flow", "ENGINES", "SpecialHooks"]

_PASS = PASS_ACTION

#: held while a hand takes an answer (act, step, penalize): answers given from several threads take turns
#: (interleaved, two answers to one hand left it stuck, or over with no settlement).  One lock for every hand:
#: a hand's answer holds the GIL throughout anyway, so hands in several threads lose nothing to it.
_ANSWERING = threading.RLock()
_F = TypeVar("_F", bound=Callable[..., Any])


def integer_seat(seat: Any) -> Any:
    """A numpy integer seat as the same int; any other seat as given (observe's check says it is not at the
    table)."""
    try:
        return as_seat(seat)
    except IllegalActionError:
        return seat


def _integer_as_int(answer: Any) -> Any:
    """A numpy integer answer as the same int; any other answer as given (step's check names its seat)."""
    try:
        return as_action(answer)
    except IllegalActionError:
        return answer


def one_answer_at_a_time(method: _F) -> _F:
    """A method that changes a hand: it runs under :data:`_ANSWERING`."""

    @functools.wraps(method)
    def serialized(*args: Any, **kwargs: Any) -> Any:
        with _ANSWERING:
            return method(*args, **kwargs)

    return serialized  # type: ignore[return-value]
_WIN_FLAGS = ("last_tile", "last_wall_tile", "kong_replacement", "robbing_kong", "after_kong_discard")


def make_flow(rules: str, options: Mapping[str, Any] | None = None) -> Flow:
    """The flow of a preset, with options split between the rule set's ``Config`` and the flow's ``Options``."""
    if not isinstance(rules, str):
        raise RulesError(f"rules must be a preset name, got {rules!r}")
    cls = flow_class(rules)
    rs_opts, flow_opts = split_options(cls, dict(options or {}))
    flow = cls(get_ruleset(rules, **rs_opts), flow_opts)
    flow.ruleset_options = rs_opts
    return flow


def check_penalty(game: Game, seat: object, kind: object, answer: object) -> int:
    """Refuse an outside judge's penalty that cannot be given (``Game.penalize``, on either engine): penalties
    off, no such seat or penalty, an answer that is not text, a hand already over; else the seat as an int."""
    from mahjong.game.events import PENALTY_KINDS

    if not game.flow.penalties:
        raise RulesError("penalties are off in this game (they are on in the Botzone format: options "
                         "botzone, or penalties)")
    seat = as_seat(seat)
    if seat not in game.flow.seats:
        raise RulesError(f"seat must be one of the seats {listed(game.flow.seats)}, got {seat!r}")
    if not isinstance(kind, str) or kind not in PENALTY_KINDS:
        raise RulesError(f"unknown penalty {kind!r}; known: {listed(PENALTY_KINDS)}")
    if not isinstance(answer, str):
        raise RulesError(f"answer is text, got {type(answer).__name__}")
    if game.done:
        raise IllegalActionError(f"the hand is over: no penalty can be given (seat {seat}, {kind})")
    return seat


ENGINES = ("auto", "core", "python")

#: the Game subclass on the compiled hand core (mahjong.game.core.CoreGame), registered by that module when it is
#: imported (mahjong.game imports it): the core is built on this engine, which does not import it
_CORE_GAME: list[Any] = [None]


def register_core_game(cls: type[Game]) -> None:
    """Make ``Game(...)`` a ``cls`` wherever its ``flow_for(rules, options)`` says the compiled core plays the
    flow (``engine="auto"``; ``engine="core"`` always)."""
    _CORE_GAME[0] = cls


@runtime_checkable
class SpecialHooks(Protocol):
    """The special-rules hooks a flow may have (a rule file's ``[[opening]]``, ``[[instant_wins]]`` and
    ``[horses]``: :class:`mahjong.rulebook.special.SpecialFlow`).  The Python engine calls them at four points:

    - :meth:`opening_events` once after the deal (起手小胡: :class:`~mahjong.game.events.OpeningDeclared`);
    - :meth:`instant_win` for the dealer after the deal and for a seat after each of its draws (四红中 / 四鬼 /
      将将胡 on a self-draw: an :class:`~mahjong.game.events.InstantWon` that ends the hand);
    - :meth:`after_win_events` when a hand with wins ends (买马: :class:`~mahjong.game.events.HorsesTurned`);
    - the flow's ``extra_lines`` folds these events into payments at the hand's end.

    The events are logged like any other and replay the same; the compiled core never plays such a flow."""

    def has_special(self) -> bool: ...

    def opening_events(self, state: HandState) -> list[GameEvent]: ...

    def instant_win(self, state: HandState, seat: int, tile: int | None) -> GameEvent | None: ...

    def after_win_events(self, state: HandState) -> list[GameEvent]: ...


def context_fields(ctx_cls: type[WinContext]) -> frozenset[str]:
    """The win facts a rule set's context class takes (asked at every win offered)."""
    return field_set(ctx_cls)


def check_game_args(seed: Any, salt: Any, hand_number: Any, options: Any, wall: Any,
                    engine: Any) -> tuple[int, int, int, Sequence[int] | None]:
    """The checks of :class:`Game`'s arguments that need no flow (both engines make them, in this order).  Returns
    the seed, salt and hand number as ints (numpy integers are taken) and the wall as a sequence (a 1-D numpy
    integer array is taken as its list)."""
    seed = check_seed(seed)
    numbers = []
    for what, value in (("salt", salt), ("hand_number", hand_number)):
        n = whole(value)
        if n is None or n < 0:
            raise RulesError(f"{what} must be a whole number >= 0, got {shown_number(value)}")
        numbers.append(n)
    if options is not None and not isinstance(options, Mapping):
        raise RulesError(f"options must be a mapping of option names to values, got {type(options).__name__}")
    if getattr(wall, "ndim", None) == 1 and getattr(getattr(wall, "dtype", None), "kind", "") in ("i", "u"):
        wall = wall.tolist()  # a numpy array of tile ids (tolist copies: a later change cannot reach the game)
    if wall is not None and (isinstance(wall, (str, bytes)) or not isinstance(wall, Sequence)):
        raise RulesError(f"an explicit wall is a list of tile ids, got {type(wall).__name__}")
    if engine not in ENGINES:
        raise RulesError(f"engine must be one of {listed(ENGINES)}, got {engine!r}")
    return seed, numbers[0], numbers[1], wall


def check_seats(flow: Flow, dealer: Any, prevalent_wind: Any) -> tuple[int, int]:
    """The dealer (default: the flow's first seat) and the prevalent wind as ints, after checking them (numpy
    integers are taken; a bool or a float is not: they would index lists)."""
    d = flow.seats[0] if dealer is None else whole(dealer)
    if d is None or d not in flow.seats:
        raise RulesError(f"dealer must be one of the seats {listed(flow.seats)}, got {dealer!r}")
    wind = whole(prevalent_wind)
    if wind is None or wind not in (0, 1, 2, 3):
        raise RulesError(f"prevalent_wind must be 0..3, got {prevalent_wind!r}")
    return d, wind


def _tally(counts: Counter[int]) -> str:
    """Tiles with their number of copies for a message (``1m ×3, 9z``), a few kinds at most; "-" for none (the
    same in both languages)."""
    from mahjong.tiles import tile_name

    def name(t: int) -> str:
        return tile_name(t) if 0 <= t < 42 else str(t)  # (an id outside the tile set: shown as given)

    kinds = sorted(counts)
    parts = [name(t) + (f" ×{counts[t]}" if counts[t] > 1 else "") for t in kinds[:8]]
    return (", ".join(parts) + (", …" if len(kinds) > 8 else "")) or "-"


def checked_wall(flow: Flow, rules: str, wall: Sequence[int]) -> list[int]:
    """An explicit wall as a list, after checking it holds exactly the flow's tile set."""
    given: list[int] = []
    for t in wall:
        n = whole(t)  # (numpy integers taken as ints)
        if n is None:
            raise RulesError("an explicit wall is a list of tile ids")
        given.append(n)
    tiles = flow.tiles()
    if sorted(given) != sorted(tiles):
        have, want = Counter(given), Counter(tiles)
        raise RulesError(
            f"the wall does not hold the {rules} tile set ({len(tiles)} tiles): got {len(given)}; "
            f"extra {_tally(have - want)}, missing {_tally(want - have)}"
        )
    return given


class HandTable:
    """What the Python engine and the compiled core's driver (:mod:`mahjong.game.core`) share: the win facts
    and scores read from the folded :class:`HandState`, and the settlement over the events.  A subclass sets
    ``flow``, ``ruleset``, ``state``, ``events`` and the bookkeeping attributes below, and ``_emit``."""

    flow: Flow
    ruleset: RuleSet[Any]
    state: HandState
    events: list[GameEvent]
    settlement: Settlement | None
    _win_cache: dict[tuple[int, int, int], ScoreResult | None]
    _became_ready: list[int]
    _draw_hands: dict[int, str]
    _paid: Counter[tuple[int, int, int, str, int | None]]
    _record_index: list[int]
    #: the flow's special-rules hooks, when it has special rules (rbgames); None = none
    _special: SpecialHooks | None = None
    #: the score of the complete hand a false win (WH) was declared on, shown with the settlement's results
    _false_win: ScoreResult | None = None

    def _emit(self, ev: GameEvent) -> None:
        self.state.apply(ev)
        self.events.append(ev)

    def wins_made(self) -> list[Won]:
        """The hand's wins so far, in order."""
        return self.state.wins

    def _dealer_first_draw(self) -> tuple[int, int, bool, bool] | None:
        """The tile the dealer counts as drawn on its first turn (its 14th): in the Botzone format the last
        playing tile it took from its segment (the judge deals 13 and has the dealer draw the 14th); otherwise
        the highest tile it holds."""
        st = self.state
        if st.segment:
            taken = [t for e in self.events if isinstance(e, (Dealt, Drew)) and e.seat == st.dealer
                     for t in (e.tiles if isinstance(e, Dealt) else (e.tile,))]
            mine = [t for t in taken if t < 34 and not self.flow.is_bonus(t, st) and st.hands[st.dealer][t]]
            if mine:
                return (st.dealer, mine[-1], False, False)
        held = [t for t in range(34) if st.hands[st.dealer][t]]
        return (st.dealer, held[-1], False, False) if held else None

    def ready_order(self) -> list[int]:
        """The seats in the order they became ready (报听's 海底捞月 goes to the one ready first)."""
        return self._became_ready

    # --- wins -------------------------------------------------------------------------------------------------

    def context_kwargs(self, seat: int, tile: int, from_seat: int | None, robbing: bool,
                       state: HandState | None = None) -> dict[str, Any]:
        """The win context of ``seat`` winning on ``tile`` now, as keyword arguments (standard flags derived
        from the state, then the flow's rule-set-specific facts); ``state``: the hand state to read (default:
        the hand's own)."""
        st, flow = (self.state if state is None else state), self.flow
        f = st.win_facts(seat, tile, from_seat, robbing)
        kw: dict[str, Any] = {
            "winner": seat,
            "discarder": from_seat,
            "dealer": st.dealer,
            "seat_wind": f.seat_wind,
            "prevalent_wind": st.prevalent_wind,
        }
        for name in _WIN_FLAGS:
            kw[name] = getattr(f, name)
        if flow.heavenly:
            kw["heavenly"] = f.heavenly
        if flow.human and f.human:
            kw["human"] = True
        if flow.earthly == "first_draw":
            kw["earthly"] = f.earthly
        elif flow.earthly == "first_discard":
            kw["earthly"] = (from_seat == st.dealer and seat != st.dealer and f.first_round and not robbing
                             and len(st.discards[st.dealer]) == 1)
        elif flow.earthly == "first_round":
            kw["earthly"] = seat != st.dealer and f.first_round and not robbing and not st.melds[seat]
        if flow.ready_declaration and st.ready_from_start[seat] \
                and "kou_ting" in context_fields(getattr(self.ruleset, "Context", WinContext)):
            kw["kou_ting"] = True  # 扣听: 报听 with its first discard, in the first go-round
        kw.update(flow.record_facts(st, seat, tile, from_seat))
        return kw

    def win_score(self, seat: int, tile: int) -> ScoreResult | None:
        """The score of the win on ``tile`` offered to ``seat`` now (``None`` if none is offered).  In the
        Botzone format a complete hand under 8 fan is offered too (``valid`` is False: a false win)."""
        return self._win_cache.get((self.state.steps, seat, tile))

    def _win_result(self, seat: int, tile: int, from_seat: int | None, robbing: bool) -> ScoreResult | None:
        """The score if ``seat`` may win on ``tile`` now, else None (cached per state step)."""
        key = (self.state.steps, seat, tile)
        if key in self._win_cache:
            return self._win_cache[key]
        result = self._score_win(seat, tile, from_seat, robbing)
        self._win_cache[key] = result
        return result

    def _score_win(self, seat: int, tile: int, from_seat: int | None, robbing: bool,
                   state: HandState | None = None) -> ScoreResult | None:
        st, flow = (self.state if state is None else state), self.flow
        if seat not in st.playing:
            return None
        counts = list(st.hands[seat])
        if from_seat is not None:
            counts[tile] += 1
        real, wild = flow.wildcard_count(st, counts)
        try:
            if not K.is_win(bytes(real), wild, self.ruleset.hand_rules):
                return None
        except MahjongError:
            return None
        hand = st.hand_of(seat, tile, flow.meld_offset, from_seat is not None)
        kw = self.context_kwargs(seat, tile, from_seat, robbing, st)
        kw.update(flow.check_facts(st, seat))
        ctx_cls: type[WinContext] = getattr(self.ruleset, "Context", WinContext)
        known = context_fields(ctx_cls)
        try:
            ctx = ctx_cls(**{k: v for k, v in kw.items() if k in known})
            result = self.ruleset.offered_score(hand, ctx)
        except MahjongError:
            return None
        return result if result is not None and flow.may_win(st, seat, result) else None

    def _record_facts(self, seat: int, tile: int, from_seat: int | None, robbing: bool,
                      state: HandState | None = None) -> Win:
        """The settlement's Win event for a win now (called by the fold before the winner leaves play; ``state``:
        the hand state to read, default the hand's own)."""
        st = self.state if state is None else state
        kw = self.context_kwargs(seat, tile, from_seat, robbing, st)
        hand = str(st.hand_of(seat, tile, self.flow.meld_offset, from_seat is not None))
        std = {f.name for f in fields(Win)} - {"flags", "seat", "hand", "discarder"}
        flags = {k: v for k, v in kw.items() if k not in std and k not in ("winner", "dealer", "prevalent_wind")
                 and k != "discarder"}
        kw_std = {k: v for k, v in kw.items() if k in std}
        if not kw_std.get("heavenly"):
            kw_std.pop("heavenly", None)
        if not kw_std.get("earthly"):
            kw_std.pop("earthly", None)
        return Win(seat=seat, hand=hand, discarder=from_seat, flags=flags, **kw_std)

    def _win(self, seat: int, tile: int, from_seat: int | None, robbing: bool = False) -> None:
        result = self._win_result(seat, tile, from_seat, robbing)
        if result is None:
            raise AssertionError("a win was offered that does not score")
        hand = str(self.state.hand_of(seat, tile, self.flow.meld_offset, from_seat is not None))
        self._emit(Won(seat, tile, from_seat, hand, result.total))

    def _false_declaration(self, seat: int, tile: int | None, from_seat: int | None, robbing: bool,
                           legal: bool) -> Penalized | None:
        """The judge's WH for ``seat``'s win declared on ``tile`` (``legal``: a win the engine offered, which
        scores; else one it did not offer: the hand does not win), or None when the win stands."""
        st = self.state
        result = self._win_result(seat, tile, from_seat, robbing) if legal and tile is not None else None
        if result is not None and result.valid:
            return None
        hand = "" if tile is None else str(st.hand_of(seat, tile, self.flow.meld_offset, from_seat is not None))
        self._false_win = result
        return Penalized(seat, "WH", "", tile, hand, result.total if result is not None else None)

    # --- money ------------------------------------------------------------------------------------------------

    def _pay(self) -> None:
        """Money that moves during play (Sichuan's kongs, each win as it happens): settle the record so far and
        emit the lines not paid yet."""
        if self.flow.pays_during_play:
            self._emit_payments(self._settle(record_of(self)))

    def _settle(self, record: HandRecord, scored: Mapping[int, ScoreResult] | None = None) -> Settlement:
        """The rule set's settlement of the record; a rule set settled by its wins alone whose flow was set to
        let several win on one discard (an option, not its rule book) is settled without the one-win check.
        ``scored``: the record's wins already scored (by event index), taken as they are where the rule set
        settles by its wins alone."""
        from mahjong.framework import RuleSet
        from mahjong.settlement import settle_by_wins

        if type(self.ruleset).settle is RuleSet.settle:
            one_win = False if self.flow.multiple_winners and not type(self.flow).multiple_winners else None
            if scored or one_win is not None:
                return settle_by_wins(self.ruleset, record, one_win=one_win, scored=scored)
        elif scored and record.wins and self.ruleset.won_hands_settle_by_wins():
            return settle_by_wins(self.ruleset, record, scored=scored)  # (as its settle would, without rescoring)
        return self.ruleset.settle(record)

    def _emit_payments(self, settlement: Settlement) -> None:
        want: Counter[tuple[int, int, int, str, int | None]] = Counter()
        for p in settlement.lines:
            want[(p.payer, p.payee, p.amount, p.reason, p.event)] += 1
        new = want - self._paid
        for p in settlement.lines:
            key = (p.payer, p.payee, p.amount, p.reason, p.event)
            if new[key] > 0:
                new[key] -= 1
                self._paid[key] += 1
                cause = self._record_index[p.event] if p.event is not None and p.event < len(
                    self._record_index) else None
                self._emit(Paid(p.payer, p.payee, p.amount, p.reason, cause))

    def _end_hand(self) -> None:
        st = self.state
        if self._special is not None:  # 买马: the horses turned after the hand's wins (rbgames)
            for ev in self._special.after_win_events(st):
                self._emit(ev)
        record = record_of(self)
        settlement = self._settle(record)
        extra = self.flow.extra_lines(st, settlement)
        if extra:  # the flow's own penalties (the judge's: Botzone's)
            results = (*settlement.results, self._false_win) if self._false_win is not None else settlement.results
            settlement = Settlement.from_lines(settlement.ruleset, [*settlement.lines, *extra], results,
                                               settlement.details)
        self._emit_payments(settlement)
        net = [0, 0, 0, 0]
        for p in st.payments:
            net[p.payer] -= p.amount
            net[p.payee] += p.amount
        if tuple(net) != tuple(settlement.net):
            raise AssertionError(f"payments during play {net} disagree with the settlement {settlement.net}")
        self.settlement = settlement
        self._show_kongs()
        self._emit(HandEnded(tuple(net), self.flow.next_dealer(st, dict(settlement.details))))

    def _show_kongs(self) -> None:
        """The hand is over: the concealed kongs are turned face up, seat by seat (the flow's
        ``shows_concealed_kongs``)."""
        if not self.flow.shows_concealed_kongs:
            return
        for s in self.flow.seats:
            kongs = tuple(sorted(m.tile for m in self.state.melds[s] if m.kind == "concealed_kong"))
            if kongs:
                self._emit(KongsShown(s, kongs))


class Game(HandTable):
    """One hand.  ``Game("guobiao", seed=7)`` deals from a seeded wall; ``wall=[...]`` plays an explicit one.

    The step API: :attr:`pending` (seats that must answer now), :meth:`legal_actions`, :meth:`action_mask`,
    :meth:`observe`, :meth:`act` (one seat's answer) / :meth:`step` (several), :attr:`done`,
    :attr:`settlement`, :attr:`events`.

    ``engine`` chooses what plays the hand: ``"auto"`` (the default) plays on the compiled hand core wherever it
    models the flow and its options (Guobiao but the Botzone format, Sichuan without 换三张, the common table,
    Wuhu: :func:`mahjong.game.core.core_params`) and on this Python engine otherwise; ``"python"`` always plays
    on this Python engine (the core's pure-Python twin); ``"core"`` requires the core (a
    :class:`~mahjong.errors.RulesError` where it does not play the flow).  Both give the same hands, legal
    actions, observations, events and settlements (the differential tests); ``Game(...)`` on the core is an
    instance of the subclass :class:`mahjong.game.core.CoreGame`.  On the pure-Python backend
    (``MAHJONG_PURE_PYTHON=1``) there is no compiled core: ``"auto"`` plays on this engine.

    **The judge's penalties** (a flow option, ``penalties``: on in Guobiao's Botzone format,
    ``options={"botzone": True}``, off elsewhere unless asked for), as Botzone's Chinese Standard Mahjong judge
    gives them: an answer that is not legal does not raise :class:`~mahjong.game.actions.IllegalActionError`
    but is judged with the other seats' answers — a win declared comes first (the nearest in turn order after
    the discarder); one on a hand that does not win, or under the 8-fan minimum, is ``"WH"``; otherwise the
    illegal answer (the lowest seat's) is ``"WA"``.  :meth:`penalize` gives the penalties only an outside judge
    sees (``"TLE"``, ``"MLE"``, ``"OLE"``, ``"RE"`` a crashed program, ``"NJ"`` output that is not the
    protocol's; ``"WA"`` / ``"WH"`` too — e.g. the judge asks every seat every time, and a seat that is not
    pending here but answers anything but ``PASS`` is a ``"WA"`` only the outside judge can give):
    :data:`mahjong.game.events.PENALTY_KINDS`.  Either way the hand ends
    with one :class:`~mahjong.game.events.Penalized` event (``seat``, ``kind``, ``answer``; a false win's
    ``tile``, ``hand``, ``total``), then the payments: the offender pays each other player the flow's
    ``penalty`` (10: −30 / +10 each), reason ``"false_win"`` for WH and ``"penalty"`` otherwise; the hand's
    :attr:`state` has it as ``state.penalty``.  Without the option an illegal answer is refused and the state is
    unchanged, and :meth:`penalize` raises :class:`~mahjong.errors.RulesError`.
    """

    def __new__(cls, rules: str = "guobiao", *args: Any, engine: str = "auto", **kwargs: Any) -> Game:
        core_game = _CORE_GAME[0]
        if cls is Game and engine in ("auto", "core") and core_game is not None:
            flow, on_core = core_game.flow_for(rules, kwargs.get("options"))
            game: Game = object.__new__(core_game if on_core or engine == "core" else cls)
            game._made_flow = flow  # (made once: __init__ takes it)
            return game
        return object.__new__(cls)

    _made_flow: Flow | None

    def __getnewargs_ex__(self) -> tuple[tuple[Any, ...], dict[str, Any]]:
        # copy / pickle make the object with Game.__new__(cls, ...): this Python-engine game stays one
        return (), {"engine": "python"}

    def __init__(
        self,
        rules: str = "guobiao",
        *,
        seed: int = 0,
        salt: int = 0,
        wall: Sequence[int] | None = None,
        dealer: int | None = None,
        prevalent_wind: int = 0,
        hand_number: int = 0,
        options: Mapping[str, Any] | None = None,
        engine: str = "auto",
    ) -> None:
        made = self.__dict__.pop("_made_flow", None)
        seed, salt, hand_number, wall = check_game_args(seed, salt, hand_number, options, wall, engine)
        self.flow = made if made is not None else make_flow(rules, options)
        self.rules = rules
        self.ruleset = self.flow.ruleset
        self.options = dict(options or {})
        flow = self.flow
        dealer, prevalent_wind = check_seats(flow, dealer, prevalent_wind)
        self.rng = SplitMix64(seed, salt * 2 + 1)  # dice and fishing; the wall uses its own stream
        self.state = HandState()
        self.state.fact_hook = self._record_facts
        self.state.reserve = self.flow.reserve
        self.events: list[GameEvent] = []
        self._responses: dict[int, Action] = {}
        self._faults: dict[int, Action | int] = {}  # the judge's penalties: illegal answers, judged at resolve
        self._pending: tuple[int, ...] = ()
        self._legal: dict[int, list[Action]] = {}
        self._win_cache: dict[tuple[int, int, int], ScoreResult | None] = {}
        self._became_ready: list[int] = []
        self._draw_hands: dict[int, str] = {}
        self._paid: Counter[tuple[int, int, int, str, int | None]] = Counter()
        self._record_index: list[int] = []  # record event i -> log index
        self.settlement: Settlement | None = None
        # (bonus tiles are looked for after every draw: skip the look where the flow has none, or only flowers)
        ind = self.flow.indicator
        custom_bonus = type(self.flow).is_bonus is not Flow.is_bonus or (ind is not None and bool(ind.bonus))
        self._bonus_possible = bool(self.flow.bonus_tiles) or custom_bonus
        self._bonus_only_flowers = not custom_bonus and all(x >= 34 for x in self.flow.bonus_tiles)
        self._emit(HandStarted(rules, dict(self.options), dealer, prevalent_wind, flow.seats, hand_number, seed, salt))
        hooks = self.flow if isinstance(self.flow, SpecialHooks) else None
        self._special = hooks if hooks is not None and hooks.has_special() else None
        self._build_wall(seed, salt, wall)
        self._deal()
        self._after_deal()
        self._advance()

    # --- set-up ---------------------------------------------------------------------------------------------

    def _build_wall(self, seed: int, salt: int, wall: Sequence[int] | None) -> None:
        flow, st = self.flow, self.state
        tiles = flow.tiles()
        if wall is not None:
            given = checked_wall(flow, self.rules, wall)
            order, events = given, list[GameEvent]()
            ev_seed: int | None = None
        else:
            ring = shuffled(tiles, SplitMix64(seed, salt * 2))
            order, events = flow.break_wall(ring, st.dealer, self.rng)
            ev_seed = seed
        for ev in events:
            self._emit(ev)
        self._emit(WallBuilt(tuple(order), wall_digest(order), ev_seed, salt, flow.in_play(len(order)),
                             flow.segmented))

    def _deal(self) -> None:
        flow, st = self.flow, self.state
        seats = flow.seats
        i0 = seats.index(st.dealer)
        order = [seats[(i0 + k) % len(seats)] for k in range(len(seats))]
        for s in order:
            n = flow.hand_size + (1 if s == st.dealer else 0)
            self._emit(Dealt(s, tuple(st.next_tiles(s, n))))
        for ev in flow.reveal(st, self.rng):  # (Yuhuan: which tile is 杠花 depends on the 财神)
            self._emit(ev)
        for s in order:  # bonus tiles set aside and replaced, seat by seat from the dealer
            self._replace_bonus(s)
        st.begin_play()
        st.last_draw = self._dealer_first_draw()
        if flow.exchanges_three():
            st.phase = Phase.EXCHANGE
        elif flow.swaps_at_start():
            st.phase = Phase.SWAP
        else:
            self._to_lack()

    def _after_deal(self) -> None:
        """The special-rules hooks after the deal (rbgames): the opening declarations (起手小胡), then the
        dealer's instant win on its dealt tiles (起手四红中)."""
        if self._special is None:
            return
        for ev in self._special.opening_events(self.state):
            self._emit(ev)
        self._instant_win(self.state.dealer, None)

    def _instant_win(self, seat: int, tile: int | None) -> None:
        """An instant win by a holding (四红中, 四鬼, 将将胡 on a self-draw) ends the hand at once (rbgames)."""
        if self._special is None or self.done:
            return
        ev = self._special.instant_win(self.state, seat, tile)
        if ev is not None:
            self._emit(ev)
            self._end_hand()

    def _to_lack(self) -> None:
        """After the deal (and its exchange): 定缺 where the flow plays it, else the dealer's first turn."""
        st = self.state
        st.phase = Phase.LACK if self.flow.plays_lack() else Phase.TURN
        st.last_draw = self._dealer_first_draw()  # (an exchange may move the 14th)
        for s in self._order_after(st.dealer):  # 海底捞月's priority: ready from the deal = ready before any discard
            self._note_ready(s)

    # --- the exchanges after the deal (Sichuan 换三张, the two-player 开始时换牌) ----------------------------

    def _pick_asks(self) -> dict[int, list[Action]]:
        """Who still picks, and which tiles: 换三张 three of one suit (all picked before any is passed);
        开始时换牌 any held tile, ``pass`` when done."""
        st = self.state
        asks: dict[int, list[Action]] = {}
        for s in self.flow.seats:
            picked = st.picked[s]
            if st.swapped[s]:
                continue  # (开始时换牌: this seat is done)
            h = list(st.hands[s][:34])
            for t in picked:
                h[t] -= 1
            if st.phase == Phase.EXCHANGE:
                if len(picked) == 3:
                    continue
                suits = [picked[0] // 9] if picked else [k for k in range(3) if sum(h[k * 9:k * 9 + 9]) >= 3]
                asks[s] = [PICKS[t] for t in range(27) if h[t] and t // 9 in suits]
            else:
                asks[s] = [PICKS[t] for t in range(34) if h[t]] + [_PASS]
        return asks

    def _resolve_picks(self, answers: dict[int, Action]) -> None:
        st, flow = self.state, self.flow
        for s in flow.seats:
            if s in answers and answers[s].kind == "pick":
                self._emit(TilePicked(s, answers[s].tile))
        if st.phase == Phase.SWAP:
            for s in flow.seats:
                if s in answers and answers[s].kind == "pass":
                    given = tuple(st.picked[s])
                    received = []
                    pool = list(st.out_of_play)
                    for _ in given:
                        received.append(pool.pop(self.rng.below(len(pool))))
                    self._emit(TilesSwapped(s, given, tuple(received)))
            if all(st.swapped[s] for s in flow.seats):
                self._to_lack()
            return
        if any(len(st.picked[s]) < 3 for s in flow.seats):
            return
        dice: tuple[int, ...] | None = None
        if flow.exchange_by_dice():
            dice = self.rng.dice()
            self._emit(DiceRolled(st.dealer, dice, "exchange"))
        offset = flow.exchange_offset(dice)
        seats = flow.seats
        for i, s in enumerate(seats):
            self._emit(TilesPassed(s, seats[(i + offset) % len(seats)], tuple(st.picked[s])))
        self._to_lack()

    def _replace_bonus(self, seat: int) -> None:
        st, flow = self.state, self.flow
        if not self._bonus_possible:
            return
        if self._bonus_only_flowers and not any(st.hands[seat][34:]):
            return
        while True:
            bonus = [t for t in range(len(st.hands[seat])) if st.hands[seat][t] and flow.is_bonus(t, st)]
            if not bonus:
                return
            for t in bonus:
                for _ in range(st.hands[seat][t]):
                    self._emit(BonusSetAside(seat, t))
                    if st.live_for(seat) == 0:
                        return
                    self._emit(Drew(seat, st.next_tile(seat, True), True))

    def _draw(self, seat: int, replacement: bool) -> None:
        st = self.state
        self._emit(Drew(seat, st.next_tile(seat, replacement), replacement))
        self._replace_bonus(seat)
        if sum(st.hands[seat]) % 3 != 2:  # the wall ran out on a bonus tile: nothing to replace it with
            self._wall_end()
        elif self._special is not None and st.last_draw is not None:
            self._instant_win(seat, st.last_draw[1])

    # --- the public step API -----------------------------------------------------------------------------

    @property
    def done(self) -> bool:
        return self.state.phase == Phase.END

    @property
    def pending(self) -> tuple[int, ...]:
        """Seats that must answer now (empty when the hand is over)."""
        return tuple(s for s in self._pending if s not in self._responses)

    def legal_actions(self, seat: int) -> list[Action]:
        """The legal actions of ``seat`` now (empty if it need not act)."""
        seat = as_seat(seat)
        if seat in self._responses:
            return []
        return list(self._legal.get(seat, ()))

    def action_mask(self, seat: int) -> bytearray:
        """A ``N_ACTIONS``-slot 0/1 mask over the action index (:mod:`mahjong.game.actions`)."""
        mask = bytearray(N_ACTIONS)
        for a in self.legal_actions(as_seat(seat)):
            mask[a.index] = 1
        return mask

    @one_answer_at_a_time
    def act(self, seat: int, action: Action | int) -> None:
        """``seat`` answers with ``action`` (an :class:`Action` or its index).  Raises
        :class:`~mahjong.game.actions.IllegalActionError` naming the action and why; the state is unchanged."""
        seat, action = as_seat(seat), as_action(action)  # (a numpy integer as an int; a float, a bool refused)
        if self.done:
            raise IllegalActionError(f"the hand is over: seat {seat} cannot {action}")
        if seat not in self._pending:
            who = listed(self.pending)
            raise IllegalActionError(f"seat {seat} is not to act now ({action}); the seats to act now: {who}")
        if seat in self._responses:
            raise IllegalActionError(f"seat {seat} has already answered ({self._responses[seat]})")
        legal = self._legal[seat]
        if isinstance(action, int) and not isinstance(action, bool):
            chosen = next((a for a in legal if a.index == action), None)
        elif isinstance(action, Action):
            chosen = next((a for a in legal if a is action), None)  # (the engine's own objects: fast path)
            if chosen is None:  # (an equal action a caller made: the engine's own object is the one recorded)
                chosen = next((a for a in legal if a == action), None)
        else:
            raise IllegalActionError(f"an action is an Action or an action index, got {action!r}")
        if chosen is None:
            if not self.flow.penalties:
                raise IllegalActionError(
                    f"seat {seat} cannot {action} now ({self.state.phase}): legal are "
                    + ", ".join(str(a) for a in legal)
                )
            # the judge's penalties: the answer stands as given; it is judged with the others' (wins first)
            self._faults[seat] = action
            chosen = action if isinstance(action, Action) else _PASS
        self._responses[seat] = chosen
        if not self.pending:
            self._resolve()
            self._advance()

    @one_answer_at_a_time
    def penalize(self, seat: int, kind: str, answer: str = "") -> None:
        """An outside judge's penalty (the judge's penalties are on: the Botzone format): ``seat`` committed
        ``kind`` — a key of :data:`mahjong.game.events.PENALTY_KINDS` (``"WA"`` an answer that is not legal,
        ``"WH"`` a false win, ``"TLE"`` time limit exceeded, ``"MLE"``, ``"OLE"``, ``"RE"`` a crashed program,
        ``"NJ"`` output that is not the protocol's JSON); ``answer``: what it answered, if anything.  The hand
        ends at once with a :class:`~mahjong.game.events.Penalized` event; the offender pays each other player
        the flow's ``penalty`` (10).  Any seat at the table may be penalized, its turn or not."""
        seat = check_penalty(self, seat, kind, answer)
        self._penalize(Penalized(seat, kind, answer[:200]))
        self._pending, self._legal, self._responses, self._faults = (), {}, {}, {}

    def _penalize(self, ev: Penalized) -> None:
        """End the hand with the judge's penalty ``ev``."""
        self._emit(ev)
        self._end_hand()

    @one_answer_at_a_time
    def step(self, actions: Mapping[int, Action | int]) -> None:
        """Several seats' answers at once (every pending seat must be given; checked before any is taken)."""
        if not isinstance(actions, Mapping):
            raise IllegalActionError(f"step takes a mapping of seat to action, got {type(actions).__name__}")
        actions = {as_seat(s): _integer_as_int(a) for s, a in actions.items()}  # (checked before any is taken)
        missing = sorted(set(self.pending) - set(actions))
        if missing:
            raise IllegalActionError(
                f"step needs an answer from every pending seat; no answer for seats: {listed(missing)}")
        for seat, a in actions.items():
            if not isinstance(a, Action) and (type(a) is not int or not 0 <= a < N_ACTIONS):
                raise IllegalActionError(
                    f"seat {seat}: an action is an Action or an action index 0..{N_ACTIONS - 1}, got {a!r}")
            if seat not in self.pending:
                raise IllegalActionError(f"seat {seat} cannot {a} now")
            legal = self.legal_actions(seat)
            ok = (a in legal) if isinstance(a, Action) else any(x.index == a for x in legal)
            if not ok and not self.flow.penalties:  # (with the judge's penalties an illegal answer is judged)
                raise IllegalActionError(f"seat {seat} cannot {a} now")
        for seat, a in actions.items():
            self.act(seat, a)

    def observe(self, seat: int, oracle: bool = False) -> dict[str, Any]:
        """What ``seat`` can see: its own tiles and every public fact (see :func:`mahjong.game.observe`);
        ``oracle=True`` adds everything hidden under ``"oracle"`` (every hand, the wall)."""
        from mahjong.game.observation import observe

        return observe(self, integer_seat(seat), oracle)

    # --- forks (mahjong.game.fork) ----------------------------------------------------------------------------

    def clone(self) -> Game:
        """An independent copy of the hand in play: act on either without touching the other (on the compiled
        core the C struct is copied)."""
        from mahjong.game.fork import clone

        return clone(self)  # type: ignore[no-any-return]

    def determinize(self, seat: int, seed: int) -> Game:
        """A copy in which every tile ``seat`` cannot see (the other concealed hands, the wall, the tiles out of
        play) is re-dealt at random from ``seed``, consistent with everything public and with ``seat``'s own
        view unchanged (see :mod:`mahjong.game.fork`)."""
        from mahjong.game.fork import determinize

        return determinize(self, seat, seed)

    def _fork_redealt(self, seat: int, kongs: list[tuple[int, int, int]]) -> None:
        """:func:`mahjong.game.fork.determinize` has laid re-dealt tiles into the state: ask the open decision
        again (the other seats' answers are not public) and give ``seat``'s own answer again."""
        own = self._responses.get(seat)
        self._win_cache = {}
        self._pending, self._legal, self._responses = (), {}, {}
        self._advance()
        if own is not None and seat in self.pending:
            self.act(seat, own)

    # --- the loop ---------------------------------------------------------------------------------------------

    def _ask(self, legal: dict[int, list[Action]]) -> None:
        self._legal = legal
        self._pending = tuple(legal)
        self._responses = {}

    def _advance(self) -> None:
        st, flow = self.state, self.flow
        while not self.done:
            phase = st.phase
            if phase in (Phase.EXCHANGE, Phase.SWAP):
                self._ask(self._pick_asks())
                return
            if phase == Phase.LACK:
                todo = [s for s in flow.seats if st.lack[s] is None]
                if todo:
                    self._ask({s: [Action("lack", k) for k in range(3)] for s in todo})
                    return
                st.phase = Phase.TURN
                continue
            if phase == Phase.DRAW:
                if flow.wall_end_reached(st):
                    self._wall_end()
                    continue
                self._draw(st.actor, False)
                continue
            if phase == Phase.TURN:
                seat = st.actor
                if st.kong_draw_due == seat:
                    if st.live_for(seat) <= flow.reserve:  # (Botzone: a claimer's kong with its segment empty)
                        self._wall_end()
                        continue
                    self._draw(seat, True)
                    self._pay()
                    continue
                legal = self._turn_actions(seat)
                if st.ready[seat] and not any(a.kind == "win" for a in legal) and st.last_draw:
                    self._emit(Discarded(seat, st.last_draw[1], auto=True))  # 报听: the engine discards
                    continue
                self._ask({seat: legal})
                return
            if phase == Phase.CLAIM:
                assert st.last_discard is not None
                p, t, _ = st.last_discard
                self._note_ready(p)
                asks = {}
                chower = flow.next_seat(st, p) if flow.chows else -1
                for s in self._order_after(p):
                    opts = self._claim_actions(s, p, t, s == chower)
                    if opts:
                        asks[s] = opts
                if asks:
                    self._ask(asks)
                    return
                st.phase, st.actor = Phase.DRAW, flow.next_seat(st, p)
                continue
            if phase == Phase.ROB:
                assert st.pending_kong is not None
                k, t = st.pending_kong
                asks = {}
                for s in self._order_after(k):
                    if self._win_result(s, t, k, True) is not None:
                        asks[s] = self._forced([WINS[t], _PASS])
                if asks:
                    self._ask(asks)
                    return
                st.phase = Phase.TURN  # nobody robs: the kong stands, its replacement draw follows
                continue
            if phase == Phase.HAIDI:
                seat = st.actor
                fished = st.haidi_tile
                assert fished is not None
                if self._win_result(seat, fished, None, False) is not None:
                    self._ask({seat: [Action("win", fished), _PASS]})
                    return
                self._end_hand()
                continue
            raise AssertionError(f"unknown phase {phase}")
        self._pending, self._legal, self._responses = (), {}, {}

    def _order_after(self, seat: int) -> list[int]:
        seats = self.flow.seats
        i = seats.index(seat)
        return [seats[(i + k) % len(seats)] for k in range(1, len(seats)) if seats[(i + k) % len(seats)]
                in self.state.playing]

    def _forced(self, legal: list[Action]) -> list[Action]:
        """Sichuan's forced win in the last tiles: a seat that can win on one of the wall's last N tiles must —
        a tile just drawn from them (live < N once it is drawn), or the discard / added kong of one."""
        n = self.flow.forced_win_tiles
        st = self.state
        last = bool(n) and st.live < n and (st.phase == Phase.TURN or st.offer_drawn)
        if last and any(a.kind == "win" for a in legal):
            return [a for a in legal if a.kind == "win"]
        return legal

    def _turn_actions(self, seat: int) -> list[Action]:
        st, flow = self.state, self.flow
        h = st.hands[seat]
        legal: list[Action] = []
        drew = st.last_draw is not None and st.last_draw[0] == seat
        if drew:
            assert st.last_draw is not None
            t = st.last_draw[1]
            if (t < 34 or t in flow.held_bonus) and self._win_result(seat, t, None, False) is not None:
                legal.append(WINS[t])
        locked = st.ready[seat]
        if locked:
            if drew and st.last_draw is not None and st.last_draw[1] < 34:
                legal.append(DISCARDS[st.last_draw[1]])
            return self._forced(legal)
        # no kong on the last tile: nothing to replace it with (Botzone: nor when the next seat's segment is empty)
        if drew and st.live_for(seat) > flow.reserve and (not st.segment or self._next_can_draw(seat)):
            for t in range(34):
                if h[t] == 4 and flow.may_meld(st, seat, t):
                    legal.append(CONCEALED_KONGS[t])
            for m in st.melds[seat]:
                if m.kind == "pung" and h[m.tile] and flow.may_meld(st, seat, m.tile):
                    legal.append(ADDED_KONGS[m.tile])
        discards = [t for t in range(34) if h[t] and flow.may_discard(st, seat, t)]
        legal += [DISCARDS[t] for t in discards]
        legal += [DISCARDS[t] for t in sorted(flow.held_bonus) if h[t]]
        if flow.declares_held_bonus and st.live_for(seat) > flow.reserve:  # (补花 needs a replacement to draw)
            legal += [FLOWER_ACTIONS[t] for t in sorted(flow.held_bonus) if h[t]]
        if flow.ready_declaration:
            for t in discards:
                if self._ready_after(seat, t):
                    legal.append(READIES[t])
        return self._forced(legal)

    def _claim_actions(self, s: int, p: int, t: int, may_chow: bool) -> list[Action]:
        st, flow = self.state, self.flow
        h = st.hands[s]
        opts: list[Action] = []
        if t >= 34:
            return opts  # a discarded bonus tile (Jinshan's 百搭) is dead: nobody claims it or wins on it
        if self._win_result(s, t, p, False) is not None:
            opts.append(WINS[t])
        # no claim on the last tile (only a win): in the Botzone format, when the next seat's segment is empty; a
        # claimer's kong with its own segment empty is accepted there (the judge's: the hand is then drawn)
        if not st.ready[s] and (self._next_can_draw(p) if st.segment else st.live > flow.reserve):
            if h[t] >= 2 and flow.may_meld(st, s, t):
                opts.append(PUNGS[t])
                if h[t] >= 3:
                    opts.append(KONGS[t])
            if may_chow:
                opts += self._chows(h, t)
        if not opts:
            return opts
        opts.append(_PASS)
        return self._forced(opts)

    def _next_can_draw(self, seat: int) -> bool:
        """The Botzone format: the seat after ``seat`` still has tiles in its segment (else the discard ``seat``
        makes is the hand's last)."""
        return self.state.live_for(self.flow.next_seat(self.state, seat)) > self.flow.reserve

    def _chows(self, h: list[int], t: int) -> list[Action]:
        out: list[Action] = []
        if t < 27:
            r = t % 9
            for lo in (t - 2, t - 1, t):
                if lo < 0 or lo // 9 != t // 9 or lo % 9 > 6 or lo % 9 > r or r - lo % 9 > 2:
                    continue
                run = (lo, lo + 1, lo + 2)
                if all(h[x] >= 1 for x in run if x != t):
                    out.append(Action("chow", t, run))
        elif self.flow.honor_chows:
            group = (27, 28, 29, 30) if t <= 30 else (31, 32, 33)
            others = [x for x in group if x != t and h[x]]
            if t <= 30:
                for i in range(len(others)):
                    for j in range(i + 1, len(others)):
                        out.append(Action("chow", t, tuple(sorted((t, others[i], others[j])))))
            elif len(others) == 2:
                out.append(Action("chow", t, (31, 32, 33)))
        return out

    def _ready_after(self, seat: int, t: int) -> bool:
        h = list(self.state.hands[seat][:34])
        h[t] -= 1
        real, wild = self.flow.wildcard_count(self.state, h + [0] * 8)
        try:
            return bool(K.waits(bytes(real), wild, self.ruleset.hand_rules).tiles)
        except MahjongError:
            return False

    def _note_ready(self, seat: int) -> None:
        """The two-player game's 海底捞月 goes to the seat ready first: note when each became ready (a seat's 13
        dealt tiles that are ready count from the deal, before the dealer's first discard)."""
        if self.flow.ready_declaration and seat not in self._became_ready:
            h = list(self.state.hands[seat][:34])
            real, wild = self.flow.wildcard_count(self.state, h + [0] * 8)
            try:
                if K.waits(bytes(real), wild, self.ruleset.hand_rules).tiles:
                    self._became_ready.append(seat)
            except MahjongError:
                pass

    # --- resolving answers ------------------------------------------------------------------------------------

    def _resolve(self) -> None:
        st, flow = self.state, self.flow
        answers, self._responses = self._responses, {}
        faults, self._faults = self._faults, {}
        self._pending, self._legal = (), {}
        phase = st.phase
        if faults or flow.penalties and phase in (Phase.TURN, Phase.CLAIM, Phase.ROB):
            if self._judge(answers, faults):
                return
        if phase in (Phase.EXCHANGE, Phase.SWAP):
            self._resolve_picks(answers)
            return
        if phase == Phase.LACK:
            for s in flow.seats:
                if s in answers:
                    self._emit(LackDeclared(s, answers[s].tile))
            return
        if phase == Phase.TURN:
            (seat, a), = answers.items()
            if a.kind == "win":
                self._win(seat, a.tile, None)
                self._after_win(seat)
            elif a.kind in ("discard", "ready"):
                self._emit(Discarded(seat, a.tile, ready=a.kind == "ready"))
            elif a.kind == "concealed_kong":
                self._emit(KongDeclared(seat, "concealed", a.tile))
            elif a.kind == "added_kong":
                self._emit(KongDeclared(seat, "added", a.tile))
            elif a.kind == "flower":  # 补花: the kept flower is set aside, its replacement drawn from the back
                self._emit(BonusSetAside(seat, a.tile))
                self._draw(seat, True)
            return
        if phase == Phase.HAIDI:
            (seat, a), = answers.items()
            if a.kind == "win":
                self._win(seat, a.tile, None)
            self._end_hand()
            return
        if phase == Phase.CLAIM:
            assert st.last_discard is not None
            p, t, _ = st.last_discard
            order = self._order_after(p)
            winners = [s for s in order if s in answers and answers[s].kind == "win"]
            if winners:
                if not flow.multiple_winners:
                    winners = winners[:1]  # 截和: the first in turn order after the discarder
                for s in winners:
                    self._win(s, t, p)
                self._after_win(winners[-1])
                return
            for kind in ("kong", "pung", "chow"):
                for s in order:
                    claim = answers.get(s)
                    if claim is not None and claim.kind == kind:
                        meld = claim.meld if kind == "chow" else (t,) * (4 if kind == "kong" else 3)
                        self._emit(Claimed(s, kind, t, p, tuple(meld)))
                        return
            st.phase, st.actor = Phase.DRAW, flow.next_seat(st, p)
            return
        if phase == Phase.ROB:
            assert st.pending_kong is not None
            k, t = st.pending_kong
            winners = [s for s in self._order_after(k) if s in answers and answers[s].kind == "win"]
            if winners:
                if not flow.multiple_winners:
                    winners = winners[:1]
                self._emit(KongRobbed(k, t))
                for s in winners:
                    self._win(s, t, k, robbing=True)
                self._after_win(winners[-1])
                return
            st.phase = Phase.TURN
            return
        raise AssertionError(f"no answers expected in phase {phase}")

    def _judge(self, answers: dict[int, Action], faults: dict[int, Action | int]) -> bool:
        """The judge's penalties (the flow's ``penalties``) over the answers: wins declared come first (the
        nearest in turn order after the discarder; with several winners, each), and one that does not stand
        (a false win, or a win on a hand that does not win) is WH; then an illegal answer, the lowest seat's
        first as the judge reads them, is WA.  True when the hand ended here."""
        st = self.state

        def declares_win(s: int) -> bool:
            a = faults.get(s, answers.get(s))
            return (a.kind == "win") if isinstance(a, Action) else a == WINS[0].index

        if st.phase == Phase.TURN:
            (seat,) = answers
            tile = st.last_draw[1] if st.last_draw is not None and st.last_draw[0] == seat else None
            declared, robbing, frm = [seat] if declares_win(seat) else [], False, None
        elif st.phase in (Phase.CLAIM, Phase.ROB):
            robbing = st.phase == Phase.ROB
            if robbing:
                assert st.pending_kong is not None
                frm, tile = st.pending_kong
            else:
                assert st.last_discard is not None
                frm, tile, _ = st.last_discard
            declared = [s for s in self._order_after(frm) if s in answers and declares_win(s)]
            if not self.flow.multiple_winners:
                declared = declared[:1]
        else:
            declared, robbing, frm, tile = [], False, None, None
        for s in declared:
            ev = self._false_declaration(s, tile, frm, robbing, s not in faults)
            if ev is not None:
                self._penalize(ev)
                return True
        if declared or not faults:
            return False
        seat = min(faults)
        a = faults[seat]
        self._penalize(Penalized(seat, "WA", str(a) if isinstance(a, Action) else f"action {a}"))
        return True

    def _after_win(self, last: int) -> None:
        st, flow = self.state, self.flow
        self._pay()
        if len(st.won) >= flow.winners_to_end or len(st.playing) <= 1:
            self._end_hand()
            return
        st.phase, st.actor = Phase.DRAW, flow.next_seat(st, last)

    def _wall_end(self) -> None:
        st, flow = self.state, self.flow
        ready = tuple(s for s in st.playing if self._is_ready(s))
        if flow.draw_hands:  # the final hands the wall-end checks read, as they stand now
            self._draw_hands = {s: str(st.hand_of(s, None, flow.meld_offset)) for s in st.playing}
        self._emit(WallEnd(ready))
        if flow.haidi_phase:  # the two-player game's 海底捞月 phase
            from mahjong.rulesets.twoplayer import haidi_performer

            order = tuple(self._became_ready)
            try:
                performer = haidi_performer(set(ready), order)
            except ContextError:
                performer = None
            if performer is not None and st.out_of_play:
                tile = st.out_of_play[self.rng.below(len(st.out_of_play))]
                self._emit(HaidiFished(performer, tile))
                return
        self._end_hand()

    def _is_ready(self, seat: int) -> bool:
        h = list(self.state.hands[seat])
        real, wild = self.flow.wildcard_count(self.state, h)
        try:
            return bool(K.waits(bytes(real), wild, self.ruleset.hand_rules).tiles)
        except MahjongError:
            return False


def record_of(game: HandTable) -> HandRecord:
    """The settlement record (kongs, wins, the wall's end) the hand's events fold into.  Kong and win facts come
    from the fold, never from a caller; this is what the rule set's ``settle()`` reads."""
    st, flow = game.state, game.flow
    events: list[Kong | Win | Draw] = []
    index: list[int] = []
    kong_i = 0
    win_i = 0
    for li, ev in enumerate(game.events):
        if isinstance(ev, Claimed) and ev.kind == "kong" or isinstance(ev, KongDeclared):
            seat, kind, tile, frm, robbed = st.kongs[kong_i]
            kong_i += 1
            if kind != "melded":
                frm = None  # an added kong's pung source is not part of the kong (and may have left play)
            events.append(Kong(seat, kind, tile, frm, robbed))  # type: ignore[arg-type]
            index.append(li)
        elif isinstance(ev, Won):
            events.append(st.win_records[win_i])
            win_i += 1
            index.append(li)
        elif isinstance(ev, WallEnd):
            hands: dict[int, str] = game._draw_hands if flow.draw_hands else {}
            events.append(Draw(hands, tuple(s for s in game.ready_order() if s in ev.ready_seats),
                               flow.draw_facts(st)))
            index.append(li)
    game._record_index = index
    return HandRecord(st.ruleset, tuple(events), dict(flow.ruleset_options), st.dealer, st.prevalent_wind)
