"""A match: hands in sequence, the dealer, prevalent wind and seats moving as the rule set says, scores carried.

* Guobiao (``fixed_rounds``): 4 rounds (圈) × 4 hands = 16, no 连庄 — the deal passes after every hand; the
  prevalent wind advances after each round; the players swap seats before the third round (西圈): the players
  at 东 and 南 change places, and those at 西 and 北.
* Every other rule set: ``hands`` hands (default 16); the next dealer is the flow's (and settlement's) answer;
  where the rule set decides it by dice (Sichuan 血战) the match throws them; the prevalent wind advances when
  the deal comes back to the first dealer.

Players are numbered like the seats of the first hand; ``MatchResult.scores`` are per player.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from mahjong.errors import RulesError
from mahjong.game.agents import Agent
from mahjong.game.engine import Game
from mahjong.game.play import play_hand
from mahjong.game.rng import SplitMix64

__all__ = ["MatchResult", "HandSummary", "play_match", "guobiao_seating"]


@dataclass(frozen=True)
class HandSummary:
    number: int
    dealer: int  #: the dealer's seat
    prevalent_wind: int
    seat_of_player: tuple[int, ...]  #: player -> seat in this hand
    net: tuple[int, ...]  #: per seat
    winners: tuple[int, ...]  #: seats


@dataclass
class MatchResult:
    rules: str
    hands: list[HandSummary] = field(default_factory=list)
    scores: list[int] = field(default_factory=lambda: [0, 0, 0, 0])  #: per player
    games: list[Game] = field(default_factory=list)


def guobiao_seating(round_number: int) -> tuple[int, ...]:
    """player -> seat in a round: identity in 东圈 and 南圈, 东↔南 and 西↔北 swapped from 西圈 on."""
    return (0, 1, 2, 3) if round_number < 2 else (1, 0, 3, 2)


def play_match(
    rules: str,
    agents: Sequence[Agent],
    *,
    seed: int = 0,
    hands: int | None = None,
    options: Mapping[str, Any] | None = None,
    keep_games: bool = False,
    on_hand: Callable[[Game], None] | None = None,
) -> MatchResult:
    """Play a match with one agent per player."""
    from mahjong.game.engine import make_flow

    flow = make_flow(rules, options)
    seats = flow.seats
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise RulesError(f"seed must be a whole number, got {seed!r}")
    if not isinstance(agents, Sequence) or isinstance(agents, (str, bytes)):
        raise RulesError(f"agents must be a list of {len(seats)} agents, got {type(agents).__name__}")
    if len(agents) < len(seats):
        raise RulesError(f"{rules} needs {len(seats)} agents, got {len(agents)}")
    for i, agent in enumerate(agents[:len(seats)]):
        if not callable(getattr(agent, "choose", None)):
            raise RulesError(f"agent {i} has no choose(game, seat, legal) method: {type(agent).__name__}")
    fixed = getattr(flow, "fixed_rounds", False)
    if hands is None:
        hands = 16
    if not isinstance(hands, int) or isinstance(hands, bool) or hands < 1:
        raise RulesError(f"hands must be a whole number >= 1, got {hands!r}")
    rng = SplitMix64(seed, 0x3A7C4)
    result = MatchResult(rules)
    dealer = seats[0]
    if len(seats) == 2:
        dealer = seats[rng.below(2)]  # the two-player game: the first dealer is random
    first_dealer, wind = dealer, 0
    seating = tuple(range(len(seats)))
    for k in range(hands):
        if fixed:
            wind, dealer = (k // 4) % 4, seats[k % 4]
            seating = guobiao_seating(wind)
        at_seat = {seating[p]: agents[p] for p in range(len(seats))}
        game = Game(rules, seed=seed, salt=k, dealer=dealer, prevalent_wind=wind, hand_number=k, options=options)
        play_hand(game, at_seat)
        if on_hand is not None:
            on_hand(game)
        assert game.settlement is not None
        net = game.settlement.net
        for p in range(len(seats)):
            result.scores[p] += net[seating[p]]
        result.hands.append(HandSummary(k, dealer, wind, seating, tuple(net), tuple(game.state.won)))
        if keep_games:
            result.games.append(game)
        if not fixed:
            nd = game.state.next_dealer
            if nd is None:  # decided by dice (Sichuan 血战: 每局投骰)
                nd = seats[(seats.index(dealer) + sum(rng.dice()) - 1) % len(seats)]
            if nd != dealer and nd == first_dealer:
                wind = (wind + 1) % 4
            dealer = nd
    return result
