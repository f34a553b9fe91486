"""Lockstep batches: ``GameBatch(n, rules=..., seed=...)`` steps n games together for one batched forward.

    batch = GameBatch(64, rules="guobiao", seed=1)
    while training:
        obs, mask, game, seat = batch.observe()    # (m, N_PLANES, 42) float32, (m, N_ACTIONS) int8, (m,), (m,)
        actions = policy(obs, mask)                # (m,) ints: one action per row
        result = batch.step(actions)               # finished games are recorded and reset
        result.done, result.rewards                # (n,) bool, (n, 4) int64 nets of the games that ended

The rows of :meth:`GameBatch.observe` are every seat that must act now, game by game in index order and, within
a game, in the engine's ``pending`` order (a claim window has several rows for one game).  :meth:`step` takes
either one action per row (shape ``(m,)``, the rows of the last ``observe``) or a ``(n, seats)`` array with
-1 where a seat has nothing to do.

Seeds: game ``i`` plays its hands with ``Game(rules, seed=hand_seed(seed, i), salt=k)`` for its ``k``-th hand
(:meth:`GameBatch.game_kwargs`), so the batch plays exactly the hands n single games would.  Every finished
hand's log is kept (:attr:`GameBatch.logs`) unless ``keep_logs=False``: kept compact, as the actions taken in
it (two bytes an action, a few hundred bytes a hand, recorded by the compiled loop itself), and made the typed
events of :mod:`mahjong.game.events` only when it is read, by playing that hand again on ``Game`` with those
actions (:class:`HandLogs`; a read costs about what playing the hand through the step API does).  So keeping
the logs costs the batch little, and the loop settles and deals hands itself whether they are kept or not.

The arrays are reused: those :meth:`GameBatch.observe` and :meth:`GameBatch.step` return are valid until the
next step (``observe(copy=True)`` returns copies to keep).

``step(actions, hold=mask)`` leaves the games marked in ``mask`` (shape ``(n,)``, bool) as they are: their rows'
actions are not read (a learner's game that waits for its learner while the other games play on).
:meth:`GameBatch.redeal` abandons a game's hand (not logged, no rewards) and deals its next one;
:meth:`GameBatch.legal` and :meth:`GameBatch.agent_action` give a row's legal actions and a built-in agent's
choice there (on the compiled core the greedy agent chooses in C).

Bad input: a wrongly shaped or typed array, an action index out of range, an action for a seat that is not to
move, or a seat left without an answer raise :class:`~mahjong.rl.errors.BatchError` before anything changes.
An action the mask forbids is refused for its game only: that game is left as it was, the others are
stepped, and :class:`~mahjong.rl.errors.BatchActionError` names the refused games by index.
A hand that raises in the Python part of a step (scoring, settling, logging: after its actions were taken) is
abandoned as :meth:`GameBatch.redeal` does and its next hand dealt, every other game is stepped, and
:class:`~mahjong.rl.errors.BatchHandError` says which game (a ``KeyboardInterrupt`` passes through as it is):
the batch is never left half-stepped.

Threads: a batch may be shared.  Its calls take turns (one lock per batch, :attr:`GameBatch.lock`), so a step
in one thread and a read of ``batch.games`` in another never meet; hold ``batch.lock`` while looking into the
games read if another thread may step meanwhile.  Two batches step in two threads at once.

Two back ends, the same games and arrays.  When the compiled hand core plays the rule set
(:func:`mahjong.game.core.core_params`: every shipped rule set, rule file and format), one C loop
(``src/mjcore/batch.pxi``) applies the actions of every game, advances each until it waits for seats or needs
Python, and writes every row's ``obs_v1`` array and mask straight from the cores into the output arrays, with
the GIL released; Python runs only for the games that need it (a win to score, money moving during play, a
hand's end with a win or with money to settle).  Guobiao's may-this-seat-win is decided in that loop by the
compiled fan kernel (:func:`mahjong.game.core.guobiao_in_c`), so a Guobiao batch does not return to Python to
score a complete hand; a rule set scored by its rule book has its wins scored there by the compiled rule-book
evaluator (:func:`mahjong.game.core.book_in_c`: Sichuan's, the rule files'), and where it settles there too its
running scores (刮风下雨, each 血战 win) are followed there for the scores planes (a hand the compiled book hands
back goes to the rule book in Python).  A hand that ends in that
loop is settled there and the game's next hand dealt: one with no win in a rule set that settles by its wins alone
(nothing to pay: Guobiao, the common table, Wuhu), a Guobiao hand whose wins the loop decided, its nets from the
rule set's own win payments (:func:`win_payment_table`, read off its settlement formula when the batch is made),
and every hand of a rule set the compiled book settles, by the compiled settlement (Sichuan's 查花猪, 查大叫, 退税
included).  A game's :class:`~mahjong.game.core.CoreHand` (its typed events, state and settlement) is made only
when Python must look or someone reads :attr:`GameBatch.games`.  So two threads stepping two batches use two
cores for that loop; :attr:`GameBatch.c_seconds` is the CPU time spent in it.  Other rule sets (and the
pure-Python backend) step each game's :class:`~mahjong.game.Game` in Python.
"""

from __future__ import annotations

import functools
import threading
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from time import thread_time
from typing import TYPE_CHECKING, Any, TypeVar, overload

from mahjong.errors import shown_number, whole
from mahjong.game.actions import WIN as WIN_SLOT
from mahjong.game.core import win_nets, win_payment_table
from mahjong.rl.errors import BatchActionError, BatchError, BatchHandError
from mahjong.rl.obs_v1 import SHAPE, encode
from mahjong.rl.view import running_scores, view_of
from mahjong.scale.shards import hand_seed

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from mahjong.game.agents import Agent
    from mahjong.game.core import CoreHand
    from mahjong.game.engine import Game
    from mahjong.game.events import GameEvent

__all__ = ["GameBatch", "HandLogs", "StepResult", "BatchObservation", "win_payment_table", "win_nets"]

_F = TypeVar("_F", bound=Callable[..., Any])


def _one_at_a_time(method: _F) -> _F:
    """A GameBatch method that takes the batch's lock: calls from several threads take turns (the compiled loop
    runs without the GIL, so a read of ``games`` in one thread during a step in another copied a core the loop
    was changing)."""

    @functools.wraps(method)
    def locked(self: GameBatch, *args: Any, **kwargs: Any) -> Any:
        with self._lock:
            return method(self, *args, **kwargs)

    return locked  # type: ignore[return-value]


class HandLogs(Sequence[list["GameEvent"]]):
    """One game's finished hands' logs, in order: ``logs[k]`` is its k-th hand's typed events, as the hand's own
    ``events`` were.  Each hand is kept as the actions taken in it (seat and action index: two bytes an action)
    and its events are made when read, by playing the hand again on :class:`~mahjong.game.Game` (the batch's
    seeds for that game and hand, :meth:`GameBatch.game_kwargs`) with those actions: a hand is fixed by its seeds
    and its actions.  Each read plays it again (nothing decoded is kept); equal to a list of logs with the same
    events."""

    def __init__(self, batch: GameBatch, game: int) -> None:
        self._batch = batch
        self._game = game
        self._hands: list[tuple[int, bytes]] = []  # (the hand's number in the game, its actions)

    def add(self, hand: int, actions: bytes) -> None:
        """Keep the game's ``hand``-th hand (0-based), played with ``actions``."""
        self._hands.append((hand, actions))

    def actions(self, k: int) -> list[tuple[int, int]]:
        """The k-th kept hand's actions, in order: (seat, action index)."""
        _, raw = self._hands[k]
        return list(zip(raw[::2], raw[1::2]))

    @property
    def nbytes(self) -> int:
        """The bytes the kept actions take."""
        return sum(len(raw) for _, raw in self._hands)

    def _events(self, k: int) -> list[GameEvent]:
        from mahjong.game.engine import Game

        hand, raw = self._hands[k]
        kw = self._batch.game_kwargs(self._game, hand)
        g = Game(kw.pop("rules"), **kw)
        for seat, action in zip(raw[::2], raw[1::2]):
            g.act(seat, action)
        if not g.done:  # pragma: no cover - the kept actions are those of a finished hand
            raise AssertionError(f"game {self._game}, hand {hand}: its kept actions do not finish it")
        return list(g.events)

    def __len__(self) -> int:
        return len(self._hands)

    @overload
    def __getitem__(self, k: int) -> list[GameEvent]: ...
    @overload
    def __getitem__(self, k: slice) -> list[list[GameEvent]]: ...
    def __getitem__(self, k: int | slice) -> list[GameEvent] | list[list[GameEvent]]:
        if isinstance(k, slice):
            return [self._events(j) for j in range(*k.indices(len(self._hands)))]
        if not -len(self._hands) <= k < len(self._hands):
            raise IndexError(f"game {self._game} has {len(self._hands)} finished hands logged")
        return self._events(k % len(self._hands))

    def __iter__(self) -> Iterator[list[GameEvent]]:
        return (self._events(k) for k in range(len(self._hands)))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, HandLogs):
            other = list(other)
        if not isinstance(other, Sequence):
            return NotImplemented
        return len(other) == len(self._hands) and all(a == b for a, b in zip(self, other))

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<HandLogs of game {self._game}: {len(self._hands)} hands, {self.nbytes} bytes of actions>"


@dataclass
class BatchObservation:
    """Stacked rows, one per seat that must act: ``obs`` (m, N_PLANES, 42) float32, ``mask`` (m, N_ACTIONS) int8,
    ``game`` and ``seat`` (m,) int64.  Iterating gives the four arrays in that order."""

    obs: npt.NDArray[np.float32]
    mask: npt.NDArray[np.int8]
    game: npt.NDArray[np.int64]
    seat: npt.NDArray[np.int64]

    def __iter__(self) -> Any:
        return iter((self.obs, self.mask, self.game, self.seat))

    def __len__(self) -> int:
        return int(self.game.shape[0])


@dataclass
class StepResult:
    """``done[i]``: game i finished a hand in this step (and was reset); ``rewards[i]``: that hand's net per
    seat (zeros for games that did not finish); ``refused``: game index -> why its action was refused.  The
    arrays are the batch's own, reused: valid until the next step."""

    done: npt.NDArray[np.bool_]
    rewards: npt.NDArray[np.int64]
    refused: dict[int, str]


class GameBatch:
    """n games of one rule set stepped in lockstep (see the module docstring)."""

    def __init__(
        self,
        n: int,
        rules: str = "guobiao",
        *,
        seed: int = 0,
        options: Mapping[str, Any] | None = None,
        keep_logs: bool = True,
    ) -> None:
        from mahjong.game.actions import N_ACTIONS
        from mahjong.game.core import RandomTable

        self._lock = threading.RLock()  # (see _one_at_a_time)
        if not isinstance(n, int) or isinstance(n, bool) or n < 1:
            raise BatchError(f"a batch holds at least one game, got n={shown_number(n)}")
        whole_seed = whole(seed)
        if whole_seed is None or not 0 <= whole_seed < 1 << 64:
            # (as Game's seeds: the generator takes 64 bits, so 2**64 played the games of seed 0)
            raise BatchError(f"seed must be a whole number from 0 to 2**64 - 1, got {shown_number(seed)}")
        seed = whole_seed
        self.n = n
        self.rules = rules
        self.seed = seed
        self.options = dict(options or {})
        self.keep_logs = keep_logs
        self.n_actions = N_ACTIONS
        # the flow (made once: an unknown rule set or option fails here) and the core's parameter row when the
        # compiled core plays it (else None: Python games), shared by every hand of the batch, as a table of
        # hands shares them (with its one settlement of a hand where nothing happened)
        self._table = RandomTable(rules, self.options)
        flow = self._table.flow
        self.seats: tuple[int, ...] = tuple(flow.seats)
        self._params = self._table.params
        self._pays = flow.pays_during_play
        self._cores: Any = None
        self._book: tuple[Any, bool, int, bool] | None = None
        # CPU time (the stepping threads') spent in the compiled loop: measured by the loop itself, without the
        # GIL, where it can (c_timed), else around its calls here
        self._c_seconds = 0.0
        self._c_timed = False
        self.hands_played = [0] * n
        #: each game's finished hands' logs (kept as their actions, decoded when read: :class:`HandLogs`)
        self.logs: list[HandLogs] = [HandLogs(self, i) for i in range(n)]
        self._actions = [bytearray() for _ in range(n)]  # (the Python games' actions in their hand in play)
        # each game's hand in play: a Game (Python games), a CoreHand Python drives, or None (the loop's own core)
        self._hands: list[Game | CoreHand | None] = [None] * n
        self._bufs: tuple[Any, ...] | None = None  # the reused output arrays (grown when more rows are needed)
        self._step_bufs: tuple[Any, ...] | None = None
        self._obs: BatchObservation | None = None
        self._view: BatchObservation | None = None  # the last rows' views of the output arrays
        if self._params is not None:
            from mahjong import _core
            from mahjong.framework import RuleSet
            from mahjong.game.state import HandState
            from mahjong.settlement import Settlement

            self._cores = _core._BatchCores(n)  # type: ignore[attr-defined]
            self._c_timed = bool(self._cores.timed)
            self._st = _core._batch_constants()  # type: ignore[attr-defined]
            # a hand with no win moves no money in a rule set settled by its wins alone, with no final hands to
            # check and no payments of the flow's own for a hand where nothing was won (what CoreHand's quiet end
            # settles): the loop settles it (nothing) and deals the next hand itself (its log: its actions)
            quiet = (type(flow.ruleset).settle is RuleSet.settle and not flow.draw_hands
                     and not flow.extra_lines(HandState(), Settlement.from_lines(rules, [], [])))
            # every win decided in C by the compiled rule book (book_in_c): no score asked of Python; where it
            # settles the hand too, no pay either, the running scores followed in C, and, logs off, its hands
            # settled and dealt in the loop (its log: its actions)
            self._book = self._table.book
            if self._book is not None:
                self._cores.decide_book(*self._book)
                if self._book[3]:
                    quiet = True  # (C settles exactly as the rule set: every hand's nets are the loop's)
            self._cores.configure(self._params, [hand_seed(seed, i) for i in range(n)], [0] * n, quiet)
            self._cores.record_actions(keep_logs)
            decide = self._table.decide  # Guobiao's may-win decided in C (guobiao_in_c): no score asked of Python
            if decide is not None:
                self._cores.decide_guobiao(*decide)
                # ... and a hand won so settled in the loop too (its nets from the rule set's win payments)
                table = win_payment_table(flow) if quiet and self._table.facts_from_core else None
                if table is not None:
                    self._cores.settle_wins(table)
        for i in range(n):
            self._deal(i, None, None)

    @property
    def lock(self) -> threading.RLock:
        """The batch's lock, which every call takes (calls from several threads take turns): hold it
        (``with batch.lock:``) to read the games of :attr:`games` while another thread may step the batch."""
        return self._lock

    @property
    def c_seconds(self) -> float:
        """CPU time the stepping threads spent in the compiled loop (acting and encoding, without the GIL)."""
        return self._cores.seconds if self._c_timed else self._c_seconds

    def game_kwargs(self, i: int, hand: int) -> dict[str, Any]:
        """The ``Game`` arguments of game ``i``'s ``hand``-th hand (0-based): what a single game needs to play
        the very same hand."""
        return {"rules": self.rules, "seed": hand_seed(self.seed, i), "salt": hand, "options": self.options}

    @property
    def on_core(self) -> bool:
        """Whether the games step in the compiled loop without the GIL (else in Python, one by one)."""
        return self._cores is not None

    @property
    @_one_at_a_time
    def games(self) -> list[Game | CoreHand]:
        """Each game's hand in play: a :class:`~mahjong.game.core.CoreHand` on the compiled core, else a
        :class:`~mahjong.game.Game` (both have ``events``, ``flow``, ``state`` and, once over, ``settlement``).
        Reading it makes the driver of every game's hand (Python then drives those hands to their end)."""
        return [self._hand(i) for i in range(self.n)]

    def _hand(self, i: int) -> Game | CoreHand:
        """Game i's hand, made from the loop's own core when Python has not driven it yet."""
        g = self._hands[i]
        if g is None:
            from mahjong.game.core import CoreHand

            assert self._params is not None
            kw = self.game_kwargs(i, self.hands_played[i])
            g = CoreHand(self._table.flow, self._params, seed=kw["seed"], salt=kw["salt"], options=self.options,
                         rules=self.rules, table=self._table)
            self._cores.adopt(i, g.core)  # (the hand so far: the core's records fold into its events)
            if self._book is not None:  # (decided in C: the rule book's events made when read)
                g._decide_book(self._book)
            self._hands[i] = g
        return g

    def _deal(self, i: int, done: Any, rewards: Any) -> None:
        """Deal game i's next hand (on the core: in C, advanced to its first decision)."""
        if self._cores is None:
            from mahjong.game.engine import Game

            kw = self.game_kwargs(i, self.hands_played[i])
            self._hands[i] = Game(kw.pop("rules"), **kw)
            self._actions[i].clear()
            return
        self._hands[i] = None
        status = self._cores.new_hand(i)
        if status != self._st["WAIT"]:
            self._python_turn(i, status, done, rewards)

    def _python_turn(self, i: int, status: int, done: Any, rewards: Any) -> None:
        """Game i's core stopped for Python (a win to score, money, the end): answer it (a finished hand is
        recorded and the next one dealt)."""
        g: CoreHand = self._hand(i)  # type: ignore[assignment]
        if status == self._st["SCORES"]:  # (money moved that the loop could not add up: the rule book does)
            self._cores.set_game(i, g.core, running_scores(g))
            return
        if g.handle(status) == self._st["END"]:
            if done is None:  # pragma: no cover - no hand ends before its first decision
                raise AssertionError("a hand ended before its first decision")
            self._finish(i, done, rewards)
        elif self._pays:  # money may have moved during play: the scores planes
            self._cores.set_game(i, g.core, running_scores(g))

    # --- observing ---------------------------------------------------------------------------------------

    @_one_at_a_time
    def pending(self, i: int) -> tuple[int, ...]:
        """The seats of game ``i`` that must act now, in row order."""
        if self._cores is not None:
            return tuple(self._cores.core(i).pending)
        return tuple(self._hands[i].pending)  # type: ignore[union-attr]

    @_one_at_a_time
    def action_mask(self, i: int, seat: int) -> bytes:
        """Game ``i``'s action mask for ``seat`` now (all zeros when that seat has nothing to do)."""
        if self._cores is not None:
            return bytes(self._cores.core(i).mask(seat))
        return bytes(self._hands[i].action_mask(seat))  # type: ignore[union-attr]

    @_one_at_a_time
    def rows(self) -> list[tuple[int, int]]:
        """(game, seat) of every seat that must act now, in row order."""
        o = self.observe()
        return list(zip(o.game.tolist(), o.seat.tolist()))

    @_one_at_a_time
    def observe(self, copy: bool = False) -> BatchObservation:
        """Stacked observations and masks of every seat that must act now.  The arrays are the batch's own,
        reused: valid until the next :meth:`step` (the same arrays until then); ``copy=True`` returns copies."""
        if self._obs is None:
            self._obs = self._encode()
        o = self._obs
        if copy:
            return BatchObservation(o.obs.copy(), o.mask.copy(), o.game.copy(), o.seat.copy())
        return o

    def _buffers(self, m: int) -> tuple[bool, tuple[Any, ...]]:
        """(new arrays, the output arrays with room for at least m rows)."""
        import numpy as np

        fresh = self._bufs is None or self._bufs[0].shape[0] < m
        if fresh:
            cap = min(max(m + m // 4, 1), 4 * self.n)
            self._bufs = (np.empty((cap, *SHAPE), dtype=np.float32), np.empty((cap, self.n_actions), dtype=np.int8),
                          np.empty(cap, dtype=np.int64), np.empty(cap, dtype=np.int64))
        assert self._bufs is not None
        return fresh, self._bufs

    def _encode(self) -> BatchObservation:
        import numpy as np

        if self._cores is not None:
            t0 = 0.0 if self._c_timed else thread_time()
            m = self._cores.count_rows()
            fresh, (obs, mask, game, seat) = self._buffers(m)
            self._cores.encode(obs, mask, game, seat, fresh)  # the GIL is released inside
            if not self._c_timed:
                self._c_seconds += thread_time() - t0
            view = self._view
            if view is None or len(view) != m or view.obs.base is not obs:  # (views of the same rows: kept)
                view = self._view = BatchObservation(obs[:m], mask[:m], game[:m], seat[:m])
            return view
        rows = [(i, s) for i, g in enumerate(self._hands) for s in g.pending]  # type: ignore[union-attr]
        m = len(rows)
        obs, mask, game, seat = (b[:m] for b in self._buffers(m)[1])
        for r, (i, s) in enumerate(rows):
            g: Game = self._hands[i]  # type: ignore[assignment]
            encode(view_of(g, s), out=obs[r], clear=True)
            mask[r] = np.frombuffer(g.action_mask(s), dtype=np.int8)
            game[r], seat[r] = i, s
        return BatchObservation(obs, mask, game, seat)

    @_one_at_a_time
    def legal(self, i: int, seat: int) -> tuple[int, ...]:
        """Game ``i``'s legal action indices for ``seat`` now, in the engine's order (empty when it has nothing
        to do)."""
        self._check_game(i)
        if self._cores is not None:
            return tuple(self._cores.core(i).legal(seat))
        g: Game = self._hands[i]  # type: ignore[assignment]
        return tuple(a.index for a in g.legal_actions(seat))

    @_one_at_a_time
    def agent_action(self, i: int, seat: int, agent: Agent) -> int:
        """The action index ``agent`` (a built-in agent object of :mod:`mahjong.game.agents`, or any object with
        ``choose(game, seat, legal)``) chooses for game ``i``'s ``seat`` now.  On the compiled core the greedy
        agent chooses in C (``GameCore.greedy_action``, its twin), the random and first agents over the core's
        legal list (the random agent's own stream, as it chooses on a game); any other agent is handed the game
        (its hand is then driven from Python to its end)."""
        from mahjong.game.agents import FirstAgent, GreedyAgent, RandomAgent

        self._check_game(i)
        if self._cores is not None and self._hands[i] is None:
            core = self._cores.core(i)
            slots = core.legal(seat)
            if not slots:
                raise BatchError(f"game {i}: seat {seat} is not to move")
            kind = type(agent)
            if kind is GreedyAgent:
                return int(core.greedy_action(seat))
            if kind is FirstAgent:
                return int(slots[0])
            if isinstance(agent, RandomAgent) and kind is RandomAgent:
                # (RandomAgent.choose on the core's list: the core offers only wins that score)
                return WIN_SLOT if WIN_SLOT in slots else int(slots[agent.rng.below(len(slots))])
        from mahjong.game.core import CoreHand, core_actions

        hand = self._hand(i)
        legal = core_actions(hand.core, seat) if isinstance(hand, CoreHand) else hand.legal_actions(seat)
        if not legal:
            raise BatchError(f"game {i}: seat {seat} is not to move")
        return int(agent.choose(hand, seat, legal).index)  # type: ignore[arg-type]

    @_one_at_a_time
    def redeal(self, i: int) -> None:
        """Abandon game ``i``'s hand in play (not logged, no rewards: an episode ended by an illegal action)
        and deal its next hand."""
        import numpy as np

        self._check_game(i)
        self._abandon(i, np.zeros(self.n, dtype=np.bool_), np.zeros((self.n, 4), dtype=np.int64))
        self._obs = None

    def _abandon(self, i: int, done: Any, rewards: Any) -> None:
        """Drop game i's hand in play (not logged, no rewards) and deal its next hand."""
        g = self._hands[i]
        if g is not None:  # (the hand <-> state cycle broken, as _finish does; a core hand's state may not exist)
            state = g.__dict__.get("_state_") if self._cores is not None else g.state
            if state is not None:
                state.fact_hook = None
        self.hands_played[i] += 1
        self._deal(i, done, rewards)

    def _check_game(self, i: int) -> None:
        if type(i) is not int or not 0 <= i < self.n:
            raise BatchError(f"game index must be 0..{self.n - 1}, got {i!r}")

    # --- stepping ----------------------------------------------------------------------------------------

    def _hold_mask(self, hold: Any) -> Any:
        """``hold`` as a bool array of shape (n,) (None: no game held)."""
        import numpy as np

        if hold is None:
            return None
        try:
            arr = np.asarray(hold)
        except (TypeError, ValueError) as e:
            raise BatchError(f"hold must be a bool array of shape ({self.n},): {e}") from None
        if arr.dtype != np.bool_ or arr.shape != (self.n,):
            raise BatchError(f"hold must be a bool array of shape ({self.n},), got {arr.dtype} {arr.shape}")
        return arr if arr.any() else None

    def _row_actions(self, actions: Any, held: Any = None) -> Any:
        """Validate the action array (nothing changes on error) -> one action per row of :meth:`observe`
        (int32 or, as given, a native int64 array; on the compiled loop its indices are range-checked there).
        The rows of the games ``held`` marks are not read (they are given action 0, which the loop skips)."""
        import numpy as np

        try:
            arr = actions if type(actions) is np.ndarray else np.asarray(actions)
        except (TypeError, ValueError) as e:
            raise BatchError(f"actions must be an integer array: {e}") from None
        dt = arr.dtype
        if dt.kind not in "iu":  # (signed or unsigned integers; not bool, float, object …)
            raise BatchError(f"actions must be an integer array (action indices), got dtype {dt}")
        o = self.observe()
        m = len(o)
        if arr.ndim == 1:
            if arr.shape[0] != m:
                raise BatchError(
                    f"actions has shape {arr.shape}, expected ({m},): one action per row of observe() "
                    f"(or shape ({self.n}, {len(self.seats)}) with -1 for seats not to move)"
                )
            if held is not None:  # (the held games' rows: any index, never read)
                arr = np.array(arr, dtype=np.int64)
                arr[held[o.game]] = 0
            if self._cores is not None:  # (the loop checks every index before it applies any: _out_of_range)
                if dt.kind == "i" and dt.itemsize in (4, 8) and dt.isnative and arr.flags.c_contiguous:
                    return arr
                if dt.itemsize < 8 or dt.kind == "i":  # (any other signed, and unsigned up to 32 bits: exact)
                    return np.ascontiguousarray(arr, dtype=np.int64)
            if m and (arr.min() < 0 or arr.max() >= self.n_actions):
                self._out_of_range(arr, int(np.flatnonzero((arr < 0) | (arr >= self.n_actions))[0]))
            return np.ascontiguousarray(arr, dtype=np.int32)
        if arr.ndim == 2 and arr.shape == (self.n, len(self.seats)):
            col = {s: c for c, s in enumerate(self.seats)}
            cols = np.fromiter((col[s] for s in o.seat.tolist()), dtype=np.int64, count=m)
            must = np.zeros(arr.shape, dtype=np.bool_)
            must[o.game, cols] = True
            if held is not None:  # (a held game's seats: neither asked nor read)
                arr = np.array(arr, dtype=np.int64)
                arr[held] = np.where(must[held], 0, -1)
            missing = np.argwhere(must & (arr < 0))
            if missing.size:
                i, c = (int(x) for x in missing[0])
                raise BatchError(f"game {i}: seat {self.seats[c]} must act now but was given no action (-1)")
            extra = np.argwhere(~must & (arr >= 0))
            if extra.size:
                i, c = (int(x) for x in extra[0])
                who = ", ".join(map(str, sorted(self.pending(i)))) or "nobody"
                raise BatchError(f"game {i}: seat {self.seats[c]} is not to move (waiting for seat(s) {who})")
            picked = arr[o.game, cols]
            over = np.flatnonzero(picked >= self.n_actions)
            if over.size:
                self._out_of_range(picked, int(over[0]))
            return np.ascontiguousarray(picked, dtype=np.int32)
        raise BatchError(
            f"actions has shape {arr.shape}, expected ({m},) (one per row of observe()) "
            f"or ({self.n}, {len(self.seats)}) (one per game and seat, -1 = no action)"
        )

    def _out_of_range(self, row_actions: Any, r: int) -> None:
        """Raise the BatchError of row r's action index, which is not one."""
        o = self.observe()
        raise BatchError(f"game {int(o.game[r])}, seat {int(o.seat[r])}: action index {int(row_actions[r])} is "
                         f"outside 0..{self.n_actions - 1}")

    def _refusal(self, i: int, given: list[tuple[int, int]]) -> str | None:
        """Why game i cannot take ``given`` (seat, action) answers, or None if it can."""
        if self._cores is not None:
            core = self._cores.core(i)
            legal = {s: sorted(core.legal(s)) for s, _ in given}
        else:
            g = self._hands[i]
            legal = {s: sorted(x.index for x in g.legal_actions(s)) for s, _ in given}  # type: ignore[union-attr]
        bad = [(s, a) for s, a in given if a not in legal[s]]
        if not bad:
            return None
        return "; ".join(f"seat {s} cannot take action {a} now (legal: {legal[s]})" for s, a in bad)

    def _finish(self, i: int, done: Any, rewards: Any) -> None:
        """Game i's hand is over: record it, deal its next hand."""
        g = self._hands[i]
        assert g is not None and g.settlement is not None
        done[i] = True
        rewards[i, : len(g.settlement.net)] = g.settlement.net
        if self.keep_logs:
            self.logs[i].add(self.hands_played[i], self._cores.actions(i) if self._cores is not None
                             else bytes(self._actions[i]))
        # the hand is over: its state no longer calls back into it (the hand <-> state cycle broken, the hand is
        # freed when dropped, not left for the garbage collector's full collections); a hand on the core whose
        # state was never built has none
        state = g.__dict__.get("_state_") if self._cores is not None else g.state
        if state is not None:
            state.fact_hook = None
        self.hands_played[i] += 1
        self._deal(i, done, rewards)

    def _take(self, i: int, answers: list[tuple[int, int]], done: Any, rewards: Any) -> None:
        """Python game i takes its (seat, action) answers, all legal (a hand that ends is recorded)."""
        g: Game = self._hands[i]  # type: ignore[assignment]
        for s, a in answers:
            g.act(s, a)
        if self.keep_logs:
            self._actions[i] += bytes(x for answer in answers for x in answer)
        if g.done:
            self._finish(i, done, rewards)

    def _answered(self, i: int, done: Any, rewards: Any, answer: Callable[..., None],
                  *args: Any) -> tuple[int, BaseException] | None:
        """Run game i's Python part of a step (``answer(*args)``), after its actions were taken.  If it raises,
        the game is not left half-answered (the loop would never offer its seats again: the batch wedged):
        its hand is abandoned, as :meth:`redeal` does, and its next hand dealt; returns (i, the exception)."""
        try:
            answer(*args)
            return None
        except BaseException as e:  # noqa: BLE001 - raised by step once every other game is answered
            done[i] = False
            rewards[i] = 0
            self._abandon(i, done, rewards)
            return i, e

    @_one_at_a_time
    def step(self, actions: Any, hold: Any = None) -> StepResult:
        """Apply one action per seat that must act; finished games are logged and reset.  ``hold`` (a bool
        array, one per game): the games marked are left as they are and their rows' actions are not read.  See
        the module docstring for the array forms and the errors."""
        import numpy as np

        held = self._hold_mask(hold)
        acts = self._row_actions(actions, held)
        o = self.observe()
        if self._step_bufs is None:
            self._step_bufs = (np.zeros(self.n, dtype=np.bool_), np.zeros((self.n, 4), dtype=np.int64))
        done, rewards = self._step_bufs
        refused: dict[int, str] = {}
        failed: tuple[int, BaseException] | None = None  # the first game whose Python part raised, and what
        if self._cores is not None:
            t0 = 0.0 if self._c_timed else thread_time()
            res = self._cores.act(acts, done, rewards, None if held is None else held.view(np.uint8))
            if not self._c_timed:
                self._c_seconds += thread_time() - t0
            if type(res) is int:  # an index that is not an action: nothing changed
                self._out_of_range(acts, res)
            resets, others = res
            for i in resets:  # hands the loop settled (their rewards written) and re-dealt
                if self.keep_logs:
                    self.logs[i].add(self.hands_played[i], self._cores.ended_actions(i))
                self.hands_played[i] += 1
            refused_status = self._st["REFUSED"]
            for i, status in others:
                if status == refused_status:
                    rows = np.flatnonzero(o.game == i)
                    why = self._refusal(i, [(int(o.seat[r]), int(acts[r])) for r in rows])
                    refused[i] = why or "refused"
                    continue
                fail = self._answered(i, done, rewards, self._python_turn, i, status, done, rewards)
                failed = failed or fail
        else:
            done.fill(False)
            rewards.fill(0)
            given: dict[int, list[tuple[int, int]]] = {}
            for i, s, a in zip(o.game.tolist(), o.seat.tolist(), acts.tolist()):
                if held is None or not held[i]:
                    given.setdefault(i, []).append((s, a))
            for i, answers in given.items():
                why = self._refusal(i, answers)
                if why is not None:  # refused before any of this game's answers is taken: the game is unchanged
                    refused[i] = why
                    continue
                fail = self._answered(i, done, rewards, self._take, i, answers, done, rewards)
                failed = failed or fail
        self._obs = None
        result = StepResult(done, rewards, refused)
        if failed is not None:
            i, e = failed
            if not isinstance(e, Exception):  # (KeyboardInterrupt, SystemExit: the batch is whole, let it through)
                raise e
            raise BatchHandError(i, e, result) from e
        if refused:
            raise BatchActionError(refused, result)
        return result
