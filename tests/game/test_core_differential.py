"""The compiled hand core against the Python engine (its reference): the same seed and the same choices give
the same event log, the same legal lists and masks at every decision, and the same nets — for every flow the
core plays.  The built-in random agent choosing in C gives the hand RandomAgent gives through the step API.

On the pure-Python backend there is no compiled core: the checks there are that the dispatch falls back to
the Python engine and that its hands are the step API's.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mahjong.errors import RulesError
from mahjong.game import Game, IllegalActionError, RandomAgent
from mahjong.game.core import CS_END, CoreGame, CoreHand, core_available, core_params, play_random
from mahjong.game.engine import make_flow
from mahjong.game.play import play_hand

#: (rules, options) of every flow the core plays
CORE_FLOWS: list[tuple[str, dict[str, Any]]] = [
    ("guobiao", {}),
    ("guobiao", {"flowers": False, "dice_break": False}),
    ("guobiao-extras", {"several_winners": True}),
    ("sichuan", {}),
    ("sichuan", {"lack": False, "mode": "normal"}),
    ("sichuan", {"exchange_three": True}),
    ("sichuan", {"exchange_three": True, "exchange_direction": "opposite", "lack": False}),
    ("common", {"flowers": True}),
    ("wuhu-2468", {}),
]


def _reference(rules: str, options: dict[str, Any], seed: int, salt: int, seeds: list[int]) -> Game:
    game = Game(rules, seed=seed, salt=salt, options=options, engine="python")
    play_hand(game, {s: RandomAgent(seeds[s]) for s in range(4)})
    return game


def _same_hand(rules: str, options: dict[str, Any], seed: int, salt: int) -> None:
    seeds = [seed * 4 + s + 16 * salt for s in range(4)]
    fast = play_random(rules, seed=seed, salt=salt, options=options, agent_seeds=seeds)
    ref = _reference(rules, options, seed, salt, seeds)
    assert isinstance(fast, CoreHand) == core_available()
    assert fast.events == ref.events
    assert fast.settlement is not None and ref.settlement is not None
    assert fast.settlement.net == ref.settlement.net


#: on the pure-Python backend both sides are the engine: one hand per flow keeps that leg cheap
SALTS = range(3) if core_available() else range(1)
FLOWS = CORE_FLOWS if core_available() else CORE_FLOWS[:1]


@pytest.mark.parametrize(("rules", "options"), FLOWS)
def test_core_plays_the_same_hands_as_the_engine(rules: str, options: dict[str, Any]) -> None:
    if core_available():
        assert core_params(make_flow(rules, options)) is not None
    for salt in SALTS:
        _same_hand(rules, options, 20261201, salt)


@settings(max_examples=15 if core_available() else 1, deadline=None)
@given(st.sampled_from(CORE_FLOWS), st.integers(0, 2**64 - 1), st.integers(0, 10**6))
def test_core_hands_equal_the_engine_on_any_seed(flow: tuple[str, dict[str, Any]], seed: int, salt: int) -> None:
    _same_hand(flow[0], flow[1], seed, salt)


@pytest.mark.parametrize("rules", ["guobiao", "sichuan"])
def test_step_by_step_legal_lists_masks_and_refusals(rules: str) -> None:
    """Drive the core and the engine in lockstep with the same choices: the core's legal slots are the
    engine's legal actions in the same order, its mask their mask, and an unlisted slot is refused with
    nothing changed."""
    if not core_available():
        pytest.skip("no compiled core on the pure-Python backend (its twin is the engine itself)")
    for salt in range(2):
        flow = make_flow(rules, {})
        hand = CoreHand(flow, core_params(flow) or (), seed=5, salt=salt, rules=rules)
        game = Game(rules, seed=5, salt=salt, engine="python")
        agents = {s: RandomAgent(40 + s) for s in range(4)}
        core = hand.core
        status = hand.handle(core.advance())
        while status != CS_END:
            assert core.pending == game.pending
            for seat in game.pending:
                legal = game.legal_actions(seat)
                assert core.legal(seat) == tuple(a.index for a in legal)
                assert core.mask(seat) == game.action_mask(seat)
                unlisted = next(i for i in range(151) if i not in core.legal(seat))
                before = core.n_events
                assert core.act(seat, unlisted) < 0 and core.n_events == before
                choice = agents[seat].choose(game, seat, legal)
                game.act(seat, choice)
                status = hand.handle(core.act(seat, choice.index))
        assert game.done
        assert hand.events == game.events
        assert core.act(0, 108) < 0


@pytest.mark.parametrize(("rules", "options"), CORE_FLOWS[:4] + CORE_FLOWS[5:6] if core_available() else CORE_FLOWS[:1])
def test_step_api_on_the_core_is_the_engines(rules: str, options: dict[str, Any]) -> None:
    """CoreGame (Game's step API on the core) against Game: pending seats, legal actions, masks and refusals
    at every decision, then the same events, settlement and observations."""
    if not core_available():
        with pytest.raises(RulesError):
            CoreGame(rules, options=options)
        return
    for salt in range(2):
        fast = CoreGame(rules, seed=9, salt=salt, options=options)
        ref = Game(rules, seed=9, salt=salt, options=options, engine="python")
        agents = {s: RandomAgent(salt * 4 + s) for s in range(4)}
        while not ref.done:
            assert fast.pending == ref.pending and not fast.done
            for seat in ref.pending:
                legal = ref.legal_actions(seat)
                assert fast.legal_actions(seat) == legal
                assert fast.action_mask(seat) == ref.action_mask(seat)
                assert fast.observe(seat) == ref.observe(seat)
                wrong = next(i for i in range(151) if not ref.action_mask(seat)[i])
                with pytest.raises(IllegalActionError):
                    fast.act(seat, wrong)
                with pytest.raises(IllegalActionError):
                    fast.act((seat + 1) % 4 if (seat + 1) % 4 not in ref.pending else 7, legal[0])
                choice = agents[seat].choose(ref, seat, legal)
                ref.act(seat, choice)
                fast.act(seat, choice if salt else choice.index)
        assert fast.done and fast.pending == ()
        assert fast.events == ref.events
        assert fast.settlement is not None and ref.settlement is not None
        assert fast.settlement.net == ref.settlement.net
        assert fast.observe(1) == ref.observe(1)
        with pytest.raises(IllegalActionError):
            fast.act(0, 108)


@pytest.mark.skipif(not core_available(), reason="the compiled hand core")
@pytest.mark.parametrize("seat", [-1, 4, 2**31, 2**40, -(2**70)])
def test_a_number_that_is_no_seat_has_no_actions_on_either_engine(seat: int) -> None:
    """A seat number outside 0..3 (however large) is not at the table: no legal actions and an all-zero mask,
    on the compiled core as on the Python engine (it raised OverflowError on the core for numbers past C's int)."""
    core, ref = CoreGame("common", seed=1), Game("common", seed=1, engine="python")
    assert core.legal_actions(seat) == ref.legal_actions(seat) == []
    assert core.action_mask(seat) == ref.action_mask(seat) == bytearray(len(ref.action_mask(0)))
    with pytest.raises(IllegalActionError):
        core.act(seat, 0)
