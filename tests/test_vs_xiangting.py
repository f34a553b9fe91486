"""Shanten against two independent public implementations.

- Regular hands under ``RIICHI_SHAPES`` (seven pairs without quads as two pairs, thirteen orphans): our shanten
  equals ``xiangting.calculate_replacement_number(counts, PlayerCount.FOUR) - 1`` (nyanten method, Rust), on
  100,000 seeded hands of 13 and 14 tiles (random and near-complete), and on 1-, 4-, 7-, 10-, 11-tile hands
  (exposed melds), where only the regular form applies.
- Guobiao per form: ``shanten_by_form(..., rules=GUOBIAO)`` equals PyMahjongGB's RegularShanten,
  SevenPairsShanten, ThirteenOrphansShanten, HonorsAndKnittedTilesShanten and KnittedStraightShanten wherever
  PyMahjongGB defines the form (it takes 3n+1 standing tiles; the special forms only at 13, 组合龙 at 10 and 13).
"""

from __future__ import annotations

import importlib
import os
import random

import pytest

from mahjong.rules import GUOBIAO, RIICHI_SHAPES
from mahjong.types import Form

xiangting = pytest.importorskip("xiangting")

try:
    core = importlib.import_module("mahjong._core")
except ImportError:
    if os.environ.get("MAHJONG_PURE_PYTHON") == "1":
        pytest.skip("compiled module not built (MAHJONG_PURE_PYTHON=1)", allow_module_level=True)
    raise

N_HANDS = 100_000


def _random_counts(rng: random.Random, n: int) -> list[int]:
    wall = rng.sample(range(136), n)
    counts = [0] * 34
    for t in wall:
        counts[t // 4] += 1
    return counts


def _near_complete(rng: random.Random, n: int) -> list[int]:
    """A complete 14-tile hand (melds + pair), 0-3 tiles replaced, trimmed to n tiles."""
    while True:
        counts = [0] * 34
        counts[rng.randrange(34)] += 2
        for _ in range(4):
            t = rng.randrange(34)
            if t < 27 and t % 9 <= 6 and rng.random() < 0.6:
                for u in (t, t + 1, t + 2):
                    counts[u] += 1
            else:
                counts[t] += 3
        if max(counts) > 4:
            continue
        for _ in range(rng.randint(0, 3)):
            counts[rng.choice([t for t in range(34) if counts[t]])] -= 1
            counts[rng.choice([t for t in range(34) if counts[t] < 4])] += 1
        while sum(counts) > n:
            counts[rng.choice([t for t in range(34) if counts[t]])] -= 1
        return counts


def _hands(seed: int, count: int) -> list[list[int]]:
    rng = random.Random(seed)
    out = []
    for i in range(count):
        n = (13, 14, 13, 14, 13, 10, 11, 7, 8, 4, 5, 1, 2)[i % 13]
        out.append(_near_complete(rng, n) if i % 2 else _random_counts(rng, n))
    return out


def test_shanten_matches_xiangting() -> None:
    four = xiangting.PlayerCount.FOUR
    bad = []
    for counts in _hands(20260301, N_HANDS):
        ours = core.shanten(bytes(counts), 0, RIICHI_SHAPES)
        theirs = xiangting.calculate_replacement_number(counts, four) - 1
        if ours != theirs:
            bad.append((counts, ours, theirs))
    assert not bad, f"{len(bad)} disagreements, first: {bad[:3]}"


def test_shanten_batch_matches_xiangting() -> None:
    """The batch kernel on the same kind of hands (one array per tile count)."""
    np = pytest.importorskip("numpy")
    four = xiangting.PlayerCount.FOUR
    hands = _hands(7, 6_500)
    by_n: dict[int, list[list[int]]] = {}
    for h in hands:
        by_n.setdefault(sum(h), []).append(h)
    for rows in by_n.values():
        got = core.shanten_batch(np.array(rows, dtype=np.uint8), 0, RIICHI_SHAPES)
        want = [xiangting.calculate_replacement_number(h, four) - 1 for h in rows]
        assert list(got) == want


# ---- PyMahjongGB ------------------------------------------------------------------------------------------

_GB_NAMES = (
    [f"W{i}" for i in range(1, 10)]
    + [f"B{i}" for i in range(1, 10)]
    + [f"T{i}" for i in range(1, 10)]
    + ["F1", "F2", "F3", "F4", "J1", "J2", "J3"]  # winds E S W N, then 中 发 白
)


def _gb_forms() -> dict[Form, object]:
    gb = pytest.importorskip("MahjongGB")
    return {
        Form.REGULAR: gb.RegularShanten,
        Form.SEVEN_PAIRS: gb.SevenPairsShanten,
        Form.THIRTEEN_ORPHANS: gb.ThirteenOrphansShanten,
        Form.HONORS_AND_KNITTED: gb.HonorsAndKnittedTilesShanten,
        Form.KNITTED_STRAIGHT: gb.KnittedStraightShanten,
    }


def _knitted_near(rng: random.Random) -> list[int]:
    """13 tiles around a knitted straight or honors-and-knitted shape, to reach the knitted forms' low shanten."""
    perm = rng.sample(range(3), 3)
    knit = [9 * s + off + d for off, s in enumerate(perm) for d in (0, 3, 6)]
    counts = [0] * 34
    pool = knit + list(range(27, 34)) if rng.random() < 0.5 else knit
    for t in rng.sample(pool, min(len(pool), rng.randint(7, 13))):
        counts[t] += 1
    while sum(counts) < 13:
        t = rng.randrange(34)
        if counts[t] < 4:
            counts[t] += 1
    while sum(counts) > 13:
        counts[rng.choice([t for t in range(34) if counts[t]])] -= 1
    return counts


def test_guobiao_forms_match_pymahjonggb() -> None:
    forms = _gb_forms()
    rng = random.Random(88)
    checked = {f: 0 for f in forms}
    bad = []
    for i in range(3000):
        kind = i % 4
        if kind == 0:
            counts = _random_counts(rng, rng.choice((13, 13, 10, 7, 4)))
        elif kind == 1:
            counts = _near_complete(rng, rng.choice((13, 13, 10)))
        elif kind == 2:
            counts = _knitted_near(rng)
        else:  # seven-pairs / orphans shapes
            counts = [0] * 34
            pool = rng.sample([0, 8, 9, 17, 18, 26, *range(27, 34)], 13) if rng.random() < 0.5 else None
            if pool:
                for t in pool:
                    counts[t] += 1
            else:
                for t in rng.sample(range(34), 7):
                    counts[t] += 2
                counts[rng.choice([t for t in range(34) if counts[t]])] -= 1
        n = sum(counts)
        tiles = tuple(_GB_NAMES[t] for t in range(34) for _ in range(counts[t]))
        ours = core.shanten_by_form(bytes(counts), 0, GUOBIAO)
        for form, fn in forms.items():
            defined = form is Form.REGULAR or n == 13 or (form is Form.KNITTED_STRAIGHT and n == 10)
            if not defined:
                continue
            theirs = fn(hand=tiles)[0]  # type: ignore[operator]
            checked[form] += 1
            if ours.get(form) != theirs:
                bad.append((form, counts, ours.get(form), theirs))
    assert not bad, f"{len(bad)} disagreements, first: {bad[:3]}"
    assert min(checked.values()) > 500
