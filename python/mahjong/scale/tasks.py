"""The tasks the shard runner knows by name (module-level, so a process pool or Ray worker can import them)."""

from __future__ import annotations

from mahjong.scale.logs import settle_shard
from mahjong.scale.runner import Task
from mahjong.scale.simulate import simulate_shard

__all__ = ["TASKS", "settle_shard", "simulate_shard"]

#: every task by name (the process pool's forkserver preloads this module)
TASKS: dict[str, Task] = {"settle": settle_shard, "simulate": simulate_shard}
