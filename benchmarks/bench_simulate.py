"""``mahjong simulate --agent random`` for every rule set ``mahjong rules`` lists, as the command reports it.

    python benchmarks/bench_simulate.py [--hands 20000] [--engine-hands 2000] [--seed 1] [--write]

Each rule set runs in a fresh process — the installed command itself, ``mahjong simulate --rules NAME --agent
random --hands N --json --no-progress`` — so every figure includes what a user's run pays: the lazily filled
kernel tables, the first hands of each pattern.  The rate is the command's own report: hands per CPU-second of
the process while it plays (``hands_per_cpu_second``: ``time.process_time``, the table of the rule set made
before the clock starts), beside its hands per second of wall time.  Rule sets the compiled hand core does not
play yet run on the Python engine, ~100x slower: they play ``--engine-hands`` hands (the rate does not depend
on the count there).  Target: 25,000 hands per CPU-second.

The machine is shared: the load average is printed beside the table; CPU time is the figure to read.
``--write`` replaces the "simulate" section of benchmarks/RESULTS.md.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
SECTION = "## mahjong simulate, every rule set (bench_simulate.py)"
TARGET = 25_000


def run(rules: str, hands: int, seed: int) -> dict[str, object]:
    cmd = [sys.executable, "-m", "mahjong", "simulate", "--rules", rules, "--agent", "random", "--hands", str(hands),
           "--seed", str(seed), "--json", "--no-progress"]
    out = subprocess.run(cmd, capture_output=True, text=True, check=True)
    return json.loads(out.stdout)  # type: ignore[no-any-return]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=20_000)
    ap.add_argument("--engine-hands", type=int, default=2_000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--write", action="store_true", help="replace the section in benchmarks/RESULTS.md")
    args = ap.parse_args()

    import mahjong
    from mahjong.game.core import RandomTable

    load_before = os.getloadavg()
    rows = []
    for name, _ in mahjong.list_rulesets():
        on_core = RandomTable(name).on_core
        n = args.hands if on_core else args.engine_hands
        stats = run(name, n, args.seed)
        rate = float(stats["hands_per_cpu_second"])  # type: ignore[arg-type]
        rows.append((name, on_core, n, float(stats["hands_per_second"]), rate))  # type: ignore[arg-type]
        print(f"{name:18} {'core' if on_core else 'engine':6} {n:>6} hands  {rows[-1][3]:>9,.0f} hands/s  "
              f"{rate:>9,.0f} hands per CPU-second", file=sys.stderr)
    load_after = os.getloadavg()
    lines = [
        SECTION,
        "",
        f"Command: `python benchmarks/bench_simulate.py --hands {args.hands} --engine-hands {args.engine_hands} "
        f"--seed {args.seed} --write`",
        "",
        f"Date: {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}.  Backend {mahjong.BACKEND}, Python "
        f"{platform.python_version()}.  Each row: `mahjong simulate --rules NAME --agent random --hands N --seed "
        f"{args.seed} --json --no-progress` in a fresh process, the rate as the command reports it (hands per "
        "CPU-second of the process while it plays: lazily filled tables included, the rule set's table made before "
        "the clock starts).  Load average "
        + ", ".join(f"{x:.2f}" for x in load_before) + " at the start, "
        + ", ".join(f"{x:.2f}" for x in load_after) + " at the end (2 cores shared with other work).",
        "",
        f"| rule set | plays on | hands | hands/s (wall) | hands per CPU-second | vs target {TARGET:,} |",
        "|---|---|---:|---:|---:|---:|",
    ]
    for name, on_core, n, wall, cpu in rows:
        lines.append(f"| {name} | {'compiled core' if on_core else 'Python engine'} | {n:,} | {wall:,.0f} | "
                     f"{cpu:,.0f} | **{cpu / TARGET:.2f}x** |")
    lines.append("")
    report = "\n".join(lines)
    print(report)
    if args.write:
        path = os.path.join(HERE, "RESULTS.md")
        old = open(path, encoding="utf-8").read()
        notes = ""
        if SECTION in old:
            start = old.index(SECTION)
            end = old.find("\n## ", start + len(SECTION))
            end = len(old) if end == -1 else end + 1
            mark = old.find("\nNotes:", start, end)
            if mark != -1:  # (the hand-written notes below the table are kept)
                notes = old[mark + 1:end].rstrip("\n") + "\n"
            new = old[:start] + report + ("\n" + notes if notes else "") + ("\n" + old[end:] if end < len(old) else "")
        else:
            new = old.rstrip("\n") + "\n\n" + report
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(new.rstrip("\n") + "\n")


if __name__ == "__main__":
    main()
