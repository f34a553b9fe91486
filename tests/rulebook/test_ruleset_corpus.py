"""The built-in regional rule sets (common, Nanchang, Yuhuan, Jinshan, Wuhu 2468 / 1234) give, on the rule book, the
answers they gave before they moved onto it: a committed corpus of 2,000 generated hands per preset (their totals,
items, payments, or the error raised; see ``corpus_support.py``).  CI checks every fourth entry; set
``MJ_CORPUS_FULL=1`` for all of them."""

from __future__ import annotations

import os
from collections import Counter
from typing import Any

import pytest
from corpus_support import OPTION_SETS, answer, hand_from_json, load

from mahjong.framework import get_ruleset
from mahjong.rulebook.rows import vocabulary_key

STRIDE = 1 if os.environ.get("MJ_CORPUS_FULL") else 4
CORPUS = load()


def test_the_corpus_covers_every_preset_and_its_options() -> None:
    by_preset = Counter(e[0] for e in CORPUS)
    assert set(by_preset) == set(OPTION_SETS) and min(by_preset.values()) == 2000
    for preset, sets in OPTION_SETS.items():
        used = {e[1] for e in CORPUS if e[0] == preset}
        assert used == set(range(len(sets))), preset
        scored = sum(1 for e in CORPUS if e[0] == preset and not isinstance(e[4], str))
        assert scored > 1500, preset  # mostly real scores, not errors


def in_vocabulary(expected: Any, ruleset: str) -> Any:
    """A stored answer with its item keys under their vocabulary keys (the corpus was frozen before the keys were
    renamed; a rename must not change anything else)."""
    if isinstance(expected, str):
        return expected
    total, unit, valid, items, payments, wait = expected
    return [total, unit, valid, [[vocabulary_key(k, ruleset), *rest] for k, *rest in items], payments, wait]


@pytest.mark.parametrize("preset", sorted(OPTION_SETS))
def test_same_answers(preset: str) -> None:
    rulesets: dict[int, Any] = {}
    checked = 0
    keys: set[str] = set()
    for i, (p, k, hand, kw, expected) in enumerate(e for e in CORPUS if e[0] == preset):
        if i % STRIDE:
            continue
        if k not in rulesets:
            rulesets[k] = get_ruleset(p, **OPTION_SETS[p][k])
        got = answer(rulesets[k], hand_from_json(hand), kw)
        assert got == in_vocabulary(expected, rulesets[k].name), (p, OPTION_SETS[p][k], hand, kw)
        checked += 1
        if not isinstance(got, str):
            keys |= {item[0] for item in got[3]}
    assert checked >= 2000 // STRIDE
    assert len(keys) >= 5, sorted(keys)  # the hands reach many rows, not one
