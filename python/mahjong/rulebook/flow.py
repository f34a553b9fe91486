"""The adapter that makes a rule book playable in the engine (:mod:`mahjong.game`): one flow class per book, its
hooks read from the book's ``[tiles]``, ``[wildcards]`` and ``[flow]`` tables.

What it provides: the tile set (4 copies of each kind in play, the flowers as bonus tiles), chows or not, one winner
per discard or several, play after a win, the wall's end reserve, fixed wildcards or a turned-up indicator, no
melding of a wildcard, the birds (抓鸟) turned up after a win and counted as the win fact ``birds``, and the next
dealer.  The win facts it fills when a file declares them: ``birds``, ``indicator``, ``already_won`` (a seats fact:
the players who have already won), ``declared_ready`` (with ``flow.declare_ready``) and ``haidi`` (a bool fact: the
win is the 海底捞月 on the tile fished after the wall ran out, with ``flow.declare_ready``).  A two-player file
(``flow.players = 2``) plays at seats 0 and 1, its chows taken from the only opponent.  When the engine is not
installed (a build without :mod:`mahjong.game`) importing this module raises ImportError and rule books are scored
but not played.
"""

from __future__ import annotations

import importlib
from typing import Any

from mahjong.rulebook.book import BookRuleSet, RuleBook, next_kinds
from mahjong.rulebook.special import SpecialFlow  # (rbgames: opening wins, horses, instant wins)

# The engine is another part of the package, imported by name so that this module type-checks (and fails with a
# plain ImportError) in a build without it; its types are read as Any here.
_events: Any = importlib.import_module("mahjong.game.events")
_flows: Any = importlib.import_module("mahjong.game.flows")
Flow: Any = importlib.import_module("mahjong.game.flows.base").Flow
HandState = Any

__all__ = ["BookFlow", "register_flow", "flow_class_of", "bird_hits", "birds_by_seat"]

#: class name -> the flow class of a registered book (served by this module's ``__getattr__`` to the engine's
#: registry, which builds flows by module and class name)
_CLASSES: dict[str, type[BookFlow]] = {}


def __getattr__(name: str) -> Any:
    try:
        return _CLASSES[name]
    except KeyError:
        raise AttributeError(name) from None


def bird_hits(book: RuleBook, birds: list[int]) -> int:
    """How many of the turned-up birds hit: every one (``"all"``), or those of rank 1, 5, 9 and 红中 (``"159"``)."""
    if book.flow.bird_hits == "all":
        return len(birds)
    return sum(1 for t in birds if t == 31 or (t < 27 and t % 9 in (0, 4, 8)))


class BookFlow(SpecialFlow, Flow):  # type: ignore[misc]
    """The flow of a rule book; subclasses per book are made by :func:`flow_class_of`."""

    book: RuleBook

    def __init__(self, ruleset: Any, options: Any = None) -> None:
        super().__init__(ruleset, options)
        if self.book.flowers:
            self.bonus_tiles = frozenset(range(34, 42))

    def _wild_on(self) -> bool:
        b = self.book
        if not (b.wildcard_tiles or b.wildcard_indicator):
            return False
        rs = self.ruleset
        return b.wildcard_option is None or not isinstance(rs, BookRuleSet) or bool(
            getattr(rs.config, b.wildcard_option))

    def tiles(self) -> list[int]:
        tiles = [t for t in self.book.tiles for _ in range(4)]
        if self.book.flowers:
            tiles += list(range(34, 42))
        return tiles

    def reveal(self, state: HandState, rng: Any) -> list[Any]:
        if not (self.book.wildcard_indicator and self._wild_on()):
            return []
        position = state.back - 1  # the last tile of the wall is turned up (翻鬼)
        indicator = state.wall[position]
        return [_events.WildcardRevealed(indicator, next_kinds(indicator, self.book.indicator_kinds, self.book.tiles),
                                 position)]

    def _wild_kinds(self, state: HandState) -> tuple[int, ...]:
        if not self._wild_on():
            return ()
        if self.book.wildcard_indicator:
            return tuple(state.wildcards)
        return self.book.wildcard_tiles

    def wildcard_count(self, state: HandState, counts: list[int]) -> tuple[list[int], int]:
        real = counts[:34]
        wild = 0
        for t in self._wild_kinds(state):
            wild += real[t]
            real[t] = 0
        return real, wild

    def may_meld(self, state: HandState, seat: int, tile: int) -> bool:
        return tile not in self._wild_kinds(state)  # a wildcard is never punged or konged

    def record_facts(self, state: HandState, seat: int, tile: int, from_seat: int | None) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.book.wildcard_indicator and state.indicator is not None:
            out["indicator"] = state.indicator
        if self.book.facts.get("already_won", ("",))[0] == "seats" and state.won:
            out["already_won"] = sorted(int(s) for s in state.won)  # 血战到底: those who have won pay nothing
        if "declared_ready" in self.book.facts and self.book.flow.declare_ready and state.ready[seat]:
            out["declared_ready"] = True
        if self.book.facts.get("haidi", ("",))[0] == "bool" and state.haidi_tile is not None:
            out["haidi"] = True  # the two-player game's 海底捞月: the ready player's win on the fished tile
        if self.book.flow.birds:
            # the birds are the next tiles of the live wall, turned up once the hand is won (fewer near its end)
            live = state.wall[state.front:state.back]
            birds = [t for t in live[: self.book.flow.birds] if t < 34]
            if self.book.flow.bird_hits == "seat":
                out["bird_seats"] = birds_by_seat(seat, birds, tuple(self.seats))
            else:
                out["birds"] = bird_hits(self.book, birds)
        return out

    def in_play(self, n_tiles: int) -> int | None:
        return self.book.tiles_in_play  # e.g. the two-player game's 71 of 136

    def meld_offset(self, seat: int, from_seat: int, kind: str) -> int:
        if self.book.players == 2:
            return 1  # the only opponent sits on both sides; the notation's chows come from the left
        return int(super().meld_offset(seat, from_seat, kind))

    def next_dealer(self, state: HandState, details: dict[str, Any]) -> int | None:
        if self.book.settlement is not None or self.book.flow.dealer in ("discarder", "dice"):
            nd: int | None = super().next_dealer(state, details)  # the settlement says (BookRuleSet.next_dealer)
            return nd
        rule = self.book.flow.dealer
        dealer = int(state.dealer)
        won = [int(s) for s in state.won]
        if rule == "winner":
            return won[0] if won else dealer
        if rule == "keep" and (not won or won[0] == dealer):
            return dealer
        seats = list(self.seats)
        return int(seats[(seats.index(dealer) + 1) % len(seats)])


def flow_class_of(book: RuleBook) -> type[BookFlow]:
    """The flow class of a book: its fixed facts of play as class attributes (the engine and the settlement read
    them from the class)."""
    f = book.flow
    attrs: dict[str, Any] = {
        "book": book,
        "presets": (book.name,),
        "hand_size": book.hand_size,
        "chows": f.chows,
        "multiple_winners": f.multiple_winners,
        "winners_to_end": f.winners_to_end,
        "reserve": f.reserve,
        "ready_declaration": f.declare_ready,
        # a file with [settlement]: kongs and wins pay as they happen, the wall-end checks read the final hands
        "pays_during_play": book.settlement is not None,
        "draw_hands": book.settlement is not None,
        "seats": (0, 1) if book.players == 2 else (0, 1, 2, 3),
        "heavenly": True,
        "earthly": "first_discard",
        "__module__": __name__,
        "__doc__": f"The flow of the rule file {book.path}.",
    }
    name = "".join(p.title() for p in book.name.split("-")) + "Flow"
    return type(name, (BookFlow,), attrs)


def register_flow(book: RuleBook) -> None:
    """Register the book's flow with the engine under the book's preset name."""
    cls = flow_class_of(book)
    _CLASSES[cls.__name__] = cls
    _flows.FLOWS[book.name] = (__name__, cls.__name__)


def birds_by_seat(winner: int, birds: list[int], seats: tuple[int, ...] = (0, 1, 2, 3)) -> list[int]:
    """扎鸟 by seat: how many birds fall on each seat, counting from the winner (rank 1, 5, 9 → the winner, 2, 6 →
    the next seat, 3, 7 → the seat opposite, 4, 8 → the seat before; 红中 counts as the winner's)."""
    out = [0, 0, 0, 0]
    i = seats.index(winner)
    for t in birds:
        step = 0 if t >= 27 else (t % 9) % 4
        out[seats[(i + step) % len(seats)]] += 1
    return out
