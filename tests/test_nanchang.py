"""Nanchang 南昌: every expected value here is worked out by hand from seed 000 ("南昌麻将速成") or
shared/specs/nanchang.md (cited per test), never copied from the scorer's output."""

from __future__ import annotations

import itertools
import json

import pytest

import mahjong
from mahjong.errors import ContextError, MahjongError, NotWinningError, RulesError
from mahjong.framework import ScoreItem, WinContext, get_ruleset
from mahjong.hand import Hand, parse_hand
from mahjong.rulebook.reading import build_reading
from mahjong.rulesets.nanchang import (
    Nanchang,
    NanchangContext,
    chongguan,
    jing_tiles,
    next_tile,
)
from mahjong.settlement import settle
from mahjong.tiles import parse_tiles


def T(s: str) -> int:
    (t,) = parse_tiles(s)
    return t


NC = Nanchang()

# 123m 456p 789s, the honor sequence 东南西 and a pair of 中 — no 9p or 1p in it (the 精 of indicator 9p).
PLAIN = "123m456p789sESWCC"


def ctx(**kw):  # type: ignore[no-untyped-def]
    kw.setdefault("winner", 1)
    kw.setdefault("dealer", 0)
    return NanchangContext.from_options(**kw)


# --- choosing the 精 (seed: 首尾循环; spec §1) -------------------------------------------------------------------


@pytest.mark.parametrize(
    "tile, nxt",
    [("1m", "2m"), ("9m", "1m"), ("9p", "1p"), ("9s", "1s"), ("5s", "6s"),
     ("E", "S"), ("S", "W"), ("W", "N"), ("N", "E"), ("C", "F"), ("F", "P"), ("P", "C")],
)
def test_next_tile_wraps_first_and_last(tile: str, nxt: str) -> None:
    # seed 000: "顺序：1、2…8、9；东南西北、中发白，首尾循环"
    assert next_tile(T(tile)) == T(nxt)
    assert jing_tiles(T(tile)) == (T(tile), T(nxt))  # 翻开的牌为正精, the next one 副精


def test_four_zheng_jing_in_one_hand_is_impossible() -> None:
    # seed: "一副牌里有7张精，翻开的那张不算" — only 3 copies of the 正精 are in play
    with pytest.raises(ContextError, match="flipped indicator"):
        NC.score("[5555m]123p456p789sCC", ctx(indicator="5m", discarder=2))


def test_jing_held_cannot_exceed_seven() -> None:
    with pytest.raises(ContextError, match="3 正精"):
        NanchangContext(indicator=0, jing_held=((2, 0), (0, 0), (2, 0), (0, 0)))
    with pytest.raises(ContextError, match="4 副精"):
        NanchangContext(indicator=0, jing_held=((0, 3), (0, 0), (0, 2), (0, 0)))


# --- 冲关 (seed table) and the 精 settlement (spec §2c) -------------------------------------------------------------


def test_chongguan_seed_table() -> None:
    # seed 000: 5子乘2即10子；6子乘3即18子；7子乘4即28子；8子乘5即40子；9子乘6即54子；10子乘7即70子
    assert [chongguan(n) for n in range(5, 11)] == [10, 18, 28, 40, 54, 70]
    assert [chongguan(n) for n in range(0, 5)] == [0, 1, 2, 3, 4]
    assert chongguan(5, threshold=6) == 5 and chongguan(6, threshold=6) == 18


def test_chongguan_never_takes_points_away() -> None:
    # from the lowest threshold the option allows, n × (n − 3) is never less than n; a lower one is refused by name
    # (at 2, one 精 would have been worth −2 and the drawn hand's settlement failed)
    assert all(chongguan(n, threshold=4) >= n for n in range(0, 40))
    with pytest.raises(RulesError, match="chongguan_threshold must be at least 4"):
        get_ruleset("nanchang", chongguan_threshold=3)
    from mahjong.game import Game

    with pytest.raises(RulesError, match="chongguan_threshold"):
        Game("nanchang", options={"chongguan_threshold": 0})


def test_jing_points_bawang_and_chongguan() -> None:
    # seat 2 alone holds the three 正精: 3 × 2 = 6 子 → 冲关 6 × 3 = 18 → 霸王精 ×2 = 36 (seed 霸王精 "还需翻番")
    pts = NC.jing_points([(0, 0), (0, 0), (3, 0), (0, 0)], [False] * 4)
    assert pts == [0, 0, 36, 0]
    # each other seat pays it 36
    assert NC.jing_settlement(pts) == (-36, -36, 108, -36)
    # S3's own example has no 霸王 doubling: option bawang_multiplier=1
    assert Nanchang(bawang_multiplier=1).jing_points([(0, 0), (0, 0), (3, 0), (0, 0)], [False] * 4) == [0, 0, 18, 0]


def test_jing_points_two_holders_and_jing_kong() -> None:
    # seat 0: 1 正精 + 1 副精 = 3; seat 3: a 精杠 of the four 副精 = 4 + 10 (S2/S3 精杠 bonus) = 14 → 14 × 11 = 154
    pts = NC.jing_points([(1, 0), (0, 0), (0, 0), (0, 4)], [False, False, False, True])
    assert pts == [2, 0, 0, 154]
    assert NC.jing_settlement(pts) == (2 * 3 - 154, -156, -156, 154 * 3 - 2)
    # without the 精杠 bonus (seed is silent): 4 副精 = 4 子, below 冲关
    assert Nanchang(jing_kong_bonus=0).jing_points([(1, 0), (0, 0), (0, 0), (0, 4)], [False] * 3 + [True]) == [2, 0, 0, 4]


# --- shapes: honor sequences, 七对, 十三烂, 七星十三烂 (seed 000 特色 一 to 三) ---------------------------------------------


def test_honor_sequences_are_chows() -> None:
    # seed: "东风西风北风、中发白都是顺子"
    r = NC.score("123m456p789sEWNPP", ctx(self_drawn=True))
    assert r.item("basic_win") is not None
    r = NC.score("123m456pEWNCFPSS", ctx(self_drawn=True))
    assert r.item("basic_win") is not None


def test_wind_and_dragon_mixed_is_not_a_chow() -> None:
    # seed: "但东风、西风、中不是顺子"
    with pytest.raises(NotWinningError):
        NC.score("123m456p789sEWCPP", ctx(self_drawn=True))


@pytest.mark.parametrize("hand", ["147m269p158sENCFP", "258m18p259sEWNCFP"])
def test_seed_thirteen_lan_examples(hand: str) -> None:
    # seed 000 (二) 十三烂 examples: 一四七万、二六九筒、一五八索、东北、中发白 / 二五八万、一八筒、二五九索、东西北、中发白
    r = NC.score(hand, ctx(self_drawn=True))
    assert r.items[0].key == "thirteen_misfits" and r.items[0].value == 2  # spec §2a: 十三烂 ×2


def test_thirteen_lan_needs_gaps_of_three() -> None:
    # 1m and 3m are only 2 apart (间隔大于等于3 fails)
    with pytest.raises(NotWinningError):
        NC.score("137m269p158sENCFP", ctx(self_drawn=True))


def test_seven_star_thirteen_lan_natural() -> None:
    # seed (三) 七星十三烂: 东西南北中发白 once each → spec §2a ×4
    r = NC.score("147m258p9sESWNCFP", ctx(self_drawn=True))
    assert r.items[0].key == "seven_star_thirteen_misfits" and r.items[0].value == 4


def test_seven_star_honor_may_not_be_a_jing_substitute() -> None:
    # indicator 9m: 正精 9m, 副精 1m.  47m 258p 36s 东南西北中发 + a 9m 精: the 精 must stand for 白 to make 七星, which
    # the seed forbids ("这几张牌不能用精牌来代替"); as 1m or 9s it makes a plain 十三烂 (×2).  At face value 9m is only
    # 2 from 7m, so no 德国.  Self-drawn by seat 1, dealer 0: dealer pays 2·2·2 = 8, the others 2·2 = 4.
    hand = "47m258p36sESWNCF9m"
    r = NC.score(hand, ctx(indicator="9m", self_drawn=True))
    assert r.items[0].key == "thirteen_misfits" and r.total == 2
    assert r.details["win_payments"] == [-8, 16, -4, -4]
    # the restriction as an option: allowed → 七星 ×4
    r = Nanchang(seven_star_honors_natural=False).score(hand, ctx(indicator="9m", self_drawn=True))
    assert r.items[0].key == "seven_star_thirteen_misfits" and r.total == 4


def test_seven_star_with_jing_at_face_value_is_deguo() -> None:
    # indicator W: 正精 西, 副精 北.  The hand's own 西 and 北 are 精 used at face value (还原): not substitutes, so
    # 七星 ×4 stands and no 精 acted as a wildcard: 德国; nobody else holds 精: 德中德 ×4 → M = 16 (spec §2a).
    r = NC.score("147m258p9sESWNCFP", ctx(indicator="W", self_drawn=True))
    assert [i.key for i in r.items[:2]] == ["seven_star_thirteen_misfits", "doubly_clean_hand"]
    assert r.total == 16
    # seat 1 self-draws: dealer 2·16·2 + 5 = 69, others 2·16 + 5 = 37 (spec §2b)
    assert r.details["win_payments"] == [-69, 143, -37, -37]
    # if a 精 at face value still counts as used, the 精 西/北 are substitutes for honors → plain 十三烂, no 德国
    r = Nanchang(jing_at_face_value=False).score("147m258p9sESWNCFP", ctx(indicator="W", self_drawn=True))
    assert r.items[0].key == "thirteen_misfits" and r.total == 2


def test_seven_pairs_and_all_pungs() -> None:
    # spec §2a: 小七对 ×2; 大七对 (all pungs) ×2, S2 ×4
    assert NC.score("1133m5577p99sEECC", ctx(self_drawn=True)).items[0].key == "seven_pairs"
    r = NC.score("111m222p333sEEECC", ctx(self_drawn=True))
    assert r.items[0].key == "all_pungs" and r.items[0].value == 2
    r = Nanchang(big_seven_pairs_multiplier=4).score("111m222p333sEEECC", ctx(self_drawn=True))
    assert r.items[0].value == 4
    # an exposed chow spoils all-pungs
    assert NC.score("[123m,1]222p333sEEECC", ctx(self_drawn=True)).items[0].key == "basic_win"


# --- payments (spec §2b) -----------------------------------------------------------------------------------------


OTHERS_HOLD = ((1, 0), (0, 0), (0, 0), (0, 0))  # the dealer holds one 正精: 德国 but not 德中德


def test_deguo_discard_s3_worked_example() -> None:
    # spec §2b / S3 worked example: "German off a discard: discarder 2 × 2 + 5 = 9, the other two 1 × 2 + 5 = 7 each
    # → 23" — S3 charges +5 to every loser and does not double a non-discarding dealer.
    rs = Nanchang(deguo_bonus_payers="all", dealer_doubling="winner_or_discarder")
    r = rs.score(PLAIN, ctx(indicator="9p", discarder=2, jing_held=OTHERS_HOLD))
    assert r.item("clean_hand") is not None and r.item("doubly_clean_hand") is None
    assert r.details["win_payments"] == [-7, 23, -9, -7]
    # the 精 settlement is separate: the dealer alone holds 精 (2 子, 霸王 ×2 = 4) and collects 4 from each
    assert r.details["jing_settlement"] == [12, -4, -4, -4]
    assert r.payments == (5, 19, -13, -11)


def test_deguo_discard_seed_s1_plus_five_only_from_discarder() -> None:
    # spec §2b: seed + S1 say only the discarder adds 5: 9 / 2 / 2 = 13 (with S3's dealer rule)
    rs = Nanchang(dealer_doubling="winner_or_discarder")
    r = rs.score(PLAIN, ctx(indicator="9p", discarder=2, jing_held=OTHERS_HOLD))
    assert r.details["win_payments"] == [-2, 13, -9, -2]
    # adopted default: the dealer's share is doubled as a payer: 1·2·2 = 4
    r = NC.score(PLAIN, ctx(indicator="9p", discarder=2, jing_held=OTHERS_HOLD))
    assert r.details["win_payments"] == [-4, 15, -9, -2]
    assert sum(r.payments) == 0


def test_dezhongde_self_draw() -> None:
    # nobody holds any 精: 德中德 ×4; self-drawn by seat 1: dealer 2·4·2 + 5 = 21, others 2·4 + 5 = 13 (seed: 自摸每家
    # 都额外再支付5个子)
    r = NC.score(PLAIN, ctx(indicator="9p", self_drawn=True))
    assert r.item("doubly_clean_hand") is not None and r.total == 4
    assert r.payments == (-21, 47, -13, -13)


def test_s3_plain_self_draw_and_dealer_seven_pairs() -> None:
    # S3 worked examples (spec §2b source): "Plain self-draw: 2 from each player → 6 points" (S3 does not double the
    # dealer paying a non-dealer's self-draw).  Indicator 5m: the 5m is a 精 standing for 中 — not 德国, M = 1.
    s3 = Nanchang(dealer_doubling="winner_or_discarder")
    r = s3.score("123m456p789sESWC5m", ctx(indicator="5m", self_drawn=True))
    assert r.total == 1 and r.details["win_payments"] == [-2, 6, -2, -2]
    # adopted default doubles the dealer's share: 4 + 2 + 2 = 8
    assert NC.score("123m456p789sESWC5m", ctx(indicator="5m", self_drawn=True)).details["win_payments"] == [-4, 8, -2, -2]
    # "Dealer self-draws a Seven Pairs hand: 2 × 2 (pairs) × 2 (dealer) = 8 from each player → 24 points".
    # 11m 33m 55p 77p 99s 东东 and 中 + a 精 (5m) as the second 中.
    r = s3.score("11335m5577p99sECE", ctx(indicator="5m", self_drawn=True, winner=0))
    assert r.items[0].key == "seven_pairs" and r.total == 2
    assert r.details["win_payments"] == [24, -8, -8, -8]


def test_the_winner_does_not_always_win() -> None:
    # seed: "胡牌者不一定赢、放炮者不一定输".  Seat 1 wins 七对 (×2, a 精 standing for 中) on seat 2's discard:
    # seat 2 pays 2·2 = 4, the dealer (seat 0) 1·2·2 = 4, seat 3 1·2 = 2 → +10.
    # 精: the winner holds one 正精 (5m) = 2 子; seat 3 holds the other two 正精 and all four 副精 = 8 子 → 冲关 40.
    # Settlement: winner 2·3 − 40 = −34 → net −24; seat 3: 40·3 − 2 − 2 (its win share) = 116.
    r = NC.score("11335m5577p99sECE", ctx(indicator="5m", discarder=2, jing_held=((0, 0), (1, 0), (0, 0), (2, 4))))
    assert r.details["win_payments"] == [-4, 10, -4, -2]
    assert r.details["jing_points"] == [0, 2, 0, 40]
    assert r.payments == (-46, -24, -46, 116)


def test_jing_diao() -> None:
    # seed 精钓: 5m (a 精) + 4 sets waits on any tile; self-drawn 9m: M = 平胡 1 × 精钓 2 = 2.
    # seat 1 self-draws: dealer 2·2·2 = 8, others 2·2 = 4.
    r = NC.score("123p456p789sESW59m", ctx(indicator="5m", self_drawn=True))
    assert r.item("wildcard_single_wait") is not None and r.total == 2
    assert r.details["win_payments"] == [-8, 16, -4, -4]
    # seven-pairs shape (seed: "七对牌型也可"): 6 pairs + 精 drawing 中: 七对 2 × 精钓 2 = 4; dealer wins: 2·4·2 = 16 each
    r = NC.score("11335m5577p99sEEC", ctx(indicator="5m", self_drawn=True, winner=0))
    assert r.item("wildcard_single_wait") is not None and r.total == 4
    assert r.details["win_payments"] == [48, -16, -16, -16]


def test_jing_diao_on_a_discard_is_not_jing_diao() -> None:
    # seed: "吃别人的炮不算精钓，只能算点炮"; and 平胡 with a 精 substitute may only be self-drawn (S1, S2)
    with pytest.raises(NotWinningError, match="plain win that uses jing"):
        NC.score("123p456p789sESW59m", ctx(indicator="5m", discarder=2))
    r = Nanchang(pinghu_with_jing_ron_allowed=True).score("123p456p789sESW59m", ctx(indicator="5m", discarder=2))
    assert r.item("wildcard_single_wait") is None and r.total == 1
    assert r.details["win_payments"] == [-2, 5, -2, -1]  # discarder 2, dealer 1·2, seat 3 1


def test_discarded_jing_is_a_plain_tile() -> None:
    # winning on a discarded 5m (正精 of indicator 5m): it is a plain 5m by default, so 平胡 needs no substitute and
    # no 精 was used as a wildcard: 德国 ×2 (the hand's other 精 count for 精 settlement only).
    r = NC.score("123p456p789sESW55m", ctx(indicator="5m", discarder=2, jing_held=((0, 0), (2, 0), (0, 0), (1, 0))))
    assert r.total == 2 and r.item("clean_hand") is not None


def test_heavenly_win_is_flat_twenty() -> None:
    # spec §2a: 天胡 / 地胡 flat 20 per payer, nothing else (no dealer ×2, no +5)
    r = NC.score(PLAIN, ctx(indicator="9p", self_drawn=True, winner=0, heavenly=True))
    assert r.details["win_payments"] == [60, -20, -20, -20]


def test_robbing_kong_and_kong_flower() -> None:
    # 抢杠 ×2 with 德国 ×2 (the dealer holds a 精): M = 4.  Seat 2 konged: 2·4 + 5 = 13, dealer 1·4·2 = 8, seat 3 4.
    r = NC.score(PLAIN, ctx(indicator="9p", discarder=2, robbing_kong=True, jing_held=OTHERS_HOLD))
    assert r.total == 4 and r.details["win_payments"] == [-8, 25, -13, -4]
    # S3: the konger pays all three shares
    r = Nanchang(robbing_kong_konger_pays_all=True).score(
        PLAIN, ctx(indicator="9p", discarder=2, robbing_kong=True, jing_held=OTHERS_HOLD))
    assert r.details["win_payments"] == [0, 25, -25, 0]
    # 杠开 ×2 needs a kong
    r = NC.score("[1111m]456p789sESWCC", ctx(self_drawn=True, kong_replacement=True))
    assert r.item("out_with_replacement_tile") is not None and r.item("out_with_replacement_tile").value == 2
    assert Nanchang(kong_flower_multiplier=4).score(
        "[1111m]456p789sESWCC", ctx(self_drawn=True, kong_replacement=True)).item("out_with_replacement_tile").value == 4
    with pytest.raises(ContextError, match="kong"):
        NC.score(PLAIN, ctx(self_drawn=True, kong_replacement=True))


def test_discarder_only_and_cap_options() -> None:
    # S1 点炮一家付: only the discarder pays 2·M (+5 德国): 2·2 + 5 = 9
    r = Nanchang(discard_payment="discarder_only").score(PLAIN, ctx(indicator="9p", discarder=2, jing_held=OTHERS_HOLD))
    assert r.details["win_payments"] == [0, 9, -9, 0]
    # S1 300封顶 style cap, here 10: 21 / 13 / 13 → 10 each
    r = Nanchang(cap_per_payer=10).score(PLAIN, ctx(indicator="9p", self_drawn=True))
    assert r.details["win_payments"] == [-10, 30, -10, -10]


def test_payments_zero_sum_over_many_contexts() -> None:
    hands = [PLAIN, "11335m5577p99sECE", "147m258p9sESWNCFP", "123p456p789sESW59m"]
    for hand, winner, disc, ind in itertools.product(hands, range(4), [None, 0, 1, 2, 3], ["5m", "9p", "W", None]):
        if disc == winner:
            continue
        try:
            r = NC.score(hand, NanchangContext(winner=winner, discarder=disc, dealer=2, indicator=T(ind) if ind else None))
        except NotWinningError:
            continue
        assert sum(r.payments) == 0
        assert sum(r.details["jing_settlement"]) == 0


# --- wildcard search vs brute-force substitution ------------------------------------------------------------------

WILDCARD_KEYS = {"clean_hand", "doubly_clean_hand", "wildcard_single_wait", "clean_pairs_double"}
NEUTRAL = Nanchang(seven_star_honors_natural=False, pinghu_with_jing_ron_allowed=True)


def _readings(rs: Nanchang, h: Hand, c: NanchangContext) -> tuple[list[list[ScoreItem]], None]:
    """The items of every reading of a self-drawn hand that the book lets win (its rows counted on each)."""
    kinds = rs.wildcard_kinds(c)
    opts = rs._options()
    out = []
    for d in rs.readings(h, kinds):
        v = build_reading(h, d, c, rs.hand_rules, kinds, {"others_hold_wildcards": False, "waited_on_any_tile": False})
        env = rs._reading_env(v, opts)
        lines = rs.count_rows(v, opts, env)
        if rs._refusal(env, lines) is None:
            out.append(rs._items(lines, v, opts))
    return out, None


def _neutral_best(readings) -> int:  # type: ignore[no-untyped-def]
    best = 0
    for items in readings:
        m = 1
        for it in items:
            if it.unit == "x" and it.key not in WILDCARD_KEYS:
                m *= it.value
        best = max(best, m)
    return best


@pytest.mark.parametrize(
    "hand, indicator",
    [
        ("123m46p789sESW1pCC", "9p"),  # one 精 (1p, 副精) completing 456p or ...
        ("123m46p78sESWCC9p1p", "9p"),  # two 精
        ("1133m557p99sEECC9p", "9p"),  # seven pairs with a 精
        ("147m258p36sESWNC9p", "9p"),  # 十三烂 with a 精
        ("1m4m7m2p5p3sESWNCF9p1p", "9p"),  # 十三烂 / 七星 with two 精
        ("111m22p333sEEE9pCC", "9p"),  # all pungs with a 精
    ],
)
def test_wildcard_readings_equal_brute_force(hand: str, indicator: str) -> None:
    h = parse_hand(hand)
    c = ctx(indicator=indicator, self_drawn=True)
    readings, _ = _readings(NEUTRAL, h, c)
    scorer_best = _neutral_best(readings)
    zheng, fu = jing_tiles(T(indicator))
    natural = [t for t in h.concealed if t not in (zheng, fu)]
    k = len(h.concealed) - len(natural)
    assert k >= 1
    brute = 0
    for combo in itertools.combinations_with_replacement(range(34), k):
        tiles = natural + list(combo)
        if max(tiles.count(t) for t in set(tiles)) > 4:
            continue
        nh = Hand(tuple(tiles), h.melds, (), h.win_tile if h.win_tile in natural else combo[0])
        try:
            rs, _ = _readings(NEUTRAL, nh, ctx(indicator=None, self_drawn=True))
        except NotWinningError:
            continue
        brute = max(brute, _neutral_best(rs))
    assert brute > 0
    assert scorer_best == brute


# --- contexts, options, errors, registry, settlement ---------------------------------------------------------------


def test_from_options_and_plain_context() -> None:
    c = NanchangContext.from_options(indicator="5m", self_drawn=False, winner=2)
    assert c.indicator == T("5m") and c.discarder == 1 and c.winner == 2
    assert NanchangContext.from_options(indicator="北").indicator == T("N")
    assert NanchangContext.from_options(wildcard_tile="C").indicator == T("C")
    # a plain WinContext means no 精 in play
    r = NC.score(PLAIN, WinContext(winner=1, discarder=2))
    assert r.details["jing"] is None


@pytest.mark.parametrize(
    "kwargs",
    [
        {"indicator": 34},
        {"indicator": "5m5m"},
        {"indicator": 0, "jing_held": ((0, 0),) * 3},
        {"indicator": 0, "jing_held": ((-1, 0), (0, 0), (0, 0), (0, 0))},
        {"jing_held": ((0, 0),) * 4},
        {"indicator": 0, "jing_kongs": (5,)},
        {"indicator": 0, "jing_kongs": (2,)},
        {"indicator": 0, "jing_kongs": (2,), "jing_held": ((0, 0), (0, 0), (0, 3), (0, 0))},
    ],
)
def test_bad_context(kwargs: dict) -> None:  # type: ignore[type-arg]
    with pytest.raises(MahjongError):
        NanchangContext(**kwargs)


def test_winner_jing_held_must_match_hand() -> None:
    with pytest.raises(ContextError, match="winner holds"):
        NC.score(PLAIN, ctx(indicator="9p", self_drawn=True, jing_held=((0, 0), (1, 0), (0, 0), (0, 0))))


@pytest.mark.parametrize(
    "opts", [{"dealer_doubling": "sometimes"}, {"big_seven_pairs_multiplier": 0}, {"cap_per_payer": 0},
             {"jing_kong_bonus": -1}, {"no_such_option": 1}, {"seven_pairs_quad_as_two": 1}],
)
def test_bad_options(opts: dict) -> None:  # type: ignore[type-arg]
    with pytest.raises(RulesError):
        Nanchang(**opts)


def test_not_winning_and_bad_size() -> None:
    with pytest.raises(NotWinningError):
        NC.score("123m456p789sESWCF", ctx(self_drawn=True))
    with pytest.raises(mahjong.HandError):
        NC.score("123m456p789sESWC", ctx(self_drawn=True))


def test_registry_and_settlement_record() -> None:
    rs = get_ruleset("nanchang", deguo_bonus_payers="all")
    assert isinstance(rs, Nanchang) and rs.config.deguo_bonus_payers == "all"
    record = {
        "ruleset": "nanchang",
        "dealer": 0,
        "events": [{"type": "win", "seat": 1, "hand": PLAIN, "discarder": 2, "indicator": "9p",
                    "jing_held": [[1, 0], [0, 0], [0, 0], [0, 0]]}],
    }
    s = settle(json.dumps(record))
    # = test_deguo_discard_seed_s1_plus_five_only_from_discarder (default) + the dealer's 霸王精 (4 from each)
    assert s.net == (-4 + 12, 15 - 4, -9 - 4, -2 - 4)


def test_kong_payments_options() -> None:
    # spec §2c: S3 pays 1 from each for a melded/added kong, 2 from each for a concealed one; S2 2 for any kong;
    # the seed is silent (default: none).  A 黄庄 with two kongs: seat 1 concealed, seat 2 melded on seat 0's discard.
    def record(mode: str) -> dict:  # type: ignore[type-arg]
        return {"ruleset": "nanchang", "options": {"kong_payments": mode}, "events": [
            {"type": "kong", "seat": 1, "kind": "concealed", "tile": "5p"},
            {"type": "kong", "seat": 2, "kind": "melded", "tile": "3s", "from_seat": 0},
            {"type": "draw"}]}
    assert settle(record("s3")).net == (-3, 5, 1, -3)
    assert settle(record("s2")).net == (-4, 4, 4, -4)
    assert settle(record("none")).net == (0, 0, 0, 0)


def test_s2_payment_unit() -> None:
    # S2: "点炮玩家给2×2分，其他玩家各给2分" — a plain hand (M = 1: the 5m 精 stands for 西) on seat 2's discard
    rs = Nanchang(payment_unit=2, dealer_doubling="winner_or_discarder", pinghu_with_jing_ron_allowed=True)
    r = rs.score("123m456p789sES5mCC", ctx(indicator="5m", discarder=2))
    assert r.total == 1 and r.details["win_payments"] == [-2, 8, -4, -2]


def test_s2_heavenly_as_multiplier() -> None:
    # S2 "×20": the dealer's 天胡 with 德中德 (×4): M = 80; each pays 2·80·2 (dealer wins) + 5 = 325
    r = Nanchang(heavenly_earthly_multiplies=True).score(PLAIN, ctx(indicator="9p", self_drawn=True, winner=0,
                                                                     heavenly=True))
    assert r.total == 80 and r.details["win_payments"] == [975, -325, -325, -325]


def test_every_option_is_documented_with_default_and_source() -> None:
    # house rule: every Config field has a docstring entry "name: meaning. Default X — source: …"
    for name, _value, doc in NC.describe_options():
        assert "Default" in doc and "source" in doc, name


def _random_nanchang_hand(rng):  # type: ignore[no-untyped-def]
    """A random natural winning hand (4 sets + pair, or 七对), as 14 tile ids with the winning tile last."""
    while True:
        counts = [0] * 34
        tiles: list[int] = []
        if rng.random() < 0.25:
            for t in rng.sample(range(34), 7):
                tiles += [t, t]
        else:
            p = rng.randrange(34)
            tiles += [p, p]
            for _ in range(4):
                kind = rng.random()
                if kind < 0.45:
                    s = rng.randrange(3) * 9 + rng.randrange(7)
                    tiles += [s, s + 1, s + 2]
                elif kind < 0.75:
                    t = rng.randrange(34)
                    tiles += [t, t, t]
                elif kind < 0.9:
                    tiles += rng.sample(range(27, 31), 3)
                else:
                    tiles += [31, 32, 33]
        for t in tiles:
            counts[t] += 1
        if max(counts) <= 4:
            rng.shuffle(tiles)
            return tiles


def test_random_wildcard_hands_equal_brute_force() -> None:
    import random

    rng = random.Random(20261130)
    checked = 0
    while checked < 12:
        tiles = _random_nanchang_hand(rng)
        k = 1 + checked % 2
        kept = tiles[k:]  # the winning tile (last) stays natural
        free = [t for t in range(34) if t not in kept and next_tile(t) not in kept]
        if not free:
            continue
        ind = rng.choice(free)
        zheng, fu = jing_tiles(ind)
        jing = [rng.choice((zheng, fu)) for _ in range(k)]
        if jing.count(zheng) > 3:
            continue
        h = Hand(tuple(kept + jing), (), (), kept[-1])
        c = NanchangContext(winner=1, indicator=ind)
        scorer_best = _neutral_best(_readings(NEUTRAL, h, c)[0])
        brute = 0
        for combo in itertools.combinations_with_replacement(range(34), k):
            nat = kept + list(combo)
            if max(nat.count(t) for t in set(nat)) > 4:
                continue
            try:
                rs, _ = _readings(NEUTRAL, Hand(tuple(nat), (), (), kept[-1]), NanchangContext(winner=1))
            except NotWinningError:
                continue
            brute = max(brute, _neutral_best(rs))
        assert scorer_best == brute, (h, ind)
        checked += 1


def test_all_seven_jing() -> None:
    # indicator 5m: the winner holds all 7 精 (555m 正精, 6666m 副精) with 123p 东南西 中, self-drawn by seat 1.
    # 123p are adjacent (no 十三烂) and at face value 555m 666m 6m leave no pair (no 德国); best: each single paired
    # with a 精 — 七对 ×2 — and the hand waited on any tile — 精钓 ×2: M = 4.  Dealer pays 2·4·2 = 16, others 8.
    # 精: 3 × 2 + 4 × 1 = 10 子 → 冲关 10 × 7 = 70 (seed row) → 霸王精 ×2 = 140 from each of the three.
    r = NC.score("5556666m123pESWC", ctx(indicator="5m", self_drawn=True))
    assert r.total == 4 and r.item("seven_pairs") is not None and r.item("wildcard_single_wait") is not None
    assert r.details["jing_points"] == [0, 140, 0, 0]
    assert r.payments == (-16 - 140, 32 + 420, -8 - 140, -8 - 140)
