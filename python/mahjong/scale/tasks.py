"""The tasks the shard runner knows by name (module-level, so a process pool or Ray worker can import them)."""

from __future__ import annotations

from mahjong.scale.logs import settle_shard
from mahjong.scale.runner import Task

__all__ = ["TASKS", "settle_shard"]

TASKS: dict[str, Task] = {"settle": settle_shard}
