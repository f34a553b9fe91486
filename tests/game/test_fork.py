"""Forks of a hand: Game.clone() (an independent copy) and Game.determinize(seat, seed) (a copy with what the
seat cannot see re-dealt), on both engines, under every rule set, at any point of a hand (hypothesis); the
oracle observation (observe(seat, oracle=True)) shows exactly what is hidden."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mahjong.errors import MahjongError
from mahjong.game import Game, GreedyAgent, RandomAgent, play_hand
from mahjong.game.core import core_available
from mahjong.game.engine import make_flow
from mahjong.game.flows import FLOWS
from mahjong.game.fork import hidden_from
from mahjong.registry import load_presets

load_presets()  # (the rule files' games register their flows as they load)
RULES = sorted(FLOWS)
#: the public per-seat facts of an observation (every seat's, as the observing seat sees them)
PUBLIC = ("melds", "discards", "bonus", "concealed_count", "ready", "lack", "won", "wildcards", "indicator",
          "visible", "live", "phase", "actor", "last_discard", "pending_kong", "dealer", "prevalent_wind")


def _played(rules: str, seed: int, steps: int, engine: str = "auto", options: dict[str, Any] | None = None) -> Game:
    """A hand of ``rules`` after at most ``steps`` answers of random players (or over sooner)."""
    g = Game(rules, seed=seed, engine=engine, options=options)
    agents = {s: RandomAgent(seed * 4 + s) for s in g.flow.seats}
    n = 0
    while not g.done and n < steps:
        s = g.pending[0]
        g.act(s, agents[s].choose(g, s, g.legal_actions(s)))
        n += 1
    return g


def _public(view: dict[str, Any]) -> dict[str, Any]:
    """The public facts of a seat's observation: its own concealed kongs face down as the others see them (a
    re-dealt kong may change its tile), the visible counts left out (they hold the seat's own kongs)."""
    out = {k: view[k] for k in PUBLIC if k != "visible"}
    out["melds"] = [[{**m, "tiles": [-1] * 4} if m["kind"] == "concealed_kong" else m for m in ms]
                    for ms in view["melds"]]
    return out


def _finish(g: Game, seed: int) -> Game:
    agents = {s: RandomAgent(seed + s) for s in g.flow.seats}
    while not g.done:
        s = g.pending[0]
        g.act(s, agents[s].choose(g, s, g.legal_actions(s)))
    return g


def _everywhere(g: Game) -> Counter[int]:
    """Every tile of the hand wherever it lies: hands, melds, bonus tiles set aside, unclaimed discards, the live
    wall and the tiles out of play (the robbed kong's tile lies in the robbed seat's river)."""
    st_ = g.state
    where: Counter[int] = Counter()
    oracle = g.observe(g.flow.seats[0], oracle=True)["oracle"]
    where.update(oracle["wall"])
    where.update(st_.out_of_play)
    for s in range(4):
        where.update(t for t, c in enumerate(st_.hands[s]) for _ in range(c))
        for m in st_.melds[s]:
            where.update(m.tiles)
        where.update(st_.bonus[s])
        where.update(t for t, claimed in st_.discards[s] if not claimed)
    return where


hands = given(rules=st.sampled_from(RULES), seed=st.integers(0, 2**20), steps=st.integers(0, 90),
              fork_seed=st.integers(0, 2**32), pick=st.integers(0, 3))
budget = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@hands
@budget
def test_determinize_keeps_the_seats_view_every_public_fact_and_every_tile(rules: str, seed: int, steps: int,
                                                                          fork_seed: int, pick: int) -> None:
    g = _played(rules, seed, steps)
    seats = g.flow.seats
    seat = g.pending[0] if g.pending and pick % 2 else seats[pick % len(seats)]
    before = {s: g.observe(s) for s in seats}
    events = list(g.events)
    hidden = hidden_from(g, seat)
    d = g.determinize(seat, fork_seed)
    assert list(g.events) == events and g.observe(seat) == before[seat]  # the original is untouched
    # the seat's own view (its tiles, the public facts, its legal actions) is unchanged
    assert d.observe(seat) == before[seat]
    assert d.legal_actions(seat) == g.legal_actions(seat)
    for s in seats:  # every other seat's public facts too, and its hand's size
        view = d.observe(s)
        assert _public(view) == _public(before[s])
        assert len(view["hand"]) == len(before[s]["hand"])
    # conservation: every tile of the set is somewhere, once; the hidden ones are the same tiles re-dealt
    d.state.tile_count_check()
    assert _everywhere(d) == _everywhere(g) == Counter(make_flow(rules).tiles())
    again = hidden_from(d, seat)

    def pool(h: dict[str, Any]) -> Counter[int]:
        c: Counter[int] = Counter(h["wall"]) + Counter(h["out_of_play"])
        for counts in h["hands"].values():
            c += counts
        for _, _, t in h["kongs"]:
            c[t] += 4
        return c

    assert pool(again) == pool(hidden)
    assert [len(w) for w in (again["wall"], again["out_of_play"])] == [len(hidden["wall"]), len(hidden["out_of_play"])]
    # the same seed deals the same; the copy plays to its end, zero-sum
    assert d.determinize(seat, 0).observe(seat) == before[seat]
    assert g.determinize(seat, fork_seed).observe(seat, oracle=True) == d.observe(seat, oracle=True)
    _finish(d, seed)
    assert d.settlement is not None and sum(d.settlement.net) == 0


@hands
@budget
def test_clone_is_independent_and_plays_the_same(rules: str, seed: int, steps: int, fork_seed: int, pick: int) -> None:
    g = _played(rules, seed, steps)
    events = list(g.events)
    c = g.clone()
    assert type(c) is type(g) and c.events == events
    assert all(c.observe(s, oracle=True) == g.observe(s, oracle=True) for s in g.flow.seats)
    _finish(c, fork_seed)
    assert list(g.events) == events  # the original did not move
    _finish(g, fork_seed)
    assert g.events == c.events and g.settlement is not None and c.settlement is not None
    assert g.settlement.net == c.settlement.net


@pytest.mark.skipif(not core_available(), reason="compares the compiled core with its Python twin")
@given(rules=st.sampled_from(["guobiao", "sichuan", "common", "wuhu-2468"]), seed=st.integers(0, 2**20),
       steps=st.integers(0, 90), fork_seed=st.integers(0, 2**32), pick=st.integers(0, 3))
@settings(max_examples=30, deadline=None)
def test_both_engines_fork_alike(rules: str, seed: int, steps: int, fork_seed: int, pick: int) -> None:
    core, py = _played(rules, seed, steps), _played(rules, seed, steps, engine="python")
    assert type(core).__name__ == "CoreGame" and type(py) is Game
    seat = core.flow.seats[pick]
    dc, dp = core.determinize(seat, fork_seed), py.determinize(seat, fork_seed)
    for s in core.flow.seats:
        assert dc.observe(s, oracle=True) == dp.observe(s, oracle=True)
        assert dc.legal_actions(s) == dp.legal_actions(s)
    if not dc.done:  # the core's struct holds what its folded state holds
        st_ = dc.state
        assert [bytes(st_.hands[s]) for s in range(4)] == [dc.core.hand(s) for s in range(4)]  # type: ignore[attr-defined]
        assert bytes(st_.wall[st_.front:st_.back]) == dc.core.live_wall  # type: ignore[attr-defined]
    for x, agent_seed in ((dc, 3), (dp, 3)):
        agents = {s: GreedyAgent(agent_seed) for s in x.flow.seats}
        play_hand(x, agents)
    assert dc.events == dp.events and dc.settlement.net == dp.settlement.net  # type: ignore[union-attr]


def test_the_oracle_shows_what_is_hidden_and_nothing_else_changes() -> None:
    for rules in RULES:
        g = _played(rules, 3, 20)
        for s in g.flow.seats:
            plain, oracle = g.observe(s), g.observe(s, oracle=True)
            extra = oracle.pop("oracle")
            assert oracle == plain
            st_ = g.state
            assert extra["hands"] == [st_.concealed_tiles(x) for x in range(4)]
            assert extra["hands"][s] == plain["hand"]
            assert len(extra["wall"]) == plain["live"]
            assert extra["concealed_kongs"] == [[m.tile for m in st_.melds[x] if m.kind == "concealed_kong"]
                                                for x in range(4)]


def test_a_concealed_kong_is_re_dealt_as_a_kind_whose_four_copies_are_hidden() -> None:
    # a hand of the common table where seat 1 declares a concealed kong (random players, seat 1 konging when it may)
    for seed in range(200):
        g = Game("common", seed=seed)
        agents = {s: RandomAgent(seed + s) for s in g.flow.seats}
        while not g.done and not any(m.kind == "concealed_kong" for m in g.state.melds[1]):
            s = g.pending[0]
            legal = g.legal_actions(s)
            kong = [a for a in legal if a.kind == "concealed_kong"]
            g.act(s, kong[0] if kong and s == 1 else agents[s].choose(g, s, legal))
        if not g.done:
            break
    else:
        pytest.fail("no concealed kong by seat 1 in 200 hands")
    tiles = set()
    for k in range(20):
        d = g.determinize(0, k)
        (meld,) = [m for m in d.state.melds[1] if m.kind == "concealed_kong"]
        tiles.add(meld.tile)
        assert d.observe(0) == g.observe(0)
        assert d.observe(1)["melds"][1] == [m if m["kind"] != "concealed_kong" else
                                            {**m, "tiles": [meld.tile] * 4} for m in g.observe(1)["melds"][1]]
        d.state.tile_count_check()
    assert len(tiles) > 1  # re-dealt, not kept


def test_bad_arguments() -> None:
    g = Game("guobiao", seed=1)
    with pytest.raises(MahjongError, match="seat 7"):
        g.determinize(7, 0)
    with pytest.raises(MahjongError, match="seed"):
        g.determinize(0, -1)
    with pytest.raises(MahjongError, match="seed"):
        g.determinize(0, "x")  # type: ignore[arg-type]


@pytest.mark.parametrize("rules", RULES)
def test_determinize_re_deals_what_is_hidden(rules: str) -> None:
    g = _played(rules, 7, 6)
    seat = g.pending[0]
    other = [s for s in g.flow.seats if s != seat and s in g.state.playing]
    before = g.observe(seat, oracle=True)["oracle"]
    changed = 0
    for k in range(8):
        after = g.determinize(seat, k).observe(seat, oracle=True)["oracle"]
        assert after["hands"][seat] == before["hands"][seat]
        changed += any(after["hands"][s] != before["hands"][s] for s in other) and after["wall"] != before["wall"]
    assert changed >= 7, changed


@pytest.mark.parametrize("steps", [0, 7, 40, 120])
def test_the_botzone_formats_wall_segments_are_re_dealt_segment_by_segment(steps: int) -> None:
    g = _played("guobiao", 21, steps, options={"botzone": True})
    seat = g.pending[0] if g.pending else 0
    before = g.observe(seat, oracle=True)["oracle"]
    d = g.determinize(seat, 5)
    after = d.observe(seat, oracle=True)["oracle"]
    assert d.observe(seat) == g.observe(seat)
    assert [len(x) for x in after["segments"]] == [len(x) for x in before["segments"]]
    assert after["wall"] == [t for seg in after["segments"] for t in seg]
    d.state.tile_count_check()
    assert _everywhere(d) == Counter(make_flow("guobiao", {"botzone": True}).tiles())
    _finish(d, 1)
