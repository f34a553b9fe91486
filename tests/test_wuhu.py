"""Wuhu 芜湖 2468 and 1234 (315): every table seed 002 prints, row by row, and the rules around them.

Expected numbers are transcribed from seed 002 (/work/shared/seeds/002_*.txt); each table below names the seed
section it comes from.  Where the seed prints "X(+Y)" the first number is the amount and X + Y the dealer-side
(头家) amount; where it prints "X（Y）", Y is the dealer-side amount.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
import pytest

from mahjong.errors import ContextError, HandError, NotWinningError, RulesError
from mahjong.framework import WinContext, get_ruleset
from mahjong.rulesets.wuhu import FORMULA_1234, FORMULA_2468, Wuhu1234, Wuhu2468, WuhuContext, amounts

# --- table rows: (支, 押 values, self-drawn, amount, dealer-side amount) ----------------------------------

# seed 002 "2468算法" worked examples (如：萝卜，8只 … 即8只自摸压8为24对32)
EXAMPLES_2468 = [
    (8, (0,), False, 6, 8),  # 萝卜 8只: "萝卜成牌6个8个"
    (8, (0,), True, 14, 20),  # 萝卜自摸 8只: "8只自摸为14的20"
    (8, (8,), False, 12, 16),  # 8只平成压8: "为12个的16"
    (8, (8,), True, 24, 32),  # 8只自摸压8: "为24对32"
]


def _rows_2020() -> list[tuple[int, tuple[int, ...], bool, int, int]]:
    """seed 002 "2020年芜湖麻将2468计算表" — 平胡, 押当, 自摸, 自摸押当 rows as printed."""
    rows: list[tuple[int, tuple[int, ...], bool, int, int]] = []
    # 平胡 8支 8/2=4 6(+2); 9~10 平胡 /2=5 7(+2); 11~12 平胡 /2=6 8(+2)
    rows += [(8, (0,), False, 6, 8), (9, (0,), False, 7, 9), (10, (0,), False, 7, 9)]
    rows += [(11, (0,), False, 8, 10), (12, (0,), False, 8, 10)]
    # 押当 rows: (支, 押 range, result) with (+4)
    yadang = [
        (8, (2,), 9), (8, (3, 4), 10), (8, (5, 6), 11), (8, (7, 8), 12),
        (9, (2, 3), 10), (9, (4, 5), 11), (9, (6, 7), 12), (9, (8,), 13),
        (10, (2,), 10), (10, (3, 4), 11), (10, (5, 6), 12), (10, (7, 8), 13),
        (11, (2, 3), 11), (11, (4, 5), 12), (11, (6, 7), 13), (11, (8,), 14),
        (12, (2,), 11), (12, (3, 4), 12), (12, (5, 6), 13), (12, (7, 8), 14),
    ]
    rows += [(z, ya, False, r, r + 4) for z, ya, r in yadang]
    # 自摸 8支 8+6=14 14(+6) … 12支 12+6=18 18(+6)
    rows += [(z, (0,), True, r, r + 6) for z, r in ((8, 14), (9, 15), (10, 16), (11, 17), (12, 18))]
    # 自摸押当 8支：押(2) 8+2+8=18 18(+8) … 12支：押８ 12+8+8=28 28(+8) — every row printed, one 押 each
    zimo_yadang = {
        8: (18, 19, 20, 21, 22, 23, 24),
        9: (19, 20, 21, 22, 23, 24, 25),
        10: (20, 21, 22, 23, 24, 25, 26),
        11: (21, 22, 23, 24, 25, 26, 27),
        12: (22, 23, 24, 25, 26, 27, 28),
    }
    for z, results in zimo_yadang.items():
        rows += [(z, (ya,), True, r, r + 8) for ya, r in zip(range(2, 9), results)]
    return rows


# seed 002 "芜湖麻将2468计算表" (the first, partial copy: 自摸押当 8支 押6..8 and 9..12支 押2..8, "X(+8)")
ROWS_2468_FIRST = [(8, (6,), True, 22, 30), (8, (7,), True, 23, 31), (8, (8,), True, 24, 32)] + [
    (z, (ya,), True, z + ya + 8, z + ya + 16) for z in (9, 10, 11, 12) for ya in range(2, 9)
]
# the printed values of that table, checked against the formula text "9+2+8=19 19(+8)" by reading them off:
PRINTED_2468_FIRST = {
    (9, 2): 19, (9, 3): 20, (9, 4): 21, (9, 5): 22, (9, 6): 23, (9, 7): 24, (9, 8): 25,
    (10, 2): 20, (10, 3): 21, (10, 4): 22, (10, 5): 23, (10, 6): 24, (10, 7): 25, (10, 8): 26,
    (11, 2): 21, (11, 3): 22, (11, 4): 23, (11, 5): 24, (11, 6): 25, (11, 7): 26, (11, 8): 27,
    (12, 2): 22, (12, 3): 23, (12, 4): 24, (12, 5): 25, (12, 6): 26, (12, 7): 27, (12, 8): 28,
}

# seed 002 "芜湖麻将 计算表" (a second, partial copy of the 2020 table)
ROWS_2468_COPY = [
    (11, (2, 3), False, 11, 15), (11, (4, 5), False, 12, 16), (11, (6, 7), False, 13, 17), (11, (8,), False, 14, 18),
    (12, (2,), False, 11, 15), (12, (3, 4), False, 12, 16), (12, (5, 6), False, 13, 17), (12, (7, 8), False, 14, 18),
    (8, (0,), False, 6, 8), (9, (0,), False, 7, 9), (10, (0,), False, 7, 9), (11, (0,), False, 8, 10),
    (12, (0,), False, 8, 10), (8, (2,), False, 9, 13),
    (8, (0,), True, 14, 20), (9, (0,), True, 15, 21), (10, (0,), True, 16, 22), (11, (0,), True, 17, 23),
]

# seed 002 "芜湖麻将支数计算表" — the 1234 table (底番 1..4), results "X(+Y)"
ROWS_1234_TABLE = [
    # 平胡(8~12)支 [(8~12)*2≈20]/10=2 3(+1)
    *[(z, (0,), False, 3, 4) for z in range(8, 13)],
    # 押当 rows, (+2)
    (8, (2, 3, 4), False, 4, 6), (8, (5, 6, 7, 8), False, 5, 7),
    (9, (2, 3), False, 4, 6), (9, (4, 5, 6, 7, 8), False, 5, 7),
    (10, (2,), False, 4, 6), (10, (3, 4, 5, 6, 7), False, 5, 7), (10, (8,), False, 6, 8),
    (11, (2, 3, 4, 5, 6), False, 5, 7), (11, (7, 8), False, 6, 8),
    (12, (2, 3, 4, 5), False, 5, 7), (12, (6, 7, 8), False, 6, 8),
    # 自摸 8支 3 → 6(+3); 9~11 → 7(+3); 12 → 8(+3)
    (8, (0,), True, 6, 9), (9, (0,), True, 7, 10), (10, (0,), True, 7, 10), (11, (0,), True, 7, 10),
    (12, (0,), True, 8, 11),
    # 自摸押当 rows, (+4)
    (8, (2, 3), True, 8, 12), (8, (4, 5), True, 9, 13), (8, (6, 7, 8), True, 10, 14),
    (9, (2,), True, 8, 12), (9, (3, 4), True, 9, 13), (9, (5, 6, 7), True, 10, 14), (9, (8,), True, 11, 15),
    (10, (2, 3), True, 9, 13), (10, (4, 5, 6), True, 10, 14), (10, (7, 8), True, 11, 15),
    (11, (2,), True, 9, 13), (11, (3, 4, 5), True, 10, 14), (11, (6, 7), True, 11, 15), (11, (8,), True, 12, 16),
    (12, (2, 3, 4), True, 10, 14), (12, (5, 6), True, 11, 15), (12, (7, 8), True, 12, 16),
]


def _t315(groups: list[tuple[int, int]], ping: tuple[int, int], zimo: tuple[int, int]) -> list[tuple]:
    return [(z, (ya,), sd, *vals) for z, ya in groups for sd, vals in ((False, ping), (True, zimo))]


# seed 002 "芜湖麻将315算法表格图" — cells "平成 X（Y）  自摸 X（Y）" for the 支/押 listed before them
ROWS_315 = [
    *_t315([(8, 0)], (3, 4), (6, 9)),
    *_t315([(9, 0)], (3, 4), (7, 10)),
    *_t315([(10, 0)], (3, 4), (7, 10)),
    *_t315([(11, 0)], (3, 4), (7, 10)),
    *_t315([(12, 0)], (3, 4), (8, 11)),
    *_t315([(13, 0)], (4, 5), (8, 11)),
    *_t315([(8, 2)], (4, 6), (8, 12)),
    *_t315([(8, 3), (9, 2)], (4, 6), (8, 12)),
    *_t315([(8, 4), (9, 3), (10, 2)], (4, 6), (9, 13)),
    *_t315([(10, 8), (11, 7), (12, 6), (13, 5)], (6, 8), (11, 15)),
    *_t315([(11, 8), (12, 7), (13, 6)], (6, 8), (12, 16)),
    *_t315([(12, 8), (13, 7)], (6, 8), (12, 16)),
    *_t315([(13, 8)], (6, 8), (12, 16)),
    *_t315([(12, 2)], (5, 7), (10, 14)),
    *_t315([(8, 7), (9, 6), (10, 5), (11, 4), (12, 3), (13, 2)], (5, 7), (10, 14)),
    *_t315([(8, 8), (9, 7), (10, 6), (11, 5), (12, 4), (13, 3)], (5, 7), (10, 14)),
    # "8支押5  7）  9（13）": the 平成 cell lost its first number in the seed; its dealer-side 7 and the 自摸 cell stay
    (8, (5,), True, 9, 13),
    # "8支押6 9支押5 10支押4 11支押3  5（7）  11（15）": the 平成 cell; see test_315_row_sum_14_self_draw for 自摸
    *[(z, (ya,), False, 5, 7) for z, ya in ((8, 6), (9, 5), (10, 4), (11, 3))],
]


def _expand(rows: list[tuple]) -> list[tuple[int, int, bool, int, int]]:
    return [(z, ya, sd, a, d) for z, yas, sd, a, d in rows for ya in yas]


@pytest.mark.parametrize("zhi,ya,self_drawn,amount,dealer", _expand(EXAMPLES_2468))
def test_2468_worked_examples(zhi: int, ya: int, self_drawn: bool, amount: int, dealer: int) -> None:
    assert amounts(FORMULA_2468, zhi, ya, self_drawn) == (amount, dealer)


@pytest.mark.parametrize("zhi,ya,self_drawn,amount,dealer", _expand(_rows_2020()))
def test_2468_table_2020(zhi: int, ya: int, self_drawn: bool, amount: int, dealer: int) -> None:
    assert amounts(FORMULA_2468, zhi, ya, self_drawn) == (amount, dealer)


@pytest.mark.parametrize("zhi,ya,self_drawn,amount,dealer", _expand(ROWS_2468_FIRST))
def test_2468_table_first(zhi: int, ya: int, self_drawn: bool, amount: int, dealer: int) -> None:
    if (zhi, ya) in PRINTED_2468_FIRST:
        assert amount == PRINTED_2468_FIRST[(zhi, ya)]
    assert amounts(FORMULA_2468, zhi, ya, self_drawn) == (amount, dealer)


@pytest.mark.parametrize("zhi,ya,self_drawn,amount,dealer", _expand(ROWS_2468_COPY))
def test_2468_table_copy(zhi: int, ya: int, self_drawn: bool, amount: int, dealer: int) -> None:
    assert amounts(FORMULA_2468, zhi, ya, self_drawn) == (amount, dealer)


@pytest.mark.parametrize("zhi,ya,self_drawn,amount,dealer", _expand(ROWS_1234_TABLE))
def test_1234_table(zhi: int, ya: int, self_drawn: bool, amount: int, dealer: int) -> None:
    assert amounts(FORMULA_1234, zhi, ya, self_drawn) == (amount, dealer)


@pytest.mark.parametrize("zhi,ya,self_drawn,amount,dealer", _expand(ROWS_315))
def test_315_table(zhi: int, ya: int, self_drawn: bool, amount: int, dealer: int) -> None:
    assert amounts(FORMULA_1234, zhi, ya, self_drawn) == (amount, dealer)


def test_315_truncated_cell_dealer_side() -> None:
    # "8支押5  7）": only the dealer-side 7 of the 平成 cell survives in the seed
    assert amounts(FORMULA_1234, 8, 5, False)[1] == 7


def test_315_row_sum_14_self_draw() -> None:
    # The 315 table prints 自摸 11（15） after "8支押6 9支押5 10支押4 11支押3", but 10（14） for "12支押2", whose 支 + 押
    # is the same 14; the same seed's 1234 table ("芜湖麻将支数计算表": 自摸押当8支：押(6~8) … =6 10(+4)) gives
    # 10(+4) for 8支押6.  The table contradicts itself; the formula and the 1234 table say 10（14）.
    for zhi, ya in ((8, 6), (9, 5), (10, 4), (11, 3), (12, 2)):
        assert amounts(FORMULA_1234, zhi, ya, True) == (10, 14)


# --- whole hands ------------------------------------------------------------------------------------------

DEALER_WINS = dict(winner=0, dealer=0)
OTHER_WINS = dict(winner=1, dealer=0)


def ctx(**kw: object) -> WuhuContext:
    return WuhuContext.from_options(**kw)


# 9 万 (234 567 789m) + 123s + 55s: 支 = 9, no 嘴子 (not 通天), won on 5s (单吊: no 押 by default)
NINE_M = "234567789m123s5s5s"
STRAIGHT = "123456789m123s5s5s"  # 通天


def test_presets_and_classes() -> None:
    assert isinstance(get_ruleset("wuhu-2468"), Wuhu2468)
    assert isinstance(get_ruleset("wuhu-1234"), Wuhu1234)
    assert get_ruleset("wuhu-2468").config.ming_gang == 2
    assert get_ruleset("wuhu-1234").config.ming_gang == 1


@pytest.mark.parametrize("rules,ya,self_drawn,amount,dealer", [
    # 2020 table: 平胡 9支 7(+2); 押当9支：押(4~5) 11(+4); 自摸9支 15(+6); 自摸押当9支：押５ 22(+8)
    ("wuhu-2468", 0, False, 7, 9), ("wuhu-2468", 5, False, 11, 15),
    ("wuhu-2468", 0, True, 15, 21), ("wuhu-2468", 5, True, 22, 30),
    # 1234 table: 平胡 3(+1); 押当9支：押（4~8） 5(+2); 自摸(9~11)支 7(+3); 自摸押当9支：押(5~7) 10(+4)
    ("wuhu-1234", 0, False, 3, 4), ("wuhu-1234", 5, False, 5, 7),
    ("wuhu-1234", 0, True, 7, 10), ("wuhu-1234", 5, True, 10, 14),
])
def test_hand_with_given_ya(rules: str, ya: int, self_drawn: bool, amount: int, dealer: int) -> None:
    r = get_ruleset(rules).score(NINE_M, ctx(ya=ya, self_drawn=self_drawn, **OTHER_WINS))
    assert r.valid
    assert r.details["zhi"] == 9
    assert (r.total, r.details["dealer_amount"]) == (amount, dealer)
    assert sum(i.points for i in r.items) == r.total


def test_payments_non_dealer_winner() -> None:
    # spec §4: non-dealer wins → the dealer pays the dealer-side amount, the other two the amount
    r = get_ruleset("wuhu-2468").score(NINE_M, ctx(self_drawn=False, ya=0, **OTHER_WINS))
    assert r.payments == (-9, 7 + 7 + 9, -7, -7)
    assert sum(r.payments) == 0
    only_dealer = get_ruleset("wuhu-2468", non_dealer_win_payers="dealer").score(
        NINE_M, ctx(self_drawn=False, ya=0, **OTHER_WINS))
    assert only_dealer.payments == (-9, 9, 0, 0)


def test_payments_dealer_winner() -> None:
    # spec §4: dealer wins → each of the three pays the dealer-side amount
    r = get_ruleset("wuhu-2468").score(NINE_M, ctx(self_drawn=True, ya=0, **DEALER_WINS))
    assert r.payments == (63, -21, -21, -21)


def test_largest_suit_counts() -> None:
    # 6 万, 6 筒, 2 条: 支 = 6 < 8 — a legal shape but not a Wuhu win
    r = get_ruleset("wuhu-2468").score("123456m123456p5s5s", ctx(self_drawn=True))
    assert r.details["zhi"] == 6
    assert not r.valid and "8" in (r.invalid_reason or "")
    assert r.payments == (0, 0, 0, 0)
    ok = get_ruleset("wuhu-2468", min_zhi=6).score("123456m123456p5s5s", ctx(self_drawn=True))
    assert ok.valid


def test_honors_are_no_suit() -> None:
    # 123456789m EEE + 55m: 11 万; the winds add nothing to 支 (spec §1: 风牌不属任何支)
    r = get_ruleset("wuhu-2468").score("123456789mEEE5m5m", ctx(ya=0, self_drawn=False))
    assert r.details["zhi"] == 11


def test_kongs_2468() -> None:
    # seed 002 2468 五: 明杠加2个，暗杠加4个; a kong's 4 tiles count in 支 (kong_counts_four)
    # [5555m] + 123m 789m + 123s + 55s: 支 = 10 → 平胡 7(+2), + 暗杠 4 = 11, dealer 13
    r = get_ruleset("wuhu-2468").score("[5555m]123789m123s5s5s", ctx(ya=0, self_drawn=False, **OTHER_WINS))
    assert r.details["zhi"] == 10
    assert (r.total, r.details["dealer_amount"]) == (11, 13)
    # melded: + 2; self-draw: 10 + 6 = 16 (+6), the kong is not doubled ("自摸仅四活等嘴子翻倍") → 18, 24
    r = get_ruleset("wuhu-2468").score("[5555m,2]123789m123s5s5s", ctx(ya=0, self_drawn=True, **OTHER_WINS))
    assert (r.total, r.details["dealer_amount"]) == (18, 24)
    # counted as 3 tiles: 支 = 9 → 自摸 15 + 2 = 17
    r = get_ruleset("wuhu-2468", kong_counts_four=False).score("[5555m,2]123789m123s5s5s", ctx(ya=0, self_drawn=True))
    assert r.details["zhi"] == 9 and r.total == 17


def test_kongs_1234() -> None:
    # seed 002 1234 七 / 315 note: 明杠+1, 暗杆+2.  支 10 平胡 → 3(+1)
    r = get_ruleset("wuhu-1234").score("[5555m]123789m123s5s5s", ctx(ya=0, self_drawn=False, **OTHER_WINS))
    assert (r.total, r.details["dealer_amount"]) == (3 + 2, 4 + 2)
    r = get_ruleset("wuhu-1234").score("[5555m,3]123789m123s5s5s", ctx(ya=0, self_drawn=False, **OTHER_WINS))
    assert r.total == 3 + 1


FOUR_ALIVE = "111123m456m789p5p5p"  # 一万四活 (111m + 123m), 9 万


def test_zuizi_four_alive_2468() -> None:
    # seed 002 2468 五: 四活等嘴子加5个，自摸仅四活等嘴子翻倍
    r = get_ruleset("wuhu-2468").score(FOUR_ALIVE, ctx(ya=0, self_drawn=False, **OTHER_WINS))
    assert r.item("tile_hog") is not None
    assert (r.total, r.details["dealer_amount"]) == (7 + 5, 9 + 5)  # 平胡 9支 7(+2) + 5
    r = get_ruleset("wuhu-2468").score(FOUR_ALIVE, ctx(ya=0, self_drawn=True, **OTHER_WINS))
    assert (r.total, r.details["dealer_amount"]) == (15 + 10, 21 + 10)  # 自摸9支 15(+6) + 5 × 2


def test_zuizi_1234_note() -> None:
    # seed 002 315 note: 通天、四核、对对胡为嘴子，平成+2，自摸+4
    r = get_ruleset("wuhu-1234").score(FOUR_ALIVE, ctx(ya=0, self_drawn=False))
    assert r.total == 3 + 2
    r = get_ruleset("wuhu-1234").score(FOUR_ALIVE, ctx(ya=0, self_drawn=True))
    assert r.total == 7 + 4
    # the 1234 text's "四活等嘴子加4个" is the zuizi=4 option
    r = get_ruleset("wuhu-1234", zuizi=4).score(FOUR_ALIVE, ctx(ya=0, self_drawn=False))
    assert r.total == 3 + 4


def test_zuizi_straight_and_all_pungs() -> None:
    # 通天 123456789m + 123s + 55s
    r = get_ruleset("wuhu-1234").score(STRAIGHT, ctx(ya=0, self_drawn=False))
    assert r.item("pure_straight") is not None and r.total == 3 + 2
    assert get_ruleset("wuhu-1234").score(NINE_M, ctx(ya=0, self_drawn=False)).item("pure_straight") is None
    # 对对胡: 111m 555m 999m 222s 55s — 支 9, 平胡 3(+1) + 2
    r = get_ruleset("wuhu-1234").score("111555999m222s5s5s", ctx(ya=0, self_drawn=False))
    assert r.details["zhi"] == 9
    assert r.item("all_pungs") is not None and r.item("pure_straight") is None
    assert r.total == 3 + 2


def test_zuizi_half_flush() -> None:
    # spec §4: 混一色 is a 嘴子.  234m 567m 888m EEE + 55m: 11 万 and a wind pung
    r = get_ruleset("wuhu-2468").score("234567888mEEE5m5m", ctx(ya=0, self_drawn=False))
    assert r.item("half_flush") is not None
    assert r.total == 8 + 5  # 平胡 11支 8(+2) + 5


def test_kong_bloom_1234() -> None:
    # seed 002 315 note: 杠后开花也算嘴子，明杠+4，暗杆+5（已包括杠） — on top of 自摸 支 10 → 7(+3)
    r = get_ruleset("wuhu-1234").score("[5555m,2]123789m123s5s5s", ctx(ya=0, self_drawn=True, kong_replacement=True))
    assert r.total == 7 + 4
    r = get_ruleset("wuhu-1234").score("[5555m]123789m123s5s5s", ctx(ya=0, self_drawn=True, kong_replacement=True))
    assert r.total == 7 + 5


def test_kong_bloom_needs_a_kong() -> None:
    with pytest.raises(ContextError, match="kong"):
        get_ruleset("wuhu-2468").score(NINE_M, ctx(self_drawn=True, kong_replacement=True))


def test_derived_ya_closed_wait() -> None:
    # 57m + 6m (卡): 押 = 6 by default; 9 万: 押当9支：押（6~7） 12(+4)
    r = get_ruleset("wuhu-2468").score("23457789m123s55s6m", ctx(self_drawn=False))
    assert r.wait == "closed" and r.details["ya"] == 6
    assert (r.total, r.details["dealer_amount"]) == (12, 16)


def test_derived_ya_picks_best_reading() -> None:
    # 2 3 3 4 4 5 m: the winning 3m is the middle of 234 (卡, 押3) or the end of 345 (两头, no 押): 押3 is worth more
    r = get_ruleset("wuhu-2468").score("23445789m123s55s3m", ctx(self_drawn=False))
    assert r.wait == "closed" and r.details["ya"] == 3
    assert r.total == 10  # 押当9支：押（2~3） 10(+4)


def test_derived_ya_options() -> None:
    edge = "12456789m123s55s3m"  # 12m + 3m: 边
    assert get_ruleset("wuhu-2468").score(edge, ctx(self_drawn=False)).details["ya"] == 0
    r = get_ruleset("wuhu-2468", ya_from_edge=True).score(edge, ctx(self_drawn=False))
    assert r.details["ya"] == 3 and r.wait == "edge"
    single = NINE_M
    assert get_ruleset("wuhu-2468").score(single, ctx(self_drawn=False)).details["ya"] == 0
    assert get_ruleset("wuhu-2468", ya_from_single=True).score(single, ctx(self_drawn=False)).details["ya"] == 5
    # derive_ya off: no 押 unless given
    assert get_ruleset("wuhu-2468", derive_ya=False).score("23457789m123s55s6m", ctx()).details["ya"] == 0
    # a given 押 wins over the derivation
    assert get_ruleset("wuhu-2468").score("23457789m123s55s6m", ctx(ya=0, self_drawn=False)).details["ya"] == 0


def test_context_from_options_plain_values() -> None:
    c = WuhuContext.from_options(ya="6", self_drawn="false", winner="2", dealer="0")
    assert c.ya == 6 and c.discarder == 1 and c.winner == 2
    assert WuhuContext.from_options(ya="none").ya is None
    with pytest.raises(ContextError, match="ya"):
        WuhuContext.from_options(ya=1)
    with pytest.raises(ContextError, match="ya"):
        WuhuContext.from_options(ya=9)
    with pytest.raises(ContextError, match="unknown win fact"):
        WuhuContext.from_options(yaa=2)
    with pytest.raises(ContextError):
        WuhuContext.from_options(ya="lots")


def test_plain_win_context_accepted() -> None:
    r = get_ruleset("wuhu-2468").score(NINE_M, WinContext(winner=1, discarder=2))
    assert r.details["ya"] == 0 and r.total == 7


def test_bad_input() -> None:
    with pytest.raises(NotWinningError):
        get_ruleset("wuhu-2468").score("123456789m124s5s5s", ctx())
    with pytest.raises(HandError):
        get_ruleset("wuhu-2468").score("123456789m12s5s5s", ctx())
    with pytest.raises(HandError, match="flowers"):
        get_ruleset("wuhu-2468").score(NINE_M + " f1", ctx())
    with pytest.raises(RulesError):
        get_ruleset("wuhu-2468", non_dealer_win_payers="nobody")
    with pytest.raises(RulesError):
        get_ruleset("wuhu-1234", zuizi=-1)
    with pytest.raises(RulesError, match="unknown option"):
        get_ruleset("wuhu-1234", zhuizi=1)


def test_options_documented() -> None:
    for name in ("wuhu-2468", "wuhu-1234"):
        for opt, _, doc in get_ruleset(name).describe_options():
            assert "Default" in doc and "source" in doc, opt


def test_cli_score_json(capsys: pytest.CaptureFixture[str]) -> None:
    # `mahjong score --rules wuhu-2468 … --context ya=4`: 押当9支：押(4~5) 11(+4); the dealer (seat 0) pays 15
    import json

    from mahjong.cli import main

    rc = main(["score", "--rules", "wuhu-2468", NINE_M, "--winner", "1", "--discarder", "0", "--context", "ya=4",
               "--json"])
    assert rc == 0
    out = json.loads(capsys.readouterr().out)
    assert out["total"] == 11 and out["details"]["dealer_amount"] == 15
    assert [p["amount"] for p in out["payments"]] == [-15, 37, -11, -11]


def test_best_reading_for_zuizi() -> None:
    # 111 222 333m reads as three pungs (对对胡, a 嘴子) or as 123m ×3 (nothing): the scorer keeps the 嘴子.
    # 1234: 9支 平胡 3(+1) + 对对胡 2
    r = get_ruleset("wuhu-1234").score("111222333m999p5s5s", ctx(ya=0, self_drawn=False))
    assert r.item("all_pungs") is not None
    assert r.total == 5 and r.details["dealer_amount"] == 6


def test_four_alive_across_a_meld() -> None:
    # "123m + 111m 一万四活" with the 111m claimed: still four 一万 in the hand, none of them a kong
    r = get_ruleset("wuhu-2468").score("[111m,2]123456m789p5p5p", ctx(ya=0, self_drawn=False))
    assert r.item("tile_hog") is not None and r.total == 7 + 5
    # a kong is not 四活
    r = get_ruleset("wuhu-2468").score("[1111m,2]234567m789p5p5p", ctx(ya=0, self_drawn=False))
    assert r.item("tile_hog") is None


def test_settlement_of_a_record() -> None:
    # seat 1 wins on the dealer's discard with 押4 given: 11 / 15 (押当9支：押(4~5) 11(+4))
    from mahjong.settlement import HandRecord, Win, settle

    s = settle(HandRecord("wuhu-2468", (Win(1, NINE_M, discarder=0, flags={"ya": 4}),)))
    assert s.net == (-15, 37, -11, -11)


def test_seven_pairs_option() -> None:
    # 七对 is not a Wuhu hand by default; with the option it is (支 = 10 万 here: 平胡 10支 7(+2))
    hand = "1133557799m22p44p"
    with pytest.raises(NotWinningError):
        get_ruleset("wuhu-2468").score(hand, ctx(ya=0, self_drawn=False))
    r = get_ruleset("wuhu-2468", seven_pairs=True).score(hand, ctx(ya=0, self_drawn=False))
    assert r.details["zhi"] == 10 and r.total == 7



@settings(max_examples=60, deadline=None)
@given(zhi=st.integers(8, 14), ya=st.sampled_from((0, 2, 3, 4, 5, 6, 7, 8)), self_drawn=st.booleans(),
       rules=st.sampled_from(("wuhu-2468", "wuhu-1234")), winner=st.integers(0, 3), dealer=st.integers(0, 3))
def test_formula_properties(zhi: int, ya: int, self_drawn: bool, rules: str, winner: int, dealer: int) -> None:
    # seed 002: 头家 adds the 番 once more; more 支 or more 押 never pays less; a self-draw pays more than a
    # discard; payments are zero-sum and only the dealer-side amount involves the dealer
    from mahjong.rulesets.wuhu import WinType

    f = FORMULA_2468 if rules == "wuhu-2468" else FORMULA_1234
    amount, dealer_amount = amounts(f, zhi, ya, self_drawn)
    assert dealer_amount - amount == f.fan[WinType.of(self_drawn, ya)]
    if zhi < 14:
        assert amounts(f, zhi + 1, ya, self_drawn)[0] >= amount
    if 2 <= ya < 8:
        assert amounts(f, zhi, ya + 1, self_drawn)[0] >= amount
    assert amounts(f, zhi, ya, True)[0] > amounts(f, zhi, ya, False)[0]
    discarder = None if self_drawn else (winner + 1) % 4
    r = get_ruleset(rules).score(NINE_M, WuhuContext(winner=winner, dealer=dealer, discarder=discarder, ya=ya))
    assert sum(r.payments) == 0
    for seat, p in enumerate(r.payments):
        if seat == winner:
            continue
        expected = r.details["dealer_amount"] if dealer in (seat, winner) else r.details["amount"]
        assert p == -expected
