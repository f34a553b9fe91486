"""PMN (Portable Majiang Notation, the records of mahjongsoft.com's duplicate MCR tables) replayed through
the engine under Guobiao.

Tag pairs read: ``[PWind]`` (prevalent wind E S W N), ``[Deal]`` (the four 13-tile hands, seats E S W N;
suits ``c`` 万, ``d`` 筒, ``b`` 条 with digits, ``w1``..``w4`` 东南西北, ``r1``..``r3`` 中发白, ``f`` flowers),
``[Play]`` (``<T|D|C|P|A|B|Z|H><seat><tile>``: draw, discard, chow, pung, concealed kong, added kong, ``Z`` a
kong claimed on the discard (明杠; the records show it with three copies in the claimer's hand and a
replacement draw after it), win; a discarded ``z1`` is the tile just drawn).

The wall is not recorded, only the draws: :func:`pmn_wall` lays out the deal and the draws in drawing order
(draws after a kong at the back, as replacements) and fills the rest in tile order.  Several wins on one
discard (``H1H3``) are allowed by those tables: the replay uses ``several_winners=True``.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

from mahjong.errors import ContextError, MahjongError
from mahjong.game.actions import Action
from mahjong.game.engine import Game
from mahjong.game.flows.base import standard_tiles
from mahjong.game.state import Phase

__all__ = ["PMN_OPTIONS", "parse_pmn", "pmn_tile", "pmn_wall", "replay_pmn"]

PMN_OPTIONS: dict[str, Any] = {"dice_break": False, "flowers": False, "several_winners": True}
_TAG = re.compile(r'^\[(\w+)\s+"(.*)"\]\s*$')
_MOVE = re.compile(r"([TDCPABZH])([0-3])((?:[cdb][1-9])|(?:w[1-4])|(?:r[1-3])|z1)?")
_BASE = {"c": 0, "d": 9, "b": 18, "w": 27, "r": 31}


def pmn_tile(text: str) -> int:
    """A PMN tile (``c1``..``c9`` 万, ``d1``..``d9`` 筒, ``b1``..``b9`` 条, ``w1``..``w4`` 东南西北, ``r1``..``r3``
    中发白) as a tile id."""
    if isinstance(text, str) and len(text) == 2 and text[0] in _BASE and text[1] in "123456789":
        n = int(text[1])
        if n <= {"w": 4, "r": 3}.get(text[0], 9):
            return _BASE[text[0]] + n - 1
    raise ContextError(
        f"not a PMN tile: {str(text)[:20]!r} (c1-c9 万, d1-d9 筒, b1-b9 条, w1-w4 东南西北, r1-r3 中发白)")


def parse_pmn(text: str | bytes) -> dict[str, str]:
    if not isinstance(text, (str, bytes)):
        raise ContextError(f"a PMN record is text (str or bytes), got {type(text).__name__}")
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as e:
            raise ContextError(f"the PMN file is not UTF-8 text: {e}") from None
    tags: dict[str, str] = {}
    for line in text.splitlines():
        m = _TAG.match(line.strip())
        if m:
            tags[m.group(1)] = m.group(2)
    for need in ("Deal", "Play"):
        if need not in tags:
            raise ContextError(f"the PMN record has no [{need}] tag")
    return tags


def _hand(text: str) -> list[int]:
    out: list[int] = []
    for m in re.finditer(r"([cdbwrf])(\d*)", text):
        k, digits = m.group(1), m.group(2)
        if k == "f":
            if digits:
                raise ContextError("PMN flowers are not supported (the duplicate MCR records have none)")
            continue
        out += [pmn_tile(k + d) for d in digits]
    return out


def _moves(play: str) -> list[tuple[str, int, int | None]]:
    out: list[tuple[str, int, int | None]] = []
    pos = 0
    while pos < len(play):
        m = _MOVE.match(play, pos)
        if not m:
            raise ContextError(f"PMN [Play]: cannot read the move at {play[pos:pos + 8]!r}")
        tile = m.group(3)
        out.append((m.group(1), int(m.group(2)), None if tile in (None, "z1") else pmn_tile(tile)))
        pos = m.end()
    return out


def pmn_wall(tags: dict[str, str]) -> list[int]:
    hands = [_hand(h) for h in tags["Deal"].split()]
    if len(hands) != 4 or any(len(h) != 13 for h in hands):
        raise ContextError("PMN [Deal] must give four 13-tile hands")
    front: list[int] = []
    back: list[int] = []
    kong_pending = [False] * 4
    moves = _moves(tags["Play"])
    first_draw = True
    for kind, seat, tile in moves:
        if kind == "T":
            if tile is None:
                raise ContextError("PMN: a draw names its tile")
            if first_draw:  # the dealer's 14th tile is dealt with its hand
                hands[0].append(tile)
                first_draw = False
            elif kong_pending[seat]:
                back.append(tile)
                kong_pending[seat] = False
            else:
                front.append(tile)
        elif kind in ("A", "B", "Z"):
            kong_pending[seat] = True
    dealt = [t for h in hands for t in h]
    pool = Counter(standard_tiles())
    pool.subtract(dealt + front + back)
    if any(c < 0 for c in pool.values()):
        raise ContextError("the PMN record holds a fifth copy of a tile")
    rest = sorted(pool.elements())
    return dealt + front + rest + back[::-1]


def replay_pmn(text: str | bytes) -> Game:
    """Replay one PMN record; the finished game (its settlement under Guobiao) or a ContextError naming the
    move that is not legal."""
    tags = parse_pmn(text)
    wind_tag = tags.get("PWind", "E")
    if wind_tag not in ("E", "S", "W", "N"):
        raise ContextError(f"PMN [PWind] must be E, S, W or N, got {wind_tag[:20]!r}")
    wind = "ESWN".index(wind_tag)
    game = Game("guobiao", wall=pmn_wall(tags), dealer=0, prevalent_wind=wind, options=PMN_OPTIONS)
    moves = [m for m in _moves(tags["Play"]) if m[0] != "T"]
    i = 0
    try:
        while not game.done:
            if game.state.phase == Phase.TURN:
                (seat,) = game.pending
                if i >= len(moves) or moves[i][1] != seat:
                    raise ContextError(f"PMN move {i}: seat {seat} is to play, the record has {moves[i:i + 1]}")
                kind, _, tile = moves[i]
                i += 1
                if kind == "D":
                    d = game.state.last_draw
                    t = tile if tile is not None else (d[1] if d is not None else -1)
                    game.act(seat, Action("discard", t))
                elif kind == "H":
                    win = next((a for a in game.legal_actions(seat) if a.kind == "win"), None)
                    if win is None:
                        raise ContextError(f"PMN move {i - 1}: seat {seat} cannot win here")
                    game.act(seat, win)
                elif kind in ("A", "B"):
                    game.act(seat, Action("concealed_kong" if kind == "A" else "added_kong", tile or 0))
                else:
                    raise ContextError(f"PMN move {i - 1}: {kind} on seat {seat}'s own turn")
                continue
            answers = {s: Action("pass") for s in game.pending}
            while i < len(moves) and moves[i][1] in answers and moves[i][0] in ("C", "P", "Z", "H"):
                kind, seat, tile = moves[i]
                legal = game.legal_actions(seat)
                if kind == "H":
                    want = next((a for a in legal if a.kind == "win"), None)
                elif kind == "P":
                    want = next((a for a in legal if a.kind == "pung"), None)
                elif kind == "Z":
                    want = next((a for a in legal if a.kind == "kong"), None)
                else:
                    want = _chow_for(game, seat, legal, moves, i)
                if want is None:
                    raise ContextError(f"PMN move {i}: seat {seat} cannot {kind} here; legal: "
                                       + ", ".join(map(str, legal)))
                answers[seat] = want
                i += 1
                if kind != "H":
                    break
            game.step(answers)
    except MahjongError as e:
        if isinstance(e, ContextError):
            raise
        raise ContextError(f"the PMN record does not replay: {e}") from None
    return game


def _chow_for(game: Game, seat: int, legal: list[Action], moves: list[tuple[str, int, int | None]],
              i: int) -> Action | None:
    """The chow the record means: the one that still lets the player make its next discard."""
    chows = [a for a in legal if a.kind == "chow"]
    nxt = next((m for m in moves[i + 1:] if m[1] == seat and m[0] == "D"), None)
    if nxt is not None and nxt[2] is not None:
        ok = []
        for a in chows:
            counts = list(game.state.hands[seat])
            for x in a.meld:
                if x != a.tile:
                    counts[x] -= 1
            if counts[nxt[2]] > 0:
                ok.append(a)
        chows = ok or chows
    return chows[0] if chows else None
