"""The common fan table (常用麻将算番规则表, seed 000; shared/specs/common_table.md).

Expected totals are added up by hand from the seed's rows (values and 不算 notes) — most tests switch the
filled rows off (``filled_rows=False``) so that only the seed's own values are in play; the filled rows are
checked separately against their stated (Guobiao) values.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mahjong.errors import ContextError, HandError, NotWinningError, RulesError
from mahjong.framework import WinContext
from mahjong.hand import Hand, parse_hand
from mahjong.rulesets.common import FILLED, ROWS, SEED, CommonContext, CommonTable
from mahjong.settlement import HandRecord, Win, settle

SEED_ONLY = CommonTable(filled_rows=False)
FULL = CommonTable()
DISCARD = WinContext(winner=0, discarder=1)
SELF = WinContext(winner=0)


def rows(hand: str, ctx: WinContext = DISCARD, table: CommonTable = SEED_ONLY) -> list[str]:
    return sorted(i.key for i in table.score(hand, ctx).items)


def total(hand: str, ctx: WinContext = DISCARD, table: CommonTable = SEED_ONLY) -> int:
    return table.score(hand, ctx).total


def test_seed_values() -> None:
    # the seed's 通称 / 番数 column, row by row (common_table.md)
    values = {r.key: r.fan for r in ROWS if r.source == SEED}
    assert values == {
        "heavenly_hand": 30, "earthly_hand": 30, "thirteen_orphans": 30, "all_honors_seven_pairs": 30,
        "all_honors_all_pungs": 25, "ready_from_start": 25, "big_four_winds": 25, "big_three_dragons": 20,
        "little_four_winds": 20, "lesser_honors_and_knitted_tiles": 15,
        "little_three_dragons": 15, "full_flush": 15, "all_five": 15, "seven_pairs": 10, "pure_triple_chow": 10,
        "three_concealed_pungs": 10, "pure_straight": 8, "half_flush": 8, "fully_concealed_hand": 7, "all_pungs": 7,
        "lower_four": 7, "upper_four": 7, "poor_hand": 7, "mixed_double_chow": 5, "outside_hand": 5, "all_types": 5,
    }
    # the seed's own 不算 notes are data next to the rows
    excl = {r.key: set(r.excludes) for r in ROWS}
    assert excl["all_honors_seven_pairs"] == {"fully_concealed_hand", "concealed_hand", "one_voided_suit",
                                              "single_wait", "outside_hand"}
    assert excl["all_five"] == {"all_simples", "pair_of_fives", "no_honors"}
    assert excl["big_four_winds"] == {"all_pungs"} and excl["heavenly_hand"] == {"fully_concealed_hand"}
    assert excl["earthly_hand"] == {"concealed_hand"}
    # every filled row is marked as such
    assert {r.key for r in ROWS if r.source == FILLED} == {
        "all_simples", "concealed_hand", "all_chows", "pair_of_fives", "no_honors", "one_voided_suit", "single_wait",
        "self_drawn"}


@pytest.mark.parametrize(
    "hand, ctx, expected, fan",
    [
        # 天胡 30 (不算不求人); no other seed row in this hand
        ("123m456m789p234s55p", WinContext(winner=0, dealer=0, heavenly=True), ["heavenly_hand"], 30),
        # 地胡 30 (不算门清)
        ("123m456m789p234s55p", WinContext(winner=1, dealer=0, discarder=0, earthly=True), ["earthly_hand"], 30),
        # 十三幺 30 on a discard; self-drawn it adds 不求人 7
        ("19m19p19sESWNCFPP", DISCARD, ["thirteen_orphans"], 30),
        ("19m19p19sESWNCFPP", SELF, ["fully_concealed_hand", "thirteen_orphans"], 37),
        # 全风七对 30 (it is a 七对: not counted again)
        ("EESSWWNNCCFFPP", DISCARD, ["all_honors_seven_pairs"], 30),
        # 全风对对胡 25 + 大四喜 25 (seed: 全风另加番; 不算对对胡) + 三箱次 10 (four concealed pungs)
        ("EEESSSWWWNNNCC", DISCARD, ["all_honors_all_pungs", "big_four_winds", "three_concealed_pungs"], 60),
        # 大三元 20 + 三箱次 10 + 混一色 8 + 全带幺 5
        ("CCCFFFPPP123m99m", DISCARD, ["big_three_dragons", "half_flush", "outside_hand", "three_concealed_pungs"], 43),
        # 小三元 15 + 混一色 8
        ("CCCFFF123m456mPP", DISCARD, ["half_flush", "little_three_dragons"], 23),
        # 小四喜 20 + 三箱次 10 + 混一色 8 + 全带幺 5
        ("EEESSSWWW123mNN", DISCARD, ["half_flush", "little_four_winds", "outside_hand", "three_concealed_pungs"], 43),
        # 十三不靠 15 + 五门齐 5 (the seed's 十三不靠 row excludes only 不求人 and 门清)
        ("147m258p369sESWNC", SELF, ["all_types", "lesser_honors_and_knitted_tiles"], 20),
        # 清一色 15 + 一条龙 8
        ("123m456m789m234m55m", DISCARD, ["full_flush", "pure_straight"], 23),
        # 全带五 15
        ("345m456p567s555m55p", DISCARD, ["all_five"], 15),
        # 七对 10
        ("112277m3344p5566s", DISCARD, ["seven_pairs"], 10),
        # 三姐妹 10 (with two melded chows the three 123m can only be runs)
        ("[123m,1][123m,1]123m456p99p", DISCARD, ["pure_triple_chow"], 10),
        # 三箱次 10: three concealed pungs, won on the pair
        ("111m555p999s234s77s", DISCARD, ["three_concealed_pungs"], 10),
        # 一条龙 8
        ("123m456m789m234p55p", DISCARD, ["pure_straight"], 8),
        # 混一色 8
        ("123m345m777mEEECC", DISCARD, ["half_flush"], 8),
        # 不求人 7: concealed self-draw
        ("123m456m789p234s55p", SELF, ["fully_concealed_hand"], 7),
        # 对对胡 7 (two pungs claimed, so not 三箱次)
        ("[111m,1][555p,2]999s222s77s", DISCARD, ["all_pungs"], 7),
        # 小于五 7 / 大于五 7
        ("123m234p234s11s444m", DISCARD, ["lower_four"], 7),
        ("678m789p678s99s666m", DISCARD, ["upper_four"], 7),
        # 穷胡 7: no row applies
        ("123m456p789s234s55p", DISCARD, ["poor_hand"], 7),
        # 喜相逢 5
        ("234m234p234s567m99p", DISCARD, ["mixed_double_chow"], 5),
        # 全带幺 5
        ("123m789p999sEEE11s", DISCARD, ["outside_hand"], 5),
        # 五门齐 5
        ("123m456p789sEEECC", DISCARD, ["all_types"], 5),
    ],
)
def test_seed_rows(hand: str, ctx: WinContext, expected: list[str], fan: int) -> None:
    r = SEED_ONLY.score(hand, ctx)
    assert sorted(i.key for i in r.items) == expected
    assert r.total == fan
    if ctx.self_drawn:
        assert r.payments[ctx.winner] == 3 * fan and all(r.payments[s] == -fan for s in range(4) if s != ctx.winner)
    else:
        assert ctx.discarder is not None
        assert r.payments[ctx.discarder] == -fan and r.payments[ctx.winner] == fan


def test_all_pungs_of_terminals_is_named_quan_yao_jiu() -> None:
    # seed: 全带幺 … 全是碰(坎)即全幺九 — the same row, its other name
    r = SEED_ONLY.score("[111m,1][999p,2]EEE11s999s", DISCARD)
    assert ("outside_hand", "全幺九") in [(i.key, i.name_zh) for i in r.items]
    assert r.total == 7 + 5  # 对对胡 + 全幺九


def test_triplet_completed_on_a_discard_is_not_concealed() -> None:
    # 111m 555p 234s 77s + 999s completed by the discard: two concealed pungs, no 三箱次 → 穷胡
    assert rows("111m555p234s77s999s") == ["poor_hand"]
    # the same tiles self-drawn: three concealed pungs (三箱次) and 不求人
    assert rows("111m555p234s77s999s", SELF) == ["fully_concealed_hand", "three_concealed_pungs"]


def test_kou_ting() -> None:
    # 扣听 25 (不算门清)
    ctx = CommonContext(winner=0, discarder=1, kou_ting=True)
    assert rows("123m456p789s234s55p", ctx) == ["ready_from_start"]
    # with the filled rows: no 门清 (excluded), but 平胡 2, 五将 1 and 单调 1 (it waited on 5p alone)
    assert rows("123m456p789s234s55p", ctx, FULL) == ["all_chows", "pair_of_fives", "ready_from_start", "single_wait"]
    with pytest.raises(ContextError, match="ready from the start"):
        SEED_ONLY.score("[123m,1]456p789s234s55p", ctx)


def test_filled_rows() -> None:
    # 一条龙 8 + 门清 2 + 平胡 2 + 五将 1 + 缺门 1 (平胡 already implies no honors: 缺字 not counted again)
    assert rows("123m456m789m234p55p", DISCARD, FULL) == ["all_chows", "concealed_hand", "one_voided_suit",
                                                          "pair_of_fives", "pure_straight"]
    assert total("123m456m789m234p55p", DISCARD, FULL) == 14
    # 单调: 123456789m 234p 9p waits only on 9p → +1
    assert "single_wait" in rows("123m456m789m234p9p9p", DISCARD, FULL)
    assert FULL.score("123m456m789m234p9p9p", DISCARD).wait == "single"
    # 2345p waits on 2p and 5p: not 单调
    assert "single_wait" not in rows("123m456m789m234p5p5p", DISCARD, FULL)
    # 全带五 excludes 断幺, 五将, 缺字 (seed); filled 门清 2 and 单调 1 (345m456p567s555m5p waits on 5p only) → 18
    assert rows("345m456p567s555m55p", DISCARD, FULL) == ["all_five", "concealed_hand", "single_wait"]
    assert total("345m456p567s555m55p", DISCARD, FULL) == 18
    # 不求人 takes in 门清 and 自摸; 断幺 2 + 平胡 2 (3 suits: no 缺门)
    # (won on 4s of 23s+4s: a two-sided wait, not 单调)
    assert rows("234m456p678s88p234s", SELF, FULL) == ["all_chows", "all_simples", "fully_concealed_hand"]
    # 穷胡 with filled rows: the seed's table has no row here, so 穷胡 7 + 门清 2 + 平胡 2 + 五将 1
    # (won on 4s of 23s+4s, so no 单调)
    assert total("123m456p789s55p234s", DISCARD, FULL) == 12
    assert total("123m456p789s55p234s", DISCARD, CommonTable(qiong_hu_ignores_filled=False)) == 5


def test_best_reading_is_chosen() -> None:
    # 111222333m: as three pungs (三箱次 10 + 对对胡 7 with 999p 55p? no: 456p is a run) or as 123m×3 (三姐妹 10)
    r = SEED_ONLY.score("111m222m333m999p55p", DISCARD)
    # pungs: 三箱次 10 + 对对胡 7 = 17 beats runs: 三姐妹 10
    assert r.total == 17
    assert all(a == b == c for a, b, c in r.reading.melds)  # type: ignore[union-attr]


def test_cap_base_and_payments() -> None:
    assert CommonTable(filled_rows=False, max_fan=20).score("EEESSSWWWNNNCC", DISCARD).total == 20
    r = CommonTable(filled_rows=False, base=2).score("123m456m789m234p55p", DISCARD)
    assert r.total == 8 and r.payments == (16, -16, 0, 0)
    r = CommonTable(filled_rows=False, discard_all_pay=True).score("123m456m789m234p55p", DISCARD)
    assert r.payments == (24, -8, -8, -8)
    with pytest.raises(RulesError):
        CommonTable(base=0)


def test_not_winning_and_bad_input() -> None:
    with pytest.raises(NotWinningError, match="common fan table"):
        SEED_ONLY.score("123m456p789s234s56p", DISCARD)
    with pytest.raises(NotWinningError, match="thirteen unrelated tiles"):  # 组合龙 (a Guobiao shape) is not a win here
        SEED_ONLY.score("147m258p369s123s55s", DISCARD)
    with pytest.raises(HandError, match="flower"):
        SEED_ONLY.score("123m456p789s234s55p f1", DISCARD)
    with pytest.raises(ContextError, match="heavenly win"):
        SEED_ONLY.score("123m456p789s234s55p", WinContext(winner=1, heavenly=True))


WINNING = [
    "123m456m789m234p55p", "EEESSSWWWNNNCC", "CCCFFFPPP123m99m", "147m258p369sESWNC", "112277m3344p5566s",
    "111m555p999s234s77s", "19m19p19sESWNCFPP", "345m456p567s555m55p",
]


@given(st.sampled_from(WINNING), st.randoms(use_true_random=False), st.booleans())
@settings(max_examples=40, deadline=None)
def test_score_invariant_to_tile_order(hand: str, rnd: random.Random, self_drawn: bool) -> None:
    h = parse_hand(hand)
    tiles = list(h.concealed)
    rnd.shuffle(tiles)
    ctx = WinContext(winner=2, discarder=None if self_drawn else 0)
    a, b = FULL.score(h, ctx), FULL.score(Hand(tuple(tiles), h.melds, (), h.win_tile), ctx)
    assert (a.total, sorted(a.items, key=str), a.payments) == (b.total, sorted(b.items, key=str), b.payments)


def test_settles_through_the_generic_settlement() -> None:
    rec = HandRecord("common", (Win(2, "123m456m789m234p55p", discarder=3),), options={"filled_rows": False})
    s = settle(rec)
    assert s.net == (0, 0, 8, -8)


@given(st.lists(st.tuples(st.integers(0, 3), st.integers(0, 3), st.sampled_from(WINNING)), max_size=4))
@settings(max_examples=30, deadline=None)
def test_settlement_is_zero_sum(wins: list[tuple[int, int, str]]) -> None:
    # one win per record: a common-table hand ends on its first win (one winner per discard), so a record
    # with a second win is refused (test_a_second_win_in_one_record_is_refused); each is settled on its own
    for seat, off, hand in wins:
        s = settle(HandRecord("common", (Win(seat, hand, discarder=None if off == 0 else (seat + off) % 4),)))
        assert sum(s.net) == 0 and len(s.results) == 1


def test_a_second_win_in_one_record_is_refused() -> None:
    hand = "123m456m789m234p55p"
    rec = HandRecord("common", (Win(2, hand, discarder=3), Win(1, hand, discarder=3)))
    with pytest.raises(ContextError, match="second win"):
        settle(rec)
