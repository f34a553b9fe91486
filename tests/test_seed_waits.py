"""Known answers: every wait example of the seed's 听牌 lists (shared/seeds/004_*).

Each example is a single-suit concealed shape (plus, where the seed shows one, a pair or honors); exposed melds
are implied by the tile count.  ``total`` is the seed's 可胡张数 (unseen winning copies with nothing visible).
Every single-suit example runs in all three suits.
"""

from __future__ import annotations

from types import ModuleType

import pytest

from mahjong.rules import DEFAULT, RIICHI_SHAPES, HandRules
from mahjong.tiles import parse_tiles

# (digits of one suit, extra tiles in notation, waits as ranks of that suit, extra wait tiles, seed total or None)
# From the seed's first list (lines "4牌听" .. "九连宝灯"), with its 可胡张数.
SEED_LIST_1: list[tuple[str, str, str, str, int | None]] = [
    ("5566", "", "56", "", 4),
    ("2345", "", "25", "", 6),
    ("2224", "", "34", "", 7),
    ("3334", "", "245", "", 11),
    ("2223499", "", "259", "", 7),
    ("2344567", "", "147", "", 9),
    ("1234567", "", "147", "", 9),
    ("2333444", "", "1234", "", 9),
    ("4445566", "", "4567", "", 9),
    ("3334456", "", "2457", "", 13),
    ("3444567", "", "2358", "", 14),
    ("4445666", "", "34567", "", 13),
    ("4445678", "", "35689", "", 17),
    ("3334445678", "", "345689", "", 15),
    ("3334555678", "", "234569", "", 16),
    ("1112345678", "", "235689", "", 19),
    ("1112345666", "", "1234567", "", 18),
    ("2223456777", "", "12345678", "", 22),
    ("1122334455", "", "1245", "", 8),
    ("3344556677888", "", "2345678", "", 15),
    ("1112345678999", "", "123456789", "", 23),  # 九莲宝灯
]

# From the seed's second list (听一张 .. 听八张).  Partial shapes get a pair (EE) so that the rest is complete.
# The pair is in the honors, so it adds no suit wait.
SEED_LIST_2: list[tuple[str, str, str, str, int | None]] = [
    ("12", "EE", "3", "", None),  # 边张
    ("24", "EE", "3", "", None),  # 嵌张
    ("", "C", "", "C", None),  # 单钓将
    ("67", "EE", "58", "", None),  # 两面
    ("2244", "", "24", "", None),  # 双碰
    ("6789", "", "69", "", None),  # 双钓将
    ("1112", "", "23", "", None),  # 单钓带边张
    ("6888", "", "67", "", None),  # 单钓带嵌张
    ("45678", "EE", "369", "", None),  # 典型三面
    ("2345678", "", "258", "", None),  # 三面钓将
    ("3444", "", "235", "", None),  # 单钓两面
    ("67888", "NN", "58", "N", None),  # 双碰两面
    ("1122233", "", "123", "", None),  # 双碰单钓
    ("2224456", "", "347", "", None),  # 单嵌两面
    ("3335678", "", "458", "", None),  # 双钓带嵌
    ("55667788", "WW", "58", "W", None),  # 三碰听 五五六六七七八八西西
    ("5677888", "", "4679", "", None),  # 四面听
    ("1112233", "", "1234", "", None),  # 双碰两面
    ("2333456", "", "1247", "", None),  # 单钓三面
    ("5556777", "", "45678", "", None),  # 单钓四面
    ("3334567", "", "24578", "", None),  # 双钓三面
    ("2233445566", "SSS", "2356", "S", None),  # 四碰单钓
    ("2223456789", "", "134679", "", None),  # 两坎夹连张顺子 / 一副一坎七连顺
    ("2345678999", "", "124578", "", None),
    ("1112223334567", "", "1234578", "", None),  # 顺连三坎三钓将
    ("3334567888", "", "23456789", "", None),  # 单缺幺九的等差数列
]


def _suit_tiles(digits: str, suit: str) -> str:
    return f"{digits}{suit}" if digits else ""


def _expected(waits: str, extra: str, suit: str) -> tuple[int, ...]:
    tiles = parse_tiles(_suit_tiles(waits, suit)) + parse_tiles(extra)
    return tuple(sorted(tiles))


@pytest.mark.parametrize("suit", ["m", "p", "s"])
@pytest.mark.parametrize("digits,extra,wait_ranks,wait_extra,total", SEED_LIST_1 + SEED_LIST_2)
def test_seed_wait_lists(
    kernels: ModuleType, suit: str, digits: str, extra: str, wait_ranks: str, wait_extra: str, total: int | None
) -> None:
    hand = _suit_tiles(digits, suit) + extra
    w = kernels.waits(hand)
    assert w.tiles == _expected(wait_ranks, wait_extra, suit), hand
    assert not w.any_tile
    if total is not None:
        assert w.total == total
    # every listed wait really completes the hand, and the riichi-shape rules agree (no seven pairs involved
    # except 1122334455-like shapes, which are not 13 tiles)
    for t in w.tiles:
        assert kernels.is_win(parse_tiles(hand) + [t])


def test_mixed_suit_examples(kernels: ModuleType) -> None:
    # 四五六六六 78999 (万/条): 三、六万, 6、9条
    assert kernels.waits("45666m78999s").tiles == tuple(parse_tiles("36m69s"))
    # 四五六七八九九九 77: 三、六、九万 or 7条
    assert kernels.waits("45678999m77s").tiles == tuple(parse_tiles("369m7s"))
    # 二二三三四四五五 88 东东东: 二、五万, 8条, 东
    assert kernels.waits("22334455m88sEEE").tiles == tuple(parse_tiles("25m8sE"))


# 听七张 / 听八张 with a tile already held four times: the seed lists the waits and notes that the 4-held ranks
# are "used up" (无).  So without wait_on_fourth_copy the waits are the listed ranks minus those.  With the rule, a
# 4-held rank is a wait (0 copies left) if a fifth copy would complete the hand - checked by hand here:
# 2344445666678+4 = 234 444 456 678 66;  1112345666678+6 = 123 11 456 666 678;  2333345677778 cannot use a
# fifth 3 or 7.
FOURTH_COPY = [
    ("2344445666678", "123456789", "46", "123456789"),  # 牌铺以"五"为中心: 四 六 used up
    ("2333345677778", "123456789", "37", "1245689"),  # "三""七"摸完叫对称
    ("1112345666678", "123456789", "6", "123456789"),  # 调换暗坎的"八角灯"
]


@pytest.mark.parametrize("digits,all_ranks,used_up,with_flag", FOURTH_COPY)
def test_waits_on_a_fourth_copy(kernels: ModuleType, digits: str, all_ranks: str, used_up: str, with_flag: str) -> None:
    hand = digits + "p"
    held4 = set(parse_tiles(used_up + "p"))
    without = kernels.waits(hand, rules=DEFAULT)
    assert without.tiles == tuple(t for t in parse_tiles(all_ranks + "p") if t not in held4)
    with_rule = kernels.waits(hand, rules=DEFAULT.replace(wait_on_fourth_copy=True))
    assert with_rule.tiles == tuple(parse_tiles(with_flag + "p"))
    for t, r in zip(with_rule.tiles, with_rule.remaining):
        assert (r == 0) == (t in held4)


def test_wait_only_on_fourth_copy_changes_shanten(kernels: ModuleType) -> None:
    # 3333m + three complete melds: the only wait is a fifth 3m
    hand = "3333m456p789p123s"
    assert kernels.waits(hand).tiles == ()
    assert kernels.shanten(hand, rules=RIICHI_SHAPES) == 1
    on = HandRules(wait_on_fourth_copy=True)
    assert kernels.waits(hand, rules=on).tiles == (2,)
    assert kernels.waits(hand, rules=on).remaining == (0,)
    assert kernels.shanten(hand, rules=on) == 0


def _mirror(digits: str) -> str:
    return "".join(sorted(str(10 - int(d)) for d in digits))


@pytest.mark.parametrize("digits", [d for d, e, *_ in SEED_LIST_1 if not e])
def test_mirror_symmetry(kernels: ModuleType, digits: str) -> None:
    # rank r <-> 10 - r maps melds to melds, so the waits mirror exactly
    a = kernels.waits(digits + "s").tiles
    b = kernels.waits(_mirror(digits) + "s").tiles
    assert tuple(sorted(18 + 8 - (t - 18) for t in a)) == b


def test_visible_reduces_remaining(kernels: ModuleType) -> None:
    visible = [0] * 34
    visible[1] = 2  # two 2m seen
    visible[4] = 3  # three 5m seen: with one in the hand, none left
    w = kernels.waits("2345m", visible=visible)
    assert w.tiles == (1, 4)
    assert w.remaining == (1, 0)
    assert w.total == 1
