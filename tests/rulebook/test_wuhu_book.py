"""Wuhu 芜湖 on the rule book: both tables are rule files (games/wuhu-2468.toml, wuhu-1234.toml extending it) that
hold all of the scoring (押 from the wait, the 支番 formula, the 8支 minimum, the dealer-side payments) and
compile; the module keeps its config, win facts and hand checks; its keys are vocabulary keys and its old option
names still work."""

from __future__ import annotations

import dataclasses
import inspect

import pytest

import mahjong.rulesets.wuhu as wuhu
from mahjong.errors import RulesError
from mahjong.framework import get_ruleset
from mahjong.rulebook import shipped_files
from mahjong.rulebook.book import BookRuleSet
from mahjong.rulebook.compiler import compiled
from mahjong.rulebook.load import check
from mahjong.rulebook.rows import RuleRow, vocabulary_key, vocabulary_names
from mahjong.rulebook.strategies import dealer_side_payments
from mahjong.rulesets.wuhu import BOOK_1234, BOOK_2468, FORMULA_1234, FORMULA_2468, WinType, WuhuContext


@pytest.mark.parametrize("name, book", [("wuhu-2468", BOOK_2468), ("wuhu-1234", BOOK_1234)])
def test_the_tables_are_rule_files(name: str, book: object) -> None:
    path = next(p for p in shipped_files() if p.endswith(f"{name}.toml"))
    assert check(path) == []
    rs = get_ruleset(name)
    assert type(rs).book is book and all(isinstance(r, RuleRow) for r in rs.rows)
    assert all(vocabulary_names(r.key) is not None for r in rs.rows)
    # the scoring is the book's: no method of the module scores, and the book compiles (scored in C)
    assert wuhu._Wuhu.score is BookRuleSet.score and compiled(rs) is not None
    src = inspect.getsource(wuhu)
    assert not any(word in src for word in ("rank_of", "MeldKind", "decompositions", "win_placements"))


@pytest.mark.parametrize("name, formula", [("wuhu-2468", FORMULA_2468), ("wuhu-1234", FORMULA_1234)])
def test_the_formula_is_the_books_row(name: str, formula: wuhu.Formula) -> None:
    """zhi_fan (the formula as a function) and the 支番 row's value in the file give the same numbers."""
    rs = get_ruleset(name)
    row = next(r for r in rs.rows if r.group == "formula")
    for hand, win in (("123m456m789m123p55p", "5p"), ("123m456m78m123p55p9m", "9m")):
        for self_drawn in (True, False):
            for ya in (0, 2, 5, 8):
                ctx = WuhuContext(winner=0, discarder=None if self_drawn else 1, ya=ya)
                r = rs.score(hand, ctx)
                zhi = r.details["zhi"]
                line = next(i for i in r.items if i.key == row.key)
                assert line.value == wuhu.zhi_fan(formula, zhi, ya, self_drawn), (name, hand, win, ya, self_drawn)
                assert r.details["dealer_amount"] - r.total == formula.fan[WinType.of(self_drawn, ya)]


def test_the_formula_reads_its_fan_from_the_rows() -> None:
    assert FORMULA_2468.fan == {WinType.PINGCHENG: 2, WinType.YADANG: 4, WinType.ZIMO: 6, WinType.ZIMO_YADANG: 8}
    assert FORMULA_1234.fan == {WinType.PINGCHENG: 1, WinType.YADANG: 2, WinType.ZIMO: 3, WinType.ZIMO_YADANG: 4}
    assert [r.key for r in BOOK_1234.rows] == [r.key for r in BOOK_2468.rows]  # extends: same rows, own values


def test_renamed_keys_and_options() -> None:
    for old, new in {"zimo": "self_drawn", "kong_bloom": "out_with_replacement_tile", "straight": "pure_straight",
                     "an_gang": "concealed_kong", "ming_gang": "melded_kong", "four_alive": "tile_hog",
                     "zhi": "suit_tile_points", "pingcheng": "win_on_discard", "yadang": "pressed_win_on_discard",
                     "zimo_yadang": "pressed_self_draw"}.items():
        assert vocabulary_key(old) == new
    assert get_ruleset("wuhu-2468", seven_pairs=True).config.seven_pairs_win is True
    with pytest.raises(RulesError, match="twice"):
        get_ruleset("wuhu-2468", seven_pairs=True, seven_pairs_win=False)


@pytest.mark.parametrize("cls", [wuhu.Wuhu2468Config, wuhu.Wuhu1234Config])
def test_config_is_documented_from_the_file(cls: type) -> None:
    book = BOOK_2468 if cls is wuhu.Wuhu2468Config else BOOK_1234
    fields = {f.name: f for f in dataclasses.fields(cls)}
    assert set(fields) == set(book.options)
    for name, (_type, default, meta) in book.options.items():
        assert fields[name].default == default, name
        assert fields[name].metadata["source"] == meta["source"]


def test_payments_are_the_shared_strategy() -> None:
    # a non-dealer's discard win, 萝卜 8支: 6 from each, 8 from the dealer (6个8个); dealer_alone: 8 from the dealer
    assert dealer_side_payments(6, 2, 1, 0, (0, 1, 2, 3), False) == {0: 8, 2: 6, 3: 6}
    assert dealer_side_payments(6, 2, 1, 0, (0, 1, 2, 3), True) == {0: 8}
    r = get_ruleset("wuhu-2468").score("123m456m789m11p234p", WuhuContext(winner=1, dealer=0, discarder=2, ya=0))
    assert r.payments == (-r.details["dealer_amount"], r.total * 2 + r.details["dealer_amount"], -r.total, -r.total)
