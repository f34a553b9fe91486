"""What users see of a rule book: its fan table (a value that depends on the hand said in words, a name's
placeholder described), its checks' messages in Chinese and English, and every name its expressions read
documented in both languages (``mahjong rules --schema``)."""

from __future__ import annotations

import dataclasses
import json
import os
import subprocess
import sys
from importlib import resources
from typing import Any

import pytest
import tomllib

from mahjong import cli, report
from mahjong.errors import ContextError
from mahjong.framework import get_ruleset
from mahjong.rulebook import schema
from mahjong.rulebook.expr import BUILTINS, Node, names_in
from mahjong.rulebook.load import load_book
from mahjong.rulebook.predicates import describe_library, documented

GAMES = resources.files("mahjong.rulebook") / "games"
FILES = sorted(f for f in os.listdir(str(GAMES)) if f.endswith(".toml"))
#: every preset that publishes a fan table
PRESETS = ["guobiao", "sichuan", "common", "twoplayer", "nanchang", "yuhuan", "jinshan", "wuhu-2468", "wuhu-1234",
           "changsha", "guangdong", "hongzhong"]


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "mahjong", *args], capture_output=True, text=True, timeout=60,
                          env={**os.environ, "PYTHONIOENCODING": "utf-8"})


@pytest.mark.parametrize("name", PRESETS)
def test_fan_table_shows_no_placeholder_and_no_bare_zero_for_a_hand_value(name: str, capsys: Any) -> None:
    table = report.fans(name)
    ruleset = get_ruleset(name)
    book = getattr(type(ruleset), "book", None)
    for lang in ("en", "zh"):
        cli._print_fans(table, lang)
        shown = capsys.readouterr().out
        assert "{" not in shown and "}" not in shown, (name, lang)
    for s in table["sections"]:
        for r in s["rows"]:
            assert "{" not in r["zh"] + r["en"], r
            if book is not None and r["key"] in book.row_hand_values:
                assert r["value"] is None and r["value_text"]["zh"] and r["value_text"]["en"], r
    json.dumps(table)


def test_yuhuan_table_says_what_a_hand_value_depends_on(capsys: Any) -> None:
    rows = {r["key"]: r for s in report.fans("yuhuan")["sections"] for r in s["rows"]}
    pung = rows["exposed_pung"]["value_text"]
    assert pung["en"].startswith("4 if ") and pung["en"].endswith(", else 2")
    assert "全是幺九字" in pung["zh"] and pung["zh"].endswith("时 4，否则 2")
    win = rows["win_tile"]
    assert win["zh"] == "胡牌(按听牌方式)" and win["en"] == "winning tile (by the wait)"
    assert "self-drawn" in win["value_text"]["en"] and "自摸" in win["value_text"]["zh"]
    out = _run("fans", "--rules", "yuhuan", "--lang", "zh")
    assert out.returncode == 0 and "胡牌(按听牌方式)" in out.stdout and "时 4，否则 2" in out.stdout
    assert "{wait}" not in out.stdout


def test_jinshan_table_shows_both_prices_of_a_row_priced_apart_on_a_self_draw() -> None:
    book = type(get_ruleset("jinshan")).book
    apart = {r.key: r for r in book.rows if r.self_drawn_value is not None}
    assert apart
    rows = {r["key"]: r for s in report.fans("jinshan")["sections"] for r in s["rows"]}
    for key, r in apart.items():
        assert rows[key]["value"] == {"discard": r.value, "self_drawn": r.self_drawn_value}


@pytest.mark.parametrize("file", FILES)
def test_every_check_of_a_shipped_file_speaks_both_languages(file: str) -> None:
    with open(os.path.join(str(GAMES), file), "rb") as f:
        raw = tomllib.load(f)
    for check in raw.get("checks", []):
        assert check.get("error") and check.get("error_zh"), (file, check)
    book = load_book(os.path.join(str(GAMES), file))
    assert len(book.check_texts_zh) == len(book.checks)
    get_ruleset(book.name)  # (its rule set is made: the file's texts are known to the messages)
    for (_node, en), zh in zip(book.checks, book.check_texts_zh):
        assert zh and not zh.isascii()
        for raised, want in ((ContextError(en), zh), (ContextError(f"{book.name}: {en}"), f"{book.name}：{zh}")):
            assert raised.message("en") == str(raised)
            shown = raised.message("zh")  # the catalogue's row where it has one (the same words), else the file's
            assert shown.rstrip("。") == want.rstrip("。") or shown.rstrip("。").endswith(zh), (shown, zh)


def test_a_sichuan_context_error_shows_in_chinese_under_lang_zh() -> None:
    # (a check of the file with no row of the message catalogue: its text is the file's own, in both languages)
    hand = "111m234m567m789m55m"
    out = _run("score", hand, "--rules", "sichuan", "--context", "already_won=0", "--lang", "zh")
    assert out.returncode != 0
    assert "和牌者已经和过牌并退出（血战到底：每人只能和一次）" in out.stderr, out.stderr
    out = _run("score", hand, "--rules", "sichuan", "--context", "already_won=0")
    assert "the winner has already won and left play" in out.stderr, out.stderr


def _nodes(obj: Any) -> Any:
    if isinstance(obj, Node):
        yield obj
    elif isinstance(obj, dict):
        for v in obj.values():
            yield from _nodes(v)
    elif isinstance(obj, (list, tuple)):
        for v in obj:
            yield from _nodes(v)
    elif dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        for f in dataclasses.fields(obj):
            yield from _nodes(getattr(obj, f.name))


@pytest.mark.parametrize("file", FILES)
def test_every_name_a_shipped_file_reads_is_documented_in_both_languages(file: str) -> None:
    book = load_book(os.path.join(str(GAMES), file))
    read: set[str] = set()
    for node in _nodes(book):
        names, calls = names_in(node)
        read |= names | (calls - set(BUILTINS))
    assert read
    for name in sorted(read):
        declared = book.options.get(name) or book.play_options.get(name) or book.facts.get(name)
        if declared is not None:  # the file's own option (of the scoring or the play) or win fact: its zh / en
            assert declared[2].get("zh") and declared[2].get("en"), (file, name)
            continue
        entry = documented(name)
        assert entry is not None and entry["zh"] and entry["en"], (file, name)


def test_the_schema_lists_every_name_with_its_meaning() -> None:
    listed = schema()["x-names"]
    assert listed == describe_library() and all(e["zh"] and e["en"] for e in listed)
    out = _run("rules", "--schema")
    assert out.returncode == 0
    names = {e["name"]: e for e in json.loads(out.stdout)["x-names"]}
    assert names["one_suit"]["zh"] == "清一色" and names["row_KEY"]["en"].startswith("row_KEY")
