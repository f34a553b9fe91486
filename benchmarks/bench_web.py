"""Load on the web calculator: many concurrent requests to ``mahjong serve`` on 127.0.0.1, latency per request;
and load on its tables: many agent tables watched over WebSockets.

    python benchmarks/bench_web.py [--requests 2000] [--concurrency 200] [--write benchmarks/RESULTS.md]
    python benchmarks/bench_web.py --tables 200 --seconds 60 [--write benchmarks/RESULTS.md]

Starts ``mahjong serve --port 0`` (the installed command; needs ``pip install ".[web-test]"``), sends a fixed,
seeded mix of requests — scores of complete hands under every rule set, waiting hands, analyses, the rule books,
the page itself and some bad input (answered 400) — from ``--concurrency`` connections at once, and reports the
failures (any answer other than the one expected, any transport error) and the latency per request.  The loop is
bounded in count and time (``--timeout`` seconds at most) and talks only to 127.0.0.1.  ``tests_web/test_load.py``
runs the same load, smaller, and requires zero failures.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import random
import re
import statistics
import subprocess
import sys
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx2

#: (method, path, JSON body or None, the status expected)
Request = tuple[str, str, Any, int]

_HANDS = [
    ("guobiao", "[123m,1]456m789m123p5s 5s", {"discarder": 3}),
    ("guobiao", "1112345678999m", {}),
    ("guobiao-extras", "66p23444555666s 4s", {"winner": 1}),
    ("sichuan", "[333m,1][888m,3]1155999m 5m", {"winner": 1, "dealer": 3, "discarder": 0}),
    ("yuhuan", "3334445667888999m 6m", {"winner": 2, "caishen": "N"}),
    ("nanchang", "[1111m]5577888m345p 5m", {"dealer": 2, "indicator": "4m"}),
    ("jinshan", "[678p,1]2245567789m 6m", {"winner": 2, "discarder": 1}),
    ("wuhu-2468", "[666m,1][999p,1]1288mEEE 3m", {"dealer": 2}),
    ("wuhu-1234", "[8888m]777m999p123sN N", {"discarder": 1}),
    ("common", "[2222m,2]67888m123pFF 5m", {"winner": 1}),
    ("twoplayer", "[999m,1]45556m888p24s 3s f1f2", {"discarder": 1}),
]
_BAD = [
    ("POST", "/api/score", {"hand": "11111m"}, 400),
    ("POST", "/api/score", {"hand": "123m", "colour": 1}, 400),
    ("POST", "/api/analyze", [1, 2], 400),
    ("GET", "/api/rules/no-such-game", None, 404),
]


def requests(n: int, seed: int = 14) -> list[Request]:
    """A seeded mix of ``n`` requests: mostly scores, then waits / analyses, rule books, the page, bad input."""
    rng = random.Random(seed)
    out: list[Request] = []
    for _ in range(n):
        r = rng.random()
        rules, hand, facts = rng.choice(_HANDS)
        if r < 0.55:
            out.append(("POST", "/api/score", {"hand": hand, "rules": rules, "context": facts}, 200))
        elif r < 0.65:
            out.append(("POST", "/api/waits", {"hand": "1112345678999m", "rules": "guobiao"}, 200))
        elif r < 0.75:
            out.append(("POST", "/api/analyze", {"hand": "11223344556m7p8s9s"}, 200))
        elif r < 0.85:
            out.append(("GET", rng.choice(["/api/rules", f"/api/rules/{rules}", f"/api/fans/{rules}"]), None, 200))
        elif r < 0.92:
            out.append(("GET", rng.choice(["/", "/static/app.js", "/api/tiles"]), None, 200))
        else:
            out.append(rng.choice(_BAD))
    return out


@dataclass
class LoadResult:
    requests: int
    concurrency: int
    failures: list[str]
    latencies_ms: list[float]
    wall_s: float

    def summary(self) -> dict[str, float]:
        lat = sorted(self.latencies_ms)
        q = statistics.quantiles(lat, n=100) if len(lat) > 1 else lat * 99
        return {"mean": statistics.fmean(lat), "p50": q[49], "p95": q[94], "p99": q[98], "max": lat[-1],
                "per_s": self.requests / self.wall_s}


async def _load(base: str, batch: list[Request], concurrency: int, timeout: float) -> LoadResult:
    limits = httpx2.Limits(max_connections=concurrency, max_keepalive_connections=concurrency)
    failures: list[str] = []
    latencies: list[float] = []
    queue: asyncio.Queue[Request] = asyncio.Queue()
    for r in batch:
        queue.put_nowait(r)

    async with httpx2.AsyncClient(base_url=base, limits=limits, timeout=timeout) as client:

        async def worker() -> None:
            while True:
                try:
                    method, path, body, status = queue.get_nowait()
                except asyncio.QueueEmpty:
                    return
                t0 = time.perf_counter()
                try:
                    resp = await client.request(method, path, json=body)
                    data = resp.content
                    if resp.status_code != status:
                        failures.append(f"{method} {path} {body!r}: {resp.status_code} (expected {status})")
                    elif status >= 400 and b'"error"' not in data:
                        failures.append(f"{method} {path}: {status} without our error message")
                except Exception as e:  # noqa: BLE001 - every transport failure counts as one
                    failures.append(f"{method} {path}: {type(e).__name__}: {e}")
                latencies.append((time.perf_counter() - t0) * 1000)

        t = time.perf_counter()
        await asyncio.wait_for(asyncio.gather(*(worker() for _ in range(concurrency))), timeout)
        wall = time.perf_counter() - t
    return LoadResult(len(batch), concurrency, failures, latencies, wall)


def run_load(base: str, n: int, concurrency: int, timeout: float = 120.0) -> LoadResult:
    """Send ``n`` requests of :func:`requests` to ``base`` from ``concurrency`` connections at once."""
    if not re.match(r"http://(127\.\d+\.\d+\.\d+|localhost|\[::1\]):\d+$", base):
        raise ValueError(f"the load test talks only to this machine, not to {base}")
    # in a thread of its own: the caller may already run an event loop (Playwright's sync API does, in pytest)
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, _load(base, requests(n), concurrency, timeout)).result()


@contextmanager
def serve() -> Iterator[str]:
    """``mahjong serve --port 0`` in a subprocess; yields its base URL and stops it after."""
    with served() as (base, _):
        yield base


@contextmanager
def served() -> Iterator[tuple[str, subprocess.Popen[str]]]:
    """``mahjong serve --port 0`` in a subprocess; yields its base URL and the process, and stops it after."""
    script = Path(sys.executable).with_name("mahjong")
    proc = subprocess.Popen([str(script), "serve", "--port", "0"], stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True)
    assert proc.stdout is not None
    try:
        deadline = time.monotonic() + 30
        seen = []
        while time.monotonic() < deadline:
            line = proc.stdout.readline()
            if not line:
                break
            seen.append(line)
            m = re.search(r"(http://127\.0\.0\.1:\d+)/", line)
            if m:
                yield m.group(1), proc
                return
        raise RuntimeError("mahjong serve did not start: " + "".join(seen))
    finally:
        stop(proc)
        proc.stdout.close()


def stop(proc: subprocess.Popen[Any]) -> None:
    """Stop a server started in a subprocess: asked first, killed if it does not go within 10 s."""
    proc.terminate()
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


# --- tables under load -------------------------------------------------------------------------------------------

#: the rule sets of the agent tables, in turn (the compiled core's and the Python engine's)
TABLE_RULES = ["guobiao", "sichuan", "common", "wuhu-2468", "nanchang", "hongzhong", "changsha", "yuhuan"]
#: the tables' clocks: agents answer after a quarter second, short claim windows and pauses (faster than people play)
TABLE_TIMING = {"claim": 0.5, "turn": 5, "bank": 0, "away": 1, "agent": 0.25, "between": 1}


@dataclass
class TablesResult:
    tables: int
    seconds: float
    events: int
    frames: int
    hands: int
    errors: list[str]
    lost: int
    latencies_ms: list[float]
    rss_start_kb: int
    rss_end_kb: int
    cpu_s: float

    def summary(self) -> dict[str, float]:
        lat = sorted(self.latencies_ms) or [0.0]
        q = statistics.quantiles(lat, n=100) if len(lat) > 1 else lat * 99
        return {"events_per_s": self.events / self.seconds, "frames_per_s": self.frames / self.seconds,
                "p50": q[49], "p99": q[98], "max": lat[-1]}


def _proc_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def _proc_cpu(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def _watch_tables(base: str, n: int, seconds: float, timing: dict[str, float]) -> tuple[
        list[dict[str, Any]], int, int, list[str], list[float], dict[str, dict[int, int]], float]:
    import websockets

    made: list[dict[str, Any]] = []
    async with httpx2.AsyncClient(base_url=base, timeout=60) as client:
        for i in range(n):
            body = {"rules": TABLE_RULES[i % len(TABLE_RULES)], "seats": ["greedy"] * 4, "hands": 64,
                    "timing": timing}
            r = await client.post("/api/tables", json=body)
            if r.status_code != 201:
                raise RuntimeError(f"table {i}: {r.status_code} {r.text}")
            made.append(r.json())
    errors: list[str] = []
    latencies: list[float] = []
    counts = {"events": 0, "frames": 0}
    seen: dict[str, dict[int, int]] = {}  # table -> hand -> events received (checked contiguous)
    ended: dict[str, set[int]] = {}  # table -> the hands whose end the spectator saw
    ws_base = base.replace("http://", "ws://")
    # every spectator connects first (a connection's snapshot comes at once); the watch starts when all are in
    sockets = await asyncio.gather(*(websockets.connect(f"{ws_base}{t['socket']}", max_size=2**22, open_timeout=120,
                                                        max_queue=None)
                                     for t in made))
    start = time.monotonic()
    stop = start + seconds

    async def watch(table: dict[str, Any], ws: Any) -> None:
        hands: dict[int, int] = seen.setdefault(table["id"], {})
        try:
            async with ws:
                seq = None
                while True:
                    left = stop - time.monotonic()
                    if left <= 0:
                        return
                    try:
                        text = await asyncio.wait_for(ws.recv(), left)
                    except asyncio.TimeoutError:
                        return
                    now = time.time()
                    f = json.loads(text)
                    counts["frames"] += 1
                    if f["type"] == "error":
                        errors.append(f"{table['id']}: {f['message']}")
                        continue
                    if f["type"] == "update":
                        latencies.append((now - f["at"]) * 1000)
                        if seq is not None and f["seq"] != seq + 1:
                            errors.append(f"{table['id']}: frame {f['seq']} after {seq}")
                    seq = f["seq"]
                    hand = f["hand"]["number"] if f.get("hand") else -1
                    for e in f.get("events", []):
                        if e["i"] != hands.get(hand, 0):
                            errors.append(f"{table['id']} hand {hand}: event {e['i']} after {hands.get(hand, 0)}")
                        hands[hand] = e["i"] + 1
                        counts["events"] += 1
                        if e["type"] == "hand_ended":
                            ended.setdefault(table["id"], set()).add(hand)
        except Exception as e:  # noqa: BLE001 - every transport failure counts as one
            errors.append(f"{table['id']}: {type(e).__name__}: {e}")

    await asyncio.gather(*(watch(t, ws) for t, ws in zip(made, sockets)))
    complete = {tid: {h: n for h, n in hands.items() if h in ended.get(tid, set())} for tid, hands in seen.items()}
    return made, counts["events"], counts["frames"], errors, latencies, complete, time.monotonic() - start


def run_tables(n: int, seconds: float, timing: dict[str, float] | None = None) -> TablesResult:
    """``n`` agent tables on ``mahjong serve`` (127.0.0.1), one spectator each for ``seconds``: events and frames
    per second, the latency of each update (from the server's queueing to the spectator), the server's memory and
    CPU time, and every finished hand's events checked against its log (none lost)."""
    from mahjong.game.log import read_log
    from mahjong.table import verify_log

    with served() as (base, proc):
        if not re.match(r"http://127\.\d+\.\d+\.\d+:\d+$", base):
            raise ValueError(f"the load test talks only to this machine, not to {base}")
        rss_start = _proc_kb(proc.pid)
        cpu_start = _proc_cpu(proc.pid)
        with ThreadPoolExecutor(1) as pool:
            made, events, frames, errors, latencies, seen, wall = pool.submit(
                asyncio.run, _watch_tables(base, n, seconds, timing or TABLE_TIMING)).result()
        cpu = _proc_cpu(proc.pid) - cpu_start
        rss_end = _proc_kb(proc.pid)
        lost, hands = 0, 0
        for t in made:  # every finished hand: the spectator got every one of its events
            text = httpx2.get(f"{base}{t['log']}", timeout=600).text  # (behind the tables still playing)
            checked = verify_log(text)
            blocks = text.split('{"type":"commitment"')[1:]
            for h, block in zip(checked.hands, blocks):
                in_log = len(read_log("\n".join(block.splitlines()[1:-1])))
                got = seen.get(t["id"], {}).get(h.hand)  # (hands whose end the spectator saw)
                if got is not None:
                    hands += 1
                    lost += in_log - got
    return TablesResult(n, wall, events, frames, hands, errors, lost, latencies, rss_start, rss_end, cpu)


TABLES_SECTION = "## Tables under load (bench_web.py --tables)"


def _tables_report(res: TablesResult, args: argparse.Namespace) -> str:
    s = res.summary()
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    import mahjong

    return "\n".join([
        TABLES_SECTION,
        "",
        "Command (from the repository root, after `pip install \".[web-test]\"`):",
        "",
        f"    python benchmarks/bench_web.py --tables {res.tables} --seconds {args.seconds:g} "
        "--write benchmarks/RESULTS.md",
        "",
        f"Date: {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}. `mahjong serve` (uvicorn, one process) on "
        f"127.0.0.1; {res.tables} tables of four greedy agents ({', '.join(TABLE_RULES)} in turn), clocks "
        f"{TABLE_TIMING}, each watched by one spectator WebSocket from the benchmark's process on the same 2-core "
        f"machine (load average at the end {load}); Python {platform.python_version()}, backend {mahjong.BACKEND}.",
        "",
        "| tables | seconds | events | events/s | update frames/s | frame latency p50 (ms) | p99 (ms) | max (ms) "
        "| server RSS start → end (MB) | server CPU (s) | hands checked | lost events | errors |",
        "|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|---:|---:|---:|",
        f"| {res.tables} | {res.seconds:.1f} | {res.events} | {s['events_per_s']:.0f} | {s['frames_per_s']:.0f} "
        f"| {s['p50']:.1f} | {s['p99']:.1f} | {s['max']:.1f} | {res.rss_start_kb / 1024:.0f} → "
        f"{res.rss_end_kb / 1024:.0f} | {res.cpu_s:.1f} | {res.hands} | **{res.lost}** | **{len(res.errors)}** |",
        "",
        "An event is one event of a hand as a spectator is told it (a draw, a discard, a claim, a payment …); the "
        "latency of an update frame runs from the moment the table queued it to the moment the spectator's "
        "WebSocket read it, so it includes the server's queue behind the other tables. Every finished hand's "
        "events as the spectator counted them are compared with the hand's match log (and the log is verified "
        "against its commitments): a lost event would show there.",
        "",
    ])


SECTION = "## Web calculator under load (bench_web.py)"


def _report(results: list[LoadResult], args: argparse.Namespace) -> str:
    res = results[-1]
    import mahjong

    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    lines = [
        SECTION,
        "",
        "Command (from the repository root, after `pip install \".[web-test]\"`):",
        "",
        f"    python benchmarks/bench_web.py --requests {args.requests} --concurrency {args.concurrency} "
        "--write benchmarks/RESULTS.md",
        "",
        "(the first row: the same mix one request at a time, the latency of a request alone)",
        "",
        f"Date: {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}. `mahjong serve` (uvicorn, one process) on "
        f"127.0.0.1, the client in another process on the same 2-core machine (load average at start {load}); "
        f"Python {platform.python_version()}, backend {mahjong.BACKEND}. A seeded mix: 55 % scores of complete "
        "hands across every rule set, 10 % waiting hands (/api/waits), 10 % analyses, 10 % rule books, 7 % the "
        "page and its files, 8 % bad input (answered 400 / 404 with our message).",
        "",
        "| requests | concurrent connections | failures | wall (s) | requests/s | mean (ms) | p50 (ms) | p95 (ms) "
        "| p99 (ms) | max (ms) |",
        "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
        *(_row(r) for r in results),
        "",
        "Latency is per request as the client saw it, queueing behind the other connections included: with "
        f"{res.concurrency} requests in flight on one server process the median request waits for the others; "
        "the per-request service time is about wall / requests "
        f"= {1000 * res.wall_s / res.requests:.2f} ms.",
        "",
    ]
    return "\n".join(lines)


def _row(res: LoadResult) -> str:
    s = res.summary()
    return (f"| {res.requests} | {res.concurrency} | **{len(res.failures)}** | {res.wall_s:.2f} | {s['per_s']:.0f} "
            f"| {s['mean']:.1f} | {s['p50']:.1f} | {s['p95']:.1f} | {s['p99']:.1f} | {s['max']:.1f} |")


def _write(path: Path, text: str, section: str = SECTION) -> None:
    old = path.read_text(encoding="utf-8")
    if section in old:
        head, _, rest = old.partition(section)
        nxt = rest.find("\n## ")
        old = head + (rest[nxt + 1:] if nxt >= 0 else "")
        old = old.rstrip("\n") + "\n\n"
        path.write_text(old + text, encoding="utf-8")
    else:
        path.write_text(old.rstrip("\n") + "\n\n" + text, encoding="utf-8")


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--requests", type=int, default=2000)
    p.add_argument("--concurrency", type=int, default=200)
    p.add_argument("--timeout", type=float, default=300.0, help="the whole run stops after this many seconds")
    p.add_argument("--write", type=Path, help="replace this file's web section with the results")
    p.add_argument("--tables", type=int, default=0, help="measure this many agent tables instead (with --seconds)")
    p.add_argument("--seconds", type=float, default=60.0, help="how long the tables are watched")
    args = p.parse_args()
    if args.tables:
        if not 1 <= args.tables <= 256 or not 1 <= args.seconds <= 600:
            p.error("--tables 1..256 and --seconds 1..600")
        tres = run_tables(args.tables, args.seconds)
        text = _tables_report(tres, args)
        print(text)
        for f in tres.errors[:20]:
            print("ERROR", f)
        if args.write:
            _write(args.write, text, TABLES_SECTION)
        return 1 if tres.errors or tres.lost else 0
    with serve() as base:
        run_load(base, 50, 10)  # warm up: first imports of every rule set
        alone = run_load(base, min(args.requests, 500), 1, args.timeout)
        res = run_load(base, args.requests, args.concurrency, args.timeout)
    text = _report([alone, res], args)
    print(text)
    failures = alone.failures + res.failures
    for f in failures[:20]:
        print("FAILURE", f)
    if args.write:
        _write(args.write, text)
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
