"""The `mahjong` command, run as a user would (a subprocess on the installed entry point's module)."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import pytest


def run(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    import os

    full = {k: v for k, v in os.environ.items() if k not in ("LANG", "LC_ALL", "LC_MESSAGES")} | (env or {})
    return subprocess.run([sys.executable, "-m", "mahjong", *args], capture_output=True, text=True, timeout=120,
                          env=full)


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
    assert [p["amount"] for p in r["payments"]] == [44, -8, -8, -28]
    text = run("score", "--lang", "en", "--discarder", "3", "[123m,1]456m789m123p5s5s").stdout
    assert "Pure Straight" in text and "total: 20 fan" in text and "清龙" not in text
    zh = run("score", "--lang", "zh", "--discarder", "3", "[123m,1]456m789m123p5s5s").stdout
    assert "清龙" in zh and "合计: 20 番" in zh and "Pure Straight" not in zh


def test_score_below_the_minimum_says_false_win():
    # 123m 123p 345s 678p + 99s won on a discard: 门前清 2 + 平和 2 + 喜相逢 1 + 单钓 1 = 6 < 8
    p = run("score", "--json", "--discarder", "3", "123m123p345s678p9s9s")
    r = json.loads(p.stdout)
    assert p.returncode == 0 and r["valid"] is False and "false win" in r["invalid_reason"]
    assert "诈和" in r["invalid_reason_zh"]
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
        assert r["ruleset"] == args[1] and sum(p["amount"] for p in r["payments"]) == 0 and r["total"] > 0, r


def test_score_names_the_failed_rule():
    p = run("score", "--rules", "sichuan", "123m456p789s11m999p")
    assert p.returncode == 2 and "a suit must be missing" in p.stderr


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
        assert r["discard"]["total"] >= 88 and r["self_drawn"]["total"] == r["discard"]["total"] + 1
        assert r["discard"]["valid"] and r["self_drawn"]["valid"]
    p = run("score", "--json", "--rules", "sichuan", "1112345678999m")
    assert p.returncode == 0, p.stderr
    assert [r["tile"] for r in json.loads(p.stdout)["winning_tiles"]] == [f"{i}m" for i in range(1, 10)]


# --- issue 10: wrong answers, stated assumptions, words, polish -------------------------------------------------


def test_jinshan_hand_with_a_wildcard_scores_from_the_command_line():
    p = run("score", "--json", "--rules", "jinshan", "123m456m789p5s23s4s f5", "--discarder", "3")
    assert p.returncode == 0, p.stderr
    r = json.loads(p.stdout)
    assert r["win_tile"]["tile"] == "4s" and r["total"] > 0


def test_payments_are_labelled_by_seat_wind_with_another_dealer():
    p = run("score", "--lang", "en", "--dealer", "2", "--discarder", "3", "[123m,1]456m789m123p5s5s")
    assert p.returncode == 0, p.stderr
    lines = p.stdout.splitlines()
    assert any(line.strip().startswith("seat 0 West (winner)") for line in lines), p.stdout
    assert any(line.strip().startswith("seat 2 East (dealer)") for line in lines), p.stdout


def test_the_winning_tile_reading_wait_and_assumptions_are_printed():
    text = run("score", "--lang", "en", "[123m,1]456m789m123p5s5s").stdout
    assert "winning tile: 5s" in text and "reading:" in text and "wait: single" in text
    assert "self-drawn (no discarder given)" in text and "prevalent wind is East" in text
    # the same tiles typed sorted, the winning tile given: the same score as typed with it last
    sorted_typed = json.loads(run("score", "--json", "--win-tile", "5s", "--discarder", "3",
                                  "[123m,1]456m789m123p55s").stdout)
    last_typed = json.loads(run("score", "--json", "--discarder", "3", "[123m,1]456m789m123p5s5s").stdout)
    assert sorted_typed["total"] == last_typed["total"]
    assert all(a["fact"] != "win_tile" for a in sorted_typed["assumptions"])


def test_cli_and_python_agree_on_a_missing_discarder():
    import mahjong

    cli = json.loads(run("score", "--json", "[123m,1]456m789m123p5s5s").stdout)
    api = mahjong.score("[123m,1]456m789m123p5s5s")
    assert cli["self_drawn"] is True and cli["total"] == api.total
    assert [p["amount"] for p in cli["payments"]] == list(api.payments)


@pytest.mark.parametrize("given", ["N", "北", "上家", "3"])
def test_discarder_takes_winds_and_seat_names(given):
    p = run("score", "--json", "--discarder", given, "[123m,1]456m789m123p5s5s")
    assert p.returncode == 0, p.stderr
    assert [x["amount"] for x in json.loads(p.stdout)["payments"]] == [44, -8, -8, -28]


def test_nanchang_assumptions_and_other_seats_jing():
    p = run("score", "--json", "--rules", "南昌", "123m456p789sESW5m5m")
    facts = {a["fact"] for a in json.loads(p.stdout)["assumptions"]}
    assert "indicator" in facts
    p = run("score", "--json", "--rules", "nanchang", "--indicator", "5m", "--jing-held", "1=1,0 2=0,2",
            "123m456p789sESW5m5m")
    assert p.returncode == 0, p.stderr
    r = json.loads(p.stdout)
    assert sum(x["amount"] for x in r["payments"]) == 0
    assert r["details"]["jing_held"][1] == [1, 0] and r["details"]["jing_held"][2] == [0, 2]


def test_yuhuan_states_a_missing_caishen():
    p = run("score", "--json", "--rules", "yuhuan", "123m456m789m123p456p9s9s")
    assert p.returncode == 0, p.stderr
    assert "caishen" in {a["fact"] for a in json.loads(p.stdout)["assumptions"]}


def test_fans_lists_the_whole_table():
    p = run("fans", "--json", "--rules", "gb")
    rows = [r for s in json.loads(p.stdout)["sections"] for r in s["rows"]]
    assert len(rows) == 81 + 1  # the 81 fans and 明暗杠
    text = run("fans", "--lang", "zh", "--rules", "四川").stdout
    assert "清一色" in text and "不计" in text


@pytest.mark.parametrize("args, fragment", [
    (["score", "--context", "last_wall_tile=1000000000000", "[123m,1]456m789m123p5s5s"], "true or false"),
    (["score", "--rules", "yuhuan", "--context", "nonsense=1", "123m456m789m123p456p9s9s"], "known: "),
    (["score", "--rules", "nanchang", "--context", "nonsense=1", "123m456p789sESW5m5m"], "known: "),
    (["analyze", "--top", "-3", "123m456p789s1122z"], "--top"),
    (["score", "--rules", "nope", "123m"], "unknown rule set"),
])
def test_bad_values_are_one_line_errors(args, fragment):
    p = run(*args)
    assert p.returncode == 2 and fragment in p.stderr and "Traceback" not in p.stderr, p.stderr


def test_errors_are_json_under_json():
    p = run("score", "--json", "--rules", "nope", "123m")
    assert p.returncode == 2
    assert "unknown rule set" in json.loads(p.stdout)["error"]["message"]


def test_version_lang_environment_and_module_entry():
    from mahjong import __version__

    assert __version__ in run("--version").stdout
    zh = run("analyze", "1112345678999m", env={"LANG": "zh_CN.UTF-8"}).stdout
    assert "听牌" in zh and "waits" not in zh
    en = run("analyze", "1112345678999m", env={"LANG": "en_US.UTF-8"}).stdout
    assert "waits" in en and "听牌" not in en
    assert json.loads(run("analyze", "--json", "--lang", "zh", "1112345678999m").stdout) == \
        json.loads(run("analyze", "--json", "1112345678999m").stdout)


def test_a_closed_pipe_gives_no_traceback():
    import os

    cmd = f"{sys.executable} -m mahjong fans --rules guobiao | head -1"
    p = subprocess.run(cmd, shell=True, capture_output=True, text=True, timeout=120, env=dict(os.environ))
    assert p.returncode == 0 and "Traceback" not in p.stderr and "Error" not in p.stderr, p.stderr


def test_rule_set_names_are_case_insensitive_with_chinese_aliases():
    for name in ("GuoBiao", "国标", "GB"):
        assert json.loads(run("score", "--json", "--rules", name, "[123m,1]456m789m123p5s5s").stdout)[
            "ruleset"] == "guobiao"
    assert json.loads(run("analyze", "--json", "--rules", "血战", "1112345678999m").stdout)["rules"] == "sichuan"


def test_settle_prints_no_python_reprs(tmp_path):
    from mahjong import settlement

    doc = settlement.__doc__ or ""
    body = doc[doc.index("    {\n"): doc.index("\n    }\n") + 6]
    path = tmp_path / "record.json"
    path.write_text(body, encoding="utf-8")
    p = run("settle", "--lang", "en", str(path))
    assert p.returncode == 0, p.stderr
    assert "(" not in p.stdout.splitlines()[-1] and "seat 0" in p.stdout
    assert "{'" not in p.stdout and "None" not in p.stdout and "True" not in p.stdout


def test_the_riichi_package_clash_is_explained(monkeypatch, capsys):
    # installing the Riichi `mahjong` distribution puts its own metadata (and __init__) under our import name
    from importlib import metadata

    from mahjong import cli

    monkeypatch.setattr(metadata, "distribution", lambda name: object())
    assert cli.main(["rules"]) == 3
    err = capsys.readouterr().err
    assert "Riichi" in err and "pip uninstall -y mahjong mjcore" in err and "virtual environment" in err


def test_user_code_using_the_presets_passes_mypy_strict(tmp_path):
    from mypy import api  # a declared test dependency (the [test] extra)
    code = tmp_path / "user.py"
    code.write_text(
        "import mahjong\n"
        "from mahjong.rulesets.nanchang import Nanchang\n"
        "rs: Nanchang = mahjong.get_ruleset('nanchang')\n"
        "ctx = rs.Context.from_options(indicator='5m')\n"
        "result = rs.score('123m456p789sESW5m5m', ctx)\n"
        "total: int = result.total\n"
        "record = mahjong.HandRecord.from_json('{\"ruleset\": \"sichuan\"}')\n"
        "net: tuple[int, ...] = mahjong.settle(record).net\n",
        encoding="utf-8",
    )
    out, err, status = api.run(["--strict", "--no-incremental", "--cache-dir", str(tmp_path / "cache"), str(code)])
    assert status == 0, out + err


def test_errors_say_their_kind_in_the_chosen_language():
    p = run("score", "--lang", "zh", "--rules", "sichuan", "123m456p789s11m999p")
    assert p.returncode == 2 and "错误 (不能和牌)" in p.stderr
    p = run("score", "--lang", "en", "--rules", "nope", "123m")
    assert p.returncode == 2 and "error (bad rule set or option)" in p.stderr


def test_errors_are_chinese_under_lang_zh_in_text_and_json(tmp_path):
    p = run("analyze", "--lang", "zh", "11111m")
    assert p.returncode == 2 and p.stderr.startswith("mahjong analyze: 错误 (手牌有误): 1m 有 5 张"), p.stderr
    assert "copies" not in p.stderr
    record = tmp_path / "record.json"
    record.write_text('{"ruleset": "guobiao", "events": [{"type": "win", "seat": 0, "hand": "[12m]456m"}]}',
                      encoding="utf-8")
    p = run("settle", "--json", str(record), env={"LANG": "zh_CN.UTF-8"})
    err = json.loads(p.stdout)["error"]
    assert p.returncode == 2 and err["code"] == "event-in" and err["type"] == "MeldError"
    assert err["message"] == err["message_zh"] and err["message"].startswith("第 0 个事件（win）：字段 hand：")
    assert err["message_en"].startswith("event 0 (win): field hand: meld [12m]")


def _main(capsys: Any, *args: str) -> tuple[int, str, str]:
    """The command in this process (fast); the subprocess tests above show the installed entry point."""
    from mahjong import cli

    status = cli.main(list(args))
    out = capsys.readouterr()
    return status, out.out, out.err


def test_command_line_mistakes_are_one_translated_line(capsys: Any, monkeypatch: Any):
    for var in ("LANG", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(var, raising=False)
    status, _, err = _main(capsys, "analyze", "--lang", "zh", "--top", "99", "1112345678999m")
    assert status == 2 and err.strip() == "mahjong: 错误 (命令有误): 选项 --top 有误：必须在 0..34 之间，现为 99。"
    status, out, err = _main(capsys, "score", "--json")
    assert status == 2 and json.loads(out)["error"]["code"] == "cli-required" and not err
    status, _, err = _main(capsys, "bogus")
    assert status == 2 and "invalid choice: 'bogus'" in err and "usage" not in err


def test_every_option_of_every_command_has_help():
    import argparse

    from mahjong import cli

    def walk(parser: argparse.ArgumentParser, path: str) -> list[str]:
        bare = []
        for a in parser._actions:
            if isinstance(a, argparse._SubParsersAction):
                for name, sub in a.choices.items():
                    bare += walk(sub, f"{path} {name}")
            elif not isinstance(a, (argparse._HelpAction, argparse._VersionAction)) and (
                    not a.help or a.help == argparse.SUPPRESS):
                bare.append(f"{path} {'/'.join(a.option_strings) or a.dest}")
        return bare

    assert walk(cli._parser(), "mahjong") == []


def test_a_yuhuan_hand_without_its_caishen_says_so_and_caishen_scores_it(capsys: Any):
    hand = "123m456m789m123p456pC9s"
    status, _, err = _main(capsys, "score", "--lang", "en", "--rules", "yuhuan", hand)
    assert status == 2 and "no caishen given: give it (--caishen)" in err, err
    status, out, _ = _main(capsys, "score", "--json", "--rules", "yuhuan", "--caishen", "C", hand)
    r = json.loads(out)
    assert status == 0 and r["kind"] == "win" and not any(a["fact"] == "caishen" for a in r["assumptions"])


def test_settle_text_names_reasons_and_details_in_the_chosen_language(capsys: Any, tmp_path: Any):
    from mahjong import settlement

    doc = settlement.__doc__ or ""
    path = tmp_path / "record.json"
    path.write_text(doc[doc.index("    {\n"): doc.index("\n    }\n") + 6], encoding="utf-8")
    status, out, _ = _main(capsys, "settle", "--lang", "zh", str(path))
    assert status == 0 and "(暗杠)" in out and "(查大叫)" in out and "kong.concealed" not in out, out
    assert "听牌的最大番值: 2 号座位 2" not in out and "听牌的最大番值: 2 号座位: 2" in out
    assert "[" not in out.split("净得")[0].split("\n", 2)[-1].replace("[第", "").replace("[—]", ""), out
    status, out, _ = _main(capsys, "settle", "--lang", "en", str(path))
    assert "(concealed kong)" in out and "seats that won: 0, 1" in out and "next dealer: none" in out, out


# --- help in the user's language ----------------------------------------------------------------------------------

_HAN = __import__("re").compile(r"[\u3400-\u9fff\uff00-\uffef\u3000-\u303f]+")
#: the Chinese an English help may hold: words the user types (rule-set aliases, winds, seats) and fan names
_INPUT_WORDS = {"国标", "四川", "南昌", "东", "南", "西", "北", "上家", "对家", "下家", "自摸", "和绝张", "海底",
                "妙手回春", "杠上开花", "抢杠和", "杠上炮", "天和", "地和", "翻精", "精", "正精", "副精", "财神"}


def _squeezed(text: str) -> str:
    return "".join(text.split())  # argparse wraps lines (and breaks Chinese runs) wherever it likes


def _score_help_rows() -> list[tuple[str, str]]:
    from mahjong.i18n import HELP

    keys = [k for k in HELP if k.startswith("score.")] + ["score", "--json", "--lang", "--style", "--rules-file", "-h"]
    return [HELP[k] for k in keys if k != "score"]


@pytest.mark.parametrize("how", ["flag", "LANG"])
def test_score_help_is_chinese_under_lang_zh(how: str):
    p = run("--lang", "zh", "score", "--help") if how == "flag" else run("score", "--help", env={"LANG": "zh_CN.UTF-8"})
    assert p.returncode == 0, p.stderr
    out = _squeezed(p.stdout)
    assert p.stdout.startswith("用法：mahjong score") and "位置参数" in out and "选项" in out
    for en, zh in _score_help_rows():
        assert _squeezed(zh) in out, zh
        assert _squeezed(en) not in out, en
    for line in p.stdout.splitlines():  # every option's help line says something in Chinese
        words = line.strip().split("  ")
        if line.startswith("  -") and len(words) > 1:
            assert _HAN.search(words[-1]), line


def test_lang_before_help_works_for_the_main_parser_too():
    p = run("--lang", "zh", "--help")
    assert p.returncode == 0, p.stderr
    out = _squeezed(p.stdout)
    assert _squeezed("中国麻将规则引擎") in out and _squeezed("为和牌计分") in out and "显示版本号并退出" in out
    assert "Chinese mahjong rules engine" not in p.stdout


def test_score_help_in_english_has_no_chinese_but_input_words():
    p = run("score", "--help")
    assert p.returncode == 0, p.stderr
    assert p.stdout.startswith("usage: mahjong score")
    out = _squeezed(p.stdout)
    for en, _ in _score_help_rows():
        assert _squeezed(en) in out, en
    assert set(_HAN.findall(p.stdout)) <= _INPUT_WORDS, set(_HAN.findall(p.stdout)) - _INPUT_WORDS


def test_every_help_row_is_english_beside_chinese():
    from mahjong.i18n import HELP

    for key, (en, zh) in HELP.items():
        assert set(_HAN.findall(en)) <= _INPUT_WORDS, (key, en)
        assert _HAN.search(zh), (key, zh)


def test_every_help_text_of_every_command_has_its_row():
    import argparse

    from mahjong import cli
    from mahjong.i18n import HelpText

    def walk(parser: argparse.ArgumentParser) -> list[str]:
        out = [] if isinstance(parser.description, (HelpText, type(None))) else [str(parser.description)]
        for a in parser._actions:
            if isinstance(a, argparse._SubParsersAction):
                out += [str(c.help) for c in a._choices_actions if not isinstance(c.help, HelpText)]
                for sub in a.choices.values():
                    out += walk(sub)
            elif not isinstance(a, argparse._HelpAction) and not isinstance(a.help, HelpText):
                out.append(str(a.help))
        return out

    assert walk(cli._parser()) == []


def test_rule_file_problems_in_chinese(tmp_path: Any):
    bad = tmp_path / "bad.toml"
    bad.write_text('format = 1\nname = "x"\n[[rows]]\nkey = "qi_dui"\nvalue = 1\nwhen = "sevenpairs"\n'
                   '[[rows]]\nkey = "Bad"\nvalue = 1\nwhen = "true"\n', encoding="utf-8")
    zh = run("--lang", "zh", "rules", "--check", str(bad))
    en = run("rules", "--check", str(bad))
    assert zh.returncode == en.returncode == 1
    zh_lines, en_lines = zh.stderr.splitlines(), en.stderr.splitlines()
    assert len(zh_lines) == len(en_lines) >= 2
    assert f"{bad}:6: rows[0].when: 没有 'sevenpairs' 这个名字" in zh_lines[0]
    for z, e in zip(zh_lines, en_lines):
        where = e.split(": ")[0] + ": " + e.split(": ")[1] + ": "  # file:line: key: stays as it is
        assert z.startswith(where) and e.startswith(where)
        assert _HAN.search(z[len(where):]) and not _HAN.search(e), (z, e)
    used = run("--lang", "zh", "score", "--rules-file", str(bad), "123m456m789p111s55s")  # the error of a bad file
    assert used.returncode == 2 and f"规则文件有 {len(zh_lines)} 处问题" in used.stderr, used.stderr
    assert f"{bad}:6: rows[0].when: 没有 'sevenpairs' 这个名字" in used.stderr


def test_json_before_the_command_as_after_it():
    """``mahjong --json score …`` (and with ``--lang`` first too) is the command's own ``--json``."""
    hand = "123m456p789s123s55p"
    after = run("score", hand, "--json")
    before = run("--lang", "zh", "--json", "score", hand)
    assert after.returncode == before.returncode == 0, before.stderr
    assert json.loads(before.stdout) == json.loads(after.stdout)
    bad = run("--json", "score", "123m")
    assert bad.returncode == 2 and "error" in json.loads(bad.stdout or bad.stderr)


# --- each command built when it runs -------------------------------------------------------------------------------


def _commands_of(parser: Any) -> Any:
    import argparse

    return next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_help_is_the_same_whichever_commands_are_built(lang: str, monkeypatch: Any):
    """`mahjong --help` lists every command from its name and help row alone, and `mahjong CMD --help` comes from a
    parser that built CMD alone: both read as the parser of every command does, and every command is listed."""
    from mahjong import cli

    monkeypatch.setenv("COLUMNS", "100")
    everything = cli._parser(lang)
    listed = cli._parser(lang, commands=())
    assert listed.format_help() == everything.format_help()
    full = _commands_of(everything)
    assert list(full.choices) == list(cli.COMMANDS) == list(_commands_of(listed).choices)
    assert [c.dest for c in full._choices_actions] == list(cli.COMMANDS)
    for name in cli.COMMANDS:
        alone = _commands_of(cli._parser(lang, commands=(name,))).choices[name]
        assert alone.format_help() == full.choices[name].format_help(), name
        assert alone.get_default("run") is not None, name


def test_the_command_line_prints_the_help_of_the_whole_parser(monkeypatch: Any):
    from mahjong import cli

    monkeypatch.setenv("COLUMNS", "100")
    everything = cli._parser("en")
    commands = _commands_of(everything).choices
    p = run("--help", env={"COLUMNS": "100"})
    assert p.returncode == 0 and p.stdout == everything.format_help(), p.stderr
    for name in ("score", "rules", "simulate", "verify"):
        p = run(name, "--help", env={"COLUMNS": "100"})
        assert p.returncode == 0 and p.stdout == commands[name].format_help(), (name, p.stderr)


def test_a_command_starts_without_the_modules_of_the_others():
    """The start-up a user waits for: `mahjong rules` and `mahjong analyze` import no other command's module (the
    game's commands, the table server, the arena, the web app, the sharded runs of settle and simulate), and
    `mahjong --version` no command's at all."""
    code = ("import contextlib, io, json, sys\nfrom mahjong.cli import main\nout = io.StringIO()\ntry:\n"
            "    with contextlib.redirect_stdout(out):\n        status = main(sys.argv[1:])\n"
            "except SystemExit as e:\n    status = e.code\n"
            "print(json.dumps([status, out.getvalue(), sorted(m for m in sys.modules if m.startswith('mahjong'))]))")
    others = {"mahjong.game.cli", "mahjong.table.cli", "mahjong.arena.cli", "mahjong.web.cli", "mahjong.table.table",
              "mahjong.arena.judge", "mahjong.rl", "mahjong.scale", "mahjong.scale.cli"}
    for args, shows in ((["rules"], "guobiao"), (["analyze", "1112345678999m"], "1112345678999m"),
                        (["--version"], "mjcore")):
        p = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, timeout=120)
        status, out, loaded = json.loads(p.stdout)
        assert status == 0 and shows in out, (args, p.stderr)
        assert "mahjong.cli" in loaded and not set(loaded) & others, (args, sorted(set(loaded) & others))
        if args == ["--version"]:
            assert not [m for m in loaded if m.endswith(".cli") and m != "mahjong.cli"], loaded
