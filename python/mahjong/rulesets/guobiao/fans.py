"""The Guobiao fan table: the 81 official fans plus 明暗杠 (5), as data.

Each row is one fan: its index (the reference calculator's order, which is also our rule-book order for
printing), snake_case key, Chinese and English names, value in fan, the fans it excludes (不计) — applied by
the scorer in one pass, in index order — and the rule text it implements (seeds 000/001/003).

Only exclusions that can actually co-occur matter to the score, but we list the structural ones too (those a
fan's own shape already rules out) where the seeds list them, so the table reads like the rule book.  Three seed
exclusions are deliberately *not* here because the reference calculator (spec guobiao.md §4 step 14) counts them:
三风刻 does not drop the 幺九刻 of a terminal pung outside it (its three wind pungs simply never count 幺九刻,
see the 幺九刻 step of ``scorer.regular``), 清幺九 keeps 三同刻, and 七对 keeps 四归一 (seed option
``GuobiaoConfig.all_terminals_pairs_no_tile_hog`` follows 《中国麻将竞赛规则》 instead).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from mahjong.rulebook.rows import RuleRow

__all__ = ["Fan", "FANS", "FAN_BY_KEY", "FAN_INDEX", "N_FANS", "COUNTING", "Counting", "EXTRA_FANS"]

#: a Guobiao fan is a rule-book row (key, names, value in fan, 不计 exclusions, rule text, source); its index in
#: :data:`FANS` is the reference calculator's order (and the order of the kernel's fan vector)
Fan = RuleRow

_RULES = "《中国麻将竞赛规则》 (the Chinese national competition rules)"
_REFERENCE = "ChineseOfficialMahjongHelper (the open calculator PyMahjongGB wraps)"
_ONLINE = "联众 国标 fan table, 《国标麻将规则和图解》"


@dataclass(frozen=True)
class Counting:
    """The Guobiao-only counting facts of one fan row (the ones the rule-book row type has no column for), in
    :data:`COUNTING` beside the rows, keyed by the row's key.  Only the few rows that have one are listed.

    Attributes:
        converts: (from, to) pairs: a fan this one turns into another (only 四暗刻: self-drawn 不求人 is scored
            as 自摸, reference step 14).
        trim: 套算一次: the place (1 = first removed) of a 1-fan chow fan in the account-once trim, under the
            reference's order and under ``GuobiaoConfig.terminal_chows_kept`` (reference step 6); (0, 0) = not
            trimmed.
        extra: the place (1 = first choice) of a 1-fan chow fan as the one extra fan a 4th chow may add next to
            a 3-chow fan (reference step 6); 0 = never.
        tie: on a tie between readings, a later reading with this fan replaces the earlier one (reference
            step 5).
    """

    converts: tuple[tuple[str, str], ...] = ()
    trim: tuple[int, int] = (0, 0)
    extra: int = 0
    tie: bool = False


#: row key -> its counting facts (rows without any are not listed)
COUNTING: dict[str, Counting] = {}
_WRITTEN: list[int] = []  #: the index each row was written with (checked against its place below)


def _f(idx: int, key: str, zh: str, en: str, value: int, excludes: str = "", rule: str = "",
       converts: tuple[tuple[str, str], ...] = (), *, trim: tuple[int, int] = (0, 0), extra: int = 0,
       tie: bool = False, source: str = _RULES) -> RuleRow:
    """One fan row (``idx``: its place in the reference's order, checked, not stored: it is the row's index)."""
    _WRITTEN.append(idx)
    facts = Counting(converts, trim, extra, tie)
    if facts != Counting():
        COUNTING[key] = facts
    return RuleRow(key, zh, en, value, "fan", excludes=tuple(excludes.split()), text=rule, source=source)


# fmt: off
FANS: tuple[RuleRow, ...] = (
    _f(0, "none", "无", "None", 0),
    # ---- 88 ----
    _f(1, "big_four_winds", "大四喜", "Big Four Winds", 88,
       "big_three_winds prevalent_wind seat_wind all_pungs pung_of_terminals_or_honors",
       "由4副风刻（杠）组成的和牌 — four pungs/kongs of winds"),
    _f(2, "big_three_dragons", "大三元", "Big Three Dragons", 88, "dragon_pung two_dragons_pungs",
       "和牌中有中发白3副刻子 — pungs/kongs of all three dragons"),
    _f(3, "all_green", "绿一色", "All Green", 88, "half_flush one_voided_suit",
       "由23468条及发组成的和牌 — only 2 3 4 6 8 bamboo and green dragon (无发可计清一色)"),
    _f(4, "nine_gates", "九莲宝灯", "Nine Gates", 88, "full_flush concealed_hand fully_concealed_hand",
       "一种花色1112345678999门清九面听, 见同花色任何1张成和 — 1112345678999 of one suit plus any tile of it"),
    _f(5, "four_kongs", "四杠", "Four Kongs", 88,
       "three_kongs two_melded_kongs melded_kong all_pungs single_wait", "4个杠 — four kongs"),
    _f(6, "seven_shifted_pairs", "连七对", "Seven Shifted Pairs", 88,
       "seven_pairs full_flush concealed_hand fully_concealed_hand single_wait",
       "一种花色序数相连的7个对子 — seven pairs of consecutive ranks in one suit"),
    _f(7, "thirteen_orphans", "十三幺", "Thirteen Orphans", 88,
       "all_types concealed_hand fully_concealed_hand single_wait all_terminals_and_honors",
       "3种序数牌的一九牌及7种字牌, 其中一对作将 — one of each terminal and honor, one of them paired"),
    # ---- 64 ----
    _f(8, "all_terminals", "清幺九", "All Terminals", 64,
       "all_pungs outside_hand pung_of_terminals_or_honors no_honors double_pung all_terminals_and_honors",
       "由序数牌一、九的刻子（对子）组成 — only terminal tiles (不计碰碰和 同刻 无字)"),
    _f(9, "little_four_winds", "小四喜", "Little Four Winds", 64, "big_three_winds pung_of_terminals_or_honors",
       "风牌的3副刻子及风牌将 — three wind pungs and a wind pair"),
    _f(10, "little_three_dragons", "小三元", "Little Three Dragons", 64, "dragon_pung two_dragons_pungs",
       "箭牌的两副刻子及箭牌将 — two dragon pungs and a dragon pair"),
    _f(11, "all_honors", "字一色", "All Honors", 64,
       "all_pungs outside_hand pung_of_terminals_or_honors one_voided_suit all_terminals_and_honors",
       "由字牌的刻子（杠）、将组成 — only honor tiles"),
    _f(12, "four_concealed_pungs", "四暗刻", "Four Concealed Pungs", 64, "all_pungs concealed_hand",
       "4个暗刻（暗杠） — four concealed pungs or kongs", (("fully_concealed_hand", "self_drawn"),)),
    _f(13, "pure_terminal_chows", "一色双龙会", "Pure Terminal Chows", 64,
       "full_flush all_chows no_honors seven_pairs pure_double_chow two_terminal_chows",
       "一种花色的两个老少副, 5为将 — 123 123 789 789 and a 55 pair, one suit"),
    # ---- 48 ----
    _f(14, "quadruple_chow", "一色四同顺", "Quadruple Chow", 48,
       "pure_shifted_pungs pure_triple_chow pure_double_chow tile_hog",
       "一种花色4副序数相同的顺子 — four identical chows"),
    _f(15, "four_pure_shifted_pungs", "一色四节高", "Four Pure Shifted Pungs", 48,
       "pure_triple_chow pure_shifted_pungs all_pungs",
       "一种花色4副依次递增一位数的刻子 — four pungs of one suit stepping by one"),
    # ---- 32 ----
    _f(16, "four_pure_shifted_chows", "一色四步高", "Four Pure Shifted Chows", 32,
       "pure_shifted_chows", "一种花色4副依次递增一位或二位数的顺子 — four chows of one suit stepping by 1 or 2"),
    _f(17, "three_kongs", "三杠", "Three Kongs", 32, "two_melded_kongs melded_kong", "3个杠 — three kongs"),
    _f(18, "all_terminals_and_honors", "混幺九", "All Terminals and Honors", 32,
       "all_pungs outside_hand pung_of_terminals_or_honors",
       "由字牌和序数牌一、九的刻子及将组成 — only terminals and honors"),
    # ---- 24 ----
    _f(19, "seven_pairs", "七对", "Seven Pairs", 24, "concealed_hand fully_concealed_hand single_wait",
       "由7个对子组成和牌 — seven pairs (four of a kind counts as two)"),
    _f(20, "greater_honors_and_knitted_tiles", "七星不靠", "Greater Honors and Knitted Tiles", 24,
       "lesser_honors_and_knitted_tiles all_types concealed_hand fully_concealed_hand single_wait",
       "7个单张字牌加147/258/369中的7张序数牌 — all seven honors plus seven knitted tiles"),
    _f(21, "all_even_pungs", "全双刻", "All Even Pungs", 24, "all_pungs all_simples no_honors",
       "由2、4、6、8序数牌的刻子、将组成 — pungs and pair of even ranks only"),
    _f(22, "full_flush", "清一色", "Full Flush", 24, "no_honors one_voided_suit",
       "由一种花色的序数牌组成 — one suit, no honors"),
    _f(23, "pure_triple_chow", "一色三同顺", "Pure Triple Chow", 24, "pure_shifted_pungs",
       "一种花色3副序数相同的顺子 — three identical chows", tie=True),
    _f(24, "pure_shifted_pungs", "一色三节高", "Pure Shifted Pungs", 24, "pure_triple_chow",
       "一种花色3副依次递增一位数的刻子 — three pungs of one suit stepping by one"),
    _f(25, "upper_tiles", "全大", "Upper Tiles", 24, "upper_four no_honors",
       "由序数牌789组成 — only 7 8 9"),
    _f(26, "middle_tiles", "全中", "Middle Tiles", 24, "all_simples no_honors",
       "由序数牌456组成 — only 4 5 6"),
    _f(27, "lower_tiles", "全小", "Lower Tiles", 24, "lower_four no_honors",
       "由序数牌123组成 — only 1 2 3"),
    # ---- 16 ----
    _f(28, "pure_straight", "清龙", "Pure Straight", 16, "", "一种花色1-9相连接 — 123 456 789 of one suit"),
    _f(29, "three_suited_terminal_chows", "三色双龙会", "Three-Suited Terminal Chows", 16,
       "all_chows no_honors mixed_double_chow two_terminal_chows",
       "2种花色2个老少副, 另一种花色5作将 — 123+789 in two suits and a 55 pair of the third"),
    _f(30, "pure_shifted_chows", "一色三步高", "Pure Shifted Chows", 16, "",
       "一种花色3副依次递增一位或二位数的顺子 — three chows of one suit stepping by 1 or 2"),
    _f(31, "all_five", "全带五", "All Five", 16, "all_simples no_honors",
       "每副牌及将牌都有5 — every set and the pair contain a 5"),
    _f(32, "triple_pung", "三同刻", "Triple Pung", 16, "", "3个序数相同的刻子（杠） — three pungs of one rank",
       tie=True),
    _f(33, "three_concealed_pungs", "三暗刻", "Three Concealed Pungs", 16, "", "3个暗刻 — three concealed pungs"),
    # ---- 12 ----
    _f(34, "lesser_honors_and_knitted_tiles", "全不靠", "Lesser Honors and Knitted Tiles", 12,
       "all_types concealed_hand fully_concealed_hand single_wait",
       "单张147/258/369序数牌及字牌中的任何14张 — 14 singles from one knitted set and the honors"),
    _f(35, "knitted_straight", "组合龙", "Knitted Straight", 12, "",
       "3种花色的147、258、369 — 147 258 369 in three different suits"),
    _f(36, "upper_four", "大于五", "Upper Four", 12, "no_honors", "由序数牌6-9组成 — only 6 to 9"),
    _f(37, "lower_four", "小于五", "Lower Four", 12, "no_honors", "由序数牌1-4组成 — only 1 to 4"),
    _f(38, "big_three_winds", "三风刻", "Big Three Winds", 12, "", "3个风刻 — three wind pungs (they are not also 幺九刻)"),
    # ---- 8 ----
    _f(39, "mixed_straight", "花龙", "Mixed Straight", 8, "",
       "3种花色的3副顺子连接成1-9 — 123 456 789 in three different suits"),
    _f(40, "reversible_tiles", "推不倒", "Reversible Tiles", 8, "one_voided_suit",
       "由1234589饼、245689条、白板组成 — only tiles that look the same upside down"),
    _f(41, "mixed_triple_chow", "三色三同顺", "Mixed Triple Chow", 8, "",
       "3种花色3副序数相同的顺子 — the same chow in all three suits"),
    _f(42, "mixed_shifted_pungs", "三色三节高", "Mixed Shifted Pungs", 8, "",
       "3种花色3副依次递增一位数的刻子 — pungs of three suits stepping by one"),
    _f(43, "chicken_hand", "无番和", "Chicken Hand", 8, "", "数不出任何番种分（花牌除外） — no other fan"),
    _f(44, "last_tile_draw", "妙手回春", "Last Tile Draw", 8, "self_drawn",
       "自摸牌墙上最后一张牌和牌 — self-drawn on the last tile of the wall"),
    _f(45, "last_tile_claim", "海底捞月", "Last Tile Claim", 8, "", "和打出的最后一张牌 — won on the last discard"),
    _f(46, "out_with_replacement_tile", "杠上开花", "Out with Replacement Tile", 8, "self_drawn",
       "开杠抓进的牌成和牌（不包括补花） — won on a kong's replacement tile"),
    _f(47, "robbing_the_kong", "抢杠和", "Robbing The Kong", 8, "last_tile",
       "和别人自抓开明杠的牌 — won on the tile another player adds to a pung"),
    # ---- 6 ----
    _f(48, "all_pungs", "碰碰和", "All Pungs", 6, "", "由4副刻子（或杠）、将组成 — four pungs/kongs and a pair"),
    _f(49, "half_flush", "混一色", "Half Flush", 6, "one_voided_suit",
       "由一种花色序数牌及字牌组成 — one suit plus honors"),
    _f(50, "mixed_shifted_chows", "三色三步高", "Mixed Shifted Chows", 6, "",
       "3种花色3副依次递增一位序数的顺子 — chows of three suits stepping by one"),
    _f(51, "all_types", "五门齐", "All Types", 6, "", "3种序数牌、风、箭牌齐全 — all three suits, a wind and a dragon"),
    _f(52, "melded_hand", "全求人", "Melded Hand", 6, "single_wait",
       "全靠吃牌、碰牌、单钓别人打出的牌和牌 — four claimed melds and a pair won on a discard"),
    _f(53, "two_concealed_kongs", "双暗杠", "Two Concealed Kongs", 6, "concealed_kong", "2个暗杠 — two concealed kongs"),
    _f(54, "two_dragons_pungs", "双箭刻", "Two Dragons Pungs", 6, "dragon_pung", "2副箭刻（或杠） — two dragon pungs"),
    # ---- 4 ----
    _f(55, "outside_hand", "全带幺", "Outside Hand", 4, "",
       "每副牌、将牌都有幺牌 — every set and the pair contain a terminal or honor"),
    _f(56, "fully_concealed_hand", "不求人", "Fully Concealed Hand", 4, "self_drawn concealed_hand",
       "没有吃、碰、明杠, 自摸和牌 — no claimed meld, self-drawn"),
    _f(57, "two_melded_kongs", "双明杠", "Two Melded Kongs", 4, "melded_kong", "2个明杠 — two melded kongs"),
    _f(58, "last_tile", "和绝张", "Last Tile", 4, "",
       "和牌池、桌面已亮明的3张牌所剩的第4张牌 — won on the last copy of a tile"),
    # ---- 2 ----
    _f(59, "dragon_pung", "箭刻", "Dragon Pung", 2, "", "中、发、白3张相同的牌组成的刻子 — a dragon pung"),
    _f(60, "prevalent_wind", "圈风刻", "Prevalent Wind", 2, "", "与圈风相同的风刻 — a pung of the round wind (that pung is not also 幺九刻)"),
    _f(61, "seat_wind", "门风刻", "Seat Wind", 2, "", "与本门风相同的风刻 — a pung of the seat wind (that pung is not also 幺九刻)"),
    _f(62, "concealed_hand", "门前清", "Concealed Hand", 2, "",
       "没有吃、碰、明杠, 和别人打出的牌 — no claimed meld, won on a discard"),
    _f(63, "all_chows", "平和", "All Chows", 2, "no_honors", "由4副顺子及序数牌作将组成 — four chows and a suited pair"),
    _f(64, "tile_hog", "四归一", "Tile Hog", 2, "",
       "4张相同的牌归于一家的顺、刻、将（不包括杠） — all four copies of a tile used without a kong"),
    _f(65, "double_pung", "双同刻", "Double Pung", 2, "", "2副序数相同的刻子 — two pungs of the same rank"),
    _f(66, "two_concealed_pungs", "双暗刻", "Two Concealed Pungs", 2, "", "2个暗刻 — two concealed pungs"),
    _f(67, "concealed_kong", "暗杠", "Concealed Kong", 2, "", "自抓4张相同的牌开杠 — a concealed kong"),
    _f(68, "all_simples", "断幺", "All Simples", 2, "no_honors", "和牌中没有一、九及字牌 — no terminals or honors"),
    # ---- 1 ----
    _f(69, "pure_double_chow", "一般高", "Pure Double Chow", 1, "", "一种花色2副相同的顺子 — two identical chows",
       trim=(4, 3), extra=1),
    _f(70, "mixed_double_chow", "喜相逢", "Mixed Double Chow", 1, "", "2种花色2副序数相同的顺子 — the same chow in two suits",
       trim=(3, 2), extra=2),
    _f(71, "short_straight", "连六", "Short Straight", 1, "", "一种花色6张相连接的序数牌 — two chows of one suit making six in a row",
       trim=(2, 1), extra=3),
    _f(72, "two_terminal_chows", "老少副", "Two Terminal Chows", 1, "", "一种花色的123、789两副顺子 — 123 and 789 of one suit",
       trim=(1, 4), extra=4),
    _f(73, "pung_of_terminals_or_honors", "幺九刻", "Pung of Terminals or Honors", 1, "",
       "3张相同的一、九序数牌及字牌组成的刻子 — a pung of terminals or winds (dragons count 箭刻 instead)"),
    _f(74, "melded_kong", "明杠", "Melded Kong", 1, "", "明杠 — a melded kong"),
    _f(75, "one_voided_suit", "缺一门", "One Voided Suit", 1, "", "和牌中缺少一种花色序数牌 — one suit missing"),
    _f(76, "no_honors", "无字", "No Honors", 1, "", "和牌中没有风、箭牌 — no honor tiles"),
    _f(77, "edge_wait", "独听・边张", "Edge Wait", 1, "", "单和123的3及789的7 — won on 3 of 12 or 7 of 89, the only wait"),
    _f(78, "closed_wait", "独听・嵌张", "Closed Wait", 1, "", "和2张牌之间的牌 — won on the middle tile, the only wait"),
    _f(79, "single_wait", "独听・单钓", "Single Wait", 1, "", "钓单张牌作将成和 — won on the pair tile, the only wait"),
    _f(80, "self_drawn", "自摸", "Self-Drawn", 1, "", "自己抓进牌成和牌 — self-drawn"),
    _f(81, "flower_tiles", "花牌", "Flower Tiles", 1, "",
       "春夏秋冬梅兰竹菊, 每花计一分, 不计在起和分内 — 1 per flower, not toward the 8-fan minimum"),
    _f(82, "concealed_kong_and_melded_kong", "明暗杠", "Concealed Kong and Melded Kong", 5, "melded_kong concealed_kong",
       "1个明杠加1个暗杠（参考实现的非标准番） — one melded and one concealed kong (reference calculator's extra)",
       source=_REFERENCE),
)
# fmt: on

N_FANS = len(FANS)
FAN_BY_KEY: dict[str, Fan] = {f.key: f for f in FANS}

FAN_INDEX: dict[str, int] = {f.key: i for i, f in enumerate(FANS)}

assert _WRITTEN == list(range(N_FANS)), "a fan row written out of the reference's order"
assert all(k in FAN_BY_KEY for f in FANS for k in f.excludes), "an exclusion names an unknown fan"

# Index constants, used by the scorer's fan tables (a list of counts indexed by fan).
(NONE, BIG_FOUR_WINDS, BIG_THREE_DRAGONS, ALL_GREEN, NINE_GATES, FOUR_KONGS, SEVEN_SHIFTED_PAIRS, THIRTEEN_ORPHANS,
 ALL_TERMINALS, LITTLE_FOUR_WINDS, LITTLE_THREE_DRAGONS, ALL_HONORS, FOUR_CONCEALED_PUNGS, PURE_TERMINAL_CHOWS,
 QUADRUPLE_CHOW, FOUR_PURE_SHIFTED_PUNGS, FOUR_PURE_SHIFTED_CHOWS, THREE_KONGS, ALL_TERMINALS_AND_HONORS,
 SEVEN_PAIRS, GREATER_HONORS_AND_KNITTED_TILES, ALL_EVEN_PUNGS, FULL_FLUSH, PURE_TRIPLE_CHOW, PURE_SHIFTED_PUNGS,
 UPPER_TILES, MIDDLE_TILES, LOWER_TILES, PURE_STRAIGHT, THREE_SUITED_TERMINAL_CHOWS, PURE_SHIFTED_CHOWS, ALL_FIVE,
 TRIPLE_PUNG, THREE_CONCEALED_PUNGS, LESSER_HONORS_AND_KNITTED_TILES, KNITTED_STRAIGHT, UPPER_FOUR, LOWER_FOUR,
 BIG_THREE_WINDS, MIXED_STRAIGHT, REVERSIBLE_TILES, MIXED_TRIPLE_CHOW, MIXED_SHIFTED_PUNGS, CHICKEN_HAND,
 LAST_TILE_DRAW, LAST_TILE_CLAIM, OUT_WITH_REPLACEMENT_TILE, ROBBING_THE_KONG, ALL_PUNGS, HALF_FLUSH,
 MIXED_SHIFTED_CHOWS, ALL_TYPES, MELDED_HAND, TWO_CONCEALED_KONGS, TWO_DRAGONS_PUNGS, OUTSIDE_HAND,
 FULLY_CONCEALED_HAND, TWO_MELDED_KONGS, LAST_TILE, DRAGON_PUNG, PREVALENT_WIND, SEAT_WIND, CONCEALED_HAND,
 ALL_CHOWS, TILE_HOG, DOUBLE_PUNG, TWO_CONCEALED_PUNGS, CONCEALED_KONG, ALL_SIMPLES, PURE_DOUBLE_CHOW,
 MIXED_DOUBLE_CHOW, SHORT_STRAIGHT, TWO_TERMINAL_CHOWS, PUNG_OF_TERMINALS_OR_HONORS, MELDED_KONG, ONE_VOIDED_SUIT,
 NO_HONORS, EDGE_WAIT, CLOSED_WAIT, SINGLE_WAIT, SELF_DRAWN, FLOWER_TILES,
 CONCEALED_KONG_AND_MELDED_KONG) = range(83)
#: the orders read from the rows (the scorer and the compiled kernel both take them from here)


def _places(place: Callable[[Counting], int]) -> tuple[int, ...]:
    """The fan indices with a non-zero ``place`` in their counting facts, in the order of that place."""
    return tuple(FAN_INDEX[k] for k in sorted((k for k in COUNTING if place(COUNTING[k])),
                                              key=lambda k: place(COUNTING[k])))


TRIM_ORDER: tuple[int, ...] = _places(lambda c: c.trim[0])
TRIM_ORDER_KEPT: tuple[int, ...] = _places(lambda c: c.trim[1])
EXTRA_PRIORITY: tuple[int, ...] = _places(lambda c: c.extra)
TIE_FANS: tuple[int, ...] = tuple(sorted(FAN_INDEX[k] for k, c in COUNTING.items() if c.tie))
#: (from, to) fan indices of each fan's conversion, by fan index (-1, -1: none; the kernel holds one per fan)
CONVERTS: tuple[tuple[int, int], ...] = tuple(
    (FAN_INDEX[c.converts[0][0]], FAN_INDEX[c.converts[0][1]]) if (c := COUNTING.get(f.key)) and c.converts
    else (-1, -1) for f in FANS)
assert all(len(c.converts) <= 1 for c in COUNTING.values()), "the kernel holds one conversion per fan"
assert set(TRIM_ORDER) == set(TRIM_ORDER_KEPT) == set(EXTRA_PRIORITY), "the 1-fan chow fans: trim and extra rows"
assert all(globals()[f.key.upper()] == i for i, f in enumerate(FANS)), "an index constant out of the rows' order"

#: The opt-in non-Guobiao extras of the 联众 table (``GuobiaoConfig.extras``; spec guobiao_settlement.md §2).
EXTRA_FANS: tuple[RuleRow, ...] = (
    _f(83, "big_four_winds_and_green_pair", "四方大发", "Big Four Winds and Green Pair", 168,
       "big_four_winds big_three_winds prevalent_wind seat_wind all_pungs",
       "一副东南西北刻子（杠）加一对发 — a pung of each wind plus a pair of green dragons (= 大四喜 + 青发对)", source=_ONLINE),
    _f(84, "heavenly_hand", "天和", "Heavenly Hand", 168, "", "庄家起手14张牌即和 — the dealer wins on the initial deal", source=_ONLINE),
    _f(85, "earthly_hand", "地和", "Earthly Hand", 158, "",
       "庄家打出第一张牌后, 下家自摸和牌 — the dealer's next player wins by self-draw on the first draw", source=_ONLINE),
    _f(86, "human_hand", "人和", "Human Hand", 108, "", "第一圈内和牌 — a win within the first go-round", source=_ONLINE),
    _f(87, "wildcard_kong", "混杠", "Wildcard Kong", 88, "", "四张混开杠 — a kong of the four 混 (wildcards)", source=_ONLINE),
)
assert _WRITTEN == list(range(N_FANS + len(EXTRA_FANS))), "an extra fan row written out of order"
