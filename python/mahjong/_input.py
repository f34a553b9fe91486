"""The one input validator shared by both kernel backends.

Every kernel entry point (in ``mahjong._reference`` and in the compiled ``mahjong._core``) turns its ``hand``
argument into 34 counts (plus the counts of the hand's own exposed melds) with :func:`coerce_hand`.  The compiled
module re-implements only the fast paths (34-byte ``bytes``, a :class:`~mahjong.hand.Hand`, a 1-D uint8 buffer
such as a numpy row, a list/tuple of plain ints) and calls this module for everything else and for every error,
so the accepted inputs and the error messages are the same on both backends.

Accepted ``hand`` values:

- a notation string (``"123m456p11z"``, Chinese names, glyphs; see :func:`mahjong.tiles.parse_tiles`).  With
  melds in brackets (``"[333s,1]123m456p12sEE"``) it is read as a :class:`~mahjong.hand.Hand`, below;
- a :class:`~mahjong.hand.Hand`: its concealed tiles are the kernel's hand, and its exposed melds count toward
  the copies of each tile already used (``Waits.remaining``, ``DiscardOption.useful_count``) and toward the
  hand size;
- 34 counts: ``bytes``, ``bytearray``, ``memoryview`` or any 1-D integer buffer (a numpy array of any integer
  dtype, in either byte order, any stride), or a list/tuple of exactly 34 ints.  A buffer is *always* read as
  counts, so it must have 34 entries;
- any other sequence of tile ids 0..33 (a list/tuple of length 34 is counts: no hand holds 34 tiles).

Masked numpy arrays are refused (their mask would be ignored): pass ``arr.filled(0)``.  Bools are refused
wherever an int is expected.  numpy is never imported here: arrays are read through the buffer protocol.

Batch kernels take an ``(N, 34)`` integer buffer (any integer dtype and byte order, any strides; rows
concatenated in a flat ``N*34`` buffer also work) or a list of rows (each row any single-hand form without
melds).  ``wildcards`` is one int for every row or one int per row (a length-N sequence or 1-D integer buffer).
"""

from __future__ import annotations

import operator
import struct
import sys
from collections.abc import Sequence
from typing import Any

from mahjong.errors import HandError, MahjongError, RulesError, TileError
from mahjong.rules import HandRules
from mahjong.tiles import N_KINDS, tile_name

__all__ = [
    "coerce_hand",
    "coerce_counts",
    "coerce_wildcards",
    "coerce_batch_wildcards",
    "coerce_rules",
    "coerce_visible",
    "coerce_batch",
    "batch_layout",
    "batch_rows",
    "check_row",
    "wants_numpy",
    "MAX_BATCH_ROWS",
    "MAX_READINGS",
    "coerce_max_readings",
    "too_many_readings",
]

# struct-module format characters of integer buffers (memoryview.format), with or without a byte-order prefix.
_INT_FORMATS = frozenset("bBhHiIlLqQnN")
_NATIVE_LITTLE = sys.byteorder == "little"
#: the largest batch accepted (rows): far above any real use, far below an allocation that could fail
MAX_BATCH_ROWS = 1 << 28
#: the default bound of ``decompositions(max_readings=...)``.  Above every hand the rule sets score (Nanchang's 7
#: 精 reach about 17,000 readings), below the 8-wildcard hands that list 60,000 readings and take half a second.
MAX_READINGS = 25_000


def coerce_rules(rules: object) -> HandRules:
    """``rules`` itself if it is a :class:`~mahjong.rules.HandRules`, else :class:`RulesError`."""
    if not isinstance(rules, HandRules):
        what = "the class HandRules itself" if rules is HandRules else type(rules).__name__
        raise RulesError(
            f"rules must be a mahjong.rules.HandRules instance (e.g. mahjong.DEFAULT), got {what}"
        )
    return rules


def _as_int(value: object, what: str) -> int:
    """``value`` as an int through ``__index__`` (numpy integer scalars ok); bools, floats, text refused."""
    if isinstance(value, bool):
        raise HandError(f"{what} must be an int, got the bool {value!r}")
    try:
        return operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        raise HandError(f"{what} must be an int, got {type(value).__name__} {_short(value)}") from None
    except Exception as e:  # the caller's own __index__ failed: say so, keep its error as the cause
        raise HandError(
            f"{what}: cannot read {type(value).__name__} as an int (its __index__ raised {type(e).__name__}: {e})"
        ) from e


def coerce_max_readings(max_readings: object) -> int:
    """The bound of ``decompositions`` as an int >= 1, or -1 for ``None`` (no bound)."""
    if max_readings is None:
        return -1
    if type(max_readings) is bool:
        raise MahjongError(f"max_readings must be an int >= 1 or None, got the bool {max_readings!r}",
                           code="bad-argument")
    try:
        limit = operator.index(max_readings)  # type: ignore[arg-type]
    except Exception:
        raise MahjongError(
            f"max_readings must be an int >= 1 or None, got {type(max_readings).__name__} {_short(max_readings)}",
            code="bad-argument",
        ) from None
    if limit < 1:
        raise MahjongError(f"max_readings must be >= 1 (or None for no bound), got {limit}", code="bad-argument")
    return limit


def shape_text(shape: Sequence[int] | None) -> str:
    """An array shape as a message writes it (``(2, 34)`` → ``"2 × 34"``), not as a tuple."""
    return " × ".join(map(str, shape or ())) or "scalar"


def too_many_readings(limit: int) -> MahjongError:
    """The error of ``decompositions`` when the hand has more than ``limit`` distinct readings (both backends)."""
    return MahjongError(
        f"decompositions: the hand has more than {limit:,} readings (max_readings={limit}); free wildcards "
        "can stand for any meld, so every choice is a reading: pass a larger max_readings, or "
        "max_readings=None for no bound",
        code="too-many-readings",
        message_zh=f"decompositions：这手牌的拆法超过 {limit:,} 种（max_readings={limit}）；"
        "多张百搭可以组成任意面子，每种组合都算一种拆法。请调大 max_readings，或传 max_readings=None 不设上限",
    )


def _short(value: object) -> str:
    try:
        text = repr(value)
    except Exception:  # a hostile __repr__ must not replace our error
        return "<unprintable>"
    return text if len(text) <= 40 else text[:37] + "..."


def coerce_wildcards(wildcards: object, rules: HandRules) -> int:
    """The wildcard count as an int in ``0..rules.max_wildcards`` (bools and non-integers are refused)."""
    k = _as_int(wildcards, "wildcards (a count)")
    _check_wildcards(k, rules, "wildcards")
    return k


def _check_wildcards(k: int, rules: HandRules, what: str) -> None:
    if k < 0:
        raise HandError(f"{what} must be >= 0, got {k}")
    if k > rules.max_wildcards:
        raise HandError(f"{what}: too many wildcards: {k} (these rules allow at most {rules.max_wildcards})")


def _split_format(fmt: str, what: str) -> tuple[str, str]:
    """(byte-order prefix, one struct character) of an integer buffer format, else :class:`HandError`."""
    prefix = fmt[:1] if fmt[:1] in ("@", "=", "<", ">", "!") else ""
    ch = fmt[len(prefix):]
    if ch not in _INT_FORMATS or (ch in "nN" and prefix not in ("", "@")):
        raise HandError(f"{what}: counts must have an integer dtype, got buffer format {fmt!r}")
    return prefix, ch


def _refuse_masked(obj: object, what: str) -> None:
    if type(obj).__module__.startswith("numpy.ma"):
        raise HandError(f"{what}: a masked array's mask would be ignored; pass arr.filled(0) instead")


def _memoryview(obj: object, what: str, expected: str) -> memoryview:
    _refuse_masked(obj, what)
    try:
        return memoryview(obj)  # type: ignore[arg-type]
    except (TypeError, ValueError, BufferError, NotImplementedError) as e:
        raise HandError(f"{what}: cannot read {type(obj).__name__} as {expected} ({e})") from None


def _buffer_values(view: memoryview, what: str) -> list[int]:
    """Every entry of an integer buffer as ints, in C order (any byte order, any strides)."""
    prefix, ch = _split_format(view.format, what)
    order = prefix if prefix in ("<", ">", "!", "=") else "@"
    count = view.nbytes // view.itemsize if view.itemsize else 0
    if struct.calcsize(order + ch) != view.itemsize:
        raise HandError(f"{what}: buffer format {view.format!r} does not match its item size {view.itemsize}")
    return list(struct.unpack(f"{order}{count}{ch}", view.tobytes()))


def _buffer_counts(hand: object, what: str) -> list[int]:
    """34 ints from an object exporting the buffer protocol; :class:`HandError` for a wrong shape or dtype."""
    view = _memoryview(hand, what, "tile counts")
    with view:
        _split_format(view.format, what)
        if view.ndim != 1:
            raise HandError(f"{what}: counts must be 1-D with 34 entries, got shape {shape_text(view.shape)}")
        n = view.shape[0] if view.shape else 0
        if n != N_KINDS:
            raise HandError(f"{what}: counts must have 34 entries, got {n}")
        return _buffer_values(view, what)


def _sequence_values(hand: Sequence[Any], what: str) -> list[int]:
    return [_as_int(v, f"{what}: entry {i}") for i, v in enumerate(hand)]


def _counts_from_ids(ids: Sequence[int], what: str) -> list[int]:
    counts = [0] * N_KINDS
    for i, t in enumerate(ids):
        if 34 <= t < 42:
            raise HandError(
                f"{what}: flower {tile_name(t)} at position {i}: kernels take playing tiles only "
                "(flowers f1-f8 are not part of a hand's shape)"
            )
        if not 0 <= t < N_KINDS:
            raise TileError(f"{what}: tile id {t} at position {i} is out of range 0..33")
        counts[t] += 1
    return counts


_NO_EXPOSED = bytes(N_KINDS)
_BRACKETS = frozenset("[]［］【】")


def _hand_parts(hand: object, what: str) -> tuple[list[int], bytes, int]:
    """(34 ints not yet range-checked, exposed-meld counts, number of melds) from any accepted hand form."""
    from mahjong.hand import Hand, parse_hand

    if isinstance(hand, str):
        if any(ch in _BRACKETS for ch in hand):
            hand = parse_hand(hand, infer_win_tile=False)
        else:
            from mahjong.tiles import parse_tiles

            return _counts_from_ids(parse_tiles(hand), what), _NO_EXPOSED, 0
    if isinstance(hand, Hand):
        if not hand.melds:
            return list(hand.counts), _NO_EXPOSED, 0
        return list(hand.counts), exposed_counts(hand.melds), len(hand.melds)
    return _raw_counts(hand, what), _NO_EXPOSED, 0


def exposed_counts(melds: Sequence[Any]) -> bytes:
    """34 counts of the tiles in a hand's declared melds (a kong counts 4)."""
    out = [0] * N_KINDS
    for m in melds:
        for t in m.tiles:
            out[t] += 1
    return bytes(out)


def _raw_counts(hand: object, what: str) -> list[int]:
    """34 ints (not yet range-checked) from counts or tile ids (no text, no Hand)."""
    if isinstance(hand, (bytes, bytearray)):
        if len(hand) != N_KINDS:
            raise HandError(f"{what}: {type(hand).__name__} counts must have 34 entries, got {len(hand)}")
        return list(hand)
    if isinstance(hand, (list, tuple)):
        values = _sequence_values(hand, what)
        if len(values) == N_KINDS:
            return values
        return _counts_from_ids(values, what)
    if isinstance(hand, (str, dict, set, frozenset)) or hand is None:
        raise HandError(
            f"{what} must be a notation str, a Hand, a sequence of tile ids or 34 counts, got {type(hand).__name__}"
        )
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
            f"{what} must be a notation str, a Hand, a sequence of tile ids or 34 counts, got {type(hand).__name__}"
        ) from None


def check_row(
    counts: Sequence[int],
    k: int,
    rules: HandRules,
    complete: bool | None,
    what: str = "hand",
    exposed: bytes = _NO_EXPOSED,
    melds: int = 0,
) -> None:
    """Validate 34 counts plus ``k`` wildcards (and ``melds`` declared melds holding ``exposed``) against
    ``rules`` (shared by the single and batch paths)."""
    total = 0
    for t in range(N_KINDS):
        c = counts[t]
        if c < 0:
            raise HandError(f"{what}: negative count {c} for {tile_name(t)}")
        if c + exposed[t] > 4:
            where = f" ({exposed[t]} of them in melds)" if exposed[t] else ""
            raise HandError(
                f"{what}: {c + exposed[t]} copies of {tile_name(t)}{where} (a tile has only 4 copies; fifth copy)"
            )
        if c and t >= 27 and rules.no_honors:
            raise HandError(f"{what}: honor tile {tile_name(t)} in a game without honors (rules.no_honors)")
        total += c
    total += k
    limit = rules.hand_size + 1 - 3 * melds
    if melds and total < limit - 1:
        raise HandError(
            f"{what}: {total} concealed tiles (wildcards included) and {melds} declared meld(s) make "
            f"{total + 3 * melds} tiles with each meld counted as 3; a hand has {rules.hand_size} (waiting) or "
            f"{rules.hand_size + 1} (complete)"
        )
    if total > limit:
        held = f" besides {melds} declared meld(s)" if melds else ""
        raise HandError(
            f"{what}: {total} tiles (wildcards included){held} is more than the {limit} a hand can hold "
            f"({rules.hand_size} + 1 with each meld counted as 3)"
        )
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


def coerce_hand(
    hand: object, wildcards: object, rules: object, *, complete: bool | None
) -> tuple[bytes, bytes, int, int]:
    """Validate ``hand`` (+ ``wildcards``) under ``rules``: ``(counts, exposed, k, melds)``.

    ``counts`` are the 34 concealed counts, ``exposed`` the 34 counts of the hand's declared melds (zeros unless
    ``hand`` is a :class:`~mahjong.hand.Hand` or notation with melds), ``k`` the wildcard count, ``melds`` how
    many melds the hand declares.
    ``complete=True`` requires ``3n+2`` tiles (wildcards included), ``False`` requires ``3n+1``, ``None``
    accepts either.  Raises :class:`HandError` (fifth copy, negative count, wrong tile count, bad shape or
    dtype, too many wildcards), :class:`TileError` (unreadable tile text or id) or :class:`RulesError`.
    """
    r = coerce_rules(rules)
    k = coerce_wildcards(wildcards, r)
    counts, exposed, melds = _hand_parts(hand, "hand")
    check_row(counts, k, r, complete, exposed=exposed, melds=melds)
    return bytes(counts), exposed, k, melds


def coerce_counts(hand: object, wildcards: object, rules: object, *, complete: bool | None) -> bytes:
    """The 34 concealed counts of :func:`coerce_hand`."""
    return coerce_hand(hand, wildcards, rules, complete=complete)[0]


def coerce_visible(visible: object, counts: bytes, exposed: bytes = _NO_EXPOSED) -> bytes:
    """34 counts of tiles seen outside the hand (discards, other players' melds), checked against ``counts``.

    ``None`` means nothing is visible.  A tile seen more often than the 4 copies minus those in the hand (its
    concealed tiles and its own melds) is a :class:`HandError` naming the tile.
    """
    if visible is None:
        return bytes(N_KINDS)
    if isinstance(visible, str):
        raise HandError("visible must be 34 counts (or a sequence of tile ids), not a notation string")
    vis = _raw_counts(visible, "visible")
    for t in range(N_KINDS):
        v = vis[t]
        if v < 0:
            raise HandError(f"visible: negative count {v} for {tile_name(t)}")
        held = counts[t] + exposed[t]
        if v + held > 4:
            raise HandError(f"visible: {v} copies of {tile_name(t)} seen plus {held} in the hand is more than 4")
    return bytes(vis)


def batch_layout(fmt: str, itemsize: int, ndim: int, shape: Sequence[int], what: str = "hands") -> tuple[int, int]:
    """``(N, code)`` for an ``(N, 34)`` integer buffer (or a flat one of ``N*34`` entries).

    ``code`` tells the compiled reader how to read one entry: ``itemsize | 16 if signed | 32 if the byte order
    is not native``.  :class:`HandError` names a wrong dtype, shape or size.
    """
    prefix, ch = _split_format(fmt, what)
    order = prefix if prefix in ("<", ">", "!", "=") else "@"
    if struct.calcsize(order + ch) != itemsize or itemsize not in (1, 2, 4, 8):
        raise HandError(f"{what}: buffer format {fmt!r} does not match its item size {itemsize}")
    shape = tuple(shape)
    if ndim == 2:
        if shape[1] != N_KINDS:
            raise HandError(f"{what} must have shape N × 34, got shape {shape_text(shape)}")
        n = shape[0]
    elif ndim == 1:
        if shape[0] % N_KINDS:
            raise HandError(f"a flat {what} buffer must hold N*34 counts, got {shape[0]} entries")
        n = shape[0] // N_KINDS
    else:
        raise HandError(f"{what} must have shape N × 34, got shape {shape_text(shape)}")
    if n > MAX_BATCH_ROWS:
        raise HandError(f"{what}: {n} rows is more than the {MAX_BATCH_ROWS} one call accepts; split the batch")
    swapped = (order in (">", "!") and _NATIVE_LITTLE) or (order == "<" and not _NATIVE_LITTLE)
    return n, itemsize | (16 if ch.islower() else 0) | (32 if swapped and itemsize > 1 else 0)


def coerce_batch(hands: object) -> tuple[memoryview | bytes, int]:
    """The batch as something the buffer protocol reads as ``(N, 34)`` integer counts, and ``N``.

    A buffer passes through (checked by :func:`batch_layout`); a list or tuple of rows (each any single-hand
    form without melds) becomes ``N*34`` bytes.  Text, masked arrays and non-integer dtypes raise
    :class:`HandError` naming the problem.  Rows are not range-checked here; the batch kernels check each row
    (:func:`check_row`) and name the bad row.
    """
    if isinstance(hands, str):
        raise HandError("hands must be an (N, 34) integer array, N*34 bytes or a list of rows, not a str")
    if isinstance(hands, (list, tuple)):
        if len(hands) > MAX_BATCH_ROWS:
            raise HandError(f"hands: {len(hands)} rows is more than the {MAX_BATCH_ROWS} one call accepts")
        rows = []
        for i, row in enumerate(hands):
            if isinstance(row, str) and any(ch in _BRACKETS for ch in row):
                raise HandError(f"row {i}: melds in brackets are not read by the batch kernels; pass Hand rows")
            counts = _hand_parts(row, f"row {i}")[0]
            if any(not 0 <= c <= 255 for c in counts):
                bad = next(t for t in range(N_KINDS) if not 0 <= counts[t] <= 255)
                raise HandError(f"row {i}: count {counts[bad]} for {tile_name(bad)} is out of range 0..4")
            rows.append(bytes(counts))
        return b"".join(rows), len(rows)
    view = _memoryview(hands, "hands", "an (N, 34) integer array")
    n, _ = batch_layout(view.format, view.itemsize, view.ndim, view.shape or (), "hands")
    return view, n


def batch_rows(hands: object) -> list[list[int]]:
    """The rows of a batch as lists of 34 ints (the reference backend's reader; not range-checked)."""
    data, n = coerce_batch(hands)
    if n == 0:
        return []
    values = list(data) if isinstance(data, bytes) else _buffer_values(data, "hands")
    return [values[N_KINDS * i : N_KINDS * i + N_KINDS] for i in range(n)]


def coerce_batch_wildcards(wildcards: object, rules: HandRules, n: int) -> int | bytes:
    """One int for every row, or ``n`` per-row counts as ``bytes`` (each ``0..rules.max_wildcards``)."""
    if isinstance(wildcards, bool) or not (
        isinstance(wildcards, (list, tuple, bytes, bytearray, memoryview))
        or hasattr(wildcards, "__array_interface__") or hasattr(wildcards, "__buffer__")
    ):
        return coerce_wildcards(wildcards, rules)
    if hasattr(wildcards, "ndim") and getattr(wildcards, "ndim", 1) == 0:  # a numpy 0-d array: one count
        return coerce_wildcards(wildcards, rules)
    if isinstance(wildcards, (list, tuple)):
        values = _sequence_values(wildcards, "wildcards")
    else:
        view = _memoryview(wildcards, "wildcards", "per-row wildcard counts")
        if view.ndim != 1:
            raise HandError(f"wildcards per row must be 1-D, got shape {shape_text(view.shape)}")
        values = _buffer_values(view, "wildcards")
    if len(values) != n:
        raise HandError(f"wildcards per row: {len(values)} counts for {n} rows")
    for i, k in enumerate(values):
        _check_wildcards(k, rules, f"wildcards of row {i}")
    return bytes(values)


def wants_numpy(hands: object) -> Any:
    """The numpy module when ``hands`` is a numpy array (the batch kernels then return numpy arrays), else None.

    numpy is never imported here: an array can only exist if its caller imported numpy already.
    """
    np = sys.modules.get("numpy")
    if np is not None and isinstance(hands, np.ndarray):
        return np
    return None
