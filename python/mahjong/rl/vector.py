"""A ``gymnasium.vector.VectorEnv`` over :class:`~mahjong.rl.GameBatch`: n games, one learning seat in each.

    import mahjong.rl
    envs = mahjong.rl.vector_env(64, rules="guobiao", opponents="greedy", seed=1)
    obs, info = envs.reset()
    for _ in range(10_000):
        actions = policy(obs["observation"], obs["action_mask"])      # (64,) action indices
        obs, rewards, terminations, truncations, info = envs.step(actions)

Each game's learning seat (``seat``, default 0) is the one the actions are for; the other seats are played by
``opponents`` — a built-in agent name (``"random"``, ``"greedy"``, ``"first"``, any name of
:data:`mahjong.game.agents.AGENTS`), a callable ``opponent(observation, action_mask) -> action index`` (the row's
own dict), an agent object with ``choose(game, seat, legal)``, or a list of these, one per other seat in turn
order.  On the compiled core the greedy agents choose in C, and every game steps in the batch's C loop.

After ``reset`` and after every ``step`` each game waits for its learner: the observation is a dict of
``"observation"`` ``(n, N_PLANES, 42)`` float32 and ``"action_mask"`` ``(n, N_ACTIONS)`` int8 (the single
environment's spaces batched); :meth:`MahjongVectorEnv.action_masks` gives the masks as bools.  The reward is
the learner's net for the hand, given at the step its hand ends (so an episode's rewards add up to its net).

Auto-reset in the same step (``metadata["autoreset_mode"]`` is ``AutoresetMode.SAME_STEP``): when a game's hand
ends, ``terminations[i]`` is True, the observation is already the first of the game's next hand, and
``info["final_obs"][i]`` / ``info["final_info"][i]`` hold the learner's last observation of the hand that
ended and its info (``"net"``: the hand's nets per seat) — the table is dealt anew in the step itself, so the
hand's very last state is not kept; a hand ends terminated, never truncated, so no value is bootstrapped from
it.  A hand that ends before its learner has a decision (another seat's win on the first tiles) is no episode:
its game plays on to the next hand.

An illegal action (``illegal_action``, as :class:`mahjong.rl.gym.MahjongEnv`): ``"end"`` (default) ends that
game's episode (terminated, reward ``illegal_penalty``, -30 by default, its hand abandoned and the next one
dealt; ``info["illegal_action"]`` says why); ``"refuse"`` leaves that game as it was (reward
``illegal_penalty``) until ``max_refusals`` refusals in the episode, which truncate it; ``"raise"`` raises
:class:`mahjong.game.IllegalActionError` before any game is stepped.  An opponent's illegal answer raises.
Games are seeded as the batch seeds them: game ``i`` plays the hands of ``hand_seed(seed, i)``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import gymnasium
import numpy as np
from gymnasium.vector import AutoresetMode
from gymnasium.vector.utils import batch_space

from mahjong.errors import MahjongError, listed, whole
from mahjong.game.actions import N_ACTIONS, IllegalActionError
from mahjong.rl.batch import GameBatch
from mahjong.rl.errors import BatchActionError
from mahjong.rl.gym import ILLEGAL_PENALTY, MAX_REFUSALS, check_illegal_settings, check_opponents
from mahjong.rl.obs_v1 import SHAPE
from mahjong.rl.spaces import action_space, observation_space
from mahjong.scale.shards import hand_seed

__all__ = ["MahjongVectorEnv"]


class MahjongVectorEnv(gymnasium.vector.VectorEnv):  # type: ignore[misc,unused-ignore]
    metadata: dict[str, Any] = {"autoreset_mode": AutoresetMode.SAME_STEP, "render_modes": []}

    def __init__(
        self,
        n: int,
        rules: str = "guobiao",
        opponents: Any = "random",
        *,
        seed: int = 0,
        seat: int = 0,
        illegal_action: str = "end",
        illegal_penalty: float = ILLEGAL_PENALTY,
        max_refusals: int = MAX_REFUSALS,
        **options: Any,
    ) -> None:
        if type(n) is not int or n < 1:
            raise MahjongError(f"a vector environment holds at least one game, got n={n!r}")
        whole_seed = whole(seed)
        if whole_seed is None or whole_seed < 0:
            raise MahjongError(f"seed must be a whole number >= 0, got {seed!r}")
        seed = whole_seed
        self.illegal_penalty = check_illegal_settings(illegal_action, illegal_penalty, max_refusals)
        self.illegal_action = illegal_action
        self.max_refusals = max_refusals
        self.rules = rules
        self.options = dict(options)
        self.num_envs = n
        self._seed = seed
        self.batch = GameBatch(n, rules, seed=seed, options=self.options, keep_logs=False)
        seats = self.batch.seats
        if type(seat) is not int or seat not in seats:
            raise MahjongError(f"seat must be one of the seats {listed(seats)}, got {seat!r}")
        self.seat = seat
        self.others = [s for s in seats if s != seat]
        self._opponent_spec = check_opponents(opponents, len(self.others))
        self.single_observation_space = observation_space(N_ACTIONS)
        self.single_action_space = action_space(N_ACTIONS)
        self.observation_space = batch_space(self.single_observation_space, n)
        self.action_space = batch_space(self.single_action_space, n)
        self._obs = np.zeros((n, *SHAPE), dtype=np.float32)
        self._mask = np.zeros((n, N_ACTIONS), dtype=np.int8)
        self._refusals = np.zeros(n, dtype=np.int64)
        self._decided = np.zeros(n, dtype=np.bool_)  # the learner has acted in its game's hand in play
        self._opponents: dict[int, list[Any]] = {}
        self._ready = False

    # --- opponents ---------------------------------------------------------------------------------------

    def _make_opponents(self, seed: int) -> None:
        """Each game's opponents: built-in agents made per game (seeded from the run's seed and the game),
        callables and agent objects as given."""
        from mahjong.game.agents import make_agent

        self._opponents = {}
        for k, (s, spec) in enumerate(zip(self.others, self._opponent_spec)):
            if isinstance(spec, str):
                self._opponents[s] = [make_agent(spec, hand_seed(seed, (i << 2) | k)) for i in range(self.num_envs)]
            else:
                self._opponents[s] = [spec] * self.num_envs

    def _opponent_action(self, r: int, i: int, s: int, obs: Any, mask: Any) -> int:
        agent = self._opponents[s][i]
        if hasattr(agent, "choose"):
            return self.batch.agent_action(i, s, agent)
        fn: Callable[..., Any] = agent
        answer = fn({"observation": obs[r], "action_mask": mask[r]}, mask[r])
        try:
            return int(answer)
        except (TypeError, ValueError):
            raise MahjongError(f"game {i}: the opponent at seat {s} answered {answer!r}, not an action index") \
                from None

    # --- the loop ----------------------------------------------------------------------------------------

    def _advance(self, active: Any, first: Any, rewards: Any, terminated: Any, infos: dict[str, Any],
                 last: tuple[Any, Any]) -> None:
        """Step the ``active`` games until each waits for its learner: the learner's actions ``first`` (a (n,)
        array, -1 = none) are taken at the first step with the opponents' answers of the same decision; every
        hand that ends after its learner acted ends that game's episode (its net the reward, the learner's last
        observation ``last`` its final one)."""
        batch, seat = self.batch, self.seat
        while active.any():
            o = batch.observe()
            learner = o.seat == seat
            waiting = np.zeros(self.num_envs, dtype=np.bool_)
            waiting[o.game[learner]] = True
            if first is None:  # (a game whose learner is asked is done for this step)
                active &= ~waiting
                if not active.any():
                    return
            row = np.zeros(len(o), dtype=np.int64)
            games, seats = o.game.tolist(), o.seat.tolist()
            for r, (i, s) in enumerate(zip(games, seats)):
                if not active[i]:
                    continue
                if s == seat:
                    row[r] = first[i]
                else:
                    row[r] = self._opponent_action(r, i, s, o.obs, o.mask)
            if first is not None:
                self._decided |= active
            first = None
            try:
                result = batch.step(row, hold=~active)
            except BatchActionError as e:
                raise MahjongError(f"an opponent's answer is illegal: {e}") from None
            for i in np.flatnonzero(result.done & active).tolist():
                if self._decided[i]:  # (a hand its learner never acted in is no episode)
                    net = tuple(int(x) for x in result.rewards[i, : len(batch.seats)])
                    rewards[i] += net[seat]
                    terminated[i] = True
                    self._end_episode(infos, i, {"net": net}, last)
                self._decided[i] = False

    def _end_episode(self, infos: dict[str, Any], i: int, info: dict[str, Any], last: tuple[Any, Any]) -> None:
        final = {"observation": last[0][i].copy(), "action_mask": last[1][i].copy()}
        self._add_info(infos, {"final_obs": final, "final_info": info}, i)
        self._refusals[i] = 0

    def _gather(self) -> dict[str, Any]:
        """Every game's learner row now, copied into the environment's own arrays."""
        o = self.batch.observe()
        learner = np.flatnonzero(o.seat == self.seat)
        games = o.game[learner]
        if len(games) != self.num_envs or (np.sort(games) != np.arange(self.num_envs)).any():
            raise AssertionError("every game waits for its learner after a step")
        self._obs[games] = o.obs[learner]
        self._mask[games] = o.mask[learner]
        return {"observation": self._obs.copy(), "action_mask": self._mask.copy()}

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[Any, dict[str, Any]]:
        """Deal every game a new hand: the hands of ``seed`` if given (game ``i`` from ``hand_seed(seed, i)``),
        else each game's next hand.  ``options`` is accepted for the Gymnasium signature."""
        if seed is not None:  # (checked before Gymnasium's own reset sees it)
            whole_seed = whole(seed)
            if whole_seed is None or whole_seed < 0:
                raise MahjongError(f"seed must be a whole number >= 0, got {seed!r}")
            seed = whole_seed
        super().reset(seed=seed)
        if seed is not None or not self._ready:
            if seed is not None:
                self._seed = seed
                self.batch = GameBatch(self.num_envs, self.rules, seed=seed, options=self.options, keep_logs=False)
            self._make_opponents(self._seed)
        else:
            for i in range(self.num_envs):
                self.batch.redeal(i)
        self._ready = True
        self._refusals[:] = 0
        self._decided[:] = False
        rewards = np.zeros(self.num_envs)
        terminated = np.zeros(self.num_envs, dtype=np.bool_)
        self._advance(np.ones(self.num_envs, dtype=np.bool_), None, rewards, terminated, {}, (self._obs, self._mask))
        return self._gather(), {}

    def action_masks(self) -> Any:
        """Each game's learner's legal actions now: a (n, N_ACTIONS) bool array."""
        return self._mask.astype(np.bool_)

    def step(self, actions: Any) -> tuple[Any, Any, Any, Any, dict[str, Any]]:
        if not self._ready:
            raise MahjongError("call reset() before step()")
        try:
            acts = np.asarray(actions)
        except (TypeError, ValueError) as e:
            raise MahjongError(f"actions must be an integer array of shape ({self.num_envs},): {e}") from None
        if acts.dtype.kind not in "iu" or acts.shape != (self.num_envs,):
            raise MahjongError(f"actions must be an integer array of shape ({self.num_envs},), got {acts.dtype} "
                               f"{acts.shape}")
        n = self.num_envs
        acts = acts.astype(np.int64)
        in_range = (acts >= 0) & (acts < N_ACTIONS)
        legal = np.zeros(n, dtype=np.bool_)
        legal[in_range] = self._mask[np.flatnonzero(in_range), acts[in_range]] != 0
        bad = np.flatnonzero(~legal).tolist()
        if bad and self.illegal_action == "raise":
            i = bad[0]
            raise IllegalActionError(f"game {i}: seat {self.seat} cannot take action {int(acts[i])} now (legal: "
                                     f"{np.flatnonzero(self._mask[i]).tolist()})")
        rewards = np.zeros(n)
        terminated = np.zeros(n, dtype=np.bool_)
        truncated = np.zeros(n, dtype=np.bool_)
        infos: dict[str, Any] = {}
        last = (self._obs.copy(), self._mask.copy())
        restart = []
        for i in bad:
            why = (f"seat {self.seat} cannot take action {int(acts[i])} now (legal: "
                   f"{np.flatnonzero(self._mask[i]).tolist()})")
            rewards[i] = self.illegal_penalty
            info: dict[str, Any] = {"illegal_action": why}
            if self.illegal_action == "refuse":
                self._refusals[i] += 1
                info["refusals"] = int(self._refusals[i])
                truncated[i] = self._refusals[i] >= self.max_refusals
            else:
                terminated[i] = True
            if terminated[i] or truncated[i]:  # the hand abandoned: the game's next hand
                self._end_episode(infos, i, info, last)
                restart.append(i)
            else:
                self._add_info(infos, info, i)
        active = legal.copy()
        self._advance(active, np.where(legal, acts, -1), rewards, terminated, infos, last)
        if restart:
            for i in restart:
                self.batch.redeal(i)
                self._decided[i] = False
            again = np.zeros(n, dtype=np.bool_)
            again[restart] = True
            self._advance(again, None, rewards, terminated, {}, last)
        return self._gather(), rewards, terminated, truncated, infos

    def close_extras(self, **kwargs: Any) -> None:
        pass
