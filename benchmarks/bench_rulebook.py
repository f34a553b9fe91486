"""score() per hand for the rule sets that are their rule files (Sichuan, the two-player game), on 1,000 frozen
hands of tests/rulebook/legacy_support.py, in CPU time (time.process_time, best of 5 interleaved rounds).

    python benchmarks/bench_rulebook.py                  # the installed package
    python benchmarks/bench_rulebook.py --before cbf1f36 # and, in the same run, the Python modules of that commit

``--before REV`` reads ``python/mahjong/rulesets/{sichuan,twoplayer}.py`` of a git revision (the modules before
they moved onto the rule book) and times them side by side: the ratio is the figure (the machine is shared).
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

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "rulebook"))

import legacy_support as L  # noqa: E402

from mahjong.framework import get_ruleset  # noqa: E402

CLASSES = {"sichuan": "Sichuan", "twoplayer": "TwoPlayer"}


def _old_module(rev: str, preset: str, where: Path) -> Any:
    text = subprocess.run(["git", "-C", str(ROOT), "show", f"{rev}:python/mahjong/rulesets/{preset}.py"],
                          capture_output=True, text=True, check=True).stdout
    path = where / f"before_{preset}.py"
    path.write_text(text, encoding="utf-8")
    spec = importlib.util.spec_from_file_location(f"before_{preset}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def _prepared(preset: str, make: Any) -> list[tuple[Any, Any, Any]]:
    entries = [e for e in L.load()["scores"] if e[0] == preset and not isinstance(e[4], str)][:1000]
    rulesets = {k: make(**o) for k, o in enumerate(L.OPTION_SETS[preset])}
    return [(rulesets[k], L.hand_from_json(h), rulesets[k].Context(**kw)) for _p, k, h, kw, _a in entries]


def _best(prepared: list[tuple[Any, Any, Any]]) -> float:
    t = time.process_time()
    for rs, h, c in prepared:
        rs.score(h, c)
    return (time.process_time() - t) / len(prepared)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--before", help="a git revision whose Python modules are timed too")
    ap.add_argument("--rounds", type=int, default=5)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        for preset, cls in CLASSES.items():
            runs = {"after": _prepared(preset, lambda p=preset, **o: get_ruleset(p, **o))}
            if args.before:
                old = getattr(_old_module(args.before, preset, Path(tmp)), cls)
                runs = {"before": _prepared(preset, old), **runs}
            best = {k: float("inf") for k in runs}
            for _ in range(args.rounds):
                for k, prepared in runs.items():
                    best[k] = min(best[k], _best(prepared))
            times = ", ".join(f"{k} {v * 1e6:.1f} µs" for k, v in best.items())
            line = f"{preset}: {len(runs['after'])} hands, {times}"
            if "before" in best:
                line += f", after / before {best['after'] / best['before']:.2f}"
            print(line)


if __name__ == "__main__":
    main()
