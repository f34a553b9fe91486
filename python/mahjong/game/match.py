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

from mahjong.errors import RulesError, shown_number, whole
from mahjong.game.agents import Agent
from mahjong.game.engine import Game
from mahjong.game.play import play_hand
from mahjong.game.rng import SplitMix64

__all__ = ["MatchResult", "HandSummary", "MatchPlan", "play_match", "guobiao_seating"]


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


class MatchPlan:
    """The order of a match's hands: who deals hand k, the prevalent wind and the seating (player -> seat), as the
    module docstring says.  :func:`play_match` and :class:`mahjong.table.Table` both follow it.

    ``dealer``, ``wind``, ``seating`` and ``number`` describe the next hand; :meth:`advance` moves on after a hand
    that ended with ``next_dealer`` (the flow's answer; ``None`` where dice decide, thrown by ``dice``)."""

    def __init__(self, flow: Any, first_dealer: int) -> None:
        self.seats: tuple[int, ...] = tuple(flow.seats)
        self.fixed = bool(getattr(flow, "fixed_rounds", False))
        self.number = 0
        self.first_dealer = self.dealer = first_dealer
        self.wind = 0
        self.seating: tuple[int, ...] = tuple(range(len(self.seats)))
        self._fixed_hand()

    @staticmethod
    def first(flow: Any, rng: SplitMix64) -> int:
        """The first dealer: the flow's first seat; in the two-player game a random one."""
        seats: tuple[int, ...] = tuple(flow.seats)
        return seats[rng.below(2)] if len(seats) == 2 else seats[0]

    def _fixed_hand(self) -> None:
        if self.fixed:
            k = self.number
            self.wind, self.dealer = (k // 4) % 4, self.seats[k % 4]
            self.seating = guobiao_seating(self.wind)

    def advance(self, next_dealer: int | None, dice: Callable[[], tuple[int, ...]]) -> None:
        """Move on to the next hand."""
        if not self.fixed:
            nd = next_dealer
            if nd is None:  # decided by dice (Sichuan 血战: 每局投骰)
                nd = self.seats[(self.seats.index(self.dealer) + sum(dice()) - 1) % len(self.seats)]
            if nd != self.dealer and nd == self.first_dealer:
                self.wind = (self.wind + 1) % 4
            self.dealer = nd
        self.number += 1
        self._fixed_hand()


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
    n = whole(seed)
    if n is None:
        raise RulesError(f"seed must be a whole number, got {shown_number(seed)}")
    seed = n
    if not isinstance(agents, Sequence) or isinstance(agents, (str, bytes)):
        raise RulesError(f"agents must be a list of {len(seats)} agents, got {type(agents).__name__}")
    if len(agents) < len(seats):
        raise RulesError(f"{rules} needs {len(seats)} agents, got {len(agents)}")
    for i, agent in enumerate(agents[:len(seats)]):
        if not callable(getattr(agent, "choose", None)):
            raise RulesError(f"agent {i} has no choose(game, seat, legal) method: {type(agent).__name__}")
    if hands is None:
        hands = 16
    n = whole(hands)
    if n is None or n < 1:
        raise RulesError(f"hands must be a whole number >= 1, got {shown_number(hands)}")
    hands = n
    rng = SplitMix64(seed, 0x3A7C4)
    result = MatchResult(rules)
    plan = MatchPlan(flow, MatchPlan.first(flow, rng))
    for k in range(hands):
        seating = plan.seating
        at_seat = {seating[p]: agents[p] for p in range(len(seats))}
        game = Game(rules, seed=seed, salt=k, dealer=plan.dealer, prevalent_wind=plan.wind, hand_number=k,
                    options=options)
        play_hand(game, at_seat)
        if on_hand is not None:
            on_hand(game)
        assert game.settlement is not None
        net = game.settlement.net
        for p in range(len(seats)):
            result.scores[p] += net[seating[p]]
        result.hands.append(HandSummary(k, plan.dealer, plan.wind, seating, tuple(net), tuple(game.state.won)))
        if keep_games:
            result.games.append(game)
        plan.advance(game.state.next_dealer, rng.dice)
    return result
