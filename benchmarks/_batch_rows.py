"""Self-play rows of ``bench_game.py``: lockstep batches (``GameBatch``) and sharded ``simulate`` (issue 13).

    python benchmarks/bench_game.py            # the engine table, then these rows
    python benchmarks/_batch_rows.py [--seconds 1] [--rounds 3] [--write benchmarks/RESULTS.md]   # alone

Measured in one run, side by side (Guobiao, the installed package, first legal action everywhere):

- single games through the Python step API: ``action_mask`` + ``act``; and the same plus the deciding seat's
  ``obs_v1`` observation (``encode(view_of(game, seat))``: what an RL loop over single games pays per decision);
  each with ``Game`` (the Python engine) and ``CoreGame`` (the same step API on the compiled hand core); the
  cost ratios are against the faster of the two with obs;
- ``GameBatch`` with n = 1, 64, 1024: ``observe()`` (stacked obs_v1 rows + masks) + ``step()`` with the first
  legal action of every row, in one thread, and two batches in two threads (total decisions/s);
- every row above: each driver once per round, ``--rounds`` rounds interleaved, best of each;
- ``simulate_sharded`` with the random agents, K = 1 (this process) and K = 2 (two local processes): K = 1 and
  K = 2 interleaved for ``--rounds`` rounds, best of each, so a burst of other work on the shared machine hits
  both alike.  The hand count is calibrated so that K = 1 takes about ``--seconds`` x 2.

The targets (issue 13): a batch of 1,024 costs <= 0.3x per decision what single games + obs cost; two threads
>= 1.7x one; two workers >= 1.7x one.  "cores used" = CPU time / wall time of the run.
"""

from __future__ import annotations

import argparse
import os
import resource
import threading
import time
from typing import Any

RULES = "guobiao"
HEADER = "## Self-play at scale: GameBatch and simulate workers (bench_game.py, _batch_rows.py)"
#: the section this one replaces (the same rows, measured by the former bench_rl.py)
OLD_HEADERS = (HEADER, "## Self-play at scale (bench_rl.py)")


def _cpu(children: bool = False) -> float:
    me = resource.getrusage(resource.RUSAGE_SELF)
    t = me.ru_utime + me.ru_stime
    if children:
        kids = resource.getrusage(resource.RUSAGE_CHILDREN)
        t += kids.ru_utime + kids.ru_stime
    return t


def single_games(seconds: float, observe: bool, core: bool = False) -> float:
    """Decisions/s of single games through the step API (first legal action), optionally with obs_v1; ``core``:
    ``CoreGame`` (the step API on the compiled hand core) instead of ``Game``."""
    from mahjong.game import Game
    from mahjong.game.core import CoreGame
    from mahjong.rl.obs_v1 import encode
    from mahjong.rl.view import view_of

    cls: Any = CoreGame if core else Game
    decisions = salt = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        g = cls(RULES, seed=1, salt=salt)
        salt += 1
        while not g.done:
            for s in g.pending:
                mask = g.action_mask(s)
                if observe:
                    encode(view_of(g, s))
                g.act(s, mask.index(1))
                decisions += 1
    return decisions / (time.perf_counter() - t0)


def _drive(batch: Any, seconds: float, out: list[int]) -> None:
    decisions = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        o = batch.observe()
        batch.step(o.mask.argmax(axis=1))
        decisions += len(o)
    out.append(decisions)


def batch_rate(n: int, seconds: float, threads: int) -> tuple[float, float]:
    """(decisions/s over all threads, cores used) of ``threads`` batches of ``n`` games, one per thread."""
    from mahjong.rl import GameBatch

    batches = [GameBatch(n, rules=RULES, seed=10 + k, keep_logs=False) for k in range(threads)]
    counts: list[int] = []
    workers = [threading.Thread(target=_drive, args=(b, seconds, counts)) for b in batches]
    t0, c0 = time.perf_counter(), _cpu()
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    wall = time.perf_counter() - t0
    return sum(counts) / wall, (_cpu() - c0) / wall


def simulate_rates(seconds: float, rounds: int) -> tuple[int, list[tuple[float, float]], list[tuple[float, float]]]:
    """(hands, [(hands/s, cores used)] for K = 1, the same for K = 2), K = 1 and 2 interleaved per round."""
    from mahjong.scale.simulate import simulate_sharded

    t0 = time.perf_counter()
    simulate_sharded(RULES, 400, 3, "random", workers=1)  # calibration (and warm caches, as a long run has)
    per_hand = (time.perf_counter() - t0) / 400
    hands = max(200, int(2 * seconds / per_hand))
    runs: dict[int, list[tuple[float, float]]] = {1: [], 2: []}
    for _ in range(rounds):
        for k in (1, 2):
            t0, c0 = time.perf_counter(), _cpu(children=True)
            simulate_sharded(RULES, hands, 3, "random", workers=k)
            wall = time.perf_counter() - t0
            runs[k].append((hands / wall, (_cpu(children=True) - c0) / wall))
    return hands, runs[1], runs[2]


def rows(seconds: float = 1.0, rounds: int = 3) -> str:
    """The markdown section (measured now)."""
    import platform

    import mahjong

    # every driver measured once per round, rounds interleaved, best of each: the shared machine's load moves
    best: dict[str, tuple[float, float]] = {}

    def keep(key: str, rate: float, cores: float = 0.0) -> None:
        if key not in best or rate > best[key][0]:
            best[key] = (rate, cores)

    for _ in range(rounds):
        keep("plain", single_games(seconds, observe=False))
        keep("obs", single_games(seconds, observe=True))
        keep("core plain", single_games(seconds, observe=False, core=True))
        keep("core obs", single_games(seconds, observe=True, core=True))
        for n in (1, 64, 1024):
            for threads in (1, 2):
                keep(f"{n}/{threads}", *batch_rate(n, seconds, threads))
    plain, py_obs, core_plain, core_obs = (best[k][0] for k in ("plain", "obs", "core plain", "core obs"))
    with_obs = max(py_obs, core_obs)  # the ratios are against the faster single-game loop with obs
    lines = [
        HEADER,
        "",
        "Command: `python benchmarks/bench_game.py` (these rows come last; alone: `python benchmarks/_batch_rows.py"
        f" --seconds {seconds:g} --rounds {rounds}`).  {RULES}, backend {mahjong.BACKEND}, Python "
        f"{platform.python_version()}, {os.cpu_count()} cores shared with other work, "
        f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, load average at start "
        f"{', '.join(f'{x:.2f}' for x in os.getloadavg())}.",
        "",
        "| driver | decisions/s | cost per decision vs the faster single game + obs (target <= 0.3 at n = 1024) | "
        "two threads / one (target >= 1.7) | cores used |",
        "| --- | ---: | ---: | ---: | ---: |",
        f"| single games, step API (mask + act) | {plain:,.0f} | {with_obs / plain:.2f} | | |",
        f"| single games, step API + obs_v1 | {py_obs:,.0f} | {with_obs / py_obs:.2f} | | |",
        f"| single games on the core (CoreGame), step API | {core_plain:,.0f} | {with_obs / core_plain:.2f} | | |",
        f"| single games on the core (CoreGame), step API + obs_v1 | {core_obs:,.0f} | {with_obs / core_obs:.2f} "
        "| | |",
    ]
    for n in (1, 64, 1024):
        (one, cpu1), (two, cpu2) = best[f"{n}/1"], best[f"{n}/2"]
        lines.append(f"| GameBatch n = {n}, one thread | {one:,.0f} | {with_obs / one:.2f} | | {cpu1:.2f} |")
        lines.append(f"| GameBatch n = {n}, two threads (two batches) | {two:,.0f} | {with_obs / two:.2f} | "
                     f"{two / one:.2f}x | {cpu2:.2f} |")
    hands, k1, k2 = simulate_rates(seconds, rounds)
    b1, b2 = max(k1), max(k2)
    each = "; ".join(f"{a[0]:,.0f} / {b[0]:,.0f}" for a, b in zip(k1, k2))
    lines += [
        "",
        f"| simulate, random agents, {hands} hands, best of {rounds} interleaved rounds | hands/s | two / one "
        "(target >= 1.7) | cores used |",
        "| --- | ---: | ---: | ---: |",
        f"| K = 1 (this process) | {b1[0]:,.0f} | | {b1[1]:.2f} |",
        f"| K = 2 (two local processes) | {b2[0]:,.0f} | {b2[0] / b1[0]:.2f}x | {b2[1]:.2f} |",
        "",
        f"Each round's hands/s, K = 1 / K = 2: {each}.  Load average at the end "
        f"{', '.join(f'{x:.2f}' for x in os.getloadavg())}.",
        "",
    ]
    return "\n".join(lines)


def write(path: str, text: str) -> None:
    """Replace this section of RESULTS.md (its hand-written ``### Notes`` are kept), or append it."""
    with open(path, encoding="utf-8") as f:
        old = f.read()
    for header in OLD_HEADERS:
        if header in old:
            start = old.index(header)
            nxt = old.find("\n## ", start + len(header))
            body = old[start:nxt if nxt >= 0 else len(old)]
            notes = body[body.index("### Notes"):].rstrip("\n") + "\n" if "### Notes" in body else ""
            new = old[:start] + text + ("\n" + notes if notes else "") + ("\n" + old[nxt + 1:] if nxt >= 0 else "")
            break
    else:
        new = old.rstrip("\n") + "\n\n" + text
    with open(path, "w", encoding="utf-8") as f:
        f.write(new)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=float, default=1.0, help="time per measurement")
    ap.add_argument("--rounds", type=int, default=3, help="interleaved simulate rounds (best of)")
    ap.add_argument("--write", metavar="RESULTS.md", help="replace this section of RESULTS.md")
    args = ap.parse_args()
    text = rows(args.seconds, args.rounds)
    print(text)
    if args.write:
        write(args.write, text)


if __name__ == "__main__":
    main()
