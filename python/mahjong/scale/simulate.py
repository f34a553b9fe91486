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
    from mahjong.game.outcome import HandOutcome

__all__ = ["play_hand_k", "outcome_k", "tally_hand", "simulate_shard", "simulate_sharded", "stats_of",
           "warm_simulate"]


def play_hand_k(rules: str, seed: int, k: int, agent: str, options: Mapping[str, Any] | None,
                table: RandomTable | None = None) -> HandTable:
    """Hand ``k`` of a seeded simulate run, played to its end (hand k: salt k, the deal rotating, the agents
    seeded from the run's seed and k).

    The random and greedy agents play at a :class:`~mahjong.game.core.RandomTable` (``table``, or one made
    here): on the compiled hand core they choose in C, the same hands as ``RandomAgent`` / ``GreedyAgent``
    through the step API."""
    from mahjong.game.agents import make_agent
    from mahjong.game.engine import Game
    from mahjong.game.play import play_hand

    opts = dict(options or {})
    if agent in ("random", "greedy"):
        if table is None:
            from mahjong.game.core import RandomTable

            table = RandomTable(rules, opts, agent)
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


def outcome_k(rules: str, seed: int, k: int, agent: str, options: Mapping[str, Any] | None,
              table: RandomTable | None = None) -> HandOutcome:
    """The outcome of hand ``k`` of a seeded simulate run (:func:`play_hand_k`'s hand): at a
    :class:`~mahjong.game.core.RandomTable` read from the compiled core where it settled the hand itself
    (:meth:`~mahjong.game.core.RandomTable.outcome`), else from the played hand."""
    if table is not None and agent in ("random", "greedy"):
        seats = table.flow.seats
        return table.outcome(seed=seed, salt=k, hand_number=k, dealer=seats[k % len(seats)],
                             agent_seeds=[seed * 4 + s + 16 * k for s in seats])
    from mahjong.game.outcome import outcome_of  # (here: the table's hands, every hand of a run, import nothing)

    return outcome_of(play_hand_k(rules, seed, k, agent, options, table))


def tally_hand(tally: Tally, outcome: HandOutcome) -> None:
    """Count one finished hand: hands won / drawn, wins and self-draws, each pattern, the winner's points, the
    rule file's special events."""
    counts = tally.counts
    net, self_drawn, items, special = outcome
    instant = False
    for kind in special:  # a rule file's own events: opening declarations, instant wins, horses
        counts[f"special:{kind}"] += 1
        instant = instant or kind == "instant_win"
    if items:
        labels = tally.labels
        for item in items:
            name = _PATTERN_KEYS.get(item)
            if name is None:
                name = f"pattern:{item[0]}"
                if len(_PATTERN_KEYS) < 4096:  # (a run meets a few hundred (key, name) pairs at most)
                    _PATTERN_KEYS[item] = name
            counts[name] += 1
            labels[name] = item[1]
    counts["hands"] += 1
    if self_drawn or instant:
        counts["hands_won"] += 1
        counts["wins"] += len(self_drawn)
        counts["self_drawn"] += sum(self_drawn)
        tally.observe("winner_points", max(net))
    else:
        counts["draws"] += 1
    for seat, v in enumerate(net):
        counts[_NET_KEYS[seat]] += v


_NET_KEYS = tuple(f"net:seat{s}" for s in range(4))
#: (key, name) of a counted item -> its tally key ("pattern:" + key), made once per pair
_PATTERN_KEYS: dict[tuple[str, str], str] = {}


def simulate_shard(params: Mapping[str, Any], shard: Shard) -> Tally:
    """Task: play hands ``shard.start`` .. of the run described by ``params`` and tally them."""
    import time

    t0, c0 = time.perf_counter(), time.process_time()
    tally = Tally()
    table = None
    if params["agent"] in ("random", "greedy"):  # one table (one flow) for the whole shard
        from mahjong.game.core import RandomTable

        table = RandomTable(params["rules"], params["options"], params["agent"])
    for k in range(shard.start, shard.start + shard.count):
        tally_hand(tally, outcome_k(params["rules"], params["seed"], k, params["agent"], params["options"], table))
    tally.seconds = time.perf_counter() - t0
    tally.cpu_seconds = time.process_time() - c0
    tally.shard_cpu = [tally.cpu_seconds]
    return tally


def warm_simulate(params: Mapping[str, Any]) -> None:
    """A simulate worker's warm-up, before its first shard: the rule set's flow and rule book made (the
    imports and the shipped rule books it loads) and one hand played (the kernels' first look-ups)."""
    from mahjong.game.core import RandomTable

    table = RandomTable(params["rules"], params["options"], "random" if params["agent"] != "greedy" else "greedy")
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
        "cpu_seconds": tally.cpu_seconds,
        "hands_per_cpu_second": n / tally.cpu_seconds if tally.cpu_seconds > 0 else None,
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
    from mahjong._argtypes import check_hands
    from mahjong.errors import RulesError
    from mahjong.game.agents import AGENTS
    from mahjong.game.engine import make_flow

    check_hands(hands)
    if agent not in AGENTS:
        raise RulesError(f"unknown agent {agent!r}; known: {', '.join(AGENTS)}")
    make_flow(rules, options)  # an unknown rule set or option fails here, before any worker starts
    params = {"rules": rules, "seed": seed, "agent": agent, "options": dict(options or {})}
    tally = run_sharded(simulate_shard, params, hands, workers=workers, ray=ray, progress=progress,
                        warm=warm_simulate)
    return stats_of(tally, rules, seed, agent), tally
