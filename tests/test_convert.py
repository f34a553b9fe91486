"""Converters to and from other mahjong software's notations (mahjong.convert), with round trips."""

from __future__ import annotations

import random

import pytest
from mahjong import convert, parse_hand, parse_tiles
from mahjong.errors import MahjongError
from mahjong.framework import WinContext


def _random_tiles(rng: random.Random, n: int, kinds: int = 34) -> list[int]:
    pool = [t for t in range(kinds) for _ in range(4 if t < 34 else 1)]
    return rng.sample(pool, n)


def test_136_ids_round_trip_and_put_the_dragons_where_riichi_does():
    rng = random.Random(1)
    for _ in range(200):
        tiles = _random_tiles(rng, rng.randint(0, 20))
        ids = convert.to_136(tiles)
        assert len(set(ids)) == len(ids)
        assert convert.from_136(ids) == tiles
    # Riichi kinds 31 32 33 are 白 发 中: ours are 中 31, 发 32, 白 33
    assert convert.to_136(parse_tiles("P F C")) == [124, 128, 132]
    assert convert.from_136([124, 128, 132]) == parse_tiles("白板 发财 红中")


def test_riichi_strings_round_trip_with_the_dragons_reversed():
    assert convert.to_riichi_string(parse_tiles("123m456p789sEEC")) == "123m456p789s117z"
    assert convert.from_riichi_string("567z") == parse_tiles("P F C")
    assert convert.from_riichi_string("0m0p0s") == parse_tiles("5m5p5s")  # red fives
    rng = random.Random(2)
    for _ in range(200):
        tiles = sorted(_random_tiles(rng, rng.randint(1, 18)), key=lambda t: (convert.to_136([t])[0]))
        assert convert.from_riichi_string(convert.to_riichi_string(tiles)) == tiles


def test_mjai_and_botzone_round_trip():
    rng = random.Random(3)
    for _ in range(200):
        tiles = _random_tiles(rng, rng.randint(0, 18))
        assert convert.from_mjai(convert.to_mjai(tiles)) == tiles
        with_flowers = tiles + rng.sample(range(34, 42), rng.randint(0, 3))
        assert convert.from_botzone(convert.to_botzone(with_flowers)) == with_flowers
    assert convert.to_mjai(parse_tiles("1m E P F C")) == ["1m", "E", "P", "F", "C"]
    assert convert.from_mjai(["5mr", "5pr", "5sr"]) == parse_tiles("5m5p5s")
    assert convert.to_botzone(parse_tiles("1m 1s 1p E C P f1")) == ["W1", "T1", "B1", "F1", "J1", "J3", "H1"]
    assert convert.from_botzone("W1 T1 B1 F1 J1 H1") == parse_tiles("1m 1s 1p E C f1")


HANDS = [
    ("[123m,1][555p,2]789m123s5s5s", dict(discarder=3)),
    ("[1111m][999p,3]123s456sCC", dict()),
    ("123m456p789s11sEEE f1 f2", dict(discarder=2, last_wall_tile=True, prevalent_wind=1)),
]


@pytest.mark.parametrize("text, ctx", HANDS)
def test_pymahjonggb_arguments_round_trip(text, ctx):
    hand = parse_hand(text)
    context = WinContext(**ctx)
    args = convert.to_pymahjonggb(hand, context)
    back, back_ctx = convert.from_pymahjonggb(**args)
    assert sorted(back.concealed) == sorted(hand.concealed) and back.melds == hand.melds
    assert back.winning_tile() == hand.winning_tile() and len(back.flowers) == len(hand.flowers)
    assert back_ctx.self_drawn == context.self_drawn and back_ctx.wind == context.wind
    assert convert.to_pymahjonggb(back, back_ctx) == args


@pytest.mark.parametrize("text, ctx", HANDS)
def test_pymahjonggb_scores_the_converted_hand_as_we_do(text, ctx):
    gb = pytest.importorskip("MahjongGB")
    from mahjong import get_ruleset

    hand = parse_hand(text)
    context = WinContext(**ctx)
    theirs = gb.MahjongFanCalculator(**convert.to_pymahjonggb(hand, context))
    ours = get_ruleset("guobiao").score(hand, context)
    assert sum(f[0] for f in theirs) == ours.total


@pytest.mark.parametrize("call", [
    lambda: convert.to_136([34]),
    lambda: convert.to_136([True]),
    lambda: convert.to_136([0] * 5),
    lambda: convert.from_136([1, 1]),
    lambda: convert.from_136("123"),
    lambda: convert.from_riichi_string("8z"),
    lambda: convert.from_riichi_string("12x"),
    lambda: convert.from_riichi_string(None),
    lambda: convert.from_mjai(["5mrr"]),
    lambda: convert.from_mjai(["?"]),
    lambda: convert.from_botzone(["J4"]),
    lambda: convert.from_botzone([None]),
    lambda: convert.to_pymahjonggb("123m"),
    lambda: convert.from_pymahjonggb(pack=[("CHI", "W1", 1)], hand=[], winTile="W1"),
    lambda: convert.from_pymahjonggb(pack=[], hand=["W1"], winTile="X9"),
])
def test_bad_input_raises_our_errors(call):
    with pytest.raises(MahjongError):
        call()
