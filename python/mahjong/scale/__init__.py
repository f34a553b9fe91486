"""Scale-out: seeded shards run in this process, on a local process pool or on a Ray cluster, merged exactly.

    >>> from mahjong.scale import settle_logs
    >>> tally = settle_logs(["logs/"], workers=4)            # local processes
    >>> tally = settle_logs(["logs/"], workers=4, ray="local")  # a local Ray cluster, started and stopped
    >>> tally = settle_logs(["logs/"], workers=8, ray="10.0.0.5:6379")  # a running cluster

Work is cut into :class:`Shard` s of consecutive items (hands to play, log entries to settle); every hand's seed
depends only on the run's seed and the hand's index (:func:`hand_seed`), and the statistics are integer tallies
merged by addition (:class:`Tally`), so the same seed gives the same totals for any number of workers and any
back end.  Progress streams to a callback ``progress(done, total)`` as shards finish.

Ray is an optional extra (``pip install 'mjcore[ray]'``) and is imported only when a Ray back end is asked for;
without it (or without ``ray=``) a local process pool is used.  Errors: :class:`ScaleError` (bad worker count),
:class:`ClusterError` (Ray missing or the cluster unreachable), :class:`LogError` (a log that cannot be read or
settled, naming the file and line) — all subclasses of :class:`mahjong.errors.MahjongError`.
"""

from __future__ import annotations

import os
from collections.abc import Sequence

from mahjong.scale.errors import ClusterError, LogError, ScaleError
from mahjong.scale.logs import list_log_entries, settle_shard
from mahjong.scale.runner import LOCAL, Progress, run_sharded
from mahjong.scale.shards import Shard, hand_seed, plan_shards
from mahjong.scale.tally import Tally

__all__ = [
    "LOCAL",
    "ClusterError",
    "LogError",
    "ScaleError",
    "Shard",
    "Tally",
    "hand_seed",
    "plan_shards",
    "run_sharded",
    "settle_logs",
]


def settle_logs(
    paths: Sequence[str | os.PathLike[str]],
    *,
    workers: int = 1,
    ray: str | None = None,
    progress: Progress | None = None,
) -> Tally:
    """Settle every hand in the given log files and directories and tally the results (see
    :mod:`mahjong.scale.logs` for what a log entry is)."""
    entries = list_log_entries(paths)
    return run_sharded(settle_shard, {"entries": entries}, len(entries), workers=workers, ray=ray, progress=progress)
