"""Seeded shards: how N hands (or N log entries) are cut into pieces that run anywhere and merge exactly.

Every hand's seed is derived from the run's seed and the hand's index alone (:func:`hand_seed`), never from
the shard it lands in, so any cut of the same N hands plays the same hands; the statistics are integer tallies
(:class:`mahjong.scale.tally.Tally`) whose merge is addition, so the totals are identical for any number of
workers.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Shard", "plan_shards", "hand_seed", "splitmix64"]

_MASK64 = (1 << 64) - 1


def splitmix64(x: int) -> int:
    """One step of SplitMix64 (Steele, Lea and Flood 2014) on a 64-bit value: a fixed, portable mixer."""
    x = (x + 0x9E3779B97F4A7C15) & _MASK64
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK64
    return x ^ (x >> 31)


def hand_seed(seed: int, index: int) -> int:
    """The seed of hand ``index`` of a run seeded with ``seed`` (same on every platform and backend)."""
    return splitmix64(splitmix64(seed & _MASK64) ^ (index & _MASK64))


@dataclass(frozen=True)
class Shard:
    """Items ``start`` .. ``start + count - 1`` of a run (hands to play, or log entries to settle)."""

    index: int
    start: int
    count: int


def plan_shards(total: int, workers: int, *, per_worker: int = 4, max_size: int = 2000) -> list[Shard]:
    """Cut ``total`` items into contiguous shards: about ``per_worker`` shards per worker (so progress streams
    and a slow worker does not hold the rest back), none larger than ``max_size``, and a whole number of
    shards per worker where there are enough items (equal shards then end together instead of one worker
    playing the last shard alone).  The cut never changes a result, only how the work is spread."""
    if total <= 0:
        return []
    pieces = max(workers * per_worker, -(-total // max_size))
    pieces = max(1, min(total, -(-pieces // workers) * workers))
    base, extra = divmod(total, pieces)
    shards = []
    start = 0
    for i in range(pieces):
        n = base + (1 if i < extra else 0)
        shards.append(Shard(i, start, n))
        start += n
    return shards
