"""Sichuan 血战到底 written as a rule file (games/sichuan.toml) gives the same results as the built-in rule set
``sichuan``: on every hand of the Sichuan tests and on generated hands (1,000 in CI; ``MJ_RULEBOOK_HANDS=10000``
for the full run), under several option sets, with players who have already won and 点杠花."""

from __future__ import annotations

import os
import random
from typing import Any

import pytest
from file_compare import compare, hands_written_in
from rb_support import random_context, sichuan_hand

from mahjong.framework import get_ruleset
from mahjong.hand import parse_hand
from mahjong.rulesets.sichuan import Sichuan

N_HANDS = int(os.environ.get("MJ_RULEBOOK_HANDS", "1000"))

OPTION_SETS: list[dict[str, Any]] = [
    {},
    {"fan_base": 0},
    {"max_fan": 4},
    {"zimo_bonus": "double", "base": 2},
    {"zimo_bonus": "add_fan", "max_fan": 5, "fan_base": 0},
    {"jingoudiao": "pattern"},
    {"kong_counts_as_gen": False, "zimo_bonus": "none"},
    {"dianganghua": "discard", "jingoudiao": "pattern", "base": 3},
]


def _context(rng: random.Random, hand: Any) -> dict[str, Any]:
    kw = random_context(rng, hand)
    if rng.random() < 0.3:  # 血战到底: one or two players have already won and pay nothing
        others = [s for s in range(4) if s not in (kw["winner"], kw["discarder"])]
        kw["already_won"] = frozenset(rng.sample(others, rng.randint(1, 2)))
    if kw.get("kong_replacement") and rng.random() < 0.5:  # 点杠花
        kw["kong_from"] = rng.choice([s for s in range(4) if s != kw["winner"]])
    return kw


def test_the_file_is_a_preset() -> None:
    file = get_ruleset("sichuan-file")
    assert file.book.flow.winners_to_end == 3 and not file.book.flow.chows
    assert get_ruleset("血战到底规则文件").name == "sichuan-file"


def test_existing_test_hands() -> None:
    hands = hands_written_in("test_sichuan.py")
    assert len(hands) >= 20  # the Sichuan tests write many hands; a broken reader finds none
    rng = random.Random(7)
    seen: set[str] = set()
    for opts in OPTION_SETS:
        py, file = Sichuan(**opts), get_ruleset("sichuan-file", **opts)
        for text in hands:
            h = parse_hand(text)
            for _ in range(2):
                seen |= compare(py, file, h, _context(rng, h))
            seen |= compare(py, file, h, {"winner": 0, "discarder": 1})
            seen |= compare(py, file, h, {"winner": 2, "dealer": 2})
    # the test hands reach the rarer patterns the generator seldom makes
    assert {"jiang_dui", "dai_yao_jiu", "shi_ba_luo_han", "qing_long_qi_dui"} <= seen, sorted(seen)


def test_errors_agree() -> None:
    py, file = Sichuan(), get_ruleset("sichuan-file")
    for text, kw in [("123m456m789m123pEE", {}),  # an honor: not a Sichuan tile
                     ("[123m]456m789m123p11p", {}),  # a claimed chow
                     ("123m456m789p123s11m", {}),  # three suits (缺一门)
                     ("123m456m789m123p12p", {}),  # not complete
                     ("123m456m789m123p11p", {"winner": 1, "already_won": frozenset({1})}),
                     ("123m456m789m123p11p", {"winner": 1, "already_won": "0,2,3"}),
                     ("123m456m789m123p11p", {"kong_replacement": True})]:
        compare(py, file, text, kw)


@pytest.mark.parametrize("seed", [1, 2])
def test_generated_hands(seed: int) -> None:
    rng = random.Random(seed)
    rulesets = [(Sichuan(**o), get_ruleset("sichuan-file", **o)) for o in OPTION_SETS]
    seen: set[str] = set()
    for _ in range(N_HANDS // 2):
        h = sichuan_hand(rng)
        py, file = rulesets[rng.randrange(len(rulesets))]
        seen |= compare(py, file, h, _context(rng, h))
    assert len(seen) >= 16, sorted(seen)
