"""The ``mahjong arena`` command (hooked into :mod:`mahjong.cli` by :func:`add_commands`)."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, TextIO

from mahjong.arena.results import ArenaResult, PlayerResult
from mahjong.arena.run import BOTZONE_RULES, run_arena
from mahjong.console import display_width as _width
from mahjong.console import progress_bar, read_options
from mahjong.i18n import help_text, language, text

__all__ = ["add_commands", "run_arena_command", "print_results"]


def add_commands(sub: Any) -> None:
    """Add ``arena`` to the ``mahjong`` command's subparsers."""
    a = sub.add_parser("arena", help=help_text("arena"), description=help_text("arena.description"))
    a.add_argument("--rules", default=BOTZONE_RULES, metavar=help_text("metavar.rules"),
                   help=help_text("arena.--rules"))
    a.add_argument("--bot", action="append", required=True, metavar=help_text("metavar.bot"),
                   help=help_text("arena.--bot"))
    a.add_argument("--hands", type=int, default=16, metavar=help_text("metavar.hands"),
                   help=help_text("arena.--hands"))
    a.add_argument("--seed", type=int, default=0, metavar=help_text("metavar.seed"), help=help_text("simulate.--seed"))
    a.add_argument("--duplicate", action="store_true", help=help_text("arena.--duplicate"))
    a.add_argument("--time-limit", type=float, default=1.0, metavar=help_text("metavar.seconds"),
                   help=help_text("arena.--time-limit"))
    a.add_argument("--option", action="append", metavar=help_text("metavar.name=value"),
                   help=help_text("game.--option"))
    a.add_argument("--logs", metavar=help_text("metavar.dir"), help=help_text("arena.--logs"))
    a.add_argument("--no-progress", action="store_true", help=help_text("simulate.--no-progress"))
    a.add_argument("--json", action="store_true", help=help_text("arena.--json"))
    a.add_argument("--lang", default=argparse.SUPPRESS, metavar=help_text("metavar.lang"), help=help_text("--lang"))
    a.set_defaults(run=run_arena_command)


def run_arena_command(args: argparse.Namespace) -> int:
    """``mahjong arena``: play, then print the results table (text in ``--lang``'s language, or JSON)."""
    lang = language(getattr(args, "lang", None))
    show = None if args.no_progress else progress_bar(sys.stderr, text("arena.games", lang), lang)
    result = run_arena(args.rules, args.bot, args.hands, seed=args.seed, duplicate=args.duplicate,
                       time_limit=args.time_limit, options=read_options(args.option), logs=args.logs, progress=show)
    if args.json:
        print(json.dumps(result.to_dict(), ensure_ascii=False, indent=2))
    else:
        print_results(result, lang)
    return 0


def _signed(x: float, digits: int = 1) -> str:
    return "-" if x != x or x in (float("inf"), float("-inf")) else f"{x:+.{digits}f}"


def _pct(r: tuple[float, float, float]) -> str:
    rate, low, high = r
    return "-" if rate != rate else f"{rate:.1%} [{low:.1%}, {high:.1%}]"


def _penalties(row: PlayerResult) -> str:
    kinds = " ".join(f"{k} {v}" for k, v in row.penalty_kinds.items())
    return f"{row.penalties}" + (f" ({kinds})" if kinds else "")


def print_results(result: ArenaResult, lang: str = "en", out: TextIO | None = None) -> None:
    """The text report of ``mahjong arena``."""
    out = out if out is not None else sys.stdout

    def say(key: str, **values: object) -> None:
        print(text(key, lang, **values), file=out)

    n = len(result.names)
    mode = text("arena.duplicate" if result.duplicate else "arena.rotating", lang)
    say("arena.head", rules=result.rules, hands=result.hands, games=len(result.games), seed=result.seed, mode=mode,
        seats=n)
    unit = text("arena.per_wall" if result.duplicate else "arena.per_game", lang)
    header = [text("arena.col.bot", lang), text("arena.col.games", lang), text("arena.col.score", lang),
              text("arena.col.mean", lang, unit=unit), text("arena.col.wins", lang),
              text("arena.col.deal_ins", lang), text("arena.col.penalties", lang)]
    rows = []
    for row in result.players():
        rows.append([f"{row.player} {row.name}", str(row.games), f"{row.score:+d}",
                     f"{_signed(row.mean, 2)} [{_signed(row.mean_low, 2)}, {_signed(row.mean_high, 2)}]",
                     f"{row.wins} {_pct(row.win_rate)}", f"{row.deal_ins} {_pct(row.deal_in_rate)}",
                     _penalties(row)])
    widths = [max(_width(r[i]) for r in [header, *rows]) for i in range(len(header))]
    for r in [header, *rows]:
        cells = [c + " " * (w - _width(c)) if i == 0 else " " * (w - _width(c)) + c
                 for i, (c, w) in enumerate(zip(r, widths))]
        print("  " + "  ".join(cells).rstrip(), file=out)
    rate = len(result.games) / result.seconds if result.seconds > 0 else 0.0
    say("arena.speed", games=len(result.games), seconds=f"{result.seconds:.2f}", rate=f"{rate:,.1f}")
    if result.logs:
        say("arena.logs", dir=result.logs)
