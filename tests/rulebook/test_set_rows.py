"""Rows counted on each set alone (``group = "set"``): a line for each set a row holds for, read on that set (its
value, its other name, the set's tile as the item's note), in the rule book, the compiled evaluator's twin and the
compiled evaluator alike.  The rows are 玉环's pungs by kind and tiles (碰 老头 4 / 2–8 2, 暗刻 老头 8 / 2–8 4)."""

from __future__ import annotations

from typing import Any

import pytest
from test_compiled_book import _compare, _file, _rules

from mahjong.hand import parse_hand
from mahjong.rulebook.compiler import compiled
from mahjong.rulebook.load import check_text
from mahjong.tiles import tile_name


def _pung_row(key: str, zh: str, en: str, values: tuple[int, int], when: str) -> str:
    """A row of 玉环's pungs by kind, read per set: 老头 (terminals and honors) worth more, shown by its other
    name."""
    return "\n".join([
        "[[rows]]", f'key = "{key}"', f'zh = "{zh}(2–8)"', f'en = "{en} (simple)"', 'unit = "hu"',
        f'value = "pick(all_terminals_and_honors, {values[0]}, {values[1]})"', f'when = "{when}"',
        f'rename = {{ when = "all_terminals_and_honors", zh = "{zh}(老头)", en = "{en} (terminal/honor)" }}',
        'group = "set"'])


SET_ROWS = [
    _pung_row("exposed_pung", "碰", "pung", (4, 2), "pungs == 1 and kongs == 0 and concealed_pungs == 0"),
    _pung_row("concealed_pung", "暗刻", "concealed pung", (8, 4), "concealed_pungs == 1 and kongs == 0"),
    """[[rows]]
key = "pungs_in_hand"
zh = "刻子"
en = "pungs"
unit = "hu"
value = 1
count = "pungs"
text = "each pung of the whole hand\"""",
]
SCORING = 'exclusion = "simultaneous"\naggregation = "sum"\nunit = "hu"'


def _score(rs: Any, text: str, **kw: Any) -> Any:
    return rs.score(parse_hand(text), rs.Context(winner=0, dealer=0, prevalent_wind=0, **kw))


def test_a_row_counts_once_per_set_it_holds_for() -> None:
    rs = _rules(SET_ROWS, scoring=SCORING)
    assert compiled(rs) is not None
    # 111m claimed (老头 碰 4), 999p concealed (老头 暗刻 8), 444s concealed (2–8 暗刻 4); 3 pungs of the hand
    got = _score(rs, "[111m,1]999p444s567s5p 5p")
    items = [(i.key, i.name_zh, i.value, i.count, i.note) for i in got.items]
    assert items == [
        ("exposed_pung", "碰(老头)", 4, 1, tile_name(0)),
        ("concealed_pung", "暗刻(老头)", 8, 1, tile_name(17)),
        ("concealed_pung", "暗刻(2–8)", 4, 1, tile_name(21)),
        ("pungs_in_hand", "刻子", 1, 3, "each pung of the whole hand"),
    ]
    assert got.total == 4 + 8 + 4 + 3
    # on a discard the pung the winning tile completed is an exposed one (2–8: 2)
    got = _score(rs, "[111m,1]999p44s567s55p 4s", discarder=1)
    assert [(i.key, i.value, i.note) for i in got.items if i.key != "pungs_in_hand"] == [
        ("exposed_pung", 4, tile_name(0)), ("concealed_pung", 8, tile_name(17)), ("exposed_pung", 2, tile_name(21))]


@pytest.mark.parametrize("text, kw", [
    ("[111m,1]999p444s567s5p 5p", {}),
    ("[111m,1]999p44s567s55p 4s", {"discarder": 1}),
    ("[1111m]999pCCC567s5p 5p", {}),
    ("123m456m789m123p5p 5p", {}),
])
def test_set_rows_score_alike_in_the_book_the_twin_and_c(text: str, kw: dict[str, Any]) -> None:
    rs = _rules(SET_ROWS, scoring=SCORING)
    assert _compare(rs, parse_hand(text), {"winner": 0, "dealer": 0, "prevalent_wind": 0, **kw}) == "ok"


def test_a_stage_2_row_is_not_read_per_set() -> None:
    row = '[[rows]]\nkey = "r"\nzh = "行"\nen = "Row"\nvalue = 1\nstage = 2\nwhen = "counted >= 1"\ngroup = "set"'
    _book, problems = check_text(_file([SET_ROWS[0], row], scoring=SCORING), "set-rows.toml")
    assert any("stage-2 row" in str(p) and "group" in str(p) for p in problems), problems


@pytest.mark.parametrize("per_set, stage2, regular_after", [(63, 6, False), (64, 0, True), (70, 0, False)])
def test_more_lines_than_the_evaluator_holds_are_handed_back(per_set: int, stage2: int, regular_after: bool) -> None:
    # rows counted per set give a line for each set: 4 sets x 63 rows and 6 stage-2 lines (258), 4 x 64 rows and a
    # row counted once after them (257), 4 x 70 (280) are more lines than a reading may hold (opcodes.MAX_LINES):
    # the twin and C hand the hand back to the rule book alike (C wrote past its line buffers before)
    rows = [f'[[rows]]\nkey = "s{k}"\nzh = "行{k}"\nen = "Row {k}"\nvalue = 1\nwhen = "opt_on"\ngroup = "set"'
            for k in range(per_set)]
    if regular_after:
        rows.append('[[rows]]\nkey = "once"\nzh = "一"\nen = "Once"\nvalue = 1\nwhen = "opt_on"')
    rows += [f'[[rows]]\nkey = "t{k}"\nzh = "后{k}"\nen = "Later {k}"\nvalue = 1\nstage = 2\nwhen = "counted >= 1"'
             for k in range(stage2)]
    rs = _rules(rows, scoring=SCORING)
    assert _compare(rs, parse_hand("123m456m789m123p5p 5p"), {"winner": 0, "dealer": 0, "prevalent_wind": 0}) == \
        "fallback"
