"""Comparing a rule set written as a rule file with the built-in one it re-expresses: the same result (items,
total, unit, reading, wait, validity, payments) or the same error, hand by hand."""

from __future__ import annotations

from typing import Any

from mahjong.errors import MahjongError
from mahjong.framework import ScoreResult


def lines(r: ScoreResult) -> list[tuple[Any, ...]]:
    return [(i.key, i.name_zh, i.name_en, i.value, i.count, i.unit) for i in r.items]


def same(a: ScoreResult, b: ScoreResult, where: object = "") -> None:
    assert lines(a) == lines(b), where
    assert (a.total, a.unit, a.reading, a.wait, a.valid, a.payments) == \
        (b.total, b.unit, b.reading, b.wait, b.valid, b.payments), where


def outcome(rs: Any, hand: Any, ctx_kw: dict[str, Any]) -> ScoreResult | str:
    """The result, or the name of the error (building the context included)."""
    try:
        return rs.score(hand, rs.Context(**ctx_kw))  # type: ignore[no-any-return]
    except MahjongError as e:
        return type(e).__name__


def compare(py: Any, file: Any, hand: Any, ctx_kw: dict[str, Any]) -> set[str]:
    """Score under both; returns the row keys counted (to show what the hands covered)."""
    a = outcome(py, hand, ctx_kw)
    b = outcome(file, hand, ctx_kw)
    if isinstance(a, str) or isinstance(b, str):
        assert a == b, (str(hand), ctx_kw, a, b)
        return set()
    same(a, b, (str(hand), ctx_kw))
    return {i.key for i in a.items}


def hands_written_in(test_module: str) -> list[str]:
    """Every hand written in one of the top-level test modules (string literals that read as a complete hand)."""
    import ast
    from pathlib import Path

    from mahjong.hand import parse_hand

    path = Path(__file__).resolve().parent.parent / test_module
    hands = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            try:
                h = parse_hand(node.value)
            except MahjongError:
                continue
            if h.tile_count == 14:
                hands.append(node.value)
    return sorted(set(hands))
