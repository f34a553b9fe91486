"""The fuzz runner: seeded hostile inputs over every public entry point, in a child process that may crash.

    python tests/fuzz/run.py --inputs 1000000 --seed 1 [--json out.json]     # the large run
    python tests/fuzz/run.py --inputs 8000 --seed 7 --cli-every 0            # the suite's run (tests/test_fuzz.py)
    python tests/fuzz/run.py --seconds 40 --seed 7                           # a time budget instead

Input ``i`` is drawn from ``random.Random(f"{seed}:{i}")`` alone, so any finding is reproduced with
``--replay i --seed S``.  The parent process starts a child that runs inputs in order and records the index of
the input it is about to run in a shared file; when the child dies (a segfault, an abort) or stops moving (an
input that never returns), the parent records that input as a crash or a hang and starts a new child after it.

Accepted outcomes: a return, or a ``mahjong.MahjongError``, within ``--limit`` seconds (1 s) of CPU time (the
command line: of wall time).  Counted:
crashes, hangs, foreign exceptions (anything else; by entry point and exception type, with the first few
inputs), inputs over the limit, mismatches (batch vs single, two threads vs one, round trips) and non-zero-sum
payments, and the peak memory (max RSS) of the children.  Exit status 0 only when all of these are 0.
Set ``MAHJONG_PURE_PYTHON=1`` to run it on the pure-Python backend.
"""

from __future__ import annotations

import argparse
import json
import mmap
import os
import random
import resource
import struct
import subprocess
import sys
import tempfile
import time
import traceback
from collections import Counter
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")


def _pick(rows: list[Any], total: float, r: random.Random) -> Any:
    x = r.random() * total
    for row in rows:
        x -= row.weight
        if x < 0:
            return row
    return rows[-1]


def run_one(i: int, seed: int, rows: list[Any], total: float, slow: list[Any], cli_every: int) -> tuple[str, Any]:
    """(entry name, outcome) of input i: outcome is 'ok', 'error' (ours), or an exception object."""
    from entry_points import CliFailure, Mismatch, NotZeroSum
    from hostile import Gen

    import mahjong

    r = random.Random(f"{seed}:{i}")
    row = slow[0] if (cli_every > 0 and i % cli_every == cli_every // 2) else _pick(rows, total, r)
    try:
        row.call(Gen(r))
        return row.name, "ok"
    except mahjong.MahjongError:
        return row.name, "error"
    except NotZeroSum as e:
        return row.name, ("not-zero-sum", e)
    except Mismatch as e:
        return row.name, ("mismatch", e)
    except CliFailure as e:
        return row.name, ("foreign", e)
    except Exception as e:  # noqa: BLE001 — exactly what the suite looks for
        return row.name, ("foreign", e)


def child(args: argparse.Namespace) -> int:
    """Run inputs [start, stop) and write the tallies as JSON; the progress file holds the current index."""
    import warnings

    warnings.simplefilter("ignore")  # numpy casts of hostile values warn; the outcome is what counts
    from entry_points import SLOW_ENTRIES, entries

    rows = entries()
    total = sum(r.weight for r in rows)
    fd = os.open(args.progress, os.O_RDWR)
    progress = mmap.mmap(fd, 8)
    tallies: Counter[str] = Counter()
    per_entry: Counter[str] = Counter()
    findings: list[dict[str, Any]] = []
    slow_inputs: list[dict[str, Any]] = []
    by_kind: Counter[str] = Counter()
    deadline = time.monotonic() + args.seconds if args.seconds else None
    i = args.start
    while i < args.stop and (deadline is None or time.monotonic() < deadline):
        progress[:8] = struct.pack("<q", i)
        t0, c0 = time.perf_counter(), time.process_time()
        name, outcome = run_one(i, args.seed, rows, total, SLOW_ENTRIES, args.cli_every)
        wall, cpu = time.perf_counter() - t0, time.process_time() - c0
        per_entry[name] += 1
        limit = args.limit * (20 if name == "cli" else 1)  # a subprocess start is not our code's time
        # The limit is on the CPU time this process spent on the input (all its threads): on a shared machine
        # the wall time also counts the time other jobs held the cores (inputs of 0.1 s CPU measured 1-2 s of
        # wall at load 10).  The command line runs in a child process, so it is judged by its wall time; an
        # input that never returns is caught as a hang by the parent, whatever the clock.
        dt = wall if name == "cli" else cpu
        if dt > limit:
            # the pure-Python twin of the kernels is the reference, not the fast path: counted on its own
            kind = "reference_over_limit" if name.endswith("[reference]") else "over_limit"
            tallies[kind] += 1
            slow_inputs.append({"input": i, "entry": name, "seconds": round(dt, 3), "wall": round(wall, 3)})
        if isinstance(outcome, tuple):
            kind, exc = outcome
            tallies[kind] += 1
            by_kind[f"{kind}: {name.split('[')[0]}: {type(exc).__name__}"] += 1
            if len(findings) < 200:
                findings.append({"input": i, "entry": name, "kind": kind, "type": type(exc).__name__,
                                 "message": str(exc)[:500],
                                 "where": "".join(traceback.format_tb(exc.__traceback__)[-2:])[-800:]})
        else:
            tallies[outcome] += 1
        i += 1
    progress[:8] = struct.pack("<q", i)
    out = {"next": i, "tallies": tallies, "per_entry": per_entry, "findings": findings, "slow": slow_inputs,
           "by_kind": by_kind,
           "max_rss_kb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss}
    Path(args.out).write_text(json.dumps(out))
    return 0


def parent(args: argparse.Namespace) -> int:
    stop = args.inputs if args.inputs else 1 << 62
    started = time.monotonic()
    deadline = started + args.seconds if args.seconds else None
    tallies: Counter[str] = Counter()
    per_entry: Counter[str] = Counter()
    findings: list[dict[str, Any]] = []
    slow_inputs: list[dict[str, Any]] = []
    by_kind: Counter[str] = Counter()
    max_rss = 0
    start = 0
    with tempfile.TemporaryDirectory() as tmp:
        progress = Path(tmp) / "progress"
        out = Path(tmp) / "out.json"
        while start < stop:
            left = None if deadline is None else deadline - time.monotonic()
            if left is not None and left <= 0:
                break
            progress.write_bytes(struct.pack("<q", start))
            out.unlink(missing_ok=True)
            cmd = [sys.executable, __file__, "--child", "--start", str(start), "--stop", str(stop),
                   "--seed", str(args.seed), "--progress", str(progress), "--out", str(out),
                   "--limit", str(args.limit), "--cli-every", str(args.cli_every),
                   "--seconds", str(left or 0)]
            proc = subprocess.Popen(cmd)
            last, last_move = start, time.monotonic()
            while proc.poll() is None:
                time.sleep(0.5)
                now_at = struct.unpack("<q", progress.read_bytes()[:8])[0]
                if now_at != last:
                    last, last_move = now_at, time.monotonic()
                elif time.monotonic() - last_move > args.hang:
                    proc.kill()
                    proc.wait()
                    break
            at = struct.unpack("<q", progress.read_bytes()[:8])[0]
            if proc.returncode == 0 and out.exists():
                data = json.loads(out.read_text())
                tallies.update(data["tallies"])
                per_entry.update(data["per_entry"])
                by_kind.update(data["by_kind"])
                findings += data["findings"]
                slow_inputs += data["slow"]
                max_rss = max(max_rss, data["max_rss_kb"])
                start = data["next"]
                if start < stop and (deadline is None or time.monotonic() < deadline):
                    continue
                break
            # the child died or hung on input `at`: record it, go on after it
            kind = "hang" if proc.returncode == -9 else "crash"
            tallies[kind] += 1
            findings.append({"input": at, "kind": kind, "returncode": proc.returncode})
            print(f"fuzz: {kind} at input {at} (exit {proc.returncode}); replay with --replay {at} "
                  f"--seed {args.seed}", file=sys.stderr)
            max_rss = max(max_rss, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
            start = at + 1
    elapsed = time.monotonic() - started
    inputs = sum(per_entry.values()) + tallies["crash"] + tallies["hang"]
    bad_kinds = ("crash", "hang", "foreign", "over_limit", "mismatch", "not-zero-sum")
    report = {
        "inputs": inputs,
        "seconds": round(elapsed, 1),
        "seed": args.seed,
        "backend": "python" if os.environ.get("MAHJONG_PURE_PYTHON") == "1" else "cython",
        "accepted_results": tallies["ok"],
        "our_errors": tallies["error"],
        **{k.replace("-", "_"): tallies[k] for k in bad_kinds},
        "reference_kernel_inputs_over_limit": tallies["reference_over_limit"],
        "peak_memory_mb": round(max_rss / 1024, 1),
        "entry_points": len(per_entry),
        "problems_by_kind": dict(by_kind.most_common()),
        "per_entry": dict(sorted(per_entry.items())),
        "findings": findings[:50],
        "slow": slow_inputs[:20],
    }
    summary = {k: v for k, v in report.items() if k not in ("per_entry", "findings", "slow", "problems_by_kind")}
    summary["problems_by_kind"] = dict(by_kind.most_common(15))
    print(json.dumps(summary, indent=1))
    for f in findings[:10]:
        print(json.dumps(f)[:1200], file=sys.stderr)
    if args.json:
        Path(args.json).write_text(json.dumps(report, indent=1))
    return 0 if all(tallies[k] == 0 for k in bad_kinds) else 1


def replay(args: argparse.Namespace) -> int:
    from entry_points import SLOW_ENTRIES, entries

    rows = entries()
    total = sum(r.weight for r in rows)
    name, outcome = run_one(args.replay, args.seed, rows, total, SLOW_ENTRIES, args.cli_every)
    print(name, outcome)
    if isinstance(outcome, tuple):
        raise outcome[1]
    return 0


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--inputs", type=int, default=0, help="stop after this many inputs (0 = no limit)")
    p.add_argument("--seconds", type=float, default=0, help="stop after this long (0 = no limit)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--limit", type=float, default=1.0, help="seconds one input may take")
    p.add_argument("--hang", type=float, default=30.0, help="seconds without progress that count as a hang")
    p.add_argument("--cli-every", type=int, default=5000, help="one command-line call per this many inputs")
    p.add_argument("--json", help="write the full report here")
    p.add_argument("--replay", type=int, help="run one input again, in this process, and show its outcome")
    p.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    p.add_argument("--start", type=int, default=0, help=argparse.SUPPRESS)
    p.add_argument("--stop", type=int, default=0, help=argparse.SUPPRESS)
    p.add_argument("--progress", help=argparse.SUPPRESS)
    p.add_argument("--out", help=argparse.SUPPRESS)
    args = p.parse_args()
    if not args.inputs and not args.seconds and args.replay is None and not args.child:
        p.error("give --inputs and/or --seconds")
    if args.replay is not None:
        return replay(args)
    if args.child:
        return child(args)
    return parent(args)


if __name__ == "__main__":
    sys.exit(main())
