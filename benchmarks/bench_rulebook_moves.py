"""A rule set's score() before and after it moved onto the rule book, side by side in one run.

The rule-set module as it was at a git revision (default: the last one before the move) is read with ``git show``
into a temporary directory and imported beside the installed package; both score the same corpus hands
(``tests/rulebook/data/ruleset_answers.json.gz``, the first N per preset, each under its corpus option set) in
interleaved rounds, and the best round's CPU time (``time.process_time``) per score() is kept.

    python benchmarks/bench_rulebook_moves.py --presets jinshan wuhu-2468 wuhu-1234 --hands 1000 --rounds 5
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import subprocess
import sys
import tempfile
import time
from typing import Any

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tests", "rulebook"))

from corpus_support import OPTION_SETS, hand_from_json, load  # noqa: E402

from mahjong.errors import MahjongError  # noqa: E402
from mahjong.framework import get_ruleset  # noqa: E402

#: preset -> (module file in the tree, class name)
MODULES = {"jinshan": ("python/mahjong/rulesets/jinshan.py", "Jinshan"),
           "wuhu-2468": ("python/mahjong/rulesets/wuhu.py", "Wuhu2468"),
           "wuhu-1234": ("python/mahjong/rulesets/wuhu.py", "Wuhu1234")}


def _old_class(preset: str, revision: str, tmp: str) -> Any:
    path, cls = MODULES[preset]
    text = subprocess.run(["git", "-C", ROOT, "show", f"{revision}:{path}"], check=True, capture_output=True,
                          text=True).stdout
    name = f"before_{os.path.basename(path)[:-3]}"
    file = os.path.join(tmp, name + ".py")
    with open(file, "w", encoding="utf-8") as fh:
        fh.write(text)
    spec = importlib.util.spec_from_file_location(name, file)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return getattr(module, cls)


def _run(work: list[tuple[Any, Any, dict[str, Any]]]) -> float:
    t = time.process_time()
    for rs, hand, kw in work:
        try:
            rs.score(hand, rs.Context(**kw))
        except MahjongError:
            pass
    return time.process_time() - t


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--presets", nargs="+", default=list(MODULES), choices=list(MODULES))
    ap.add_argument("--revision", default="cbf1f36", help="the git revision before the move")
    ap.add_argument("--hands", type=int, default=1000)
    ap.add_argument("--rounds", type=int, default=5)
    args = ap.parse_args()
    corpus = load()
    print(f"load average {os.getloadavg()[0]:.2f}; {args.hands} corpus hands per preset, {args.rounds} interleaved "
          f"rounds, best round, CPU time per score()")
    print("| rule set | before (µs) | on the rule book (µs) | ratio |")
    print("|---|---:|---:|---:|")
    with tempfile.TemporaryDirectory() as tmp:
        for preset in args.presets:
            old_cls = _old_class(preset, args.revision, tmp)
            entries = [e for e in corpus if e[0] == preset][:args.hands]
            new = {k: get_ruleset(preset, **o) for k, o in enumerate(OPTION_SETS[preset])}
            old = {k: old_cls(**o) for k, o in enumerate(OPTION_SETS[preset])}
            work_new = [(new[k], hand_from_json(h), kw) for _, k, h, kw, _ in entries]
            work_old = [(old[k], hand_from_json(h), kw) for _, k, h, kw, _ in entries]
            before, after = [], []
            for _ in range(args.rounds):
                before.append(_run(work_old))
                after.append(_run(work_new))
            b, a = min(before) * 1e6 / len(entries), min(after) * 1e6 / len(entries)
            print(f"| {preset} | {b:.1f} | {a:.1f} | {a / b:.2f}× |")


if __name__ == "__main__":
    main()
