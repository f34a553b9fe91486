"""Forks and datasets: what a ``Game.clone()`` / ``Game.determinize()`` costs beside one step of the same game,
and how many dataset rows ``mahjong.rl.dataset.build_dataset`` writes per CPU-second beside the bare replay of the
same games (``mahjong.game.log.replay``), in one run.

    python benchmarks/bench_rl.py                                   # print the tables
    python benchmarks/bench_rl.py --write benchmarks/RESULTS.md     # replace the "Forks and datasets" section

All times are CPU time of this process (``time.process_time``): the shared machine's load moves wall-clock
figures, not these ratios.
"""

from __future__ import annotations

import argparse
import os
import platform
import shutil
import subprocess
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from mahjong.game import Game, GreedyAgent, RandomAgent, play_hand
from mahjong.game.botzone import BOTZONE_OPTIONS
from mahjong.game.log import dumps_log, read_log, replay

HEADER = "## Forks and datasets (bench_rl.py)"
DATA = Path(__file__).resolve().parent.parent / "tests" / "data" / "real-games"


def _per_call(fn: Callable[[], object], seconds: float) -> float:
    """CPU microseconds per call of ``fn``, over at least ``seconds`` of CPU."""
    n, c0 = 0, time.process_time()
    while True:
        for _ in range(20):
            fn()
        n += 20
        el = time.process_time() - c0
        if el >= seconds:
            return 1e6 * el / n


def _mid_hand(rules: str, engine: str, seed: int = 3, steps: int = 30) -> Game:
    g = Game(rules, seed=seed, engine=engine)
    agents = {s: RandomAgent(s) for s in g.flow.seats}
    for _ in range(steps):
        s = g.pending[0]
        g.act(s, agents[s].choose(g, s, g.legal_actions(s)))
    return g


def forks(rules: str, engine: str, seconds: float) -> tuple[str, float, float, float]:
    """(engine class, µs per step, µs per clone, µs per determinize) at a mid-hand position."""
    base = _mid_hand(rules, engine)

    def step() -> None:  # one answer (the first legal one) on a fresh copy each time: a step, its copy counted
        g = base.clone()
        s = g.pending[0]
        g.act(s, g.legal_actions(s)[0])

    seat = base.pending[0]
    clone_us = _per_call(base.clone, seconds)
    step_us = _per_call(step, seconds) - clone_us
    det_us = _per_call(lambda: base.determinize(seat, 7), seconds)
    return type(base).__name__, step_us, clone_us, det_us


def _logs(folder: Path, hands: int) -> None:
    """Our logs of greedy self-play (Guobiao on the core, Sichuan on the core, the Botzone format on the Python
    engine), Botzone's human records and the PMN records."""
    for rules, options in (("guobiao", {}), ("sichuan", {}), ("guobiao", BOTZONE_OPTIONS)):
        name = "botzone" if options else rules
        with open(folder / f"{name}.jsonl", "w", encoding="utf-8") as fh:
            for k in range(hands):
                g = play_hand(Game(rules, seed=k, options=options), [GreedyAgent(s) for s in range(4)])
                fh.write(dumps_log(g.events))
    for f in DATA.iterdir():
        shutil.copy(f, folder / f.name)


def dataset(hands: int) -> tuple[int, int, float, float]:
    """(rows, games, CPU seconds of build_dataset, CPU seconds of the bare replay of the same games)."""
    from mahjong.rl.dataset import build_dataset, list_games, replay_game

    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "games"
        folder.mkdir()
        _logs(folder, hands)
        c0 = time.process_time()
        summary = build_dataset([folder], Path(tmp) / "rows.npz")
        cpu = time.process_time() - c0
        refs, _ = list_games([folder])
        c0 = time.process_time()
        for ref in refs:  # the same games replayed, no rows: their formats' readers, then the log driven again
            events = replay_game(ref)
            replay(read_log(dumps_log(events)))
        bare = time.process_time() - c0
    return summary.rows, summary.games, cpu, bare


def run(seconds: float, hands: int) -> list[str]:
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    lines = [
        HEADER,
        "",
        f"`python benchmarks/bench_rl.py --seconds {seconds:g} --hands {hands}`, {platform.machine()}, Python "
        f"{platform.python_version()}, load average {load:.1f} at the start; CPU time of one process.",
        "",
        "| rule set | engine | step µs | clone() µs | clone / step | determinize() µs |",
        "| --- | --- | ---: | ---: | ---: | ---: |",
    ]
    for rules, engine in (("guobiao", "auto"), ("sichuan", "auto"), ("guobiao", "python"), ("nanchang", "auto")):
        kind, step_us, clone_us, det_us = forks(rules, engine, seconds)
        lines.append(f"| {rules} | {kind} | {step_us:.1f} | {clone_us:.1f} | {clone_us / step_us:.2f} | "
                     f"{det_us:.0f} |")
    rows, games, cpu, bare = dataset(hands)
    lines += [
        "",
        "| dataset of | rows | rows per CPU-second | the same games replayed bare: rows' worth per CPU-second | "
        "dataset / bare |",
        "| --- | ---: | ---: | ---: | ---: |",
        f"| {games} games: {hands} each of Guobiao, Sichuan and the Botzone format (greedy self-play logs), "
        f"Botzone's 3 human records, 3 PMN records | {rows} | {rows / cpu:,.0f} | {rows / bare:,.0f} | "
        f"{cpu / bare:.2f} |",
        "",
        "A step is one answer through `Game.act` on a copy of a mid-hand game (the copy's cost taken off);",
        "`clone()` copies the hand (on the core its C struct and the driver's tables; on the Python engine its",
        "folded state). `determinize()` re-deals the hidden tiles and asks the open decision again. The dataset",
        "rate counts everything `mahjong dataset` does: each game replayed by its format's reader, driven again",
        "decision by decision with each row's obs_v1 array and mask, the rows compressed to disk and joined.",
    ]
    return lines


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=float, default=1.0)
    ap.add_argument("--hands", type=int, default=30)
    ap.add_argument("--write", metavar="RESULTS.md")
    args = ap.parse_args()
    lines = run(args.seconds, args.hands)
    text = "\n".join(lines) + "\n"
    print(text)
    if args.write:
        path = Path(args.write)
        old = path.read_text(encoding="utf-8")
        if HEADER in old:
            start = old.index(HEADER)
            nxt = old.find("\n## ", start + len(HEADER))
            new = old[:start] + text + (old[nxt + 1:] if nxt >= 0 else "")
        else:
            new = old.rstrip("\n") + "\n\n" + text
        path.write_text(new, encoding="utf-8")
        subprocess.run(["git", "diff", "--stat", str(path)], check=False)


if __name__ == "__main__":
    main()
