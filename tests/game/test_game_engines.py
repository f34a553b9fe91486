"""``Game`` plays on the compiled hand core wherever it models the flow, and on the Python engine otherwise
(``engine="python"`` forces it): every public feature is the same on both — explicit walls (replay, duplicate),
seeds, JSON-lines logs, observations, legal lists and masks, refusals with the state unchanged, events and
settlements."""

from __future__ import annotations

from typing import Any

import pytest

from mahjong.errors import RulesError
from mahjong.game import Game, IllegalActionError, RandomAgent
from mahjong.game.core import CoreGame, core_available
from mahjong.game.events import WallBuilt
from mahjong.game.log import dumps_log, read_log, replay

CORE_FLOWS: list[tuple[str, dict[str, Any]]] = [("guobiao", {}), ("sichuan", {}), ("common", {}),
                                               ("wuhu-2468", {}), ("sichuan", {"exchange_three": True})]


def test_game_is_on_the_core_where_the_core_plays_the_flow() -> None:
    for rules, options in CORE_FLOWS:
        game = Game(rules, seed=3, options=options)
        assert isinstance(game, Game)
        assert isinstance(game, CoreGame) == core_available()
        assert type(Game(rules, seed=3, options=options, engine="python")) is Game
    with pytest.raises(RulesError, match="engine must be one of"):
        Game("guobiao", engine="fast")
    with pytest.raises(RulesError, match="engine must be one of"):
        Game("nanchang", engine=None)  # type: ignore[arg-type]
    if not core_available():
        with pytest.raises(RulesError):
            Game("guobiao", engine="core")


def test_bad_arguments_are_refused_alike_on_both_engines() -> None:
    bad: list[dict[str, Any]] = [{"seed": 1.5}, {"salt": -1}, {"options": [1]}, {"dealer": 7},
                                 {"prevalent_wind": True}, {"wall": "123m"}, {"wall": [0] * 136},
                                 {"options": {"no_such_option": 1}}]
    for kwargs in bad:
        messages = []
        for engine in ("auto", "python"):
            with pytest.raises(RulesError) as err:
                Game("guobiao", engine=engine, **kwargs)
            messages.append(str(err.value))
        assert messages[0] == messages[1], kwargs
    with pytest.raises(RulesError):
        Game(7)  # type: ignore[arg-type]


def _play(game: Game, seeds: int) -> list[tuple[Any, ...]]:
    """Play with random agents; every decision's pending seats, legal list, mask and observation."""
    agents = {s: RandomAgent(seeds + s) for s in game.flow.seats}
    seen = []
    while not game.done:
        for seat in game.pending:
            legal = game.legal_actions(seat)
            seen.append((seat, game.pending, legal, bytes(game.action_mask(seat)), game.observe(seat)))
            game.act(seat, agents[seat].choose(game, seat, legal))
    return seen


@pytest.mark.parametrize(("rules", "options"), CORE_FLOWS[:2])
def test_explicit_walls_play_the_same_duplicate_hands_on_both_engines(rules: str, options: dict[str, Any]) -> None:
    """A recorded wall replayed with the seats rotated (duplicate play): the core and the Python engine give
    the same decisions, observations, events and nets."""
    wall = next(ev.tiles for ev in Game(rules, seed=11, options=options).events if isinstance(ev, WallBuilt))
    for dealer in (0, 2):
        fast = Game(rules, wall=list(wall), dealer=dealer, options=options)
        ref = Game(rules, wall=list(wall), dealer=dealer, options=options, engine="python")
        assert _play(fast, 10 * dealer) == _play(ref, 10 * dealer)
        assert fast.events == ref.events
        assert fast.settlement is not None and ref.settlement is not None
        assert fast.settlement.net == ref.settlement.net
        built = next(ev for ev in fast.events if isinstance(ev, WallBuilt))
        assert built.tiles == tuple(wall) and built.seed is None


def test_a_log_replays_and_settles_on_the_core() -> None:
    game = Game("guobiao", seed=5, salt=2)
    _play(game, 3)
    again = replay(read_log(dumps_log(game.events)))
    assert type(again) is type(game)
    assert again.events == game.events
    assert again.settlement is not None and game.settlement is not None
    assert again.settlement.net == game.settlement.net
    partial = replay(game.events[:40], partial=True)
    assert not partial.done and partial.events == game.events[:40]


def test_refusals_leave_the_hand_unchanged_on_both_engines() -> None:
    for engine in ("auto", "python"):
        game = Game("guobiao", seed=8, engine=engine)
        before = (len(game.events), game.pending, [game.legal_actions(s) for s in range(4)])
        seat = game.pending[0]
        other = (seat + 1) % 4
        for who, action in ((seat, 190), (seat, -1), (other, game.legal_actions(seat)[0]), (9, 0), (seat, True)):
            with pytest.raises(IllegalActionError):
                game.act(who, action)  # type: ignore[arg-type]
        assert (len(game.events), game.pending, [game.legal_actions(s) for s in range(4)]) == before
        legal = game.legal_actions(seat)
        legal.clear()  # the caller's copy: the game's own list is untouched
        assert game.legal_actions(seat)
