"""What both environments share: the series of hands ``reset`` deals, and a seat's observation dict."""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from mahjong.rl.view import observation_array

if TYPE_CHECKING:
    from mahjong.game import Game

__all__ = ["HandSeries", "seat_observation"]


class HandSeries:
    """``next_game(seed)`` deals hand 0 of ``seed``; ``next_game(None)`` the next hand of the last seed (an
    unseeded first call draws a seed from the operating system)."""

    def __init__(self, rules: str, options: Mapping[str, Any]) -> None:
        self.rules = rules
        self.options = dict(options)
        self.seed: int | None = None
        self.hand = 0

    def next_game(self, seed: int | None) -> Game:
        from mahjong.game import Game

        if seed is not None:
            self.seed, self.hand = int(seed), 0
        elif self.seed is None:
            self.seed, self.hand = int.from_bytes(os.urandom(8), "little"), 0
        else:
            self.hand += 1
        return Game(self.rules, seed=self.seed, salt=self.hand, options=self.options)


def seat_observation(game: Game, seat: int) -> dict[str, Any]:
    """``{"observation": obs_v1 array, "action_mask": int8 mask}`` of ``seat`` now."""
    import numpy as np

    return {
        "observation": observation_array(game, seat),
        "action_mask": np.frombuffer(bytes(game.action_mask(seat)), dtype=np.int8).copy(),
    }
