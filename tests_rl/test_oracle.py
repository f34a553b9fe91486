"""The oracle observation array: the obs_v1 planes unchanged, then every seat's hand, its concealed kongs and
the wall, as the table in docs/observation.md says (relative seats), on both engines."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest

from mahjong.game import Game, RandomAgent
from mahjong.rl.errors import ObservationError
from mahjong.rl.obs_v1 import N_PLANES, ORACLE_SHAPE, plane_offsets
from mahjong.rl.view import observation_array

sys.path.insert(0, str(Path(__file__).resolve().parent))
from rulesets import PLAYABLE  # noqa: E402


def _played(rules: str, steps: int) -> Game:
    g = Game(rules, seed=11)
    agents = {s: RandomAgent(s) for s in g.flow.seats}
    for _ in range(steps):
        if g.done:
            break
        s = g.pending[0]
        g.act(s, agents[s].choose(g, s, g.legal_actions(s)))
    return g


@pytest.mark.parametrize("rules", PLAYABLE)
def test_oracle_planes_hold_every_hand_and_the_wall(rules: str) -> None:
    g = _played(rules, 25)
    off = plane_offsets(oracle=True)
    seats = list(g.flow.seats)
    for seat in seats:
        a = observation_array(g, seat, oracle=True)
        assert a.shape == ORACLE_SHAPE and a.dtype == np.float32
        assert (a[:N_PLANES] == observation_array(g, seat)).all()
        facts = g.observe(seat, oracle=True)["oracle"]
        i = seats.index(seat)
        for r, s in enumerate(seats[i:] + seats[:i]):
            first = off["oracle_hands"][0] + 4 * r
            counts = np.bincount(np.array(facts["hands"][s], dtype=np.int64), minlength=42)
            assert (a[first:first + 4].sum(axis=0) == np.minimum(counts, 4)).all()
            kongs = np.zeros(42)
            kongs[facts["concealed_kongs"][s]] = 1
            assert (a[off["oracle_kongs"][0] + r] == kongs).all()
        left = np.bincount(np.array(facts["wall"], dtype=np.int64), minlength=42)
        w = off["oracle_wall"][0]
        assert (a[w:w + 4].sum(axis=0) == np.minimum(left, 4)).all()
        nxt = off["oracle_next"][0]
        for k, t in enumerate(facts["wall"][:4]):
            assert a[nxt + k, t] == 1 and a[nxt + k].sum() == 1
        assert a[N_PLANES:].max() <= 1


def test_an_oracle_array_has_its_own_shape() -> None:
    g = _played("guobiao", 3)
    with pytest.raises(ObservationError, match="oracle observation"):
        observation_array(g, 0, out=np.zeros((N_PLANES, 42), dtype=np.float32), oracle=True)
    out = np.full(ORACLE_SHAPE, 7.0, dtype=np.float32)
    assert observation_array(g, 0, out=out, oracle=True) is out
    assert (out == observation_array(g, 0, oracle=True)).all()


def test_in_the_botzone_format_the_next_draws_are_each_seats_segment() -> None:
    g = Game("guobiao", seed=4, options={"botzone": True})
    facts = g.observe(1, oracle=True)["oracle"]
    a = observation_array(g, 1, oracle=True)
    nxt = plane_offsets(oracle=True)["oracle_next"][0]
    for r, s in enumerate([1, 2, 3, 0]):
        assert a[nxt + r, facts["segments"][s][0]] == 1 and a[nxt + r].sum() == 1
