"""Observations never reveal another seat's concealed tiles (nor the wall): change those tiles, compare.

At many decision points of seeded games under every playable rule set, a copy of the game has one other seat's
concealed tiles swapped with tiles still in the live wall.  Every other seat's obs_v1 array and mask must stay
exactly the same; the changed seat's own observation must change (so the check can fail).

The tiles are changed in the Python engine's hand state (``engine="python"``); a game on the compiled hand core
is observed from the core's struct, and ``test_observation_array.py`` checks that those observations equal the
Python engine's bit for bit at every decision, so they show no more.
"""

from __future__ import annotations

import copy
import sys
from pathlib import Path

import numpy as np
import pytest

from mahjong.game import Game
from mahjong.rl.obs_v1 import encode
from mahjong.rl.view import view_of
from mahjong.scale.shards import splitmix64

sys.path.insert(0, str(Path(__file__).resolve().parent))
from rulesets import PLAYABLE  # noqa: E402


def _swap_hidden(game: Game, seat: int, key: int) -> Game | None:
    """A copy of ``game`` where ``seat`` holds other concealed tiles: some of its tiles traded with live-wall
    tiles of other kinds.  ``None`` if there is nothing to trade."""
    g = copy.deepcopy(game)
    st = g.state
    hand = st.hands[seat]
    live = list(range(st.front, st.back))
    given: set[int] = set()
    received: set[int] = set()
    used: set[int] = set()
    for k in range(3):
        held = [t for t in range(34) if hand[t] and t not in received]
        if not held:
            break
        t = held[splitmix64(key + k) % len(held)]
        candidates = [
            p for p in live
            if p not in used and st.wall[p] < 34 and st.wall[p] not in given | {t}
            and not g.flow.is_bonus(st.wall[p], st)
        ]
        if not candidates:
            break
        p = candidates[splitmix64(key + 17 + k) % len(candidates)]
        hand[t] -= 1
        hand[st.wall[p]] += 1
        given.add(t)
        received.add(st.wall[p])
        st.wall[p] = t
        used.add(p)
    traded = len(used)
    return g if traded else None


def _seen(game: Game, seat: int) -> tuple[bytes, bytes]:
    return encode(view_of(game, seat)).tobytes(), bytes(game.action_mask(seat))


@pytest.mark.parametrize("rules", PLAYABLE)
def test_other_seats_concealed_tiles_never_show(rules: str) -> None:
    checked = 0
    for hand in range(3):
        g = Game(rules, seed=123, salt=hand, engine="python")
        step = 0
        while not g.done:
            seats = g.flow.seats
            if step % 7 == 3:
                for changed in seats:
                    other = _swap_hidden(g, changed, step * 31 + changed)
                    if other is None:
                        continue
                    assert _seen(other, changed)[0] != _seen(g, changed)[0]  # its own view does change
                    for s in seats:
                        if s != changed:
                            assert _seen(other, s) == _seen(g, s), (rules, hand, step, changed, s)
                            checked += 1
            for s in g.pending:
                legal = np.flatnonzero(np.frombuffer(bytes(g.action_mask(s)), dtype=np.int8))
                g.act(s, int(legal[splitmix64(step * 7 + s) % len(legal)]))
            step += 1
    assert checked > 30
