"""Game-engine speed, one row for every rule set ``mahjong rules`` lists and for Guobiao's Botzone format, side by
side in the same run with riichienv's ``RiichiEnv`` (mjai logging off) driven by a first-legal-action agent.

    python benchmarks/bench_game.py                      # print the table
    python benchmarks/bench_game.py --write benchmarks/RESULTS.md   # replace the "Game engine" section

Every figure is per CPU-second of this process (``time.process_time``: the machine is shared, and CPU time is
what a core spends whatever else runs beside it):

- "self-play": ``mahjong simulate``'s loop (``mahjong.game.core.RandomTable``): the built-in agents choosing in C
  on the compiled hand core, hands per CPU-second (target 25,000); greedy agents too;
- "step API": ``Game(rules)`` (on the compiled core for every row) driven through ``legal_actions`` / ``act`` by
  the first legal action, decisions per CPU-second, against riichienv's decisions per CPU-second measured
  just before and just after the row (target 2x);
- for a row under a target, where its CPU time goes (a profile of the self-play loop: the compiled hand, the
  rule set's scoring of wins, its settlement, the rest of Python).
"""

from __future__ import annotations

import argparse
import cProfile
import os
import platform
import pstats
import subprocess
import time
from collections.abc import Callable
from typing import Any

from mahjong import BACKEND
from mahjong.game import FirstAgent, Game
from mahjong.game.core import RandomTable

TARGET_HANDS = 25_000
TARGET_RATIO = 2.0
HEADER = "## Game engine (bench_game.py)"


def rows() -> list[tuple[str, str, dict[str, Any]]]:
    """(label, rules, options): every rule set ``mahjong rules`` lists, then the Botzone format."""
    from mahjong.registry import PRESETS, load_presets

    load_presets()
    out: list[tuple[str, str, dict[str, Any]]] = [(name, name, {}) for name in sorted(PRESETS)]
    out.append(("guobiao (Botzone format)", "guobiao", {"botzone": True}))
    return out


def _per_cpu_second(run_one: Callable[[int], int], seconds: float) -> float:
    """Units per CPU-second of this process, running ``run_one`` (returning the units it did) for ``seconds``."""
    c0 = time.process_time()
    done = k = 0
    while True:
        done += run_one(k)
        k += 1
        cpu = time.process_time() - c0
        if cpu >= seconds:
            return done / cpu


def self_play(rules: str, options: dict[str, Any], seconds: float, agent: str = "random") -> tuple[float, bool]:
    """(hands per CPU-second, on the compiled core) of the self-play loop with the built-in agents."""
    table = RandomTable(rules, options, agent=agent)
    # (warm the kernels' lazily filled suit tables, as any long simulate run has: a pattern met for the first
    # time costs its distances)
    for k in range(500 if agent == "random" else 50):
        table.outcome(seed=7, salt=k, agent_seeds=[k * 4 + s for s in range(4)])

    def one(k: int) -> int:
        table.outcome(seed=20261201, salt=k, agent_seeds=[k * 4 + s for s in range(4)])
        return 1

    return _per_cpu_second(one, seconds), table.on_core


def step_first(rules: str, options: dict[str, Any], seconds: float) -> float:
    """Decisions per CPU-second through the step API (``Game``, the first legal action)."""
    agent = FirstAgent()

    def one(k: int) -> int:
        game = Game(rules, seed=20261201, salt=k, options=options)
        n = 0
        while not game.done:
            for seat in game.pending:
                game.act(seat, agent.choose(game, seat, game.legal_actions(seat)))
                n += 1
        return n

    one(0)
    return _per_cpu_second(one, seconds)


def riichienv_first(seconds: float) -> float | None:
    """riichienv's decisions per CPU-second, its ``RiichiEnv`` driven the same way (the first legal action of
    every player asked) with its mjai logging off (``skip_mjai_logging``: the log costs it 20-25 %)."""
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

    one(0)
    return _per_cpu_second(one, seconds)


def where_time_goes(rules: str, options: dict[str, Any], hands: int = 300) -> str:
    """Where the self-play loop's CPU time goes: the compiled hand (the agents' loop in C), the rule set's scoring
    of the wins offered, its settlement of each hand, the rest of Python (shares of a profiled run)."""
    table = RandomTable(rules, options)
    for k in range(50):
        table.outcome(seed=7, salt=k)
    prof = cProfile.Profile()
    prof.enable()
    for k in range(hands):
        table.outcome(seed=20261201, salt=k, agent_seeds=[k * 4 + s for s in range(4)])
    prof.disable()
    stats = pstats.Stats(prof).stats  # type: ignore[attr-defined]
    total = sum(tt for (_, _, _), (_, _, tt, _, _) in stats.items())

    def cumulative(*names: str) -> float:
        return sum(ct for (_, _, fn), (_, _, _, ct, _) in stats.items() if fn in names)

    c_loop = sum(tt for (_, _, fn), (_, _, tt, _, _) in stats.items()
                 if fn in ("play_agents", "<method 'play_random' of 'mahjong._core.GameCore' objects>",
                           "<method 'play_greedy' of 'mahjong._core.GameCore' objects>",
                           "<method 'advance' of 'mahjong._core.GameCore' objects>"))
    scoring = cumulative("_score_win", "score_from_core")
    settling = cumulative("_settle")
    if total <= 0:
        return ""
    rest = max(0.0, total - c_loop - scoring - settling)
    return (f"C {100 * c_loop / total:.0f} %, scoring {100 * scoring / total:.0f} %, settlement "
            f"{100 * settling / total:.0f} %, other Python {100 * rest / total:.0f} %")


def measure(seconds: float) -> str:
    lines = ["| rule set | self-play, random: hands per CPU-second | vs 25,000 | self-play, greedy: hands per "
             "CPU-second | step API, first legal: decisions per CPU-second | riichienv: decisions per CPU-second "
             "| vs riichienv (target 2x) | where the self-play time goes (under a target) |",
             "|---|---:|---:|---:|---:|---:|---:|---|"]
    rii_all: list[float] = []
    for label, rules, options in rows():
        hands, on_core = self_play(rules, options, seconds)
        greedy, _ = self_play(rules, options, seconds / 2, "greedy")
        # riichienv right before and after this row's step-API run (the shared machine's load moves a lot)
        before = riichienv_first(seconds / 2)
        decisions = step_first(rules, options, seconds)
        after = riichienv_first(seconds / 2)
        rii = (before + after) / 2 if before and after else None
        if rii:
            rii_all.append(rii)
        ratio = decisions / rii if rii else None
        under = hands < TARGET_HANDS or (ratio is not None and ratio < TARGET_RATIO)
        note = where_time_goes(rules, options) if under else ""
        engine = "" if on_core else " (Python engine)"
        lines.append(f"| {label}{engine} | {hands:,.0f} | {hands / TARGET_HANDS:.2f}x | {greedy:,.0f} | "
                     f"{decisions:,.0f} | {rii:,.0f} | {ratio:.2f}x | {note} |" if rii is not None and
                     ratio is not None else
                     f"| {label}{engine} | {hands:,.0f} | {hands / TARGET_HANDS:.2f}x | {greedy:,.0f} | "
                     f"{decisions:,.0f} | n/a | n/a | {note} |")
    if rii_all:
        lines.append(f"| riichienv RiichiEnv (Rust; 4-player riichi, first legal action, mjai logging off) | | | | "
                     f"| {sum(rii_all) / len(rii_all):,.0f} | 1.00x | |")
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
    end_load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    return f"""{HEADER}

Command (from the repository root, after `pip install ".[bench]"`):

    python benchmarks/bench_game.py --seconds {seconds:g} --write benchmarks/RESULTS.md

Date: {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}. One row for every rule set `mahjong rules` lists and
for Guobiao's Botzone format; every figure per CPU-second of this process (`time.process_time`), each measured
for {seconds:g} CPU-seconds (greedy: half that) after a warm-up; the riichienv column is the mean of runs made just
before and just after the row's step-API run. Backend: {BACKEND}. Python {platform.python_version()}, riichienv
{rv}, mjcore commit {_commit()}; load average at start {load}, at the end {end_load} (2 cores shared with other
developers: CPU time is inflated when both cores are busy, for us and for riichienv alike).

{table}

Notes:
- Every row plays on the compiled hand core (`src/mjcore/engine.pxi`): the flow is data the core reads
  (`mahjong.game.coreflow.core_flow`); no rule set, rule file or format falls back to the Python engine
  (`tests/game/test_core_everywhere.py`).
- "self-play" is `mahjong simulate`'s loop (`RandomTable.outcome`: a hand's nets, wins and items, read from the
  core wherever the core decided and settled the hand): the built-in agents choose in C. Guobiao's wins
  (the 8-fan minimum) are decided in C by its fan kernel; a rule set whose book compiles has its wins scored
  and (where it settles by its book or its wins alone) its hands settled in C by the compiled rule-book
  evaluator (`src/mjcore/evaluator.pxi`: Sichuan, the common table, Wuhu, Changsha, the two-player game,
  Hongzhong, Guangdong and Jinshan, their wildcards and the flows' own facts read from the core; a hand with a
  rule file's opening or instant win, or with horses, is settled in Python); for every other rule set the core
  asks the rule set (Python) whether a complete hand on offer may win (its score), and the rule set settles
  each hand in Python (the hand's record is made from the core's state, without building the typed events,
  wherever the record holds nothing else): the last column says where the time goes (a profile of the loop:
  "C" is the hand itself, agents included).
- "step API" drives `Game(rules)` (a `CoreGame` on the core) with the first legal action: every decision goes
  through Python (`legal_actions`, `act`), and each win offered is scored by the rule set as in self-play.
- riichienv is called at its fastest: `RiichiEnv(skip_mjai_logging=True)` (its default mjai log costs it 20-25 %).
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
