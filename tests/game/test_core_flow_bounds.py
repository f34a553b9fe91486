"""A flow option past what the compiled hand core holds is refused by it with our error, and the Python engine
plays the hand: ``Game("yuhuan", engine="core", options={"wall_end_reserve": 2**40})`` raised Python's
``OverflowError`` while the core read the flow's data; every finished hand has its settlement."""

from __future__ import annotations

import pytest

import mahjong
from mahjong.errors import RulesError
from mahjong.game import Game, RandomAgent, play_hand


@pytest.mark.parametrize("reserve", [2**31, 2**40, 10**30])
def test_a_wall_end_reserve_past_the_core_is_refused_there_and_played_in_python(reserve: int) -> None:
    if mahjong.BACKEND == "cython":
        with pytest.raises(RulesError, match="does not play yuhuan with these options"):
            Game("yuhuan", seed=1, engine="core", options={"wall_end_reserve": reserve})
    game = Game("yuhuan", seed=1, engine="python", options={"wall_end_reserve": reserve})
    play_hand(game, {s: RandomAgent(s) for s in game.flow.seats})
    assert game.done and game.settlement is not None and game.settlement.net == (0, 0, 0, 0)


@pytest.mark.parametrize("reserve", [0, 1, 16, 70, 71, 135])
def test_every_yuhuan_hand_with_a_wall_end_reserve_ends_settled(reserve: int) -> None:
    engines = ["python", "core"] if mahjong.BACKEND == "cython" else ["python"]
    for engine in engines:
        for seed in range(3):
            game = Game("yuhuan", seed=seed, engine=engine, options={"wall_end_reserve": reserve})
            play_hand(game, {s: RandomAgent(seed * 4 + s) for s in game.flow.seats})
            assert game.done and game.settlement is not None
            assert sum(game.settlement.net) == 0
