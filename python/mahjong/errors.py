"""The package's exception types.

Every error the package raises on bad input is a :class:`MahjongError`, which is a
:class:`ValueError`, so callers can catch either.  Messages name the problem (the bad
token and its position, the tile with a fifth copy, the rule that was broken).
"""

from __future__ import annotations

__all__ = [
    "MahjongError",
    "TileError",
    "HandError",
    "MeldError",
    "RulesError",
    "ContextError",
    "NotWinningError",
]


class MahjongError(ValueError):
    """Base class of every error raised by :mod:`mahjong` for bad input.

    ``str(error)`` is the English message.  Two optional attributes help interfaces that translate or react:

    - ``code``: a stable, machine-readable kind of error (``"bad-tile-text"``, ``"text-too-long"``, ...), or
      ``None`` where none is set yet;
    - ``message_zh``: the same message in Chinese where one is written, else ``None`` (show ``str(error)``).
    """

    code: str | None
    message_zh: str | None

    def __init__(self, *args: object, code: str | None = None, message_zh: str | None = None) -> None:
        super().__init__(*args)
        self.code = code
        self.message_zh = message_zh


class TileError(MahjongError):
    """A tile string, tile id or tile name that cannot be read."""


class HandError(MahjongError):
    """A hand that cannot exist: a fifth copy, a wrong tile count, bad array shape or dtype."""


class MeldError(HandError):
    """An illegal meld: a chow of honors, a pung of different tiles, a bad claim seat."""


class RulesError(MahjongError):
    """A rules object or option that is inconsistent or unknown (e.g. an unknown preset name)."""


class ContextError(MahjongError):
    """A win context that contradicts the hand (e.g. 杠上开花 without a kong, seat out of range)."""


class NotWinningError(HandError):
    """The hand does not win under the given rules; the message names the rule that fails."""
