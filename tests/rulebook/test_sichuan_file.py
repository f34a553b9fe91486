"""Sichuan 血战到底 IS its rule file (games/sichuan.toml): the rule set ``sichuan`` (also named
``sichuan-file``) reads its rows, scoring and whole-hand settlement from the file, and gives the answers the Python
module gave before it moved onto the rule book (``legacy_support.py``, frozen from that module): on every hand of
the Sichuan tests and on generated hands under eight option sets, and on 300 whole hands played in the engine —
their settlement (刮风下雨, 一炮多响, 血战 play after a win, 查花猪 / 查大叫 / 退税) from the record, and the same
hands played again.  A copy of the file loaded as a user's rule file settles those hands the same way.  CI checks
every fourth scored hand; ``MJ_CORPUS_FULL=1`` checks all."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from corpus_support import hand_from_json
from legacy_support import (
    PLAY_OPTION_SETS,
    REPLAY_STRIDE,
    SCORE_STRIDE,
    in_vocabulary,
    load,
    play,
    score_answer,
    settlement_answer,
)

from mahjong.framework import get_ruleset
from mahjong.rulebook.book import ruleset_class
from mahjong.rulebook.load import check_text
from mahjong.rulebook.presets import shipped_files
from mahjong.rulebook.rows import VOCABULARY
from mahjong.rulesets.sichuan import BOOK, Sichuan
from mahjong.settlement import HandRecord

LEGACY = load()
#: Sichuan's 平胡 ("Plain win") was ``ping_hu``; the vocabulary's former key ping_hu is the common table's 平胡
SICHUAN_RENAMED = {"ping_hu": "basic_win"}


def settled(answer: dict[str, Any]) -> dict[str, Any]:
    return {**answer, "results": [in_vocabulary(r, SICHUAN_RENAMED) for r in answer["results"]]}


def test_the_file_is_the_rule_set() -> None:
    rs = get_ruleset("sichuan-file")
    assert type(rs) is Sichuan and rs.name == "sichuan" and type(rs).book is BOOK
    assert get_ruleset("血战到底规则文件").name == get_ruleset("四川").name == "sichuan"
    assert BOOK.flow.winners_to_end == 3 and not BOOK.flow.chows and BOOK.settlement is not None
    # every option of the config is the file's, with the file's default and documentation
    cfg = Sichuan().config
    assert {k: v[1] for k, v in BOOK.options.items()} == {k: getattr(cfg, k) for k in BOOK.options}
    assert set(BOOK.options) == {f for f in type(cfg).__dataclass_fields__}
    assert all(r.key in VOCABULARY for r in BOOK.rows)


def test_same_scores() -> None:
    entries = [e for e in LEGACY["scores"] if e[0] == "sichuan"]
    rulesets: dict[int, Any] = {}
    from legacy_support import OPTION_SETS

    keys: set[str] = set()
    for i, (_p, k, hand, kw, expected) in enumerate(entries):
        if i % SCORE_STRIDE and i >= 200:  # (the hands of the Sichuan tests come first: all of them are checked)
            continue
        if k not in rulesets:
            rulesets[k] = Sichuan(**OPTION_SETS["sichuan"][k])
        got = score_answer(rulesets[k], hand_from_json(hand), kw)
        assert got == in_vocabulary(expected, SICHUAN_RENAMED), (OPTION_SETS["sichuan"][k], hand, kw)
        if not isinstance(got, str):
            keys |= {item[0] for item in got[3]}
    # the hands reach the rarer patterns too
    assert {"all_pungs_of_258", "outside_hand", "eighteen_arhats", "full_flush_luxury_seven_pairs"} <= keys, keys


def _played() -> list[list[Any]]:
    return [e for e in LEGACY["played"] if e[0] == "sichuan"]


def test_same_settlements_of_the_played_hands() -> None:
    seen: set[str] = set()
    for _p, k, seed, record, expected in _played():
        rs = Sichuan(**PLAY_OPTION_SETS["sichuan"][k])
        got = settlement_answer(rs.settle(HandRecord.from_dict(record)))
        assert got == settled(expected), (k, seed)
        seen |= {line[3] for line in got["lines"]}
    # the hands reach every kind of money: kongs of each kind, wins, the wall-end checks
    assert {"kong.melded", "kong.added", "kong.concealed", "win", "huazhu", "dajiao", "tuishui"} <= seen, seen


def test_the_engine_plays_the_same_hands() -> None:
    for _p, k, seed, record, expected in _played()[::REPLAY_STRIDE]:
        got_record, got = play("sichuan", PLAY_OPTION_SETS["sichuan"][k], seed)
        assert got_record.to_dict() == record, (k, seed)
        assert settlement_answer(got) == settled(expected), (k, seed)


def test_a_copy_of_the_file_settles_the_same(tmp_path: Path) -> None:
    """The settlement is in the file: the same text loaded as a user's rule file (the generic rule book, no
    Sichuan module) settles the recorded hands the same way, but for who deals next (the module's own rule)."""
    path = next(p for p in shipped_files() if p.endswith("sichuan.toml"))
    text = Path(path).read_text(encoding="utf-8").replace('name = "sichuan"', 'name = "my-sichuan"', 1)
    book, problems = check_text(text, "my-sichuan.toml")
    assert not problems and book is not None
    cls = ruleset_class(book)
    checked = 0
    for _p, k, seed, record, expected in _played():
        options = PLAY_OPTION_SETS["sichuan"][k]
        got = settlement_answer(cls(**options).settle(HandRecord.from_dict({**record, "ruleset": "my-sichuan"})))
        want = settled(expected)
        got["details"].pop("next_dealer")
        want["details"].pop("next_dealer")
        assert got == want, (k, seed)
        checked += 1
    assert checked == len(_played()) >= 250


@pytest.mark.parametrize("text, kw", [
    ("123m456m789m123pEE", {}),  # an honor: not a Sichuan tile
    ("[123m]456m789m123p11p", {}),  # a claimed chow
    ("123m456m789p123s11m", {}),  # three suits (缺一门)
    ("123m456m789m123p12p", {}),  # not complete
    ("123m456m789m123p11p", {"kong_replacement": True}),
])
def test_bad_hands_name_the_rule(text: str, kw: dict[str, Any]) -> None:
    from mahjong.errors import MahjongError

    with pytest.raises(MahjongError) as e:
        Sichuan().score(text, Sichuan.Context(**kw))
    words = ("Sichuan", "suit must be missing", "不可以吃", "complete", "kong's replacement")
    assert any(w in str(e.value) for w in words), str(e.value)
