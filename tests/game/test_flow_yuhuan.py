"""Yuhuan: the losers' own totals (输家胡数, settled among the losers) are derived from their tiles in play."""

from __future__ import annotations

from game_support import events_of, make_wall, scripted, tiles

from mahjong.framework import get_ruleset
from mahjong.game import Action
from mahjong.game.events import WildcardRevealed, Won

LOSERS = {1: "999s111s2468m2468p35s", 2: "13579m13579p2389sES", 3: "2468m2468s1357pNCFE"}


def test_the_losers_totals_come_from_their_tiles() -> None:
    # the dealer's 17 dealt tiles win at once; the first live tile (西) is flipped: 西 is the 财神 nobody holds
    wall = make_wall("yuhuan", {0: "123m456m789m123p456p77p", **LOSERS}, draws=["W"])
    game, _ = scripted("yuhuan", wall, {0: [Action("win", tiles("7p")[0])]})
    assert events_of(game, WildcardRevealed)[0].indicator == tiles("W")[0]
    assert [w.seat for w in events_of(game, Won)] == [0]
    yh = get_ruleset("yuhuan")
    want = [None] + [yh.loser_total(LOSERS[s], s, tiles("W")[0]) for s in (1, 2, 3)]
    assert want[1] > want[3]  # seat 1's two concealed triplets count; seat 3 has none
    assert game.state.win_records[0].flags["loser_totals"] == want
    assert game.settlement is not None
    details = game.settlement.results[0].details
    assert details["loser_totals"] == [0, *want[1:]]
    # the lower total pays the higher the difference, on top of what each pays the winner
    pay = details["loser_settlement"]
    assert pay[1] == (want[1] - want[2]) + (want[1] - want[3]) and sum(pay) == 0
    assert game.settlement.net == tuple(a + b for a, b in zip(details["win_payments"], pay))
