"""Actions a seat may take at a decision point, and the fixed action index every mask is laid over.

Action index (``N_ACTIONS`` = 201 slots; the same for every rule set)::

    0..33     discard tile t                       Action("discard", t)
    34..67    concealed kong of t (暗杠)            Action("concealed_kong", t)
    68..101   added kong of t (加杠 / 补杠)          Action("added_kong", t)
    102..104  chow on the discard: the claimed tile is the low / middle / high tile of the run
                                                   Action("chow", claimed, (a, b, c))
    105       pung on the discard (碰)              Action("pung", claimed)
    106       kong on the discard (明杠)            Action("kong", claimed)
    107       win (胡: self-draw, on the discard, robbing the kong, 海底捞月)  Action("win", tile)
    108       pass (过: decline every claim / the win on offer)               Action("pass")
    109..142  declare ready (报听) and discard t    Action("ready", t)
    143..145  定缺: the suit to lack (0 万, 1 筒, 2 条)  Action("lack", suit)
    146..149  honor chow of three winds (Nanchang): the wind left out (E S W N)
                                                   Action("chow", claimed, (w1, w2, w3))
    150       honor chow of 中发白 (Nanchang)        Action("chow", claimed, (31, 32, 33))
    151..158  discard bonus tile 34..41 held in the hand (Jinshan's 百搭 梅兰竹菊 = 38..41)
                                                   Action("discard", t)
    159..192  pick tile t to pass on (Sichuan 换三张: three of one suit) or to swap (the two-player game's
              开始时换牌; ``pass`` ends the picking)    Action("pick", t)
    193..200  replace (补花) flower 34..41 kept in the hand: set it aside and draw its replacement (Guobiao with
              its flowers kept)                   Action("flower", t)

Tile ids are those of :mod:`mahjong.tiles` (0..33).  ``Action.index`` and :func:`action_of` convert; the
index depends only on the action, never on the state, so a mask means the same at every step.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from mahjong.errors import MahjongError, listed, whole

__all__ = [
    "Action",
    "held_after_claim",
    "ActionKind",
    "N_ACTIONS",
    "DISCARD",
    "CONCEALED_KONG",
    "ADDED_KONG",
    "CHOW",
    "PUNG",
    "KONG",
    "WIN",
    "PASS",
    "READY",
    "LACK",
    "HONOR_CHOW",
    "DISCARD_BONUS",
    "PICK",
    "FLOWER",
    "action_of",
    "IllegalActionError",
    "as_seat",
    "as_action",
]


class IllegalActionError(MahjongError):
    """An action that is not legal now (out of turn, not in the legal list, malformed); the state is unchanged."""


def _shown(value: object) -> str:
    """``repr(value)``, short, for a message (a hostile ``__repr__`` must not replace our error)."""
    try:
        return repr(value)[:60]
    except Exception:  # noqa: BLE001
        return type(value).__name__


def _meld_tiles(meld: object) -> tuple[int, ...]:
    """A meld's tiles as plain ints: a tuple or list of at most four tile ids 0..33 (numpy integers taken as
    ints); anything else is refused."""
    if not isinstance(meld, (tuple, list)) or len(meld) > 4:
        raise IllegalActionError(f"an action's meld is a tuple of tile ids, got {_shown(meld)}")
    tiles = tuple(whole(t) for t in meld)
    if any(t is None or not 0 <= t < 34 for t in tiles):
        raise IllegalActionError(f"an action's meld holds tile ids 0..33, got {_shown(meld)}")
    return tiles  # type: ignore[return-value]


def as_seat(seat: object) -> int:
    """A seat as the step API takes it: an int or a numpy integer (as an int); anything else (a bool, a float,
    text, a list) is refused here, before the game is looked at."""
    n = whole(seat)
    if n is None:
        raise IllegalActionError(f"a seat is a whole number (int or numpy integer), got {type(seat).__name__}")
    return n


def as_action(action: object) -> Action | int:
    """An answer as the step API takes it: an :class:`Action`, or an action index (an int or a numpy integer,
    as an int); anything else is refused here, before the game is looked at."""
    if isinstance(action, Action):
        return action
    n = whole(action)
    if n is None:
        raise IllegalActionError(f"an action is an Action or an action index, got {_shown(action)}")
    return n


ActionKind = str  # "discard" | "concealed_kong" | "added_kong" | "chow" | "pung" | "kong" | "win" | "pass" | ...

DISCARD = 0
CONCEALED_KONG = 34
ADDED_KONG = 68
CHOW = 102
PUNG = 105
KONG = 106
WIN = 107
PASS = 108
READY = 109
LACK = 143
HONOR_CHOW = 146
DISCARD_BONUS = 151
PICK = 159
FLOWER = 193
N_ACTIONS = 201

_KINDS = ("discard", "concealed_kong", "added_kong", "chow", "pung", "kong", "win", "pass", "ready", "lack", "pick",
          "flower")
#: kinds whose tile may be a bonus tile held in the hand (34..41: Jinshan's 百搭, Guobiao's kept flowers)
_BONUS_KINDS = ("discard", "win", "flower")


@dataclass(frozen=True)
class Action:
    """One action.  ``tile`` is the tile it is about (-1 when none: pass); ``meld`` the chow's three tiles (tile ids
    as ints or numpy integers, kept as ints)."""

    kind: ActionKind
    tile: int = -1
    meld: tuple[int, ...] = ()
    index: int = field(default=-1, init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        if type(self.kind) is not str or self.kind not in _KINDS:
            raise IllegalActionError(f"unknown action kind {_shown(self.kind)}; known: {', '.join(_KINDS)}")
        top = 42 if self.kind in _BONUS_KINDS else 34
        # the tile and the meld's tiles are kept as plain ints (a numpy integer is taken as the same int, as the
        # step API takes seats and indices): the events and the log written from them hold what JSON reads back
        tile = self.tile if type(self.tile) is int else whole(self.tile)
        if tile is None or not -1 <= tile < top:
            raise IllegalActionError(f"action tile must be a tile id 0..{top - 1}, got {_shown(self.tile)}")
        if tile is not self.tile:
            object.__setattr__(self, "tile", tile)
        if type(self.meld) is not tuple or any(type(t) is not int or not 0 <= t < 34 for t in self.meld):
            object.__setattr__(self, "meld", _meld_tiles(self.meld))
        if self.kind == "chow" and (len(self.meld) != 3 or self.tile not in self.meld):
            raise IllegalActionError(f"a chow names its three tiles, the claimed one among them: {listed(self.meld)}")
        if self.kind in ("discard", "concealed_kong", "added_kong", "pung", "kong", "win", "ready", "pick") \
                and self.tile < 0:
            raise IllegalActionError(f"a {self.kind} names its tile")
        if self.kind == "lack" and not 0 <= self.tile <= 2:
            raise IllegalActionError(f"定缺 names a suit 0..2 (万 筒 条), got {self.tile!r}")
        if self.kind == "flower" and self.tile < 34:
            raise IllegalActionError(f"补花 names a flower 34..41, got {self.tile!r}")
        #: this action's slot in the action index (see the module docstring), fixed when it is made
        object.__setattr__(self, "index", self._slot())

    def _slot(self) -> int:
        k, t = self.kind, self.tile
        if k == "discard":
            return DISCARD + t if t < 34 else DISCARD_BONUS + t - 34
        if k == "pick":
            return PICK + t
        if k == "flower":
            return FLOWER + t - 34
        if k == "concealed_kong":
            return CONCEALED_KONG + t
        if k == "added_kong":
            return ADDED_KONG + t
        if k == "chow":
            m = tuple(sorted(self.meld))
            if m[0] >= 27:
                if m == (31, 32, 33):
                    return HONOR_CHOW + 4
                return HONOR_CHOW + (({27, 28, 29, 30} - set(m)).pop() - 27)
            return CHOW + m.index(t)
        if k == "pung":
            return PUNG
        if k == "kong":
            return KONG
        if k == "win":
            return WIN
        if k == "pass":
            return PASS
        if k == "ready":
            return READY + t
        return LACK + t

    def to_dict(self) -> dict[str, object]:
        out: dict[str, object] = {"kind": self.kind}
        if self.tile >= 0:
            out["tile"] = self.tile
        if self.meld:
            out["meld"] = list(self.meld)
        return out

    def __str__(self) -> str:
        from mahjong.tiles import format_tiles, tile_name

        if self.kind == "pass":
            return "pass"
        if self.kind == "lack":
            return f"lack {'mps'[self.tile]}"
        if self.kind == "chow":
            return f"chow {format_tiles(self.meld)}"
        return f"{self.kind} {tile_name(self.tile)}" if self.tile >= 0 else self.kind


#: the actions without a meld, made once (the engine hands these out instead of new objects)
DISCARDS = tuple(Action("discard", t) for t in range(42))
CONCEALED_KONGS = tuple(Action("concealed_kong", t) for t in range(34))
ADDED_KONGS = tuple(Action("added_kong", t) for t in range(34))
PUNGS = tuple(Action("pung", t) for t in range(34))
KONGS = tuple(Action("kong", t) for t in range(34))
WINS = tuple(Action("win", t) for t in range(42))
PICKS = tuple(Action("pick", t) for t in range(34))
FLOWER_ACTIONS = {t: Action("flower", t) for t in range(34, 42)}
READIES = tuple(Action("ready", t) for t in range(34))
PASS_ACTION = Action("pass")


def action_of(index: int, legal: list[Action]) -> Action:
    """The legal action with this index (the mask's slot back to the action)."""
    for a in legal:
        if a.index == index:
            return a
    raise IllegalActionError(f"action index {index} is not legal now; legal: {listed(str(a) for a in legal)}")


def held_after_claim(counts: list[int], claim: Action) -> list[int]:
    """The concealed counts left once ``claim`` (a chow, pung or melded kong of the discard) is made: the meld's
    tiles but the claimed one leave the hand (what an agent weighs before it claims)."""
    held = list(counts)
    meld = list(claim.meld) if claim.kind == "chow" else [claim.tile] * (3 if claim.kind == "pung" else 4)
    meld.remove(claim.tile)
    for t in meld:
        held[t] -= 1
    return held
