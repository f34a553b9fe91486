"""The flow hooks every rule set plugs into the engine, and their defaults (the common skeleton of play).

A flow is one small class per rule set.  Its attributes are the facts of play (hand size, chows, several winners
on one discard, play after a win, the wall's end reserve, the bonus, held bonus and wildcard kinds, the wildcard
indicator …); its ``Options`` dataclass holds the flow's "open" points as named options with their defaults and
sources.  The hooks the engine calls to play (the wall's break point, bonus tiles, the wildcard reveal, the
wildcard count, who may meld or discard what, the exchanges after the deal) are written once here, reading those
attributes: they are *data hooks* (:func:`data_hook`), so a flow is data that both the Python engine and the
compiled hand core play (:func:`mahjong.game.coreflow.core_flow` reads the same attributes).  A flow that
overrides one of them with code of its own plays on the Python engine.  The hooks that score and settle (may this
seat win, the rule-set-specific win facts, the next dealer, the flow's own payments) stay Python hooks: the core
asks them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

from mahjong.errors import RulesError
from mahjong.framework import RuleSet, ScoreResult, WinContext
from mahjong.tiles import N_KINDS, N_TILES

if TYPE_CHECKING:
    from mahjong.game.events import GameEvent
    from mahjong.game.rng import SplitMix64
    from mahjong.game.state import HandState
    from mahjong.settlement import Payment, Settlement

__all__ = ["Flow", "NoOptions", "Indicator", "INDICATOR_POSITIONS", "standard_tiles", "split_options", "data_hook",
           "is_data_hook", "penalty_lines", "pays_penalties_only", "break_point", "STACKS_PER_SIDE"]

STACKS_PER_SIDE = 18  #: 144 tiles = 4 sides of 18 stacks of 2

_F = TypeVar("_F", bound=Callable[..., Any])


def data_hook(fn: _F) -> _F:
    """Mark a hook as one that only reads the flow's data (its attributes, options and rule book): the compiled
    core plays a flow whose engine hooks are all such (it reads the same data), and a flow that overrides one with
    code of its own plays on the Python engine."""
    fn.__data_hook__ = True  # type: ignore[attr-defined]
    return fn


def penalty_lines(fn: _F) -> _F:
    """Mark an ``extra_lines`` hook as one that pays only the judge's penalty that ended the hand (its lines read
    ``state.penalty`` alone: none for a hand no penalty ended), so a hand the core ended without one adds nothing
    to the rule set's settlement (RandomTable.outcome reads such hands from the core)."""
    fn.__penalty_lines__ = True  # type: ignore[attr-defined]
    return fn


def pays_penalties_only(flow: object) -> bool:
    """The flow's ``extra_lines`` is the base's (none) or pays only the judge's penalty (:func:`penalty_lines`)."""
    hook = getattr(type(flow), "extra_lines", None)
    return hook is Flow.extra_lines or bool(getattr(hook, "__penalty_lines__", False))


def is_data_hook(flow: object, name: str) -> bool:
    """The hook ``name`` of ``flow`` is a data hook (:func:`data_hook`), not code of the flow's own."""
    return bool(getattr(getattr(type(flow), name, None), "__data_hook__", False))


def break_point(first: tuple[int, ...], second: tuple[int, ...], dealer_side: int = 0,
                stacks_per_side: int = STACKS_PER_SIDE) -> int:
    """Where drawing starts in the ring of tiles (ring order: side 0 = the dealer's, then counter-clockwise;
    ``stacks_per_side`` stacks of 2 a side: 18 for Guobiao's 144 tiles, 17 for 136).

    Competition rule (《中国麻将竞赛规则》): the first throw's sum picks the side — 5/9 the dealer's, 2/6/10 the
    dealer's right, 3/7/11 opposite, 4/8/12 the dealer's left (counting the dealer as 1, counter-clockwise);
    the sum of both throws counts stacks from that side's right end; drawing starts after them.
    """
    side = (sum(first) - 1) % 4
    stacks = sum(first) + sum(second)
    return (((dealer_side + side) % 4) * stacks_per_side + stacks) * 2 % (8 * stacks_per_side)


#: where a wildcard indicator is turned up after the deal (game/_core_constants.py INDICATOR_FROM, less "none")
INDICATOR_POSITIONS = ("dice_from_end", "last_tile", "after_deal")


@dataclass(frozen=True)
class Indicator:
    """A wildcard indicator turned up after the deal and taken out of play.

    position: where it is found — ``"dice_from_end"`` (the dealer's two dice counted in stacks of two from the
        wall's end, the stack's upper tile: 南昌 翻精), ``"last_tile"`` (the wall's last tile: 翻鬼),
        ``"after_deal"`` (the next tile of the wall, the one after the dealer's last dealt tile: 玉环 财神).
    wildcards: for each of the 42 tile ids the indicator may be, the kinds it makes wild, in order (the
        ``WildcardRevealed`` event's ``wildcards``: 南昌 (正精, 副精)).
    bonus: for each tile id the indicator may be, the bonus kinds it makes (玉环: 白板 is 杠花, or 红中 when 白板
        is the 财神); empty: the indicator makes none.
    """

    position: str
    wildcards: tuple[tuple[int, ...], ...]
    bonus: tuple[frozenset[int], ...] = ()

    def __post_init__(self) -> None:
        if self.position not in INDICATOR_POSITIONS:
            raise RulesError(f"an indicator is found at one of {', '.join(INDICATOR_POSITIONS)}, got {self.position!r}")
        if len(self.wildcards) != N_TILES or (self.bonus and len(self.bonus) != N_TILES):
            raise RulesError(f"an indicator's tables have one row per tile id ({N_TILES})")
        if any(not 0 <= t < N_KINDS for row in self.wildcards for t in row) or any(
                not 0 <= t < N_TILES for row in self.bonus for t in row):
            raise RulesError("an indicator makes playing tiles wild, and bonus tiles of tile ids")


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
    #: the wall's break point by dice (Guobiao competition rule), counted in stacks of two, this many a side
    dice_break: bool = False
    break_stacks: int = STACKS_PER_SIDE
    #: money moves during play (Sichuan 刮风下雨): settle as each kong / win happens, not only at the end
    pays_during_play: bool = False
    #: the wall-end Draw event lists every playing seat's final hand (the rule set's wall-end checks read it)
    draw_hands: bool = False
    #: which reading of 地和 the rule set's scorer takes: "first_draw" (a non-dealer self-draws on its first
    #: draw), "first_discard" (wins on the dealer's first discard) or None (the flag is never set)
    earthly: str | None = None
    #: 天和 is a fact the rule set reads
    heavenly: bool = False
    #: 人和 (a non-dealer's win on a discard in the first go-round) is a fact the rule set reads (set when true)
    human: bool = False
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
    #: a wildcard kind may be punged and konged (a rule file's wildcards never are)
    wild_melds: bool = True
    #: win facts read from tiles turned up once the hand is won (抓鸟's birds): no player knows them before
    facts_after_win: frozenset[str] = frozenset()
    #: a kong's replacement that is a bonus tile loses 杠上开花 for the draw after it (Botzone's judge)
    bonus_spoils_kong_draw: bool = False
    #: the judge's penalties (Botzone's): an illegal answer (WA) or a false win (WH) ends the hand with a
    #: :class:`~mahjong.game.events.Penalized` event instead of being refused, and an outside judge may call
    #: :meth:`~mahjong.game.engine.Game.penalize`; the offender pays each other player ``penalty``.  Any complete
    #: hand may then be declared (a false win is one the rule set does not score as valid)
    penalties: bool = False
    penalty: int = 0
    #: a win on a discard made with at most this many live tiles left before the wall's end is a late discard
    #: (the win fact ``late_discard``: 玉环 承包); -1 = none
    late_discard_tiles: int = -1
    #: 老鬼宁: what makes a seat forfeit its wins for the rest of the hand, a set of ``"melded"`` (a tile of this
    #: hand's wildcard kinds in one of its melds) and ``"discarded"`` (one among its discards); see :meth:`forfeited`
    wildcard_forfeits: frozenset[str] = frozenset()

    def __init__(self, ruleset: RuleSet[Any], options: Any = None) -> None:
        self.ruleset = ruleset
        self.options = options if options is not None else self.Options()
        #: bonus kinds set aside when drawn and replaced from the back (flowers)
        self.bonus_tiles: frozenset[int] = frozenset()
        #: wildcard kinds fixed by the flow (红中, 金山's 百搭)
        self.wild_tiles: frozenset[int] = frozenset()
        #: the wildcard indicator turned up after the deal (None: none)
        self.indicator: Indicator | None = None
        self.ruleset_options: dict[str, Any] = {}

    # --- hooks ------------------------------------------------------------------------------------------------

    def tiles(self) -> list[int]:
        """The tile set, before shuffling."""
        return standard_tiles()

    def in_play(self, n_tiles: int) -> int | None:
        """How many of the wall's tiles are in play (None = all)."""
        return None

    @data_hook
    def break_wall(self, wall: list[int], dealer: int, rng: SplitMix64) -> tuple[list[int], list[GameEvent]]:
        """Rotate the shuffled ring to the break point; returns the wall in drawing order and the dice events.
        With ``dice_break`` the competition rule: the dealer throws, the seat the sum points at throws again
        (:func:`break_point`); else the wall is drawn from where the shuffle left it."""
        if not self.dice_break:
            return wall, []
        from mahjong.game.events import DiceRolled

        first = rng.dice()
        thrower = (dealer + (sum(first) - 1)) % 4
        second = rng.dice()
        start = break_point(first, second, stacks_per_side=self.break_stacks)
        events: list[GameEvent] = [DiceRolled(dealer, first, "break"), DiceRolled(thrower, second, "break")]
        return wall[start:] + wall[:start], events

    @data_hook
    def is_bonus(self, tile: int, state: HandState) -> bool:
        """A bonus tile: set aside when drawn and replaced from the back (the flow's bonus kinds, and those the
        wildcard indicator makes)."""
        if tile in self.bonus_tiles:
            return True
        ind = self.indicator
        return ind is not None and bool(ind.bonus) and state.indicator is not None and tile in ind.bonus[
            state.indicator]

    @data_hook
    def reveal(self, state: HandState, rng: SplitMix64) -> list[GameEvent]:
        """Events after the deal that reveal the wildcards (:class:`Indicator`): the indicator turned up where
        the flow says, and the kinds it makes wild; none without an indicator."""
        ind = self.indicator
        if ind is None:
            return []
        from mahjong.game.events import DiceRolled, WildcardRevealed

        out: list[GameEvent] = []
        if ind.position == "dice_from_end":
            dice = rng.dice()
            out.append(DiceRolled(state.dealer, dice, "wildcard"))
            # 《南昌麻将速成》: "从牌桌上牌的末端算起，数到该墩把上面的一张牌翻开" — counted in stacks (墩) of two
            # from the wall's end, the upper tile first: the n-th stack from the end starts 2n tiles before it
            position = max(state.front, state.back - 2 * sum(dice))
        elif ind.position == "last_tile":
            position = state.back - 1  # the last tile of the wall is turned up (翻鬼)
        else:
            position = state.front  # the tile after the dealer's last dealt tile
        indicator = state.wall[position]
        out.append(WildcardRevealed(indicator, ind.wildcards[indicator], position))
        return out

    def wild_kinds(self, state: HandState) -> frozenset[int]:
        """This hand's wildcard kinds: the flow's own and those the indicator turned up makes."""
        if not state.wildcards:
            return self.wild_tiles
        return self.wild_tiles | frozenset(state.wildcards)

    @data_hook
    def wildcard_count(self, state: HandState, counts: list[int]) -> tuple[list[int], int]:
        """The 34 real-tile counts the kernels read and how many wildcards the hand holds (the counts of this
        hand's wildcard kinds, which are then not the tiles they are)."""
        real = list(counts[:N_KINDS])
        kinds = self.wild_kinds(state)
        if not kinds:
            return real, 0
        wild = 0
        n = len(counts)
        for t in kinds:
            if t < n:
                wild += counts[t]
            if t < N_KINDS:
                real[t] = 0
        return real, wild

    def may_win(self, state: HandState, seat: int, result: ScoreResult) -> bool:
        """May ``seat`` take this win?  The rule set's minimum (``result.valid``; with the judge's ``penalties`` any
        scored hand may be declared: a false win is judged WH), never while holding the suit it lacks (定缺), and
        never after forfeiting its wins (:meth:`forfeited`: 老鬼宁)."""
        return ((result.valid or self.penalties) and not self.holds_lack(state, seat)
                and not (self.wildcard_forfeits and self.forfeited(state, seat)))

    def forfeited(self, state: HandState, seat: int) -> bool:
        """老鬼宁: ``seat`` has a tile of this hand's wildcard kinds in one of its melds, or among its discards, where
        :attr:`wildcard_forfeits` says that forfeits its wins (the core's ``core_forfeited``)."""
        kinds = self.wild_kinds(state)
        if not kinds:
            return False
        if "melded" in self.wildcard_forfeits and any(t in kinds for m in state.melds[seat] for t in m.tiles):
            return True
        return "discarded" in self.wildcard_forfeits and any(t in kinds for t, _ in state.discards[seat])

    def game_fact(self, name: str, state: HandState, seat: int, tile: int, from_seat: int | None,
                  core: Any = None) -> Any:
        """The game's own win fact ``name`` (a rule book fact's ``from``: ``mahjong.rulebook.spec.GAME_FACTS``) of
        ``seat`` winning on ``tile`` now, from the hand state (the hand core works it out alike:
        evaluator_core.pxi's fact sources)."""
        if name == "indicator":
            return state.indicator
        if name == "indicator_turned":
            return state.indicator is not None
        if name == "bonus_set_aside":
            return len(state.bonus[seat])
        if name == "discarder_pung":
            return from_seat is not None and not state.robbing and any(
                m.kind == "pung" and m.tile == tile for m in state.melds[from_seat])
        if name == "late_discard":
            return self.late_discard(state, from_seat)
        if name == "own_totals":
            return self.own_totals(state, seat, core)
        raise KeyError(name)

    def own_totals(self, state: HandState, winner: int, core: Any = None) -> list[int | None] | None:
        """The win fact ``own_totals``: each other seat's own total from its tiles as they lie now (None for the
        winner), as the rule set counts it; ``core``: the hand core that may count them (its compiled book).  None:
        the rule set counts no such totals (the fact is left at its default)."""
        return None

    def book_game_facts(self, state: HandState, seat: int, tile: int, from_seat: int | None, core: Any = None
                        ) -> dict[str, Any]:
        """The rule book's facts that are the game's own (``[facts.NAME] from``) and fields of the rule set's win
        context, for a win now: each truth value given where it holds, each other value always (``core``: the
        hand core, which may work some out)."""
        book = getattr(self.ruleset, "book", None)
        if book is None:
            return {}
        got = self.__dict__.get("_book_game_facts")
        if got is None:
            known = {f.name for f in fields(getattr(self.ruleset, "Context", WinContext))}
            got = self.__dict__["_book_game_facts"] = tuple(
                (name, meta["from"], kind == "bool") for name, (kind, _d, meta) in book.facts.items()
                if meta.get("from") and name in known)
        out: dict[str, Any] = {}
        for name, source, flag in got:
            v = self.game_fact(source, state, seat, tile, from_seat, core)
            if v or not flag:
                out[name] = v
        return out

    def late_discard(self, state: HandState, from_seat: int | None) -> bool:
        """The win fact ``late_discard``: a win on a discard (or a kong robbed) made with at most
        :attr:`late_discard_tiles` live tiles left before the wall's end (玉环 承包)."""
        return (from_seat is not None and self.late_discard_tiles >= 0
                and state.live - self.reserve <= self.late_discard_tiles)

    #: the win facts a flow's own record_facts / check_facts give, when every one is a fact the hand core derives
    #: itself (CoreFacts; mahjong.rulebook.compiler.CORE_FACTS): the compiled rule book then reads them from the
    #: core and decides the flow's wins in C.  None: the flow does not say (its wins are decided in Python)
    win_facts_from_core: ClassVar[frozenset[str] | None] = None

    def record_facts(self, state: HandState, seat: int, tile: int, from_seat: int | None) -> dict[str, Any]:
        """Rule-set-specific win facts (fields of the rule set's ``Context``), JSON-friendly, for the record (by
        default: 杠上开花 lost where the flow says a bonus replacement after a kong loses it)."""
        if self.bonus_spoils_kong_draw and from_seat is None and state.bonus_after_kong[seat]:
            return {"kong_replacement": False}
        return {}

    def record_facts_on_core(self, core: Any, state: HandState, seat: int, tile: int, from_seat: int | None
                             ) -> dict[str, Any]:
        """:meth:`record_facts` of a win the compiled rule book decided on the hand core (a
        ``mahjong._core.GameCore`` given the book), which a flow may read partly off the core (玉环: the
        losers' own totals counted in C); by default :meth:`record_facts` on ``state``, the hand state now."""
        return self.record_facts(state, seat, tile, from_seat)

    def record_facts_from_core(self, core: Any, seat: int, tile: int, from_seat: int | None) -> dict[str, Any] | None:
        """:meth:`record_facts` read from the bare hand core (a ``mahjong._core.GameCore`` stopped on a win's
        question), for self-play that builds no hand state (``RandomTable.outcome``): a flow whose own facts
        are worked out from the tiles every seat holds says so here.  None: the flow's facts need the hand
        state (the hand is played again on it)."""
        return None

    def check_facts(self, state: HandState, seat: int) -> dict[str, Any]:
        """Extra context facts for the legality check only (the rule set's settle adds them itself)."""
        return {}

    def holds_lack(self, state: HandState, seat: int) -> bool:
        """The seat still holds a tile of the suit it declared lacking (定缺)."""
        suit = state.lack[seat]
        if suit is None:
            return False
        return any(state.hands[seat][suit * 9:suit * 9 + 9])

    @data_hook
    def may_discard(self, state: HandState, seat: int, tile: int) -> bool:
        """定缺: while the seat holds the suit it lacks, only that suit may go."""
        suit = state.lack[seat]
        if suit is None or not self.holds_lack(state, seat):
            return True
        return bool(tile // 9 == suit)

    @data_hook
    def plays_lack(self) -> bool:
        """定缺 is played this hand (after the deal and any exchange, each player names the suit it lacks)."""
        return bool(getattr(self.options, "lack", False))

    @data_hook
    def exchanges_three(self) -> bool:
        """换三张 is played this hand (after the deal each player passes three tiles of one suit)."""
        return bool(getattr(self.options, "exchange_three", False))

    @data_hook
    def exchange_by_dice(self) -> bool:
        """换三张: the dealer's dice say where the three tiles go."""
        return True

    @data_hook
    def exchange_offset(self, dice: tuple[int, ...] | None) -> int:
        """换三张: how many seats on in turn order each player's three tiles go (by the dice's sum: 3/6/9/12 → the
        opposite player, 4/7/10 → the next, 2/5/8/11 → the previous)."""
        return (2, 1, 3)[sum(dice) % 3] if dice else 1

    @data_hook
    def swaps_at_start(self) -> bool:
        """开始时换牌 is played this hand (right after the deal each player may swap tiles, once)."""
        return bool(getattr(self.options, "swap_at_start", False))

    @data_hook
    def may_meld(self, state: HandState, seat: int, tile: int) -> bool:
        """May ``seat`` pung / kong ``tile``?  Not the suit it lacks (定缺); not a wildcard where wildcards are
        never melded."""
        lack = state.lack[seat]
        if lack is not None and tile // 9 == lack:
            return False
        return self.wild_melds or tile not in self.wild_kinds(state)

    @data_hook
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

    @data_hook
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
