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


def _scored(game: Game, text: str, **ctx: object) -> object:
    from mahjong.hand import parse_hand

    return game.ruleset.score(parse_hand(text), game.ruleset.Context(**ctx))


@pytest.mark.parametrize("rules", ["hongzhong", "changsha"])
def test_the_birds_expected_are_the_mean_over_every_pair_of_unseen_tiles(rules: str) -> None:
    # 抓鸟: two birds turned up after the win; the expert's expectation against the rule set's own scorer averaged
    # over every ordered pair of tiles the seat cannot see (by count: 1/5/9 and 红中 hit; by seat: 扎鸟)
    from mahjong.game.expert import _AfterWin
    from mahjong.rulebook.special import bird_hits, birds_by_seat

    game = Game(rules, seed=0)
    after = _AfterWin(game)
    book = game.flow.book
    assert after.birds == 2
    hand, winner = "123m456m789m123p55p", 1
    copies = [0] * 34
    for t in game.flow.tiles():
        if t < 34:
            copies[t] += 1
    unseen = [max(0, copies[t] - (2 if t in (0, 9, 10, 11) else 0)) for t in range(34)]  # (some held by others)
    memo: dict[tuple[int, ...], tuple[int, ...]] = {}

    def paid(facts: dict[str, object]) -> tuple[int, ...]:
        key = tuple(facts.get("bird_seats", ())) or (int(facts.get("birds", 0)),)  # type: ignore[call-overload]
        if key not in memo:
            memo[key] = tuple(_scored(game, hand, winner=winner, dealer=0, **facts).payments)  # type: ignore[attr-defined]
        return memo[key]

    total = [0.0] * 4
    weight = 0
    for a in range(34):
        for b in range(34):
            w = unseen[a] * (unseen[b] - (a == b))
            if w <= 0:
                continue
            if after.by_seat:
                facts: dict[str, object] = {"bird_seats": birds_by_seat(winner, [a, b])}
            else:
                facts = {"birds": bird_hits(book, [a, b])}
            for s, p in enumerate(paid(facts)):
                total[s] += w * p
            weight += w
    none = paid({"bird_seats": [0, 0, 0, 0]} if after.by_seat else {"birds": 0})
    expected = after.expected(none, paid, winner, 0, True, unseen)
    for s in range(4):
        assert expected[s] == pytest.approx(total[s] / weight - none[s])
    assert expected[winner] > 0 and sum(expected) == pytest.approx(0)


def test_the_horses_expected_follow_the_rule_book() -> None:
    # 广东 翻鬼's 买马: 4 horses (6 when the winner holds no ghost), counted from the dealer (1/5/9/东/中 the dealer,
    # 2/6/南/发 the next seat ...), each on the winner 2 more from each payer
    from mahjong.game.expert import _AfterWin
    from mahjong.tiles import parse_tiles

    game = Game("guangdong-fangui", seed=0)
    after = _AfterWin(game)
    paid = (-2, 6, -2, -2)  # (seat 1 self-drawn, the dealer seat 0)

    def only(text: str) -> list[int]:
        unseen = [0] * 34
        for t in parse_tiles(text):
            unseen[t] += 1
        return unseen

    def no_birds(facts: dict[str, object]) -> tuple[int, ...]:
        raise AssertionError("no birds in this game")

    on_next = only("2m6p2sSF")  # (every horse falls on seat 1, the seat after the dealer)
    assert after.expected(paid, no_birds, 1, 0, True, on_next) == [-8, 24, -8, -8]
    assert after.expected(paid, no_birds, 1, 0, False, on_next) == [-12, 36, -12, -12]
    assert after.expected(paid, no_birds, 1, 0, True, only("1m5p9sEC")) == [0, 0, 0, 0]  # (all on the dealer)
    half = after.expected(paid, no_birds, 1, 0, True, only("2m1m"))
    assert half == pytest.approx([-4, 12, -4, -4])
    # counted from the winner: 1/5/9/东/中 fall on it
    from_winner = _AfterWin(Game("guangdong-fangui", seed=0, options={"horses_from": "winner"}))
    assert from_winner.expected(paid, no_birds, 1, 0, True, only("1m5p9sEC")) == [-8, 24, -8, -8]
    # no horses: nothing after the win
    assert not _AfterWin(Game("guangdong-fangui", seed=0, options={"horses": 0, "horses_without_ghosts": 0}))


@pytest.mark.parametrize("rules", ["guangdong-fangui", "nanchang"])
def test_the_typical_win_is_scored_where_a_turned_up_tile_makes_the_wildcards(rules: str) -> None:
    # the typical win's context carries the turned-up indicator (without it the scorer refuses the win and the
    # expert valued every far hand at 1 and dealing in at nothing)
    from mahjong.game.expert import _AfterWin, _typical

    game = Game(rules, seed=1)
    gain, deal_in = _typical(game, 0, _AfterWin(game))
    assert gain > 1.0 and deal_in > 0.0


def test_a_bonus_wildcard_kept_in_the_hand_is_part_of_its_wins() -> None:
    # Jinshan's 百搭 stay in the hand (tile ids past the 34 kinds) as its wildcards, and a Hand lists them among
    # its flowers: a ready hand holding one must be worth its wins (scored without it, every such hand was a tile
    # short and no win at all, so the expert chased narrow waits whenever it held a 百搭)
    from mahjong.game.expert import _Look

    ready = worth_winning = 0
    for seed in range(12):
        game = Game("jinshan", seed=seed)
        greedy = {s: GreedyAgent(seed * 4 + s) for s in game.flow.seats}
        while not game.done:
            seat = game.pending[0]
            legal = game.legal_actions(seat)
            look = _Look(game, seat, ExpertAgent()._memo_for(game, seat))
            if any(a.kind == "discard" for a in legal) and any(look.counts[34:]):
                for a in legal:
                    if a.kind == "discard" and a.tile < 34:
                        c = list(look.counts)
                        c[a.tile] -= 1
                        if look.shanten(c) == 0 and any(look.unseen[w] for w in look.useful(c)):
                            ready += 1
                            worth_winning += look.ready(c)[1] > 0
            game.act(seat, greedy[seat].choose(game, seat, legal))
    # (some ready hands are short of Jinshan's minimum hu points whatever they win on)
    assert ready >= 20 and worth_winning > ready // 2, (ready, worth_winning)


def test_a_race_against_opponents_favours_the_wider_wait() -> None:
    # over the whole wall a narrow wait completes nearly as often as a wide one; while opponents may win first,
    # the wide wait's speed is worth more
    from mahjong.game.expert import _complete, _progress

    wide, narrow, unseen, draws = 8.0, 2.0, 60, 15
    alone = _complete((wide,), unseen, draws) / _complete((narrow,), unseen, draws)
    alive = [1.0 - p for p in _progress((6.0,), unseen, draws)]  # (one opponent ready with six outs)
    racing = _complete((wide,), unseen, draws, alive) / _complete((narrow,), unseen, draws, alive)
    assert racing > alone > 1.0
    assert _complete((wide, narrow), unseen, draws, [1.0] * draws) == _complete((wide, narrow), unseen, draws)
    assert _complete((wide,), unseen, draws, alive) < _complete((wide,), unseen, draws)


def test_the_opponents_race_is_read_from_what_the_seat_sees() -> None:
    from mahjong.game.expert import _Look

    game = Game("guangdong", seed=3)
    seat = game.pending[0]
    look = _Look(game, seat, ExpertAgent()._memo_for(game, seat))
    hands = []
    for t in range(34):
        if look.counts[t]:
            c = list(look.counts)
            c[t] -= 1
            hands.append(c)
    low = min(look.shanten(c) for c in hands)
    assert low >= 1
    look.race(low, hands)
    alive = list(look.alive)
    assert len(alive) == look.draws > 0
    assert all(1.0 >= a >= b >= 0.0 for a, b in zip(alive, alive[1:]))
    assert alive[-1] < 1.0
    # an opponent that has declared a ready hand is nearer its win than one taken to be as far as this seat
    look.others = [(0, 0, True)] + look.others[1:]
    look.race(low, hands)
    assert all(d <= a for d, a in zip(look.alive, alive)) and look.alive[0] < alive[0]
