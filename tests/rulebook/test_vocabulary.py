"""One key vocabulary: every row key of the common table, Sichuan, the two-player game and every shipped rule file
is a vocabulary key (with its Chinese and English names), the former keys all lead into the vocabulary, and the
option names of these rule sets follow the option vocabulary (a fan cap is ``max_fan``; old names still work)."""

from __future__ import annotations

import pytest

from mahjong import report
from mahjong.framework import get_ruleset
from mahjong.rulebook.load import load_book
from mahjong.rulebook.presets import shipped_files
from mahjong.rulebook.rows import FORMER_KEYS, OPTION_NAMES, RENAMED_OPTIONS, VOCABULARY, vocabulary_key

#: the rule sets on the rule book that this vocabulary covers (the other regional rule sets move onto it too)
PRESETS = ["common", "sichuan", "twoplayer"]


def test_the_vocabulary_is_consistent() -> None:
    assert all(k == k.lower() and k.replace("_", "").isalnum() for k in VOCABULARY)
    assert all(zh and en for zh, en in VOCABULARY.values())
    assert set(FORMER_KEYS.values()) <= set(VOCABULARY), set(FORMER_KEYS.values()) - set(VOCABULARY)
    assert not set(FORMER_KEYS) & set(VOCABULARY)  # a former key is never a current one
    assert vocabulary_key("qing_yi_se") == "full_flush" and vocabulary_key("full_flush") == "full_flush"


@pytest.mark.parametrize("path", shipped_files(), ids=lambda p: p.rsplit("/", 1)[-1])
def test_every_shipped_file_uses_vocabulary_keys(path: str) -> None:
    book = load_book(path)
    assert book.rows
    off = [r.key for r in book.rows if r.key not in VOCABULARY]
    assert not off, off
    for r in book.rows:
        assert set(r.excludes) | set(r.implied) <= set(VOCABULARY), r.key


@pytest.mark.parametrize("name", PRESETS)
def test_every_row_of_the_rule_sets_is_a_vocabulary_key(name: str) -> None:
    rows = [r for s in report.fans(name)["sections"] for r in s["rows"]]
    assert len(rows) >= 10
    off = [r["key"] for r in rows if r["key"] not in VOCABULARY]
    assert not off, off


@pytest.mark.parametrize("name", PRESETS)
def test_option_names_follow_the_vocabulary(name: str) -> None:
    options = {n for n, _v, _d in get_ruleset(name).describe_options()}
    assert not options & set(RENAMED_OPTIONS), options & set(RENAMED_OPTIONS)  # old names are not fields
    caps = {n for n in options if "cap" in n or n.startswith(("max_", "min_"))}
    assert caps <= set(OPTION_NAMES), caps
    assert "base" in options and "max_fan" in options


def test_a_former_key_still_finds_its_item() -> None:
    r = get_ruleset("sichuan").score("111m222m333m555m99m", get_ruleset("sichuan").Context(discarder=1))
    assert r.items[0].key == "full_flush_all_pungs" and r.item("qing_dui") is r.items[0]


def test_a_result_finds_an_item_by_its_rule_sets_former_key() -> None:
    # Sichuan's 平胡 was ping_hu, which elsewhere is the common table's 平胡 (all chows): the result's own rule set
    # decides what the old key means
    r = get_ruleset("sichuan").score("123m456m789m123p55p", get_ruleset("sichuan").Context(winner=0, discarder=1))
    assert r.item("basic_win") is not None
    assert r.item("ping_hu") is r.item("basic_win")
    assert vocabulary_key("ping_hu") == "all_chows" and vocabulary_key("ping_hu", "sichuan") == "basic_win"
    assert vocabulary_key("pinghu", "nanchang") == "basic_win" and vocabulary_key("pinghu", "yuhuan") == "all_chows"
