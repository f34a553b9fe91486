"""The typed events of a hand.  Every event is a small frozen dataclass; the hand state is their fold
(:meth:`mahjong.game.state.HandState.apply`), the log is their JSON lines (``to_dict`` / :func:`event_from_dict`).

Seats are absolute (0..3 in turn order, the dealer is a seat like any other); tiles are ids (0..33 playing
tiles, 34..41 flowers).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any, ClassVar

from mahjong.errors import ContextError

__all__ = [
    "GameEvent",
    "HandStarted",
    "WallBuilt",
    "DiceRolled",
    "Dealt",
    "BonusSetAside",
    "WildcardRevealed",
    "LackDeclared",
    "TilePicked",
    "TilesPassed",
    "TilesSwapped",
    "Drew",
    "Discarded",
    "Claimed",
    "KongDeclared",
    "KongRobbed",
    "Won",
    "HaidiFished",
    "WallEnd",
    "Paid",
    "HandEnded",
    "Penalized",
    "PENALTY_KINDS",
    "KongsShown",
    "OpeningDeclared",
    "InstantWon",
    "HorsesTurned",
    "event_from_dict",
    "EVENT_TYPES",
]


@dataclass(frozen=True)
class GameEvent:
    type: ClassVar[str] = ""

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.type}
        for f in fields(self):
            v = getattr(self, f.name)
            out[f.name] = list(v) if isinstance(v, tuple) else v
        return out


@dataclass(frozen=True)
class HandStarted(GameEvent):
    """A hand begins: the rule set (preset name), its options, the dealer, the prevalent wind, the seats."""

    type: ClassVar[str] = "hand_started"
    ruleset: str
    options: Mapping[str, Any]
    dealer: int
    prevalent_wind: int
    seats: tuple[int, ...] = (0, 1, 2, 3)
    hand_number: int = 0
    seed: int = 0  #: the game's seed (dice, 海底捞月's fishing; the wall's too unless it was given)
    salt: int = 0

    def to_dict(self) -> dict[str, Any]:
        out = super().to_dict()
        out["options"] = dict(self.options)
        return out


@dataclass(frozen=True)
class WallBuilt(GameEvent):
    """The wall in drawing order (``tiles[0]`` is drawn first; replacements come from the end).

    ``seed``/``salt`` made it (``None`` = an explicit wall), ``digest`` = :func:`mahjong.game.rng.wall_digest`.
    ``in_play`` = how many tiles of ``tiles`` are in play (the two-player game uses 71 of 136; the rest stay out).
    """

    type: ClassVar[str] = "wall_built"
    tiles: tuple[int, ...]
    digest: str
    seed: int | None = None
    salt: int = 0
    in_play: int | None = None
    #: the Botzone competition format: the wall is cut into one segment per seat (``len(tiles) // seats``
    #: tiles each, seat order); every seat deals and draws (replacements too) from its own segment
    segments: bool = False


@dataclass(frozen=True)
class DiceRolled(GameEvent):
    """Dice thrown by ``seat`` for ``purpose`` (``"break"`` = the wall's break point, ``"wildcard"`` = 精)."""

    type: ClassVar[str] = "dice"
    seat: int
    dice: tuple[int, ...]
    purpose: str = "break"


@dataclass(frozen=True)
class Dealt(GameEvent):
    """``seat`` receives ``tiles`` from the front of the wall during the deal."""

    type: ClassVar[str] = "dealt"
    seat: int
    tiles: tuple[int, ...]


@dataclass(frozen=True)
class BonusSetAside(GameEvent):
    """``seat`` shows a bonus tile (flower; Yuhuan's 杠花) and sets it aside; a replacement draw follows."""

    type: ClassVar[str] = "bonus"
    seat: int
    tile: int


@dataclass(frozen=True)
class WildcardRevealed(GameEvent):
    """The indicator tile is flipped (taken out of play from wall position ``position``); ``wildcards`` are the
    tile kinds that act as wildcards from now on (Nanchang 正精 + 副精; Yuhuan 财神)."""

    type: ClassVar[str] = "wildcard"
    indicator: int
    wildcards: tuple[int, ...]
    position: int


@dataclass(frozen=True)
class LackDeclared(GameEvent):
    """Sichuan 定缺: ``seat`` will play without ``suit`` (0 万, 1 筒, 2 条)."""

    type: ClassVar[str] = "lack"
    seat: int
    suit: int


@dataclass(frozen=True)
class TilePicked(GameEvent):
    """``seat`` picks ``tile`` to pass on (Sichuan 换三张) or to swap (the two-player 开始时换牌); it stays in the
    hand, set apart, until the exchange happens."""

    type: ClassVar[str] = "pick"
    seat: int
    tile: int


@dataclass(frozen=True)
class TilesPassed(GameEvent):
    """Sichuan 换三张: ``seat`` passes ``tiles`` (three of one suit, chosen before 定缺) to ``to_seat``; the four
    passes happen at once, after every seat has chosen (and, by default, after the dice name the direction)."""

    type: ClassVar[str] = "passed"
    seat: int
    to_seat: int
    tiles: tuple[int, ...]


@dataclass(frozen=True)
class TilesSwapped(GameEvent):
    """The two-player game's 开始时换牌: ``seat`` puts ``given`` out of play and takes ``received`` in their
    place, drawn at random from the tiles not in play (once, right after the deal; nothing swapped = empty)."""

    type: ClassVar[str] = "swapped"
    seat: int
    given: tuple[int, ...]
    received: tuple[int, ...]


@dataclass(frozen=True)
class Drew(GameEvent):
    """``seat`` draws ``tile``; ``replacement`` = from the back of the wall (after a kong or a bonus tile)."""

    type: ClassVar[str] = "draw"
    seat: int
    tile: int
    replacement: bool = False


@dataclass(frozen=True)
class Discarded(GameEvent):
    """``seat`` discards ``tile``; ``ready`` = with a ready declaration (报听); ``auto`` = the engine did it
    for a seat whose hand is locked by 报听."""

    type: ClassVar[str] = "discard"
    seat: int
    tile: int
    ready: bool = False
    auto: bool = False


@dataclass(frozen=True)
class Claimed(GameEvent):
    """``seat`` claims ``from_seat``'s discard ``tile`` for a ``kind`` meld (``"chow"``, ``"pung"``,
    ``"kong"``) of ``meld`` (sorted, the claimed tile included)."""

    type: ClassVar[str] = "claim"
    seat: int
    kind: str
    tile: int
    from_seat: int
    meld: tuple[int, ...]


@dataclass(frozen=True)
class KongDeclared(GameEvent):
    """``seat`` declares a ``kind`` kong (``"added"`` onto its pung, or ``"concealed"``) of ``tile`` on its turn."""

    type: ClassVar[str] = "kong"
    seat: int
    kind: str
    tile: int


@dataclass(frozen=True)
class KongRobbed(GameEvent):
    """``seat``'s added kong of ``tile`` is robbed (抢杠): the kong is not made, the pung stays."""

    type: ClassVar[str] = "kong_robbed"
    seat: int
    tile: int


@dataclass(frozen=True)
class Won(GameEvent):
    """``seat`` wins on ``tile``; ``from_seat`` = the discarder / the robbed konger (``None`` = self-drawn).

    ``hand`` is the winning hand in the project notation, as derived by the state (checked on replay);
    ``total`` the score's total in the rule set's unit.  The win facts are NOT stored: the state derives them.
    """

    type: ClassVar[str] = "win"
    seat: int
    tile: int
    from_seat: int | None
    hand: str
    total: int = 0


@dataclass(frozen=True)
class HaidiFished(GameEvent):
    """The two-player game's 海底捞月: ``seat`` fishes ``tile`` from the tiles not in play."""

    type: ClassVar[str] = "haidi"
    seat: int
    tile: int


@dataclass(frozen=True)
class WallEnd(GameEvent):
    """The wall reached its end rule (黄庄 / 流局); ``ready_seats`` = the seats still playing that are ready."""

    type: ClassVar[str] = "wall_end"
    ready_seats: tuple[int, ...] = ()


@dataclass(frozen=True)
class Paid(GameEvent):
    """A transfer of the settlement: ``payer`` pays ``payee`` ``amount`` for ``reason``; ``cause`` = the index
    (in the log) of the event that caused it, ``None`` for end-of-hand checks."""

    type: ClassVar[str] = "paid"
    payer: int
    payee: int
    amount: int
    reason: str
    cause: int | None = None


#: The penalties of Botzone's Chinese Standard Mahjong judge, by the code its logs show.  The judge gives two itself:
#: ``WA`` (an answer that is not legal) and ``WH`` (a win declared on a hand that does not win or is under 8 fan);
#: the others are the platform's verdicts on a bot's run (the Botzone Wiki's page on games lists them): ``TLE``
#: (time limit exceeded), ``MLE`` (memory limit exceeded), ``OLE`` (output limit exceeded), ``RE`` (the program
#: crashed: a runtime error) and ``NJ`` (the output is not the JSON the protocol asks for).
PENALTY_KINDS: dict[str, str] = {
    "WA": "an answer that is not legal",
    "WH": "a win declared on a hand that does not win or is below the minimum",
    "TLE": "time limit exceeded",
    "MLE": "memory limit exceeded",
    "OLE": "output limit exceeded",
    "RE": "the program crashed (runtime error)",
    "NJ": "the output is not the JSON the protocol asks for",
}


@dataclass(frozen=True)
class Penalized(GameEvent):
    """The judge's penalty (the Botzone format's ``penalties``): ``seat`` committed ``kind`` (a key of
    :data:`PENALTY_KINDS`) and the hand ends there; the offender pays each other player the flow's penalty.

    ``answer``: what the offender answered, as given (an illegal action's text, or a bot's own words when an
    outside judge calls :meth:`~mahjong.game.engine.Game.penalize`).  For ``WH`` on a declared win: ``tile`` the
    tile it was declared on, ``hand`` the hand as declared (the project notation) and ``total`` its score's total
    (``None``: the hand does not win at all)."""

    type: ClassVar[str] = "penalty"
    seat: int
    kind: str
    answer: str = ""
    tile: int | None = None
    hand: str = ""
    total: int | None = None


@dataclass(frozen=True)
class KongsShown(GameEvent):
    """The hand is over and ``seat`` turns its concealed kongs face up for everyone (``tiles``: each kong's tile),
    won or not (Guobiao: the flow's ``shows_concealed_kongs``)."""

    type: ClassVar[str] = "kongs_shown"
    seat: int
    tiles: tuple[int, ...]


@dataclass(frozen=True)
class HandEnded(GameEvent):
    """The hand is over: the net per seat (the sum of the ``Paid`` events) and the next hand's dealer."""

    type: ClassVar[str] = "hand_ended"
    net: tuple[int, ...]
    next_dealer: int | None


# --- rbgames: opening wins, horses, instant wins ---------------------------------------------------------------
# Events of a rule file's [[opening]], [[instant_wins]] and [horses] tables (mahjong.rulebook.special): the engine
# emits them through its special-rules hooks, the state keeps them in order, and the flow folds them into the
# hand's payments (each a Paid event; the net is their sum with the wins' payments).


@dataclass(frozen=True)
class OpeningDeclared(GameEvent):
    """起手小胡: right after the deal, ``seat`` shows ``tiles`` and declares the opening win ``key`` (a row of the
    rule file's ``[[opening]]``), ``times`` times (e.g. two 四喜).  Paid at once by the others; play goes on."""

    type: ClassVar[str] = "opening"
    seat: int
    key: str
    tiles: tuple[int, ...]
    times: int = 1


@dataclass(frozen=True)
class InstantWon(GameEvent):
    """``seat`` wins at once by holding what the file's ``[[instant_wins]]`` row ``key`` names (四红中, 四鬼), on
    ``tile`` (the tile just drawn; ``None`` = on the dealt tiles).  Where the file turns birds after a win:
    ``birds`` = the birds that hit, or with 扎鸟 by seat ``bird_seats`` = the birds on each seat.  The hand ends."""

    type: ClassVar[str] = "instant_win"
    seat: int
    key: str
    tile: int | None = None
    birds: int = 0
    bird_seats: tuple[int, ...] = ()


@dataclass(frozen=True)
class HorsesTurned(GameEvent):
    """买马: after ``seat``'s win, ``tiles`` are turned up from the wall; ``hits`` of them count (by the file's
    ``[horses]`` rule, counted from the dealer or the winner) and each makes the payers pay again."""

    type: ClassVar[str] = "horses"
    seat: int
    tiles: tuple[int, ...]
    hits: int = 0


EVENT_TYPES: dict[str, type[GameEvent]] = {
    c.type: c
    for c in (HandStarted, WallBuilt, DiceRolled, Dealt, BonusSetAside, WildcardRevealed, LackDeclared, TilePicked,
              TilesPassed, TilesSwapped, Drew, Discarded, Claimed, KongDeclared, KongRobbed, Won, HaidiFished,
              WallEnd, Paid, KongsShown, HandEnded, Penalized, OpeningDeclared, InstantWon,
              HorsesTurned)  # (the last three: rbgames)
}

_TUPLE_FIELDS = {"tiles", "dice", "wildcards", "meld", "ready_seats", "net", "seats", "given", "received",
                 "bird_seats"}  # (bird_seats: rbgames)


def event_from_dict(obj: Any, index: int = 0) -> GameEvent:
    """One event from its JSON object; raises :class:`ContextError` naming the event and the problem."""
    if not isinstance(obj, Mapping):
        raise ContextError(f"log line {index}: an event is a JSON object, got {type(obj).__name__}")
    kind = obj.get("type")
    cls = EVENT_TYPES.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise ContextError(f"log line {index}: unknown event type {kind!r}; known: {', '.join(EVENT_TYPES)}")
    names = {f.name for f in fields(cls)}
    extra = sorted(str(k) for k in obj if k != "type" and k not in names)
    if extra:
        raise ContextError(f"log line {index} ({kind}): unknown field(s) {', '.join(extra)}")
    kwargs: dict[str, Any] = {}
    for k, v in obj.items():
        if k == "type":
            continue
        if k in _TUPLE_FIELDS and v is not None:
            if not isinstance(v, list) or not all(isinstance(x, int) and not isinstance(x, bool) for x in v):
                raise ContextError(f"log line {index} ({kind}): {k} must be a list of whole numbers, got {v!r}")
            v = tuple(v)
        elif k == "options":
            if not isinstance(v, Mapping):
                raise ContextError(f"log line {index} ({kind}): options must be an object")
        elif k in ("ruleset", "digest", "purpose", "kind", "hand", "reason", "key", "answer"):  # (key: rbgames)
            if not isinstance(v, str):
                raise ContextError(f"log line {index} ({kind}): {k} must be text, got {v!r}")
        elif k in ("ready", "replacement", "auto", "segments"):
            if not isinstance(v, bool):
                raise ContextError(f"log line {index} ({kind}): {k} must be true or false, got {v!r}")
        elif v is not None and (not isinstance(v, int) or isinstance(v, bool)):
            raise ContextError(f"log line {index} ({kind}): {k} must be a whole number, got {v!r}")
        kwargs[k] = v
    try:
        return cls(**kwargs)
    except TypeError as e:
        raise ContextError(f"log line {index} ({kind}): {e}") from None
