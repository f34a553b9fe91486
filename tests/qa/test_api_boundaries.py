"""Bad input at the game records' and the match's entry points: our own errors naming the problem, never a
foreign exception."""

from __future__ import annotations

from typing import Any

import pytest

from mahjong.errors import ContextError, RulesError
from mahjong.game import GreedyAgent
from mahjong.game.actions import N_ACTIONS
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


@pytest.mark.parametrize("engine", ["python", "auto"])
@pytest.mark.parametrize(("bad", "message"), [
    (None, "step takes a mapping of seat to action, got NoneType"),
    ([0], "step takes a mapping of seat to action, got list"),
    ("999", f"an action index 0..{N_ACTIONS - 1}, got 999"),
    ("1.0", f"an action index 0..{N_ACTIONS - 1}, got 1.0"),
    ("True", f"an action index 0..{N_ACTIONS - 1}, got True"),
])
def test_step_refuses_what_is_not_an_answer_and_changes_nothing(engine: str, bad: Any, message: str) -> None:
    from mahjong.game import Game
    from mahjong.game.actions import IllegalActionError

    game = Game("guobiao", seed=3, engine=engine)
    seat = game.pending[0]
    before = (game.legal_actions(seat), game.observe(seat))
    answers = {seat: {"999": 999, "1.0": 1.0, "True": True}[bad]} if isinstance(bad, str) else bad
    with pytest.raises(IllegalActionError, match=message) as err:
        game.step(answers)
    assert err.value.message("zh") != err.value.message("en")
    assert (game.legal_actions(seat), game.observe(seat)) == before


@pytest.mark.parametrize("engine", ["python", "auto"])
def test_observe_takes_a_seat_number_not_a_bool(engine: str) -> None:
    from mahjong.game import Game

    game = Game("guobiao", seed=3, engine=engine)
    with pytest.raises(ContextError, match="seat True is not at this table"):
        game.observe(True)  # type: ignore[arg-type]
    assert game.observe(1)["seat"] == 1


def test_a_wrong_wall_is_named_by_its_tiles() -> None:
    from mahjong.game import Game

    wall = list(Game("guobiao", seed=3).flow.tiles())
    wall[0] = wall[1] = 5  # two 1m replaced by two 6m
    with pytest.raises(RulesError, match=r"extra 6m ×2, missing 1m ×2"):
        Game("guobiao", seed=3, wall=wall)


def test_score_takes_a_loaded_rule_set_object(tmp_path: Any) -> None:
    from importlib import resources

    import mahjong

    text = (resources.files("mahjong.rulebook") / "games" / "hongzhong.toml").read_text(encoding="utf-8")
    text = text.replace('name = "hongzhong"', 'name = "hongzhong-copy-qa"').replace("aliases = [", "aliases = [] #[")
    path = tmp_path / "copy.toml"
    path.write_text(text, encoding="utf-8")
    rules = mahjong.load_rules(path)
    hand = "123456789m11122s"
    assert mahjong.score(hand, rules=rules).total == mahjong.score(hand, rules="hongzhong").total
    with pytest.raises(RulesError, match="options are set when a rule set object is made"):
        mahjong.score(hand, rules=rules, base=2)


@pytest.mark.parametrize("seed", [-1, 1 << 64, 1 << 70])
def test_a_seed_outside_64_bits_is_refused_not_folded(seed: int) -> None:
    from mahjong.game import Game

    for engine in ("python", "auto"):
        with pytest.raises(RulesError, match="seed must be a whole number from 0 to 2"):
            Game("guobiao", seed=seed, engine=engine)
    assert Game("guobiao", seed=(1 << 64) - 1).done is False
