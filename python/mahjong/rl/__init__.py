"""Reinforcement learning on the game engine (``pip install 'mjcore[rl]'``: numpy, gymnasium, pettingzoo).

* :func:`aec_env` — a PettingZoo AEC environment: every seat an agent (``"seat_0"`` …), every rule set, four
  or two seats; observations are ``{"observation": obs_v1 array, "action_mask": int8 mask}`` as PettingZoo
  documents for action masking.
* :func:`gym_env` — a Gymnasium environment: one learning seat against the built-in agents (``"random"``,
  ``"greedy"``) or any callable ``opponent(observation, action_mask) -> action index``.
* :class:`GameBatch` — n games stepped in lockstep with stacked observations and masks.
* :mod:`mahjong.rl.obs_v1` — the observation encoding and its plane table (``docs/observation.md``).

Actions are the engine's fixed action index (:mod:`mahjong.game.actions`).  Nothing here is imported by
``import mahjong``.
"""

from __future__ import annotations

from typing import Any

from mahjong.rl.batch import BatchObservation, GameBatch, StepResult
from mahjong.rl.errors import BatchActionError, BatchError
from mahjong.rl.obs_v1 import N_PLANES, VERSION, SeatView, encode

__all__ = [
    "GameBatch",
    "BatchObservation",
    "StepResult",
    "BatchError",
    "BatchActionError",
    "SeatView",
    "encode",
    "N_PLANES",
    "VERSION",
    "aec_env",
    "gym_env",
]


def aec_env(rules: str = "guobiao", **options: Any) -> Any:
    """A PettingZoo AEC environment of one hand of ``rules`` (see :class:`mahjong.rl.aec.MahjongAEC`)."""
    from mahjong.rl.aec import MahjongAEC

    return MahjongAEC(rules=rules, **options)


def gym_env(rules: str = "guobiao", opponents: Any = "random", **options: Any) -> Any:
    """A Gymnasium environment: one learning seat against ``opponents`` (see :class:`mahjong.rl.gym.MahjongEnv`)."""
    from mahjong.rl.gym import MahjongEnv

    return MahjongEnv(rules=rules, opponents=opponents, **options)
