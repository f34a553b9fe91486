"""A load test of ``mahjong serve`` on 127.0.0.1: hundreds of concurrent requests, bounded in count and time, and
not one failure; agent tables watched over WebSockets, not one event lost (benchmarks/bench_web.py runs the same
loads, bigger, and records the latencies)."""

from __future__ import annotations

from bench_web import requests, run_load, run_tables  # (benchmarks/ is put on sys.path by conftest.py)


def test_hundreds_of_concurrent_requests_all_answered_as_expected(server: str) -> None:
    res = run_load(server, 600, 200, timeout=90)
    assert res.failures == []
    assert len(res.latencies_ms) == 600 and res.concurrency == 200


def test_the_mix_covers_every_endpoint_and_bad_input() -> None:
    batch = requests(600)
    paths = {p.split("/")[2] if p.startswith("/api/") else p for _, p, _, _ in batch}
    assert {"score", "waits", "analyze", "rules", "fans", "tiles", "/", "/static/app.js"} <= paths
    assert any(status == 400 for *_, status in batch) and any(status == 404 for *_, status in batch)


def test_agent_tables_watched_over_websockets_lose_no_event() -> None:
    fast = {"claim": 0.05, "turn": 5, "bank": 0, "away": 1, "agent": 0.02, "between": 0.1}
    res = run_tables(8, 10, fast)
    assert res.errors == [] and res.lost == 0
    assert res.hands >= 1 and res.events > 100  # whole hands were seen and checked against their logs
