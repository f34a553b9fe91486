"""Differential tests: the compiled kernels (mahjong._core) against the pure-Python reference.

Random hands and near-complete hands (a complete hand with 1-3 tiles replaced), 0-4 wildcards, every
combination of rules switches that HandRules accepts, every kernel.  The reference is the oracle: results must
be equal, including order and result types.
"""

from __future__ import annotations

import importlib
import os
import random

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from mahjong import _reference as ref
from mahjong.errors import MahjongError, RulesError
from mahjong.rules import HandRules

try:
    core = importlib.import_module("mahjong._core")
except ImportError:
    if os.environ.get("MAHJONG_PURE_PYTHON") == "1":
        pytest.skip("compiled module not built (MAHJONG_PURE_PYTHON=1)", allow_module_level=True)
    raise

SETTINGS = settings(
    max_examples=int(os.environ.get("MJ_DIFF_EXAMPLES", "150")),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much, HealthCheck.large_base_example],
)

SWITCHES = (
    "seven_pairs",
    "seven_pairs_quad_as_two",
    "thirteen_orphans",
    "knitted",
    "thirteen_lan",
    "honor_sequences",
    "no_honors",
    "lack_a_suit",
    "wait_on_fourth_copy",
)


def _all_rules() -> list[HandRules]:
    """Every switch combination HandRules accepts, for both hand sizes."""
    out = []
    for hand_size in (13, 16):
        for bits in range(1 << len(SWITCHES)):
            kw = {name: bool(bits >> i & 1) for i, name in enumerate(SWITCHES)}
            try:
                out.append(HandRules(hand_size=hand_size, **kw))
            except RulesError:
                pass
    return out


ALL_RULES = _all_rules()


def _kinds(rules: HandRules) -> list[int]:
    return list(range(27 if rules.no_honors else 34))


def complete_hand(rng: random.Random, rules: HandRules, n_tiles: int) -> list[int] | None:
    """Counts of a complete regular hand of n_tiles (3n+2) tiles under rules (melds + pair), or None."""
    suits = [0, 1, 2]
    if rules.lack_a_suit:
        suits.remove(rng.choice(suits))
    kinds = [t for t in _kinds(rules) if t >= 27 or t // 9 in suits]
    melds: list[tuple[int, ...]] = []
    for t in kinds:
        melds.append((t, t, t))
        if t < 27 and t % 9 <= 6:
            melds.append((t, t + 1, t + 2))
    if rules.honor_sequences:
        melds += [(27, 28, 29), (27, 28, 30), (27, 29, 30), (28, 29, 30), (31, 32, 33)]
    counts = [0] * 34
    counts[rng.choice(kinds)] += 2
    for _ in range((n_tiles - 2) // 3):
        for t in rng.choice(melds):
            counts[t] += 1
    return counts if max(counts) <= 4 else None


@st.composite
def case(draw: st.DrawFn, complete: bool | None) -> tuple[bytes, int, HandRules]:
    """(counts, wildcards, rules) with 3n+2 tiles (complete=True), 3n+1 (False) or either (None).

    Hypothesis draws the rules, the shape of the case and a seed; the hand is built from the seed.
    """
    rules = draw(st.sampled_from(ALL_RULES))
    exposed = draw(st.sampled_from([0, 0, 0, 1, 2, 3]))
    size = rules.hand_size + 1 - 3 * exposed
    if complete is False or (complete is None and draw(st.booleans())):
        size -= 1
    k = draw(st.integers(0, min(4, rules.max_wildcards, size)))
    style = draw(st.sampled_from(["random", "near", "near", "clustered"]))
    rng = random.Random(draw(st.integers(0, 2**32)))
    kinds = _kinds(rules)
    counts: list[int] | None = None
    if style == "near":
        counts = complete_hand(rng, rules, size + 1 if size % 3 == 1 else size)
    if counts is not None:
        if size % 3 == 1:  # drop one tile to wait
            counts[rng.choice([t for t in range(34) if counts[t]])] -= 1
        # replace 1-3 tiles (none in a quarter of the cases: complete hands, ready hands)
        for _ in range(0 if rng.random() < 0.25 else rng.randint(1, 3)):
            counts[rng.choice([t for t in range(34) if counts[t]])] -= 1
            counts[rng.choice([t for t in kinds if counts[t] < 4])] += 1
        for _ in range(k):  # some tiles become wildcards
            counts[rng.choice([t for t in range(34) if counts[t]])] -= 1
    else:
        pool = kinds if style == "random" else rng.sample(kinds, rng.randint(5, 12))
        counts = [0] * 34
        while sum(counts) < size - k:
            t = rng.choice(pool)
            if counts[t] < 4:
                counts[t] += 1
    return bytes(counts), k, rules


def same(fn: str, *args: object, **kw: object) -> None:
    a = getattr(core, fn)(*args, **kw)
    b = getattr(ref, fn)(*args, **kw)
    assert a == b, (fn, args, kw, a, b)
    assert type(a) is type(b)


@SETTINGS
@given(case(True))
def test_is_win(c: tuple[bytes, int, HandRules]) -> None:
    same("is_win", *c)


@SETTINGS
@given(case(None))
def test_shanten(c: tuple[bytes, int, HandRules]) -> None:
    same("shanten", *c)
    same("shanten_by_form", *c)


@SETTINGS
@given(case(False), st.data())
def test_waits(c: tuple[bytes, int, HandRules], data: st.DataObject) -> None:
    h, k, rules = c
    same("waits", h, k, rules)
    vis = bytes(data.draw(st.integers(0, 4 - h[t])) for t in range(34))
    same("waits", h, k, rules, visible=vis)


@SETTINGS
@given(case(False))
def test_useful_tiles(c: tuple[bytes, int, HandRules]) -> None:
    same("useful_tiles", *c)


@settings(SETTINGS, max_examples=max(10, SETTINGS.max_examples // 3))
@given(case(True))
def test_discard_options(c: tuple[bytes, int, HandRules]) -> None:
    same("discard_options", *c)


@SETTINGS
@given(case(True))
def test_decompositions(c: tuple[bytes, int, HandRules]) -> None:
    h, k, rules = c
    assume(k <= 2 or ref.shanten(h, k, rules) == -1)  # many free wildcards: long lists, slow reference
    same("decompositions", h, k, rules)


@SETTINGS
@given(case(None), st.sampled_from(["str", "list", "ids", "bytearray", "numpy"]))
def test_input_forms(c: tuple[bytes, int, HandRules], form: str) -> None:
    """Every accepted hand form gives the bytes answer (the compiled slow path goes through _input)."""
    from mahjong.tiles import format_tiles, tiles_of

    h, k, rules = c
    if form == "str":
        hand: object = format_tiles(tiles_of(h))
    elif form == "list":
        hand = list(h)
    elif form == "ids":
        hand = tiles_of(h)
    elif form == "bytearray":
        hand = bytearray(h)
    else:
        np = pytest.importorskip("numpy")
        hand = np.frombuffer(h, dtype=np.uint8).astype(np.int64)
    assert core.shanten(hand, k, rules) == core.shanten(h, k, rules) == ref.shanten(h, k, rules)


BAD_INPUTS = [
    (bytes([5] + [0] * 33), 0),  # fifth copy
    (bytes([3] + [0] * 33), 0),  # multiple of 3
    (bytes([4, 4, 4, 4, 1] + [0] * 29), 0),  # 17 tiles in a 13-tile game
    (bytes([2] + [0] * 33), 9),  # too many wildcards
    (bytes([2] + [0] * 33), -1),
    (bytes([2] + [0] * 33), True),
    (bytes([2] + [0] * 33), 2**70),
    (bytes([2] * 33), 0),  # 33 bytes
    ("1m2m3q", 0),
    ([40], 0),
]


@pytest.mark.parametrize("hand,k", BAD_INPUTS)
@pytest.mark.parametrize("fn", ["is_win", "shanten", "waits", "useful_tiles", "decompositions", "discard_options"])
def test_errors_match(hand: object, k: object, fn: str) -> None:
    errs = []
    for mod in (core, ref):
        with pytest.raises(MahjongError) as info:
            getattr(mod, fn)(hand, k)
        errs.append((type(info.value), str(info.value)))
    assert errs[0] == errs[1]


def test_honors_with_no_honors_and_bad_rules() -> None:
    sichuan = HandRules(no_honors=True, thirteen_orphans=False)
    h = bytes([2] + [0] * 26 + [1] + [0] * 6)
    for mod in (core, ref):
        with pytest.raises(MahjongError, match="honor"):
            mod.shanten(h, 0, sichuan)
        with pytest.raises(RulesError):
            mod.shanten(h, 0, "default")  # type: ignore[arg-type]


@pytest.mark.parametrize("rules", ALL_RULES[:: max(1, len(ALL_RULES) // 24)])
def test_seeded_sweep(rules: HandRules) -> None:
    """A fixed sweep across the rules list, independent of hypothesis' choices."""
    rng = random.Random(hash(rules.flags) ^ rules.hand_size)
    kinds = _kinds(rules)
    for _ in range(40):
        k = rng.choice([0, 0, 1, 2, 3])
        size = rules.hand_size - k
        counts = [0] * 34
        pool = rng.sample(kinds, rng.randint(5, 12))
        while sum(counts) < size:
            t = rng.choice(pool)
            if counts[t] < 4:
                counts[t] += 1
        h = bytes(counts)
        same("shanten", h, k, rules)
        same("waits", h, k, rules)
        same("useful_tiles", h, k, rules)
        t = rng.choice(pool)
        if counts[t] < 4:
            counts[t] += 1
            h2 = bytes(counts)
            same("is_win", h2, k, rules)
            same("shanten_by_form", h2, k, rules)
