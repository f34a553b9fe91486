"""The batch loop settles a won hand in C (``batch_settle`` in batch.pxi) with the numbers of the rule set's own
settlement (:func:`mahjong.rl.batch.win_payment_table`): its nets equal the Python settlement's, hand by hand,
and so do its pure-Python twin's (:func:`mahjong.rl.batch.win_nets`)."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from mahjong import BACKEND
from mahjong.game.core import RandomTable
from mahjong.game.engine import make_flow
from mahjong.rl import GameBatch
from mahjong.rl.batch import win_nets, win_payment_table
from mahjong.rulesets.guobiao.settlement import guobiao_payments

COMPILED = BACKEND == "cython"


def test_the_table_is_read_off_the_settlement_formula() -> None:
    table = win_payment_table(make_flow("guobiao", {}))
    assert table is not None
    for winner in range(4):
        for discarder in (None, *(s for s in range(4) if s != winner)):
            for total in (8, 9, 17, 64, 88):
                assert win_nets(table, [(winner, discarder, total)]) == guobiao_payments(winner, discarder, total)
    # rule sets whose wins the loop does not decide are settled in Python
    assert win_payment_table(make_flow("common", {})) is None
    assert win_payment_table(make_flow("sichuan", {})) is None


def _check_hands(table: RandomTable, seed: int, hands: int) -> int:
    """Play ``hands`` hands; the loop's nets (C and twin) equal the Python settlement's: the won ones."""
    from mahjong import _core

    pay = win_payment_table(table.flow)
    assert pay is not None
    won = 0
    for k in range(hands):
        hand = table.hand(seed=seed, salt=k, dealer=k % 4, agent_seeds=[seed + 4 * k + s for s in range(4)])
        wins = hand.wins_made()
        assert hand.settlement is not None
        net = tuple(hand.settlement.net)
        assert win_nets(pay, [(w.seat, w.from_seat, w.total) for w in wins]) == net
        if COMPILED:
            assert _core._batch_settle_core(hand.core, pay) == net  # type: ignore[attr-defined,union-attr]
        won += bool(wins)
    return won


@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_loop_nets_equal_the_python_settlement(seed: int) -> None:
    """About 2,500 hands over the examples (wins by the greedy agents, quiet and rare wins by the random ones;
    on the pure-Python backend, whose greedy agents are slow, a few random hands: the twin's check)."""
    if COMPILED:
        assert _check_hands(RandomTable("guobiao", agent="greedy"), seed, 25) >= 10
    _check_hands(RandomTable("guobiao"), seed, 600 if COMPILED else 5)


def test_rewards_of_hands_settled_in_the_loop_equal_the_logged_batch() -> None:
    """With logs off a won Guobiao hand is settled and re-dealt in the loop; with logs on Python settles it: the
    same done flags and rewards step by step, and wins among them."""
    fast = GameBatch(24, rules="guobiao", seed=7, keep_logs=False)
    logged = GameBatch(24, rules="guobiao", seed=7)
    won = 0
    for _ in range(600 if COMPILED else 25):
        o = fast.observe()
        acts = o.mask.argmax(axis=1)  # (the win slot comes first: wins are taken)
        assert o.mask.tobytes() == logged.observe().mask.tobytes()
        ra, rb = fast.step(acts), logged.step(acts)
        assert np.array_equal(ra.done, rb.done) and np.array_equal(ra.rewards, rb.rewards)
        won += int(ra.rewards.any(axis=1).sum())
    assert fast.hands_played == logged.hands_played
    assert won >= (3 if COMPILED else 0)


def test_rewards_equal_single_games_with_the_same_seeds_and_actions() -> None:
    """Logs off (won hands settled in the loop): each finished hand's rewards are the nets of the same hand
    played alone through ``Game``'s step API with the batch's seeds and the same actions."""
    from mahjong.game import Game

    n = 16
    batch = GameBatch(n, rules="guobiao", seed=21, keep_logs=False)
    chosen: list[list[tuple[int, int]]] = [[] for _ in range(n)]
    rewards: list[list[list[int]]] = [[] for _ in range(n)]
    for _ in range(600 if COMPILED else 25):
        o = batch.observe()
        acts = o.mask.argmax(axis=1)
        for g, s, a in zip(o.game.tolist(), o.seat.tolist(), acts.tolist()):
            chosen[g].append((s, a))
        r = batch.step(acts)
        for i in np.flatnonzero(r.done).tolist():
            rewards[i].append(r.rewards[i].tolist())
    won = 0
    for i in range(n):
        hand, nets = 0, []
        g = Game(**batch.game_kwargs(i, hand))
        for s, a in chosen[i]:
            g.act(s, a)
            if g.done:
                assert g.settlement is not None
                nets.append(list(g.settlement.net))
                hand += 1
                g = Game(**batch.game_kwargs(i, hand))
        assert nets == rewards[i]
        won += sum(1 for x in nets if any(x))
    assert won >= (5 if COMPILED else 0) and sum(batch.hands_played) == sum(len(x) for x in rewards)
