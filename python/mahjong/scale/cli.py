"""Command-line side of the scale-out layer: ``--workers K`` and ``--ray [ADDRESS]`` for ``simulate`` and
``settle``, a progress line on stderr, and the printed totals.

The ``mahjong`` command wires these in (``add_scale_arguments`` on its ``simulate`` and ``settle`` parsers);
``python -m mahjong.scale settle --workers 2 logs/`` runs the same code on its own.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any, TextIO

from mahjong._argtypes import whole_number
from mahjong.console import progress_bar, read_options
from mahjong.errors import MahjongError
from mahjong.i18n import help_text, language, text
from mahjong.scale.runner import LOCAL, MAX_WORKERS, Progress
from mahjong.scale.tally import Tally

__all__ = [
    "add_commands",
    "run_dataset",
    "add_scale_arguments",
    "progress_printer",
    "wants_sharded_settle",
    "settle_logs_command",
    "print_tally",
    "wants_sharded_simulate",
    "simulate_from_args",
    "main",
]


_workers = whole_number(1, MAX_WORKERS)


def add_scale_arguments(parser: argparse.ArgumentParser) -> None:
    """Add ``--workers K`` and ``--ray [ADDRESS]`` to a command's parser."""
    parser.add_argument(
        "--workers", type=_workers, default=1, metavar="K",
        help=help_text("--workers"),
    )
    parser.add_argument(
        "--ray", nargs="?", const=LOCAL, default=None, metavar=help_text("metavar.address"),
        help=help_text("--ray"),
    )


def progress_printer(what: str, stream: TextIO | None = None, lang: str = "en") -> Progress:
    """A ``progress(done, total)`` callback drawing one line on stderr (redrawn in place on a terminal,
    otherwise printed at most about ten times): the bar of ``mahjong simulate``, ``what`` its word for the items
    (in the command's language: ``text("sim.hands", lang)``, ``text("settle.progress", lang)``)."""
    show = progress_bar(stream if stream is not None else sys.stderr, what, lang)

    def shown(done: int, total: int) -> None:
        if total > 0:
            show(done, total)

    return shown


def wants_sharded_settle(args: argparse.Namespace) -> bool:
    """Whether a ``settle`` invocation is for the sharded log settlement: a directory or a ``.jsonl`` file,
    several paths, ``--workers`` above 1, or ``--ray``."""
    from pathlib import Path

    paths = args.record if isinstance(args.record, list) else [args.record]
    return (
        getattr(args, "workers", 1) > 1
        or getattr(args, "ray", None) is not None
        or len(paths) != 1
        or Path(paths[0]).is_dir()
        or str(paths[0]).endswith(".jsonl")
    )


def _pct(part: int, whole: int) -> str:
    return f"{100.0 * part / whole:.1f}%" if whole else "-"


def print_tally(tally: Tally, lang: str, workers: int, ray: str | None, out: TextIO | None = None) -> None:
    """The totals of a sharded log settlement as text in ``lang`` ("en" or "zh")."""
    out = out if out is not None else sys.stdout
    c = tally.counts

    def say(key: str, **values: object) -> None:
        print(text(key, lang, **values), file=out)

    say("settle.totals", hands=c["hands"], wins=c["wins"], self=c["self_draws"],
        self_pct=_pct(c["self_draws"], c["wins"]), none=c["no_winner"], none_pct=_pct(c["no_winner"], c["hands"]))
    seats = sorted(k for k in c if k.startswith("net:seat"))
    if seats:
        say("settle.nets", nets="  ".join(f"{k[8:]}:{c[k]:+d}" for k in seats))
    items = sorted(((v, k[5:]) for k, v in c.items() if k.startswith("item:")), reverse=True)
    if items:
        say("settle.items", items="  ".join(f"{name} {n}" for n, name in items[:10]))
    where = "ray" if ray is not None else "processes" if workers > 1 else "process"
    rate = c["hands"] / tally.seconds if tally.seconds > 0 else 0.0
    say("settle.speed", rate=f"{rate:,.0f}", workers=workers, where=text(f"settle.{where}", lang))


def settle_logs_command(args: argparse.Namespace) -> int:
    """``settle --workers K [--ray [ADDRESS]] PATH...``: settle every hand in the logs and print the totals
    (text in ``--lang``'s language, or the tally's JSON under ``--json``)."""
    from mahjong.scale import settle_logs

    lang = language(getattr(args, "lang", None))
    paths = args.record if isinstance(args.record, list) else [args.record]
    tally = settle_logs(paths, workers=args.workers, ray=args.ray,
                        progress=progress_printer(text("settle.progress", lang), lang=lang))
    if getattr(args, "json", False):
        print(json.dumps(tally.to_dict(), ensure_ascii=False, indent=2))
    else:
        print_tally(tally, lang, args.workers, args.ray)
    return 0


def wants_sharded_simulate(args: argparse.Namespace) -> bool:
    """Whether a ``simulate`` invocation asked for shards (``--workers`` above 1 or ``--ray``)."""
    return getattr(args, "workers", 1) > 1 or getattr(args, "ray", None) is not None


def simulate_from_args(args: argparse.Namespace, options: dict[str, Any]) -> dict[str, Any]:
    """The statistics of ``mahjong simulate --workers K [--ray [ADDRESS]]`` (the same dict as the
    single-process command; hand for hand the same games, so the same totals)."""
    from mahjong.scale.errors import ScaleError
    from mahjong.scale.simulate import simulate_sharded

    if getattr(args, "log", None):
        raise ScaleError("--log writes one file from one process: use it without --workers / --ray")
    lang = language(getattr(args, "lang", None))
    progress = None if getattr(args, "no_progress", False) else progress_printer(text("sim.hands", lang), lang=lang)
    stats, _ = simulate_sharded(
        args.rules, args.hands, args.seed, args.agent, options, workers=args.workers, ray=args.ray, progress=progress
    )
    stats["workers"] = args.workers
    stats["backend"] = "ray" if args.ray is not None else ("processes" if args.workers > 1 else "this process")
    return stats


def add_commands(sub: Any) -> None:
    """Add ``dataset`` to the ``mahjong`` command's subparsers (the sharded commands' other one: its games are
    cut into shards as ``simulate --workers`` cuts its hands)."""
    d = sub.add_parser("dataset", help=help_text("dataset"))
    d.add_argument("files", nargs="+", metavar=help_text("metavar.files"), help=help_text("dataset.files"))
    d.add_argument("-o", "--out", required=True, metavar=help_text("metavar.out"), help=help_text("dataset.-o"))
    d.add_argument("--no-progress", action="store_true", help=help_text("simulate.--no-progress"))
    d.add_argument("--json", action="store_true", help=help_text("dataset.--json"))
    d.add_argument("--lang", default=argparse.SUPPRESS, metavar=help_text("metavar.lang"), help=help_text("--lang"))
    add_scale_arguments(d)
    d.set_defaults(run=run_dataset)


def run_dataset(args: argparse.Namespace) -> int:
    """``mahjong dataset FILES... -o OUT.npz``: write the rows, print the summary (each game left out and why)."""
    from mahjong.rl.dataset import build_dataset

    lang = language(getattr(args, "lang", None))
    progress = None if args.no_progress else progress_printer(text("dataset.progress", lang))
    summary = build_dataset(args.files, args.out, workers=args.workers, ray=args.ray, progress=progress)
    if args.json:
        print(json.dumps(summary.to_dict(), ensure_ascii=False, indent=2))
        return 0
    for path, why, why_zh in summary.unread:
        print(text("dataset.unread", lang, path=path, reason=why_zh if lang == "zh" else why), file=sys.stderr)
    for game, why, why_zh in summary.left_out:
        print(text("dataset.left_out", lang, game=game, reason=why_zh if lang == "zh" else why), file=sys.stderr)
    print(text("dataset.done", lang, rows=summary.rows, games=summary.games, path=summary.path))
    rate = summary.rows / summary.seconds if summary.seconds > 0 else 0.0
    print(text("dataset.speed", lang, rate=f"{rate:,.0f}", seconds=f"{summary.seconds:.1f}"))
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    from mahjong._argtypes import hands_argument

    p = argparse.ArgumentParser(prog="python -m mahjong.scale", description="sharded settlement of game logs")
    sub = p.add_subparsers(dest="command", required=True)
    s = sub.add_parser("settle", help="settle every hand in log files / directories, sharded")
    s.add_argument("record", nargs="+", help="log files (.json one hand, .jsonl one hand a line) or directories")
    s.add_argument("--json", action="store_true")
    add_scale_arguments(s)
    m = sub.add_parser("simulate", help="play hands with the built-in agents in seeded shards")
    m.add_argument("--rules", default="guobiao")
    m.add_argument("--hands", type=hands_argument, default=100)
    m.add_argument("--seed", type=int, default=0)
    m.add_argument("--agent", default="greedy")
    m.add_argument("--option", action="append", metavar="KEY=VALUE", help="rule-set or flow option")
    m.add_argument("--no-progress", action="store_true")
    add_scale_arguments(m)
    args = p.parse_args(argv)
    try:
        if args.command == "simulate":
            print(json.dumps(simulate_from_args(args, read_options(args.option)), ensure_ascii=False, indent=2))
            return 0
        return settle_logs_command(args)
    except MahjongError as e:
        lang = language(None)
        print(f"{text('error', lang)}: {e.message(lang)}", file=sys.stderr)
        return 2


