"""Yuhuan's score() on the rule book against the module it replaced, side by side in one run.

The module before the move (main at cbf1f36) is read out of git and loaded beside the installed package; both
score the same Yuhuan hands of the answers corpus (``tests/rulebook/data``), interleaved, and the best CPU time
(``time.process_time``) of each is reported with the ratio.

    python benchmarks/bench_yuhuan_book.py --hands 1000 --rounds 5
"""

from __future__ import annotations

import argparse
import importlib.util
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BEFORE = "cbf1f36"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=1000)
    ap.add_argument("--rounds", type=int, default=5)
    args = ap.parse_args()
    sys.path.insert(0, str(ROOT / "tests" / "rulebook"))
    from corpus_support import OPTION_SETS, answer, hand_from_json, load

    from mahjong.framework import get_ruleset

    text = subprocess.run(["git", "-C", str(ROOT), "show", f"{BEFORE}:python/mahjong/rulesets/yuhuan.py"],
                          check=True, capture_output=True, text=True).stdout
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False, encoding="utf-8") as f:
        f.write(text)
    spec = importlib.util.spec_from_file_location("yuhuan_before", f.name)
    assert spec is not None and spec.loader is not None
    before = importlib.util.module_from_spec(spec)
    sys.modules["yuhuan_before"] = before
    spec.loader.exec_module(before)
    entries = [e for e in load() if e[0] == "yuhuan"][:args.hands]
    hands = [(k, hand_from_json(h), kw) for _p, k, h, kw, _a in entries]
    sets = {"before": {k: before.Yuhuan(**o) for k, o in enumerate(OPTION_SETS["yuhuan"])},
            "after": {k: get_ruleset("yuhuan", **o) for k, o in enumerate(OPTION_SETS["yuhuan"])}}
    best = {name: float("inf") for name in sets}
    for _ in range(args.rounds):
        for name, rulesets in sets.items():
            t = time.process_time()
            for k, h, kw in hands:
                answer(rulesets[k], h, kw)
            best[name] = min(best[name], time.process_time() - t)
    print(f"{len(hands)} Yuhuan corpus hands, best of {args.rounds}, CPU: before {best['before'] * 1e3:.0f} ms, "
          f"after {best['after'] * 1e3:.0f} ms, after / before {best['after'] / best['before']:.2f}x")


if __name__ == "__main__":
    main()
