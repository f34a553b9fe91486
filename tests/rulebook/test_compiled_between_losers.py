"""输家互算 compiled: a rule book whose losers settle the differences of a per-seat win fact among themselves
(``[payment] between_losers``, Yuhuan's way of paying) compiles, and the compiled evaluator (C) and its Python twin
pay those differences exactly as the rule book does — on hypothesis-drawn hands, win facts and values, for a valid
win and for one under the minimum (nobody pays it, the losers settle nothing).  A value the image cannot hold (2^15
or more) hands the hand back to the rule book, which pays it exactly."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rb_support import random_context, random_hand
from test_compiled_book import _compare
from test_format_additions import LOSERS as FORMAT_LOSERS

from mahjong._kernels import BACKEND
from mahjong.rulebook.book import ruleset_class
from mahjong.rulebook.compiler import compiled, not_compiled_reason
from mahjong.rulebook.evaluator import compiled_outcome, twin
from mahjong.rulebook.load import check_text

#: the rule file of test_format_additions (a win worth ``base``; the losers' values; seats that do not pay), with a
#: minimum (a win under it is paid by nobody), a discard paid by all as an option, and a row counted per pung
LOSERS = (FORMAT_LOSERS.replace('unit = "pt"\n', 'unit = "pt"\nminimum = "least"\n')
          .replace('not_paying = "left"\n', 'not_paying = "left"\nall_pay_on_discard = "all_pay"\n')
          + '''
[options.least]
type = "int"
default = 0

[options.all_pay]
type = "bool"
default = false

[[rows]]
key = "pungs"
zh = "刻"
en = "Pungs"
value = 5
count = "pungs"
''')


def _rules(**options: object) -> object:
    book, problems = check_text(LOSERS, "losers.toml")
    assert problems == [] and book is not None, problems
    return ruleset_class(book)(**options)


def test_a_book_whose_losers_settle_among_themselves_compiles() -> None:
    rs = _rules()
    assert not_compiled_reason(rs) is None
    cb = compiled(rs)
    assert cb is not None and cb.header["between_losers"] >= 0
    hand = rs._hand("123m456m789m123p11p")  # type: ignore[attr-defined]
    ctx = rs.context(hand, rs.Context(winner=0, discarder=2, loser_values="0,30,50,20"))  # type: ignore[attr-defined]
    got = twin(cb, rs, hand, ctx)
    # seat 2 pays the 10 of the win; then 30 / 50 / 20 settle pairwise: seat 1 +10 -20, seat 2 +20 +30, seat 3 -30 -10
    assert got.status == "ok" and got.payments == (10, -10, 40, -40)
    if BACKEND == "cython":
        fast = compiled_outcome(cb, rs, hand, ctx)
        assert fast is not None and fast[0].payments == got.payments
    # a value the image cannot hold: handed back, and the rule book pays it
    ctx = rs.context(hand, rs.Context(winner=0, discarder=2, loser_values="0,30,50,40000"))  # type: ignore[attr-defined]
    assert twin(cb, rs, hand, ctx).status == "fallback"
    if BACKEND == "cython":
        fast = compiled_outcome(cb, rs, hand, ctx)
        assert fast is not None and fast[0].status == "fallback"
    assert rs.score(hand, ctx).payments == (10, (30 - 50) + (30 - 40000), (50 - 30) + (50 - 40000) - 10,
                                              (40000 - 30) + (40000 - 50))  # type: ignore[attr-defined]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), least=st.sampled_from([0, 0, 30]), all_pay=st.booleans())
def test_the_losers_differences_are_paid_alike(seed: int, least: int, all_pay: bool) -> None:
    rng = random.Random(seed)
    rs = _rules(least=least, all_pay=all_pay)
    seen = set()
    for _ in range(6):
        hand = random_hand(rng)
        kw = random_context(rng, hand)
        x = rng.random()
        if x < 0.8:  # (else: no values, the win is paid as usual)
            top = 1 << 15 if x < 0.7 else 1 << 16  # (now and then a value the image cannot hold)
            kw["loser_values"] = tuple(rng.choice([0, rng.randrange(1000), rng.randrange(top)]) for _ in range(4))
        if rng.random() < 0.2:
            kw["left"] = frozenset(s for s in range(4) if s != kw["winner"] and rng.random() < 0.4)
        seen.add(_compare(rs, hand, kw))
    assert seen <= {"ok", "no_win", "fallback", "checks", "context"}
