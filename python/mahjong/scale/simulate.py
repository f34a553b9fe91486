"""``simulate`` sharded: hands played by the built-in agents in seeded shards, statistics merged exactly.

Hand ``k`` of a run is played exactly as :func:`mahjong.game.cli.simulate` plays it (same wall seed and salt,
same dealer rotation, same agent seeds: :func:`play_hand_k`), wherever its shard runs, and its statistics are
integer counts and histograms; so the totals of ``simulate_sharded(..., workers=K)`` are identical for every K
and every back end, and equal the single-process ``mahjong simulate`` of the same seed (a test compares them).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from mahjong.scale.runner import Progress, run_sharded
from mahjong.scale.shards import Shard
from mahjong.scale.tally import Tally

if TYPE_CHECKING:
    from mahjong.game.core import RandomTable
    from mahjong.game.engine import HandTable

__all__ = ["play_hand_k", "simulate_shard", "simulate_sharded", "stats_of", "warm_simulate"]


def play_hand_k(rules: str, seed: int, k: int, agent: str, options: Mapping[str, Any] | None,
                table: RandomTable | None = None) -> HandTable:
    """Hand ``k`` of a seeded simulate run, played to its end (the seeding of :func:`mahjong.game.cli.simulate`).

    The random agents play at a :class:`~mahjong.game.core.RandomTable` (``table``, or one made here): on the
    compiled hand core they choose in C, the same hands as ``RandomAgent`` through the step API."""
    from mahjong.game import Game, play_hand
    from mahjong.game.agents import make_agent

    opts = dict(options or {})
    if agent == "random":
        if table is None:
            from mahjong.game.core import RandomTable

            table = RandomTable(rules, opts)
        seats = table.flow.seats
        return table.hand(seed=seed, salt=k, hand_number=k, dealer=seats[k % len(seats)],
                          agent_seeds=[seed * 4 + s + 16 * k for s in seats])
    game = Game(rules, seed=seed, salt=k, hand_number=k, options=opts)
    seats = game.flow.seats
    if k % len(seats):
        game = Game(rules, seed=seed, salt=k, hand_number=k, dealer=seats[k % len(seats)], options=opts)
    agents = {s: make_agent(agent, seed * 4 + s + 16 * k) for s in seats}
    play_hand(game, agents)
    return game


def tally_hand(tally: Tally, game: HandTable) -> None:
    """Count one finished hand: hands won / drawn, wins and self-draws, each pattern, the winner's points, the
    rule file's special events."""
    from mahjong.rulebook.special import special_events_of

    wins = game.wins_made()  # (a hand with no win on the core never builds its typed events)
    settlement = game.settlement
    assert settlement is not None
    special = special_events_of(game)  # a rule file's own events: opening declarations, instant wins, horses
    instant = False
    for ev in special:
        tally.add(f"special:{ev.type}")
        instant = instant or ev.type == "instant_win"
    tally.add("hands")
    tally.add("hands_won" if wins or instant else "draws")
    for w in wins:
        tally.add("wins")
        if w.from_seat is None:
            tally.add("self_drawn")
    for r in settlement.results:
        for it in r.items:
            tally.add(f"pattern:{it.key}")
            tally.labels[f"pattern:{it.key}"] = it.name_zh
    if wins or instant:
        tally.observe("winner_points", max(settlement.net))
    for seat, v in enumerate(settlement.net):
        tally.add(f"net:seat{seat}", v)


def simulate_shard(params: Mapping[str, Any], shard: Shard) -> Tally:
    """Task: play hands ``shard.start`` .. of the run described by ``params`` and tally them."""
    import time

    t0, c0 = time.perf_counter(), time.process_time()
    tally = Tally()
    table = None
    if params["agent"] == "random":  # one table (one flow) for the whole shard
        from mahjong.game.core import RandomTable

        table = RandomTable(params["rules"], params["options"])
    for k in range(shard.start, shard.start + shard.count):
        tally_hand(tally, play_hand_k(params["rules"], params["seed"], k, params["agent"], params["options"], table))
    tally.seconds = time.perf_counter() - t0
    tally.cpu_seconds = time.process_time() - c0
    tally.shard_cpu = [tally.cpu_seconds]
    return tally


def warm_simulate(params: Mapping[str, Any]) -> None:
    """A simulate worker's warm-up, before its first shard: the rule set's flow and rule book made (the
    imports and the shipped rule books it loads) and one hand played (the kernels' first look-ups)."""
    from mahjong.game.core import RandomTable

    table = RandomTable(params["rules"], params["options"])
    table.hand(seed=params["seed"])


def _percentile(hist: Mapping[int, int], q: float) -> int | None:
    n = sum(hist.values())
    if not n:
        return None
    want = min(n - 1, int(q * n))
    seen = 0
    for value in sorted(hist):
        seen += hist[value]
        if seen > want:
            return value
    raise AssertionError("unreachable")


def stats_of(tally: Tally, rules: str, seed: int, agent: str) -> dict[str, Any]:
    """The statistics dict of ``mahjong simulate --json`` built from a merged tally."""
    c = tally.counts
    n = c["hands"]
    wins = c["wins"]
    hist: Mapping[int, int] = tally.hists.get("winner_points", {})
    total_points = sum(v * m for v, m in hist.items())
    won = sum(hist.values())
    patterns = sorted(((k[8:], v) for k, v in c.items() if k.startswith("pattern:") and v),
                      key=lambda kv: (-kv[1], kv[0]))
    return {
        "rules": rules,
        "agent": agent,
        "seed": seed,
        "hands": n,
        "win_rate": c["hands_won"] / n if n else 0.0,
        "draw_rate": c["draws"] / n if n else 0.0,
        "wins": wins,
        "self_draw_share": c["self_drawn"] / wins if wins else 0.0,
        "winner_points": {
            "mean": total_points / won if won else None,
            "min": _percentile(hist, 0),
            "p25": _percentile(hist, 0.25),
            "median": _percentile(hist, 0.5),
            "p75": _percentile(hist, 0.75),
            "max": _percentile(hist, 1.0),
        },
        "patterns": {
            key: {"name": tally.labels.get(f"pattern:{key}", key), "count": v, "per_win": v / wins if wins else 0}
            for key, v in patterns
        },
        "seconds": tally.seconds,
        "hands_per_second": n / tally.seconds if tally.seconds > 0 else None,
        "special_events": dict(sorted((k[8:], v) for k, v in c.items() if k.startswith("special:") and v)),
    }


def simulate_sharded(
    rules: str,
    hands: int,
    seed: int = 0,
    agent: str = "greedy",
    options: Mapping[str, Any] | None = None,
    *,
    workers: int = 1,
    ray: str | None = None,
    progress: Progress | None = None,
) -> tuple[dict[str, Any], Tally]:
    """Play ``hands`` hands in seeded shards on ``workers`` local processes (or Ray, see
    :func:`mahjong.scale.run_sharded`); returns the ``simulate`` statistics and the merged tally."""
    from mahjong.errors import RulesError
    from mahjong.game.agents import AGENTS
    from mahjong.game.cli import check_hands
    from mahjong.game.engine import make_flow

    check_hands(hands)
    if agent not in AGENTS:
        raise RulesError(f"unknown agent {agent!r}; known: {', '.join(AGENTS)}")
    make_flow(rules, options)  # an unknown rule set or option fails here, before any worker starts
    params = {"rules": rules, "seed": seed, "agent": agent, "options": dict(options or {})}
    tally = run_sharded(simulate_shard, params, hands, workers=workers, ray=ray, progress=progress,
                        warm=warm_simulate)
    return stats_of(tally, rules, seed, agent), tally
