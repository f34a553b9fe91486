"""The expert against three greedy agents in duplicate play, as shipped or with a variant patched into the expert
in this process only (nothing of it in the package), keeping each wall's result so that two runs on the same
walls can be compared wall by wall (paired).

    python benchmarks/arena_variants.py --rules guangdong --seed 7 --hands 200 --variant flat --out flat.json
    python benchmarks/arena_variants.py --paired asis.json flat.json

Variants: ``asis`` (the expert as shipped); ``flat`` (ready and one from ready, every allowed win worth the rule
set's typical win: the waits weighed by their chances only); ``nodanger`` (no discard is dangerous: no defence).
"""

from __future__ import annotations

import argparse
import json
import os
from typing import Any

import mahjong.game.expert as expert
from mahjong.arena.results import mean_interval
from mahjong.arena.run import run_arena


def patch(variant: str) -> None:
    if variant == "flat":
        value = expert._Look.value

        def flat(self: Any, counts: Any, tile: int) -> tuple[float, float]:
            rate, _ = value(self, counts, tile)
            return rate, (self.typical if rate > 0 else 0.0)

        expert._Look.value = flat  # type: ignore[method-assign]
    elif variant == "nodanger":
        expert._Danger.of = lambda self, tile: 0.0  # type: ignore[method-assign]
    elif variant != "asis":
        raise SystemExit(f"unknown variant {variant!r}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rules", default="guangdong")
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--hands", type=int, default=200)
    ap.add_argument("--variant", default="asis")
    ap.add_argument("--out", help="write the summary and each wall's mean here (JSON)")
    ap.add_argument("--paired", nargs=2, metavar="JSON", help="compare two --out files wall by wall (B - A)")
    args = ap.parse_args()
    if args.paired:
        a, b = (json.load(open(p, encoding="utf-8"))["walls"] for p in args.paired)
        mean, low, high = mean_interval([y - x for x, y in zip(a, b)])
        differ = sum(1 for x, y in zip(a, b) if x != y)
        print(f"paired B - A: {mean:+.3f} [{low:+.3f}, {high:+.3f}] over {len(a)} walls ({differ} differ)")
        return
    patch(args.variant)
    result = run_arena(args.rules, ["expert", "greedy", "greedy", "greedy"], args.hands, seed=args.seed,
                       duplicate=True)
    walls: dict[int, list[int]] = {}
    for g in result.games:
        walls.setdefault(g.wall, []).append(g.net[0])
    per_wall = [sum(v) / len(v) for _, v in sorted(walls.items())]
    mean, low, high = mean_interval(per_wall)
    summary = {"rules": args.rules, "seed": args.seed, "hands": args.hands, "variant": args.variant,
               "mean": mean, "low": low, "high": high, "games": len(result.games),
               "wins": [sum(g.won[i] for g in result.games) for i in range(4)],
               "deal_ins": [sum(g.dealt_in[i] for g in result.games) for i in range(4)],
               "cpu_seconds": result.cpu_seconds, "load": os.getloadavg()[0]}
    print(json.dumps(summary))
    if args.out:
        with open(args.out, "w", encoding="utf-8") as f:
            json.dump({"summary": summary, "walls": per_wall}, f)


if __name__ == "__main__":
    main()
