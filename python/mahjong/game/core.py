"""The compiled hand core's driver: a hand played by ``mahjong._core.GameCore`` (``src/mjcore/engine.pxi``),
with Python called only when a rule hook decides something.

The core holds the hand's whole mutable state in C, computes the legal actions and applies every transition;
it stops for Python only to ask whether a complete hand may win (the rule set's score: Guobiao's 8-fan
minimum …), for money that moves during play (Sichuan's kongs and wins), and at the hand's end (the
settlement).  Its compact event record becomes the typed events of :mod:`mahjong.game.events` only when they
are read (:attr:`CoreHand.events`), folded into the same :class:`~mahjong.game.state.HandState` the Python
engine folds; scores and the settlement are :class:`~mahjong.game.engine.HandTable`'s, shared with
:class:`~mahjong.game.engine.Game` — so a hand played here and the same hand played by ``Game`` give the same
events and nets (``tests/game/test_core_differential.py``).

Flows the core plays are those :func:`core_params` accepts (``Flow.core_plays``); every other flow or option
plays on the Python engine.  On the pure-Python backend (``MAHJONG_PURE_PYTHON=1``) there is no compiled core:
:func:`play_random` drives the Python engine with :class:`~mahjong.game.agents.RandomAgent` instead, which is
the core's reference (its twin) and gives the same hands.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from mahjong._kernels import BACKEND, backend_module
from mahjong.framework import ScoreResult
from mahjong.game._core_constants import CLAIM_KINDS, EVENT_KINDS, STATUSES
from mahjong.game.engine import Game, HandTable, make_flow
from mahjong.game.events import (
    BonusSetAside,
    Claimed,
    Dealt,
    DiceRolled,
    Discarded,
    Drew,
    GameEvent,
    HandStarted,
    KongDeclared,
    KongRobbed,
    LackDeclared,
    WallBuilt,
    WallEnd,
    Won,
)
from mahjong.game.flows import Flow
from mahjong.game.rng import wall_digest
from mahjong.game.state import HandState
from mahjong.settlement import Settlement

__all__ = ["CoreHand", "core_params", "core_available", "play_random"]

_CS = {name: i for i, name in enumerate(STATUSES)}
CS_WAIT, CS_SCORE, CS_PAY, CS_END = _CS["wait"], _CS["score"], _CS["pay"], _CS["end"]
_EV = {name: i for i, name in enumerate(EVENT_KINDS)}
_GameCore: Any = getattr(backend_module, "GameCore", None) if BACKEND == "cython" else None


def core_available() -> bool:
    """The compiled core is there (the compiled backend is in use)."""
    return _GameCore is not None


# The flows the core plays, with the option fields it models (a flow class or an option field not listed here —
# a new rule, a subclass — plays on the Python engine: nothing changes silently).  Each entry gives the
# CoreParams facts that are not plain Flow attributes: (dice break, honors in the tile set, 定缺).
def _core_facts(flow: Flow) -> dict[str, bool] | None:
    from dataclasses import fields

    from mahjong.game.flows.guobiao import GuobiaoFlow
    from mahjong.game.flows.sichuan import SichuanFlow
    from mahjong.game.flows.simple import CommonFlow, WuhuFlow

    cls, o = type(flow), flow.options
    known = {
        GuobiaoFlow: {"dice_break", "botzone", "false_win_penalty", "flowers", "several_winners"},
        SichuanFlow: {"lack", "forced_win_tiles"},
        CommonFlow: {"flowers"},
        WuhuFlow: {"honors"},
    }.get(cls)
    if known is None or {f.name for f in fields(o)} != known:
        return None
    if cls is GuobiaoFlow:
        if o.botzone:  # the per-seat wall segments and false wins are not modelled
            return None
        return {"dice_break": bool(o.dice_break), "honors": True, "lack": False}
    if cls is SichuanFlow:
        return {"dice_break": False, "honors": False, "lack": bool(o.lack)}
    if cls is WuhuFlow:
        return {"dice_break": False, "honors": bool(o.honors), "lack": False}
    return {"dice_break": False, "honors": True, "lack": False}


def core_params(flow: Flow) -> tuple[int, ...] | None:
    """The core's parameter row for ``flow`` (CoreParams of engine.pxi, in field order), or None when the core
    does not model this flow or one of its options (the hand then plays on the Python engine)."""
    facts = _core_facts(flow)
    if facts is None:
        return None
    rules = flow.ruleset.hand_rules
    return (
        flow.hand_size,
        int(flow.chows),
        int(flow.multiple_winners),
        flow.winners_to_end,
        flow.reserve,
        int(facts["dice_break"]),
        int(bool(flow.bonus_tiles)),
        int(facts["honors"]),
        int(facts["lack"]),
        flow.forced_win_tiles,
        int(flow.pays_during_play),
        rules.flags,
        rules.hand_size,
    )


class CoreHand(HandTable):
    """One hand on the compiled core (the same constructor arguments as :class:`Game`, for the flows the core
    plays).  Drive it with :meth:`advance` / :meth:`act` / :meth:`play_random`; read :attr:`events`,
    :attr:`settlement`, :attr:`net`."""

    def __init__(self, flow: Flow, params: tuple[int, ...], *, seed: int = 0, salt: int = 0,
                 wall: Sequence[int] | None = None, dealer: int = 0, prevalent_wind: int = 0,
                 hand_number: int = 0, options: Mapping[str, Any] | None = None, rules: str = "") -> None:
        self.flow = flow
        self.ruleset = flow.ruleset
        self.rules = rules
        self.options = dict(options or {})
        self.seed, self.salt, self.hand_number = seed, salt, hand_number
        self.explicit_wall = wall is not None
        self.core = _GameCore(params, seed, salt, dealer, prevalent_wind, None if wall is None else bytes(wall))
        self.state = HandState()
        self.state.fact_hook = self._record_facts
        self.state.reserve = flow.reserve
        self._events: list[GameEvent] = []
        self._synced = 0  # core records folded into state / events so far
        self._win_cache: dict[tuple[int, int, int], ScoreResult | None] = {}
        self._became_ready: list[int] = []
        self._draw_hands: dict[int, str] = {}
        self._paid: Counter[tuple[int, int, int, str, int | None]] = Counter()
        self._record_index: list[int] = []
        self.settlement: Settlement | None = None
        self.net: tuple[int, ...] | None = None
        self._ended = False
        self._emit(HandStarted(rules, dict(self.options), dealer, prevalent_wind, flow.seats, hand_number, seed,
                               salt))

    # --- the events, built when read ------------------------------------------------------------------------

    @property
    def events(self) -> list[GameEvent]:
        self.sync()
        return self._events

    @events.setter
    def events(self, value: list[GameEvent]) -> None:
        self._events = value

    def _emit(self, ev: GameEvent) -> None:
        self.state.apply(ev)
        self._events.append(ev)

    def sync(self) -> None:
        """Fold the core's new records into the typed events and the hand state."""
        core = self.core
        if self._synced == core.n_events:
            return
        st, flow, wall = self.state, self.flow, None
        for kind, seat, tile, a, b in core.events(self._synced):
            if kind == _EV["draw"]:
                self._emit(Drew(seat, tile, bool(a)))
            elif kind == _EV["discard"]:
                self._emit(Discarded(seat, tile))
            elif kind == _EV["claim"]:
                ck, low = CLAIM_KINDS[b & 3], b >> 2
                meld = (low, low + 1, low + 2) if ck == "chow" else (tile,) * (4 if ck == "kong" else 3)
                self._emit(Claimed(seat, ck, tile, a, meld))
            elif kind == _EV["kong"]:
                self._emit(KongDeclared(seat, "added" if a else "concealed", tile))
            elif kind == _EV["bonus"]:
                self._emit(BonusSetAside(seat, tile))
            elif kind == _EV["win"]:
                from_seat = a if a >= 0 else None
                hand = str(st.hand_of(seat, tile, flow.meld_offset, from_seat is not None))
                self._emit(Won(seat, tile, from_seat, hand, b))
            elif kind == _EV["robbed"]:
                self._emit(KongRobbed(seat, tile))
            elif kind == _EV["lack"]:
                self._emit(LackDeclared(seat, tile))
            elif kind == _EV["wall_end"]:
                if flow.draw_hands:
                    self._draw_hands = {s: str(st.hand_of(s, None, flow.meld_offset)) for s in st.playing}
                self._emit(WallEnd(tuple(s for s in flow.seats if a >> s & 1)))
            elif kind == _EV["deal"]:
                wall = wall if wall is not None else core.wall
                self._emit(Dealt(seat, tuple(wall[tile:tile + a])))
            elif kind == _EV["dice"]:
                self._emit(DiceRolled(seat, (tile, a), "break"))
            elif kind == _EV["wall"]:
                order = tuple(core.wall)
                self._emit(WallBuilt(order, wall_digest(order), None if self.explicit_wall else self.seed,
                                     self.salt, flow.in_play(len(order)), flow.segmented))
            elif kind == _EV["begin"]:
                st.begin_play()
                held = [t for t in range(34) if st.hands[st.dealer][t]]
                st.last_draw = (st.dealer, held[-1], False, False) if held else None
                if getattr(flow.options, "lack", False):
                    st.phase = "lack"
        self._synced = core.n_events

    # --- driving ----------------------------------------------------------------------------------------------

    def handle(self, status: int) -> int:
        """Answer what the core stopped for (a win's score, money, the end) until it waits for seats or the
        hand is over; returns CS_WAIT or CS_END."""
        core = self.core
        while True:
            if status == CS_SCORE:
                seat, tile, frm, robbing = core.query
                self.sync()
                result = self._score_win(seat, tile, None if frm < 0 else frm, robbing)
                self._win_cache[(self.state.steps, seat, tile)] = result
                core.verdict(seat, tile, result is not None, result.total if result is not None else 0)
                status = core.advance()
            elif status == CS_PAY:
                self.sync()
                self._pay()
                status = core.advance()
            elif status == CS_END:
                if not self._ended:
                    self._ended = True
                    self.sync()
                    self._end_hand()
                    assert self.state.net is not None
                    self.net = self.state.net
                return CS_END
            else:
                return status

    def play_random(self, agent_seeds: Sequence[int]) -> CoreHand:
        """Play the hand to its end with the built-in random agents (``RandomAgent(agent_seeds[s])`` at seat
        s), choosing in C."""
        core = self.core
        core.seed_agents(agent_seeds)
        status = self.handle(core.advance())
        while status != CS_END:
            status = self.handle(core.play_random())
        return self


def play_random(rules: str, *, seed: int = 0, salt: int = 0, dealer: int | None = None, prevalent_wind: int = 0,
                hand_number: int = 0, options: Mapping[str, Any] | None = None,
                agent_seeds: Sequence[int] = (0, 1, 2, 3)) -> HandTable:
    """One hand with the built-in random agents: on the compiled core when it plays this flow, else on
    :class:`Game` with :class:`~mahjong.game.agents.RandomAgent` (the same hand either way)."""
    flow = make_flow(rules, options)
    params = core_params(flow) if core_available() else None
    d = flow.seats[0] if dealer is None else dealer
    if params is None:
        from mahjong.game.agents import RandomAgent
        from mahjong.game.play import play_hand

        game = Game(rules, seed=seed, salt=salt, dealer=d, prevalent_wind=prevalent_wind, hand_number=hand_number,
                    options=options)
        play_hand(game, {s: RandomAgent(agent_seeds[i]) for i, s in enumerate(flow.seats)})
        return game
    hand = CoreHand(flow, params, seed=seed, salt=salt, dealer=d, prevalent_wind=prevalent_wind,
                    hand_number=hand_number, options=options, rules=rules)
    return hand.play_random(agent_seeds)
