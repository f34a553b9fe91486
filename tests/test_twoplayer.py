"""The two-player game (seed 000 三、麻将游戏规则; shared/specs/twoplayer.md).

Fans come from the common table (no fan table in the seed); these tests use ``filled_rows=False`` where a total
is checked, so every number is a seed value: common-table rows, the 13-fan cap, 抢杠 scored as a self-draw.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mahjong.errors import ContextError, RulesError
from mahjong.framework import get_ruleset
from mahjong.rulesets.twoplayer import (
    GAME_TILES,
    TwoPlayer,
    TwoPlayerContext,
    deal,
    haidi_performer,
    haidi_tile,
    next_dealer,
)
from mahjong.settlement import Draw, HandRecord, Kong, Win, settle

TP = TwoPlayer(filled_rows=False)


def test_deal_uses_71_random_tiles() -> None:
    d = deal(42)
    # seed: 136 tiles, 71 chosen at random per game; dealer 14, the other 13; 71 − 27 = 44 left to draw
    assert len(d.tiles) == GAME_TILES == 71
    assert [len(h) for h in d.hands] == [14, 13] and len(d.wall) == 44 and len(d.unused) == 136 - 71
    counts = Counter(d.tiles)
    assert all(0 <= t < 34 and c <= 4 for t, c in counts.items())
    assert Counter(d.hands[0]) + Counter(d.hands[1]) + Counter(d.wall) == counts
    assert counts + Counter(d.unused) == Counter(t for t in range(34) for _ in range(4))
    assert deal(42) == d  # seeded: repeatable
    assert deal(43).tiles != d.tiles
    d1 = deal(42, dealer=1)
    assert [len(h) for h in d1.hands] == [13, 14]
    with pytest.raises(ContextError):
        deal(1, dealer=2)


@given(st.integers(0, 10**6))
@settings(max_examples=30, deadline=None)
def test_every_deal_is_a_subset_of_the_set(seed: int) -> None:
    d = deal(seed)
    assert len(d.tiles) == 71 and max(Counter(d.tiles).values()) <= 4


def test_cap_is_13_fan() -> None:
    # 大四喜 25 + 全风对对胡 25 + 三箱次 10 = 60 fan (common table) → capped at 13 (seed: 封顶 = 役满 = 13番)
    r = TP.score("EEESSSWWWNNNCC", TwoPlayerContext(winner=0, discarder=1))
    assert r.details["fan"] == 60 and r.total == 13 and r.payments == (13, -13, 0, 0)
    assert TwoPlayer(filled_rows=False, cap=88).score("EEESSSWWWNNNCC", TwoPlayerContext(winner=0, discarder=1)).total == 60


def test_robbing_a_kong_scores_as_a_self_draw() -> None:
    hand = "123m456m789m234p55p"
    # on a discard: 一条龙 8
    assert TP.score(hand, TwoPlayerContext(winner=1, discarder=0)).total == 8
    # 抢杠 记分按自摸计: 一条龙 8 + 不求人 7 = 15 → 13 (cap); the konger (seat 0) pays
    r = TP.score(hand, TwoPlayerContext(winner=1, discarder=0, robbing_kong=True))
    assert r.details["fan"] == 15 and r.total == 13 and r.payments == (-13, 13, 0, 0)


def test_declared_ready_and_kou_ting() -> None:
    hand = "123m456p789s234s55p"
    # 报听 alone adds no fan (the seed gives it none): 穷胡 7
    assert TP.score(hand, TwoPlayerContext(winner=0, discarder=1, declared_ready=True)).total == 7
    # 报听 on the dealer's first discard = 扣听 25 (common table) → 13
    r = TP.score(hand, TwoPlayerContext(winner=0, discarder=1, declared_ready=True, kou_ting=True))
    assert [i.key for i in r.items] == ["ready_from_start"] and r.total == 13
    with pytest.raises(ContextError, match="declared_ready"):
        TwoPlayerContext(winner=0, discarder=1, kou_ting=True)


def test_flowers_add_fan() -> None:
    # 一条龙 8 + two flowers × 1 (value filled from Guobiao)
    r = TP.score("123m456m789m234p55p f1 f2", TwoPlayerContext(winner=0, discarder=1))
    assert r.total == 10 and r.item("flower_tiles").count == 2  # type: ignore[union-attr]
    assert TwoPlayer(filled_rows=False, flower_fan=0).score("123m456m789m234p55p f1", TwoPlayerContext(winner=0, discarder=1)).total == 8


def test_seats_are_0_and_1() -> None:
    with pytest.raises(ContextError, match="seat 0 or 1"):
        TwoPlayerContext(winner=2, discarder=0)
    with pytest.raises(ContextError, match="seat 0 or 1"):
        TwoPlayerContext(winner=0, discarder=3)


def test_haidi_performer_rule() -> None:
    # seed: neither ready → 流局; one ready → that one; both → the one who became ready first
    assert haidi_performer(set()) is None
    assert haidi_performer({1}) == 1
    assert haidi_performer({0, 1}, (1, 0)) == 1
    with pytest.raises(ContextError, match="first"):
        haidi_performer({0, 1})


def test_dealer_rule() -> None:
    # seed: 谁胡牌下盘当庄家，若流局则上盘的庄家下盘继续当庄家
    assert next_dealer(0, 1) == 1 and next_dealer(1, 1) == 1 and next_dealer(1, None) == 1 and next_dealer(0, None) == 0


READY = "123m456m789m234p5p"  # waits on 5p (and 2p: 2345p)
NOT_READY = "13579m13579p135s"


def test_settle_a_win() -> None:
    rec = HandRecord("twoplayer", (Kong(0, "concealed", "9s"), Win(1, "123m456m789m234p55p", discarder=0)),
                     options={"filled_rows": False}, dealer=0)
    s = settle(rec)
    assert s.net == (-8, 8, 0, 0)
    assert s.details["next_dealer"] == 1


def test_settle_haidi_phase() -> None:
    draw = Draw(hands={0: READY, 1: NOT_READY})
    # the wall ran out; seat 0 is the only ready player and fishes 5p: 一条龙 8 + 不求人 7 + 海底捞月 8 = 23 → 13
    rec = HandRecord("twoplayer", (draw, Win(0, "123m456m789m234p55p")), options={"filled_rows": False}, dealer=1)
    s = settle(rec)
    assert s.details["haidi_performer"] == 0 and s.details["ready"] == [0]
    assert s.results[0].item("last_tile_win") is not None and s.results[0].details["fan"] == 23
    assert s.net == (13, -13, 0, 0)
    assert s.details["next_dealer"] == 0
    # 流局: nobody wins after the draw; the dealer stays
    s2 = settle(HandRecord("twoplayer", (draw,), dealer=1))
    assert s2.net == (0, 0, 0, 0) and s2.details["next_dealer"] == 1
    # only the performer may win, and only self-drawn
    with pytest.raises(ContextError, match="only seat 0"):
        settle(HandRecord("twoplayer", (draw, Win(1, "123m456m789m234p55p"))))
    with pytest.raises(ContextError, match="only seat 0"):
        settle(HandRecord("twoplayer", (draw, Win(0, "123m456m789m234p55p", discarder=1))))
    with pytest.raises(ContextError, match="流局"):
        settle(HandRecord("twoplayer", (Draw(hands={0: NOT_READY, 1: NOT_READY}), Win(0, "123m456m789m234p55p"))))
    # both ready: the first to be ready performs it
    both = Draw(hands={0: READY, 1: READY}, ready_order=(1, 0))
    assert settle(HandRecord("twoplayer", (both,))).details["haidi_performer"] == 1


def test_one_win_per_game() -> None:
    with pytest.raises(ContextError, match="first win"):
        settle(HandRecord("twoplayer", (Win(1, "123m456m789m234p55p", discarder=0),
                                        Win(0, "123m456m789m234p55p", discarder=1))))


def test_options_are_checked() -> None:
    with pytest.raises(RulesError, match="cap"):
        get_ruleset("twoplayer", cap=0)


@st.composite
def games(draw: st.DrawFn) -> HandRecord:
    events: list[Any] = []
    for _ in range(draw(st.integers(0, 3))):
        seat = draw(st.sampled_from([0, 1]))
        events.append(Kong(seat, "concealed", "1s"))
    if draw(st.booleans()):
        seat = draw(st.sampled_from([0, 1]))
        events.append(Win(seat, draw(st.sampled_from(["123m456m789m234p55p", "EEESSSWWWNNNCC", "112277m3344p5566s"])),
                          discarder=draw(st.sampled_from([None, 1 - seat]))))
    return HandRecord("twoplayer", tuple(events), dealer=draw(st.sampled_from([0, 1])))


@given(games())
@settings(max_examples=30, deadline=None)
def test_settlement_is_zero_sum(rec: HandRecord) -> None:
    s = settle(rec)
    assert sum(s.net) == 0 and s.net[2] == s.net[3] == 0


def test_haidi_tile_comes_from_outside_the_game() -> None:
    d = deal(5)
    t = haidi_tile(d, 9)
    assert t in d.unused and haidi_tile(d, 9) == t


def test_robbing_only_an_added_kong_in_a_record() -> None:
    good = HandRecord("twoplayer", (Kong(0, "added", "2p", robbed=True),
                                    Win(1, "123m456m789m34p55p2p", discarder=0, robbing_kong=True)),
                      options={"filled_rows": False})
    # 一条龙 8 + 不求人 7 (抢杠 scored as a self-draw) = 15 → 13
    assert settle(good).net == (-13, 13, 0, 0)
    with pytest.raises(ContextError, match="抢杠"):  # seed: 抢杠只应用在蓄杠上
        settle(HandRecord("twoplayer", (Kong(0, "concealed", "2p"),
                                        Win(1, "123m456m789m34p55p2p", discarder=0, robbing_kong=True))))
