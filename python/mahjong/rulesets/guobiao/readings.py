"""The regular readings (4 melds and a pair) of a hand's concealed tiles, in the reference calculator's order.

The readings themselves come from the kernel (``decompositions``, regular form only).  The reference (spec
guobiao.md §3) enumerates them depth-first, melds in non-decreasing order of (first tile, pung before chow) over
万 条 筒 honors, and keeps the *first* of equal totals, so the order is part of the behaviour we match: each
reading's melds are put in that order and the readings sorted lexicographically by it.
"""

from __future__ import annotations

from collections.abc import Sequence

from mahjong._kernels import backend_module as K
from mahjong.rules import HandRules
from mahjong.rulesets.guobiao.detectors import CODE
from mahjong.types import Decomposition

__all__ = ["PUNG", "CHOW", "regular_readings"]

CHOW, PUNG = 0, 1  # (same values as scorer.CHOW / scorer.PUNG)

#: 4 melds + a pair only: the special forms are recognised by the scorer itself
_REGULAR = HandRules(seven_pairs=False, thirteen_orphans=False, knitted=False)

#: a meld's three tile ids -> (its sort key in reference order, the meld as the scorer reads it: (PUNG, code) or
#: (CHOW, code of the middle tile)).  The key is the code of the first tile, a pung before a chow on that tile.
_MELD: dict[tuple[int, int, int], tuple[int, tuple[int, int]]] = {}
for _t in range(34):
    _MELD[(_t, _t, _t)] = (2 * CODE[_t], (PUNG, CODE[_t]))
    if _t < 27 and _t % 9 <= 6:
        _MELD[(_t, _t + 1, _t + 2)] = (2 * CODE[_t] + 1, (CHOW, CODE[_t + 1]))


def regular_readings(standing: Sequence[int]) -> list[tuple[Decomposition, tuple[tuple[int, int], ...], int]]:
    """Every reading of ``standing`` (34 counts, 3n+2 tiles) as (the kernel's Decomposition, its melds as the
    scorer reads them in reference order, the pair's code), the readings in reference order."""
    out = []
    for d in K.decompositions(bytes(standing), 0, _REGULAR):
        melds = sorted(_MELD[m] for m in d.melds)
        out.append((tuple(k for k, _ in melds), d, tuple(m for _, m in melds), CODE[d.pairs[0]]))
    if len(out) > 1:
        out.sort(key=lambda r: r[0])
    return [(d, melds, pair) for _, d, melds, pair in out]
