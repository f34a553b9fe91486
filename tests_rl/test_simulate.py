"""Sharded simulate: identical totals for K = 1, 2, 4, equal to the single-process ``simulate``; engine logs
settle the same sharded as one by one; the CLI in a subprocess."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from mahjong.game.cli import simulate
from mahjong.game.log import read_log, replay
from mahjong.scale import settle_logs
from mahjong.scale.errors import ScaleError
from mahjong.scale.simulate import simulate_sharded


def _exact(stats: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in stats.items()
            if k not in ("seconds", "hands_per_second", "cpu_seconds", "hands_per_cpu_second")}


@pytest.mark.parametrize(
    "rules, agent", [("guobiao", "greedy"), ("sichuan", "random"), ("twoplayer", "greedy"), ("twoplayer", "random"),
                      ("changsha", "random")]
)
def test_same_totals_for_any_worker_count_and_equal_to_simulate(rules: str, agent: str) -> None:
    hands = 24
    single = _exact(simulate(rules, hands, 5, agent))
    tallies = []
    for k in (1, 2, 4):
        stats, tally = simulate_sharded(rules, hands, 5, agent, workers=k)
        assert _exact(stats) == single, k
        tallies.append(tally)
    assert tallies[0] == tallies[1] == tallies[2]
    assert tallies[0].counts["hands"] == hands


def test_a_different_seed_plays_other_hands() -> None:
    a, _ = simulate_sharded("guobiao", 12, 1, "random", workers=2)
    b, _ = simulate_sharded("guobiao", 12, 2, "random", workers=2)
    assert _exact(a) != _exact(b)


def test_bad_requests() -> None:
    with pytest.raises(ScaleError, match="workers"):
        simulate_sharded("guobiao", 4, workers=0)
    with pytest.raises(ValueError, match="no-such-game"):
        simulate_sharded("no-such-game", 4, workers=2)
    with pytest.raises(ValueError, match="hands"):
        simulate_sharded("guobiao", 0, workers=2)
    with pytest.raises(ValueError, match="unknown agent"):
        simulate_sharded("guobiao", 4, agent="genius", workers=2)


def _engine_logs(tmp_path: Path) -> Path:
    d = tmp_path / "logs"
    d.mkdir()
    for rules, n in (("sichuan", 9), ("guobiao", 7), ("yuhuan", 5)):
        with open(d / f"{rules}.jsonl", "w", encoding="utf-8") as fh:
            simulate(rules, n, 3, "greedy", log=fh)
    return d


def test_engine_logs_settle_the_same_sharded(tmp_path: Path) -> None:
    d = _engine_logs(tmp_path)
    one = settle_logs([d], workers=1)
    assert one.counts["hands"] == 21
    assert settle_logs([d], workers=2) == one == settle_logs([d], workers=4)
    # and equal to replaying each hand by hand
    nets = [0, 0, 0, 0]
    for f in sorted(d.iterdir()):
        events = read_log(f.read_text(encoding="utf-8"))
        starts = [i for i, ev in enumerate(events) if type(ev).__name__ == "HandStarted"] + [len(events)]
        for a, b in zip(starts, starts[1:]):
            g = replay(events[a:b])
            assert g.settlement is not None
            nets = [x + y for x, y in zip(nets, g.settlement.net)]
    assert [one.counts[f"net:seat{s}"] for s in range(4)] == nets


def test_cli_in_a_subprocess(tmp_path: Path) -> None:
    run = [sys.executable, "-m", "mahjong.scale"]
    out = subprocess.run(
        [*run, "simulate", "--rules", "guobiao", "--hands", "8", "--seed", "4", "--workers", "2"],
        capture_output=True, text=True, timeout=120,
    )
    assert out.returncode == 0, out.stderr
    stats = json.loads(out.stdout)
    assert _exact({k: v for k, v in stats.items() if k not in ("workers", "backend")}) == _exact(
        simulate("guobiao", 8, 4, "greedy")
    )
    assert "8/8 hands" in out.stderr  # progress streamed on stderr
    d = _engine_logs(tmp_path)
    out = subprocess.run([*run, "settle", "--workers", "2", "--json", str(d)], capture_output=True, text=True,
                         timeout=120)
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["counts"]["hands"] == 21
    bad = subprocess.run([*run, "settle", "--ray", "127.0.0.1:1", str(d)], capture_output=True, text=True,
                         timeout=120)
    assert bad.returncode == 2 and "cannot reach the Ray cluster at 127.0.0.1:1" in bad.stderr
    assert "Traceback" not in bad.stderr
