"""Jinshan 金山 有麻子: the seed's Part One hu table, Part Two wait table, 翻 list and 辣子 hands, the spec's
adopted model and options, and 百搭 scoring against brute-force substitution.

Expected values come from seed 000 ("有麻子胡数算法", quoted next to each case) and specs/jinshan.md (§2 the
decomposition of Part Two, §3 the model 总胡 = (Part One + Part Two) × 2^翻 capped at 辣子).  Unless a case
says otherwise the winner is seat 1 (南, flower 夏 f2), the dealer seat 0, and a discard comes from seat 2.
"""

from __future__ import annotations

import itertools
import re

from hypothesis import given, settings
from hypothesis import strategies as st
import pytest

from mahjong._kernels import backend_module as K
from mahjong.errors import ContextError, HandError, NotWinningError, RulesError
from mahjong.framework import WinContext, get_ruleset
from mahjong.hand import Hand, parse_hand
from mahjong.rulesets.jinshan import Jinshan, JinshanContext
from mahjong.tiles import parse_tiles

J = get_ruleset("jinshan")
NO_MIN = get_ruleset("jinshan", min_hu=0)


def discard(**kw: object) -> JinshanContext:
    return JinshanContext(**{"winner": 1, "dealer": 0, "discarder": 2, **kw})  # type: ignore[arg-type]


def selfdraw(**kw: object) -> JinshanContext:
    return JinshanContext(**{"winner": 1, "dealer": 0, **kw})  # type: ignore[arg-type]


# --- Part One: one case per row; every other part of the hand is worth nothing -------------------------
# The filler is 123m 456m (chows, nothing) + 23s waiting on 4s (两头, Part Two 10 on a discard), and the hand
# holds no 百搭, so it has 没百搭 (1 翻): total = (row + 10) × 2.

PART_ONE = [
    # (seed row, hand, item key, hu)
    ("1、老头张碰出：4胡", "[999p,2]123m456m23s5s5s4s", "pung_terminal", 4),
    ("2、老头张一刻：8胡", "999p123m456m23s5s5s4s", "concealed_pung_terminal", 8),
    ("3、嫩张碰出：2胡", "[555p,2]123m456m23s5s5s4s", "pung_simple", 2),
    ("4、嫩张一刻：4胡", "555p123m456m23s5s5s4s", "concealed_pung_simple", 4),
    ("6、老头张明杠：16胡", "[9999p,2]123m456m23s5s5s4s", "melded_kong_terminal", 16),
    ("7、老头张暗杠：32胡", "[9999p]123m456m23s5s5s4s", "concealed_kong_terminal", 32),
    ("8、嫩张明杠：8胡", "[5555p,2]123m456m23s5s5s4s", "melded_kong_simple", 8),
    ("9、嫩张暗杠：16胡", "[5555p]123m456m23s5s5s4s", "concealed_kong_simple", 16),
    ("honor pung counts as 老头: 东 pung 碰出", "[EEE,2]123m456m23s5s5s4s", "pung_terminal", 4),
    ("added kong is a 明杠", "[9999p,2+]123m456m23s5s5s4s", "melded_kong_terminal", 16),
]


@pytest.mark.parametrize("row,hand,key,hu", PART_ONE, ids=[r[0] for r in PART_ONE])
def test_part_one_sets(row: str, hand: str, key: str, hu: int) -> None:
    r = J.score(hand, discard())
    item = r.item(key)
    assert item is not None and item.points == hu
    assert r.details["base_hu"] == hu + 10
    assert r.total == (hu + 10) * 2


def test_part_one_flower() -> None:
    # 5、花：4胡 — 秋 (f3) is not the winner's own flower (winner 南 = 夏)
    r = J.score("123m456m789p23s5s5s4s f3", discard())
    assert r.item("flower_tiles").points == 4  # type: ignore[union-attr]
    assert r.details["base_hu"] == 14 and r.total == 28
    r = J.score("123m456m789p23s5s5s4s f3 f4", discard())
    assert r.details["base_hu"] == 18


def test_part_one_seat_wind_pair() -> None:
    # 10、坐到的风向有两张牌：2胡（例：头家有东风两个）
    r = J.score("123m456m789p23sEE4s", discard(winner=0, dealer=0, discarder=2))
    assert r.item("seat_wind_pair").points == 2  # type: ignore[union-attr]
    assert r.details["base_hu"] == 12
    # the winner in seat 1 sits 南: a pair of 东 is worth nothing, a pair of 南 is
    assert J.score("123m456m789p23sEE4s", discard()).details["base_hu"] == 10
    assert J.score("123m456m789p23sSS4s", discard()).details["base_hu"] == 12
    # an explicit seat wind overrides winner − dealer
    assert J.score("123m456m789p23sNN4s", discard(seat_wind=3)).details["base_hu"] == 12


@pytest.mark.parametrize("pair", ["CC", "FF", "PP"])
def test_part_one_dragon_pair(pair: str) -> None:
    # 11、中发白其中一个花色有两张牌：2胡（例：白板两个为2胡）
    r = J.score(f"123m456m789p23s{pair}4s", discard())
    assert r.item("dragon_pair").points == 2  # type: ignore[union-attr]
    assert r.details["base_hu"] == 12


def test_part_one_adds_up() -> None:
    # 碰出 老头 4 + 一刻 嫩 4 + 暗杠 嫩 16 + 花 ×2 8 + 白板 pair 2 + 两头 捉冲 10 = 44; 翻: 没百搭 → 88
    r = J.score("[999p,2][5555m]333s PP 45s 6s f3 f4", discard())
    assert r.details["base_hu"] == 44
    assert r.total == 88


# --- Part Two: the wait table ------------------------------------------------------------------------------
# Filler 123m 456m 789p (nothing); the rest sets up the wait.  No 百搭: 没百搭 1 翻, so total = hu × 2.

PART_TWO = [
    # (seed row, hand, wait, discard hu, self-draw hu)
    ("1、两头张捉冲10胡，自摸12胡（三四要胡二，五）", "123m456m789p5s5s34s2s", "two-sided", 10, 12),
    ("1、两头 (the other end)", "123m456m789p9p9p34s5s", "two-sided", 10, 12),
    ("2、卡张捉冲12胡，自摸14胡 (一三胡二; the seed's '一两胡三' is garbled)", "123m456m789p5s5s13s2s", "closed", 12, 14),
    ("2、边张：八九胡七", "123m456m789p5s5s89s7s", "edge", 12, 14),
    ("2、边张：一二胡三", "123m456m789p5s5s12s3s", "edge", 12, 14),
    ("3、单吊老头张放冲14胡，自摸16胡", "123m456m789p234s9s9s", "single", 14, 16),
    ("3、单吊老头张 (an honor)", "123m456m789p234sNN", "single", 14, 16),
    ("4、单吊嫩张放冲12胡，自摸14胡", "123m456m789p234s7s7s", "single", 12, 14),
    ("5、双碰老头张放冲14胡，自摸20胡", "123m456m789p5s5s9s9s9s", "dual-pung", 14, 20),
    ("6、双碰嫩张放冲12胡，自摸16胡", "123m456m789p7s7s5s5s5s", "dual-pung", 12, 16),
]


@pytest.mark.parametrize("row,hand,wait,on_discard,on_self_draw", PART_TWO, ids=[r[0] for r in PART_TWO])
def test_part_two_waits(row: str, hand: str, wait: str, on_discard: int, on_self_draw: int) -> None:
    # seed: "捉冲/放冲" = won on a discard, "自摸" = self-drawn.  Nothing else in these hands has hu, and the set
    # a 双碰 win completes is priced inside Part Two (spec §2), so base hu = the table value.
    d = J.score(hand, discard())
    s = J.score(hand, selfdraw())
    assert (d.wait, s.wait) == (wait, wait)
    assert d.details["base_hu"] == on_discard
    assert s.details["base_hu"] == on_self_draw
    assert (d.total, s.total) == (on_discard * 2, on_self_draw * 2)


def test_part_two_best_interpretation() -> None:
    # 2 3 3 4 4 s + 5s pair: the winning 3s is the middle of 234 (卡, 12) or the end of 345 (两头, 10) — the
    # scorer takes the better one (seed: 卡 12 > 两头 10)
    r = J.score("123m456m9p9p23445s3s", discard())
    assert r.wait == "closed"
    assert r.details["base_hu"] == 12
    # 3 4 5 5 s + 5s: the 5s ends 345 (两头, 10) or makes the pair (单吊 嫩张, 12): 单吊 it is
    r = J.score("123m456m789p345s5s5s", discard())
    assert r.wait == "single" and r.details["base_hu"] == 12


# --- Part Three: 翻 ------------------------------------------------------------------------------------------

# 123m 456m 789p 55s 23s won on 4s: nothing but the two-sided wait, 10 hu on a discard (12 self-drawn)
PLAIN = "123m456m789p5s5s23s4s"


def test_fan_no_wildcard() -> None:
    # 7、没百搭: the plain hand has none → 1 翻; the same shape with a 百搭 has not
    r = J.score(PLAIN, discard())
    assert r.item("no_wildcard") is not None and r.details["fan"] == 1 and r.total == 20
    r = NO_MIN.score("123m456m78p5s5s23s4s f5", discard())  # the 百搭 completes 78p
    assert r.item("no_wildcard") is None and r.details["fan"] == 0 and r.total == 10


def test_fan_seat_flower() -> None:
    # 1、花坐到（头家为春，以此类推）: the winner in seat 1 owns 夏 (f2): 4 hu and 1 翻
    r = J.score(PLAIN + " f2", discard())
    assert r.item("seat_flower") is not None
    assert r.details["base_hu"] == 14 and r.details["fan"] == 2 and r.total == 56
    # the dealer owns 春
    r = J.score(PLAIN + " f1", discard(winner=0, discarder=2))
    assert r.item("seat_flower") is not None
    assert J.score(PLAIN + " f1", discard()).item("seat_flower") is None


def test_fan_seat_wind_pung() -> None:
    # 2、风向坐到（只要有三个头在，不管是碰出还是一刻）: 南 pung for seat 1, exposed or concealed
    r = J.score("[SSS,2]123m456m5s5s23s4s", discard())
    assert r.item("seat_wind") is not None
    assert r.details["base_hu"] == 4 + 10 and r.details["fan"] == 2 and r.total == 56
    r = J.score("SSS123m456m5s5s23s4s", discard())
    assert r.item("seat_wind") is not None and r.details["base_hu"] == 8 + 10
    assert J.score("[EEE,2]123m456m5s5s23s4s", discard()).item("seat_wind") is None


def test_fan_kong_bloom_and_robbing() -> None:
    # 3、杠开  4、拉杠
    r = J.score("[5555p]123m456m5s5s23s4s", selfdraw(kong_replacement=True))
    assert r.item("out_with_replacement_tile") is not None and r.details["fan"] == 2
    r = J.score(PLAIN, discard(robbing_kong=True))
    assert r.item("robbing_the_kong") is not None and r.details["fan"] == 2 and r.total == 40


def test_fan_all_pungs() -> None:
    # 5、对对胡: 碰出 嫩 2 + 碰出 老头 4 + 一刻 嫩 4 + 双碰 嫩 捉冲 12 = 22; 没百搭 + 对对胡 = 2 翻 → 88
    r = J.score("[222m,2][999p,3]444s6s6s8s8s8s", discard())
    assert r.item("all_pungs") is not None
    assert r.details["base_hu"] == 22 and r.details["fan"] == 2 and r.total == 88


def test_fan_half_and_full_flush() -> None:
    # 6、混一色: 万 + honors — 123m 789m 555m, a pair of 北 (not the winner's wind), 23m won on 4m
    r = J.score("123789m555mNN23m4m", discard())
    assert r.item("half_flush") is not None and r.item("full_flush") is None
    # base 一刻 嫩 4 + 两头 10 = 14; 翻 混一色 + 没百搭 = 2 → 56
    assert r.details["base_hu"] == 14 and r.total == 56
    # 三翻 1、清一色: 123m 789m 555m 99m 23m+4m: 一刻 4 + 两头 10 = 14; 3 + 1 翻 → 14 × 16 = 224 → 辣子 200
    r = J.score("123789m555m99m23m4m", discard())
    assert r.item("full_flush") is not None and r.item("half_flush") is None
    assert r.details["fan"] == 4 and r.details["before_cap"] == 224 and r.total == 200
    assert get_ruleset("jinshan", laizi_cap=1000).score("123789m555m99m23m4m", discard()).total == 224


def test_fan_little_dragons() -> None:
    # 8、小三元（中发白中有两个花色可碰出或一刻，剩下的那个花色有两个牌）
    # [CCC] 碰出 4 + FFF 一刻 8 + PP 2 + 两头 10 = 24; 小三元 + 没百搭 = 2 翻 → 96
    r = J.score("[CCC,2]FFF123p5m6mPP4m", discard())
    assert r.item("little_three_dragons") is not None
    assert r.details["base_hu"] == 24 and r.total == 96


def test_fan_linear_mode() -> None:
    # fan_mode="linear": × (1 + 翻) instead of × 2^翻 — seat flower + 没百搭: 14 × 3
    r = get_ruleset("jinshan", fan_mode="linear").score(PLAIN + " f2", discard())
    assert r.total == 14 * 3


# --- 直接辣子 -----------------------------------------------------------------------------------------------

CAP_HANDS = [
    # (seed row, hand, context, key)
    ("1、全老头", "[111m,2][999p,3]EEE9s9s9sNN", discard(), "all_terminals_and_honors"),
    ("2、门门槛 单吊 捉冲", "222m555m777p333s4s4s", discard(), "four_concealed_pungs"),
    ("2、门门槛 双碰 自摸", "222m555m777p4s4s3s3s3s", selfdraw(), "four_concealed_pungs"),
    ("3、大四喜", "EEESSSWWWNNN5m5m", discard(), "big_four_winds"),
    ("4、大三元", "[CCC,2]FFFPPP123m5m5m", discard(), "big_three_dragons"),
    ("5、十三幺 (with a 花)", "19m19p19sESWNCFPP f3", discard(), "thirteen_orphans"),
    ("6、四百搭", "123m456m78p5s f5 f6 f7 f8 9p", discard(), "four_wildcards"),
    ("7、天胡", PLAIN, JinshanContext(winner=0, dealer=0, heavenly=True), "heavenly_hand"),
    ("8、地胡", PLAIN, discard(discarder=0, earthly=True), "earthly_hand"),
]


@pytest.mark.parametrize("row,hand,context,key", CAP_HANDS, ids=[r[0] for r in CAP_HANDS])
def test_cap_hands(row: str, hand: str, context: JinshanContext, key: str) -> None:
    # 直接辣子系列（辣子为你们自己定的最高数额）: the hand scores the cap, whatever it would score otherwise
    r = J.score(hand, context)
    assert r.item(key) is not None
    assert r.total == 200 and r.valid
    r = get_ruleset("jinshan", laizi_cap=500).score(hand, context)
    assert r.total == 500


def test_all_concealed_pungs_dual_pung_on_discard_is_not_capped() -> None:
    # 门门槛: "听双碰必须自摸" — won on a discard, the completed triplet is not concealed
    r = J.score("222m555m777p4s4s3s3s3s", discard())
    assert r.item("four_concealed_pungs") is None
    # 一刻 嫩 ×3 = 12 + 双碰 嫩 捉冲 12 = 24; 对对胡 + 没百搭 → 96
    assert r.details["base_hu"] == 24 and r.total == 96


def test_thirteen_orphans_options() -> None:
    # "关键一定要有花，但此玩法可有可无": without a 花 it is no hand at all; the options turn each part off
    with pytest.raises(NotWinningError):
        J.score("19m19p19sESWNCFPP", discard())
    r = get_ruleset("jinshan", thirteen_orphans_needs_flower=False).score("19m19p19sESWNCFPP", discard())
    assert r.item("thirteen_orphans") is not None and r.total == 200
    with pytest.raises(NotWinningError):
        get_ruleset("jinshan", thirteen_orphans=False).score("19m19p19sESWNCFPP f3", discard())
    # "要有一个2胡的吊头" read literally (thirteen_orphans_pair_2hu): a pair of 白 (2 hu) qualifies, a pair of 9s not
    literal = get_ruleset("jinshan", thirteen_orphans_pair_2hu=True)
    assert literal.score("19m19p19sESWNCFPP f3", discard()).total == 200
    assert J.score("19m19p199sESWNCFP f3", discard()).total == 200
    with pytest.raises(NotWinningError, match="2-hu pair"):
        literal.score("19m19p199sESWNCFP f3", discard())


def test_cap_applies_to_ordinary_hands() -> None:
    # 老头 暗杠 ×2 64 + 老头 一刻 EEE 8 (not the winner's wind) + 夏 4 + 两头 10 = 86; 花坐到 + 没百搭 → 344 → 200
    r = J.score("[9999p][1111s]EEE5m5m23m4m f2", discard())
    assert r.details["before_cap"] == (64 + 8 + 10 + 4) * 4
    assert r.total == 200 and r.details["capped"]


# --- 拦20胡: the minimum ------------------------------------------------------------------------------------


def test_minimum_20_hu() -> None:
    # spec §3: "拦20胡" = 20 胡 to declare a win; a two-sided discard win with a 百搭 (no 没百搭) has 10
    hand = "123m456m78p5s5s23s4s f5"
    r = J.score(hand, discard())
    assert not r.valid and "20" in (r.invalid_reason or "")
    assert r.payments == (0, 0, 0, 0)
    assert NO_MIN.score(hand, discard()).valid
    # exactly 20 is enough
    assert J.score(PLAIN, discard()).valid and J.score(PLAIN, discard()).total == 20


# --- payments ------------------------------------------------------------------------------------------------


def test_payments_default() -> None:
    # discard: the discarder pays alone (discard_payment="discarder"); self-draw: all three pay
    r = J.score(PLAIN, discard())
    assert r.payments == (0, 20, -20, 0)
    r = J.score(PLAIN, selfdraw())
    assert r.total == 24 and r.payments == (-24, 72, -24, -24)


def test_payments_options() -> None:
    r = get_ruleset("jinshan", discard_payment="all").score(PLAIN, discard())
    assert r.payments == (-20, 60, -20, -20)
    r = get_ruleset("jinshan", dealer_factor=2).score(PLAIN, selfdraw())
    assert r.payments == (-48, 96, -24, -24)
    r = get_ruleset("jinshan", dealer_factor=2).score(PLAIN, JinshanContext(winner=0, dealer=0))
    assert r.payments == (144, -48, -48, -48)


# --- 百搭 ------------------------------------------------------------------------------------------------------


def test_wildcard_picks_best_tile() -> None:
    # 123m 456m 789p + 2s 3s 5s + 百搭, won on 4s: as 5s the 百搭 makes 234s + 55s (两头 10); as 2s it makes
    # 22s + 345s, where the 4s is the middle tile (卡 12) — the better reading wins
    r = NO_MIN.score("123m456m789p5s23s4s f5", discard())
    assert r.wait == "closed" and r.details["base_hu"] == 12 and r.total == 12
    assert r.reading is not None and r.reading.wildcards == (19,)


def test_wildcard_win() -> None:
    # the 百搭 itself is the winning tile (self-drawn): 123m 456m 789p 55s 23s + 百搭 as 1s or 4s is 两头, 12 on a
    # self-draw; no 没百搭
    r = NO_MIN.score("123m456m789p5s5s23s f5", selfdraw(wildcard_win=True))
    assert r.details["base_hu"] == 12 and r.total == 12
    with pytest.raises(ContextError):
        JinshanContext(discarder=2, winner=1, wildcard_win=True)
    with pytest.raises(ContextError, match=r"wildcard \(baida\).*holds none"):
        J.score(PLAIN, selfdraw(wildcard_win=True))


def _last_concealed(text: str) -> int:
    """The winning tile as the notation defines it: the last concealed tile written (flowers skipped)."""
    outside = re.sub(r"\[[^\]]*\]", " ", text)
    return [t for t in parse_tiles(outside) if t < 34][-1]


def _brute_force(text: str, ctx: JinshanContext, wild_win: bool = False) -> int:
    """Best score over every substitution of the 百搭 by real tiles (each of 34 kinds), scored with no 百搭.

    The substituted hands hold no 百搭, so each has 没百搭 (one 翻, × 2 under the default model) that the hand
    with 百搭 lacks: the brute-force best is twice the scorer's answer.  Cap and minimum are off here."""
    rs = Jinshan(laizi_cap=10**9, min_hu=0)
    h = parse_hand(text, infer_win_tile=False)
    wild = [f for f in h.flowers if f >= 38]
    seasons = tuple(f for f in h.flowers if f < 38)
    natural_win = None if wild_win else _last_concealed(text)
    best = -1
    for subs in itertools.combinations_with_replacement(range(34), len(wild)):
        concealed = h.concealed + subs
        if any(concealed.count(t) + sum(m.tiles.count(t) for m in h.melds) > 4 for t in set(subs)):
            continue
        if not K.is_win(list(concealed), 0, rs.hand_rules):
            continue
        wins = sorted(set(subs)) if wild_win else [natural_win]
        for w in wins:
            hand = Hand(concealed, h.melds, seasons, w)
            c = JinshanContext(**{**{f: getattr(ctx, f) for f in ("winner", "dealer", "discarder")}})
            best = max(best, rs.score(hand, c).total)
    return best


BRUTE = [
    "123m456m789p5s23s4s f5",  # one 百搭, natural winning tile
    "[123m,1]456m78p5s5s12s3s f6",  # 百搭 in a chow
    "[123m,1]456m8p5s5s12s3s f5 f6",  # two 百搭
    "[123m,1]EE456p79s4m3m f5 f7",  # two 百搭 around an honor pair
    "[123m,1][999p,2]EE5s5s7s8s f5 f6 f3",  # two 百搭 + a 花; pungs, pairs and chows compete
]


@pytest.mark.parametrize("text", BRUTE)
@pytest.mark.parametrize("self_drawn", [False, True])
def test_wildcards_equal_brute_force(text: str, self_drawn: bool) -> None:
    ctx = selfdraw() if self_drawn else discard()
    got = Jinshan(laizi_cap=10**9, min_hu=0).score(text, ctx).total
    assert 2 * got == _brute_force(text, ctx)


@pytest.mark.parametrize("text", ["[123m,1]456m789p5s5s23s f5", "[123m,1]456m78p5s5s34s f5 f6"])
def test_wildcard_win_equals_brute_force(text: str) -> None:
    ctx = selfdraw(wildcard_win=True)
    got = Jinshan(laizi_cap=10**9, min_hu=0).score(text, ctx).total
    assert 2 * got == _brute_force(text, ctx, wild_win=True)


# --- input checks and plumbing ---------------------------------------------------------------------------------


def test_preset_and_context_from_options() -> None:
    assert isinstance(J, Jinshan)
    c = JinshanContext.from_options(winner="1", self_drawn="false", wildcard_win="no", kong_replacement=False)
    assert c.discarder == 0 and not c.wildcard_win
    c = JinshanContext.from_options(wildcard_win="true", self_drawn=True)
    assert c.wildcard_win
    with pytest.raises(ContextError, match="unknown win fact"):
        JinshanContext.from_options(wild=1)
    with pytest.raises(ContextError):
        JinshanContext.from_options(wildcard_win="maybe")


def test_plain_context_accepted() -> None:
    r = J.score(PLAIN, WinContext(winner=1, discarder=2))
    assert r.total == 20


def test_bad_input() -> None:
    with pytest.raises(HandError, match="14"):
        J.score("123m456m789p5s23s4s", discard())  # 13 tiles
    with pytest.raises(NotWinningError):
        J.score("123m456m789p5s5s24s7s", discard())
    with pytest.raises(ContextError):
        J.score(PLAIN, selfdraw(kong_replacement=True))  # no kong
    with pytest.raises(ContextError):
        JinshanContext(winner=1, dealer=0, heavenly=True)
    with pytest.raises(ContextError):
        JinshanContext(winner=1, dealer=0, discarder=2, earthly=True)
    with pytest.raises(RulesError):
        get_ruleset("jinshan", fan_mode="triple")
    with pytest.raises(RulesError):
        get_ruleset("jinshan", laizi_cap=0)
    with pytest.raises(RulesError):
        get_ruleset("jinshan", discard_payment="nobody")


def test_options_documented() -> None:
    for opt, _, doc in J.describe_options():
        assert "Default" in doc and "source" in doc, opt


def test_cli_score_json(capsys: pytest.CaptureFixture[str]) -> None:
    # the lead's `mahjong score` passes --option into JinshanConfig and --context into JinshanContext.from_options
    from mahjong.cli import main

    rc = main(["score", "--rules", "jinshan", "123m456m789p5s5s23s f5", "--self-drawn", "--winner", "1",
               "--context", "wildcard_win=true", "--option", "min_hu=0", "--json"])
    assert rc == 0
    import json

    out = json.loads(capsys.readouterr().out)
    assert out["total"] == 12 and out["wait"] == "two-sided" and sum(p["amount"] for p in out["payments"]) == 0


def _random_hands(n: int, seed: int) -> list[str]:
    """Seeded random winning hands (4 sets + pair, sometimes one exposed pung or chow) with 1 or 2 tiles
    replaced by 百搭; the winning tile is a natural concealed tile written last."""
    import random

    from mahjong.tiles import format_tiles

    rng = random.Random(seed)
    out: list[str] = []
    while len(out) < n:
        counts = [0] * 34
        sets: list[list[int]] = []
        for _ in range(4):
            if rng.random() < 0.5:
                s, r = rng.randrange(3), rng.randrange(7)
                tiles = [s * 9 + r, s * 9 + r + 1, s * 9 + r + 2]
            else:
                tiles = [rng.randrange(34)] * 3
            sets.append(tiles)
        pair = [rng.randrange(34)] * 2
        for t in [t for s in sets for t in s] + pair:
            counts[t] += 1
        if max(counts) > 4:
            continue
        exposed = ""
        if rng.random() < 0.4:
            first = sets.pop(0)
            exposed = f"[{format_tiles(first)},1]" if first[0] != first[1] else f"[{format_tiles(first)},2]"
        concealed = [t for s in sets for t in s] + pair
        rng.shuffle(concealed)
        k = rng.choice((1, 2))
        wild, concealed = concealed[:k], concealed[k:]
        win, rest = concealed[0], concealed[1:]
        flowers = " ".join(f"f{5 + i}" for i in range(k)) + (" f1" if rng.random() < 0.3 else "")
        out.append(f"{exposed}{format_tiles(rest)}{format_tiles([win])} {flowers}")
    return out


@pytest.mark.parametrize("text", _random_hands(24, seed=20261130))
def test_random_wildcard_hands_equal_brute_force(text: str) -> None:
    # as test_wildcards_equal_brute_force, on seeded random hands; a 辣子 hand found by substitution must be
    # found with the 百搭 too (the cap is then the answer of both)
    cap = 10**9
    for ctx in (discard(), selfdraw(), selfdraw(wildcard_win=True)):
        got = Jinshan(laizi_cap=cap, min_hu=0).score(text, ctx).total
        brute = _brute_force(text, ctx, wild_win=ctx.wildcard_win)
        assert got == (cap if brute == cap else brute // 2), (text, ctx.self_drawn)
        if brute != cap:
            assert brute % 2 == 0


def test_part_two_decomposes_as_spec_section_2() -> None:
    # spec §2: every Part Two value = 10 (winning) + wait bonus + self-draw bonus + the completed set's own value;
    # for 双碰 that set is a 碰出 on a discard and an 一刻 on a self-draw (seed Part One 1-4).  This is why the
    # scorer leaves the 双碰 triplet out of Part One.
    # (the table is a rule book now: the wait rows carry their discard value and their self-drawn value)
    from mahjong.rulesets.jinshan import ROWS, row

    assert row("wait_dual_pung_simple").value == 10 + row("pung_simple").value
    assert row("wait_dual_pung_simple").self_drawn_value == 10 + 2 + row("concealed_pung_simple").value
    assert row("wait_dual_pung_terminal").value == 10 + row("pung_terminal").value
    assert row("wait_dual_pung_terminal").self_drawn_value == 10 + 2 + row("concealed_pung_terminal").value
    waits = [r for r in ROWS if r.key.startswith("wait_")]
    assert len(waits) == 7
    for r in waits:
        if r.key.startswith("wait_dual_pung"):
            continue
        assert r.self_drawn_value == r.value + 2


def test_settlement_of_a_record() -> None:
    # a whole-hand record: the 百搭 self-draw of test_wildcard_win (12 hu) under min_hu=0, seat 1 wins, all pay
    from mahjong.settlement import HandRecord, Win, settle

    record = HandRecord("jinshan", (Win(1, "123m456m789p5s5s23s f5", flags={"wildcard_win": True}),),
                        options={"min_hu": 0})
    s = settle(record)
    assert s.net == (-12, 36, -12, -12)


def test_wildcard_is_never_a_fifth_copy() -> None:
    # exposed 999s + a concealed 9s: a 百搭 pairing with that 9s would be a fifth 9s (the kernels' 4-copy rule,
    # which only sees the concealed tiles, applied to the whole hand)
    with pytest.raises(NotWinningError, match="fifth copy"):
        NO_MIN.score("[999s,2]123m456m789p9s f5", selfdraw(wildcard_win=True))
    # the same 百搭 pairing with an 8s is fine
    r = NO_MIN.score("[999s,2]123m456m789p8s f5", selfdraw(wildcard_win=True))
    assert r.reading is not None and r.reading.wildcards == (25,)



@settings(max_examples=60, deadline=None)
@given(winner=st.integers(0, 3), dealer=st.integers(0, 3), offset=st.integers(0, 3),
       payment=st.sampled_from(("discarder", "all")), factor=st.integers(1, 3))
def test_payments_zero_sum_and_shape(winner: int, dealer: int, offset: int, payment: str, factor: int) -> None:
    # offset 0 = self-draw, else the discarder sits `offset` seats after the winner
    discarder = None if offset == 0 else (winner + offset) % 4
    rs = get_ruleset("jinshan", discard_payment=payment, dealer_factor=factor, min_hu=0)
    r = rs.score(PLAIN, JinshanContext(winner=winner, dealer=dealer, discarder=discarder))
    assert sum(r.payments) == 0
    payers = [s for s in range(4) if s != winner] if discarder is None or payment == "all" else [discarder]
    for seat in range(4):
        if seat == winner:
            continue
        owed = r.total * (factor if dealer in (seat, winner) else 1) if seat in payers else 0
        assert r.payments[seat] == -owed
