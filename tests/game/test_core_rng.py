"""The hand core's SplitMix64 ``below(n)`` (engine.pxi ``sm_below``) draws the values of the Python generator
(``mahjong.game.rng.SplitMix64.below``), the walls' shuffles and the random agents' choices alike: its
remainders for small ``n`` come from tables and a multiplication instead of divisions, so each ``n`` of the
tables, the first past them and large ones are compared, seeds at the edges of 64 bits included."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mahjong.game.core import core_available
from mahjong.game.rng import SplitMix64

pytestmark = pytest.mark.skipif(not core_available(), reason="compares the compiled generator with its twin")

U64 = (1 << 64) - 1


def _twin(seed: int, salt: int, n: int, count: int) -> list[int]:
    r = SplitMix64(seed, salt)
    return [r.below(n) for _ in range(count)]


def test_every_tabled_n_and_past_the_table() -> None:
    from mahjong._core import _sm_below_values

    for n in list(range(1, 300)) + [6, 144, 1 << 32, (1 << 32) + 1, (1 << 63) + 12345, U64]:
        assert _sm_below_values(7, n, n, 40) == _twin(7, n, n, 40), n


@settings(max_examples=60, deadline=None)
@given(seed=st.one_of(st.integers(0, U64), st.sampled_from([0, 1, U64, U64 - 1])),
       salt=st.integers(0, U64), n=st.one_of(st.integers(1, 300), st.integers(1, U64)))
def test_draws_match_the_python_generator(seed: int, salt: int, n: int) -> None:
    from mahjong._core import _sm_below_values

    assert _sm_below_values(seed, salt, n, 25) == _twin(seed, salt, n, 25)


def test_bad_bound_is_refused() -> None:
    from mahjong._core import _sm_below_values

    with pytest.raises((ValueError, OverflowError)):
        _sm_below_values(1, 2, 0, 3)
