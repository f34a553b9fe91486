"""Guobiao scorer vs pymahjonggb, side by side in one run on the same seeded winning hands.

    python benchmarks/bench_guobiao.py [--hands N] [--seed S] [--repeat R] [--no-write]

The hands come from the differential test's generator (tests/guobiao/gb_support.py: every shape — mixed melds,
flushes with overlapping chows, seven pairs, knitted hands, 组合龙 + meld, honor-heavy hands, kongs, thirteen
orphans, nine gates — with random win flags and flowers).  Timed per hand from Python:

* ours (text): ``Guobiao().score("<notation>", context)`` — parsing included, as a user calls it;
* ours (Hand): the same with the hand already parsed (a ``mahjong.hand.Hand``);
* pymahjonggb: ``MahjongFanCalculator(pack, hand, winTile, ...)`` with its argument tuples built beforehand.

Each timing is the best of ``--repeat`` passes over all hands, in process CPU time (``time.process_time``),
so other jobs on a shared machine disturb it less than wall-clock time.  The result is printed and written as the
"Guobiao scorer" section of benchmarks/RESULTS.md (only that section is replaced; other sections are kept).
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import time
from collections import defaultdict

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "tests", "guobiao"))

from gb_support import HandGenerator, make_context  # noqa: E402

SECTION = "## Guobiao scorer vs pymahjonggb (bench_guobiao.py)"


def best_of(fn, repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        t0 = time.process_time()
        fn()
        best = min(best, time.process_time() - t0)
    return best


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=10000)
    ap.add_argument("--seed", type=int, default=20261130)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--no-write", action="store_true", help="print only, do not update RESULTS.md")
    args = ap.parse_args()

    import mahjong
    from MahjongGB import MahjongFanCalculator

    from mahjong.hand import parse_hand
    from mahjong.rulesets.guobiao import Guobiao

    hands = HandGenerator(args.seed).hands(args.hands)
    texts = [h.notation() for h in hands]
    parsed = [parse_hand(t) for t in texts]
    contexts = [make_context(**h.context_kwargs()) for h in hands]
    ref_args = [h.ref_args() for h in hands]
    g = Guobiao()

    # agreement on this very sample (a benchmark of a wrong answer would mean nothing)
    mismatches = 0
    for h, text, ctx, ra in zip(hands, texts, contexts, ref_args):
        ref_total = sum(v for v, _ in MahjongFanCalculator(**ra))
        if g.score(text, ctx).total != ref_total:
            mismatches += 1

    def run_text() -> None:
        for text, ctx in zip(texts, contexts):
            g.score(text, ctx)

    def run_hand() -> None:
        for hand, ctx in zip(parsed, contexts):
            g.score(hand, ctx)

    def run_ref() -> None:
        for ra in ref_args:
            MahjongFanCalculator(**ra)

    t_text = best_of(run_text, args.repeat)
    t_hand = best_of(run_hand, args.repeat)
    t_ref = best_of(run_ref, args.repeat)

    # per shape (one pass each, for where the time goes)
    by_shape: dict[str, list[int]] = defaultdict(list)
    for i, h in enumerate(hands):
        by_shape[h.shape].append(i)
    shape_rows = []
    for shape, idx in sorted(by_shape.items()):
        t0 = time.process_time()
        for i in idx:
            g.score(parsed[i], contexts[i])
        t1 = time.process_time()
        for i in idx:
            MahjongFanCalculator(**ref_args[i])
        t2 = time.process_time()
        shape_rows.append((shape, len(idx), (t1 - t0) / len(idx) * 1e6, (t2 - t1) / len(idx) * 1e6))

    n = len(hands)
    us = lambda t: t / n * 1e6  # noqa: E731
    lines = [
        SECTION,
        "",
        f"Command: `python benchmarks/bench_guobiao.py --hands {args.hands} --seed {args.seed} --repeat {args.repeat}`",
        "",
        f"{n} seeded winning hands of every shape (tests/guobiao/gb_support.py generator), one run, best of "
        f"{args.repeat} passes; mahjong backend `{mahjong.BACKEND}`, Python {platform.python_version()}, "
        f"{platform.machine()}; date {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}.  Process CPU time; the "
        "machine is shared with other jobs, so absolute numbers are noisy; the ratio is what to read.  Totals "
        "differing from the "
        f"reference on this sample: {mismatches}.",
        "",
        "| scorer | µs / hand | ratio vs pymahjonggb |",
        "|---|---:|---:|",
        f"| pymahjonggb `MahjongFanCalculator` (args pre-built) | {us(t_ref):.1f} | 1.00× |",
        f"| ours `Guobiao().score(Hand, ctx)` | {us(t_hand):.1f} | {t_hand / t_ref:.2f}× |",
        f"| ours `Guobiao().score(str, ctx)` (parsing included) | {us(t_text):.1f} | {t_text / t_ref:.2f}× |",
        "",
        "Per shape (one pass, µs / hand):",
        "",
        "| shape | hands | ours (Hand) | pymahjonggb | ratio |",
        "|---|---:|---:|---:|---:|",
        *[f"| {s} | {k} | {a:.1f} | {b:.1f} | {a / b:.2f}× |" for s, k, a, b in shape_rows],
        "",
    ]
    report = "\n".join(lines)
    print(report)
    if not args.no_write:
        path = os.path.join(HERE, "RESULTS.md")
        old = open(path, encoding="utf-8").read() if os.path.exists(path) else "# Benchmark results\n\n"
        if SECTION in old:
            start = old.index(SECTION)
            nxt = old.find("\n## ", start + len(SECTION))
            old = old[:start] + (old[nxt + 1:] if nxt != -1 else "")
        new = old.rstrip("\n") + "\n\n" + report
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(new.lstrip("\n") + "\n")


if __name__ == "__main__":
    main()
