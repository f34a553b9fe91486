"""The expert agent's defence, on seeded deals: an opponent with melds on the table is ready, the seat to move
holds that opponent's winning tile and a safe alternative; the greedy agent discards the winning tile (the
opponent may win on it), the expert discards a tile no one may win on.  On both engines (the compiled core and
the Python engine play the same hand, step by step)."""

from __future__ import annotations

import pytest

import mahjong
from mahjong.game import Action, Game, GreedyAgent, RandomAgent
from mahjong.game.agents import ExpertAgent

#: (rule set, seed, answers of seeded random players before the decision, the seat to move, the ready opponent);
#: the pure-Python kernels take about a minute over the expert's probes of a Guobiao hand (its special forms and
#: fan kernel): there the Sichuan deal only
DEALS = [("sichuan", 126, 72, 1, 0)] + ([("guobiao", 272, 42, 3, 0)] if mahjong.BACKEND == "cython" else [])


def _at(rules: str, seed: int, steps: int, engine: str) -> Game:
    game = Game(rules, seed=seed, engine=engine)
    agents = {s: RandomAgent(seed * 4 + s) for s in game.flow.seats}
    for _ in range(steps):
        seat = game.pending[0]
        game.act(seat, agents[seat].choose(game, seat, game.legal_actions(seat)))
    return game


def _wins_offered(game: Game, seat: int, discard: Action) -> list[int]:
    """The seats that may take a win (one that meets the rule set's minimum) on ``discard`` by ``seat``."""
    after = game.clone()
    after.act(seat, discard)
    out = []
    for s in after.pending:
        if Action("win", discard.tile) in after.legal_actions(s):
            result = after.win_score(s, discard.tile)
            if result is None or result.valid:
                out.append(s)
    return out


@pytest.mark.parametrize("engine", ["auto", "python"])
@pytest.mark.parametrize(("rules", "seed", "steps", "seat", "opponent"), DEALS)
def test_the_expert_does_not_deal_into_a_ready_hand_that_greedy_deals_into(rules: str, seed: int, steps: int,
                                                                          seat: int, opponent: int,
                                                                          engine: str) -> None:
    game = _at(rules, seed, steps, engine)
    assert list(game.pending) == [seat], game.pending
    legal = game.legal_actions(seat)
    # the threat shows: the opponent has melds on the table (what the expert reads), and it is ready for real
    assert len(game.state.melds[opponent]) >= 2
    greedy = GreedyAgent(0).choose(game, seat, legal)
    assert greedy.kind == "discard"
    assert _wins_offered(game, seat, greedy) == [opponent]
    expert = ExpertAgent(0).choose(game, seat, legal)
    assert expert.kind == "discard" and expert.tile != greedy.tile
    assert _wins_offered(game, seat, expert) == []
