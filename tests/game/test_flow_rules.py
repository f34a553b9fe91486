"""Scripted hands that walk each flow rule: explicit walls, a scripted agent per seat, the events checked."""

from __future__ import annotations

import pytest
from game_support import COMPILED, Scripted, events_of, make_wall, run, scripted, tiles

from mahjong.game import Action, Game, GreedyAgent, IllegalActionError, RandomAgent, play_hand
from mahjong.game.events import (
    BonusSetAside,
    Claimed,
    Dealt,
    DiceRolled,
    Discarded,
    Drew,
    HaidiFished,
    HandEnded,
    KongRobbed,
    WallEnd,
    WildcardRevealed,
    Won,
)
from mahjong.game.flows.guobiao import break_point
from mahjong.game.match import play_match
from mahjong.rulesets.nanchang import next_tile

NO_DICE = {"dice_break": False}


def t(text: str) -> int:
    (one,) = tiles(text)
    return one


# --- Guobiao -----------------------------------------------------------------------------------------------------


def test_guobiao_robbed_added_kong() -> None:
    # seat 1 pungs seat 0's 5m, later draws the fourth 5m and adds it; seat 2 waits on 5m (清龙) and robs it
    wall = make_wall("guobiao", {0: "5m", 1: "55m", 2: "123456789p11s46m"}, draws=["9s", "9s", "8s", "5m"],
                     options=NO_DICE)
    game, _ = scripted("guobiao", wall, {0: [Action("discard", t("5m"))], 1: [Action("pung", t("5m")),
                       Action("added_kong", t("5m"))], 2: [("rob", Action("win", t("5m")))]}, options=NO_DICE)
    robbed = events_of(game, KongRobbed)
    assert robbed == [KongRobbed(1, t("5m"))]
    (won,) = events_of(game, Won)
    assert (won.seat, won.tile, won.from_seat) == (2, t("5m"), 1)
    assert game.events.index(won) == game.events.index(robbed[0]) + 1
    # the kong is not made: seat 1 keeps its pung; the record marks the kong robbed; 抢杠和 is scored
    assert [m.kind for m in game.state.melds[1]] == ["pung"]
    win = game.state.win_records[0]
    assert win.robbing_kong and win.discarder == 1
    assert game.settlement is not None and game.settlement.results[0].item("robbing_the_kong") is not None
    assert [k.robbed for k in __import__("mahjong.game.engine", fromlist=["x"]).record_of(game).events
            if hasattr(k, "robbed")] == [True]
    net = game.settlement.net
    assert net[2] > 0 and net[1] < net[0] and net[0] == net[3] == -8


def test_guobiao_cuts_the_win_to_the_first_seat_in_turn_order() -> None:
    # 截和: seats 1 and 2 both win on seat 0's 5p (清龙 each); only seat 1, next in turn order, wins
    wall = make_wall("guobiao", {0: "5p", 1: "123456789m123s5p", 2: "123456789s234p5p"}, options=NO_DICE)
    plans = {0: [Action("discard", t("5p"))], 1: [Action("win", t("5p"))], 2: [Action("win", t("5p"))]}
    game, agents = scripted("guobiao", wall, plans, options=NO_DICE)
    assert [(w.seat, w.from_seat) for w in events_of(game, Won)] == [(1, 0)]
    assert any(Action("win", t("5p")) in legal for _, legal in agents[2].asked)  # seat 2 was offered it too
    assert game.done and game.settlement is not None and game.settlement.net[1] > 0


def test_guobiao_replaces_flowers_during_the_deal_from_the_back() -> None:
    # the dealer is dealt two flowers, seat 2 one; the first replacement is itself a flower and is replaced too
    wall = make_wall("guobiao", {0: "f1f2", 2: "f3"}, back=["f4", "1m", "2m", "3m", "4m"], options=NO_DICE)
    game = Game("guobiao", wall=wall, options=NO_DICE)
    deal_end = next(i for i, e in enumerate(game.events) if isinstance(e, (Discarded, Won))) if any(
        isinstance(e, Discarded) for e in game.events) else len(game.events)
    bonus = [(e.seat, e.tile) for e in game.events[:deal_end] if isinstance(e, BonusSetAside)]
    assert bonus == [(0, 34), (0, 35), (0, 37), (2, 36)]
    replacements = [(e.seat, e.tile) for e in game.events[:deal_end] if isinstance(e, Drew) and e.replacement]
    assert replacements == [(0, 37), (0, t("1m")), (0, t("2m")), (2, t("3m"))]
    st = game.state
    assert sum(st.hands[0][:34]) == 14 and sum(st.hands[2][:34]) == 13
    assert sorted(st.bonus[0]) == [34, 35, 37] and st.bonus[2] == [36]
    assert game.pending == (0,)  # the dealer plays first, with 14 tiles


def test_guobiao_dice_break_point() -> None:
    # 5/9 → the dealer's side, 2/6/10 → the right, 3/7/11 → opposite, 4/8/12 → the left; then count stacks
    assert break_point((2, 3), (1, 1)) == (0 * 18 + 7) * 2
    assert break_point((1, 1), (3, 3)) == (1 * 18 + 8) * 2
    assert break_point((1, 2), (6, 6)) == (2 * 18 + 15) * 2
    assert break_point((2, 2), (1, 2)) == (3 * 18 + 7) * 2 % 144
    game = Game("guobiao", seed=11)
    dice = events_of(game, DiceRolled)
    assert [d.purpose for d in dice] == ["break", "break"] and dice[0].seat == 0
    assert dice[1].seat == (sum(dice[0].dice) - 1) % 4


def _last_draw_wall(rules: str, options: dict[str, bool]) -> tuple[list[int], int, int]:
    """A wall where every seat holds a triple and nobody claims: (wall, the seat drawing the last tile, its
    index)."""
    deal = {0: "111m", 1: "111p", 2: "111s", 3: "EEE"}
    wall = make_wall(rules, deal, options=options)
    game, _ = scripted(rules, wall, options=options)
    last = [e for e in game.events if isinstance(e, Drew) and not e.replacement][-1]
    return wall, last.seat, game.state.front - 1


def test_no_kong_on_the_last_tile() -> None:
    wall, seat, index = _last_draw_wall("guobiao", NO_DICE)
    fourth = {0: t("1m"), 1: t("1p"), 2: t("1s"), 3: t("E")}[seat]
    j = max(i for i, x in enumerate(wall) if x == fourth)
    wall[j], wall[index] = wall[index], wall[j]  # the holder of the triple draws its fourth copy last
    game = Game("guobiao", wall=wall, options=NO_DICE)
    agents = {s: Scripted() for s in range(4)}
    run(game, agents)
    final = [legal for phase, legal in agents[seat].asked if phase == "turn"][-1]
    assert Action("discard", fourth) in final and Action("concealed_kong", fourth) not in final
    assert events_of(game, WallEnd) and game.state.live == 0
    # the control: the same fourth copy drawn earlier is offered as a kong
    wall2 = make_wall("guobiao", {0: "111m"}, draws=["9s", "9s", "9s", "1m"], options=NO_DICE)
    g2 = Game("guobiao", wall=wall2, options=NO_DICE)
    a2 = {s: Scripted() for s in range(4)}
    run(g2, a2)
    assert any(Action("concealed_kong", t("1m")) in legal for _, legal in a2[0].asked)


def test_illegal_actions_are_refused_and_change_nothing() -> None:
    game = Game("guobiao", seed=3)
    before = (len(game.events), [list(h) for h in game.state.hands])
    with pytest.raises(IllegalActionError, match="seat 2 is not to act"):
        game.act(2, Action("discard", 0))
    held = {x for x in range(34) if game.state.hands[0][x]}
    missing = next(x for x in range(34) if x not in held)
    with pytest.raises(IllegalActionError, match="cannot discard"):
        game.act(0, Action("discard", missing))
    with pytest.raises(IllegalActionError, match="not legal|cannot"):
        game.act(0, 108)  # pass is not an answer on one's own turn
    with pytest.raises(IllegalActionError):
        Action("discard", 42)
    with pytest.raises(IllegalActionError):
        Action("pung", 40)  # only a discard or a win names a bonus tile (Jinshan's 百搭)
    with pytest.raises(IllegalActionError, match="cannot discard"):
        game.act(0, Action("discard", 40))
    assert (len(game.events), [list(h) for h in game.state.hands]) == before


# --- Sichuan ------------------------------------------------------------------------------------------------------

NO_LACK = {"lack": False}


def _xuezhan_wall() -> list[int]:
    return make_wall("sichuan", {0: "5p", 1: "111222333m4445p", 2: "123456789s1115p", 3: "234567m678s11s99s"},
                     draws=["9s"], options=NO_LACK)


def test_sichuan_several_win_on_one_discard_and_play_goes_on_to_the_third_winner() -> None:
    plans = {0: [Action("discard", t("5p"))], 1: [Action("win", t("5p"))], 2: [Action("win", t("5p"))],
             3: [Action("win", t("9s"))]}
    game, _ = scripted("sichuan", _xuezhan_wall(), plans, options=NO_LACK)
    wins = events_of(game, Won)
    assert [(w.seat, w.from_seat) for w in wins] == [(1, 0), (2, 0), (3, None)]  # 一炮多响, then 血战 goes on
    assert isinstance(game.events[-1], HandEnded) and game.done  # the third win ends the hand
    # only seats still in play pay: the third (self-drawn) win is paid by seat 0 alone
    third = game.events.index(wins[2])
    paid_for_third = [p for p in game.state.payments if p.cause == third]
    assert paid_for_third and {p.payer for p in paid_for_third} == {0}
    assert game.settlement is not None and sum(game.settlement.net) == 0
    assert game.settlement.net[0] == -sum(game.settlement.net[1:])


def test_sichuan_normal_mode_ends_after_the_discard_that_was_won() -> None:
    opts = {**NO_LACK, "mode": "normal"}
    wall = make_wall("sichuan", {0: "5p", 1: "111222333m4445p", 2: "123456789s1115p"}, options=opts)
    plans = {0: [Action("discard", t("5p"))], 1: [Action("win", t("5p"))], 2: [Action("win", t("5p"))]}
    game, _ = scripted("sichuan", wall, plans, options=opts)
    assert [w.seat for w in events_of(game, Won)] == [1, 2] and game.done


def test_sichuan_kongs_are_paid_when_they_happen() -> None:
    wall = make_wall("sichuan", {0: "5p", 1: "555p"}, options=NO_LACK)
    game, _ = scripted("sichuan", wall, {0: [Action("discard", t("5p"))], 1: [Action("kong", t("5p"))]},
                       options=NO_LACK)
    claim = next(i for i, e in enumerate(game.events) if isinstance(e, Claimed))
    paid = [p for p in game.state.payments if p.cause == claim]
    assert [(p.payer, p.payee, p.reason) for p in paid] == [(0, 1, "kong.melded")]
    assert game.events.index(paid[0]) < next(i for i, e in enumerate(game.events) if isinstance(e, WallEnd))


def test_sichuan_lack_declaration_limits_discards_and_claims() -> None:
    game = Game("sichuan", seed=5)
    assert game.pending == (0, 1, 2, 3)
    assert [a.kind for a in game.legal_actions(1)] == ["lack"] * 3
    for s in range(4):
        game.act(s, Action("lack", 0))
    assert game.pending == (0,)
    held_m = [x for x in range(9) if game.state.hands[0][x]]
    legal = game.legal_actions(0)
    if held_m:
        assert {a.tile for a in legal if a.kind == "discard"} == set(held_m)


def test_sichuan_forced_win_in_the_last_tiles() -> None:
    for seed in range(40):
        game = Game("sichuan", seed=seed, options=NO_LACK)
        while not game.done:
            for seat in game.pending:
                legal = game.legal_actions(seat)
                # a win on one of the wall's last four tiles (drawn, or discarded as drawn) is forced
                st = game.state
                last_four = st.live < 4 and (st.phase == "turn" or st.offer_drawn)
                if last_four and any(a.kind == "win" for a in legal):
                    assert all(a.kind == "win" for a in legal)  # no pass, no discard: the win is forced
                    return
                game.act(seat, GreedyAgent(seed).choose(game, seat, legal) if game.state.live > 30 else
                         next((a for a in legal if a.kind == "pass"), legal[-1]))
    pytest.fail("no forced win met in 40 seeded hands")


# --- Yuhuan, two-player, Nanchang ----------------------------------------------------------------------------------


def test_yuhuan_draws_the_hand_with_16_tiles_left() -> None:
    game = Game("yuhuan", seed=2)
    run(game, {s: Scripted() for s in range(4)})
    end = events_of(game, WallEnd)
    assert end and game.state.live == 16
    assert not [e for e in game.events[game.events.index(end[0]):] if isinstance(e, Drew)]
    assert game.settlement is not None and game.settlement.net == (0, 0, 0, 0)  # 黄庄: nobody scores
    assert sum(game.state.hands[0][:34]) + 3 * len(game.state.melds[0]) >= 16


def _haidi_wall() -> list[int]:
    # the dealer is ready after its first discard (declares 报听), waiting on 5p; the other 5p are out of play; seat
    # 1's 13 tiles are not ready (a seat ready from the deal would come first for 海底捞月)
    return make_wall("twoplayer", {0: "123m456m789m123p5pN", 1: "1m2m5m6m9m3p4p8p9p2s6s7sE"},
                     out_of_play=["5p", "5p", "5p"])


def test_twoplayer_ready_declaration_discards_automatically_then_haidi() -> None:
    found_win = False
    for seed in range(80 if COMPILED else 16):
        game = Game("twoplayer", wall=_haidi_wall(), seed=seed)
        agents = {0: Scripted([Action("ready", t("N"))]), 1: Scripted()}
        run(game, agents)
        discards = events_of(game, Discarded)
        own = [d for d in discards if d.seat == 0]
        assert own[0].ready and not own[0].auto and all(d.auto for d in own[1:]) and len(own) > 10
        # after 报听 the dealer was never asked on its own turn (only offered wins)
        turns = [legal for phase, legal in agents[0].asked if phase == "turn"]
        assert len(turns) == 1
        fished = events_of(game, HaidiFished)
        assert fished and fished[0].seat == 0  # the ready player performs 海底捞月
        assert game.events.index(fished[0]) == game.events.index(events_of(game, WallEnd)[0]) + 1
        if fished[0].tile == t("5p"):
            assert any(phase == "haidi" for phase, _ in agents[0].asked)
        if events_of(game, Won):
            found_win = True
    assert not found_win  # the scripted agent declines; a win needs the fished 5p and is never forced


def test_twoplayer_haidi_win() -> None:
    for seed in range(200):
        game = Game("twoplayer", wall=_haidi_wall(), seed=seed)
        agents = {0: Scripted([Action("ready", t("N")), Action("win", t("5p"))]), 1: Scripted()}
        run(game, agents)
        if events_of(game, Won):
            (w,) = events_of(game, Won)
            assert w.seat == 0 and w.from_seat is None and game.settlement is not None
            assert game.settlement.results[0].item("haidi") is not None or game.settlement.net[0] > 0
            return
    pytest.fail("no seed fished the winning 5p")


@pytest.mark.parametrize("flipped, jing", [("9m", ("9m", "1m")), ("N", ("N", "E")), ("P", ("P", "C")),
                                           ("4s", ("4s", "5s"))])
def test_nanchang_jing_reveal_wraps(flipped: str, jing: tuple[str, str]) -> None:
    base = make_wall("nanchang", {})
    first = Game("nanchang", wall=base, seed=9)
    (rev,) = events_of(first, WildcardRevealed)
    wall = list(base)
    j = max(i for i, x in enumerate(wall) if x == t(flipped) and i != rev.position)
    wall[j], wall[rev.position] = wall[rev.position], wall[j]
    game = Game("nanchang", wall=wall, seed=9)
    (rev2,) = events_of(game, WildcardRevealed)
    assert rev2.position == rev.position and rev2.indicator == t(flipped)
    assert rev2.wildcards == (t(jing[0]), t(jing[1])) == (t(flipped), next_tile(t(flipped)))
    dice = events_of(game, DiceRolled)
    # 《南昌麻将速成》 (seed 000): the dice are counted in stacks (墩) from the wall's end, the stack's upper tile
    # flipped: the wall was game.state.back + 1 tiles long before the flip took one out
    assert dice[0].purpose == "wildcard" and rev2.position == game.state.back + 1 - 2 * sum(dice[0].dice)


def test_nanchang_offers_honor_chows() -> None:
    wall = make_wall("nanchang", {0: "E", 1: "SW"})
    game, agents = scripted("nanchang", wall, {0: [Action("discard", t("E"))]})
    offered = [a for _, legal in agents[1].asked for a in legal if a.kind == "chow"]
    assert Action("chow", t("E"), (t("E"), t("S"), t("W"))) in offered


# --- matches -------------------------------------------------------------------------------------------------------


def test_guobiao_match_dealer_rotation_winds_and_seat_swap() -> None:
    result = play_match("guobiao", [RandomAgent(k) for k in range(4)], seed=4)
    assert [h.dealer for h in result.hands] == [0, 1, 2, 3] * 4  # no 连庄
    assert [h.prevalent_wind for h in result.hands] == [w for w in range(4) for _ in range(4)]
    assert all(h.seat_of_player == (0, 1, 2, 3) for h in result.hands[:8])
    assert all(h.seat_of_player == (1, 0, 3, 2) for h in result.hands[8:])  # swapped before 西圈
    assert sum(result.scores) == 0


@pytest.mark.parametrize("rules", ["nanchang", "twoplayer", "yuhuan", "jinshan"])
def test_dealer_rules_over_a_match(rules: str) -> None:
    result = play_match(rules, [GreedyAgent(k) for k in range(4)], seed=1, hands=8, keep_games=True)
    for a, b, game in zip(result.hands, result.hands[1:], result.games):
        won = a.winners
        if rules == "nanchang":
            expect = a.dealer if not won or won[0] == a.dealer else (a.dealer + 1) % 4
        elif rules == "twoplayer":
            expect = won[0] if won else a.dealer
        elif rules == "jinshan":
            expect = won[0] if won else a.dealer
        else:
            expect = game.ruleset.next_dealer(a.dealer, won[0] if won else None, bool(game.state.kongs))
        assert b.dealer == expect


def test_every_flow_plays_greedy_hands_to_the_end() -> None:
    for rules in ("guobiao", "sichuan", "common", "wuhu-2468", "twoplayer", "nanchang", "yuhuan", "jinshan"):
        game = play_hand(Game(rules, seed=1), [GreedyAgent(s) for s in range(4)])
        assert game.done and game.settlement is not None
        assert isinstance(game.events[-1], HandEnded) and events_of(game, Dealt)
