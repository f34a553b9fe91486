"""The compiled hand core is memory-safe whatever a caller sends it: a flow table with hostile values is refused
(ValueError / TypeError / OverflowError, never a crash), holding programs that would leave the stack are refused,
and a core driven with any walls of the flow's tile set, any action numbers, any seats, any verdicts and any
questions plays on or refuses — for every flow, 16-tile hands, 144-tile walls, two seats and the segmented wall
included (the fixed-size arrays: hands, melds, rivers, bonus tiles, picks, the event record)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mahjong.game._core_constants import PHASES
from mahjong.game.core import CS_END, CS_SCORE, core_available, core_params
from mahjong.game.coreflow import core_flow
from mahjong.game.engine import make_flow

pytestmark = pytest.mark.skipif(not core_available(), reason="the compiled hand core")

FLOWS = [("guobiao", {}), ("guobiao", {"botzone": True}), ("sichuan", {"exchange_three": True}),
         ("twoplayer", {"swap_at_start": True}), ("nanchang", {}), ("yuhuan", {}), ("jinshan", {}),
         ("hongzhong", {"discard_wins": True}), ("changsha", {}), ("guangdong-fangui", {})]
REFUSED = (ValueError, TypeError, OverflowError)


def _core(rules: str, options: dict[str, Any]) -> Any:
    from mahjong._core import GameCore

    return GameCore, core_params(make_flow(rules, options))


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(FLOWS), st.randoms(use_true_random=False), st.integers(0, 2**64 - 1))
def test_any_walls_actions_and_questions_are_safe(flow: tuple[str, dict[str, Any]], rng: Any, seed: int) -> None:
    GameCore, table = _core(*flow)
    wall = list(table.tiles)
    rng.shuffle(wall)
    seats = table.seats
    core = GameCore(table, seed, rng.randrange(1 << 20), rng.choice(seats), rng.randrange(4),
                    wall if rng.random() < 0.5 else None)
    core.seed_agents([rng.randrange(1 << 30) for _ in seats])
    status = core.advance()
    for _ in range(600):
        if status == CS_END:
            break
        if status == CS_SCORE:
            seat, tile, _, _ = core.query
            core.verdict(seat, tile, rng.random() < 0.5, rng.randrange(-5, 500), rng.random() < 0.8)
            status = core.advance()
            continue
        if status != 0:  # (money during play: the caller settles, then advances)
            status = core.advance()
            continue
        for _ in range(3):  # hostile answers: refused with nothing changed
            before = core.n_events
            r = core.act(rng.randrange(-3, 8), rng.randrange(-(2**31), 2**31))
            assert r < 0 or core.n_events >= before
            core.mask(rng.randrange(-3, 8))
            core.legal(rng.randrange(-3, 8))
        pending = core.pending
        if not pending:
            status = core.advance()
            continue
        seat = pending[0]
        with pytest.raises(REFUSED):
            core.flow_facts(rng.choice((-1, 4, 99)), 0, -1)
        core.flow_facts(seat, rng.randrange(42), rng.choice((-1, *seats)), rng.random() < 0.2)
        legal = core.legal(seat)
        choice = rng.choice((core.random_action(seat), core.greedy_action(seat), rng.choice(legal)))
        status = core.act(seat, choice)
        if status < 0:
            status = 0
    core.state(), core.horses(), core.out_of_play, core.wall_built, core.events()
    for s in range(4):
        core.hand(s), core.melds(s), core.bonus(s)


def test_a_whole_hand_of_the_longest_walls_and_hands_fits() -> None:
    """Many seeded hands of the 144-tile set, 16-tile hands and two seats play to their end within every bound
    (the event record never fills: every event is kept)."""
    from mahjong.game.core import RandomTable

    for rules in ("guobiao", "jinshan", "yuhuan", "twoplayer"):
        table = RandomTable(rules, agent="random")
        for salt in range(40):
            hand: Any = table.hand(seed=1, salt=salt)
            assert hand.core.phase == PHASES.index("end") and hand.net is not None
            assert hand.core.n_events < 1024 and len(hand.events) > hand.core.n_events // 2


def _fields(rules: str) -> list[int]:
    record = core_flow(make_flow(rules))
    assert record is not None
    return list(record.fields)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(["guobiao", "nanchang", "twoplayer", "changsha", "yuhuan"]), st.data())
def test_hostile_flow_tables_are_refused(rules: str, data: Any) -> None:
    from mahjong._core import CoreFlowTable

    record = core_flow(make_flow(rules))
    assert record is not None
    fields = list(record.fields)
    k = data.draw(st.integers(0, len(fields) - 1))
    fields[k] = data.draw(st.one_of(st.integers(-(2**70), 2**70), st.integers(-3, 200)))
    args = [fields, record.tiles, record.indicator, record.exchange_dice, record.horse_positions, record.program,
            record.openings, record.instants]
    which = data.draw(st.integers(0, 4))
    if which == 1:
        args[1] = bytes(data.draw(st.lists(st.integers(0, 255), max_size=160)))
    elif which == 2:
        args[2] = [tuple(data.draw(st.integers(-(2**65), 2**65)) for _ in range(4))] * data.draw(st.integers(0, 40))
    elif which == 3:
        args[5] = data.draw(st.lists(st.integers(-5, 40), max_size=30))
        args[6] = [(0, data.draw(st.integers(-2, 40)), -1)]
    elif which == 4:
        args[4] = data.draw(st.lists(st.integers(-3, 6), max_size=40))
    try:
        table = CoreFlowTable(*args)
    except REFUSED:
        return
    # a table accepted is one the core plays safely
    from mahjong._core import GameCore

    core = GameCore(table, 1, 2, table.seats[0], 0)
    status, n = core.advance(), 0
    while status != CS_END and n < 400:
        if status == CS_SCORE:
            seat, tile, _, _ = core.query
            core.verdict(seat, tile, False, 0)
            status = core.advance()
        elif status == 0 and core.pending:
            status = core.act(core.pending[0], core.random_action(core.pending[0]))
        else:
            status = core.advance()
        n += 1


@settings(max_examples=80, deadline=None)
@given(st.lists(st.integers(-3, 30), max_size=40), st.integers(-3, 45))
def test_holding_programs_that_would_run_off_the_stack_are_refused(program: list[int], at: int) -> None:
    from mahjong._core import _hold_eval

    record = core_flow(make_flow("changsha"))
    assert record is not None
    table = record.table()
    try:
        from mahjong._core import CoreFlowTable

        own = CoreFlowTable(record.fields, record.tiles, record.indicator, record.exchange_dice,
                            record.horse_positions, program, [(0, at, -1)])
    except ValueError:
        own = None
    if own is not None:  # (accepted: it runs to one value)
        assert isinstance(_hold_eval(own, at, [1] * 27 + [0] * 7), int)
    with pytest.raises(ValueError):
        _hold_eval(table, len(record.program) + 5, [0] * 34)
