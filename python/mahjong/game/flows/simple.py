"""Flows with nothing beyond the common skeleton: the common fan table and Wuhu (136 tiles, chows, one winner
per discard, the wall drawn to its end, the next seat deals)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from mahjong.game.flows.base import Flow, standard_tiles

__all__ = ["CommonFlow", "WuhuFlow", "CommonFlowOptions", "WuhuFlowOptions"]


@dataclass(frozen=True)
class CommonFlowOptions:
    """Common-table flow options.

    flowers: play with the 8 flowers (replaced when drawn; each counts on a win). Default False — source: the
        table lists 花牌 rows but its rules page counts 136 tiles (the page leaves it open; most online tables of
        the common rules deal 136).
    """

    flowers: bool = False


class CommonFlow(Flow):
    presets = ("common",)
    Options = CommonFlowOptions
    heavenly = True
    earthly = "first_draw"

    def __init__(self, ruleset: Any, options: Any = None) -> None:
        super().__init__(ruleset, options)
        if self.options.flowers:
            self.bonus_tiles = frozenset(range(34, 42))

    def tiles(self) -> list[int]:
        return standard_tiles(flowers=self.options.flowers)


@dataclass(frozen=True)
class WuhuFlowOptions:
    """Wuhu flow options.

    honors: the winds and dragons are in play (136 tiles). Default True — source: the Wuhu
        tables' example hands show no honors but never say they are taken out; most Anhui tables play 136.
    """

    honors: bool = True


class WuhuFlow(Flow):
    presets = ("wuhu-2468", "wuhu-1234")
    Options = WuhuFlowOptions

    def tiles(self) -> list[int]:
        return standard_tiles(honors=self.options.honors)
