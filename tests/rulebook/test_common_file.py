"""The common fan table written as a rule file (games/common.toml) gives the same results as the built-in rule set
``common``: on the hands of the common table's own tests and on generated hands (1,000 in CI; set
``MJ_RULEBOOK_HANDS=10000`` for the full run)."""

from __future__ import annotations

import os
import random
from typing import Any

import pytest
from file_compare import compare, hands_written_in
from rb_support import random_context, random_hand

from mahjong.framework import get_ruleset
from mahjong.hand import parse_hand
from mahjong.rulesets.common import CommonTable

N_HANDS = int(os.environ.get("MJ_RULEBOOK_HANDS", "1000"))

OPTION_SETS: list[dict[str, Any]] = [
    {},
    {"filled_rows": False},
    {"qiong_hu_ignores_filled": False},
    {"filled_rows": False, "qiong_hu_ignores_filled": False},
    {"max_fan": 13, "base": 2},
    {"discard_all_pay": True, "base": 3},
]


def test_the_file_is_a_preset() -> None:
    file = get_ruleset("common-file")
    assert type(file).__name__ == "CommonFileRules"
    assert get_ruleset("常用规则文件").name == "common-file"


def test_existing_test_hands() -> None:
    hands = hands_written_in("test_common.py")
    assert len(hands) >= 20  # the common table's tests write many hands; a broken reader finds none
    rng = random.Random(12)
    for opts in OPTION_SETS:
        py, file = CommonTable(**opts), get_ruleset("common-file", **opts)
        for text in hands:
            h = parse_hand(text)
            for _ in range(3):
                compare(py, file, h, random_context(rng, h))
            compare(py, file, h, {"winner": 0, "discarder": 1})
            compare(py, file, h, {"winner": 0, "kou_ting": True})


@pytest.mark.parametrize("seed", [1, 2])
def test_generated_hands(seed: int) -> None:
    rng = random.Random(seed)
    rulesets = [(CommonTable(**o), get_ruleset("common-file", **o)) for o in OPTION_SETS]
    seen: set[str] = set()
    for _ in range(N_HANDS // 2):
        h = random_hand(rng)
        extra = {"kou_ting": True} if h.is_concealed and rng.random() < 0.05 else {}
        py, file = rulesets[rng.randrange(len(rulesets))]
        seen |= compare(py, file, h, random_context(rng, h, **extra))
    # the generated hands reach most of the table (a generator that only made chicken hands would prove little)
    assert len(seen) >= 28, sorted(seen)
