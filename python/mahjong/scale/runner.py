"""Run a sharded job in this process, on a local process pool, or as Ray tasks, and merge the tallies.

A *task* is a module-level function ``task(params, shard) -> Tally`` (picklable by reference, so a process pool
or a Ray worker can import it).  :func:`run_sharded` cuts the items into shards, runs them on the chosen back
end, calls ``progress(done, total)`` in this process as shards finish (streaming progress), and merges the
tallies in shard order.  Ray is imported only when a Ray back end is asked for.
"""

from __future__ import annotations

import multiprocessing
import os
import socket
import sys
import time
from collections.abc import Callable, Mapping
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from typing import Any, Protocol

from mahjong.errors import shown_number
from mahjong.scale.errors import ClusterError, ScaleError
from mahjong.scale.shards import Shard, plan_shards
from mahjong.scale.tally import Tally

__all__ = ["Task", "Progress", "Warm", "run_sharded", "ray_available", "check_ray_address", "LOCAL", "MAX_WORKERS",
           "check_workers", "local_worker_limit"]

#: Pass as ``ray=`` to start (and afterwards stop) a local Ray cluster with one CPU per worker.
LOCAL = "local"

#: the most workers one run asks for (shards in flight at once; on a Ray cluster, tasks)
MAX_WORKERS = 1024


def local_worker_limit() -> int:
    """The most worker processes a run starts on this machine (a process pool or a local Ray cluster): four per
    CPU (more only share the same cores, each with a copy of the package)."""
    return 4 * (os.cpu_count() or 1)


def check_workers(workers: object, ray: str | None = None) -> int:
    """``workers`` as a run's number of workers: 1..MAX_WORKERS, and on this machine at most
    :func:`local_worker_limit`; else our error."""
    if not isinstance(workers, int) or isinstance(workers, bool) or not 1 <= workers <= MAX_WORKERS:
        raise ScaleError(f"workers must be a whole number 1..{MAX_WORKERS}, got {shown_number(workers)}")
    local = local_worker_limit()
    if (ray is None or ray == LOCAL) and workers > local:
        raise ScaleError(f"{workers} workers on this machine is more than it runs: at most {local} (four per CPU)")
    return workers


class Task(Protocol):
    def __call__(self, params: Mapping[str, Any], shard: Shard, /) -> Tally: ...


Progress = Callable[[int, int], None]
#: A task's warm-up: what its first shard would do once per worker process before it plays (imports, the rule
#: set's flow and rule book), run before the clock of that shard (see :func:`run_sharded`).
Warm = Callable[[Mapping[str, Any]], None]


def ray_available() -> bool:
    """Whether the optional ``ray`` extra is installed (checked without importing Ray)."""
    import importlib.util

    return importlib.util.find_spec("ray") is not None


def _import_ray() -> Any:
    try:
        import ray
    except ImportError:
        raise ClusterError(
            "Ray is not installed: pip install 'mjcore[ray]' (or drop --ray to use local processes)"
        ) from None
    return ray


def _host_port(address: str) -> tuple[str, int] | None:
    rest = address.split("://", 1)[1] if "://" in address else address
    if rest in ("auto", ""):
        return None
    host, sep, port = rest.rpartition(":")
    if not sep or not port.isdigit():
        raise ClusterError(f"not a Ray address: {address!r} (expected HOST:PORT, ray://HOST:PORT or 'auto')")
    return host.strip("[]") or "127.0.0.1", int(port)


def check_ray_address(address: str, timeout: float = 3.0) -> None:
    """Raise :class:`ClusterError` naming ``address`` if nothing answers there (a TCP connect, before Ray's
    own much longer retries)."""
    hp = _host_port(address)
    if hp is None:
        return
    try:
        with socket.create_connection(hp, timeout=timeout):
            pass
    except ConnectionRefusedError:
        raise ClusterError(f"cannot reach the Ray cluster at {address}: Connection refused") from None
    except TimeoutError:  # (socket.timeout carries no strerror: say what happened)
        raise ClusterError(f"cannot reach the Ray cluster at {address}: no answer within {timeout:g} s") from None
    except socket.gaierror:
        raise ClusterError(f"cannot reach the Ray cluster at {address}: unknown host name") from None
    except OSError as e:
        reason = e.strerror or type(e).__name__
        raise ClusterError(f"cannot reach the Ray cluster at {address}: {reason}") from None


def _serial(task: Task, params: Mapping[str, Any], shards: list[Shard], done: Callable[[Shard, Tally], None]) -> None:
    for shard in shards:
        done(shard, task(params, shard))


def _pool_context(task: Task) -> Any:
    # Linux, no other thread alive: fork (fast, and a script calling us needs no ``__main__`` guard).
    # Otherwise forkserver (a clean single-threaded parent for the workers); Windows and macOS builds
    # without it: spawn.  The last two re-import the caller's main module, as multiprocessing always does.
    # (The runner knows no task: the server preloads the module of the one it is given.)
    import threading

    methods = multiprocessing.get_all_start_methods()
    if sys.platform.startswith("linux") and threading.active_count() == 1 and "fork" in methods:
        return multiprocessing.get_context("fork")
    if "forkserver" in methods:
        ctx = multiprocessing.get_context("forkserver")
        # (the shipped rule books too: every worker forked from the server has them loaded)
        ctx.set_forkserver_preload(["mahjong", task.__module__, "mahjong.rulesets._presets"])
        return ctx
    return multiprocessing.get_context("spawn")


def _pool(
    task: Task, params: Mapping[str, Any], shards: list[Shard], workers: int, done: Callable[[Shard, Tally], None],
    warm: Warm | None,
) -> None:
    import gc

    ctx = _pool_context(task)
    forked = ctx.get_start_method() == "fork"
    initializer: Any = None
    if warm is not None:
        if forked:  # warmed once here: every forked worker starts with it
            warm(params)
        else:  # each worker warms itself once, before its first shard
            initializer = warm
    if forked:  # the parent's objects out of the collector's reach: forked workers' collections do not touch
        gc.freeze()  # (and so copy) every page of the parent's heap
    try:
        with ProcessPoolExecutor(max_workers=workers, mp_context=ctx, initializer=initializer,
                                 initargs=(params,)) as pool:
            pending: dict[Future[Tally], Shard] = {pool.submit(task, params, s): s for s in shards}
            while pending:
                finished, _ = wait(pending, return_when=FIRST_COMPLETED)
                for fut in finished:
                    shard = pending.pop(fut)
                    done(shard, fut.result())
    except BrokenProcessPool:
        raise ScaleError(
            "a worker process stopped before finishing its shard (killed, out of memory, or a script that "
            "starts workers without an `if __name__ == \"__main__\":` guard)"
        ) from None
    finally:
        if forked:
            gc.unfreeze()


_FROZEN = False


def _frozen_task(task: Task, params: Mapping[str, Any], shard: Shard, warm: Warm | None = None) -> Tally:
    """A Ray task: ``task(params, shard)``, after the worker process's first task has warmed up (``warm``) and
    put every object loaded so far (the package, Ray's own modules) out of the garbage collector's reach, as
    the process pool's forked workers have theirs (``gc.freeze``): the collections during the hands then scan
    only what the hands make."""
    global _FROZEN
    if not _FROZEN:  # (the task's module is loaded: Ray unpickled the task by reference)
        import gc

        if warm is not None:
            warm(params)
        gc.collect()
        gc.freeze()
        _FROZEN = True
    return task(params, shard)


def _ray(
    task: Task,
    params: Mapping[str, Any],
    shards: list[Shard],
    workers: int,
    address: str,
    done: Callable[[Shard, Tally], None],
    warm: Warm | None,
) -> None:
    ray = _import_ray()
    if address != LOCAL:
        check_ray_address(address)  # even when Ray is already up: a wrong address is the caller's mistake
    started = False
    if not ray.is_initialized():
        if address == LOCAL:
            ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=False, configure_logging=False)
        else:
            try:
                ray.init(address=address, log_to_driver=False, configure_logging=False)
            except (ConnectionError, RuntimeError, TimeoutError) as e:
                raise ClusterError(f"cannot connect to the Ray cluster at {address}: {e}") from None
            except ValueError as e:  # a ray:// address without Ray's client installed (minimal Ray)
                if "ray[client]" in str(e):
                    raise ClusterError(f"{address} is a Ray Client address: it needs pip install 'ray[client]'") \
                        from None
                raise ClusterError(f"cannot connect to the Ray cluster at {address}: {e}") from None
        started = True
    try:
        remote = ray.remote(num_cpus=1)(_frozen_task)
        queue = list(shards)
        in_flight: dict[Any, Shard] = {}
        while queue or in_flight:
            while queue and len(in_flight) < workers:
                shard = queue.pop(0)
                in_flight[remote.remote(task, params, shard, warm)] = shard
            ready, _ = ray.wait(list(in_flight), num_returns=1)
            for ref in ready:
                shard = in_flight.pop(ref)
                done(shard, ray.get(ref))
    finally:
        if started:
            ray.shutdown()


def run_sharded(
    task: Task,
    params: Mapping[str, Any],
    total: int,
    *,
    workers: int = 1,
    ray: str | None = None,
    progress: Progress | None = None,
    shards: list[Shard] | None = None,
    warm: Warm | None = None,
) -> Tally:
    """Run ``task`` over ``total`` items cut into shards and return the merged :class:`Tally`.

    ``workers`` = 1 without Ray runs in this process; more uses a local process pool; ``ray`` = :data:`LOCAL`
    starts a local Ray cluster with ``workers`` CPUs, any other string is the address of a running cluster
    (``HOST:PORT``, ``ray://HOST:PORT`` or ``auto``).  If Ray is already initialised in this process, that
    cluster is used and left running.  ``warm(params)``, if given, is the task's warm-up, done once per worker
    process before its first shard (a forked pool's workers inherit it from this process, which warms once).
    """
    check_workers(workers, ray)
    if not isinstance(total, int) or isinstance(total, bool) or total < 0:
        raise ScaleError(f"the number of hands or log entries must be >= 0, got {total!r}")
    plan = shards if shards is not None else plan_shards(total, workers)
    results: dict[int, Tally] = {}
    count = 0
    t0 = time.perf_counter()

    def done(shard: Shard, tally: Tally) -> None:
        nonlocal count
        results[shard.index] = tally
        count += shard.count
        if progress is not None:
            progress(count, total)

    if ray is not None:
        _ray(task, params, plan, workers, ray, done, warm)
    elif workers == 1 or len(plan) <= 1:
        _serial(task, params, plan, done)
    else:
        _pool(task, params, plan, workers, done, warm)
    merged = Tally.merged(results[s.index] for s in plan)
    merged.seconds = time.perf_counter() - t0
    return merged
