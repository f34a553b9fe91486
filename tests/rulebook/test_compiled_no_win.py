"""A hand the compiled evaluator finds no winning reading of (no reading of the book's forms, 缺一门 not met,
every reading refused) is not a win: ``score`` raises the rule book's own NotWinningError (its code, its words in
both languages), and ``offered_score`` (the path a game offers a win by) answers None without the rule book
reading the hand again."""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from nanchang_cases import cases
from test_compiled_book import COMPILED, _facts_for, _hand_for, _rule_book_only

from mahjong._kernels import BACKEND
from mahjong.errors import MahjongError, NotWinningError
from mahjong.framework import get_ruleset
from mahjong.hand import parse_hand
from mahjong.rulebook.book import NO_WIN, BookRuleSet, compiled_scorer
from mahjong.rulesets.nanchang import Nanchang

pytestmark = pytest.mark.skipif(BACKEND != "cython", reason="the compiled evaluator's answer")


@contextmanager
def _answers() -> Iterator[list[Any]]:
    """The compiled evaluator's answers (a BestReading, NO_WIN or None) while the block runs."""
    saved = compiled_scorer[0]
    assert saved is not None
    seen: list[Any] = []

    def recording(*args: Any) -> Any:
        got = saved(*args)
        seen.append(got)
        return got

    compiled_scorer[0] = recording
    try:
        yield seen
    finally:
        compiled_scorer[0] = saved


def _error(e: MahjongError) -> tuple[Any, ...]:
    return type(e), e.code, str(e), e.message_zh, e.values


def _check(rs: BookRuleSet, hand: Any, ctx: Any) -> str:
    """Score a hand on the compiled book and by the rule book alone; where the evaluator says no win, the same
    error and no offer.  Returns what the evaluator answered (``no_win``, ``scored``, ``none``: it was not asked)."""
    with _rule_book_only():
        try:
            expected: Any = rs.score(hand, ctx)
        except MahjongError as e:
            expected = _error(e)
    with _answers() as seen:
        try:
            got: Any = rs.score(hand, ctx)
        except MahjongError as e:
            got = _error(e)
    if not seen:
        assert isinstance(got, tuple), (str(hand), ctx)  # (refused before the evaluator: the checks)
        return "none"
    if seen[-1] is NO_WIN:
        assert isinstance(got, tuple) and got[0] is NotWinningError, (str(hand), ctx, got)
        assert got == expected, (str(hand), ctx)
        with _answers() as again:
            assert rs.offered_score(parse_hand(hand) if isinstance(hand, str) else hand, ctx) is None
        assert again == [NO_WIN]
        return "no_win"
    if not isinstance(got, tuple):
        assert rs.offered_score(parse_hand(hand) if isinstance(hand, str) else hand, ctx) == got
    return "scored"


@pytest.mark.parametrize("name", sorted(COMPILED))
def test_a_hand_the_evaluator_finds_no_win_raises_the_rule_books_error(name: str) -> None:
    rng = random.Random(21)
    seen: dict[str, int] = {}
    for options in COMPILED[name]:
        rs = get_ruleset(name, **options)
        for _ in range(40):
            hand = _hand_for(name, rng)
            try:
                ctx = rs.Context(**_facts_for(name, rng, hand))
            except MahjongError:
                continue
            got = _check(rs, hand, ctx)
            seen[got] = seen.get(got, 0) + 1
    assert seen.get("scored", 0) > 0, seen


def test_nanchang_hands_the_evaluator_finds_no_win_raise_the_rule_books_error() -> None:
    """Seeded Nanchang cases under every option: a plain win using 精 on a discard, 十三烂 with 精 where the option
    forbids it, ... each raises the rule book's error and is no offer."""
    seen: dict[str, int] = {}
    for seed in (3, 4):
        for case in cases(seed, 120):
            rs = Nanchang(**case["options"])
            kw = dict(case["context"])
            if kw.get("jing_held") is not None:
                kw["jing_held"] = tuple(None if h is None else tuple(h) for h in kw["jing_held"])
                kw["jing_kongs"] = tuple(kw.get("jing_kongs", ()))
            try:
                ctx = rs.Context(**kw)
            except MahjongError:
                continue
            got = _check(rs, case["hand"], ctx)
            seen[got] = seen.get(got, 0) + 1
    assert seen.get("no_win", 0) >= 10 and seen.get("scored", 0) >= 50, seen


@pytest.mark.parametrize(("hand", "options", "reason"), [
    # a plain win that uses a 精 as a wildcard (1s, the indicator's kind, for 4s or 7s), on a discard
    ("123m456m789p11z1s5s 6s", {}, "must be self-drawn"),
    # 十三烂 with a 精 standing for a suited tile, where the option forbids it
    ("14m25p136s123456z 7z", {"jing_in_thirteen_lan": False}, "thirteen-unrelated"),
    # no reading of the book's forms, the 精 wild or not
    ("123m456m789p12z1s5s 6s", {}, "not a winning hand"),
])
def test_a_refused_nanchang_hand_has_the_rule_books_reason(hand: str, options: dict[str, Any],
                                                           reason: str) -> None:
    rs = Nanchang(**options)
    ctx = rs.Context(winner=1, dealer=0, discarder=0, indicator=18)  # (1s: 正精 1s, 副精 2s)
    assert _check(rs, hand, ctx) == "no_win"
    with pytest.raises(NotWinningError) as e:
        rs.score(hand, ctx)
    assert reason in str(e.value)
