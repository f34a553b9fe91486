"""长沙麻将 扎鸟 by seat: the birds are counted from the winner (1/5/9 the winner, 2/6 the next seat, 3/7 the seat
opposite, 4/8 the seat before) and each bird on the winner, and each on a payer, makes that payer pay its share
once more — as the rule file (games/changsha.toml) states it; no published worked example was found to test
against."""

from __future__ import annotations

import importlib.util

import pytest

from mahjong.framework import get_ruleset


def test_a_plain_self_draw_with_birds_on_the_winner_and_a_payer() -> None:
    rs = get_ruleset("changsha")
    plain = rs.score("123m456m789p234s55s", rs.Context(dealer=2))
    assert plain.payments == (7, -2, -3, -2)  # 小胡自摸 2 from each, the dealer 1 more (庄闲)
    r = rs.score("123m456m789p234s55s", rs.Context(dealer=2, bird_seats="1,1,0,0"))
    # seat 1: 2 + 2 × (1 on the winner + 1 on itself); seat 2 (dealer): 2 + 2 × 1 + 1; seat 3: 2 + 2 × 1
    assert r.payments == (6 + 5 + 4, -6, -5, -4)


def test_on_a_discard_only_the_discarder_pays_its_birds() -> None:
    rs = get_ruleset("changsha")
    r = rs.score("123m456m789p234s55s", rs.Context(dealer=0, discarder=3, bird_seats="0,0,2,0"))
    assert r.payments == (2, 0, 0, -2)  # 小胡接炮 1 and the dealer's 1 more; birds on seat 2 do not touch seat 3
    r = rs.score("123m456m789p234s55s", rs.Context(dealer=0, discarder=3, bird_seats="0,0,0,2"))
    assert r.payments == (4, 0, 0, -4)  # and two birds on the discarder: 1 × 2 more


@pytest.mark.skipif(importlib.util.find_spec("mahjong.game") is None, reason="the engine is not part of this build")
def test_birds_by_seat_count_from_the_winner() -> None:
    from mahjong.rulebook.flow import birds_by_seat

    assert birds_by_seat(0, [0, 10, 24, 7]) == [1, 1, 1, 1]  # 1m 2p 7s 8m
    assert birds_by_seat(2, [4, 8, 12]) == [0, 1, 2, 0]  # 5m 9m on the winner, 4p on the seat before it
