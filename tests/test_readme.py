"""The README's Python quick start runs as written, and its claims in comments hold."""

from __future__ import annotations

import re
from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"


def _python_blocks() -> list[str]:
    text = README.read_text(encoding="utf-8")
    return re.findall(r"```python\n(.*?)```", text, flags=re.DOTALL)


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


def _blocks(lang: str) -> list[str]:
    return re.findall(rf"```{lang}\n(.*?)```", README.read_text(encoding="utf-8"), flags=re.DOTALL)


def test_every_command_line_example_runs():
    import os
    import shlex
    import subprocess
    import sys

    commands = [line[2:] for block in _blocks("console") for line in block.splitlines() if line.startswith("$ ")]
    assert len(commands) >= 10
    env = {k: v for k, v in os.environ.items() if k not in ("LANG", "LC_ALL", "LC_MESSAGES")}
    for command in commands:
        argv = shlex.split(command)
        assert argv[0] == "mahjong"
        p = subprocess.run([sys.executable, "-m", "mahjong", *argv[1:]], capture_output=True, text=True, timeout=60,
                           env=env)
        assert p.returncode == 0 and p.stdout and not p.stderr, (command, p.stderr)


def test_the_record_example_settles():
    import json

    import mahjong

    (block,) = _blocks("json")
    result = mahjong.settle(mahjong.HandRecord.from_dict(json.loads(block)))
    assert sum(result.net) == 0 and result.net[1] == 6  # the 暗杠 collects 2 from each of the three others


def test_the_report_example_claims_hold():
    from mahjong import report

    r = report.score("[123m,1]456m789m123p5s5s", rules="国标", context={"discarder": "上家", "dealer": 2})
    assert r["win_tile"]["tile"] == "5s" and {p["seat"]: p["wind"] for p in r["payments"]}[0] == "W"
    assert [p["amount"] for p in r["payments"]] == [44, -8, -8, -28]  # 上家 of seat 0 is seat 3
    assert report.score("[123m,1]456m789m123p5s")["winning_tiles"][0]["tile"] == "5s"
    assert [(w["tile"], w["remaining"]) for w in report.analyze("[333s,1]123m456p12sEE")["waits"]] == [("3s", 1)]


def test_the_error_examples_print_what_the_readme_shows(tmp_path, capsys, monkeypatch):
    import shlex

    from mahjong import cli

    blocks = [b for b in _blocks("text") if b.startswith("$ mahjong")]
    assert blocks, "README shows the errors in both languages"
    record = re.search(r"`bad-record\.json` holds `(\{.*?\})`", README.read_text(encoding="utf-8"))
    assert record is not None
    (tmp_path / "bad-record.json").write_text(record.group(1), encoding="utf-8")
    for var in ("LANG", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.chdir(tmp_path)
    for block in blocks:
        lines = block.strip().splitlines()
        for command, shown in zip(lines[::2], lines[1::2]):
            argv = shlex.split(command[2:])
            status = cli.main(argv[1:])  # in this process: the console examples above run the entry point
            err = capsys.readouterr().err
            assert status == 2 and err.strip() == shown, (command, err)
