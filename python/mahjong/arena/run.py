"""Running an arena: bots (programs or built-in agents) play hands, every wall from the same seed, the seats
rotating; the results table per player.

* ``--rules guobiao`` is Botzone's Chinese Standard Mahjong game: the competition format
  (:data:`~mahjong.game.botzone.BOTZONE_OPTIONS`), judged as the Botzone judge judges it
  (:mod:`mahjong.arena.judge`), dealt by seat 0, a Botzone match log per game.  Outside programs play here.
* Any other rule set is played by built-in agents only (the Botzone protocol is Guobiao's), with a game log of
  the engine's events (JSON lines, :mod:`mahjong.game.log`) per game.

Wall ``k`` is dealt from ``(seed, k)``; its prevalent wind is ``k // n % 4`` for ``n`` players (a round of
``n`` walls per wind).  Without ``duplicate`` player ``i`` sits at seat ``(i + k) % n`` (the deal passes
round the players); with ``duplicate`` (复式) every wall is played ``n`` times, player ``i`` at seat ``(i + r)
% n`` in rotation ``r``, so each player plays each wall from every seat.
"""

from __future__ import annotations

import json
import math
import os
import shlex
import shutil
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mahjong.arena.bots import ProgramBot
from mahjong.arena.errors import ArenaError
from mahjong.arena.judge import Player, play_botzone_hand
from mahjong.arena.results import ArenaResult, GameResult
from mahjong.errors import whole
from mahjong.game.agents import AGENTS, Agent, make_agent
from mahjong.game.botzone import BOTZONE_OPTIONS
from mahjong.game.engine import Game, make_flow
from mahjong.game.events import Won
from mahjong.game.play import play_hand

__all__ = ["BotSpec", "parse_bot", "run_arena", "BOTZONE_RULES"]

#: the rule set whose game is Botzone's (played in its competition format, outside programs allowed)
BOTZONE_RULES = "guobiao"


@dataclass(frozen=True)
class BotSpec:
    """A ``--bot`` as read: a built-in agent's name, or a program's command line and its interaction."""

    text: str
    agent: str | None = None
    argv: tuple[str, ...] = ()
    simple_io: bool = False

    @property
    def name(self) -> str:
        return self.agent if self.agent is not None else self.text


def parse_bot(text: str, number: int = 0) -> BotSpec:
    """Read a ``--bot``: a built-in agent's name (``greedy``; ``agent:NAME`` to say so when a program has the
    same name), or a command line run without a shell (``json:`` before it for the JSON interaction, the
    default; ``simple:`` for the simple interaction).  A program is looked for at once (in ``PATH`` or as a
    path): one that cannot be found is an :class:`ArenaError` naming the bot."""
    if not isinstance(text, str) or not text.strip():
        raise ArenaError(f"bot {number}: give a built-in agent's name or a program's command line")
    spec = text.strip()
    head, sep, rest = spec.partition(":")
    if sep and head == "agent":
        if rest.strip() not in AGENTS:
            raise ArenaError(f"bot {number}: no built-in agent {rest.strip()!r}; known: {', '.join(AGENTS)}")
        return BotSpec(spec, agent=rest.strip())
    if not sep and spec in AGENTS:
        return BotSpec(spec, agent=spec)
    simple = sep != "" and head == "simple"
    command = rest if sep and head in ("simple", "json") else spec
    try:
        argv = tuple(shlex.split(command))
    except ValueError as e:
        raise ArenaError(f"bot {number}: cannot read the command line {command!r}: {e}") from None
    if not argv:
        raise ArenaError(f"bot {number}: give a built-in agent's name or a program's command line")
    program = argv[0]
    found = shutil.which(program) if os.sep not in program else (program if os.access(program, os.X_OK)
                                                                  and os.path.isfile(program) else None)
    if found is None:
        raise ArenaError(f"bot {number}: no program {program!r} can be run (not found, or not executable), and "
                         f"it is not a built-in agent ({', '.join(AGENTS)})")
    return BotSpec(spec, argv=argv, simple_io=simple)


def _players(specs: Sequence[BotSpec], time_limit: float) -> list[ProgramBot | None]:
    return [ProgramBot(s.argv, simple_io=s.simple_io, time_limit=time_limit, name=s.text)
            if s.agent is None else None for s in specs]


def run_arena(
    rules: str,
    bots: Sequence[str | BotSpec],
    hands: int,
    *,
    seed: int = 0,
    duplicate: bool = False,
    time_limit: float = 1.0,
    options: Mapping[str, Any] | None = None,
    logs: str | os.PathLike[str] | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> ArenaResult:
    """Play ``hands`` walls (each ``len(bots)`` times with ``duplicate``) and return the results.  ``bots``:
    one per seat, as :func:`parse_bot` reads them; ``time_limit``: seconds a program has for each answer;
    ``logs``: a directory to write each game's log into (created if missing)."""
    from mahjong.framework import resolve_preset

    if not isinstance(hands, int) or isinstance(hands, bool) or hands < 1:
        raise ArenaError(f"the number of hands must be a whole number >= 1, got {hands!r}")
    n = whole(seed)
    if n is None or not 0 <= n < 1 << 64:
        raise ArenaError(f"the seed must be a whole number from 0 to 2**64 - 1, got {seed!r}")
    seed = n
    if isinstance(time_limit, bool) or not isinstance(time_limit, (int, float)) or not math.isfinite(time_limit) \
            or time_limit <= 0:
        raise ArenaError(f"the time limit must be a number of seconds above 0, got {time_limit!r}")
    name = resolve_preset(rules)
    opts = {**(BOTZONE_OPTIONS if name == BOTZONE_RULES else {}), **dict(options or {})}
    botzone = name == BOTZONE_RULES and bool(opts.get("botzone"))
    seats = make_flow(name, opts).seats
    specs = [b if isinstance(b, BotSpec) else parse_bot(b, i) for i, b in enumerate(bots)]
    if len(specs) != len(seats):
        raise ArenaError(f"{name} is played by {len(seats)} bots (one --bot per seat), got {len(specs)}")
    if not botzone and any(s.agent is None for s in specs):
        raise ArenaError(f"outside programs speak Botzone's Chinese Standard Mahjong protocol: they play "
                         f"--rules {BOTZONE_RULES} only ({name} is played by built-in agents)")
    folder = Path(logs) if logs is not None else None
    if folder is not None:
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise ArenaError(f"cannot make the log directory {str(folder)!r}: {e.strerror or e}") from None
    n = len(seats)
    result = ArenaResult(name, [s.name for s in specs], hands, seed, duplicate,
                         logs=str(folder) if folder is not None else None)
    programs = _players(specs, float(time_limit))
    rotations = list(range(n)) if duplicate else None
    total = hands * (n if duplicate else 1)
    t0, c0 = time.perf_counter(), time.process_time()
    try:
        for k in range(hands):
            for r in (rotations if rotations is not None else [k % n]):
                seat_of = tuple(seats[(i + r) % n] for i in range(n))
                agents: dict[int, Agent] = {seat_of[i]: make_agent(spec.agent, (seed * 1009 + k) * 8 + i)
                                            for i, spec in enumerate(specs) if spec.agent is not None}
                players: dict[int, Player] = {**agents, **{seat_of[i]: p for i, p in enumerate(programs)
                                                           if p is not None}}
                game = Game(name, seed=seed, salt=k, dealer=seats[0], prevalent_wind=k // n % 4, hand_number=k,
                            options=opts)
                penalty = None
                if botzone:
                    outcome = play_botzone_hand(game, [players[s] for s in range(4)])
                    penalty = outcome.penalty
                    log_text = json.dumps(outcome.log, ensure_ascii=False)
                else:
                    play_hand(game, agents)
                    from mahjong.game.log import dumps_log

                    log_text = dumps_log(game.events)
                result.games.append(_game_result(game, k, r, seat_of, penalty))
                if folder is not None:
                    _write(folder / f"wall{k:05d}-seat{r}.{'json' if botzone else 'jsonl'}", log_text)
                if progress is not None:
                    progress(len(result.games), total)
    finally:
        for p in programs:
            if p is not None:
                p.stop()
    result.seconds = time.perf_counter() - t0
    result.cpu_seconds = time.process_time() - c0
    return result


def _write(path: Path, text: str) -> None:
    try:
        path.write_text(text + ("" if text.endswith("\n") else "\n"), encoding="utf-8")
    except OSError as e:
        raise ArenaError(f"cannot write the log {str(path)!r}: {e.strerror or e}") from None


def _game_result(game: Game, wall: int, rotation: int, seat_of: tuple[int, ...], penalty: Any) -> GameResult:
    settlement = game.settlement
    assert settlement is not None  # (every hand is played to its end)
    wins = {e.seat for e in game.events if isinstance(e, Won)}
    deal_ins = {e.from_seat for e in game.events if isinstance(e, Won) and e.from_seat is not None}
    offender = penalty.seat if penalty is not None else None
    return GameResult(wall, rotation, seat_of, tuple(settlement.net[s] for s in seat_of),
                      tuple(s in wins for s in seat_of), tuple(s in deal_ins for s in seat_of),
                      tuple(penalty.kind if s == offender else None for s in seat_of))
