"""The expert agent (``mahjong.game.expert``): legal play on every kind of rule set, Guobiao's 8-fan minimum in
its claims, and its name wherever agents are named (the arena's measured strength is in benchmarks/RESULTS.md)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from game_support import make_wall

import mahjong
from mahjong.game import Action, Game
from mahjong.game.agents import AGENTS, ExpertAgent, FirstAgent, GreedyAgent, make_agent
from mahjong.tiles import parse_tiles

_SCRIPT = os.path.join(os.path.dirname(sys.executable), "mahjong")


#: the pure-Python kernels take about 100x longer over the expert's (and the greedy agent's) many shanten probes:
#: there the expert plays one seat for its first decision of one hand (the rest of the hand the first legal
#: action), on the compiled core every seat of two hands
COMPILED = mahjong.BACKEND == "cython"


def _play(game: Game, experts: int, decisions: int | None) -> Game:
    """Play to the end: the first ``experts`` seats expert (for at most ``decisions`` choices each), the rest
    greedy on the compiled core (the first legal action on the pure-Python one); every choice must be legal."""
    seats = game.flow.seats
    expert = {s: ExpertAgent(seed=s) for s in seats[:experts]}
    greedy = {s: GreedyAgent(seed=s) if COMPILED else FirstAgent() for s in seats}
    made = dict.fromkeys(seats, 0)
    steps = 0
    while not game.done:
        for seat in game.pending:
            legal = game.legal_actions(seat)
            mine = seat in expert and (decisions is None or made[seat] < decisions)
            choice = (expert if mine else greedy)[seat].choose(game, seat, legal)
            made[seat] += mine
            assert choice in legal, (seat, choice, legal)
            game.act(seat, choice)
        steps += 1
        assert steps < 10_000
    return game


# rule sets of every shape: 8-fan minimum, 定缺 and 换三张, wildcards, 16-tile hands, two players, bonus wildcards
@pytest.mark.parametrize("rules", ["guobiao", "sichuan", "hongzhong", "yuhuan", "twoplayer", "jinshan",
                                   "guangdong-fangui"])
def test_expert_agents_play_whole_hands_with_legal_choices(rules: str) -> None:
    for salt in range(2 if COMPILED else 1):
        game = Game(rules, seed=5, salt=salt)
        _play(game, 4 if COMPILED else 1, None if COMPILED else 1)
        assert game.settlement is not None
        assert sum(game.settlement.net) == 0


def _claim_after_first_discard(rules: str, seat1: str, discard: str) -> tuple[Game, list[Action]]:
    """Seat 0 (the dealer, all honours) discards ``discard`` at once; seat 1 holds ``seat1`` and may claim it."""
    wall = make_wall(rules, {0: discard + "1z2z3z4z5z6z7z1z2z3z4z5z", 1: seat1}, dealer=0)
    game = Game(rules, wall=wall, dealer=0)
    tile = parse_tiles(discard)[0]
    while not (0 in game.pending and Action("discard", tile) in game.legal_actions(0)):
        for s in game.pending:  # (flowers and the like before the first discard)
            legal = game.legal_actions(s)
            game.act(s, Action("pass") if Action("pass") in legal else legal[0])
    game.act(0, Action("discard", tile))
    return game, game.legal_actions(1)


def test_in_guobiao_no_claim_toward_a_hand_that_cannot_reach_eight_fan() -> None:
    # the pung makes the hand ready (123m 567m 555p 23s 88s) with no win of 8 fan: the greedy agent takes it,
    # the expert keeps the hand concealed
    game, legal = _claim_after_first_discard("guobiao", "1m2m3m5m6m7m5p5p2s3s8s8s6z", "5p")
    assert Action("pung", parse_tiles("5p")[0]) in legal
    assert GreedyAgent().choose(game, 1, legal).kind == "pung"
    assert ExpertAgent().choose(game, 1, legal).kind == "pass"


def test_in_guobiao_a_claim_toward_a_full_flush_is_taken() -> None:
    # one suit only: a claim keeps a win of 24 fan (清一色) in sight, so it is worth taking
    game, legal = _claim_after_first_discard("guobiao", "1p2p3p5p6p7p3p3p2p6p8p8p6z", "3p")
    choice = ExpertAgent().choose(game, 1, legal)
    assert choice.kind in ("pung", "chow", "kong"), choice


def test_the_expert_is_a_built_in_agent_by_name() -> None:
    assert AGENTS["expert"] is ExpertAgent
    assert isinstance(make_agent("expert", 3), ExpertAgent)


def test_simulate_plays_the_expert_agent_by_name() -> None:
    hands = 2 if COMPILED else 1
    cmd = [_SCRIPT] if os.path.exists(_SCRIPT) else [sys.executable, "-m", "mahjong"]
    r = subprocess.run([*cmd, "simulate", "--rules", "sichuan", "--hands", str(hands), "--seed", "4",
                        "--agent", "expert", "--json", "--no-progress"], capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["hands"] == hands


def _ready_point(rules: str) -> tuple[Game, int, list[int]]:
    """A point of a seeded hand where the seat to move, discarding, can be ready: (game, seat, counts after the
    discard that keeps it ready)."""
    from mahjong.game.expert import _Look

    for seed in range(60):
        game = Game(rules, seed=seed)
        greedy = {s: GreedyAgent(seed * 4 + s) for s in game.flow.seats}
        while not game.done:
            seat = game.pending[0]
            legal = game.legal_actions(seat)
            if any(a.kind == "discard" for a in legal):
                look = _Look(game, seat, ExpertAgent()._memo_for(game, seat))
                for a in legal:
                    if a.kind == "discard":
                        c = list(look.counts)
                        c[a.tile] -= 1
                        if look.shanten(c) == 0 and look.ready(c)[0] > 0:
                            return game, seat, c
            game.act(seat, greedy[seat].choose(game, seat, legal))
    raise AssertionError(f"no ready point in 60 seeded {rules} hands")


def test_a_wildcard_in_the_wall_is_an_out_for_every_hand() -> None:
    from mahjong.game.expert import _Look

    game, seat, c = _ready_point("hongzhong")
    look = _Look(game, seat, ExpertAgent()._memo_for(game, seat))
    red = parse_tiles("C")[0]  # (红中: the wildcard)
    assert look.wild == (red,)
    assert red in look.useful(c) and look.unseen[red] > 0
    rate, worth = look.value(c, red)  # (won on a drawn 红中)
    assert rate == 1.0 and worth > 0


@pytest.mark.parametrize("rules", ["hongzhong", "guangdong-fangui"])
def test_the_expert_values_a_win_only_by_what_its_seat_can_see(rules: str) -> None:
    # the birds turned up after a win come from the wall: re-dealing what the seat cannot see must not change
    # what it expects a win to bring
    from mahjong.game.expert import _Look

    game, seat, c = _ready_point(rules)
    look = _Look(game, seat, {"typical": (1.0, 0.0)})
    waits = [w for w in look.useful(c) if look.unseen[w]]
    values = {w: look.value(c, w) for w in waits}
    for k in range(6):
        other = game.determinize(seat, k)
        again = _Look(other, seat, {"typical": (1.0, 0.0)})
        assert {w: again.value(c, w) for w in waits} == values
