"""Rule files: every problem reported with file, line and key; nothing in a file can run code; the JSON Schema and
the checker read the same format description; user directories become presets."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import mahjong
from mahjong.errors import RulesError
from mahjong.framework import get_ruleset, list_rulesets
from mahjong.rulebook import RuleFileError, check, check_text, load_rules, register_directory, schema
from mahjong.rulebook.spec import SPEC

GOOD = '''format = 1
name = "tiny-{n}"
zh = "小游戏"
en = "Tiny game"
summary_zh = "测试用的小游戏"
summary_en = "a tiny game for the tests"

[options.base]
type = "int"
default = 1

[[rows]]
key = "qing_yi_se"
value = 4
when = "one_suit"

[[rows]]
key = "dui_dui_hu"
value = 2
when = "all_pungs"
excludes = ["qing_yi_se"]
'''


def problems(text: str) -> list[tuple[int | None, str, str]]:
    _, found = check_text(text, "x.toml")
    return [(p.line, p.key, p.message) for p in found]


def test_a_good_file_loads_and_scores(tmp_path: Path) -> None:
    f = tmp_path / "tiny.toml"
    f.write_text(GOOD.format(n=1), encoding="utf-8")
    assert check(f) == []
    rs = load_rules(f)
    r = rs.score("111m222m444m666m88m", rs.Context())
    assert [i.key for i in r.items] == ["dui_dui_hu"]  # 不计 清一色
    assert mahjong.load_rules(f).name == "tiny-1"
    assert get_ruleset("tiny-1").name == "tiny-1"  # registered as a preset
    assert load_rules(f, base=3).config.base == 3
    with pytest.raises(RulesError, match="base"):
        load_rules(f, base="x")


def test_each_problem_has_its_line_and_key() -> None:
    text = 'colour = "red"\n' + GOOD.format(n=2).replace('value = 4', 'value = true')
    found = problems(text)
    # the wrong type (the first row's value) and the unknown top-level key both reported at once
    by_key = {k: (line, m) for line, k, m in found}
    assert by_key["rows[0].value"][0] == 15 and "whole number" in by_key["rows[0].value"][1]
    assert by_key["colour"][0] == 1 and "unknown key" in by_key["colour"][1]


def test_an_unknown_key_does_not_hide_the_file_s_other_problems() -> None:
    """One ``--check`` lists every problem: a key the format does not know is reported and left out, and the
    rest of the file is still checked (its unknown names, its missing rows)."""
    text = GOOD.format(n=3).replace('when = "one_suit"', 'when = "one_suit"\nfoo = 1').replace(
        'excludes = ["qing_yi_se"]', 'excludes = ["nosuch_row"]').replace('when = "all_pungs"', 'when = "all_pungz"')
    by_key = {k: m for _line, k, m in problems(text)}
    assert "unknown key" in by_key["rows[0].foo"]
    assert "all_pungz" in by_key["rows[1].when"] and "nosuch_row" in by_key["rows[1].excludes"], by_key
    zh = [p.text("zh") for p in check_text(text, "x.toml")[1]]
    assert all("unknown" not in t for t in zh), zh  # every problem in Chinese too


def test_unknown_predicate_and_missing_row() -> None:
    text = GOOD.format(n=3).replace('when = "all_pungs"', 'when = "all_pungz and one_suit"').replace(
        'excludes = ["qing_yi_se"]', 'excludes = ["qing_yi_se", "no_such_row"]')
    by_key = {k: (line, m) for line, k, m in problems(text)}
    assert by_key["rows[1].when"] == (20, "unknown name 'all_pungz': did you mean all_pungs? (not a predicate, "
                                          "count, win fact or option of this file)")
    assert by_key["rows[1].excludes"][0] == 21 and "no_such_row" in by_key["rows[1].excludes"][1]


def test_contradictions() -> None:
    text = GOOD.format(n=4) + '\n[wildcards]\ntiles = ["C", "F", "P"]\n'
    assert any(k == "wildcards" and "at most 8" in m for _, k, m in problems(text))
    text = GOOD.format(n=4) + '\n[tiles]\nhand_size = 16\n'
    assert any(k == "win.forms" for _, k, m in problems(text))
    text = GOOD.format(n=4) + '\n[tiles]\nhonors = []\n[win]\nforms = ["regular", "thirteen_orphans"]\n'
    assert any(k == "win.forms" and "honors" in m for _, k, m in problems(text))
    text = GOOD.format(n=4) + '\n[wildcards]\ntiles = ["C"]\n[tiles]\nhonors = ["E"]\n'
    assert any("not in the tile set" in m for _, k, m in problems(text))


def test_duplicate_key_self_exclusion_and_names() -> None:
    text = GOOD.format(n=5).replace('key = "dui_dui_hu"', 'key = "qing_yi_se"')
    assert any("appears twice" in m for _, _, m in problems(text))
    text = GOOD.format(n=5) + '\n[[rows]]\nkey = "my_row"\nvalue = 1\nwhen = "self_drawn"\n'
    assert any("zh and en" in m for _, _, m in problems(text))


def test_no_code_can_run() -> None:
    for bad in ('__import__("os").system("true")', "one_suit.__class__", "[1][0]", "lambda: 1", 'open("x")',
                "eval('1')"):
        text = GOOD.format(n=6).replace('when = "one_suit"', "when = '''" + bad + "'''")
        found = problems(text)
        assert found and all(k.startswith("rows[0].when") for _, k, _ in found), (bad, found)


def test_not_toml_and_unreadable(tmp_path: Path) -> None:
    found = problems("format = 1\nname = \n")
    assert found[0][0] == 2 and "not valid TOML" in found[0][2]
    assert "cannot read" in str(check(tmp_path / "missing.toml")[0])
    f = tmp_path / "bin.toml"
    f.write_bytes(b"\xff\xfe")
    assert "UTF-8" in str(check(f)[0])
    with pytest.raises(RuleFileError) as e:
        load_rules(f)
    assert e.value.problems and isinstance(e.value, RulesError)


def test_schema_is_the_checker_s_format() -> None:
    s = schema()
    json.dumps(s)
    assert set(s["properties"]) == set(SPEC)
    assert set(s["required"]) == {"format", "name", "rows"}
    assert "one_suit" in s["$comment"] and "pair_rank_in" in s["$comment"]
    rows = s["properties"]["rows"]["items"]
    assert rows["additionalProperties"] is False and "excludes" in rows["properties"]


def test_a_directory_of_user_files(tmp_path: Path) -> None:
    (tmp_path / "a.toml").write_text(GOOD.format(n=7), encoding="utf-8")
    (tmp_path / "b.toml").write_text(GOOD.format(n=8).replace('name = "tiny-8"', 'name = "tiny-8"\naliases = '
                                                               '["小八"]'), encoding="utf-8")
    assert register_directory(tmp_path) == ["tiny-7", "tiny-8"]
    assert get_ruleset("小八").name == "tiny-8"
    assert "tiny-7" in dict(list_rulesets())
    (tmp_path / "c.toml").write_text("format = 2\n", encoding="utf-8")
    with pytest.raises(RuleFileError, match="c.toml"):
        register_directory(tmp_path)


def test_a_name_taken_by_a_built_in_is_refused(tmp_path: Path) -> None:
    f = tmp_path / "s.toml"
    f.write_text(GOOD.format(n=9).replace('name = "tiny-9"', 'name = "sichuan"'), encoding="utf-8")
    with pytest.raises(RulesError, match="taken"):
        load_rules(f)


STRATEGY = """format = 1
name = "strategy-{n}"
zh = "策略"
en = "Strategy test"
summary_zh = "测试"
summary_en = "test"

[scoring]
{scoring}

[options.cap]
type = "int_or_none"
default = "none"

[[rows]]
key = "qing_yi_se"
value = {a}
unit = "{unit}"
when = "one_suit"

[[rows]]
key = "gen"
value = {b}
unit = "{unit}"
count = "roots"
pattern = false
"""


def _strategy(tmp_path: Path, n: int, scoring: str, a: int, b: int, unit: str = "fan", **options: object) -> object:
    f = tmp_path / f"s{n}.toml"
    f.write_text(STRATEGY.format(n=n, scoring=scoring, a=a, b=b, unit=unit), encoding="utf-8")
    assert check(f) == [], check(f)
    rs = load_rules(f, **options)
    return rs.score("1111m23m456m789m99m", rs.Context())  # 清一色 and one root (four 1m)


def test_aggregations_from_a_file(tmp_path: Path) -> None:
    r = _strategy(tmp_path, 1, 'aggregation = "powers"\noffset = 1', 3, 1)  # 2^(3 + 1 - 1)
    assert r.total == 8 and [(i.key, i.count) for i in r.items] == [("qing_yi_se", 1), ("gen", 1)]  # type: ignore
    r = _strategy(tmp_path, 2, 'aggregation = "hu_tai"\nhu_base = 20\ntai_cap = 1\nround_up = 10', 5, 1, "tai")
    assert r.total == 40  # type: ignore[attr-defined]  # (20 + 0) × 2^min(6, 1) = 40
    r = _strategy(tmp_path, 3, 'aggregation = "formula"\nformula = "fan * 10 + 3"\nround_up = 10\ncap = "cap"',
                  2, 1, cap=25)
    assert r.total == 25  # type: ignore[attr-defined]  # 33 → 40 → capped at 25
    r = _strategy(tmp_path, 4, 'aggregation = "sum"\nminimum = 8', 3, 1)
    assert r.total == 4 and not r.valid  # type: ignore[attr-defined]
    r = _strategy(tmp_path, 5, 'aggregation = "product"\nbase = 3', 4, 2, "x")
    assert r.total == 24  # type: ignore[attr-defined]


def test_formula_needs_its_aggregation() -> None:
    text = STRATEGY.format(n=6, scoring='aggregation = "sum"\nformula = "fan"', a=1, b=1, unit="fan")
    assert any(k == "scoring.formula" for _, k, _ in problems(text))
    text = STRATEGY.format(n=6, scoring='aggregation = "formula"\nformula = "fan + hand"', a=1, b=1, unit="fan")
    assert any(k == "scoring.formula" and "hand" in m for _, k, m in problems(text))
