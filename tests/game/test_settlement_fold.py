"""Settlement is the fold: a played hand's record (derived from its events) settles through the public
``mahjong settle`` path to the same nets, as JSON too; records are checked for their rule set's sequencing and
name; bad record JSON raises our own errors."""

from __future__ import annotations

import json

import pytest
from game_support import COMPILED

from mahjong.errors import ContextError, HandError, MahjongError
from mahjong.game import Game, GreedyAgent, play_hand, record_of
from mahjong.settlement import Draw, HandRecord, Win, settle

GB_WIN = "123456789m123s5p5p"  # 清龙, on a discard


@pytest.mark.parametrize("rules", ["guobiao", "sichuan", "common", "wuhu-2468", "twoplayer", "nanchang", "yuhuan",
                                   "jinshan"])
def test_a_played_hand_settles_the_same_from_its_json_record(rules: str) -> None:
    seen_win = False
    for seed in range(6 if COMPILED else 3):  # (the twin's greedy hands are ~100x slower; the compiled pass plays 6)
        game = play_hand(Game(rules, seed=seed), [GreedyAgent(s) for s in range(4)])
        assert game.settlement is not None
        record = record_of(game)
        text = record.to_json()
        again = settle(text)
        assert again.net == game.settlement.net
        assert [r.total for r in again.results] == [r.total for r in game.settlement.results]
        seen_win = seen_win or bool(record.wins)
    assert seen_win


def test_a_guobiao_record_with_two_wins_on_one_discard_is_refused() -> None:
    rec = HandRecord("guobiao", (Win(1, GB_WIN, discarder=0), Win(2, "123456789s234p5p5p", discarder=0)))
    with pytest.raises(ContextError, match="ends on the first win"):
        settle(rec)


@pytest.mark.parametrize("rules, hand", [("guobiao", GB_WIN), ("wuhu-2468", "123456789m111p99m"),
                                         ("yuhuan", None), ("nanchang", None)])
def test_nothing_follows_the_win_where_the_hand_ends_on_it(rules: str, hand: str | None) -> None:
    hand = hand or "123m456m789m123p55p"
    second = {"type": "kong", "seat": 2, "kind": "concealed", "tile": "9s"}
    rec = {"ruleset": rules, "events": [{"type": "win", "seat": 1, "hand": hand, "discarder": 0}, second]}
    with pytest.raises(ContextError, match="ends on the first win"):
        settle(rec)
    after_draw = HandRecord(rules, (Draw(), Win(1, hand, discarder=0)))
    with pytest.raises(ContextError, match="no win after the wall's end"):
        settle(after_draw)


def test_a_record_is_settled_only_under_its_own_rule_set() -> None:
    from mahjong.framework import get_ruleset

    rec = HandRecord("sichuan", (Win(1, "111222333m44455p", discarder=0),))
    with pytest.raises(ContextError, match="'sichuan' hand; it cannot be settled under the guobiao"):
        get_ruleset("guobiao").settle(rec)
    with pytest.raises(ContextError, match="cannot be settled under the sichuan"):
        get_ruleset("sichuan").settle(HandRecord("guobiao", (Win(1, GB_WIN, discarder=0),)))
    assert get_ruleset("guobiao-seed").settle(HandRecord("guobiao", (Win(1, GB_WIN, discarder=0),))).net[1] > 0


@pytest.mark.parametrize("text, message", [
    (b"\xff\xfe{}", "not UTF-8"),
    ("[" * 100_000 + "]" * 100_000, "nested too deeply|not valid JSON"),
    ('{"ruleset": "guobiao", "dealer": ' + "9" * 5000 + "}", "cannot be read"),
    ('{"ruleset": "sichuan", "events": [{"type": "draw", "hands": {"\\u0663": "123m"}}]}', "ASCII digits"),
    ('{"ruleset": "sichuan", "events": [{"type": "draw", "hands": {"\\u00b2": "123m"}}]}', "ASCII digits"),
    ('{"ruleset": "sichuan", "events": [{"type": "draw", "hands": {"01": "123m"}}]}', "ASCII digits"),
    ('{"ruleset": "guobiao", "dealer": "1"}', "dealer must be a seat"),
    ('{"ruleset": 7}', "preset name"),
    ('{"ruleset": ["guobiao"]}', "preset name"),
])
def test_bad_record_json_raises_our_errors(text: str | bytes, message: str) -> None:
    with pytest.raises(MahjongError, match=message):
        settle(text if isinstance(text, str) else HandRecord.from_json(text))


def test_non_text_keys_in_a_record_object_raise_our_errors() -> None:
    with pytest.raises(ContextError, match="field names are text"):
        HandRecord.from_dict({"ruleset": "guobiao", "events": [{"type": "win", 1: "x"}]})
    with pytest.raises(ContextError):
        HandRecord.from_dict({"ruleset": "guobiao", 3: 4})  # type: ignore[dict-item]
    with pytest.raises(ContextError, match="option names are text"):
        HandRecord.from_dict({"ruleset": "guobiao", "options": {1: 2}})
    with pytest.raises((ContextError, HandError)):
        Draw(hands={(1,): "123m"})  # type: ignore[dict-item]


def test_a_log_that_is_not_a_log_raises_our_errors() -> None:
    from mahjong.game.log import read_log, replay

    with pytest.raises(ContextError, match="not UTF-8"):
        read_log(b"\xff\n")
    with pytest.raises(ContextError, match="nested too deeply|not JSON"):
        read_log("[" * 100_000)
    with pytest.raises(ContextError, match="unknown event type"):
        read_log('{"type": "teleport"}')
    game = play_hand(Game("guobiao", seed=2), [GreedyAgent(s) for s in range(4)])
    events = list(game.events)
    tampered = json.loads(json.dumps(events[8].to_dict()))
    if tampered["type"] == "discard":
        tampered["tile"] = (tampered["tile"] + 1) % 34
    else:
        tampered = {"type": "discard", "seat": 3, "tile": 0}
    from mahjong.game.events import event_from_dict

    events[8] = event_from_dict(tampered)
    with pytest.raises(ContextError, match="does not replay|cannot|was to act"):
        replay(events)
