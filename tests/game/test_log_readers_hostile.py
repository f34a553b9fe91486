"""The log readers refuse hostile records with our error (ContextError naming the line, step or tag), never a
Python exception: a 4,500-digit integer in a JSON log, PMN wind tags that are no wind ("SW", ""), PMN tiles out of
range, a PMN win the hand cannot make, Botzone actions of the wrong shape."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mahjong.errors import ContextError
from mahjong.game import Game, RandomAgent, play_hand
from mahjong.game.botzone import read_botzone_games, read_botzone_match, replay_botzone, replay_botzone_match
from mahjong.game.log import dumps_log, read_log, replay
from mahjong.game.pmn import parse_pmn, pmn_tile, replay_pmn

DATA = Path(__file__).resolve().parent.parent / "data" / "real-games"
PMN = (DATA / "mahjongsoft_duplicate_mcr_example_1.pmn").read_text()


def _log_lines() -> list[str]:
    game = Game("guobiao", seed=3)
    play_hand(game, {s: RandomAgent(s) for s in game.flow.seats})
    return dumps_log(game.events).splitlines()


def test_a_huge_integer_in_a_json_log_is_our_error_naming_the_line() -> None:
    lines = _log_lines()
    event = json.loads(lines[1])
    key = next(k for k, v in event.items() if isinstance(v, int) and not isinstance(v, bool))
    lines[1] = json.dumps(event).replace(f'"{key}": {event[key]}', f'"{key}": {"9" * 4500}')
    with pytest.raises(ContextError, match="log line 2 is not JSON"):
        read_log("\n".join(lines))
    with pytest.raises(ContextError, match="log line 2 is not JSON"):
        read_log("\n".join(lines).encode())


def test_an_unchanged_log_replays() -> None:
    assert replay(read_log("\n".join(_log_lines()))).done


@pytest.mark.parametrize("wind", ["SW", "", "ES", "e", "East"])
def test_pmn_wind_tags_that_are_no_wind_are_refused(wind: str) -> None:
    text = PMN.replace('[PWind "E"]', f'[PWind "{wind}"]')
    with pytest.raises(ContextError, match="PWind"):
        replay_pmn(text)


@pytest.mark.parametrize("tile", ["", "c", "c0", "w5", "r4", "x1", "c10", 5])
def test_pmn_tiles_out_of_range_are_refused(tile: object) -> None:
    with pytest.raises(ContextError, match="not a PMN tile"):
        pmn_tile(tile)  # type: ignore[arg-type]


def test_a_pmn_deal_with_a_tile_out_of_range_is_refused() -> None:
    with pytest.raises(ContextError, match="not a PMN tile"):
        replay_pmn(PMN.replace("c25566d579", "c05566d579"))


def test_a_pmn_win_the_hand_cannot_make_is_refused() -> None:
    tags = parse_pmn(PMN)
    play = tags["Play"]
    # the first discard's seat declares a win on its own turn instead
    text = PMN.replace(play, play.replace("D0z1", "H0", 1))
    with pytest.raises(ContextError, match="cannot win here"):
        replay_pmn(text)


def _botzone_record() -> dict[str, object]:
    return read_botzone_games((DATA / "botzone2020_human_processed_sample.json").read_bytes())[0]


@pytest.mark.parametrize("action, match", [
    ([2], "needs its argument"), ([4], "needs its argument"), ([7, "W1"], "takes no argument"),
    ([3, "W2"], "chow is written"), ([3, 5], "chow is written"), ([True], "an action is"),
    ([2, "W1", 3], "an action is"),
])
def test_botzone_actions_of_the_wrong_shape_are_refused(action: list[object], match: str) -> None:
    record = json.loads(json.dumps(_botzone_record()))
    actions = record["actions"]
    assert isinstance(actions, list)
    step = next(i for i, a in enumerate(actions[1]) if a[0] != 0)
    actions[1][step] = action
    with pytest.raises(ContextError, match=match):
        replay_botzone(record)


def test_botzone_action_lists_that_are_no_lists_are_refused() -> None:
    record = json.loads(json.dumps(_botzone_record()))
    record["actions"] = [True, [], [], []]
    with pytest.raises(ContextError, match="4 lists"):
        replay_botzone(record)


def test_botzone_match_logs_with_huge_integers_are_our_error() -> None:
    from mahjong.game.botzone import BOTZONE_OPTIONS, botzone_match_log

    game = Game("guobiao", seed=5, options=dict(BOTZONE_OPTIONS))
    play_hand(game, {s: RandomAgent(s) for s in game.flow.seats})
    text = json.dumps(botzone_match_log(game))
    assert replay_botzone_match(text).settlement.net == game.settlement.net
    bad = text.replace('"player": 0', '"player": ' + "9" * 4500, 1)
    assert bad != text
    with pytest.raises(ContextError):
        read_botzone_match(bad)
