"""Jinshan 金山 on the rule book: its table is the rule file games/jinshan.toml (RuleRows with library predicates),
the rule set scores by it (the 百搭 search, the 辣子 hands, the payments are the file's; it compiles), its keys are
vocabulary keys, and what the rule book gained for it (a row's self-drawn value, a built-in rule set's own file,
the winning tile's placements) works for any rule file."""

from __future__ import annotations

import dataclasses
import inspect

import pytest

import mahjong.rulesets.jinshan as jinshan
from mahjong.errors import RulesError
from mahjong.framework import PRESETS, get_ruleset
from mahjong.hand import parse_hand
from mahjong.rulebook import load_book, shipped_files
from mahjong.rulebook.book import ruleset_class
from mahjong.rulebook.load import check, check_text
from mahjong.rulebook.reading import build_reading, win_placements
from mahjong.rulebook.rows import FORMER_KEYS, RuleRow, vocabulary_key, vocabulary_names
from mahjong.rulesets.jinshan import BOOK, ROWS, Jinshan, JinshanContext

#: keys renamed for Jinshan alone (FORMER_KEYS_OF): the old keys mean other things elsewhere (Yuhuan's "flower" is
#: its 杠花; Guobiao's "all_terminals" is 清幺九, narrower than 全老头)
RENAMED_HERE = {"flower": "flower_tiles", "all_terminals": "all_terminals_and_honors"}


def test_the_table_is_the_rule_file() -> None:
    path = next(p for p in shipped_files() if p.endswith("jinshan.toml"))
    assert check(path) == []
    assert ROWS == load_book(path).rows and all(isinstance(r, RuleRow) for r in ROWS)
    assert all(r.when is not None or r.count is not None for r in ROWS)  # every row decided by the library
    assert type(get_ruleset("jinshan")).book is BOOK
    for gone in ("HuItem", "WaitRow", "FanRule", "CapRule", "Shape", "WAIT_TABLE", "FAN_RULES", "CAP_RULES"):
        assert not hasattr(jinshan, gone)
    # the rule set scores by its file: no scoring of its own, and the file compiles
    from mahjong.rulebook.book import BookRuleSet
    from mahjong.rulebook.compiler import SCORING_HOOKS, not_compiled_reason

    assert all(getattr(Jinshan, name) is getattr(BookRuleSet, name) for name in SCORING_HOOKS)
    for gone in ("winning_hand", "best_placement", "payments_of", "max_points", "min_points"):
        assert not hasattr(Jinshan, gone)
    assert not_compiled_reason(get_ruleset("jinshan")) is None
    src = inspect.getsource(jinshan)
    assert "is_terminal" not in src and "decompositions" not in src


def test_keys_are_vocabulary_keys() -> None:
    outside = {r.key for r in ROWS if vocabulary_names(r.key) is None}
    assert not outside, outside
    renamed = {"kong_bloom": "out_with_replacement_tile", "robbing_kong": "robbing_the_kong",
               "heavenly": "heavenly_hand", "earthly": "earthly_hand", "little_dragons": "little_three_dragons",
               "all_concealed_pungs": "four_concealed_pungs"}
    for old, new in renamed.items():
        assert vocabulary_key(old) == new and new in {r.key for r in ROWS}
    for old, new in RENAMED_HERE.items():
        assert old not in FORMER_KEYS and vocabulary_key(old, "jinshan") == new and new in {r.key for r in ROWS}


def test_config_is_documented_from_the_file() -> None:
    # the module's config and the book's options: the same names, defaults and documentation
    fields = {f.name: f for f in dataclasses.fields(jinshan.JinshanConfig)}
    assert set(fields) == set(BOOK.options)
    for name, (_type, default, meta) in BOOK.options.items():
        assert fields[name].default == default, name
        assert fields[name].metadata["en"] == meta["en"] and fields[name].metadata["source"] == meta["source"]


def test_old_option_names_still_work() -> None:
    assert get_ruleset("jinshan", laizi_cap=500).config.max_points == 500
    assert get_ruleset("jinshan", thirteen_orphans=False).config.thirteen_orphans_win is False
    with pytest.raises(RulesError, match="twice"):
        get_ruleset("jinshan", laizi_cap=500, max_points=300)


def test_the_builtin_file_is_not_a_preset_of_its_own() -> None:
    assert PRESETS["jinshan"][:2] == ("mahjong.rulesets.jinshan", "Jinshan")
    assert BOOK.builtin and not load_book(next(p for p in shipped_files() if p.endswith("common.toml"))).builtin


def test_cap_hands_are_paid_once() -> None:
    # 大三元 and 全老头 at once: one line carries 辣子, the other 0
    r = get_ruleset("jinshan").score("[CCC,2]FFFPPP111m9m9m", JinshanContext(winner=1, dealer=0, discarder=2))
    lines = [(i.key, i.points) for i in r.items]
    assert lines == [("all_terminals_and_honors", 200), ("big_three_dragons", 0)] and r.total == 200


def test_win_placements_price_each_wait() -> None:
    # 2 3 3 4 4 5 s: the winning 3s is the middle of 234 (closed) or the end of 345 (two-sided)
    rs = get_ruleset("jinshan")
    h = parse_hand("123m456m9p9p23445s3s")
    from mahjong._kernels import backend_module as K

    waits = set()
    for d in K.decompositions(bytes(h.counts), 0, rs.hand_rules):
        v = build_reading(h, d, JinshanContext(winner=1, discarder=2), rs.hand_rules)
        waits |= {(p.wait, p.facts["win_tile"]) for p in win_placements(v)}
    assert waits == {("closed", 20), ("two-sided", 20)}


SMALL = '''
format = 1
name = "self-draw-test"
zh = "测试"
en = "test"
[tiles]
flowers = false
[options.bonus]
type = "int"
default = 3
[[rows]]
key = "all_pungs"
value = 2
self_drawn_value = "bonus * 2"
when = "all_pungs"
'''


def test_a_rows_self_drawn_value_in_any_rule_file() -> None:
    book, problems = check_text(SMALL)
    assert problems == [] and book is not None
    rs = ruleset_class(book)()
    assert rs.score("111m222m333p444s55s", rs.Context(discarder=2)).total == 2
    assert rs.score("111m222m333p444s55s", rs.Context()).total == 6
    assert ruleset_class(book)(bonus=5).score("111m222m333p444s55s", rs.Context()).total == 10
    _, problems = check_text(SMALL.replace('"bonus * 2"', '"nope * 2"'))
    assert problems and "nope" in problems[0].message and problems[0].key == "rows[0].self_drawn_value"


@pytest.mark.parametrize("call", ['wait_is("sideways")', 'triplets_outside_wait("chow", true, false)',
                                  'triplets_outside_wait("pung", 1, 0)'])
def test_bad_arguments_to_the_placement_predicates(call: str) -> None:
    text = SMALL.replace('when = "all_pungs"', f"when = 'all_pungs and {call} > 0'" if "triplets" in call
                         else f"when = 'all_pungs and {call}'")
    book, problems = check_text(text)
    assert problems == [] and book is not None
    rs = ruleset_class(book)()
    with pytest.raises(RulesError):
        rs.score("111m222m333p444s55s", rs.Context(discarder=2))


def test_a_builtin_file_is_refused_as_a_rules_file() -> None:
    import subprocess
    import sys

    from mahjong.rulebook import load_rules

    path = next(p for p in shipped_files() if p.endswith("jinshan.toml"))
    with pytest.raises(RulesError, match="--rules jinshan"):
        load_rules(path)
    assert type(get_ruleset("jinshan")) is Jinshan  # the built-in rule set is untouched
    run = subprocess.run([sys.executable, "-m", "mahjong", "score", "--rules-file", path, "123m456m789p5s5s23s4s"],
                         capture_output=True, text=True)
    assert run.returncode != 0 and "--rules jinshan" in run.stderr + run.stdout
