"""Playing whole hands with agents (``play_hand``) — the loop every caller of the step API writes."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from mahjong.game.agents import Agent
from mahjong.game.engine import Game

__all__ = ["play_hand"]


def play_hand(game: Game, agents: Sequence[Agent] | Mapping[int, Agent], max_steps: int = 100_000) -> Game:
    """Drive ``game`` to its end: each pending seat's agent chooses among its legal actions."""
    steps = 0
    while not game.done:
        for seat in game.pending:
            game.act(seat, agents[seat].choose(game, seat, game.legal_actions(seat)))
        steps += 1
        if steps > max_steps:
            raise AssertionError("the hand did not end")
    return game


