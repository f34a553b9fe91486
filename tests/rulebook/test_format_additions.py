"""The keys added to the rule-file format for Sichuan, the two-player game and the losers' settlement: values and
pattern flags as expressions of the options, a fan cap, the order of the lines, win facts about seats, seats that
do not pay, a seat that alone pays a self-draw, and the losers settling their differences (输家互算)."""

from __future__ import annotations

import pytest

from mahjong.errors import ContextError
from mahjong.rulebook import check_text, schema
from mahjong.rulebook.book import ruleset_class
from mahjong.rulebook.strategies import pairwise_differences

LOSERS = '''format = 1
name = "losers-test"
zh = "输家互算"
en = "Losers settle"

[scoring]
unit = "pt"

[payment]
between_losers = "loser_values"
not_paying = "left"

[facts.loser_values]
type = "per_seat"
zh = "各家自己的牌值"
en = "each seat's own hand value"

[facts.left]
type = "seats"

[options.base]
type = "int"
default = 10

[[rows]]
key = "hu"
zh = "胡"
en = "Win"
value = "base"
when = "true"
'''


def _rules(text: str) -> object:
    book, problems = check_text(text, "t.toml")
    assert problems == [] and book is not None, problems
    return ruleset_class(book)()


def test_losers_settle_their_differences() -> None:
    rs = _rules(LOSERS)
    # self-drawn by seat 0: each loser pays 10; then the losers settle 30 / 50 / 20 among themselves
    r = rs.score("123m456m789m123p11p", rs.Context(winner=0, loser_values="0,30,50,20"))  # type: ignore[attr-defined]
    between = pairwise_differences({1: 30, 2: 50, 3: 20})
    assert between == {(1, 2): 20, (3, 1): 10, (3, 2): 30}
    assert r.payments == (30, -10 - 20 + 10, -10 + 20 + 30, -10 - 10 - 30)
    assert sum(r.payments) == 0
    # without the values the win is paid as usual
    plain = rs.score("123m456m789m123p11p", rs.Context(winner=0))  # type: ignore[attr-defined]
    assert plain.payments == (30, -10, -10, -10)


def test_seats_that_do_not_pay() -> None:
    rs = _rules(LOSERS)
    r = rs.score("123m456m789m123p11p", rs.Context(winner=0, left="2,3"))  # type: ignore[attr-defined]
    assert r.payments == (10, -10, 0, 0)
    with pytest.raises(ContextError, match="left"):
        rs.Context(left="1,7")  # type: ignore[attr-defined]
    with pytest.raises(ContextError, match="loser_values"):
        rs.Context(loser_values="1,2")  # type: ignore[attr-defined]


def test_value_and_pattern_expressions_are_checked() -> None:
    bad = LOSERS.replace('value = "base"', 'value = "bse"')
    _, problems = check_text(bad, "t.toml")
    assert [p.key for p in problems] == ["rows[0].value"] and "bse" in problems[0].message
    bad = LOSERS.replace('between_losers = "loser_values"', 'between_losers = "left"')
    _, problems = check_text(bad, "t.toml")
    assert [p.key for p in problems] == ["payment.between_losers"]


def test_the_schema_lists_the_new_keys() -> None:
    s = schema()
    props = s["properties"]
    for table, key in [("payment", "between_losers"), ("payment", "not_paying"), ("payment", "self_draw_payer"),
                       ("scoring", "fan_cap"), ("scoring", "order"), ("win", "report_wait")]:
        assert props[table]["properties"][key]["description"], (table, key)
    assert "per_seat" in props["facts"]["additionalProperties"]["properties"]["type"]["enum"]
    assert props["rows"]["items"]["properties"]["value"]["type"] == ["integer", "string"]
