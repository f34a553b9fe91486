"""Yuhuan 玉环 on the one rule book: its rows are the file games/yuhuan.toml, read on the one reading view; what is
Yuhuan's own is a named hook.  Expected values are worked out by hand from the rules the file cites (the 胡 and
台 tables of the fuller copy of 《玉环麻将算法》), never copied from the scorer's output."""

from __future__ import annotations

import dataclasses
from importlib import resources

import pytest

import mahjong.rulesets.yuhuan as yuhuan_module
from mahjong.errors import RulesError
from mahjong.framework import get_ruleset
from mahjong.hand import parse_hand
from mahjong.rulebook import load_book, load_rules, shipped_files
from mahjong.rulebook.book import BookRuleSet
from mahjong.rulebook.expr import BUILTINS, ExprError, compiled, evaluate, parse
from mahjong.rulebook.load import check_text
from mahjong.rulebook.predicates import ReadingFunctions, ReadingNames, library_names, row_environment
from mahjong.rulebook.reading import build_reading
from mahjong.rulebook.rows import FORMER_KEYS, VOCABULARY, RuleRow, vocabulary_key
from mahjong.rulebook.spec import json_schema
from mahjong.rules import YUHUAN
from mahjong.rulesets.yuhuan import BOOK, Yuhuan, YuhuanConfig, YuhuanContext
from mahjong.tiles import parse_tiles
from mahjong.types import Decomposition, Form

YH = Yuhuan()
FILE = str(resources.files("mahjong.rulebook") / "games" / "yuhuan.toml")


def T(s: str) -> int:
    (t,) = parse_tiles(s)
    return t


def test_the_rule_set_is_its_rule_file() -> None:
    assert isinstance(YH, BookRuleSet) and Yuhuan.book is BOOK
    assert load_book(FILE).rows == BOOK.rows and BOOK.builtin
    assert all(isinstance(r, RuleRow) and (r.when is not None or r.count is not None) for r in BOOK.rows)
    assert all(r.key in VOCABULARY for r in BOOK.rows), [r.key for r in BOOK.rows if r.key not in VOCABULARY]
    assert {r.unit for r in BOOK.rows} == {"hu", "tai"} and len(BOOK.sources) == 3
    # no row type of its own, no table of its own beside the book's rows
    for gone in ("Fan", "Pattern", "Extra", "HuItem", "WaitRow", "FanRule", "CapRule", "PUNG_HU", "BASE_HU"):
        assert not hasattr(yuhuan_module, gone), gone
    assert set(yuhuan_module.TAI.values()) | set(yuhuan_module.HU.values()) == set(BOOK.rows)


def test_the_file_is_the_built_in_rule_sets_table_not_a_preset_of_its_own() -> None:
    assert FILE in shipped_files() and isinstance(get_ruleset("yuhuan"), Yuhuan)
    assert "builtin" in json_schema()["properties"]
    with pytest.raises(RulesError, match="table of the built-in rule set"):
        load_rules(FILE)


def test_config_defaults_and_documentation_come_from_the_file() -> None:
    for f in dataclasses.fields(YuhuanConfig):
        _type, default, meta = BOOK.options[f.name]
        assert f.default == default and f.metadata["en"] == meta["en"] and f.metadata["source"] == meta["source"]
    assert set(BOOK.options) == {f.name for f in dataclasses.fields(YuhuanConfig)}


def test_the_cap_option_is_max_hu_and_its_old_name_still_works() -> None:
    rs = Yuhuan(cap=500)
    assert rs.config.max_hu == 500 and rs.config.cap == 500 and get_ruleset("yuhuan", cap=300).config.max_hu == 300
    with pytest.raises(RulesError, match="max_hu"):
        Yuhuan(cap=5)
    with pytest.raises(RulesError, match="twice"):
        Yuhuan(cap=500, max_hu=500)


def test_former_keys_map_to_the_vocabulary_for_this_rule_set_only() -> None:
    for old, new in [("pinghu", "all_chows"), ("kong", "melded_kong"), ("pung", "exposed_pung"),
                     ("flower", "flower_tiles"), ("base", "base_hu"), ("haidi", "last_tile_draw"),
                     ("hunyise", "half_flush"), ("qingyise", "full_flush"), ("pengpenghu", "all_pungs"),
                     ("gangkai", "out_with_replacement_tile"), ("lagang", "robbing_the_kong"),
                     ("caishen_0", "no_wildcard"), ("caishen_2", "two_wildcards"), ("caishen_3", "three_wildcards"),
                     ("seat_wind_pung", "seat_wind")]:
        assert vocabulary_key(old, "yuhuan") == new and new in VOCABULARY, old
    # 平胡 and 杠 mean other things elsewhere: only Yuhuan's old keys are mapped so
    assert vocabulary_key("pinghu") == "pinghu" and vocabulary_key("kong") == "kong" and "pinghu" not in FORMER_KEYS


def ctx(**kw):  # type: ignore[no-untyped-def]
    kw.setdefault("winner", 1)  # seat 1 with the dealer at seat 0: seat wind 南
    kw.setdefault("dealer", 0)
    return YuhuanContext.from_options(**kw)


def test_set_rows_give_one_line_per_set_with_its_value_by_tiles() -> None:
    # exposed 中 and 发 pungs (老头 碰 4 each, 1 台 each), concealed 555p (2–8 暗刻 4), 123m, 789s, pair 99m;
    # the self-drawn 8s is the middle of 789s: 坎档, 自摸 4.  胡 20 + 4 + 4 + 4 + 4 = 36, 台 2 → 144 → 150
    r = YH.score("[CCC,2][FFF,3]555p123m79s99m8s", ctx(self_drawn=True))
    lines = [(i.key, i.value, i.count, i.unit) for i in r.items]
    assert lines[:4] == [("base_hu", 20, 1, "hu"), ("exposed_pung", 4, 1, "hu"), ("exposed_pung", 4, 1, "hu"),
                         ("concealed_pung", 4, 1, "hu")]
    assert [i.name_zh for i in r.items[1:4]] == ["碰(老头)", "碰(老头)", "暗刻(2–8)"]
    assert lines.count(("dragon_pung", 1, 1, "tai")) == 2 and r.wait == "closed"
    assert r.item("win_tile").value == 4 and r.item("win_tile").name_zh == "胡牌(坎档)"
    assert r.details["base_hu"] == 36 and r.details["tai"] == 2 and r.total == 150


def test_a_loser_counts_only_its_tiles_rows() -> None:
    # 中 pung (老头 碰 4) + melded kong 9999s (老头 明杠 16) = 20 胡, 中 pung 1 台 → 40; the 财神 rows count for a
    # loser only under loser_caishen_tai: no 财神 held (财神 9p in play) is one more 台 → 80
    hand = "[CCC,1][9999s,2]123m456p78s11p"
    assert YH.loser_total(hand, seat_wind=0, caishen=T("9p")) == 40
    assert Yuhuan(loser_caishen_tai=True).loser_total(hand, seat_wind=0, caishen=T("9p")) == 80
    assert Yuhuan(loser_caishen_tai=True, loser_tai=False).loser_total(hand, seat_wind=0, caishen=T("9p")) == 20
    # 杠花 count for a loser in 胡 and in 台: 20 + 4 = 24 胡, 2 台 → 96 → 100
    assert YH.loser_total(hand, seat_wind=0, caishen=T("9p"), gang_hua=1) == 100


def test_losers_settle_pairwise_differences_zero_sum() -> None:
    net, _lines = YH._between_losers((0, 0, 0, 0), YuhuanContext(winner=1), (50, 0, 20, 0))
    assert net == (80, 0, -10, -70) and sum(net) == 0


def test_the_reading_view_places_the_winning_tile() -> None:
    # 555p completed by a discard of 5p: exposed when the tile sits there, concealed when it completes 456p
    h = parse_hand("123m456m789m555p46p11s5p")
    c = YuhuanContext(winner=1, discarder=2)
    d = next(d for d in YH.readings(h, YH.wildcard_kinds(c)) if (13, 13, 13) in d.melds and (12, 13, 14) in d.melds)
    on_pung = build_reading(h, d, c, YUHUAN, placement=(T("5p"), (T("5p"),) * 3))
    on_chow = build_reading(h, d, c, YUHUAN, placement=(T("5p"), (T("4p"), T("5p"), T("6p"))))
    pung = [s for s in on_pung.sets if s.kind == "pung"]
    assert [s.concealed for s in pung] == [False] and on_pung.wait == "dual-pung"
    assert [s.concealed for s in on_chow.sets if s.kind == "pung"] == [True] and on_chow.wait == "closed"
    assert on_chow.placement == (T("5p"), (T("4p"), T("5p"), T("6p")))


def test_reading_names_give_what_the_row_environment_gives() -> None:
    h = parse_hand("[CCC,2]555p123m789s99m46p5p")
    c = YuhuanContext(winner=1, discarder=2)
    d = YH.readings(h, YH.wildcard_kinds(c))[0]
    v = build_reading(h, d, c, YUHUAN)
    env, _funcs = row_environment(v, {"max_tai": 4})
    names = ReadingNames(v, {"max_tai": 4})
    for n in library_names() | set(v.facts) | {"max_tai"}:
        want = env[n]() if callable(env[n]) else env[n]
        assert names[n] == want, n
    assert "nonsense" not in names and ReadingFunctions(v).get("nonsense") is None
    assert ReadingFunctions(v)["pair_of"]("9m") is True


def test_compiled_expressions_equal_the_evaluator_on_every_shipped_row() -> None:
    h = parse_hand("[CCC,2]555p123m789s99m46p5p")
    c = YuhuanContext(winner=1, discarder=2)
    d = YH.readings(h, YH.wildcard_kinds(c))[0]
    v = build_reading(h, d, c, YUHUAN)
    checked = 0
    for path in shipped_files():
        book = load_book(path)
        opts = {name: default for name, (_t, default, _m) in book.options.items()}
        facts = {name: default for name, (_t, default, _m) in book.facts.items()}
        env, funcs = row_environment(v, {**opts, **facts})
        for r in book.rows:
            for node in (r.when, r.count):
                if node is None:
                    continue
                try:
                    want: object = evaluate(node, env, funcs)
                except ExprError as e:
                    want = type(e)
                try:
                    got: object = compiled(node)(env, funcs)
                except ExprError as e:
                    got = type(e)
                assert got == want, (path, r.key)
                checked += 1
    assert checked > 100
    for text, names in [("1 / 0", {}), ("nope + 1", {}), ("2 ^ 99", {}), ("x // 2", {"x": None})]:
        with pytest.raises(ExprError):
            compiled(parse(text))(names, BUILTINS)
    assert compiled(parse("-(3 - 5) * 2 ^ 3 // 4 >= 4 and not false"))({}, BUILTINS) is True


HAND_VALUED = '''
format = 1
name = "hand-valued"
zh = "按牌计值"
en = "hand-valued"

[[rows]]
key = "win"
zh = "和"
en = "win"
value = "pick(self_drawn, 3, 1) + pungs"
when = "true"
'''


def test_a_rule_file_row_value_may_depend_on_the_hand() -> None:
    book, problems = check_text(HAND_VALUED, "h.toml")
    assert not problems and book is not None and "win" in book.row_hand_values
    from mahjong.rulebook.book import ruleset_class

    rs = ruleset_class(book)()
    assert rs.score("111m234m567m888p55s", rs.Context(winner=0)).total == 3 + 2  # self-drawn, two pungs
    assert rs.score("111m234m567m888p55s", rs.Context(winner=0, discarder=1)).total == 1 + 2  # won on a discard
    _, problems = check_text(HAND_VALUED.replace("+ pungs", "+ pongs"), "h.toml")
    assert [p.key for p in problems] == ["rows[0].value"] and "pongs" in problems[0].message


def test_the_loser_view_is_a_reading_of_held_sets() -> None:
    # a loser's concealed 7777p counts as one 暗坎 (2–8 4), its 财神 stay out of every set
    d = Decomposition(Form.REGULAR, ((T("7p"),) * 3,), (), (), ())
    v = build_reading(parse_hand("7777p", infer_win_tile=False), d, YuhuanContext(), YUHUAN)
    assert [(s.kind, s.concealed) for s in v.sets] == [("pung", True)]
    assert YH.loser_total("[CCC,1][9999s,2]123m7777p88s1p", seat_wind=0) == ceil_tens((4 + 16 + 4) * 2)


def ceil_tens(x: int) -> int:
    return -(-x // 10) * 10
