"""A single game's obs_v1 array: ``observation_array`` reads a game on the compiled hand core straight from the
core's struct (no observation dict, no typed events); it equals the Python engine's ``encode(view_of(...))`` of
the same hand bit for bit at every decision (so it shows no more than ``Game.observe`` lets a seat see), and a
copied core game plays on independently."""

from __future__ import annotations

import copy

import numpy as np
import pytest

from mahjong.errors import ContextError
from mahjong.game import Game, RandomAgent
from mahjong.game.core import CoreGame, core_available
from mahjong.rl.obs_v1 import SHAPE, encode
from mahjong.rl.view import observation_array, view_of


@pytest.mark.parametrize(("rules", "options"), [
    ("guobiao", {}), ("sichuan", {}), ("common", {}), ("wuhu-2468", {}),
    # flows of every kind: a wildcard indicator, fixed wildcards, held bonus tiles (百搭), honor chows, 16-tile
    # hands with 杠花, two seats with 报听, the segmented wall
    ("nanchang", {}), ("yuhuan", {}), ("jinshan", {}), ("hongzhong", {"discard_wins": True}),
    ("guangdong-fangui", {}), ("twoplayer", {}), ("guobiao", {"botzone": True})])
def test_core_observation_arrays_equal_the_python_engines(rules: str, options: dict[str, object]) -> None:
    for salt in range(2):
        fast = Game(rules, seed=21, salt=salt, options=options)
        ref = Game(rules, seed=21, salt=salt, options=options, engine="python")
        assert isinstance(fast, CoreGame) == core_available()
        agents = {s: RandomAgent(salt * 8 + s) for s in ref.flow.seats}
        out = np.full(SHAPE, 7.0, dtype=np.float32)  # a reused buffer: every entry is written
        carried = (5, -5, 250, -250)
        checked = 0
        while not ref.done:
            for seat in ref.pending:
                for s in ref.flow.seats:  # every seat's view, the ones not to act too
                    want = encode(view_of(ref, s, carried)).tobytes()
                    assert observation_array(fast, s, carried).tobytes() == want
                    assert observation_array(fast, s, carried, out=out) is out and out.tobytes() == want
                    checked += 1
                choice = agents[seat].choose(ref, seat, ref.legal_actions(seat))
                ref.act(seat, choice)
                fast.act(seat, choice)
        for s in ref.flow.seats:  # the terminal observation: the settlement paid, concealed kongs shown or not
            assert observation_array(fast, s, carried).tobytes() == encode(view_of(ref, s, carried)).tobytes()
        assert checked > 60
    with pytest.raises(ContextError):
        observation_array(fast, 4)


def test_a_copied_core_game_plays_on_independently() -> None:
    game = Game("guobiao", seed=4)
    agents = {s: RandomAgent(s) for s in range(4)}
    for _ in range(30):
        seat = game.pending[0]
        game.act(seat, agents[seat].choose(game, seat, game.legal_actions(seat)))
    twin = copy.deepcopy(game)
    assert type(twin) is type(game) and twin.events == game.events
    before = (list(game.events), game.pending, [game.legal_actions(s) for s in range(4)])

    def finish(g: Game) -> None:
        rest = {s: RandomAgent(10 + s) for s in range(4)}
        while not g.done:
            for seat in g.pending:
                g.act(seat, rest[seat].choose(g, seat, g.legal_actions(seat)))

    finish(twin)
    assert (list(game.events), game.pending, [game.legal_actions(s) for s in range(4)]) == before
    finish(game)  # the same continuation: the same hand
    assert game.events == twin.events and len(game.events) > len(before[0])
    assert game.settlement is not None and twin.settlement is not None
    assert game.settlement.net == twin.settlement.net
