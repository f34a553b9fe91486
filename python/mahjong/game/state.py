"""The hand state: the fold of a hand's events (:meth:`HandState.apply`), and the win facts derived from it.

Nothing here decides what is legal (that is :mod:`mahjong.game.engine` with the rule set's flow); the state
only records what happened, checks that each event can happen to the tiles as they lie (a tile drawn must be
the next wall tile, a discard must be held …) and answers questions about the table.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from mahjong.errors import ContextError, listed
from mahjong.game.events import (  # (OpeningDeclared, InstantWon, HorsesTurned: rbgames)
    PENALTY_KINDS,
    BonusSetAside,
    Claimed,
    Dealt,
    DiceRolled,
    Discarded,
    Drew,
    GameEvent,
    HaidiFished,
    HandEnded,
    HandStarted,
    HorsesTurned,
    InstantWon,
    KongDeclared,
    KongRobbed,
    KongsShown,
    LackDeclared,
    OpeningDeclared,
    Paid,
    Penalized,
    TilePicked,
    TilesPassed,
    TilesSwapped,
    WallBuilt,
    WallEnd,
    WildcardRevealed,
    Won,
)
from mahjong.game.rng import wall_digest
from mahjong.hand import Hand, Meld, MeldKind
from mahjong.tiles import N_KINDS, N_TILES

__all__ = ["HandState", "TableMeld", "Phase", "WinFacts", "hand_from"]


class Phase:
    """Where the hand is.  ``DEAL``: tiles being dealt; ``LACK``: 定缺 choices; ``TURN``: ``actor`` has drawn (or
    claimed) and must act; ``CLAIM``: the others answer ``actor``'s discard; ``ROB``: the others may rob
    ``actor``'s added kong; ``DRAW``: ``actor`` draws next; ``HAIDI``: the two-player 海底捞月; ``EXCHANGE``:
    Sichuan 换三张 picks; ``SWAP``: the two-player 开始时换牌 picks; ``END``."""

    DEAL = "deal"
    LACK = "lack"
    TURN = "turn"
    CLAIM = "claim"
    ROB = "rob"
    DRAW = "draw"
    HAIDI = "haidi"
    EXCHANGE = "exchange"
    SWAP = "swap"
    END = "end"


_MELD_KIND = {
    "chow": MeldKind.CHOW,
    "pung": MeldKind.PUNG,
    "kong": MeldKind.KONG,
    "added_kong": MeldKind.ADDED_KONG,
    "concealed_kong": MeldKind.CONCEALED_KONG,
}


@dataclass
class TableMeld:
    """A declared meld on the table, with the ABSOLUTE seat it was claimed from (``None`` = concealed kong)."""

    kind: str
    tiles: tuple[int, ...]
    from_seat: int | None

    @property
    def tile(self) -> int:
        return self.tiles[0]


@dataclass(frozen=True)
class WinFacts:
    """The facts of a win as the state derives them (see :meth:`HandState.win_facts`)."""

    self_drawn: bool
    last_tile: bool  #: 和绝张: the other three copies are face up
    last_wall_tile: bool  #: 海底: on the last tile drawn from the wall (or its discard)
    kong_replacement: bool  #: 杠上开花
    robbing_kong: bool  #: 抢杠和
    after_kong_discard: bool  #: 杠上炮
    heavenly: bool  #: 天和
    earthly: bool  #: 地和 (the rule set's flow says which reading)
    human: bool  #: 人和: a non-dealer's win on a discard in the first go-round
    seat_wind: int
    prevalent_wind: int
    first_round: bool


@dataclass
class HandState:
    """Everything on the table.  Seats are absolute 0..3; counts are over the 42 tile ids (flowers included).

    Attributes:
        wall: the tiles in drawing order; ``wall[front:back]`` are still live (drawn at ``front``,
            replacements at ``back - 1``); ``wall[back:]`` were drawn as replacements or are out of play.
        hands: concealed tile counts per seat (42 slots).
        melds: each seat's declared melds (absolute ``from_seat``).
        bonus: each seat's bonus tiles set aside (flowers, 杠花).
        discards: each seat's river as (tile, claimed) pairs.
        visible: face-up copies per tile kind (rivers, exposed melds, concealed kongs, the wildcard indicator).
        kongs: the kong ledger, (seat, kind, tile, from_seat, robbed) in order.
        playing: seats still playing (血战: won seats leave).
        won: winners in order.
    """

    ruleset: str = ""
    options: dict[str, Any] = field(default_factory=dict)
    seats: tuple[int, ...] = (0, 1, 2, 3)
    dealer: int = 0
    prevalent_wind: int = 0
    hand_number: int = 0
    wall: list[int] = field(default_factory=list)
    front: int = 0
    back: int = 0
    out_of_play: list[int] = field(default_factory=list)
    seed: int | None = None
    hands: list[list[int]] = field(default_factory=lambda: [[0] * N_TILES for _ in range(4)])
    melds: list[list[TableMeld]] = field(default_factory=lambda: [[] for _ in range(4)])
    bonus: list[list[int]] = field(default_factory=lambda: [[] for _ in range(4)])
    discards: list[list[tuple[int, bool]]] = field(default_factory=lambda: [[] for _ in range(4)])
    visible: list[int] = field(default_factory=lambda: [0] * N_TILES)
    kongs: list[tuple[int, str, int, int | None, bool]] = field(default_factory=list)
    playing: list[int] = field(default_factory=list)
    won: list[int] = field(default_factory=list)
    wins: list[Won] = field(default_factory=list)
    lack: list[int | None] = field(default_factory=lambda: [None] * 4)
    #: 换三张 / 开始时换牌: the tiles each seat has picked and not yet passed or swapped; who has swapped
    picked: list[list[int]] = field(default_factory=lambda: [[] for _ in range(4)])
    swapped: list[bool] = field(default_factory=lambda: [False] * 4)
    ready: list[bool] = field(default_factory=lambda: [False] * 4)
    ready_order: list[int] = field(default_factory=list)
    #: 报听 declared with the seat's first discard, in the first go-round (the common table's 扣听)
    ready_from_start: list[bool] = field(default_factory=lambda: [False] * 4)
    indicator: int | None = None
    wildcards: tuple[int, ...] = ()
    dice: list[tuple[int, ...]] = field(default_factory=list)
    phase: str = Phase.DEAL
    actor: int = 0
    #: the last tile drawn: (seat, tile, replacement, after own kong)
    last_draw: tuple[int, int, bool, bool] | None = None
    #: the discard on the table: (seat, tile, made right after the seat's kong)
    last_discard: tuple[int, int, bool] | None = None
    #: the added kong that may be robbed: (seat, tile)
    pending_kong: tuple[int, int] | None = None
    #: the tile on offer (the discard, the added kong's tile) is the one its owner just drew (Sichuan's forced win
    #: in the last tiles counts the tiles that come from the wall's last ones)
    offer_drawn: bool = False
    kong_draw_due: int | None = None  #: a seat whose kong needs its replacement draw
    after_kong: list[bool] = field(default_factory=lambda: [False] * 4)
    turns: list[int] = field(default_factory=lambda: [0] * 4)  #: draws (turns) each seat has had
    claims_made: int = 0  #: claims and kongs so far (they end the first go-round)
    haidi_tile: int | None = None
    payments: list[Paid] = field(default_factory=list)
    net: tuple[int, ...] | None = None
    next_dealer: int | None = None
    steps: int = 0  #: events folded
    reserve: int = 0  #: live tiles left when the wall ends (the flow's; 海底 is the last tile before it)
    segment: int = 0  #: per-seat wall segment length (Botzone format); 0 = one shared wall
    seg_front: list[int] = field(default_factory=lambda: [0] * 4)
    #: the settlement Win of each win, derived when the win is folded (``fact_hook(seat, tile, from_seat,
    #: robbing)`` is set by the engine: the rule set's flow adds its own facts)
    win_records: list[Any] = field(default_factory=list)
    fact_hook: Any = None
    robbing: bool = False  #: the wins being folded rob a kong
    #: (rbgames) the rule file's own events in order: opening declarations, instant wins, horses turned
    special: list[Any] = field(default_factory=list)
    #: the judge's penalty that ended the hand (the Botzone format), if any
    penalty: Penalized | None = None
    #: the seats whose concealed kongs were turned face up at the hand's end (Guobiao)
    kongs_shown: list[int] = field(default_factory=list)
    #: a bonus tile came as a seat's kong replacement since its kong (Botzone's judge then loses 杠上开花)
    bonus_after_kong: list[bool] = field(default_factory=lambda: [False] * 4)

    def copy(self) -> HandState:
        """An independent copy (every list and table meld copied; the frozen events it holds are shared).  The
        copy's ``fact_hook`` is the original's: a copied game points it at itself."""
        out = HandState.__new__(HandState)
        d = dict(self.__dict__)
        for name, value in d.items():
            kind = type(value)
            if kind is list:
                if name in _PER_SEAT:
                    d[name] = [list(x) for x in value]
                elif name == "melds":
                    d[name] = [[TableMeld(m.kind, m.tiles, m.from_seat) for m in ms] for ms in value]
                else:
                    d[name] = _copied(value)
            elif kind is dict:
                d[name] = dict(value)
        out.__dict__.update(d)
        return out

    # --- the fold --------------------------------------------------------------------------------------------

    def apply(self, ev: GameEvent) -> None:
        """Fold one event into the state; raises :class:`ContextError` if it cannot happen to these tiles."""
        handler = _HANDLERS.get(type(ev))
        if handler is None:
            raise ContextError(f"not a hand event: {ev!r}")
        if self.phase == Phase.DEAL and type(ev) not in _DEAL_EVENTS:
            self.begin_play()
        handler(self, ev)
        self.steps += 1

    def _bad(self, ev: GameEvent, why: str) -> ContextError:
        return ContextError(f"event {self.steps} ({ev.type}): {why}")

    def _take(self, seat: int, tile: int, n: int, ev: GameEvent) -> None:
        h = self.hands[seat]
        if h[tile] < n:
            raise self._bad(ev, f"seat {seat} does not hold {n} of tile {tile}")
        h[tile] -= n

    def _started(self, ev: HandStarted) -> None:
        if self.steps:
            raise self._bad(ev, "a hand starts once, first")
        self.ruleset, self.options = ev.ruleset, dict(ev.options)
        self.seats, self.dealer, self.prevalent_wind = tuple(ev.seats), ev.dealer, ev.prevalent_wind
        self.hand_number = ev.hand_number
        self.playing = list(self.seats)

    def _wall(self, ev: WallBuilt) -> None:
        if self.wall:
            raise self._bad(ev, "the wall is built once")
        if wall_digest(ev.tiles) != ev.digest:
            raise self._bad(ev, f"the wall's digest {ev.digest} does not match its tiles ({wall_digest(ev.tiles)})")
        self.wall = list(ev.tiles)
        self.back = ev.in_play if ev.in_play is not None else len(ev.tiles)
        if ev.segments:
            self.segment = len(ev.tiles) // len(self.seats)
            for i, s in enumerate(self.seats):
                self.seg_front[s] = i * self.segment
        self.out_of_play = list(ev.tiles[self.back:])
        self.seed = ev.seed

    def _dice(self, ev: DiceRolled) -> None:
        self.dice.append(tuple(ev.dice))

    def _dealt(self, ev: Dealt) -> None:
        if self.phase != Phase.DEAL:
            raise self._bad(ev, "tiles are dealt before play")
        n = len(ev.tiles)
        if tuple(self.next_tiles(ev.seat, n)) != tuple(ev.tiles):
            raise self._bad(ev, "the dealt tiles are not the next tiles of the wall")
        if self.segment:
            self.seg_front[ev.seat] += n
        else:
            self.front += n
        h = self.hands[ev.seat]
        for t in ev.tiles:
            h[t] += 1

    def _bonus(self, ev: BonusSetAside) -> None:
        self._take(ev.seat, ev.tile, 1, ev)
        self.bonus[ev.seat].append(ev.tile)
        if self.after_kong[ev.seat]:
            self.bonus_after_kong[ev.seat] = True

    def _wildcard(self, ev: WildcardRevealed) -> None:
        if not self.front <= ev.position < self.back or self.wall[ev.position] != ev.indicator:
            raise self._bad(ev, f"the indicator {ev.indicator} is not at live wall position {ev.position}")
        del self.wall[ev.position]
        self.back -= 1
        self.wall.append(ev.indicator)  # kept at the end, out of play, so the wall still holds every tile
        self.out_of_play.append(ev.indicator)
        self.visible[ev.indicator] += 1
        self.indicator, self.wildcards = ev.indicator, tuple(ev.wildcards)

    def _lack(self, ev: LackDeclared) -> None:
        self.lack[ev.seat] = ev.suit

    def _picked(self, ev: TilePicked) -> None:
        if self.hands[ev.seat][ev.tile] <= self.picked[ev.seat].count(ev.tile):
            raise self._bad(ev, f"seat {ev.seat} holds no more tile {ev.tile} to pick")
        self.picked[ev.seat].append(ev.tile)

    def _passed(self, ev: TilesPassed) -> None:
        if sorted(ev.tiles) != sorted(self.picked[ev.seat]):
            raise self._bad(ev, f"seat {ev.seat} passes {listed(ev.tiles)} but picked {listed(self.picked[ev.seat])}")
        self.picked[ev.seat] = []
        for t in ev.tiles:
            self._take(ev.seat, t, 1, ev)
            self.hands[ev.to_seat][t] += 1

    def _swapped(self, ev: TilesSwapped) -> None:
        if sorted(ev.given) != sorted(self.picked[ev.seat]):
            raise self._bad(ev, f"seat {ev.seat} swaps {listed(ev.given)} but picked {listed(self.picked[ev.seat])}")
        self.picked[ev.seat] = []
        self.swapped[ev.seat] = True
        for t in ev.given:
            self._take(ev.seat, t, 1, ev)
        for t in ev.received:
            if t not in self.out_of_play:
                raise self._bad(ev, f"tile {t} is not among the tiles out of play")
            self.out_of_play.remove(t)
            self.hands[ev.seat][t] += 1
        self.out_of_play += ev.given

    def _drew(self, ev: Drew) -> None:
        if self.live_for(ev.seat) <= 0:
            raise self._bad(ev, "the wall is empty")
        expect = self.next_tile(ev.seat, ev.replacement)
        if expect != ev.tile:
            raise self._bad(ev, f"seat {ev.seat} draws {ev.tile} but the wall's tile there is {expect}")
        if self.segment:
            self.seg_front[ev.seat] += 1
        elif ev.replacement:
            self.back -= 1
        else:
            self.front += 1
        self.hands[ev.seat][ev.tile] += 1
        if self.phase == Phase.DEAL:
            return
        if not ev.replacement or self.kong_draw_due == ev.seat:
            self.turns[ev.seat] += int(not ev.replacement)
        after_kong = self.after_kong[ev.seat]
        self.kong_draw_due = None
        self.pending_kong = None
        self.robbing = False
        self.last_draw = (ev.seat, ev.tile, ev.replacement, after_kong)
        self.last_discard = None
        self.phase, self.actor = Phase.TURN, ev.seat

    def begin_play(self) -> None:
        """The deal is over (called by the engine after the deal's events; replays call it at the first event
        that is not part of the deal)."""
        self.phase, self.actor = Phase.TURN, self.dealer

    def _discarded(self, ev: Discarded) -> None:
        self.offer_drawn = self.last_draw is not None and self.last_draw[:2] == (ev.seat, ev.tile)
        self._take(ev.seat, ev.tile, 1, ev)
        self.discards[ev.seat].append((ev.tile, False))
        self.visible[ev.tile] += 1
        self.last_discard = (ev.seat, ev.tile, self.after_kong[ev.seat])
        self.after_kong[ev.seat] = False
        self.bonus_after_kong[ev.seat] = False
        self.last_draw = None
        if ev.ready and not self.ready[ev.seat]:
            self.ready[ev.seat] = True
            self.ready_order.append(ev.seat)
            self.ready_from_start[ev.seat] = len(self.discards[ev.seat]) == 1 and self.first_round
        self.phase, self.actor = Phase.CLAIM, ev.seat

    def _claimed(self, ev: Claimed) -> None:
        if self.last_discard is None or self.last_discard[:2] != (ev.from_seat, ev.tile):
            raise self._bad(ev, f"seat {ev.from_seat}'s discard {ev.tile} is not on the table")
        meld = list(ev.meld)
        meld.remove(ev.tile)
        for t in set(meld):
            self._take(ev.seat, t, meld.count(t), ev)
        river = self.discards[ev.from_seat]
        river[-1] = (river[-1][0], True)
        for t in meld:
            self.visible[t] += 1  # the claimed tile itself is already counted (it was discarded)
        self.melds[ev.seat].append(TableMeld(ev.kind, tuple(sorted(ev.meld)), ev.from_seat))
        self.claims_made += 1
        self.last_discard = None
        if ev.kind == "kong":
            self.kongs.append((ev.seat, "melded", ev.tile, ev.from_seat, False))
            self.after_kong[ev.seat] = True
            self.bonus_after_kong[ev.seat] = False
            self.kong_draw_due = ev.seat
        self.phase, self.actor = Phase.TURN, ev.seat

    def _kong(self, ev: KongDeclared) -> None:
        self.claims_made += 1
        if ev.kind == "concealed":
            self._take(ev.seat, ev.tile, 4, ev)
            self.melds[ev.seat].append(TableMeld("concealed_kong", (ev.tile,) * 4, None))
            self.visible[ev.tile] += 4
            self.kongs.append((ev.seat, "concealed", ev.tile, None, False))
            self.after_kong[ev.seat] = True
            self.bonus_after_kong[ev.seat] = False
            self.kong_draw_due = ev.seat
            self.phase, self.actor = Phase.TURN, ev.seat
        elif ev.kind == "added":
            self.offer_drawn = self.last_draw is not None and self.last_draw[:2] == (ev.seat, ev.tile)
            pung = next((m for m in self.melds[ev.seat] if m.kind == "pung" and m.tile == ev.tile), None)
            if pung is None:
                raise self._bad(ev, f"seat {ev.seat} has no pung of {ev.tile} to add to")
            self._take(ev.seat, ev.tile, 1, ev)
            pung.kind, pung.tiles = "added_kong", (ev.tile,) * 4
            self.visible[ev.tile] += 1
            self.kongs.append((ev.seat, "added", ev.tile, pung.from_seat, False))
            self.after_kong[ev.seat] = True
            self.bonus_after_kong[ev.seat] = False
            self.pending_kong = (ev.seat, ev.tile)
            self.kong_draw_due = ev.seat
            self.phase, self.actor = Phase.ROB, ev.seat
        else:
            raise self._bad(ev, f"unknown kong kind {ev.kind!r}")
        self.last_draw = None

    def _robbed(self, ev: KongRobbed) -> None:
        if self.pending_kong != (ev.seat, ev.tile):
            raise self._bad(ev, f"seat {ev.seat} has no added kong of {ev.tile} to rob")
        meld = next(m for m in self.melds[ev.seat] if m.kind == "added_kong" and m.tile == ev.tile)
        meld.kind, meld.tiles = "pung", (ev.tile,) * 3
        seat, kind, tile, frm, _ = self.kongs[-1]
        self.kongs[-1] = (seat, kind, tile, frm, True)
        self.discards[ev.seat].append((ev.tile, False))  # the robbed tile lies as if discarded (won on)
        self.pending_kong = None
        self.robbing = True
        self.after_kong[ev.seat] = False
        self.kong_draw_due = None

    def _won(self, ev: Won) -> None:
        if ev.seat not in self.playing:
            raise self._bad(ev, f"seat {ev.seat} is not playing (it has already won)")
        if self.fact_hook is not None:
            self.win_records.append(self.fact_hook(ev.seat, ev.tile, ev.from_seat, self.robbing))
        self.wins.append(ev)
        self.won.append(ev.seat)
        self.playing.remove(ev.seat)

    def _haidi(self, ev: HaidiFished) -> None:
        if ev.tile not in self.out_of_play:
            raise self._bad(ev, f"tile {ev.tile} is not among the tiles out of play")
        self.out_of_play.remove(ev.tile)
        self.haidi_tile = ev.tile
        self.hands[ev.seat][ev.tile] += 1
        self.last_draw = (ev.seat, ev.tile, False, False)
        self.phase, self.actor = Phase.HAIDI, ev.seat

    def _wall_end(self, ev: WallEnd) -> None:
        self.phase = Phase.END

    def _kongs_shown(self, ev: KongsShown) -> None:
        mine = sorted(m.tile for m in self.melds[ev.seat] if m.kind == "concealed_kong")
        if sorted(ev.tiles) != mine:
            raise self._bad(ev, f"seat {ev.seat} shows concealed kongs of {listed(ev.tiles)}, it holds {listed(mine)}")
        self.kongs_shown.append(ev.seat)

    def _penalized(self, ev: Penalized) -> None:
        if ev.kind not in PENALTY_KINDS:
            raise self._bad(ev, f"unknown penalty {ev.kind!r}; known: {listed(PENALTY_KINDS)}")
        if ev.seat not in self.seats:
            raise self._bad(ev, f"seat {ev.seat} is not at this table")
        self.penalty = ev
        self.phase = Phase.END

    def _paid(self, ev: Paid) -> None:
        self.payments.append(ev)

    def _ended(self, ev: HandEnded) -> None:
        self.net, self.next_dealer = tuple(ev.net), ev.next_dealer
        self.phase = Phase.END

    # --- questions about the table ---------------------------------------------------------------------------

    @property
    def live(self) -> int:
        """Tiles still to draw from the wall (all segments together in the Botzone format)."""
        if self.segment:
            return sum(self.live_for(s) for s in self.seats)
        return self.back - self.front

    def live_for(self, seat: int) -> int:
        """Tiles ``seat`` can still draw (its own segment in the Botzone format; else the shared wall)."""
        if self.segment:
            return (self.seats.index(seat) + 1) * self.segment - self.seg_front[seat]
        return self.back - self.front

    def next_tile(self, seat: int, replacement: bool) -> int:
        """The tile ``seat`` draws next (a replacement comes from the back, or from its own segment)."""
        if self.segment:
            return self.wall[self.seg_front[seat]]
        return self.wall[self.back - 1] if replacement else self.wall[self.front]

    def next_tiles(self, seat: int, n: int) -> list[int]:
        start = self.seg_front[seat] if self.segment else self.front
        return self.wall[start:start + n]

    def next_in_turn(self, seat: int) -> int:
        i = self.seats.index(seat)
        for k in range(1, len(self.seats) + 1):
            s = self.seats[(i + k) % len(self.seats)]
            if s in self.playing:
                return s
        return seat

    @property
    def first_round(self) -> bool:
        """Still the first go-round: no claim or kong yet, nobody has drawn a second time, and the turn has not
        come back to the dealer (its first draw starts the second go-round: its first tile was dealt)."""
        return self.claims_made == 0 and max(self.turns) <= 1 and self.turns[self.dealer] == 0

    def concealed_tiles(self, seat: int) -> list[int]:
        out: list[int] = []
        for t, c in enumerate(self.hands[seat]):
            if c:
                out.extend([t] * c)
        return out

    def hand_of(self, seat: int, win_tile: int | None = None, offsets: Any = None, claimed: bool = False) -> Hand:
        """``seat``'s hand as a :class:`Hand`; ``claimed``: ``win_tile`` is another seat's tile (a discard, a
        robbed kong) and is added to the concealed tiles."""
        melds = tuple(self.meld_of(seat, m, offsets) for m in self.melds[seat])
        return hand_from(self.hands[seat], melds, self.bonus[seat], win_tile, claimed)

    def meld_of(self, seat: int, m: TableMeld, offsets: Any = None) -> Meld:
        kind = _MELD_KIND[m.kind]
        if m.from_seat is None:
            off = None
        elif offsets is not None:
            off = offsets(seat, m.from_seat, m.kind)
        else:
            off = (seat - m.from_seat) % 4
        return Meld(kind, m.tiles, off)

    def win_facts(self, seat: int, tile: int, from_seat: int | None, robbing: bool) -> WinFacts:
        """The win facts of ``seat`` winning on ``tile`` now: self-drawn when ``from_seat`` is None."""
        self_drawn = from_seat is None
        # 和绝张: every other copy is face up (rivers, melds — the winner's own too); the winning tile itself
        # is face up too when it was discarded or added to a kong
        seen = self.visible[tile] - (0 if self_drawn else 1)
        last_tile = seen >= 3 and tile < 34
        if self.segment:  # Botzone: the last tile when the seat due to draw next has nothing left
            nxt = self.next_in_turn(seat if self_drawn else from_seat)  # type: ignore[arg-type]
            wall_over = self.live_for(nxt) <= self.reserve
        else:
            wall_over = self.live <= self.reserve
        if self_drawn:
            d = self.last_draw
            kong_replacement = d is not None and d[0] == seat and d[3]
            last_wall = wall_over and self.haidi_tile is None
            after_kong_discard = False
        else:
            kong_replacement = False
            last_wall = wall_over and not robbing
            after_kong_discard = bool(self.last_discard and self.last_discard[2]) and not robbing
        first = self.first_round
        dealer = seat == self.dealer
        heavenly = dealer and self_drawn and first and self.turns[seat] == 0
        earthly = (not dealer) and self_drawn and first and self.turns[seat] == 1
        human = (not dealer) and (not self_drawn) and first and not robbing and self.turns[seat] == 0
        return WinFacts(self_drawn, last_tile, last_wall, kong_replacement, robbing, after_kong_discard, heavenly,
                        earthly, human, (seat - self.dealer) % 4, self.prevalent_wind, first)

    def tile_count_check(self) -> None:
        """Every tile is in exactly one place (wall, hands, melds, bonus, rivers, out of play): a test aid."""
        total = [0] * N_TILES
        if self.segment:
            live = [t for i, s in enumerate(self.seats)
                    for t in self.wall[self.seg_front[s]:(i + 1) * self.segment]]
        else:
            live = self.wall[self.front:self.back]
        for t in live:
            total[t] += 1
        for s in range(4):
            for t, c in enumerate(self.hands[s]):
                total[t] += c
            for m in self.melds[s]:
                for t in m.tiles:
                    total[t] += 1
            for t in self.bonus[s]:
                total[t] += 1
            for t, claimed in self.discards[s]:
                if not claimed:  # a claimed discard is counted in the claimer's meld
                    total[t] += 1
        for t in self.out_of_play:
            total[t] += 1
        expect = [0] * N_TILES
        for t in self.wall:
            expect[t] += 1
        if total != expect:
            diff = {t: (total[t], expect[t]) for t in range(N_TILES) if total[t] != expect[t]}
            raise AssertionError(f"tiles out of place (found, expected): {diff}")


def hand_from(counts: Sequence[int], melds: tuple[Meld, ...], bonus: Sequence[int], win_tile: int | None = None,
              claimed: bool = False) -> Hand:
    """A seat's hand as a :class:`Hand` from its concealed counts (42 tile ids), its melds and its bonus tiles set
    aside: the flowers among them and among the concealed tiles (Jinshan's 百搭 kept in the hand) are its flowers;
    ``claimed``: ``win_tile`` is another seat's tile (a discard, a robbed kong), added to the concealed tiles.
    (Both engines' hands: HandState.hand_of and the compiled core's driver.)"""
    concealed = [t for t in range(N_KINDS) for _ in range(counts[t])]
    flowers = [t for t in bonus if t >= N_KINDS] + [t for t in range(N_KINDS, len(counts)) for _ in range(counts[t])]
    if win_tile is not None and claimed:
        concealed.append(win_tile)
    if win_tile is not None and win_tile >= N_KINDS:
        win_tile = None  # a drawn bonus tile kept in the hand (Jinshan's 百搭) is written among the flowers
    return Hand(tuple(concealed), melds, tuple(sorted(flowers)), win_tile)
#: the per-seat lists of lists the fold changes in place (HandState.copy copies each seat's list)
_PER_SEAT = frozenset({"hands", "bonus", "discards", "picked"})


def _copied(value: Any) -> Any:
    """A state field's value copied as deep as the state changes it in place (lists, dicts, table melds)."""
    if isinstance(value, list):
        return [_copied(v) for v in value] if value and isinstance(value[0], (list, TableMeld)) else list(value)
    if isinstance(value, dict):
        return dict(value)
    if isinstance(value, TableMeld):
        return TableMeld(value.kind, value.tiles, value.from_seat)
    return value


_DEAL_EVENTS = (HandStarted, WallBuilt, DiceRolled, Dealt, BonusSetAside, Drew, WildcardRevealed)

_HANDLERS: dict[type, Any] = {
    HandStarted: HandState._started,
    WallBuilt: HandState._wall,
    DiceRolled: HandState._dice,
    Dealt: HandState._dealt,
    BonusSetAside: HandState._bonus,
    WildcardRevealed: HandState._wildcard,
    LackDeclared: HandState._lack,
    TilePicked: HandState._picked,
    TilesPassed: HandState._passed,
    TilesSwapped: HandState._swapped,
    Drew: HandState._drew,
    Discarded: HandState._discarded,
    Claimed: HandState._claimed,
    KongDeclared: HandState._kong,
    KongRobbed: HandState._robbed,
    Won: HandState._won,
    HaidiFished: HandState._haidi,
    WallEnd: HandState._wall_end,
    Penalized: HandState._penalized,
    KongsShown: HandState._kongs_shown,
    Paid: HandState._paid,
    HandEnded: HandState._ended,
}


# --- rbgames: opening wins, horses, instant wins ---------------------------------------------------------------

def _opening(state: HandState, ev: OpeningDeclared) -> None:
    for t in set(ev.tiles):
        if not 0 <= t < N_TILES or state.hands[ev.seat][t] < ev.tiles.count(t):
            raise state._bad(ev, f"seat {ev.seat} does not hold the tiles it shows")
    state.special.append(ev)


def _instant_won(state: HandState, ev: InstantWon) -> None:
    if ev.seat not in state.playing:
        raise state._bad(ev, f"seat {ev.seat} is not playing (it has already won)")
    state.special.append(ev)
    state.won.append(ev.seat)
    state.playing.remove(ev.seat)


def _horses(state: HandState, ev: HorsesTurned) -> None:
    state.special.append(ev)


_HANDLERS.update({OpeningDeclared: _opening, InstantWon: _instant_won, HorsesTurned: _horses})
