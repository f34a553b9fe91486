"""The pure-Python kernels stop counting a knitted straight's wildcards once its own missing tiles are more than the
wildcards held: the win checks give the same answers as the full count."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from mahjong import _reference as ref
from mahjong.rules import GUOBIAO

_CAPS = (4,) * 34


@st.composite
def _hands(draw: st.DrawFn) -> tuple[list[int], int]:
    """11 or 14 tiles (with the wildcards), some of them from a knitted straight so that it is often near."""
    wildcards = draw(st.integers(0, 4))
    size = draw(st.sampled_from([11, 14])) - wildcards
    perm = draw(st.sampled_from(ref._KNIT_PERMS))
    rng = random.Random(draw(st.integers(0, 2**32)))
    counts = [0] * 34
    for t in rng.sample(perm, rng.randint(0, min(9, size))):
        counts[t] += 1
    while sum(counts) < size:
        t = rng.randrange(34)
        if counts[t] < 4:
            counts[t] += 1
    return counts, wildcards


@settings(max_examples=400, deadline=None)
@given(_hands())
def test_the_limited_count_decides_as_the_full_one(hand: tuple[list[int], int]) -> None:
    counts, k = hand
    for perm in ref._KNIT_PERMS:
        full = ref._knitted_straight_need(counts, _CAPS, GUOBIAO, perm)
        limited = ref._knitted_straight_need(counts, _CAPS, GUOBIAO, perm, k)
        assert (limited <= k) == (full <= k) and (limited == full or limited > k)
