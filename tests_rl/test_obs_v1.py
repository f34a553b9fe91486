"""The obs_v1 encoding: layout table, doc table in sync, relative seats, nothing hidden leaks from a view."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from mahjong.rl import obs_v1
from mahjong.rl.obs_v1 import N_PLANES, PLANES, WIDTH, SeatView, encode, plane_offsets, table_markdown

DOC = Path(__file__).resolve().parent.parent / "docs" / "observation.md"


def _view(seat: int = 0, **kw: object) -> SeatView:
    hand = [0] * 34
    for t in (0, 0, 1, 2, 9, 9, 9, 27, 31, 31, 31, 31, 20):
        hand[t] += 1
    v = SeatView(
        seat=seat,
        seats=(0, 1, 2, 3),
        dealer=1,
        prevalent_wind=0,
        seat_wind=(seat - 1) % 4,
        hand=hand,
        melds=[[], [(3, 4, 5)], [(7, 7, 7)], []],
        rivers=[[(33, False)], [(30, True), (29, False)], [], [(0, False)]],
        visible=[0] * 34,
        scores=(10, -20, 30, -20),
        wall_left=50,
        wall_size=100,
    )
    for k, val in kw.items():
        setattr(v, k, val)
    return v


def test_layout_is_contiguous_and_named_once() -> None:
    names = [n for n, _, _ in PLANES]
    assert len(names) == len(set(names))
    offs = plane_offsets()
    at = 0
    for name, n, _ in PLANES:
        assert offs[name] == (at, n)
        at += n
    assert at == N_PLANES == encode(_view()).shape[0]
    assert obs_v1.VERSION == "obs_v1"


def test_doc_table_is_generated_from_the_layout() -> None:
    text = DOC.read_text(encoding="utf-8")
    assert table_markdown() in text, "docs/observation.md is stale: regenerate with python -m mahjong.rl.obs_v1"
    assert obs_v1.oracle_table_markdown() in text, \
        "docs/observation.md is stale: regenerate with python -m mahjong.rl.obs_v1 --oracle"
    assert text.count(f"({obs_v1.ORACLE_SHAPE[0]}, {WIDTH})") >= 2
    assert text.count(f"({N_PLANES}, {WIDTH})") >= 3  # the shape named in the prose too


def test_planes_hold_what_the_table_says() -> None:
    a = encode(_view())
    off = plane_offsets()
    h = off["hand"][0]
    assert a[h, 0] == a[h + 1, 0] == 1 and a[h + 2, 0] == 0  # two 1m
    assert a[h + 3, 31] == 1  # four 中
    r = off["river"][0]
    # relative 1 = seat 1 (the next seat): its two discards in order
    assert a[r + 32 * 1 + 0, 30] == 1 and a[r + 32 * 1 + 1, 29] == 1 and a[r + 32 * 1 + 1].sum() == 1
    assert a[off["river_claimed"][0] + 1, 30] == 0.25
    assert a[off["melds"][0] + 4 * 2 + 2, 7] == 1  # seat 2's pung of 8m: three copies
    assert a[off["dealer"][0] + 1].min() == 1 and a[off["dealer"][0] + 0].max() == 0
    assert a[off["scores"][0] + 2, 0] == pytest.approx(0.3)
    assert a[off["wall"][0], 5] == pytest.approx(0.5)
    assert a[off["seat_wind"][0], 27 + 3] == 1


def test_seats_are_relative_to_the_observer() -> None:
    # seat 1 looking: its own river is relative 0; seat 0 is relative 3 (上家)
    a = encode(_view(seat=1, hand=[0] * 34))
    r = plane_offsets()["river"][0]
    assert a[r + 0, 30] == 1 and a[r + 32 * 3, 33] == 1
    assert a[plane_offsets()["dealer"][0] + 0].min() == 1


def test_two_seat_game_uses_two_relative_seats() -> None:
    a = encode(_view(seats=(0, 2), rivers=[[(5, False)], [], [(6, False)], []]))
    off = plane_offsets()
    assert a[off["seats"][0] : off["seats"][0] + 2].min() == 1
    assert a[off["seats"][0] + 2 : off["seats"][0] + 4].max() == 0
    assert a[off["river"][0] + 32, 6] == 1  # seat 2 is the other (relative 1)


def test_writes_into_a_given_row() -> None:
    buf = np.full((3, N_PLANES, WIDTH), 7.0, dtype=np.float32)
    encode(_view(), out=buf[1])
    assert (buf[1] == encode(_view())).all() and (buf[0] == 7).all()


def test_bonus_tiles_have_their_own_columns() -> None:
    hand = [0] * WIDTH
    hand[38] = 1  # 梅 held in the hand (Jinshan 百搭)
    a = encode(_view(hand=hand, bonus=[[34], [], [33, 35], []], drawn=38, wildcards=(38, 39, 40, 41)))
    off = plane_offsets()
    assert a[off["hand"][0], 38] == 1 and a[off["drawn"][0], 38] == 1
    assert a[off["bonus"][0] + 0, 34] == 0.25 and a[off["bonus"][0] + 2, 33] == 0.25
    assert a[off["wildcards"][0], 38:42].sum() == 4
