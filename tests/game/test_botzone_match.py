"""Botzone match logs (the Chinese Standard Mahjong judge's display objects and the players' responses): our
self-play written as logs and replayed, a log written by hand from the documented format, and bad logs."""

from __future__ import annotations

import copy
import json
import os
import random
from typing import Any

import pytest

from mahjong.errors import ContextError
from mahjong.game import Game, GreedyAgent, RandomAgent, play_hand
from mahjong.game.botzone import BOTZONE_OPTIONS, botzone_match_log, read_botzone_match, replay_botzone_match
from mahjong.game.events import Dealt, Drew, HandStarted, KongRobbed, WallBuilt

# The pure-Python engine plays a hand about twelve times slower (the greedy players' choices far more): there it
# replays a tenth of the games, random players only.
PURE = os.environ.get("MAHJONG_PURE_PYTHON") == "1"
GAMES = 20 if PURE else 200


def _play(seed: int) -> Game:
    # random players mostly draw the hand out; greedy ones win it (on a discard or self-drawn)
    greedy = seed % 4 == 0 and not PURE
    agents = [GreedyAgent(s) if greedy else RandomAgent(seed * 4 + s) for s in range(4)]
    return play_hand(Game("guobiao", seed=seed, options=BOTZONE_OPTIONS), agents)


def _play_events(game: Game) -> list[Any]:
    return [e for e in game.events if not isinstance(e, (HandStarted, WallBuilt))]


def test_self_play_written_as_logs_replays_the_same_hands() -> None:
    ends: dict[str, int] = {}
    for seed in range(GAMES):
        game = _play(seed)
        log = botzone_match_log(game)
        # the documented shape: judge entries and the players' entries alternate, INIT and DEAL first
        assert all(("output" in e) == (i % 2 == 0) for i, e in enumerate(log))
        assert all(set(e) == {"0", "1", "2", "3"} for e in log[1::2])
        displays = [e["output"]["display"] for e in log[::2]]
        assert [d["action"] for d in displays[:3]] == ["INIT", "DEAL", "DRAW"]
        assert log[-1]["output"]["command"] == "finish"
        assert all(e["output"]["command"] == "request" for e in log[:-1:2])
        ends[displays[-1]["action"]] = ends.get(displays[-1]["action"], 0) + 1
        match = read_botzone_match(json.dumps(log, ensure_ascii=False) if seed % 20 == 0 else log)
        again = replay_botzone_match(match)
        assert _play_events(again) == _play_events(game)
        assert again.settlement is not None and game.settlement is not None
        assert again.settlement.net == game.settlement.net
        # each seat's draws in order (the dealer's first is its 14th dealt tile, which Botzone shows as a DRAW)
        drawn = [[e.tile for e in game.events if isinstance(e, Drew) and e.seat == s] for s in range(4)]
        drawn[0].insert(0, next(e for e in game.events if isinstance(e, Dealt) and e.seat == 0).tiles[13])
        assert [list(d) for d in match.draws] == drawn
        assert [list(h) for h in match.hands] == [list(e.tiles[:13]) for e in game.events if isinstance(e, Dealt)]
    assert set(ends) >= {"HU", "HUANG"}, ends


def _names(tiles: str) -> list[str]:
    return tiles.split()


def _players(**answers: str) -> dict[str, dict[str, str]]:
    return {str(s): {"response": answers.get(f"p{s}", "PASS"), "verdict": "OK"} for s in range(4)}


def _judge(display: dict[str, Any], content: dict[str, Any], command: str = "request") -> dict[str, Any]:
    return {"output": {"command": command, "content": content, "display": display}}


# Written entry by entry from the format (Botzone Wiki "Chinese-Standard-Mahjong": requests 0 / 1 / 2 / 3, the
# responses; the judge's display objects), East round.  Seat 0 (the dealer) draws 九饼 and plays 五条; seat 1,
# W1-W9 B2 B3 B4 T5 waiting on 五条 alone, wins on it: 清龙 16 + 平和 2 + 门前清 2 + 单钓将 1 = 21 fan.  A win on a
# discard pays 8 + 21 from the discarder and 8 from each of the others: 29 + 8 + 8 = 45.
HANDS = [_names("F1 F1 F2 F2 F3 F3 F4 J1 J2 J3 B7 B8 T5"), _names("W1 W2 W3 W4 W5 W6 W7 W8 W9 B2 B3 B4 T5"),
         _names("T1 T2 T3 T4 T6 T7 T8 T9 B5 B5 B6 B6 J1"), _names("W2 W3 W4 W5 W6 W7 B1 B1 B2 B3 F4 F4 J2")]
HAND_WRITTEN: list[dict[str, Any]] = [
    _judge({"action": "INIT", "srand": 20200101, "quan": 0}, {"0": "0 0 0", "1": "0 1 0", "2": "0 2 0", "3": "0 3 0"}),
    _players(),
    _judge({"action": "DEAL", "hand": HANDS, "tileCnt": 84},
           {str(s): "1 0 0 0 0 " + " ".join(HANDS[s]) for s in range(4)}),
    _players(),
    _judge({"action": "DRAW", "player": 0, "tile": "B9", "tileCnt": 83},
           {"0": "2 B9", "1": "3 0 DRAW", "2": "3 0 DRAW", "3": "3 0 DRAW"}),
    _players(p0="PLAY T5"),
    _judge({"action": "PLAY", "player": 0, "tile": "T5", "tileCnt": 83}, {str(s): "3 0 PLAY T5" for s in range(4)}),
    _players(p1="HU"),
    _judge({"action": "HU", "player": 1, "fanCnt": 21, "score": [-29, 45, -8, -8], "tileCnt": 83,
            "fan": [{"name": "清龙", "cnt": 1, "value": 16}, {"name": "门前清", "cnt": 1, "value": 2},
                    {"name": "平和", "cnt": 1, "value": 2}, {"name": "单钓将", "cnt": 1, "value": 1}]},
           {"0": -29, "1": 45, "2": -8, "3": -8}, "finish"),
]


def test_a_log_written_by_hand_replays_to_its_recorded_result() -> None:
    game = replay_botzone_match(json.dumps(HAND_WRITTEN, ensure_ascii=False).encode("utf-8"))
    assert game.done and game.settlement is not None
    assert [w.seat for w in game.state.wins] == [1]
    assert game.settlement.net == (-29, 45, -8, -8)
    (result,) = game.settlement.results
    assert result.total == 21
    assert sorted(i.key for i in result.items) == ["all_chows", "concealed_hand", "pure_straight", "single_wait"]
    # our writer gives the same game the same entries (the INIT's srand is the judge's own)
    ours = botzone_match_log(game)
    assert ours[1:] == HAND_WRITTEN[1:]
    assert ours[0]["output"]["display"]["quan"] == 0
    # a match page's JSON object holding the log is read as well
    assert replay_botzone_match({"log": HAND_WRITTEN}).settlement.net == game.settlement.net  # type: ignore[union-attr]


def _edited(entry: int, **display: Any) -> list[dict[str, Any]]:
    log = copy.deepcopy(HAND_WRITTEN)
    log[entry]["output"]["display"].update(display)
    return log


@pytest.mark.parametrize(("log", "words"), [
    ("{\"log\": [", "is JSON"),
    ([{"output": {"command": "request", "display": {"x": 7, "y": 7}}}], "not a Chinese Standard Mahjong match log"),
    ({"log": 3}, "a list of entries"),
    (HAND_WRITTEN[:6], "cut short after entry 4"),
    (HAND_WRITTEN[:8], "cut short after entry 6"),
    (_edited(8, score=[-16, 32, -8, -8]), "entry 8: the log's scores"),
    (_edited(8, fanCnt=22), "entry 8: the log counts 22 fan"),
    (_edited(8, fan=[{"name": "清龙", "cnt": 1, "value": 16}]), "entry 8: the log's fans"),
    (_edited(8, player=2), "entry 8: the judge shows HU by player 2, who did not answer HU"),
    # a WA whose answer the engine finds legal (player 1's HU wins): the judge and the engine disagree
    (_edited(8, action="WA"), "entry 8: the judge's WA for player 1's answer 'HU', which the engine plays as legal"),
    (_edited(8, action="XX"), "entry 8: unknown end 'XX'"),
    (_edited(4, tile="H3"), "entry 4: flower H3"),
    (_edited(4, tile="X1"), "entry 4: not a Botzone tile name"),
    (_edited(4, action="BUHUA"), "entry 4: BUHUA"),
    (_edited(6, player=1), "entry 6: the judge shows PLAY by player 1, who answered 'PASS'"),
    (_edited(2, hand=HANDS[:3]), "entry 2: DEAL gives the four 13-tile hands"),
    (HAND_WRITTEN + HAND_WRITTEN[-2:], "entry 10: the judge ended the hand at entry 8"),
    ([HAND_WRITTEN[0], HAND_WRITTEN[1], HAND_WRITTEN[4]], "entry 2: the judge shows 'DRAW' before DEAL"),
])
def test_bad_logs_are_refused_naming_the_entry(log: Any, words: str) -> None:
    with pytest.raises(ContextError, match=words.replace("(", r"\(").replace("[", r"\[")):
        replay_botzone_match(log)


def test_an_action_the_engine_refuses_names_the_entry() -> None:
    log = _edited(6, tile="W9")  # seat 0 holds no 九万
    log[5]["0"]["response"] = "PLAY W9"
    with pytest.raises(ContextError, match=r"entry 6: player 0 cannot discard"):
        replay_botzone_match(log)
    pung = copy.deepcopy(HAND_WRITTEN[:8])  # seat 2 holds one 五条 only
    pung[7] = _players(p2="PENG T1")
    pung.append(_judge({"action": "PENG", "player": 2, "tile": "T1"}, {str(s): "3 2 PENG T1" for s in range(4)}))
    with pytest.raises(ContextError, match="entry 8: player 2 cannot make the log's PENG here; legal: none"):
        replay_botzone_match(pung)
    drawn = _edited(4, player=2)  # it is the dealer's turn
    with pytest.raises(ContextError, match="entry 4: the log shows player 2 drawing"):
        replay_botzone_match(drawn)


def test_only_finished_botzone_games_are_written() -> None:
    with pytest.raises(ContextError, match="a finished Game"):
        botzone_match_log(Game("guobiao", seed=1, options=BOTZONE_OPTIONS))
    plain = play_hand(Game("guobiao", seed=1), [RandomAgent(s) for s in range(4)])
    with pytest.raises(ContextError, match="Botzone format"):
        botzone_match_log(plain)


def _draw(seat: int, tile: str, left: int) -> dict[str, Any]:
    return _judge({"action": "DRAW", "player": seat, "tile": tile, "tileCnt": left},
                  {str(s): f"2 {tile}" if s == seat else f"3 {seat} DRAW" for s in range(4)})


def _shown(seat: int, request: str, left: int, **display: Any) -> dict[str, Any]:
    """A PLAY / PENG / CHI / GANG / BUGANG shown to all (request 3)."""
    return _judge({"player": seat, **display, "tileCnt": left}, {str(s): f"3 {seat} {request}" for s in range(4)})


# A second hand written from the format: seat 2 pungs seat 0's 五万, later draws the fourth and adds it to the
# pung (BUGANG); seat 3, holding W4 W6 B123 B789 T234 J3J3, robs it: 抢杠和 8 + 门前清 2 + 老少副 1 + 嵌张 1 =
# 12 fan (the judge's calculator names the closed wait 嵌张 and lists the fans in its table's order); the one who
# made the kong pays 8 + 12, the others 8 each: 20 + 8 + 8 = 36.
ROB_HANDS = [_names("W5 F2 F2 F3 F3 F4 J1 J2 T7 T8 T9 B4 B5"), _names("W1 W1 W2 W2 W3 W3 W7 W8 W9 T5 T5 T6 T6"),
             _names("W5 W5 B1 B2 B3 T1 T2 T3 F1 F1 J2 J3 T9"), _names("W4 W6 B1 B2 B3 B7 B8 B9 T2 T3 T4 J3 J3")]
ROBBED: list[dict[str, Any]] = [
    _judge({"action": "INIT", "srand": 7, "quan": 1}, {str(s): f"0 {s} 1" for s in range(4)}),
    _players(),
    _judge({"action": "DEAL", "hand": ROB_HANDS, "tileCnt": 84},
           {str(s): "1 0 0 0 0 " + " ".join(ROB_HANDS[s]) for s in range(4)}),
    _players(),
    _draw(0, "T1", 83),
    _players(p0="PLAY W5"),
    _shown(0, "PLAY W5", 83, action="PLAY", tile="W5"),
    _players(p2="PENG J2"),
    _shown(2, "PENG J2", 83, action="PENG", tile="J2"),
    _players(),
    _draw(3, "F1", 82),
    _players(p3="PLAY F1"),
    _shown(3, "PLAY F1", 82, action="PLAY", tile="F1"),
    _players(),
    _draw(0, "F4", 81),
    _players(p0="PLAY F4"),
    _shown(0, "PLAY F4", 81, action="PLAY", tile="F4"),
    _players(),
    _draw(1, "B6", 80),
    _players(p1="PLAY B6"),
    _shown(1, "PLAY B6", 80, action="PLAY", tile="B6"),
    _players(),
    _draw(2, "W5", 79),
    _players(p2="BUGANG W5"),
    _shown(2, "BUGANG W5", 79, action="BUGANG", tile="W5"),
    _players(p3="HU"),
    _judge({"action": "HU", "player": 3, "fanCnt": 12, "score": [-8, -8, -20, 36], "tileCnt": 79,
            "fan": [{"name": "抢杠和", "cnt": 1, "value": 8}, {"name": "门前清", "cnt": 1, "value": 2},
                    {"name": "老少副", "cnt": 1, "value": 1}, {"name": "嵌张", "cnt": 1, "value": 1}]},
           {"0": -8, "1": -8, "2": -20, "3": 36}, "finish"),
]


def test_a_robbed_added_kong_written_by_hand_replays() -> None:
    game = replay_botzone_match(ROBBED)
    assert any(isinstance(e, KongRobbed) and e.seat == 2 for e in game.events)
    assert game.settlement is not None and game.settlement.net == (-8, -8, -20, 36)
    assert game.state.prevalent_wind == 1
    assert botzone_match_log(game)[1:] == ROBBED[1:]


def _paths(node: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    inner = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
    return [prefix] + [p for k, v in inner for p in _paths(v, prefix + (k,))]


def test_a_log_spoiled_anywhere_gives_our_error_or_replays() -> None:
    rng = random.Random(8)
    junk: list[Any] = [None, 3, -1, 1.5, True, "", "W1", "H1", "X", [], {}, [1, 2], {"a": 1}, "PASS", "HU", 10**30]
    for base in (HAND_WRITTEN, ROBBED):
        places = _paths(base)[1:]
        for _ in range(150):
            log = copy.deepcopy(base)
            *parent, key = rng.choice(places)
            node: Any = log
            for k in parent:
                node = node[k]
            if rng.random() < 0.2:
                del node[key]
            else:
                node[key] = rng.choice(junk)
            try:
                replay_botzone_match(log)
            except ContextError:
                pass
