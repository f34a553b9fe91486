"""The one input validator shared by both kernel backends.

Every kernel entry point (in ``mahjong._reference`` and in the compiled ``mahjong._core``) turns its ``hand``
argument into 34 counts with :func:`coerce_counts`.  The compiled module re-implements only the fast path for a
34-byte ``bytes`` object and calls this module for everything else, so the accepted inputs and the error messages
are the same on both backends.

Accepted ``hand`` values:

- a notation string (``"123m456p11z"``, Chinese names, glyphs; see :func:`mahjong.tiles.parse_tiles`).  Melds in
  brackets and flowers are rejected: the kernels see concealed tiles only;
- 34 counts: ``bytes``, ``bytearray``, ``memoryview`` or any 1-D integer buffer (a numpy array of any integer
  dtype), or a list/tuple of exactly 34 ints.  A buffer is *always* read as counts, so it must have 34 entries;
- any other sequence of tile ids 0..33 (a list/tuple of length 34 is counts: no hand holds 34 tiles).

numpy is never imported here: arrays are read through the buffer protocol.
"""

from __future__ import annotations

import operator
from collections.abc import Sequence
from typing import Any

from mahjong.errors import HandError, RulesError, TileError
from mahjong.rules import HandRules
from mahjong.tiles import N_KINDS, tile_name

__all__ = ["coerce_counts", "coerce_wildcards", "coerce_rules", "coerce_visible", "coerce_batch", "check_row"]

# struct-module format characters of integer buffers (memoryview.format), with or without a byte-order prefix.
_INT_FORMATS = frozenset("bBhHiIlLqQnN")


def coerce_rules(rules: object) -> HandRules:
    """``rules`` itself if it is a :class:`~mahjong.rules.HandRules`, else :class:`RulesError`."""
    if not isinstance(rules, HandRules):
        raise RulesError(f"rules must be a mahjong.rules.HandRules, got {type(rules).__name__}")
    return rules


def coerce_wildcards(wildcards: object, rules: HandRules) -> int:
    """The wildcard count as an int in ``0..rules.max_wildcards`` (bools and non-integers are refused)."""
    if isinstance(wildcards, bool):
        raise HandError(f"wildcards must be an int count, got the bool {wildcards!r}")
    try:
        k = operator.index(wildcards)  # type: ignore[arg-type]  # numpy integer scalars ok, floats refused
    except TypeError:
        raise HandError(f"wildcards must be an int count, got {type(wildcards).__name__} {wildcards!r}") from None
    if k < 0:
        raise HandError(f"wildcards must be >= 0, got {k}")
    if k > rules.max_wildcards:
        raise HandError(f"too many wildcards: {k} (these rules allow at most {rules.max_wildcards})")
    return k


def _buffer_counts(hand: Any, what: str) -> list[int]:
    """34 ints from an object exporting the buffer protocol; :class:`HandError` for a wrong shape or dtype."""
    try:
        view = memoryview(hand)
    except TypeError:
        raise HandError(f"{what}: cannot read {type(hand).__name__} as tile counts") from None
    with view:
        fmt = view.format.lstrip("@=<>!")
        if fmt not in _INT_FORMATS:
            raise HandError(f"{what}: counts must have an integer dtype, got buffer format {view.format!r}")
        if view.ndim != 1:
            raise HandError(f"{what}: counts must be 1-D with 34 entries, got shape {tuple(view.shape or ())}")
        if view.shape is None or view.shape[0] != N_KINDS:
            n = view.shape[0] if view.shape else 0
            raise HandError(f"{what}: counts must have 34 entries, got {n}")
        values = view.tolist()
    return values


def _sequence_values(hand: Sequence[Any], what: str) -> list[int]:
    out: list[int] = []
    for i, v in enumerate(hand):
        if isinstance(v, bool):
            raise HandError(f"{what}: entry {i} is the bool {v!r}, expected an int")
        try:
            out.append(operator.index(v))
        except TypeError:
            raise HandError(f"{what}: entry {i} is {type(v).__name__} {v!r}, expected an int") from None
    return out


def _counts_from_ids(ids: Sequence[int], what: str) -> list[int]:
    counts = [0] * N_KINDS
    for i, t in enumerate(ids):
        if 34 <= t < 42:
            raise HandError(
                f"{what}: flower {tile_name(t)} at position {i}: kernels take concealed playing tiles only"
            )
        if not 0 <= t < N_KINDS:
            raise TileError(f"{what}: tile id {t} at position {i} is out of range 0..33")
        counts[t] += 1
    return counts


def _raw_counts(hand: object) -> list[int]:
    """34 ints (not yet range-checked) from any accepted hand form."""
    what = "hand"
    if isinstance(hand, str):
        if "[" in hand or "]" in hand:
            raise HandError(
                f"hand {hand!r} has bracketed melds: kernels take concealed tiles only "
                "(exposed melds are implied by the tile count)"
            )
        from mahjong.tiles import parse_tiles

        return _counts_from_ids(parse_tiles(hand), what)
    if isinstance(hand, (bytes, bytearray)):
        if len(hand) != N_KINDS:
            raise HandError(f"{what}: {type(hand).__name__} counts must have 34 entries, got {len(hand)}")
        return list(hand)
    if isinstance(hand, (list, tuple)):
        values = _sequence_values(hand, what)
        if len(values) == N_KINDS:
            return values
        return _counts_from_ids(values, what)
    if isinstance(hand, memoryview) or hasattr(hand, "__buffer__") or hasattr(hand, "__array_interface__"):
        return _buffer_counts(hand, what)
    if isinstance(hand, Sequence):
        values = _sequence_values(hand, what)
        if len(values) == N_KINDS:
            return values
        return _counts_from_ids(values, what)
    # Last resort: objects exporting the buffer protocol without advertising it (e.g. array.array on 3.11).
    try:
        return _buffer_counts(hand, what)
    except HandError:
        raise HandError(
            f"hand must be a notation str, a sequence of tile ids or 34 counts, got {type(hand).__name__}"
        ) from None


def check_row(counts: Sequence[int], k: int, rules: HandRules, complete: bool | None, what: str = "hand") -> None:
    """Validate 34 counts plus ``k`` wildcards against ``rules`` (shared by the single and batch paths)."""
    total = 0
    for t in range(N_KINDS):
        c = counts[t]
        if c < 0:
            raise HandError(f"{what}: negative count {c} for {tile_name(t)}")
        if c > 4:
            raise HandError(f"{what}: {c} copies of {tile_name(t)} (a tile has only 4 copies; fifth copy)")
        if c and t >= 27 and rules.no_honors:
            raise HandError(f"{what}: honor tile {tile_name(t)} in a game without honors (rules.no_honors)")
        total += c
    total += k
    limit = rules.hand_size + 1
    if total > limit:
        raise HandError(f"{what}: {total} tiles (wildcards included) is more than the {limit} a hand can hold")
    r = total % 3
    if r == 0:
        raise HandError(
            f"{what}: {total} tiles (wildcards included) is a multiple of 3; a hand has 3n+1 (waiting) "
            "or 3n+2 (complete) tiles"
        )
    if complete is True and r != 2:
        raise HandError(f"{what}: {total} tiles (wildcards included); this needs a complete 3n+2 hand (e.g. 14)")
    if complete is False and r != 1:
        raise HandError(f"{what}: {total} tiles (wildcards included); this needs a waiting 3n+1 hand (e.g. 13)")


def coerce_counts(hand: object, wildcards: object, rules: object, *, complete: bool | None) -> bytes:
    """Validate ``hand`` (+ ``wildcards``) under ``rules`` and return its 34 counts as ``bytes``.

    ``complete=True`` requires ``3n+2`` tiles (wildcards included), ``False`` requires ``3n+1``, ``None``
    accepts either.  Raises :class:`HandError` (fifth copy, negative count, wrong tile count, bad shape or
    dtype, too many wildcards), :class:`TileError` (unreadable tile text or id) or :class:`RulesError`.
    """
    r = coerce_rules(rules)
    k = coerce_wildcards(wildcards, r)
    counts = _raw_counts(hand)
    check_row(counts, k, r, complete)
    return bytes(counts)


def coerce_visible(visible: object, counts: bytes) -> bytes:
    """34 counts of tiles seen outside the hand (discards, other players' melds), checked against ``counts``.

    ``None`` means nothing is visible.  A tile seen more often than the 4 copies minus those in the hand is a
    :class:`HandError` naming the tile.
    """
    if visible is None:
        return bytes(N_KINDS)
    if isinstance(visible, str):
        raise HandError("visible must be 34 counts (or a sequence of tile ids), not a notation string")
    vis = _raw_counts(visible)
    for t in range(N_KINDS):
        v = vis[t]
        if v < 0:
            raise HandError(f"visible: negative count {v} for {tile_name(t)}")
        if v + counts[t] > 4:
            raise HandError(
                f"visible: {v} copies of {tile_name(t)} seen plus {counts[t]} in the hand is more than 4"
            )
    return bytes(vis)


def coerce_batch(hands: object) -> tuple[memoryview, int]:
    """A flat read-only ``memoryview`` of ``N*34`` uint8 counts and ``N``, from an ``(N, 34)`` buffer.

    Accepts any C-contiguous buffer of unsigned bytes (format ``'B'``): a 2-D ``(N, 34)`` numpy uint8 array, or
    a flat ``bytes``/``bytearray`` of ``N*34`` counts (rows concatenated).  Wrong dimensions, a wrong row
    length, another dtype or a non-contiguous array raise :class:`HandError` naming the problem.  Rows are not
    range-checked here; the batch kernels check each row (:func:`check_row`) and name the bad row.
    """
    if isinstance(hands, str):
        raise HandError("hands must be an (N, 34) uint8 array or N*34 bytes, not a str")
    try:
        view = memoryview(hands)  # type: ignore[arg-type]
    except TypeError:
        raise HandError(
            f"hands must be an (N, 34) uint8 C-contiguous buffer (e.g. a numpy array), got {type(hands).__name__}"
        ) from None
    fmt = view.format.lstrip("@=<>!")
    if fmt != "B":
        raise HandError(f"hands must have dtype uint8 (buffer format 'B'), got buffer format {view.format!r}")
    if not view.c_contiguous:
        raise HandError("hands must be C-contiguous (use numpy.ascontiguousarray)")
    shape = tuple(view.shape or ())
    if view.ndim == 2:
        if shape[1] != N_KINDS:
            raise HandError(f"hands must have shape (N, 34), got shape {shape}")
        n = shape[0]
    elif view.ndim == 1:
        if shape[0] % N_KINDS:
            raise HandError(f"a flat hands buffer must hold N*34 counts, got {shape[0]} bytes")
        n = shape[0] // N_KINDS
    else:
        raise HandError(f"hands must have shape (N, 34), got shape {shape}")
    if n == 0:  # memoryview cannot cast a view with a zero in its shape; an empty batch is simply empty
        return memoryview(b""), 0
    return view.cast("B") if view.ndim != 1 else view, n
