"""GameBatch under threads and under a failing hand: never corrupted, never wedged.

The contract (see :class:`mahjong.rl.GameBatch`): calls on one batch from several threads take turns (one lock),
so a read of ``batch.games`` during a step in another thread never copies a game the loop is changing, and a
reader holding ``batch.lock`` sees every game whole; and a hand that raises in the
Python part of a step, after the step's actions were taken, is abandoned and re-dealt, so the batch steps on.
"""

from __future__ import annotations

import threading
from typing import Any

import numpy as np
import pytest

from mahjong.rl import GameBatch
from mahjong.rl.errors import BatchHandError
from mahjong.scale.shards import splitmix64


def _actions(batch: GameBatch, key: int) -> np.ndarray:
    o = batch.observe()
    out = np.empty(len(o), dtype=np.int64)
    for r in range(len(o)):
        legal = np.flatnonzero(o.mask[r])
        out[r] = legal[splitmix64(key * 1000 + r) % len(legal)]
    return out


@pytest.mark.parametrize("rules", ["guobiao", "sichuan", "nanchang"])
def test_games_read_while_another_thread_steps(rules: str) -> None:
    batch = GameBatch(6, rules=rules, seed=5)
    errors: list[BaseException] = []
    stop = threading.Event()

    def stepper() -> None:
        try:
            for k in range(300):
                batch.step(_actions(batch, k))
        except BaseException as e:  # noqa: BLE001 - reported by the test
            errors.append(e)
        finally:
            stop.set()

    def reader() -> None:
        try:
            while not stop.is_set():
                with batch.lock:  # (games read whole: no step in between)
                    for g in batch.games:
                        g.state.tile_count_check()
        except BaseException as e:  # noqa: BLE001 - reported by the test
            errors.append(e)

    threads = [threading.Thread(target=stepper), threading.Thread(target=reader)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    assert not errors, errors
    for g in batch.games:  # every game whole, and the batch still steps
        g.state.tile_count_check()
    batch.step(_actions(batch, 10_000))
    assert sum(batch.hands_played) > 0


def _python_games(monkeypatch: pytest.MonkeyPatch) -> None:
    """Batches made next play Python games (``GameBatch._take``), as for a flow the core cannot hold (one with an
    engine hook of its own, whose ``core_params`` is None): every shipped flow plays on the core."""
    import mahjong.game.core as core_module

    monkeypatch.setattr(core_module, "core_params", lambda flow: None)


def _fail_once(monkeypatch: pytest.MonkeyPatch, name: str, after: int) -> dict[str, int]:
    """GameBatch.<name> raises RuntimeError on its ``after``-th call (0-based), once."""
    original = getattr(GameBatch, name)
    calls = {"n": 0, "raised": 0}

    def failing(self: GameBatch, *args: Any) -> Any:
        calls["n"] += 1
        if calls["n"] == after + 1:
            calls["raised"] += 1
            raise RuntimeError("a hand's Python part failed")
        return original(self, *args)

    monkeypatch.setattr(GameBatch, name, failing)
    return calls


@pytest.mark.parametrize("rules, part, options", [("sichuan", "_python_turn", {}), ("nanchang", "_take", {}),
                                                  # (kong money: the rule set settles each hand in Python)
                                                  ("nanchang", "_finish", {"kong_payments": "two_per_kong"})])
def test_a_hand_failing_after_the_step_does_not_wedge_the_batch(monkeypatch: pytest.MonkeyPatch, rules: str,
                                                                 part: str, options: dict[str, Any]) -> None:
    if part == "_take":
        _python_games(monkeypatch)
    batch = GameBatch(4, rules=rules, seed=3, options=options)
    if part == "_take":
        assert not batch.on_core
    if part == "_python_turn" and not batch.on_core:
        pytest.skip("the compiled loop's Python turns: compiled backend only")
    calls = _fail_once(monkeypatch, part, 2)
    raised = None
    played = list(batch.hands_played)
    for k in range(400):
        if part == "_python_turn":
            batch.games  # noqa: B018 - (read: Python drives every hand in play, so the loop returns to it)
        try:
            batch.step(_actions(batch, k))
        except BatchHandError as e:
            raised = e
            assert isinstance(e.__cause__, RuntimeError)
            assert not e.result.done[e.game] and not e.result.rewards[e.game].any()
            assert batch.hands_played[e.game] == played[e.game] + 1  # abandoned, the next hand dealt
        played = list(batch.hands_played)
    assert calls["raised"] == 1 and raised is not None
    # the batch went on stepping every game: each finished hands after the failure
    assert all(n >= 2 for n in batch.hands_played), batch.hands_played
    for g in batch.games:
        g.state.tile_count_check()


def test_keyboard_interrupt_in_a_hand_passes_through_and_the_batch_steps_on(monkeypatch: pytest.MonkeyPatch) -> None:
    _python_games(monkeypatch)
    batch = GameBatch(3, rules="nanchang", seed=1)
    assert not batch.on_core
    original = GameBatch._take
    state = {"n": 0}

    def interrupted(self: GameBatch, *args: Any) -> None:
        state["n"] += 1
        if state["n"] == 2:
            raise KeyboardInterrupt
        original(self, *args)

    monkeypatch.setattr(GameBatch, "_take", interrupted)
    with pytest.raises(KeyboardInterrupt):
        for k in range(10):
            batch.step(_actions(batch, k))
    for k in range(50):
        batch.step(_actions(batch, 100 + k))


@pytest.mark.parametrize("seed", [2**64, -1, 10**5000, True, 1.0],
                         ids=["2**64", "-1", "5001-digits", "True", "1.0"])
def test_batch_seeds_are_checked_as_games_are(seed: object) -> None:
    from mahjong.rl.errors import BatchError

    with pytest.raises(BatchError, match=r"seed must be a whole number from 0 to 2\*\*64 - 1"):
        GameBatch(2, rules="guobiao", seed=seed)  # type: ignore[arg-type]
    assert GameBatch(1, rules="guobiao", seed=2**64 - 1).seed == 2**64 - 1


def test_batch_seeds_take_numpy_integers_as_games_do() -> None:
    import numpy as np

    from mahjong.rl.errors import BatchError

    batch = GameBatch(2, rules="sichuan", seed=np.uint64(7))
    assert type(batch.seed) is int and batch.seed == 7
    assert bytes(batch.observe().obs) == bytes(GameBatch(2, rules="sichuan", seed=7).observe().obs)
    with pytest.raises(BatchError, match="seed must be a whole number"):
        GameBatch(2, rules="sichuan", seed=np.float64(7))  # type: ignore[arg-type]
