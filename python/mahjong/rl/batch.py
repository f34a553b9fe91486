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

The engine's step loop is Python: the GIL is held while a batch steps (see ``benchmarks/RESULTS.md``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from mahjong.rl.errors import BatchActionError, BatchError
from mahjong.rl.obs_v1 import SHAPE, encode
from mahjong.rl.view import view_of
from mahjong.scale.shards import hand_seed

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from mahjong.game import Game
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
        self.hands_played = [0] * n
        self.logs: list[list[list[GameEvent]]] = [[] for _ in range(n)]
        self.games: list[Game] = [self._new_game(i) for i in range(n)]
        self.seats: tuple[int, ...] = tuple(self.games[0].flow.seats)

    def game_kwargs(self, i: int, hand: int) -> dict[str, Any]:
        """The ``Game`` arguments of game ``i``'s ``hand``-th hand (0-based): what a single game needs to play
        the very same hand."""
        return {"rules": self.rules, "seed": hand_seed(self.seed, i), "salt": hand, "options": self.options}

    def _new_game(self, i: int) -> Game:
        from mahjong.game import Game

        kw = self.game_kwargs(i, self.hands_played[i])
        return Game(kw.pop("rules"), **kw)

    # --- observing ---------------------------------------------------------------------------------------

    def rows(self) -> list[tuple[int, int]]:
        """(game, seat) of every seat that must act now, in row order."""
        return [(i, s) for i, g in enumerate(self.games) for s in g.pending]

    def observe(self) -> BatchObservation:
        """Stacked observations and masks of every seat that must act now."""
        import numpy as np

        rows = self.rows()
        m = len(rows)
        obs = np.zeros((m, *SHAPE), dtype=np.float32)
        mask = np.zeros((m, self.n_actions), dtype=np.int8)
        for r, (i, s) in enumerate(rows):
            g = self.games[i]
            encode(view_of(g, s), out=obs[r], clear=False)
            mask[r] = np.frombuffer(g.action_mask(s), dtype=np.int8)
        game = np.fromiter((i for i, _ in rows), dtype=np.int64, count=m)
        seat = np.fromiter((s for _, s in rows), dtype=np.int64, count=m)
        return BatchObservation(obs, mask, game, seat)

    # --- stepping ----------------------------------------------------------------------------------------

    def _answers(self, actions: Any) -> dict[int, dict[int, int]]:
        """Validate the action array (nothing changes on error) -> {game: {seat: action index}}."""
        import numpy as np

        try:
            arr = np.asarray(actions)
        except (TypeError, ValueError) as e:
            raise BatchError(f"actions must be an integer array: {e}") from None
        if arr.dtype == np.bool_ or not np.issubdtype(arr.dtype, np.integer):
            raise BatchError(f"actions must be an integer array (action indices), got dtype {arr.dtype}")
        rows = self.rows()
        answers: dict[int, dict[int, int]] = {}
        if arr.ndim == 1:
            if arr.shape[0] != len(rows):
                raise BatchError(
                    f"actions has shape {arr.shape}, expected ({len(rows)},): one action per row of observe() "
                    f"(or shape ({self.n}, {len(self.seats)}) with -1 for seats not to move)"
                )
            for (i, s), a in zip(rows, arr.tolist()):
                if not 0 <= a < self.n_actions:
                    raise BatchError(f"game {i}, seat {s}: action index {a} is outside 0..{self.n_actions - 1}")
                answers.setdefault(i, {})[s] = a
            return answers
        if arr.ndim == 2 and arr.shape == (self.n, len(self.seats)):
            grid = arr.tolist()
            for i, g in enumerate(self.games):
                pending = set(g.pending)
                for col, s in enumerate(self.seats):
                    a = grid[i][col]
                    if a < 0:
                        if s in pending:
                            raise BatchError(f"game {i}: seat {s} must act now but was given no action (-1)")
                        continue
                    if s not in pending:
                        who = ", ".join(map(str, sorted(pending))) or "nobody"
                        raise BatchError(f"game {i}: seat {s} is not to move (waiting for seat(s) {who})")
                    if a >= self.n_actions:
                        raise BatchError(f"game {i}, seat {s}: action index {a} is outside 0..{self.n_actions - 1}")
                    answers.setdefault(i, {})[s] = a
            return answers
        raise BatchError(
            f"actions has shape {arr.shape}, expected ({len(rows)},) (one per row of observe()) "
            f"or ({self.n}, {len(self.seats)}) (one per game and seat, -1 = no action)"
        )

    def step(self, actions: Any) -> StepResult:
        """Apply one action per seat that must act; finished games are logged and reset.  See the module
        docstring for the array forms and the errors."""
        import numpy as np

        answers = self._answers(actions)
        done = np.zeros(self.n, dtype=np.bool_)
        rewards = np.zeros((self.n, 4), dtype=np.int64)
        refused: dict[int, str] = {}
        for i, given in answers.items():
            g = self.games[i]
            bad = [(s, a) for s, a in given.items() if not g.action_mask(s)[a]]
            if bad:  # refused before any of this game's answers is taken: the game is unchanged
                refused[i] = "; ".join(
                    f"seat {s} cannot take action {a} now (legal: {sorted(x.index for x in g.legal_actions(s))})"
                    for s, a in bad
                )
                continue
            for s, a in given.items():
                g.act(s, a)
            if g.done:
                done[i] = True
                assert g.settlement is not None
                rewards[i, : len(g.settlement.net)] = g.settlement.net
                if self.keep_logs:
                    self.logs[i].append(list(g.events))
                self.hands_played[i] += 1
                self.games[i] = self._new_game(i)
        result = StepResult(done, rewards, refused)
        if refused:
            raise BatchActionError(refused, result)
        return result
