"""The hand model: concealed tiles, declared melds, flowers, the winning tile.

Notation (see DESIGN.md and the README)::

    [123m,1][5555p]789s11z E        chow claimed from the left, concealed kong, concealed 789s 11z, win tile E
    [555p,2]  pung from seat offset 2 (1 = 上家 left, 2 = 对家 across, 3 = 下家 right)
    [5555p,3] melded kong (明杠) from seat 3;  [5555p] or [5555p,0] concealed kong (暗杠)
    [5555p,2+] added kong (加杠): a pung from seat 2, upgraded with the fourth tile
    f1 f2 / 春 夏  flowers, anywhere outside brackets

For a complete hand (``3n+2`` tiles, kongs counted as 3) the last concealed tile written is the winning tile
unless ``win_tile`` is given.
"""

from __future__ import annotations

import enum
import functools
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from mahjong.errors import HandError, MeldError, TileError
from mahjong.tiles import (
    FLOWER_BASE,
    N_KINDS,
    Style,
    _bad,
    _token_ids,
    check_style,
    check_text,
    format_tiles,
    is_flower,
    is_honor,
    is_wind,
    normalize_text,
    parse_tiles,
    tile_name,
)

__all__ = ["MeldKind", "Meld", "Hand", "parse_hand", "format_hand"]


class MeldKind(enum.Enum):
    CHOW = "chow"  #: 吃 (from the left)
    PUNG = "pung"  #: 碰
    KONG = "kong"  #: 明杠 — claimed from a discard
    ADDED_KONG = "added_kong"  #: 加杠 / 补杠 — an exposed pung upgraded with the fourth tile
    CONCEALED_KONG = "concealed_kong"  #: 暗杠

    @property
    def is_kong(self) -> bool:
        return self in (MeldKind.KONG, MeldKind.ADDED_KONG, MeldKind.CONCEALED_KONG)


#: each meld kind's byte in :attr:`Meld.packed` (its position in MeldKind)
MELD_KIND_CODES: dict[MeldKind, int] = {k: i for i, k in enumerate(MeldKind)}


def _is_honor_sequence(tiles: Sequence[int]) -> bool:
    """Nanchang: three different winds, or 中发白."""
    if len(set(tiles)) != 3:
        return False
    return all(is_wind(t) for t in tiles) or sorted(tiles) == [31, 32, 33]


@dataclass(frozen=True)
class Meld:
    """A declared meld.  ``tiles`` are sorted ids; ``claimed_from`` is the seat offset the tile came from
    (1 = 上家 left, 2 = 对家, 3 = 下家), ``None`` for a concealed kong or an unknown source."""

    kind: MeldKind
    tiles: tuple[int, ...]
    claimed_from: int | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.kind, MeldKind):
            raise MeldError(f"kind must be a MeldKind (e.g. MeldKind.PUNG), got {type(self.kind).__name__}")
        if isinstance(self.tiles, (str, bytes)) or not isinstance(self.tiles, Iterable):
            raise MeldError(f"meld tiles must be a sequence of tile ids, got {type(self.tiles).__name__}")
        try:
            raw = tuple(self.tiles)
        except Exception as e:  # the caller's own iterator failed: say so, keep its error as the cause
            raise MeldError(f"cannot read the meld tiles ({type(e).__name__}: {e})") from e
        if len(raw) > 4:
            raise MeldError(f"a meld has 3 or 4 tiles, got {len(raw)}")
        for t in raw:
            if type(t) is not int or not 0 <= t < N_KINDS:
                raise MeldError(f"meld tile must be a tile id 0..33, got {type(t).__name__} {t!r}")
        tiles = tuple(sorted(raw))
        object.__setattr__(self, "tiles", tiles)
        k = self.kind
        if self.claimed_from is not None and (type(self.claimed_from) is not int or self.claimed_from not in (1, 2, 3)):
            raise MeldError(f"claimed_from must be 1, 2 or 3 (seat offset), got {self.claimed_from!r}")
        if k is MeldKind.CHOW:
            if len(tiles) != 3:
                raise MeldError(f"a chow has 3 tiles, got {len(tiles)}")
            if self.claimed_from not in (None, 1):
                raise MeldError(f"a chow can only be claimed from the left (seat 1), not seat {self.claimed_from}")
            a, b, c = tiles
            suited_run = c < 27 and a // 9 == c // 9 and b == a + 1 and c == a + 2
            if not suited_run and not _is_honor_sequence(tiles):
                raise MeldError(f"not a chow: {format_tiles(tiles)} (three consecutive tiles of one suit)")
        elif k is MeldKind.PUNG:
            if len(tiles) != 3 or len(set(tiles)) != 1:
                raise MeldError(f"a pung is 3 copies of one tile, got {format_tiles(tiles)}")
        else:
            if len(tiles) != 4 or len(set(tiles)) != 1:
                raise MeldError(f"a kong is 4 copies of one tile, got {format_tiles(tiles)}")
            if k is MeldKind.CONCEALED_KONG and self.claimed_from is not None:
                raise MeldError("a concealed kong is not claimed from anyone")

    @property
    def is_concealed(self) -> bool:
        return self.kind is MeldKind.CONCEALED_KONG

    @property
    def is_kong(self) -> bool:
        return self.kind.is_kong

    @property
    def is_honor_sequence(self) -> bool:
        return self.kind is MeldKind.CHOW and is_honor(self.tiles[0])

    @property
    def tile(self) -> int:
        """The lowest tile (a chow's first tile, a pung's or kong's tile)."""
        return self.tiles[0]

    @functools.cached_property
    def packed(self) -> bytes:
        """The meld as 3 bytes for the compiled scorers: its kind (:data:`MELD_KIND_CODES`), its lowest tile, the
        seat offset it was claimed from (0: none).  Worked out once per meld."""
        return bytes((MELD_KIND_CODES[self.kind], self.tiles[0], self.claimed_from or 0))

    def __str__(self) -> str:
        return _format_meld(self, "ascii")


@dataclass(frozen=True)
class Hand:
    """A player's hand.  ``concealed`` holds sorted tile ids (the winning tile included when complete)."""

    concealed: tuple[int, ...]
    melds: tuple[Meld, ...] = ()
    flowers: tuple[int, ...] = ()
    win_tile: int | None = None
    counts: bytes = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        for name in ("concealed", "melds", "flowers"):
            v = getattr(self, name)
            if isinstance(v, (str, bytes, dict)) or not isinstance(v, Iterable):
                raise HandError(f"{name} must be a sequence, got {type(v).__name__} (use parse_hand for notation)")
        try:
            raw, melds, raw_flowers = tuple(self.concealed), tuple(self.melds), tuple(self.flowers)
        except Exception as e:  # the caller's own iterator failed: say so, keep its error as the cause
            raise HandError(f"cannot read the hand's tiles ({type(e).__name__}: {e})") from e
        if len(raw) > MAX_CONCEALED:
            raise HandError(f"{len(raw)} concealed tiles: a hand holds at most {MAX_CONCEALED}")
        bad = next((t for t in raw if type(t) is not int or not 0 <= t < N_KINDS), None)
        if bad is not None or any(type(t) is not int for t in raw):
            raise HandError(f"concealed tiles must be tile ids 0..33, got {type(bad).__name__} {bad!r}")
        concealed = tuple(sorted(raw))
        if len(melds) > MAX_MELDS:
            raise HandError(f"{len(melds)} melds: a hand declares at most {MAX_MELDS}")
        for f in raw_flowers:
            if type(f) is not int or not is_flower(f):
                raise HandError(f"not a flower: {f!r} (flowers are tile ids 34..41, f1-f8)")
        flowers = tuple(sorted(raw_flowers))
        object.__setattr__(self, "concealed", concealed)
        object.__setattr__(self, "melds", melds)
        object.__setattr__(self, "flowers", flowers)
        for m in melds:
            if type(m) is not Meld:
                raise HandError(f"melds must be Meld objects, got {type(m).__name__}")
        self._count_and_check()

    @classmethod
    def _from_parser(cls, concealed: list[int], melds: list[Meld], flowers: list[int], win_tile: int | None) -> Hand:
        """The notation reader's constructor: its tile ids and melds are already checked one by one, so only the
        whole-hand checks (fifth copies, repeated flowers, the winning tile) run again."""
        hand = object.__new__(cls)
        concealed.sort()
        flowers.sort()
        object.__setattr__(hand, "concealed", tuple(concealed))
        object.__setattr__(hand, "melds", tuple(melds))
        object.__setattr__(hand, "flowers", tuple(flowers))
        object.__setattr__(hand, "win_tile", win_tile)
        hand._count_and_check()
        return hand

    def _count_and_check(self) -> None:
        concealed, melds, flowers = self.concealed, self.melds, self.flowers
        if len(set(flowers)) != len(flowers):
            raise HandError("a flower appears twice (each of the 8 flowers exists once)")
        counts = [0] * N_KINDS
        for t in concealed:
            counts[t] += 1
        all_counts = counts
        if melds:
            all_counts = list(counts)
            for m in melds:
                for t in m.tiles:
                    all_counts[t] += 1
        if max(all_counts) > 4:
            t = max(range(N_KINDS), key=all_counts.__getitem__)
            raise HandError(f"{all_counts[t]} copies of {tile_name(t)} (there are only 4)")
        if self.win_tile is not None:
            if type(self.win_tile) is not int or not 0 <= self.win_tile < N_KINDS:
                raise HandError(f"win tile id out of range: {self.win_tile!r}")
            if counts[self.win_tile] == 0:
                raise HandError(f"the winning tile {tile_name(self.win_tile)} is not among the concealed tiles")
        object.__setattr__(self, "counts", bytes(counts))

    # --- derived views ------------------------------------------------------------------------

    @property
    def tile_count(self) -> int:
        """Tiles in hand with each kong counted as 3 (13 + 1 for a complete 13-tile game)."""
        return len(self.concealed) + 3 * len(self.melds)

    @property
    def all_counts(self) -> list[int]:
        """34 counts of every tile in the hand, melds included (a kong counts 4)."""
        c = list(self.counts)
        for m in self.melds:
            for t in m.tiles:
                c[t] += 1
        return c

    @property
    def is_concealed(self) -> bool:
        """门前清: no melds claimed from others (concealed kongs allowed)."""
        return all(m.is_concealed for m in self.melds)

    @functools.cached_property
    def packed(self) -> bytes:
        """The hand as bytes for the compiled scorers, worked out once per hand (no per-tile objects): the 34
        concealed counts (:attr:`counts`), the winning tile (255: none), the number of flowers, the number of
        melds, then each meld's :attr:`Meld.packed`."""
        head = bytes((255 if self.win_tile is None else self.win_tile, len(self.flowers), len(self.melds)))
        return b"".join([self.counts, head, *[m.packed for m in self.melds]])

    def check_size(self, hand_size: int = 13, *, complete: bool | None = None) -> None:
        """Raise :class:`HandError` unless the tile count fits ``hand_size`` (``3n+1`` waiting, ``3n+2`` complete)."""
        if type(hand_size) is not int or hand_size not in (13, 16):
            raise HandError(f"hand_size must be 13 or 16, got {hand_size!r}")
        if len(self.melds) > (hand_size - 1) // 3:
            raise HandError(f"{len(self.melds)} melds: at most {(hand_size - 1) // 3} for a {hand_size}-tile hand")
        n = self.tile_count
        if n == hand_size + 1:
            if complete is False:
                raise HandError(f"{n} tiles: expected {hand_size} (a hand waiting for a tile)")
        elif n == hand_size:
            if complete is True:
                raise HandError(f"{n} tiles: expected {hand_size + 1} (a complete hand, kongs counted as 3)")
        else:
            raise HandError(code="count-any", n=n, size=hand_size, size1=hand_size + 1)

    def winning_tile(self) -> int:
        """The winning tile: ``win_tile`` or, failing that, the last concealed tile written."""
        if self.win_tile is None:
            raise HandError("the hand has no winning tile")
        return self.win_tile

    def __str__(self) -> str:
        return format_hand(self)


#: Caps on a Hand's parts, far above any real hand (a 16-tile hand and its winning tile, plus tiles that some
#: rule sets set aside like flowers; five melds); the rule sets check the exact size.
MAX_CONCEALED = 32
MAX_MELDS = 6

_MELD_RE = re.compile(r"\[([^\[\]]*)\]")
_ASCII_HAND = re.compile(r"(?:\[[^\[\]]*\]|[1-9]+[mps]|[1-7]+z|[ESWNCFP]|f[1-8]|[ ,])*")
_HAND_TOKEN = re.compile(r"\[([^\[\]]*)\]|[1-9]+[mpsz]|[ESWNCFP]|f[1-8]")
_MELD_CACHE: dict[str, Meld] = {}
_MELD_CACHE_MAX = 20_000  # every legal meld text is short; bound it anyway against adversarial input


def _parse_meld(body: str, offset: int, text: str) -> Meld:
    meld = _MELD_CACHE.get(body)
    if meld is None:
        meld = _read_meld(body, offset, text)
        if len(_MELD_CACHE) < _MELD_CACHE_MAX:
            _MELD_CACHE[body] = meld
    return meld


def _read_meld(body: str, offset: int, text: str) -> Meld:
    seat: int | None = None
    added = False
    tiles_text = body
    if "," in body:
        tiles_text, seat_text = body.rsplit(",", 1)
        seat_text = seat_text.strip()
        if seat_text.endswith("+"):
            added = True
            seat_text = seat_text[:-1]
        if seat_text == "":
            seat = None
        elif seat_text in ("0", "1", "2", "3"):
            seat = int(seat_text)
        else:
            raise MeldError(f"bad claim seat {seat_text!r} in meld [{body}] at position {offset} of {text!r}")
    try:
        tiles = parse_tiles(tiles_text)
    except TileError as e:
        raise MeldError(f"in meld [{body}] at position {offset} of {text!r}: {e}") from None
    if any(is_flower(t) for t in tiles):
        raise MeldError(f"flowers cannot be melded: [{body}] at position {offset}")
    try:
        if len(tiles) == 4:
            if added:
                return Meld(MeldKind.ADDED_KONG, tuple(tiles), seat or None)
            if seat in (None, 0):
                return Meld(MeldKind.CONCEALED_KONG, tuple(tiles))
            return Meld(MeldKind.KONG, tuple(tiles), seat)
        if added:
            raise MeldError("'+' (added kong) needs four tiles")
        if seat == 0:
            raise MeldError("seat 0 (concealed) is only for a kong")
        if len(tiles) == 3:
            kind = MeldKind.PUNG if len(set(tiles)) == 1 else MeldKind.CHOW
            return Meld(kind, tuple(tiles), seat)
        raise MeldError(f"a meld has 3 or 4 tiles, got {len(tiles)}")
    except MeldError as e:
        raise MeldError(f"meld [{body}] at position {offset} of {text!r}: {e}") from None


def parse_hand(text: str, *, win_tile: int | str | None = None, infer_win_tile: bool = True) -> Hand:
    """Read a hand in the project notation.

    If the hand is complete (``3n+2`` tiles with kongs counted as 3) and ``win_tile`` is not given, the last
    concealed tile written is the winning tile (set ``infer_win_tile=False`` to leave it unset).
    """
    text = _hand_text(text)
    if isinstance(win_tile, bool) or not isinstance(win_tile, (int, str, type(None))):
        raise HandError(f"win_tile must be a tile id or tile text, got {type(win_tile).__name__}")
    if isinstance(win_tile, str):
        check_text(win_tile, "win_tile")
    if not isinstance(infer_win_tile, bool):
        raise HandError(f"infer_win_tile must be true or false, got {infer_win_tile!r}")
    return _parse_hand_cached(text, win_tile, infer_win_tile)


def parse_hand_uncached(text: str) -> Hand:
    """:func:`parse_hand` (default options) for a caller that keeps the :class:`Hand` it gets: the parsed hand
    is not put in the cache of repeated texts, where a stream of distinct hands (a simulation's wins) would
    only fill it."""
    return _read_hand(_hand_text(text), None, True)


def _hand_text(text: str) -> str:
    """Hand notation checked as text (a bounded str) and normalized for the reader."""
    if not isinstance(text, str):
        raise HandError(f"hand text must be a str, got {type(text).__name__}")
    check_text(text, "hand text")
    return normalize_text(text)


def _read_hand(text: str, win_tile: int | str | None, infer_win_tile: bool) -> Hand:
    melds: list[Meld] = []
    loose: list[int] = []
    if _ASCII_HAND.fullmatch(text):
        # plain ascii notation: one pass over its tokens (the usual case, and the one that must be fast)
        for m in _HAND_TOKEN.finditer(text):
            body = m.group(1)
            if body is not None:
                melds.append(_parse_meld(body, m.start(), text))
            else:
                loose.extend(_token_ids(m.group()))
    else:  # Chinese names, glyphs, or an error to report with its position
        pos = 0
        for m in _MELD_RE.finditer(text):
            loose.extend(_parse_loose(text, pos, m.start()))
            melds.append(_parse_meld(m.group(1), m.start(), text))
            pos = m.end()
        loose.extend(_parse_loose(text, pos, len(text)))
    flowers = [t for t in loose if t >= FLOWER_BASE]
    concealed = [t for t in loose if t < FLOWER_BASE] if flowers else loose
    if isinstance(win_tile, str):
        win_tile = _one_tile(win_tile)
    if len(concealed) > MAX_CONCEALED:
        raise HandError(
            f"{len(concealed)} concealed tiles typed (plus {len(melds)} melds): a hand holds at most "
            f"{MAX_CONCEALED}; check the text {text if len(text) <= 60 else text[:57] + '...'!r}"
        )
    if len(melds) > MAX_MELDS:
        raise HandError(f"{len(melds)} melds typed: a hand declares at most {MAX_MELDS}")
    if win_tile is None and infer_win_tile and concealed and (len(concealed) + 3 * len(melds)) % 3 == 2:
        win_tile = concealed[-1]
    return Hand._from_parser(concealed, melds, flowers, win_tile)


# Hands are immutable, so a server's or a calculator's repeated texts share one parsed Hand.
# (1,024: a web calculator's repeated texts hit it — 2,181 hits to 501 misses over 3,000 mixed requests, its
# working set under 500 texts; a simulation's wins are distinct hands and never hit, so 4,096 parsed hands,
# some 2.5 MB, were only memory)
_parse_hand_cached = functools.lru_cache(maxsize=1024)(_read_hand)


def _one_tile(text: str) -> int:
    tiles = parse_tiles(text)
    if len(tiles) != 1:
        raise TileError(f"expected one tile, got {text!r}")
    return tiles[0]


def _parse_loose(text: str, start: int, end: int) -> list[int]:
    part = text[start:end]
    if not part:
        return []
    if "[" in part or "]" in part:
        bad = start + max(part.find("["), part.find("]"))
        raise HandError(f"unbalanced bracket at position {bad} in {text!r}")
    try:
        return parse_tiles(part)
    except TileError as e:
        # re-anchor the position on the whole text
        m = re.match(r"(.*?) at position (\d+)", str(e))
        if m:
            raise _bad(text, int(m.group(2)) + start, m.group(1)) from None
        raise


def _format_meld(m: Meld, style: Style) -> str:
    """One meld in the notation parse_hand reads back, in any style."""
    if style == "ascii" and m.is_honor_sequence:
        body = "".join(tile_name(t) for t in m.tiles)
    else:
        body = format_tiles(m.tiles, style)
    if m.kind is MeldKind.CONCEALED_KONG:
        return f"[{body}]"
    seat = "" if m.claimed_from is None else f",{m.claimed_from}"
    if m.kind is MeldKind.ADDED_KONG:
        seat = f",{m.claimed_from or ''}+"
    return f"[{body}{seat}]"


def format_hand(hand: Hand, style: Style = "ascii") -> str:
    """Print a hand: melds first, then concealed tiles (winning tile last), then flowers.

    Every style reads back with :func:`parse_hand` to the same hand.
    """
    if not isinstance(hand, Hand):
        raise HandError(f"format_hand takes a mahjong.Hand, got {type(hand).__name__} (parse_hand reads text)")
    check_style(style)
    parts = [_format_meld(m, style) for m in hand.melds]
    concealed = list(hand.concealed)
    tail: list[int] = []
    if hand.win_tile is not None:
        concealed.remove(hand.win_tile)
        tail = [hand.win_tile]
    sep = " " if style == "chinese" else ""
    body = format_tiles(concealed, style)
    if tail:
        body = body + (" " if style != "unicode" else "") + format_tiles(tail, style)
    parts.append(body)
    if hand.flowers:
        parts.append(" " + format_tiles(hand.flowers, style))
    return sep.join(p for p in parts if p)


def hand_from_tiles(tiles: Iterable[int]) -> Hand:
    """A concealed hand from tile ids (no melds)."""
    return Hand(tuple(tiles))
