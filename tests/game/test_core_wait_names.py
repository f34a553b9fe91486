"""A rule file whose rows' names show the wait (``[win.wait_names]``, ``{wait}`` in a name) compiles: the core
decides its wins with the compiled book and plays the engine's hands, and its items are named by the wait of each
win as the rule book names them (the core settles the hand and gives each win's wait, GameCore.won_waits), in the
results and in ``mahjong simulate``'s tally."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from mahjong.game import Game, RandomAgent
from mahjong.game.core import book_in_c, core_available, play_random
from mahjong.game.engine import make_flow
from mahjong.game.play import play_hand
from mahjong.rulebook import load_rules
from mahjong.rulebook.compiler import not_compiled_reason

WAIT_FILE = '''format = 1
name = "core-test-wait-words"
zh = "听牌名"
en = "Wait words"
[win]
forms = ["regular"]
placements = true
[win.wait_names.single]
zh = "单钓"
en = "single"
[win.wait_names.closed]
zh = "坎张"
en = "closed"
[win.wait_names.edge]
zh = "边张"
en = "edge"
[win.wait_names.dual-pung]
zh = "对碰"
en = "dual pung"
[win.wait_names.two-sided]
zh = "两面"
en = "two-sided"
[scoring]
exclusion = "simultaneous"
[[rows]]
key = "win"
zh = "和牌({wait})"
en = "Win ({wait})"
value = 1
when = "true"
[[rows]]
key = "self_drawn"
zh = "自摸"
en = "Self-drawn"
value = 1
when = "self_drawn"
'''
WORDS = ("单钓", "坎张", "边张", "对碰", "两面")


@pytest.fixture(scope="module")
def wait_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("wait") / "core-test-wait-words.toml"
    path.write_text(WAIT_FILE, encoding="utf-8")
    load_rules(path)
    return path


def test_the_core_plays_it_and_names_each_win_by_its_wait(wait_file: Path) -> None:
    from mahjong.framework import get_ruleset

    name = "core-test-wait-words"
    assert not_compiled_reason(get_ruleset(name)) is None
    decided = book_in_c(make_flow(name, {}))
    assert (decided is not None) == core_available()
    assert decided is None or decided[3] is True  # (decided and settled in C, the wait of each win given by C)
    won = 0
    for salt in range(60):
        seeds = [salt * 4 + s for s in range(4)]
        fast = play_random(name, seed=1, salt=salt, options={}, agent_seeds=seeds)
        ref = Game(name, seed=1, salt=salt, engine="python")
        play_hand(ref, {s: RandomAgent(seeds[i]) for i, s in enumerate(ref.flow.seats)})
        assert fast.events == ref.events
        assert fast.settlement is not None and ref.settlement is not None
        assert fast.settlement.net == ref.settlement.net
        assert [r.items for r in fast.settlement.results] == [r.items for r in ref.settlement.results]
        for result in fast.settlement.results:
            names = [i.name_zh for i in result.items if i.key == "win"]
            assert len(names) == 1 and names[0][3:-1] in WORDS, names
            won += 1
    assert won


def test_simulate_names_the_row_by_a_wait(wait_file: Path) -> None:
    shown = subprocess.run([sys.executable, "-m", "mahjong", "simulate", "--rules-file", str(wait_file), "--agent",
                            "random", "--hands", "400", "--no-progress", "--json"],
                           capture_output=True, text=True, check=True, timeout=300)
    patterns = json.loads(shown.stdout)["patterns"]
    assert patterns["win"]["count"] > 0
    assert patterns["win"]["name"][3:-1] in WORDS, patterns["win"]
