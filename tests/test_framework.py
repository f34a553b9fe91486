"""The rule-set framework as the Sichuan, common-table and two-player rule sets use it: presets, documented
options, one score entry point, the default and overridden settle()."""

from __future__ import annotations

import json

import pytest

from mahjong.errors import NotWinningError, RulesError
from mahjong.framework import RuleSet, WinContext, get_ruleset, list_rulesets, score
from mahjong.rulesets.common import CommonContext, CommonTable
from mahjong.rulesets.sichuan import Sichuan, SichuanContext
from mahjong.rulesets.twoplayer import TwoPlayer, TwoPlayerContext
from mahjong.settlement import HandRecord, settle, settle_by_wins

MINE = {"sichuan": (Sichuan, SichuanContext), "common": (CommonTable, CommonContext),
        "twoplayer": (TwoPlayer, TwoPlayerContext)}


@pytest.mark.parametrize("name", sorted(MINE))
def test_presets_resolve(name: str) -> None:
    cls, ctx = MINE[name]
    rs = get_ruleset(name)
    assert type(rs) is cls and rs.name == name and rs.Context is ctx
    assert issubclass(ctx, WinContext)
    assert dict(list_rulesets())[name] == cls.summary


@pytest.mark.parametrize("name", sorted(MINE))
def test_every_option_is_documented_with_default_and_source(name: str) -> None:
    rs = get_ruleset(name)
    for option, value, doc in rs.describe_options():
        assert doc, f"{name}.{option} has no docstring entry"
        assert "Default" in doc and "source" in doc, f"{name}.{option}: {doc!r}"


@pytest.mark.parametrize("name", sorted(MINE))
def test_unknown_option_is_named(name: str) -> None:
    with pytest.raises(RulesError, match="no_such_option"):
        get_ruleset(name, no_such_option=1)


@pytest.mark.parametrize(
    "name, hand, rule",
    [
        ("sichuan", "123m456p789s234s55s", "a suit must be missing"),
        ("sichuan", "123m456m789m135m55m", "not a complete hand"),
        ("common", "123m456p789s234s56p", "not a winning hand under the common fan table"),
        ("twoplayer", "123m456p789s234s56p", "not a winning hand"),
    ],
)
def test_non_winning_hands_name_the_rule(name: str, hand: str, rule: str) -> None:
    with pytest.raises(NotWinningError, match=rule):
        score(hand, WinContext(winner=0, discarder=1), rules=name)


def test_one_score_entry_point() -> None:
    r = score("123m456m789m234m55m", WinContext(winner=0, discarder=1), rules="sichuan")
    assert r.ruleset == "sichuan" and r.total == 4 and r.reading is not None
    d = r.to_dict()
    assert json.loads(json.dumps(d, ensure_ascii=False))["total"] == 4


def test_settle_default_and_override() -> None:
    # the common table keeps the framework's default (sum of wins); Sichuan overrides it
    assert CommonTable.settle is RuleSet.settle
    assert Sichuan.settle is not RuleSet.settle
    rec = HandRecord.from_json(json.dumps({
        "ruleset": "sichuan",
        "events": [
            {"type": "kong", "seat": 1, "kind": "concealed", "tile": "5p"},
            {"type": "win", "seat": 0, "hand": "123m456m789m234m55m", "discarder": 3},
        ],
    }))
    s = settle(rec)
    # 暗杠: 0, 2, 3 pay 2 each to 1; 清一色 ×4 from 3 to 0
    assert s.net == (-2 + 4, 6, -2, -2 - 4)
    # the generic settlement of the same record ignores the kong
    assert settle_by_wins(get_ruleset("sichuan"), rec).net == (4, 0, 0, -4)


@pytest.mark.parametrize(
    "name, hand, ctx, total",
    [
        # hand-derived in test_sichuan / test_common / test_twoplayer; here on every kernel backend
        ("sichuan", "111m222m333m555m99m", WinContext(winner=0, discarder=1), 8),  # 清对 ×8
        ("sichuan", "1111223344m5555p", WinContext(winner=0, discarder=1), 32),  # 龙七对 + 根 ×32
        # seed rows 43 + 门清 2 + 单调 1 (CCCFFFPPP123m9m waits on 9m alone)
        ("common", "CCCFFFPPP123m99m", WinContext(winner=0, discarder=1), 43 + 2 + 1),
        ("twoplayer", "EEESSSWWWNNNCC", WinContext(winner=0, discarder=1), 13),  # capped
    ],
)
def test_known_scores_on_every_backend(
    kernels: object, monkeypatch: pytest.MonkeyPatch, name: str, hand: str, ctx: WinContext, total: int
) -> None:
    import mahjong.rulesets.common as common_mod
    import mahjong.rulesets.sichuan as sichuan_mod
    import mahjong.rulesets.twoplayer as twoplayer_mod

    for mod in (common_mod, sichuan_mod, twoplayer_mod):
        monkeypatch.setattr(mod, "K", kernels)
    assert get_ruleset(name).score(hand, ctx).total == total


@pytest.mark.parametrize("name", sorted(MINE))
def test_context_from_options_names_unknown_facts(name: str) -> None:
    from mahjong.errors import ContextError

    ctx_cls = MINE[name][1]
    ctx = ctx_cls.from_options(winner=1, discarder=0)  # type: ignore[attr-defined]
    assert isinstance(ctx, ctx_cls) and ctx.winner == 1 and ctx.discarder == 0
    with pytest.raises(ContextError, match="nosuch"):
        ctx_cls.from_options(winner=1, nosuch=True)  # type: ignore[attr-defined]
