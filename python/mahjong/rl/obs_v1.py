"""Observation encoding ``obs_v1``: one seat's view of the table as a ``(N_PLANES, 42)`` float32 array.

Each plane is 42 wide, one column per tile id of :mod:`mahjong.tiles`: 0-8 万, 9-17 筒, 18-26 条, 27-30 东南西北,
31-33 中发白, 34-41 the bonus tiles 春夏秋冬梅兰竹菊 (flowers; Jinshan's 百搭 are 梅兰竹菊 held in the hand).
Seats are RELATIVE to the observer: 0 = self, 1 = the next seat to play (下家),
2 = across (对家), 3 = the previous seat (上家); in a two-seat game only 0 and 1 are used.  The layout is the same
for every rule set; a plane whose concept a rule set lacks (wildcards, 定缺, 报听, flowers) stays zero there.

The table (``PLANES``) is the one source of the layout: ``docs/observation.md`` is generated from it
(``python -m mahjong.rl.obs_v1``) and a test fails when the two differ.  A change of layout is a new version
(``obs_v2``), never an edit of this one.

The encoder reads only a :class:`SeatView`: the observer's own tiles and public facts.  Another seat's concealed
tiles are not in a ``SeatView`` at all, so they cannot reach the array.

Two encoders give the same array bit for bit: the compiled kernel (``src/mjcore/obs.pxi``, no GIL, fed from a
``SeatView`` here or straight from the compiled game core by :class:`~mahjong.rl.GameBatch`) and its pure-Python
twin :func:`encode_reference`.  :func:`encode` uses the compiled one unless the pure-Python backend is chosen
(``MAHJONG_PURE_PYTHON=1``, or no compiled module).  The kernel's plane offsets are generated from
:data:`PLANES` (``python -m mahjong.rl.obs_v1 --pxi src/mjcore/obs_layout.pxi``); a test fails on drift.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = [
    "VERSION",
    "PLANES",
    "N_PLANES",
    "ORACLE_PLANES",
    "N_ORACLE_PLANES",
    "ORACLE_SHAPE",
    "encode_oracle",
    "oracle_table_markdown",
    "SeatView",
    "encode",
    "encode_reference",
    "plane_offsets",
    "table_markdown",
    "render_pxi",
]

VERSION = "obs_v1"

#: discards kept in order per seat (a seat that discards more keeps its first ``RIVER_SLOTS`` in order;
#: the river-count planes still count every discard)
RIVER_SLOTS = 32
#: scores are divided by this before they go into a plane, then kept within +-SCORE_BOUND
SCORE_SCALE = 100.0
SCORE_BOUND = 1000.0

#: (name, planes, what each plane holds).  ``{r}`` = relative seat 0..3, ``{k}`` = 1..4.
PLANES: tuple[tuple[str, int, str], ...] = (
    ("hand", 4, "own concealed tiles (bonus tiles held, e.g. Jinshan's 百搭, included): plane k-1 is 1 where "
     "the seat holds at least k copies (k = 1..4)"),
    ("melds", 16, "declared melds of relative seat r: plane 4r+k-1 is 1 where its melds hold at least k copies"),
    ("river", 4 * RIVER_SLOTS, f"discards in order: plane {RIVER_SLOTS}r+i is one-hot on relative seat r's "
     f"i-th discard (first {RIVER_SLOTS} kept)"),
    ("river_counts", 4, "how many of each tile relative seat r has discarded, divided by 4"),
    ("river_claimed", 4, "how many of relative seat r's discards were claimed by another seat, divided by 4"),
    ("visible", 4, "every copy this seat can see (own hand, rivers, melds, indicator): plane k-1 is 1 at >= k"),
    ("bonus", 4, "tiles relative seat r has set aside as bonus (花牌 at columns 34-41; Yuhuan's 杠花 at their "
     "own column), count divided by 4"),
    ("wildcards", 1, "1 at each tile kind that is a wildcard (精 / 财神 / 百搭) this hand"),
    ("indicator", 1, "1 at the wildcard indicator tile turned up, if any"),
    ("seat_wind", 1, "1 at the observer's seat-wind tile (columns 27-30)"),
    ("prevalent_wind", 1, "1 at the prevalent-wind tile (columns 27-30)"),
    ("dealer", 4, "plane r is all ones when relative seat r is the dealer"),
    ("scores", 4, "relative seat r's points so far (carried in, plus payments made during this hand, e.g. "
     f"Sichuan's kong payments) divided by {SCORE_SCALE:g} and kept within +-{SCORE_BOUND:g}, the whole plane"),
    ("wall", 1, "live wall tiles left to draw divided by the tiles of the set, the whole plane"),
    ("offered", 1, "1 at the tile this seat may claim now (a discard, or an added kong it may rob)"),
    ("drawn", 1, "1 at the tile the observer has just drawn"),
    ("lack", 4, "1 on the nine columns of the suit relative seat r declared lacking (定缺)"),
    ("ready", 4, "plane r is all ones when relative seat r has declared ready (报听)"),
    ("playing", 4, "plane r is all ones while relative seat r is still playing (血战: winners leave)"),
    ("seats", 4, "plane r is all ones when relative seat r exists (two-seat games: planes 2 and 3 are zero)"),
)

#: The oracle planes (``observation_array(game, seat, oracle=True)``): what no seat sees, after the
#: :data:`PLANES`, for oracle-guided training (a teacher that sees every hand).  Relative seats as above.
ORACLE_PLANES: tuple[tuple[str, int, str], ...] = (
    ("oracle_hands", 16, "concealed tiles of relative seat r, every seat's (its own too): plane 4r+k-1 is 1 where "
     "it holds at least k copies"),
    ("oracle_kongs", 4, "1 at the tile of each concealed kong of relative seat r (face down to the others)"),
    ("oracle_wall", 4, "the live wall's tiles still to draw: plane k-1 is 1 where at least k copies are left"),
    ("oracle_next", 4, "plane i is one-hot on the (i+1)-th tile the wall's front gives next (the Botzone format: "
     "on the next tile of relative seat i's own segment)"),
)

N_PLANES = sum(n for _, n, _ in PLANES)
#: one column per tile id, flowers included (mahjong.tiles.N_TILES)
WIDTH = 42
SHAPE = (N_PLANES, WIDTH)
N_ORACLE_PLANES = sum(n for _, n, _ in ORACLE_PLANES)
#: the shape of an oracle observation: the obs_v1 planes, then the oracle planes
ORACLE_SHAPE = (N_PLANES + N_ORACLE_PLANES, WIDTH)


def plane_offsets(oracle: bool = False) -> dict[str, tuple[int, int]]:
    """name -> (first plane, number of planes); ``oracle=True``: the oracle planes' (after the obs_v1 planes)."""
    out: dict[str, tuple[int, int]] = {}
    at = N_PLANES if oracle else 0
    for name, n, _ in ORACLE_PLANES if oracle else PLANES:
        out[name] = (at, n)
        at += n
    return out


_OFF = plane_offsets()
_HAND, _VISIBLE, _MELDS, _RIVER = _OFF["hand"][0], _OFF["visible"][0], _OFF["melds"][0], _OFF["river"][0]
_RIVER_COUNTS, _RIVER_CLAIMED, _BONUS = _OFF["river_counts"][0], _OFF["river_claimed"][0], _OFF["bonus"][0]
_DEALER, _SCORES, _LACK, _READY = _OFF["dealer"][0], _OFF["scores"][0], _OFF["lack"][0], _OFF["ready"][0]
_PLAYING, _SEATS, _WALL = _OFF["playing"][0], _OFF["seats"][0], _OFF["wall"][0]
_WILDCARDS, _INDICATOR = _OFF["wildcards"][0], _OFF["indicator"][0]
_OFFERED, _DRAWN = _OFF["offered"][0], _OFF["drawn"][0]
_SEAT_WIND, _PREVALENT_WIND = _OFF["seat_wind"][0], _OFF["prevalent_wind"][0]


@dataclass
class SeatView:
    """What one seat may know, with ABSOLUTE seats (the encoder makes them relative).

    ``seats`` are the seats in play in turn order (``(0, 1, 2, 3)``, or two of them); per-seat lists are indexed
    by absolute seat 0..3 (a seat not in ``seats`` has empty entries).
    """

    seat: int
    seats: tuple[int, ...]
    dealer: int
    prevalent_wind: int
    seat_wind: int
    hand: list[int]  #: own concealed counts per tile id (42 slots; 34 are padded with zeros)
    melds: list[list[tuple[int, ...]]]  #: each seat's melds as their tiles
    rivers: list[list[tuple[int, bool]]]  #: each seat's discards (tile, claimed) in order
    visible: list[int]  #: copies this seat sees per tile id (including its own hand; 34 or 42 slots)
    bonus: list[list[int]] = field(default_factory=lambda: [[] for _ in range(4)])
    wildcards: tuple[int, ...] = ()
    indicator: int | None = None
    scores: tuple[int, ...] = (0, 0, 0, 0)
    wall_left: int = 0
    wall_size: int = 1
    offered: int | None = None
    drawn: int | None = None
    lack: list[int | None] = field(default_factory=lambda: [None] * 4)
    ready: list[bool] = field(default_factory=lambda: [False] * 4)
    playing: tuple[int, ...] = (0, 1, 2, 3)


def _relative(view: SeatView) -> list[int]:
    """relative index -> absolute seat (in turn order from the observer)."""
    order = list(view.seats)
    i = order.index(view.seat)
    return order[i:] + order[:i]


def encode(
    view: SeatView, out: npt.NDArray[np.float32] | None = None, *, clear: bool = True
) -> npt.NDArray[np.float32]:
    """The ``obs_v1`` array of one seat's view (written into ``out`` if given, e.g. a row of a batch; pass
    ``clear=False`` when that row is already zero).  ``out`` must be a C-contiguous float32 array of
    :data:`SHAPE` (a row of a C-contiguous ``(m, *SHAPE)`` array is).  A view that is not one (a tile id, seat
    or suit out of range) raises :class:`~mahjong.rl.errors.ObservationError` on the compiled backend."""
    import numpy as np

    if _compiled is None:
        return encode_reference(view, out, clear=clear)
    if out is None:
        out = np.zeros(SHAPE, dtype=np.float32)
        clear = False
    _compiled(view, out, clear)
    return out


def encode_reference(
    view: SeatView, out: npt.NDArray[np.float32] | None = None, *, clear: bool = True
) -> npt.NDArray[np.float32]:
    """The pure-Python twin of the compiled encoder (same arguments, same array bit for bit).

    The entries are gathered in Python as flat indices and written with two numpy assignments: a plane-by-
    plane build costs several times more in numpy call overhead."""
    import numpy as np

    if out is None:
        out = np.zeros(SHAPE, dtype=np.float32)
    elif clear:
        out[...] = 0.0
    W = WIDTH
    idx: list[int] = []  # flat indices set to 1.0
    sparse_idx: list[int] = []  # flat indices with another value
    sparse_val: list[float] = []
    planes: list[int] = []  # whole planes ...
    plane_val: list[float] = []  # ... and their value

    def thermo(first: int, counts: Sequence[int]) -> None:
        base = first * W
        for t, c in enumerate(counts):
            if c:
                for k in range(c if c < 4 else 4):
                    idx.append(base + k * W + t)

    thermo(_HAND, view.hand[:W])
    thermo(_VISIBLE, view.visible[:W])
    for r, seat in enumerate(_relative(view)):
        meld_tiles = [t for meld in view.melds[seat] for t in meld]
        if meld_tiles:
            counts = [0] * W
            for t in meld_tiles:
                counts[t] += 1
            thermo(_MELDS + 4 * r, counts)
        river = view.rivers[seat]
        if river:
            row = (_RIVER + RIVER_SLOTS * r) * W
            seen: dict[int, int] = {}
            claimed: dict[int, int] = {}
            for i, (t, was_claimed) in enumerate(river):
                if i < RIVER_SLOTS:
                    idx.append(row + i * W + t)
                seen[t] = seen.get(t, 0) + 1
                if was_claimed:
                    claimed[t] = claimed.get(t, 0) + 1
            for t, n in seen.items():
                sparse_idx.append((_RIVER_COUNTS + r) * W + t)
                sparse_val.append(0.25 * n)
            for t, n in claimed.items():
                sparse_idx.append((_RIVER_CLAIMED + r) * W + t)
                sparse_val.append(0.25 * n)
        if view.bonus[seat]:
            bonus: dict[int, int] = {}
            for t in view.bonus[seat]:
                bonus[t] = bonus.get(t, 0) + 1
            for t, n in bonus.items():
                sparse_idx.append((_BONUS + r) * W + t)
                sparse_val.append(0.25 * n)
        if seat == view.dealer:
            planes.append(_DEALER + r)
            plane_val.append(1.0)
        if view.scores[seat]:
            planes.append(_SCORES + r)
            plane_val.append(max(-SCORE_BOUND, min(SCORE_BOUND, view.scores[seat] / SCORE_SCALE)))
        suit = view.lack[seat]
        if suit is not None:
            idx.extend(range((_LACK + r) * W + 9 * suit, (_LACK + r) * W + 9 * suit + 9))
        if view.ready[seat]:
            planes.append(_READY + r)
            plane_val.append(1.0)
        if seat in view.playing:
            planes.append(_PLAYING + r)
            plane_val.append(1.0)
        planes.append(_SEATS + r)
        plane_val.append(1.0)
    for t in view.wildcards:
        idx.append(_WILDCARDS * W + t)
    if view.indicator is not None:
        idx.append(_INDICATOR * W + view.indicator)
    idx.append(_SEAT_WIND * W + 27 + view.seat_wind)
    idx.append(_PREVALENT_WIND * W + 27 + view.prevalent_wind)
    planes.append(_WALL)
    plane_val.append(view.wall_left / max(1, view.wall_size))
    if view.offered is not None:
        idx.append(_OFFERED * W + view.offered)
    if view.drawn is not None:
        idx.append(_DRAWN * W + view.drawn)
    flat = out.reshape(-1)
    flat[idx] = 1.0
    if sparse_idx:
        flat[sparse_idx] = sparse_val
    out[planes] = np.asarray(plane_val, dtype=np.float32)[:, None]
    return out


def encode_oracle(oracle: dict[str, Any], seat: int, seats: Sequence[int], out: npt.NDArray[np.float32]) -> None:
    """Write the oracle planes of ``seat`` into ``out`` (an :data:`ORACLE_SHAPE` array whose obs_v1 planes are
    written already; the oracle planes zero) from an observation's ``"oracle"`` entry
    (:meth:`mahjong.game.Game.observe` with ``oracle=True``).  Python only: no compiled twin (a teacher's
    input, read once per decision)."""
    off = plane_offsets(oracle=True)
    order = list(seats)
    i = order.index(seat)
    relative = order[i:] + order[:i]
    hands, kongs, first = off["oracle_hands"][0], off["oracle_kongs"][0], off["oracle_next"][0]
    for r, s in enumerate(relative):
        counts = [0] * WIDTH
        for t in oracle["hands"][s]:
            counts[t] += 1
        for t, c in enumerate(counts):
            if c:
                out[hands + 4 * r : hands + 4 * r + min(c, 4), t] = 1.0
        for t in oracle["concealed_kongs"][s]:
            out[kongs + r, t] = 1.0
    left = [0] * WIDTH
    for t in oracle["wall"]:
        left[t] += 1
    wall = off["oracle_wall"][0]
    for t, c in enumerate(left):
        if c:
            out[wall : wall + min(c, 4), t] = 1.0
    segments = oracle["segments"]
    if segments is None:
        for k, t in enumerate(oracle["wall"][:4]):
            out[first + k, t] = 1.0
    else:
        for r, s in enumerate(relative):
            if segments[s]:
                out[first + r, segments[s][0]] = 1.0


def _table(planes: Sequence[tuple[str, int, str]], offsets: dict[str, tuple[int, int]], heading: str) -> str:
    lines = [f"| planes | name | {heading} |", "| --- | --- | --- |"]
    for name, (first, n) in offsets.items():
        text = next(t for nm, _, t in planes if nm == name)
        span = f"{first}" if n == 1 else f"{first}-{first + n - 1}"
        lines.append(f"| {span} | `{name}` | {text} |")
    return "\n".join(lines) + "\n"


def table_markdown() -> str:
    """The plane table of ``docs/observation.md`` (generated from :data:`PLANES`)."""
    return _table(PLANES, _OFF, f"what it holds (`{VERSION}`, shape ({N_PLANES}, {WIDTH}), float32)")


def oracle_table_markdown() -> str:
    """The oracle plane table of ``docs/observation.md`` (generated from :data:`ORACLE_PLANES`)."""
    shape = f"({ORACLE_SHAPE[0]}, {WIDTH})"
    return _table(ORACLE_PLANES, plane_offsets(oracle=True),
                  f"what it holds (after the `{VERSION}` planes: shape {shape} with `oracle=True`)")


def render_pxi() -> str:
    """The text of ``src/mjcore/obs_layout.pxi``: the layout as C constants for the compiled encoder."""
    lines = [
        "# GENERATED from python/mahjong/rl/obs_v1.py (PLANES) by",
        "#     python -m mahjong.rl.obs_v1 --pxi src/mjcore/obs_layout.pxi",
        "# Do not edit: change PLANES (a new obs version) and regenerate (tests_rl/test_obs_kernel.py checks it).",
        "",
        "cdef enum:",
        f"    OBS_N_PLANES = {N_PLANES}",
        f"    OBS_WIDTH = {WIDTH}",
        f"    OBS_SIZE = {N_PLANES * WIDTH}",
        f"    OBS_RIVER_SLOTS = {RIVER_SLOTS}",
    ]
    lines += [f"    OBS_P_{name.upper()} = {first}" for name, (first, _) in _OFF.items()]
    lines += [
        "",
        f"cdef double OBS_SCORE_SCALE = {SCORE_SCALE!r}",
        f"cdef double OBS_SCORE_BOUND = {SCORE_BOUND!r}",
        "",
    ]
    return "\n".join(lines)


def _main(argv: Sequence[str]) -> int:
    """No argument: print the doc table; ``--oracle``: the oracle planes' table; ``--pxi PATH``: write the
    compiled encoder's layout constants."""
    if len(argv) == 2 and argv[0] == "--pxi":
        with open(argv[1], "w", encoding="utf-8", newline="\n") as f:
            f.write(render_pxi())
        return 0
    if argv == ["--oracle"]:
        print(oracle_table_markdown(), end="")
        return 0
    if argv:
        print("usage: python -m mahjong.rl.obs_v1 [--oracle | --pxi PATH]")
        return 2
    print(table_markdown(), end="")
    return 0


def _compiled_encoder() -> Any:
    from mahjong import _kernels

    return getattr(_kernels.backend_module, "_obs_v1_encode", None)


#: the compiled encoder (None on the pure-Python backend): chosen where the kernels' backend is
_compiled = _compiled_encoder()

if __name__ == "__main__":  # pragma: no cover - the generators
    import sys

    raise SystemExit(_main(sys.argv[1:]))
