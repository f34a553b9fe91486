"""Yuhuan 玉环: every expected value here is worked out by hand from seed 000 ("玉环麻将算法") or
shared/specs/yuhuan.md (cited per test), never copied from the scorer's output."""

from __future__ import annotations

import dataclasses
import itertools
import json

import pytest

from mahjong.errors import ContextError, HandError, MahjongError, NotWinningError, RulesError
from mahjong.framework import WinContext, get_ruleset
from mahjong.hand import Hand, parse_hand
from mahjong.rulesets.yuhuan import RED, WHITE, Yuhuan, YuhuanContext, ceil10, flower_tile
from mahjong.settlement import settle
from mahjong.tiles import parse_tiles


def T(s: str) -> int:
    (t,) = parse_tiles(s)
    return t


YH = Yuhuan()


def ctx(**kw):  # type: ignore[no-untyped-def]
    kw.setdefault("winner", 1)  # seat 1 with the dealer at seat 0: seat wind 南
    kw.setdefault("dealer", 0)
    return YuhuanContext.from_options(**kw)


# --- rounding and the cap (seed: "以10胡为一个单位。如62、69胡均算70胡。最高400胡封顶") -----------------------------------


def test_ceil10_seed_examples() -> None:
    assert ceil10(62) == 70 and ceil10(69) == 70
    assert ceil10(70) == 70 and ceil10(61) == 70 and ceil10(1) == 10 and ceil10(0) == 0


# concealed kong 9999m (老头 暗杠 32), concealed 111p (老头 暗刻 8), 345p, 234s, 67s + 5s on a discard (两面: 0),
# pair 发 (2): 20 + 32 + 8 + 2 = 62, no 台 (no 财神 in play) → 70
SIXTY_TWO = "[9999m]111p345p234s67sFF5s"


def test_seed_62_rounds_to_70() -> None:
    r = YH.score(SIXTY_TWO, ctx(discarder=2))
    assert r.details["base_hu"] == 62 and r.details["tai"] == 0
    assert r.total == 70
    # seed: every other player pays the winner's total
    assert r.payments == (-70, 210, -70, -70)


def test_cap_400() -> None:
    # 清一色 (4 台, ×16) with concealed 111m and 999m (8 + 8) and more: at least 36 × 16 = 576 → capped at 400
    r = YH.score("111m234m345m678m999m55m", ctx(self_drawn=True))
    assert r.item("full_flush") is not None and r.item("half_flush") is None
    assert r.details["raw"] > 400 and r.total == 400
    assert r.payments == (-400, 1200, -400, -400)


# --- the 胡 table (spec §2a) ---------------------------------------------------------------------------------------


def test_pung_and_kong_hu_table() -> None:
    # 东 pung (老头 碰 4), 555p pung (2–8 碰 2), 9999s melded kong (老头 明杠 16), 4444m concealed kong (2–8 暗杠 16),
    # concealed 222s (2–8 暗刻 4), self-drawn 1p onto the pair (将, 自摸 4): 20 + 46 = 66.  碰碰胡 2 台 → 264 → 270.
    r = YH.score("[EEE,2][555p,2][9999s,3][4444m]222s11p", ctx(self_drawn=True))
    hu = sorted(i.value for i in r.items if i.unit == "hu" and i.key != "base_hu")
    assert hu == sorted([4, 2, 16, 16, 4, 4])
    assert r.details["base_hu"] == 66 and r.item("all_pungs").value == 2
    assert r.total == 270 and r.wait == "single"


def test_pung_completed_by_a_discard_is_exposed() -> None:
    # spec §4: a triplet completed by a discard (双碰 by 放冲) scores as 碰: 222s = 2, not 4; 对碰 on a discard = 0.
    # 20 + 4 + 2 + 16 + 16 + 2 = 60; 碰碰胡 ×4 = 240.
    r = YH.score("[EEE,2][555p,2][9999s,3][4444m]11p22s2s", ctx(discarder=2))
    assert r.details["base_hu"] == 60 and r.total == 240 and r.wait == "dual-pung"


def test_winning_tile_bonus() -> None:
    # spec §2a: 坎档 / 靠壁 / 将 → 自摸 4, 放冲 2; other waits → 自摸 2, 放冲 0
    closed = "123m456m789m123p46p55s5p"  # 5p into 46p: 坎档
    edge = "123m456m89m123p456p55s7m"  # 7m onto 89m: 靠壁
    two = "123m456m789m123p45p55s6p"  # 6p onto 45p: 两面
    for hand, wait, zimo, ron in ((closed, "closed", 4, 2), (edge, "edge", 4, 2), (two, "two-sided", 2, 0)):
        r = YH.score(hand, ctx(self_drawn=True))
        assert r.wait == wait and r.item("win_tile").value == zimo
        r = YH.score(hand, ctx(discarder=3))
        assert r.wait == wait
        assert (r.item("win_tile").value if r.item("win_tile") else 0) == ron


def test_pinghu_flower_and_no_caishen() -> None:
    # 平胡 (all chows, 6p into 45p), one 杠花 (4 胡, 1 台), 财神 中 not held (1 台): base 20 + 4 + 2 (自摸) = 26,
    # 3 台 → 26 × 8 = 208 → 210
    r = YH.score("123m456m789m123p45p55s6p", ctx(caishen="C", self_drawn=True, gang_hua=1))
    assert {i.key for i in r.items if i.unit == "tai"} == {"flower_tiles", "all_chows", "no_wildcard"}
    assert r.details["base_hu"] == 26 and r.total == 210
    # the 杠花 may be written loose in the hand instead of counted in the context
    r2 = YH.score("123m456m789m123p45p55sP6p", ctx(caishen="C", self_drawn=True))
    assert r2.total == 210


def test_red_dragon_is_the_flower_when_white_is_caishen() -> None:
    # spec §2a (A §6): 杠花 = 白板, or 红中 when 白板 is the 财神
    assert flower_tile(None) == WHITE and flower_tile(T("C")) == WHITE and flower_tile(WHITE) == RED
    r = YH.score("123m456m789m123p45p55sC6p", ctx(caishen="P", self_drawn=True))
    # the 红中 written loose is the 杠花 set aside (4 胡 and 1 台)
    assert r.item("flower_hu").count == 1 and r.item("flower_tiles").count == 1 and r.total == 210  # type: ignore[union-attr]


def test_half_flush_value_pair_and_honor_pung() -> None:
    # 混一色 2 台; concealed 东 (老头 暗刻 8, not seat 1's wind), pair of 中 (2), 中 won on a discard onto the pair
    # (将 2): 20 + 8 + 2 + 2 = 32 × 4 = 128 → 130
    r = YH.score("123m234m456m789mEEECC", ctx(discarder=2))
    assert r.item("half_flush").value == 2 and r.details["base_hu"] == 32 and r.total == 130


def test_dragon_and_seat_wind_pung_tai() -> None:
    # exposed 中 pung (4 胡, 1 台), exposed 南 pung = seat 1's wind (4 胡, 1 台), self-drawn 6m two-sided (2):
    # 20 + 4 + 4 + 2 = 30, 2 台 → 120
    r = YH.score("[CCC,1][SSS,2]123m456m78m99p6m", ctx(self_drawn=True))
    assert {i.key for i in r.items if i.unit == "tai"} == {"dragon_pung", "seat_wind"}
    assert r.total == 120
    # seat 2 (西) holds the same hand: 南 is not its wind → 1 台 → 60
    assert YH.score("[CCC,1][SSS,2]123m456m78m99p6m", ctx(self_drawn=True, winner=2)).total == 60


def test_two_and_three_caishen() -> None:
    # 财神 9s.  Two 财神: one completes 45p, one pairs the self-drawn 5s (将 自摸 4): 24, "two 财神" 1 台 → 48 → 50
    r = YH.score("123m456m789m123p45p99s5s", ctx(caishen="9s", self_drawn=True))
    assert r.item("two_wildcards").value == 1 and r.details["base_hu"] == 24 and r.total == 50
    # three 财神 (4 台): the drawn 财神 and one more make a pair of 发 (value pair 2, 将 4): 26 × 16 = 416 → 400
    r = YH.score("123m456m789m123p45p999s", ctx(caishen="9s", self_drawn=True))
    assert r.item("three_wildcards").value == 4 and r.total == 400


def test_tai_capped_at_four() -> None:
    # 混一色 (2) + three 杠花 (3) = 5 台, only 4 count: base 32 + 12 = 44 × 16 = 704 → 710 (cap raised to see it)
    r = Yuhuan(cap=2000).score("123m234m456m789mEEECC", ctx(discarder=2, gang_hua=3))
    assert r.details["tai"] == 5 and r.item("multiplier").value == 16 and r.total == 710
    assert Yuhuan(cap=2000, max_tai=5).score("123m234m456m789mEEECC", ctx(discarder=2, gang_hua=3)).total == 1410


def test_kong_flower_and_robbing_kong_tai() -> None:
    r = YH.score(SIXTY_TWO, ctx(self_drawn=True, kong_replacement=True))
    assert r.item("out_with_replacement_tile") is not None
    r = YH.score(SIXTY_TWO, ctx(discarder=2, robbing_kong=True))
    assert r.item("robbing_the_kong") is not None and r.total == 130  # 62 × 2
    # seed 拉杠 also covers winning on the pung-holder's discard of the fourth tile ("或打出这张牌")
    assert YH.score(SIXTY_TWO, ctx(discarder=2, lagang_discard=True)).total == 130
    with pytest.raises(ContextError, match="kong's replacement"):
        YH.score("123m456m789m123p45p55s6p", ctx(self_drawn=True, kong_replacement=True))


def test_lazi_is_cap_option() -> None:
    # client B: three 财神 / 天胡 / 地胡 = 腊子 400 directly
    r = Yuhuan(lazi_is_cap=True).score(SIXTY_TWO, ctx(self_drawn=True, winner=0, heavenly=True))
    assert r.total == 400
    assert YH.score(SIXTY_TWO, ctx(self_drawn=True, winner=0, heavenly=True)).total != 400


# --- settlement (seed 记分) --------------------------------------------------------------------------------------


def test_losers_settle_differences() -> None:
    # seed: "胡数少的玩家要负给胡数多的玩家总胡数的差价".  Winner 70 from each; losers 50 / 20 / 0:
    # seat 0 gets 30 + 50, seat 2 pays 30 and gets 20, seat 3 pays 50 + 20.
    r = YH.score(SIXTY_TWO, ctx(discarder=2, loser_totals=(50, None, 20, 0)))
    assert r.details["loser_settlement"] == [80, 0, -10, -70]
    assert r.payments == (10, 210, -80, -140)


def test_chengbao_discarder_pays_all() -> None:
    # spec §2c (A): 放冲 in the last 9 tiles: the discarder pays what all three would have paid
    r = YH.score(SIXTY_TWO, ctx(discarder=2, chengbao=True))
    assert r.payments == (0, 210, -210, 0)


def test_loser_total_from_hand() -> None:
    # 中 pung (老头 碰 4) + melded kong 9999s (老头 明杠 16) = 20 胡, 中 pung 1 台 → 40 (no 底胡 for a loser)
    hand = "[CCC,1][9999s,2]123m456p78s11p"
    assert YH.loser_total(hand, seat_wind=0) == 40
    assert Yuhuan(loser_tai=False).loser_total(hand, seat_wind=0) == 20
    # a concealed 777p (2–8 暗坎 4): 24 × 2 = 48 → 50
    assert YH.loser_total("[CCC,1][9999s,2]123m777p78s11p", seat_wind=0) == 50
    # computed inside a score from the losers' hands: seat 0 → 40, seats 2 and 3 → 0
    r = YH.score(SIXTY_TWO, ctx(discarder=2, loser_hands=(hand, None, None, None)))
    assert r.details["loser_totals"] == [40, 0, 0, 0]
    assert r.details["loser_settlement"] == [80, 0, -40, -40]


def test_settle_record() -> None:
    record = {
        "ruleset": "yuhuan",
        "dealer": 0,
        "events": [{"type": "win", "seat": 1, "hand": SIXTY_TWO, "discarder": 2, "loser_totals": [50, None, 20, 0]}],
    }
    assert settle(json.dumps(record)).net == (10, 210, -80, -140)
    # 黄庄: everyone scores 0
    draw = {"ruleset": "yuhuan", "events": [{"type": "draw"}]}
    assert settle(draw).net == (0, 0, 0, 0)


def test_payments_zero_sum() -> None:
    for winner, disc, lt in itertools.product(range(4), [None, 0, 1, 2, 3], [None, (10, 20, 30, 40)]):
        if disc == winner:
            continue
        r = YH.score("123m456m789m123p45p99s5s", YuhuanContext(winner=winner, discarder=disc, caishen=T("9s"),
                                                                 loser_totals=lt))
        assert sum(r.payments) == 0


# --- 老鬼宁 and bad input -------------------------------------------------------------------------------------------


def test_laoguining_cannot_win() -> None:
    with pytest.raises(NotWinningError, match="laoguining"):
        YH.score(SIXTY_TWO, ctx(discarder=2, laoguining=True))
    # a 财神 used in a meld (吃/碰) is 老鬼宁 too
    with pytest.raises(NotWinningError, match="laoguining"):
        YH.score("[EEE,2][555p,2][9999s,3][4444m]222s11p", ctx(self_drawn=True, caishen="E"))


@pytest.mark.parametrize(
    "kwargs",
    [{"gang_hua": 5}, {"caishen": 34}, {"lagang_discard": True}, {"caishen": "1m2m"}, {"chengbao": True},
     {"loser_totals": (1, 2)}, {"loser_totals": (-1, 0, 0, 0)}, {"loser_hands": (1, None, None, None)}],
)
def test_bad_context(kwargs: dict) -> None:  # type: ignore[type-arg]
    with pytest.raises(MahjongError):
        YuhuanContext(**kwargs)


def test_bad_hands() -> None:
    with pytest.raises(HandError):  # 14 tiles: a 13-tile hand
        YH.score("123m456p789s123pEE", ctx(self_drawn=True))
    with pytest.raises(HandError, match="杠花"):  # 4 in the context + 1 written
        YH.score("123m456m789m123p45p55sP6p", ctx(self_drawn=True, gang_hua=4))
    with pytest.raises(NotWinningError):
        YH.score("123m456m789m123p45p55s9p", ctx(self_drawn=True))
    with pytest.raises(ContextError, match="财神"):
        YH.score("[9999m]111p345p234s67sFF5s", ctx(self_drawn=True, caishen="9m"))
    with pytest.raises(RulesError):
        Yuhuan(max_tai="4")
    with pytest.raises(RulesError):
        Yuhuan(cap=5)


def test_from_options_and_registry() -> None:
    c = YuhuanContext.from_options(caishen="红中", self_drawn=False, winner=3)
    assert c.caishen == T("C") and c.discarder == 2
    assert YuhuanContext.from_options(indicator="9s").caishen == T("9s")
    assert YuhuanContext.from_options(wildcard_tile="P").caishen == WHITE
    with pytest.raises(ContextError):
        YuhuanContext.from_options(caishen="C", wildcard_tile="C")
    rs = get_ruleset("yuhuan", cap=500)
    assert isinstance(rs, Yuhuan) and rs.config.cap == 500
    # a plain WinContext: no 财神 in play
    assert YH.score(SIXTY_TWO, WinContext(winner=1, discarder=2)).total == 70


# --- wildcard search vs brute-force substitution ------------------------------------------------------------------

NEUTRAL_KEYS = {"no_wildcard", "two_wildcards", "three_wildcards"}


class _Neutral(Yuhuan):
    """Yuhuan without the 财神 count's 台 (which differ between a hand with wildcards and its substitutions)."""

    book = dataclasses.replace(Yuhuan.book, rows=tuple(r for r in Yuhuan.book.rows if r.key not in NEUTRAL_KEYS))


NEUTRAL = _Neutral()


def _neutral_best(hand: Hand, context: YuhuanContext) -> int:
    """The best total of the hand over every reading and placement, the 财神 count's 台 left out."""
    return NEUTRAL.score(hand, context).total


@pytest.mark.parametrize(
    "hand, discarder",
    [
        ("123456789m1245p559s3p", None),  # one 财神 (9s)
        ("123456789m1245p559s3p", 2),
        ("123456789m1245p599s3p", None),  # two 财神
        ("111345m77p2345679sEE", None),  # one 财神 among pungs
        ("111345m77p2345679sEE", 3),
    ],
)
def test_wildcard_readings_equal_brute_force(hand: str, discarder: int | None) -> None:
    h = parse_hand(hand)
    caishen = T("9s")
    with_wildcards = _neutral_best(h, ctx(caishen="9s", discarder=discarder))
    natural = [t for t in h.concealed if t != caishen]
    k = len(h.concealed) - len(natural)
    assert k >= 1 and h.win_tile != caishen
    brute = 0
    for combo in itertools.combinations_with_replacement(range(34), k):
        if WHITE in combo:  # the 杠花 tile never stays in a hand
            continue
        tiles = natural + list(combo)
        if max(tiles.count(t) for t in set(tiles)) > 4:
            continue
        nh = Hand(tuple(tiles), h.melds, (), h.win_tile)
        try:
            got = _neutral_best(nh, ctx(discarder=discarder))
        except NotWinningError:
            continue
        brute = max(brute, got)
    assert brute > 0
    assert with_wildcards == brute


def test_next_dealer() -> None:
    # seed: "黄牌后，如果本局中又没有人杠过，则连庄。其他情况时均按逆时针轮庄"
    assert YH.next_dealer(0, None, anyone_konged=False) == 0
    assert YH.next_dealer(0, None, anyone_konged=True) == 1
    assert YH.next_dealer(3, 1, anyone_konged=False) == 0
    # source A: "胡牌后，如果本局中又没有人杠过，则连庄"
    a = Yuhuan(dealer_repeats_after="win")
    assert a.next_dealer(2, 1, anyone_konged=False) == 2 and a.next_dealer(2, None, anyone_konged=False) == 3
    with pytest.raises(ContextError):
        YH.next_dealer(4, None, anyone_konged=False)


def test_every_option_is_documented_with_default_and_source() -> None:
    for name, _value, doc in YH.describe_options():
        assert "Default" in doc and "source" in doc, name


def test_random_wildcard_hands_equal_brute_force() -> None:
    import random

    rng = random.Random(20261130)
    checked = 0
    while checked < 12:
        counts = [0] * 34
        tiles: list[int] = []
        p = rng.choice([t for t in range(34) if t != WHITE])
        tiles += [p, p]
        for _ in range(5):
            if rng.random() < 0.6:
                s = rng.randrange(3) * 9 + rng.randrange(7)
                tiles += [s, s + 1, s + 2]
            else:
                t = rng.choice([t for t in range(34) if t != WHITE])
                tiles += [t, t, t]
        for t in tiles:
            counts[t] += 1
        if max(counts) > 4:
            continue
        rng.shuffle(tiles)
        k = 1 + checked % 2
        kept = tiles[k:]  # the winning tile (last) stays natural
        free = [t for t in range(34) if t not in kept and t != WHITE]
        caishen = rng.choice(free)
        h = Hand(tuple(kept + [caishen] * k), (), (), kept[-1])
        disc = rng.choice([None, 0, 2, 3])
        with_wildcards = _neutral_best(h, YuhuanContext(winner=1, discarder=disc, caishen=caishen))
        brute = 0
        for combo in itertools.combinations_with_replacement(range(34), k):
            if WHITE in combo:
                continue
            nat = kept + list(combo)
            if max(nat.count(t) for t in set(nat)) > 4:
                continue
            try:
                got = _neutral_best(Hand(tuple(nat), (), (), kept[-1]), YuhuanContext(winner=1, discarder=disc))
            except NotWinningError:
                continue
            brute = max(brute, got)
        assert with_wildcards == brute, (h, caishen, disc)
        checked += 1
