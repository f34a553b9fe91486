"""The arena's players: real programs (written here) run as Botzone runs bots — both interactions, a fresh
process per turn and the keep-running mode — and every way a program can go wrong: it crashes, hangs, prints
garbage, floods its output, leaves a process behind.  Each gets its verdict and is killed with its process group;
none holds up the others."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest
from arena_support import bot_argv, compile_c_bot, debug_of, write_bot

from mahjong.arena import KEEP_RUNNING, ProgramBot, ask_all

pytestmark = pytest.mark.skipif(os.name != "posix", reason="the arena runs programs on POSIX systems")

LIMIT = 20.0  # seconds: generous, the machine may be loaded; the tests that need a deadline set their own
REQUESTS = ["0 1 0", "1 0 0 0 0 W1 W2 W3 W4 W5 W6 W7 W8 W9 B1 B2 B3 T1", "2 T5", "3 1 PLAY T5", "3 2 DRAW"]


@pytest.fixture
def bot_file(tmp_path: Path) -> Path:
    return write_bot(tmp_path)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def _play(bot: ProgramBot, requests: list[str]) -> list:
    return [ask_all([(bot, r)])[0] for r in requests]


@pytest.mark.parametrize("mode", ["json", "simple"])
def test_a_fresh_process_each_turn_is_given_the_whole_history(bot_file: Path, mode: str) -> None:
    bot = ProgramBot(bot_argv(bot_file, mode), simple_io=mode == "simple", time_limit=LIMIT)
    bot.new_game()
    replies = _play(bot, REQUESTS)
    assert [r.verdict for r in replies] == ["OK"] * 5
    assert [r.response for r in replies] == ["PASS", "PASS", "PLAY T5", "PASS", "PASS"]
    debug = [debug_of(r) for r in replies]
    assert [d["turn"] for d in debug] == [1, 2, 3, 4, 5]  # every turn: all the requests so far ...
    assert [d["responses"] for d in debug] == [0, 1, 2, 3, 4]  # ... and its own answers to the earlier ones
    assert [d["request"] for d in debug] == REQUESTS
    assert len({d["pid"] for d in debug}) == 5  # a new process each turn
    assert [d["data"] for d in debug][1:] == ["turn 1", "turn 2", "turn 3", "turn 4"]  # its saved data handed back
    assert bot.responses == ["PASS", "PASS", "PLAY T5", "PASS", "PASS"]
    for d in debug:
        assert not _alive(d["pid"])


@pytest.mark.parametrize("mode", ["json", "simple"])
def test_a_program_that_asks_to_keep_running_is_sent_only_each_new_request(bot_file: Path, mode: str) -> None:
    bot = ProgramBot(bot_argv(bot_file, mode, True), simple_io=mode == "simple", time_limit=LIMIT)
    bot.new_game()
    replies = _play(bot, REQUESTS)
    assert [r.response for r in replies] == ["PASS", "PASS", "PLAY T5", "PASS", "PASS"]
    debug = [debug_of(r) for r in replies]
    assert len({d["pid"] for d in debug}) == 1  # one process, kept running
    assert [d["request"] for d in debug] == REQUESTS  # each request reached it (as one line of its interaction)
    assert [d["turn"] for d in debug] == [1, 2, 3, 4, 5]
    assert _alive(debug[0]["pid"])
    bot.new_game()  # the next game: the kept program is stopped, the history forgotten
    assert not _alive(debug[0]["pid"])
    assert bot.requests == [] and bot.responses == []


def test_a_kept_program_that_has_exited_is_started_again_with_the_history(bot_file: Path) -> None:
    bot = ProgramBot(bot_argv(bot_file, "json", True, "quit@2"), time_limit=LIMIT)
    bot.new_game()
    replies = _play(bot, REQUESTS[:4])
    assert [r.verdict for r in replies] == ["OK"] * 4
    debug = [debug_of(r) for r in replies]
    assert debug[0]["pid"] != debug[2]["pid"]
    assert [d["turn"] for d in debug] == [1, 2, 3, 4]
    assert debug[2]["responses"] == 2  # started again with the whole history
    bot.stop()


@pytest.mark.parametrize("act, verdict", [("crash@2", "RE"), ("crashlate@2", "RE"), ("garbage@2", "NJ"),
                                          ("flood@2", "OLE")])
@pytest.mark.parametrize("keep", [False, True])
def test_a_program_that_goes_wrong_gets_its_verdict_and_is_stopped(bot_file: Path, act: str, verdict: str,
                                                                    keep: bool) -> None:
    bot = ProgramBot(bot_argv(bot_file, "json", keep, act), time_limit=LIMIT, output_limit=1 << 16)
    bot.new_game()
    first, second = _play(bot, REQUESTS[:2])
    assert first.verdict == "OK"
    assert second.verdict == verdict and second.response is None
    assert bot._proc is None  # killed (with its group) and forgotten
    if keep:
        assert not _alive(debug_of(first)["pid"])


def test_garbage_in_the_simple_interaction_is_an_answer_the_judge_reads(bot_file: Path) -> None:
    bot = ProgramBot(bot_argv(bot_file, "simple", False, "garbage@1"), simple_io=True, time_limit=LIMIT)
    bot.new_game()
    (reply,) = _play(bot, REQUESTS[:1])
    assert reply.verdict == "OK" and reply.response == "this is not a move"


def test_a_program_that_hangs_is_stopped_at_its_time_limit_with_what_it_started(bot_file: Path,
                                                                               tmp_path: Path) -> None:
    child_file = tmp_path / "child.pid"
    os.environ["BOT_CHILD_FILE"] = str(child_file)
    try:
        bot = ProgramBot(bot_argv(bot_file, "json", False, "child@1"), time_limit=1.0)
        bot.new_game()
        (reply,) = _play(bot, REQUESTS[:1])
    finally:
        del os.environ["BOT_CHILD_FILE"]
    assert reply.verdict == "TLE" and reply.response is None
    assert reply.seconds >= 1.0
    child = int(child_file.read_text())
    for _ in range(100):  # (the kernel reaps the orphan a moment after its group is killed)
        if not _alive(child):
            break
        time.sleep(0.05)
    assert not _alive(child)


def test_programs_answer_side_by_side_and_one_that_hangs_holds_up_no_other(bot_file: Path) -> None:
    hang = ProgramBot(bot_argv(bot_file, "json", False, "hang@1"), time_limit=1.5)
    good = [ProgramBot(bot_argv(bot_file, mode, keep), simple_io=mode == "simple", time_limit=LIMIT)
            for mode, keep in (("json", False), ("simple", True), ("json", True))]
    for b in (hang, *good):
        b.new_game()
    replies = ask_all([(hang, "2 W1"), *[(b, "2 W1") for b in good]])
    assert replies[0].verdict == "TLE"
    assert [r.response for r in replies[1:]] == ["PLAY W1"] * 3
    assert all(r.seconds < replies[0].seconds for r in replies[1:])
    for b in good:
        b.stop()


def test_a_program_that_cannot_start_is_a_runtime_error(tmp_path: Path) -> None:
    bot = ProgramBot([str(tmp_path / "missing")], time_limit=LIMIT)
    bot.new_game()
    (reply,) = _play(bot, REQUESTS[:1])
    assert reply.verdict == "RE"


def test_the_keep_running_line_is_the_documented_one() -> None:
    assert KEEP_RUNNING == ">>>BOTZONE_REQUEST_KEEP_RUNNING<<<"


def test_a_program_in_c_compiled_here_plays_in_the_simple_interaction(tmp_path: Path) -> None:
    exe = compile_c_bot(tmp_path)
    if exe is None:
        pytest.skip("no C compiler here")
    bot = ProgramBot([str(exe)], simple_io=True, time_limit=LIMIT)
    bot.new_game()
    replies = _play(bot, REQUESTS)
    assert [r.response for r in replies] == ["PASS", "PASS", "PLAY T5", "PASS", "PASS"]
