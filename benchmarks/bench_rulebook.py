"""Every regional rule set's ``score()`` on the rule book against the module it replaced, side by side in one run.

For each rule set the Python module as it was before it moved onto the rule book is read out of git (``git show
REV:python/mahjong/rulesets/NAME.py``) into a temporary directory and imported beside the installed package; both
score the same 1,000 hands in interleaved rounds and the best round's CPU time (``time.process_time``) per
``score()`` is kept.  The ratio (rule book / before) is the figure: the machine is shared, the ratio moves less.

    python benchmarks/bench_rulebook.py                      # every rule set, 1,000 hands, 5 rounds
    python benchmarks/bench_rulebook.py --sets sichuan yuhuan --rounds 3
    python benchmarks/bench_rulebook.py --write              # and write its section of benchmarks/RESULTS.md

The hands:

* Sichuan and the two-player game: the first 1,000 scored hands of
  ``tests/rulebook/data/sichuan_twoplayer_answers.json.gz`` (their option sets mixed; hands that raise left out);
* the others: the first 1,000 hands per rule set of the answers corpus ``tests/rulebook/data/ruleset_answers.json.gz``
  (each under its corpus option set; a hand that does not win counts too, its error caught; a hand whose win facts
  the rule set refuses is left out of the ``score()`` column).

Each ``score()`` is timed with its win context built beforehand; building the contexts (``Context(**facts)``) is
timed apart, and the last column is the ratio of both together.  The revisions before the moves: ``cbf1f36``
(Sichuan, the two-player game, Nanchang, Yuhuan, Jinshan, Wuhu) and ``bcb0a1c^`` (the common table, which moved
first).

This one script replaces the three of the last round (``bench_rulebook.py --before cbf1f36`` for Sichuan and the
two-player game, ``bench_rulebook_nanchang.py``, ``bench_rulebook_moves.py``, ``bench_yuhuan_book.py``), on the same
hands and revisions: their figures are this script's ``score()`` column (Sichuan, the two-player game: contexts built
before) and its last column (the others: context and score timed together).
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import platform
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "rulebook"))

import corpus_support as C  # noqa: E402
import legacy_support as L  # noqa: E402

from mahjong._kernels import BACKEND  # noqa: E402
from mahjong.errors import MahjongError  # noqa: E402
from mahjong.framework import get_ruleset  # noqa: E402

SECTION = "## Rule sets on the rule book: score() before and after (bench_rulebook.py)"


@dataclass(frozen=True)
class Case:
    """One rule set: its preset, the module before the move (path in the tree, class, git revision) and the hands
    (``legacy``: the Sichuan / two-player answers file; ``corpus``: the answers corpus)."""

    preset: str
    module: str
    cls: str
    revision: str
    hands: str


CASES = (
    Case("common", "common", "CommonTable", "bcb0a1c^", "corpus"),
    Case("twoplayer", "twoplayer", "TwoPlayer", "cbf1f36", "legacy"),
    Case("sichuan", "sichuan", "Sichuan", "cbf1f36", "legacy"),
    Case("nanchang", "nanchang", "Nanchang", "cbf1f36", "corpus"),
    Case("yuhuan", "yuhuan", "Yuhuan", "cbf1f36", "corpus"),
    Case("jinshan", "jinshan", "Jinshan", "cbf1f36", "corpus"),
    Case("wuhu-2468", "wuhu", "Wuhu2468", "cbf1f36", "corpus"),
    Case("wuhu-1234", "wuhu", "Wuhu1234", "cbf1f36", "corpus"),
)


def old_module(module: str, revision: str, where: Path) -> Any:
    """The rule-set module ``module`` as it was at ``revision``, imported under a name of its own."""
    text = subprocess.run(["git", "-C", str(ROOT), "show", f"{revision}:python/mahjong/rulesets/{module}.py"],
                          check=True, capture_output=True, text=True).stdout
    name = f"before_{module}_{revision.replace('^', '_parent')}"
    if name in sys.modules:
        return sys.modules[name]
    path = where / f"{name}.py"
    path.write_text(text, encoding="utf-8")
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod  # (its dataclasses look their module up)
    spec.loader.exec_module(mod)
    return mod


Work = list[tuple[Any, Any, Any]]


def work_of(case: Case, make: Any, n: int) -> Work:
    """(rule set, hand, win facts) for the first ``n`` hands of the case."""
    if case.hands == "legacy":
        entries = [e for e in _legacy() if e[0] == case.preset and not isinstance(e[4], str)][:n]
        option_sets = L.OPTION_SETS[case.preset]
        to_hand = L.hand_from_json
    else:
        entries = [e for e in _corpus() if e[0] == case.preset][:n]
        option_sets = C.OPTION_SETS[case.preset]
        to_hand = C.hand_from_json
    rulesets = {k: make(**o) for k, o in enumerate(option_sets)}
    return [(rulesets[k], to_hand(h), kw) for _p, k, h, kw, _a in entries]


def with_contexts(work: Work) -> Work:
    """The work with each hand's win context built (a hand whose facts the rule set refuses is left out)."""
    out = []
    for rs, hand, kw in work:
        try:
            out.append((rs, hand, rs.Context(**kw)))
        except MahjongError:
            pass
    return out


_DATA: dict[str, Any] = {}


def _legacy() -> list[Any]:
    if "legacy" not in _DATA:
        _DATA["legacy"] = L.load()["scores"]
    return _DATA["legacy"]  # type: ignore[no-any-return]


def _corpus() -> list[Any]:
    if "corpus" not in _DATA:
        _DATA["corpus"] = C.load()
    return _DATA["corpus"]  # type: ignore[no-any-return]


def timed_scores(work: Work) -> float:
    """CPU seconds of one round of ``score()`` over the work (contexts built before; a hand that does not win
    raises, which is part of the work)."""
    t = time.process_time()
    for rs, hand, ctx in work:
        try:
            rs.score(hand, ctx)
        except MahjongError:
            pass
    return time.process_time() - t


def timed_contexts(work: Work) -> float:
    """CPU seconds of one round of building the win contexts (``Context(**facts)``) of the work."""
    t = time.process_time()
    for rs, _hand, kw in work:
        try:
            rs.Context(**kw)
        except MahjongError:
            pass
    return time.process_time() - t


Row = tuple[str, int, float, float, float, float]


def measure(cases: list[Case], hands: int, rounds: int) -> list[Row]:
    """Per case: (preset, hands scored, µs per score() before, on the rule book, µs per Context(**facts) before,
    on the rule book), the best of ``rounds`` interleaved rounds."""
    out = []
    with tempfile.TemporaryDirectory() as tmp:
        for case in cases:
            old_cls = getattr(old_module(case.module, case.revision, Path(tmp)), case.cls)
            facts = {"before": work_of(case, old_cls, hands),
                     "after": work_of(case, lambda p=case.preset, **o: get_ruleset(p, **o), hands)}
            scored = {k: with_contexts(w) for k, w in facts.items()}
            best = {k: [float("inf"), float("inf")] for k in facts}
            for _ in range(rounds):
                for k in facts:
                    best[k][0] = min(best[k][0], timed_scores(scored[k]))
                    best[k][1] = min(best[k][1], timed_contexts(facts[k]))
            per = {k: (best[k][0] * 1e6 / len(scored[k]), best[k][1] * 1e6 / len(facts[k])) for k in facts}
            out.append((case.preset, len(scored["after"]), per["before"][0], per["after"][0], per["before"][1],
                        per["after"][1]))
    return out


def table(rows: list[Row]) -> list[str]:
    lines = ["| rule set | hands | score() before (µs) | score() on the rule book (µs) | ratio | target | "
             "Context(**facts) before / after (µs) | both, ratio |",
             "|---|---:|---:|---:|---:|---|---:|---:|"]
    for preset, n, b, a, cb, ca in rows:
        ratio = a / b
        lines.append(f"| {preset} | {n} | {b:.1f} | {a:.1f} | **{ratio:.2f}×** | ≤ 1.10 "
                     f"({'met' if ratio <= 1.10 else 'not met'}) | {cb:.1f} / {ca:.1f} | {(a + ca) / (b + cb):.2f}× |")
    return lines


def write_section(path: Path, text: str) -> None:
    """Put ``text`` in place of this script's section of RESULTS.md (or at its end)."""
    old = path.read_text(encoding="utf-8") if path.exists() else ""
    start = old.find(SECTION)
    if start < 0:
        new = old.rstrip("\n") + "\n\n" + text
    else:
        end = old.find("\n## ", start + len(SECTION))
        new = old[:start] + text + ("" if end < 0 else old[end:])
    path.write_text(new.rstrip("\n") + "\n", encoding="utf-8")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sets", nargs="+", choices=[c.preset for c in CASES], default=[c.preset for c in CASES])
    ap.add_argument("--hands", type=int, default=1000)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--write", action="store_true", help="write the section of benchmarks/RESULTS.md")
    args = ap.parse_args()
    load_start = os.getloadavg()
    started = time.time()
    rows = measure([c for c in CASES if c.preset in args.sets], args.hands, args.rounds)
    load_end = os.getloadavg()
    head = (f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime(started))}, Python {platform.python_version()}, "
            f"backend {BACKEND}, {args.hands} hands per rule set, best of {args.rounds} interleaved rounds, CPU "
            f"time per score(); load average {load_start[0]:.2f} at the start, {load_end[0]:.2f} at the end "
            f"({time.time() - started:.0f} s)")
    print(head)
    lines = table(rows)
    print("\n".join(lines))
    if args.write:
        command = "python benchmarks/bench_rulebook.py --write" + (
            "" if args.sets == [c.preset for c in CASES] else " --sets " + " ".join(args.sets))
        text = "\n".join([
            SECTION, "",
            f"Command (from the repository root, the package installed): `{command}`", "",
            "Each rule set's module as it was before it moved onto the rule book (read out of git: `cbf1f36`; the "
            "common table `bcb0a1c^`) and the rule set on its rule file score the same hands in one run. "
            + head + ".", "", *lines, ""])
        write_section(ROOT / "benchmarks" / "RESULTS.md", text)


if __name__ == "__main__":
    main()
