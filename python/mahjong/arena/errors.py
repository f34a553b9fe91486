"""The arena's errors (a :class:`mahjong.errors.MahjongError`, so a ``ValueError``)."""

from __future__ import annotations

from mahjong.errors import MahjongError

__all__ = ["ArenaError"]


class ArenaError(MahjongError):
    """A bad arena request: a bot that is neither a built-in agent nor a program that can be run, the wrong
    number of bots, a program on a game other than Botzone's, a bad hand count or time limit."""
