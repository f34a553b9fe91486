"""One canonical hand per fan (all 81 + 明暗杠) and one exclusion test per 不计 entry.

Each canonical hand was built by hand from the fan's definition (seed 001/003 text quoted in the fan table of
python/mahjong/rulesets/guobiao/fans.py and spec guobiao.md §1, §4, §5) so that the fan must be present; the test
asserts the fan line (key, Chinese and English name, value, count) exactly as the spec's fan table gives it.  The
exclusion cases come from the 不计 lists of seed 003 and spec guobiao.md §4 step 14: in each hand the excluded fan's
own condition holds, and it must not be listed.  A separate parametrised test checks the same data on the reference
calculator, which guards the test data, not our scorer.
"""

from __future__ import annotations

import pytest

from gb_support import (BY_EN, DISCARD, FAN_TABLE, KEY_TO_EN, SELF_DRAWN, Win, fans_of, needs_reference,
                        our_score_text, ref_score_text, snake)

#: (fan key, hand, win facts, count).  Default win: discard from the left, seat wind E, prevalent wind E.
CANON: list[tuple[str, str, Win, int]] = [
 ("big_four_winds", "[EEE,1][SSS,2][WWW,3]NNN55m", DISCARD, 1),
 ("big_three_dragons", "[CCC,1][FFF,2]PPP234m55m", DISCARD, 1),
 ("all_green", "[234s,1][666s,2]FFF88822s", DISCARD, 1),
 ("nine_gates", "1112345678999m5m", DISCARD, 1),
 ("four_kongs", "[1111m,1][2222p,2][3333s,3][EEEE,1]5p5p", DISCARD, 1),
 ("seven_shifted_pairs", "1122334455667m7m", DISCARD, 1),
 ("thirteen_orphans", "19m19p19sESWNCFPP", DISCARD, 1),
 ("all_terminals", "[111m,1][999m,2][111p,3]999s11s", DISCARD, 1),
 ("little_four_winds", "[EEE,1][SSS,2]WWW123mNN", DISCARD, 1),
 ("little_three_dragons", "[CCC,1][FFF,2]123m456pPP", DISCARD, 1),
 ("all_honors", "[EEE,1][SSS,2][CCC,3]FFFPP", DISCARD, 1),
 ("four_concealed_pungs", "111444m222p333s55p", DISCARD, 1),
 ("pure_terminal_chows", "112233778899m55m", DISCARD, 1),
 ("quadruple_chow", "111122223333m55p", DISCARD, 1),
 ("four_pure_shifted_pungs", "[111m,1][222m,2][333m,3]444m55p", DISCARD, 1),
 ("four_pure_shifted_chows", "[123m,1][234m,1][345m,1]456m55p", DISCARD, 1),
 ("three_kongs", "[1111m,1][2222p,2][4444s,3]789m5p5p", DISCARD, 1),
 ("all_terminals_and_honors", "[111m,1][999p,2][EEE,3]CCC99s", DISCARD, 1),
 ("seven_pairs", "1133m2288p4499sEE", DISCARD, 1),
 ("greater_honors_and_knitted_tiles", "147m25p36sESWNCFP", DISCARD, 1),
 ("all_even_pungs", "[222m,1][444p,2][666s,3]888m22p", DISCARD, 1),
 ("full_flush", "[123m,1][345m,1]22256799m", DISCARD, 1),
 ("pure_triple_chow", "[123p,1]112233p456s99m", DISCARD, 1),
 ("pure_shifted_pungs", "[222p,1][333p,2]444p567s99m", DISCARD, 1),
 ("upper_tiles", "[789m,1][777p,2]789p88899s", DISCARD, 1),
 ("middle_tiles", "[456m,1][444p,2]456p55566s", DISCARD, 1),
 ("lower_tiles", "[123m,1][111p,2]123p22233s", DISCARD, 1),
 ("pure_straight", "[123m,1]456789mEEE11p", DISCARD, 1),
 ("three_suited_terminal_chows", "123789m123789p55s", DISCARD, 1),
 ("pure_shifted_chows", "[123m,1][234m,1]345m789p55s", DISCARD, 1),
 ("all_five", "[345m,1][456p,1]567m555s55p", DISCARD, 1),
 ("triple_pung", "[222m,1][222p,2]222s345m99p", DISCARD, 1),
 ("three_concealed_pungs", "[123m,1]999m555p77711s", DISCARD, 1),
 ("lesser_honors_and_knitted_tiles", "147m258p36sESWNCF", DISCARD, 1),
 ("knitted_straight", "147m258p369s345mEE", DISCARD, 1),
 ("upper_four", "[678m,1][666p,2]789s999m77p", DISCARD, 1),
 ("lower_four", "[234m,1][444p,2]123s111m33p", DISCARD, 1),
 ("big_three_winds", "[EEE,1][SSS,2]WWW123m55p", Win(seat=3, prevalent=3), 1),
 ("mixed_straight", "[123m,1][456p,1]789s567m11p", DISCARD, 1),
 ("reversible_tiles", "[123p,1][456s,1]888p999sPP", DISCARD, 1),
 ("mixed_triple_chow", "[234m,1][234p,1]234s567m99p", DISCARD, 1),
 ("mixed_shifted_pungs", "[333m,1][444p,2]555s789m11p", DISCARD, 1),
 ("chicken_hand", "[234m,1][678p,1]34578sCC9s", DISCARD, 1),
 ("last_tile_draw", "[234m,1][678p,1]34578sCC9s", Win(self_drawn=True, last_wall=True), 1),
 ("last_tile_claim", "[234m,1][678p,1]34578sCC9s", Win(last_wall=True), 1),
 ("out_with_replacement_tile", "[2222m,1][678p,1]34578sCC9s", Win(self_drawn=True, kong=True), 1),
 ("robbing_the_kong", "[234m,1][678p,1]34578sCC9s", Win(kong=True), 1),
 ("all_pungs", "[222m,1][555p,2][888s,3]666m77p", DISCARD, 1),
 ("half_flush", "[123m,1]345m888mEEE55m", DISCARD, 1),
 ("mixed_shifted_chows", "[123m,1][234p,1]345s789m55p", DISCARD, 1),
 ("all_types", "[234m,1][456p,1]678sEEECC", DISCARD, 1),
 ("melded_hand", "[123m,1][456p,1][789s,1][EEE,2]5s5s", DISCARD, 1),
 ("two_concealed_kongs", "[2222m][5555p]123789s11p", DISCARD, 1),
 ("two_dragons_pungs", "[CCC,1][FFF,2]123m456p99s", DISCARD, 1),
 ("outside_hand", "[123m,1][789p,1]999m111sEE", DISCARD, 1),
 ("fully_concealed_hand", "123m456p789s234m55s", SELF_DRAWN, 1),
 ("two_melded_kongs", "[2222m,1][5555p,2]123789s11p", DISCARD, 1),
 ("last_tile", "[234m,1][456p,1]CCC55p23s4s", Win(last_tile=True), 1),
 ("dragon_pung", "[CCC,1]123m456p789s11m", DISCARD, 1),
 ("prevalent_wind", "[SSS,1]123m456p789s11m", Win(seat=0, prevalent=1), 1),
 ("seat_wind", "[WWW,1]123m456p789s11m", Win(seat=2, prevalent=0), 1),
 ("concealed_hand", "123m456p789s234m55s", DISCARD, 1),
 ("all_chows", "[123m,1]456m234p567s88s", DISCARD, 1),
 ("tile_hog", "[123m,1]111m456p789s55p", DISCARD, 1),
 ("double_pung", "[222m,1][222p,2]456s789m11s", DISCARD, 1),
 ("two_concealed_pungs", "[123m,1][456p,1]777m222sEE", DISCARD, 1),
 ("concealed_kong", "[5555p]123m456m789s11s", DISCARD, 1),
 ("all_simples", "[234m,1][456p,1]345678s22m", DISCARD, 1),
 ("pure_double_chow", "[123m,1]123m456p789sEE", DISCARD, 1),
 ("mixed_double_chow", "[123m,1]123p456s789sEE", DISCARD, 1),
 ("short_straight", "[123m,1]456m222p888sEE", DISCARD, 1),
 ("two_terminal_chows", "[123m,1]789m222p888sEE", DISCARD, 1),
 ("pung_of_terminals_or_honors", "[111m,1]234p567s888mEE", DISCARD, 1),
 ("melded_kong", "[5555p,1]123m456m789s11s", DISCARD, 1),
 ("one_voided_suit", "[123m,1]456m222p888pEE", DISCARD, 1),
 ("no_honors", "[123m,1]456p222s789m55s", DISCARD, 1),
 ("edge_wait", "[234m,1][456p,1]CCC55s12s3s", DISCARD, 1),
 ("closed_wait", "[234m,1][456p,1]CCC55s13s2s", DISCARD, 1),
 ("single_wait", "[234m,1][456p,1]CCC789sEE", DISCARD, 1),
 ("self_drawn", "[234m,1][678p,1]34578sCC9s", SELF_DRAWN, 1),
 ("flower_tiles", "[234m,1][678p,1]34578sCC9s f1f5", DISCARD, 2),
 ("concealed_kong_and_melded_kong", "[2222m][5555p,1]123789s11p", DISCARD, 1),
]


def test_canonical_list_covers_every_fan() -> None:
    assert sorted(k for k, *_ in CANON) == sorted(snake(en) for _, _, en, _ in FAN_TABLE)
    assert len(CANON) == 82


def test_fan_table_matches_spec() -> None:
    """Part A's FANS: the 81 fans + 明暗杠 with the spec's names, values and snake_case keys."""
    from mahjong.rulesets.guobiao import FANS

    ours = {f.name_en: (f.name_zh, f.value, f.key) for f in FANS if f.value}
    assert ours == BY_EN


@pytest.mark.parametrize("key,text,win,count", CANON, ids=[c[0] for c in CANON])
def test_canonical_hand(key: str, text: str, win: Win, count: int) -> None:
    res = our_score_text(text, win)
    item = res.item(key)
    assert item is not None, f"{key} missing from {[i.key for i in res.items]}"
    zh, value, _ = BY_EN[KEY_TO_EN[key]]
    assert (item.name_zh, item.name_en, item.value, item.count) == (zh, KEY_TO_EN[key], value, count)
    assert res.total == sum(i.value * i.count for i in res.items)


@needs_reference
@pytest.mark.parametrize("key,text,win,count", CANON, ids=[c[0] for c in CANON])
def test_canonical_hand_data_on_reference(key: str, text: str, win: Win, count: int) -> None:
    assert ref_score_text(text, win)[1][KEY_TO_EN[key]] == count


# --------------------------------------------------------------------------------------------------------------
# 不计 (exclusions): (fan counted, hand, win facts, fans whose own condition holds but must not be listed, source)
# --------------------------------------------------------------------------------------------------------------

SEAT_N = Win(seat=3, prevalent=3)

EXCLUSIONS: list[tuple[str, str, Win, tuple[str, ...], str]] = [
    ("big_four_winds", "[EEE,1][SSS,2][WWW,3]NNN55m", DISCARD,
     ("all_pungs", "pung_of_terminals_or_honors", "big_three_winds", "little_four_winds", "prevalent_wind",
      "seat_wind"), "seed 003 大四喜 不计圈风刻、门风刻、三风刻、幺九刻、碰碰和"),
    ("big_three_dragons", "[CCC,1][FFF,2]PPP234m55m", DISCARD,
     ("dragon_pung", "two_dragons_pungs", "little_three_dragons"), "seed 003 大三元 不计箭刻、双箭刻"),
    ("all_green", "[234s,1][666s,2]FFF88822s", DISCARD, ("half_flush", "one_voided_suit"),
     "seed 003 绿一色 不计混一色; spec §4.14 drops 缺一门"),
    ("nine_gates", "1112345678999m5m", DISCARD, ("full_flush", "concealed_hand", "one_voided_suit", "no_honors"),
     "seed 003 九莲宝灯 不计清一色; spec §5 no 清一色 门前清"),
    ("nine_gates", "1112345678999m5m", SELF_DRAWN, ("full_flush", "fully_concealed_hand"),
     "spec §5: no 不求人, self-drawn gives 自摸"),
    ("four_kongs", "[1111m,1][2222p,2][3333s,3][EEEE,1]5p5p", DISCARD,
     ("three_kongs", "two_melded_kongs", "melded_kong", "all_pungs", "single_wait"),
     "seed 003 四杠 不计碰碰胡、三杠、双明杠，明杠、单调将"),
    ("seven_shifted_pairs", "1122334455667m7m", DISCARD,
     ("seven_pairs", "full_flush", "concealed_hand", "single_wait", "short_straight", "pure_double_chow",
      "one_voided_suit", "no_honors"), "seed 003 连七对 不计清一色、不求人、单钓将、连六、一般高; spec §5"),
    ("seven_shifted_pairs", "1122334455667m7m", SELF_DRAWN, ("fully_concealed_hand",), "seed 003 连七对 不计不求人"),
    ("thirteen_orphans", "19m19p19sESWNCFPP", DISCARD,
     ("all_types", "single_wait", "concealed_hand", "all_terminals_and_honors"), "seed 003 十三幺 不计五门齐、单钓将"),
    ("thirteen_orphans", "19m19p19sESWNCFPP", SELF_DRAWN, ("fully_concealed_hand",), "seed 003 十三幺 不计不求人"),
    ("all_terminals", "[111m,1][999m,2][111p,3]999s11s", DISCARD,
     ("all_pungs", "outside_hand", "pung_of_terminals_or_honors", "no_honors", "double_pung",
      "all_terminals_and_honors"), "seed 003 清幺九 不计碰碰和、双同刻、全带幺、幺九刻、无字"),
    ("little_four_winds", "[EEE,1][SSS,2]WWW123mNN", DISCARD, ("big_three_winds", "pung_of_terminals_or_honors"),
     "seed 003 小四喜 不计三风刻、幺九刻"),
    ("little_three_dragons", "[CCC,1][FFF,2]123m456pPP", DISCARD, ("dragon_pung", "two_dragons_pungs"),
     "seed 003 小三元 不计箭刻、双箭刻"),
    ("all_honors", "[EEE,1][SSS,2][CCC,3]FFFPP", DISCARD,
     ("all_pungs", "outside_hand", "pung_of_terminals_or_honors", "one_voided_suit", "all_terminals_and_honors"),
     "seed 003 字一色 不计碰碰和; spec §4.14 drops 全带幺 幺九刻 缺一门"),
    ("four_concealed_pungs", "111444m222p333s55p", DISCARD, ("all_pungs", "concealed_hand"),
     "seed 003 四暗刻 不计门前清、碰碰和"),
    ("four_concealed_pungs", "111444m222p333s55p", SELF_DRAWN, ("all_pungs", "fully_concealed_hand"),
     "spec §4.14 / §8.3: 四暗刻 turns 不求人 into 自摸"),
    ("pure_terminal_chows", "112233778899m55m", DISCARD,
     ("full_flush", "all_chows", "no_honors", "pure_double_chow", "two_terminal_chows", "seven_pairs",
      "one_voided_suit"), "seed 003 一色双龙会 不计平和、七对、清一色、一般高、老少副、无字"),
    ("quadruple_chow", "111122223333m55p", DISCARD,
     ("pure_triple_chow", "pure_double_chow", "tile_hog", "pure_shifted_pungs"),
     "seed 003 一色四同顺 不计一色三节高、一般高、四归一"),
    ("four_pure_shifted_pungs", "[111m,1][222m,2][333m,3]444m55p", DISCARD,
     ("pure_shifted_pungs", "all_pungs", "pure_triple_chow"), "seed 003 一色四节高 不计一色三同顺、碰碰和"),
    ("four_pure_shifted_chows", "[123m,1][234m,1][345m,1]456m55p", DISCARD, ("pure_shifted_chows", "short_straight"),
     "spec §4.6: a 4-chow fan stops every other chow fan"),
    ("three_kongs", "[1111m,1][2222p,2][4444s,3]789m5p5p", DISCARD, ("two_melded_kongs", "melded_kong"),
     "seed 003 三杠 不计明杠，双明杠"),
    ("all_terminals_and_honors", "[111m,1][999p,2][EEE,3]CCC99s", DISCARD,
     ("all_pungs", "outside_hand", "pung_of_terminals_or_honors"), "seed 003 混幺九 不计碰碰和、全带幺、幺九刻"),
    ("seven_pairs", "1133m2288p4499sEE", DISCARD, ("concealed_hand", "single_wait"), "seed 003 七对 不计单钓将"),
    ("seven_pairs", "1133m2288p4499sEE", SELF_DRAWN, ("fully_concealed_hand", "concealed_hand"),
     "seed 003 七对 不计不求人"),
    ("greater_honors_and_knitted_tiles", "147m25p36sESWNCFP", DISCARD,
     ("lesser_honors_and_knitted_tiles", "all_types", "concealed_hand", "single_wait"),
     "seed 003 七星不靠 不计五门齐、单钓将"),
    ("greater_honors_and_knitted_tiles", "147m25p36sESWNCFP", SELF_DRAWN, ("fully_concealed_hand",),
     "seed 003 七星不靠 不计不求人"),
    ("lesser_honors_and_knitted_tiles", "147m258p36sESWNCF", DISCARD, ("all_types", "concealed_hand", "single_wait"),
     "seed 003 全不靠 不计五门齐、不求人、单钓将"),
    ("all_even_pungs", "[222m,1][444p,2][666s,3]888m22p", DISCARD, ("all_pungs", "all_simples", "no_honors"),
     "seed 003 全双刻 不计碰碰和、断幺"),
    ("full_flush", "[123m,1][345m,1]22256799m", DISCARD, ("no_honors", "one_voided_suit"), "seed 003 清一色 不计无字"),
    ("pure_triple_chow", "22333444m234p99p2m", DISCARD, ("pure_shifted_pungs", "pure_double_chow"),
     "seed 003 一色三同顺 不计一色三节高、一般高"),
    ("pure_shifted_pungs", "111222333p456s99m", DISCARD, ("pure_triple_chow",), "seed 003 一色三节高 不计一色三同顺"),
    ("three_concealed_pungs", "[123m,1]999m555p77711s", DISCARD, ("two_concealed_pungs",),
     "seed 003 三暗刻 不计暗刻、双暗刻"),
    ("upper_tiles", "[789m,1][777p,2]789p88899s", DISCARD, ("upper_four", "no_honors"), "seed 003 全大 不计无字"),
    ("middle_tiles", "[456m,1][444p,2]456p55566s", DISCARD, ("all_simples", "no_honors"),
     "seed 003 全中 不计断幺、无字"),
    ("lower_tiles", "[123m,1][111p,2]123p22233s", DISCARD, ("lower_four", "no_honors"), "seed 003 全小 不计无字"),
    ("three_suited_terminal_chows", "123789m123789p55s", DISCARD,
     ("all_chows", "no_honors", "mixed_double_chow", "two_terminal_chows"),
     "seed 003 三色双龙会 不计喜相逢、老少副、无字、平和"),
    ("all_five", "[345m,1][456p,1]567m555s55p", DISCARD, ("all_simples", "no_honors"), "seed 003 全带五 不计断幺"),
    ("upper_four", "[678m,1][666p,2]789s999m77p", DISCARD, ("no_honors",), "seed 003 大于五 不计无字"),
    ("lower_four", "[234m,1][444p,2]123s111m33p", DISCARD, ("no_honors",), "seed 003 小于五 不计无字"),
    ("big_three_winds", "[EEE,1][SSS,2]WWW123m55p", SEAT_N, ("pung_of_terminals_or_honors",),
     "spec §4.14: 三风刻 subtracts the 3 幺九刻 of its wind pungs"),
    ("reversible_tiles", "[123p,1][456s,1]888p999sPP", DISCARD, ("one_voided_suit",), "seed 003 推不倒 不计缺一门"),
    ("last_tile_draw", "[234m,1][678p,1]34578sCC9s", Win(self_drawn=True, last_wall=True), ("self_drawn",),
     "seed 003 妙手回春 不计自摸"),
    ("out_with_replacement_tile", "[2222m,1][678p,1]34578sCC9s", Win(self_drawn=True, kong=True), ("self_drawn",),
     "seed 003 杠上开花 不计自摸"),
    ("robbing_the_kong", "[234m,1][678p,1]34578sCC9s", Win(kong=True, last_tile=True), ("last_tile",),
     "seed 003 抢杠和 不计和绝张"),
    ("half_flush", "[123m,1]345m888mEEE55m", DISCARD, ("one_voided_suit",), "spec §4.10: two missing suits → 混一色"),
    ("melded_hand", "[123m,1][456p,1][789s,1][EEE,2]5s5s", DISCARD, ("single_wait",), "seed 003 全求人 不计单钓将"),
    ("two_concealed_kongs", "[2222m][5555p]123789s11p", DISCARD, ("concealed_kong",), "seed 003 双暗杠 不计暗杠"),
    ("two_dragons_pungs", "[CCC,1][FFF,2]123m456p99s", DISCARD, ("dragon_pung",), "seed 003 双箭刻 不计箭刻"),
    ("fully_concealed_hand", "123m456p789s234m55s", SELF_DRAWN, ("self_drawn", "concealed_hand"),
     "spec §4.7 / §4.14: 不求人 drops 自摸, replaces 门前清"),
    ("two_melded_kongs", "[2222m,1][5555p,2]123789s11p", DISCARD, ("melded_kong",), "seed 003 双明杠 不计明杠"),
    ("all_chows", "[123m,1]456m234p567s88s", DISCARD, ("no_honors",), "spec §4.14: 平和 drops 无字"),
    ("all_simples", "[234m,1][456p,1]345678s22m", DISCARD, ("no_honors",), "spec §4.14: 断幺 drops 无字"),
    ("concealed_kong_and_melded_kong", "[2222m][5555p,1]123789s11p", DISCARD, ("melded_kong", "concealed_kong"),
     "spec §8.1: 明暗杠 5 instead of 明杠 1 + 暗杠 2"),
    ("dragon_pung", "[CCC,1]123m456p789s11m", DISCARD, ("pung_of_terminals_or_honors",),
     "spec §4.5 / §8.7: dragon pungs never count 幺九刻"),
    ("prevalent_wind", "[SSS,1]123m456p789s11m", Win(seat=0, prevalent=1), ("pung_of_terminals_or_honors",),
     "spec §4.15: 圈风刻 removes the wind pung's 幺九刻"),
    ("seat_wind", "[WWW,1]123m456p789s11m", Win(seat=2, prevalent=0), ("pung_of_terminals_or_honors",),
     "spec §4.15: 门风刻 removes the wind pung's 幺九刻"),
]


@pytest.mark.parametrize("present,text,win,absent,source", EXCLUSIONS,
                         ids=[f"{e[0]}-{i}" for i, e in enumerate(EXCLUSIONS)])
def test_exclusion(present: str, text: str, win: Win, absent: tuple[str, ...], source: str) -> None:
    res = our_score_text(text, win)
    keys = {i.key for i in res.items}
    assert present in keys, f"{present} missing ({source})"
    assert not keys & set(absent), f"{sorted(keys & set(absent))} listed next to {present} ({source})"


@needs_reference
@pytest.mark.parametrize("present,text,win,absent,source", EXCLUSIONS,
                         ids=[f"{e[0]}-{i}" for i, e in enumerate(EXCLUSIONS)])
def test_exclusion_data_on_reference(present: str, text: str, win: Win, absent: tuple[str, ...], source: str) -> None:
    fans = ref_score_text(text, win)[1]
    assert fans[KEY_TO_EN[present]] and not any(fans[KEY_TO_EN[a]] for a in absent)


# --------------------------------------------------------------------------------------------------------------
# Fans kept next to others (the spec states they are NOT excluded) and counts after a partial exclusion
# --------------------------------------------------------------------------------------------------------------


def test_big_three_winds_keeps_other_terminal_pungs() -> None:
    # spec §4.14: 三风刻 subtracts exactly its 3 幺九刻; the 111p pung keeps its own (count 1).
    res = our_score_text("[EEE,1][SSS,2]WWW111p55p", SEAT_N)
    assert res.item("big_three_winds") is not None
    item = res.item("pung_of_terminals_or_honors")
    assert item is not None and item.count == 1


def test_wind_pung_both_seat_and_prevalent() -> None:
    # seed 001 Q&A: 圈风刻 and 门风刻 can both apply to one wind pung (2+2); spec §4.15: it removes one 幺九刻.
    res = our_score_text("[EEE,1]123m456p789s11m", DISCARD)
    keys = {i.key for i in res.items}
    assert {"prevalent_wind", "seat_wind"} <= keys
    assert "pung_of_terminals_or_honors" not in keys


def test_dragons_keep_one_voided_suit() -> None:
    # spec §4.14: 大三元 and 小三元 do not drop 缺一门 (seed 003 大三元 另计 缺一门).
    assert our_score_text("[CCC,1][FFF,2]123m456pPP", DISCARD).item("one_voided_suit") is not None


def test_all_terminals_keeps_triple_pung() -> None:
    # spec §4.14 / §8.4: 清幺九 drops 双同刻 but keeps 三同刻.  111m 111p 111s 999m + 99p: 清幺九 + 三同刻.
    res = our_score_text("[111m,1][111p,2][111s,3]999m99p", DISCARD)
    keys = {i.key for i in res.items}
    assert {"all_terminals", "triple_pung"} <= keys
    assert "double_pung" not in keys
