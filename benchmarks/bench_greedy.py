"""The built-in greedy agent through the step API, before and after its faster choice, side by side in one run.

    python benchmarks/bench_greedy.py --seconds 2

Each row plays consecutive seeded hands with ``GreedyAgent`` at every seat through ``Game``'s step API (the
"greedy: hands/s" column of ``bench_game.py``), for ``--seconds`` each way, alternating: "before" chooses with the
search as it was first written (two kernel calls per candidate discard, the unseen copies summed in Python: the
reference in ``tests/qa/test_greedy_search.py``), "after" with today's ``GreedyAgent.choose`` (on the compiled
core: the core's C greedy; elsewhere one ``discard_options`` call per decision).  Both play the very same hands
(the tests prove it choice by choice).  Hands per CPU-second of this process, so the ratio holds on a loaded
machine.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from typing import Any

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "qa"))

from test_greedy_search import reference_choice  # noqa: E402

from mahjong.game import Game, GreedyAgent  # noqa: E402

RULES = ["guobiao", "sichuan", "common", "wuhu-2468", "twoplayer", "nanchang", "yuhuan", "jinshan"]


class FirstVersion(GreedyAgent):
    def choose(self, game: Any, seat: int, legal: list[Any]) -> Any:
        return reference_choice(game, seat, legal)


def rate(rules: str, agent: type[GreedyAgent], seconds: float) -> float:
    """Hands per CPU-second of consecutive seeded hands for ``seconds`` of wall clock."""
    t0, c0, k = time.perf_counter(), time.process_time(), 0
    while time.perf_counter() - t0 < seconds:
        game = Game(rules, seed=20261201, salt=k)
        agents = {s: agent(k * 4 + s) for s in game.flow.seats}
        while not game.done:
            for seat in game.pending:
                game.act(seat, agents[seat].choose(game, seat, game.legal_actions(seat)))
        k += 1
    return k / (time.process_time() - c0)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=float, default=2.0)
    ap.add_argument("--rules", nargs="*", default=RULES)
    args = ap.parse_args()
    print(f"load average {os.getloadavg()[0]:.2f}; {args.seconds} s per cell, hands per CPU-second")
    print("| rule set | on the core | before | after | after / before |")
    print("|---|---|---:|---:|---:|")
    for rules in args.rules:
        rate(rules, GreedyAgent, 0.2)  # (warm the kernels' suit tables)
        runs = [rate(rules, agent, args.seconds / 2) for agent in (FirstVersion, GreedyAgent) * 2]  # (b, a, b, a)
        before, after = (runs[0] + runs[2]) / 2, (runs[1] + runs[3]) / 2
        core = type(Game(rules)).__name__ == "CoreGame"
        print(f"| {rules} | {'yes' if core else 'no'} | {before:,.0f} | {after:,.0f} | {after / before:.2f}x |",
              flush=True)
    print(f"load average {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
