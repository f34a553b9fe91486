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

Botzone's match logs (what a match page of the Chinese Standard Mahjong game gives; the format is described on
the Botzone Wiki page "Chinese-Standard-Mahjong" (its request / response tables) and shown by the judge program
``judge/main.cpp`` of the ailab-pku "Chinese-Standard-Mahjong" repository) are a list alternating the judge's
entries, ``{"output": {"command", "content", "display"}}``, and the players' entries, ``{"0": {"response",
"verdict"}, ...}``.  :func:`read_botzone_match` reads from the judge's ``display`` objects: ``INIT`` (``quan``, the
prevalent wind), ``DEAL`` (``hand``: the four 13-tile hands), ``DRAW`` (``player``, ``tile``), ``PLAY``, ``PENG``
(``tile``: the tile played after the pung), ``CHI`` (``tileCHI``: the chow's middle tile, ``tile``: the tile
played), ``GANG``, ``BUGANG`` (``player``, ``tile``), and the end: ``HU`` (``player``, ``fanCnt``, ``fan``: a list
of ``{"name", "cnt", "value"}`` in the fan calculator's order, ``score``: the four nets), ``HUANG`` (wall exhausted)
or a player's penalty (``WH`` a false win, shown with its ``fanCnt`` and ``fan`` — ``fanCnt`` −3, the calculator's
"not a win", when the hand does not win; ``WA`` an answer that is not legal; or the platform's verdict on the
bot's run: ``TLE``, ``MLE``, ``OLE``, ``RE``, ``NJ``; each with ``score``: −30 for the offender, +10 for the
others).  Each player's response (``PASS``, ``PLAY W1``,
``PENG W1``, ``CHI W2 W5``, ``GANG``, ``GANG W1``, ``BUGANG W1``, ``HU``) must agree with what the judge shows.
The dealer is seat 0 and seat ``i``'s wind is ``i``.  Flowers (``BUHUA``, ``H1``-``H8``) are not read: the
competition format replayed here has none.  :func:`replay_botzone_match` builds each seat's wall segment (its
dealt tiles, then its draws, in order; the unused slots filled as :func:`botzone_wall` does), replays every
action through the engine (a penalty too: an illegal answer is played and must be illegal for the engine, a
verdict is given with :meth:`~mahjong.game.engine.Game.penalize`) and checks the recorded end, winner or
offender, nets and fans, names and order (the judge names three waits 边张, 嵌张 and 单钓将; ``tileCnt`` is
written, not checked); :func:`botzone_match_log` writes a finished Botzone-format game as such a log.  A log of
the judge's single shared wall replays while no seat draws past its own 34-tile segment; a wall exhausted there
(HUANG) is not where the per-seat segments run out, and is refused as a different end, never corrected.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from mahjong.convert import to_botzone
from mahjong.errors import ContextError, MahjongError
from mahjong.game.actions import Action
from mahjong.game.engine import Game
from mahjong.game.events import (
    PENALTY_KINDS,
    Claimed,
    Dealt,
    Discarded,
    Drew,
    HandStarted,
    KongDeclared,
    Penalized,
    WallEnd,
    Won,
)
from mahjong.game.flows.base import standard_tiles
from mahjong.game.state import Phase

__all__ = ["BOTZONE_OPTIONS", "BotzoneMatch", "JudgeEntry", "MatchAction", "MatchLogWriter", "botzone_match_log",
           "botzone_tile", "botzone_wall", "match_log", "read_botzone_games", "read_botzone_match", "replay_botzone",
           "replay_botzone_match"]

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
    if not isinstance(actions, list) or len(actions) != 4 or not all(isinstance(a, list) for a in actions):
        raise ContextError("a Botzone game's 'actions' are 4 lists (one per seat)")
    n = len(actions[0])
    if any(not isinstance(a, list) or len(a) != n for a in actions):
        raise ContextError("every seat's action list has one entry per step")
    out = []
    for step in range(n):
        for seat in range(4):
            a = actions[seat][step]
            if not isinstance(a, list) or not a or type(a[0]) is not int or len(a) > 2:
                raise ContextError(f"step {step}, seat {seat}: an action is [type] or [type, argument]")
            if len(a) != _ACTION_LENGTHS.get(a[0], len(a)) and not (a[0] == 5 and len(a) == 1):
                if len(a) == 2:
                    raise ContextError(f"step {step}, seat {seat}: action {a[0]} takes no argument")
                raise ContextError(f"step {step}, seat {seat}: action {a[0]} needs its argument (the tile)")
            if a[0] == 3 and (not isinstance(a[1], str) or len(a[1].split()) != 2):
                raise ContextError(f"step {step}, seat {seat}: a chow is written as [3, \"middle discard\"]")
            if a[0] != 0:
                out.append((step, seat, a))
    return out


#: the length of each kind of action in a processed record: [0] pass, [2, t] discard, [3, "mid t"] chow, [4, t]
#: pung, [5] or [5, t] kong, [6, t] added kong, [7] win
_ACTION_LENGTHS = {0: 1, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 7: 1}


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


# --- Botzone match logs -----------------------------------------------------------------------------------

_PLAYS = ("PLAY", "PENG", "CHI", "GANG", "BUGANG")
# The judge names its fans as its fan calculator (the ChineseOfficialMahjongHelper table) does, in that table's
# order (our Guobiao rows are in it: FAN_INDEX): our Chinese name, except for these three waits.
_JUDGE_FAN_NAMES = {"edge_wait": "边张", "closed_wait": "嵌张", "single_wait": "单钓将"}
#: what the fan calculator returns for a hand that does not win (ERROR_NOT_WIN): the judge shows it as WH's fanCnt
_NOT_A_WIN = -3
_SEGMENT = 34  # 136 tiles, no flowers: 34 per seat
_NAMES = tuple(to_botzone(range(34)))
_TILE_OF = {name: t for t, name in enumerate(_NAMES)}


class MatchAction(NamedTuple):
    """One thing the judge shows: ``kind`` is ``DRAW``, ``PLAY``, ``PENG``, ``CHI``, ``GANG``, ``BUGANG`` or
    ``HU``; ``tile`` the tile drawn / played / konged (-1 for ``HU``); ``mid`` the chow's middle tile."""

    entry: int  #: the judge entry's index in the log
    kind: str
    player: int
    tile: int = -1
    mid: int = -1


@dataclass(frozen=True)
class BotzoneMatch:
    """A match log as read: the dealt hands, each seat's draws in order, the actions and the recorded end."""

    prevalent_wind: int
    hands: tuple[tuple[int, ...], ...]  #: the 13 tiles dealt to each seat
    draws: tuple[tuple[int, ...], ...]  #: each seat's drawn tiles, in order
    actions: tuple[MatchAction, ...]
    end: str | None  #: ``HU``, ``HUANG``, a player's error code (``WH``, ``WA`` ...), or None: the log stops short
    end_entry: int  #: the index of the last judge entry
    winner: int | None = None
    scores: tuple[int, ...] | None = None
    fan_count: int | None = None
    fans: tuple[tuple[str, int, int], ...] = ()  #: (name, count, value) as the judge lists them
    answer: str = ""  #: a penalty's offender's answer (its response, empty when it gave none)


def _load(log: Any) -> list[Any]:
    if isinstance(log, bytes):
        try:
            log = log.decode("utf-8")
        except UnicodeDecodeError as e:
            raise ContextError(f"not UTF-8 text: {e}") from None
    if isinstance(log, str):
        try:
            log = json.loads(log)
        except (json.JSONDecodeError, RecursionError, ValueError) as e:
            raise ContextError(f"a Botzone match log is JSON: {e}") from None
    if isinstance(log, dict) and "log" in log:
        log = log["log"]
    if not isinstance(log, list):
        raise ContextError(f"a Botzone match log is a list of entries, got {type(log).__name__}")
    return log


def _seat(display: Mapping[str, Any], i: int) -> int:
    p = display.get("player")
    if p not in (0, 1, 2, 3) or isinstance(p, bool):
        raise ContextError(f"entry {i}: the judge's {display.get('action')} names no player 0..3")
    return int(p)


def _tile(name: Any, i: int) -> int:
    tile = _TILE_OF.get(name) if isinstance(name, str) else None
    if tile is not None:
        return tile
    try:
        return botzone_tile(name)
    except ContextError:
        if isinstance(name, str) and name[:1] == "H":
            raise ContextError(f"entry {i}: flower {name} — the Botzone format replayed here has no flowers") from None
        raise ContextError(f"entry {i}: not a Botzone tile name: {name!r}") from None


def _response(log: list[Any], i: int, seat: int, optional: bool = False) -> str:
    """The response the player ``seat`` gave in the players' entry before judge entry ``i`` (``optional``: a
    bot whose run the platform stopped may have given none: "")."""
    entry = log[i - 1] if i >= 1 else None
    answer = entry.get(str(seat)) if isinstance(entry, dict) else None
    text = answer.get("response") if isinstance(answer, dict) else None
    if text is None and optional:
        return ""
    if not isinstance(text, str):
        raise ContextError(f"entry {i}: no response of player {seat} before the judge's entry")
    return text


def _nothing_after(entries: list[Any], i: int) -> None:
    later = next((j for j in range(i + 1, len(entries)) if isinstance(entries[j], dict) and "output" in entries[j]),
                 None)
    if later is not None:
        raise ContextError(f"entry {later}: the judge ended the hand at entry {i}, but the log goes on")


def read_botzone_match(log: Any) -> BotzoneMatch:
    """Read a Botzone Chinese Standard Mahjong match log (JSON text, bytes, a list of entries or ``{"log": [...]}``)."""
    entries = _load(log)
    wind: int | None = None
    hands: list[tuple[int, ...]] = []
    draws: list[list[int]] = [[] for _ in range(4)]
    actions: list[MatchAction] = []
    last = -1
    for i, entry in enumerate(entries):
        if not isinstance(entry, dict):
            raise ContextError(f"entry {i} is not a JSON object")
        if "output" not in entry:
            continue  # the players' responses, read with the judge entry that follows them
        output = entry["output"]
        display = output.get("display") if isinstance(output, dict) else None
        if not isinstance(display, dict):
            raise ContextError(f"entry {i}: the judge's output has no display object")
        kind = display.get("action")
        if wind is None:
            quan = display.get("quan")
            if kind != "INIT" or quan not in (0, 1, 2, 3) or isinstance(quan, bool):
                raise ContextError(f"entry {i}: not a Chinese Standard Mahjong match log (the judge's first display "
                                   f"is {kind!r}, not INIT with quan 0..3)")
            wind, last = int(quan), i
            continue
        last = i
        if kind == "DEAL":
            hand = display.get("hand")
            if hands or not isinstance(hand, list) or len(hand) != 4 \
                    or any(not isinstance(h, list) or len(h) != 13 for h in hand):
                raise ContextError(f"entry {i}: DEAL gives the four 13-tile hands once")
            hands = [tuple(_tile(t, i) for t in h) for h in hand]
            continue
        if not hands:
            raise ContextError(f"entry {i}: the judge shows {kind!r} before DEAL")
        if kind == "DRAW":
            p = _seat(display, i)
            t = _tile(display.get("tile"), i)
            draws[p].append(t)
            actions.append(MatchAction(i, "DRAW", p, t))
        elif kind in _PLAYS:
            p = _seat(display, i)
            said = _response(entries, i, p).split()
            if not said or said[0] != kind:
                raise ContextError(f"entry {i}: the judge shows {kind} by player {p}, who answered "
                                   f"{' '.join(said)!r}")
            mid = _tile(display.get("tileCHI"), i) if kind == "CHI" else -1
            actions.append(MatchAction(i, kind, p, _tile(display.get("tile"), i), mid))
        elif kind == "HUANG":
            _nothing_after(entries, i)
            return BotzoneMatch(wind, tuple(hands), tuple(map(tuple, draws)), tuple(actions), "HUANG", i)
        elif kind == "BUHUA":
            raise ContextError(f"entry {i}: BUHUA — the Botzone format replayed here has no flowers")
        elif isinstance(kind, str) and kind:
            p = _seat(display, i)
            score = display.get("score")
            if not isinstance(score, list) or len(score) != 4 \
                    or any(not isinstance(v, int) or isinstance(v, bool) for v in score):
                raise ContextError(f"entry {i}: the judge's {kind} has no score of four whole numbers")
            fans: list[tuple[str, int, int]] = []
            listed = display.get("fan", [])
            if not isinstance(listed, list):
                raise ContextError(f"entry {i}: the judge's fan list is not a list")
            for f in listed:
                if not isinstance(f, dict) or not isinstance(f.get("name"), str) \
                        or not isinstance(f.get("cnt"), int) or not isinstance(f.get("value"), int):
                    raise ContextError(f"entry {i}: a fan is an object with name, cnt and value, got {f!r}")
                fans.append((f["name"], f["cnt"], f["value"]))
            count = display.get("fanCnt")
            answer = ""
            if kind in ("HU", "WH"):
                if _response(entries, i, p) != "HU":
                    raise ContextError(f"entry {i}: the judge shows {kind} by player {p}, who did not answer HU")
                actions.append(MatchAction(i, "HU", p))
            elif kind in PENALTY_KINDS:
                answer = _response(entries, i, p, kind != "WA")
            else:
                raise ContextError(f"entry {i}: unknown end {kind!r}: the judge ends a hand with HU, HUANG or a "
                                   f"penalty ({', '.join(PENALTY_KINDS)})")
            _nothing_after(entries, i)
            return BotzoneMatch(wind, tuple(hands), tuple(map(tuple, draws)), tuple(actions), kind, i, p,
                                tuple(score), count if isinstance(count, int) else None, tuple(fans), answer)
        else:
            raise ContextError(f"entry {i}: the judge's display has no action")
    if wind is None:
        raise ContextError("not a Chinese Standard Mahjong match log: no judge entry with an INIT display")
    return BotzoneMatch(wind, tuple(hands), tuple(map(tuple, draws)), tuple(actions), None, last)


def _match_wall(match: BotzoneMatch) -> list[int]:
    if len(match.hands) != 4:
        raise ContextError(f"entry {match.end_entry}: the log ends before DEAL")
    rows = [list(match.hands[s]) + list(match.draws[s]) for s in range(4)]
    spare = Counter(standard_tiles())
    spare.subtract(t for row in rows for t in row)
    if any(c < 0 for c in spare.values()):
        raise ContextError("a Botzone game's tiles hold a fifth copy of a tile")
    for s, row in enumerate(rows):
        if len(row) > _SEGMENT:
            raise ContextError(f"player {s} is dealt and draws {len(row)} tiles, more than its wall of {_SEGMENT}")
    fill = iter(sorted(spare.elements()))
    return [t for row in rows for t in row + [next(fill) for _ in range(_SEGMENT - len(row))]]


def _pass_until(game: Game, claimer: int | None) -> None:
    """Everyone passes on the discard / added kong on offer, unless ``claimer`` is one who may answer it."""
    while not game.done and game.state.phase in (Phase.CLAIM, Phase.ROB) and claimer not in game.pending:
        game.step({s: Action("pass") for s in game.pending})


def _drawn_last(game: Game, seat: int) -> int | None:
    ev = game.events[-1]
    if isinstance(ev, Drew) and ev.seat == seat:
        return ev.tile
    if seat == game.state.dealer and not any(isinstance(e, (Discarded, Drew)) for e in game.events):
        dealt = next(e for e in game.events if isinstance(e, Dealt) and e.seat == seat)
        return dealt.tiles[-1]  # the dealer's 14th tile: Botzone shows it as the first DRAW
    return None


def _listing(legal: list[Action]) -> str:
    return ", ".join(map(str, legal)) or "none (it is not this player's turn to act)"


def _claim(game: Game, a: MatchAction, want: Action | None) -> None:
    legal = game.legal_actions(a.player)
    if want is None or want not in legal:
        raise ContextError(f"entry {a.entry}: player {a.player} cannot make the log's {a.kind} here; legal: "
                           + _listing(legal))
    game.step({s: (want if s == a.player else Action("pass")) for s in game.pending})


def _replay_action(game: Game, a: MatchAction) -> None:
    _pass_until(game, a.player if a.kind in ("PENG", "CHI", "GANG", "HU") else None)
    if game.done:
        raise ContextError(f"entry {a.entry}: the hand is over, but the log goes on with {a.kind}")
    st = game.state
    mine = st.phase == Phase.TURN and game.pending == (a.player,)
    if a.kind == "DRAW":
        if not mine or _drawn_last(game, a.player) != a.tile:
            raise ContextError(f"entry {a.entry}: the log shows player {a.player} drawing, the engine does not")
        return
    legal = game.legal_actions(a.player) if a.player in game.pending else []
    if a.kind == "PLAY" or a.kind == "BUGANG" or a.kind == "GANG" and mine:
        kind = {"PLAY": "discard", "BUGANG": "added_kong", "GANG": "concealed_kong"}[a.kind]
        want = Action(kind, a.tile)
        if not mine or want not in legal:
            raise ContextError(f"entry {a.entry}: player {a.player} cannot {want} here; legal: " + _listing(legal))
        game.act(a.player, want)
        return
    if a.kind == "HU":
        win = next((x for x in legal if x.kind == "win"), None)
        if win is None and game.flow.penalties:  # a win declared on a hand that does not win: the judge's WH
            if a.player not in game.pending:  # (out of turn: a WH the judge gave, as an outside judge gives it)
                game.penalize(a.player, "WH")
                return
            win = Action("win", _on_offer(game))
            game.step({s: (win if s == a.player else Action("pass")) for s in game.pending})
        elif mine and win is not None:
            game.act(a.player, win)
        else:
            _claim(game, a, win)
        return
    if a.kind == "GANG":
        _claim(game, a, next((x for x in legal if x.kind == "kong"), None))
        return
    if a.kind == "PENG":
        _claim(game, a, next((x for x in legal if x.kind == "pung"), None))
    else:
        meld = (a.mid - 1, a.mid, a.mid + 1)
        _claim(game, a, next((x for x in legal if x.kind == "chow" and x.meld == meld), None))
    play = Action("discard", a.tile)
    if game.pending != (a.player,) or play not in game.legal_actions(a.player):
        raise ContextError(f"entry {a.entry}: player {a.player} cannot {play} after its {a.kind}")
    game.act(a.player, play)


def _on_offer(game: Game) -> int:
    """The tile a win would be declared on now: the tile just drawn, the discard, or the added kong's tile."""
    st = game.state
    if st.phase == Phase.CLAIM and st.last_discard is not None:
        return st.last_discard[1]
    if st.phase == Phase.ROB and st.pending_kong is not None:
        return st.pending_kong[1]
    return st.last_draw[1] if st.last_draw is not None else 0


#: a Botzone response's first word -> the action kind it names on one's turn / on another's discard
_TURN_WORDS = {"PLAY": "discard", "GANG": "concealed_kong", "BUGANG": "added_kong"}


def _answer_actions(game: Game, seat: int, text: str) -> list[Action] | None:
    """A Botzone response as the engine's actions (a claim with its discard: two), or None if it names none
    (garbage, a tile name that is not one)."""
    words = text.split()
    try:
        if words == ["PASS"]:
            return [Action("pass")]
        if words == ["HU"]:
            return [Action("win", _on_offer(game))]
        if words == ["GANG"] and game.state.last_discard is not None:
            return [Action("kong", game.state.last_discard[1])]
        if len(words) == 2 and words[0] in _TURN_WORDS:
            return [Action(_TURN_WORDS[words[0]], _TILE_OF[words[1]])]
        discard = game.state.last_discard
        if discard is not None and len(words) == 2 and words[0] == "PENG":
            return [Action("pung", discard[1]), Action("discard", _TILE_OF[words[1]])]
        if discard is not None and len(words) == 3 and words[0] == "CHI":
            mid = _TILE_OF[words[1]]
            return [Action("chow", discard[1], (mid - 1, mid, mid + 1)), Action("discard", _TILE_OF[words[2]])]
    except (KeyError, MahjongError):
        return None
    return None


def _replay_penalty(game: Game, match: BotzoneMatch) -> None:
    """The judge's penalty that ends the log: a WA's answer is played (the engine must find it illegal: it
    then ends the hand with the same WA); any other penalty is the platform's verdict, given as the judge
    does (:meth:`Game.penalize`)."""
    p, i = match.winner, match.end_entry
    assert p is not None
    acts = _answer_actions(game, p, match.answer) if match.end == "WA" and p in game.pending else None
    if acts is None:
        game.penalize(p, str(match.end), match.answer)
        return
    for a in acts:
        if game.done or p not in game.pending:
            break
        game.step({s: (a if s == p else Action("pass")) for s in game.pending})
    if game.state.penalty is None or (game.state.penalty.seat, game.state.penalty.kind) != (p, "WA"):
        raise ContextError(f"entry {i}: the judge's WA for player {p}'s answer {match.answer!r}, which the "
                           f"engine plays as legal")


def _numbers(values: Any) -> str:
    return " ".join(map(str, values))


def _fan_text(fans: Any) -> str:
    return ", ".join(f"{name} {value}×{count}" for name, count, value in fans)


def _judge_fans(result: Any) -> list[tuple[str, int, int]]:
    """A score's fans as the judge lists them: the fan calculator's names, in its order."""
    from mahjong.rulesets.guobiao.fans import FAN_INDEX

    items = sorted(result.items, key=lambda it: FAN_INDEX.get(it.key, len(FAN_INDEX)))
    return [(_JUDGE_FAN_NAMES.get(it.key, it.name_zh), it.count, it.value) for it in items]


def _check_end(game: Game, match: BotzoneMatch) -> None:
    i = match.end_entry
    if match.end is None:
        raise ContextError(f"the log is cut short after entry {i}: it has no HU or HUANG at the end")
    if match.end == "HUANG":
        _pass_until(game, None)
    elif match.end != "HU" and not game.done:  # a penalty: a WA's answer is played, a verdict is given
        _replay_penalty(game, match)
    if not game.done:
        raise ContextError(f"entry {i}: the log ends the hand ({match.end}), the engine's hand goes on")
    st = game.state
    winners = [w.seat for w in st.wins]
    if winners != ([match.winner] if match.end == "HU" else []):
        raise ContextError(f"entry {i}: the log's end is {match.end} by player {match.winner}, the engine's "
                           f"winners are: {_numbers(winners) or 'none'}")
    ours_end = (st.penalty.kind, st.penalty.seat) if st.penalty is not None else None
    if match.end not in ("HU", "HUANG") and ours_end != (match.end, match.winner):
        engine_end = f"{ours_end[0]} ({ours_end[1]})" if ours_end else "-"
        raise ContextError(f"entry {i}: the log's end is {match.end} by player {match.winner}, the engine's "
                           f"penalty is {engine_end}")
    settlement = game.settlement
    assert settlement is not None
    if match.scores is not None and tuple(settlement.net) != match.scores:
        raise ContextError(f"entry {i}: the log's scores {_numbers(match.scores)} differ from the engine's "
                           f"{_numbers(settlement.net)}")
    if match.end in ("HU", "WH") and match.fan_count is not None:
        result = settlement.results[0] if settlement.results else None
        total = result.total if result is not None else _NOT_A_WIN
        if match.fan_count != total:
            raise ContextError(f"entry {i}: the log counts {match.fan_count} fan, the engine {total}")
        ours = _judge_fans(result) if result is not None else []
        if match.fans and list(match.fans) != ours:
            raise ContextError(f"entry {i}: the log's fans ({_fan_text(match.fans)}) differ from the engine's "
                               f"({_fan_text(ours)}), names and order as the judge's calculator lists them")


def replay_botzone_match(log: Any) -> Game:
    """Replay a Botzone match log (or a :class:`BotzoneMatch`) through the engine in the Botzone format; the
    finished :class:`Game`.  Raises :class:`ContextError` naming the log entry that does not replay."""
    match = log if isinstance(log, BotzoneMatch) else read_botzone_match(log)
    game = Game("guobiao", wall=_match_wall(match), dealer=0, prevalent_wind=match.prevalent_wind,
                options=BOTZONE_OPTIONS)
    a: MatchAction | None = None
    try:
        for a in match.actions:
            _replay_action(game, a)
        _check_end(game, match)
    except MahjongError as e:
        if isinstance(e, ContextError):
            raise
        where = f"entry {a.entry}" if a is not None else "the deal"
        raise ContextError(f"{where}: the Botzone match does not replay: {e}") from None
    return game


@dataclass
class JudgeEntry:
    """One judge entry of a match log: what the judge shows (``display``), the request it sends each player (or,
    at the end, each player's score: ``content``), whether it ends the match, and ``answers``: the response each
    player gave to the entry before it, as the game's events show it (players not named answered ``PASS``)."""

    display: dict[str, Any]
    content: dict[int, Any]
    finish: bool = False
    answers: dict[int, str] = field(default_factory=dict)
    verdicts: dict[int, str] = field(default_factory=dict)  #: a player the platform stopped: its verdict


def _name(tile: int) -> str:
    return _NAMES[tile]


class MatchLogWriter:
    """A Botzone-format game (dealer seat 0, no flowers) written as the judge's entries while it is played:
    :meth:`entries` turns the events the game logged since the last call into :class:`JudgeEntry` objects (the
    first call also gives ``INIT``, ``DEAL`` and the dealer's first ``DRAW``).  The requests a player is sent
    are the entries' ``content``; :func:`match_log` puts the entries and the players' answers together."""

    def __init__(self, game: Game) -> None:
        start = game.events[0] if isinstance(game, Game) and game.events else None
        if not isinstance(start, HandStarted) or start.ruleset != "guobiao" or start.dealer != 0 \
                or not start.options.get("botzone") or start.options.get("flowers", True):
            raise ContextError("botzone_match_log takes a guobiao game in the Botzone format "
                               "(options botzone, no flowers) dealt by seat 0")
        self.game = game
        self._quan = start.prevalent_wind
        self._seen = 0
        self._claim: Claimed | None = None
        self.finished = False

    def _draw(self, seat: int, tile: int) -> JudgeEntry:
        return JudgeEntry({"action": "DRAW", "player": seat, "tile": _name(tile)},
                          {s: f"2 {_name(tile)}" if s == seat else f"3 {seat} DRAW" for s in range(4)})

    def entries(self) -> list[JudgeEntry]:
        """The judge entries of the events logged since the last call (none once the match is finished)."""
        events = self.game.events
        out: list[JudgeEntry] = []
        if self._seen == 0:
            quan = self._quan
            out.append(JudgeEntry({"action": "INIT", "quan": quan}, {s: f"0 {s} {quan}" for s in range(4)}))
            dealt = {e.seat: e.tiles for e in events if isinstance(e, Dealt)}
            hands = [[_name(t) for t in dealt[s][:13]] for s in range(4)]
            out.append(JudgeEntry({"action": "DEAL", "hand": hands},
                                  {s: "1 0 0 0 0 " + " ".join(hands[s]) for s in range(4)}))
            out.append(self._draw(0, dealt[0][13]))
        todo, self._seen = events[self._seen:], len(events)
        for ev in todo:
            if self.finished:
                break
            if isinstance(ev, Drew):
                out.append(self._draw(ev.seat, ev.tile))
            elif isinstance(ev, Claimed):
                if ev.kind == "kong":
                    out.append(JudgeEntry({"action": "GANG", "player": ev.seat, "tile": _name(ev.tile)},
                                          {s: f"3 {ev.seat} GANG" for s in range(4)}, answers={ev.seat: "GANG"}))
                else:
                    self._claim = ev
            elif isinstance(ev, KongDeclared):
                kind = "GANG" if ev.kind == "concealed" else "BUGANG"
                tail = f" {_name(ev.tile)}" if kind == "BUGANG" else ""
                out.append(JudgeEntry({"action": kind, "player": ev.seat, "tile": _name(ev.tile)},
                                      {s: f"3 {ev.seat} {kind}{tail}" for s in range(4)},
                                      answers={ev.seat: f"{kind} {_name(ev.tile)}"}))
            elif isinstance(ev, Discarded):
                display = {"action": "PLAY", "player": ev.seat, "tile": _name(ev.tile)}
                request = _with_claim(f"PLAY {_name(ev.tile)}", self._claim, display)
                self._claim = None
                out.append(JudgeEntry(display, {s: f"3 {ev.seat} {request}" for s in range(4)},
                                      answers={ev.seat: request}))
            elif isinstance(ev, Won):
                net, settlement = self._end()
                result = settlement.results[0]
                fans = [{"name": n, "cnt": c, "value": v} for n, c, v in _judge_fans(result)]
                display = {"action": "HU", "player": ev.seat, "fanCnt": result.total, "fan": fans, "score": net}
                out.append(JudgeEntry(display, dict(enumerate(net)), True, {ev.seat: "HU"}))
            elif isinstance(ev, Penalized):
                out.append(self._penalty(ev))
            elif isinstance(ev, WallEnd):
                out.append(JudgeEntry({"action": "HUANG"}, {s: 0 for s in range(4)}, True))
                self.finished = True
        return out

    def _end(self) -> tuple[list[int], Any]:
        """The nets of the finished hand and its settlement (the match ends here)."""
        self.finished = True
        settlement = self.game.settlement
        assert settlement is not None
        return list(settlement.net), settlement

    def _penalty(self, ev: Penalized) -> JudgeEntry:
        """The judge's penalty that ends the match: its code with the offender, and the offender's answer (a
        claim's discard written with its claim) or, for a platform verdict, the verdict."""
        net, settlement = self._end()
        display: dict[str, Any] = {"action": ev.kind, "player": ev.seat}
        answers: dict[int, str] = {}
        verdicts: dict[int, str] = {}
        if ev.kind == "WH":
            answers[ev.seat] = "HU"
            wh = settlement.results[0] if settlement.results else None
            if ev.tile is not None:  # (a WH given by an outside judge has no count of ours)
                display["fanCnt"] = wh.total if wh is not None else _NOT_A_WIN
            if wh is not None:
                display["fan"] = [{"name": n, "cnt": c, "value": v} for n, c, v in _judge_fans(wh)]
        elif ev.kind == "WA":
            said = _botzone_answer(ev.answer)
            claim = self._claim if self._claim is not None and self._claim.seat == ev.seat else None
            answers[ev.seat] = _with_claim(said, claim, {}) if said.startswith("PLAY ") else said
        else:
            verdicts[ev.seat] = ev.kind
            if ev.answer:
                answers[ev.seat] = ev.answer
        display["score"] = net
        return JudgeEntry(display, dict(enumerate(net)), True, answers, verdicts)


def match_log(entries: list[JudgeEntry], replies: Sequence[Mapping[int, Mapping[str, Any]]] | None = None
              ) -> list[dict[str, Any]]:
    """The match log of judge entries: each followed (but the last) by the players' entry answering it —
    ``replies[i]`` (per player: ``response``, ``verdict`` and anything else the log keeps) when given, else the
    answers and verdicts the next entry records (``PASS`` and ``OK`` elsewhere).  Every display after
    ``INIT`` shows ``tileCnt``, the tiles not yet dealt or drawn."""
    out: list[dict[str, Any]] = []
    left = 136
    for i, entry in enumerate(entries):
        display = dict(entry.display)
        if i:
            reply = replies[i - 1] if replies is not None and i - 1 < len(replies) else None
            if reply is not None:
                out.append({str(s): dict(reply[s]) for s in range(4)})
            else:  # (a player the platform stopped may have no response: its verdict says why)
                players: dict[str, Any] = {}
                for s in range(4):
                    players[str(s)] = {"verdict": entry.verdicts.get(s, "OK")}
                    if s in entry.answers or s not in entry.verdicts:
                        players[str(s)]["response"] = entry.answers.get(s, "PASS")
                out.append(players)
            left -= 52 if display["action"] == "DEAL" else display["action"] == "DRAW"
            display["tileCnt"] = left
        out.append({"output": {"command": "finish" if entry.finish else "request",
                               "content": {str(s): v for s, v in entry.content.items()}, "display": display}})
    return out


def botzone_match_log(game: Game) -> list[dict[str, Any]]:
    """A finished Botzone-format game (dealer seat 0, no flowers) written as a Botzone match log."""
    if not isinstance(game, Game) or not game.done:
        raise ContextError("botzone_match_log takes a finished Game")
    return match_log(MatchLogWriter(game).entries())


def _with_claim(request: str, claim: Claimed | None, display: dict[str, Any]) -> str:
    """A discard's response as the judge reads it: after a pung / chow the claim and the discard are one
    response (``PENG t`` / ``CHI mid t``), and the judge's display shows the claim."""
    if claim is None:
        return request
    t = request.split()[1]
    if claim.kind == "chow":
        mid = _name(claim.meld[1])
        display.update(action="CHI", tileCHI=mid)
        return f"CHI {mid} {t}"
    if display:
        display["action"] = "PENG"
    return f"PENG {t}"


def _botzone_answer(answer: str) -> str:
    """An illegal answer as a Botzone response: an action as the engine writes it (``discard 5m``, ``pung C``,
    ``chow 345m``, ``win 6m`` …) in the protocol's words (``PLAY W5``, ``PENG``, ``CHI W4``, ``HU``); anything
    else (a bot's own words given to ``Game.penalize``) as it is."""
    from mahjong.tiles import parse_tiles

    words = answer.split()
    try:
        tiles = list(parse_tiles(words[1])) if len(words) == 2 else []
    except MahjongError:
        return answer
    names = [_name(t) for t in tiles if t < 34]
    if words == ["pass"]:
        return "PASS"
    if len(names) == 1 and words[0] in ("discard", "concealed_kong", "added_kong", "kong", "pung", "win"):
        return {"discard": f"PLAY {names[0]}", "concealed_kong": f"GANG {names[0]}",
                "added_kong": f"BUGANG {names[0]}", "kong": "GANG", "pung": "PENG", "win": "HU"}[words[0]]
    if len(names) == 3 and words[0] == "chow":
        return f"CHI {names[1]}"
    return answer
