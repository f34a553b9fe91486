"""``mahjong simulate`` and ``mahjong play`` as a user meets them, in both languages, run as the installed command
in a subprocess: the report's words follow ``--lang``, errors are one translated line (JSON under ``--json``),
and a person can play a hand by typing numbers, actions or tiles."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

_SCRIPT = os.path.join(os.path.dirname(sys.executable), "mahjong")
MAHJONG = _SCRIPT if os.path.exists(_SCRIPT) else None


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    cmd = [MAHJONG, *args] if MAHJONG else [sys.executable, "-m", "mahjong", *args]
    env = {k: v for k, v in os.environ.items() if not k.startswith("LC_")} | {"LANG": "C.UTF-8"}
    return subprocess.run(cmd, input=stdin, capture_output=True, text=True, timeout=120, env=env)


def test_simulate_speaks_the_language_asked_for() -> None:
    args = ("simulate", "--rules", "sichuan", "--hands", "3", "--seed", "2", "--no-progress", "--agent", "random")
    en = run("--lang", "en", *args)
    zh = run("--lang", "zh", *args)
    assert en.returncode == 0 and zh.returncode == 0, en.stderr + zh.stderr
    assert "win rate" in en.stdout and "hands/s" in en.stdout and "Plain win" in en.stdout
    assert not any("\u4e00" <= c <= "\u9fff" for c in en.stdout), en.stdout  # (no Chinese in English)
    assert "和牌率" in zh.stdout and "平胡" in zh.stdout and "win rate" not in zh.stdout
    assert "basic_win" in en.stdout and "basic_win" in zh.stdout  # (the key: the same in both)


def test_simulate_json_is_the_same_in_both_languages() -> None:
    args = ("simulate", "--rules", "sichuan", "--hands", "3", "--seed", "2", "--json", "--agent", "random",
            "--no-progress")
    out = [json.loads(run("--lang", lang, *args).stdout) for lang in ("en", "zh")]
    for o in out:
        for timing in ("seconds", "hands_per_second", "cpu_seconds", "hands_per_cpu_second"):
            o.pop(timing)
    assert out[0] == out[1] and out[0]["patterns"]


def test_simulate_progress_off_a_terminal_is_plain_lines() -> None:
    r = run("simulate", "--rules", "wuhu-2468", "--hands", "20", "--agent", "random")
    assert r.returncode == 0, r.stderr
    assert "\r" not in r.stderr and re.fullmatch(r"20/20 hands  [\d,]+/s, \d+:\d\d left", r.stderr.splitlines()[-1])
    assert len(r.stderr.splitlines()) <= 11
    zh = run("--lang", "zh", "simulate", "--rules", "wuhu-2468", "--hands", "2", "--agent", "random")
    assert re.fullmatch(r"2/2 局  每秒 [\d,]+，还需 \d+:\d\d", zh.stderr.splitlines()[-1])


def test_simulate_errors_are_translated_and_json_under_json(tmp_path: Path) -> None:
    zh = run("--lang", "zh", "simulate", "--rules", "nope", "--hands", "2")
    assert zh.returncode == 2 and zh.stderr.startswith("mahjong simulate: 错误") and "没有对局流程" in zh.stderr
    js = run("--json", "simulate", "--rules", "nope", "--hands", "2")
    assert js.returncode == 2 and json.loads(js.stdout)["error"]["code"] == "game-no-flow"
    zh = run("--lang", "zh", "simulate", "--hands", "0")
    assert zh.returncode == 2 and "选项 --hands 有误：必须在 1..100000000 之间，现为 0" in zh.stderr
    bad = run("simulate", "--hands", "2", "--log", str(tmp_path / "no" / "such" / "dir.jsonl"))
    assert bad.returncode == 2 and "cannot write" in bad.stderr and "Traceback" not in bad.stderr
    zh = run("--lang", "zh", "play", "--seat", "7")
    assert zh.returncode == 2 and "--seat 只能是" in zh.stderr
    js = run("--json", "play", "--rules", "nope")
    assert js.returncode == 2 and json.loads(js.stdout)["error"]["code"] == "game-no-flow"


def test_a_person_plays_a_hand_with_claims_a_kong_and_a_win() -> None:
    """Changsha, seed 1, always the first action offered: the player pungs, kongs and wins (a listed action
    taken by its number), and the hand's settlement is shown."""
    r = run("--lang", "en", "play", "--rules", "changsha", "--seed", "1", stdin="0\n" * 300)
    assert r.returncode == 0, r.stderr[-2000:]
    out = r.stdout
    for words in ("] pung ", "] kong ", "] win on ", "] pass", "discarded", "your hand:", "(you)", "hand over",
                  "net: seat 0"):
        assert words in out, words


def test_typed_actions_tiles_help_and_quit_in_chinese() -> None:
    """A tile typed alone discards it, an action typed in words is taken, a bad line is explained, h lists the
    actions again, q quits (status 1), all in Chinese."""
    first = run("--lang", "zh", "play", "--rules", "guobiao", "--seed", "1", stdin="q\n")
    hand_line = next(line for line in first.stdout.splitlines() if "你的手牌" in line)
    listed = [line.split("] ", 1)[1] for line in first.stdout.splitlines() if line.strip().startswith("[")]
    assert first.returncode == 1 and "再见" in first.stdout and listed[0].startswith("打 ")
    tile = listed[0].split()[1]
    second = listed[1].split()[1]
    r = run("--lang", "zh", "play", "--rules", "guobiao", "--seed", "1",
            stdin=f"{tile}\n胡说\nh\n打 {second}\nq\n")
    out = r.stdout
    assert r.returncode == 1 and hand_line in out
    assert "'胡说' 不是可选的动作" in out and "输入动作的编号" in out
    rivers = [line for line in out.splitlines() if "0 号座位（东）（你）" in line]
    assert rivers[-1].split("弃牌 ")[1].split()[:2] == [tile, second]  # (both discards taken, in order)
    assert "your" not in out and "seat" not in out


def test_settling_logs_speaks_the_language_asked_for(tmp_path: Path) -> None:
    log = tmp_path / "hands.jsonl"
    made = run("simulate", "--rules", "sichuan", "--hands", "3", "--agent", "random", "--no-progress",
               "--log", str(log))
    assert made.returncode == 0, made.stderr
    en = run("--lang", "en", "settle", str(log))
    zh = run("--lang", "zh", "settle", str(tmp_path))
    assert en.returncode == 0 and zh.returncode == 0, en.stderr + zh.stderr
    assert en.stdout.startswith("hands 3  wins ") and "hands settled/s" in en.stdout
    assert re.fullmatch(r"3/3 hands settled  [\d,]+/s, \d+:\d\d left", en.stderr.splitlines()[-1])
    assert zh.stdout.startswith("3 局  和牌 ") and "各座位净得" in zh.stdout and "hands" not in zh.stdout
    assert re.fullmatch(r"3/3 局已结算  每秒 [\d,]+，还需 \d+:\d\d", zh.stderr.splitlines()[-1])
    js = json.loads(run("--json", "settle", str(log)).stdout)
    assert js["counts"]["hands"] == 3


def test_the_decisions_before_play_are_explained() -> None:
    """换三张's picks and 定缺 are listed with a line saying what they are."""
    r = run("--lang", "zh", "play", "--rules", "sichuan", "--option", "exchange_three=true", "--seed", "2",
            stdin="0\n0\n0\n0\nq\n")
    out = r.stdout
    assert r.returncode == 1 and "换三张" in out and "选 " in out
    assert "选择定缺的花色" in out and "定缺 万" in out


def test_what_a_typed_line_names() -> None:
    from mahjong.game import Action
    from mahjong.game.cli import _read_choice

    claim = [Action("chow", 4, (3, 4, 5)), Action("chow", 4, (4, 5, 6)), Action("pung", 4), Action("kong", 4),
             Action("win", 4), Action("pass")]
    for line, want in [("碰", claim[2]), ("pung", claim[2]), ("PUNG 5m", claim[2]), ("碰 5m", claim[2]),
                       ("和", claim[4]), ("胡", claim[4]), ("win", claim[4]), ("过", claim[5]), ("pass", claim[5]),
                       ("杠", claim[3]), ("chow 456m", claim[0]), ("吃 567m", claim[1]), ("2", claim[2]),
                       ("  q ", "quit"), ("退出", "quit"), ("h", "help"), ("", "help")]:
        assert _read_choice(line, claim, "en") == want, line
    for line in ("chow", "吃", "9", "碰碰", "discard 5m", "1z"):  # (two chows; out of range; nonsense; not offered)
        assert _read_choice(line, claim, "zh") is None, line
    turn = [Action("discard", 4), Action("ready", 4), Action("discard", 9), Action("concealed_kong", 9)]
    assert _read_choice("5m", turn, "en") == turn[0]  # (a tile alone: its discard, not the ready declaration)
    assert _read_choice("报听", turn, "zh") == turn[1] and _read_choice("ready 5m", turn, "en") == turn[1]
    assert _read_choice("杠", turn, "zh") == turn[3] and _read_choice("暗杠 1p", turn, "zh") == turn[3]
    assert _read_choice("1p", turn, "en") == turn[2]


def test_rules_and_rules_file_together_are_refused_even_for_the_default(tmp_path: Path) -> None:
    from importlib import resources

    text = (resources.files("mahjong.rulebook") / "games" / "hongzhong.toml").read_text(encoding="utf-8")
    path = tmp_path / "copy.toml"
    text = text.replace('name = "hongzhong"', 'name = "hz-copy-cli"').replace("aliases = [", "aliases = [] #[")
    path.write_text(text, encoding="utf-8")
    for rules in ("guobiao", "sichuan"):
        p = subprocess.run([sys.executable, "-m", "mahjong", "score", "123456789m11122s", "--rules", rules,
                            "--rules-file", str(path)], capture_output=True, text=True, timeout=60)
        assert p.returncode == 2 and "not both" in p.stderr, (rules, p.stderr)
    p = subprocess.run([sys.executable, "-m", "mahjong", "score", "123456789m11122s", "--rules-file", str(path)],
                       capture_output=True, text=True, timeout=60)
    assert p.returncode == 0, p.stderr
