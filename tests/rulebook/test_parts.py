"""The rule book's parts on their own: expressions, exclusion policies, aggregations, payments, validated configs,
the reading view."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mahjong._kernels import backend_module as K
from mahjong.errors import RulesError
from mahjong.framework import WinContext
from mahjong.hand import parse_hand
from mahjong.rulebook.expr import BUILTINS, ExprError, evaluate, parse
from mahjong.rulebook.options import _Example, config_schema, describe
from mahjong.rulebook.predicates import COUNTS, PREDICATES, describe_library
from mahjong.rulebook.reading import build_reading
from mahjong.rulebook.rows import RuleRow
from mahjong.rulebook.strategies import (
    Payment,
    Totals,
    aggregate,
    apply_exclusions,
    pairwise_differences,
    payments,
    totals_of,
)
from mahjong.rules import DEFAULT


def ev(text: str, **names: object) -> object:
    return evaluate(parse(text), names, BUILTINS)


def test_expressions() -> None:
    assert ev("1 + 2 * 3 ^ 2") == 19
    assert ev("(1 + 2) * 3 // 2") == 4
    assert ev("-2 ^ 2") == 4 and ev("2 ^ 3 ^ 2") == 512
    assert ev("a and not b or c >= 3", a=True, b=True, c=3) is True
    assert ev("min(fan, cap) * base", fan=20, cap=13, base=2) == 26
    assert ev("round_up(123, 10)") == 130 and ev("round_half(125, 10)") == 130 and ev("round_half(124, 10)") == 120
    assert ev("'x' == \"x\"") is True
    assert ev("lazy", lazy=lambda: 7) == 7


@pytest.mark.parametrize("bad", ["1 +", "(1", "a b", "1 $ 2", "f(1,", "x.y", "a[0]", "", "not"])
def test_bad_expressions(bad: str) -> None:
    with pytest.raises(ExprError):
        parse(bad)


def test_evaluation_errors() -> None:
    for text in ("nope", "f(1)", "1 // 0", "2 ^ 100", "'a' + 1", "min()"):
        with pytest.raises(ExprError):
            ev(text)
    with pytest.raises(ExprError):
        parse("(" * 100 + "1" + ")" * 100)


@given(st.integers(-1000, 1000), st.integers(-1000, 1000), st.integers(1, 50))
def test_arithmetic_matches_python(a: int, b: int, c: int) -> None:
    assert ev(f"{a} + {b} * {c} - {b} // {c}") == a + b * c - b // c  # negative literals read as unary minus
    assert ev("x + y * z - y // z", x=a, y=b, z=c) == a + b * c - b // c
    assert ev("x < y or x == y", x=a, y=b) == (a <= b)


def _row(key: str, value: int, excludes: tuple[str, ...] = (), pattern: bool = True, unit: str = "fan") -> RuleRow:
    return RuleRow(key, key, key, value, unit, parse("true"), excludes=excludes, pattern=pattern)


def test_exclusion_policies() -> None:
    a, b, c = _row("a", 8, ("b",)), _row("b", 4, ("c",)), _row("c", 2)
    assert [r.key for r in apply_exclusions("simultaneous", [a, b, c])] == ["a"]
    assert [r.key for r in apply_exclusions("ordered", [a, b, c])] == ["a", "c"]  # b is struck: strikes nothing
    extra = _row("gen", 1, pattern=False)
    assert [r.key for r in apply_exclusions("largest", [c, b, extra])] == ["b", "gen"]
    with pytest.raises(RulesError):
        apply_exclusions("random", [a])


def test_aggregations() -> None:
    t = totals_of([(_row("a", 3), 1), (_row("b", 1), 2), (_row("x2", 2, unit="x"), 3), (_row("h", 10, unit="hu"), 1),
                   (_row("t", 2, unit="tai"), 1), (_row("p", 5, unit="pt"), 1)])
    assert t == Totals(fan=5, hu=10, tai=2, pt=5, x=8)
    assert aggregate("sum", t) == 5 + 10 + 2 + 5
    assert aggregate("powers", t, base=1, offset=1) == 2**4 + 5  # Sichuan: 2^(番−1)
    assert aggregate("product", t, base=2) == 16 + 5
    assert aggregate("hu_tai", t, hu_base=20, tai_cap=1) == 30 * 2 + 5  # Yuhuan: (20 + 胡) × 2^台, 台 capped
    with pytest.raises(RulesError):
        aggregate("formula", t)


def test_payments() -> None:
    seats = (0, 1, 2, 3)
    assert payments(8, 0, None, 0, seats, Payment()) == {1: 8, 2: 8, 3: 8}
    assert payments(8, 0, 2, 1, seats, Payment()) == {2: 8}
    assert payments(8, 0, 2, 1, seats, Payment(all_pay_on_discard=True)) == {1: 8, 2: 8, 3: 8}
    assert payments(8, 0, 2, 1, seats, Payment(dealer_doubles=True, all_pay_on_discard=True)) == {1: 16, 2: 8, 3: 8}
    assert payments(8, 0, 2, 1, seats, Payment(discarder_pays_for_all=True)) == {2: 24}
    assert payments(8, 0, None, 3, seats, Payment(bonus=2, cap=9, dealer_bonus=1)) == {1: 9, 2: 9, 3: 9}
    assert payments(1, 0, None, 3, seats, Payment(dealer_bonus=1)) == {1: 1, 2: 1, 3: 2}
    assert pairwise_differences({1: 30, 2: 10, 3: 10}) == {(2, 1): 20, (3, 1): 20}


def test_validated_config() -> None:
    assert _Example().base == 1
    with pytest.raises(RulesError, match="at least 1"):
        _Example(base=0)
    with pytest.raises(RulesError, match="int"):
        _Example(base=True)
    with pytest.raises(RulesError, match="mode"):
        _Example(mode="c")  # type: ignore[arg-type]
    assert _Example(cap=None).cap is None
    d = {x["name"]: x for x in describe(_Example())}
    assert d["base"]["zh"] == "底分" and d["base"]["source"] == "ours" and d["cap"]["type"] == "int | None"
    s = config_schema(_Example)
    assert s["properties"]["base"]["minimum"] == 1 and s["properties"]["mode"]["enum"] == ["a", "b"]


def test_reading_view() -> None:
    h = parse_hand("[555p,2]123m789m99s11z1z")
    d = next(iter(K.decompositions(h.concealed, 0, DEFAULT)))
    v = build_reading(h, d, WinContext(discarder=1), DEFAULT)
    kinds = sorted((s.kind, s.tile, s.concealed, s.claimed) for s in v.sets)
    assert kinds == [("chow", 0, True, False), ("chow", 6, True, False), ("pung", 13, False, True),
                     ("pung", 27, False, False)]  # 东 completed by the discard: not concealed
    assert v.pair == 26 and v.wait is None and v.facts["self_drawn"] is False
    assert COUNTS["concealed_pungs"].fn(v) == 0 and PREDICATES["two_suits"].fn(v) is False
    assert PREDICATES["seat_wind_pung"].fn(v) and PREDICATES["prevalent_wind_pung"].fn(v)


def test_library_is_described_in_both_languages() -> None:
    lib = describe_library()
    assert len(lib) >= 50
    assert all(e["zh"] and e["en"] for e in lib)

