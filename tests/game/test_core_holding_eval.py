"""The core's holding programs (engine.pxi ``hold_run``) read a holding as the rule book's evaluator does
(``mahjong.rulebook.special.holding_env``): each condition compiled to a program and run on random holdings —
concealed tiles, wildcard kinds, melded kinds — gives the evaluator's value.  The core's kind masks
(``all_ranks_in`` reads the kinds held and melded as bit masks) are checked here against the evaluator's
per-tile reading."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mahjong.game.core import core_available
from mahjong.game.coreflow import compile_holding, core_flow
from mahjong.game.engine import make_flow
from mahjong.rulebook.expr import evaluate, parse
from mahjong.rulebook.special import holding_env

pytestmark = pytest.mark.skipif(not core_available(), reason="compares the compiled core with the rule book")

#: conditions a rule file may write, each reading another part of the holding
CONDITIONS = (
    "all_ranks_in(2, 5, 8)",
    "all_ranks_in(1, 9)",
    "all_ranks_in(1, 2, 3, 4, 5, 6, 7, 8, 9)",
    "all_ranks_in(5)",
    "ranks_held(2, 5, 8) + count_of('5p') * 3",
    "kinds_at_least(2) >= 3 or quads >= 1",
    "tiles_258 == 0 and honors < 2",
    "suits_missing + suits_held * 10 + same_rank_pairs * 100 + wildcards * 1000",
    "triplets - pairs + tiles",
)


def _tables() -> tuple[object, dict[str, int]]:
    from mahjong._core import CoreFlowTable

    record = core_flow(make_flow("changsha"))
    assert record is not None
    program: list[int] = []
    starts: dict[str, int] = {}
    for text in CONDITIONS:
        code = compile_holding(parse(text), {})
        assert code is not None, text
        starts[text] = len(program)
        program += [len(code), *code]
    table = CoreFlowTable(record.fields, record.tiles, record.indicator, record.exchange_dice,
                          record.horse_positions, program, [(0, at, -1) for at in starts.values()])
    return table, starts


_TABLE: tuple[object, dict[str, int]] | None = None


def _table() -> tuple[object, dict[str, int]]:
    global _TABLE
    if _TABLE is None:
        _TABLE = _tables()
    return _TABLE


@settings(max_examples=150, deadline=None)
@given(counts=st.lists(st.sampled_from((0, 0, 0, 1, 2, 3, 4)), min_size=34, max_size=34),
       wild=st.sets(st.integers(0, 33), max_size=2),
       melded=st.lists(st.integers(0, 33), max_size=4),
       narrow=st.booleans())
def test_holding_programs_read_a_holding_as_the_rule_book_does(counts: list[int], wild: set[int],
                                                                melded: list[int], narrow: bool) -> None:
    from mahjong._core import _hold_eval

    if narrow:  # (most random holdings hold an honor or a rank outside any short list: keep 2, 5, 8 and 1, 9 only)
        counts = [c if t < 27 and t % 9 in (0, 1, 4, 7, 8) else 0 for t, c in enumerate(counts)]
        melded = [t for t in melded if t < 27 and t % 9 in (0, 1, 4, 7, 8)]
    table, starts = _table()
    names, funcs = holding_env(counts, sorted(wild), melded=melded)
    names["melds"] = len(melded)
    wild_mask = sum(1 << t for t in wild)
    for text, at in starts.items():
        want = int(evaluate(parse(text), names, funcs))
        got = _hold_eval(table, at, counts, len(melded), melded, wild_mask)
        assert got == want, (text, counts, sorted(wild), melded)
