"""Guobiao 国标 flow: 144 tiles, flowers replaced during the deal and play, the dice break point, 截和 (one
winner per discard, the first in turn order), the 8-fan minimum (the scorer's ``valid``), no kong on the last
tile, robbed added kongs; 天和 / 地和 / 人和 only with the extras (``guobiao-extras``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from mahjong.game.events import DiceRolled, GameEvent
from mahjong.game.flows.base import Flow, standard_tiles

if TYPE_CHECKING:
    from mahjong.game.rng import SplitMix64
    from mahjong.game.state import HandState

__all__ = ["GuobiaoFlow", "GuobiaoFlowOptions", "break_point"]

FLOWERS = frozenset(range(34, 42))
STACKS_PER_SIDE = 18  #: 144 tiles = 4 sides of 18 stacks of 2


def break_point(first: tuple[int, ...], second: tuple[int, ...], dealer_side: int = 0) -> int:
    """Where drawing starts in the ring of 144 tiles (ring order: side 0 = the dealer's, then counter-clockwise).

    Competition rule (game-flow §1.2): the first throw's sum picks the side — 5/9 the dealer's, 2/6/10 the
    dealer's right, 3/7/11 opposite, 4/8/12 the dealer's left (counting the dealer as 1, counter-clockwise);
    the sum of both throws counts stacks from that side's right end; drawing starts after them.
    """
    side = (sum(first) - 1) % 4
    stacks = sum(first) + sum(second)
    return (((dealer_side + side) % 4) * STACKS_PER_SIDE + stacks) * 2 % 144


@dataclass(frozen=True)
class GuobiaoFlowOptions:
    """Guobiao flow options.

    dice_break: the wall is broken where the dice say (the competition rule: the dealer throws, the seat the
        sum points at throws again). Default True — source: Guobiao competition rules (game-flow §1.2).
    """

    dice_break: bool = True


class GuobiaoFlow(Flow):
    presets = ("guobiao", "guobiao-seed", "guobiao-extras")
    Options = GuobiaoFlowOptions
    earthly = None
    #: the match is 4 rounds × 4 hands with no 连庄 and the seat swap before 西圈 (see mahjong.game.match)
    fixed_rounds = True

    def __init__(self, ruleset: Any, options: Any = None) -> None:
        super().__init__(ruleset, options)
        self.bonus_tiles = FLOWERS
        extras = bool(getattr(ruleset.config, "extras", False))
        self.heavenly = extras
        self.earthly = "first_draw" if extras else None

    def tiles(self) -> list[int]:
        return standard_tiles(flowers=True)

    def break_wall(self, wall: list[int], dealer: int, rng: SplitMix64) -> tuple[list[int], list[GameEvent]]:
        if not self.options.dice_break:
            return wall, []
        first = rng.dice()
        thrower = (dealer + (sum(first) - 1)) % 4
        second = rng.dice()
        start = break_point(first, second)
        events: list[GameEvent] = [DiceRolled(dealer, first, "break"), DiceRolled(thrower, second, "break")]
        return wall[start:] + wall[:start], events

    def record_facts(self, state: HandState, seat: int, tile: int, from_seat: int | None) -> dict[str, Any]:
        if not self.heavenly:
            return {}
        f = state.win_facts(seat, tile, from_seat, state.robbing)
        return {"human": f.human} if f.human else {}
