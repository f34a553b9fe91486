"""The local Botzone arena with real programs: well-behaved bots of every kind (JSON and simple interaction, a
fresh process per turn and kept running, Python written here and C compiled here) play whole hands judged as
on Botzone, and the match logs replay; bots that crash, hang, flood, print garbage or cheat are penalised as the
judge does (the offender -30, each other +10) in a duplicate set, and the arena goes on."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from arena_support import bot_command, compile_c_bot, write_bot

from mahjong.arena import ArenaError, parse_bot, run_arena
from mahjong.game.botzone import read_botzone_match, replay_botzone_match

pytestmark = pytest.mark.skipif(os.name != "posix", reason="the arena runs programs on POSIX systems")

LIMIT = 20.0  # seconds per answer: generous (the machine may be loaded); the hang test sets its own
# The built-in agents that fill seats: on the pure-Python backend the greedy agent searches in Python over the
# pure kernels (about a hundred times slower), so there the seats are filled by the first-legal-action agent
PURE = os.environ.get("MAHJONG_PURE_PYTHON") == "1"
GREEDY = "first" if PURE else "greedy"


@pytest.fixture
def bot_file(tmp_path: Path) -> Path:
    return write_bot(tmp_path)


def _logs(folder: Path) -> list[list[dict]]:
    return [json.loads(p.read_text()) for p in sorted(folder.glob("*.json"))]


def test_well_behaved_bots_of_every_kind_play_whole_hands_and_the_logs_replay(bot_file: Path, tmp_path: Path):
    exe = compile_c_bot(tmp_path)
    c_bot = f"simple:{exe}" if exe is not None else bot_command(bot_file, "simple", False)
    bots = [bot_command(bot_file, "json", True), bot_command(bot_file, "simple", True), c_bot, GREEDY]
    logs = tmp_path / "logs"
    result = run_arena("guobiao", bots, 1, seed=5, duplicate=True, time_limit=LIMIT, logs=logs)
    assert len(result.games) == 4 and [g.rotation for g in result.games] == [0, 1, 2, 3]
    # no program erred (the first-legal-action agent may take a false win it is offered: the judge's WH)
    assert all(g.penalty[:3] == (None,) * 3 for g in result.games)
    assert sorted(g.seats for g in result.games) == [(0, 1, 2, 3), (1, 2, 3, 0), (2, 3, 0, 1), (3, 0, 1, 2)]
    for g in result.games:  # the bots play every drawn tile: only the built-in agent can win
        assert not any(g.won[:3])
        assert sum(g.net) == 0
    rows = result.players()
    assert [r.games for r in rows] == [4] * 4
    assert sum(r.score for r in rows) == 0
    for log in _logs(logs):
        game = replay_botzone_match(log)
        assert game.done
        players = log[1::2]
        # every request reached every bot, and each answered it with the judge's verdict OK
        assert all(p[str(s)]["verdict"] == "OK" for p in players for s in range(4))
        assert read_botzone_match(log).end in ("HU", "HUANG", "WH")


@pytest.mark.parametrize("act, kind", [("crash@12", "RE"), ("garbage@12", "NJ"), ("flood@12", "OLE"),
                                       ("hu@12", "WH"), ("badtile@12", "WA"), ("peng@12", "WA")])
def test_a_bot_that_goes_wrong_is_penalised_as_the_judge_does(bot_file: Path, tmp_path: Path, act: str, kind: str):
    bots = [bot_command(bot_file, "json", True, act), bot_command(bot_file, "json", True), GREEDY, GREEDY]
    logs = tmp_path / "logs"
    result = run_arena("guobiao", bots, 1, seed=3, time_limit=LIMIT, logs=logs)
    (game,) = result.games
    me = game.seats[0]
    assert game.penalty == (kind, None, None, None)
    assert game.net == (-30, 10, 10, 10)
    (log,) = _logs(logs)
    end = log[-1]["output"]
    assert end["command"] == "finish" and end["display"]["action"] == kind and end["display"]["player"] == me
    assert end["display"]["score"][me] == -30
    replayed = replay_botzone_match(log)  # the log replays to the same penalty
    assert replayed.state.penalty is not None and replayed.state.penalty.kind == kind


def test_a_duplicate_set_with_bots_that_crash_hang_and_cheat(bot_file: Path, tmp_path: Path):
    # each misbehaves from one seat only, so each rotation of the wall meets one of them: the cheat declares a
    # win on its 10th request from seat 0 (rotation 0), the crash is at its 30th from seat 2 (rotation 1), the
    # hang at its 50th from seat 0 (rotation 2); in rotation 3 everyone plays the hand out (nobody wins: the
    # bots play every tile they draw)
    exe = compile_c_bot(tmp_path)
    good = f"simple:{exe}" if exe is not None else bot_command(bot_file, "simple", True)
    bots = [bot_command(bot_file, "json", True, "hu@10:0"), bot_command(bot_file, "simple", True, "crash@30:2"),
            bot_command(bot_file, "json", True, "hang@50:0"), good]
    logs = tmp_path / "logs"
    result = run_arena("guobiao", bots, 1, seed=9, duplicate=True, time_limit=1.0, logs=logs)
    assert [g.penalty for g in result.games] == [("WH", None, None, None), (None, "RE", None, None),
                                                 (None, None, "TLE", None), (None, None, None, None)]
    for g in result.games[:3]:
        assert sorted(g.net) == [-30, 10, 10, 10] and g.net[g.penalty.index(next(k for k in g.penalty if k))] == -30
    assert result.games[3].net == (0, 0, 0, 0)
    rows = result.players()
    assert [r.penalty_kinds for r in rows] == [{"WH": 1}, {"RE": 1}, {"TLE": 1}, {}]
    assert [r.score for r in rows] == [-30 + 20, -30 + 20, -30 + 20, 30]
    for log in _logs(logs):  # each log replays, its penalty too
        game = replay_botzone_match(log)
        assert game.done


def test_built_in_agents_play_any_rule_set_in_duplicate(tmp_path: Path):
    names = ["random", "first", "random", "first"] if PURE else ["expert", "greedy", "random", "first"]
    result = run_arena("sichuan", names, 2, seed=1, duplicate=True, logs=tmp_path)
    assert len(result.games) == 8 and len(list(tmp_path.glob("*.jsonl"))) == 8
    assert sum(r.score for r in result.players()) == 0
    rows = result.to_dict()["players"]
    assert [r["name"] for r in rows] == names
    assert all(r["mean_low"] is None or r["mean_low"] <= r["mean"] <= r["mean_high"] for r in rows)


@pytest.mark.parametrize("call, words", [
    (lambda: run_arena("guobiao", ["greedy"] * 3, 1), "4 bots"),
    (lambda: run_arena("guobiao", ["greedy"] * 4, 0), "whole number >= 1"),
    (lambda: run_arena("guobiao", ["greedy"] * 4, 1, time_limit=0), "above 0"),
    (lambda: run_arena("guobiao", ["greedy"] * 4, 1, seed=-1), "seed"),
    (lambda: run_arena("sichuan", ["greedy"] * 3 + ["true"], 1), "Botzone"),
    (lambda: parse_bot("no-such-program-here", 2), "bot 2: no program"),
    (lambda: parse_bot("agent:nosuch", 1), "no built-in agent"),
    (lambda: parse_bot("", 0), "give a built-in agent"),
    (lambda: parse_bot('"unclosed', 0), "cannot read the command line"),
])
def test_bad_arena_requests_are_refused_with_a_clear_error(call, words: str):
    with pytest.raises(ArenaError) as info:
        call()
    assert words in str(info.value)
    assert info.value.message("zh") != str(info.value)


def test_the_arena_command_prints_the_table_and_json(bot_file: Path, tmp_path: Path):
    bot = bot_command(bot_file, "json", True)
    cmd = [sys.executable, "-m", "mahjong", "arena", "--bot", bot, "--bot", GREEDY, "--bot", "first", "--bot",
           "random", "--hands", "1", "--duplicate", "--seed", "4", "--time-limit", str(LIMIT), "--no-progress"]
    out = subprocess.run([*cmd, "--json", "--logs", str(tmp_path)], capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["games"] == 4 and data["duplicate"] is True and len(data["players"]) == 4
    assert sum(p["score"] for p in data["players"]) == 0
    assert len(list(tmp_path.glob("*.json"))) == 4
    zh = subprocess.run([*cmd, "--lang", "zh"], capture_output=True, text=True, timeout=600)
    assert zh.returncode == 0, zh.stderr
    assert "复式" in zh.stdout and "罚分" in zh.stdout and "random" in zh.stdout
    bad = subprocess.run([sys.executable, "-m", "mahjong", "arena", "--bot", "nosuch", "--bot", "greedy", "--bot",
                          "greedy", "--bot", "greedy"], capture_output=True, text=True, timeout=600)
    assert bad.returncode == 2 and "no program 'nosuch'" in bad.stderr and "Traceback" not in bad.stderr


def test_the_results_table_in_english(bot_file: Path) -> None:
    import io

    from mahjong.arena.cli import print_results

    result = run_arena("guobiao", [GREEDY, "random", "first", "random"], 1, seed=2, duplicate=True)
    out = io.StringIO()
    print_results(result, "en", out)
    text = out.getvalue()
    assert "duplicate" in text and "4 games" in text and "penalties" in text
    for row in result.players():
        assert f"{row.player} {row.name}" in text
