"""mahjong — a fast, correct Chinese mahjong rules engine (distribution ``mjcore``).

Kernels (compiled Cython, with a pure-Python twin of the same API)::

    >>> import mahjong
    >>> mahjong.is_win("123m456p789s123sEE")
    True
    >>> mahjong.waits("1112345678999m").tiles      # 九莲宝灯 waits on all nine
    (0, 1, 2, 3, 4, 5, 6, 7, 8)

Scoring under a rule set (names are case-insensitive and may be Chinese: ``"国标"``, ``"四川"``…)::

    >>> mahjong.score("[123m,1][456m,1]789m123p55s", mahjong.WinContext(discarder=3), rules="guobiao")

A whole hand's events settle with :func:`settle` (:class:`HandRecord`; JSON format in :mod:`mahjong.settlement`).
:mod:`mahjong.report` gives the JSON-ready answers of the ``mahjong`` command; :mod:`mahjong.convert` converts to
and from other software's tile notations.

``mahjong.BACKEND`` says which kernel backend is live (``"cython"`` or ``"python"``); set
``MAHJONG_PURE_PYTHON=1`` to force the pure-Python reference.
"""

from __future__ import annotations

from typing import Any

from mahjong.errors import (
    ContextError,
    HandError,
    MahjongError,
    MeldError,
    NotWinningError,
    RulesError,
    TileError,
)
from mahjong.framework import (
    ArithmeticLine,
    ScoreItem,
    ScoreResult,
    WinContext,
    get_ruleset,
    list_rulesets,
    resolve_preset,
    score,
)
from mahjong.hand import Hand, Meld, MeldKind, format_hand, parse_hand
from mahjong.registry import add_loader as _add_loader
from mahjong.settlement import (
    Draw,
    DrawEventDict,
    EventDict,
    HandRecord,
    HandRecordDict,
    Kong,
    KongEventDict,
    Payment,
    Settlement,
    Win,
    WinEventDict,
    settle,
)
from mahjong.rules import DEFAULT, GUOBIAO, NANCHANG, RIICHI_SHAPES, SICHUAN, YUHUAN, HandRules
from mahjong.tiles import Tile, format_tiles, parse_tiles, tile_name
from mahjong.types import DiscardOption, Decomposition, Form, Waits

__version__ = "0.1.0"

# The kernels: compiled or reference, chosen in mahjong._kernels (the one place that decides).
from mahjong._kernels import BACKEND  # noqa: E402
from mahjong._kernels import backend_module as _k  # noqa: E402


def _load_presets() -> None:
    """The registry's built-in rows, loaded at its first look-up (the registry imports no rule set): the engine's
    flows, then the preset table, which registers the rule files shipped with the package last."""
    import importlib

    importlib.import_module("mahjong.game.flows")
    importlib.import_module("mahjong.rulesets._presets")


_add_loader(_load_presets)


def load_rules(path: str, **options: Any) -> Any:  # imported on first use: `import mahjong` stays light
    """A rule set from a rule file (TOML), registered as a preset: see :mod:`mahjong.rulebook`."""
    from mahjong.rulebook import load_rules as load

    return load(path, **options)


is_win = _k.is_win
decompositions = _k.decompositions
waits = _k.waits
shanten = _k.shanten
shanten_by_form = _k.shanten_by_form
useful_tiles = _k.useful_tiles
discard_options = _k.discard_options
is_win_batch = _k.is_win_batch
shanten_batch = _k.shanten_batch
waits_batch = _k.waits_batch


__all__ = [
    "BACKEND",
    "__version__",
    # kernels
    "is_win",
    "decompositions",
    "waits",
    "shanten",
    "shanten_by_form",
    "useful_tiles",
    "discard_options",
    "is_win_batch",
    "shanten_batch",
    "waits_batch",
    # model
    "Tile",
    "parse_tiles",
    "format_tiles",
    "tile_name",
    "Hand",
    "Meld",
    "MeldKind",
    "parse_hand",
    "format_hand",
    "HandRules",
    "DEFAULT",
    "GUOBIAO",
    "SICHUAN",
    "NANCHANG",
    "YUHUAN",
    "RIICHI_SHAPES",
    "Form",
    "Decomposition",
    "Waits",
    "DiscardOption",
    # scoring
    "WinContext",
    "ScoreItem",
    "ScoreResult",
    "ArithmeticLine",
    "score",
    "load_rules",
    "get_ruleset",
    "list_rulesets",
    "resolve_preset",
    # whole-hand settlement (the record format: see mahjong.settlement and the README)
    "HandRecord",
    "HandRecordDict",
    "EventDict",
    "KongEventDict",
    "WinEventDict",
    "DrawEventDict",
    "Kong",
    "Win",
    "Draw",
    "Payment",
    "Settlement",
    "settle",
    # errors
    "MahjongError",
    "TileError",
    "HandError",
    "MeldError",
    "RulesError",
    "ContextError",
    "NotWinningError",
]
