"""Reinforcement learning on the game engine (``pip install 'mjcore[rl]'``: numpy, gymnasium, pettingzoo).

* :func:`aec_env` — a PettingZoo AEC environment: every seat an agent (``"seat_0"`` …), every rule set, four
  or two seats; observations are ``{"observation": obs_v1 array, "action_mask": int8 mask}`` as PettingZoo
  documents for action masking.
* :func:`gym_env` — a Gymnasium environment: one learning seat against the built-in agents (``"random"``,
  ``"greedy"``) or any callable ``opponent(observation, action_mask) -> action index``.
  Registered with Gymnasium as ``gymnasium.make("mahjong/<rules>-v0")`` for every rule set when this package is
  imported (:mod:`mahjong.rl.registration`); ``action_masks()`` for sb3-contrib's ``MaskablePPO``.
* :func:`vector_env` — a ``gymnasium.vector.VectorEnv`` of n games over :class:`GameBatch` (one learning seat
  per game, the other seats played by built-in agents or callables, auto-reset in the same step).
* :class:`GameBatch` — n games stepped in lockstep with stacked observations and masks.
* :mod:`mahjong.rl.obs_v1` — the observation encoding and its plane table (``docs/observation.md``).
* :mod:`mahjong.rl.dataset` — legal-checked training rows from recorded games (``mahjong dataset``).

Actions are the engine's fixed action index (:mod:`mahjong.game.actions`).  Nothing here is imported by
``import mahjong`` or ``import mahjong.game``.
"""

from __future__ import annotations

import importlib.util
from typing import Any

from mahjong.rl.batch import BatchObservation, GameBatch, StepResult
from mahjong.rl.errors import BatchActionError, BatchError, BatchHandError
from mahjong.rl.obs_v1 import N_PLANES, VERSION, SeatView, encode

__all__ = [
    "GameBatch",
    "BatchObservation",
    "StepResult",
    "BatchError",
    "BatchActionError",
    "BatchHandError",
    "SeatView",
    "encode",
    "N_PLANES",
    "VERSION",
    "aec_env",
    "gym_env",
    "vector_env",
]


def aec_env(rules: str = "guobiao", **options: Any) -> Any:
    """A PettingZoo AEC environment of one hand of ``rules`` (see :class:`mahjong.rl.aec.MahjongAEC`)."""
    from mahjong.rl.aec import MahjongAEC

    return MahjongAEC(rules=rules, **options)


def gym_env(rules: str = "guobiao", opponents: Any = "random", **options: Any) -> Any:
    """A Gymnasium environment: one learning seat against ``opponents`` (see :class:`mahjong.rl.gym.MahjongEnv`)."""
    from mahjong.rl.gym import MahjongEnv

    return MahjongEnv(rules=rules, opponents=opponents, **options)


def vector_env(n: int, rules: str = "guobiao", opponents: Any = "random", seed: int = 0, **options: Any) -> Any:
    """A ``gymnasium.vector.VectorEnv`` of ``n`` games of ``rules`` (see
    :class:`mahjong.rl.vector.MahjongVectorEnv`)."""
    from mahjong.rl.vector import MahjongVectorEnv

    return MahjongVectorEnv(n, rules=rules, opponents=opponents, seed=seed, **options)


if importlib.util.find_spec("gymnasium") is not None:  # (the rl extra: the ids registered as the package loads)
    from mahjong.rl.registration import register_envs

    register_envs()
