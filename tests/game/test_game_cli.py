"""``mahjong simulate`` and ``mahjong play``, run as the installed command in a subprocess."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from game_support import COMPILED

# the installed command of the interpreter running the tests (a PATH lookup could find another install)
_SCRIPT = os.path.join(os.path.dirname(sys.executable), "mahjong")
MAHJONG = _SCRIPT if os.path.exists(_SCRIPT) else None


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    cmd = [MAHJONG, *args] if MAHJONG else [sys.executable, "-m", "mahjong", *args]
    return subprocess.run(cmd, input=stdin, capture_output=True, text=True, timeout=120)


def test_simulate_json_statistics_and_progress_on_stderr() -> None:
    hands = 6 if COMPILED else 2
    args = ("simulate", "--rules", "guobiao", "--hands", str(hands), "--seed", "3", "--json")
    r = run(*args)
    assert r.returncode == 0, r.stderr
    stats = json.loads(r.stdout)
    assert stats["hands"] == hands and 0 <= stats["win_rate"] <= 1
    assert abs(stats["win_rate"] + stats["draw_rate"] - 1) < 1e-9
    assert stats["hands_per_second"] > 0
    assert f"{hands}/{hands} hands" in r.stderr  # the progress bar
    again = json.loads(run(*args).stdout)
    times = ("seconds", "hands_per_second", "cpu_seconds", "hands_per_cpu_second")
    assert {k: v for k, v in again.items() if k not in times} == {k: v for k, v in stats.items() if k not in times}


@pytest.mark.parametrize("rules", ["sichuan", "twoplayer", "yuhuan"])
def test_simulate_text_report(rules: str) -> None:
    r = run("simulate", "--rules", rules, "--hands", "4", "--agent", "random", "--no-progress")
    assert r.returncode == 0, r.stderr
    assert "win rate" in r.stdout and "hands/s" in r.stdout and r.stderr == ""


def test_simulate_writes_a_log_that_replays(tmp_path: object) -> None:
    from pathlib import Path

    from mahjong.game.events import HandStarted
    from mahjong.game.log import read_log, replay

    path = Path(str(tmp_path)) / "hands.jsonl"
    r = run("simulate", "--rules", "nanchang", "--hands", "2", "--no-progress", "--log", str(path))
    assert r.returncode == 0, r.stderr
    events = read_log(path.read_text(encoding="utf-8"))
    starts = [i for i, e in enumerate(events) if isinstance(e, HandStarted)] + [len(events)]
    assert len(starts) == 3
    for a, b in zip(starts, starts[1:]):
        assert replay(events[a:b]).events == events[a:b]


def test_simulate_bad_input_is_a_clear_error() -> None:
    r = run("simulate", "--rules", "mahjong-with-dragons", "--hands", "2")
    assert r.returncode == 2 and "no game flow for rule set" in r.stderr and "Traceback" not in r.stderr
    r = run("simulate", "--rules", "guobiao", "--hands", "0")
    assert r.returncode == 2 and "must be 1..100000000, got 0" in r.stderr
    r = run("simulate", "--rules", "guobiao", "--option", "min_fam=8")
    assert r.returncode == 2 and "min_fam" in r.stderr


def test_play_in_the_terminal() -> None:
    r = run("play", "--rules", "guobiao", "--seed", "1", stdin="0\n" * 400)
    assert r.returncode == 0, r.stderr[-2000:]
    assert "your hand:" in r.stdout and "hand over" in r.stdout and "net: seat 0" in r.stdout


def test_play_quits_cleanly() -> None:
    r = run("play", "--rules", "sichuan", stdin="x\nq\n")
    assert r.returncode == 1 and "pick a number" in r.stdout and "bye" in r.stdout
