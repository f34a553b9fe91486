"""The errors of the scale-out layer (all :class:`mahjong.errors.MahjongError`, so a ``ValueError``)."""

from __future__ import annotations

from mahjong.errors import MahjongError

__all__ = ["ScaleError", "ClusterError", "LogError"]


class ScaleError(MahjongError):
    """A bad request to the shard runner: a worker count below 1, a hand count below 0, an unknown task."""


class ClusterError(ScaleError):
    """Ray is not installed, or the Ray cluster at the given address cannot be reached."""


class LogError(ScaleError):
    """A game log file or line that cannot be read or settled; the message names the file and line."""
