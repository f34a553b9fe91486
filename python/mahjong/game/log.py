"""The hand's log as JSON lines (one event per line), and replay: re-drive the engine from a log and check
that it produces the very same events (hence the same settlement).

``write_log(events, fp)`` / ``dumps_log(events)``; ``read_log(fp_or_text)`` → events; ``replay(events)`` →
the replayed :class:`~mahjong.game.engine.Game` (raises :class:`~mahjong.errors.ContextError` naming the first
event that does not replay).  A log of several hands (``mahjong simulate --log``: one hand after another) is
replayed hand by hand: ``replay_hands(events)`` → one game per hand; ``split_hands(events)`` → each hand's events.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Sequence
from typing import IO, Any

from mahjong.errors import ContextError, MahjongError
from mahjong.game.actions import Action
from mahjong.game.engine import Game
from mahjong.game.events import (
    BonusSetAside,
    Claimed,
    Discarded,
    GameEvent,
    HandStarted,
    KongDeclared,
    KongRobbed,
    LackDeclared,
    Penalized,
    TilePicked,
    TilesSwapped,
    WallBuilt,
    Won,
    event_from_dict,
)
from mahjong.game.state import Phase

__all__ = ["dumps_log", "write_log", "read_log", "json_lines", "replay", "replay_hands", "split_hands",
           "MAX_LOG_BYTES"]

MAX_LOG_BYTES = 16 * 1024 * 1024  #: a hand's log is a few kB; refuse anything absurd


def dumps_log(events: Iterable[GameEvent]) -> str:
    return "".join(json.dumps(ev.to_dict(), ensure_ascii=False, separators=(",", ":")) + "\n" for ev in events)


def write_log(events: Iterable[GameEvent], fp: IO[str]) -> None:
    fp.write(dumps_log(events))


def json_lines(source: str | bytes | IO[str] | IO[bytes]) -> list[tuple[int, Any]]:
    """(line number, value) of each non-blank line of JSON-lines text (or bytes, or an open file), at most
    :data:`MAX_LOG_BYTES`; bad input raises ContextError naming the line."""
    if not isinstance(source, (str, bytes)):
        source = source.read()
    if isinstance(source, bytes):
        if len(source) > MAX_LOG_BYTES:
            raise ContextError(f"the log is larger than {MAX_LOG_BYTES} bytes")
        try:
            source = source.decode("utf-8")
        except UnicodeDecodeError as e:
            raise ContextError(f"the log is not UTF-8 text: {e}") from None
    if len(source) > MAX_LOG_BYTES:
        raise ContextError(f"the log is larger than {MAX_LOG_BYTES} characters")
    out: list[tuple[int, Any]] = []
    for i, line in enumerate(source.splitlines()):
        if not line.strip():
            continue
        try:
            out.append((i + 1, json.loads(line)))
        except ValueError as e:  # (not JSON, or an integer longer than Python reads from text)
            raise ContextError(f"log line {i + 1} is not JSON: {e}") from None
        except RecursionError:
            raise ContextError(f"log line {i + 1} is nested too deeply") from None
    return out


def read_log(source: str | bytes | IO[str] | IO[bytes]) -> list[GameEvent]:
    """Events from JSON-lines text (or bytes, or an open file).  Bad input raises ContextError naming the line."""
    return [event_from_dict(obj, n) for n, obj in json_lines(source)]


def _decisions(game: Game, log: Sequence[GameEvent]) -> dict[int, Action]:
    """The answers of the pending seats that make the engine produce the log's next events."""
    at = len(game.events)
    nxt = log[at] if at < len(log) else None
    phase = game.state.phase
    pending = game.pending
    answers: dict[int, Action] = {s: Action("pass") for s in pending}
    if phase in (Phase.EXCHANGE, Phase.SWAP):
        return _picks(game, log[at:], answers)
    if phase == Phase.LACK:
        i = at
        while i < len(log) and isinstance(log[i], LackDeclared):
            ev = log[i]
            assert isinstance(ev, LackDeclared)
            answers[ev.seat] = Action("lack", ev.suit)
            i += 1
        return answers
    if phase in (Phase.TURN, Phase.HAIDI):
        (seat,) = pending
        if isinstance(nxt, Discarded) and nxt.seat == seat:
            answers[seat] = Action("ready" if nxt.ready else "discard", nxt.tile)
        elif isinstance(nxt, KongDeclared) and nxt.seat == seat:
            answers[seat] = Action("concealed_kong" if nxt.kind == "concealed" else "added_kong", nxt.tile)
        elif isinstance(nxt, BonusSetAside) and nxt.seat == seat:
            answers[seat] = Action("flower", nxt.tile)  # 补花 of a kept flower
        elif isinstance(nxt, (Won, Penalized)) and nxt.seat == seat and nxt.tile is not None:
            answers[seat] = Action("win", nxt.tile)  # (a Penalized here is a false win, WH)
        elif phase == Phase.TURN:
            raise ContextError(f"log event {at} ({getattr(nxt, 'type', 'end of log')}): seat {seat} was to act")
        return answers
    i = at
    if isinstance(nxt, Penalized) and nxt.tile is not None and nxt.seat in answers:
        answers[nxt.seat] = Action("win", nxt.tile)  # a false win (WH) declared on the tile on offer
        return answers
    if phase == Phase.ROB and isinstance(nxt, KongRobbed):
        i += 1
    if i < len(log) and isinstance(log[i], Won):
        while i < len(log) and isinstance(log[i], Won):
            ev = log[i]
            assert isinstance(ev, Won)
            answers[ev.seat] = Action("win", ev.tile)
            i += 1
    elif isinstance(nxt, Claimed):
        legal = game.legal_actions(nxt.seat)
        want = next((a for a in legal if a.kind == nxt.kind and (nxt.kind != "chow" or a.meld == nxt.meld)), None)
        if want is None:
            raise ContextError(f"log event {at}: seat {nxt.seat} cannot {nxt.kind} {nxt.meld} here")
        answers[nxt.seat] = want
    return answers


def _picks(game: Game, ahead: Sequence[GameEvent], answers: dict[int, Action]) -> dict[int, Action]:
    """换三张 / 开始时换牌: each pending seat's answer is its next pick in the log (or, 开始时换牌, its swap: the
    picking is over)."""
    for ev in ahead:
        if isinstance(ev, TilePicked) and ev.seat in answers and answers[ev.seat].kind == "pass":
            answers[ev.seat] = Action("pick", ev.tile)
        elif not isinstance(ev, (TilePicked, TilesSwapped)):
            break
    return answers


def split_hands(events: Sequence[GameEvent]) -> list[list[GameEvent]]:
    """A log of several hands cut into each hand's events (a hand starts at its ``hand_started`` event)."""
    hands: list[list[GameEvent]] = []
    for ev in events:
        if isinstance(ev, HandStarted) or not hands:
            hands.append([])
        hands[-1].append(ev)
    return hands


def replay_hands(events: Sequence[GameEvent]) -> list[Game]:
    """Replay a log of one or more hands (``mahjong simulate --log`` writes one hand after another), hand by hand:
    one replayed game per hand; an error names the hand (1, 2, …) and the event in it that does not replay."""
    out = []
    for n, hand in enumerate(split_hands(events), 1):
        try:
            out.append(replay(hand))
        except ContextError as e:
            raise ContextError(code="log-hand", n=n, error=str(e)) from None
    return out


#: ``on_decision(game, seat, action)``: called by :func:`replay` just before each answer is given
Decision = Callable[[Game, int, Action], None]


def replay(events: Sequence[GameEvent], *, partial: bool = False, on_decision: Decision | None = None) -> Game:
    """Re-drive the engine from a log; the replayed game's events must equal the log's, one by one.

    ``partial``: the log is a hand in progress; the game is returned at the log's end, waiting for the next
    answers (a copy of a game to try actions on, or a hand resumed from its log).  ``on_decision(game, seat,
    action)`` is called before each answer the log's hand is driven by (every pending seat's, passes included),
    with the game as it stands then (what :mod:`mahjong.rl.dataset` turns into rows)."""
    events = list(events)
    if not events or not isinstance(events[0], HandStarted):
        raise ContextError("a log starts with its hand_started event")
    hs = events[0]
    assert isinstance(hs, HandStarted)
    hands = sum(1 for e in events if isinstance(e, HandStarted))
    if hands > 1:
        raise ContextError(code="log-several-hands", n=hands)
    wb = next((e for e in events if isinstance(e, WallBuilt)), None)
    if wb is None:
        raise ContextError("the log has no wall_built event")
    try:
        game = Game(hs.ruleset, seed=hs.seed, salt=hs.salt, wall=wb.tiles if wb.seed is None else None,
                    dealer=hs.dealer, prevalent_wind=hs.prevalent_wind, hand_number=hs.hand_number,
                    options=dict(hs.options))
        checked = _check_prefix(game, events, 0)
        while not game.done:
            if partial and len(game.events) >= len(events):
                return game
            nxt = events[len(game.events)] if len(game.events) < len(events) else None
            if isinstance(nxt, Penalized) and nxt.tile is None:  # the judge's penalty, not a declared win
                game.penalize(nxt.seat, nxt.kind, nxt.answer)
                checked = _check_prefix(game, events, checked)
                continue
            for seat, action in _decisions(game, events).items():
                if seat in game.pending:
                    if on_decision is not None:
                        on_decision(game, seat, action)
                    game.act(seat, action)
            checked = _check_prefix(game, events, checked)
    except MahjongError as e:
        if isinstance(e, ContextError) and str(e).startswith("log"):
            raise
        raise ContextError(f"the log does not replay: {e}") from None
    if len(game.events) != len(events):
        raise ContextError(f"the log has {len(events)} events but the hand replays to {len(game.events)}")
    return game


def _check_prefix(game: Game, log: Sequence[GameEvent], start: int) -> int:
    """Check the game's events from ``start`` on against the log's (those before were checked); how many are
    checked now."""
    for i in range(start, len(game.events)):
        if i >= len(log):
            raise ContextError(f"log ends at event {i} but the hand goes on ({game.events[i].type})")
        if game.events[i] != log[i]:
            raise ContextError(f"log event {i} does not replay: the log has {log[i]!r}, play gives "
                               f"{game.events[i]!r}")
    return len(game.events)


