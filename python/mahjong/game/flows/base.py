"""The flow hooks every rule set plugs into the engine, and their defaults (the common skeleton of play).

A flow is one small class per rule set.  Its class attributes are the fixed facts of play (hand size, chows,
several winners on one discard, play after a win, the wall's end reserve …); its ``Options`` dataclass holds the
flow's "open" points as named options with their defaults and sources; its methods are the hooks the engine
calls only when they decide something: the tile set, the wall's break point, bonus tiles, the wildcard reveal,
may this seat win now, the rule-set-specific win facts, the next dealer.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Any, ClassVar

from mahjong.errors import RulesError
from mahjong.framework import RuleSet, ScoreResult
from mahjong.tiles import N_KINDS

if TYPE_CHECKING:
    from mahjong.game.events import GameEvent
    from mahjong.game.rng import SplitMix64
    from mahjong.game.state import HandState
    from mahjong.settlement import Payment, Settlement

__all__ = ["Flow", "NoOptions", "standard_tiles", "split_options"]


def standard_tiles(flowers: bool = False, honors: bool = True) -> list[int]:
    """The 136 tiles (4 of each kind; 108 without honors), with the 8 flowers (ids 34..41) if asked."""
    kinds = range(N_KINDS) if honors else range(27)
    tiles = [t for t in kinds for _ in range(4)]
    if flowers:
        tiles += list(range(34, 42))
    return tiles


@dataclass(frozen=True)
class NoOptions:
    """This flow has no open points beyond the rule set's own options."""


class Flow:
    """Defaults = the common skeleton of play (dealing, drawing, claiming, kongs, the wall's end).  Subclasses
    override attributes and hooks."""

    #: preset names this flow plays
    presets: ClassVar[tuple[str, ...]] = ()
    Options: ClassVar[type] = NoOptions
    seats: tuple[int, ...] = (0, 1, 2, 3)
    hand_size: int = 13
    chows: bool = True
    honor_chows: bool = False
    #: several players win on one discard (一炮多响); otherwise the first in turn order after the discarder (截和)
    multiple_winners: bool = False
    #: play goes on after a win until this many have won (血战: 3); 1 = the hand ends on the first win
    winners_to_end: int = 1
    #: the hand is drawn (黄庄) when this many live tiles are left
    reserve: int = 0
    #: the wall's break point by dice (Guobiao competition rule)
    dice_break: bool = False
    #: money moves during play (Sichuan 刮风下雨): settle as each kong / win happens, not only at the end
    pays_during_play: bool = False
    #: the wall-end Draw event lists every playing seat's final hand (the rule set's wall-end checks read it)
    draw_hands: bool = False
    #: which reading of 地和 the rule set's scorer takes: "first_draw" (a non-dealer self-draws on its first
    #: draw), "first_discard" (wins on the dealer's first discard) or None (the flag is never set)
    earthly: str | None = None
    #: 天和 is a fact the rule set reads
    heavenly: bool = False
    #: a player who can win on one of the wall's last N tiles (drawn, or discarded / added to a kong as drawn) must
    #: (Sichuan: 4); 0 = no forced win
    forced_win_tiles: int = 0
    #: 报听 (declare ready, then the engine draws and discards) is an action
    ready_declaration: bool = False
    #: when the hand ends, every player's concealed kongs are turned face up for all (an event and the observations)
    shows_concealed_kongs: bool = False
    #: the two-player game's 海底捞月 phase when the wall runs out: the ready player (the one ready first) fishes a
    #: tile from those not in play
    haidi_phase: bool = False
    #: settling a hand record checks it for this flow's sequencing (one win ends the hand …)
    checks_record_sequence: bool = True
    #: the wall is cut into one segment per seat (the Botzone competition format)
    segmented: bool = False
    #: bonus tiles kept in the hand (Jinshan's 百搭; Guobiao's flowers, kept): they may be discarded, and a drawn one
    #: may be the winning tile
    held_bonus: frozenset[int] = frozenset()
    #: a held bonus tile may be set aside on one's turn for a replacement from the back (Guobiao's kept flowers:
    #: 补花 when the player likes)
    declares_held_bonus: bool = False
    #: flow options the compiled game core does not play: a hand with one of them on runs on the reference engine
    core_unsupported_options: tuple[str, ...] = ()
    #: the judge's penalties (Botzone's): an illegal answer (WA) or a false win (WH) ends the hand with a
    #: :class:`~mahjong.game.events.Penalized` event instead of being refused, and an outside judge may call
    #: :meth:`~mahjong.game.engine.Game.penalize`; the offender pays each other player ``penalty``
    penalties: bool = False
    penalty: int = 0

    def __init__(self, ruleset: RuleSet[Any], options: Any = None) -> None:
        self.ruleset = ruleset
        self.options = options if options is not None else self.Options()
        self.bonus_tiles: frozenset[int] = frozenset()
        self.ruleset_options: dict[str, Any] = {}

    # --- hooks ------------------------------------------------------------------------------------------------

    def tiles(self) -> list[int]:
        """The tile set, before shuffling."""
        return standard_tiles()

    def in_play(self, n_tiles: int) -> int | None:
        """How many of the wall's tiles are in play (None = all)."""
        return None

    def break_wall(self, wall: list[int], dealer: int, rng: SplitMix64) -> tuple[list[int], list[GameEvent]]:
        """Rotate the shuffled ring to the break point; returns the wall in drawing order and the dice events."""
        return wall, []

    def is_bonus(self, tile: int, state: HandState) -> bool:
        """A bonus tile: set aside when drawn and replaced from the back."""
        return tile in self.bonus_tiles

    def reveal(self, state: HandState, rng: SplitMix64) -> list[GameEvent]:
        """Events after the deal that reveal the wildcards (精, 财神); none by default."""
        return []

    def wildcard_count(self, state: HandState, counts: list[int]) -> tuple[list[int], int]:
        """The 34 real-tile counts the kernels read and how many wildcards the hand holds."""
        return counts[:N_KINDS], 0

    def may_win(self, state: HandState, seat: int, result: ScoreResult) -> bool:
        """May ``seat`` take this win (Guobiao: the 8-fan minimum; Sichuan: the lacking suit)?"""
        return result.valid

    def record_facts(self, state: HandState, seat: int, tile: int, from_seat: int | None) -> dict[str, Any]:
        """Rule-set-specific win facts (fields of the rule set's ``Context``), JSON-friendly, for the record."""
        return {}

    def check_facts(self, state: HandState, seat: int) -> dict[str, Any]:
        """Extra context facts for the legality check only (the rule set's settle adds them itself)."""
        return {}

    def may_discard(self, state: HandState, seat: int, tile: int) -> bool:
        return True

    def plays_lack(self) -> bool:
        """定缺 is played this hand (after the deal and any exchange, each player names the suit it lacks)."""
        return bool(getattr(self.options, "lack", False))

    def exchanges_three(self) -> bool:
        """换三张 is played this hand (after the deal each player passes three tiles of one suit)."""
        return bool(getattr(self.options, "exchange_three", False))

    def may_meld(self, state: HandState, seat: int, tile: int) -> bool:
        """May ``seat`` pung / kong ``tile`` (Sichuan: not the lacking suit)?"""
        return True

    def next_seat(self, state: HandState, seat: int) -> int:
        """The next seat still playing after ``seat`` in turn order."""
        seats = self.seats
        i = seats.index(seat)
        for k in range(1, len(seats) + 1):
            s = seats[(i + k) % len(seats)]
            if s in state.playing:
                return s
        return seat

    def meld_offset(self, seat: int, from_seat: int, kind: str) -> int:
        """The notation's seat offset (1 = left …) of a meld claimed from ``from_seat``."""
        return (seat - from_seat) % 4

    def next_dealer(self, state: HandState, details: dict[str, Any]) -> int | None:
        """Next hand's dealer: the settlement's answer if it gives one, else the next seat (no 连庄)."""
        if "next_dealer" in details:
            nd = details["next_dealer"]
            return nd if isinstance(nd, int) else None
        return self.seats[(self.seats.index(state.dealer) + 1) % len(self.seats)]

    def wall_end_reached(self, state: HandState) -> bool:
        """Checked when ``state.actor`` is due to draw."""
        return state.live_for(state.actor) <= self.reserve

    def extra_lines(self, state: HandState, settlement: Settlement) -> list[Payment]:
        """Payments of the flow itself on top of the rule set's settlement (none by default)."""
        return []

    def draw_facts(self, state: HandState) -> dict[str, Any]:
        """The rule set's own facts of the wall's end (the record's Draw ``facts``, JSON-friendly); none by
        default."""
        return {}


def split_options(flow_cls: type[Flow], options: dict[str, Any]) -> tuple[dict[str, Any], Any]:
    """Split mixed options into the rule set's (returned as a dict) and the flow's ``Options`` object (an
    option's old name, :data:`mahjong.rulebook.rows.RENAMED_OPTIONS`, is still accepted)."""
    from mahjong.rulebook.rows import current_options

    names = {f.name for f in fields(flow_cls.Options)}
    options = current_options(names, options)
    mine = {k: v for k, v in options.items() if k in names}
    rest = {k: v for k, v in options.items() if k not in names}
    for f in fields(flow_cls.Options):
        if f.name in mine:
            _check_option(f.name, f.default, mine[f.name], str(f.type))
    try:
        opts = flow_cls.Options(**mine)
    except TypeError as e:
        raise RulesError(f"flow options: {e}") from None
    return rest, opts


def _check_option(name: str, default: Any, value: Any, annotation: str = "") -> None:
    """A flow option takes a value of its default's type (True/False, a whole number, a name); an option whose
    default is None ("as the format says") takes None or a value of its annotated type."""
    if default is None and annotation.startswith("bool"):
        ok, what = value is None or type(value) is bool, "true, false or none"
    elif isinstance(default, bool):
        ok, what = type(value) is bool, "true or false"
    elif isinstance(default, int):
        ok, what = type(value) is int and value >= 0, "a whole number >= 0"
    elif isinstance(default, str):
        ok, what = type(value) is str, "a name"
    else:
        return
    if not ok:
        raise RulesError(f"flow option {name} must be {what}, got {type(value).__name__}")
