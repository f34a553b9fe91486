"""One flow per rule set: the hooks the engine calls.  :func:`flow_class` maps a preset name to
its flow."""

from __future__ import annotations

import importlib

from mahjong.errors import RulesError
from mahjong.game.flows.base import Flow

__all__ = ["Flow", "flow_class", "FLOWS"]

#: preset name -> (module, class) of its flow
FLOWS: dict[str, tuple[str, str]] = {
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
}


def flow_class(name: str) -> type[Flow]:
    """The flow class of a preset (any spelling :func:`mahjong.framework.resolve_preset` accepts, e.g. 国标);
    :class:`RulesError` naming the known ones if there is none."""
    from mahjong.framework import _load_builtin_presets, resolve_preset

    _load_builtin_presets()  # rule-file presets register their flows as they load
    if isinstance(name, str):
        try:
            name = resolve_preset(name)
        except RulesError:
            pass  # reported below, with the playable names
    try:
        module, cls = FLOWS[name]
    except (KeyError, TypeError):
        raise RulesError(f"no game flow for rule set {name!r}; playable: {', '.join(sorted(FLOWS))}") from None
    klass: type[Flow] = getattr(importlib.import_module(module), cls)
    return klass
