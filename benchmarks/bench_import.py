"""How long ``import mahjong`` takes in a fresh interpreter (the issue's budget: under 0.3 s).

    python benchmarks/bench_import.py [--runs 15] [--write benchmarks/RESULTS.md]

Each run starts a new Python process and times only the import (``time.perf_counter`` around it), so the
interpreter's own start-up is not counted.  Reports the median and the worst run; with ``--write`` replaces or
appends the "## Import time" section of RESULTS.md, leaving the other sections as they are.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time

SNIPPET = "import time; t = time.perf_counter(); import mahjong; print(time.perf_counter() - t, mahjong.BACKEND)"
HEADING = "## Import time (bench_import.py)"


def measure(runs: int) -> tuple[list[float], str]:
    times: list[float] = []
    backend = ""
    for _ in range(runs):
        out = subprocess.run([sys.executable, "-c", SNIPPET], capture_output=True, text=True, check=True).stdout
        seconds, backend = out.split()
        times.append(float(seconds))
    return times, backend


def section(times: list[float], backend: str, runs: int) -> str:
    return (
        f"{HEADING}\n\n"
        f"Command: `python benchmarks/bench_import.py --runs {runs} --write benchmarks/RESULTS.md`"
        f" ({time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, backend `{backend}`, Python"
        f" {sys.version.split()[0]}; {runs} fresh interpreters, the import alone timed).\n\n"
        f"| median | fastest | slowest | budget |\n|---:|---:|---:|---:|\n"
        f"| {statistics.median(times) * 1000:.0f} ms | {min(times) * 1000:.0f} ms | {max(times) * 1000:.0f} ms"
        f" | 300 ms |\n\n"
        "`import mahjong` loads the kernels (compiled module or reference), the tile and hand model, the rules\n"
        "object and the framework; rule sets are imported only when first asked for (`get_ruleset`), numpy never.\n"
        "The compiled module fills its per-suit tables lazily, so no table is built at import.\n"
    )


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=15)
    ap.add_argument("--write", help="RESULTS.md to update")
    args = ap.parse_args()
    times, backend = measure(args.runs)
    text = section(times, backend, args.runs)
    print(text)
    if args.write:
        with open(args.write, encoding="utf-8") as fh:
            old = fh.read()
        start = old.find(HEADING)
        if start == -1:
            new = old.rstrip("\n") + "\n\n" + text
        else:
            end = old.find("\n## ", start + len(HEADING))
            new = old[:start] + text + ("" if end == -1 else old[end:])
        with open(args.write, "w", encoding="utf-8") as fh:
            fh.write(new)


if __name__ == "__main__":
    main()
