"""The Gymnasium environment: one learning seat plays a hand against opponents.

    import gymnasium, mahjong.rl
    env = gymnasium.make("mahjong/guobiao-v0", opponents="greedy")   # every rule set: mahjong/<name>-v0
    # or: env = mahjong.rl.gym_env(rules="guobiao", opponents="greedy")
    obs, info = env.reset(seed=7)
    while True:
        action = policy(obs["observation"], env.action_masks())
        obs, reward, terminated, truncated, info = env.step(action)
        if terminated or truncated: break

``opponents``: a built-in agent name (``"random"``, ``"greedy"``, ``"first"``), a callable
``opponent(observation, action_mask) -> action index`` (the same dict the learner sees), an object with the
engine's ``choose(game, seat, legal) -> Action``, or a list of these, one per other seat in turn order.
``seat`` (default 0) is the learning seat.  The observation is the learner's
``{"observation": obs_v1, "action_mask": int8 mask}``, returned each time the learner must act (a turn, or a
discard it may claim); :meth:`MahjongEnv.action_masks` gives the same mask as bools (what sb3-contrib's
``MaskablePPO`` asks the environment for).  The reward is the learner's points as they are paid, so a hand's
rewards add up to its net.  ``reset(seed=s)`` deals the hand of seed ``s``; ``reset()`` without a seed deals that
seed's next hand (a hand that ends before the learner's first decision is no episode: the next one is dealt).

An action the mask forbids (``illegal_action``):

* ``"end"`` (the default): the episode ends at once — ``terminated`` is True, the reward is ``illegal_penalty``
  (default :data:`ILLEGAL_PENALTY`, -30: what Botzone's judge takes from a player who gives an invalid answer)
  and ``info["illegal_action"]`` says why; the hand is abandoned (call ``reset()``).
* ``"refuse"``: the game is unchanged, the reward is ``illegal_penalty`` and ``info["illegal_action"]`` says why;
  after ``max_refusals`` refused actions in one episode (default :data:`MAX_REFUSALS`) the episode is
  truncated (``truncated`` True, ``info["refusals"]`` the count), so no policy can loop forever.
* ``"raise"``: :class:`mahjong.game.IllegalActionError` is raised (the game is unchanged).

A bad opponent answer always raises.  Every episode is bounded: a hand has at most :data:`MAX_DECISIONS`
decisions for one seat, and the registered ids add a ``TimeLimit`` of :data:`MAX_EPISODE_STEPS` steps.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import gymnasium

from mahjong.errors import MahjongError, listed
from mahjong.game.flows.guobiao import GuobiaoFlow
from mahjong.rl.episodes import HandSeries, seat_observation
from mahjong.rl.spaces import action_index, action_space, observation_space
from mahjong.rl.view import running_scores
from mahjong.scale.shards import hand_seed

__all__ = ["MahjongEnv", "ILLEGAL_PENALTY", "MAX_REFUSALS", "MAX_DECISIONS", "MAX_EPISODE_STEPS", "ILLEGAL_MODES"]

#: The reward of an illegal action by default: what Botzone's judge takes from a player whose answer is invalid
#: (WA), who pays each of the three others the Botzone format's ``penalty`` (10: -30 in all), the scale of a
#: Guobiao hand's payments.
ILLEGAL_PENALTY = -3.0 * GuobiaoFlow.Options.penalty
#: Refused actions allowed in one episode under ``illegal_action="refuse"`` before it is truncated.
MAX_REFUSALS = 100
#: More decisions than one seat can face in a hand of any rule set: each of its decisions follows a tile drawn
#: from the wall (at most 144), a claim (at most 5 melds a seat), a discard it may claim (each after a draw or a
#: claim), or one of the picks and the 定缺 before play (at most 18); tests_rl/test_conventions.py plays hands
#: and checks the count stays below it.
MAX_DECISIONS = 256
#: The ``TimeLimit`` of the registered ids (``gymnasium.make("mahjong/<rules>-v0")``): every decision of a hand
#: and the refusals ``illegal_action="refuse"`` allows.
MAX_EPISODE_STEPS = MAX_DECISIONS + MAX_REFUSALS
ILLEGAL_MODES = ("end", "refuse", "raise")


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


def check_illegal_settings(illegal_action: Any, illegal_penalty: Any, max_refusals: Any) -> float:
    """The checks of the illegal-action settings both environments take; the penalty as a float."""
    if illegal_action not in ILLEGAL_MODES:
        raise MahjongError(f"illegal_action must be one of {listed(ILLEGAL_MODES)}, got {illegal_action!r}")
    if isinstance(illegal_penalty, bool) or not isinstance(illegal_penalty, (int, float)) \
            or illegal_penalty != illegal_penalty:
        raise MahjongError(f"illegal_penalty must be a number, got {illegal_penalty!r}")
    if type(max_refusals) is not int or max_refusals < 1:
        raise MahjongError(f"max_refusals must be a whole number >= 1, got {max_refusals!r}")
    return float(illegal_penalty)


def check_opponents(spec: Any, others: int) -> list[Any]:
    """One opponent per other seat (a name of :data:`mahjong.game.agents.AGENTS`, a callable, or an agent with
    ``choose``), checked."""
    from mahjong.game.agents import AGENTS

    many = spec if isinstance(spec, (list, tuple)) else [spec] * others
    if len(many) != others:
        raise MahjongError(f"give one opponent per other seat ({others}), got {len(many)}")
    for o in many:
        if isinstance(o, str):
            if o not in AGENTS:
                raise MahjongError(f"unknown opponent {o!r}; built in: {', '.join(AGENTS)}")
        elif not (callable(o) or hasattr(o, "choose")):
            raise MahjongError(f"an opponent is an agent name, a callable or an agent with choose(), got {o!r}")
    return list(many)


class MahjongEnv(gymnasium.Env):  # type: ignore[misc,unused-ignore]
    metadata: dict[str, Any] = {"render_modes": ["ansi"]}

    def __init__(
        self,
        rules: str = "guobiao",
        opponents: Any = "random",
        *,
        seat: int = 0,
        illegal_action: str = "end",
        illegal_penalty: float = ILLEGAL_PENALTY,
        max_refusals: int = MAX_REFUSALS,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        from mahjong.game import N_ACTIONS, Game

        self.illegal_penalty = check_illegal_settings(illegal_action, illegal_penalty, max_refusals)
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
        self._opponent_spec = check_opponents(opponents, len(self.others))
        self.illegal_action = illegal_action
        self.max_refusals = max_refusals
        self.render_mode = render_mode
        self.observation_space = observation_space(N_ACTIONS)
        self.action_space = action_space(N_ACTIONS)
        self.n_actions = N_ACTIONS
        self._hands = HandSeries(rules, self.game_options)
        self.game: Any = None
        self.opponents: dict[int, Any] = {}
        self._over = False  # the episode has ended (the hand is over, or abandoned on an illegal action)
        self._refusals = 0

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
        while True:
            assert self._hands.seed is not None
            self.opponents = self._make_opponents(hand_seed(self._hands.seed, self._hands.hand))
            self._play_others()
            if not self.game.done:
                break
            self.game = self._hands.next_game(None)  # (a hand over before the learner's first decision: no episode)
        self._paid = 0
        self._over = False
        self._refusals = 0
        return self._obs(), {}

    def action_masks(self) -> Any:
        """The learner's legal actions now as a bool array of ``N_ACTIONS`` (sb3-contrib's ``MaskablePPO`` and
        ``MaskablePPO.predict(..., action_masks=env.action_masks())`` read it); all False once the episode is
        over."""
        import numpy as np

        if self.game is None or self._over:
            return np.zeros(self.n_actions, dtype=np.bool_)
        return np.frombuffer(bytes(self.game.action_mask(self.seat)), dtype=np.bool_).copy()

    def step(self, action: Any) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        from mahjong.game import IllegalActionError

        if self.game is None:
            raise MahjongError("call reset() before step()")
        if self._over:
            raise MahjongError("the episode is over: call reset() for the next hand")
        try:
            self.game.act(self.seat, action_index(action, self.n_actions))
        except IllegalActionError as e:
            if self.illegal_action == "raise":
                raise
            info: dict[str, Any] = {"illegal_action": str(e)}
            if self.illegal_action == "end":
                self._over = True
                return self._obs(), self.illegal_penalty, True, False, info
            self._refusals += 1
            info["refusals"] = self._refusals
            truncated = self._refusals >= self.max_refusals
            self._over = truncated
            return self._obs(), self.illegal_penalty, False, truncated, info
        self._play_others()
        score = self._score()[self.seat]
        reward, self._paid = float(score - self._paid), score
        info = {}
        if self.game.done:
            info["net"] = tuple(self.game.settlement.net)
            self._over = True
        return self._obs(), reward, bool(self.game.done), False, info

    def render(self) -> str | None:
        if self.render_mode != "ansi" or self.game is None:
            return None
        from mahjong.tiles import format_tiles

        st = self.game.state
        return f"{self.rules}: seat {self.seat} holds {format_tiles(st.concealed_tiles(self.seat))}, {st.live} left"
