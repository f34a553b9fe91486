"""The built-in greedy agent through the step API, before and after its faster choice, side by side in one run;
and its cost per decision on the compiled core (``--per-decision``).

    python benchmarks/bench_greedy.py --seconds 2
    python benchmarks/bench_greedy.py --per-decision --hands 40

Each row plays consecutive seeded hands with ``GreedyAgent`` at every seat through ``Game``'s step API (the
"greedy: hands/s" column of ``bench_game.py``), for ``--seconds`` each way, alternating: "before" chooses with the
search as it was first written (two kernel calls per candidate discard, the unseen copies summed in Python: the
reference in ``tests/qa/test_greedy_search.py``), "after" with today's ``GreedyAgent.choose`` (on the compiled
core: the core's C greedy; elsewhere one ``discard_options`` call per decision).  Both play the very same hands
(the tests prove it choice by choice).  Hands per CPU-second of this process, so the ratio holds on a loaded
machine.

``--per-decision``: CPU µs per decision of every rule set's greedy play on the core, two ways: the C choice alone
(``GameCore.greedy_action`` asked again of a copy of the core at every decision of ``--hands`` seeded hands), and
``GreedyAgent.choose`` as a step-API user calls it (the hands played with it, less the same hands replayed with
the recorded answers: what choosing adds to ``legal_actions`` and ``act``).
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
#: every shipped rule set with a game flow (the per-decision table)
ALL_RULES = RULES + ["wuhu-1234", "changsha", "hongzhong", "guangdong", "guangdong-fangui"]


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


def per_decision(rules: str, hands: int, reps: int = 5, best: bool = False) -> tuple[int, float, float]:
    """(decisions, CPU µs of the C choice per decision, CPU µs GreedyAgent.choose adds per decision); ``best``:
    the C choice's fastest pass of ``reps`` over the decisions instead of their mean (under a heavy load)."""
    positions: list[tuple[Any, int]] = []
    plays: list[list[tuple[int, Any]]] = []
    for k in range(hands):
        game = Game(rules, seed=20261201, salt=k)
        agents = {s: GreedyAgent(k * 4 + s) for s in game.flow.seats}
        answers = []
        while not game.done:
            for seat in game.pending:
                positions.append((game.core.copy(), seat))  # type: ignore[attr-defined]
                choice = agents[seat].choose(game, seat, game.legal_actions(seat))
                answers.append((seat, choice))
                game.act(seat, choice)
        plays.append(answers)
    passes = []
    for _ in range(reps):
        c0 = time.process_time()
        for core, seat in positions:
            core.greedy_action(seat)
        passes.append((time.process_time() - c0) / len(positions) * 1e6)
    in_c = min(passes) if best else sum(passes) / reps

    def loop(choose: bool) -> float:
        c0 = time.process_time()
        for k, answers in enumerate(plays):
            game = Game(rules, seed=20261201, salt=k)
            agents = {s: GreedyAgent(k * 4 + s) for s in game.flow.seats}
            recorded = iter(answers)
            while not game.done:
                for seat in game.pending:
                    legal = game.legal_actions(seat)
                    game.act(seat, agents[seat].choose(game, seat, legal) if choose else next(recorded)[1])
        return time.process_time() - c0

    with_choice = without = 0.0
    for _ in range(reps):  # (alternating, so both sides see the same load)
        with_choice += loop(True)
        without += loop(False)
    return len(positions), in_c, (with_choice - without) / (reps * len(positions)) * 1e6


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=float, default=2.0)
    ap.add_argument("--rules", nargs="*", default=None)
    ap.add_argument("--per-decision", action="store_true", help="CPU µs per decision on the core, every rule set")
    ap.add_argument("--hands", type=int, default=40, help="seeded hands per rule set (--per-decision)")
    ap.add_argument("--best", action="store_true", help="--per-decision: the C choice's fastest of its passes")
    ap.add_argument("--reps", type=int, default=5, help="--per-decision: passes over the decisions")
    args = ap.parse_args()
    if args.per_decision:
        print(f"load average {os.getloadavg()[0]:.2f}; {args.hands} hands per rule set, CPU µs per decision")
        print("| rule set | decisions | C choice (GameCore.greedy_action) | GreedyAgent.choose (step API) |")
        print("|---|---:|---:|---:|")
        for rules in args.rules or ALL_RULES:
            n, in_c, choose = per_decision(rules, args.hands, args.reps, args.best)
            print(f"| {rules} | {n:,} | {in_c:.1f} | {choose:.1f} |", flush=True)
        print(f"load average {os.getloadavg()[0]:.2f}")
        return
    args.rules = args.rules or RULES
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
