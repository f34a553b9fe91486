"""Seed 003's 另计 ("also counted") notes: each fan's entry lists fans that may be counted WITH it.  One hand per
note, built by hand so that every fan named holds; the test asserts they are all listed together.

Where the seed's note and the reference calculator disagree (the default follows the reference, issue 3), the case
is tested for the reference behaviour and the comment says so — they are NOT among the spec §8 differences that
have a seed option (see the report).  The data are cross-checked on the reference too.
"""

from __future__ import annotations

import pytest

from gb_support import DISCARD, KEY_TO_EN, our_score_text, ref_score_text

#: (hand won on a discard by seat 0, seat and round wind East; fans that must all be listed; the seed's note)
ALSO_COUNTED: list[tuple[str, list[str], str]] = [
    ("[EEE,1][SSS,2][WWW,3]NNNCC", ["big_four_winds", "all_honors"], "大四喜 另计字一色"),
    ("[EEE,1][SSS,2][WWW,3]NNN11m", ["big_four_winds", "all_terminals_and_honors", "half_flush"], "大四喜 另计混幺九、混一色"),
    ("[CCC,1][FFF,2]PPP123m99p", ["big_three_dragons", "outside_hand", "one_voided_suit"], "大三元 另计全带幺、缺一门"),
    ("[CCC,1][FFF,2]PPPEEESS", ["big_three_dragons", "all_honors"], "大三元 另计字一色"),
    ("[234s,1][234s,1]FFF66644s", ["all_green", "tile_hog", "dragon_pung"], "绿一色 另计四归一、箭刻"),
    ("[222s,1][333s,2][444s,3]666s88s", ["all_green", "full_flush", "pure_shifted_pungs", "all_pungs", "all_simples"], "绿一色 如无发可计清一色; 另计一色三节高、碰碰和、断幺"),
    ("1112345678999m1m", ["nine_gates", "tile_hog", "pure_straight"], "九莲宝灯 另计四归一、清龙"),
    ("1112345678999m2m", ["nine_gates", "two_concealed_pungs", "short_straight"], "九莲宝灯 另计双暗刻、连六"),
    ("[7777m,1][8888p,2][9999s,3][8888m,1]7p7p", ["four_kongs", "upper_tiles", "mixed_shifted_pungs", "double_pung"], "四杠 另计全大、三色三节高、双同刻"),
    ("[1111m,1][1111p,2][1111s,3][CCCC,1]EE", ["four_kongs", "all_terminals_and_honors", "triple_pung", "all_types", "dragon_pung"], "四杠 另计混幺九、三同刻、五门齐、箭刻"),
    ("2233445566778m8m", ["seven_shifted_pairs", "all_simples"], "连七对 另计断幺"),
    ("[EEE,1][SSS,2]WWW555mNN", ["little_four_winds", "half_flush", "all_pungs"], "小四喜 另计混一色、碰碰和"),
    ("[EEE,1][SSS,2]WWW111mNN", ["little_four_winds", "half_flush", "all_terminals_and_honors"], "小四喜 另计混一色、混幺九"),
    ("[CCC,1][FFF,2][111m,3]111pPP", ["little_three_dragons", "all_terminals_and_honors", "double_pung", "one_voided_suit"], "小三元 另计混幺九、双同刻、缺一门"),
    ("[CCC,1][FFF,2][555m,3]555pPP", ["little_three_dragons", "all_pungs", "double_pung", "one_voided_suit"], "小三元 另计双同刻、碰碰和、缺一门"),
    ("[CCC,1][FFF,2]EEESSSNN", ["all_honors", "two_dragons_pungs"], "字一色 另计双箭刻"),
    ("111122223333m44m", ["quadruple_chow", "full_flush", "lower_four", "all_chows"], "一色四同顺 另计清一色、小于五、平和"),
    ("[111p,1][222p,2][333p,3]444p99s", ["four_pure_shifted_pungs", "reversible_tiles", "no_honors", "pung_of_terminals_or_honors"], "一色四节高 另计推不倒、无字、幺九刻"),
    ("[111p,1][222p,2][333p,3]444p77s", ["four_pure_shifted_pungs", "one_voided_suit"], "一色四节高 另计缺一门"),
    ("[2222m,1][3333p,2][4444s,3]123s11p", ["three_kongs", "lower_four", "mixed_shifted_pungs"], "三杠 另计小于五、三色三节高"),
    ("[111m,1][111p,2][111s,3]CCCEE", ["all_terminals_and_honors", "triple_pung", "dragon_pung", "all_types"], "混幺九 另计三同刻、箭刻、五门齐"),
    ("111199m99pEESSCC", ["all_terminals_and_honors", "seven_pairs", "tile_hog", "one_voided_suit"], "混幺九 另计七对、四归一、缺一门"),
    ("1199m55p77sEESSCC", ["seven_pairs", "all_types"], "七对 另计五门齐"),
    ("223344668888sFF", ["seven_pairs", "all_green"], "七对 另计绿一色"),
    ("22223344667788m", ["seven_pairs", "full_flush", "all_simples"], "七对 另计清一色、断幺"),
    ("1122p4455p88p2244s", ["seven_pairs", "reversible_tiles"], "七对 另计推不倒"),
    ("[222p,1][222s,2][444p,3]444s88p", ["all_even_pungs", "reversible_tiles", "double_pung"], "全双刻 另计推不倒、两副双同刻"),
    ("1112233456789m1m", ["full_flush", "pure_straight", "pure_double_chow", "tile_hog", "all_chows"], "清一色 另计清龙、一般高、四归一、平和"),
    ("[123m,1][123m,1]123m1113p2p", ["pure_triple_chow", "lower_tiles", "outside_hand", "all_chows", "one_voided_suit", "mixed_double_chow"], "一色三同顺 另计全小、全带幺、平和、缺一门、喜相逢"),
    ("[111m,1][222m,2][333m,3]EEE55m", ["pure_shifted_pungs", "half_flush", "all_pungs", "pung_of_terminals_or_honors"], "一色三节高 另计混一色、碰碰和、幺九刻"),
    ("[789m,1][789p,1]789s789m99s", ["upper_tiles", "mixed_triple_chow", "outside_hand", "all_chows", "pure_double_chow"], "全大 另计三色三同顺、全带幺、平和、一般高"),
    ("[444m,1][555p,2][666s,3]444p55m", ["middle_tiles", "all_pungs", "mixed_shifted_pungs", "double_pung"], "全中 另计碰碰和、三色三节高、双同刻"),
    ("[123m,1][123m,1][123m,1]123m11p", ["lower_tiles", "quadruple_chow", "outside_hand", "all_chows"], "全小 另计一色四同顺、全带幺、平和"),
    ("[123m,1]456789m123p55p", ["pure_straight", "all_chows", "one_voided_suit", "mixed_double_chow"], "清龙 另计平和、缺一门、喜相逢"),
    ("[345m,1][456m,1]567m456p55s", ["pure_shifted_chows", "all_five", "all_chows", "mixed_double_chow"], "一色三步高 另计全带五、平和、喜相逢"),
    ("[456m,1][456p,1]456s456m55p", ["all_five", "middle_tiles", "mixed_triple_chow", "all_chows", "pure_double_chow"], "全带五 另计全中、三色三同顺、平和、一般高"),
    ("147m258p369s345m55p", ["knitted_straight", "all_chows"], "组合龙 另计平和"),
    ("147m258p369sCCCEE", ["knitted_straight", "all_types", "dragon_pung"], "组合龙 另计五门齐、箭刻"),
    ("[678m,1][678p,1]678s678m66p", ["upper_four", "mixed_triple_chow", "pure_double_chow", "all_chows"], "大于五 另计三色三同顺、一般高、平和"),
    ("[222p,1][333p,2][444p,3]11123p", ["lower_four", "full_flush", "pure_shifted_pungs", "reversible_tiles", "tile_hog"], "小于五 另计清一色、一色三节高、推不倒、两副四归一"),
    ("[EEE,1][SSS,2][WWW,3]CCCFF", ["big_three_winds", "all_honors", "dragon_pung"], "三风刻 另计字一色、箭刻"),
    ("[123m,1][456p,1]789s123m55s", ["mixed_straight", "pure_double_chow", "all_chows"], "花龙 另计一般高、平和"),
    ("[111p,1][999s,2]999p222s55p", ["reversible_tiles", "double_pung", "no_honors", "pung_of_terminals_or_honors"], "推不倒 另计双同刻、无字、两副幺九刻"),
    ("[234m,1][234p,1]234s567m99p", ["mixed_triple_chow", "all_chows", "short_straight"], "三色三同顺 另计平和、连六"),
    ("[777m,1][888p,2][999s,3]999m77p", ["mixed_shifted_pungs", "upper_tiles", "all_pungs", "double_pung", "pung_of_terminals_or_honors"], "三色三节高 另计全大、碰碰和、双同刻、幺九刻"),
    ("[222p,1][333p,2][444p,3]222s55p", ["all_pungs", "pure_shifted_pungs", "double_pung", "reversible_tiles"], "碰碰和 另计一色三节高、双同刻、推不倒"),
    ("[123m,1][789m,1]CCC234mEE", ["half_flush", "dragon_pung", "two_terminal_chows"], "混一色 另计箭刻、老少副"),
    ("[345m,1][456p,1]567s555m55p", ["mixed_shifted_chows", "all_five", "tile_hog"], "三色三步高 另计全带五、四归一"),
    ("[123m,1][123p,1]789sCCCEE", ["all_types", "outside_hand", "dragon_pung", "mixed_double_chow"], "五门齐 另计全带幺、箭刻、喜相逢"),
]


@pytest.mark.parametrize("text,keys,note", ALSO_COUNTED, ids=[n.split()[0] + f"-{i}" for i, (_, _, n) in
                                                            enumerate(ALSO_COUNTED)])
def test_also_counted(text: str, keys: list[str], note: str) -> None:
    listed = {i.key for i in our_score_text(text, DISCARD).items}
    missing = [k for k in keys if k not in listed]
    assert not missing, f"{note}: {missing} not listed for {text}"


@pytest.mark.parametrize("text,keys,note", ALSO_COUNTED)
def test_also_counted_data_on_reference(text: str, keys: list[str], note: str) -> None:
    fans = ref_score_text(text, DISCARD)[1]
    assert all(fans[KEY_TO_EN[k]] for k in keys)


#: seed 003 一色四步高 "另计混一色、连六 … 另计老少副、缺一门": the seed lets 连六 / 老少副 from inside the four shifted
#: chows count on top.  The reference (spec §4 step 6: "a 4-chow fan … If found, stop; no 1-fan chow fans are
#: added") does not, and neither does our default.  This seed/reference difference is not in spec §8, so there is no
#: seed option for it (reported to the lead).
@pytest.mark.parametrize("text,kept,dropped", [
    ("[123m,1][234m,1][345m,1]456mEE", ["four_pure_shifted_chows", "half_flush"], "short_straight"),
    ("[123m,1][345m,1][567m,1]789m55p", ["four_pure_shifted_chows", "one_voided_suit"], "two_terminal_chows"),
])
def test_four_shifted_chows_stop_one_fan_chow_fans(text: str, kept: list[str], dropped: str) -> None:
    listed = {i.key for i in our_score_text(text, DISCARD).items}
    assert set(kept) <= listed and dropped not in listed
    ref = ref_score_text(text, DISCARD)[1]
    assert all(ref[KEY_TO_EN[k]] for k in kept) and not ref[KEY_TO_EN[dropped]]
