"""Draw.of_hands: a wall's-end record made from hands already read (the engine's, on the compiled core) is the
record its notation gives, and the rule set reads the same hands from it without parsing the text back."""

from __future__ import annotations

import pytest

from mahjong.errors import HandError
from mahjong.hand import parse_hand
from mahjong.settlement import Draw, HandRecord, settle

HANDS = {0: "123m456p789s1122z", 1: "[555p,2]1234m99s1237z", 2: "19m19p19s1234567z", 3: "2345678m223344p"}


def test_a_draw_of_hands_is_the_draw_of_their_notation() -> None:
    read = {s: parse_hand(t, infer_win_tile=False) for s, t in HANDS.items()}
    made = Draw.of_hands(read, (2, 0), {"indicator": 4})
    text = Draw({s: str(h) for s, h in read.items()}, (2, 0), {"indicator": 4})
    assert made == text and made.to_dict() == text.to_dict()
    for s in HANDS:
        assert made.hand(s) is read[s] and text.hand(s) == read[s]
    record = HandRecord("nanchang", (made,))
    assert settle(record) == settle(HandRecord("nanchang", (text,)))


def test_a_draw_of_hands_checks_them() -> None:
    with pytest.raises(HandError):
        Draw.of_hands({0: "123m"})  # type: ignore[dict-item]
    with pytest.raises(HandError, match="seat 1"):
        Draw.of_hands({1: parse_hand("123m456p789s11z", infer_win_tile=False)})  # (11 tiles: no final hand)
