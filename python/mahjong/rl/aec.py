"""The PettingZoo AEC environment: one hand of mahjong, every seat an agent.

    from mahjong.rl import aec_env
    env = aec_env(rules="sichuan")                 # rule-set options as keywords: aec_env("guobiao", min_fan=8)
    env.reset(seed=42)
    for agent in env.agent_iter():
        obs, reward, termination, truncation, info = env.last()
        action = None if termination or truncation else policy(obs["observation"], obs["action_mask"])
        env.step(action)

Agents are ``"seat_0"`` … (two of them under the two-player rules).  ``agent_selection`` is a seat that must
act now; in a claim window every seat that may claim the discard is asked in turn (their answers are
resolved together by the engine, by the rule set's priority).  Observations are
``{"observation": obs_v1 (N_PLANES, 42) float32, "action_mask": (N_ACTIONS,) int8}``; a seat with nothing to do
sees an all-zero mask.  Rewards are points: each payment when it is made (Sichuan's kongs), the rest when the
hand ends, so a seat's rewards add up to its net for the hand.  ``reset(seed=s)`` deals the hand of seed
``s``; a later ``reset()`` without a seed deals that seed's next hand.  An action the mask forbids raises
:class:`mahjong.game.IllegalActionError` and changes nothing.

PettingZoo's module conventions: :func:`raw_env` is the environment itself (``MahjongAEC``), :func:`env` the
same wrapped as PettingZoo's own games are — an illegal action ends the hand for every agent with
:data:`~mahjong.rl.gym.ILLEGAL_PENALTY` (-30, Botzone's) to the agent that made it (``TerminateIllegalWrapper``),
an action outside the space is an assertion, and the call order is enforced::

    from mahjong.rl import aec
    env = aec.env(rules="guobiao")
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pettingzoo import AECEnv

from mahjong.errors import MahjongError
from mahjong.game.actions import N_ACTIONS
from mahjong.rl.episodes import HandSeries, seat_observation
from mahjong.rl.spaces import action_index, action_space, observation_space
from mahjong.rl.view import running_scores

__all__ = ["MahjongAEC", "env", "raw_env"]


class MahjongAEC(AECEnv):  # type: ignore[misc,unused-ignore]
    metadata: dict[str, Any] = {"render_modes": ["ansi"], "name": "mahjong_v1", "is_parallelizable": False}

    def __init__(self, rules: str = "guobiao", render_mode: str | None = None, **options: Any) -> None:
        from mahjong.game import N_ACTIONS, Game

        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise MahjongError(
                f"render_mode must be one of {self.metadata['render_modes']} or None, got {render_mode!r}"
            )
        self.rules = rules
        self.game_options: dict[str, Any] = dict(options)
        self.render_mode = render_mode
        probe = Game(rules, seed=0, options=self.game_options)  # validates rules and options now
        self.seat_ids: tuple[int, ...] = tuple(probe.flow.seats)
        self.possible_agents = [f"seat_{s}" for s in self.seat_ids]
        self._seat_of = {a: s for a, s in zip(self.possible_agents, self.seat_ids)}
        self._obs_space = observation_space(N_ACTIONS)
        self._act_space = action_space(N_ACTIONS)
        self._hands = HandSeries(rules, self.game_options)
        self.game: Any = None

    def observation_space(self, agent: str) -> Any:
        return self._obs_space

    def action_space(self, agent: str) -> Any:
        return self._act_space

    # --- episode -----------------------------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: Mapping[str, Any] | None = None) -> None:
        """Deal a new hand: the hand of ``seed`` if given, else the next hand of the last seed.  ``options``
        is accepted for the PettingZoo signature; the rule-set options are fixed when the env is made."""
        self.game = self._hands.next_game(seed)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._paid = [0, 0, 0, 0]
        self._select()

    def _select(self) -> None:
        pending = self.game.pending
        if pending:
            self.agent_selection = f"seat_{pending[0]}"

    def observe(self, agent: str) -> dict[str, Any]:
        return seat_observation(self.game, self._seat_of[agent])

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise MahjongError(f"{agent} must act now: give an action index (None is only for a finished agent)")
        seat = self._seat_of[agent]
        self._cumulative_rewards[agent] = 0.0
        self.game.act(seat, action_index(action, N_ACTIONS))
        score = list(self.game.settlement.net) if self.game.done else running_scores(self.game)
        for a, s in self._seat_of.items():
            self.rewards[a] = float(score[s] - self._paid[s])
        self._paid = score
        if self.game.done:
            for a in self.agents:
                self.terminations[a] = True
                self.infos[a] = {"net": self.game.settlement.net[self._seat_of[a]]}
        else:
            self._select()
        self._accumulate_rewards()

    def render(self) -> str | None:
        if self.render_mode != "ansi" or self.game is None:
            return None
        from mahjong.tiles import format_tiles

        st = self.game.state
        lines = [f"{self.rules}: {st.live} tiles left, phase {st.phase}"]
        for s in self.seat_ids:
            melds = " ".join(f"[{format_tiles(m.tiles)}]" for m in st.melds[s])
            river = format_tiles([t for t, _ in st.discards[s]]) if st.discards[s] else "-"
            lines.append(f"seat {s}: {format_tiles(st.concealed_tiles(s))} {melds}  river {river}")
        return "\n".join(lines)

    def close(self) -> None:
        pass


def raw_env(rules: str = "guobiao", render_mode: str | None = None, **options: Any) -> MahjongAEC:
    """The AEC environment of one hand of ``rules`` (PettingZoo's ``raw_env``: no wrappers)."""
    return MahjongAEC(rules=rules, render_mode=render_mode, **options)


def env(rules: str = "guobiao", render_mode: str | None = None, illegal_reward: float | None = None,
        **options: Any) -> Any:
    """:func:`raw_env` wrapped as PettingZoo wraps its own games: an illegal action ends the hand with
    ``illegal_reward`` (default :data:`~mahjong.rl.gym.ILLEGAL_PENALTY`) to its agent, an action outside the
    space fails an assertion, and the AEC call order is enforced."""
    from pettingzoo.utils import wrappers

    from mahjong.rl.gym import ILLEGAL_PENALTY, check_illegal_settings

    reward = check_illegal_settings("end", ILLEGAL_PENALTY if illegal_reward is None else illegal_reward, 1)
    wrapped: Any = raw_env(rules, render_mode, **options)
    wrapped = wrappers.TerminateIllegalWrapper(wrapped, illegal_reward=reward)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)
