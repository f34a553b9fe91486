"""What the game layer keeps of a rule set lives no longer than the rule set: ``mahjong simulate`` makes a rule
set (and its flow) per call, and a long run of calls must not keep every one it made alive with the caches of
answers each holds (before, the kept compiled-book lookups were keyed by the rule set itself: RSS grew about
0.4 MB per 20,000 Yuhuan hands simulated in batches)."""

from __future__ import annotations

import gc
import weakref

import pytest

from mahjong.game.cli import simulate
from mahjong.game.core import book_in_c, core_available, draw_holdings_in_c_kept
from mahjong.game.engine import make_flow
from mahjong.rulesets.yuhuan import Yuhuan


@pytest.mark.parametrize("rules", ["sichuan", "hongzhong", "yuhuan", "nanchang"])
def test_the_kept_book_lookups_do_not_keep_a_rule_set_alive(rules: str) -> None:
    flow = make_flow(rules)
    first = book_in_c(flow), draw_holdings_in_c_kept(flow)
    assert (book_in_c(flow), draw_holdings_in_c_kept(flow)) == first  # (kept while the rule set lives)
    if rules in ("sichuan", "hongzhong") and core_available():  # (the core evaluates the book: the kept answer
        # holds its evaluator)
        assert first[0] is not None and book_in_c(flow) is first[0]
    alive = weakref.ref(flow.ruleset)
    del flow
    gc.collect()
    assert alive() is None, f"the {rules} rule set is still in memory after its flow is gone"


def test_simulate_calls_one_after_another_keep_no_rule_set_of_the_calls_before() -> None:
    def live() -> int:
        gc.collect()
        return sum(isinstance(o, Yuhuan) for o in gc.get_objects())

    simulate("yuhuan", 1, seed=1)
    before = live()
    for seed in range(2, 5):  # (a hand a call: each call makes its rule set; on the pure-Python twin a hand is slow)
        simulate("yuhuan", 1, seed=seed)
    assert live() <= before
