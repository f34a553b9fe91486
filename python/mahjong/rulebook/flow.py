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
from collections.abc import Callable
from typing import Any, TypeVar

from mahjong.registry import flow_class
from mahjong.registry import register_flow as register_flow_row
from mahjong.rulebook.book import BookRuleSet, RuleBook, indicated_kinds
from mahjong.rulebook.options import make_config
from mahjong.rulebook.special import SpecialFlow, bird_hits, birds_by_seat  # (rbgames: opening wins, birds …)
from mahjong.tiles import N_KINDS, N_TILES

# The engine is another part of the package, imported by name so that this module type-checks (and fails with a
# plain ImportError) in a build without it; its types are read as Any here.
_events: Any = importlib.import_module("mahjong.game.events")
_base: Any = importlib.import_module("mahjong.game.flows.base")
Flow: Any = _base.Flow
NoOptions: Any = _base.NoOptions
HandState = Any
_F = TypeVar("_F", bound=Callable[..., Any])


def _data_hook(fn: _F) -> _F:
    """A hook that reads only the book's data (mahjong.game.flows.base.data_hook)."""
    out: _F = _base.data_hook(fn)
    return out


__all__ = ["BookFlow", "register_flow", "flow_class_of", "flow_class_name", "PENDING", "bird_hits", "birds_by_seat",
           "indicator_of"]

#: class name -> the flow class of a registered book (served by this module's ``__getattr__`` to the engine's
#: registry, which builds flows by module and class name)
_CLASSES: dict[str, type[BookFlow]] = {}
#: class name -> what makes it: a shipped game registered by name, whose book is read when it is first used
PENDING: dict[str, Callable[[], None]] = {}


def __getattr__(name: str) -> Any:
    if name not in _CLASSES and name in PENDING:
        PENDING.pop(name)()
    try:
        return _CLASSES[name]
    except KeyError:
        raise AttributeError(name) from None


def indicator_of(book: RuleBook) -> Any:
    """The wildcard indicator a book's ``[wildcards]`` describe (a :class:`mahjong.game.flows.base.Indicator`):
    the wall's last tile (翻鬼), or the tile the dealer's two dice count in stacks from the wall's end (南昌 翻精);
    the kinds each indicator makes wild (:func:`indicated_kinds`)."""
    position = "dice_from_end" if book.indicator_from == "dice_from_end" else "last_tile"
    return _base.Indicator(position, tuple(indicated_kinds(book, t) if t < N_KINDS else () for t in range(N_TILES)))


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
    #: a rule file's wildcards are never punged or konged
    wild_melds = False
    facts_after_win = frozenset({"birds", "bird_seats"})  # (record_facts: the birds turned up after the win)

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
        self.late_discard_tiles = int(self.play.get("late_discard_tiles", -1))
        self.earthly = self.play.get("earthly", "first_discard")
        if self._wild_on():  # the wildcards: fixed kinds, or those an indicator turned up after the deal makes
            if b.wildcard_indicator:
                self.indicator = indicator_of(b)
            else:
                self.wild_tiles = frozenset(b.wildcard_tiles)

    # --- 定缺 and 换三张 (the book's play keys) ---------------------------------------------------------------

    @_data_hook
    def plays_lack(self) -> bool:
        return bool(self.play.get("lack", False))

    @_data_hook
    def exchanges_three(self) -> bool:
        return bool(self.play.get("exchange_three", False))

    @_data_hook
    def exchange_by_dice(self) -> bool:
        """换三张: the dealer's dice say where the three tiles go."""
        return bool(self.play.get("exchange_direction", "dice") == "dice")

    @_data_hook
    def exchange_offset(self, dice: tuple[int, ...] | None) -> int:
        """换三张: how many seats on in turn order each player's three tiles go (a sum of 3/6/9/12 → the
        opposite player, 4/7/10 → the next, 2/5/8/11 → the previous)."""
        from mahjong.rulebook.play import DIRECTIONS

        if dice is None:
            return DIRECTIONS[self.play["exchange_direction"]]
        return (2, 1, 3)[sum(dice) % 3]

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

    def record_facts(self, state: HandState, seat: int, tile: int, from_seat: int | None) -> dict[str, Any]:
        out: dict[str, Any] = self.book_game_facts(state, seat, tile, from_seat)  # (the file's facts ``from``)
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
            hits, by_seat = self._birds_now(state, seat)
            if self.book.flow.bird_hits == "seat":
                out["bird_seats"] = list(by_seat)
            else:
                out["birds"] = hits
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
        "late_discard_tiles": _default_play(book, "late_discard_tiles", -1),
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


def flow_class_name(name: str) -> str:
    """The name of the flow class of the book named ``name`` (:func:`flow_class_of`, :func:`variant_flow_class`)."""
    return "".join(p.title() for p in name.split("-")) + "Flow"


def flow_class_of(book: RuleBook) -> type[BookFlow]:
    """The flow class of a book (its fixed facts of play filled from the book by :class:`BookFlow`)."""
    return type(flow_class_name(book.name), (BookFlow,), {"book": book, "__module__": __name__,
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
    return type(flow_class_name(book.name), (base,), attrs)
