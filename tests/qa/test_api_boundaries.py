"""Bad input at the game records' and the match's entry points: our own errors naming the problem, never a
foreign exception."""

from __future__ import annotations

from typing import Any

import pytest

from mahjong.errors import ContextError, RulesError
from mahjong.game import GreedyAgent
from mahjong.game.botzone import read_botzone_games
from mahjong.game.match import play_match
from mahjong.game.pmn import parse_pmn, replay_pmn


@pytest.mark.parametrize("value", [5, None, ["[Deal]"], 1.5])
def test_a_record_that_is_not_text_is_refused(value: Any) -> None:
    with pytest.raises(ContextError, match="a PMN record is text"):
        replay_pmn(value)
    with pytest.raises(ContextError, match="a PMN record is text"):
        parse_pmn(value)
    with pytest.raises(ContextError, match="a Botzone game file is text"):
        read_botzone_games(value)


@pytest.mark.parametrize(("agents", "seed", "message"), [
    ([1, 2, 3, 4], 0, "agent 0 has no choose"),
    ([GreedyAgent(0), GreedyAgent(1), "x", GreedyAgent(3)], 0, "agent 2 has no choose"),
    (None, 0, "agents must be a list of 4 agents, got NoneType"),
    ("abcd", 0, "agents must be a list of 4 agents, got str"),
    ([GreedyAgent(k) for k in range(4)], "seven", "seed must be a whole number, got 'seven'"),
    ([GreedyAgent(k) for k in range(4)], True, "seed must be a whole number"),
])
def test_a_match_refuses_what_cannot_play(agents: Any, seed: Any, message: str) -> None:
    with pytest.raises(RulesError, match=message) as err:
        play_match("guobiao", agents, seed=seed, hands=1)
    assert err.value.message("zh") != err.value.message("en")  # (a catalogue row: it reads in Chinese too)
