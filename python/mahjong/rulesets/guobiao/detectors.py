"""The tile classes the Guobiao fans test, over the package's tile ids (0-8 万, 9-17 筒, 18-26 条, 27-30 E S W N,
31-33 C F P), and the reference calculator's tile order as a sort key.

These are the definitions the compiled kernel's tile tests come from: :mod:`.kernel_table` writes each class as a
34-bit mask (bit t = tile id t) and the reference's order as ``GB_REF_POS`` into ``src/mjcore/gb_fans.pxi``; the
small predicates below are the twins of the inline ones at the top of ``src/mjcore/guobiao.pxi`` (``_gb_numbered``
is :func:`numbered`, and so on: the same name without the ``_gb_`` prefix).  A chow is named by its middle tile.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import permutations

__all__ = [
    "EAST", "RED", "GREEN", "WHITE", "REF_POS", "SUIT_MASKS", "WIND_MASK", "DRAGON_MASK", "HONOR_MASK",
    "NUMBERED_MASK", "TERMINAL_MASK", "REVERSIBLE_MASK", "GREEN_MASK", "ORPHANS_MASK", "KNITTED_MASKS",
    "ranks_mask", "nine_gates_extras",
]

EAST, SOUTH, WEST, NORTH, RED, GREEN, WHITE = range(27, 34)  # (中 发 白 = C F P)
MAN, PIN, SOU = 0, 1, 2  #: suits as tile ids order them: 万 筒 条


def numbered(t: int) -> bool:
    return t < 27


def wind(t: int) -> bool:
    return 27 <= t <= 30


def dragon(t: int) -> bool:
    return t >= 31


def suit(t: int) -> int:
    """0 万 1 筒 2 条, 3 honors."""
    return t // 9


def rank(t: int) -> int:
    """1..9, numbered tiles only."""
    return t % 9 + 1


def term_or_honor(t: int) -> bool:
    return t >= 27 or t % 9 == 0 or t % 9 == 8


def three_suits(a: int, b: int, c: int) -> bool:
    sa, sb, sc = a // 9, b // 9, c // 9
    return sa != sb and sa != sc and sb != sc


def same_suit(a: int, b: int) -> bool:
    return a // 9 == b // 9


def consecutive(a: int, b: int, c: int) -> bool:
    """Ranks a, b, c are three in a row, in any order."""
    r0, r1, r2 = sorted((a % 9, b % 9, c % 9))
    return r1 == r0 + 1 and r2 == r1 + 1


#: the reference calculator's tile order (万 条 筒 honors): REF_POS[t] = the place of tile id t in it.  Sorting by
#: it is the reading order and the order of the meld-combination tests (reference: tiles sorted by its codes).
_REF_SUIT = (0, 2, 1, 3)  #: tile-id suit (万 筒 条 honors) -> its place in the reference's order
REF_POS: tuple[int, ...] = tuple(9 * _REF_SUIT[t // 9] + t % 9 for t in range(34))


def sort_ref(tiles: Iterable[int]) -> list[int]:
    """Tile ids sorted in the reference's order (万 条 筒 honors)."""
    return sorted(tiles, key=REF_POS.__getitem__)


def mask_of(tiles: Iterable[int]) -> int:
    """Bit t set for each tile id t."""
    m = 0
    for t in tiles:
        m |= 1 << t
    return m


def _numbered(ranks: Iterable[int], suits: Iterable[int] = (MAN, PIN, SOU)) -> list[int]:
    rs = tuple(ranks)
    return [9 * s + r - 1 for s in suits for r in rs]


SUIT_MASKS: tuple[int, int, int] = (mask_of(_numbered(range(1, 10), (MAN,))), mask_of(_numbered(range(1, 10), (PIN,))),
                                    mask_of(_numbered(range(1, 10), (SOU,))))
NUMBERED_MASK = SUIT_MASKS[0] | SUIT_MASKS[1] | SUIT_MASKS[2]
WIND_MASK = mask_of(range(EAST, NORTH + 1))
DRAGON_MASK = mask_of(range(RED, WHITE + 1))
HONOR_MASK = WIND_MASK | DRAGON_MASK
TERMINAL_MASK = mask_of(_numbered((1, 9)))
#: 推不倒: 1234589饼, 245689条, 白板 — the tiles that look the same upside down
REVERSIBLE_MASK = mask_of(_numbered((1, 2, 3, 4, 5, 8, 9), (PIN,)) + _numbered((2, 4, 5, 6, 8, 9), (SOU,)) + [WHITE])
#: 绿一色: 23468条 and 发
GREEN_MASK = mask_of(_numbered((2, 3, 4, 6, 8), (SOU,)) + [GREEN])
#: 十三幺: the terminals and honors
ORPHANS_MASK = TERMINAL_MASK | HONOR_MASK


def ranks_mask(*ranks: int) -> int:
    """The numbered tiles of these ranks, in every suit (全小 1-3, 小于五 1-4, 全中 4-6, …)."""
    return mask_of(_numbered(ranks))


#: the six knitted sequences (147 / 258 / 369 each in another suit) as masks over tile ids
KNITTED_MASKS: tuple[int, ...] = tuple(
    mask_of(9 * s + off + d for s, off in zip(suits, range(3)) for d in (0, 3, 6))
    for suits in permutations((MAN, PIN, SOU)))


def nine_gates_extras(win_rank: int) -> tuple[str, ...]:
    """九莲宝灯: 一种花色1112345678999门清, 见同花色任何1张成和.  The reference adds fixed fans by the winning
    rank: 1/9 清龙 + 四归一; 2/8 双暗刻 + 连六 + 幺九刻; 5 双暗刻 + 幺九刻; 3 4 6 7 连六."""
    if win_rank in (1, 9):
        return ("pure_straight", "tile_hog")
    if win_rank in (2, 8):
        return ("two_concealed_pungs", "short_straight", "pung_of_terminals_or_honors")
    if win_rank == 5:
        return ("two_concealed_pungs", "pung_of_terminals_or_honors")
    return ("short_straight",)
