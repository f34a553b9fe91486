"""The rule-set framework: one scoring entry point for every rule set.

A rule set is a class with one frozen, documented config dataclass (every house-rule choice a named field with
its default and the source of that default) and two methods:

* ``score(hand, context) -> ScoreResult``: a winning hand and the facts of its win in; itemised fans / hu
  points, the total, the reading the scorer chose, and zero-sum payments between the four seats out.
* ``settle(record) -> Settlement`` (see :mod:`mahjong.settlement`): a whole hand's event record in, net points
  per seat out.

Rule sets are looked up by preset name (:func:`get_ruleset`, :func:`list_rulesets`, kept here under their old
names); the registry (:mod:`mahjong.registry`) maps each name to the module that defines it, so ``import mahjong``
does not import every rule set, and knows none of them: this module and the rule sets are below it.
"""

from __future__ import annotations

import functools
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import MISSING, asdict, dataclass, field, fields, is_dataclass, replace
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

from mahjong.errors import ContextError, HandError, MahjongError, NotWinningError, RulesError
from mahjong.hand import Hand, parse_hand
from mahjong.registry import (
    PRESET_INFO,
    PRESETS,
    PresetInfo,
    get_ruleset,
    list_rulesets,
    register_preset,
    resolve_preset,
    shared_ruleset,
)
from mahjong.rules import HandRules
from mahjong.settlement import settle_by_wins
from mahjong.types import Decomposition

if TYPE_CHECKING:
    from mahjong.settlement import HandRecord, Settlement

__all__ = [
    "N_SEATS",
    "WinContext",
    "ScoreItem",
    "ScoreResult",
    "RuleSet",
    "PRESETS",
    "PRESET_INFO",
    "PresetInfo",
    "ArithmeticLine",
    "arithmetic_details",
    "register_preset",
    "resolve_preset",
    "get_ruleset",
    "list_rulesets",
    "score",
    "zero_sum_payments",
]

N_SEATS = 4


class _ContextType(type):
    """Metaclass of the win contexts: a call with a name the context does not have (or too many positional
    values) is a :class:`ContextError` naming it, for every rule set's context class alike."""

    def __call__(cls, *args: Any, **kwargs: Any) -> Any:
        known = [f.name for f in fields(cls) if f.init]  # type: ignore[arg-type]
        if len(args) > len(known):
            raise ContextError(f"{cls.__name__} takes at most {len(known)} values, got {len(args)}")
        unknown = sorted(str(k) for k in kwargs if k not in known)
        if unknown:
            raise ContextError(
                f"unknown win fact(s) {', '.join(map(repr, unknown))} for {cls.__name__}; known: {', '.join(known)}"
            )
        try:
            return super().__call__(*args, **kwargs)
        except MahjongError:
            raise
        except Exception as e:  # a subclass check tripping over a value of the wrong type (iterating a bool, a
            # caller's object whose __iter__ fails): building a context is validation only, so this is bad input
            raise ContextError(f"{cls.__name__}: a win fact has the wrong type ({type(e).__name__}: {e})") from e


#: the bytes of :attr:`WinContext.packed` before its flag byte, in order
CONTEXT_PACK: tuple[str, ...] = ("winner", "discarder", "dealer", "seat_wind", "prevalent_wind")
#: the flag bits of :attr:`WinContext.packed` (bit i = this field is true)
CONTEXT_FLAGS: tuple[str, ...] = ("last_tile", "last_wall_tile", "kong_replacement", "robbing_kong",
                                  "after_kong_discard", "heavenly", "earthly")
CONTEXT_OTHER_FACTS = 1 << 7  #: the flag bit of a subclass's own facts


@dataclass(frozen=True)
class WinContext(metaclass=_ContextType):
    """The facts of a win that the tiles do not show.  Seats are absolute indices 0..3 in turn order.

    Attributes:
        winner: the winning seat.
        discarder: the seat whose discard (or robbed kong) was won on; ``None`` for a self-draw.
        dealer: the dealer's seat (庄 / 头家).
        seat_wind: the winner's seat wind 0..3 (E S W N); ``None`` = derived from ``winner - dealer``.
        prevalent_wind: the round (prevalent) wind 0..3.
        last_tile: 和绝张 — the winning tile is the last unseen copy.
        last_wall_tile: the win is on the last tile of the wall (self-drawn: 妙手回春 / 海底捞月;
            on its discard: 海底捞月 in Guobiao, 海底炮 elsewhere).
        kong_replacement: 杠上开花 — self-drawn on the replacement tile after a kong.
        robbing_kong: 抢杠和 — won on a tile another player added to an exposed pung.
        after_kong_discard: 杠上炮 — won on a discard made right after the discarder's kong.
        heavenly: 天和 — the dealer wins on the initial deal.  earthly: 地和 — a non-dealer wins on the
            dealer's first discard / own first draw (rule sets define which).
    """

    winner: int = 0
    discarder: int | None = None
    dealer: int = 0
    seat_wind: int | None = None
    prevalent_wind: int = 0
    last_tile: bool = False
    last_wall_tile: bool = False
    kong_replacement: bool = False
    robbing_kong: bool = False
    after_kong_discard: bool = False
    heavenly: bool = False
    earthly: bool = False

    def __post_init__(self) -> None:
        _check_fact_types(self)
        for name in ("winner", "dealer", "prevalent_wind"):
            v = getattr(self, name)
            if not 0 <= v < N_SEATS:
                raise ContextError(f"{name} must be a seat 0..3, got {v!r}")
        if self.seat_wind is not None and not 0 <= self.seat_wind < 4:
            raise ContextError(f"seat_wind must be 0..3 (E S W N), got {self.seat_wind!r}")
        if self.discarder is not None:
            if not 0 <= self.discarder < 4:
                raise ContextError(f"discarder must be a seat 0..3 or None, got {self.discarder!r}")
            if self.discarder == self.winner:
                raise ContextError("the discarder cannot be the winner (use discarder=None for a self-draw)")
        if self.robbing_kong and self.self_drawn:
            raise ContextError("抢杠和 (robbing_kong) is a win on another player's kong tile, not a self-draw")
        if self.kong_replacement and not self.self_drawn:
            raise ContextError("杠上开花 (kong_replacement) is self-drawn")
        if self.after_kong_discard and self.self_drawn:
            raise ContextError("杠上炮 (after_kong_discard) is a win on a discard")
        if self.robbing_kong and self.last_wall_tile:
            raise ContextError("抢杠和 cannot be on the last tile of the wall")

    @property
    def self_drawn(self) -> bool:
        return self.discarder is None

    @property
    def wind(self) -> int:
        """The winner's seat wind (0..3)."""
        return self.seat_wind if self.seat_wind is not None else (self.winner - self.dealer) % 4

    @property
    def winner_is_dealer(self) -> bool:
        return self.winner == self.dealer

    @functools.cached_property
    def packed(self) -> bytes:
        """The win facts as bytes for the compiled scorers (as :attr:`Hand.packed` is the hand), worked out once
        per context: the fields of :data:`CONTEXT_PACK` in that order (the discarder 255 for a self-draw, the
        seat wind worked out when not given), then one byte of flags, bit i set when the field
        ``CONTEXT_FLAGS[i]`` is true; bit 7 when a subclass's own facts (:meth:`_has_other_facts`) are set."""
        flags = sum(1 << i for i, name in enumerate(CONTEXT_FLAGS) if getattr(self, name))
        if self._has_other_facts():
            flags |= CONTEXT_OTHER_FACTS
        return bytes((self.winner, 255 if self.discarder is None else self.discarder, self.dealer, self.wind,
                      self.prevalent_wind, flags))

    def _has_other_facts(self) -> bool:
        """A subclass's facts beyond these are set (a scorer reading only :attr:`packed` must then look)."""
        return False

    @classmethod
    def from_flags(cls, **kwargs: Any) -> WinContext:
        """Build from keyword flags, accepting ``self_drawn=True/False`` for convenience.

        ``self_drawn=False`` without a ``discarder`` means "on a discard from the seat to the winner's left"
        (the usual convention of calculators that only ask "self-drawn or not").  A name the context does not
        have raises :class:`ContextError` naming it and the known ones.
        """
        known = {f.name for f in fields(cls) if f.init}
        unknown = sorted(str(k) for k in kwargs if k not in known and k != "self_drawn")
        if unknown:
            raise ContextError(
                f"unknown win fact(s) {', '.join(map(repr, unknown))} for {cls.__name__}; "
                f"known: self_drawn, {', '.join(sorted(known))}"
            )
        self_drawn = kwargs.pop("self_drawn", None)
        if self_drawn is not None and not isinstance(self_drawn, bool):
            raise ContextError(f"self_drawn is a win flag: true or false, got {_short(self_drawn)}")
        if self_drawn is False and kwargs.get("discarder") is None:
            winner = kwargs.get("winner", 0)
            if not isinstance(winner, int) or isinstance(winner, bool) or not 0 <= winner < N_SEATS:
                raise ContextError(f"winner must be a seat 0..3, got {_short(winner)}")
            kwargs["discarder"] = (winner - 1) % 4
        if self_drawn is True and kwargs.get("discarder") is not None:
            raise ContextError("self_drawn=True contradicts a discarder")
        return cls(**kwargs)

    @classmethod
    def from_options(cls, **options: Any) -> Any:
        """Build from plain values — the CLI's ``--context key=value`` and JSON hand records.

        A name the context does not have raises :class:`ContextError` naming it and the known ones; a text value
        for a bool or int field is converted (``"true"``, ``"3"``).  ``self_drawn`` is accepted as in
        :meth:`from_flags`.  Subclasses with tile-valued facts (an indicator tile) extend this.
        """
        known = {f.name: f for f in fields(cls) if f.init}
        kwargs: dict[str, Any] = {}
        for name, value in options.items():
            if name == "self_drawn":
                kwargs[name] = _plain_value(name, value, False)
                continue
            f = known.get(name)
            if f is None:
                raise ContextError(
                    f"unknown win fact {name!r} for {cls.__name__}; known: self_drawn, {', '.join(sorted(known))}"
                )
            default = f.default if f.default is not MISSING else None
            kwargs[name] = _plain_value(name, value, default)
        return cls.from_flags(**kwargs)


#: The largest value a counted win fact (an int field other than a seat) may take.
MAX_FACT_COUNT = 99
#: Fields naming a tile (a wildcard's tile): a playing tile id 0..33 or None, never a flower.
_TILE_FACTS = frozenset({"caishen", "indicator", "wildcard_tile"})
_SEAT_FACTS = frozenset({"winner", "discarder", "dealer", "seat_wind", "prevalent_wind", "kong_from"})


def field_names(cls: type) -> tuple[str, ...]:
    """The field names of a dataclass (a rule set's context or config), in order: worked out once per class and
    kept in the class itself (a cache keyed by classes would keep alive every rule file's classes, and its book)."""
    got: tuple[str, ...] | None = cls.__dict__.get("_field_names_")
    if got is None:
        got = tuple(f.name for f in fields(cls))
        type.__setattr__(cls, "_field_names_", got)
        type.__setattr__(cls, "_field_set_", frozenset(got))
    return got


def field_set(cls: type) -> frozenset[str]:
    """:func:`field_names` as a set (asked at every win offered: which facts a context takes)."""
    got: frozenset[str] | None = cls.__dict__.get("_field_set_")
    if got is None:
        field_names(cls)
        got = cls.__dict__["_field_set_"]
    return got


def _short(value: object) -> str:
    try:
        text = repr(value)
    except Exception:  # a hostile __repr__ must not replace our error
        return f"<{type(value).__name__}>"
    return text if len(text) <= 40 else text[:37] + "..."


def _one_playing_tile(name: str, text: str) -> int:
    from mahjong.tiles import parse_tiles

    tiles = parse_tiles(text)
    if len(tiles) != 1:
        raise ContextError(f"{name} must be one tile, got {len(tiles)} in {_short(text)}")
    return tiles[0]


def _check_fact_types(ctx: WinContext) -> None:
    """Every field of a win context has the type its default says: a flag is a bool (not 1, not ``"no"``), a
    seat or count is an int (not a bool, not a float) in range, a tile fact is a playing tile id.  Subclass
    fields are checked by the same rules; their own ``__post_init__`` adds the rest."""
    for f in fields(ctx):
        v = getattr(ctx, f.name)
        default = f.default
        if isinstance(default, bool):
            if not isinstance(v, bool):
                raise ContextError(f"{f.name} is a win flag: true or false, got {_short(v)}")
        elif f.name in _SEAT_FACTS or isinstance(default, int) or (
            f.name not in _TILE_FACTS and str(f.type).replace(" ", "") in ("int", "int|None")
        ):
            if v is None and (default is None or f.name in ("discarder", "seat_wind", "kong_from")):
                continue
            if isinstance(v, int) and not isinstance(v, bool) and type(v) is not int:
                v = int(v)  # an int subclass (an IntEnum, a numpy-free int type): its plain value
                object.__setattr__(ctx, f.name, v)
            if not isinstance(v, int) or isinstance(v, bool):
                raise ContextError(f"{f.name} must be a whole number, got {type(v).__name__} {_short(v)}")
            if f.name not in _SEAT_FACTS and not 0 <= v <= MAX_FACT_COUNT:
                raise ContextError(f"{f.name} is a count 0..{MAX_FACT_COUNT}, got {_short(v)}")
        elif f.name in _TILE_FACTS and v is not None:
            if isinstance(v, str):  # notation such as "5m" or "红中" (JSON records, the CLI)
                v = _one_playing_tile(f.name, v)
                object.__setattr__(ctx, f.name, v)
            if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v < 34:
                hint = " (a flower cannot be a wildcard)" if isinstance(v, int) and 34 <= v < 42 else ""
                raise ContextError(f"{f.name} must be a playing tile (id 0..33 or notation){hint}, got {_short(v)}")


def _plain_value(name: str, value: Any, default: Any) -> Any:
    """Turn a text value into the type of the field's default (bool or int); other values pass unchanged."""
    if not isinstance(value, str):
        return value
    low = value.strip().lower()
    if isinstance(default, bool):
        if low in ("true", "yes", "on", "1"):
            return True
        if low in ("false", "no", "off", "0"):
            return False
        raise ContextError(f"{name} must be true or false, got {value!r}")
    if low in ("none", "null", ""):
        return None
    if isinstance(default, int) or default is None:
        try:
            return int(low)
        except ValueError:
            if isinstance(default, int):
                raise ContextError(f"{name} must be a whole number, got {value!r}") from None
    return value


@dataclass(frozen=True)
class ScoreItem:
    """One line of a score: a fan, a hu-point entry, a multiplier, a bonus.

    ``value`` is per occurrence in ``unit`` (``"fan"``, ``"hu"``, ``"tai"``, ``"x"`` for a multiplier,
    ``"pt"`` for flat points); ``count`` is how many times it counts.
    """

    key: str
    name_zh: str
    name_en: str
    value: int
    count: int = 1
    unit: str = "fan"
    note: str = ""

    @property
    def points(self) -> int:
        return self.value * self.count


@dataclass(frozen=True)
class ArithmeticLine:
    """One step of a score's arithmetic, written for people: ``zh`` and ``en`` say the same thing
    (e.g. ``"底分 2^(4−1) = 8"`` / ``"base 2^(4−1) = 8"``)."""

    zh: str
    en: str

    def text(self, lang: str = "en") -> str:
        return self.zh if lang == "zh" else self.en


@dataclass(frozen=True)
class ScoreResult:
    """The score of one win under one rule set.

    Attributes:
        ruleset: preset name.
        items: the itemised lines, in rule-book order.
        total: the hand's value in the rule set's own unit (Guobiao: fan total; hu-point games: the
            rounded, capped points one payer owes).
        unit: the unit of ``total``.
        reading: the decomposition (concealed part) the scorer chose; ``None`` if not applicable.
        wait: the wait type it chose (e.g. ``"edge"``, ``"closed"``, ``"single"``, ``"two-sided"``,
            ``"dual-pung"``), ``None`` if the rule set does not classify waits.
        valid: the hand meets the rule set's minimum (Guobiao: 8 fan without flowers); ``False`` = 诈和.
        invalid_reason: why not, when ``valid`` is false.
        payments: net points per seat (index = seat), summing to zero.
        details: rule-set specific facts (e.g. Nanchang 精 settlement), JSON-friendly values only.

    :attr:`arithmetic` (read from ``details["arithmetic"]``) says how ``total`` and ``payments`` were reached.
    """

    ruleset: str
    items: tuple[ScoreItem, ...]
    total: int
    unit: str
    reading: Decomposition | None
    wait: str | None
    valid: bool
    payments: tuple[int, ...]
    invalid_reason: str | None = None
    details: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if sum(self.payments) != 0:
            raise AssertionError(f"payments must sum to zero: {self.payments}")

    @property
    def arithmetic(self) -> tuple[ArithmeticLine, ...]:
        """How ``total`` and ``payments`` were reached, one step a line, in Chinese and English (e.g. Sichuan's
        2^(番−1), Yuhuan's rounding to 10 and the 400 cap), for people to follow.  Rule sets write the lines into
        ``details["arithmetic"]`` with :func:`arithmetic_details` (kept there so the result's fields stay
        JSON-plain)."""
        lines = self.details.get("arithmetic", ())
        return tuple(ArithmeticLine(str(a["zh"]), str(a["en"])) for a in lines)

    def item(self, key: str) -> ScoreItem | None:
        """The line with this key, if present (a key's former name finds it too: ``"qiong_hu"`` → ``poor_hand``;
        a former key whose meaning depends on the rule set as this result's rule set means it: Nanchang's
        ``"pinghu"`` → ``basic_win``)."""
        from mahjong.rulebook.rows import vocabulary_key

        for k in dict.fromkeys((key, vocabulary_key(key, self.ruleset))):
            for it in self.items:
                if it.key == k:
                    return it
        return None

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready view (used by ``mahjong score --json``)."""
        reading = None
        if self.reading is not None:
            reading = {
                "form": self.reading.form.name.lower(),
                "melds": [list(m) for m in self.reading.melds],
                "pairs": list(self.reading.pairs),
                "singles": list(self.reading.singles),
                "wildcards": list(self.reading.wildcards),
            }
        return {
            "ruleset": self.ruleset,
            "items": [asdict(i) | {"points": i.points} for i in self.items],
            "total": self.total,
            "unit": self.unit,
            "reading": reading,
            "wait": self.wait,
            "valid": self.valid,
            "invalid_reason": self.invalid_reason,
            "payments": list(self.payments),
            "details": {k: v for k, v in self.details.items() if k != "arithmetic"},
            "arithmetic": [{"zh": a.zh, "en": a.en} for a in self.arithmetic],
        }


def arithmetic_details(*lines: tuple[str, str]) -> dict[str, Any]:
    """``details`` entries holding a score's arithmetic: ``(zh, en)`` pairs, one step each."""
    return {"arithmetic": [{"zh": zh, "en": en} for zh, en in lines]}


def zero_sum_payments(winner: int, owed: Mapping[int, int]) -> tuple[int, ...]:
    """Net result per seat when each seat in ``owed`` pays the winner that amount."""
    net = [0] * N_SEATS
    for payer, amount in owed.items():
        if payer == winner:
            raise AssertionError("the winner does not pay themself")
        net[payer] -= amount
        net[winner] += amount
    return tuple(net)


ConfigT = TypeVar("ConfigT")


class RuleSet(ABC, Generic[ConfigT]):
    """Base class of every rule set.  Subclasses set ``name``, ``title``, ``summary``, ``Config`` and
    implement :meth:`score` (and :meth:`settle` where whole-hand settlement differs from summing wins)."""

    name: ClassVar[str]
    title: ClassVar[str]  #: e.g. "Guobiao 国标 (Chinese Official)"
    summary: ClassVar[str]  #: one line for ``mahjong rules``
    Config: ClassVar[type]
    #: the win-context type this rule set reads (a WinContext subclass when it needs more facts)
    Context: ClassVar[type[WinContext]] = WinContext
    #: the seats in play, in turn order (the two-player game uses seats 0 and 1)
    seats: ClassVar[tuple[int, ...]] = (0, 1, 2, 3)
    #: an overriding :meth:`settle` still moves money by its wins' payments alone (it checks and reports more):
    #: its nets are those of :func:`~mahjong.settlement.settle_by_wins`, so the compiled core may settle its hands
    nets_by_wins: ClassVar[bool] = False

    def won_hands_settle_by_wins(self) -> bool:
        """A hand with a win is settled as :func:`~mahjong.settlement.settle_by_wins` settles it (each win's
        payments, its scores taken as the game made them when the win was offered), whatever a drawn hand
        moves: so where the settlement is the generic one; a rule set whose settlement adds to a won hand only
        under some options says when."""
        return type(self).settle is RuleSet.settle

    def __init__(self, config: ConfigT | None = None, **options: Any) -> None:
        if config is not None and not isinstance(config, self.Config):
            raise RulesError(
                f"config for {self.name} must be a {self.Config.__name__} instance, got {type(config).__name__}"
            )
        base = config if config is not None else self.Config()
        if options:
            known = {f.name for f in fields(base)}  # type: ignore[arg-type]
            from mahjong.rulebook.rows import current_options  # old option names and values still accepted

            given = options
            options = current_options(known, options)
            old_names = {new: old for old, new in zip(given, options) if old != new}
            unknown = sorted(set(options) - known)
            if unknown:
                raise RulesError(
                    f"unknown option(s) for {self.name}: {', '.join(unknown)}; known: {', '.join(sorted(known))}"
                )
            try:
                base = replace(base, **options)  # type: ignore[type-var]
            except TypeError as e:  # a config's own checks comparing a value of the wrong type
                raise RulesError(f"bad option value for {self.name}: {e}") from None
            except RulesError as e:  # say the name the caller used, when it was an option's old name
                renamed = next(((n, o) for n, o in old_names.items() if n in str(e)), None)
                if renamed is None:
                    raise
                raise RulesError(f"{e} (option {renamed[0]} was called {renamed[1]})") from None
        self.config: ConfigT = base

    def __init_subclass__(cls, **kwargs: Any) -> None:
        # Every rule set's score() gets the same argument checks at the boundary (see _score_args).
        super().__init_subclass__(**kwargs)
        score = cls.__dict__.get("score")
        if score is not None and not getattr(score, "_checks_arguments", False):

            @functools.wraps(score)
            def checked_score(self: RuleSet[Any], hand: Any, context: Any = None, *args: Any, **kw: Any) -> Any:
                hand, context = self._score_args(hand, context)
                return score(self, hand, context, *args, **kw)

            checked_score._checks_arguments = True  # type: ignore[attr-defined]
            cls.score = checked_score  # type: ignore[method-assign]

    def _score_args(self, hand: object, context: object) -> tuple[Hand | str, WinContext | None]:
        """The checks every :meth:`score` runs first: a hand is notation or a :class:`Hand`; a context is None,
        an instance of a :class:`WinContext` class or a mapping of win facts (read by ``Context.from_options``)."""
        if not isinstance(hand, (str, Hand)):
            raise HandError(f"hand must be notation (a str) or a mahjong.Hand, got {type(hand).__name__}")
        if context is None or isinstance(context, WinContext):
            return hand, context
        if isinstance(context, type):
            raise ContextError(
                f"context must be a win-context instance such as {self.Context.__name__}(...), "
                f"not the class {context.__name__}"
            )
        if isinstance(context, Mapping):
            bad = [k for k in context if not isinstance(k, str)]
            if bad:
                raise ContextError(f"win-fact names must be text, got {_short(bad[0])}")
            ctx: WinContext = self.Context.from_options(**context)
            return hand, ctx
        raise ContextError(
            f"context must be a {self.Context.__name__}, a mapping of win facts or None, got {type(context).__name__}"
        )

    @property
    @abstractmethod
    def hand_rules(self) -> HandRules:
        """The shapes this rule set accepts (for the kernels)."""

    @abstractmethod
    def score(self, hand: Hand | str, context: WinContext | None = None) -> ScoreResult:
        """Score a winning hand.  Raises :class:`~mahjong.errors.NotWinningError` naming the failed rule."""

    def offered_score(self, hand: Hand, context: WinContext) -> ScoreResult | None:
        """The score of a win a game offers (a complete hand and its win facts), None where the hand does not
        win by these rules: :meth:`score` without the reason a hand does not win (a rule set may skip wording
        it).  Other errors are raised as :meth:`score` raises them."""
        try:
            return self.score(hand, context)
        except NotWinningError:
            return None

    def tiles_held(self, hand: Hand) -> int:
        """The hand's size as this rule set counts it, kongs as 3 (3n+2 complete, 3n+1 waiting).  Rule sets
        whose wildcards are written among the flowers (Jinshan's 百搭) count them too."""
        return hand.tile_count

    def _hand(self, hand: Hand | str) -> Hand:
        return parse_hand(hand) if isinstance(hand, str) else hand

    def settle(self, record: HandRecord) -> Settlement:
        """Settle a whole hand's event record (see :mod:`mahjong.settlement`).

        The default adds up each win's :attr:`ScoreResult.payments` (kongs and the wall's end move no money);
        rule sets with payments during play or at the wall's end (Sichuan) override it.
        """
        return settle_by_wins(self, record)

    def describe_options(self) -> list[tuple[str, Any, str]]:
        """(option, current value, documentation) for every config field."""
        doc = (type(self.config).__doc__ or "")
        out = []
        for f in fields(self.config):  # type: ignore[arg-type]
            out.append((f.name, getattr(self.config, f.name), _field_doc(doc, f.name)))
        return out


def _field_doc(doc: str, name: str) -> str:
    lines = doc.splitlines()
    for i, line in enumerate(lines):
        s = line.strip()
        if s.startswith(name + ":"):
            text = [s[len(name) + 1 :].strip()]
            indent = len(line) - len(line.lstrip())
            for nxt in lines[i + 1 :]:
                if nxt.strip() and len(nxt) - len(nxt.lstrip()) > indent:
                    text.append(nxt.strip())
                else:
                    break
            return " ".join(text)
    return ""


def score(hand: Hand | str, context: WinContext | None = None, rules: str | RuleSet[Any] = "guobiao",
          **options: Any) -> ScoreResult:
    """Score a winning hand under a preset: ``score("[123m,1]456p…", WinContext(...), rules="sichuan")``, or
    under a rule set object (``rules=mahjong.load_rules("my.toml")``; its options were set when it was made).
    A preset's rule set is made once per name and options and kept (:func:`mahjong.registry.shared_ruleset`)."""
    if type(rules) is not str and isinstance(rules, RuleSet):
        if options:
            raise RulesError("options are set when a rule set object is made (load_rules(path, **options)), "
                             f"not here: got {', '.join(sorted(options))}")
        return rules.score(hand, context)
    return shared_ruleset(rules, options).score(hand, context)


def config_as_dict(config: object) -> dict[str, Any]:
    """JSON-friendly view of a config dataclass."""
    if not is_dataclass(config):
        raise RulesError("not a config dataclass")
    return {f.name: getattr(config, f.name) for f in fields(config)}


Seats = Sequence[int]
