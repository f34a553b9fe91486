"""Wildcard answers against brute-force substitution (the only place 34^k substitution exists).

The oracle here is written independently of the kernels: a naive recursive win checker / reading enumerator
over concrete tiles, tried on every multiset of tiles the wildcards could stand for (never a fifth copy).
Samples are small and seeded; every rules switch is covered.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from types import ModuleType

import pytest

from mahjong.rules import DEFAULT, GUOBIAO, NANCHANG, RIICHI_SHAPES, SICHUAN, YUHUAN, HandRules
from mahjong.types import Form

ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
KNITS = [
    tuple(sorted(9 * s + off + d for s, off in enumerate(offs) for d in (0, 3, 6)))
    for offs in itertools.permutations(range(3))
]

RULES = {
    "default": DEFAULT,
    "riichi": RIICHI_SHAPES,
    "guobiao": GUOBIAO,
    "sichuan": SICHUAN,
    "nanchang": NANCHANG,
    "yuhuan": YUHUAN,
    "fourth": DEFAULT.replace(wait_on_fourth_copy=True, seven_pairs_quad_as_two=False),
    "lan-no7": HandRules(thirteen_lan=True, seven_pairs=False, thirteen_orphans=False),
}


# --- naive oracle --------------------------------------------------------------------------------------------


def _melds_at(c: list[int], i: int, honor_seqs: bool) -> Iterator[tuple[int, int, int]]:
    """Melds whose lowest tile is i (i is the lowest tile left, so every meld through it starts there)."""
    if c[i] >= 3:
        yield (i, i, i)
    if i < 27 and i % 9 <= 6 and c[i + 1] and c[i + 2]:
        yield (i, i + 1, i + 2)
    if honor_seqs and 27 <= i < 31:
        for j, k in itertools.combinations(range(i + 1, 31), 2):
            if c[j] and c[k]:
                yield (i, j, k)
    if honor_seqs and i == 31 and c[32] and c[33]:
        yield (31, 32, 33)


def _meld_sets(c: list[int], honor_seqs: bool) -> Iterator[tuple[tuple[int, int, int], ...]]:
    i = next((t for t in range(34) if c[t]), None)
    if i is None:
        yield ()
        return
    for m in _melds_at(c, i, honor_seqs):
        for t in m:
            c[t] -= 1
        for rest in _meld_sets(c, honor_seqs):
            yield (m,) + rest
        for t in m:
            c[t] += 1


def _lacks_a_suit(c: list[int]) -> bool:
    return any(not any(c[9 * s : 9 * s + 9]) for s in range(3))


Reading = tuple[Form, tuple[tuple[int, int, int], ...], tuple[int, ...], tuple[int, ...]]


def naive_readings(c: list[int], rules: HandRules) -> set[Reading]:
    """All readings (form, melds, pairs, singles) of concrete counts c (a 3n+2 hand)."""
    out: set[Reading] = set()
    if rules.lack_a_suit and not _lacks_a_suit(c):
        return out
    total = sum(c)
    for p in range(34):
        if c[p] >= 2:
            c[p] -= 2
            for ms in _meld_sets(c, rules.honor_sequences):
                out.add((Form.REGULAR, tuple(sorted(ms)), (p,), ()))
            c[p] += 2
    if rules.hand_size == 13 and total == 14:
        if rules.seven_pairs and all(x % 2 == 0 for x in c):
            if rules.seven_pairs_quad_as_two or max(c) <= 2:
                out.add((Form.SEVEN_PAIRS, (), tuple(t for t in range(34) for _ in range(c[t] // 2)), ()))
        if rules.thirteen_orphans and all(c[t] for t in ORPHANS) and all(c[t] == 0 for t in range(34) if t not in ORPHANS):
            dup = [t for t in ORPHANS if c[t] == 2]
            if len(dup) == 1:
                out.add((Form.THIRTEEN_ORPHANS, (), (dup[0],), tuple(t for t in ORPHANS if t != dup[0])))
        singles = tuple(t for t in range(34) if c[t])
        if max(c) == 1:
            if rules.knitted and any(all(t >= 27 or t in k for t in singles) for k in KNITS):
                out.add((Form.HONORS_AND_KNITTED, (), (), singles))
            if rules.thirteen_lan:
                ok = all(
                    b - a >= 3
                    for s in range(3)
                    for a, b in zip([t for t in singles if t // 9 == s and t < 27], [t for t in singles if t // 9 == s and t < 27][1:])
                )
                if ok:
                    out.add((Form.THIRTEEN_LAN, (), (), singles))
    if rules.knitted and rules.hand_size == 13 and total in (11, 14):
        for k in KNITS:
            if all(c[t] for t in k):
                for t in k:
                    c[t] -= 1
                for p in range(34):
                    if c[p] >= 2:
                        c[p] -= 2
                        for ms in _meld_sets(c, rules.honor_sequences):
                            out.add((Form.KNITTED_STRAIGHT, tuple(sorted(ms)), (p,), k))
                        c[p] += 2
                for t in k:
                    c[t] += 1
    return out


def naive_win(c: list[int], rules: HandRules) -> bool:
    return bool(naive_readings(c, rules))


def substitutions(c: list[int], k: int, rules: HandRules) -> Iterator[tuple[int, ...]]:
    kinds = range(27 if rules.no_honors else 34)
    for s in itertools.combinations_with_replacement(kinds, k):
        if all(c[t] + s.count(t) <= 4 for t in set(s)):
            yield s


def _with(c: list[int], s: tuple[int, ...]) -> list[int]:
    d = list(c)
    for t in s:
        d[t] += 1
    return d


def brute_win(c: list[int], k: int, rules: HandRules) -> bool:
    return any(naive_win(_with(c, s), rules) for s in substitutions(c, k, rules))


# --- sample hands ------------------------------------------------------------------------------------------


def _random_hand(rng: random.Random, rules: HandRules, total: int, k: int) -> list[int]:
    """Counts of ``total - k`` real tiles: a random (often complete) ``total``-tile shape minus ``k`` tiles
    (which the wildcards may replace), sometimes with one tile changed."""
    kinds = list(range(27 if rules.no_honors else 34))
    if rules.lack_a_suit:
        gone = rng.randrange(3)
        kinds = [t for t in kinds if t // 9 != gone]
    c = [0] * 34
    roll = rng.random()
    special = total == 14 and rules.hand_size == 13
    if special and roll < 0.1:  # seven pairs, sometimes with a quad
        for t in rng.sample(kinds, 7):
            c[t] = 2
        if rng.random() < 0.5:
            a, b = [t for t in range(34) if c[t]][:2]
            c[a], c[b] = 4, 0
    elif special and roll < 0.2:  # orphans / knitted / 十三烂 style singles
        pools = [list(ORPHANS), list(rng.choice(KNITS)) + list(range(27, 34)),
                 [0, 3, 6, 10, 13, 16, 20, 23, 26, 27, 28, 29, 30, 31, 32, 33],
                 [1, 4, 8, 9, 12, 16, 19, 22, 25, 27, 28, 29, 30, 31, 32, 33]]
        pool = [t for t in rng.choice(pools) if t in kinds]
        for t in rng.sample(pool, min(total, len(pool))):
            c[t] += 1
        while sum(c) < total:
            t = rng.choice(pool)
            c[t] += c[t] < 4
    elif rules.knitted and total in (11, 14) and roll < 0.3:  # 组合龙 + rest
        for t in rng.choice(KNITS):
            c[t] += 1
    def put(add: list[int]) -> bool:
        if all(c[u] + add.count(u) <= 4 for u in add):
            for u in add:
                c[u] += 1
            return True
        return False

    honor_melds = [list(m) for m in itertools.combinations(range(27, 31), 3)] + [[31, 32, 33]]
    tail = 2 if (total - sum(c)) % 3 == 2 else (total - sum(c)) % 3
    while sum(c) < total - tail:  # melds
        t = rng.choice(kinds)
        shape = rng.random()
        if shape < 0.5 and t < 27 and t % 9 <= 6 and t + 2 in kinds:
            put([t, t + 1, t + 2])
        elif shape < 0.6 and rules.honor_sequences:
            put(rng.choice(honor_melds))
        else:
            put([t, t, t])
    while sum(c) < total:  # the pair (or a single)
        t = rng.choice(kinds)
        put([t] * (total - sum(c)))
    for _ in range(k):
        held = [t for t in range(34) if c[t]]
        c[rng.choice(held)] -= 1
    if rng.random() < 0.3:
        held = [t for t in range(34) if c[t]]
        if held:
            c[rng.choice(held)] -= 1
            t = rng.choice(kinds)
            while c[t] >= 4:
                t = rng.choice(kinds)
            c[t] += 1
    return c


def _samples(name: str, n: int, ks: tuple[int, ...], complete: bool, seed: int) -> list[tuple[list[int], int]]:
    rules = RULES[name]
    rng = random.Random(seed)
    out = []
    for i in range(n):
        k = ks[i % len(ks)]
        k = min(k, rules.max_wildcards)
        sizes = [s for s in range(2 if complete else 1, rules.hand_size + 2, 3) if s >= k]
        if rng.random() < 0.6:
            total = rules.hand_size + (1 if complete else 0)
        else:
            total = rng.choice(sizes)
        out.append((_random_hand(rng, rules, total, k), k))
    return out


# --- tests -------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", list(RULES))
def test_is_win_matches_bruteforce(kernels: ModuleType, name: str) -> None:
    rules = RULES[name]
    for c, k in _samples(name, 30, (0, 1, 2, 3), True, 11):
        assert kernels.is_win(bytes(c), k, rules) == brute_win(c, k, rules), (c, k)


@pytest.mark.parametrize("name", ["default", "nanchang"])
def test_is_win_four_wildcards(kernels: ModuleType, name: str) -> None:
    rules = RULES[name]
    for c, k in _samples(name, 3, (4,), True, 12):
        assert kernels.is_win(bytes(c), k, rules) == brute_win(c, k, rules), (c, k)


def _brute_readings(c: list[int], k: int, rules: HandRules) -> set[tuple[object, ...]]:
    out: set[tuple[object, ...]] = set()
    for s in substitutions(c, k, rules):
        for form, melds, pairs, singles in naive_readings(_with(c, s), rules):
            out.add((form, melds, pairs, singles, tuple(sorted(s))))
    return out


@pytest.mark.parametrize("name", list(RULES))
def test_decompositions_match_bruteforce(kernels: ModuleType, name: str) -> None:
    rules = RULES[name]
    for c, k in _samples(name, 25, (0, 1, 2), True, 13):
        got = kernels.decompositions(bytes(c), k, rules)
        keys = [(d.form, d.melds, d.pairs, d.singles, d.wildcards) for d in got]
        assert len(set(keys)) == len(keys), "duplicate readings"
        assert keys == sorted(keys, key=lambda r: (int(r[0]),) + r[1:]), "not in the documented order"
        assert set(keys) == _brute_readings(c, k, rules), (c, k)
        assert bool(got) == kernels.is_win(bytes(c), k, rules)


@pytest.mark.parametrize("name", list(RULES))
def test_waits_match_bruteforce(kernels: ModuleType, name: str) -> None:
    rules = RULES[name]
    kinds = range(27 if rules.no_honors else 34)
    for c, k in _samples(name, 12, (0, 1, 2), False, 14):
        expect = []
        for t in kinds:
            if c[t] == 4:
                continue  # the fifth-copy rule is covered in test_seed_waits.py
            if brute_win(_with(c, (t,)), k, rules):
                expect.append(t)
        got = kernels.waits(bytes(c), k, rules)
        assert [t for t in got.tiles if c[t] < 4] == expect, (c, k)
        assert got.any_tile == (len(got.tiles) == len(kinds))


@pytest.mark.parametrize("name", list(RULES))
def test_shanten_with_wildcards_is_best_substitution(kernels: ModuleType, name: str) -> None:
    # k wildcards are worth exactly the best k concrete tiles: shanten(h, k) = min over S of shanten(h + S, 0)
    rules = RULES[name]
    for c, k in _samples(name, 8, (1, 2), False, 15) + _samples(name, 6, (1, 2), True, 16):
        best = min(kernels.shanten(bytes(_with(c, s)), 0, rules) for s in substitutions(c, k, rules))
        assert kernels.shanten(bytes(c), k, rules) == best, (c, k)


def test_wildcard_examples(kernels: ModuleType) -> None:
    # seed 001: four wildcards win at once in that game: the one real tile pairs with a wildcard, three form a meld
    assert kernels.is_win("5m", 4)
    # 1m + wildcard = pair, 9m + two wildcards = triplet
    assert kernels.is_win("19m", 3)
    # 1m 5m 9m + 2 wildcards (8 tiles incl. two exposed melds): 15 and 59 and 19 are all too far apart
    assert not kernels.is_win("159m", 2)
    # 精钓: three complete melds + one wildcard: it pairs with any drawn tile
    w = kernels.waits("123m456p789s", 1)
    assert w.any_tile and len(w.tiles) == 34
    # Nanchang honor sequence with a wildcard: E S + wildcard (as W or N) is a meld
    reads = kernels.decompositions("ES123m55p", 1, NANCHANG)
    assert {d.wildcards for d in reads} == {(29,), (30,)}
    assert not kernels.is_win("ES123m55p", 1, DEFAULT)
