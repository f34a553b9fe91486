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
