"""Tile ids, names and the three notation styles."""

import pytest

from mahjong import Tile, TileError, format_tiles, parse_tiles, tile_name
from mahjong.tiles import N_TILES, is_terminal, is_terminal_or_honor, rank_of, suit_of


def test_id_layout_matches_the_documented_order():
    assert parse_tiles("1m9m1p9p1s9s") == [0, 8, 9, 17, 18, 26]
    assert parse_tiles("ESWNCFP") == [27, 28, 29, 30, 31, 32, 33]
    assert parse_tiles("1234567z") == [27, 28, 29, 30, 31, 32, 33]
    assert parse_tiles("f1f8") == [34, 41]


def test_compact_groups_and_order_is_kept():
    assert parse_tiles("321m 5p") == [2, 1, 0, 13]
    assert parse_tiles("11z") == [27, 27]


@pytest.mark.parametrize(
    "text, expected",
    [
        ("一万九万", [0, 8]),
        ("五筒 五饼 五餅", [13, 13, 13]),
        ("九条 一索", [26, 18]),
        ("东风南风西风北风", [27, 28, 29, 30]),
        ("东南西北", [27, 28, 29, 30]),
        ("红中 发财 白板", [31, 32, 33]),
        ("中发白", [31, 32, 33]),
        ("春夏秋冬梅兰竹菊", list(range(34, 42))),
    ],
)
def test_chinese_names(text, expected):
    assert parse_tiles(text) == expected


def test_unicode_glyphs_follow_the_mahjong_block():
    # U+1F007 is 一萬, U+1F010 一索 (bamboo), U+1F019 一筒 (circles), U+1F004 红中
    assert parse_tiles("\U0001F007\U0001F010\U0001F019\U0001F004") == [0, 18, 9, 31]
    assert parse_tiles("\U0001F004\ufe0f") == [31]  # emoji presentation selector is ignored
    assert parse_tiles("\U0001F026\U0001F022") == [34, 38]  # spring, plum


@pytest.mark.parametrize("style", ["ascii", "chinese", "unicode"])
def test_every_tile_round_trips_in_every_style(style):
    for t in range(N_TILES):
        assert parse_tiles(tile_name(t, style)) == [t]
    text = format_tiles(range(N_TILES), style)
    assert parse_tiles(text) == list(range(N_TILES))


def test_ascii_format_is_compact():
    assert format_tiles([0, 1, 2, 13, 27, 31, 34]) == "123m5pECf1"


@pytest.mark.parametrize(
    "text, fragment",
    [
        ("123x", "position 3"),
        ("12", "digits without a suit letter"),
        ("8z", "honor number 8z"),
        ("m", "suit letter 'm' with no digits"),
        ("0m", "digit 0"),
        ("123m 好", "position 5"),
        ("f9", "unknown tile character 'f'"),
    ],
)
def test_parse_errors_name_the_token_and_position(text, fragment):
    with pytest.raises(TileError) as e:
        parse_tiles(text)
    assert fragment in str(e.value)
    assert isinstance(e.value, ValueError)


def test_tile_enum_and_predicates():
    assert Tile.parse("红中") is Tile.RED and str(Tile.RED) == "C" and Tile.RED.chinese == "红中"
    assert Tile.WHITE == 33 and Tile.GREEN == 32
    assert is_terminal(0) and is_terminal(26) and not is_terminal(27) and is_terminal_or_honor(33)
    assert suit_of(17) == 1 and rank_of(17) == 9 and rank_of(33) == 7
    with pytest.raises(TileError):
        Tile.parse("12m")
    with pytest.raises(TileError):
        tile_name(42)


# ---- input as Chinese players type it -----------------------------------------------------------------------

import pytest as _pytest  # noqa: E402

from mahjong import parse_hand as _parse_hand  # noqa: E402
from mahjong import parse_tiles as _parse_tiles  # noqa: E402
from mahjong.errors import TileError as _TileError  # noqa: E402


@_pytest.mark.parametrize(
    "typed,plain",
    [
        ("１２３ｍ４５６ｐ", "123m456p"),  # full-width digits and letters
        ("123万456筒789条", "123m456p789s"),  # ascii digits before a Chinese suit
        ("一二三万四五六筒七八九条", "123m456p789s"),  # a run of numerals before one suit
        ("一万二万三万", "123m"),
        ("eswncfp", "ESWNCFP"),  # lower-case honor letters
        ("12s s 9p p", "12sS9pP"),  # after digits a suit, alone an honor
        ("f1 f", "f1F"),  # f + digit is a flower, f alone is 发
        ("１２３ｍ，４５６ｐ　ＥＥ", "123m456pEE"),  # full-width comma and space
        ("伍万陆万柒万", "567m"),
    ],
)
def test_chinese_typing(typed: str, plain: str) -> None:
    assert _parse_tiles(typed) == _parse_tiles(plain)


def test_full_width_brackets_in_hands() -> None:
    want = _parse_hand("[555p,2]123m456s789sEE")
    assert _parse_hand("［５５５ｐ，２］123m456s789sEE") == want
    assert _parse_hand("【555p，2】123万456条789条东东") == want


@_pytest.mark.parametrize(
    "bad,hint",
    [
        ("123x", "honors as letters E S W N C F P"),
        ("f9", "flowers are f1-f8"),
        ("123", "digits without a suit"),
        ("一二三", "without a suit"),
        ("[123m]", "melds in brackets belong in a hand"),
    ],
)
def test_errors_say_how_to_write_tiles(bad: str, hint: str) -> None:
    with _pytest.raises(_TileError) as e:
        _parse_tiles(bad)
    assert hint in str(e.value)
    assert "f1-f8" in str(e.value) and "[ ]" in str(e.value)
    assert e.value.code == "bad-tile-text" and e.value.message_zh and "花牌" in e.value.message_zh


def test_hand_size_errors_say_how_many_tiles_were_typed() -> None:
    import mahjong

    with _pytest.raises(mahjong.HandError, match="15 tiles"):
        mahjong.is_win("123456789m123456p")
