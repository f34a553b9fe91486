"""Per-player diagnostics of a built-in agents' arena: how often and how soon each player gets ready, how wide
its waits are, how often it claims, and its wins and deal-ins (duplicate play, as ``mahjong arena`` plays).

    python benchmarks/arena_diagnostics.py --rules guangdong --bot expert --bot greedy --bot greedy --bot greedy \
        --hands 100 --seed 7

Each player's agent is wrapped by a recorder that reads, after every discard it chooses, the shanten of the hand
it keeps (the kernels, wildcards counted as the game counts them) and, when ready, its waits and their copies the
player cannot see; and at every claim offered, whether it claimed.  Nothing here changes an agent's choice.
"""

from __future__ import annotations

import argparse
import os
import time
from collections import Counter
from typing import Any

import mahjong.arena.run as arena_run
from mahjong._kernels import backend_module as K
from mahjong.errors import MahjongError

CLAIMS = ("pung", "chow", "kong")


class Recorder:
    """Wraps one player's agent (one per game and seat, as the arena makes them) and counts into ``stats``."""

    def __init__(self, agent: Any, stats: Counter[str]) -> None:
        self.agent, self.stats = agent, stats
        self.discards = 0
        self.ready = False
        stats["games"] += 1

    def choose(self, game: Any, seat: int, legal: list[Any]) -> Any:
        action = self.agent.choose(game, seat, legal)
        st = self.stats
        if any(a.kind in CLAIMS for a in legal):
            st["claims offered"] += 1
            if action.kind in CLAIMS:
                st["claims taken"] += 1
        if action.kind in ("discard", "ready") and action.tile < 34:
            self.discards += 1
            state = game.state
            kept = list(state.hands[seat])
            kept[action.tile] -= 1
            if action.tile in set(game.flow.wild_kinds(state)):
                st["wildcards discarded"] += 1
            real, wild = game.flow.wildcard_count(state, kept)
            try:
                shanten = K.shanten(bytes(real), wild, game.ruleset.hand_rules)
                waits = K.useful_tiles(bytes(real), wild, game.ruleset.hand_rules) if shanten == 0 else ()
            except MahjongError:
                return action
            if shanten == 0:
                if not self.ready:
                    self.ready = True
                    st["games ready"] += 1
                    st["discards before ready"] += self.discards
                st["ready discards"] += 1
                st["wait kinds"] += sum(1 for t in waits if t < 34)
                st["wait copies unseen"] += sum(max(0, 4 - state.visible[t] - kept[t]) for t in waits if t < 34)
        return action


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rules", required=True)
    ap.add_argument("--bot", action="append", required=True, help="a built-in agent's name, one per seat")
    ap.add_argument("--hands", type=int, default=100)
    ap.add_argument("--seed", type=int, default=2026)
    args = ap.parse_args()
    stats: list[Counter[str]] = [Counter() for _ in args.bot]
    make = arena_run.make_agent
    made = [0]

    def recorded(name: str, seed: int = 0) -> Any:
        # (the arena makes the players' agents in seat order, one game after another)
        player = made[0] % len(args.bot)
        made[0] += 1
        return Recorder(make(name, seed), stats[player])

    arena_run.make_agent = recorded  # type: ignore[assignment]
    c0 = time.process_time()
    result = arena_run.run_arena(args.rules, args.bot, args.hands, seed=args.seed, duplicate=True)
    cpu = time.process_time() - c0
    print(f"{args.rules}, seed {args.seed}, {args.hands} walls, {len(result.games)} games; {cpu:.0f} CPU-s; "
          f"load average {os.getloadavg()[0]:.1f}")
    print("| player | wins | deal-ins | ready in | first ready after (own discards) | wait kinds | wait copies "
          "unseen | claims taken / offered | wildcards discarded |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    for i, (name, st) in enumerate(zip(args.bot, stats)):
        wins = sum(g.won[i] for g in result.games)
        deal_ins = sum(g.dealt_in[i] for g in result.games)
        ready = st["games ready"]
        per_ready = max(1, st["ready discards"])
        print(f"| {i} {name} | {wins} | {deal_ins} | {ready / max(1, st['games']):.1%} | "
              f"{st['discards before ready'] / max(1, ready):.1f} | {st['wait kinds'] / per_ready:.2f} | "
              f"{st['wait copies unseen'] / per_ready:.2f} | {st['claims taken']} / {st['claims offered']} | "
              f"{st['wildcards discarded']} |")


if __name__ == "__main__":
    main()
