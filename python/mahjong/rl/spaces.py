"""The Gymnasium spaces of the environments (one source for both)."""

from __future__ import annotations

import operator
from typing import Any

from mahjong.errors import MahjongError
from mahjong.rl.obs_v1 import SCORE_BOUND, SHAPE, plane_offsets

__all__ = ["observation_space", "action_space", "action_index"]


def observation_space(n_actions: int) -> Any:
    """``Dict(observation=Box(obs_v1), action_mask=Box(0, 1, (n_actions,), int8))``: the score planes lie
    within +-SCORE_BOUND, every other plane lies in [0, 1]."""
    import numpy as np
    from gymnasium import spaces

    low = np.zeros(SHAPE, dtype=np.float32)
    high = np.ones(SHAPE, dtype=np.float32)
    first, n = plane_offsets()["scores"]
    low[first : first + n] = -SCORE_BOUND
    high[first : first + n] = SCORE_BOUND
    return spaces.Dict(
        {
            "observation": spaces.Box(low=low, high=high, dtype=np.float32),
            "action_mask": spaces.Box(low=0, high=1, shape=(n_actions,), dtype=np.int8),
        }
    )


def action_space(n_actions: int) -> Any:
    from gymnasium import spaces

    return spaces.Discrete(n_actions)


def action_index(action: Any, n_actions: int) -> int:
    """An environment's action as an index of the action index: an int or a numpy integer (a float such as 1.5
    or a bool is refused, never truncated to 1); its range is the engine's to check."""
    try:
        if isinstance(action, bool):
            raise TypeError
        return operator.index(action)
    except TypeError:
        raise MahjongError(f"an action is an action index 0..{n_actions - 1}, got {action!r}") from None
