"""Yuhuan: the losers' own totals (输家胡数, settled among the losers) are derived from their tiles in play."""

from __future__ import annotations

from game_support import Scripted, events_of, make_wall, run, scripted, tiles

from mahjong.framework import get_ruleset
from mahjong.game import Action, Game
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


def test_the_dice_are_thrown_and_logged() -> None:
    # 《玉环麻将算法》 二、(2): two throws before the draw, the dealer's and then the player it points at; the sum
    # of both is counted from the second thrower's side (the wall broken there, 17 stacks a side)
    from mahjong.game import Game, RandomAgent, play_hand
    from mahjong.game.events import DiceRolled, WallBuilt
    from mahjong.game.flows.base import standard_tiles
    from mahjong.game.flows.guobiao import break_point
    from mahjong.game.log import replay
    from mahjong.game.rng import SplitMix64, shuffled

    for seed in range(3):
        game = Game("yuhuan", seed=seed, dealer=1)
        first, second = events_of(game, DiceRolled)
        assert (first.seat, first.purpose, second.purpose) == (1, "break", "break")
        assert second.seat == (1 + sum(first.dice) - 1) % 4
        ring = shuffled(standard_tiles(), SplitMix64(seed, 0))
        start = break_point(first.dice, second.dice, stacks_per_side=17)
        (built,) = events_of(game, WallBuilt)
        assert list(built.tiles) == ring[start:] + ring[:start]
        play_hand(game, [RandomAgent(s) for s in range(4)])
        assert replay(game.events).events == game.events
    assert not events_of(Game("yuhuan", seed=1, options={"dice_break": False}), DiceRolled)


def test_lao_gui_ning_a_player_who_discarded_a_caishen_may_not_win() -> None:
    # the flipped tile is 西: its other three copies are 财神.  Seat 1 holds one with 123m 456m 789m 123p 456p,
    # draws 9s, and discards the 财神; seat 2 then discards 9s, on which seat 1 would win (a pair of 9s) — 老鬼宁
    # (a fuller copy of the Yuhuan rules, spec yuhuan.md §2c) forbids it; with the option off the win is offered
    west, nine = tiles("W")[0], tiles("9s")[0]
    wall = make_wall("yuhuan", {0: "11m22m33m44m55m66m77m88s", 1: "123m456m789m123p456pW"},
                     draws=["W", "9s", "9s"])
    for rule, offered in ((True, False), (False, True)):
        seen: list[list[Action]] = []

        class Watch(Scripted):
            def __init__(self, plan: list[Action], seen: list[list[Action]]) -> None:
                super().__init__(plan)
                self.seen = seen

            def choose(self, g: Game, seat: int, legal: list[Action]) -> Action:
                if g.state.phase == "claim" and g.state.last_discard is not None \
                        and g.state.last_discard[:2] == (2, nine):
                    self.seen.append(list(legal))
                return super().choose(g, seat, legal)

        game = Game("yuhuan", wall=wall, options={"lao_gui_ning": rule, "dice_break": False})
        run(game, {s: Watch([Action("discard", west)] if s == 1 else [], seen) for s in range(4)})
        assert events_of(game, WildcardRevealed)[0].indicator == west
        assert (west, False) in game.state.discards[1]
        assert any(Action("win", nine) in legal for legal in seen) == offered, (rule, seen)
