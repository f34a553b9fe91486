"""Argument types of the command lines (argparse's ``type=``), shared by the ``mahjong`` command and its parts."""

from __future__ import annotations

import argparse
from collections.abc import Callable

from mahjong.errors import shown_number

__all__ = ["whole_number"]


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
