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

from mahjong.registry import flow_class
from mahjong.registry import register_flow as register_flow_row
from mahjong.rulebook.book import BookRuleSet, RuleBook, indicated_kinds
from mahjong.rulebook.options import make_config
from mahjong.rulebook.special import (
    SpecialFlow,  # (rbgames: opening wins, horses, instant wins)
    bird_hits,
    birds_by_seat,
)

# The engine is another part of the package, imported by name so that this module type-checks (and fails with a
# plain ImportError) in a build without it; its types are read as Any here.
_events: Any = importlib.import_module("mahjong.game.events")
Flow: Any = importlib.import_module("mahjong.game.flows.base").Flow
NoOptions: Any = importlib.import_module("mahjong.game.flows.base").NoOptions
HandState = Any

__all__ = ["BookFlow", "register_flow", "flow_class_of", "bird_hits", "birds_by_seat", "indicator_events"]

#: class name -> the flow class of a registered book (served by this module's ``__getattr__`` to the engine's
#: registry, which builds flows by module and class name)
_CLASSES: dict[str, type[BookFlow]] = {}


def __getattr__(name: str) -> Any:
    try:
        return _CLASSES[name]
    except KeyError:
        raise AttributeError(name) from None


def indicator_events(book: RuleBook, state: HandState, rng: Any) -> list[Any]:
    """The wildcards turned up after the deal (``[wildcards]``): the wall's last tile (翻鬼), or the tile the
    dealer's two dice count from the wall's end (南昌 翻精: as tables count, in stacks (墩) of two — the sum's
    stack from the end, its upper tile); the kinds it makes wild (:func:`indicated_kinds`)."""
    out: list[Any] = []
    if book.indicator_from == "dice_from_end":
        dice = rng.dice()
        out.append(_events.DiceRolled(state.dealer, dice, "wildcard"))
        # 《南昌麻将速成》: "从牌桌上牌的末端算起，数到该墩把上面的一张牌翻开" — the wall in drawing order is stacks of
        # two, the upper tile first: the n-th stack from the end starts 2n tiles before it
        position = max(state.front, state.back - 2 * sum(dice))
    else:
        position = state.back - 1  # the last tile of the wall is turned up (翻鬼)
    indicator = state.wall[position]
    out.append(_events.WildcardRevealed(indicator, indicated_kinds(book, indicator), position))
    return out


class BookFlow(SpecialFlow, Flow):  # type: ignore[misc]
    """The flow of a rule book; subclasses per book are made by :func:`flow_class_of` (or written, as Sichuan's
    :class:`~mahjong.game.flows.sichuan.SichuanFlow`, with ``book = …``): a subclass's fixed facts of play are
    filled from its book unless the class sets them itself.

    The play's own steps are the book's ``[flow]`` play keys (:mod:`mahjong.rulebook.play`), read for the rule
    set's options and the flow's ``Options`` (the file's play options): 定缺 (:meth:`plays_lack`; the lacking
    suit goes first, is never punged or konged, and no win while it is held), the forced win in the last tiles
    (``forced_win_tiles``), 换三张 (:meth:`exchanges_three`, :meth:`exchange_by_dice`, :meth:`exchange_offset`),
    play after a win (``winners_to_end``) and which win is 地胡 (``earthly``)."""

    book: RuleBook

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        book = cls.__dict__.get("book")
        if book is None:
            return
        for name, value in _fixed_facts(book).items():
            if name not in cls.__dict__:
                setattr(cls, name, value)

    def __init__(self, ruleset: Any, options: Any = None) -> None:
        super().__init__(ruleset, options)
        if self.book.flowers:
            self.bonus_tiles = frozenset(range(34, 42))
        from mahjong.rulebook.play import play_values

        b = self.book
        config = getattr(ruleset, "config", None)
        names = {k: getattr(config, k, v[1]) for k, v in b.options.items()}
        names.update({k: getattr(self.options, k, v[1]) for k, v in b.play_options.items()})
        self.play: dict[str, Any] = play_values(b.play, names, b.players, b.path)
        self.winners_to_end = int(self.play.get("winners_to_end", b.flow.winners_to_end))
        self.forced_win_tiles = int(self.play.get("forced_win_tiles", 0))
        self.earthly = self.play.get("earthly", "first_discard")

    # --- 定缺 and 换三张 (the book's play keys) ---------------------------------------------------------------

    def plays_lack(self) -> bool:
        return bool(self.play.get("lack", False))

    def exchanges_three(self) -> bool:
        return bool(self.play.get("exchange_three", False))

    def exchange_by_dice(self) -> bool:
        """换三张: the dealer's dice say where the three tiles go."""
        return bool(self.play.get("exchange_direction", "dice") == "dice")

    def exchange_offset(self, dice: tuple[int, ...] | None) -> int:
        """换三张: how many seats on in turn order each player's three tiles go (a sum of 3/6/9/12 → the
        opposite player, 4/7/10 → the next, 2/5/8/11 → the previous)."""
        from mahjong.rulebook.play import DIRECTIONS

        if dice is None:
            return DIRECTIONS[self.play["exchange_direction"]]
        return (2, 1, 3)[sum(dice) % 3]

    def _holds_lack(self, state: HandState, seat: int) -> bool:
        suit = state.lack[seat]
        if suit is None:
            return False
        return any(state.hands[seat][suit * 9:suit * 9 + 9])

    def may_win(self, state: HandState, seat: int, result: Any) -> bool:
        return bool(result.valid) and not self._holds_lack(state, seat)

    def may_discard(self, state: HandState, seat: int, tile: int) -> bool:
        suit = state.lack[seat]
        if suit is None or not self._holds_lack(state, seat):
            return True
        return bool(tile // 9 == suit)  # the lacking suit goes first

    def check_facts(self, state: HandState, seat: int) -> dict[str, Any]:
        if self.book.settlement is not None and self.book.not_paying is not None:
            # (a whole hand's settlement reads who has won from the record: the fact is for the check only)
            return {self.book.not_paying: frozenset(int(s) for s in state.won)}
        return {}

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
        return indicator_events(self.book, state, rng)

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
        if state.lack[seat] is not None and tile // 9 == state.lack[seat]:
            return False  # 定缺: not the lacking suit
        return tile not in self._wild_kinds(state)  # a wildcard is never punged or konged

    def record_facts(self, state: HandState, seat: int, tile: int, from_seat: int | None) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.book.wildcard_indicator and state.indicator is not None:
            out["indicator"] = state.indicator
        if self.book.facts.get("already_won", ("",))[0] == "seats" and state.won and self.book.settlement is None:
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
        if self.book.settlement is not None or self.play.get("dealer", self.book.flow.dealer) in ("discarder",
                                                                                                  "dice"):
            nd: int | None = super().next_dealer(state, details)  # the settlement says (BookRuleSet.next_dealer)
            return nd
        rule = self.play.get("dealer", self.book.flow.dealer)
        dealer = int(state.dealer)
        won = [int(s) for s in state.won]
        if rule == "winner":
            return won[0] if won else dealer
        if rule == "keep" and (not won or won[0] == dealer):
            return dealer
        seats = list(self.seats)
        return int(seats[(seats.index(dealer) + 1) % len(seats)])


def _fixed_facts(book: RuleBook) -> dict[str, Any]:
    """A book's fixed facts of play, as its flow class's attributes (the engine and the settlement read them from
    the class); the play keys under the default options."""
    f = book.flow
    return {
        "presets": (book.name,),
        "hand_size": book.hand_size,
        "chows": f.chows,
        "multiple_winners": f.multiple_winners,
        "winners_to_end": f.winners_to_end,
        "reserve": f.reserve,
        "ready_declaration": f.declare_ready,
        "haidi_phase": f.declare_ready,  # (a file's 报听 comes with the two-player game's 海底捞月 phase)
        # a file with [settlement]: kongs and wins pay as they happen, the wall-end checks read the final hands
        "pays_during_play": book.settlement is not None,
        "draw_hands": book.settlement is not None,
        "seats": (0, 1) if book.players == 2 else (0, 1, 2, 3),
        "heavenly": True,
        "earthly": _default_play(book, "earthly", "first_discard"),
        "forced_win_tiles": _default_play(book, "forced_win_tiles", 0),
        "honor_chows": book.honor_sequences,
        "Options": make_config(book.name, book.play_options) if book.play_options else NoOptions,
    }


def _default_play(book: RuleBook, key: str, default: Any) -> Any:
    from mahjong.rulebook.expr import BUILTINS, evaluate

    node = book.play.get(key)
    if node is None:
        return default
    names = {k: v[1] for k, v in {**book.options, **book.play_options}.items()}
    return evaluate(node, names, BUILTINS)


def flow_class_of(book: RuleBook) -> type[BookFlow]:
    """The flow class of a book (its fixed facts of play filled from the book by :class:`BookFlow`)."""
    name = "".join(p.title() for p in book.name.split("-")) + "Flow"
    return type(name, (BookFlow,), {"book": book, "__module__": __name__,
                                    "__doc__": f"The flow of the rule file {book.path}."})


def register_flow(book: RuleBook) -> None:
    """Register the book's flow with the engine under the book's preset name (a variant of a built-in rule set
    plays the built-in's flow, read from this book where that flow is a book's)."""
    cls: type[Any] = flow_class_of(book) if book.variant_of is None else variant_flow_class(book)
    _CLASSES[cls.__name__] = cls
    register_flow_row(book.name, __name__, cls.__name__)


def variant_flow_class(book: RuleBook) -> type[Any]:
    """(rbflow) The flow of a variant of a built-in rule set: the built-in's flow class under this book's name
    (and on this book, where the built-in's flow is a :class:`BookFlow`)."""
    assert book.variant_of is not None
    base = flow_class(book.variant_of)
    attrs: dict[str, Any] = {"presets": (book.name,), "__module__": __name__,
                             "__doc__": f"The flow of {book.name}: {book.variant_of}'s, on {book.path}."}
    if issubclass(base, BookFlow):
        attrs["book"] = book
    name = "".join(p.title() for p in book.name.split("-")) + "Flow"
    return type(name, (base,), attrs)
