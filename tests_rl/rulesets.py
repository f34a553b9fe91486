"""The rule sets the engine can play now (those whose flow module imports), for parametrizing."""

from __future__ import annotations

import importlib

from mahjong.game.flows import FLOWS


def _playable() -> list[str]:
    out = []
    for name, (module, _cls) in sorted(FLOWS.items()):
        try:
            importlib.import_module(module)
        except ImportError:
            continue
        out.append(name)
    return out


PLAYABLE = _playable()
