"""The compiled greedy's cover of the useful draws (``draws_cover``, through the test hook ``_draws_cover``): for a
``3n+2`` hand and the threshold of its best discards (their shanten + 1 + the wildcards held), the useful tiles of
every hand one tile smaller at that shanten lie within the cover, in every kind of hand rules (knitted forms,
seven pairs with or without a quad as two pairs, 定缺, honour sequences, no honours, 16-tile hands, wildcards,
a wait on a fifth copy).  The greedy probes only the cover's tiles for the discards tied at the lowest shanten,
so a tile left out would change its choice.

The cover is the compiled core's alone (the pure-Python greedy counts every tile): on the pure-Python backend this
test skips itself."""

from __future__ import annotations

import os
import random

import pytest

from mahjong.rules import DEFAULT, GUOBIAO, PRESETS, HandRules

if os.environ.get("MAHJONG_PURE_PYTHON") == "1":
    pytest.skip("the cover of the useful draws is the compiled core's", allow_module_level=True)

core = pytest.importorskip("mahjong._core")

#: every preset of the hand rules, a wait on a fifth copy, and wildcards with every special form
RULES = {**PRESETS, "fourth": DEFAULT.replace(wait_on_fourth_copy=True), "wild": GUOBIAO.replace(max_wildcards=4)}


def _hand(rng: random.Random, rules: HandRules, size: int) -> bytes:
    """A random concealed hand of ``size`` real tiles, often near complete (runs, pairs and pungs first)."""
    kinds = [t for t in range(27 if rules.no_honors else 34) if not (rules.lack_a_suit and t // 9 == 2)]
    c = [0] * 34
    shaped = rng.random() < 0.6
    while sum(c) < size:
        t = rng.choice(kinds)
        add = [t]
        if shaped:
            if t < 27 and t % 9 <= 6 and rng.random() < 0.5:
                add = [t, t + 1, t + 2]
            elif rng.random() < 0.5:
                add = [t] * rng.choice((2, 3))
        if sum(c) + len(add) <= size and all(c[u] + add.count(u) <= 4 for u in add):
            for u in add:
                c[u] += 1
    return bytes(c)


@pytest.mark.parametrize("name", sorted(RULES))
def test_the_cover_holds_every_best_discards_useful_draws(name: str) -> None:
    rules = RULES[name]
    rng = random.Random(f"cover-{name}")
    checked = narrowed = 0
    for i in range(150):
        k = rng.choice((0, 0, 1, 2)) if rules.max_wildcards else 0
        size = rules.hand_size + 1 - (3 * rng.choice((0, 0, 0, 1)) if i % 3 else 0)
        hand = _hand(rng, rules, size - k)
        shantens = {}
        for t in range(34):
            if hand[t]:
                rest = bytearray(hand)
                rest[t] -= 1
                shantens[t] = core.shanten(bytes(rest), k, rules)
        if k:  # (a wildcard discarded: the real tiles stay, one wildcard fewer)
            shantens[-1] = core.shanten(hand, k - 1, rules)
        best = min(shantens.values())
        if best < 0:
            continue
        cover = set(core._draws_cover(hand, k, rules, best + 1 + k))
        narrowed += len(cover) < 34
        for t, sh in shantens.items():
            if sh != best:
                continue
            rest = bytearray(hand)
            if t >= 0:
                rest[t] -= 1
            useful = set(core.useful_tiles(bytes(rest), k - (t < 0), rules))
            assert useful <= cover, (name, list(hand), k, t, sorted(useful - cover))
            checked += 1
    assert checked > 150 and narrowed > 30  # (the cover leaves tiles out often: the check is not empty)
