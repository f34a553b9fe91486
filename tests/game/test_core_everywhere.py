"""No shipped rule set, rule file, format or option falls back to the Python engine: ``Game(...)`` is a
``CoreGame`` and self-play (``RandomTable``) is on the core for each of them, and the flow of every option value
(each one changed from its default, alone, and with the Botzone format where the rule set has it) is one the
compiled core reads (``why_not_on_core`` is None).

The flow record (``mahjong.game.coreflow.core_flow``) is built on both backends, so the option sweep runs on the
pure-Python pass too; only ``Game``'s choice of class needs the compiled core."""

from __future__ import annotations

import re
from dataclasses import fields
from typing import Any

import pytest

from mahjong.errors import RulesError
from mahjong.game import Game
from mahjong.game.core import CoreGame, RandomTable, core_available
from mahjong.game.coreflow import why_not_on_core
from mahjong.game.engine import make_flow
from mahjong.game.flows import flow_class
from mahjong.registry import PRESETS, load_presets
from mahjong.rulebook import shipped_files

load_presets()
RULES = sorted(PRESETS)
CORE = core_available()


def test_every_shipped_rule_file_is_a_listed_rule_set() -> None:
    from pathlib import Path

    assert {Path(p).stem for p in shipped_files()} <= set(RULES)


def _choices(rules: str, name: str) -> list[str]:
    """The names a text option takes, read from the error naming them (there is no other list of them)."""
    try:
        make_flow(rules, {name: "no-such-choice"})
    except RulesError as e:
        said = str(e).split("must be", 1)[-1].split(", got", 1)[0]
        return [w for w in re.findall(r"[a-z][a-z_0-9-]*", said) if w not in ("one", "of", "or", "a", "name")]
    return []


def _values(rules: str, name: str, default: Any) -> list[Any]:
    """Every value of an option other than its default that this sweep tries: the other truth value, nought
    and one more for a number, each named choice of a text option; an option that is unset by default is tried
    set on and off."""
    if isinstance(default, bool):
        return [not default]
    if isinstance(default, int):
        return [v for v in (0, default + 1) if v != default]
    if isinstance(default, str):
        return [c for c in _choices(rules, name) if c != default]
    if default is None:
        return [True, False, 8]
    return []


def _variants(rules: str) -> list[dict[str, Any]]:
    """The options of ``rules`` (its flow's and its rule set's), each set to every other value it takes."""
    flow = make_flow(rules)
    defaults = {f.name: f.default for f in fields(flow_class(rules).Options)}
    defaults.update({name: value for name, value, _ in flow.ruleset.describe_options()})
    return [{name: v} for name, default in defaults.items() for v in _values(rules, name, default)]


@pytest.mark.parametrize("rules", RULES)
def test_every_option_of_every_rule_set_plays_on_the_core(rules: str) -> None:
    played = 0
    botzone = "botzone" in {f.name for f in fields(flow_class(rules).Options)}
    for options in [{}, *_variants(rules)]:
        for extra in ([{}, {"botzone": True}] if botzone else [{}]):
            try:
                flow = make_flow(rules, {**options, **extra})
            except RulesError:
                continue  # (a value the option does not take, or one the Botzone format refuses)
            assert why_not_on_core(flow) is None, (rules, options, extra, why_not_on_core(flow))
            played += 1
    assert played >= 1 + len(_variants(rules)) // 2, played  # (most values are values the option takes)


@pytest.mark.parametrize(("rules", "options"), [(r, {}) for r in RULES] + [("guobiao", {"botzone": True}),
                                                                           ("guobiao", {"flowers_kept": True}),
                                                                           ("common", {"declare_ready": True})])
def test_game_and_self_play_are_on_the_core_for_every_rule_set_and_format(rules: str, options: dict[str, Any]) -> None:
    game = Game(rules, seed=3, options=options)
    assert (type(game) is CoreGame) == CORE, type(game)
    assert type(Game(rules, seed=3, options=options, engine="python")) is Game  # (the twin stays reachable)
    assert RandomTable(rules, options).on_core == CORE  # (self-play: mahjong simulate's loop)
