"""Numbers a caller computes with numpy are taken wherever a whole number is asked for, consistently.

A seed, salt, hand number, dealer or prevalent wind may be an ``int`` or a numpy integer, and an explicit wall a
list of them or a 1-D numpy integer array (any byte order).  Each plays exactly the game of the same plain ints, on
both engines.  A bool, a float, a float array or a 2-D array is still refused with our error, naming the argument.
"""

from __future__ import annotations

from typing import Any

import pytest
from game_support import run

import mahjong
from mahjong.errors import MahjongError, RulesError
from mahjong.game import Game
from mahjong.game.match import play_match

np = pytest.importorskip("numpy")

ENGINES = ["python", "core"] if mahjong.BACKEND == "cython" else ["python"]  # (the core is compiled)


class LastLegal:
    """A cheap agent that plays the same on both engines: the last legal action."""

    def choose(self, game: Game, seat: int, legal: list[Any]) -> Any:
        return legal[-1]


def _events(game: Game) -> list[str]:
    return [repr(e) for e in run(game, {s: LastLegal() for s in game.flow.seats}).events]


def _wall(rules: str, seed: int) -> list[int]:
    return list(Game(rules, seed=seed).state.wall)


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("rules", ["sichuan", "guobiao", "twoplayer"])
def test_numpy_integers_play_the_game_of_the_same_ints(rules: str, engine: str) -> None:
    seats = Game(rules).flow.seats
    dealer = seats[-1]
    plain = _events(Game(rules, seed=11, salt=2, hand_number=3, dealer=dealer, prevalent_wind=1, engine=engine))
    given = Game(rules, seed=np.uint64(11), salt=np.int32(2), hand_number=np.int64(3), dealer=np.int8(dealer),
                 prevalent_wind=np.int16(1), engine=engine)
    assert _events(given) == plain


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("dtype", ["int64", "uint8", ">i4", "<i2"])
def test_a_numpy_wall_plays_as_its_list(engine: str, dtype: str) -> None:
    wall = _wall("sichuan", 5)
    plain = _events(Game("sichuan", wall=wall, engine=engine))
    array = np.array(wall, dtype=dtype)
    game = Game("sichuan", wall=array, engine=engine)
    array[:] = 0  # (the game took a copy: a later change of the caller's array cannot reach it)
    assert _events(game) == plain
    assert _events(Game("sichuan", wall=[np.int16(t) for t in wall], engine=engine)) == plain


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize(("argument", "value", "named"), [
    ("seed", np.float64(3), "seed"),
    ("seed", np.bool_(True), "seed"),
    ("seed", np.uint64(2**64 - 1) + 0, None),  # (the largest seed: taken)
    ("salt", np.int64(-1), "salt"),
    ("hand_number", 2.0, "hand_number"),
    ("dealer", np.bool_(False), "dealer"),
    ("dealer", np.int64(7), "dealer"),
    ("prevalent_wind", np.float32(1), "prevalent_wind"),
])
def test_numbers_refused_name_the_argument(engine: str, argument: str, value: Any, named: str | None) -> None:
    if named is None:
        Game("sichuan", engine=engine, **{argument: value})
        return
    with pytest.raises(RulesError, match=named):
        Game("sichuan", engine=engine, **{argument: value})


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("shape", ["float", "2-D", "bool"])
def test_walls_that_are_not_tile_id_arrays_are_refused(engine: str, shape: str) -> None:
    wall = np.array(_wall("sichuan", 5))
    bad = {"float": wall.astype("float64"), "2-D": wall.reshape(2, -1), "bool": wall.astype(bool)}[shape]
    with pytest.raises(RulesError, match="wall"):
        Game("sichuan", wall=bad, engine=engine)


@pytest.mark.parametrize("engine", ENGINES)
def test_determinize_and_matches_take_numpy_seeds(engine: str) -> None:
    game = Game("sichuan", seed=4, engine=engine)
    assert repr(game.determinize(0, np.int64(9)).state.wall) == repr(game.determinize(0, 9).state.wall)
    agents = [LastLegal() for _ in range(4)]
    a = play_match("sichuan", agents, seed=np.uint32(6), hands=np.int64(2))
    b = play_match("sichuan", agents, seed=6, hands=2)
    assert len(a.hands) == 2
    assert [h.net for h in a.hands] == [h.net for h in b.hands]
    with pytest.raises(MahjongError, match="seed"):
        play_match("sichuan", agents, seed=np.float64(6), hands=2)
