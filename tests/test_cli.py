"""The `mahjong` command, run as a user would (a subprocess on the installed entry point's module)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "mahjong.cli", *args], capture_output=True, text=True, timeout=120)


def test_analyze_nine_gates_json():
    p = run("analyze", "--json", "1112345678999m")
    assert p.returncode == 0, p.stderr
    a = json.loads(p.stdout)
    assert a["shanten"] == 0
    # 九莲宝灯 waits on all nine 万; it holds 3+1+1+1+1+1+1+1+3 copies, so 1m and 9m have 1 left, others 3
    waits = {w["tile"]: w["remaining"] for w in a["waits"]}
    assert waits == {"1m": 1, "2m": 3, "3m": 3, "4m": 3, "5m": 3, "6m": 3, "7m": 3, "8m": 3, "9m": 1}


def test_analyze_text_and_chinese_names():
    p = run("analyze", "--style", "chinese", "1112345678999m")
    assert p.returncode == 0, p.stderr
    assert "一万×1" in p.stdout and "五万×3" in p.stdout and "shanten: 0" in p.stdout


def test_analyze_discards_for_a_drawn_hand():
    # 123m456p789s EEE S N: discarding either lone wind leaves a ready hand (a single wait)
    p = run("analyze", "--json", "123m456p789sEEESN")
    assert p.returncode == 0, p.stderr
    a = json.loads(p.stdout)
    assert a["is_win"] is False
    best = a["discards"][0]
    assert best["shanten"] == 0 and best["discard"] in ("S", "N")


def test_analyze_visible_tiles_reduce_remaining():
    p = run("analyze", "--json", "--visible", "1m9m", "1112345678999m")
    waits = {w["tile"]: w["remaining"] for w in json.loads(p.stdout)["waits"]}
    assert waits["1m"] == 0 and waits["9m"] == 0 and waits["5m"] == 3


@pytest.mark.parametrize(
    "args, fragment",
    [
        (["analyze", "11111m"], "5 copies of 1m"),
        (["analyze", "123x"], "position 3"),
        (["analyze", "123m456p"], "tiles"),
        (["score", "--rules", "nosuchrules", "123m"], "unknown rule set"),
    ],
)
def test_errors_are_one_line_without_traceback(args, fragment):
    p = run(*args)
    assert p.returncode == 2
    assert fragment in p.stderr
    assert "Traceback" not in p.stderr


def test_rules_lists_every_preset():
    p = run("rules", "--json")
    assert p.returncode == 0, p.stderr
    names = {r["name"] for r in json.loads(p.stdout)}
    assert {"guobiao", "sichuan", "common", "twoplayer", "nanchang", "yuhuan", "jinshan", "wuhu-2468",
            "wuhu-1234"} <= names


def test_import_is_light():
    # import time is measured in benchmarks/; here we check the cause of a slow import cannot creep in:
    # importing mahjong must not import numpy or any rule set.
    code = ("import sys, mahjong; bad = [m for m in sys.modules if m == 'numpy' or m.startswith('mahjong.rulesets')];"
            "print(bad); sys.exit(1 if bad else 0)")
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert p.returncode == 0, p.stdout + p.stderr
