"""The reading view: one decomposition of a winning hand, with its declared melds and win facts, built once per
reading and read by every predicate of the library (:mod:`mahjong.rulebook.predicates`).

What it holds: every set with its kind (``"chow"``, ``"pung"``, ``"kong"``), first tile and whether it is
concealed or claimed; the pair; the wait (``"single"`` when the winning tile was the only one completing the
pair); the wildcard substitutions; the 34 counts of the hand as read (wildcards counted as what they stand for);
and the derived win facts of the context (self-drawn, seat wind, dealer …).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any

from mahjong._kernels import backend_module as K
from mahjong.framework import WinContext, field_names
from mahjong.hand import Hand, MeldKind
from mahjong.rules import HandRules
from mahjong.tiles import N_KINDS, suit_of
from mahjong.types import Decomposition, Form

__all__ = ["WAITS", "TileSet", "Reading", "build_reading", "placement_wait", "split_wildcards", "stand_ins",
           "field_names", "win_facts", "win_placements", "set_reading"]


#: the waits of a placed reading (:func:`placement_wait`)
WAITS = ("single", "closed", "edge", "dual-pung", "two-sided")


@dataclass(frozen=True)
class TileSet:
    """One set of a reading: ``kind`` ``"chow"`` / ``"pung"`` / ``"kong"``, its first (lowest) tile,
    ``concealed`` (in hand, or a concealed kong) and ``claimed`` (declared from another player's discard)."""

    kind: str
    tile: int
    concealed: bool
    claimed: bool
    #: an honor sequence's three tiles (三个不同的风 such as 东南北, or 中发白), which do not follow on from its
    #: first tile; empty for every other set (rbflow)
    members: tuple[int, ...] = ()

    @property
    def is_triplet(self) -> bool:
        """A pung or a kong."""
        return self.kind != "chow"

    @property
    def tiles(self) -> tuple[int, ...]:
        if self.members:
            return self.members
        if self.kind == "chow":
            return (self.tile, self.tile + 1, self.tile + 2)
        return (self.tile,) * 3


@dataclass(frozen=True)
class Reading:
    """A winning hand under one reading.  Built by :func:`build_reading`; predicates only read it."""

    hand: Hand
    decomposition: Decomposition
    context: WinContext
    sets: tuple[TileSet, ...]
    pair: int | None
    counts: tuple[int, ...]
    wait: str | None
    wildcards_held: int
    #: win facts by name: every WinContext field and its derived properties, plus the rule file's own facts
    facts: Mapping[str, Any] = field(default_factory=dict)
    #: the wildcard tiles themselves (their own kinds), as taken out of the hand before the kernels read it
    wildcard_tiles: tuple[int, ...] = ()
    #: (the tile the winning tile is read as, the group it completed) when the rule set scores each placement of
    #: the winning tile (see :func:`build_reading`); ``None`` otherwise
    placement: tuple[int, tuple[int, ...]] | None = None

    @property
    def form(self) -> Form:
        return self.decomposition.form

    @property
    def regular(self) -> bool:
        return self.decomposition.form is Form.REGULAR

    @property
    def substitutions(self) -> tuple[int, ...]:
        """What each wildcard stands for in this reading."""
        return self.decomposition.wildcards

    def stand_ins(self, face_value: bool = False) -> tuple[int, ...]:
        """What the wildcards stand for (sorted); with ``face_value`` a wildcard read as its own tile (还原) is
        left out (:func:`stand_ins`)."""
        return stand_ins(self.decomposition.wildcards, self.wildcard_tiles, face_value)

    def tiles(self) -> list[int]:
        """The tile kinds present (as read).  (The list is kept for the reading's other predicates: do not
        change it.)"""
        return self._kinds

    @cached_property
    def _kinds(self) -> list[int]:
        return [t for t in range(N_KINDS) if self.counts[t]]

    @cached_property
    def suits(self) -> frozenset[int]:
        return frozenset(suit_of(t) for t in self._kinds if t < 27)

    def triplets(self) -> list[int]:
        return [s.tile for s in self.sets if s.is_triplet]

    def chows(self) -> list[int]:
        return [s.tile for s in self.sets if s.kind == "chow"]

    def groups(self) -> list[tuple[int, ...]]:
        """Every set and the pair, as tiles."""
        out: list[tuple[int, ...]] = [s.tiles for s in self.sets]
        if self.pair is not None:
            out.append((self.pair, self.pair))
        return out


def split_wildcards(concealed: tuple[int, ...] | list[int], wildcard_kinds: frozenset[int]) -> tuple[list[int], int]:
    """The 34 counts of the real tiles and the number of wildcards among ``concealed``."""
    counts = [0] * N_KINDS
    wild = 0
    for t in concealed:
        if t in wildcard_kinds:
            wild += 1
        else:
            counts[t] += 1
    return counts, wild


def stand_ins(substitutions: tuple[int, ...], wildcard_tiles: tuple[int, ...], face_value: bool) -> tuple[int, ...]:
    """What wildcards stand for (sorted), given what each stands for and the wildcard tiles themselves; with
    ``face_value`` each wildcard copy may stand for its own kind once, and is then left out (还原)."""
    out = sorted(substitutions)
    if face_value:
        for t in wildcard_tiles:
            if t in out:
                out.remove(t)
    return tuple(out)


def win_facts(ctx: WinContext, extra: Mapping[str, Any]) -> dict[str, Any]:
    """The win facts a reading holds: every field of the context, its derived facts, and ``extra``."""
    facts: dict[str, Any] = {n: getattr(ctx, n) for n in field_names(type(ctx))}
    facts["self_drawn"] = ctx.self_drawn
    facts["winner_is_dealer"] = ctx.winner_is_dealer
    facts["seat_wind"] = ctx.wind
    facts.update(extra)
    return facts


def placement_wait(tile: int, group: tuple[int, ...]) -> str:
    """How the winning tile completed its group: ``"single"`` (the pair), ``"dual-pung"`` (a pung),
    ``"closed"`` (a chow's middle tile), ``"edge"`` (the 3 of 123 or the 7 of 789) or ``"two-sided"``."""
    if len(group) == 2:
        return "single"
    if group[0] == group[1]:
        return "dual-pung"
    if tile == group[1]:
        return "closed"
    rank = group[0] % 9  # 0 for 123, 6 for 789
    if (rank == 0 and tile == group[2]) or (rank == 6 and tile == group[0]):
        return "edge"
    return "two-sided"


def build_reading(
    hand: Hand,
    d: Decomposition,
    ctx: WinContext,
    rules: HandRules,
    wildcard_kinds: frozenset[int] = frozenset(),
    extra_facts: Mapping[str, Any] | None = None,
    *,
    wildcard_tiles: tuple[int, ...] | None = None,
    find_wait: bool = True,
    facts: Mapping[str, Any] | None = None,
    placement: tuple[int, tuple[int, ...]] | None = None,
) -> Reading:
    """The view of one reading.  A triplet completed by a discard is not concealed, unless the winning tile can be
    read into another group of the same reading (the usual practice, as in Guobiao).

    ``wildcard_tiles``: the wildcard tiles the caller took out of the hand before the kernels read it, when it chose
    them itself (a discarded wildcard won on may count as a plain tile); by default every concealed tile of a
    ``wildcard_kinds`` kind.  ``find_wait=False`` leaves the wait out (``None``) for a rule book that never reads
    it; ``facts``: the win facts already worked out (:func:`win_facts` of the same context and extra facts), for a
    hand read several ways.

    ``placement`` (rule sets that score every group the winning tile may have completed, such as Yuhuan): the tile
    the winning tile is read as and that group.  The triplet completed by a discard is then exposed exactly when it
    is that group, and the wait is how the group was completed (:func:`placement_wait`)."""
    win = hand.win_tile
    sets: list[TileSet] = []
    for m in hand.melds:
        kind = "chow" if m.kind is MeldKind.CHOW else ("kong" if m.is_kong else "pung")
        concealed = m.kind is MeldKind.CONCEALED_KONG
        sets.append(TileSet(kind, m.tile, concealed, not concealed, _honor_members(kind, tuple(m.tiles))))
    if placement is not None:
        exposed = not ctx.self_drawn and len(placement[1]) == 3 and placement[1][0] == placement[1][1]
        for g in d.melds:
            if g[0] == g[1]:
                sets.append(TileSet("pung", g[0], not (exposed and g == placement[1]), False))
                exposed = exposed and g != placement[1]  # only one copy of that group was completed
            else:
                sets.append(TileSet("chow", g[0], True, False, _honor_members("chow", tuple(g))))
    else:
        in_other = win is not None and (
            any(win in (a, b, c) and not a == b == c for a, b, c in d.melds)
            or (d.form is Form.REGULAR and bool(d.pairs) and d.pairs[0] == win)
        )
        for a, b, c in d.melds:
            if a == b == c:
                sets.append(TileSet("pung", a, ctx.self_drawn or a != win or in_other, False))
            else:
                sets.append(TileSet("chow", a, True, False, _honor_members("chow", (a, b, c))))
    pair = d.pairs[0] if d.form is Form.REGULAR and d.pairs else None
    wait = None
    if placement is not None:
        wait = placement_wait(*placement)
    elif find_wait and win is not None and d.form is Form.REGULAR and pair == win:
        rest = list(hand.concealed)
        rest.remove(win)
        real, wild = split_wildcards(rest, wildcard_kinds)
        if K.waits(bytes(real), wild, rules).tiles == (win,):
            wait = "single"
    counts = [0] * N_KINDS
    for s in sets:
        for t in s.tiles:
            counts[t] += 1
        if s.kind == "kong":
            counts[s.tile] += 1
    for p in d.pairs:
        counts[p] += 2
    for t in d.singles:
        counts[t] += 1
    if wildcard_tiles is None:
        wildcard_tiles = tuple(t for t in hand.concealed if t in wildcard_kinds)
    return Reading(hand, d, ctx, tuple(sets), pair, tuple(counts), wait, len(wildcard_tiles),
                   win_facts(ctx, extra_facts or {}) if facts is None else facts, wildcard_tiles=wildcard_tiles,
                   placement=placement)


# --- where the winning tile sits (rb-jw) -------------------------------------------------------------------------

def _honor_members(kind: str, tiles: tuple[int, ...]) -> tuple[int, ...]:
    """An honor sequence's own tiles (sorted), for :attr:`TileSet.members`; () for any other set."""
    return tuple(sorted(tiles)) if kind == "chow" and tiles and tiles[0] >= 27 else ()


def _chow_wait(first: int, win: int) -> str:
    """卡 (the middle tile), 边 (the 3 of 123, the 7 of 789) or 两头 (either end otherwise)."""
    if win == first + 1:
        return "closed"
    if (win == first + 2 and first % 9 == 0) or (win == first and first % 9 == 6):
        return "edge"
    return "two-sided"


def win_placements(v: Reading, win_kinds: Iterable[int] | None = None) -> list[Reading]:
    """The reading once for each place the winning tile can take in it, for games that price the wait by where
    the winning tile sits (a copy of the winning kind is interchangeable with any other, so any concealed set or
    the pair holding that kind may hold it).

    ``win_kinds``: the kinds the winning tile may be (default: the hand's winning tile; a drawn wildcard as the
    winning tile may be any kind it stands for).  Each copy has ``wait`` = ``"two-sided"`` / ``"closed"`` /
    ``"edge"`` (a chow), ``"dual-pung"`` (a triplet), ``"single"`` (the pair, or a 七对 pair); the triplet it
    completes is concealed only on a self-draw; and the facts ``win_tile`` (the kind placed) and ``win_set`` (its
    index in ``sets``; -1 for the pair or a special form).  A special form other than 七对 (十三幺, 十三不靠) gets
    one copy with no wait."""
    kinds = sorted(set(win_kinds) if win_kinds is not None else
                   ({v.hand.win_tile} if v.hand.win_tile is not None else set()))
    if not kinds:
        return []
    if not v.regular:
        wait = "single" if v.form is Form.SEVEN_PAIRS else None
        return [replace(v, wait=wait, facts={**v.facts, "win_tile": kinds[0], "win_set": -1})]
    out: list[Reading] = []
    declared = len(v.hand.melds)
    self_drawn = v.context.self_drawn
    seen: set[tuple[Any, ...]] = set()
    for i in range(declared, len(v.sets)):
        s = v.sets[i]
        for w in kinds:
            if w not in s.tiles:
                continue
            sets = list(v.sets)
            for j in range(declared, len(sets)):
                t = sets[j]
                if t.kind != "chow":
                    concealed = self_drawn or j != i
                    if t.concealed != concealed:  # (built directly: replace() costs several times more)
                        sets[j] = TileSet(t.kind, t.tile, concealed, t.claimed, t.members)
            wait = "dual-pung" if s.kind != "chow" else _chow_wait(s.tile, w)
            # a place that reads as one already found (the same kind in a set equal to one before it, with the
            # same wait: two 345p for a 5p) is that place again: every name reads the same sets, wait and tile
            same = (tuple(sets), wait, w)
            if same in seen:
                continue
            seen.add(same)
            out.append(_placed(v, same[0], wait, w, i))
    if v.pair is not None and v.pair in kinds:
        sets = [replace(t, concealed=True) if i >= declared and t.kind != "chow" and not t.concealed else t
                for i, t in enumerate(v.sets)]
        out.append(_placed(v, tuple(sets), "single", v.pair, -1))
    return out


def set_reading(v: Reading, s: TileSet) -> Reading:
    """One set of a reading read alone, as a row counted per set reads it (``group = "set"``: 玉环's pungs and
    kongs by kind and tiles): that set only, no pair, no wait, the set's own tiles as the counts (a kong holds
    four); the hand, its wildcards and the win facts are the reading's."""
    counts = [0] * N_KINDS
    for t in s.tiles:
        counts[t] += 1
    if s.kind == "kong":
        counts[s.tile] += 1
    # (built directly: dataclasses.replace costs twice as much, and this runs for every set of every reading)
    return Reading(v.hand, v.decomposition, v.context, (s,), None, tuple(counts), None, v.wildcards_held, v.facts,
                   v.wildcard_tiles)


def _placed(v: Reading, sets: tuple[TileSet, ...], wait: str, win: int, at: int) -> Reading:
    # (built directly, as set_reading does: dataclasses.replace costs twice as much, once for every place)
    return Reading(v.hand, v.decomposition, v.context, sets, v.pair, v.counts, wait, v.wildcards_held,
                   {**v.facts, "win_tile": win, "win_set": at}, v.wildcard_tiles, v.placement)
