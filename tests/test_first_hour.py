"""Issue 25 (the first hour, round three): what a player, a bot developer and a house-rule writer tripped on, each
with the test that would have caught it.  The command line runs in a subprocess, as a user runs it."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import mahjong
from mahjong import report
from mahjong.errors import HandError, NotWinningError

_CJK = re.compile(r"[\u3400-\u9fff\uff00-\uffef]")
_LATIN_WORD = re.compile(r"[A-Za-z]{3,}")


def run_here(capsys: pytest.CaptureFixture[str], *args: str) -> subprocess.CompletedProcess[str]:
    """The command run in this process (for the cases a subprocess each would make slow; each test runs the real
    command in a subprocess too)."""
    from mahjong.cli import main

    code = main(list(args))
    out = capsys.readouterr()
    return subprocess.CompletedProcess(list(args), code, out.out, out.err)


def run(*args: str, env_lang: str | None = None) -> subprocess.CompletedProcess[str]:
    env = None
    if env_lang is not None:
        import os

        env = {**os.environ, "LANG": env_lang, "LC_ALL": env_lang}
    return subprocess.run([sys.executable, "-m", "mahjong", *args], capture_output=True, text=True, timeout=120,
                          env=env)


# --- a hand of the wrong size is the same error everywhere ---------------------------------------------------------

WRONG_SIZES = ["123m456m789m123p456p9s", "123m456m789m123p456p99s11p", "[123m,1]456m789m123p456p9s", "2345m"]


@pytest.mark.parametrize("rules", ["guobiao", "sichuan"])
def test_score_of_a_hand_of_the_wrong_size_is_the_error_analyze_gives(rules: str) -> None:
    text = "123m456m789m123p456p9s"  # 16 tiles (the example)
    scored, analysed = run("score", "--rules", rules, text), run("analyze", "--rules", rules, text)
    assert scored.returncode == analysed.returncode == 2, scored.stdout
    assert scored.stdout == "" and "not ready" not in scored.stderr
    said = [p.stderr.split("error (bad hand): ", 1)[1] for p in (scored, analysed)]
    assert said[0] == said[1] and said[0].startswith("16 tiles (melds counted as 3)")


@pytest.mark.parametrize("text", WRONG_SIZES)
def test_report_score_refuses_a_hand_of_the_wrong_size(text: str) -> None:
    with pytest.raises(HandError) as info:
        report.score(text)
    assert info.value.code == "count-any"
    if "[" in text or len(text) > 10:  # (a short hand without melds is read with exposed melds by analyze)
        with pytest.raises(HandError) as same:
            report.analyze(text)
        assert str(same.value) == str(info.value)


def test_analyze_counts_a_meld_as_three_tiles_as_score_does() -> None:
    a = report.analyze("[123m,1]456m789m123p9s")
    assert a["tiles"] == 13 and a["melds"] == 1 and a["shanten"] == 0
    out = run("analyze", "[123m,1]456m789m123p9s")
    assert out.returncode == 0 and "13 tiles with melds counted as 3" in out.stdout
    assert report.analyze("2345m")["tiles"] == 4  # no melds written: the missing ones are exposed, as the kernels read


# --- "not a win": the hand as typed, one language, and where to look next ----------------------------------------

NOT_WINS = ["guobiao", "sichuan", "common", "nanchang", "jinshan", "changsha", "hongzhong", "guangdong", "twoplayer",
            "wuhu-2468"]


@pytest.mark.parametrize("rules", NOT_WINS)
def test_not_a_win_keeps_the_tiles_as_typed_in_one_language(rules: str, capsys: pytest.CaptureFixture[str]) -> None:
    text = "9s11223344556m7p8s"
    for lang in ("en", "zh"):
        args = ("score", "--rules", rules, "--lang", lang, text)
        p = run(*args) if rules in ("guobiao", "changsha") else run_here(capsys, *args)
        assert p.returncode == 2, p.stdout
        message, hint = p.stderr.rstrip("\n").split("\n")
        assert text in message and "11223344556m" in message  # as typed, not sorted
        words = message.split(text, 1)[1]
        if lang == "en":
            assert not _CJK.search(message), message
        else:
            assert not [w for w in _LATIN_WORD.findall(words) if w not in ("indicator", "rules")], message
        assert f'mahjong analyze --rules {rules} "{text}"' in hint
        assert (lang == "zh") == bool(_CJK.search(hint))


def test_not_a_win_from_report_score_says_the_hand_as_typed() -> None:
    with pytest.raises(NotWinningError) as info:
        report.score("9s11223344556m7p8s")
    assert info.value.code == "not-win-hand" and str(info.value).startswith("9s11223344556m7p8s is not a win: ")
    assert info.value.message("zh").startswith("9s11223344556m7p8s 不能和牌：不是国标麻将的和牌")
    with pytest.raises(NotWinningError) as inner:  # the rule set's own error keeps its code
        mahjong.score("9s11223344556m7p8s")
    assert inner.value.code == "not-win-guobiao"


def test_the_nanchang_jing_self_draw_refusal_speaks_one_language() -> None:
    args = ("score", "--rules", "nanchang", "--indicator", "1m", "--discarder", "1", "123m456p789s234s9m 2m")
    en, zh = run(*args, "--lang", "en"), run(*args, "--lang", "zh")
    assert "a plain win that uses jing as wildcards must be self-drawn" in en.stderr
    assert not _CJK.search(en.stderr)
    first = zh.stderr.splitlines()[0].split("不能和牌：", 1)[1]
    assert first == "这手牌的任何拆法都不能在此和牌：精牌作为替代牌时，平胡只能自摸"


@pytest.mark.parametrize(("rules", "hand", "flags", "en", "zh"), [
    ("changsha", "123m456m789p234s66s", ("--discarder", "1"), "needs a pair of 2, 5 or 8", "小胡要二五八将"),
    ("hongzhong", "1122m3344p5566s77s", ("--discarder", "1"), "only a self-drawn win", "红中麻将只能自摸和"),
    ("guobiao", "[123m,1]456m789m123p5s5s", ("--discarder", "1", "--option", "min_fan=30"),
     "false win: 20 fan without flowers", "诈和：不计花牌 20 番"),
])
def test_why_a_win_falls_short_is_said_in_each_language(rules: str, hand: str, flags: tuple[str, ...], en: str,
                                                          zh: str) -> None:
    got = {lang: run("score", "--rules", rules, "--lang", lang, *flags, hand) for lang in ("en", "zh")}
    assert en in got["en"].stdout and not _CJK.search(got["en"].stdout.split("minimum NOT reached")[1].split("\n")[0])
    line = next(x for x in got["zh"].stdout.splitlines() if x.startswith("未达起和要求"))
    assert zh in line and not _LATIN_WORD.search(line), line
    data = json.loads(run("score", "--json", "--rules", rules, *flags, hand).stdout)
    assert en in data["invalid_reason"] and zh in data["invalid_reason_zh"]


# --- one language at a time: tiles in Chinese under --lang zh ------------------------------------------------------


def test_lang_zh_writes_tiles_in_chinese_unless_style_says_otherwise() -> None:
    zh = run("score", "--lang", "zh", "[123m,1]456m789m123p5s5s").stdout
    assert "和牌张: 五条" in zh and "牌型拆分: 四万五万六万 七万八万九万 一筒二筒三筒 五条五条" in zh
    ascii_ = run("score", "--lang", "zh", "--style", "ascii", "[123m,1]456m789m123p5s5s").stdout
    assert "和牌张: 5s" in ascii_ and "4m5m6m" in ascii_
    analysed = run("analyze", "11223344556m7p8s9s", env_lang="zh_CN.UTF-8").stdout
    discards = analysed.split("最佳打法:")[1]
    assert "打 七筒" in discards and not _LATIN_WORD.search(discards) and "7p" not in discards
    assert "牌型规则: 一般型、七对、十三幺 (default)" in analysed
    # the JSON is for programs: the same whatever the language
    assert run("score", "--json", "--lang", "zh", "5s5s[123m,1]456m789m123p").stdout == \
        run("score", "--json", "--lang", "en", "5s5s[123m,1]456m789m123p").stdout


def test_units_follow_the_rule_set() -> None:
    out = run("score", "--lang", "zh", "--rules", "yuhuan", "--caishen", "C", "123m456m789m123p456pC 9s").stdout
    assert "合计: 30 胡" in out and "达到起和要求" in out and "番" not in out
    fans = run("fans", "--lang", "zh", "--rules", "yuhuan").stdout
    assert "番" not in fans.splitlines()[2], fans.splitlines()[2]



def test_guangdong_arithmetic_shows_its_base() -> None:
    r = report.score("123m456m789p234s55s", rules="guangdong", context={"discarder": 1})
    assert r["arithmetic"][0] == {"zh": "底分 2 × 倍数 2 = 4", "en": "base 2 × multipliers 2 = 4"}
    assert r["total"] == 4 and r["details"]["base"] == 2
    out = run("score", "--rules", "guangdong", "--option", "base=3", "111m456m789p234s55s").stdout
    assert "base 3 × multipliers 2 = 6" in out


# --- rule files: did you mean, the predicate library, a file shown like a built-in ---------------------------------


def test_rules_check_says_did_you_mean(tmp_path: Any) -> None:
    path = tmp_path / "typo.toml"
    path.write_text('format = 1\nname = "typo-table"\n\n[scoring]\naggregaton = "sum"\n\n[[rows]]\nkey = "full_flush"\n'
                    'value = 6\nwhen = "one_suite"\nexcludes = ["all_pung"]\n\n[[rows]]\nkey = "all_pungs"\nvalue = 4\n'
                    'when = "all_pungs"\n', encoding="utf-8")
    out = run("rules", "--check", str(path))
    assert out.returncode == 1
    assert "scoring.aggregaton: unknown key: did you mean aggregation?" in out.stderr
    zh = run("rules", "--check", str(path), "--lang", "zh").stderr
    assert "不认识的键：是不是 aggregation？" in zh
    fixed = path.read_text(encoding="utf-8").replace("aggregaton", "aggregation")
    path.write_text(fixed, encoding="utf-8")
    out = run("rules", "--check", str(path))
    assert "unknown name 'one_suite': did you mean one_suit?" in out.stderr
    assert "names 'all_pung', which is no row of this file: did you mean all_pungs?" in out.stderr
    with pytest.raises(Exception, match="did you mean guobiao"):
        mahjong.get_ruleset("guobao")


def test_the_predicate_library_is_listed_in_each_language() -> None:
    en, zh = run("rules", "--predicates"), run("rules", "--predicates", "--lang", "zh")
    assert en.returncode == zh.returncode == 0
    line = next(x for x in en.stdout.splitlines() if x.strip().startswith("one_suit "))
    assert line.split(None, 1)[1] == "one suit, no honors"
    assert next(x for x in zh.stdout.splitlines() if x.strip().startswith("one_suit ")).split(None, 1)[1] == "清一色"
    for heading in ("predicates", "counts", "functions", "win facts"):
        assert any(x.startswith(heading) for x in en.stdout.splitlines()), heading
    entries = json.loads(run("rules", "--predicates", "--json").stdout)
    assert {e["name"] for e in entries} >= {"one_suit", "pair_rank_in", "wind_pungs", "self_drawn"}
    assert all(e["zh"] and e["en"] and not _CJK.search(e["en"]) for e in entries), \
        [e for e in entries if _CJK.search(e["en"])]


def test_rules_shows_a_rule_file_like_a_built_in(tmp_path: Any) -> None:
    from mahjong.rulebook.presets import shipped_files

    source = next(p for p in shipped_files() if str(p).endswith("hongzhong.toml"))
    text = open(source, encoding="utf-8").read().replace('name = "hongzhong"', 'name = "our-red-dragons"')
    text = "\n".join(x for x in text.splitlines() if not x.startswith("aliases"))
    path = tmp_path / "ours.toml"
    path.write_text(text, encoding="utf-8")
    mine, shipped = run("rules", str(path)), run("rules", "hongzhong")
    assert mine.returncode == 0, mine.stderr
    assert mine.stdout.replace("our-red-dragons", "hongzhong") == shipped.stdout


def test_a_house_rule_speaks_one_language_at_a_time() -> None:
    """Every rule set's options, win facts, rows and predicate words: English without Chinese, Chinese given."""
    from mahjong.rulebook.presets import shipped_files

    shipped = {Path(p).stem for p in shipped_files()} | {"guobiao", "guobiao-extras", "guobiao-rulebook"}
    for r in report.rulesets():
        name = r["name"]
        if name not in shipped:  # (a rule set another test registered from its own file)
            continue
        o = report.ruleset_options(name)
        for opt in o["options"]:
            assert not _CJK.search(opt["doc_en"]), (name, opt["name"], opt["doc_en"])
            assert _CJK.search(opt["doc_zh"]), (name, opt["name"], opt["doc_zh"])
        for f in report.context_fields(name):
            assert not _CJK.search(f["label"]["en"] + f["help"]["en"]), (name, f)
            assert _CJK.search(f["label"]["zh"]) and _CJK.search(f["help"]["zh"]), (name, f)
        for section in report.fans(name)["sections"]:
            for row in section["rows"]:
                words = (row.get("value_text") or {}).get("en", "") + (row["en"] or "")
                assert row["en"] and not _CJK.search(words), (name, row)
        assert not _CJK.search(r["summary_en"] or ""), name
    out = run("rules", "guangdong").stdout  # (a house rule shipped as a file)
    shown = [x for x in out.splitlines() if not x.strip().startswith(("source:", "also:"))]
    assert not [x for x in shown if _CJK.search(x)], [x for x in shown if _CJK.search(x)]


def test_sichuan_lists_no_wind_facts_and_guobiao_marks_the_extras_facts() -> None:
    names = [f["name"] for f in report.context_fields("sichuan")]
    assert "prevalent_wind" not in names and "seat_wind" not in names and "already_won" in names
    extras = {f["name"]: f["option"] for f in report.context_fields("guobiao")}
    assert extras["human"] == extras["wildcard_kong"] == "extras" and extras["last_tile"] is None
    table = report.ruleset_options("sichuan")
    assert table["hand_size"] == 13 and len(table["tiles"]) == 27 and not table["flowers"]
    assert report.ruleset_options("guobiao")["flowers"] and report.ruleset_options("yuhuan")["hand_size"] == 16


# --- mahjong play: seats with their wind, what happened, only the facts the rule set uses -------------------------


def play(*args: str) -> str:
    p = subprocess.run([sys.executable, "-m", "mahjong", "play", *args], input="0\n" * 400, capture_output=True,
                       text=True, timeout=300)
    assert p.returncode == 0, p.stderr
    return p.stdout


def test_play_names_seats_by_wind_and_tells_what_happened() -> None:
    out = play("--rules", "sichuan", "--seed", "3")
    assert "[event" not in out and "seat 0 (East) (you) (dealer)" in out
    assert "since your last turn: seat 0 (East) voids" in out and "seat 3 (North) voids" in out
    assert all(f"seat {s} ({w})" in out for s, w in enumerate(("East", "South", "West", "North")))
    board = out.split("since your last turn")[2]  # (after the voids were chosen: every seat's is shown)
    assert sum(1 for x in board.splitlines() if "void: " in x) >= 4
    assert "flowers" not in out and "round wind" not in out  # (Sichuan has neither)
    settled = out.split("== hand over ==")[1]
    assert "win of seat 2 (West): " in settled and not re.search(r"^\s+\d+: ", settled, re.M)
    assert "net: seat 0 (East) " in settled
    # the running line names claims and wins as they happen
    assert re.search(r"seat \d \(\w+\) (pungs|kongs|wins)", out)


def test_play_shows_flowers_and_the_round_wind_where_the_rule_set_has_them() -> None:
    out = play("--rules", "guobiao", "--seed", "1")
    assert "shows a flower" in out and "flowers f" in out and "round wind East" in out and "void" not in out


def test_play_in_chinese_writes_tiles_in_chinese_and_tells_the_wildcards() -> None:
    out = play("--rules", "nanchang", "--seed", "3", "--lang", "zh")
    named = r"[一二三四五六七八九][万筒条]|[东南西北]风|红中|发财|白板"
    assert re.search(rf"翻出 ({named})：百搭为 ({named}) ({named})", out), out[:400]
    assert re.search(rf"你的手牌：({named})( ({named}))+", out) and "规则: 南昌麻将 (nanchang)" in out
    ascii_ = play("--rules", "nanchang", "--seed", "3", "--lang", "zh", "--style", "ascii")
    assert re.search(r"翻出 ([1-9][mps]|[ESWNCFP])：百搭为 \S+", ascii_) and re.search(r"你的手牌：[1-9]", ascii_)


# --- integrators: a multi-hand log replays; the Botzone format's options are named ---------------------------------


def test_a_multi_hand_log_from_simulate_replays_hand_by_hand(tmp_path: Any) -> None:
    from mahjong.errors import ContextError
    from mahjong.game.log import read_log, replay, replay_hands, split_hands

    path = tmp_path / "hands.jsonl"
    out = run("simulate", "--rules", "sichuan", "--hands", "3", "--seed", "2", "--no-progress", "--log", str(path))
    assert out.returncode == 0, out.stderr
    events = read_log(path.read_text(encoding="utf-8"))
    with pytest.raises(ContextError) as info:
        replay(events)
    assert info.value.code == "log-several-hands" and "replay_hands" in str(info.value)
    assert "逐手重放" in info.value.message("zh")
    games = replay_hands(events)
    assert len(games) == len(split_hands(events)) == 3
    assert [g.events for g in games] == split_hands(events)
    broken = [e for e in events]
    broken.pop(len(split_hands(events)[0]) + 5)  # an event of the second hand lost
    with pytest.raises(ContextError, match="^hand 2 of the log: "):
        replay_hands(broken)


def test_the_readme_names_the_botzone_options() -> None:
    from pathlib import Path

    from mahjong.game import Game
    from mahjong.game.botzone import BOTZONE_OPTIONS

    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
    assert "BOTZONE_OPTIONS" in readme
    game = Game("guobiao", seed=1, options=BOTZONE_OPTIONS)
    wall = next(e for e in game.events if e.type == "wall_built")
    assert len(wall.tiles) == 136 and BOTZONE_OPTIONS == {"botzone": True, "flowers": False}


# --- help states every default; progress shows the rate and the time left -----------------------------------------


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_every_option_with_a_default_says_it_in_its_help(lang: str) -> None:
    import argparse

    from mahjong import cli

    parser = cli._parser(lang)
    commands = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction)).choices
    silent = []
    for name, command in commands.items():
        for action in command._actions:
            if isinstance(action, argparse._HelpAction) or action.default in (None, False, argparse.SUPPRESS):
                continue
            if ("default" if lang == "en" else "默认") not in str(action.help).lower():
                silent.append((name, action.option_strings, action.default))
    assert not silent, silent
    out = run("simulate", "--help").stdout
    assert "default greedy" in " ".join(out.split())


def test_progress_shows_the_rate_and_the_time_left() -> None:
    p = run("simulate", "--rules", "sichuan", "--hands", "12", "--agent", "random")
    lines = p.stderr.strip().splitlines()
    assert lines and all(re.search(r"\d+/12 hands  [\d,]+/s, \d+:\d\d left$", x) for x in lines), lines
    zh = run("simulate", "--rules", "sichuan", "--hands", "12", "--agent", "random", "--lang", "zh").stderr
    assert re.search(r"12/12 局  每秒 [\d,]+，还需 \d+:\d\d", zh), zh


# --- the hand record's JSON Schema -------------------------------------------------------------------------------


RECORDS_OK: list[dict[str, Any]] = [
    {"ruleset": "sichuan", "dealer": 0, "events": [
        {"type": "kong", "seat": 0, "kind": "concealed", "tile": "5p"},
        {"type": "win", "seat": 0, "hand": "[5555p]123m456m789m11m", "kong_replacement": True},
        {"type": "draw", "hands": {"1": "123m456m789m1122s", "2": "123m456m789m1199p", "3": "123p456p789p1122s"}}]},
    {"ruleset": "nanchang", "events": [{"type": "win", "seat": 0, "hand": "123m456p789sESW5m5m", "discarder": 2,
                                        "indicator": "5m"}]},
    {"ruleset": "guobiao", "options": {"min_fan": 8}, "events": [
        {"type": "win", "seat": 0, "hand": "[123m,1]456m789m123p5s5s", "flags": {"human": False}}]},
]
RECORDS_BAD: list[dict[str, Any]] = [
    {"events": []},  # no rule set
    {"ruleset": "guobiao", "party": 1},  # a field the format does not know
    {"ruleset": "guobiao", "events": [{"type": "kong", "seat": 1, "kind": "concealed", "tile": "5p", "x": 1}]},
    {"ruleset": "guobiao", "events": [{"type": "party"}]},
    {"ruleset": "guobiao", "events": [{"type": "win", "seat": 0}]},  # no hand
]


def test_settle_publishes_the_json_schema_of_its_records(tmp_path: Any) -> None:
    import jsonschema

    from mahjong.errors import MahjongError

    out = run("settle", "--schema")
    assert out.returncode == 0
    schema = json.loads(out.stdout)
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    for record in RECORDS_OK:
        validator.validate(record)
        mahjong.settlement.HandRecord.from_dict(record)  # (the reader takes what the schema does)
    for record in RECORDS_BAD:
        assert not validator.is_valid(record), record
        with pytest.raises(MahjongError):
            mahjong.settlement.HandRecord.from_dict(record)
    path = tmp_path / "r.json"
    path.write_text(json.dumps(RECORDS_OK[0]), encoding="utf-8")
    assert run("settle", str(path)).returncode == 0
    assert run("settle").returncode == 2
