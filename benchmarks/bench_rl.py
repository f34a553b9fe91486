"""Self-play at scale: decisions per second of lockstep batches and simulate throughput per worker count.

    python benchmarks/bench_rl.py [--seconds 2] [--write benchmarks/RESULTS.md]

Measured in one run, side by side (Guobiao, the installed package):

- single games through the Python step API, first legal action: (a) ``action_mask`` + ``act`` only;
  (b) the same plus the seat's ``obs_v1`` observation (what an RL loop over single games pays per decision);
- ``GameBatch`` with n = 1, 64, 1024 games: ``observe()`` (stacked obs_v1 + masks) + ``step()`` with the first
  legal action of every row (``mask.argmax``), in one thread, and two batches in two threads (total decisions/s);
- ``simulate_sharded`` with the random agents, K = 1 (this process) and K = 2 (two local processes), hands/s.

Ratios are what the issue's targets are about: batch cost per decision / single-game cost (target <= 0.3 at
n = 1024), two threads / one thread (target >= 1.7), two workers / one (target >= 1.7).  ``--write`` replaces
the "Self-play at scale" section at the end of RESULTS.md.
"""

from __future__ import annotations

import argparse
import os

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
import platform
import sys
import threading
import time
from pathlib import Path

import mahjong
from mahjong.game import Game
from mahjong.rl import GameBatch
from mahjong.rl.obs_v1 import encode
from mahjong.rl.view import view_of
from mahjong.scale.simulate import simulate_sharded

RULES = "guobiao"
SECTION = "## Self-play at scale (bench_rl.py)"


def single_games(seconds: float, observe: bool) -> float:
    """Decisions/s of single games, first legal action, optionally encoding each deciding seat's view."""
    decisions = 0
    salt = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        g = Game(RULES, seed=1, salt=salt)
        salt += 1
        while not g.done:
            for s in g.pending:
                mask = g.action_mask(s)
                if observe:
                    encode(view_of(g, s))
                g.act(s, mask.index(1))
                decisions += 1
    return decisions / (time.perf_counter() - t0)


def _run_batch(batch: GameBatch, seconds: float, out: list[int]) -> None:
    decisions = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        o = batch.observe()
        batch.step(o.mask.argmax(axis=1))
        decisions += len(o)
    out.append(decisions)


def batch_rate(n: int, seconds: float, threads: int) -> tuple[float, float]:
    """(decisions/s, cores used = process CPU time / wall time)."""
    batches = [GameBatch(n, rules=RULES, seed=10 + k, keep_logs=False) for k in range(threads)]
    counts: list[int] = []
    t0, c0 = time.perf_counter(), time.process_time()
    workers = [threading.Thread(target=_run_batch, args=(b, seconds, counts)) for b in batches]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    wall = time.perf_counter() - t0
    return sum(counts) / wall, (time.process_time() - c0) / wall


def simulate_rate(hands: int, workers: int) -> tuple[float, float]:
    """(hands/s, cores used = CPU time of this process and its workers / wall time)."""
    import resource

    def cpu() -> float:
        me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
        return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime

    t0, c0 = time.perf_counter(), cpu()
    simulate_sharded(RULES, hands, 3, "random", workers=workers)
    wall = time.perf_counter() - t0
    return hands / wall, (cpu() - c0) / wall


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=float, default=2.0, help="time per measurement")
    ap.add_argument("--hands", type=int, default=600, help="hands per simulate measurement")
    ap.add_argument("--write", metavar="RESULTS.md")
    args = ap.parse_args()
    sec = args.seconds

    plain = single_games(sec, observe=False)
    with_obs = single_games(sec, observe=True)
    rows = []
    for n in (1, 64, 1024):
        one = batch_rate(n, sec, 1)
        two = batch_rate(n, sec, 2)
        rows.append((n, one, two))
    (sim1, simcpu1), (sim2, simcpu2) = simulate_rate(args.hands, 1), simulate_rate(args.hands, 2)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")

    lines = [
        SECTION,
        "",
        f"`python benchmarks/bench_rl.py --seconds {sec:g} --hands {args.hands}` — {RULES}, backend "
        f"{mahjong.BACKEND}, Python {platform.python_version()}, {os.cpu_count()} cores shared with other work, "
        f"{time.strftime('%Y-%m-%d %H:%M')}, load average {load:.1f} when it ended.  \"cores used\" = CPU time / "
        "wall time: what the run actually got (below 2 for two workers means the GIL, or other work on the "
        "machine).",
        "",
        "| driver | decisions/s | cost per decision vs single game + obs | two threads / one | cores used |",
        "| --- | ---: | ---: | ---: | ---: |",
        f"| single games, step API (mask + act) | {plain:,.0f} | {with_obs / plain:.2f} | | |",
        f"| single games, step API + obs_v1 | {with_obs:,.0f} | 1.00 | | |",
    ]
    for n, (one, cpu1), (two, cpu2) in rows:
        lines.append(f"| GameBatch n = {n}, one thread | {one:,.0f} | {with_obs / one:.2f} | | {cpu1:.2f} |")
        lines.append(f"| GameBatch n = {n}, two threads (two batches) | {two:,.0f} | {with_obs / two:.2f} | "
                     f"{two / one:.2f}x | {cpu2:.2f} |")
    lines += [
        "",
        "| simulate (random agents) | hands/s | two / one | cores used | CPU ms per hand |",
        "| --- | ---: | ---: | ---: | ---: |",
        f"| K = 1 (this process) | {sim1:,.0f} | | {simcpu1:.2f} | {1000 * simcpu1 / sim1:.2f} |",
        f"| K = 2 (two local processes) | {sim2:,.0f} | {sim2 / sim1:.2f}x | {simcpu2:.2f} | "
        f"{1000 * simcpu2 / sim2:.2f} |",
        "",
    ]
    text = "\n".join(lines)
    print(text)
    if args.write:
        path = Path(args.write)
        old = path.read_text(encoding="utf-8")
        notes = ""
        if SECTION in old:
            head, rest = old.split(SECTION, 1)
            marker = "\n### Notes"
            if marker in rest:
                notes = marker + rest.split(marker, 1)[1]
            old = head.rstrip("\n") + "\n"
        path.write_text(old.rstrip("\n") + "\n\n" + text + notes.rstrip("\n") + "\n", encoding="utf-8")


if __name__ == "__main__":
    sys.exit(main())
