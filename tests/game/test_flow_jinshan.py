"""Jinshan: a drawn 百搭 (梅兰竹菊) offered as the winning tile, a 百搭 discarded, and a discarded 百搭 left dead."""

from __future__ import annotations

from game_support import events_of, make_wall, scripted, tiles

from mahjong.game import Action, Game
from mahjong.game.actions import DISCARD_BONUS, N_ACTIONS
from mahjong.game.events import Discarded, Drew, Won
from mahjong.game.log import replay

F5 = tiles("f5")[0]  # 梅: the first 百搭


def _wall() -> list[int]:
    # the dealer keeps 111m456m789m123p and a single 北 after its first discard; its second draw is 梅 (a 百搭)
    return make_wall("jinshan", {0: "111m456m789m123pCN"}, draws=["1s", "2s", "3s", "f5"])


def test_a_drawn_baida_is_offered_as_the_winning_tile() -> None:
    game, agents = scripted("jinshan", _wall(), {0: [Action("win", F5)]})
    offered = [a for _, legal in agents[0].asked for a in legal if a.tile == F5]
    assert Action("win", F5) in offered and Action("discard", F5) in offered
    assert Action("discard", F5).index == DISCARD_BONUS + F5 - 34 < N_ACTIONS
    (won,) = events_of(game, Won)
    assert (won.seat, won.tile, won.from_seat) == (0, F5, None)
    win = game.state.win_records[0]
    assert win.flags["wildcard_win"] is True and "f5" in win.hand  # the 百搭 is written among the flowers
    assert game.settlement is not None
    result = game.settlement.results[0]
    assert result.valid and game.settlement.net == (3 * result.total, -result.total, -result.total, -result.total)
    assert replay(game.events).events == game.events


def test_a_discarded_baida_is_dead() -> None:
    game, _ = scripted("jinshan", _wall(), {0: [Action("discard", F5)]})
    thrown = [d for d in events_of(game, Discarded) if d.tile == F5]
    assert thrown == [Discarded(0, F5)]
    after = game.events[game.events.index(thrown[0]) + 1]
    assert isinstance(after, Drew) and after.seat == 1  # nobody was asked to claim it or win on it
    assert game.state.visible[F5] == 1 and F5 not in [w.tile for w in events_of(game, Won)]
    game.state.tile_count_check()


def test_the_mask_marks_the_baida_discard() -> None:
    game = Game("jinshan", wall=_wall())
    game.act(0, game.legal_actions(0)[-1])
    while not (game.state.phase == "turn" and game.pending == (0,)):
        for s in game.pending:
            legal = game.legal_actions(s)
            game.act(s, Action("pass") if Action("pass") in legal else Action("discard", game.state.last_draw[1]))
    mask = game.action_mask(0)
    assert mask[DISCARD_BONUS + F5 - 34] == 1 and sum(mask[DISCARD_BONUS:DISCARD_BONUS + 8]) == 1
