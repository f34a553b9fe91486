"""One small function per Guobiao fan (or per family of fans read from one shape).

Tiles here are *codes*: ``(suit << 4) | rank`` with suit 1 = 万, 2 = 条, 3 = 筒, 4 = honors (ranks 1..7 = E S W N
C F P) — the reference calculator's order (spec guobiao.md §3), so that sorting codes sorts tiles the way it does
and "same suit, rank + 1" is plain ``code + 1`` without crossing into the next suit.  A chow is given by its
*middle* tile, a pung or kong by its tile.  :data:`CODE` maps our tile ids 0..33 to codes.

Each detector's docstring quotes the rule it implements; exclusions (不计) are in :mod:`.fans`, not here.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

__all__ = ["CODE", "TILE_OF_CODE"]

M, S, P, H = 1, 2, 3, 4  # suits in code order: 万 条 筒 honors
EAST, SOUTH, WEST, NORTH, RED, GREEN, WHITE = 0x41, 0x42, 0x43, 0x44, 0x45, 0x46, 0x47

#: our tile id (0-8 万, 9-17 筒, 18-26 条, 27-33 E S W N C F P) -> code
CODE: tuple[int, ...] = tuple(
    [(M << 4) | r for r in range(1, 10)] + [(P << 4) | r for r in range(1, 10)]
    + [(S << 4) | r for r in range(1, 10)] + [(H << 4) | r for r in range(1, 8)]
)
TILE_OF_CODE: dict[int, int] = {c: t for t, c in enumerate(CODE)}


def suit(c: int) -> int:
    return c >> 4


def rank(c: int) -> int:
    return c & 15


def is_numbered(c: int) -> bool:
    return c < 0x40


def is_wind(c: int) -> bool:
    return EAST <= c <= NORTH


def is_dragon(c: int) -> bool:
    return RED <= c <= WHITE


def is_terminal(c: int) -> bool:
    return c < 0x40 and (c & 15) in (1, 9)


def is_terminal_or_honor(c: int) -> bool:
    return c >= 0x40 or (c & 15) in (1, 9)


_REVERSIBLE = frozenset([(P << 4) | r for r in (1, 2, 3, 4, 5, 8, 9)] + [(S << 4) | r for r in (2, 4, 5, 6, 8, 9)] + [WHITE])
_GREEN = frozenset([(S << 4) | r for r in (2, 3, 4, 6, 8)] + [GREEN])


def _three_suits(a: int, b: int, c: int) -> bool:
    sa, sb, sc = a >> 4, b >> 4, c >> 4
    return sa != sb and sa != sc and sb != sc


def _consecutive_any_order(a: int, b: int, c: int) -> bool:
    lo, mid, hi = sorted((a & 15, b & 15, c & 15))
    return mid == lo + 1 and hi == mid + 1


# ---------------------------------------------------------------- four chows (mids sorted)

def four_pure_shifted_chows(m: Sequence[int]) -> bool:
    """一色四步高: 一种花色4副依次递增一位数或依次递增二位数的顺子 — four chows of one suit stepping by 1 or 2."""
    a, b, c, d = m
    return (b - a == c - b == d - c) and b - a in (1, 2)


def quadruple_chow(m: Sequence[int]) -> bool:
    """一色四同顺: 一种花色4副序数相同的顺子 — four identical chows."""
    return m[0] == m[1] == m[2] == m[3]


# ---------------------------------------------------------------- three chows (mids sorted)

def mixed_shifted_chows(a: int, b: int, c: int) -> bool:
    """三色三步高: 3种花色3副依次递增一位序数的顺子 — chows in three suits, ranks stepping by one."""
    return _three_suits(a, b, c) and _consecutive_any_order(a, b, c)


def mixed_triple_chow(a: int, b: int, c: int) -> bool:
    """三色三同顺: 3种花色3副序数相同的顺子 — the same chow in all three suits."""
    return _three_suits(a, b, c) and (a & 15) == (b & 15) == (c & 15)


def mixed_straight(a: int, b: int, c: int) -> bool:
    """花龙: 3种花色的3副顺子连接成1-9 — 123, 456 and 789 in three different suits (mids 2, 5, 8)."""
    return _three_suits(a, b, c) and sorted((a & 15, b & 15, c & 15)) == [2, 5, 8]


def pure_straight(a: int, b: int, c: int) -> bool:
    """清龙: 一种花色1-9相连接的序数牌 — 123 456 789 of one suit."""
    return b == a + 3 and c == b + 3


def pure_shifted_chows(a: int, b: int, c: int) -> bool:
    """一色三步高: 一种花色3副依次递增一位或依次递增二位数字的顺子 — three chows of one suit stepping by 1 or 2."""
    return (b == a + 2 and c == b + 2) or (b == a + 1 and c == b + 1)


def pure_triple_chow(a: int, b: int, c: int) -> bool:
    """一色三同顺: 一种花色3副序数相同的顺子 — three identical chows."""
    return a == b == c


#: three-chow fans in the order the reference tests them (reference step 6): three suits first, then one suit
THREE_CHOW_MIXED = (("mixed_shifted_chows", mixed_shifted_chows), ("mixed_triple_chow", mixed_triple_chow),
                    ("mixed_straight", mixed_straight))
THREE_CHOW_PURE = (("pure_straight", pure_straight), ("pure_shifted_chows", pure_shifted_chows),
                   ("pure_triple_chow", pure_triple_chow))


# ---------------------------------------------------------------- two chows

def mixed_double_chow(a: int, b: int) -> bool:
    """喜相逢: 2种花色2副序数相同的顺子 — the same chow in two suits."""
    return (a >> 4) != (b >> 4) and (a & 15) == (b & 15)


def short_straight(a: int, b: int) -> bool:
    """连六: 一种花色6张相连接的序数牌 — two chows of one suit making six in a row (123+456)."""
    return a + 3 == b or b + 3 == a


def two_terminal_chows(a: int, b: int) -> bool:
    """老少副: 一种花色牌的123、789两副顺子 — 123 and 789 of one suit."""
    return (a >> 4) == (b >> 4) and {a & 15, b & 15} == {2, 8}


def pure_double_chow(a: int, b: int) -> bool:
    """一般高: 一种花色2副相同的顺子 — two identical chows."""
    return a == b


#: two-chow fans in the reference's test order (reference step 6): different suits, then same suit
TWO_CHOW_FANS = (("mixed_double_chow", mixed_double_chow), ("short_straight", short_straight),
                 ("two_terminal_chows", two_terminal_chows), ("pure_double_chow", pure_double_chow))


# ---------------------------------------------------------------- pungs (tiles sorted)

def four_pure_shifted_pungs(p: Sequence[int]) -> bool:
    """一色四节高: 一种花色4副依次递增一位数的刻子 — four pungs of one suit stepping by one."""
    a, b, c, d = p
    return is_numbered(a) and b == a + 1 and c == b + 1 and d == c + 1


def big_four_winds(p: Sequence[int]) -> bool:
    """大四喜: 由4副风刻（杠）组成的和牌 — four wind pungs."""
    return tuple(p) == (EAST, SOUTH, WEST, NORTH)


def mixed_shifted_pungs(a: int, b: int, c: int) -> bool:
    """三色三节高: 3种花色3副依次递增一位数的刻子 — pungs of three suits, ranks stepping by one."""
    return is_numbered(a) and is_numbered(b) and is_numbered(c) and _three_suits(a, b, c) and _consecutive_any_order(a, b, c)


def triple_pung(a: int, b: int, c: int) -> bool:
    """三同刻: 3个序数相同的刻子（杠） — pungs of the same rank in three suits."""
    return is_numbered(a) and is_numbered(b) and is_numbered(c) and _three_suits(a, b, c) and (a & 15) == (b & 15) == (c & 15)


def pure_shifted_pungs(a: int, b: int, c: int) -> bool:
    """一色三节高: 一种花色3副依次递增一位数的刻子 — three pungs of one suit stepping by one."""
    return is_numbered(a) and is_numbered(c) and b == a + 1 and c == b + 1


def big_three_winds(a: int, b: int, c: int) -> bool:
    """三风刻: 3个风刻 — three wind pungs."""
    return is_wind(a) and is_wind(b) and is_wind(c)


def big_three_dragons(a: int, b: int, c: int) -> bool:
    """大三元: 和牌中有中发白3副刻子 — pungs of all three dragons."""
    return (a, b, c) == (RED, GREEN, WHITE)


#: three-pung fans in the reference's test order
THREE_PUNG_FANS = (("mixed_shifted_pungs", mixed_shifted_pungs), ("triple_pung", triple_pung),
                   ("pure_shifted_pungs", pure_shifted_pungs), ("big_three_winds", big_three_winds),
                   ("big_three_dragons", big_three_dragons))


def double_pung(a: int, b: int) -> bool:
    """双同刻: 2副序数相同的刻子 — two pungs of the same rank (different suits)."""
    return is_numbered(a) and is_numbered(b) and (a & 15) == (b & 15)


def two_dragons_pungs(a: int, b: int) -> bool:
    """双箭刻: 2副箭刻（或杠） — two dragon pungs."""
    return is_dragon(a) and is_dragon(b)


TWO_PUNG_FANS = (("double_pung", double_pung), ("two_dragons_pungs", two_dragons_pungs))


def dragon_pung(c: int) -> bool:
    """箭刻: 由中、发、白3张相同的牌组成的刻子 — a dragon pung."""
    return is_dragon(c)


def pung_of_terminals_or_honors(c: int, seat: int, prevalent: int, wind_pungs: int) -> bool:
    """幺九刻: 3张相同的一、九序数牌及字牌组成的刻子（或杠） — a pung of a terminal or a wind.

    As the reference counts it (reference steps 5, 14, 15): a dragon pung counts 箭刻 instead; a wind pung that is
    the seat or prevalent wind counts 门风刻 / 圈风刻 instead; and the wind pungs of 三风刻 / 小四喜 / 大四喜
    (three or more wind pungs) are part of that fan, not 幺九刻.
    """
    if c < 0x40:
        return (c & 15) in (1, 9)
    if not is_wind(c) or wind_pungs >= 3:
        return False
    w = c - EAST
    return w != seat and w != prevalent


def prevalent_wind(c: int, prevalent: int) -> bool:
    """圈风刻: 与圈风相同的风刻 — a pung of the round wind."""
    return c == EAST + prevalent


def seat_wind(c: int, seat: int) -> bool:
    """门风刻: 与本门风相同的风刻 — a pung of the seat wind."""
    return c == EAST + seat


# ---------------------------------------------------------------- kongs and concealed pungs (reference step 3)
# ``melded`` / ``concealed``: the hand's melded (明) and concealed (暗) kongs; ``dark``: its concealed pungs, concealed
# kongs included (a pung completed by another player's discard is not concealed).

def melded_kong(melded: int, concealed: int) -> bool:
    """明杠: 自己有暗刻，碰别人打出的一张相同的牌开杠，或自己抓进一张与碰的明刻相同的牌开杠 — one kong, melded."""
    return melded == 1 and concealed == 0


def concealed_kong(melded: int, concealed: int) -> bool:
    """暗杠: 自抓4张相同的牌开杠 — one kong, concealed."""
    return melded == 0 and concealed == 1


def two_melded_kongs(melded: int, concealed: int) -> bool:
    """双明杠: 2个明杠 — two kongs, both melded."""
    return melded == 2 and concealed == 0


def two_concealed_kongs(melded: int, concealed: int) -> bool:
    """双暗杠: 2个暗杠 — two kongs, both concealed."""
    return melded == 0 and concealed == 2


def concealed_kong_and_melded_kong(melded: int, concealed: int) -> bool:
    """明暗杠 (the reference's extra fan): one melded and one concealed kong."""
    return melded == 1 and concealed == 1


def three_kongs(melded: int, concealed: int) -> bool:
    """三杠: 3个杠 — three kongs."""
    return melded + concealed == 3


def four_kongs(melded: int, concealed: int) -> bool:
    """四杠: 4个杠 — four kongs."""
    return melded + concealed == 4


#: the kong fans; at most one applies to a hand
KONG_FANS = (("melded_kong", melded_kong), ("concealed_kong", concealed_kong), ("two_melded_kongs", two_melded_kongs),
             ("two_concealed_kongs", two_concealed_kongs),
             ("concealed_kong_and_melded_kong", concealed_kong_and_melded_kong), ("three_kongs", three_kongs),
             ("four_kongs", four_kongs))


def two_concealed_pungs(dark: int) -> bool:
    """双暗刻: 2个暗刻 — two concealed pungs (or kongs)."""
    return dark == 2


def three_concealed_pungs(dark: int) -> bool:
    """三暗刻: 3个暗刻 — three concealed pungs (or kongs)."""
    return dark == 3


def four_concealed_pungs(dark: int) -> bool:
    """四暗刻: 4个暗刻（暗杠） — four concealed pungs or kongs."""
    return dark == 4


CONCEALED_PUNG_FANS = (("two_concealed_pungs", two_concealed_pungs), ("three_concealed_pungs", three_concealed_pungs),
                       ("four_concealed_pungs", four_concealed_pungs))


def all_pungs(n_pungs: int) -> bool:
    """碰碰和: 由4副刻子（或杠）、将牌组成的和牌 — four pungs or kongs and a pair."""
    return n_pungs == 4


# ---------------------------------------------------------------- how the hand was made and won (reference steps 1, 7)
# ``claimed``: the melds claimed from other players (a concealed kong is not claimed).

def fully_concealed_hand(claimed: int, self_drawn: bool) -> bool:
    """不求人: 4副牌及将中没有吃牌、碰牌（包括明杠），自摸和牌 — nothing claimed, self-drawn."""
    return claimed == 0 and self_drawn


def concealed_hand(claimed: int, self_drawn: bool) -> bool:
    """门前清: 没有吃、碰、明杠，和别人打出的牌 — nothing claimed, won on a discard."""
    return claimed == 0 and not self_drawn


def melded_hand(claimed: int, self_drawn: bool) -> bool:
    """全求人: 全靠吃牌、碰牌、单钓别人打出的牌和牌 — four claimed melds, won on a discard (self-drawn it is
    just 自摸; reference)."""
    return claimed == 4 and not self_drawn


CONCEALMENT_FANS = (("fully_concealed_hand", fully_concealed_hand), ("concealed_hand", concealed_hand),
                    ("melded_hand", melded_hand))


def self_drawn(drawn: bool, wall_last: bool, kong: bool) -> bool:
    """自摸: 自己抓进牌成和牌 — self-drawn (妙手回春, 杠上开花 and 不求人 include it: their 不计)."""
    return drawn


def last_tile_draw(drawn: bool, wall_last: bool, kong: bool) -> bool:
    """妙手回春: 自摸牌墙上最后一张牌和牌 — self-drawn on the last tile of the wall."""
    return drawn and wall_last


def last_tile_claim(drawn: bool, wall_last: bool, kong: bool) -> bool:
    """海底捞月: 和打出的最后一张牌 — won on the last discard."""
    return not drawn and wall_last


def out_with_replacement_tile(drawn: bool, wall_last: bool, kong: bool) -> bool:
    """杠上开花: 开杠抓进的牌成和牌（不包括补花） — self-drawn on a kong's replacement tile."""
    return drawn and kong


def robbing_the_kong(drawn: bool, wall_last: bool, kong: bool) -> bool:
    """抢杠和: 和别人自抓开明杠的牌 — won on the tile another player adds to a pung."""
    return not drawn and kong


#: the fans of how the winning tile came (和绝张 is a fact of the tile itself: ``Facts.last_tile``)
WIN_FLAG_FANS = (("self_drawn", self_drawn), ("last_tile_draw", last_tile_draw), ("last_tile_claim", last_tile_claim),
                 ("out_with_replacement_tile", out_with_replacement_tile), ("robbing_the_kong", robbing_the_kong))


def little_three_dragons(dragon_pungs: int, pair: int) -> bool:
    """小三元: 和牌时有箭牌的两副刻子及将牌 — two dragon pungs and a dragon pair."""
    return dragon_pungs == 2 and is_dragon(pair)


def little_four_winds(wind_pungs: int, pair: int) -> bool:
    """小四喜: 和牌时有风牌的3副刻子及将牌 — three wind pungs and a wind pair."""
    return wind_pungs == 3 and is_wind(pair)


# ---------------------------------------------------------------- pair and four chows

def pure_terminal_chows(mids: Sequence[int], pair: int) -> bool:
    """一色双龙会: 一种花色的两个老少副, 5为将牌 — 123 123 789 789 and a 55 pair, all one suit."""
    if (pair & 15) != 5 or not is_numbered(pair):
        return False
    s = pair >> 4
    return sorted(mids) == [(s << 4) | 2, (s << 4) | 2, (s << 4) | 8, (s << 4) | 8]


def three_suited_terminal_chows(mids: Sequence[int], pair: int) -> bool:
    """三色双龙会: 2种花色2个老少副, 另一种花色5作将 — 123+789 in two suits and a 55 pair of the third."""
    if (pair & 15) != 5 or not is_numbered(pair):
        return False
    ps = pair >> 4
    others = [s for s in (M, S, P) if s != ps]
    want = sorted((s << 4) | r for s in others for r in (2, 8))
    return sorted(mids) == want


def all_chows(n_chows: int, pair: int) -> bool:
    """平和: 由4副顺子及序数牌作将组成的和牌 — four chows and a suited pair."""
    return n_chows == 4 and is_numbered(pair)


# ---------------------------------------------------------------- the five groups (melds + pair)

def outside_hand(chows: Sequence[int], pungs: Sequence[int], pair: int) -> bool:
    """全带幺: 和牌时每副牌、将牌都有幺牌 — every set and the pair contain a terminal or honor."""
    return (all((c & 15) in (2, 8) for c in chows) and all(is_terminal_or_honor(p) for p in pungs)
            and is_terminal_or_honor(pair))


def all_five(chows: Sequence[int], pungs: Sequence[int], pair: int) -> bool:
    """全带五: 每副牌及将牌必须有5的序数牌 — every set and the pair contain a 5."""
    return (all((c & 15) in (4, 5, 6) for c in chows) and all(p < 0x40 and (p & 15) == 5 for p in pungs)
            and pair < 0x40 and (pair & 15) == 5)


def all_even_pungs(chows: Sequence[int], pungs: Sequence[int], pair: int) -> bool:
    """全双刻: 由2、4、6、8序数牌的刻子、将牌组成的和牌 — only pungs and a pair of even ranks."""
    return (not chows and all(p < 0x40 and (p & 15) % 2 == 0 for p in pungs)
            and pair < 0x40 and (pair & 15) % 2 == 0)


#: group traits: only the first that matches counts (reference step 9)
GROUP_TRAITS = (("outside_hand", outside_hand), ("all_five", all_five), ("all_even_pungs", all_even_pungs))


# ---------------------------------------------------------------- the tiles of the whole hand (a bit mask)
# ``mask`` has bit ``code`` set for every tile kind in the hand (melds included), so "only these tiles" and
# "none of these tiles" are one AND each.

def mask_of(codes: Iterable[int]) -> int:
    m = 0
    for c in codes:
        m |= 1 << c
    return m


SUIT_MASK = {s: mask_of([(s << 4) | r for r in range(1, 10)]) for s in (M, S, P)}
_SUIT_M, _SUIT_S, _SUIT_P = SUIT_MASK[M], SUIT_MASK[S], SUIT_MASK[P]
NUMBERED_MASK = _SUIT_M | _SUIT_S | _SUIT_P
WIND_MASK = mask_of(range(EAST, NORTH + 1))
DRAGON_MASK = mask_of(range(RED, WHITE + 1))
HONOR_MASK = WIND_MASK | DRAGON_MASK
TERMINAL_MASK = mask_of([(s << 4) | r for s in (M, S, P) for r in (1, 9)])
REVERSIBLE_MASK = mask_of(_REVERSIBLE)
GREEN_MASK = mask_of(_GREEN)
RANKS_MASK = {frozenset(rs): mask_of([(s << 4) | r for s in (M, S, P) for r in rs])
              for rs in ((1, 2, 3), (1, 2, 3, 4), (7, 8, 9), (6, 7, 8, 9), (4, 5, 6), (4,), (6,))}


def no_honors(mask: int) -> bool:
    """无字: 和牌中没有风、箭牌 — no honor tiles."""
    return not mask & HONOR_MASK


def voided_suits(mask: int) -> int:
    """缺一门: 和牌中缺少一种花色序数牌 — counted once per missing suit (two missing = 混一色 / 清一色)."""
    return (not mask & _SUIT_M) + (not mask & _SUIT_S) + (not mask & _SUIT_P)


def half_flush(mask: int) -> bool:
    """混一色: 由一种花色序数牌及字牌组成的和牌 — one suit plus honors."""
    return voided_suits(mask) == 2 and bool(mask & HONOR_MASK)


def full_flush(mask: int) -> bool:
    """清一色: 由一种花色的序数牌组成的和牌 — one suit, no honors."""
    return voided_suits(mask) == 2 and not mask & HONOR_MASK


def all_types(mask: int) -> bool:
    """五门齐: 和牌时3种序数牌、风、箭牌齐全 — all three suits, a wind and a dragon."""
    return all(mask & m for m in (SUIT_MASK[M], SUIT_MASK[S], SUIT_MASK[P], WIND_MASK, DRAGON_MASK))


def all_simples(mask: int) -> bool:
    """断幺: 和牌中没有一、九及字牌 — no terminals or honors."""
    return not mask & (TERMINAL_MASK | HONOR_MASK)


def reversible_tiles(mask: int) -> bool:
    """推不倒: 由1234589饼、245689条、白板组成 — only tiles that look the same upside down."""
    return not mask & ~REVERSIBLE_MASK


def all_green(mask: int) -> bool:
    """绿一色: 由23468条及发组成的和牌 — only 2 3 4 6 8 bamboo and the green dragon."""
    return not mask & ~GREEN_MASK


def all_honors(mask: int) -> bool:
    """字一色: 由字牌的刻子（杠）、将组成的和牌 — only honors."""
    return not mask & NUMBERED_MASK


def all_terminals(mask: int) -> bool:
    """清幺九: 由序数牌一、九的刻子（对子）组成的和牌 — only terminals."""
    return not mask & ~TERMINAL_MASK


def all_terminals_and_honors(mask: int) -> bool:
    """混幺九: 由字牌和序数牌一、九的刻子及将牌组成的和牌 — only terminals and honors."""
    return not mask & ~(TERMINAL_MASK | HONOR_MASK)


def rank_range(mask: int) -> str | None:
    """全小 (only 1-3) / 小于五 (only 1-4, with a 4) / 全大 (only 7-9) / 大于五 (only 6-9, with a 6) / 全中 (only
    4-6); none of them with an honor in the hand."""
    if mask & HONOR_MASK:
        return None
    if not mask & ~RANKS_MASK[frozenset((1, 2, 3, 4))]:
        return "lower_four" if mask & RANKS_MASK[frozenset((4,))] else "lower_tiles"
    if not mask & ~RANKS_MASK[frozenset((6, 7, 8, 9))]:
        return "upper_four" if mask & RANKS_MASK[frozenset((6,))] else "upper_tiles"
    if not mask & ~RANKS_MASK[frozenset((4, 5, 6))]:
        return "middle_tiles"
    return None


def tile_hog(all_counts: Sequence[int], n_kongs: int) -> int:
    """四归一: 和牌中有4张相同的牌归于一家的顺、刻、将（不包括杠） — one per tile kind of which the hand uses
    all four copies, kongs excepted."""
    return sum(1 for n in all_counts if n == 4) - n_kongs


# ---------------------------------------------------------------- waits

def wait_fan(concealed_chows: Sequence[int], pair: int | None, win: int) -> str | None:
    """独听 边张 / 嵌张 / 单钓: the winning tile (the hand's only wait) sits at the open end of a concealed
    12-3 / 7-89 chow (边张), in the middle of a chow (嵌张) or is the pair (单钓将).  When the reading allows
    several, 边张 > 嵌张 > 单钓 (reference step 13)."""
    edge = closed = False
    for m in concealed_chows:
        if m == win:
            closed = True
        elif m + 1 == win or m - 1 == win:
            edge = True
    if edge:
        return "edge_wait"
    if closed:
        return "closed_wait"
    if pair == win:
        return "single_wait"
    return None


# ---------------------------------------------------------------- special forms

def seven_pairs(standing: Sequence[int], kinds: int) -> bool:
    """七对: 由7个对子组成和牌 — seven pairs, all concealed (four of a kind counts as two pairs).
    ``standing``: the 34 counts of the concealed tiles; ``kinds``: how many tile kinds they hold."""
    return kinds <= 7 and not any(map((1).__and__, standing))


def seven_shifted_pairs(counts_by_code: dict[int, int], s: int) -> bool:
    """连七对: 一种花色序数相连的7个对子 — seven pairs of consecutive ranks in one suit."""
    if s == H:
        return False
    ranks = [r for r in range(1, 10) if counts_by_code.get((s << 4) | r, 0) == 2]
    return len(ranks) == 7 and ranks[-1] - ranks[0] == 6


#: the six knitted sequences 147/258/369 over the three suits, in the reference's order (万条筒 permutations)
KNITTED: tuple[tuple[int, ...], ...] = tuple(
    tuple(sorted(((s1 << 4) | r for r in (1, 4, 7)), ) + sorted((s2 << 4) | r for r in (2, 5, 8))
          + sorted((s3 << 4) | r for r in (3, 6, 9)))
    for s1, s2, s3 in ((M, S, P), (M, P, S), (S, M, P), (S, P, M), (P, M, S), (P, S, M))
)
KNITTED_SETS = tuple(frozenset(k) for k in KNITTED)
#: bit masks of the knitted sequences (a hand holds one when ``mask & k == k``)
KNITTED_MASKS = tuple(mask_of(k) for k in KNITTED)
ORPHANS = tuple(sorted([(s << 4) | r for s in (M, S, P) for r in (1, 9)] + list(range(EAST, WHITE + 1))))


def thirteen_orphans(unique: Sequence[int]) -> bool:
    """十三幺: 3种序数牌的一、九牌, 7种字牌及其中一对作将 — one of each terminal and honor, one paired."""
    return tuple(unique) == ORPHANS


def honors_and_knitted(unique: Sequence[int]) -> str | None:
    """全不靠 / 七星不靠: 14 single tiles: 7 to 9 numbered tiles from one knitted 147/258/369 set and the rest
    honors.  All seven honors (and so 7 numbered tiles) = 七星不靠; otherwise 全不靠."""
    if len(unique) != 14:
        return None
    numbered = [c for c in unique if c < 0x40]
    if not 7 <= len(numbered) <= 9:
        return None
    if not any(k.issuperset(numbered) for k in KNITTED_SETS):
        return None
    return "greater_honors_and_knitted_tiles" if len(numbered) == 7 else "lesser_honors_and_knitted_tiles"


def nine_gates_extras(win_rank: int) -> tuple[str, ...]:
    """九莲宝灯: 一种花色1112345678999门清, 见同花色任何1张成和.  The reference adds fixed fans by the winning
    rank (reference): 1/9 清龙 + 四归一; 2/8 双暗刻 + 连六 + 幺九刻; 5 双暗刻 + 幺九刻; 3 4 6 7 连六."""
    if win_rank in (1, 9):
        return ("pure_straight", "tile_hog")
    if win_rank in (2, 8):
        return ("two_concealed_pungs", "short_straight", "pung_of_terminals_or_honors")
    if win_rank == 5:
        return ("two_concealed_pungs", "pung_of_terminals_or_honors")
    return ("short_straight",)


def is_nine_gates(counts_by_code: dict[int, int], win: int) -> bool:
    """1112345678999 of one suit in hand before the winning tile (concealed), the winning tile of that suit."""
    if win >= 0x40:
        return False
    s = win >> 4
    want = {1: 3, 9: 3, **{r: 1 for r in range(2, 9)}}
    want[win & 15] += 1
    total = sum(counts_by_code.values())
    return total == 14 and all(counts_by_code.get((s << 4) | r, 0) == n for r, n in want.items())


def has_knitted_straight(mask: int) -> bool:
    """组合龙 needs all nine tiles of one knitted sequence (a quick test before reading the hand)."""
    return any(mask & k == k for k in KNITTED_MASKS)
