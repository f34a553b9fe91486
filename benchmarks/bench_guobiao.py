"""Guobiao scorer vs pymahjonggb, side by side in one run on the same seeded winning hands.

    python benchmarks/bench_guobiao.py [--hands N] [--seed S] [--repeat R] [--no-write]

The hands come from the differential test's generator (tests/guobiao/gb_support.py: every shape — mixed melds,
flushes with overlapping chows, seven pairs, knitted hands, 组合龙 + meld, honor-heavy hands, kongs, thirteen
orphans, nine gates — with random win flags and flowers).  Timed per hand from Python:

* ours (text): ``Guobiao().score("<notation>", context)`` — parsing included, as a user calls it;
* ours (Hand): the same with the hand already parsed (a ``mahjong.hand.Hand``);
* ours through the package's one-liner: ``mahjong.score("<notation>", context, rules="guobiao")``;
* ours batch: ``Guobiao().score_records(records)`` on the hands packed beforehand (``Guobiao.pack``), and
  ``Guobiao().score_batch(texts, contexts)`` from the texts, a chunk of hands per call;
* pymahjonggb at its fastest: ``MahjongFanCalculator(pack, hand, winTile, ...)`` called with POSITIONAL
  arguments, built beforehand (keyword arguments cost it 15-30 %: a benchmark that used them would flatter us;
  the keyword call is timed too, for the record).

A first pass over every hand (ours from text, then the reference), timed before anything else runs, shows the
cold cost: the core's per-suit tables and the Guobiao kernel's per-suit readings fill as patterns are first met.

The five are timed interleaved, chunk by chunk (``--chunk`` hands: ours from text, ours from a Hand, the
reference, the two batches, then the next chunk), in process CPU time (``time.process_time``); each chunk's time is the best of
``--repeat`` passes, and a scorer's time is the sum over the chunks.  Interleaving puts them all under the same
load, so on a shared machine the ratio stays meaningful even when the absolute numbers drift.  The result is printed and written as the
"Guobiao scorer" section of benchmarks/RESULTS.md (only that section is replaced; other sections are kept).
Only the generated part (command, tables) is rewritten: the hand-written notes below the tables (from
"Where the time goes") are kept as they stand in RESULTS.md, so whoever measures next edits them there;
``NOTES`` here is only the starting text for a file that has none.
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

#: marks the start of the hand-written notes in the section (kept on --write)
NOTES_MARK = "Where the time goes"
#: starting notes for a RESULTS.md without them; once written, the notes live (and are edited) in RESULTS.md
NOTES = """\
Where the time goes: (profile the parts of the score path — the kernel call, the hand and flag checks, the
record, the result — each alone in a loop on these hands, and write here what is left and what it would take.)
"""


def interleaved(runs, n: int, chunk: int, repeat: int) -> list[float]:
    """Total time of each ``run(lo, hi)`` over hands 0..n, chunk by chunk, the runs alternating within a chunk;
    each chunk's time is the best of ``repeat`` passes."""
    starts = range(0, n, chunk)
    best = [[float("inf")] * len(starts) for _ in runs]
    for _ in range(repeat):
        for c, lo in enumerate(starts):
            hi = min(n, lo + chunk)
            for r, run in enumerate(runs):
                t0 = time.process_time()
                run(lo, hi)
                best[r][c] = min(best[r][c], time.process_time() - t0)
    return [sum(b) for b in best]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=10000)
    ap.add_argument("--seed", type=int, default=20261130)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--chunk", type=int, default=250, help="hands per interleaved timing chunk")
    ap.add_argument("--no-write", action="store_true", help="print only, do not update RESULTS.md")
    args = ap.parse_args()

    import mahjong
    from MahjongGB import MahjongFanCalculator

    from mahjong.hand import parse_hand
    from mahjong.rulesets.guobiao import RECORD_SIZE, Guobiao
    from mahjong.rulesets.guobiao.ruleset import _COMPILED

    compiled = _COMPILED

    hands = HandGenerator(args.seed).hands(args.hands)
    texts = [h.notation() for h in hands]
    parsed = [parse_hand(t) for t in texts]
    contexts = [make_context(**h.context_kwargs()) for h in hands]
    ref_args = [h.ref_args() for h in hands]
    # (the reference's own parameter order: pack, hand, winTile, flowerCount, isSelfDrawn, is4thTile, isAboutKong,
    # isWallLast, seatWind, prevalentWind)
    order = ("pack", "hand", "winTile", "flowerCount", "isSelfDrawn", "is4thTile", "isAboutKong", "isWallLast",
             "seatWind", "prevalentWind")
    ref_pos = [tuple(ra[k] for k in order) for ra in ref_args]
    g = Guobiao()

    # the first pass in this process, caches cold (the core's per-suit tables, the kernel's per-suit readings,
    # the meld texts): ours from text, then the reference, each over every hand once
    t0 = time.process_time()
    ours_first = [g.score(text, ctx) for text, ctx in zip(texts, contexts)]
    t1 = time.process_time()
    ref_first = [MahjongFanCalculator(*ra) for ra in ref_pos]
    t2 = time.process_time()
    t_cold, t_ref_cold = t1 - t0, t2 - t1

    # agreement on this very sample (a benchmark of a wrong answer would mean nothing)
    mismatches = sum(1 for r, ref in zip(ours_first, ref_first) if r.total != sum(v for v, _ in ref))

    records = b"".join(g.pack(text, ctx) for text, ctx in zip(texts, contexts))
    rec_view = memoryview(records)
    batch = g.score_batch(texts, contexts)  # (imports numpy once, outside the timing)
    mismatches += sum(1 for r, t in zip(ours_first, batch.totals.tolist()) if r.total != t)

    def run_text(lo: int, hi: int) -> None:
        for i in range(lo, hi):
            g.score(texts[i], contexts[i])

    def run_hand(lo: int, hi: int) -> None:
        for i in range(lo, hi):
            g.score(parsed[i], contexts[i])

    def run_ref(lo: int, hi: int) -> None:
        for i in range(lo, hi):
            MahjongFanCalculator(*ref_pos[i])

    def run_ref_keywords(lo: int, hi: int) -> None:
        for i in range(lo, hi):
            MahjongFanCalculator(**ref_args[i])

    score = mahjong.score

    def run_score(lo: int, hi: int) -> None:
        for i in range(lo, hi):
            score(texts[i], contexts[i], rules="guobiao")

    def run_records(lo: int, hi: int) -> None:
        g.score_records(rec_view[lo * RECORD_SIZE:hi * RECORD_SIZE])

    def run_batch(lo: int, hi: int) -> None:
        g.score_batch(texts[lo:hi], contexts[lo:hi])

    t_text, t_hand, t_ref, t_records, t_batch, t_score, t_ref_kw = interleaved(
        [run_text, run_hand, run_ref, run_records, run_batch, run_score, run_ref_keywords], len(hands), args.chunk,
        args.repeat)

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
            MahjongFanCalculator(*ref_pos[i])
        t2 = time.process_time()
        shape_rows.append((shape, len(idx), (t1 - t0) / len(idx) * 1e6, (t2 - t1) / len(idx) * 1e6))

    n = len(hands)
    us = lambda t: t / n * 1e6  # noqa: E731
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    lines = [
        SECTION,
        "",
        f"Command: `python benchmarks/bench_guobiao.py --hands {args.hands} --seed {args.seed} --repeat {args.repeat} "
        f"--chunk {args.chunk}`",
        "",
        f"{n} seeded winning hands of every shape (tests/guobiao/gb_support.py generator), one run, the seven "
        f"runs interleaved in chunks of {args.chunk} hands, each chunk the best of {args.repeat} passes; "
        f"Guobiao fan kernel {'compiled' if compiled else 'pure Python'}; mahjong backend `{mahjong.BACKEND}`, Python {platform.python_version()}, "
        f"{platform.machine()}; date {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}.  Process CPU time; the "
        f"machine is shared with other jobs (load average {load} at the end), so absolute numbers are noisy; "
        "the ratio is what to read.  Totals "
        "differing from the "
        f"reference on this sample: {mismatches}.",
        "",
        "| scorer | µs / hand | ratio vs pymahjonggb | target |",
        "|---|---:|---:|---|",
        f"| pymahjonggb `MahjongFanCalculator(*args)` (positional, args pre-built: its fastest) | {us(t_ref):.1f} | "
        "1.00× | |",
        f"| pymahjonggb `MahjongFanCalculator(**kwargs)` (keywords: not the anchor) | {us(t_ref_kw):.1f} | "
        f"{t_ref_kw / t_ref:.2f}× | |",
        f"| ours `Guobiao().score(Hand, ctx)` | {us(t_hand):.1f} | **{t_hand / t_ref:.2f}×** | ≤ 1.0 (stretch 0.6) |",
        f"| ours `Guobiao().score(str, ctx)` (parsing included) | {us(t_text):.1f} | **{t_text / t_ref:.2f}×** | "
        "≤ 1.0 |",
        f"| ours `mahjong.score(str, ctx, rules=\"guobiao\")` | {us(t_score):.1f} | **{t_score / t_ref:.2f}×** | "
        "≤ 1.0 |",
        f"| ours batch `score_records(records)` (packed beforehand, {args.chunk} per call) | {us(t_records):.1f} | "
        f"{t_records / t_ref:.2f}× | |",
        f"| ours batch `score_batch(texts, contexts)` (packing included, {args.chunk} per call) | {us(t_batch):.1f} | "
        f"{t_batch / t_ref:.2f}× | |",
        f"| first pass in the process, caches cold: ours from text vs the reference's first pass | {us(t_cold):.1f} | "
        f"{t_cold / t_ref_cold:.2f}× | |",
        "",
        "Per shape (one pass, µs / hand):",
        "",
        "| shape | hands | ours (Hand) | pymahjonggb | ratio |",
        "|---|---:|---:|---:|---:|",
        *[f"| {s} | {k} | {a:.1f} | {b:.1f} | {a / b:.2f}× |" for s, k, a, b in shape_rows],
        "",
    ]
    path = os.path.join(HERE, "RESULTS.md")
    old = open(path, encoding="utf-8").read() if os.path.exists(path) else "# Benchmark results\n\n"
    notes = NOTES
    start = end = -1
    if SECTION in old:
        start = old.index(SECTION)
        end = old.find("\n## ", start + len(SECTION))
        end = len(old) if end == -1 else end + 1
        mark = old.find(NOTES_MARK, start, end)
        if mark != -1:  # the notes as they stand in RESULTS.md, not this file's starting text
            notes = old[mark:end].rstrip("\n") + "\n"
    report = "\n".join(lines + [notes])
    print(report)
    if not args.no_write:
        if start != -1:
            # the section is replaced where it stands; the sections before and after it are kept in place
            new = old[:start] + report.rstrip("\n") + "\n" + ("\n" + old[end:] if end < len(old) else "")
        else:
            new = old.rstrip("\n") + "\n\n" + report
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(new.lstrip("\n").rstrip("\n") + "\n")


if __name__ == "__main__":
    main()
