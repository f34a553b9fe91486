"""Whole-hand settlement: a hand's record of events in, net points per seat out (always zero-sum).

Scoring one win (:meth:`mahjong.framework.RuleSet.score`) is not enough for games where money moves during play
(Sichuan 刮风下雨 kong payments), where several players win in one hand (一炮多响, 血战到底) or where the wall's
end triggers checks (查花猪, 查大叫, 退税).  A :class:`HandRecord` lists what happened, in order; :func:`settle`
hands it to the rule set named in the record, which turns it into a :class:`Settlement`: one
:class:`Payment` line per transfer (who paid whom, how much, why, for which event) and the net per seat.

The default (:func:`settle_by_wins`, used by :meth:`RuleSet.settle` unless a rule set overrides it) adds up
each win's :attr:`ScoreResult.payments`; kongs and the wall's end move no money.  Sichuan overrides it.

Seats are absolute indices 0..3 in turn order (E S W N when seat 0 deals).

JSON format (``HandRecord.from_json`` / ``from_dict``; what ``mahjong settle record.json`` reads)::

    {
      "ruleset": "sichuan",
      "options": {"zimo_bonus": "add_base"},
      "dealer": 0,
      "prevalent_wind": 0,
      "events": [
        {"type": "kong", "seat": 1, "kind": "concealed", "tile": "5p"},
        {"type": "kong", "seat": 2, "kind": "melded", "tile": "3s", "from_seat": 0},
        {"type": "kong", "seat": 3, "kind": "added", "tile": "7m", "robbed": true},
        {"type": "win", "seat": 0, "hand": "123m456m89m999p11p7m", "discarder": 3, "robbing_kong": true},
        {"type": "win", "seat": 1, "hand": "[5555p]111222333m44p", "discarder": 2},
        {"type": "draw", "hands": {"2": "[3333s,2]123456789m1s", "3": "[777m,1]13m13579p468p"}}
      ]
    }

Settled under Sichuan this gives net ``[-1, 10, -3, -6]``: seat 1's 暗杠 collects 2 from each other player, seat
2's 直杠 1 from seat 0, seat 3's robbed 加杠 nothing; seat 0 wins ×2 (平胡 + 抢杠胡) from seat 3, seat 1 ×4
(对对胡 + 杠) from seat 2; at the wall's end seat 2 is ready (best hand ×2) and seat 3 is not, so seat 3 pays it 2.

Events (``"type"``):

* ``"kong"`` — :class:`Kong`: ``seat`` declared a kong of ``tile``; ``kind`` is ``"melded"`` (直杠 / 明杠 on
  ``from_seat``'s discard; ``from_seat`` required), ``"added"`` (面下杠 / 补杠 / 加杠: an exposed pung upgraded
  with a drawn fourth tile; ``robbed: true`` when another player won on that tile — 抢杠) or ``"concealed"``
  (暗杠).
* ``"win"`` — :class:`Win`: ``seat`` won with ``hand`` (the project notation: melds in brackets, the winning
  tile last), on ``discarder``'s discard (``null``/absent = self-drawn).  The flags of
  :class:`mahjong.framework.WinContext` may be given by name (``kong_replacement``, ``robbing_kong``,
  ``after_kong_discard``, ``last_wall_tile``, ``last_tile``, ``heavenly``, ``earthly``, ``seat_wind``); any other
  key is a rule-set-specific win fact (a field of that rule set's ``Context`` class) and is checked when the
  record is settled.  Several wins on one discard (一炮多响) are consecutive win events with the same discarder.
* ``"draw"`` — :class:`Draw`: the wall ran out.  ``hands`` maps each seat still playing (not yet won) to its final
  hand (13 tiles, kongs counted as 3), for the wall-end checks (查花猪 / 查大叫 / 退税); ``ready_order`` (optional)
  lists seats in the order they became ready (the two-player game's 海底捞月 goes to the first).  Only a win may
  follow it (the two-player game's 海底捞月 phase); rule sets without such a phase reject that.

Money is in the rule set's base unit (底注 / 基本分) unless the rule set says otherwise.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from contextvars import ContextVar
from dataclasses import dataclass, field, fields
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Literal, TypedDict, TypeVar, Union

from mahjong.errors import ContextError, HandError, MahjongError, listed
from mahjong.hand import Hand, parse_hand, parse_hand_uncached
from mahjong.registry import FLOWS, PRESETS, flow_class, get_ruleset, load_presets, resolve_preset
from mahjong.tiles import N_KINDS, parse_tiles, tile_name

if TYPE_CHECKING:
    from mahjong.framework import RuleSet, ScoreResult, WinContext

__all__ = [
    "KongKind",
    "JSONValue",
    "TileJSON",
    "KongEventDict",
    "WinEventDict",
    "DrawEventDict",
    "EventDict",
    "HandRecordDict",
    "Kong",
    "Win",
    "Draw",
    "Event",
    "HandRecord",
    "Payment",
    "Settlement",
    "settle",
    "settle_by_wins",
    "context_for",
    "lines_from_net",
    "check_robbed_kongs",
    "check_record_for",
    "check_one_win",
    "ends_on_first_win",
]

N_SEATS = 4
_T = TypeVar("_T")

KongKind = Literal["melded", "added", "concealed"]

# --- the record's JSON, typed (what HandRecord.from_dict reads; user code that builds records checks against these)

#: any value JSON holds
JSONValue = Union[None, bool, int, float, str, Sequence["JSONValue"], Mapping[str, "JSONValue"]]
#: a tile as the record takes it: notation (``"5p"``, ``"红中"``) or a tile id 0..33
TileJSON = Union[str, int]


class _KongEventDictRequired(TypedDict):
    type: Literal["kong"]
    seat: int
    kind: KongKind
    tile: TileJSON


class KongEventDict(_KongEventDictRequired, total=False):
    """A ``"kong"`` event (:class:`Kong`)."""

    from_seat: int | None
    robbed: bool


class _WinEventDictRequired(TypedDict):
    type: Literal["win"]
    seat: int
    hand: str


class WinEventDict(_WinEventDictRequired, total=False):
    """A ``"win"`` event (:class:`Win`): the standard win flags, and the rule sets' own win facts by name (any
    other fact of a rule set's ``Context`` goes under ``flags``)."""

    discarder: int | None
    last_tile: bool
    last_wall_tile: bool
    kong_replacement: bool
    robbing_kong: bool
    after_kong_discard: bool
    heavenly: bool
    earthly: bool
    seat_wind: int | None
    flags: Mapping[str, JSONValue]
    # rule-set win facts (see `mahjong rules NAME`)
    human: bool  # guobiao: 人和
    wildcard_kong: bool  # guobiao-extras: 混杠
    indicator: TileJSON | None  # nanchang: the flipped indicator (翻精)
    jing_held: Sequence[Sequence[int] | None] | None  # nanchang: (正精, 副精) per seat
    jing_kongs: Sequence[int]  # nanchang: seats with a 精杠
    caishen: TileJSON | None  # yuhuan: the 财神 tile
    gang_hua: int  # yuhuan: 杠花 set aside
    chengbao: bool  # yuhuan: 承包
    lagang_discard: bool  # yuhuan
    laoguining: bool  # yuhuan: 老鬼宁
    loser_totals: Sequence[int | None] | None  # yuhuan
    loser_hands: Sequence[str | None] | None  # yuhuan
    wildcard_win: bool  # jinshan: a 百搭 as the winning tile
    ya: int | None  # wuhu: 押
    kou_ting: bool  # common, twoplayer: 扣听
    declared_ready: bool  # twoplayer: 报听
    haidi: bool  # twoplayer: 海底捞月
    kong_from: int | None  # sichuan: 点杠花
    birds: int  # hongzhong: 抓鸟


class _DrawEventDictRequired(TypedDict):
    type: Literal["draw"]


class DrawEventDict(_DrawEventDictRequired, total=False):
    """A ``"draw"`` event (:class:`Draw`): seat (``"0"``..``"3"``, as JSON keys are text) -> final hand."""

    hands: Mapping[str, str]
    ready_order: Sequence[int]
    facts: Mapping[str, JSONValue]


EventDict = Union[KongEventDict, WinEventDict, DrawEventDict]


class _HandRecordDictRequired(TypedDict):
    ruleset: str


class HandRecordDict(_HandRecordDictRequired, total=False):
    """A whole hand's record (:class:`HandRecord`; ``HandRecord.from_dict`` / ``settle`` take it)."""

    events: Sequence[EventDict]
    options: Mapping[str, JSONValue]
    dealer: int
    prevalent_wind: int


def record_schema() -> dict[str, Any]:
    """The JSON Schema of a hand record (``mahjong settle --schema``), written from :class:`HandRecordDict` and
    the event dicts: the one description of the format, as :func:`mahjong.rulebook.schema` is of a rule file's.
    A win event takes the rule set's own win facts by name besides those listed (``mahjong rules NAME``)."""
    import sys

    from mahjong._jsonschema import schema_of

    return schema_of(HandRecordDict, title="mjcore hand record (mahjong settle)", module=sys.modules[__name__],
                     description="A whole hand's events, settled by mahjong.settle / mahjong settle record.json: "
                                 "kongs, wins and the wall's end, for one rule set (see mahjong rules).",
                     open_objects=("WinEventDict",))


KONG_KINDS: tuple[str, ...] = ("melded", "added", "concealed")

#: WinContext flags a win event may set directly (all other keys go to ``Win.flags``)
_STANDARD_FLAGS = (
    "last_tile",
    "last_wall_tile",
    "kong_replacement",
    "robbing_kong",
    "after_kong_discard",
    "heavenly",
    "earthly",
)


def _seat(value: Any, what: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < N_SEATS:
        raise ContextError(f"{what} must be a seat 0..3, got {value!r}")
    return value


def _seat_key(key: Any) -> Any:
    """A seat written as a JSON object key: "0".."3" in ASCII digits (not "٣", "³", "03" or " 1")."""
    if isinstance(key, str):
        if key not in ("0", "1", "2", "3"):
            raise ContextError(f"a seat key must be 0, 1, 2 or 3 (ASCII digits), got {key!r}")
        return int(key)
    return key


def _one_tile(value: Any, what: str) -> int:
    if isinstance(value, int) and not isinstance(value, bool):
        if not 0 <= value < N_KINDS:
            raise HandError(f"{what}: tile id out of range: {value!r} (expected 0..33)")
        return value
    if isinstance(value, str):
        tiles = parse_tiles(value)
        if len(tiles) != 1 or tiles[0] >= N_KINDS:
            raise HandError(f"{what}: expected one playing tile, got {value!r}")
        return tiles[0]
    raise HandError(f"{what}: expected a tile (notation or id 0..33), got {value!r}")


# --- events -----------------------------------------------------------------------------------


class _Record:
    """A frozen record whose mappings are read-only views (``MappingProxyType``, which neither pickles nor
    deep-copies): pickled and copied as its constructor's arguments, each view as a plain dict, which
    ``__post_init__`` checks and wraps again (a game holding a win's record, the Sichuan hand after its first win,
    is copied with ``copy.deepcopy``)."""

    def __reduce__(self) -> tuple[Any, ...]:
        values = (getattr(self, f.name) for f in fields(self))  # type: ignore[arg-type]
        return type(self), tuple(dict(v) if isinstance(v, MappingProxyType) else v for v in values)


@dataclass(frozen=True)
class Kong:
    """A kong declared during play (刮风 = exposed, 下雨 = concealed).

    Attributes:
        seat: who declared it.
        kind: ``"melded"`` (直杠: on ``from_seat``'s discard), ``"added"`` (面下杠 / 加杠: exposed pung + drawn
            fourth tile) or ``"concealed"`` (暗杠).
        tile: the kong's tile (notation such as ``"5p"`` or an id; stored as the id).
        from_seat: for a melded kong, the seat whose discard was claimed (引杠者); for an added kong, optionally
            the seat the pung was claimed from; never for a concealed kong.
        robbed: an added kong whose fourth tile another player won on (抢杠); it pays nothing.
    """

    seat: int
    kind: KongKind
    tile: int
    from_seat: int | None = None
    robbed: bool = False

    def __post_init__(self) -> None:
        _seat(self.seat, "seat")
        if self.kind not in KONG_KINDS:
            raise ContextError(f"kong kind must be one of {', '.join(KONG_KINDS)}; got {self.kind!r}")
        object.__setattr__(self, "tile", _one_tile(self.tile, "tile"))
        if self.from_seat is not None:
            _seat(self.from_seat, "from_seat")
            if self.from_seat == self.seat:
                raise ContextError("a kong's from_seat is another player (the one whose discard was claimed)")
        if self.kind == "melded" and self.from_seat is None:
            raise ContextError("a melded kong (直杠) needs from_seat: the seat whose discard was claimed")
        if self.kind == "concealed" and self.from_seat is not None:
            raise ContextError("a concealed kong (暗杠) is not claimed from anyone (from_seat must be None)")
        if not isinstance(self.robbed, bool):
            raise ContextError(f"robbed must be true or false, got {self.robbed!r}")
        if self.robbed and self.kind != "added":
            raise ContextError("only an added kong (面下杠 / 加杠) can be robbed (抢杠)")

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": "kong", "seat": self.seat, "kind": self.kind, "tile": tile_name(self.tile)}
        if self.from_seat is not None:
            out["from_seat"] = self.from_seat
        if self.robbed:
            out["robbed"] = True
        return out


@dataclass(frozen=True)
class Win(_Record):
    """A win: ``seat`` completed ``hand`` on ``discarder``'s discard (``None`` = self-drawn).

    The boolean fields are the :class:`~mahjong.framework.WinContext` flags of the same name; ``flags`` holds
    rule-set-specific win facts (fields of the rule set's ``Context`` class), checked when settled.
    """

    seat: int
    hand: str
    discarder: int | None = None
    last_tile: bool = False
    last_wall_tile: bool = False
    kong_replacement: bool = False
    robbing_kong: bool = False
    after_kong_discard: bool = False
    heavenly: bool = False
    earthly: bool = False
    seat_wind: int | None = None
    flags: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        _seat(self.seat, "seat")
        if self.discarder is not None:
            _seat(self.discarder, "discarder")
            if self.discarder == self.seat:
                raise ContextError("a winner cannot win on their own discard (discarder = None for a self-draw)")
        if not isinstance(self.hand, str):
            raise HandError(f"a win's hand must be notation text, got {type(self.hand).__name__}")
        try:  # fail early, naming the bad token (not through the cache of repeated texts: the engine's wins
            parse_hand_uncached(self.hand)  # are a stream of distinct hands, which would only fill it)
        except MahjongError as e:
            raise type(e)(code="in-field", field="hand", error=str(e)) from None
        for name in _STANDARD_FLAGS:
            if not isinstance(getattr(self, name), bool):
                raise ContextError(f"win flag {name} must be true or false, got {getattr(self, name)!r}")
        if not isinstance(self.flags, Mapping):
            raise ContextError(f"win flags must be a mapping, got {type(self.flags).__name__}")
        clash = sorted(set(self.flags) & {*(_STANDARD_FLAGS), "seat_wind", "winner", "discarder", "dealer"})
        if clash:
            raise ContextError(f"win flags repeat standard fields: {', '.join(clash)}")
        object.__setattr__(self, "flags", MappingProxyType(dict(self.flags)))

    @property
    def self_drawn(self) -> bool:
        return self.discarder is None

    def parsed(self) -> Hand:
        """The hand as a :class:`~mahjong.hand.Hand` (last concealed tile written = the winning tile)."""
        return parse_hand(self.hand)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": "win", "seat": self.seat, "hand": self.hand}
        if self.discarder is not None:
            out["discarder"] = self.discarder
        for name in _STANDARD_FLAGS:
            if getattr(self, name):
                out[name] = True
        if self.seat_wind is not None:
            out["seat_wind"] = self.seat_wind
        out.update(self.flags)
        return out


@dataclass(frozen=True)
class Draw(_Record):
    """The wall ran out (流局 / 荒庄) with the players in ``hands`` still playing.

    Attributes:
        hands: seat -> final hand notation (13 tiles, kongs counted as 3) of every seat that has not won.
        ready_order: seats in the order they became ready (听牌), when the rule set needs it (the two-player
            game's 海底捞月 goes to the first ready player).
        facts: the rule set's own facts of the wall's end (JSON-friendly), e.g. Nanchang's ``indicator`` (the
            flipped tile: which tiles were 精, settled at 黄庄).
    """

    hands: Mapping[int, str] = field(default_factory=dict)
    ready_order: tuple[int, ...] = ()
    facts: Mapping[str, Any] = field(default_factory=dict)
    #: the final hands already read (:meth:`of_hands`: the engine's, which need not be parsed from their text)
    _read: Mapping[int, Hand] = field(default_factory=dict, compare=False, repr=False)

    @classmethod
    def of_hands(cls, hands: Mapping[int, Hand], ready_order: tuple[int, ...] = (),
                 facts: Mapping[str, Any] | None = None) -> Draw:
        """The Draw of final hands given as :class:`Hand` objects (the record keeps their notation; the rule
        set reads the objects themselves: no text is parsed back)."""
        if not isinstance(hands, Mapping) or not all(isinstance(h, Hand) for h in hands.values()):
            raise HandError("Draw.of_hands takes a mapping of seat -> Hand")
        return cls({s: str(h) for s, h in hands.items()}, ready_order, {} if facts is None else facts, dict(hands))

    def __post_init__(self) -> None:
        if not isinstance(self.hands, Mapping):
            raise HandError(f"draw hands must map seat -> hand, got {type(self.hands).__name__}")
        hands: dict[int, str] = {}
        read: dict[int, Hand] = {}
        for k, v in self.hands.items():
            seat = _seat(_seat_key(k), "hands: seat")
            if not isinstance(v, str):
                raise HandError(f"seat {seat}'s final hand must be notation text, got {type(v).__name__}")
            given = self._read.get(k) if isinstance(self._read, Mapping) else None
            try:
                hand = given if isinstance(given, Hand) else parse_hand(v, infer_win_tile=False)
                hand.check_size(13, complete=False)
            except MahjongError as e:
                raise type(e)(f"seat {seat}'s final hand {v!r}: {e}") from None
            hands[seat] = v
            if given is hand:
                read[seat] = hand
        object.__setattr__(self, "_read", MappingProxyType(read))
        object.__setattr__(self, "hands", MappingProxyType(dict(sorted(hands.items()))))
        order = tuple(_seat(s, "ready_order: seat") for s in self.ready_order)
        if len(set(order)) != len(order):
            raise ContextError(code="draw-ready-repeat", order=", ".join(map(str, order)))
        object.__setattr__(self, "ready_order", order)
        if not isinstance(self.facts, Mapping) or any(not isinstance(k, str) for k in self.facts):
            raise ContextError(f"draw facts must be a mapping of names to values, got {self.facts!r}")
        object.__setattr__(self, "facts", MappingProxyType(dict(self.facts)))

    def hand(self, seat: int) -> Hand:
        """A seat's final hand, parsed (no winning tile)."""
        try:
            text = self.hands[seat]
        except KeyError:
            raise ContextError(f"the draw does not give seat {seat}'s final hand") from None
        got = self._read.get(seat)
        return got if got is not None else parse_hand(text, infer_win_tile=False)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": "draw", "hands": {str(k): v for k, v in self.hands.items()}}
        if self.ready_order:
            out["ready_order"] = list(self.ready_order)
        if self.facts:
            out["facts"] = dict(self.facts)
        return out


Event = Union[Kong, Win, Draw]


def _event_from_dict(obj: Any, index: int) -> Event:
    if not isinstance(obj, Mapping):
        raise ContextError(f"event {index}: expected an object, got {type(obj).__name__}")
    data = dict(obj)
    bad_keys = [k for k in data if not isinstance(k, str)]
    if bad_keys:
        raise ContextError(f"event {index}: field names are text, got {bad_keys[0]!r}")
    kind = data.pop("type", None)
    try:
        if kind == "kong":
            _only(data, {"seat", "kind", "tile", "from_seat", "robbed"}, "kong")
            return Kong(**data)
        if kind == "win":
            std = {f.name for f in fields(Win)} - {"flags"}
            extra = dict(data.pop("flags", {}) or {})
            extra.update({k: v for k, v in data.items() if k not in std})
            known = {k: v for k, v in data.items() if k in std}
            for need in ("seat", "hand"):
                if need not in known:
                    raise ContextError(f"a win needs {need!r}")
            return Win(**known, flags=extra)
        if kind == "draw":
            _only(data, {"hands", "ready_order", "facts"}, "draw")
            hands = data.get("hands", {})
            order = tuple(data.get("ready_order", ()))
            return Draw(hands=hands, ready_order=order, facts=data.get("facts", {}))
    except TypeError as e:  # a missing required field
        raise ContextError(code="event-in", index=index, kind=kind, error=str(e)) from None
    except MahjongError as e:
        raise type(e)(code="event-in", index=index, kind=kind, error=str(e)) from None
    raise ContextError(f"event {index}: unknown type {kind!r} (expected 'kong', 'win' or 'draw')")


def _only(data: Mapping[str, Any], allowed: set[str], what: str) -> None:
    unknown = sorted(map(repr, set(data) - allowed))
    if unknown:
        raise ContextError(code="event-unknown-fields", kind=what, names=", ".join(unknown),
                           known=", ".join(sorted(allowed)))
    if what == "kong" and ("seat" not in data or "kind" not in data or "tile" not in data):
        raise ContextError("a kong needs 'seat', 'kind' and 'tile'")


# --- the record -------------------------------------------------------------------------------


@dataclass(frozen=True)
class HandRecord(_Record):
    """One hand of play, as events in order, under one rule set.

    Attributes:
        ruleset: preset name (``"sichuan"``, ``"guobiao"``, …; see :func:`mahjong.framework.list_rulesets`).
        events: kongs, wins and the wall's end, in the order they happened.
        options: config overrides for the rule set (field names of its ``Config``).
        dealer: the dealer's seat (庄).
        prevalent_wind: the round wind 0..3 (E S W N).
    """

    ruleset: str
    events: tuple[Event, ...] = ()
    options: Mapping[str, Any] = field(default_factory=dict)
    dealer: int = 0
    prevalent_wind: int = 0

    def __post_init__(self) -> None:
        if not isinstance(self.ruleset, str) or not self.ruleset:
            raise ContextError(f"ruleset must be a preset name, got {self.ruleset!r}")
        _seat(self.dealer, "dealer")
        _seat(self.prevalent_wind, "prevalent_wind")
        events = tuple(self.events)
        for i, ev in enumerate(events):
            if not isinstance(ev, (Kong, Win, Draw)):
                raise ContextError(f"event {i} is not a Kong, Win or Draw: {ev!r}")
        draws = [i for i, ev in enumerate(events) if isinstance(ev, Draw)]
        if len(draws) > 1:
            raise ContextError(code="record-one-draw", index=draws[1])
        after = next((i for i, ev in enumerate(events) if draws and i > draws[0] and not isinstance(ev, Win)), None)
        if after is not None:  # only a win may follow the wall's end (the two-player game's 海底捞月 phase)
            raise ContextError(code="record-after-draw", index=after)
        object.__setattr__(self, "events", events)
        if not isinstance(self.options, Mapping):
            raise ContextError(f"options must be a mapping, got {type(self.options).__name__}")
        for key in self.options:
            if not isinstance(key, str):
                raise ContextError(f"option names are text, got {key!r}")
        object.__setattr__(self, "options", MappingProxyType(dict(self.options)))

    @property
    def wins(self) -> tuple[Win, ...]:
        return tuple(e for e in self.events if isinstance(e, Win))

    @classmethod
    def from_dict(cls, obj: HandRecordDict | Mapping[str, Any]) -> HandRecord:
        """Read the JSON-shaped form documented in this module."""
        if not isinstance(obj, Mapping):
            raise ContextError(f"a hand record is a JSON object, got {type(obj).__name__}")
        unknown = sorted(map(repr, set(obj) - {"ruleset", "events", "options", "dealer", "prevalent_wind"}))
        if unknown:
            raise ContextError(f"unknown hand-record field(s): {', '.join(unknown)}")
        if "ruleset" not in obj:
            raise ContextError("a hand record needs 'ruleset' (a preset name)")
        raw_events = obj.get("events", [])
        if not isinstance(raw_events, Sequence) or isinstance(raw_events, (str, bytes)):
            raise ContextError("'events' must be a list")
        events = tuple(_event_from_dict(e, i) for i, e in enumerate(raw_events))
        return cls(
            ruleset=obj["ruleset"],
            events=events,
            options=obj.get("options", {}) or {},
            dealer=obj.get("dealer", 0),
            prevalent_wind=obj.get("prevalent_wind", 0),
        )

    @classmethod
    def from_json(cls, obj: str | bytes | HandRecordDict | Mapping[str, Any]) -> HandRecord:
        """Read a record from JSON text (or an already-decoded object)."""
        if isinstance(obj, (bytes, bytearray)):
            try:
                obj = bytes(obj).decode("utf-8")
            except UnicodeDecodeError as e:
                raise ContextError(f"hand record is not UTF-8 text: {e}") from None
        if isinstance(obj, str):
            try:
                obj = json.loads(obj)
            except json.JSONDecodeError as e:
                raise ContextError(f"hand record is not valid JSON: {e}") from None
            except RecursionError:
                raise ContextError("hand record is nested too deeply to be a hand record") from None
            except ValueError as e:  # e.g. a number with more digits than Python converts
                raise ContextError(f"hand record has a value that cannot be read: {e}") from None
        try:
            return cls.from_dict(obj)  # type: ignore[arg-type]
        except RecursionError:
            raise ContextError("hand record is nested too deeply to be a hand record") from None

    def to_dict(self) -> dict[str, Any]:
        return {
            "ruleset": self.ruleset,
            "options": dict(self.options),
            "dealer": self.dealer,
            "prevalent_wind": self.prevalent_wind,
            "events": [e.to_dict() for e in self.events],
        }

    def to_json(self, **kwargs: Any) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False, **kwargs)


# --- the result -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Payment:
    """One transfer: ``payer`` pays ``payee`` ``amount`` because of ``reason``.

    ``event`` is the index of the event in the record that caused it (``None`` for end-of-hand checks that
    belong to no single event); ``reason`` is a short key (``"win"``, ``"kong.melded"``, ``"huazhu"`` …) and
    ``note`` the rule's name in words.
    """

    payer: int
    payee: int
    amount: int
    reason: str
    event: int | None = None
    note: str = ""

    def __post_init__(self) -> None:
        _seat(self.payer, "payer")
        _seat(self.payee, "payee")
        if self.payer == self.payee:
            raise AssertionError(f"a seat does not pay itself: {self}")
        if not isinstance(self.amount, int) or self.amount < 0:
            raise AssertionError(f"payment amounts are non-negative ints: {self}")


@dataclass(frozen=True)
class Settlement:
    """The outcome of a whole hand.

    Attributes:
        ruleset: the preset name.
        lines: every transfer, in the order the rules made them.
        net: net points per seat (index = seat); sums to zero and equals the lines added up.
        results: the :class:`ScoreResult` of each win, in event order.
        details: rule-set specific facts (JSON-friendly), e.g. who was ready at the wall's end.
    """

    ruleset: str
    lines: tuple[Payment, ...]
    net: tuple[int, ...]
    results: tuple[ScoreResult, ...] = ()
    details: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if len(self.net) != N_SEATS:
            raise AssertionError(f"net must have one entry per seat: {self.net}")
        if sum(self.net) != 0:
            raise AssertionError(f"settlement must be zero-sum: {self.net}")
        if tuple(self.net) != net_of(self.lines):
            raise AssertionError(f"net {self.net} does not match the payment lines {net_of(self.lines)}")

    @classmethod
    def from_lines(
        cls,
        ruleset: str,
        lines: Iterable[Payment],
        results: Iterable[ScoreResult] = (),
        details: Mapping[str, Any] | None = None,
    ) -> Settlement:
        lines = tuple(lines)
        return cls(ruleset, lines, net_of(lines), tuple(results), dict(details or {}))

    def lines_for(self, reason_prefix: str) -> tuple[Payment, ...]:
        """The lines whose reason starts with ``reason_prefix`` (e.g. ``"kong"``)."""
        return tuple(p for p in self.lines if p.reason.startswith(reason_prefix))

    def describe(self) -> str:
        """A human-readable account (used by ``mahjong settle``): each line, then the net per seat."""
        out = [f"rule set: {self.ruleset}"]
        for p in self.lines:
            where = f"event {p.event}" if p.event is not None else "wall end"
            note = f"  {p.note}" if p.note else ""
            out.append(f"  [{where}] seat {p.payer} → seat {p.payee}: {p.amount}  ({p.reason}){note}")
        for i, r in enumerate(self.results):
            names = " ".join(f"{it.name_zh}{'×' + str(it.count) if it.count != 1 else ''}" for it in r.items)
            out.append(f"  win {i + 1}: {names} = {r.total} {r.unit}")
        for k, v in self.details.items():
            out.append(f"  {k}: {v}")
        out.append("net (seat 0-3): " + "  ".join(f"{s}:{v:+d}" for s, v in enumerate(self.net)))
        return "\n".join(out)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready view (used by ``mahjong settle --json``)."""
        return {
            "ruleset": self.ruleset,
            "net": list(self.net),
            "lines": [
                {
                    "payer": p.payer,
                    "payee": p.payee,
                    "amount": p.amount,
                    "reason": p.reason,
                    "event": p.event,
                    "note": p.note,
                }
                for p in self.lines
            ],
            "results": [r.to_dict() for r in self.results],
            "details": dict(self.details),
        }


def net_of(lines: Iterable[Payment]) -> tuple[int, ...]:
    """Net per seat of some payment lines."""
    net = [0] * N_SEATS
    for p in lines:
        net[p.payer] -= p.amount
        net[p.payee] += p.amount
    return tuple(net)


def lines_from_net(
    net: Sequence[int], reason: str, event: int | None = None, note: str = "", winner: int | None = None
) -> list[Payment]:
    """Payment lines that produce a zero-sum ``net``.

    With one receiving seat (the usual single winner) each losing seat pays it exactly its loss.  With several
    receivers (pairwise settlements such as Yuhuan's) losers are matched to receivers in seat order, starting
    with ``winner`` if given — the net is exact either way; only the pairing is a convention.
    """
    if sum(net) != 0:
        raise AssertionError(f"not zero-sum: {listed(net)}")
    owe = {s: -v for s, v in enumerate(net) if v < 0}
    due = {s: v for s, v in enumerate(net) if v > 0}
    order = sorted(due, key=lambda s: (s != winner, s))
    out: list[Payment] = []
    for payee in order:
        for payer in sorted(owe):
            if due[payee] == 0:
                break
            amount = min(owe[payer], due[payee])
            if amount:
                out.append(Payment(payer, payee, amount, reason, event, note))
                owe[payer] -= amount
                due[payee] -= amount
    return out


# --- settling ---------------------------------------------------------------------------------


def context_for(ruleset: RuleSet[Any], record: HandRecord, win: Win, **extra: Any) -> WinContext:
    """The win context for one win event of a record, of the rule set's ``Context`` type.

    ``extra`` are facts the settling code knows (e.g. Sichuan's seats that have already won); ``win.flags`` are
    rule-set-specific facts from the record.  A flag the rule set does not know raises
    :class:`~mahjong.errors.ContextError` naming it.
    """
    ctx_cls: type[WinContext] = ruleset.Context
    known = {f.name for f in fields(ctx_cls)}
    kwargs: dict[str, Any] = {
        "winner": win.seat,
        "discarder": win.discarder,
        "dealer": record.dealer,
        "prevalent_wind": record.prevalent_wind,
        "seat_wind": win.seat_wind,
    }
    for name in _STANDARD_FLAGS:
        kwargs[name] = getattr(win, name)
    unknown = sorted(set(win.flags) - known)
    if unknown:
        raise ContextError(
            f"win flag(s) {', '.join(unknown)} are not facts the {ruleset.name} rule set reads; "
            f"it knows: {', '.join(sorted(known))}"
        )
    kwargs.update(win.flags)
    kwargs.update({k: v for k, v in extra.items() if k in known})
    _SCORING.set(win)  # the win being scored, for settle() to name its event if the scoring fails
    return ctx_cls(**kwargs)


def check_robbed_kongs(events: Sequence[Event]) -> None:
    """抢杠 consistency: a robbed added kong is followed by the win(s) on its tile (``robbing_kong``, the konger
    as discarder; several on 一炮多响), and every such win follows a robbed kong of its discarder."""
    for i, ev in enumerate(events):
        if isinstance(ev, Kong) and ev.robbed:
            nxt = events[i + 1] if i + 1 < len(events) else None
            if not (isinstance(nxt, Win) and nxt.robbing_kong and nxt.discarder == ev.seat):
                raise ContextError(
                    f"event {i}: a robbed kong (抢杠) must be followed by the robbing win "
                    f"(robbing_kong=true, discarder={ev.seat})"
                )
        if isinstance(ev, Win) and ev.robbing_kong:
            j = i - 1
            while j >= 0 and isinstance(events[j], Win) and events[j].robbing_kong:  # type: ignore[union-attr]
                j -= 1  # 一炮多响 on a robbed kong
            prev = events[j] if j >= 0 else None
            if not (isinstance(prev, Kong) and prev.robbed and prev.seat == ev.discarder):
                raise ContextError(
                    f"event {i}: a 抢杠 win needs the robbed added kong (robbed=true) of seat {ev.discarder} "
                    "just before it"
                )


def check_record_for(ruleset: RuleSet[Any], record: HandRecord) -> None:
    """A record names its rule set; settling it under another (a Sichuan record under Guobiao's rules) is refused."""
    load_presets()
    row = PRESETS.get(record.ruleset)
    if row is None:
        return  # a rule set that is not a registered preset (a caller's own class) settles what it is given
    module, cls, _ = row
    if not any(k.__name__ == cls and k.__module__.startswith(module) for k in type(ruleset).__mro__):
        raise ContextError(
            f"this record is a {record.ruleset!r} hand; it cannot be settled under the {ruleset.name} rules"
        )


def check_one_win(ruleset: RuleSet[Any], record: HandRecord) -> None:
    """The sequencing of a rule set where the hand ends on its first win (one winner per discard, 截和): nothing
    may follow the win, and no win may follow the wall's end."""
    for i, ev in enumerate(record.events):
        if isinstance(ev, Win):
            if any(isinstance(e, Draw) for e in record.events[:i]):
                raise ContextError(f"event {i}: {ruleset.name}: no win after the wall's end (流局)")
            if i + 1 < len(record.events):
                nxt = record.events[i + 1]
                what = "a second win" if isinstance(nxt, Win) else f"a {type(nxt).__name__.lower()}"
                raise ContextError(
                    f"event {i + 1}: {ruleset.name}: the hand ends on the first win (one winner per discard, "
                    f"the first in turn order); {what} cannot follow it"
                )


def ends_on_first_win(name: str) -> bool:
    """The played game of preset ``name`` ends on its first win, one winner per discard (its flow says so)."""
    load_presets()
    if name not in FLOWS:
        return False
    flow = flow_class(name)
    return flow.checks_record_sequence and not flow.multiple_winners and flow.winners_to_end == 1


def settle_by_wins(ruleset: RuleSet[Any], record: HandRecord, *, one_win: bool | None = None,
                   scored: Mapping[int, ScoreResult] | None = None) -> Settlement:
    """The generic settlement: each win scored on its own, its ``payments`` added up.  Kongs and the wall's end
    move no money (rule sets where they do override :meth:`RuleSet.settle`).  ``one_win``: the hand ends on
    its first win (:func:`check_one_win`); ``None`` = as the rule set's game flow plays
    (:func:`ends_on_first_win`).  ``scored``: results of win events already scored from the same hand and facts
    (by event index: the engine's, made when the win was offered), taken as they are."""
    check_record_for(ruleset, record)
    if one_win is None:
        one_win = ends_on_first_win(record.ruleset)
    if one_win:
        check_one_win(ruleset, record)
    lines: list[Payment] = []
    results = []
    for i, ev in enumerate(record.events):
        if isinstance(ev, Win):
            result = scored.get(i) if scored else None
            if result is None:
                result = ruleset.score(ev.hand, context_for(ruleset, record, ev))
            results.append(result)
            lines.extend(lines_from_net(result.payments, "win", i, f"seat {ev.seat} wins", winner=ev.seat))
    return Settlement.from_lines(record.ruleset, lines, results)


def wins_net(results: Iterable[ScoreResult]) -> tuple[int, ...]:
    """The nets :func:`settle_by_wins` settles a hand whose wins scored ``results`` with, without making its
    lines: each win's payments added up, seat by seat (its lines split them, its settlement adds the lines up)."""
    net = [0, 0, 0, 0]
    for result in results:
        for seat, amount in enumerate(result.payments):
            net[seat] += amount
    return tuple(net)


def settle(record: HandRecord | HandRecordDict | Mapping[str, Any] | str) -> Settlement:
    """Settle a hand record (a :class:`HandRecord`, its dict form or JSON text) under the rule set it names."""
    if not isinstance(record, HandRecord):
        record = HandRecord.from_json(record)
    name = record.ruleset
    _field("ruleset", lambda: resolve_preset(name))
    ruleset = _field("options", lambda: get_ruleset(name, **dict(record.options)))
    token = _SCORING.set(None)
    try:
        return ruleset.settle(record)
    except MahjongError as e:
        located = _locate(ruleset, record, e)
        if located is None:
            raise
        raise located from None
    finally:
        _SCORING.reset(token)


def _field(name: str, read: Callable[[], _T]) -> _T:
    """``read()``, its error naming the record's field ``name``."""
    try:
        return read()
    except MahjongError as e:
        raise type(e)(code="in-field", field=name, error=str(e)) from None


#: the win event whose context was built last (set by :func:`context_for`, read by :func:`settle`)
_SCORING: ContextVar[Win | None] = ContextVar("mahjong_settlement_scoring", default=None)


def _locate(ruleset: RuleSet[Any], record: HandRecord, err: MahjongError) -> MahjongError | None:
    """``err`` again, naming the win event (and its field) whose scoring raised it; ``None`` when it names an
    event already or no win event's own scoring reproduces it.  The win scored last is tried first; each
    candidate is confirmed by scoring it alone, so an error is never put on the wrong event."""
    if str(err).startswith("event "):
        return None
    current = _SCORING.get()
    wins = [(i, ev) for i, ev in enumerate(record.events) if isinstance(ev, Win)]
    wins.sort(key=lambda w: w[1] is not current)
    for i, win in wins:
        try:
            ruleset.score(win.hand, context_for(ruleset, record, win))
        except MahjongError as again:
            if type(again) is not type(err):
                continue
            field = _field_of(err, win)
            inner = f"field {field}: {err}" if field else str(err)
            try:
                return type(err)(code="event-in", index=i, kind="win", error=inner)
            except TypeError:  # an error type with its own constructor: keep it as it is
                return None
    return None


def _field_of(err: MahjongError, win: Win) -> str | None:
    """The win event's field an error is about: the hand for a hand that cannot win, else the first field
    the message names."""
    if isinstance(err, HandError):
        return "hand"
    text = str(err)
    for name in [*win.to_dict(), *(f.name for f in fields(Win))]:
        if name not in ("type", "flags") and re.search(rf"(?<![A-Za-z_]){re.escape(name)}(?![A-Za-z_])", text):
            return name
    return None
