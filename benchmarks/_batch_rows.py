"""Self-play rows of ``bench_game.py``: single games with observations, lockstep batches (``GameBatch``) and
sharded ``simulate`` (issues 8 and 13).

    python benchmarks/bench_game.py            # the engine table, then these rows
    python benchmarks/_batch_rows.py [--seconds 1] [--rounds 3] [--write benchmarks/RESULTS.md]   # alone

Measured in one run, side by side (Guobiao, the installed package, first legal action everywhere):

- single games through the step API (``Game``: on the compiled hand core, the default; and ``engine="python"``):
  ``action_mask`` + ``act``; the same plus the deciding seat's ``obs_v1`` array (``observation_array``: straight
  from the core's struct on the core, ``encode(view_of(...))`` on the Python engine) and plus the observation
  dict (``Game.observe``): what an RL loop over single games pays per decision.  Decisions per CPU-second of
  this process (``time.process_time``: the machine is shared); the cost ratios are against the fastest single
  game with an obs_v1 array;
- ``GameBatch`` with n = 1, 64, 1024: ``observe()`` (stacked obs_v1 rows + masks) + ``step()`` with the first
  legal action of every row, in one thread, and two batches in two threads (total decisions/s of wall time);
  with each thread's CPU time split between the compiled loop (``GameBatch.c_seconds``: acting and encoding
  without the GIL) and the rest (Python, holding the GIL), and the bound that split puts on two threads;
- every row above: each driver once per round, ``--rounds`` rounds interleaved, best of each;
- ``simulate_sharded`` with the random agents, K = 1 (this process) and K = 2 (two local processes): K = 1 and
  K = 2 interleaved for ``--rounds`` rounds, best of each, so a burst of other work on the shared machine hits
  both alike; with each worker's CPU time per hand.  The hand count is calibrated so that K = 1 takes about
  ``--seconds`` x 2.

The targets (issues 8 and 13): a batch of 1,024 costs <= 0.3x per decision what single games + obs cost; two
threads >= 1.7x one; two workers >= 1.7x one.  "cores used" = CPU time / wall time of the run.

``benchmarks/scaling.py`` calls :func:`batch_rows` and :func:`simulate_rate`.
"""

from __future__ import annotations

import argparse
import os
import resource
import threading
import time
from typing import Any

RULES = "guobiao"
#: GameBatch steps taken before a batch is measured
WARM_STEPS = 200
#: the other rule sets the compiled loop plays, measured at one batch size
OTHER_RULES = ("guobiao", "sichuan", "common", "wuhu-2468")
OTHER_N = 256
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


def single_games(seconds: float, obs: str = "none", engine: str = "auto", rules: str = RULES) -> float:
    """Decisions per CPU-second of single games through the step API (first legal action); ``obs``: "none",
    "array" (the seat's obs_v1 array, ``observation_array``) or "dict" (``Game.observe``); ``engine``: Game's."""
    from mahjong.game import Game
    from mahjong.rl.view import observation_array

    decisions = salt = 0
    t0 = time.process_time()
    while time.process_time() - t0 < seconds:
        g = Game(rules, seed=1, salt=salt, engine=engine)
        salt += 1
        while not g.done:
            for s in g.pending:
                mask = g.action_mask(s)
                if obs == "array":
                    observation_array(g, s)
                elif obs == "dict":
                    g.observe(s)
                g.act(s, mask.index(1))
                decisions += 1
    return decisions / (time.process_time() - t0)


def _drive(batch: Any, seconds: float, out: list[tuple[int, float, float]]) -> None:
    decisions = 0
    t0, c0, in_c = time.perf_counter(), time.thread_time(), batch.c_seconds
    while time.perf_counter() - t0 < seconds:
        o = batch.observe()
        batch.step(o.mask.argmax(axis=1))
        decisions += len(o)
    out.append((decisions, time.thread_time() - c0, batch.c_seconds - in_c))


def batch_rate(n: int, seconds: float, threads: int, rules: str = RULES) -> tuple[float, float, float, float]:
    """(decisions/s over all threads, cores used, the compiled loop's share of the threads' CPU time, CPU
    microseconds per decision) of ``threads`` batches of ``n`` games, one per thread."""
    from mahjong.rl import GameBatch

    batches = [GameBatch(n, rules=rules, seed=10 + k, keep_logs=False) for k in range(threads)]
    for b in batches:  # to the steady state: every game's hand at its own age (a hand is 100-200 decisions),
        for _ in range(WARM_STEPS):  # as in a long run, not all of them fresh (scoring and wins come late)
            b.step(b.observe().mask.argmax(axis=1))
    counts: list[tuple[int, float, float]] = []
    workers = [threading.Thread(target=_drive, args=(b, seconds, counts)) for b in batches]
    t0, c0 = time.perf_counter(), _cpu()
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    wall = time.perf_counter() - t0
    decisions = sum(c[0] for c in counts)
    cpu = sum(c[1] for c in counts)
    return decisions / wall, (_cpu() - c0) / wall, sum(c[2] for c in counts) / cpu, 1e6 * cpu / decisions


def batch_rows(n: int, threads: int, seconds: float) -> float:
    """Decisions/s (wall) of ``threads`` GameBatches of ``n`` Guobiao games, one per thread, for ``seconds``."""
    return batch_rate(n, seconds, threads)[0]


def simulate_run(workers: int, hands: int) -> tuple[float, float, float, list[float]]:
    """(hands/s, cores used, the workers' CPU microseconds per hand, each shard's CPU seconds) of
    ``simulate_sharded`` with the random agents on ``workers`` local processes (1: this process)."""
    from mahjong.scale.simulate import simulate_sharded

    t0, c0 = time.perf_counter(), _cpu(children=True)
    _, tally = simulate_sharded(RULES, hands, 3, "random", workers=workers)
    wall = time.perf_counter() - t0
    return hands / wall, (_cpu(children=True) - c0) / wall, 1e6 * tally.cpu_seconds / hands, tally.shard_cpu


def simulate_rate(workers: int, hands: int) -> float:
    """Hands/s of ``simulate --agent random`` (Guobiao, seed 3) with ``hands`` hands on ``workers`` processes."""
    return simulate_run(workers, hands)[0]


def simulate_rates(seconds: float, rounds: int) -> tuple[int, list[tuple[float, float, float, list[float]]],
                                                         list[tuple[float, float, float, list[float]]]]:
    """(hands, [(hands/s, cores used, CPU µs per hand)] for K = 1, the same for K = 2), interleaved rounds."""
    from mahjong.scale.simulate import simulate_sharded

    t0 = time.perf_counter()
    simulate_sharded(RULES, 400, 3, "random", workers=1)  # calibration (and warm caches, as a long run has)
    per_hand = (time.perf_counter() - t0) / 400
    hands = max(200, int(2 * seconds / per_hand))
    runs: dict[int, list[tuple[float, float, float, list[float]]]] = {1: [], 2: []}
    for _ in range(rounds):
        for k in (1, 2):
            runs[k].append(simulate_run(k, hands))
    return hands, runs[1], runs[2]


def rows(seconds: float = 1.0, rounds: int = 3) -> str:
    """The markdown section (measured now)."""
    import platform

    import mahjong

    # every driver measured once per round, rounds interleaved, best of each: the shared machine's load moves
    best: dict[str, tuple[float, ...]] = {}

    def keep(key: str, *values: float) -> None:
        if key not in best or values[0] > best[key][0]:
            best[key] = values

    singles = [("core plain", "none", "auto"), ("core array", "array", "auto"), ("core dict", "dict", "auto"),
               ("py plain", "none", "python"), ("py array", "array", "python")]
    load0 = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    for _ in range(rounds):
        for key, obs, engine in singles:
            keep(key, single_games(seconds, obs, engine))
        for n in (1, 64, 1024):
            for threads in (1, 2):
                keep(f"{n}/{threads}", *batch_rate(n, seconds, threads))
        for rules in OTHER_RULES:
            keep(f"{rules} single", single_games(seconds, "array", "auto", rules))
            keep(f"{rules} batch", *batch_rate(OTHER_N, seconds, 1, rules))
    with_obs = max(best["core array"][0], best["py array"][0])  # the ratios: against the faster single + obs
    lines = [
        HEADER,
        "",
        "Command: `python benchmarks/bench_game.py` (these rows come last; alone: `python benchmarks/_batch_rows.py"
        f" --seconds {seconds:g} --rounds {rounds}`).  {RULES}, backend {mahjong.BACKEND}, Python "
        f"{platform.python_version()}, {os.cpu_count()} cores shared with other work, "
        f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, load average at start {load0}.",
        "",
        "Single games (decisions per CPU-second of this process, best of the rounds):",
        "",
        "| driver | decisions/s | cost per decision vs the faster single game + obs_v1 |",
        "| --- | ---: | ---: |",
    ]
    names = {"core plain": "`Game` (on the compiled core), step API (mask + act)",
             "core array": "`Game` (on the core), step API + obs_v1 array (`observation_array`)",
             "core dict": "`Game` (on the core), step API + observation dict (`Game.observe`)",
             "py plain": "`Game(engine=\"python\")`, step API",
             "py array": "`Game(engine=\"python\")`, step API + obs_v1 (`encode(view_of(...))`)"}
    for key, _, _ in singles:
        lines.append(f"| {names[key]} | {best[key][0]:,.0f} | {with_obs / best[key][0]:.2f} |")
    lines += [
        "",
        "GameBatch (decisions/s of wall time; each thread's CPU time split between the compiled loop and Python):",
        "",
        "| driver | decisions/s | cost per decision vs the single game + obs_v1 (target <= 0.3 at n = 1024) | "
        "two threads / one (target >= 1.7) | cores used | CPU µs per decision | compiled loop's share of the CPU "
        "time | bound on two threads (Python serialised) |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for n in (1, 64, 1024):
        (one, cores1, share1, us1), (two, cores2, share2, us2) = best[f"{n}/1"], best[f"{n}/2"]
        cost1 = 1e6 / with_obs
        for label, rate, cores, share, us, ratio in (("one thread", one, cores1, share1, us1, ""),
                                                     ("two threads (two batches)", two, cores2, share2, us2,
                                                      f"{two / one:.2f}x")):
            lines.append(f"| GameBatch n = {n}, {label} | {rate:,.0f} | {us / cost1:.2f} | {ratio} | {cores:.2f} | "
                         f"{us:.1f} | {share:.0%} | {2 / (2 - share):.2f}x |")
    lines += [
        "",
        f"The rule sets the compiled loop plays, one batch of n = {OTHER_N} in one thread against the same rule set's "
        "single game (`Game` on the core, step API + obs_v1 array), best of the rounds:",
        "",
        "| rule set | single game + obs_v1, CPU µs per decision | GameBatch, CPU µs per decision | batch / single | "
        "compiled loop's share of the CPU time |",
        "| --- | ---: | ---: | ---: | ---: |",
    ]
    for rules in OTHER_RULES:
        single_us = 1e6 / best[f"{rules} single"][0]
        _, _, share, us = best[f"{rules} batch"]
        lines.append(f"| {rules} | {single_us:.1f} | {us:.1f} | {us / single_us:.2f} | {share:.0%} |")
    hands, k1, k2 = simulate_rates(seconds, rounds)
    b1, b2 = max(k1), max(k2)
    each = "; ".join(f"{a[0]:,.0f} / {b[0]:,.0f}" for a, b in zip(k1, k2))
    per_hand = "; ".join(f"{a[2]:.0f} / {b[2]:.0f}" for a, b in zip(k1, k2))
    lines += [
        "",
        f"| simulate, random agents, {hands} hands, best of {rounds} interleaved rounds | hands/s | two / one "
        "(target >= 1.7) | cores used | workers' CPU µs per hand |",
        "| --- | ---: | ---: | ---: | ---: |",
        f"| K = 1 (this process) | {b1[0]:,.0f} | | {b1[1]:.2f} | {b1[2]:.0f} |",
        f"| K = 2 (two local processes) | {b2[0]:,.0f} | {b2[0] / b1[0]:.2f}x | {b2[1]:.2f} | {b2[2]:.0f} |",
        "",
        f"Each round's hands/s, K = 1 / K = 2: {each}; the workers' CPU µs per hand: {per_hand}.  Load average "
        f"at the end {', '.join(f'{x:.2f}' for x in os.getloadavg())}.",
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
