"""``mahjong simulate --agent random`` gives the statistics it gave before the self-play hands of these rule sets
were read from the core (起手小胡 and 买马 paid in C, Guobiao-with-extras' offered wins scored on the bare core):
5,000 hands each, seed 1, as the command printed them on main at commit f422cfa (``data/simulate_before_speed21
.json``, its timings left out).  The hands are the same hands: ``test_core_special_pay.py`` compares each one
read from the core with the hand played on the step API."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mahjong.game.cli import simulate
from mahjong.game.core import core_available

DATA = Path(__file__).resolve().parent / "data" / "simulate_before_speed21.json"
TIMES = ("seconds", "hands_per_second", "cpu_seconds", "hands_per_cpu_second")
BEFORE = json.loads(DATA.read_text(encoding="utf-8"))


@pytest.mark.parametrize("rules", sorted(BEFORE))
def test_simulate_counts_what_it_counted_before(rules: str) -> None:
    if not core_available():
        pytest.skip("5,000 hands of the compiled core's self-play (the Python engine's are compared hand by hand)")
    before = BEFORE[rules]
    got = simulate(rules, before["hands"], before["seed"], before["agent"])
    assert {k: v for k, v in got.items() if k not in TIMES} == before
