"""GameBatch's logs cost little: each finished hand is kept as the actions taken in it (two bytes an action) and
made its typed events only when read; a read log is the single game's log, its nets are the rewards the batch
gave for that hand, and keeping logs changes nothing the batch does."""

from __future__ import annotations

import numpy as np
import pytest

from mahjong.game import Game
from mahjong.game.events import HandEnded
from mahjong.rl import GameBatch
from mahjong.rl.batch import HandLogs
from mahjong.scale.shards import splitmix64


def _choice(mask_row: np.ndarray, key: int) -> int:
    legal = np.flatnonzero(mask_row)
    return int(legal[splitmix64(key) % len(legal)])


def _play(batches: list[GameBatch], steps: int) -> list[list[tuple[int, list[int]]]]:
    """Step the batches with the same seeded actions (their rows must be the same); per game, each finished
    hand's rewards, in order."""
    ended: list[list[tuple[int, list[int]]]] = [[] for _ in range(batches[0].n)]
    counter = 0
    for _ in range(steps):
        rows = [b.observe() for b in batches]
        for o in rows[1:]:
            assert o.obs.tobytes() == rows[0].obs.tobytes() and o.mask.tobytes() == rows[0].mask.tobytes()
        acts = []
        for r in range(len(rows[0])):
            counter += 1
            acts.append(_choice(rows[0].mask[r], counter))
        results = [b.step(np.array(acts)) for b in batches]
        for res in results[1:]:
            assert res.done.tolist() == results[0].done.tolist()
            assert res.rewards.tolist() == results[0].rewards.tolist()
        for i in np.flatnonzero(results[0].done).tolist():
            ended[i].append((batches[0].hands_played[i] - 1, results[0].rewards[i].tolist()))
    return ended


@pytest.mark.parametrize("rules, steps", [("guobiao", 500), ("sichuan", 400), ("common", 300), ("nanchang", 120)])
def test_logs_are_the_hands_and_cost_nothing_the_batch_does(rules: str, steps: int) -> None:
    kept, bare = GameBatch(4, rules=rules, seed=6), GameBatch(4, rules=rules, seed=6, keep_logs=False)
    ended = _play([kept, bare], steps)  # (the same rows, done flags and rewards, step by step)
    assert not any(bare.logs) and sum(kept.hands_played) >= 4
    for i in range(4):
        logs = kept.logs[i]
        assert isinstance(logs, HandLogs) and len(logs) == kept.hands_played[i] == len(ended[i])
        for k, (hand, rewards) in enumerate(ended[i]):
            events = logs[k]
            # the single game of that hand, played with the kept actions through the step API
            g = Game(**kept.game_kwargs(i, hand))
            for seat, action in logs.actions(k):
                assert seat in g.pending
                g.act(seat, action)
            assert g.done and list(g.events) == events
            # ... and its nets are what the batch paid out for the hand
            end = events[-1]
            assert isinstance(end, HandEnded) and list(end.net) == rewards[: len(end.net)]
        # compact: two bytes an action
        assert logs.nbytes == 2 * sum(len(logs.actions(k)) for k in range(len(logs)))
        assert logs.nbytes <= 1024 * max(1, len(logs))
    assert kept.logs[0] == list(kept.logs[0]) and kept.logs[0][:1] == [kept.logs[0][0]]


def test_reading_a_log_that_is_not_there() -> None:
    batch = GameBatch(2, rules="guobiao", seed=3)
    with pytest.raises(IndexError, match="finished hands"):
        batch.logs[0][0]
    assert batch.logs[1] == [] and len(batch.logs[1]) == 0
