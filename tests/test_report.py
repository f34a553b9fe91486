"""The report layer (mahjong.report): the dicts the CLI's --json prints and the web calculator serves."""

from __future__ import annotations

import json
import re

import pytest

from mahjong import report
from mahjong.errors import MahjongError


def test_analyze_counts_the_hands_own_melds_as_gone():
    # the pung of 3s holds three of the four copies: one is left to win on
    a = report.analyze("[333s,1]123m456p12sEE")
    assert [(w["tile"], w["remaining"]) for w in a["waits"]] == [("3s", 1)]
    json.dumps(a)


def test_analyze_follows_a_rule_sets_shapes():
    seven_pairs = "1133557799m11p2p"
    assert report.analyze(seven_pairs, rules="guobiao")["shanten"] == 0
    assert report.analyze(seven_pairs, rules="四川")["shanten_by_form"].keys() == \
        report.analyze(seven_pairs, rules="sichuan")["shanten_by_form"].keys()


def test_tile_codes_do_not_depend_on_the_display_style():
    a = report.analyze("1112345678999m", style="chinese")
    b = report.analyze("1112345678999m", style="ascii")
    assert [w["tile"] for w in a["waits"]] == [w["tile"] for w in b["waits"]]
    assert a["waits"][0]["name"] != b["waits"][0]["name"]


def test_score_labels_payments_by_seat_wind_and_dealer():
    r = report.score("[123m,1]456m789m123p5s5s", context={"discarder": 3, "dealer": 2})
    by_seat = {p["seat"]: p for p in r["payments"]}
    assert by_seat[0]["wind"] == "W" and by_seat[0]["winner"]
    assert by_seat[2]["wind"] == "E" and by_seat[2]["dealer"]
    assert by_seat[3]["discarder"]
    assert sum(p["amount"] for p in r["payments"]) == 0


def test_score_states_the_facts_it_assumed():
    r = report.score("[123m,1]456m789m123p5s5s")
    facts = {a["fact"] for a in r["assumptions"]}
    assert {"win_tile", "self_drawn", "prevalent_wind", "seat_wind"} <= facts
    r = report.score("[123m,1]456m789m123p5s5s", win_tile="5s",
                     context={"discarder": 3, "prevalent_wind": "E", "seat_wind": "E", "winner": 0, "dealer": 0})
    assert r["assumptions"] == []
    assert r["win_tile"]["tile"] == "5s"


def test_the_winning_tile_can_be_given():
    # the same 14 tiles typed sorted: the winning tile 5s is not the last written
    sorted_hand = "[123m,1]456m789m123p5s5s"
    given = report.score(sorted_hand, win_tile="5s", context={"discarder": 3})
    assert given["wait"] == "single"


def test_jinshan_wildcard_hand_scores_with_the_winning_tile_written_last():
    r = report.score("123m456m789p5s23s4s f5", rules="jinshan", context={"discarder": 3})
    assert r["win_tile"]["tile"] == "4s"
    assert r["total"] > 0


@pytest.mark.parametrize("rules, hand", [
    ("guobiao", "[123m,1]456m789m123p5s"),
    ("sichuan", "111m234m567m88m99p"),
    ("common", "123m456p789s11m99p"),
    ("jinshan", "123m456m789m123p5s"),
    ("wuhu-2468", "123m456m789m111m5s"),
])
def test_a_waiting_hand_lists_every_winning_tile_both_ways(rules, hand):
    w = report.score(hand, rules=rules)
    assert w["kind"] == "waiting"
    assert w["winning_tiles"]
    for row in w["winning_tiles"]:
        assert row["self_drawn"] is not None or row["discard"] is not None
        for way in ("self_drawn", "discard"):
            if row[way] is not None:
                assert isinstance(row[way]["valid"], bool)


def test_a_waiting_guobiao_hand_flags_values_below_the_minimum():
    w = report.score("1m5m9m2p6p3s7s1z2z3z4z5z6z", rules="guobiao")  # not ready: nothing wins
    assert w["winning_tiles"] == []
    w = report.score("123m456p789s234s1m")  # 1m scores 12 on a discard, 4m only 5
    rows = {r["tile"]: r for r in w["winning_tiles"]}
    assert rows["1m"]["discard"] == {"total": 12, "valid": True}
    assert rows["4m"]["discard"]["valid"] is False and rows["4m"]["discard"]["total"] < 8


def test_discarder_as_a_wind_or_a_seat_name():
    base = report.score("[123m,1]456m789m123p5s5s", context={"discarder": 3})
    for given in ("N", "北", "上家", "北家"):
        r = report.score("[123m,1]456m789m123p5s5s", context={"discarder": given})
        assert r["payments"] == base["payments"], given


def test_every_preset_is_described_with_separate_chinese_and_english_names():
    # (the presets a user's process has: read in a fresh one, since other tests register rule files of their own)
    import json
    import subprocess
    import sys

    listing = subprocess.run([sys.executable, "-c", "import json; from mahjong import report; "
                              "print(json.dumps(report.rulesets()))"], capture_output=True, text=True, timeout=120)
    assert listing.returncode == 0, listing.stderr
    rows = json.loads(listing.stdout)
    assert {r["name"] for r in rows} >= {"guobiao", "sichuan", "nanchang", "yuhuan", "jinshan"}
    for r in rows:
        assert r["name_zh"] and r["name_en"] and r["summary_en"] and r["summary_zh"]
        assert r["name_en"].isascii() and r["summary_en"].isascii(), r["name"]


@pytest.mark.parametrize("name", ["guobiao", "sichuan", "common", "twoplayer", "nanchang", "yuhuan", "jinshan",
                                  "wuhu-2468", "wuhu-1234", "guobiao-extras", "guobiao-rulebook"])
def test_options_context_fields_and_fan_tables_for_every_preset(name):
    opts = report.ruleset_options(name)
    assert opts["options"] and all(o["doc"] for o in opts["options"]), [o["name"] for o in opts["options"]
                                                                        if not o["doc"]]
    fields = report.context_fields(name)
    assert {"winner", "discarder", "dealer"} <= {f["name"] for f in fields}
    table = report.fans(name)
    assert table["sections"] and all(s["rows"] for s in table["sections"])
    json.dumps([opts, fields, table])


def test_rule_set_names_are_case_insensitive_with_chinese_aliases():
    from mahjong import get_ruleset

    assert get_ruleset("GuoBiao").name == get_ruleset("国标").name == get_ruleset("gb").name == "guobiao"
    assert get_ruleset("血战").name == get_ruleset("四川").name == "sichuan"
    assert get_ruleset("二人").name == "twoplayer"
    assert get_ruleset("guobiao-seed").config == get_ruleset("guobiao-rulebook").config


@pytest.mark.parametrize("call", [
    lambda: report.analyze(None),  # type: ignore[arg-type]
    lambda: report.analyze("123m", top=-3),
    lambda: report.analyze("123m456p789s1122z", style="fancy"),
    lambda: report.score("123m", rules=["guobiao"]),  # type: ignore[arg-type]
    lambda: report.score("[123m,1]456m789m123p5s5s", context={"discarder": "west wind"}),
    lambda: report.score("[123m,1]456m789m123p5s5s", context={"nonsense": 1}),
    lambda: report.score("[123m,1]456m789m123p5s5s", rules="nanchang", context={"nonsense": 1}),
    lambda: report.score("[123m,1]456m789m123p5s5s", rules="yuhuan", context={"nonsense": 1}),
    lambda: report.fans("nope"),
])
def test_bad_input_raises_our_errors(call):
    with pytest.raises(MahjongError):
        call()


def _cjk(text: str) -> bool:
    return any("\u3000" <= c <= "\u9fff" or "\uff00" <= c <= "\uffef" for c in text)


@pytest.mark.parametrize("rules, hand, context, fragment", [
    ("sichuan", "111m234m567m88m999p", {"self_drawn": True}, "2^("),
    ("yuhuan", "123m456m789m123p456pC9s", {"caishen": "C"}, "rounded up to a multiple of 10"),
    ("twoplayer", "123m456p789s123s55p", {}, "paid by seat 1"),
    ("nanchang", "123m456p789sESW5m5m", {"indicator": "5m", "dealer": 1, "jing_held": "1=1,0"},
     "dealer doubling"),
])
def test_the_arithmetic_is_on_the_result_in_both_languages(rules, hand, context, fragment):
    r = report.score(hand, rules=rules, context=context)
    lines = r["arithmetic"]
    assert lines and any(fragment in a["en"] for a in lines), lines
    for a in lines:
        assert not _cjk(a["en"]) and _cjk(a["zh"]), a


def test_nanchang_arithmetic_adds_up_to_the_payments():
    r = report.score("123m456p789sESW5m5m", rules="nanchang", context={"indicator": "5m", "jing_held": "1=1,0"})
    last = r["arithmetic"][-1]["en"]
    assert last == "in all " + " ".join(f"{p['seat']}:{p['amount']:+d}" for p in r["payments"])


def test_yuhuan_cap_is_shown():
    from mahjong import get_ruleset

    rs = get_ruleset("yuhuan", cap=20)
    res = rs.score("123m456m789m123p456pC9s", rs.Context.from_options(caishen="C"))
    assert any("capped at 20" in a.en for a in res.arithmetic), res.arithmetic


_INTERNAL = re.compile(r"(?i:seed|spec\b|§|filled|truncated|feature.matrix)|\bS[123]\b")
#: option identifiers keep their names (renaming them would break configs); only what they say is checked
_IDENTIFIER_KEYS = {"name", "type", "key"}


def _internal_words(obj: object, where: str = "") -> list[str]:
    if isinstance(obj, str):
        return [f"{where}: {obj[:120]}"] if _INTERNAL.search(obj) else []
    if isinstance(obj, dict):
        return [w for k, v in obj.items() if k not in _IDENTIFIER_KEYS for w in _internal_words(v, f"{where}.{k}")]
    if isinstance(obj, list):
        return [w for i, v in enumerate(obj) for w in _internal_words(v, f"{where}[{i}]")]
    return []


def test_no_internal_references_in_what_users_read():
    found = _internal_words(report.rulesets(), "rulesets")
    for r in report.rulesets():
        n = r["name"]
        found += _internal_words(report.ruleset_options(n), n)
        found += _internal_words(report.context_fields(n), n)
        found += _internal_words(report.fans(n), n)
    for rules, hand, ctx in [
        ("sichuan", "111m234m567m88m999p", {}), ("common", "123m456p789s11m999p", {}),
        ("twoplayer", "123m456p789s123s55p", {}), ("nanchang", "123m456p789sESW5m5m", {"indicator": "5m"}),
        ("yuhuan", "123m456m789m123p456pC9s", {"caishen": "C"}),
        ("jinshan", "123m456m789p5s23s4s f5", {"discarder": 3}), ("wuhu-2468", "123m456m789m111m55s", {}),
        ("wuhu-1234", "123m456m789m111m55s", {"discarder": 1}), ("guobiao", "[123m,1]456m789m123p5s5s", {}),
    ]:
        found += _internal_words(report.score(hand, rules=rules, context=ctx), rules)
    assert not found, "\n".join(found)


def test_analyze_under_jinshan_counts_the_wildcard_flowers():
    a = report.analyze("123m456m789p5s23s4s f5", rules="金山")
    assert a["wildcards"] == 1 and a["is_win"] is True
