"""The compiled obs_v1 encoder (src/mjcore/obs.pxi) against its pure-Python twin, and its layout against PLANES.

On the pure-Python backend ``encode`` IS the twin; the comparisons then check the twin against itself and the
compiled-only tests skip (there is no compiled module to test).
"""

from __future__ import annotations

import os
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mahjong import _kernels
from mahjong.game import Game
from mahjong.rl import obs_v1
from mahjong.rl.errors import ObservationError
from mahjong.rl.obs_v1 import N_PLANES, SHAPE, WIDTH, SeatView, encode, encode_reference, plane_offsets
from mahjong.rl.view import view_of

COMPILED = _kernels.BACKEND == "cython"
needs_compiled = pytest.mark.skipif(not COMPILED, reason="pure-Python backend: no compiled encoder to compare")
#: the committed generated file (the wheel legs copy src/ beside the tests)
LAYOUT_PXI = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "src", "mjcore", "obs_layout.pxi")

tiles = st.integers(0, WIDTH - 1)


@st.composite
def seat_views(draw: Any) -> SeatView:
    seats = draw(st.sampled_from([(0, 1, 2, 3), (0, 2), (1, 3), (0, 1, 2)]))
    seat = draw(st.sampled_from(seats))
    per_seat = st.lists(st.tuples(tiles, st.booleans()), max_size=36)
    counts = st.lists(st.integers(-1, 6), min_size=34, max_size=WIDTH + 2)
    melds = st.lists(st.lists(st.lists(tiles, min_size=3, max_size=4).map(tuple), max_size=4), min_size=4,
                     max_size=4)
    return SeatView(
        seat=seat,
        seats=seats,
        dealer=draw(st.integers(0, 3)),
        prevalent_wind=draw(st.integers(0, 3)),
        seat_wind=draw(st.integers(0, 3)),
        hand=draw(counts),
        melds=draw(melds),
        rivers=draw(st.lists(per_seat, min_size=4, max_size=4)),
        visible=draw(counts),
        bonus=draw(st.lists(st.lists(tiles, max_size=6), min_size=4, max_size=4)),
        wildcards=tuple(draw(st.lists(tiles, max_size=4))),
        indicator=draw(st.none() | tiles),
        scores=tuple(draw(st.lists(st.integers(-10**6, 10**6) | st.just(0), min_size=4, max_size=4))),
        wall_left=draw(st.integers(0, 144)),
        wall_size=draw(st.integers(0, 144)),
        offered=draw(st.none() | tiles),
        drawn=draw(st.none() | tiles),
        lack=draw(st.lists(st.none() | st.integers(0, 2), min_size=4, max_size=4)),
        ready=draw(st.lists(st.booleans(), min_size=4, max_size=4)),
        playing=tuple(draw(st.lists(st.integers(0, 3), max_size=4, unique=True))),
    )


@settings(max_examples=40, deadline=None)
@given(seat_views(), st.booleans())
def test_compiled_encoder_equals_the_twin_bit_for_bit(view: SeatView, into_dirty_row: bool) -> None:
    want = encode_reference(view)
    got = encode(view)
    assert got.dtype == np.float32 and got.shape == SHAPE
    assert got.tobytes() == want.tobytes()
    if into_dirty_row:  # clear=False writes exactly the entries the twin writes
        a = np.full(SHAPE, 0.5, dtype=np.float32)
        b = a.copy()
        encode(view, out=a, clear=False)
        encode_reference(view, out=b, clear=False)
        assert a.tobytes() == b.tobytes()


def test_compiled_encoder_equals_the_twin_on_played_views() -> None:
    for rules in ("guobiao", "sichuan", "nanchang", "jinshan", "twoplayer"):
        g = Game(rules, seed=5, salt=1)
        while not g.done:
            for s in g.pending:
                v = view_of(g, s)
                assert encode(v).tobytes() == encode_reference(v).tobytes(), (rules, s)
            s = g.pending[0]
            g.act(s, g.action_mask(s).index(1))


@needs_compiled
def test_compiled_layout_is_generated_from_planes() -> None:
    from mahjong import _core

    layout: dict[str, Any] = _core._obs_v1_layout()  # type: ignore[attr-defined]
    assert layout["offsets"] == {name: first for name, (first, _) in plane_offsets().items()}
    assert (layout["N_PLANES"], layout["WIDTH"]) == (N_PLANES, WIDTH)
    assert layout["RIVER_SLOTS"] == obs_v1.RIVER_SLOTS
    assert (layout["SCORE_SCALE"], layout["SCORE_BOUND"]) == (obs_v1.SCORE_SCALE, obs_v1.SCORE_BOUND)


def test_committed_layout_file_is_regenerated() -> None:
    with open(LAYOUT_PXI, encoding="utf-8") as f:
        assert f.read() == obs_v1.render_pxi(), "PLANES changed: run python -m mahjong.rl.obs_v1 --pxi " + LAYOUT_PXI


def test_generator_writes_the_file(tmp_path: Any) -> None:
    out = tmp_path / "obs_layout.pxi"
    assert obs_v1._main(["--pxi", str(out)]) == 0
    assert out.read_text(encoding="utf-8") == obs_v1.render_pxi()


def _valid() -> SeatView:
    return SeatView(seat=0, seats=(0, 1, 2, 3), dealer=0, prevalent_wind=0, seat_wind=0, hand=[0] * 34,
                    melds=[[], [], [], []], rivers=[[], [], [], []], visible=[0] * 34)


@needs_compiled
@pytest.mark.parametrize(
    "change, words",
    [
        ({"seat": 2, "seats": (0, 1)}, "not one of the seats"),
        ({"seats": (0, 0)}, "distinct seats"),
        ({"seats": (0, 1, 2, 3, 4)}, "1 to 4 seats"),
        ({"seat_wind": 4}, "a wind is 0..3"),
        ({"drawn": 42}, "drawn tile 42"),
        ({"wildcards": (-1,)}, "wildcard -1"),
        ({"melds": [[(0, 0, 99)], [], [], []]}, "meld tile 99"),
        ({"rivers": [[(0, False)] * 161, [], [], []]}, "161 discards"),
        ({"lack": [3, None, None, None]}, "lacks suit 3"),
    ],
)
def test_a_bad_view_is_refused_with_our_error(change: dict[str, Any], words: str) -> None:
    v = _valid()
    for k, val in change.items():
        setattr(v, k, val)
    with pytest.raises(ObservationError, match=words):
        encode(v)


@needs_compiled
def test_a_wrong_output_array_is_refused() -> None:
    for out in (np.zeros((N_PLANES, WIDTH), np.float64), np.zeros((N_PLANES, WIDTH + 1), np.float32),
                np.zeros((WIDTH, N_PLANES), np.float32).T):
        with pytest.raises((ObservationError, ValueError, BufferError)):
            encode(_valid(), out=out)  # type: ignore[arg-type]
