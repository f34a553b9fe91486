"""Result types shared by both kernel backends (compiled ``mahjong._core`` and ``mahjong._reference``)."""

from __future__ import annotations

import enum
from typing import NamedTuple

from mahjong._constants import FORM_INDEX

__all__ = ["Form", "Decomposition", "Waits", "DiscardOption"]


class Form(enum.IntEnum):
    """The shape of a complete hand (values from ``mahjong._constants.FORM_INDEX``, shared with the kernels)."""

    REGULAR = FORM_INDEX["REGULAR"]  #: n melds + a pair
    SEVEN_PAIRS = FORM_INDEX["SEVEN_PAIRS"]  #: 七对
    THIRTEEN_ORPHANS = FORM_INDEX["THIRTEEN_ORPHANS"]  #: 十三幺
    #: 全不靠 / 七星不靠: 14 singles from one knitted 147/258/369 set and the honors
    HONORS_AND_KNITTED = FORM_INDEX["HONORS_AND_KNITTED"]
    KNITTED_STRAIGHT = FORM_INDEX["KNITTED_STRAIGHT"]  #: 组合龙 (a full knitted 147/258/369) + one meld + a pair
    THIRTEEN_LAN = FORM_INDEX["THIRTEEN_LAN"]  #: 南昌 十三烂 / 七星十三烂


class Decomposition(NamedTuple):
    """One reading of the concealed tiles of a complete hand (exposed melds are not included).

    Tiles are ids 0..33; wildcards appear as the tile they stand for, and ``wildcards`` lists those tiles.

    - ``melds``: each meld as its three tile ids, sorted (a triplet ``(5, 5, 5)``, a sequence ``(3, 4, 5)``,
      a Nanchang honor sequence such as ``(27, 28, 30)``).
    - ``pairs``: the pair of a regular hand (one entry), the seven pairs of 七对 (a quad counted as two pairs
      appears twice), the doubled tile of 十三幺.
    - ``singles``: tiles that are neither melds nor pairs: the twelve other orphans, the knitted tiles of
      全不靠 / 十三烂, the nine tiles of 组合龙.
    """

    form: Form
    melds: tuple[tuple[int, int, int], ...]
    pairs: tuple[int, ...]
    singles: tuple[int, ...]
    wildcards: tuple[int, ...]


class Waits(NamedTuple):
    """The tiles that complete a ready hand.

    ``tiles``: the winning tile ids, ascending.  ``remaining``: for each of them, how many copies are still
    unseen (4 minus the copies in the hand and in ``visible``).  ``any_tile``: with wildcards, every tile kind
    completes the hand.
    """

    tiles: tuple[int, ...]
    remaining: tuple[int, ...]
    any_tile: bool

    @property
    def total(self) -> int:
        """Copies of winning tiles still unseen."""
        return sum(self.remaining)


class DiscardOption(NamedTuple):
    """What discarding ``tile`` from a hand that just drew leaves: its shanten and useful tiles (进张)."""

    tile: int
    shanten: int
    useful_tiles: tuple[int, ...]
    useful_count: int  #: unseen copies of the useful tiles
