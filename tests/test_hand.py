"""The hand notation: melds with claim seats, flowers, the winning tile, and hand errors."""

import pytest

from mahjong import Hand, HandError, Meld, MeldError, MeldKind, TileError, format_hand, parse_hand


def test_melds_seats_and_win_tile():
    h = parse_hand("[123m,1][5555p][777s,2][9999s,3+]EE C")
    kinds = [m.kind for m in h.melds]
    assert kinds == [MeldKind.CHOW, MeldKind.CONCEALED_KONG, MeldKind.PUNG, MeldKind.ADDED_KONG]
    assert [m.claimed_from for m in h.melds] == [1, None, 2, 3]
    assert h.concealed == (27, 27, 31)
    assert h.tile_count == 15  # 4 melds × 3 + 3: not a valid 13-tile game hand
    with pytest.raises(HandError, match="15 tiles"):
        h.check_size(13)


def test_complete_hand_takes_last_tile_as_winning_tile():
    h = parse_hand("[123m,1]456p789s111zCC")
    assert h.tile_count == 14
    assert h.win_tile == 31
    h2 = parse_hand("123m456p789s11122z C", win_tile="E")
    assert h2.win_tile == 27
    assert parse_hand("123m456p789s1122z").win_tile is None  # 13 tiles: waiting


def test_melded_and_concealed_kongs_and_flowers():
    with pytest.raises(HandError, match="flower appears twice"):
        parse_hand("[5555p,3][6666p,0]123m11z f1 f3 春")  # 春 is f1
    h = parse_hand("[5555p,3][6666p,0]123m11zf1f3")
    assert h.melds[0].kind is MeldKind.KONG and h.melds[1].kind is MeldKind.CONCEALED_KONG
    assert h.flowers == (34, 36)
    assert not h.is_concealed


def test_format_round_trip():
    for text in ["[123m,1][5555p][777s,2]99s EE", "123m456p789s111zCC", "[5555p,2+]123m678p11z 7s"]:
        h = parse_hand(text)
        assert parse_hand(format_hand(h)) == h
        for style in ("chinese", "unicode"):
            assert parse_hand(format_hand(h, style)).concealed == h.concealed


@pytest.mark.parametrize(
    "text, error, fragment",
    [
        ("11111m", HandError, "5 copies of 1m"),
        ("[1111m]1m", HandError, "5 copies of 1m"),
        ("[ESW]", MeldError, "not a chow"),  # honor chows are Nanchang-only: Meld rejects them by default? see below
        ("[124m,1]", MeldError, "not a chow"),
        ("[123m,2]", MeldError, "only be claimed from the left"),
        ("[12m]", MeldError, "3 or 4 tiles"),
        ("[111m,5]", MeldError, "bad claim seat"),
        ("[111m,0]", MeldError, "only for a kong"),
        ("[f1f2f3]", MeldError, "flowers cannot be melded"),
        ("[123m", HandError, "unbalanced bracket"),
        ("123m]", HandError, "unbalanced bracket"),
        ("123m4x", TileError, "position 5"),
        ("[12x3m]", MeldError, "position 0"),
    ],
)
def test_bad_hands_raise_named_errors(text, error, fragment):
    if text == "[ESW]":
        # three different winds ARE a legal (Nanchang) honor sequence; a chow of mixed honors is not
        assert parse_hand(text).melds[0].is_honor_sequence
        text = "[ESC]"
    with pytest.raises(error) as e:
        parse_hand(text)
    assert fragment in str(e.value)


def test_win_tile_must_be_in_hand():
    with pytest.raises(HandError, match="winning tile"):
        Hand((0, 1, 2), win_tile=5)


def test_meld_validation_direct():
    with pytest.raises(MeldError):
        Meld(MeldKind.PUNG, (1, 1, 2))
    with pytest.raises(MeldError):
        Meld(MeldKind.CONCEALED_KONG, (1, 1, 1, 1), claimed_from=2)
    with pytest.raises(MeldError):
        Meld(MeldKind.CHOW, (7, 8, 9))  # 8m 9m 1p crosses suits
