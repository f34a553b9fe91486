"""Nanchang on the rule book vs Nanchang as it was before (its own rows and helpers): CPU time per ``score()`` on
the answers corpus's Nanchang hands, the two measured interleaved in one run, as a ratio.

    python benchmarks/bench_rulebook_nanchang.py [--hands 1000] [--rounds 5] [--before FILE]

``--before`` is the module as it was before the move (default: taken from git, commit cbf1f36).  Both modules run
on the same installed package; each round times every hand once with ``time.process_time`` (CPU time, so a loaded
machine changes the figures less), and the best round of each is kept.
"""

from __future__ import annotations

import argparse
import importlib.util
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "rulebook"))

from corpus_support import OPTION_SETS, hand_from_json, load  # noqa: E402

from mahjong.errors import MahjongError  # noqa: E402
from mahjong.rulesets import nanchang as book_module  # noqa: E402

BEFORE_COMMIT = "cbf1f36"


def module_from(path: str) -> Any:
    spec = importlib.util.spec_from_file_location("nanchang_before", path)
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = mod  # (its dataclasses look their module up)
    spec.loader.exec_module(mod)
    return mod


def before_source() -> str:
    out = subprocess.run(["git", "-C", str(ROOT), "show", f"{BEFORE_COMMIT}:python/mahjong/rulesets/nanchang.py"],
                         check=True, capture_output=True, text=True)
    path = Path(tempfile.mkdtemp()) / "nanchang_before.py"
    path.write_text(out.stdout, encoding="utf-8")
    return str(path)


def timed(rulesets: dict[int, Any], context: type, work: list[tuple[int, Any, dict[str, Any]]]) -> float:
    t = time.process_time()
    for k, hand, kw in work:
        try:
            rulesets[k].score(hand, context(**kw))
        except MahjongError:
            pass
    return time.process_time() - t


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=1000)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--before", default=None, help="the module before the move (default: from git)")
    args = ap.parse_args()
    before = module_from(args.before or before_source())
    entries = [e for e in load() if e[0] == "nanchang"][: args.hands]
    work = [(k, hand_from_json(h), kw) for _p, k, h, kw, _a in entries]
    old = {k: before.Nanchang(**o) for k, o in enumerate(OPTION_SETS["nanchang"])}
    new = {k: book_module.Nanchang(**o) for k, o in enumerate(OPTION_SETS["nanchang"])}
    times: dict[str, list[float]] = {"before": [], "rule book": []}
    for _ in range(args.rounds):
        times["before"].append(timed(old, before.NanchangContext, work))
        times["rule book"].append(timed(new, book_module.NanchangContext, work))
    b, n = min(times["before"]), min(times["rule book"])
    print(f"{len(work)} corpus hands, best of {args.rounds} rounds, CPU time per score():")
    print(f"  before the move  {b / len(work) * 1e6:7.1f} µs")
    print(f"  on the rule book {n / len(work) * 1e6:7.1f} µs   ratio {n / b:.2f}×")


if __name__ == "__main__":
    main()
