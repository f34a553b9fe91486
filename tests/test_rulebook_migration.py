"""The built-in rule sets moved onto the rule book: their rows are the one rule-row type (RuleRow), the common
table reads the one reading view and the book's rows, and the configs moved so far are validated from their
annotations with each field's documentation and source as metadata."""

from __future__ import annotations

import dataclasses

import pytest

import mahjong.rulesets._rulebook as rb
import mahjong.rulesets.common as common
from mahjong.errors import RulesError
from mahjong.framework import get_ruleset
from mahjong.rulebook.options import config_schema
from mahjong.rulebook.rows import RuleRow
from mahjong.rulesets import nanchang, wuhu, yuhuan


def test_one_rule_row_type() -> None:
    tables = [common.ROWS, wuhu.ZUIZI, (wuhu.FULL_FLUSH,), tuple(yuhuan.TAI.values()),
              tuple(nanchang.HAND_TYPES.values()), tuple(nanchang.MULTIPLIERS.values())]
    assert all(isinstance(r, RuleRow) for t in tables for r in t)
    for gone in ("Rule",):
        assert not hasattr(rb, gone)
    for gone in ("Row", "HandView", "view_of"):
        assert not hasattr(common, gone)


def test_the_common_table_is_its_rule_file() -> None:
    assert common.ROWS == get_ruleset("common-file").book.rows  # type: ignore[attr-defined]
    assert all(r.source in (common.SEED, common.FILLED) for r in common.ROWS)
    assert all(r.when is not None for r in common.ROWS)  # every row decided by the predicate library


@pytest.mark.parametrize("preset", ["common", "wuhu-2468", "wuhu-1234", "jinshan", "yuhuan", "nanchang"])
def test_configs_documented_as_metadata(preset: str) -> None:
    rs = get_ruleset(preset)
    cls = type(rs.config)
    schema = config_schema(cls)
    for f in dataclasses.fields(cls):
        m = f.metadata
        assert m["zh"] and m["en"] and m["source"], (preset, f.name)
        assert m["en"] in schema["properties"][f.name]["description"]
    docs = {name: doc for name, _v, doc in rs.describe_options()}
    assert set(docs) == {f.name for f in dataclasses.fields(cls)}
    assert all("Default" in d and "source" in d for d in docs.values())


@pytest.mark.parametrize("preset, option, bad", [
    ("common", "base", "2"), ("common", "max_fan", 0), ("common", "unlisted_rows", 1),
    ("wuhu-2468", "zuizi", -1), ("wuhu-1234", "non_dealer_win_payers", "nobody"), ("wuhu-2468", "seven_pairs", "yes"),
    ("jinshan", "fan_mode", "triple"), ("jinshan", "max_points", 0), ("jinshan", "min_hu", True),
    ("yuhuan", "max_hu", 5), ("yuhuan", "max_tai", "4"), ("yuhuan", "dealer_repeats_after", "never"),
    ("nanchang", "max_points", 0), ("nanchang", "kong_payments", "s4"), ("nanchang", "bawang_multiplier", 0),
])
def test_configs_validated_from_annotations(preset: str, option: str, bad: object) -> None:
    with pytest.raises(RulesError, match=option):
        get_ruleset(preset, **{option: bad})


def test_wuhu_presets_keep_their_defaults() -> None:
    a, b = get_ruleset("wuhu-2468").config, get_ruleset("wuhu-1234").config
    assert (a.ming_gang, a.an_gang, a.zuizi, a.kong_bloom) == (2, 4, 5, 5)
    assert (b.ming_gang, b.an_gang, b.zuizi, b.kong_bloom) == (1, 2, 2, 3)
