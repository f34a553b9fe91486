"""One flow per rule set: the hooks the engine calls.  The engine's rows of the flow table are here; the table
and :func:`flow_class` (a preset name to its flow) are the registry's (:mod:`mahjong.registry`), where rule files
add theirs."""

from __future__ import annotations

from mahjong.game.flows.base import Flow
from mahjong.registry import FLOWS, flow_class

__all__ = ["Flow", "flow_class", "FLOWS"]

# preset name -> (module, class) of its flow
FLOWS.update({
    "guobiao": ("mahjong.game.flows.guobiao", "GuobiaoFlow"),
    "guobiao-rulebook": ("mahjong.game.flows.guobiao", "GuobiaoFlow"),
    "guobiao-extras": ("mahjong.game.flows.guobiao", "GuobiaoFlow"),
    "sichuan": ("mahjong.game.flows.sichuan", "SichuanFlow"),
    "common": ("mahjong.game.flows.simple", "CommonFlow"),
    "wuhu-2468": ("mahjong.game.flows.simple", "WuhuFlow"),
    "wuhu-1234": ("mahjong.game.flows.simple", "WuhuFlow"),
    "twoplayer": ("mahjong.game.flows.twoplayer", "TwoPlayerFlow"),
    "nanchang": ("mahjong.game.flows.nanchang", "NanchangFlow"),
    "yuhuan": ("mahjong.game.flows.yuhuan", "YuhuanFlow"),
    "jinshan": ("mahjong.game.flows.jinshan", "JinshanFlow"),
})
