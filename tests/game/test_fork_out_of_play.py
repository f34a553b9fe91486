"""Game.determinize where tiles lie out of play or bonus tiles are held: Botzone's per-seat wall segments, the
turned-up wildcard indicator (Nanchang's 精, Yuhuan's 财神), bonus tiles set aside (Yuhuan's) and bonus tiles kept
in the hand (Jinshan's 百搭).  The copy keeps the seat's view and every public fact, conserves every tile, deals
the hidden held bonus tiles anew and plays to its end; on the compiled core the copy is a core game whose C
struct holds what its state holds (tests/game/test_fork.py covers every rule set at random points)."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from test_fork import _everywhere, _finish, _played, _public

from mahjong.game import Game
from mahjong.game.core import core_available
from mahjong.game.engine import make_flow

CASES = [("jinshan", None), ("yuhuan", None), ("nanchang", None), ("guobiao", {"botzone": True})]
POINTS = [(seed, steps) for seed in (1, 2) for steps in (0, 30, 60)]


def _hidden_held(g: Game, seat: int) -> dict[int, int]:
    """How many held bonus tiles each other seat still playing holds (what ``seat`` cannot see)."""
    held = g.flow.held_bonus
    return {s: sum(g.state.hands[s][t] for t in held) for s in g.flow.seats if s != seat and s in g.state.playing}


def _check_fork(g: Game, seat: int, fork_seed: int, rules: str, options: dict[str, Any] | None) -> Game:
    d = g.determinize(seat, fork_seed)
    st, before = d.state, g.state
    # the engine: the copy plays where the original plays; on the core its struct holds what its state holds
    assert type(d) is type(g)
    if core_available():
        assert type(d).__name__ == "CoreGame"
        assert [bytes(st.hands[s]) for s in range(4)] == [d.core.hand(s) for s in range(4)]  # type: ignore[attr-defined]
    # the seat's view and legal actions, every seat's public facts and hand size
    assert d.observe(seat) == g.observe(seat)
    assert d.legal_actions(seat) == g.legal_actions(seat)
    for s in g.flow.seats:
        assert _public(d.observe(s)) == _public(g.observe(s))
        assert sum(st.hands[s]) == sum(before.hands[s])
    # the tiles out of play: the indicator and its wildcards, the bonus tiles set aside, the segments' lengths
    assert (st.indicator, tuple(st.wildcards)) == (before.indicator, tuple(before.wildcards))
    assert [list(b) for b in st.bonus] == [list(b) for b in before.bonus]
    assert Counter(st.out_of_play) == Counter(before.out_of_play)
    if before.segment:
        assert [st.live_for(s) for s in g.flow.seats] == [before.live_for(s) for s in g.flow.seats]
    # a bonus tile set aside when drawn is never dealt into a hand; the held ones are dealt like any tile
    set_aside = {t for t in range(42) if d.flow.is_bonus(t, st) and t not in d.flow.held_bonus}
    assert not any(st.hands[s][t] for s in d.flow.seats if s != seat for t in set_aside if t < len(st.hands[s]))
    # every tile of the set, once
    st.tile_count_check()
    assert _everywhere(d) == Counter(make_flow(rules, options).tiles())
    return d


@pytest.mark.parametrize(("rules", "options"), CASES)
def test_determinize_keeps_the_table_with_tiles_out_of_play_and_held_bonus_tiles(
        rules: str, options: dict[str, Any] | None) -> None:
    forks = 0
    moved_held = 0
    for seed, steps in POINTS:
        g = _played(rules, seed, steps, options=options)
        if g.done:
            continue
        seat = g.pending[0]
        held = _hidden_held(g, seat)
        for fork_seed in range(2):
            d = _check_fork(g, seat, fork_seed, rules, options)
            moved_held += _hidden_held(d, seat) != held
            forks += 1
            _finish(d, seed)
            assert d.settlement is not None and sum(d.settlement.net) == 0
    assert forks >= 8
    if make_flow(rules, options).held_bonus:  # (Jinshan: the 百搭 another seat holds are re-dealt, not kept)
        assert moved_held > 0


def test_the_held_bonus_tiles_of_the_seat_itself_stay_in_its_hand() -> None:
    # a point of a Jinshan hand where the seat to move holds a 百搭 (a held bonus tile) itself
    for seed in range(40):
        g = _played("jinshan", seed, 10)
        if g.done:
            continue
        seat = g.pending[0]
        mine = {t: g.state.hands[seat][t] for t in g.flow.held_bonus if g.state.hands[seat][t]}
        if mine:
            break
    else:
        pytest.fail("no Jinshan seat holding a 百搭 in 40 seeded hands")
    for k in range(4):
        d = _check_fork(g, seat, k, "jinshan", None)
        assert {t: d.state.hands[seat][t] for t in mine} == mine
        _finish(d, k)
