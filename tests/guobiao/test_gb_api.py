"""The Guobiao result and input contract (issue 3, "What it must do"): the chosen reading and wait, the 8-fan
minimum, settlement for four seats, the structured Python API, the 13-tile winning-tile list, and a clear error
(a ValueError subclass from mahjong.errors, naming the problem) for every impossible input the issue lists."""

from __future__ import annotations

import pytest

from gb_support import DISCARD, SELF_DRAWN, Win, fans_of, make_context, our_score_text

from mahjong.errors import ContextError, HandError, MahjongError, NotWinningError, RulesError
from mahjong.hand import Hand, Meld, MeldKind
from mahjong.rulesets.guobiao import Guobiao
from mahjong.types import Form


# ------------------------------------------------------------------------------------------ reading and wait

def test_reading_is_the_scored_decomposition() -> None:
    # seed 003 就高不就低 example: the 一色三同顺 reading (234m ×3 + 234p, pair 99p) is the one scored.
    res = our_score_text("22333444m234p99p2m", DISCARD)
    assert res.reading is not None and res.reading.form is Form.REGULAR
    assert sorted(res.reading.melds) == [(1, 2, 3)] * 3 + [(10, 11, 12)]
    assert res.reading.pairs == (17,)


def test_reading_seven_pairs() -> None:
    res = our_score_text("112233m778899p1s1s", DISCARD)
    assert res.reading is not None and res.reading.form is Form.SEVEN_PAIRS
    assert sorted(res.reading.pairs) == [0, 1, 2, 15, 16, 17, 18]


@pytest.mark.parametrize("text,wait", [
    ("[234m,1][456p,1]CCC55s12s3s", "edge"),  # 12s waiting on 3s only (seed 003 边张)
    ("[234m,1][456p,1]CCC55s13s2s", "closed"),  # 13s waiting on 2s only (坎张)
    ("[234m,1][456p,1]CCC789sEE", "single"),  # E only (单钓将)
    ("[666m,1][999m,2][777p,3]EE88s8s", "dual-pung"),  # 88s / EE, won on 8s
])
def test_wait_type(text: str, wait: str) -> None:
    assert our_score_text(text, DISCARD).wait == wait


def test_wait_fan_only_when_it_is_the_only_wait() -> None:
    # seed 003: "手中有12345和3 … 不算边张" and "4556和5也为坎张，手中有45567和6不算坎张".
    # 12345m (+ 99p) before the win waits on 3m (123 + 345) and 6m (123 + 456): won on 3m, no 边张.
    # 45567p (+ 99s) before the win waits on 6p (456 + 567) and 3p (345 + 567): won on 6p, no 坎张.
    res = our_score_text("[CCC,1][EEE,2]12345m99p3m", DISCARD)
    assert not {"edge_wait", "closed_wait", "single_wait"} & {i.key for i in res.items}
    res = our_score_text("[CCC,1][EEE,2]45567p99s6p", DISCARD)
    assert not {"edge_wait", "closed_wait", "single_wait"} & {i.key for i in res.items}


# ------------------------------------------------------------------------------------------ minimum, settlement

def test_under_eight_is_false_win() -> None:
    res = our_score_text("[234m,1][456p,1]CCC55s12s3s", DISCARD)  # 箭刻 2 + 边张 1 = 3
    assert res.total == 3 and res.valid is False
    assert res.invalid_reason and "8" in res.invalid_reason


def test_settlement_discard_and_self_drawn_with_flowers() -> None:
    # guobiao_settlement.md §1, F = total fan including flowers: chicken hand 8 + 2 flowers = 10.
    res = our_score_text("[234m,1][678p,1]34578sCC9s f1f2", DISCARD)  # seat 3 discarded
    assert res.total == 10
    assert tuple(res.payments) == (24 + 10, -8, -8, -18)
    # self-drawn the same tiles: 自摸 replaces 无番和 (spec §7), 1 + 2 flowers = 3 — under the minimum
    res = our_score_text("[234m,1][678p,1]34578sCC9s f1f2", SELF_DRAWN)
    assert res.total == 3 and res.valid is False


def test_settlement_self_drawn_winner_not_seat_zero() -> None:
    # 七对 24 + 无字 1 + 自摸 1 = 26 (seed 003 不拆移 hand, self-drawn) won by seat 2: each other seat pays 34.
    ctx = make_context(winner=2, discarder=None, dealer=0)
    res = Guobiao().score("112233m778899p1s1s", ctx)
    assert tuple(res.payments) == (-34, -34, 102, -34)


def test_settlement_discarder_pays_more() -> None:
    # the 41-fan example won by seat 1 on seat 2's discard: seat 2 pays 49, seats 0 and 3 pay 8.
    ctx = make_context(winner=1, discarder=2, dealer=0)
    res = Guobiao().score("[1111m,1][2222m,2][555m,3][777m,1]9m9m", ctx)
    assert res.total == 41
    assert tuple(res.payments) == (-8, 65, -49, -8)


# ------------------------------------------------------------------------------------------ structured API

def test_structured_hand_equals_notation() -> None:
    text = "[1111m,1][2222m,2][555m,3][777m,1]9m9m"
    hand = Hand(
        concealed=(8, 8),
        melds=(Meld(MeldKind.KONG, (0, 0, 0, 0), 1), Meld(MeldKind.KONG, (1, 1, 1, 1), 2),
               Meld(MeldKind.PUNG, (4, 4, 4), 3), Meld(MeldKind.PUNG, (6, 6, 6), 1)),
        win_tile=8,
    )
    a = Guobiao().score(text, DISCARD.context())
    b = Guobiao().score(hand, DISCARD.context())
    assert fans_of(a) == fans_of(b) and a.total == b.total == 41


def test_to_dict_is_json_ready() -> None:
    import json

    d = our_score_text("22333444m234p99p2m", DISCARD).to_dict()
    back = json.loads(json.dumps(d))
    assert back["total"] == 30 and back["ruleset"] == "guobiao"
    assert {i["name_zh"] for i in back["items"]} == {"一色三同顺", "门前清", "平和", "喜相逢", "缺一门"}


def test_winning_tiles_nine_gates() -> None:
    # 1112345678999m waits on every 1m..9m (九莲宝灯 九面听, seed 003); every one scores at least 九莲宝灯 88,
    # and self-drawn scores one more than on a discard (自摸 1, spec §5 九莲宝灯 "plus win flags").
    wins = Guobiao().winning_tiles("1112345678999m", make_context())
    assert [w.tile for w in wins] == list(range(9))
    for w in wins:
        assert w.discard >= 88 and w.self_drawn == w.discard + 1


def test_winning_tiles_thirteen_orphans_thirteen_sided() -> None:
    wins = Guobiao().winning_tiles("19m19p19sESWNCFP", make_context())
    assert [w.tile for w in wins] == [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33]
    assert all((w.discard, w.self_drawn) == (88, 89) for w in wins)


# ------------------------------------------------------------------------------------------ impossible input

@pytest.mark.parametrize("text,needle", [
    ("[5555p,1]5p123m456m789s1s1s", "5p"),  # a fifth copy
    ("[123m,1][456m,1][789m,1][123p,1][456p,1]E", "meld"),  # more than 4 melds
    ("123m456p789s123456m", "tiles"),  # 15 tiles
])
def test_bad_hands_raise(text: str, needle: str) -> None:
    with pytest.raises(HandError) as e:
        Guobiao().score(text, DISCARD.context())
    assert needle.lower() in str(e.value).lower() or needle in str(e.value)


def test_chow_of_honors_raises() -> None:
    # Guobiao has no honor chows (the notation accepts them for Nanchang, the scorer must not).
    with pytest.raises(MahjongError):
        Guobiao().score("[ESW,1]123m456p789s1s1s", DISCARD.context())


def test_win_tile_not_in_hand_raises() -> None:
    with pytest.raises(HandError):
        Hand(concealed=(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 13), win_tile=30)


def test_not_a_winning_hand_raises() -> None:
    with pytest.raises(NotWinningError):
        Guobiao().score("123m456p789s1357sE", DISCARD.context())


def test_last_tile_while_holding_another_copy_raises() -> None:
    # 和绝张 on 1s while the hand holds 1s1s (the reference silently drops the flag; we refuse it)
    with pytest.raises(ContextError, match="和绝张"):
        Guobiao().score("112233m778899p1s1s", Win(last_tile=True).context())


def test_robbing_kong_on_self_draw_raises() -> None:
    with pytest.raises(ContextError):
        make_context(discarder=None, robbing_kong=True)


def test_robbing_kong_with_a_copy_in_the_melds_raises() -> None:
    # the robbed tile is the 4th copy being added to someone's pung: the winner cannot show another one
    with pytest.raises(ContextError):
        Guobiao().score("[345m,1][678p,1]345sCC34m5m", Win(kong=True).context())


def test_kong_replacement_without_kong_raises() -> None:
    with pytest.raises(ContextError, match="杠上开花"):
        Guobiao().score("[234m,1][678p,1]34578sCC9s", Win(self_drawn=True, kong=True).context())


@pytest.mark.parametrize("field", ["seat_wind", "prevalent_wind", "winner", "dealer"])
def test_wind_or_seat_out_of_range_raises(field: str) -> None:
    with pytest.raises(ContextError):
        make_context(**{field: 4})


def test_more_than_eight_flowers_raises() -> None:
    with pytest.raises(HandError):
        Guobiao().score("[234m,1][678p,1]34578sCC9s f1f2f3f4f5f6f7f8f1", DISCARD.context())


def test_unknown_option_raises() -> None:
    with pytest.raises(RulesError, match="no_such_option"):
        Guobiao(no_such_option=True)
