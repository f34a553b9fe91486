"""The Botzone format played as Botzone's Chinese Standard Mahjong judge plays it: its penalties (an illegal
answer WA, a false win WH, the platform's verdicts through ``Game.penalize``) end the hand at −30 / +10 and are
written to and read from match logs; the last discard and the kongs near the segments' ends; the dealer's first
"drawn" tile; 杠上开花 after a flower; the fans named and ordered as the judge's calculator lists them.

Sources (internal, for the tests only): the issue's list, the judge program ``judge/main.cpp`` of the ailab-pku
"Chinese-Standard-Mahjong" repository (``playerError``: −30 / +10; WH when the count is under 8 plus the flowers;
the verdict of a bot's run as the code), the platform's Python judge (``ChineseStandardMahjongEnv``: the per-seat
walls, ``wallLast``, the kongs refused when a segment is empty), the calculator's fan table (``fan_calculator.h``).
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from game_support import Scripted, make_wall, run, segment_wall, tiles

from mahjong.errors import RulesError
from mahjong.game import Action, Game, IllegalActionError, RandomAgent, play_hand
from mahjong.game.botzone import BOTZONE_OPTIONS, botzone_match_log, read_botzone_match, replay_botzone_match
from mahjong.game.events import PENALTY_KINDS, Claimed, HandEnded, HandStarted, Penalized, WallBuilt, WallEnd, Won
from mahjong.game.log import dumps_log, read_log, replay

PASS = Action("pass")


def t(text: str) -> int:
    (one,) = tiles(text)
    return one


def _play(events: list) -> list:
    return [e for e in events if not isinstance(e, (HandStarted, WallBuilt))]


def _round_trips(game: Game) -> Any:
    """The event log replays to the same events; the match log (Botzone's) replays to the same hand; the
    match log's last judge entry."""
    assert replay(read_log(dumps_log(game.events))).events == game.events
    log = botzone_match_log(game)
    again = replay_botzone_match(json.dumps(log, ensure_ascii=False))
    assert _play(again.events) == _play(game.events)
    assert botzone_match_log(again) == log
    return log[-1]["output"]


def _penalty_end(game: Game, seat: int, kind: str) -> Penalized:
    assert game.done and game.settlement is not None
    assert game.settlement.net == tuple(-30 if s == seat else 10 for s in range(4))
    penalties = [e for e in game.events if isinstance(e, Penalized)]
    assert len(penalties) == 1 and (penalties[0].seat, penalties[0].kind) == (seat, kind)
    assert isinstance(game.events[-1], HandEnded) and not any(isinstance(e, Won) for e in game.events)
    return penalties[0]


# --- WA: an answer that is not legal ends the hand -------------------------------------------------------------


def test_an_illegal_answer_is_wa_and_ends_the_hand() -> None:
    game = Game("guobiao", seed=11, options=BOTZONE_OPTIONS)
    (seat,) = game.pending
    held = [x for x in range(34) if game.state.hands[seat][x]]
    not_held = next(x for x in range(34) if x not in held)
    game.act(seat, Action("discard", not_held))  # judge.cpp: a PLAY of a tile not held → playerError(WA)
    ev = _penalty_end(game, seat, "WA")
    assert ev.answer == str(Action("discard", not_held))
    assert [p.reason for p in game.settlement.lines] == ["penalty"] * 3  # type: ignore[union-attr]
    final = _round_trips(game)
    assert final["command"] == "finish" and final["display"]["action"] == "WA"
    assert final["display"]["score"] == [-30, 10, 10, 10] and final["content"] == {"0": -30, "1": 10, "2": 10,
                                                                                       "3": 10}


def test_an_illegal_index_and_step_are_judged_too() -> None:
    game = Game("guobiao", seed=12, options=BOTZONE_OPTIONS)
    (seat,) = game.pending
    game.step({seat: 105})  # a pung on one's own turn (the index of 碰)
    assert _penalty_end(game, seat, "WA").answer == "action 105"
    assert replay(game.events).events == game.events


def test_a_win_declared_first_comes_before_an_illegal_answer() -> None:
    # seat 0's 5p: seat 1 wins on it (清龙), seat 2 (holding 5p5p) answers a kong it cannot make; the win
    # stands (the judge reads the wins first); with nobody winning, the kong is a WA
    wall = segment_wall({0: "5p", 1: "123456789m123s5p", 2: "5p5p"})
    game = Game("guobiao", wall=wall, options=BOTZONE_OPTIONS)
    game.act(0, Action("discard", t("5p")))
    assert game.pending == (1, 2)
    game.act(2, Action("kong", t("5p")))
    game.act(1, Action("win", t("5p")))
    assert [w.seat for w in game.events if isinstance(w, Won)] == [1]
    assert game.state.penalty is None
    game = Game("guobiao", wall=wall, options=BOTZONE_OPTIONS)
    game.act(0, Action("discard", t("5p")))
    game.step({1: PASS, 2: Action("kong", t("5p"))})
    assert _penalty_end(game, 2, "WA").answer == "kong 5p"
    final = _round_trips(game)
    assert final["display"] == {"action": "WA", "player": 2, "score": [10, 10, -30, 10], "tileCnt": 83}


# --- WH: a win declared on a hand that does not win, or under 8 fan ----------------------------------------------


def test_a_win_on_a_hand_that_does_not_win_is_wh() -> None:
    game = Game("guobiao", seed=5, options=BOTZONE_OPTIONS)
    (seat,) = game.pending
    assert not any(a.kind == "win" for a in game.legal_actions(seat))
    drawn = game.state.last_draw[1]  # type: ignore[index]
    game.act(seat, Action("win", drawn))
    ev = _penalty_end(game, seat, "WH")
    assert (ev.tile, ev.total) == (drawn, None) and ev.hand
    assert [p.reason for p in game.settlement.lines] == ["false_win"] * 3  # type: ignore[union-attr]
    final = _round_trips(game)
    # judge.cpp shows the calculator's count: for a hand that is not a win its error code (ERROR_NOT_WIN, −3)
    assert final["display"]["action"] == "WH" and final["display"]["fanCnt"] == -3 and "fan" not in final["display"]


def test_a_complete_hand_under_8_fan_is_offered_and_is_wh() -> None:
    # the dealer is dealt a complete hand of 7 fan (不求人 4, 平和 2, 连六 1): 123m 456m 234p 56s 88s, its 14th 7s
    wall = segment_wall({0: "123m456m234p56s88s7s"})
    game = Game("guobiao", wall=wall, options=BOTZONE_OPTIONS)
    win = next(a for a in game.legal_actions(0) if a.kind == "win")
    score = game.win_score(0, win.tile)
    assert score is not None and not score.valid
    game.act(0, win)
    ev = _penalty_end(game, 0, "WH")
    assert ev.total == score.total and ev.tile == win.tile
    final = _round_trips(game)
    assert final["display"]["fanCnt"] == score.total and final["display"]["fan"]


# --- the platform's verdicts: Game.penalize ------------------------------------------------------------------------


@pytest.mark.parametrize("kind", sorted(PENALTY_KINDS))
def test_an_outside_judge_penalizes_any_seat(kind: str) -> None:
    game = Game("guobiao", seed=3, options=BOTZONE_OPTIONS)
    game.act(0, game.legal_actions(0)[-1])
    bystander = next(s for s in range(4) if s not in game.pending)  # any seat, its turn or not
    game.penalize(bystander, kind, "" if kind != "WA" else "PLAY X9")
    _penalty_end(game, bystander, kind)
    assert game.pending == () and game.legal_actions(bystander) == []
    log = botzone_match_log(game)
    offender = log[-2][str(bystander)]
    assert offender["verdict"] == ("OK" if kind in ("WA", "WH") else kind)
    assert ("response" in offender) == (kind in ("WA", "WH"))
    assert read_botzone_match(log).end == kind
    assert _play(replay_botzone_match(log).events) == _play(game.events)
    assert replay(game.events).events == game.events


def test_penalize_refuses_what_it_cannot_do() -> None:
    game = Game("guobiao", seed=3, options=BOTZONE_OPTIONS)
    with pytest.raises(RulesError, match="unknown penalty 'XX'"):
        game.penalize(1, "XX")
    with pytest.raises(RulesError, match="seat must be one of the seats"):
        game.penalize(4, "TLE")
    with pytest.raises(RulesError, match="answer is text"):
        game.penalize(1, "WA", 7)  # type: ignore[arg-type]
    game.penalize(1, "TLE")
    with pytest.raises(IllegalActionError, match="the hand is over: no penalty"):
        game.penalize(2, "TLE")
    plain = Game("guobiao", seed=3, engine="python")
    with pytest.raises(RulesError, match="penalties are off"):
        plain.penalize(0, "TLE")


def test_penalties_are_an_option_of_the_game() -> None:
    # off in the Botzone format: the step API refuses as everywhere, and no false win is offered
    strict = Game("guobiao", seed=5, options={**BOTZONE_OPTIONS, "penalties": False})
    (seat,) = strict.pending
    with pytest.raises(IllegalActionError, match="cannot pung"):
        strict.act(seat, Action("pung", 0))
    assert not strict.done
    # on outside it: a plain Guobiao game judged as the judge does, with another amount (and its old name)
    game = Game("guobiao", seed=5, options={"penalties": True, "penalty": 25})
    game.act(game.pending[0], Action("pung", 0))
    assert game.settlement is not None and sorted(game.settlement.net) == [-75, 25, 25, 25]
    old = Game("guobiao", seed=5, options={**BOTZONE_OPTIONS, "false_win_penalty": 20})
    old.penalize(2, "RE")
    assert old.settlement is not None and old.settlement.net == (20, 20, -60, 20)
    with pytest.raises(RulesError, match="option penalty is given twice"):
        Game("guobiao", options={"false_win_penalty": 20, "penalty": 20})
    with pytest.raises(RulesError, match="penalties must be true, false or none"):
        Game("guobiao", options={"penalties": "yes"})


def test_self_play_never_triggers_a_penalty() -> None:
    for seed in range(6):
        game = play_hand(Game("guobiao", seed=seed, options=BOTZONE_OPTIONS), [RandomAgent(s) for s in range(4)])
        assert game.state.penalty is None or game.state.penalty.kind == "WH"  # (a random player may declare one)


# --- the last discard and the kongs near a segment's end ------------------------------------------------------------


def test_only_a_win_may_claim_the_hand_last_discard() -> None:
    # seat 3's 21st draw is the last of its segment and seat 0's (next) is empty: its discard of 9s is the last of
    # the hand; seat 0 holds 9s9s (and 78s), seat 1 waits on 9s alone: only seat 1's win is offered
    wall = segment_wall({0: "9s9s7s8s", 1: "123456789m123p9s"}, {3: [None] * 20 + ["9s"]})
    game = Game("guobiao", wall=wall, options=BOTZONE_OPTIONS)
    asked: list[tuple[int, list[Action]]] = []

    class Watch(Scripted):
        def choose(self, g: Game, seat: int, legal: list[Action]) -> Action:
            st = g.state
            if st.phase == "claim" and st.last_discard is not None and st.last_discard[0] == 3 \
                    and st.live_for(0) == 0:
                asked.append((seat, list(legal)))
            return super().choose(g, seat, legal)

    run(game, {s: Watch() for s in range(4)})
    assert asked == [(1, [Action("win", t("9s")), PASS])]
    assert isinstance(game.events[-2], WallEnd)  # nobody won it: the hand is drawn


def test_a_claimer_with_its_segment_empty_may_kong_and_the_hand_is_drawn() -> None:
    # seat 0's segment is empty after its 20th draw; seat 1's 21st draw is the fourth 9s, which it discards; seat 0
    # holds 9s9s9s: the kong is offered (seat 2 still has a tile), accepted, and its replacement cannot be drawn
    wall = segment_wall({0: "9s9s9s"}, {1: [None] * 20 + ["9s"]})
    game = Game("guobiao", wall=wall, options=BOTZONE_OPTIONS)
    plans = {0: [("claim", Action("kong", t("9s")))]}
    agents = {s: Scripted(plans.get(s, ())) for s in range(4)}
    run(game, agents)
    kong = next(e for e in game.events if isinstance(e, Claimed))
    assert (kong.seat, kong.kind, kong.tile, kong.from_seat) == (0, "kong", t("9s"), 1)
    assert game.state.live_for(0) == 0 and game.state.live_for(2) == 1
    assert isinstance(game.events[game.events.index(kong) + 1], WallEnd)
    assert game.settlement is not None and game.settlement.net == (0, 0, 0, 0)
    assert botzone_match_log(game)[-1]["output"]["display"]["action"] == "HUANG"
    assert _play(replay_botzone_match(botzone_match_log(game)).events) == _play(game.events)


def test_no_kong_on_ones_turn_when_the_next_segment_is_empty() -> None:
    # seat 3 pungs seat 2's first discard (7z), so it draws one tile fewer than seat 0: when it draws its 20th
    # tile, the fourth 7z, its own segment has one tile left but seat 0's (next) has none: no added kong
    wall = segment_wall({3: "7z7z"}, {2: ["7z"], 3: [None] * 19 + ["7z"]})
    game = Game("guobiao", wall=wall, options=BOTZONE_OPTIONS)
    turns: list[list[Action]] = []

    class Watch(Scripted):
        def choose(self, g: Game, seat: int, legal: list[Action]) -> Action:
            d = g.state.last_draw
            if seat == 3 and g.state.phase == "turn" and d is not None and d[:2] == (3, t("7z")) \
                    and g.state.melds[3]:
                turns.append(list(legal))
                assert g.state.live_for(3) == 1 and g.state.live_for(0) == 0
            return super().choose(g, seat, legal)

    agents = {s: Watch([("claim", Action("pung", t("7z")))] if s == 3 else []) for s in range(4)}
    run(game, agents)
    assert [m.kind for m in game.state.melds[3]] == ["pung"]
    (legal,) = turns
    assert not any(a.kind in ("added_kong", "concealed_kong") for a in legal)


# --- the dealer's first turn, 杠上开花 after a flower, the calculator's names and order ------------------------------


def test_the_dealers_first_drawn_tile_is_its_14th() -> None:
    # the dealer's 14 tiles: 12m 456m 789m 123p 55p, then 3m (its 14th): the win is on 3m, an edge wait (边张);
    # counted on its highest tile (5p) it would be a single wait (单钓将)
    wall = segment_wall({0: "12m456m789m123p5p5p3m"})
    game = Game("guobiao", wall=wall, options=BOTZONE_OPTIONS)
    assert game.state.last_draw == (0, t("3m"), False, False)
    assert game.observe(0)["drawn"] == t("3m")
    win = next(a for a in game.legal_actions(0) if a.kind == "win")
    assert win.tile == t("3m")
    score = game.win_score(0, win.tile)
    assert score is not None and score.item("edge_wait") is not None and score.item("single_wait") is None


def test_no_out_with_replacement_tile_after_a_flower_replacement() -> None:
    # the dealer declares a concealed kong of 1m; its replacement is a flower, whose replacement completes the
    # hand: Botzone's judge loses 杠上开花 there; the same hand out of the Botzone format keeps it
    from mahjong.game.flows.base import standard_tiles

    seg = tiles("1m1m1m1m234m567m234p9s") + [34, t("9s")]  # the dealer's 14, then its draws: f1, 9s
    rest = standard_tiles(flowers=True)
    for x in seg:
        rest.remove(x)
    rest = [x for x in rest if x < 34] + [x for x in rest if x >= 34]  # (the other flowers far away)
    game = Game("guobiao", wall=seg + rest, options={"botzone": True, "flowers": True})
    game.act(0, Action("concealed_kong", t("1m")))
    assert game.state.bonus[0] == [34] and game.state.last_draw == (0, t("9s"), True, True)
    win = next(a for a in game.legal_actions(0) if a.kind == "win")
    score = game.win_score(0, win.tile)
    assert score is not None and score.item("out_with_replacement_tile") is None and score.item("flower_tiles")
    # out of the Botzone format (the replacements from the wall's end): 杠上开花 counts
    wall = make_wall("guobiao", {0: "1m1m1m1m234m567m234p9s"}, back=["f1", "9s"], options={"dice_break": False})
    plain = Game("guobiao", wall=wall, options={"dice_break": False}, engine="python")
    plain.act(0, Action("concealed_kong", t("1m")))
    score = plain.win_score(0, t("9s"))
    assert score is not None and score.item("out_with_replacement_tile") is not None


def test_fans_are_written_as_the_judge_s_calculator_lists_them() -> None:
    from mahjong.framework import get_ruleset
    from mahjong.game.botzone import _judge_fans

    # a melded and a concealed kong with a flower: the calculator's table ends ... 花牌, 明暗杠 (its last row)
    result = get_ruleset("guobiao").score("[1111m,2][2222p]345s678s9s9s f1", {"self_drawn": True})
    names = [n for n, _, _ in _judge_fans(result)]
    assert names[-2:] == ["花牌", "明暗杠"]
    assert [n for n, _, _ in _judge_fans(get_ruleset("guobiao").score("123m456m789m24p55p3p"))][-1] == "嵌张"
