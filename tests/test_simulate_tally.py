"""``mahjong simulate``'s tally reads what the compiled core computed, and counts what the hands' settlements say.

A hand the core plays and settles itself (the compiled rule book in C: Sichuan's, the common table's, Wuhu's; a
Guobiao hand that ends with no win) is read from the core's state (:meth:`~mahjong.game.core.RandomTable.outcome`,
``GameCore.won_rows``); every statistic of the command must be what the hands' own settlements give.  The reference
here counts each hand as the command always has: the hand played to its end, its wins, its settlement's nets and
every item of every result, the rule file's special events.
"""

from __future__ import annotations

import collections
from typing import Any

import pytest

from mahjong import list_rulesets
from mahjong.game.agents import make_agent
from mahjong.game.cli import simulate
from mahjong.game.core import CoreHand, RandomTable, core_available
from mahjong.game.engine import Game
from mahjong.game.outcome import HandOutcome, outcome_of
from mahjong.game.play import play_hand
from mahjong.rulebook.special import special_events_of
from mahjong.scale.simulate import simulate_sharded

TIMES = ("seconds", "hands_per_second", "cpu_seconds", "hands_per_cpu_second")
#: the rule sets the compiled core plays (more hands for them: their hands are read from the core)
ON_CORE = ("guobiao", "guobiao-extras", "guobiao-rulebook", "sichuan", "common", "wuhu-2468", "wuhu-1234")


def reference(rules: str, hands: int, seed: int, agent: str) -> dict[str, Any]:
    """The statistics of ``simulate`` counted from each hand played on the step API (the Python engine) and its
    settlement: hand k with salt k, the deal rotating, the agents seeded from the seed and k."""
    stats: collections.Counter[str] = collections.Counter()
    patterns: collections.Counter[str] = collections.Counter()
    names: dict[str, str] = {}
    special: collections.Counter[str] = collections.Counter()
    points: list[int] = []
    for k in range(hands):
        game = Game(rules, seed=seed, salt=k, hand_number=k, engine="python")
        seats = game.flow.seats
        if k % len(seats):
            game = Game(rules, seed=seed, salt=k, hand_number=k, dealer=seats[k % len(seats)], engine="python")
        play_hand(game, {s: make_agent(agent, seed * 4 + s + 16 * k) for s in seats})
        assert game.settlement is not None
        wins = game.state.wins
        instant = 0
        for ev in special_events_of(game):
            special[ev.type] += 1
            instant += ev.type == "instant_win"
        stats["hands"] += 1
        stats["hands_won" if wins or instant else "draws"] += 1
        stats["wins"] += len(wins)
        stats["self_drawn"] += sum(w.from_seat is None for w in wins)
        for r in game.settlement.results:
            for it in r.items:
                patterns[it.key] += 1
                names[it.key] = it.name_zh
        if wins or instant:
            points.append(max(game.settlement.net))
    points.sort()
    n, w = stats["hands"], stats["wins"]

    def pct(q: float) -> int | None:
        return points[min(len(points) - 1, int(q * len(points)))] if points else None

    return {
        "rules": rules, "agent": agent, "seed": seed, "hands": n, "win_rate": stats["hands_won"] / n,
        "draw_rate": stats["draws"] / n, "wins": w, "self_draw_share": stats["self_drawn"] / w if w else 0.0,
        "winner_points": {"mean": sum(points) / len(points) if points else None, "min": pct(0), "p25": pct(0.25),
                          "median": pct(0.5), "p75": pct(0.75), "max": pct(1.0)},
        "patterns": {key: {"name": names[key], "count": c, "per_win": c / w if w else 0}
                     for key, c in patterns.items()},
        "special_events": dict(sorted(special.items())),
    }


def exact(stats: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in stats.items() if k not in TIMES}


def counted(o: HandOutcome) -> tuple[Any, ...]:
    """An outcome as the tally counts it (the items in any order)."""
    return o.net, o.self_drawn, sorted(o.items), o.special


@pytest.mark.parametrize("rules", [name for name, _ in list_rulesets()])
def test_every_rule_sets_totals_are_its_settlements(rules: str) -> None:
    # (the reference plays on the Python engine; on the pure-Python backend the command does too, ~100x slower)
    hands = (60 if rules in ON_CORE else 8) if core_available() else 3
    got = simulate(rules, hands, 7, "random")
    assert exact(got) == reference(rules, hands, 7, "random")
    assert set(TIMES) <= set(got) and got["hands_per_cpu_second"] is None or got["hands_per_cpu_second"] > 0


@pytest.mark.parametrize("rules", ["sichuan", "guobiao", "common"])
def test_the_greedy_agents_totals_too(rules: str) -> None:
    hands = 8 if core_available() else 2  # (greedy on the pure-Python kernels: ~100x slower a decision)
    assert exact(simulate(rules, hands, 3, "greedy")) == reference(rules, hands, 3, "greedy")


@pytest.mark.parametrize("rules, options", [("sichuan", {}), ("sichuan", {"exchange_three": True}),
                                            ("sichuan", {"max_fan": 2, "dianganghua": "discard"}),
                                            ("guobiao", {}), ("guobiao-rulebook", {}), ("guobiao-extras", {}),
                                            ("common", {}), ("wuhu-2468", {}), ("wuhu-1234", {}),
                                            ("yuhuan", {}), ("yuhuan", {"lazi_is_cap": True, "wall_end_reserve": 0})])
def test_an_outcome_read_from_the_core_is_the_hands(rules: str, options: dict[str, Any]) -> None:
    table = RandomTable(rules, options)
    seen_wins = 0
    for k in range(300 if core_available() else 12):
        kw: dict[str, Any] = {"seed": 11, "salt": k, "hand_number": k, "dealer": k % 4,
                              "agent_seeds": [s + 16 * k for s in range(4)]}
        hand = table.hand(**kw)
        settlement = hand.settlement
        assert settlement is not None
        by_settlement = HandOutcome(tuple(settlement.net), tuple(w.from_seat is None for w in hand.wins_made()),
                                    tuple((it.key, it.name_zh) for r in settlement.results for it in r.items))
        assert counted(table.outcome(**kw)) == counted(by_settlement)
        assert counted(outcome_of(table.hand(**kw))) == counted(by_settlement)
        seen_wins += len(by_settlement.self_drawn)
    assert seen_wins > 0 or not core_available()


def test_sichuans_items_come_from_c() -> None:
    if not core_available():
        pytest.skip("the compiled core is not in use (MAHJONG_PURE_PYTHON=1)")
    table = RandomTable("sichuan")
    assert table._lean and table._lean_items is not None
    read = 0
    for k in range(200):
        hand = table.hand(seed=2, salt=k, agent_seeds=[s + 16 * k for s in range(4)])
        assert isinstance(hand, CoreHand)
        rows = hand.core.won_rows()
        assert rows is not None and len(rows) == len(hand.core.wins())
        assert hand.core.book_outcome() == (hand.core.book_net(), rows)  # (the two in one settlement)
        items = hand.won_items()
        assert items is not None
        settlement = hand.settlement  # (the rule book's, made now: it must say the same)
        assert settlement is not None
        assert [sorted(w) for w in items] == [sorted((it.key, it.name_zh) for it in r.items)
                                              for r in settlement.results]
        read += len(rows)
    assert read > 20


@pytest.mark.parametrize("rules, agent", [("sichuan", "random"), ("guobiao", "random"), ("common", "greedy")])
def test_the_sharded_run_counts_the_same(rules: str, agent: str) -> None:
    hands = 24 if core_available() else 4  # (two shards of each: the split is what is tested)
    single = exact(simulate(rules, hands, 9, agent))
    stats, tally = simulate_sharded(rules, hands, 9, agent, workers=2)
    assert exact(stats) == single
    assert tally.counts["hands"] == hands


@pytest.mark.parametrize("rules", ["guobiao", "sichuan", "common"])
def test_a_core_given_a_new_hand_plays_a_fresh_cores_hand(rules: str) -> None:
    if not core_available():
        pytest.skip("the compiled core is not in use (MAHJONG_PURE_PYTHON=1)")
    from mahjong.game.core import CS_WAIT, _GameCore

    table = RandomTable(rules)

    def made(seed: int, salt: int, dealer: int) -> Any:
        core = _GameCore(table.params, seed, salt, dealer, 1, None)
        if table.book is not None:
            core.decide_book(*table.book)
        if table.decide is not None:
            core.decide_guobiao(*table.decide)
        return core

    def played(core: Any, k: int) -> tuple[Any, ...]:
        core.seed_agents([s + 16 * k for s in range(4)])
        status = core.advance()
        while status == CS_WAIT:
            status = core.play_random()
        out = status, core.wall, core.events(), core.wins(), core.won_rows(), core.book_net()
        assert core.book_outcome() == (None if out[-1] is None else (out[-1], out[-2]))
        return out

    reused = made(5, 0, 0)
    played(reused, 0)
    for k in range(1, 30):  # (each time on a core that has just played a hand to its end, or to a question)
        reused.new_hand(5, k, k % 4, 1)
        assert played(reused, k) == played(made(5, k, k % 4), k)
    with pytest.raises(ValueError):
        reused.new_hand(5, 0, 4, 0)
