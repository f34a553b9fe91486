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

``--compiled`` measures the compiled rule-book evaluator instead (its own section of RESULTS.md): ``score()`` of
every rule set on its book with the readings and rows in C against the same ``score()`` on the rule book alone,
two rule files written here against the fastest built-in of their kind, and self-play on the hand core with the
wins decided and hands settled in C against the rule layer in Python::

    python benchmarks/bench_rulebook.py --compiled --write

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


# --- the compiled rule-book evaluator: score() and self-play, rule files against the built-ins ------------------------

COMPILED_SECTION = "## Rule books compiled: one evaluator in C (bench_rulebook.py --compiled)"

#: a fan table written here (additive, exclusions), and a Sichuan-like table (powers of two, the largest pattern)
WRITTEN_SUM = """format = 1
name = "bench-fan-table"
[win]
forms = ["regular", "seven_pairs"]
[scoring]
exclusion = "simultaneous"
aggregation = "sum"
cap = 40
points = "total * 2"
[[rows]]
key = "full_flush"
value = 24
when = "one_suit"
[[rows]]
key = "half_flush"
value = 6
when = "one_suit_with_honors"
[[rows]]
key = "all_pungs"
value = 6
when = "all_pungs"
[[rows]]
key = "seven_pairs"
value = 24
when = "seven_pairs"
[[rows]]
key = "all_simples"
value = 2
when = "all_simples"
[[rows]]
key = "dragon_pung"
value = 2
count = "dragon_pungs"
[[rows]]
key = "self_drawn"
value = 1
when = "self_drawn"
[[rows]]
key = "concealed_hand"
value = 2
when = "concealed_hand and not self_drawn"
[[rows]]
key = "basic_win"
value = 1
when = "regular"
"""

WRITTEN_POWERS = """format = 1
name = "bench-powers-table"
[tiles]
honors = []
[win]
forms = ["regular", "seven_pairs"]
lack_a_suit = true
[flow]
chows = false
[scoring]
exclusion = "largest"
aggregation = "powers"
base = 1
offset = 1
fan_cap = 5
unit = "pt"
[[rows]]
key = "basic_win"
value = 1
when = "regular"
[[rows]]
key = "all_pungs"
value = 2
when = "all_pungs"
[[rows]]
key = "full_flush"
value = 3
when = "one_suit"
[[rows]]
key = "seven_pairs"
value = 3
when = "seven_pairs"
[[rows]]
key = "root"
zh = "根"
en = "Root"
value = 1
pattern = false
count = "roots"
[[rows]]
key = "self_draw_bonus"
value = 1
unit = "pt"
pattern = false
when = "self_drawn"
"""


def _written(text: str) -> Any:
    from mahjong.rulebook.book import ruleset_class
    from mahjong.rulebook.load import check_text

    book, problems = check_text(text, "bench.toml")
    assert book is not None and not problems, problems
    return ruleset_class(book)()


def _random_work(rs: Any, n: int, seed: int) -> Work:
    """n hands the rule set scores (random complete hands of its tile set, win facts that fit), with contexts."""
    import random

    from legacy_support import twoplayer_context
    from rb_support import random_context, random_hand

    rng = random.Random(seed)
    b = rs.book
    facts = twoplayer_context if b.players == 2 else random_context
    out: Work = []
    tries = 0
    while len(out) < n and tries < 50 * n:
        tries += 1
        try:
            hand = random_hand(rng, b.tiles, chows=b.flow.chows, special=len(b.tiles) == 34)
            ctx = rs.Context(**facts(rng, hand))
            rs.score(hand, ctx)
        except (MahjongError, IndexError):
            continue
        out.append((rs, hand, ctx))
    return out


def measure_compiled(n: int, rounds: int) -> list[tuple[str, str, int, float, float]]:
    """(rule set, kind, hands, µs per score() on the compiled evaluator, µs per score() on the rule book)."""
    from mahjong.rulebook import book as B

    sets = [("common", "sum"), ("common-file", "sum"), ("twoplayer", "sum"), ("hongzhong", "product"),
            ("guangdong", "product"), ("changsha", "sum"), ("sichuan", "powers"), ("wuhu-2468", "formula"),
            ("jinshan", "formula")]
    rulesets = [(name, kind, get_ruleset(name)) for name, kind in sets]
    rulesets += [("written here: fan table", "sum", _written(WRITTEN_SUM)),
                 ("written here: powers table", "powers", _written(WRITTEN_POWERS))]
    out = []
    for name, kind, rs in rulesets:
        work = _random_work(rs, n, 11)
        best = {"compiled": float("inf"), "rule book": float("inf")}
        saved = B.compiled_scorer[0]
        for _ in range(rounds):
            for mode in best:
                B.compiled_scorer[0] = saved if mode == "compiled" else None
                best[mode] = min(best[mode], timed_scores(work))
        B.compiled_scorer[0] = saved
        out.append((name, kind, len(work), best["compiled"] * 1e6 / len(work), best["rule book"] * 1e6 / len(work)))
    return out


def self_play(rules: str, hands: int, in_c: bool) -> float:
    """Hands per CPU-second of random self-play on the core (every win decided and the hand settled by the compiled
    book in C, or by the rule layer in Python)."""
    from mahjong.game.core import RandomTable

    table = RandomTable(rules)
    if not in_c:
        table.book = None
    t = time.process_time()
    for k in range(hands):
        table.hand(seed=5, salt=k, agent_seeds=[k * 4 + s for s in range(4)])
    return hands / (time.process_time() - t)


def compiled_lines(rows: list[tuple[str, str, int, float, float]], play: list[tuple[str, float, float]]) -> list[str]:
    fastest = {kind: min(c for name, k, _n, c, _b in rows if k == kind and not name.startswith("written"))
               for kind in {k for _, k, _, _, _ in rows}}
    by = {name: c for name, _k, _n, c, _b in rows}
    lines = ["| rule set | kind | hands | score() compiled (µs) | score() on the rule book (µs) | rule book / compiled "
             "| against |", "|---|---|---:|---:|---:|---:|---|"]
    for name, kind, n, c, b in rows:
        against = ""
        if name == "common-file":
            ratio = c / by["common"]
            against = f"common: **{ratio:.2f}×** (target ≤ 1.2: {'met' if ratio <= 1.2 else 'not met'})"
        elif name.startswith("written"):
            ratio = c / fastest[kind]
            against = (f"the fastest built-in {kind} table: **{ratio:.2f}×** (target ≤ 1.5: "
                       f"{'met' if ratio <= 1.5 else 'not met'})")
        lines.append(f"| {name} | {kind} | {n} | {c:.1f} | {b:.1f} | {b / c:.1f}× | {against} |")
    lines += ["", "| self-play (random agents, on the core) | wins decided and hands settled in C: hands/CPU-s "
              "| by the rule layer in Python: hands/CPU-s | C / Python |", "|---|---:|---:|---:|"]
    for name, c, p in play:
        lines.append(f"| {name} | {c:,.0f} | {p:,.0f} | {c / p:.1f}× |")
    return lines


def main_compiled(args: Any) -> None:
    load_start = os.getloadavg()
    started = time.time()
    rows = measure_compiled(args.hands, args.rounds)
    play = [(name, self_play(name, args.play, True), self_play(name, args.play, False))
            for name in ("common", "sichuan", "wuhu-2468")]
    load_end = os.getloadavg()
    head = (f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime(started))}, Python {platform.python_version()}, "
            f"backend {BACKEND}, {args.hands} hands per rule set, best of {args.rounds} interleaved rounds, CPU time "
            f"per score(); self-play {args.play} hands each way; load average {load_start[0]:.2f} at the start, "
            f"{load_end[0]:.2f} at the end ({time.time() - started:.0f} s)")
    print(head)
    lines = compiled_lines(rows, play)
    print("\n".join(lines))
    if args.write:
        text = "\n".join([
            COMPILED_SECTION, "",
            "Command (from the repository root, the package installed): `python benchmarks/bench_rulebook.py "
            "--compiled --write`", "",
            "Every rule set on its rule book scores by its book compiled once (rulebook/compiler.py) and read by one "
            "evaluator in C (src/mjcore/evaluator.pxi): `score()` with the readings and rows in C and the rest of the "
            "result in Python, against the same `score()` with the compiled evaluator's hook taken out (the rule "
            "book reads every reading itself); two rule files written in the benchmark against the fastest built-in "
            "of their kind (additive fan tables; powers-of-two tables), on random hands of each book's tile set "
            "(Jinshan's hold no 百搭: the 百搭 search is checked by the tests, not timed here). "
            "Then random self-play on the hand core with every win decided and the hand settled by the compiled book "
            "in C, against the same hands decided and settled by the rule layer in Python (the rule files play on "
            "the core once it plays their flows). " + head + ".", "", *lines, ""])
        old = (ROOT / "benchmarks" / "RESULTS.md")
        global SECTION
        saved, SECTION = SECTION, COMPILED_SECTION
        try:
            write_section(old, text)
        finally:
            SECTION = saved


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sets", nargs="+", choices=[c.preset for c in CASES], default=[c.preset for c in CASES])
    ap.add_argument("--hands", type=int, default=1000)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--write", action="store_true", help="write the section of benchmarks/RESULTS.md")
    ap.add_argument("--compiled", action="store_true", help="the compiled evaluator: score() compiled and on the "
                    "rule book, rule files written here against the built-ins, self-play decided in C or in Python")
    ap.add_argument("--play", type=int, default=2000, help="self-play hands each way (--compiled)")
    args = ap.parse_args()
    if args.compiled:
        main_compiled(args)
        return
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
