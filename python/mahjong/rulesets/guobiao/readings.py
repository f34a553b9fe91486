"""The regular readings (4 melds and a pair) of a hand's concealed tiles, in the reference calculator's order.

The reference (spec guobiao.md §3) enumerates readings depth-first, melds in non-decreasing order of
(first tile, pung before chow) over 万 条 筒 honors, and keeps the *first* of equal totals, so the order is part of
the behaviour we match: readings come out in lexicographic order of that meld sequence.

Tiles of different suits never share a meld, so each suit is read on its own (cached by its nine counts — the
same suit shapes recur constantly) and the hand's readings are the products, with the pair in exactly one suit.
Suits are taken in the reference's order and every meld of an earlier suit sorts before every meld of a later
one, so a reading's meld sequence is just its suits' sequences one after another.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import product

from mahjong.rulesets.guobiao.detectors import CODE

__all__ = ["PUNG", "CHOW", "regular_readings"]

CHOW, PUNG = 0, 1  # (same values as scorer.CHOW / scorer.PUNG)

#: one suit's reading: (sort keys of its melds, its melds as the scorer reads them: (CHOW, code of the middle
#: tile) or (PUNG, code), the pair's code or -1)
SuitReading = tuple[tuple[int, ...], tuple[tuple[int, int], ...], int]


def _meld_key(kind: int, first: int) -> int:
    """Reference order of a meld: by the code of its first tile, a pung before a chow on the same tile."""
    return 2 * CODE[first] + (1 if kind == CHOW else 0)


@lru_cache(maxsize=None)
def _suit_readings(base: int, counts: tuple[int, ...], honors: bool) -> tuple[tuple[SuitReading, ...], tuple[SuitReading, ...]]:
    """(readings with no pair, readings with the pair) of one suit's counts; ``base`` = id of its rank-1 tile.
    The lowest tile present is used by a pung, a pair and chows starting there in every possible split, so each
    multiset of melds comes out once."""
    no_pair: list[SuitReading] = []
    with_pair: list[SuitReading] = []
    c = list(counts)

    def rec(melds: list[tuple[int, int]], pair: int) -> None:
        i = next((k for k in range(len(c)) if c[k]), -1)
        if i < 0:
            ordered = sorted(melds, key=lambda m: _meld_key(*m))
            keys = tuple(_meld_key(*m) for m in ordered)
            scored = tuple((kind, CODE[t + 1] if kind == CHOW else CODE[t]) for kind, t in ordered)
            (with_pair if pair >= 0 else no_pair).append((keys, scored, CODE[pair] if pair >= 0 else -1))
            return
        n = c[i]
        for pungs in (0, 1):
            for pairs in (0, 1):
                if pairs and pair >= 0:
                    continue
                chows = n - 3 * pungs - 2 * pairs
                if chows < 0:
                    continue
                if chows and (honors or i > 6 or c[i + 1] < chows or c[i + 2] < chows):
                    continue
                c[i] = 0
                if chows:
                    c[i + 1] -= chows
                    c[i + 2] -= chows
                added = [(PUNG, base + i)] * pungs + [(CHOW, base + i)] * chows
                rec(melds + added, base + i if pairs else pair)
                c[i] = n
                if chows:
                    c[i + 1] += chows
                    c[i + 2] += chows

    rec([], -1)
    return tuple(no_pair), tuple(with_pair)


# groups in the reference's scan order: 万, 条, 筒, honors (our ids: 万 0-8, 筒 9-17, 条 18-26, honors 27-33)
_GROUPS = ((0, 9, False), (18, 27, False), (9, 18, False), (27, 34, True))
_EMPTY: tuple[tuple[SuitReading, ...], tuple[SuitReading, ...]] = (((), (), -1),), ()


def regular_readings(standing: list[int] | bytes) -> list[tuple[tuple[tuple[int, int], ...], int]]:
    """Every reading of ``standing`` (34 counts) as (melds ((CHOW, middle code) | (PUNG, code), ...) in
    reference order, pair code), the readings in reference order."""
    parts = []
    for lo, hi, honors in _GROUPS:
        counts = tuple(standing[lo:hi])
        parts.append(_suit_readings(lo, counts, honors) if any(counts) else _EMPTY)
    out: list[tuple[tuple[int, ...], tuple[tuple[int, int], ...], int]] = []
    for g in range(4):
        if not parts[g][1]:
            continue
        choices = [parts[k][1] if k == g else parts[k][0] for k in range(4)]
        if not all(choices):
            continue
        for combo in product(*choices):
            a, b, c, d = combo
            out.append((a[0] + b[0] + c[0] + d[0], a[1] + b[1] + c[1] + d[1], combo[g][2]))
    if len(out) > 1:
        out.sort()
    return [(melds, pair) for _, melds, pair in out]
