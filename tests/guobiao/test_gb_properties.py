"""Symmetries of Guobiao scoring, checked on generated hands without any expected value from a calculator:

* relabelling the three suits (万→筒→条→万) changes no fan except the two defined on one suit's faces (推不倒,
  绿一色), so the total and the fan list stay the same;
* mirroring ranks (1↔9, 2↔8 …) swaps 全大↔全小 and 大于五↔小于五 and keeps the total (which tied reading is listed
  may change: spec §2 step 5 breaks ties by enumeration order);
* moving the table round (winner, discarder, dealer all +k seats, same winds) rotates the payments;
* payments always sum to zero and the total is the sum of the itemised lines.
"""

from __future__ import annotations

import copy
from collections import Counter

import pytest

from gb_support import GenHand, HandGenerator, score_ours, score_ref

N = 1000
SUIT_FACES = {"Reversible Tiles", "All Green"}
MIRROR = {"Upper Tiles": "Lower Tiles", "Lower Tiles": "Upper Tiles", "Upper Four": "Lower Four",
          "Lower Four": "Upper Four"}

_HANDS: list[GenHand] = []


def hands() -> list[GenHand]:
    if not _HANDS:
        _HANDS.extend(HandGenerator(4242).hands(N))
    return _HANDS


def _map_tile(t: int, perm: tuple[int, int, int], mirror: bool) -> int:
    if t >= 27:
        return t
    s, r = divmod(t, 9)
    return 9 * perm[s] + (8 - r if mirror else r)


def transformed(h: GenHand, perm: tuple[int, int, int], mirror: bool = False) -> GenHand:
    g = copy.deepcopy(h)
    for m in g.melds:
        # a mirrored chow's lowest tile is the image of its highest
        m.tile = _map_tile(m.tile + 2 if (mirror and m.kind == "chow") else m.tile, perm, mirror)
    g.concealed = [_map_tile(t, perm, mirror) for t in h.concealed]
    g.win = _map_tile(h.win, perm, mirror)
    return g


@pytest.mark.parametrize("perm", [(1, 2, 0), (2, 0, 1), (1, 0, 2)])
def test_suit_relabelling(perm: tuple[int, int, int]) -> None:
    checked = 0
    for h in hands():
        g = transformed(h, perm)
        a_total, a_fans, _ = score_ours(h)
        b_total, b_fans, _ = score_ours(g)
        if SUIT_FACES & (set(a_fans) | set(b_fans)):
            continue
        assert a_total == b_total, (h.describe(), g.describe())
        # the fan list too, wherever the reference's own list is unchanged (its tie-breaks follow tile order)
        if score_ref(h)[1] == score_ref(g)[1]:
            assert a_fans == b_fans, (h.describe(), g.describe())
            checked += 1
    assert checked > N * 0.9


def test_rank_mirror() -> None:
    for h in hands():
        g = transformed(h, (0, 1, 2), mirror=True)
        a_total, a_fans, _ = score_ours(h)
        b_total, b_fans, _ = score_ours(g)
        if SUIT_FACES & (set(a_fans) | set(b_fans)):
            continue
        assert a_total == b_total, (h.describe(), g.describe())
        mirrored = Counter({MIRROR.get(k, k): v for k, v in a_fans.items()})
        for en in MIRROR:  # the range fans map exactly
            assert mirrored[en] == b_fans[en], (h.describe(), g.describe())


@pytest.mark.parametrize("k", [1, 2, 3])
def test_table_rotation(k: int) -> None:
    for h in hands()[:400]:
        g = copy.deepcopy(h)
        g.winner = (h.winner + k) % 4
        if h.discarder is not None:
            g.discarder = (h.discarder + k) % 4
        _, _, a = score_ours(h)
        _, _, b = score_ours(g)
        assert a.total == b.total
        assert tuple(b.payments) == tuple(a.payments[(i - k) % 4] for i in range(4))


def test_payments_and_items_add_up() -> None:
    for h in hands():
        _, _, res = score_ours(h)
        assert sum(res.payments) == 0
        assert res.total == sum(i.value * i.count for i in res.items)
        flowers = res.item("flower_tiles")
        fan = res.total - (flowers.count if flowers else 0)
        assert res.valid == (fan >= 8)
        if res.valid:
            f = res.total
            if h.self_drawn:
                expected = [-(8 + f)] * 4
                expected[h.winner] = 3 * (8 + f)
            else:
                expected = [-8] * 4
                expected[h.discarder] = -(8 + f)
                expected[h.winner] = 24 + f
            assert tuple(res.payments) == tuple(expected), h.describe()
