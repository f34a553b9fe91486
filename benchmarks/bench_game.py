"""Game-engine speed: hands per second per core with the built-in random and greedy agents for each rule set,
and decisions per second through the Python step API, side by side in the same run with riichienv's
``RiichiEnv`` driven by a first-legal-action agent.

    python benchmarks/bench_game.py                      # print the table
    python benchmarks/bench_game.py --write benchmarks/RESULTS.md   # replace the "Game engine" section

Each measurement runs for ``--seconds`` (wall clock, one process, one core) over consecutive seeded hands;
"decisions" counts every answer given through ``Game.act`` (riichienv: every action passed to ``step``).
"""

from __future__ import annotations

import argparse
import os
import platform
import subprocess
import time
from collections.abc import Callable

from mahjong import BACKEND
from mahjong.game import FirstAgent, Game, GreedyAgent, RandomAgent
from mahjong.game.core import CoreGame, RandomTable

RULES = ["guobiao", "sichuan", "common", "wuhu-2468", "twoplayer", "nanchang", "yuhuan", "jinshan"]
TARGET_HANDS = 25_000
HEADER = "## Game engine (bench_game.py)"


def _timed(run_one: Callable[[int], int], seconds: float) -> tuple[float, float]:
    """(hands/s, decisions/s) running consecutive hands for ``seconds``."""
    return _timed_cpu(run_one, seconds)[:2]


def _timed_cpu(run_one: Callable[[int], int], seconds: float) -> tuple[float, float, float]:
    """(hands/s, decisions/s, hands per CPU-second of this process) running consecutive hands for ``seconds``
    of wall clock: the CPU-time rate is the per-core figure even when the shared machine is loaded."""
    t0, c0 = time.perf_counter(), time.process_time()
    hands = decisions = 0
    while True:
        decisions += run_one(hands)
        hands += 1
        el = time.perf_counter() - t0
        if el >= seconds:
            cpu = time.process_time() - c0
            return hands / el, decisions / el, hands / cpu if cpu > 0 else float("nan")


def ours(rules: str, agent: str, seconds: float, on_core: bool = False) -> tuple[float, float]:
    def one(k: int) -> int:
        game = CoreGame(rules, seed=20261201, salt=k) if on_core else Game(rules, seed=20261201, salt=k)
        if agent == "random":
            agents = {s: RandomAgent(k * 4 + s) for s in game.flow.seats}
        elif agent == "greedy":
            agents = {s: GreedyAgent(k * 4 + s) for s in game.flow.seats}
        else:
            agents = {s: FirstAgent() for s in game.flow.seats}
        n = 0
        while not game.done:
            for seat in game.pending:
                game.act(seat, agents[seat].choose(game, seat, game.legal_actions(seat)))  # type: ignore[attr-defined]
                n += 1
        return n

    return _timed(one, seconds)


def core_random(rules: str, seconds: float, agent: str = "random") -> tuple[float, float, bool]:
    """(hands/s, hands per CPU-second, on the compiled core) of the self-play loop: the built-in agents
    (random, or greedy) choosing in C."""
    table = RandomTable(rules, agent=agent)
    # (warm the kernels' lazily filled suit tables, as any long simulate run has: a pattern met for the first
    # time costs its distances; on the core that is a few seconds' worth of hands, on the engine a few)
    for k in range((2000 if agent == "random" else 100) if table.on_core else 5):
        table.hand(seed=7, salt=k, agent_seeds=[k * 4 + s for s in range(4)])

    def one(k: int) -> int:
        table.hand(seed=20261201, salt=k, agent_seeds=[k * 4 + s for s in range(4)])
        return 0

    wall, _, cpu = _timed_cpu(one, seconds)
    return wall, cpu, table.on_core


def riichienv_first(seconds: float) -> tuple[float, float] | None:
    """riichienv at its fastest: one ``RiichiEnv`` reset for each hand, its MJAI event log off
    (``skip_mjai_logging=True``: the log costs it 20-25 % of its decisions per second, and our core keeps no
    text log either)."""
    try:
        from riichienv import RiichiEnv
    except ImportError:
        return None
    env = RiichiEnv(skip_mjai_logging=True)

    def one(k: int) -> int:
        obs = env.reset()
        n = 0
        while not env.done():
            acts = {p: o.legal_actions()[0] for p, o in obs.items()}
            n += len(acts)
            obs = env.step(acts)
        return n

    return _timed(one, seconds)


def measure(seconds: float) -> str:
    lines = []
    rii = riichienv_first(seconds)
    rii_dec = rii[1] if rii else None
    lines.append("| rule set | random, self-play loop: hands/s | random, self-play loop: hands per CPU-second | "
                 "self-play hands per CPU-second vs target 25,000 | random, step API: hands/s | greedy: hands/s | "
                 "first-legal: hands/s | first-legal: decisions/s | decisions/s vs riichienv | "
                 "first-legal on the core: decisions/s | core decisions/s vs riichienv | "
                 "greedy, self-play loop: hands per CPU-second |")
    lines.append("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for rules in RULES:
        c_h, c_cpu, on_core = core_random(rules, seconds)
        gc_cpu = core_random(rules, seconds, "greedy")[1]
        r_h, _ = ours(rules, "random", seconds)
        g_h, _ = ours(rules, "greedy", seconds)
        # riichienv again right next to this row's step-API run: the shared machine's load moves a lot, and
        # the ratio is taken against the mean of the two riichienv runs around it
        before = riichienv_first(seconds)
        f_h, f_d = ours(rules, "first", seconds)
        k_d = ours(rules, "first", seconds, on_core=True)[1] if on_core else None
        after = riichienv_first(seconds)
        if before and after:
            rii_dec = (before[1] + after[1]) / 2
        ratio = f"{f_d / rii_dec:.2f}x" if rii_dec else "n/a"
        k_cell = f"{k_d:,.0f}" if k_d is not None else "(engine)"
        k_ratio = f"{k_d / rii_dec:.2f}x" if k_d is not None and rii_dec else "n/a"
        core = "" if on_core else " (engine)"
        lines.append(f"| {rules} | {c_h:,.0f}{core} | {c_cpu:,.0f} | {c_cpu / TARGET_HANDS:.2f}x | {r_h:,.0f} | "
                     f"{g_h:,.0f} | {f_h:,.0f} | {f_d:,.0f} | {ratio} | {k_cell} | {k_ratio} | {gc_cpu:,.0f}{core} |")
    if rii:
        lines.append(f"| riichienv RiichiEnv (Rust; one 4-player riichi hand, first legal action) | | | | | | "
                     f"{rii[0]:,.0f} | {rii[1]:,.0f} | 1.00x | | | |")
    return "\n".join(lines)


def _commit() -> str:
    try:
        return subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True,
                              check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def section(seconds: float) -> str:
    try:
        import riichienv

        rv = getattr(riichienv, "__version__", None)
        if rv is None:
            from importlib.metadata import version

            rv = version("riichienv")
    except ImportError:
        rv = "not installed"
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    table = measure(seconds)
    return f"""{HEADER}

Command (from the repository root, after `pip install ".[bench]"`):

    python benchmarks/bench_game.py --seconds {seconds:g} --write benchmarks/RESULTS.md

Date: {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}. Each cell: consecutive seeded hands for {seconds:g} s of
wall clock in one process (one core); the riichienv ratio of each row is against riichienv runs made just before
and after that row's step-API run. Backend: {BACKEND}. Python {platform.python_version()}, riichienv {rv},
mjcore commit {_commit()}; load average at start {load} (2 cores shared with other developers).

{table}

Notes:
- "random, self-play loop" is `mahjong simulate --agent random`'s loop (`mahjong.game.core.RandomTable`): on the
  compiled hand core (`src/mjcore/engine.pxi`) the random agents choose in C; Guobiao's wins (the 8-fan
  minimum) are decided in C too (the scoring record built from the core's state, scored by the compiled
  Guobiao kernel without the GIL); a rule set whose book compiles is scored and settled in C
  (`src/mjcore/evaluator.pxi`: Sichuan's, the common table's and Wuhu's books under the options; each win,
  刮风下雨, 呼叫转移, 查花猪 / 查大叫 / 退税 folded over the core's record: its nets come from C, and
  its typed events, payments and the rule book's settlement are built only when read,
  `tests/game/test_core_sichuan.py`); Python is called for a won hand's settlement in the other flows (from a
  record made from the core: no typed events are built unless read). "(engine)" = a flow the core does not play
  yet, run on the Python engine.
  "hands per CPU-second" is the same loop timed by `time.process_time` (the per-core figure the 25,000 target
  is judged by on this shared machine). "random, step API" drives `Game` with `RandomAgent` through `Game.act`.
  "greedy, self-play loop" is the same loop with the greedy agents choosing in C (`RandomTable(agent="greedy")`:
  `GreedyAgent`'s choices, checked choice by choice by `tests/game/test_core_greedy.py`), per CPU-second.
- "random" picks a uniformly random legal action but always takes a win; "greedy" discards to the lowest
  shanten with the most useful tiles left; "first-legal" takes the first legal action (the same driver as the
  riichienv row). Decisions = answers given through `Game.act` (every seat that must answer counts).
- "first-legal on the core" drives `mahjong.game.core.CoreGame` (Game's step API on the compiled core: the same
  legal lists, events and settlements, checked by `tests/game/test_core_differential.py`) with the first-legal
  agent; `Game` itself (the other step-API columns) is that same core game wherever the core plays the flow
  (`engine="auto"`), else the Python engine over the compiled kernels.
- Where the time goes in the self-play loop: the C hand (deal, draws, legal lists, the waits per seat, claim
  resolution, the agents, Guobiao's win decisions) is about 25 µs per Guobiao hand; Python's part of a hand
  with no win is a few µs (the hand object; its events and state are built only when read). The rest is the
  won hands' settlement (Guobiao: about 3% of random hands). A Sichuan hand asks Python nothing between its
  deal and its end, in self-play and through the step API alike (`Game("sichuan")`: the legal lists, the
  wins' scores and the money are the core's; `win_score` and the events are made by the rule book when read).
- `Game` objects of one rule set and options share one flow on the core (making a flow checks every option
  of the rule set, which cost more than a whole hand on the core).
"""


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=float, default=1.5)
    ap.add_argument("--write", metavar="RESULTS.md")
    args = ap.parse_args()
    text = section(args.seconds)
    print(text)
    print("\n" + __import__("_batch_rows").rows())  # issue 13's self-play rows (_batch_rows.py --write)
    if args.write:
        with open(args.write, encoding="utf-8") as f:
            old = f.read()
        if HEADER in old:
            start = old.index(HEADER)
            nxt = old.find("\n## ", start + len(HEADER))
            new = old[:start] + text + (old[nxt:] if nxt >= 0 else "")
        else:
            new = old.rstrip("\n") + "\n\n" + text
        with open(args.write, "w", encoding="utf-8") as f:
            f.write(new)


if __name__ == "__main__":
    main()
