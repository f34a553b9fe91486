"""The README's Python quick start runs as written, and its claims in comments hold."""

from __future__ import annotations

import re
from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"


def _python_blocks() -> list[str]:
    text = README.read_text(encoding="utf-8")
    return re.findall(r"```python\n(.*?)```", text, flags=re.S)


def test_quick_start_runs_and_its_comments_are_true():
    blocks = _python_blocks()
    assert blocks, "README has a Python quick start"
    import mahjong

    ns: dict[str, object] = {}
    for block in blocks:
        exec(compile(block, str(README), "exec"), ns)  # noqa: S102 - our own README
    assert mahjong.is_win("123m456p789s123sEE") is True
    w = mahjong.waits("1112345678999m")
    assert w.tiles == tuple(range(9))
    assert mahjong.shanten("19m19p19s1234567z") == 0
    assert mahjong.waits("2345m").tiles == (1, 4)
    assert mahjong.is_win("1234m567p", wildcards=1) is True
