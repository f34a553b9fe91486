"""Argument types of the command lines (argparse's ``type=``), shared by the ``mahjong`` command and its parts."""

from __future__ import annotations

import argparse
from collections.abc import Callable

from mahjong.errors import RulesError, shown_number

__all__ = ["whole_number", "MAX_HANDS", "check_hands", "hands_argument"]


def whole_number(lo: int, hi: int) -> Callable[[str], int]:
    """An argparse ``type=`` reading a whole number ``lo..hi`` (else argparse's error, one line of ours)."""

    def read(text: str) -> int:
        try:
            n = int(text)
        except ValueError:  # (not a number, or more digits than Python reads from text)
            raise argparse.ArgumentTypeError(f"not a whole number: {text[:20]!r}") from None
        if not lo <= n <= hi:
            raise argparse.ArgumentTypeError(f"must be {lo}..{hi}, got {shown_number(n)}")
        return n

    return read


#: the most hands one ``simulate`` run plays (about a day of one core; the sharded run plans its shards up front)
MAX_HANDS = 100_000_000


def check_hands(hands: object) -> int:
    """``hands`` as the number of hands of a run: a whole number 1..MAX_HANDS, else our error."""
    if not isinstance(hands, int) or isinstance(hands, bool) or not 1 <= hands <= MAX_HANDS:
        raise RulesError(f"--hands must be 1..{MAX_HANDS}, got {shown_number(hands)}")
    return hands


#: ``--hands`` read from the command line (argparse's ``type=``): a whole number 1..MAX_HANDS
hands_argument = whole_number(1, MAX_HANDS)
