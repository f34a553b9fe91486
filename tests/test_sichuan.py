"""Sichuan 血战到底: scoring (spec sichuan.md §2a table, seed 000 rules) and whole-hand settlement.

Every expected number is worked out by hand from the seed / spec text cited next to it:
points per payer = 底注 × 2^(番−1) (seed "一番（x1）"), base patterns don't stack ("只按最大番算"), each 根 / 杠 /
杠上花 / 杠上炮 / 抢杠胡 / 海底 / 金钩钓 adds 1番 (spec §2a), 自摸加底 +1 底注 per payer (spec §2a).
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mahjong.errors import ContextError, HandError, MeldError, NotWinningError, RulesError
from mahjong.framework import WinContext
from mahjong.hand import Hand, parse_hand
from mahjong.rulesets.sichuan import PATTERNS, Sichuan, SichuanContext, is_flower_pig
from mahjong.settlement import Draw, HandRecord, Kong, Win, settle

SC = Sichuan()


def pts(hand: str, ctx: WinContext | None = None, **options: Any) -> int:
    return Sichuan(**options).score(hand, ctx).total


def keys(hand: str, ctx: WinContext | None = None, **options: Any) -> list[tuple[str, int]]:
    return [(i.key, i.count) for i in Sichuan(**options).score(hand, ctx).items]


ON_DISCARD = WinContext(winner=0, discarder=1)


# --- the base patterns (spec §2a table): 番 → ×2^(番−1) on a discard -------------------------------------


@pytest.mark.parametrize(
    "hand, pattern, points",
    [
        ("123m456m789m234p55p", "basic_win", 1),  # 平胡 1番 ×1
        ("111m222p333p555m99m", "all_pungs", 2),  # 对对胡 2番 ×2 (m and p only)
        ("123m456m789m234m55m", "full_flush", 4),  # 清一色 3番 ×4
        ("123m789m123p999p11m", "outside_hand", 4),  # 带幺九 3番 ×4: every set and the pair hold a 1 or 9
        ("1133557799m2288p", "seven_pairs", 4),  # 七对 3番 ×4
        ("111m222m333m555m99m", "full_flush_all_pungs", 8),  # 清对 4番 ×8 (beats the 123m×3 reading: 清一色 ×4)
        ("222m555m888m222p55p", "all_pungs_of_258", 8),  # 将对 4番 ×8: 对对胡 of 2/5/8 only
        ("1122334455m6666p", "luxury_seven_pairs", 16),  # 龙七对 5番 ×16, its 根 not counted again
        ("11335577m99m2288m", "full_flush_seven_pairs", 16),  # 清七对 5番 ×16
        ("111m123m789m789m99m", "full_flush_outside_hand", 64),  # 清幺九 5番 + 2 根 (four 1m, four 9m) = 7番 ×64
        ("11223344556666m", "full_flush_luxury_seven_pairs", 32),  # 清龙七对 6番 ×32, one 根 less
    ],
)
def test_base_patterns(hand: str, pattern: str, points: int) -> None:
    r = SC.score(hand, ON_DISCARD)
    assert r.items[0].key == pattern
    assert r.total == points
    assert r.payments == (points, -points, 0, 0)  # 点炮: only the discarder pays


def test_patterns_do_not_stack_only_the_largest_counts() -> None:
    # seed: 番型均不重复计算，只按最大番算 — 清对 is not 清一色 (3) + 对对胡 (2)
    r = SC.score("111m222m333m555m99m", ON_DISCARD)
    assert [i.key for i in r.items] == ["full_flush_all_pungs"]
    assert r.details["fan"] == 4


def test_table_is_the_spec_table() -> None:
    by_key = {p.key: p.fan for p in PATTERNS if p.mode is None}
    # spec §2a rows: 1 平胡; 2 对对胡; 3 清一色 带幺九 七对; 4 清对 将对; 5 龙七对 清七对 清幺九; 6 天胡 地胡 清龙七对
    assert by_key == {
        "basic_win": 1, "all_pungs": 2, "full_flush": 3, "outside_hand": 3, "seven_pairs": 3,
        "full_flush_all_pungs": 4, "all_pungs_of_258": 4, "luxury_seven_pairs": 5, "full_flush_seven_pairs": 5,
        "full_flush_outside_hand": 5, "heavenly_hand": 6, "earthly_hand": 6, "full_flush_luxury_seven_pairs": 6,
    }


# --- extras: +1番 each ----------------------------------------------------------------------------------


def test_gen_each_set_of_four() -> None:
    # 七对 with two sets of four: 龙七对 (5) counts one of them; the other is a 根: 6番 ×32
    assert keys("1111223344m5555p", ON_DISCARD) == [("luxury_seven_pairs", 1), ("root", 1)]
    assert pts("1111223344m5555p", ON_DISCARD) == 32
    # a pung of 5p declared and the fourth 5p held in a run: four identical tiles not konged = 根
    # (Lua: 四张相同的牌不作杠，为一根): 平胡 1 + 根 1 = 2番 ×2
    assert keys("[555p,2]123m456m99m456p", WinContext(discarder=3)) == [("basic_win", 1), ("root", 1)]
    assert pts("[555p,2]123m456m99m456p", WinContext(discarder=3)) == 2


def test_gen_undeclared_four_in_runs() -> None:
    # 4444m split as 444m + 456m: 平胡 + 1 根 = 2番 ×2
    assert keys("444m456m789m11p23p4p", ON_DISCARD) == [("basic_win", 1), ("root", 1)]


def test_kongs_and_kong_extras() -> None:
    # [9999m] + 111p 234p 567p 88p, 杠上花 self-drawn: 平胡 1 + 杠 1 + 杠上花 1 = 3番 ×4, +1 底 (自摸加底)
    ctx = WinContext(winner=3)
    r = SC.score("[9999m]111p234p567p8p8p", WinContext(winner=3, kong_replacement=True))
    assert [(i.key, i.count) for i in r.items] == [("basic_win", 1), ("kong", 1), ("out_with_replacement_tile", 1),
                                                  ("self_draw_bonus", 1)]
    assert r.total == 5 and r.payments == (-5, -5, -5, 15)
    # without counting kongs as 根 (option): 平胡 + 杠上花 = 2番 ×2 + 1
    assert pts("[9999m]111p234p567p8p8p", WinContext(winner=3, kong_replacement=True), kong_counts_as_gen=False) == 3
    assert pts("[9999m]111p234p567p8p8p", ctx) == 2 + 1  # plain self-draw: 平胡 + 杠 = 2番 ×2, +1 底
    with pytest.raises(ContextError, match="kong's replacement"):
        SC.score("111m234p567p888p99p", WinContext(winner=3, kong_replacement=True))


def test_robbing_after_kong_and_last_tile() -> None:
    base = "123m456m789m11m34p5p"  # 平胡 on 5p
    assert pts(base, WinContext(discarder=1, robbing_kong=True)) == 2  # 抢杠胡 +1番
    assert pts(base, WinContext(discarder=1, after_kong_discard=True)) == 2  # 杠上炮 +1番
    assert pts(base, WinContext(discarder=1, last_wall_tile=True)) == 2  # 海底 +1番
    assert pts(base, WinContext(discarder=1, robbing_kong=True, after_kong_discard=True)) == 4


def test_jingoudiao_extra_and_pattern() -> None:
    hand = "[111m,1][222m,2][333m,3][444p,1]5p5p"  # four melds, single wait on 5p
    # extra (default, spec §2a): 对对胡 2 + 金钩钓 1 = 3番 ×4
    assert keys(hand, WinContext(discarder=1)) == [("all_pungs", 1), ("golden_hook", 1)]
    assert pts(hand, WinContext(discarder=1)) == 4
    # pattern (spec §2b, M2: 金钩钓 ×4 不计对对胡)
    assert keys(hand, WinContext(discarder=1), jingoudiao="pattern") == [("golden_hook", 1)]
    assert pts(hand, WinContext(discarder=1), jingoudiao="pattern") == 4
    # 将金钩钓 ×16 (M2) with a kong: pattern 5番 + 杠 1 = ×32; extra: 将对 4 + 杠 + 金钩钓 = 6番 ×32
    h2 = "[2222m,1][555m,2][888p,3][222p,1]5p5p"
    assert keys(h2, WinContext(discarder=3), jingoudiao="pattern")[0] == ("golden_hook_of_258", 1)
    assert pts(h2, WinContext(discarder=3), jingoudiao="pattern") == 32
    assert pts(h2, WinContext(discarder=3)) == 32
    # 十八罗汉 (M2 ×64, 不计4根): four kongs + single wait
    h3 = "[1111m,1][2222m,2][3333p,3][4444p]5p5p"
    assert keys(h3, WinContext(discarder=3), jingoudiao="pattern") == [("eighteen_arhats", 1)]
    assert pts(h3, WinContext(discarder=3), jingoudiao="pattern") == 64
    # 清十八罗汉 ×256
    assert pts("[1111m,1][2222m,2][3333m,3][4444m]5m5m", WinContext(discarder=3), jingoudiao="pattern") == 256


def test_heavenly_and_earthly() -> None:
    # 天胡 6番 ×32 on the dealer's dealt hand, self-drawn: each of the three pays 32 + 1 (自摸加底)
    r = SC.score("123m456m789m234p55p", WinContext(winner=0, dealer=0, heavenly=True))
    assert r.items[0].key == "heavenly_hand" and r.total == 33 and r.payments == (99, -33, -33, -33)
    assert pts("123m456m789m234p55p", WinContext(winner=2, dealer=0, discarder=0, earthly=True)) == 32
    with pytest.raises(ContextError, match="heavenly win"):
        SC.score("123m456m789m234p55p", WinContext(winner=1, dealer=0, heavenly=True))


# --- options --------------------------------------------------------------------------------------------


def test_zimo_bonus_options() -> None:
    hand, ctx = "123m456m789m234m55m", WinContext(winner=2)  # 清一色 3番 ×4, self-drawn
    assert pts(hand, ctx) == 5  # add_base (default): +1 底
    assert pts(hand, ctx, zimo_bonus="none") == 4
    assert pts(hand, ctx, zimo_bonus="double") == 8
    assert pts(hand, ctx, zimo_bonus="add_fan") == 8  # +1番
    assert pts(hand, ctx, base=5) == 25  # 底注 5: 5 × 4 + 5


def test_cap_and_fan_numbering() -> None:
    hand = "11223344556666m"  # 清龙七对 6番 ×32
    assert pts(hand, ON_DISCARD, max_fan=4) == 8  # capped at 4番 = ×8
    r = Sichuan(fan_base=0).score(hand, ON_DISCARD)
    assert r.items[0].value == 5 and r.total == 32  # 0-based numbering: 5番 = ×32, same money
    assert pts(hand, ON_DISCARD, fan_base=0, max_fan=4) == 16  # 4番 (0-based) = ×16
    with pytest.raises(RulesError, match="zimo_bonus"):
        Sichuan(zimo_bonus="sometimes")
    with pytest.raises(RulesError, match="unknown option"):
        Sichuan(no_such=1)


def test_self_draw_payers_are_players_still_in_play() -> None:
    # 血战到底: seat 1 won earlier, so on seat 3's self-draw only seats 0 and 2 pay (清一色 4 + 1)
    ctx = SichuanContext(winner=3, already_won=frozenset({1}))
    assert SC.score("123m456m789m234m55m", ctx).payments == (-5, 0, -5, 10)
    # the seats may be given as an int, a "1,2" string (CLI --context) or any iterable
    assert SichuanContext(winner=3, already_won=1).already_won == frozenset({1})  # type: ignore[arg-type]
    assert SichuanContext(winner=3, already_won="0,1").already_won == frozenset({0, 1})  # type: ignore[arg-type]
    assert SichuanContext(winner=3, already_won=[2]).already_won == frozenset({2})  # type: ignore[arg-type]
    with pytest.raises(ContextError, match="already_won"):
        SichuanContext(winner=3, already_won="x")  # type: ignore[arg-type]
    with pytest.raises(ContextError, match="already_won"):
        SichuanContext(winner=3, already_won=[7])  # type: ignore[arg-type]
    with pytest.raises(ContextError, match="already won"):
        SichuanContext(winner=1, already_won=frozenset({1}))
    with pytest.raises(ContextError, match="already won"):
        SichuanContext(winner=2, discarder=1, already_won=frozenset({1}))


def test_dianganghua_in_a_record() -> None:
    # seat 3 konged seat 1's discard, then won on the replacement tile: under dianganghua="discard" seat 1 pays
    rec = HandRecord("sichuan", (Kong(3, "melded", "9m", from_seat=1), Win(3, "[9999m,2]111p234p567p8p8p",
                                                                           kong_replacement=True)))
    # 直杠 1 from seat 1; 平胡 + 杠 + 杠上花 = 3番 ×4
    assert Sichuan(dianganghua="discard").settle(rec).net == (0, -1 - 4, 0, 1 + 4)
    assert SC.settle(rec).net == (-5, -1 - 5, -5, 1 + 15)  # as a self-draw: ×4 + 1 from each
    with pytest.raises(ContextError, match="杠上花 needs a kong"):
        SC.settle(HandRecord("sichuan", rec.events[1:]))
    with pytest.raises(ContextError, match="杠上炮 needs a kong"):
        SC.settle(HandRecord("sichuan", (Win(2, "123m456m789m11m34p5p", discarder=0, after_kong_discard=True),)))


def test_dianganghua_option() -> None:
    ctx = SichuanContext(winner=3, kong_replacement=True, kong_from=1)
    hand = "[9999m,2]111p234p567p8p8p"  # 平胡 + 杠 + 杠上花 = 3番 ×4
    assert SC.score(hand, ctx).payments == (-5, -5, -5, 15)  # as a self-draw (default)
    assert Sichuan(dianganghua="discard").score(hand, ctx).payments == (0, -4, 0, 4)  # the kong's discarder pays


# --- what is not a win ------------------------------------------------------------------------------------


def test_three_suits_is_not_a_win() -> None:
    with pytest.raises(NotWinningError, match="a suit must be missing"):
        SC.score("123m456p789s234s55s", ON_DISCARD)
    with pytest.raises(NotWinningError, match="a suit must be missing"):  # the third suit only in a meld
        SC.score("[777s,1]123m456m789p55p", ON_DISCARD)


def test_other_bad_hands() -> None:
    with pytest.raises(HandError, match="not a Sichuan tile"):
        SC.score("123m456m789mEEE55m", ON_DISCARD)
    with pytest.raises(MeldError, match="不可以吃"):
        SC.score("[123m,1]456m789m234m55m", ON_DISCARD)
    with pytest.raises(NotWinningError, match="not a complete hand"):
        SC.score("123m456m789m135m55m", ON_DISCARD)
    with pytest.raises(HandError, match="14"):
        SC.score("123m456m789m55m", ON_DISCARD)


WINNING = [
    "123m456m789m234p55p",
    "111m222p333p555m99m",
    "123m456m789m234m55m",
    "1133557799m2288p",
    "11223344556666m",
    "111m123m789m789m99m",
    "444m456m789m11p234p",
]


@given(st.sampled_from(WINNING), st.randoms(use_true_random=False), st.booleans())
@settings(max_examples=40, deadline=None)
def test_score_invariant_to_tile_order(hand: str, rnd: random.Random, self_drawn: bool) -> None:
    h = parse_hand(hand)
    tiles = list(h.concealed)
    rnd.shuffle(tiles)
    shuffled = Hand(tuple(tiles), h.melds, (), h.win_tile)
    ctx = WinContext(winner=0, discarder=None if self_drawn else 2)
    a, b = SC.score(h, ctx), SC.score(shuffled, ctx)
    assert (a.total, a.items, a.payments) == (b.total, b.items, b.payments)


@given(st.lists(st.integers(0, 26), min_size=14, max_size=14))
@settings(max_examples=60, deadline=None)
def test_any_hand_either_scores_or_names_the_rule(tiles: list[int]) -> None:
    if max(tiles.count(t) for t in tiles) > 4:
        return
    h = Hand(tuple(tiles), (), (), tiles[-1])
    try:
        r = SC.score(h, ON_DISCARD)
    except NotWinningError as e:
        assert "a suit must be missing" in str(e) or "not a complete hand" in str(e)
        if len({t // 9 for t in tiles}) == 3:
            assert "a suit must be missing" in str(e)
    else:
        assert len({t // 9 for t in tiles}) <= 2 and sum(r.payments) == 0 and r.total >= 1


# --- 查大叫: best possible hand ------------------------------------------------------------------------------


def test_best_possible_hand_scores_every_wait() -> None:
    # 1122334455667m waits on 1m, 4m, 7m; 7m makes 清七对 (5番 ×16), the others 清一色 (×4)
    assert SC.best_possible(parse_hand("1122334455667m"), 0) == (16, 6)
    # not ready
    assert SC.best_possible(parse_hand("13579m12456789p"), 0) == (0, None)
    # ready only on a tile that would add a third suit = not ready (缺一门)
    assert SC.best_possible(parse_hand("[777s,1]123m456m789p5p"), 0) == (0, None)
    assert is_flower_pig(parse_hand("13579m2468p1357s"))


# --- whole-hand settlement --------------------------------------------------------------------------------


def test_kong_payments_as_they_happen() -> None:
    # seed rule 6: 直杠 1 from the discarder; 面下杠 1 from each other unwon; 暗杠 2 from each other unwon
    rec = HandRecord("sichuan", (Kong(1, "melded", "5p", from_seat=0), Kong(2, "added", "3s"), Kong(3, "concealed", "7m")))
    s = SC.settle(rec)
    assert s.net == (-1 - 1 - 2, 1 - 1 - 2, 3 - 2, -1 + 6)
    assert [p.reason for p in s.lines] == ["kong.melded"] + ["kong.added"] * 3 + ["kong.concealed"] * 3
    # spec §2a (Lua) option: 直杠 2 from the discarder and 1 from each other player
    s2 = Sichuan(direct_kong_discarder=2, direct_kong_others=1).settle(HandRecord("sichuan", rec.events[:1]))
    assert s2.net == (-2, 4, -1, -1)


def test_record_with_pig_at_the_wall_end() -> None:
    rec = HandRecord(
        "sichuan",
        (
            Kong(1, "concealed", "5p"),  # 0, 2, 3 pay 2 each → (-2, +6, -2, -2)
            Kong(2, "melded", "3s", from_seat=0),  # 0 pays 1 → (-3, 6, -1, -2)
            Win(3, "123m456m789m234m55m"),  # 清一色 self-drawn: 4 + 1 from 0, 1, 2 → (-8, 1, -6, 13)
            Win(1, "[5555p]111222333m44p", discarder=0),  # 对对胡 2 + 杠 1 = ×4 from 0 → (-12, 5, -6, 13)
            Draw(hands={0: "13579m2468p1357s", 2: "[3333s,2]123456789m1s"}),
            # 0 is a 花猪 (three suits): pays 16 to each non-pig 1, 2, 3 → (-60, 21, 10, 29)
            # 2 is ready (waits on 1s: 平胡 + 杠 = ×2); the only non-ready player is the pig, who pays no 大叫
        ),
    )
    s = settle(rec)
    assert s.net == (-60, 21, 10, 29)
    assert s.details["flower_pigs"] == [0] and s.details["ready"] == [2]
    assert s.details["best_possible"] == {"2": 2}
    assert len(s.results) == 2
    # option: the pig pays only players still in play (Lua)
    assert Sichuan(huazhu_pays_won=False).settle(rec).net == (-12 - 16, 5, -6 + 16, 13)
    assert Sichuan(huazhu_penalty=64).settle(rec).net == (-12 - 192, 5 + 64, -6 + 64, 13 + 64)


def test_record_with_dajiao_and_tax_refund() -> None:
    rec = HandRecord(
        "sichuan",
        (
            Kong(2, "melded", "3s", from_seat=0),  # 0 → 2: 1
            Kong(2, "concealed", "7s"),  # 0, 1, 3 → 2: 2 each   → (-3, -2, +7, -2)
            Win(1, "123m456m789m234p55p", discarder=3),  # 平胡 ×1 from 3 → (-3, -1, 7, -3)
            Draw(hands={0: "111m222m333m444p5p", 2: "[3333s,2][7777s]13579m19s", 3: "1122334455667m"}),
        ),
    )
    s = SC.settle(rec)
    # 0 ready: best 5p = 对对胡 ×2; 3 ready: best 7m = 清七对 ×16; 2 not ready (two suits, no pig):
    # 查大叫: 2 pays 2 to 0 and 16 to 3; 退税: 2 refunds 1 + 2 to 0, 2 to 1, 2 to 3
    assert s.details["ready"] == [0, 3] and s.details["best_possible"] == {"0": 2, "3": 16}
    assert s.net == (-3 + 2 + 3, -1 + 2, 7 - 18 - 7, -3 + 16 + 2)
    assert sum(p.amount for p in s.lines_for("tuishui")) == 7
    assert Sichuan(refund_kongs=False).settle(rec).net == (-1, -1, -11, 13)
    assert Sichuan(dajiao=False, refund_kongs=False).settle(rec).net == (-3, -1, 7, -3)


def test_robbed_kong_pays_nothing_and_multiple_winners() -> None:
    rec = HandRecord(
        "sichuan",
        (
            Kong(0, "added", "5p", robbed=True),  # 抢杠: the kong pays nothing (seed rule 6)
            Win(1, "123m456m789m11m34p5p", discarder=0, robbing_kong=True),  # 平胡 + 抢杠胡 = ×2
            Win(2, "[999s,3]123s456s11s46p5p", discarder=0, robbing_kong=True),  # 一炮多响: ×2 as well
            Kong(3, "concealed", "9m"),  # only 0 is still in play besides 3: pays 2
            Win(3, "[9999m]111p234p567p8p8p", kong_replacement=True),  # ×4 + 1 from seat 0 only
        ),
    )
    s = SC.settle(rec)
    assert s.net == (-2 - 2 - 2 - 5, 2, 2, 2 + 5)
    assert not s.lines_for("kong.added")
    # a robbed kong needs the robbing win right after it
    with pytest.raises(ContextError, match="robbed"):
        SC.settle(HandRecord("sichuan", (Kong(0, "added", "5p", robbed=True),)))
    with pytest.raises(ContextError, match="抢杠"):
        SC.settle(HandRecord("sichuan", (Win(1, "123m456m789m11m34p5p", discarder=0, robbing_kong=True),)))


def test_players_who_won_have_left_play() -> None:
    with pytest.raises(ContextError, match="already won"):
        SC.settle(HandRecord("sichuan", (Win(1, "123m456m789m234p55p", discarder=0), Kong(1, "concealed", "1s"))))
    with pytest.raises(ContextError, match="already won"):
        SC.settle(HandRecord("sichuan", (Win(1, "123m456m789m234p55p", discarder=0),
                                         Win(2, "123m456m789m234p55p", discarder=1))))
    with pytest.raises(ContextError, match="every seat still in play"):
        SC.settle(HandRecord("sichuan", (Win(1, "123m456m789m234p55p", discarder=0),
                                         Draw(hands={0: "1122334455667m"}))))


def test_call_transfer_option() -> None:
    rec = HandRecord(
        "sichuan",
        (
            Kong(0, "concealed", "1s"),  # 1, 2, 3 pay 2 each to 0
            Win(2, "123m456m789m11m34p5p", discarder=0, after_kong_discard=True),  # 杠上炮: 平胡 + 1 = ×2
        ),
    )
    assert SC.settle(rec).net == (6 - 2, -2, -2 + 2, -2)
    # 呼叫转移: the 6 of kong income goes on to the winner
    assert Sichuan(call_transfer=True).settle(rec).net == (6 - 2 - 6, -2, -2 + 2 + 6, -2)


# --- property: settlement is zero-sum for any consistent record ----------------------------------------------

READY_OR_NOT = ["1122334455667m", "13579m12456789p", "13579m2468p1357s", "111m222m333m444p5p", "123456789m1235s"]


@st.composite
def records(draw: st.DrawFn) -> HandRecord:
    won: list[int] = []
    events: list[Any] = []
    for _ in range(draw(st.integers(0, 7))):
        playing = [s for s in range(4) if s not in won]
        if len(playing) < 2:
            break
        seat = draw(st.sampled_from(playing))
        others = [s for s in playing if s != seat]
        kind = draw(st.sampled_from(["kong", "kong", "win"]))
        if kind == "kong":
            k = draw(st.sampled_from(["melded", "added", "concealed"]))
            events.append(Kong(seat, k, "2p", from_seat=draw(st.sampled_from(others)) if k == "melded" else None))
        else:
            discarder = draw(st.sampled_from([None, *others]))
            konged = discarder is not None and any(isinstance(e, Kong) and e.seat == discarder for e in events)
            own_kong = any(isinstance(e, Kong) and e.seat == seat for e in events)
            if discarder is None and own_kong and draw(st.booleans()):  # 杠上花 (the hand shows a kong)
                events.append(Win(seat, "[2222p]123m456m789m55m", kong_replacement=True))
            elif discarder is not None and draw(st.integers(0, 4)) == 0:  # 抢杠, maybe 一炮多响
                events.append(Kong(discarder, "added", "3m", robbed=True))
                events.append(Win(seat, "12m456m789m11m234p3m", discarder=discarder,
                                  robbing_kong=True))
            else:
                events.append(Win(seat, draw(st.sampled_from(WINNING)), discarder=discarder,
                                  after_kong_discard=konged and draw(st.booleans())))
            won.append(seat)
    playing = [s for s in range(4) if s not in won]
    if len(playing) >= 2 and draw(st.booleans()):
        events.append(Draw(hands={s: draw(st.sampled_from(READY_OR_NOT)) for s in playing}))
    return HandRecord("sichuan", tuple(events))


@given(records(), st.sampled_from([{}, {"call_transfer": True, "direct_kong_others": 1}, {"huazhu_pays_won": False},
                                   {"zimo_bonus": "double", "max_fan": 3}]))
@settings(max_examples=40, deadline=None)
def test_settlement_is_zero_sum(rec: HandRecord, options: dict[str, Any]) -> None:
    s = Sichuan(**options).settle(rec)
    assert sum(s.net) == 0
    assert len(s.results) == len(rec.wins)


# --- 普通场 and the dealer rule (seed rules 7–9) --------------------------------------------------------------


def test_normal_mode_ends_with_the_first_win() -> None:
    normal = Sichuan(mode="normal")
    one_discard = HandRecord("sichuan", (
        Win(1, "123m456m789m234p55p", discarder=0),
        Win(2, "123m456m789m234m55m", discarder=0),  # 一炮多响: 平胡 ×1 and 清一色 ×4, both from seat 0
    ))
    s = normal.settle(one_discard)
    assert s.net == (-5, 1, 4, 0)
    # seed rule 9 (non-血战): 点炮者坐庄
    assert s.details["next_dealer"] == 0
    with pytest.raises(ContextError, match="普通场"):
        normal.settle(HandRecord("sichuan", (Win(1, "123m456m789m234p55p", discarder=0),
                                             Win(2, "123m456m789m234m55m", discarder=3))))
    with pytest.raises(ContextError, match="普通场"):
        normal.settle(HandRecord("sichuan", (Win(1, "123m456m789m234p55p", discarder=0), Kong(2, "concealed", "1s"))))
    # 血战 (default): the same second win is fine, and the next dealer is decided by dice (None)
    s2 = SC.settle(HandRecord("sichuan", (Win(1, "123m456m789m234p55p", discarder=0),
                                          Win(2, "123m456m789m234m55m", discarder=3))))
    assert s2.net == (-1, 1, 4, -4) and s2.details["next_dealer"] is None


def test_next_dealer_rules() -> None:
    draw_only = HandRecord("sichuan", (Draw(hands={s: "1122334455667m" for s in range(4)}),), dealer=2)
    assert Sichuan(mode="normal").settle(draw_only).details["next_dealer"] == 2  # 流局则连庄
    self_draw = HandRecord("sichuan", (Win(3, "123m456m789m234p55p"),), dealer=2)
    assert Sichuan(mode="normal").settle(self_draw).details["next_dealer"] == 3  # no discarder: the winner (ours)
    assert Sichuan(next_dealer="winner").settle(self_draw).details["next_dealer"] == 3


def test_best_possible_skips_a_fifth_copy() -> None:
    # [555p] declared + 123456789m 5p: the only wait would be a fifth 5p, so the hand is not ready
    assert SC.best_possible(parse_hand("[555p,1]123m456m789m5p", infer_win_tile=False), 0) == (0, None)


def test_call_transfer_income_is_not_refunded_twice() -> None:
    rec = HandRecord(
        "sichuan",
        (
            Kong(0, "concealed", "1s"),  # 1, 2, 3 pay 2 each to 0
            Win(2, "123m456m789m11m34p5p", discarder=0, after_kong_discard=True),  # ×2 from 0; 呼叫转移 6 to 2
            Draw(hands={0: "13579m12456789p", 1: "13579m12456789p", 3: "13579m12456789p"}),  # nobody ready
        ),
    )
    # without the transfer rule seat 0 refunds its 6 (退税) at the draw; with it, seat 0 has nothing left to refund
    assert SC.settle(rec).net == (6 - 2 - 6, -2 + 2, 2, -2 + 2)
    assert Sichuan(call_transfer=True).settle(rec).net == (6 - 2 - 6, -2, -2 + 2 + 6, -2)
