"""Converters between this package's tile ids and the notations of other mahjong software.

Our tile ids (``mahjong.tiles``): 0-8 = 1m-9m (万), 9-17 = 1p-9p (筒), 18-26 = 1s-9s (条), 27-30 = E S W N,
**31 = C 中 (red), 32 = F 发 (green), 33 = P 白 (white)**, 34-41 = flowers f1-f8.

The dragons are the trap: the Riichi ``mahjong`` package, Tenhou and the ``z`` digits of most Japanese tools
order them **白 发 中** (haku, hatsu, chun), the reverse of ours, so ``5z`` there is 白 while our own ``5z`` is 中.
Every converter here maps them explicitly; use them rather than re-numbering by hand.

============================  =============================  ==========================================
notation                       functions                       example
============================  =============================  ==========================================
136-tile ids (Riichi, Tenhou)  ``to_136`` / ``from_136``       id // 4 = Riichi kind; 白 124-127, 中 132-135
Riichi / Tenhou strings        ``to_riichi_string`` /          ``"123m456p789s1177z"`` (5z 白 6z 发 7z 中;
                               ``from_riichi_string``          0 = red five, read as a 5)
mjai tile strings              ``to_mjai`` / ``from_mjai``     ``["1m", "5mr", "E", "P", "F", "C"]``
PyMahjongGB arguments          ``to_pymahjonggb`` /            ``MahjongFanCalculator(**to_pymahjonggb(...))``
                               ``from_pymahjonggb``
Botzone tile codes             ``to_botzone`` / ``from_botzone``  ``W1`` 万 ``B1`` 筒 ``T1`` 条 ``F1``-``F4`` 东南西北
                                                               ``J1`` 中 ``J2`` 发 ``J3`` 白 ``H1``-``H8`` 花
============================  =============================  ==========================================

Every function validates its input and raises :class:`~mahjong.errors.TileError` (or
:class:`~mahjong.errors.HandError`) naming the bad item; none needs the other package installed.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any

from mahjong.errors import HandError, TileError
from mahjong.framework import WinContext
from mahjong.hand import Hand, Meld, MeldKind
from mahjong.tiles import N_KINDS, N_TILES

__all__ = [
    "to_136",
    "from_136",
    "to_riichi_string",
    "from_riichi_string",
    "to_mjai",
    "from_mjai",
    "to_botzone",
    "from_botzone",
    "to_pymahjonggb",
    "from_pymahjonggb",
]

_MAX_ITEMS = 1000
#: our dragon id -> the Riichi kind (白 发 中 = 31 32 33 there)
_DRAGON_TO_RIICHI = {31: 33, 32: 32, 33: 31}
_DRAGON_FROM_RIICHI = {v: k for k, v in _DRAGON_TO_RIICHI.items()}


def _ids(tiles: Iterable[object], what: str, limit: int = N_KINDS) -> list[int]:
    out = []
    for i, t in enumerate(tiles):
        if i >= _MAX_ITEMS:
            raise HandError(f"{what}: more than {_MAX_ITEMS} tiles")
        if type(t) is not int or not 0 <= t < limit:
            raise TileError(f"{what}: item {i} is not a tile id 0..{limit - 1}: {str(t)[:20]!r}")
        out.append(t)
    return out


def _items(values: object, what: str) -> list[object]:
    if isinstance(values, (str, bytes)) or not isinstance(values, Iterable):
        raise TileError(f"{what} must be a list, got {type(values).__name__}")
    out = []
    for i, v in enumerate(values):
        if i >= _MAX_ITEMS:
            raise HandError(f"{what}: more than {_MAX_ITEMS} items")
        out.append(v)
    return out


def _riichi_kind(t: int) -> int:
    return _DRAGON_TO_RIICHI.get(t, t)


def _our_kind(k: int) -> int:
    return _DRAGON_FROM_RIICHI.get(k, k)


# --- 136-tile ids -----------------------------------------------------------------------------------------------


def to_136(tiles: Iterable[int]) -> list[int]:
    """Our tile ids (0..33) as 136-tile ids: the first unused copy of each kind (``4 × kind + copy``, in the
    Riichi kind order).  More than four of a kind is an error."""
    used = [0] * N_KINDS
    out = []
    for t in _ids(tiles, "to_136"):
        if used[t] == 4:
            raise HandError(f"to_136: a fifth copy of tile id {t}")
        out.append(4 * _riichi_kind(t) + used[t])
        used[t] += 1
    return out


def from_136(ids: Iterable[int]) -> list[int]:
    """136-tile ids as our tile ids (the copy is dropped; a red five is a 5).  An id twice is an error."""
    seen = set()
    out = []
    for i in _ids(_items(ids, "from_136"), "from_136", 136):
        if i in seen:
            raise HandError(f"from_136: the 136-tile id {i} appears twice")
        seen.add(i)
        out.append(_our_kind(i // 4))
    return out


# --- Riichi / Tenhou strings ------------------------------------------------------------------------------------

_RIICHI_RE = re.compile(r"([0-9]+)([mpsz])")


def to_riichi_string(tiles: Iterable[int]) -> str:
    """Our tile ids as the one-line string of the Riichi ``mahjong`` package's ``TilesConverter`` and Tenhou
    (``"123m456p789s1177z"``: suits in m p s z order, honors 1z-7z = 东 南 西 北 白 发 中)."""
    groups: dict[str, list[int]] = {"m": [], "p": [], "s": [], "z": []}
    for t in _ids(tiles, "to_riichi_string"):
        k = _riichi_kind(t)
        groups["mpsz"[k // 9]].append(k % 9 + 1)
    return "".join("".join(map(str, sorted(v))) + s for s, v in groups.items() if v)


def from_riichi_string(text: str) -> list[int]:
    """A Riichi / Tenhou tile string as our tile ids, in the order written (``0`` = a red five)."""
    if not isinstance(text, str):
        raise TileError(f"from_riichi_string takes text, got {type(text).__name__}")
    if len(text) > 4 * _MAX_ITEMS:
        raise HandError(f"from_riichi_string: text of {len(text)} characters is too long")
    compact = text.replace(" ", "")
    out: list[int] = []
    pos = 0
    for m in _RIICHI_RE.finditer(compact):
        if m.start() != pos:
            raise TileError(f"from_riichi_string: cannot read {compact[pos:m.start()][:20]!r} at {pos} "
                            "(write digits followed by m, p, s or z)")
        pos = m.end()
        suit = "mpsz".index(m.group(2))
        for d in m.group(1):
            n = int(d) or 5  # 0 = the red five
            if suit == 3 and (d == "0" or n > 7):
                raise TileError(f"from_riichi_string: honors are 1z-7z, got {d}z")
            out.append(_our_kind(9 * suit + n - 1))
    if pos != len(compact):
        raise TileError(f"from_riichi_string: cannot read {compact[pos:][:20]!r} at {pos} "
                        "(write digits followed by m, p, s or z)")
    return out


# --- mjai -------------------------------------------------------------------------------------------------------

_MJAI_HONORS = {"E": 27, "S": 28, "W": 29, "N": 30, "C": 31, "F": 32, "P": 33}
_MJAI_NAMES = {v: k for k, v in _MJAI_HONORS.items()}


def to_mjai(tiles: Iterable[int]) -> list[str]:
    """Our tile ids as mjai tile strings (``"1m"``, ``"E"``; dragons ``P`` 白 ``F`` 发 ``C`` 中, the same letters
    as ours)."""
    return [f"{t % 9 + 1}{'mps'[t // 9]}" if t < 27 else _MJAI_NAMES[t] for t in _ids(tiles, "to_mjai")]


def from_mjai(names: Iterable[str]) -> list[int]:
    """mjai tile strings as our tile ids (``"5mr"``, a red five, is a 5; ``"?"``, an unseen tile, is an error)."""
    out = []
    for i, name in enumerate(_items(names, "from_mjai")):
        if not isinstance(name, str):
            raise TileError(f"from_mjai: item {i} is not a tile string: {str(name)[:20]!r}")
        if name in _MJAI_HONORS:
            out.append(_MJAI_HONORS[name])
            continue
        m = re.fullmatch(r"([1-9])([mps])(r?)", name)
        if m is None or (m.group(3) and m.group(1) != "5"):
            raise TileError(f"from_mjai: item {i} is not an mjai tile: {name[:20]!r} (1m-9m 1p-9p 1s-9s, 5mr, "
                            "E S W N P F C)")
        out.append(9 * "mps".index(m.group(2)) + int(m.group(1)) - 1)
    return out


# --- Botzone / PyMahjongGB tile codes ---------------------------------------------------------------------------


def _code(t: int) -> str:
    if t < 27:
        return "WBT"[t // 9] + str(t % 9 + 1)
    if t < 31:
        return f"F{t - 26}"
    if t < 34:
        return f"J{t - 30}"
    return f"H{t - 33}"


def _from_code(code: object, what: str) -> int:
    if not isinstance(code, str) or len(code) != 2 or not code[1].isdigit():
        raise TileError(f"{what}: not a tile code: {str(code)[:20]!r} (W1-W9 T1-T9 B1-B9 F1-F4 J1-J3 H1-H8)")
    kind, n = code[0], int(code[1])
    limits = {"W": (0, 9), "B": (9, 9), "T": (18, 9), "F": (27, 4), "J": (31, 3), "H": (34, 8)}
    if kind not in limits or not 1 <= n <= limits[kind][1]:
        raise TileError(f"{what}: not a tile code: {code!r} (W1-W9 T1-T9 B1-B9 F1-F4 J1-J3 H1-H8)")
    return limits[kind][0] + n - 1


def to_botzone(tiles: Iterable[int]) -> list[str]:
    """Our tile ids (flowers included) as Botzone's codes: ``W`` 万, ``B`` 筒 (饼), ``T`` 条, ``F1``-``F4``
    东南西北, ``J1`` 中 ``J2`` 发 ``J3`` 白, ``H1``-``H8`` the flowers."""
    return [_code(t) for t in _ids(tiles, "to_botzone", N_TILES)]


def from_botzone(codes: Iterable[str] | str) -> list[int]:
    """Botzone tile codes (a list, or one text with spaces) as our tile ids."""
    items = codes.split() if isinstance(codes, str) else _items(codes, "from_botzone")
    return [_from_code(c, f"from_botzone item {i}") for i, c in enumerate(items)]


# --- PyMahjongGB ------------------------------------------------------------------------------------------------


def to_pymahjonggb(hand: Hand, context: WinContext | None = None) -> dict[str, Any]:
    """The keyword arguments of PyMahjongGB's ``MahjongFanCalculator`` for a complete hand: ``pack`` (one
    ``(kind, code, offer)`` per meld: ``CHI`` with the middle tile, ``PENG`` / ``GANG`` with the claim seat
    1 上家 2 对家 3 下家, ``GANG`` offer 0 for a concealed kong), ``hand`` (the standing tiles without the winning
    one), ``winTile``, ``flowerCount``, the win flags and the winds."""
    if not isinstance(hand, Hand):
        raise HandError(f"to_pymahjonggb takes a Hand, got {type(hand).__name__}")
    if context is not None and not isinstance(context, WinContext):
        raise HandError(f"to_pymahjonggb: context must be a WinContext, got {type(context).__name__}")
    ctx = context if context is not None else WinContext()
    win = hand.winning_tile()
    pack = []
    for m in hand.melds:
        if m.kind is MeldKind.CHOW:
            pack.append(("CHI", _code(m.tiles[1]), 1))
        elif m.kind is MeldKind.PUNG:
            pack.append(("PENG", _code(m.tile), m.claimed_from or 1))
        elif m.kind is MeldKind.CONCEALED_KONG:
            pack.append(("GANG", _code(m.tile), 0))
        else:
            pack.append(("GANG", _code(m.tile), m.claimed_from or 1))
    standing = list(hand.concealed)
    standing.remove(win)
    return {
        "pack": tuple(pack),
        "hand": tuple(_code(t) for t in standing),
        "winTile": _code(win),
        "flowerCount": len(hand.flowers),
        "isSelfDrawn": ctx.self_drawn,
        "is4thTile": ctx.last_tile,
        "isAboutKong": ctx.kong_replacement or ctx.robbing_kong,
        "isWallLast": ctx.last_wall_tile,
        "seatWind": ctx.wind,
        "prevalentWind": ctx.prevalent_wind,
    }


def from_pymahjonggb(
    pack: Sequence[Sequence[Any]],
    hand: Sequence[str],
    winTile: str,  # noqa: N803 - PyMahjongGB's own keyword names, so that **kwargs round-trips
    flowerCount: int = 0,  # noqa: N803
    isSelfDrawn: bool = False,  # noqa: N803
    is4thTile: bool = False,  # noqa: N803
    isAboutKong: bool = False,  # noqa: N803
    isWallLast: bool = False,  # noqa: N803
    seatWind: int = 0,  # noqa: N803
    prevalentWind: int = 0,  # noqa: N803
    **_ignored: Any,
) -> tuple[Hand, WinContext]:
    """PyMahjongGB's ``MahjongFanCalculator`` arguments as our :class:`Hand` and :class:`WinContext`.

    PyMahjongGB does not say who discarded: a win on a discard is taken from the player before the winner, and
    ``isAboutKong`` is 杠上开花 when self-drawn, 抢杠和 otherwise.  Flowers become ``f1``, ``f2``… (only their
    number counts in Guobiao).
    """
    melds = []
    for i, p in enumerate(_items(pack, "pack")):
        if not isinstance(p, Sequence) or isinstance(p, str) or len(p) != 3:
            raise HandError(f"pack {i}: expected (kind, tile code, offer), got {str(p)[:40]!r}")
        kind, code, offer = p
        t = _from_code(code, f"pack {i}")
        if type(offer) is not int or not 0 <= offer <= 3:
            raise HandError(f"pack {i}: offer must be 0..3, got {offer!r}")
        if kind == "CHI":
            if t >= 27 or t % 9 in (0, 8):
                raise HandError(f"pack {i}: a CHI is given by its middle tile, got {code!r}")
            melds.append(Meld(MeldKind.CHOW, (t - 1, t, t + 1), 1))
        elif kind == "PENG":
            melds.append(Meld(MeldKind.PUNG, (t, t, t), offer or 1))
        elif kind == "GANG":
            if offer == 0:
                melds.append(Meld(MeldKind.CONCEALED_KONG, (t,) * 4))
            else:
                melds.append(Meld(MeldKind.KONG, (t,) * 4, offer))
        else:
            raise HandError(f"pack {i}: kind must be CHI, PENG or GANG, got {str(kind)[:20]!r}")
    standing = [_from_code(c, f"hand item {i}") for i, c in enumerate(_items(hand, "hand"))]
    win = _from_code(winTile, "winTile")
    if type(flowerCount) is not int or not 0 <= flowerCount <= 8:
        raise HandError(f"flowerCount must be 0..8, got {flowerCount!r}")
    for name, flag in (("isSelfDrawn", isSelfDrawn), ("is4thTile", is4thTile), ("isAboutKong", isAboutKong),
                       ("isWallLast", isWallLast)):
        if not isinstance(flag, bool):
            raise HandError(f"{name} must be True or False, got {flag!r}")
    for name, wind in (("seatWind", seatWind), ("prevalentWind", prevalentWind)):
        if type(wind) is not int or not 0 <= wind <= 3:
            raise HandError(f"{name} must be 0..3, got {wind!r}")
    h = Hand(tuple(standing) + (win,), tuple(melds), tuple(34 + i for i in range(flowerCount)), win)
    ctx = WinContext(
        winner=0,
        dealer=(0 - seatWind) % 4,
        seat_wind=seatWind,
        prevalent_wind=prevalentWind,
        discarder=None if isSelfDrawn else 3,
        last_tile=is4thTile,
        last_wall_tile=isWallLast,
        kong_replacement=isAboutKong and isSelfDrawn,
        robbing_kong=isAboutKong and not isSelfDrawn,
    )
    return h, ctx

