"""The Gymnasium environment: one learning seat plays a hand against opponents.

    from mahjong.rl import gym_env
    env = gym_env(rules="guobiao", opponents="greedy")     # or "random", "first", a callable, or one per seat
    obs, info = env.reset(seed=7)
    while True:
        action = policy(obs["observation"], obs["action_mask"])
        obs, reward, terminated, truncated, info = env.step(action)
        if terminated: break

``opponents``: a built-in agent name (``"random"``, ``"greedy"``, ``"first"``), a callable
``opponent(observation, action_mask) -> action index`` (the same dict the learner sees), an object with the
engine's ``choose(game, seat, legal) -> Action``, or a list of these, one per other seat in turn order.
``seat`` (default 0) is the learning seat.  The observation is the learner's
``{"observation": obs_v1, "action_mask": int8 mask}``, returned each time the learner must act (a turn, or a
discard it may claim); the reward is the learner's points as they are paid, so a hand's rewards add up to its
net.  ``reset(seed=s)`` deals the hand of seed ``s``; ``reset()`` without a seed deals that seed's next hand.

An action the mask forbids: with ``illegal_action="refuse"`` (default, what the Gymnasium checker needs) the
game is unchanged, the reward is ``illegal_penalty`` (default -1.0) and ``info["illegal_action"]`` says why;
with ``"raise"`` it raises :class:`mahjong.game.IllegalActionError`.  A bad opponent answer always raises.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import gymnasium

from mahjong.errors import MahjongError, listed
from mahjong.rl.episodes import HandSeries, seat_observation
from mahjong.rl.spaces import action_index, action_space, observation_space
from mahjong.rl.view import running_scores
from mahjong.scale.shards import hand_seed

__all__ = ["MahjongEnv"]

_ILLEGAL_MODES = ("refuse", "raise")


class _CallableOpponent:
    """Adapts ``f(observation_dict, mask) -> index`` to the engine's agent protocol."""

    def __init__(self, fn: Callable[..., Any]) -> None:
        self.fn = fn

    def choose(self, game: Any, seat: int, legal: list[Any]) -> Any:
        obs = seat_observation(game, seat)
        answer = self.fn(obs, obs["action_mask"])
        try:
            return int(answer)
        except (TypeError, ValueError):
            raise MahjongError(f"opponent at seat {seat} answered {answer!r}, not an action index") from None


class MahjongEnv(gymnasium.Env):  # type: ignore[misc,unused-ignore]
    metadata: dict[str, Any] = {"render_modes": ["ansi"]}

    def __init__(
        self,
        rules: str = "guobiao",
        opponents: Any = "random",
        *,
        seat: int = 0,
        illegal_action: str = "refuse",
        illegal_penalty: float = -1.0,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        from mahjong.game import N_ACTIONS, Game

        if illegal_action not in _ILLEGAL_MODES:
            raise MahjongError(f"illegal_action must be one of {_ILLEGAL_MODES}, got {illegal_action!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise MahjongError(f"render_mode must be 'ansi' or None, got {render_mode!r}")
        self.rules = rules
        self.game_options = dict(options)
        probe = Game(rules, seed=0, options=self.game_options)  # validates rules and options now
        self.seats: tuple[int, ...] = tuple(probe.flow.seats)
        if seat not in self.seats:
            raise MahjongError(f"seat must be one of the seats {listed(self.seats)}, got {seat!r}")
        self.seat = seat
        self.others = [s for s in self.seats if s != seat]
        self._opponent_spec = self._check_opponents(opponents)
        self.illegal_action = illegal_action
        self.illegal_penalty = float(illegal_penalty)
        self.render_mode = render_mode
        self.observation_space = observation_space(N_ACTIONS)
        self.action_space = action_space(N_ACTIONS)
        self.n_actions = N_ACTIONS
        self._hands = HandSeries(rules, self.game_options)
        self.game: Any = None
        self.opponents: dict[int, Any] = {}

    def _check_opponents(self, spec: Any) -> list[Any]:
        from mahjong.game.agents import AGENTS

        many = spec if isinstance(spec, (list, tuple)) else [spec] * len(self.others)
        if len(many) != len(self.others):
            raise MahjongError(f"give one opponent per other seat ({len(self.others)}), got {len(many)}")
        for o in many:
            if isinstance(o, str):
                if o not in AGENTS:
                    raise MahjongError(f"unknown opponent {o!r}; built in: {', '.join(AGENTS)}")
            elif not (callable(o) or hasattr(o, "choose")):
                raise MahjongError(f"an opponent is an agent name, a callable or an agent with choose(), got {o!r}")
        return list(many)

    def _make_opponents(self, seed: int) -> dict[int, Any]:
        from mahjong.game.agents import make_agent

        out: dict[int, Any] = {}
        for s, spec in zip(self.others, self._opponent_spec):
            if isinstance(spec, str):
                out[s] = make_agent(spec, hand_seed(seed, 1 + s))
            elif hasattr(spec, "choose"):
                out[s] = spec
            else:
                out[s] = _CallableOpponent(spec)
        return out

    def _obs(self) -> dict[str, Any]:
        return seat_observation(self.game, self.seat)

    def _score(self) -> list[int]:
        return list(self.game.settlement.net) if self.game.done else running_scores(self.game)

    def _play_others(self) -> None:
        g = self.game
        while not g.done:
            others = [s for s in g.pending if s != self.seat]
            if not others:
                return
            for s in others:
                g.act(s, self.opponents[s].choose(g, s, g.legal_actions(s)))

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[Any, dict[str, Any]]:
        """Deal a new hand (``options`` accepted for the Gymnasium signature; rule options are fixed at make)."""
        super().reset(seed=seed)
        self.game = self._hands.next_game(seed)
        assert self._hands.seed is not None
        self.opponents = self._make_opponents(hand_seed(self._hands.seed, self._hands.hand))
        self._paid = 0
        self._play_others()
        return self._obs(), {}

    def step(self, action: Any) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        from mahjong.game import IllegalActionError

        if self.game is None:
            raise MahjongError("call reset() before step()")
        if self.game.done:
            raise MahjongError("the hand is over: call reset() for the next one")
        try:
            self.game.act(self.seat, action_index(action, self.n_actions))
        except IllegalActionError as e:
            if self.illegal_action == "raise":
                raise
            return self._obs(), self.illegal_penalty, False, False, {"illegal_action": str(e)}
        self._play_others()
        score = self._score()[self.seat]
        reward, self._paid = float(score - self._paid), score
        info: dict[str, Any] = {}
        if self.game.done:
            info["net"] = tuple(self.game.settlement.net)
        return self._obs(), reward, bool(self.game.done), False, info

    def render(self) -> str | None:
        if self.render_mode != "ansi" or self.game is None:
            return None
        from mahjong.tiles import format_tiles

        st = self.game.state
        return f"{self.rules}: seat {self.seat} holds {format_tiles(st.concealed_tiles(self.seat))}, {st.live} left"


