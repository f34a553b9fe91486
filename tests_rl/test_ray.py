"""A real local Ray cluster (started inside the test session): sharded work on it equals the single-process run."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

from mahjong.scale import LOCAL, settle_logs


def test_settle_on_ray_equals_single_process(ray_cluster: Any, log_dir: Path) -> None:
    single = settle_logs([log_dir], workers=1)
    progress: list[int] = []
    on_ray = settle_logs([log_dir], workers=2, ray=LOCAL, progress=lambda d, n: progress.append(d))
    assert on_ray == single
    assert on_ray.counts["hands"] == 60
    assert progress[-1] == 60 and len(progress) > 1
    assert ray_cluster.is_initialized()  # a cluster the caller started is left running


def test_package_never_imports_ray_unasked(log_dir: Path) -> None:
    code = (
        "import sys, mahjong, mahjong.scale\n"
        "from mahjong.scale import settle_logs\n"
        f"settle_logs([{str(log_dir)!r}], workers=2)\n"
        "assert 'ray' not in sys.modules, 'ray imported'\n"
        "print('ok')\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "ok"


def test_simulate_and_engine_log_settlement_on_ray(ray_cluster: Any, tmp_path: Path) -> None:
    from mahjong.game.cli import simulate
    from mahjong.scale.simulate import simulate_sharded

    log = tmp_path / "logs"
    log.mkdir()
    with open(log / "hands.jsonl", "w", encoding="utf-8") as fh:
        single = simulate("sichuan", 16, 8, "greedy", log=fh)
    on_ray, tally = simulate_sharded("sichuan", 16, 8, "greedy", workers=2, ray=LOCAL)
    drop = ("seconds", "hands_per_second", "cpu_seconds", "hands_per_cpu_second")
    assert {k: v for k, v in on_ray.items() if k not in drop} == {k: v for k, v in single.items() if k not in drop}
    assert settle_logs([log], workers=2, ray=LOCAL) == settle_logs([log], workers=1)
    assert tally.counts["hands"] == 16


def test_cli_ray_alone_starts_and_stops_a_local_cluster() -> None:
    import json

    out = subprocess.run(
        [sys.executable, "-m", "mahjong.scale", "simulate", "--rules", "guobiao", "--hands", "6", "--workers", "2",
         "--ray", "--no-progress"],
        capture_output=True, text=True, timeout=170,
    )
    assert out.returncode == 0, out.stderr[-2000:]
    stats = json.loads(out.stdout)
    assert stats["backend"] == "ray" and stats["hands"] == 6


def test_a_dataset_on_ray_is_the_single_process_file(ray_cluster: Any, tmp_path: Path) -> None:
    import numpy as np

    from mahjong.game import Game, GreedyAgent, play_hand
    from mahjong.game.log import dumps_log
    from mahjong.rl.dataset import build_dataset

    games = tmp_path / "games"
    games.mkdir()
    for k, rules in enumerate(("guobiao", "sichuan", "common", "guobiao")):
        g = play_hand(Game(rules, seed=k), [GreedyAgent(s) for s in range(4)])
        (games / f"hand{k}.jsonl").write_text(dumps_log(g.events), encoding="utf-8")
    single = build_dataset([games], tmp_path / "one.npz")
    on_ray = build_dataset([games], tmp_path / "ray.npz", workers=2, ray=LOCAL)
    assert (on_ray.rows, on_ray.games, on_ray.left_out) == (single.rows, 4, [])
    one, two = np.load(tmp_path / "one.npz"), np.load(tmp_path / "ray.npz")
    assert all(np.array_equal(one[name], two[name]) for name in one.files)
