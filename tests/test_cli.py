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


def test_score_guobiao_table_and_payments():
    # 清龙 (123 456 789m) 16 + 平和 2 + 喜相逢 (123m 123p) 1 + 单钓 1 = 20 fan; won on seat 3's discard:
    # the discarder pays 8 + 20, the other two 8 each.
    p = run("score", "--json", "--discarder", "3", "[123m,1]456m789m123p5s5s")
    assert p.returncode == 0, p.stderr
    r = json.loads(p.stdout)
    fans = {i["name_zh"]: i["points"] for i in r["items"]}
    assert fans == {"清龙": 16, "平和": 2, "喜相逢": 1, "独听・单钓": 1}
    assert r["total"] == 20 and r["valid"] is True
    assert r["payments"] == [44, -8, -8, -28]
    text = run("score", "--discarder", "3", "[123m,1]456m789m123p5s5s").stdout
    assert "清龙" in text and "Pure Straight" in text and "total: 20 fan" in text


def test_score_below_the_minimum_says_false_win():
    # 123m 123p 345s 678p + 99s won on a discard: 门前清 2 + 平和 2 + 喜相逢 1 + 单钓 1 = 6 < 8
    p = run("score", "--json", "123m123p345s678p9s9s")
    r = json.loads(p.stdout)
    assert p.returncode == 0 and r["valid"] is False and "诈和" in r["invalid_reason"]
    assert r["total"] == 6


def test_score_every_preset_from_the_command_line():
    cases = [
        (["--rules", "sichuan", "--self-drawn"], "111m234m567m88m999p"),
        (["--rules", "common", "--self-drawn"], "123m456p789s11m999p"),
        (["--rules", "twoplayer"], "123m456p789s123s55p"),
        (["--rules", "nanchang", "--indicator", "5m"], "123m456p789sESW5m5m"),
        (["--rules", "yuhuan", "--wildcard-tile", "C"], "123m456m789m123p456pC9s"),
        (["--rules", "jinshan", "--self-drawn"], "123m456m789m123p55s"),
        (["--rules", "wuhu-2468", "--self-drawn"], "123m456m789m111m55s"),
        (["--rules", "wuhu-1234", "--self-drawn"], "123m456m789m111m55s"),
    ]
    for args, hand in cases:
        p = run("score", "--json", *args, hand)
        assert p.returncode == 0, (args, p.stderr)
        r = json.loads(p.stdout)
        assert r["ruleset"] == args[1] and sum(r["payments"]) == 0 and r["total"] > 0, r


def test_score_names_the_failed_rule():
    p = run("score", "--rules", "sichuan", "123m456p789s11m999p")
    assert p.returncode == 2 and "缺一门" in p.stderr


def test_rules_for_one_preset_lists_documented_options():
    p = run("rules", "--json", "sichuan")
    r = json.loads(p.stdout)
    assert r["name"] == "sichuan" and r["options"]
    assert all(o["doc"] for o in r["options"]), [o["name"] for o in r["options"] if not o["doc"]]


def test_settle_the_documented_record(tmp_path):
    # the example record of mahjong.settlement's docstring; its net result is worked out there by hand
    from mahjong import settlement

    doc = settlement.__doc__ or ""
    body = doc[doc.index("    {\n"): doc.index("\n    }\n") + 6]
    path = tmp_path / "record.json"
    path.write_text(body, encoding="utf-8")
    p = run("settle", "--json", str(path))
    assert p.returncode == 0, p.stderr
    assert json.loads(p.stdout)["net"] == [-1, 10, -3, -6]
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    p = run("settle", str(bad))
    assert p.returncode == 2 and "not valid JSON" in p.stderr


def test_score_a_waiting_hand_lists_what_each_winning_tile_is_worth():
    p = run("score", "--json", "1112345678999m")
    assert p.returncode == 0, p.stderr
    rows = json.loads(p.stdout)["winning_tiles"]
    assert [r["tile"] for r in rows] == [f"{i}m" for i in range(1, 10)]
    for r in rows:
        # 九莲宝灯 (88) on every tile; it cancels 不求人 and 门前清, so self-drawing adds exactly 自摸 (1)
        assert r["discard"] >= 88 and r["self_drawn"] == r["discard"] + 1
    p = run("score", "--rules", "sichuan", "1112345678999m")
    assert p.returncode == 2 and "13 tiles" in p.stderr
