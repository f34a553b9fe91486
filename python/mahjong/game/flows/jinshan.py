"""Jinshan 金山 flow: 144 tiles; 春夏秋冬 are 花 (set aside when drawn and replaced from the back), 梅兰竹菊 the
four 百搭 (wildcards, held in the hand).  One winner per discard, the wall drawn to its end, the winner deals."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from mahjong.game.flows.base import Flow, standard_tiles

if TYPE_CHECKING:
    from mahjong.game.state import HandState

__all__ = ["JinshanFlow", "JinshanFlowOptions"]


@dataclass(frozen=True)
class JinshanFlowOptions:
    """Jinshan flow options.

    winner_deals: the winner deals the next hand (after a draw the dealer stays); False = the deal passes to
        the next seat. Default True — source: the Jinshan rules page leaves it open;
        Shanghai-area tables let the winner deal.
    """

    winner_deals: bool = True


class JinshanFlow(Flow):
    presets = ("jinshan",)
    Options = JinshanFlowOptions
    heavenly = True
    earthly = "first_discard"
    #: the 百搭 (梅兰竹菊) stay in the hand: one may be discarded, and a drawn one may be the winning tile (it
    #: then stands for whatever tile scores best: the scorer's wildcard_win); a discarded one is dead
    held_bonus = frozenset(range(38, 42))

    def __init__(self, ruleset: Any, options: Any = None) -> None:
        super().__init__(ruleset, options)
        self.bonus_tiles = frozenset(range(34, 38))
        self.wild_tiles = self.held_bonus  # the 百搭 are the hand's wildcards

    def tiles(self) -> list[int]:
        return standard_tiles(flowers=True)

    #: a 百搭 won on (record_facts) is the core's own fact: the compiled book reads it there
    win_facts_from_core = frozenset({"wildcard_win"})

    def record_facts(self, state: HandState, seat: int, tile: int, from_seat: int | None) -> dict[str, Any]:
        return {"wildcard_win": True} if tile in self.held_bonus else {}

    def next_dealer(self, state: HandState, details: dict[str, Any]) -> int | None:
        if not self.options.winner_deals:
            return (state.dealer + 1) % 4
        return state.won[0] if state.won else state.dealer
