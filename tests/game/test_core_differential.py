"""The compiled hand core against the Python engine (its reference): the same seed and the same choices give
the same event log, the same legal lists and masks at every decision, the same observations and the same nets —
for every rule set ``mahjong rules`` lists, every shipped rule file, the Botzone format, and a rule file written
here (wildcards turned up from an indicator, no chows, several winners on one discard, birds).  The built-in
random agent choosing in C gives the hand RandomAgent gives through the step API.

On the pure-Python backend there is no compiled core: the checks there are that the dispatch falls back to
the Python engine and that its hands are the step API's (one hand of a few flows: the pure-Python engine is the
slow side of every comparison).
"""

from __future__ import annotations

import copy
import math
import os
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mahjong.errors import RulesError
from mahjong.game import Game, IllegalActionError, RandomAgent
from mahjong.game.core import CS_END, CoreGame, CoreHand, core_available, core_params, play_random
from mahjong.game.engine import make_flow
from mahjong.game.play import play_hand
from mahjong.rulebook import load_rules, shipped_files
from mahjong.rulebook.special import special_events_of

CORE = core_available()

#: (rules, options) of every rule set and format, with the options that change how a hand is played
FLOWS: list[tuple[str, dict[str, Any]]] = [
    ("guobiao", {}),
    ("guobiao", {"flowers": False, "dice_break": False}),
    ("guobiao", {"botzone": True}),
    ("guobiao", {"botzone": True, "flowers": False, "penalties": False}),
    ("guobiao", {"flowers_kept": True}),
    ("guobiao-extras", {"several_winners": True}),
    ("guobiao-rulebook", {}),
    ("sichuan", {}),
    ("sichuan", {"lack": False, "mode": "normal"}),
    ("sichuan", {"exchange_three": True}),
    ("sichuan", {"exchange_three": True, "exchange_direction": "opposite", "lack": False}),
    ("common", {"flowers": True}),
    ("common", {"declare_ready": True}),
    ("common-file", {}),
    ("wuhu-2468", {}),
    ("wuhu-1234", {"honors": False}),
    ("twoplayer", {}),
    ("twoplayer", {"swap_at_start": True}),
    ("nanchang", {}),
    ("nanchang", {"jing_at_draw": False, "wall_end_reserve": 14}),
    # (the facts of the 精 the core works out, under options that change what they pay: a 精 won on a discard
    # still wild, 精钓's bonus, 德国 paid by all, no 霸王精, 冲关 from 4)
    ("nanchang", {"discarded_jing_is_wildcard": True, "pinghu_with_jing_ron_allowed": True, "jing_diao_bonus": 5,
                  "deguo_bonus_payers": "all", "bawang_multiplier": 1, "chongguan_threshold": 4}),
    ("yuhuan", {}),
    ("yuhuan", {"dice_break": False, "lao_gui_ning": False}),
    ("yuhuan", {"chengbao_tiles": 60, "discarded_caishen_is_wildcard": True, "caishen_may_be_flower_tile": True}),
    ("jinshan", {}),
    ("hongzhong", {}),
    ("hongzhong", {"discard_wins": True}),
    ("guangdong", {}),
    ("guangdong-fangui", {}),
    ("changsha", {}),
]

#: a rule file of the test's own: 136 tiles, the kind after a tile turned up from the wall's end is wild (翻鬼), no
#: chows, several winners on one discard, two birds after a win (each that hits adds to the payments), an
#: instant win on holding four wildcards
OWN_FILE = '''format = 1
name = "core-test-own"
zh = "测试"
en = "Core test"

[tiles]
flowers = false

[wildcards]
indicator = true
indicator_kinds = 1

[win]
forms = ["regular", "seven_pairs"]

[flow]
chows = false
multiple_winners = true
birds = 2
bird_hits = "all"
dealer = "winner"

[scoring]
exclusion = "simultaneous"
aggregation = "sum"
unit = "pt"

[payment]
bonus = "birds"

[facts.birds]
type = "int"
default = 0
zh = "中鸟数"
en = "birds that hit"

[[rows]]
key = "self_drawn"
value = 2
unit = "pt"
when = "self_drawn"

[[rows]]
key = "win_on_discard"
zh = "接炮"
en = "Win on a discard"
value = 1
unit = "pt"
when = "not self_drawn"

[[instant_wins]]
key = "four_ghosts"
zh = "四鬼"
en = "Four ghosts"
when = "wildcards == 4"
at = "any_draw"
value = "3"
'''


@pytest.fixture(scope="module")
def own_file(tmp_path_factory: pytest.TempPathFactory) -> str:
    path = tmp_path_factory.mktemp("own") / "core-test-own.toml"
    path.write_text(OWN_FILE, encoding="utf-8")
    load_rules(path)
    return "core-test-own"


def _reference(rules: str, options: dict[str, Any], seed: int, salt: int, seeds: list[int]) -> Game:
    game = Game(rules, seed=seed, salt=salt, options=options, engine="python")
    play_hand(game, {s: RandomAgent(seeds[i]) for i, s in enumerate(game.flow.seats)})
    return game


def _same_hand(rules: str, options: dict[str, Any], seed: int, salt: int) -> None:
    seeds = [seed * 4 + s + 16 * salt for s in range(4)]
    fast = play_random(rules, seed=seed, salt=salt, options=options, agent_seeds=seeds)
    specials = special_events_of(fast)  # (read before the events are: a hand ended straight from the core)
    ref = _reference(rules, options, seed, salt, seeds)
    assert isinstance(fast, CoreHand) == CORE
    assert specials == special_events_of(ref)
    assert fast.events == ref.events
    assert fast.settlement is not None and ref.settlement is not None
    assert fast.settlement.net == ref.settlement.net


#: hands per flow: a few dozen on the compiled pass, scaled with the hypothesis examples where CI repeats a test at
#: a fraction of them (MAHJONG_HYPOTHESIS_SCALE, .ci/hypothesis_budget.py: the traced coverage leg) but never under
#: half of them (traced, of evaluator_core.pxi's lines that 24 hands reach, 12 miss 8 and 5 would miss 27); the
#: pure-Python pass plays one hand of a few flows
SALTS = range(max(12, math.ceil(24 * float(os.environ.get("MAHJONG_HYPOTHESIS_SCALE", "1"))))) if CORE else range(1)
PLAYED = FLOWS if CORE else FLOWS[:1] + [f for f in FLOWS if f[0] in ("twoplayer", "jinshan")][:2]


def test_every_shipped_rule_set_and_file_is_in_the_list() -> None:
    """The list above plays every preset `mahjong rules` lists and every shipped rule file (a new one must be
    added here, where the core is checked against the engine)."""
    import json
    import subprocess
    import sys

    # (asked of a fresh process: rule files other tests load register presets in this one)
    shown = subprocess.run([sys.executable, "-c", "import json; from mahjong.registry import PRESETS, load_presets; "
                            "load_presets(); print(json.dumps(sorted(PRESETS)))"],
                           capture_output=True, text=True, check=True, timeout=120)
    presets = set(json.loads(shown.stdout))
    listed = {rules for rules, _ in FLOWS}
    assert len(presets) >= 16 and presets <= listed, presets - listed
    assert {Path(p).stem for p in shipped_files()} <= listed


@pytest.mark.parametrize(("rules", "options"), PLAYED)
def test_core_plays_the_same_hands_as_the_engine(rules: str, options: dict[str, Any]) -> None:
    assert (core_params(make_flow(rules, options)) is not None) == CORE
    for salt in SALTS:
        _same_hand(rules, options, 20261201, salt)


def test_a_rule_file_of_ones_own_plays_on_the_core(own_file: str) -> None:
    """A rule file written here (nothing of it in C) plays on the core, the same hands as the engine: wildcards
    from an indicator, no chows, several winners on one discard, birds; with random agents, and with greedy ones
    choosing in C against GreedyAgent on the engine (their hands are won more often: the two seeded here have a
    discard won by two)."""
    from mahjong.game import GreedyAgent
    from mahjong.game.core import RandomTable

    flow = make_flow(own_file)
    assert flow.indicator is not None and not flow.chows and flow.multiple_winners
    assert (core_params(flow) is not None) == CORE
    assert isinstance(Game(own_file, seed=1), CoreGame) == CORE
    for salt in SALTS:
        _same_hand(own_file, {}, 7, salt)
    if not CORE:
        return
    table = RandomTable(own_file, agent="greedy")
    for salt in (0, 77):
        seeds = [salt * 4 + s for s in range(4)]
        fast = table.hand(seed=7, salt=salt, agent_seeds=seeds)
        ref = Game(own_file, seed=7, salt=salt, engine="python")
        play_hand(ref, {s: GreedyAgent(seeds[s]) for s in range(4)})
        assert fast.events == ref.events
        assert fast.settlement is not None and ref.settlement is not None
        assert fast.settlement.net == ref.settlement.net
        on_discard = [w for w in ref.state.wins if w.from_seat is not None]
        assert len(on_discard) == 2 and on_discard[0].from_seat == on_discard[1].from_seat  # (一炮多响)


@settings(max_examples=24 if CORE else 1, deadline=None)
@given(st.sampled_from(FLOWS), st.integers(0, 2**64 - 1), st.integers(0, 10**6))
def test_core_hands_equal_the_engine_on_any_seed(flow: tuple[str, dict[str, Any]], seed: int, salt: int) -> None:
    _same_hand(flow[0], flow[1], seed, salt)


def _lockstep(fast: CoreGame, ref: Game, salt: int, observe: bool) -> None:
    agents = {s: RandomAgent(salt * 4 + i) for i, s in enumerate(ref.flow.seats)}
    while not ref.done:
        assert fast.pending == ref.pending and not fast.done
        for seat in ref.pending:
            legal = ref.legal_actions(seat)
            assert fast.legal_actions(seat) == legal
            assert fast.action_mask(seat) == ref.action_mask(seat)
            if observe:
                assert fast.observe(seat) == ref.observe(seat)
            wrong = next(i for i in range(151) if not ref.action_mask(seat)[i])
            other = next((s for s in range(5) if s not in ref.pending), 7)
            if ref.flow.penalties:  # the judge's penalties: an illegal answer ends the hand (WA), on copies
                if len(ref.events) % 7 == 0:
                    twin_fast, twin_ref = copy.deepcopy(fast), copy.deepcopy(ref)
                    twin_fast.act(seat, wrong)
                    twin_ref.act(seat, wrong)
                    assert twin_fast.done == twin_ref.done and twin_fast.events == twin_ref.events
            else:
                with pytest.raises(IllegalActionError):
                    fast.act(seat, wrong)
            with pytest.raises(IllegalActionError):
                fast.act(other, legal[0])
            choice = agents[seat].choose(ref, seat, legal)
            ref.act(seat, choice)
            fast.act(seat, choice if salt % 2 else choice.index)
    assert fast.done and fast.pending == ()
    assert fast.events == ref.events
    assert fast.settlement is not None and ref.settlement is not None
    assert fast.settlement.net == ref.settlement.net
    for seat in ref.flow.seats:
        assert fast.observe(seat) == ref.observe(seat)
    with pytest.raises(IllegalActionError):
        fast.act(ref.flow.seats[0], 108)


@pytest.mark.parametrize(("rules", "options"), FLOWS if CORE else FLOWS[:1])
def test_step_api_on_the_core_is_the_engines(rules: str, options: dict[str, Any]) -> None:
    """CoreGame (Game's step API on the core) against Game: pending seats, legal actions, masks, observations
    and refusals at every decision, then the same events, settlement and observations."""
    if not CORE:
        with pytest.raises(RulesError):
            CoreGame(rules, options=options)
        return
    for salt in range(3):
        fast = CoreGame(rules, seed=9, salt=salt, options=options)
        ref = Game(rules, seed=9, salt=salt, options=options, engine="python")
        _lockstep(fast, ref, salt, observe=salt == 0)


def test_step_api_of_a_rule_file_of_ones_own(own_file: str) -> None:
    if not CORE:
        return
    for salt in range(3):
        _lockstep(CoreGame(own_file, seed=4, salt=salt), Game(own_file, seed=4, salt=salt, engine="python"), salt,
                  observe=True)


@pytest.mark.parametrize("rules", ["guobiao", "sichuan", "nanchang", "twoplayer"])
def test_step_by_step_legal_lists_masks_and_refusals(rules: str) -> None:
    """Drive the core and the engine in lockstep with the same choices: the core's legal slots are the
    engine's legal actions in the same order, its mask their mask, and an unlisted slot is refused with
    nothing changed."""
    if not CORE:
        pytest.skip("no compiled core on the pure-Python backend (its twin is the engine itself)")
    for salt in range(2):
        flow = make_flow(rules, {})
        hand = CoreHand(flow, core_params(flow), seed=5, salt=salt, rules=rules)
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


@pytest.mark.skipif(not CORE, reason="the compiled hand core")
@pytest.mark.parametrize("seat", [-1, 4, 2**31, 2**40, -(2**70)])
def test_a_number_that_is_no_seat_has_no_actions_on_either_engine(seat: int) -> None:
    """A seat number outside 0..3 (however large) is not at the table: no legal actions and an all-zero mask,
    on the compiled core as on the Python engine (it raised OverflowError on the core for numbers past C's int)."""
    core, ref = CoreGame("common", seed=1), Game("common", seed=1, engine="python")
    assert core.legal_actions(seat) == ref.legal_actions(seat) == []
    assert core.action_mask(seat) == ref.action_mask(seat) == bytearray(len(ref.action_mask(0)))
    with pytest.raises(IllegalActionError):
        core.act(seat, 0)
