"""The words of the command line (mahjong.i18n): two languages kept apart, chosen by --lang or LANG."""

from __future__ import annotations

import string

import pytest
from mahjong import i18n, report


def _cjk(text: str) -> bool:
    return any("\u2e80" <= c <= "\u9fff" or "\uff00" <= c <= "\uffef" or "\u3000" <= c <= "\u303f" for c in text)


def test_every_row_has_english_without_chinese_and_chinese_with_it():
    for key, (en, zh) in i18n.MESSAGES.items():
        assert not _cjk(en), key
        assert _cjk(zh), key
        fields_en = {f[1] for f in string.Formatter().parse(en) if f[1]}
        fields_zh = {f[1] for f in string.Formatter().parse(zh) if f[1]}
        assert fields_en == fields_zh, key
    for code, (en, zh) in i18n.UNITS.items():
        assert not _cjk(en) and _cjk(zh), code


@pytest.mark.parametrize("flag, env, lang", [
    ("zh", {}, "zh"), ("中文", {}, "zh"), ("en", {"LANG": "zh_CN.UTF-8"}, "en"),
    (None, {"LANG": "zh_CN.UTF-8"}, "zh"), (None, {"LC_ALL": "zh_TW", "LANG": "en_US"}, "zh"),
    (None, {"LANG": "en_US.UTF-8"}, "en"), (None, {}, "en"),
])
def test_language_from_the_flag_or_the_environment(flag, env, lang):
    assert i18n.language(flag, env) == lang


def test_rule_names_keep_their_languages_apart():
    for r in report.rulesets():
        assert not _cjk(r["name_en"]) and _cjk(r["name_zh"]), r["name"]
        for s in report.fans(r["name"])["sections"]:
            assert not _cjk(s["en"]) and _cjk(s["zh"])
            for row in s["rows"]:
                assert not _cjk(row["en"]) and _cjk(row["zh"]), (r["name"], row["key"])


@pytest.mark.parametrize("rules, hand, ctx", [
    ("sichuan", "111m234m567m88m999p", {}), ("common", "123m456p789s11m999p", {}),
    ("twoplayer", "123m456p789s123s55p", {}), ("nanchang", "123m456p789sESW5m5m", {"indicator": "5m"}),
    ("yuhuan", "123m456m789m123p456pC9s", {"caishen": "C"}),
    ("jinshan", "123m456m789p5s23s4s f5 f1", {"discarder": 3}), ("wuhu-2468", "123m456m789m111m55s", {}),
    ("guobiao", "[123m,1]456m789m123p5s5s", {}),
])
def test_score_items_and_assumptions_keep_their_languages_apart(rules, hand, ctx):
    r = report.score(hand, rules=rules, context=ctx)
    for item in r["items"]:
        assert not _cjk(item["name_en"]) and _cjk(item["name_zh"]), item
    for a in r["assumptions"] + r["arithmetic"]:
        assert not _cjk(a["en"]) and _cjk(a["zh"]), a
