"""The common fan table written as a rule file (games/common.toml) gives the same results as the built-in rule set
``common``: on the hands of the common table's own tests and on generated hands (1,000 in CI; set
``MJ_RULEBOOK_HANDS=10000`` for the full run)."""

from __future__ import annotations

import ast
import os
import random
from pathlib import Path
from typing import Any

import pytest
from rb_support import random_context, random_hand

from mahjong.errors import MahjongError
from mahjong.framework import ScoreResult, get_ruleset
from mahjong.hand import parse_hand
from mahjong.rulesets.common import CommonContext, CommonTable

N_HANDS = int(os.environ.get("MJ_RULEBOOK_HANDS", "1000"))

OPTION_SETS: list[dict[str, Any]] = [
    {},
    {"filled_rows": False},
    {"qiong_hu_ignores_filled": False},
    {"filled_rows": False, "qiong_hu_ignores_filled": False},
    {"max_fan": 13, "base": 2},
    {"discard_all_pay": True, "base": 3},
]


def _same(a: ScoreResult, b: ScoreResult) -> None:
    assert [(i.key, i.name_zh, i.name_en, i.value, i.count, i.unit) for i in a.items] == \
        [(i.key, i.name_zh, i.name_en, i.value, i.count, i.unit) for i in b.items]
    assert (a.total, a.unit, a.reading, a.wait, a.valid, a.payments) == \
        (b.total, b.unit, b.reading, b.wait, b.valid, b.payments)


def _outcome(rs: Any, hand: Any, ctx: Any) -> Any:
    try:
        return rs.score(hand, ctx)
    except MahjongError as e:
        return type(e).__name__


def _compare(py: Any, file: Any, hand: Any, ctx_kw: dict[str, Any]) -> set[str]:
    """Score under both; returns the row keys counted (to show what the hands covered)."""
    a = _outcome(py, hand, CommonContext(**ctx_kw))
    b = _outcome(file, hand, file.Context(**ctx_kw))
    if isinstance(a, str) or isinstance(b, str):
        assert a == b, (str(hand), ctx_kw)
        return set()
    _same(a, b)
    return {i.key for i in a.items}


def _test_hands() -> list[str]:
    """Every hand written in the common table's own test module (string literals that read as a complete hand)."""
    path = Path(__file__).resolve().parent.parent / "test_common.py"
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


def test_the_file_is_a_preset() -> None:
    file = get_ruleset("common-file")
    assert type(file).__name__ == "CommonFileRules"
    assert get_ruleset("常用规则文件").name == "common-file"


def test_existing_test_hands() -> None:
    hands = _test_hands()
    assert len(hands) >= 20  # the common table's tests write many hands; a broken reader finds none
    rng = random.Random(12)
    for opts in OPTION_SETS:
        py, file = CommonTable(**opts), get_ruleset("common-file", **opts)
        for text in hands:
            h = parse_hand(text)
            for _ in range(3):
                _compare(py, file, h, random_context(rng, h))
            _compare(py, file, h, {"winner": 0, "discarder": 1})
            _compare(py, file, h, {"winner": 0, "kou_ting": True})


@pytest.mark.parametrize("seed", [1, 2])
def test_generated_hands(seed: int) -> None:
    rng = random.Random(seed)
    rulesets = [(CommonTable(**o), get_ruleset("common-file", **o)) for o in OPTION_SETS]
    seen: set[str] = set()
    for _ in range(N_HANDS // 2):
        h = random_hand(rng)
        extra = {"kou_ting": True} if h.is_concealed and rng.random() < 0.05 else {}
        py, file = rulesets[rng.randrange(len(rulesets))]
        seen |= _compare(py, file, h, random_context(rng, h, **extra))
    # the generated hands reach most of the table (a generator that only made chicken hands would prove little)
    assert len(seen) >= 28, sorted(seen)
