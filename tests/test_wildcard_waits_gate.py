"""The hand core decides a seat's waits while it holds wildcards by asking first whether one more wildcard
completes the hand (engine.pxi ``core_waits``): a wildcard stands for any tile but a fifth copy, so a hand
that waits on some tile is completed by one more wildcard too, and one that is not completed waits on
nothing.  The gate is sound only if that holds for every form and rule switch it is used under (not
lack-a-suit, not a wait on a fourth copy's fifth): checked here on both kernel backends, on hands built one
tile from complete (most of them ready) and on random ones."""

from __future__ import annotations

import random
from types import ModuleType

import pytest

from mahjong.rules import DEFAULT, GUOBIAO, NANCHANG, RIICHI_SHAPES, YUHUAN, HandRules

RULES = {
    "default": DEFAULT,
    "riichi": RIICHI_SHAPES,
    "guobiao": GUOBIAO,
    "nanchang": NANCHANG,
    "yuhuan": YUHUAN,
    "lan-no7": HandRules(thirteen_lan=True, seven_pairs=False, thirteen_orphans=False),
    "pairs-quads": DEFAULT.replace(seven_pairs_quad_as_two=False),
}


def _complete(rng: random.Random, size: int) -> list[int]:
    """The counts of a random complete 3n+2 hand of ``size`` tiles (melds and a pair; or seven pairs)."""
    while True:
        c = [0] * 34
        if size == 14 and rng.random() < 0.25:
            for t in rng.sample(range(34), 7):
                c[t] += 2
            return c
        t = rng.randrange(34)
        c[t] += 2
        for _ in range((size - 2) // 3):
            if rng.random() < 0.5:
                s, r = rng.randrange(3), rng.randrange(7)
                for d in range(3):
                    c[9 * s + r + d] += 1
            else:
                c[rng.randrange(34)] += 3
        if max(c) <= 4:
            return c


def _samples(rules: HandRules, n: int, seed: int) -> list[tuple[list[int], int]]:
    rng = random.Random(seed)
    out = []
    size = rules.hand_size + 1
    for _ in range(n):
        k = rng.randint(1, min(3, rules.max_wildcards - 1))
        if rng.random() < 0.75:  # one tile from complete, k of the rest turned into wildcards
            c = _complete(rng, size)
            tiles = [t for t in range(34) for _ in range(c[t])]
            rng.shuffle(tiles)
            kept = tiles[1 + k:]
        else:
            pool = [t for t in range(34) for _ in range(4)]
            kept = rng.sample(pool, size - 1 - k)
        c = [0] * 34
        for t in kept:
            c[t] += 1
        out.append((c, k))
    return out


@pytest.mark.parametrize("name", list(RULES))
def test_a_hand_with_a_wait_is_completed_by_one_more_wildcard(kernels: ModuleType, name: str) -> None:
    rules = RULES[name]
    assert not rules.lack_a_suit and not rules.wait_on_fourth_copy  # (the gate is not used there)
    n = 150 if kernels.__name__.endswith("_core") else 20  # (the Python twin's wildcard searches are slow)
    ready = 0
    for c, k in _samples(rules, n, 21):
        waits = kernels.waits(bytes(c), k, rules)
        one_more = kernels.is_win(bytes(c), k + 1, rules)
        if waits.tiles:
            ready += 1
            assert one_more, (c, k, waits.tiles)
    assert ready >= n // 4  # (most samples are ready: the implication is tested, not vacuous)
