"""Stub of the compiled kernels (src/mjcore/core.pyx); same API as mahjong._reference.

``__all__`` is mahjong._constants.KERNEL_NAMES (tests/test_constants.py checks this copy).  The batch kernels
return numpy arrays for numpy input, else ``bytearray`` / ``array.array('b')`` / ``list[int]``: typed ``Any``.
"""

from typing import Any

from mahjong.rules import HandRules
from mahjong.types import Decomposition, DiscardOption, Form, Waits

__all__ = [
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
]

def is_win(hand: object, wildcards: object = 0, rules: HandRules = ...) -> bool: ...
def shanten(hand: object, wildcards: object = 0, rules: HandRules = ...) -> int: ...
def shanten_by_form(hand: object, wildcards: object = 0, rules: HandRules = ...) -> dict[Form, int]: ...
def waits(hand: object, wildcards: object = 0, rules: HandRules = ..., visible: object = None) -> Waits: ...
def useful_tiles(hand: object, wildcards: object = 0, rules: HandRules = ...) -> tuple[int, ...]: ...
def discard_options(
    hand: object, wildcards: object = 0, rules: HandRules = ..., visible: object = None
) -> list[DiscardOption]: ...
def decompositions(hand: object, wildcards: object = 0, rules: HandRules = ...) -> list[Decomposition]: ...
def is_win_batch(hands: object, wildcards: object = 0, rules: HandRules = ...) -> Any: ...
def shanten_batch(hands: object, wildcards: object = 0, rules: HandRules = ...) -> Any: ...
def waits_batch(hands: object, wildcards: object = 0, rules: HandRules = ...) -> Any: ...
def _compiled_constants() -> dict[str, Any]: ...
