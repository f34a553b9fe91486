"""Botzone's recorded Guobiao games, replayed through the engine in the Botzone competition format.

The human-game data (Botzone's IJCAI-2020 ``mjdata``, as processed into one JSON object per game by the
ccr-cheng botzone-mahjong-environment converter) gives, per game: ``round_wind`` (prevalent wind),
``first_player`` (the dealer's seat), ``tiles`` (per seat: the 13 dealt tiles, then every tile that seat drew,
padded with ``""`` to 34 — exactly the per-seat wall segments of the Botzone format) and ``actions`` (per seat,
one entry per step: ``[0]`` pass, ``[2, t]`` discard, ``[3, "mid t"]`` chow around ``mid`` then discard
``t``, ``[4, t]`` pung then discard ``t``, ``[5, t]`` kong, ``[6, t]`` added kong, ``[7]`` win).

:func:`botzone_wall` builds the 136-tile wall (the unused slots of each segment filled with the tiles no
seat drew, in tile order); :func:`replay_botzone` plays the game's actions through the engine
(``options={"botzone": True, "flowers": False}``) and returns the finished :class:`Game`, raising
:class:`~mahjong.errors.ContextError` naming the step that is not legal.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator, Mapping
from typing import Any

from mahjong.errors import ContextError, MahjongError
from mahjong.game.actions import Action
from mahjong.game.engine import Game
from mahjong.game.flows.base import standard_tiles
from mahjong.game.state import Phase

__all__ = ["BOTZONE_OPTIONS", "botzone_tile", "botzone_wall", "replay_botzone", "read_botzone_games"]

BOTZONE_OPTIONS: dict[str, Any] = {"botzone": True, "flowers": False}
_SUITS = {"W": 0, "B": 9, "T": 18}  # 万 饼 (筒) 条
_HONORS = {"F": 27, "J": 31}  # 风 E S W N, 箭 中 发 白


def botzone_tile(name: Any) -> int:
    """A Botzone tile name (``W1``..``W9`` 万, ``B1``..``B9`` 饼, ``T1``..``T9`` 条, ``F1``..``F4`` 东南西北,
    ``J1``..``J3`` 中发白) as a tile id."""
    if isinstance(name, str) and len(name) == 2 and name[1].isascii() and name[1].isdigit():
        k, n = name[0], int(name[1])
        if k in _SUITS and 1 <= n <= 9:
            return _SUITS[k] + n - 1
        if k == "F" and 1 <= n <= 4 or k == "J" and 1 <= n <= 3:
            return _HONORS[k] + n - 1
    raise ContextError(f"not a Botzone tile name: {name!r}")


def botzone_wall(game: Mapping[str, Any]) -> list[int]:
    rows = game.get("tiles")
    if not isinstance(rows, list) or len(rows) != 4 or any(not isinstance(r, list) or len(r) != 34 for r in rows):
        raise ContextError("a Botzone game's 'tiles' are 4 rows of 34 (dealt tiles, then draws, '' padded)")
    used = [[botzone_tile(t) if t else None for t in row] for row in rows]
    spare = Counter(standard_tiles())
    spare.subtract(t for row in used for t in row if t is not None)
    if any(c < 0 for c in spare.values()):
        raise ContextError("a Botzone game's tiles hold a fifth copy of a tile")
    fill = iter(sorted(spare.elements()))
    return [t if t is not None else next(fill) for row in used for t in row]


def _steps(game: Mapping[str, Any]) -> list[tuple[int, int, list[Any]]]:
    actions = game.get("actions")
    if not isinstance(actions, list) or len(actions) != 4:
        raise ContextError("a Botzone game's 'actions' are 4 lists (one per seat)")
    n = len(actions[0])
    if any(not isinstance(a, list) or len(a) != n for a in actions):
        raise ContextError("every seat's action list has one entry per step")
    out = []
    for step in range(n):
        for seat in range(4):
            a = actions[seat][step]
            if not isinstance(a, list) or not a or not isinstance(a[0], int):
                raise ContextError(f"step {step}, seat {seat}: an action is [type] or [type, argument]")
            if a[0] != 0:
                out.append((step, seat, a))
    return out


def _turn_action(game: Game, seat: int, act: list[Any], step: int) -> Action:
    kind = act[0]
    legal = game.legal_actions(seat)
    if kind == 2:
        want = Action("discard", botzone_tile(act[1]))
    elif kind == 7:
        want = next((a for a in legal if a.kind == "win"), Action("win", 0))
    elif kind in (5, 6):
        t = botzone_tile(act[1]) if len(act) > 1 else -1
        want = next((a for a in legal if a.kind in ("concealed_kong", "added_kong") and a.tile in (t, -1)),
                    Action("added_kong" if kind == 6 else "concealed_kong", max(t, 0)))
    else:
        raise ContextError(f"step {step}: seat {seat} has its turn but the record shows action {act!r}")
    if want not in legal:
        raise ContextError(f"step {step}: seat {seat} cannot {want} here; legal: {', '.join(map(str, legal))}")
    return want


def replay_botzone(game_record: Mapping[str, Any]) -> Game:
    """Replay one recorded Botzone game through the engine (Botzone format, no flowers)."""
    if not isinstance(game_record, Mapping):
        raise ContextError("a Botzone game is a JSON object")
    dealer, wind = game_record.get("first_player"), game_record.get("round_wind")
    if dealer not in (0, 1, 2, 3) or wind not in (0, 1, 2, 3):
        raise ContextError("a Botzone game needs first_player and round_wind 0..3")
    game = Game("guobiao", wall=botzone_wall(game_record), dealer=dealer, prevalent_wind=wind,
                options=BOTZONE_OPTIONS)
    todo: Iterator[tuple[int, int, list[Any]]] = iter(_steps(game_record))
    pending_discard: dict[int, int] = {}
    head = next(todo, None)
    try:
        while not game.done:
            st = game.state
            if st.phase == Phase.TURN:
                (seat,) = game.pending
                if seat in pending_discard:  # the discard that the record wrote with the chow / pung
                    game.act(seat, Action("discard", pending_discard.pop(seat)))
                    continue
                if head is None or head[1] != seat:
                    raise ContextError(f"the record ends or skips seat {seat}'s turn (next: {head!r})")
                game.act(seat, _turn_action(game, seat, head[2], head[0]))
                head = next(todo, None)
                continue
            answers = {s: Action("pass") for s in game.pending}
            while head is not None and head[1] in answers and head[2][0] in (3, 4, 5, 7):
                step, seat, act = head
                legal = game.legal_actions(seat)
                if act[0] == 7:
                    want = next((a for a in legal if a.kind == "win"), None)
                elif act[0] == 3:
                    mid_name, out_name = str(act[1]).split()
                    mid = botzone_tile(mid_name)
                    want = next((a for a in legal if a.kind == "chow" and a.meld == (mid - 1, mid, mid + 1)), None)
                    pending_discard[seat] = botzone_tile(out_name)
                elif act[0] == 4:
                    want = next((a for a in legal if a.kind == "pung"), None)
                    pending_discard[seat] = botzone_tile(act[1])
                else:
                    want = next((a for a in legal if a.kind == "kong"), None)
                if want is None:
                    raise ContextError(f"step {step}: seat {seat} cannot make the record's claim {act!r}; legal: "
                                       + ", ".join(map(str, legal)))
                answers[seat] = want
                head = next(todo, None)
            game.step(answers)
    except MahjongError as e:
        if isinstance(e, ContextError):
            raise
        raise ContextError(f"the Botzone game does not replay: {e}") from None
    if head is not None:
        raise ContextError(f"the hand ended but the record goes on (step {head[0]}, seat {head[1]}: {head[2]!r})")
    return game


def read_botzone_games(text: str | bytes) -> list[dict[str, Any]]:
    """The games of a file holding one JSON object per line."""
    if not isinstance(text, (str, bytes)):
        raise ContextError(f"a Botzone game file is text (str or bytes), got {type(text).__name__}")
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as e:
            raise ContextError(f"not UTF-8 text: {e}") from None
    out = []
    for i, line in enumerate(text.splitlines()):
        if line.strip():
            try:
                obj = json.loads(line)
            except (json.JSONDecodeError, RecursionError, ValueError) as e:
                raise ContextError(f"line {i + 1} is not a JSON object: {e}") from None
            if not isinstance(obj, dict):
                raise ContextError(f"line {i + 1} is not a JSON object")
            out.append(obj)
    return out
