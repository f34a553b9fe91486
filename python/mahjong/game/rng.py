"""Deterministic walls: a small explicit PRNG (SplitMix64) written out, so that a (seed, salt) gives the same
wall on every platform, every Python version and both backends.  Never ``hash()``, never the global ``random``.

SplitMix64 (Steele, Lea & Flood, "Fast splittable pseudorandom number generators", OOPSLA 2014) is a 64-bit
counter passed through a fixed mixing function; bounded draws use rejection so every value is equally likely.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import Any

from mahjong.errors import RulesError, shown_number, whole

__all__ = ["SplitMix64", "shuffled", "wall_digest", "mix_seed", "check_seed"]


def check_seed(seed: Any) -> int:
    """The seed as an int, after checking it is a whole number (an int or a numpy integer) the generator takes
    whole: 0 to 2**64 - 1 (a larger one would be folded silently)."""
    n = whole(seed)
    if n is None:
        raise RulesError(f"seed must be a whole number, got {shown_number(seed)}")
    if not 0 <= n < 1 << 64:
        raise RulesError(f"seed must be a whole number from 0 to 2**64 - 1, got {shown_number(seed)}")
    return n

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def mix_seed(seed: int, salt: int = 0) -> int:
    """One 64-bit stream seed from a user seed and a salt (hand number, purpose)."""
    return _mix((seed & _MASK) ^ _mix((salt * _GOLDEN + 1) & _MASK))


class SplitMix64:
    """The generator: ``next64()`` gives the next 64-bit value; ``below(n)`` an unbiased int in ``0..n-1``."""

    __slots__ = ("state",)

    def __init__(self, seed: int, salt: int = 0) -> None:
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise TypeError(f"seed must be an int, got {type(seed).__name__}")
        self.state = mix_seed(seed, salt)

    def next64(self) -> int:
        self.state = (self.state + _GOLDEN) & _MASK
        return _mix(self.state)

    def below(self, n: int) -> int:
        if n <= 0:
            raise ValueError("below(n) needs n >= 1")
        # rejection sampling: drop the top sliver of 2**64 that would favour small values
        limit = _MASK + 1 - ((_MASK + 1) % n)
        while True:
            v = self.next64()
            if v < limit:
                return v % n

    def dice(self, count: int = 2) -> tuple[int, ...]:
        return tuple(1 + self.below(6) for _ in range(count))


def shuffled(tiles: Sequence[int], rng: SplitMix64) -> list[int]:
    """Fisher–Yates shuffle of a copy of ``tiles`` driven by ``rng``."""
    out = list(tiles)
    for i in range(len(out) - 1, 0, -1):
        j = rng.below(i + 1)
        out[i], out[j] = out[j], out[i]
    return out


def wall_digest(tiles: Sequence[int]) -> str:
    """A short digest of a wall (SHA-256 of the tile ids as bytes, first 16 hex digits)."""
    return hashlib.sha256(bytes(tiles)).hexdigest()[:16]
