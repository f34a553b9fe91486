"""A game is copied (``copy.deepcopy``) and pickled at any point of its hand, a win's record included.

A Sichuan hand goes on after its first win (血战到底): the state then holds the win's settlement record, whose
facts are read-only mappings, and ``copy.deepcopy`` of the game raised ``TypeError`` (a ``mappingproxy`` neither
pickles nor copies) on the Python engine.  The copy must also play on exactly as the game does.
"""

from __future__ import annotations

import copy
import pickle

import pytest

import mahjong
from mahjong.game import Game
from mahjong.game.agents import GreedyAgent
from mahjong.game.events import Won
from mahjong.settlement import Draw, HandRecord, Kong, Win

#: the compiled hand core plays only where the module is compiled (the pure-Python backend has the Python engine)
ENGINES = ["python", "core"] if mahjong.BACKEND == "cython" else ["python"]


def _play_to_first_win(engine: str, seed: int) -> tuple[Game, dict[int, GreedyAgent]]:
    game = Game("sichuan", seed=seed, engine=engine)
    agents = {s: GreedyAgent(seed * 10 + s) for s in game.flow.seats}
    while not game.done and not any(isinstance(e, Won) for e in game.events):
        seat = game.pending[0]
        game.act(seat, agents[seat].choose(game, seat, game.legal_actions(seat)))
    return game, agents


def _play_out(game: Game, agents: dict[int, GreedyAgent]) -> None:
    while not game.done:
        seat = game.pending[0]
        game.act(seat, agents[seat].choose(game, seat, game.legal_actions(seat)))


@pytest.mark.parametrize("engine", ENGINES)
def test_deepcopy_of_a_sichuan_game_after_its_first_win_plays_on_identically(engine: str) -> None:
    copied = 0
    for seed in range(4):
        game, agents = _play_to_first_win(engine, seed)
        if game.done:  # (this deal ended with its first win or a draw: nothing goes on after it)
            continue
        assert game.state.win_records, "the hand goes on after a win whose record the state holds"
        twin = copy.deepcopy(game)
        twin_agents = copy.deepcopy(agents)
        assert [repr(e) for e in twin.events] == [repr(e) for e in game.events]
        _play_out(game, agents)
        _play_out(twin, twin_agents)
        assert [repr(e) for e in twin.events] == [repr(e) for e in game.events]
        assert twin.settlement is not None and game.settlement is not None
        assert twin.settlement.net == game.settlement.net
        assert sum(twin.settlement.net) == 0
        copied += 1
    assert copied >= 3, "too few deals went on after a first win to prove anything"


def test_settlement_records_pickle_and_copy_as_equal_records() -> None:
    win = Win(1, "123m456m789m11p234s 4s", discarder=2, flags={"gen": 1})
    draw = Draw(hands={0: "123m456m789m11p23s"}, facts={"indicator": 5})
    record = HandRecord("sichuan", (Kong(0, "concealed", "5p"), win), options={"base": 2}, dealer=1)
    for obj in (win, draw, record):
        for twin in (pickle.loads(pickle.dumps(obj)), copy.deepcopy(obj), copy.copy(obj)):
            assert twin == obj and type(twin) is type(obj)
    assert dict(copy.deepcopy(win).flags) == {"gen": 1}
    with pytest.raises(TypeError):  # (still read-only after a copy)
        copy.deepcopy(record).options["base"] = 3  # type: ignore[index]
