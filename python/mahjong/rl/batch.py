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
hand's event log is kept (:attr:`GameBatch.logs`) unless ``keep_logs=False``.

Bad input: a wrongly shaped or typed array, an action index out of range, an action for a seat that is not to
move, or a seat left without an answer raise :class:`~mahjong.rl.errors.BatchError` before anything changes.
An action the mask forbids is refused for its game only: that game is left as it was, the others are
stepped, and :class:`~mahjong.rl.errors.BatchActionError` names the refused games by index.

Two back ends, the same games and arrays.  When the compiled hand core plays the rule set
(:func:`mahjong.game.core.core_params`: Guobiao, Sichuan, the common table, Wuhu), one C loop
(``src/mjcore/batch.pxi``) applies the actions of every game, advances each until it waits for seats or needs
Python, and writes every row's ``obs_v1`` array and mask straight from the cores into the output arrays, with
the GIL released; Python runs only for the games that need it (a win to score, money moving during play, a
hand's end and the next hand's deal).  So two threads stepping two batches use two cores for that loop.  Other
rule sets (and the pure-Python backend) step each game's :class:`~mahjong.game.Game` in Python.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from mahjong.rl.errors import BatchActionError, BatchError
from mahjong.rl.obs_v1 import SHAPE, encode
from mahjong.rl.view import running_scores, view_of
from mahjong.scale.shards import hand_seed

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from mahjong.game import Game
    from mahjong.game.core import CoreHand
    from mahjong.game.events import GameEvent

__all__ = ["GameBatch", "StepResult", "BatchObservation"]


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
    seat (zeros for games that did not finish); ``refused``: game index -> why its action was refused."""

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
        from mahjong.game import N_ACTIONS
        from mahjong.game.core import RandomTable

        if not isinstance(n, int) or isinstance(n, bool) or n < 1:
            raise BatchError(f"a batch holds at least one game, got n={n!r}")
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise BatchError(f"seed must be a whole number, got {seed!r}")
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
        self.seats: tuple[int, ...] = tuple(self._table.flow.seats)
        self._params = self._table.params
        self._cores: Any = None
        if self._params is not None:
            from mahjong import _core

            self._cores = _core._BatchCores(n)  # type: ignore[attr-defined]
            self._st = _core._batch_constants()  # type: ignore[attr-defined]
        self.hands_played = [0] * n
        self.logs: list[list[list[GameEvent]]] = [[] for _ in range(n)]
        #: each game's hand in play: a :class:`~mahjong.game.core.CoreHand` on the compiled core, else a
        #: :class:`~mahjong.game.Game` (both have ``events``, ``flow``, ``state`` and, once over, ``settlement``)
        self.games: list[Game | CoreHand] = [self._new_game(i) for i in range(n)]
        self._obs: BatchObservation | None = None

    def game_kwargs(self, i: int, hand: int) -> dict[str, Any]:
        """The ``Game`` arguments of game ``i``'s ``hand``-th hand (0-based): what a single game needs to play
        the very same hand."""
        return {"rules": self.rules, "seed": hand_seed(self.seed, i), "salt": hand, "options": self.options}

    @property
    def on_core(self) -> bool:
        """Whether the games step in the compiled loop without the GIL (else in Python, one by one)."""
        return self._cores is not None

    def _new_game(self, i: int) -> Game | CoreHand:
        """Deal game i's next hand (on the core: advanced to its first decision)."""
        kw = self.game_kwargs(i, self.hands_played[i])
        if self._cores is None:
            from mahjong.game import Game

            return Game(kw.pop("rules"), **kw)
        from mahjong.game.core import CoreHand

        assert self._params is not None
        hand = CoreHand(self._table.flow, self._params, seed=kw["seed"], salt=kw["salt"], options=self.options,
                        rules=self.rules, table=self._table)
        if hand.handle(hand.core.advance()) == self._st["END"]:  # pragma: no cover - no hand ends undealt
            raise AssertionError("a hand ended before its first decision")
        self._cores.set_game(i, hand.core)
        return hand

    # --- observing ---------------------------------------------------------------------------------------

    def pending(self, i: int) -> tuple[int, ...]:
        """The seats of game ``i`` that must act now, in row order."""
        g = self.games[i]
        return tuple(g.core.pending) if self._cores is not None else tuple(g.pending)  # type: ignore[union-attr]

    def action_mask(self, i: int, seat: int) -> bytes:
        """Game ``i``'s action mask for ``seat`` now (all zeros when that seat has nothing to do)."""
        g = self.games[i]
        return bytes(g.core.mask(seat) if self._cores is not None else g.action_mask(seat))  # type: ignore[union-attr]

    def rows(self) -> list[tuple[int, int]]:
        """(game, seat) of every seat that must act now, in row order."""
        o = self.observe()
        return list(zip(o.game.tolist(), o.seat.tolist()))

    def observe(self) -> BatchObservation:
        """Stacked observations and masks of every seat that must act now (the same arrays until the next
        :meth:`step`)."""
        if self._obs is None:
            self._obs = self._encode()
        return self._obs

    def _encode(self) -> BatchObservation:
        import numpy as np

        if self._cores is not None:
            m = self._cores.count_rows()
            obs = np.zeros((m, *SHAPE), dtype=np.float32)
            mask = np.empty((m, self.n_actions), dtype=np.int8)
            game = np.empty(m, dtype=np.int64)
            seat = np.empty(m, dtype=np.int64)
            self._cores.encode(obs, mask, game, seat)  # the GIL is released inside
            return BatchObservation(obs, mask, game, seat)
        rows = [(i, s) for i, g in enumerate(self.games) for s in g.pending]  # type: ignore[union-attr]
        m = len(rows)
        obs = np.zeros((m, *SHAPE), dtype=np.float32)
        mask = np.zeros((m, self.n_actions), dtype=np.int8)
        for r, (i, s) in enumerate(rows):
            g: Game = self.games[i]  # type: ignore[assignment]
            encode(view_of(g, s), out=obs[r], clear=False)
            mask[r] = np.frombuffer(g.action_mask(s), dtype=np.int8)
        game = np.fromiter((i for i, _ in rows), dtype=np.int64, count=m)
        seat = np.fromiter((s for _, s in rows), dtype=np.int64, count=m)
        return BatchObservation(obs, mask, game, seat)

    # --- stepping ----------------------------------------------------------------------------------------

    def _row_actions(self, actions: Any) -> Any:
        """Validate the action array (nothing changes on error) -> one action per row of :meth:`observe`
        (int32)."""
        import numpy as np

        try:
            arr = np.asarray(actions)
        except (TypeError, ValueError) as e:
            raise BatchError(f"actions must be an integer array: {e}") from None
        if arr.dtype == np.bool_ or not np.issubdtype(arr.dtype, np.integer):
            raise BatchError(f"actions must be an integer array (action indices), got dtype {arr.dtype}")
        o = self.observe()
        m = len(o)
        if arr.ndim == 1:
            if arr.shape[0] != m:
                raise BatchError(
                    f"actions has shape {arr.shape}, expected ({m},): one action per row of observe() "
                    f"(or shape ({self.n}, {len(self.seats)}) with -1 for seats not to move)"
                )
            bad = np.flatnonzero((arr < 0) | (arr >= self.n_actions))
            if bad.size:
                r = int(bad[0])
                raise BatchError(f"game {int(o.game[r])}, seat {int(o.seat[r])}: action index {int(arr[r])} is "
                                 f"outside 0..{self.n_actions - 1}")
            return np.ascontiguousarray(arr, dtype=np.int32)
        if arr.ndim == 2 and arr.shape == (self.n, len(self.seats)):
            col = {s: c for c, s in enumerate(self.seats)}
            cols = np.fromiter((col[s] for s in o.seat.tolist()), dtype=np.int64, count=m)
            must = np.zeros(arr.shape, dtype=np.bool_)
            must[o.game, cols] = True
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
                r = int(over[0])
                raise BatchError(f"game {int(o.game[r])}, seat {int(o.seat[r])}: action index {int(picked[r])} "
                                 f"is outside 0..{self.n_actions - 1}")
            return np.ascontiguousarray(picked, dtype=np.int32)
        raise BatchError(
            f"actions has shape {arr.shape}, expected ({m},) (one per row of observe()) "
            f"or ({self.n}, {len(self.seats)}) (one per game and seat, -1 = no action)"
        )

    def _refusal(self, i: int, given: list[tuple[int, int]]) -> str | None:
        """Why game i cannot take ``given`` (seat, action) answers, or None if it can."""
        g = self.games[i]
        if self._cores is not None:
            legal = {s: sorted(g.core.legal(s)) for s, _ in given}  # type: ignore[union-attr]
        else:
            legal = {s: sorted(x.index for x in g.legal_actions(s)) for s, _ in given}  # type: ignore[union-attr]
        bad = [(s, a) for s, a in given if a not in legal[s]]
        if not bad:
            return None
        return "; ".join(f"seat {s} cannot take action {a} now (legal: {legal[s]})" for s, a in bad)

    def _finish(self, i: int, done: Any, rewards: Any) -> None:
        """Game i's hand is over: record it, deal its next hand."""
        g = self.games[i]
        done[i] = True
        assert g.settlement is not None
        rewards[i, : len(g.settlement.net)] = g.settlement.net
        if self.keep_logs:
            self.logs[i].append(list(g.events))
        self.hands_played[i] += 1
        self.games[i] = self._new_game(i)

    def step(self, actions: Any) -> StepResult:
        """Apply one action per seat that must act; finished games are logged and reset.  See the module
        docstring for the array forms and the errors."""
        import numpy as np

        acts = self._row_actions(actions)
        o = self.observe()
        done = np.zeros(self.n, dtype=np.bool_)
        rewards = np.zeros((self.n, 4), dtype=np.int64)
        refused: dict[int, str] = {}
        if self._cores is not None:
            st = self._st
            pays = self.games[0].flow.pays_during_play  # (reading a core hand's state builds its events)
            status = np.empty(self.n, dtype=np.int8)
            self._cores.act(acts, status)  # the GIL is released inside
            for i in np.flatnonzero(status != st["WAIT"]).tolist():
                if status[i] == st["REFUSED"]:
                    rows = np.flatnonzero(o.game == i)
                    why = self._refusal(i, [(int(o.seat[r]), int(acts[r])) for r in rows])
                    refused[i] = why or "refused"
                    continue
                hand: CoreHand = self.games[i]
                if hand.handle(int(status[i])) == st["END"]:
                    self._finish(i, done, rewards)
                elif pays:  # money may have moved during play: the scores planes
                    self._cores.set_game(i, hand.core, running_scores(hand))
        else:
            given: dict[int, list[tuple[int, int]]] = {}
            for i, s, a in zip(o.game.tolist(), o.seat.tolist(), acts.tolist()):
                given.setdefault(i, []).append((s, a))
            for i, answers in given.items():
                why = self._refusal(i, answers)
                if why is not None:  # refused before any of this game's answers is taken: the game is unchanged
                    refused[i] = why
                    continue
                g: Game = self.games[i]  # type: ignore[assignment]
                for s, a in answers:
                    g.act(s, a)
                if g.done:
                    self._finish(i, done, rewards)
        self._obs = None
        result = StepResult(done, rewards, refused)
        if refused:
            raise BatchActionError(refused, result)
        return result
