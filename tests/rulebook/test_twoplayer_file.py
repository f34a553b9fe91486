"""The two-player game written as a rule file (games/twoplayer.toml, on top of the common fan table) gives the same
results as the built-in rule set ``twoplayer``: on every hand of its tests and of the common table's tests, and on
generated hands (1,000 in CI; ``MJ_RULEBOOK_HANDS=10000`` for the full run), with flowers, 报听 / 扣听, 海底捞月 and
robbed kongs."""

from __future__ import annotations

import os
import random
from typing import Any

import pytest
from file_compare import compare, hands_written_in
from rb_support import random_hand

from mahjong.framework import get_ruleset
from mahjong.hand import Hand, parse_hand
from mahjong.rulesets.twoplayer import TwoPlayer

N_HANDS = int(os.environ.get("MJ_RULEBOOK_HANDS", "1000"))

OPTION_SETS: list[dict[str, Any]] = [
    {},
    {"filled_rows": False},
    {"qiong_hu_ignores_filled": False, "flower_fan": 2},
    {"cap": 20, "base": 2, "haidi_fan": 0},
    {"cap": 8, "flower_fan": 0},
]


def _context(rng: random.Random, hand: Hand) -> dict[str, Any]:
    winner = rng.randrange(2)
    kw: dict[str, Any] = {"winner": winner, "dealer": rng.randrange(2), "prevalent_wind": rng.randrange(4)}
    if rng.random() < 0.55:
        kw["discarder"] = 1 - winner
        if rng.random() < 0.1:
            kw["robbing_kong"] = True  # scored as a self-draw
    elif rng.random() < 0.15:
        kw["haidi"] = True
    if rng.random() < 0.2:
        kw["declared_ready"] = True
        if hand.is_concealed and rng.random() < 0.3:
            kw["kou_ting"] = True
    if rng.random() < 0.05:
        kw["last_wall_tile"] = True
    return kw


def _with_flowers(rng: random.Random, hand: Hand) -> Hand:
    if rng.random() < 0.3:
        return Hand(hand.concealed, hand.melds, tuple(sorted(rng.sample(range(34, 42), rng.randint(1, 3)))),
                    hand.win_tile)
    return hand


def test_the_file_is_a_preset() -> None:
    file = get_ruleset("twoplayer-file")
    assert file.seats == (0, 1) and file.config.cap == 13
    assert get_ruleset("二人麻将规则文件").name == "twoplayer-file"


def test_existing_test_hands() -> None:
    hands = hands_written_in("test_twoplayer.py") + hands_written_in("test_common.py")
    assert len(hands) >= 30
    rng = random.Random(5)
    for opts in OPTION_SETS:
        py, file = TwoPlayer(**opts), get_ruleset("twoplayer-file", **opts)
        for text in hands:
            h = parse_hand(text)
            for _ in range(2):
                compare(py, file, h, _context(rng, h))
            compare(py, file, h, {"winner": 1, "discarder": 0, "robbing_kong": True})
            compare(py, file, h, {"winner": 0, "haidi": True})
            compare(py, file, h, {"winner": 2})  # no such seat in a two-player game


@pytest.mark.parametrize("seed", [1, 2])
def test_generated_hands(seed: int) -> None:
    rng = random.Random(seed)
    rulesets = [(TwoPlayer(**o), get_ruleset("twoplayer-file", **o)) for o in OPTION_SETS]
    seen: set[str] = set()
    for _ in range(N_HANDS // 2):
        h = _with_flowers(rng, random_hand(rng))
        py, file = rulesets[rng.randrange(len(rulesets))]
        seen |= compare(py, file, h, _context(rng, h))
    assert {"hua_pai", "hai_di_lao_yue", "qiong_hu"} <= seen and len(seen) >= 25, sorted(seen)
