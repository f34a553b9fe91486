"""A table: a match of any rule set for its seats — people and agents — with per-seat views, a claim window of
fixed length, turn and bank clocks, snapshots to reconnect from, verifiable shuffles and the match log.

The table is a state machine driven by time: :meth:`Table.tick` does what is due by the table's clock (a callable
returning seconds; ``time.monotonic`` by default, a :class:`ManualClock` in tests, the event loop's time in the
server), :meth:`Table.next_deadline` says when it must be called next, and :meth:`Table.act` takes a person's
answer.  Nothing waits inside the table: its clocks are tested without real waiting.

How a hand goes (every step is announced to every watcher as an ``update`` frame; :mod:`mahjong.table.views` says
what each seat is told):

* the table commits to the hand's seed (:mod:`mahjong.table.shuffle`), deals, and releases the engine's events
  up to the next decision;
* after every discard a **claim window** of ``timing.claim`` seconds opens for everybody, whether or not anybody
  can claim (the engine's events after the discard are held back until it closes), and after every added kong a
  **rob window** of the same length; a seat that may claim answers inside it, and the answers are resolved when
  it closes.  A seat locked by 报听 gets a window of the same length on its turn, so its automatic discards and
  its self-drawn wins take the same time;
* a **turn** (a discard, 定缺, 换三张, 海底捞月) gives the seat ``timing.turn`` seconds, then its bank
  (``timing.bank`` per hand); a person with no connection gets ``timing.away``; agents answer after
  ``timing.agent``;
* when a clock runs out the table answers for the seat (:func:`timeout_action`); after the hand the seed is
  revealed, the settlement shown, and the next hand starts after ``timing.between`` seconds (sooner when every
  person has said ``next``).
"""

from __future__ import annotations

import json
import re
import secrets
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from mahjong import i18n
from mahjong.errors import MahjongError, RulesError, listed
from mahjong.game.actions import Action, IllegalActionError
from mahjong.game.agents import AGENTS, Agent, make_agent
from mahjong.game.engine import Game, make_flow
from mahjong.game.events import Discarded, GameEvent, HandEnded, KongDeclared
from mahjong.game.log import dumps_log
from mahjong.game.match import MatchPlan
from mahjong.game.rng import SplitMix64
from mahjong.game.state import HandState, Phase
from mahjong.table.shuffle import MATCH_SALT, commitment, derived_secret, new_secret, seat_hands
from mahjong.table.views import redact, seat_view

__all__ = ["Table", "Timing", "ManualClock", "TableError", "HUMAN", "MAX_HANDS", "timeout_action", "Frame", "encode"]

HUMAN = "human"
#: the longest match a table plays
MAX_HANDS = 64
#: what one tick does at most (a guard: a hand takes a few hundred steps)
_MAX_STEPS = 100_000
_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")

Frame = dict[str, Any]
Watcher = Callable[[Frame], None]


class TableError(MahjongError):
    """A request the table refuses: an unknown seat, a seat that is not a person's, a bad table setting."""


@dataclass(frozen=True)
class Timing:
    """The table's clocks, in seconds.

    ``claim``: the claim window after every discard (and the rob window after an added kong), the same length
    whether or not anybody can claim; ``turn``: a seat's time for one decision, after which its ``bank`` (per hand)
    runs; ``away``: the time of a person's decision while nobody is connected for that seat; ``agent``: how long an
    agent waits before it answers a turn (so people can follow the play); ``between``: the pause after a hand."""

    claim: float = 2.5
    turn: float = 15.0
    bank: float = 20.0
    away: float = 3.0
    agent: float = 0.8
    between: float = 10.0

    def __post_init__(self) -> None:
        for name, (low, high) in _LIMITS.items():
            v = getattr(self, name)
            if type(v) not in (int, float) or not low <= v <= high:
                raise TableError(f"timing {name} must be a number of seconds from {low} to {high}, got {v!r}")

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Timing:
        unknown = sorted(set(data) - set(_LIMITS))
        if unknown:
            raise TableError(f"unknown timing(s) {listed(unknown)}; known: {listed(_LIMITS)}")
        return cls(**dict(data))

    def to_dict(self) -> dict[str, float]:
        return {name: getattr(self, name) for name in _LIMITS}


_LIMITS: dict[str, tuple[float, float]] = {"claim": (0, 30), "turn": (0, 300), "bank": (0, 600), "away": (0, 60),
                                           "agent": (0, 10), "between": (0, 120)}
#: each clock's range in seconds, by name (the server's API document states them)
TIMING_LIMITS: Mapping[str, tuple[float, float]] = _LIMITS


class ManualClock:
    """A clock that moves only when told (tests): ``clock()`` is the time, ``advance(s)`` / ``set(t)`` move it."""

    def __init__(self, start: float = 0.0) -> None:
        self.now = float(start)

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds

    def set(self, t: float) -> None:
        self.now = max(self.now, t)


def timeout_action(game: Game, seat: int, legal: Sequence[Action]) -> Action:
    """What the table does for a seat whose clock ran out: a win that counts, else pass (claims, 抢杠), else the
    tile just drawn is discarded (摸切), else the last discard on offer; 定缺 the suit it holds fewest of; anything
    else the first legal action."""
    for a in legal:
        if a.kind == "win":
            result = game.win_score(seat, a.tile)
            if result is None or result.valid:
                return a
    for a in legal:
        if a.kind == "pass":
            return a
    discards = [a for a in legal if a.kind == "discard"]
    if discards:
        drawn = game.state.last_draw
        for a in discards:
            if drawn is not None and drawn[0] == seat and a.tile == drawn[1]:
                return a
        return discards[-1]
    lacks = [a for a in legal if a.kind == "lack"]
    if lacks:
        hand = game.state.hands[seat]
        return min(lacks, key=lambda a: (sum(hand[a.tile * 9:a.tile * 9 + 9]), a.tile))
    return legal[0]


@dataclass
class _Step:
    """What the table waits for now.  ``kind``: ``turn`` / ``lack`` / ``exchange`` / ``swap`` / ``haidi`` (the
    seats' clocks run), ``claim`` / ``rob`` / ``locked`` (a window of fixed length), ``between``, ``over``."""

    kind: str
    opened: float
    pending: tuple[int, ...] = ()  # engine seats that may answer
    legal: dict[int, list[Action]] = field(default_factory=dict)
    answers: dict[int, Action] = field(default_factory=dict)
    events_at_open: int = 0
    ready: set[int] = field(default_factory=set)  # between hands: the players who said next

    @property
    def window(self) -> bool:
        return self.kind in ("claim", "rob", "locked")


@dataclass
class _Hand:
    number: int
    seed: int
    nonce: str
    commitment: str
    seating: tuple[int, ...]  # player -> engine seat
    game: Game
    state: HandState  # the fold of the events released so far
    released: int = 0
    paused_before: int = -1  # the automatic discard a locked window was opened for
    timeouts: list[tuple[int, int]] = field(default_factory=list)  # (event count, player) of each timed-out answer


class Table:
    """A match of ``rules`` for ``seats`` (``"human"`` or an agent name — ``random``, ``greedy``, ``first`` — per
    player, as many as the rule set has seats).

    ``options`` are the rule set's and its flow's (as :class:`~mahjong.game.engine.Game` takes them); ``hands``
    the number of hands (1..:data:`MAX_HANDS`); ``timing`` the clocks (:class:`Timing`); ``clock`` the time source
    (seconds); ``seed`` makes the seeds reproducible (tests: without it every hand's seed comes from the operating
    system's secure random source); ``table_id`` names the table in its commitments and log.

    ``walls(k)``, for tests, gives hand ``k`` an explicit wall (``Game(wall=...)``) instead of the seeded one: such
    hands cannot be verified against their commitment.

    Players are numbered 0..n-1 as ``seats``; each hand seats them as the match says (Guobiao swaps seats from the
    third round), and every frame says which seat a player holds.

    A table is driven from one thread (the server drives each from its event loop), as a :class:`Game` is."""

    def __init__(self, rules: str, seats: Sequence[str], *, options: Mapping[str, Any] | None = None,
                 hands: int = 4, timing: Timing | None = None, clock: Callable[[], float] | None = None,
                 seed: int | None = None, table_id: str | None = None,
                 walls: Callable[[int], Sequence[int]] | None = None) -> None:
        if not isinstance(rules, str):
            raise RulesError(f"rules must be a preset name, got {rules!r}")
        if options is not None and not isinstance(options, Mapping):
            raise RulesError(f"options must be a mapping of option names to values, got {type(options).__name__}")
        self.flow = make_flow(rules, options)
        n = len(self.flow.seats)
        if isinstance(seats, (str, bytes)) or not isinstance(seats, Sequence) or len(seats) != n:
            raise TableError(f"a {rules} table has {n} seats: give one of human, {listed(AGENTS)} for each")
        for i, kind in enumerate(seats):
            if kind != HUMAN and kind not in AGENTS:
                raise TableError(f"seat {i}: {kind!r} is neither human nor an agent ({listed(AGENTS)})")
        if type(hands) is not int or not 1 <= hands <= MAX_HANDS:
            raise TableError(f"hands must be a whole number from 1 to {MAX_HANDS}, got {hands!r}")
        if seed is not None and (type(seed) is not int or not 0 <= seed < 1 << 64):
            raise TableError(f"seed must be a whole number from 0 to 2**64 - 1, got {seed!r}")
        if table_id is not None and (not isinstance(table_id, str) or not _ID.fullmatch(table_id)):
            raise TableError("a table id is 1 to 64 letters, digits, - or _")
        self.rules = rules
        self.options = dict(options or {})
        self.kinds: tuple[str, ...] = tuple(seats)
        self.hands_to_play = hands
        self.timing = timing if timing is not None else Timing()
        if not isinstance(self.timing, Timing):
            raise TableError("timing must be a Timing")
        self.clock: Callable[[], float] = clock if clock is not None else time.monotonic
        self.id = table_id if table_id is not None else secrets.token_urlsafe(9)
        self._master = seed
        self._walls = walls
        agent_seeds = SplitMix64(seed if seed is not None else secrets.randbits(64), 0xA6E)
        self.agents: dict[int, Agent] = {p: make_agent(k, agent_seeds.next64()) for p, k in enumerate(seats)
                                         if k != HUMAN}
        self.humans = tuple(p for p, k in enumerate(seats) if k == HUMAN)
        self.scores = [0] * n
        self.results: list[dict[str, Any]] = []
        self.bank = [self.timing.bank] * n
        self.seq = 0
        self._connected = [0] * n
        self._watchers: dict[int | None, list[Watcher]] = {}
        self._queue: list[tuple[Watcher, Frame]] = []
        self._finished_log: list[str] = []
        self._new_events: list[tuple[int, GameEvent]] = []
        self._new_result: dict[str, Any] | None = None
        self._plan: MatchPlan | None = None
        self.hand: _Hand | None = None
        self.step = _Step("between", self.clock())
        self._open_hand(self.step.opened)
        self._flush()

    # --- the public side ----------------------------------------------------------------------------------------

    @property
    def players(self) -> int:
        return len(self.kinds)

    @property
    def over(self) -> bool:
        return self.step.kind == "over"

    def seat_of(self, player: int) -> int:
        """The engine seat ``player`` holds in the current hand."""
        assert self.hand is not None
        return self.hand.seating[player]

    def player_at(self, seat: int) -> int:
        assert self.hand is not None
        return self.hand.seating.index(seat)

    def connected(self, player: int) -> bool:
        return self._connected[player] > 0

    def attach(self, player: int | None, watcher: Watcher) -> Callable[[], None]:
        """Watch the table as ``player`` (``None``: a spectator): ``watcher`` gets a ``snapshot`` frame at once,
        then every ``update``.  A person's seat counts as connected while it has a watcher.  Returns the function
        that stops watching."""
        self._check_player(player, spectator=True)
        self.tick()
        self._watchers.setdefault(player, []).append(watcher)
        if player is not None and player in self.humans:
            self._connected[player] += 1
        watcher(self.snapshot(player))
        done = False

        def detach() -> None:
            nonlocal done
            if done:
                return
            done = True
            watchers = self._watchers[player]
            del watchers[next(i for i, w in enumerate(watchers) if w is watcher)]  # (by identity, not ==)
            if player is not None and player in self.humans:
                self._connected[player] -= 1
            self.tick()

        return detach

    def act(self, player: int, action: object) -> None:
        """``player`` answers the decision before it with ``action`` (an :class:`Action`, its index, or its dict
        ``{"kind", "tile"?, "meld"?}``).  Refused with :class:`~mahjong.game.actions.IllegalActionError` when it is
        not that player's decision or not a legal answer; the table goes on either way."""
        self._check_player(player)
        if player not in self.humans:
            raise TableError(f"seat {player} is played by an agent")
        self.tick()
        step, hand = self.step, self.hand
        if step.kind == "between" or step.kind == "over" or hand is None:
            raise IllegalActionError(f"seat {player} has no decision now: the hand is over")
        seat = hand.seating[player]
        if seat not in step.pending or seat in step.answers:
            raise IllegalActionError(f"seat {player} has no decision now")
        chosen = _legal_choice(action, step.legal[seat])
        now = self.clock()
        if step.window:
            step.answers[seat] = chosen
            self._answered(player)
        else:
            used = now - step.opened
            self.bank[player] = max(0.0, self.bank[player] - max(0.0, used - self.timing.turn))
            self._apply(seat, chosen, now)
        self._flush()

    def next_hand(self, player: int) -> None:
        """``player`` is ready for the next hand (the pause between hands ends when every person is)."""
        self._check_player(player)
        self.tick()
        if self.step.kind != "between":
            raise IllegalActionError(f"seat {player} has no decision now: the hand is being played")
        if player not in self.step.ready:
            self.step.ready.add(player)
            self._update(self.clock())  # (everybody sees who is still awaited)
        self.tick()

    def tick(self) -> None:
        """Do everything due by the clock (agents' answers, clocks run out, windows closed, the next hand)."""
        now = self.clock()
        for _ in range(_MAX_STEPS):
            due = self._next_due()
            if due is None or due[0] > now:
                break
            self._do(due[0], due[1])
        else:  # pragma: no cover - a bug, not an input
            raise AssertionError("the table does not settle")
        self._flush()

    def next_deadline(self) -> float | None:
        """The clock time at which :meth:`tick` has something to do (``None``: nothing, the match is over)."""
        due = self._next_due()
        return None if due is None else due[0]

    def snapshot(self, player: int | None) -> Frame:
        """Everything ``player`` (``None``: a spectator) needs to draw the table now and follow the updates after
        it: the table, the hand and its commitment, the events released so far as that seat was told them, the
        view, the decision, the scores and the finished hands."""
        self._check_player(player, spectator=True)
        hand = self.hand
        seat = self._seat(player)
        events = [] if hand is None else [
            {**redact(ev, seat), "i": i} for i, ev in enumerate(hand.game.events[:hand.released])]
        return {"type": "snapshot", "seq": self.seq, "table": self.info(), "player": player,
                "hand": self._hand_info(), "events": events, "view": self._view(seat),
                "step": self._step_info(player, self.clock()), "scores": list(self.scores),
                "results": list(self.results)}

    def info(self) -> dict[str, Any]:
        """The table's public description."""
        return {"id": self.id, "rules": self.rules, "options": dict(self.options), "seats": list(self.kinds),
                "hands": self.hands_to_play, "timing": self.timing.to_dict(), "played": len(self.results),
                "over": self.over, "connected": [self.connected(p) for p in range(self.players)]}

    def log(self) -> str:
        """The match log of the finished hands (JSON lines; :func:`mahjong.table.shuffle.verify_log` checks it)."""
        head = _line({"type": "table", "format": 1, "table": self.id, "rules": self.rules, "options": self.options,
                      "seats": list(self.kinds), "hands": self.hands_to_play})
        return head + "".join(self._finished_log)

    # --- checks ---------------------------------------------------------------------------------------------------

    def _check_player(self, player: Any, spectator: bool = False) -> None:
        if player is None and spectator:
            return
        if type(player) is not int or not 0 <= player < self.players:
            raise TableError(f"no seat {player!r} at this table (seats 0 to {self.players - 1})")

    def _seat(self, player: int | None) -> int | None:
        return None if player is None or self.hand is None else self.hand.seating[player]

    # --- hands ----------------------------------------------------------------------------------------------------

    def _open_hand(self, now: float) -> None:
        k = len(self.results)
        seed, nonce = derived_secret(self._master, k) if self._master is not None else new_secret()
        if self._plan is None:
            self._plan = MatchPlan(self.flow, MatchPlan.first(self.flow, SplitMix64(seed, MATCH_SALT)))
        plan = self._plan
        wall = None if self._walls is None else self._walls(k)
        game = Game(self.rules, seed=seed, salt=k, dealer=plan.dealer, prevalent_wind=plan.wind, hand_number=k,
                    options=self.options, wall=wall)
        self.hand = _Hand(k, seed, nonce, commitment(self.id, k, seed, nonce), tuple(plan.seating), game,
                          HandState())
        self.bank = [self.timing.bank] * self.players
        self._release(now)

    def _end_hand(self, now: float) -> None:
        hand = self.hand
        assert hand is not None and self._plan is not None
        game = hand.game
        settlement = game.settlement
        assert settlement is not None
        net = tuple(settlement.net)
        for p in range(self.players):
            self.scores[p] += net[hand.seating[p]]
        wins = []
        results = list(settlement.results)
        for i, w in enumerate(game.wins_made()):
            r = results[i] if i < len(results) else None
            wins.append({"seat": w.seat, "tile": w.tile, "from_seat": w.from_seat, "hand": w.hand, "total": w.total,
                         "unit": _both(i18n.unit, r.unit) if r is not None else None,
                         "items": [] if r is None else [{"key": it.key, "name_zh": it.name_zh, "name_en": it.name_en,
                                                         "value": it.value, "count": it.count, "unit": it.unit}
                                                        for it in r.items]})
        end = game.events[-1]
        assert isinstance(end, HandEnded)
        result = {"hand": hand.number, "dealer": game.state.dealer, "prevalent_wind": game.state.prevalent_wind,
                  "seating": list(hand.seating), "net": list(net), "scores": list(self.scores),
                  "winners": list(game.state.won), "wins": wins,
                  "payments": [{"payer": p.payer, "payee": p.payee, "amount": p.amount, "reason": p.reason,
                                "label": _reason(p.reason, p.note)} for p in settlement.lines],
                  "hands": seat_hands(game.state.hands), "commitment": hand.commitment,
                  "seed": str(hand.seed),  # (as text: a 64-bit number does not survive JavaScript's numbers)
                  "nonce": hand.nonce}
        self.results.append(result)
        self._new_result = result
        self._finished_log.append(
            _line({"type": "commitment", "hand": hand.number, "commitment": hand.commitment})
            + dumps_log(game.events)
            + _line({"type": "reveal", "hand": hand.number, "seed": hand.seed, "nonce": hand.nonce,
                     "seating": list(hand.seating), "timeouts": [list(t) for t in hand.timeouts]}))
        self._plan.advance(end.next_dealer, SplitMix64(hand.seed, MATCH_SALT).dice)
        kind = "over" if len(self.results) >= self.hands_to_play else "between"
        self.step = _Step(kind, now)
        self._update()

    # --- releasing the engine's events ------------------------------------------------------------------------

    def _release(self, now: float) -> None:
        """Fold the engine's events into the released state up to the next place the table waits, and open it."""
        hand = self.hand
        assert hand is not None
        game = hand.game
        events = game.events
        while hand.released < len(events):
            i = hand.released
            ev = events[i]
            if isinstance(ev, Discarded) and ev.auto and hand.paused_before != i:
                hand.paused_before = i  # 报听: the locked seat's turn takes a window's time
                self._open("locked", now, ())
                return
            hand.state.apply(ev)
            hand.released += 1
            self._new_events.append((i, ev))
            last = hand.released == len(events) and not game.done
            if isinstance(ev, Discarded):
                self._open("claim", now, game.pending if last else ())
                return
            if isinstance(ev, KongDeclared) and ev.kind == "added":
                self._open("rob", now, game.pending if last else ())
                return
        if game.done:
            self._end_hand(now)
            return
        pending = game.pending
        st = hand.state
        phase = game.state.phase
        if phase == Phase.TURN and st.ready[pending[0]]:
            self._open("locked", now, pending)
        else:
            self._open({Phase.TURN: "turn", Phase.LACK: "lack", Phase.EXCHANGE: "exchange", Phase.SWAP: "swap",
                        Phase.HAIDI: "haidi"}.get(phase, "turn"), now, pending)

    def _open(self, kind: str, now: float, pending: tuple[int, ...]) -> None:
        hand = self.hand
        assert hand is not None
        game = hand.game
        step = _Step(kind, now, tuple(pending), {s: game.legal_actions(s) for s in pending},
                     events_at_open=len(game.events))
        self.step = step
        if step.window:  # agents answer inside the window at once; the answers count when it closes
            for s in pending:
                p = hand.seating.index(s)
                agent = self.agents.get(p)
                if agent is not None:
                    step.answers[s] = agent.choose(game, s, step.legal[s])
        self._update()

    def _apply(self, seat: int, action: Action, now: float) -> None:
        """A turn's answer goes to the engine at once; the table moves on when the engine has."""
        hand = self.hand
        assert hand is not None
        hand.game.act(seat, action)
        self.step.answers[seat] = action
        if len(hand.game.events) > self.step.events_at_open or hand.game.done:
            self._release(now)
        else:
            self._answered(hand.seating.index(seat))

    # --- time -----------------------------------------------------------------------------------------------------

    def _deadline(self, player: int) -> float:
        """When ``player``'s clock runs out on the current turn."""
        step, t = self.step, self.timing
        if player in self.agents:
            return step.opened + t.agent
        if not self.connected(player):
            return step.opened + min(t.away, t.turn + self.bank[player])
        return step.opened + t.turn + self.bank[player]

    def _next_due(self) -> tuple[float, int | None] | None:
        step = self.step
        if step.kind == "over":
            return None
        if step.kind == "between":
            waiting = [p for p in self.humans if p not in step.ready and self.connected(p)]
            early = bool(self.humans) and not waiting  # every person here has said next (or nobody is here)
            return (step.opened if early else step.opened + self.timing.between), None
        if step.window:
            return step.opened + self.timing.claim, None
        assert self.hand is not None
        best: tuple[float, int | None] | None = None
        for s in step.pending:
            if s in step.answers:
                continue
            p = self.hand.seating.index(s)
            d = self._deadline(p)
            if best is None or d < best[0]:
                best = (d, p)
        return best

    def _do(self, at: float, player: int | None) -> None:
        step, hand = self.step, self.hand
        if step.kind == "between":
            self._open_hand(at)
            return
        assert hand is not None
        game = hand.game
        if step.window:
            for s in step.pending:  # (in the engine's order; the engine resolves when the last has answered)
                action = step.answers.get(s)
                if action is None:
                    action = timeout_action(game, s, step.legal[s])
                    hand.timeouts.append((len(game.events), hand.seating.index(s)))
                game.act(s, action)
            self._release(at)
            return
        assert player is not None
        seat = hand.seating[player]
        agent = self.agents.get(player)
        if agent is not None:
            action = agent.choose(game, seat, step.legal[seat])
        else:
            action = timeout_action(game, seat, step.legal[seat])
            hand.timeouts.append((len(game.events), player))
            if self.connected(player):
                self.bank[player] = 0.0
        self._apply(seat, action, at)

    # --- frames ---------------------------------------------------------------------------------------------------

    def _hand_info(self) -> dict[str, Any] | None:
        hand = self.hand
        if hand is None:
            return None
        st = hand.state
        return {"number": hand.number, "commitment": hand.commitment, "seating": list(hand.seating),
                "dealer": st.dealer if st.wall else None, "prevalent_wind": st.prevalent_wind}

    def _view(self, seat: int | None) -> dict[str, Any] | None:
        hand = self.hand
        if hand is None:
            return None
        return seat_view(hand.state, seat, tuple(self.flow.seats))

    def _step_info(self, player: int | None, now: float) -> dict[str, Any]:
        step, hand, t = self.step, self.hand, self.timing
        out: dict[str, Any] = {"kind": step.kind}
        if step.kind == "over":
            return out
        if step.kind == "between":
            out["ends_in"] = round(max(0.0, step.opened + t.between - now), 3)
            out["waiting"] = [p for p in self.humans if p not in step.ready]
            return out
        assert hand is not None
        seat = None if player is None else hand.seating[player]
        mine = seat is not None and seat in step.pending and seat not in step.answers and player in self.humans
        if step.window:
            out["ends_in"] = round(max(0.0, step.opened + t.claim - now), 3)
        else:
            out["actors"] = sorted(hand.seating.index(s) for s in step.pending if s not in step.answers)
            ends = {p: round(max(0.0, self._deadline(p) - now), 3) for p in out["actors"]}
            out["ends_in"] = ends.get(player) if player in ends else (min(ends.values()) if ends else None)
            out["banks"] = [round(b, 3) for b in self.bank]
        if mine:
            assert seat is not None
            out["legal"] = [a.to_dict() for a in step.legal[seat]]
        elif seat is not None and seat in step.answers and player in self.humans:
            out["answered"] = step.answers[seat].to_dict()
        return out

    def _update(self, now: float | None = None) -> None:
        """A new step (or, between hands, a new answer): every watcher gets an ``update`` (built now, delivered by
        :meth:`_flush`); its clocks are read at ``now`` (default: when the step opened)."""
        self.seq += 1
        events, self._new_events = self._new_events, []
        result, self._new_result = self._new_result, None
        for player, watchers in self._watchers.items():
            if not watchers:
                continue
            seat = self._seat(player)
            frame: Frame = {"type": "update", "seq": self.seq, "hand": self._hand_info(),
                            "events": [{**redact(ev, seat), "i": i} for i, ev in events],
                            "view": self._view(seat),
                            "step": self._step_info(player, self.step.opened if now is None else now),
                            "scores": list(self.scores)}
            if result is not None:
                frame["result"] = result
            for w in watchers:
                self._queue.append((w, frame))

    def _answered(self, player: int) -> None:
        """Only the answering player learns that its answer was taken (the others must not: a claim window)."""
        for w in self._watchers.get(player, ()):
            self._queue.append((w, {"type": "answered", "seq": self.seq,
                                    "step": self._step_info(player, self.clock())}))

    def _flush(self) -> None:
        queue, self._queue = self._queue, []
        for watcher, frame in queue:
            watcher(frame)


def encode(frame: Frame) -> str:
    """A frame as JSON text, as the server sends it."""
    return json.dumps(frame, ensure_ascii=False, separators=(",", ":"))


def _both(name: Callable[[str, str], str], code: str) -> dict[str, str]:
    return {"en": name(code, "en"), "zh": name(code, "zh")}


def _reason(reason: str, note: str) -> dict[str, str]:
    """A payment line's reason in both languages (the package's words; a rule file's own note as it is)."""
    key = "reason." + reason
    if key in i18n.MESSAGES:
        return {"en": i18n.text(key, "en"), "zh": i18n.text(key, "zh")}
    return {lang: i18n.line_note(note, lang) or note or reason for lang in ("en", "zh")}


def _line(obj: dict[str, Any]) -> str:
    """One line of the match log (as :func:`mahjong.game.log.dumps_log` writes events)."""
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":")) + "\n"


def _legal_choice(action: Any, legal: Sequence[Action]) -> Action:
    """The legal action ``action`` names (an Action, an index, or a dict), or IllegalActionError."""
    if isinstance(action, Action):
        chosen = action if action in legal else None
    elif type(action) is int:
        chosen = next((a for a in legal if a.index == action), None)
    elif isinstance(action, Mapping):
        unknown = sorted(str(k) for k in action if k not in ("kind", "tile", "meld"))
        if unknown:
            raise IllegalActionError(f"an action has a kind, a tile and a meld; unknown: {listed(unknown)}")
        kind, tile, meld = action.get("kind"), action.get("tile", -1), action.get("meld", ())
        if not isinstance(kind, str) or type(tile) is not int or not isinstance(meld, (list, tuple)) \
                or any(type(x) is not int for x in meld) or len(meld) > 4:
            raise IllegalActionError("an action is an object of kind (text), tile (a tile id) and meld (tile ids)")
        chosen = next((a for a in legal if a.kind == kind and a.tile == tile
                       and (not meld or tuple(a.meld) == tuple(meld))), None)
    else:
        raise IllegalActionError(f"an action is an Action or an action index, got {action!r}")
    if chosen is None:
        raise IllegalActionError(f"not a legal answer now; legal: {listed(str(a) for a in legal)}")
    return chosen
