"""The worked examples of seed 003 (国际麻将计番规则.docx, "国标麻将计分注意点" and "可重复记番的番种").

The seed shows the example hands as pictures that did not survive; the text keeps each example's fan list and
total.  Every hand below is rebuilt from that text (which tiles, which melds, how it won) and every expected
fan was counted by hand from the seed's fan definitions and /work/shared/specs/guobiao.md; the comment on each
test gives the count.  Default options (the reference behaviour) apply unless the seed's reading needs an option.
"""

from __future__ import annotations

from collections import Counter

import pytest

from gb_support import (DISCARD, SELF_DRAWN, Win, fans_of, make_context, needs_reference, our_score_text,
                        ref_score_text)


def check(text: str, win: Win, expected: dict[str, int], total: int, **options: object):
    res = our_score_text(text, win, **options)
    assert fans_of(res) == Counter(expected), text
    assert res.total == total, text
    flowers = expected.get("Flower Tiles", 0)
    assert res.valid == (total - flowers >= 8), text
    return res


# --------------------------------------------------------------------------------------------------------------
# 国标麻将计分注意点: the five counting principles, one worked total each (41, 25, 15, 30, 9)
# --------------------------------------------------------------------------------------------------------------

#: 一、不重复原则: "(明杠)(明杠)(碰)(碰)(手牌)(点和) … 清一色24番+碰碰和6番+全求人6番+双明杠4番+幺九刻1番=41番,
#: 其中清一色必然存在无字，全求人必然存在单钓将，双明杠必然存在明杠". Rebuilt: two melded kongs and two claimed
#: pungs of one suit, one of them a terminal, and a single tile won on a discard.
#: By hand: 清一色 24 (不计 无字 缺一门) + 碰碰和 6 + 全求人 6 (不计 单钓) + 双明杠 4 (不计 明杠) + 幺九刻 (1111m) 1 = 41.
EX1 = "[1111m,1][2222m,2][555m,3][777m,1]9m9m"
EX1_FANS = {"Full Flush": 1, "All Pungs": 1, "Melded Hand": 1, "Two Melded Kongs": 1, "Pung of Terminals or Honors": 1}


def test_principle_no_repeat_41() -> None:
    res = check(EX1, DISCARD, EX1_FANS, 41)
    # the implied fans the seed names are not counted
    for en in ("No Honors", "Single Wait", "Melded Kong", "One Voided Suit"):
        assert en not in fans_of(res)


def test_principle_no_repeat_41_payments() -> None:
    # guobiao_settlement.md §1: on a discard the discarder pays 8 + F, each other loser 8; winner seat 0, the
    # discard came from seat 3 (Win() convention).  41 fan: +65 / -8 / -8 / -49.
    res = our_score_text(EX1, DISCARD)
    assert tuple(res.payments) == (65, -8, -8, -49)


#: 二、不拆移原则: "七对24番+无字1番=25番, 七对是七个将，所以不可以拆开重新组成四个顺子加一对将的形式，继而不得计
#: 平和、一般高的番种，全带幺也不得计". Rebuilt: 112233m 778899p 11s won on a discard (three suits, terminals
#: everywhere, readable as 123m×2 789p×2 + 11s).  By hand: 七对 24 (不计 门前清 单钓) + 无字 1 = 25; the chow reading
#: (一般高×2 + 全带幺 4 + 平和 2 + 门前清 2 + 单钓 1 = 11) is lower.
def test_principle_no_split_25() -> None:
    res = check("112233m778899p1s1s", DISCARD, {"Seven Pairs": 1, "No Honors": 1}, 25)
    for en in ("All Chows", "Pure Double Chow", "Outside Hand"):
        assert en not in fans_of(res)


#: 三、不得相同原则: "三色三节高8番+碰碰和6番+幺九刻1番=15番, 要么6万、7饼、8条组成三色三节高，要么7饼、8条、9万".
#: Rebuilt: claimed pungs 6m 9m 7p, a concealed 8s pung completed by a discard (dual-pung wait 8s/E), pair EE.
#: By hand: 三色三节高 8 (counted once although 6m-7p-8s and 7p-8s-9m both qualify) + 碰碰和 6 + 幺九刻 (999m) 1 = 15;
#: no 无字 (EE), no 缺一门 (three suits), 8s pung completed by the discard is not concealed, no wait fan (8s or E).
def test_principle_not_same_15() -> None:
    res = check("[666m,1][999m,2][777p,3]EE88s8s", DISCARD,
                {"Mixed Shifted Pungs": 1, "All Pungs": 1, "Pung of Terminals or Honors": 1}, 15)
    assert fans_of(res)["Mixed Shifted Pungs"] == 1


#: 四、就高不就低原则: "(点和) 一色三同顺24番+门前清2番+平和2番+喜相逢1番+缺一门1番=30番, 要么计算成一色三节高24番+
#: 门前清2番+双暗刻2番+缺一门1番=29番 … 取较高的30番". Rebuilt: 222333444m 234p 99p, won on a discard of 2m.
#: Chow reading by hand: 一色三同顺 24 + 门前清 2 + 平和 2 (不计 无字) + 喜相逢 (234m-234p) 1 + 缺一门 1 = 30.
#: Pung reading: 一色三节高 24 + 门前清 2 + 双暗刻 2 (the 222m pung is completed by the discard) + 缺一门 1 = 29 as
#: the seed counts it; it also has 无字 1 (no 平和 to cancel it), which makes a tie at 30 that spec §2 step 5
#: breaks towards 一色三同顺.  Either way the hand scores 30 with the seed's fan list, never 一色三节高.
#: No wait fan: before the 2m the hand waits on 2m (22+333+444… or 234m×2 + …) and on 5m (234m×2 + 345m), so not 独听.
def test_principle_take_higher_30() -> None:
    res = check("22333444m234p99p2m", DISCARD,
                {"Pure Triple Chow": 1, "Concealed Hand": 1, "All Chows": 1, "Mixed Double Chow": 1,
                 "One Voided Suit": 1}, 30)
    assert "Pure Shifted Pungs" not in fans_of(res)


#: 五、套算一次原则: "花龙8番+喜相逢（或连六）1番=9番, 花龙组合好之后（123万、456饼、789条），只剩下123饼与一对红中，
#: 而123饼要么和123万组成喜相逢，要么和456饼组成连六，而规定只能套算一次". Rebuilt: claimed 123m 456p 789s, concealed
#: 23p + 中中, won on 1p from a discard (two-sided 1p/4p, so no wait fan).  By hand: 花龙 8 + ONE of 喜相逢 / 连六 = 9;
#: spec §4 step 6 fixes which: a 4th chow after a 3-chow fan adds at most one 1-fan fan, 喜相逢 before 连六.
def test_principle_account_once_9() -> None:
    res = check("[123m,1][456p,1][789s,1]CC23p1p", DISCARD, {"Mixed Straight": 1, "Mixed Double Chow": 1}, 9)
    assert "Short Straight" not in fans_of(res)


# --------------------------------------------------------------------------------------------------------------
# 可重复记番的番种: the repeatable fans, each with the seed's example hand
# --------------------------------------------------------------------------------------------------------------

#: "四归一，最多可以同时计三个，如123万123万234万234万44万".  As a whole hand the same tiles read better as
#: 11m + 234m×4 (seed 003 就高不就低), i.e. 一色四同顺, which the seed itself lists as 不计 四归一 ("一色四同顺 … 不计
#: 一色三节高、一般高、四归一").  By hand: 一色四同顺 48 + 清一色 24 + 小于五 12 (all tiles 1-4) + 门前清 2 + 平和 2
#: = 88 (won on 4m by discard; before it the hand also waits on 1m, so no wait fan).
def test_tile_hog_seed_hand_reads_as_quadruple_chow() -> None:
    res = check("123123234234m44m", DISCARD,
                {"Quadruple Chow": 1, "Full Flush": 1, "Lower Four": 1, "Concealed Hand": 1, "All Chows": 1}, 88)
    assert "Tile Hog" not in fans_of(res)


#: 四归一 three times where nothing cancels it: seven pairs with three quads (七对: "四归一" counted per quad, spec §5).
#: By hand: 七对 24 + 四归一×3 6 + 无字 1 = 31 (three suits, a terminal 1m: no 缺一门, no 断幺).
def test_tile_hog_three_times() -> None:
    check("1111m2222p3333s5s5s", DISCARD, {"Seven Pairs": 1, "Tile Hog": 3, "No Honors": 1}, 31)


#: "双同刻，最多可以同时计两个，如111万111条333条333饼66饼".  Rebuilt with three claimed pungs and a dual-pung wait
#: (33p/66p) won on 3p.  By hand: 碰碰和 6 + 双同刻×2 (1m-1s, 3s-3p) 4 + 幺九刻×2 (111m 111s) 2 + 无字 1 = 13.
def test_double_pung_twice() -> None:
    check("[111m,1][111s,2][333s,3]66p33p3p", DISCARD,
          {"All Pungs": 1, "Double Pung": 2, "Pung of Terminals or Honors": 2, "No Honors": 1}, 13)


#: "喜相逢，最多可以同时计两个，如123万123条345条345饼66饼", concealed, won on 6p by discard (waits 3p/6p).
#: By hand: 喜相逢×2 2 + 门前清 2 + 平和 2 (不计 无字) = 6 — under 8, so 诈和 (not a valid win).
def test_mixed_double_chow_twice() -> None:
    res = check("123m123s345s345p66p", DISCARD, {"Mixed Double Chow": 2, "Concealed Hand": 1, "All Chows": 1}, 6)
    assert res.valid is False


#: "一般高，最多可以同时计两个，如123万123万345条345条66饼".  Concealed, those tiles are also seven pairs (25), so
#: one chow of each is claimed; won on 3s (waits 3s/6s).  By hand: 一般高×2 2 + 平和 2 = 4.
def test_pure_double_chow_twice() -> None:
    check("[123m,1][345s,1]123m45s66p3s", DISCARD, {"Pure Double Chow": 2, "All Chows": 1}, 4)


#: "连六，最多可以同时计两个，如123万456万345条678条66饼", concealed, won on 3s (waits 3s/6s/9s).
#: By hand: 连六×2 2 + 门前清 2 + 平和 2 = 6.
def test_short_straight_twice() -> None:
    check("123456m45678s66p3s", DISCARD, {"Short Straight": 2, "Concealed Hand": 1, "All Chows": 1}, 6)


#: "老少副，最多可以同时计两个，如123万789万123条789条66饼", concealed, won on 9s (waits 6s/9s).
#: Default (reference, spec §4 step 6 / §8.8): the four chows form 4 pairwise fans (老少副×2, 喜相逢×2), capped at 3
#: and trimmed 老少副 first: 喜相逢×2 + 老少副×1; + 门前清 2 + 平和 2 = 7.
def test_two_terminal_chows_reference_reading() -> None:
    check("123789m12378s66p9s", DISCARD,
          {"Mixed Double Chow": 2, "Two Terminal Chows": 1, "Concealed Hand": 1, "All Chows": 1}, 7)


#: "幺九刻，最多可以同时计四个，如111万111条999条999饼66饼".  Three claimed pungs, dual-pung wait 66p/99p won on 9p.
#: By hand: 碰碰和 6 + 幺九刻×4 4 + 双同刻×2 (1m-1s, 9s-9p) 4 + 无字 1 = 15.
def test_pung_of_terminals_four_times() -> None:
    check("[111m,1][111s,2][999s,3]66p99p9p", DISCARD,
          {"All Pungs": 1, "Pung of Terminals or Honors": 4, "Double Pung": 2, "No Honors": 1}, 15)


#: "花牌，最多可以同时计八个" and "不计在起和分内": a chicken hand (seed 003 无番和 conditions: three suits, honor
#: pair, chows, claimed melds, two-sided wait 6s/9s, discard) with all eight flowers: 无番和 8 + 花牌×8 = 16; the
#: flowers do not cancel 无番和 (spec §7) and the hand is valid on 无番和 alone.
def test_flowers_eight() -> None:
    res = check("[234m,1][678p,1]34578sCC9s f1f2f3f4f5f6f7f8", DISCARD, {"Chicken Hand": 1, "Flower Tiles": 8}, 16)
    assert res.valid is True


def test_flowers_do_not_count_toward_minimum() -> None:
    # 喜相逢×2 hand (6 fan) with 3 flowers: total 9 but still under the 8-fan minimum without flowers.
    res = our_score_text("123m123s345s345p66p f1f2f3", DISCARD)
    assert res.total == 9
    assert res.valid is False


# --------------------------------------------------------------------------------------------------------------
# The hand derivations above, cross-checked on the reference calculator (a check of the test data, not our code)
# --------------------------------------------------------------------------------------------------------------

REFERENCE_CASES = [
    (EX1, DISCARD, 41),
    ("112233m778899p1s1s", DISCARD, 25),
    ("[666m,1][999m,2][777p,3]EE88s8s", DISCARD, 15),
    ("22333444m234p99p2m", DISCARD, 30),
    ("[123m,1][456p,1][789s,1]CC23p1p", DISCARD, 9),
    ("123123234234m44m", DISCARD, 88),
    ("1111m2222p3333s5s5s", DISCARD, 31),
    ("[111m,1][111s,2][333s,3]66p33p3p", DISCARD, 13),
    ("123m123s345s345p66p", DISCARD, 6),
    ("[123m,1][345s,1]123m45s66p3s", DISCARD, 4),
    ("123456m45678s66p3s", DISCARD, 6),
    ("123789m12378s66p9s", DISCARD, 7),
    ("[111m,1][111s,2][999s,3]66p99p9p", DISCARD, 15),
    ("[234m,1][678p,1]34578sCC9s f1f2f3f4f5f6f7f8", DISCARD, 16),
]


@needs_reference
@pytest.mark.parametrize("text,win,total", REFERENCE_CASES)
def test_hand_derivations_match_reference(text: str, win: Win, total: int) -> None:
    assert ref_score_text(text, win)[0] == total


def test_self_drawn_example_payments() -> None:
    # guobiao_settlement.md §1: self-drawn, each of the three others pays 8 + F.  The 25-fan seven pairs self-drawn:
    # 七对 24 + 无字 1 + 自摸 1 = 26 (七对 不计 不求人, spec §5), so each pays 34 and the winner gets 102.
    res = our_score_text("112233m778899p1s1s", SELF_DRAWN)
    assert res.total == 26
    assert tuple(res.payments) == (102, -34, -34, -34)


# --------------------------------------------------------------------------------------------------------------
# Where seed 003 differs from the reference (spec §8): the default follows the reference, a named option the seed
# --------------------------------------------------------------------------------------------------------------

#: 老少副×2 (seed 003 "老少副，最多可以同时计两个，如123万789万123条789条66饼").  With the seed option the account-once
#: trim keeps both 老少副 and one 喜相逢 links the two suits (cap 3 for four related chows, spec §4 step 6):
#: 老少副×2 2 + 喜相逢×1 1 + 门前清 2 + 平和 2 = 7 — the same total as the reference reading, other fans.
def test_two_terminal_chows_seed_option() -> None:
    check("123789m12378s66p9s", DISCARD,
          {"Two Terminal Chows": 2, "Mixed Double Chow": 1, "Concealed Hand": 1, "All Chows": 1}, 7,
          terminal_chows_kept=True)


#: 明暗杠 (spec §8.1).  [2222m] concealed kong + [5555p,1] melded kong, 123s 789s, single wait on 1p.
#: Reference: 明暗杠 5 + 老少副 1 + 无字 1 + 单钓 1 = 8.  Seed (no 明暗杠 in any seed table): 明杠 1 + 暗杠 2 + 老少副 1
#: + 无字 1 + 单钓 1 = 6.
def test_melded_and_concealed_kong_default() -> None:
    check("[2222m][5555p,1]123789s11p", DISCARD,
          {"Concealed Kong and Melded Kong": 1, "Two Terminal Chows": 1, "No Honors": 1, "Single Wait": 1}, 8)


def test_melded_and_concealed_kong_seed_option() -> None:
    check("[2222m][5555p,1]123789s11p", DISCARD,
          {"Melded Kong": 1, "Concealed Kong": 1, "Two Terminal Chows": 1, "No Honors": 1, "Single Wait": 1}, 6,
          melded_and_concealed_kong=False)


#: 三杠 with concealed kongs (spec §8.2).  [1111m][3333p] concealed, [5555s,1] melded, 789m, single wait on 5p.
#: Reference: 三杠 32 + 双暗刻 2 (two concealed kongs are two concealed pungs) + 幺九刻 1 + 无字 1 + 单钓 1 = 37, no
#: 暗杠 / 双暗杠.  Seed 003 "三杠 … 暗杠、双暗杠加计": the option adds 双暗杠 (6, 不计 暗杠).
def test_three_kongs_default() -> None:
    res = check("[1111m][3333p][5555s,1]789m5p5p", DISCARD,
                {"Three Kongs": 1, "Two Concealed Pungs": 1, "Pung of Terminals or Honors": 1, "No Honors": 1,
                 "Single Wait": 1}, 37)
    assert "Two Concealed Kongs" not in fans_of(res)


def test_three_kongs_seed_option() -> None:
    res = our_score_text("[1111m][3333p][5555s,1]789m5p5p", DISCARD, kongs_count_concealed_kongs=True)
    fans = fans_of(res)
    assert fans["Three Kongs"] == 1 and fans["Two Concealed Kongs"] == 1
    assert "Concealed Kong" not in fans and "Melded Kong" not in fans


#: 四暗刻 self-drawn (spec §8.3).  111m 444m 222p 333s + 5p pair, self-drawn on 5p (single wait).
#: Reference: 四暗刻 64 + 三色三节高 (2p 3s 4m) 8 + 幺九刻 1 + 无字 1 + 单钓 1 + 自摸 1 = 76 (不求人 becomes 自摸).
#: Seed 003 "四暗刻 … 不计门前清、碰碰和，自摸加记不求人": 不求人 4 instead of 自摸 → 79.
def test_four_concealed_pungs_self_drawn_default() -> None:
    check("111444m222p333s55p", SELF_DRAWN,
          {"Four Concealed Pungs": 1, "Mixed Shifted Pungs": 1, "Pung of Terminals or Honors": 1, "No Honors": 1,
           "Single Wait": 1, "Self-Drawn": 1}, 76)


def test_four_concealed_pungs_self_drawn_seed_option() -> None:
    check("111444m222p333s55p", SELF_DRAWN,
          {"Four Concealed Pungs": 1, "Mixed Shifted Pungs": 1, "Pung of Terminals or Honors": 1, "No Honors": 1,
           "Single Wait": 1, "Fully Concealed Hand": 1}, 79, four_concealed_pungs_fully_concealed=True)


#: 清幺九 + 七对 (spec §8.4, §5 example 1199m1199s11999p9p = 90).  Reference: 清幺九 64 + 七对 24 + 四归一 (9p×4) 2 = 90
#: (清幺九 不计 无字).  Seed 003 "清幺九 … 另计七对，不计四归一": 88.
def test_all_terminals_seven_pairs_default() -> None:
    check("1199m1199s11999p9p", DISCARD, {"All Terminals": 1, "Seven Pairs": 1, "Tile Hog": 1}, 90)


def test_all_terminals_seven_pairs_seed_option() -> None:
    check("1199m1199s11999p9p", DISCARD, {"All Terminals": 1, "Seven Pairs": 1}, 88,
          all_terminals_pairs_no_tile_hog=True)


@needs_reference
@pytest.mark.parametrize("text,win,total", [
    ("[2222m][5555p,1]123789s11p", DISCARD, 8),
    ("[1111m][3333p][5555s,1]789m5p5p", DISCARD, 37),
    ("111444m222p333s55p", SELF_DRAWN, 76),
    ("1199m1199s11999p9p", DISCARD, 90),
])
def test_option_defaults_match_reference(text: str, win: Win, total: int) -> None:
    assert ref_score_text(text, win)[0] == total


#: seed 001 Q&A: "你门风是北风，恰巧这圈是北风圈，你碰（杠）了北风 … 北风刻即是门风刻也是圈风刻，共2番，不是1番" — one
#: North pung counts both 圈风刻 and 门风刻.  Seat wind North is the dealer's 上家 (seat 3 when seat 0 deals, seed 001
#: "比如你在庄家上家，则你的门风是北风"), so the context gives no seat_wind and lets it follow from the seats.
#: [NNN,1] 123m 456p 789s + 11m won on 1m (waits 1m / 4m).  By hand: 花龙 8 + 圈风刻 2 + 门风刻 2 = 12; the North
#: pung's 幺九刻 is removed once (spec §4 step 15).
def test_seed_001_north_pung_is_seat_and_prevalent_wind() -> None:
    from mahjong.rulesets.guobiao import Guobiao

    ctx = make_context(winner=3, discarder=2, dealer=0, prevalent_wind=3)
    assert ctx.wind == 3
    res = Guobiao().score("[NNN,1]123m456p789s11m", ctx)
    assert fans_of(res) == Counter({"Mixed Straight": 1, "Prevalent Wind": 1, "Seat Wind": 1})
    assert res.total == 12


@needs_reference
def test_seed_001_north_pung_on_reference() -> None:
    assert ref_score_text("[NNN,1]123m456p789s11m", Win(seat=3, prevalent=3))[0] == 12
