"""GameBatch: n games in lockstep equal n single games; bad input is refused clearly and locally."""

from __future__ import annotations

import weakref
from typing import Any

import numpy as np
import pytest

from mahjong.game import N_ACTIONS, Game
from mahjong.rl import GameBatch
from mahjong.rl.errors import BatchActionError, BatchError
from mahjong.rl.obs_v1 import N_PLANES, WIDTH, encode
from mahjong.rl.view import view_of
from mahjong.scale.shards import splitmix64


def _choice(mask_row: np.ndarray, key: int) -> int:
    legal = np.flatnonzero(mask_row)
    return int(legal[splitmix64(key) % len(legal)])


@pytest.mark.parametrize("rules, n, steps", [("guobiao", 5, 400), ("sichuan", 3, 300), ("common", 2, 250),
                                             ("wuhu-2468", 2, 150), ("nanchang", 2, 150), ("hongzhong", 2, 150),
                                             ("jinshan", 2, 150), ("twoplayer", 2, 150), ("changsha", 2, 150),
                                             ("guangdong", 2, 150)])
def test_batch_equals_single_games_with_the_same_seeds_and_actions(rules: str, n: int, steps: int) -> None:
    """Logs, observation rows and masks: the compiled loop (every rule set: wildcards, held bonus tiles, two
    seats, opening wins) against single ``Game``s through the step API."""
    batch = GameBatch(n, rules=rules, seed=11)
    # per game: (seat, action, obs row bytes, mask bytes) in order
    chosen: list[list[tuple[int, int, bytes, bytes]]] = [[] for _ in range(n)]
    counter = 0
    for _ in range(steps):
        o = batch.observe()
        acts = []
        for r in range(len(o)):
            counter += 1
            a = _choice(o.mask[r], counter)
            acts.append(a)
            chosen[int(o.game[r])].append((int(o.seat[r]), a, o.obs[r].tobytes(), o.mask[r].tobytes()))
        batch.step(np.array(acts))
    finished = sum(len(x) for x in batch.logs)
    assert finished >= n, "every game should finish at least one hand in this many steps"
    for i in range(n):
        # replay game i alone: hand after hand with the batch's seeds and the same actions in the same order
        todo = list(chosen[i])
        hand = 0
        single_logs = []
        g = Game(**batch.game_kwargs(i, hand))
        for seat, a, row, mask in todo:
            assert seat in g.pending
            # the single game's observation and mask equal the batch's row for it
            assert row == encode(view_of(g, seat)).tobytes()
            assert mask == bytes(g.action_mask(seat))
            g.act(seat, a)
            if g.done:
                single_logs.append(list(g.events))
                hand += 1
                g = Game(**batch.game_kwargs(i, hand))
        assert single_logs == batch.logs[i]
        assert g.events == batch.games[i].events  # the hand in progress too


def test_observation_rows_match_single_game_encoding() -> None:
    batch = GameBatch(3, rules="guobiao", seed=2)
    o = batch.observe()
    assert o.obs.shape == (len(o), N_PLANES, WIDTH) and o.obs.dtype == np.float32
    assert o.mask.shape == (len(o), N_ACTIONS) and o.mask.dtype == np.int8
    for r in range(len(o)):
        g = Game(**batch.game_kwargs(int(o.game[r]), 0))
        s = int(o.seat[r])
        assert (o.obs[r] == encode(view_of(g, s))).all()
        assert bytes(o.mask[r].tobytes()) == bytes(g.action_mask(s))


def _to_claim_window(batch: GameBatch) -> None:
    """Step with first-legal actions until some game has two seats answering one discard."""
    for _ in range(2000):
        rows = batch.rows()
        if len(rows) > len({i for i, _ in rows}):
            return
        o = batch.observe()
        batch.step(np.array([int(np.flatnonzero(m)[0]) for m in o.mask]))
    raise AssertionError("no claim window with two seats reached")


@pytest.mark.parametrize(
    "bad, match",
    [
        (np.zeros((7, 7), dtype=np.int64), "shape"),
        (np.zeros((1, 2, 3), dtype=np.int64), "shape"),
        ("discard", "integer"),
        (np.zeros(3, dtype=np.float32), "integer"),
        (np.ones(3, dtype=bool), "integer"),
    ],
)
def test_badly_shaped_actions_change_nothing(bad: Any, match: str) -> None:
    batch = GameBatch(3, seed=5)
    before = [list(g.events) for g in batch.games]
    with pytest.raises(BatchError, match=match):
        batch.step(bad)
    assert [list(g.events) for g in batch.games] == before


def test_wrong_row_count_and_out_of_range() -> None:
    batch = GameBatch(3, seed=5)
    m = len(batch.rows())
    with pytest.raises(BatchError, match=rf"expected \({m},\)"):
        batch.step(np.zeros(m + 1, dtype=np.int64))
    with pytest.raises(BatchError, match="outside"):
        batch.step(np.full(m, N_ACTIONS, dtype=np.int64))


def test_action_for_a_seat_not_to_move() -> None:
    batch = GameBatch(2, seed=5)
    grid = np.full((2, 4), -1, dtype=np.int64)
    for i, s in batch.rows():
        grid[i, s] = int(np.flatnonzero(np.frombuffer(batch.action_mask(i, s), dtype=np.int8))[0])
    idle = next(s for s in range(4) if s not in batch.pending(1))
    bad = grid.copy()
    bad[1, idle] = 0
    with pytest.raises(BatchError, match=f"game 1: seat {idle} is not to move"):
        batch.step(bad)
    missing = grid.copy()
    missing[0, batch.pending(0)[0]] = -1
    with pytest.raises(BatchError, match="game 0: seat .* must act now"):
        batch.step(missing)
    batch.step(grid)  # the well-formed grid is accepted


def test_illegal_action_refused_for_that_game_only() -> None:
    batch = GameBatch(4, seed=9)
    _to_claim_window(batch)
    o = batch.observe()
    acts = np.array([int(np.flatnonzero(m)[0]) for m in o.mask])
    # the last row's game (maybe a claim window with several rows): give one of its seats an illegal action
    victim = int(o.game[-1])
    r = len(o) - 1
    acts[r] = int(np.flatnonzero(o.mask[r] == 0)[0])
    before_victim = list(batch.games[victim].events)
    before_pending = batch.pending(victim)
    others_before = {i: len(g.events) for i, g in enumerate(batch.games) if i != victim}
    with pytest.raises(BatchActionError, match=f"game {victim}: seat {int(o.seat[r])} cannot take action") as ei:
        batch.step(acts)
    assert set(ei.value.refused) == {victim}
    assert batch.games[victim].events == before_victim and batch.pending(victim) == before_pending
    assert all(len(batch.games[i].events) > n or ei.value.result.done[i] for i, n in others_before.items())


def test_batch_of_two_seat_game_and_auto_reset_counts() -> None:
    batch = GameBatch(2, rules="twoplayer", seed=3)
    assert batch.seats == tuple(batch.games[0].flow.seats) and len(batch.seats) == 2
    for _ in range(3000):
        o = batch.observe()
        r = batch.step(np.array([int(np.flatnonzero(m)[-1]) for m in o.mask]))
        assert (r.rewards.sum(axis=1) == 0).all()
        if sum(batch.hands_played) >= 2:
            break
    assert sum(batch.hands_played) >= 2


@pytest.mark.parametrize("n", [0, -3, 1.5, True])
def test_bad_batch_size(n: Any) -> None:
    with pytest.raises(BatchError, match="at least one game"):
        GameBatch(n)


def _play(batch: GameBatch, steps: int) -> list[bytes]:
    out = []
    for _ in range(steps):
        o = batch.observe()
        out.append(o.obs.tobytes() + o.mask.tobytes())
        batch.step(o.mask.argmax(axis=1))
    return out


def test_batches_in_two_threads_equal_serial_runs() -> None:
    """The compiled loop runs without the GIL: two batches stepped at once in two threads give what each gives
    alone (no shared state between batches)."""
    import threading

    batches = [GameBatch(8, rules=r, seed=4, keep_logs=False) for r in ("guobiao", "sichuan")]
    from mahjong import BACKEND

    assert all(b.on_core for b in batches) == (BACKEND == "cython")
    got: dict[int, list[bytes]] = {}
    threads = [threading.Thread(target=lambda k=k: got.__setitem__(k, _play(batches[k], 120))) for k in (0, 1)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    alone = [_play(GameBatch(8, rules=r, seed=4, keep_logs=False), 120) for r in ("guobiao", "sichuan")]
    assert got[0] == alone[0] and got[1] == alone[1]


@pytest.mark.parametrize("rules", ["guobiao", "common", "guangdong"])
def test_hands_the_loop_resets_itself_equal_the_python_driven_ones(rules: str) -> None:
    """With logs off, a hand that ends with no win (nothing to pay) is settled and re-dealt inside the compiled
    loop (广东's won hands too: its book settles them in C, 买马 paid there): the same rows, masks, done flags and
    rewards step by step as the batch whose every hand end Python records (logs on)."""
    fast = GameBatch(6, rules=rules, seed=3, keep_logs=False)
    logged = GameBatch(6, rules=rules, seed=3)
    counter = 0
    for _ in range(400 if fast.on_core else 150):  # (the pure-Python backend: both batches are Python games)
        a, b = fast.observe(), logged.observe()
        assert a.obs.tobytes() == b.obs.tobytes() and a.mask.tobytes() == b.mask.tobytes()
        assert a.game.tolist() == b.game.tolist() and a.seat.tolist() == b.seat.tolist()
        acts = []
        for r in range(len(a)):
            counter += 1
            acts.append(_choice(a.mask[r], counter))
        ra, rb = fast.step(np.array(acts)), logged.step(np.array(acts))
        assert ra.done.tolist() == rb.done.tolist() and ra.rewards.tolist() == rb.rewards.tolist()
    assert fast.hands_played == logged.hands_played and sum(fast.hands_played) >= 6
    assert [len(x) for x in logged.logs] == logged.hands_played and not any(fast.logs)
    wins = sum(1 for log in logged.logs for hand in log if any(type(e).__name__ == "Won" for e in hand))
    assert sum(fast.hands_played) > wins  # some hands ended with no win: the loop's own resets were exercised
    for i in range(6):  # the hands in play, made from the loop's cores now, are the logged batch's
        assert fast.games[i].events == logged.games[i].events


def test_output_arrays_are_reused_until_the_next_step_or_copied() -> None:
    batch = GameBatch(4, rules="guobiao", seed=8, keep_logs=False)
    first = batch.observe()
    kept = batch.observe(copy=True)
    assert batch.observe() is first and kept.obs is not first.obs
    saved = (first.obs.copy(), first.mask.copy(), first.game.copy(), first.seat.copy())
    result = batch.step(first.mask.argmax(axis=1))
    again = batch.step(batch.observe().mask.argmax(axis=1))
    second = batch.observe()
    assert again.done is result.done  # the step's arrays are reused as well
    if len(second) <= first.obs.base.shape[0]:  # (room enough: the same arrays)
        assert np.shares_memory(first.obs, second.obs)
    for x, y in zip((kept.obs, kept.mask, kept.game, kept.seat), saved):
        assert (x == y).all()  # the copy is the caller's


@pytest.mark.skipif(not GameBatch(1).on_core, reason="the compiled loop's large-batch path")
def test_a_large_batch_rows_equal_each_core_encoded_alone() -> None:
    """A batch whose rows exceed the caches (here 300 games, about 12 MB of rows) writes each row through a
    scratch row, line by line past the caches, and reuses rows that held another game's view a step before:
    every row, every step, equals that seat's array encoded alone from its game's core into a fresh array."""
    from mahjong import _core

    n = 300
    batch = GameBatch(n, rules="guobiao", seed=21, keep_logs=False)
    alone = np.empty((N_PLANES, WIDTH), dtype=np.float32)
    counter = 0
    for _ in range(16):  # (from the second step on, every row held another view before)
        o = batch.observe()
        assert o.obs.base is not None and o.obs.base.nbytes > 8 << 20  # (the large path)
        for r in range(len(o)):
            alone.fill(7.0)
            _core._obs_v1_encode_core(batch._cores.core(int(o.game[r])), int(o.seat[r]), (0, 0, 0, 0), alone)
            assert o.obs[r].tobytes() == alone.tobytes(), (r, int(o.game[r]), int(o.seat[r]))
        acts = []
        for r in range(len(o)):
            counter += 1
            acts.append(_choice(o.mask[r], counter))
        batch.step(np.array(acts))


def _lockstep(a: GameBatch, b: GameBatch, steps: int, seed: int) -> int:
    """Step two batches with the same random legal actions, asserting the same rows, masks, done flags and
    rewards every step; the steps where a row's scores planes are not all zero (money moved during play)."""
    from mahjong.rl.obs_v1 import plane_offsets

    first, count = plane_offsets()["scores"]
    scored = 0
    counter = seed
    for _ in range(steps):
        x, y = a.observe(), b.observe()
        assert x.obs.tobytes() == y.obs.tobytes() and x.mask.tobytes() == y.mask.tobytes()
        assert x.game.tolist() == y.game.tolist() and x.seat.tolist() == y.seat.tolist()
        scored += bool(x.obs[:, first:first + count].any())
        acts = []
        for r in range(len(x)):
            counter += 1
            acts.append(_choice(x.mask[r], counter))
        ra, rb = a.step(np.array(acts)), b.step(np.array(acts))
        assert ra.done.tolist() == rb.done.tolist() and ra.rewards.tolist() == rb.rewards.tolist()
    return scored


def test_sichuan_scored_settled_and_dealt_in_the_loop_equals_the_rule_books_settlement(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Sichuan in the compiled loop: wins scored in C, the running scores (刮风下雨, each 血战 win) followed in C
    for the scores planes, and, logs off, every hand settled (查花猪, 查大叫, 退税 included) and re-dealt there.
    Against a logged batch, whose every hand end the rule book settles in Python: the same rows (scores planes
    included), masks, done flags and rewards, step by step; and no hand of the fast batch returns to Python."""
    fast = GameBatch(6, rules="sichuan", seed=3, keep_logs=False)
    logged = GameBatch(6, rules="sichuan", seed=3)
    turns: list[int] = []
    if fast.on_core:
        real = fast._python_turn
        monkeypatch.setattr(fast, "_python_turn", lambda i, *a: turns.append(i) or real(i, *a))
    scored = _lockstep(fast, logged, 400 if fast.on_core else 120, 1)
    assert scored, "some money should move during play (the scores planes)"
    assert sum(fast.hands_played) >= 6 and fast.hands_played == logged.hands_played
    assert turns == []  # (every hand end, won or not, settled in the loop)
    for i in range(6):  # the hands in play, made from the loop's cores now, are the logged batch's
        assert fast.games[i].events == logged.games[i].events


@pytest.mark.skipif(not GameBatch(1).on_core, reason="the compiled loop's rule-book evaluator")
def test_sichuan_values_the_compiled_book_cannot_hold_are_left_to_the_rule_book(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A compiled book whose fan rows are worth 1,000 fans each (no cap) makes almost every win too big for C: the
    win is scored by the rule book (a ``score`` question), the running scores after it worked out by the rule
    book, the hand settled by it.  The batch still plays exactly the batch with the real book."""
    import mahjong.game.core as core
    from mahjong._core import CompiledBook
    from mahjong.rulebook import opcodes as O
    from mahjong.rulebook.compiler import compiled

    normal = GameBatch(6, rules="sichuan", seed=5, keep_logs=False)
    real = core._book_in_c

    def poisoned(flow: Any, *how: Any) -> Any:
        hook = real(flow, *how)
        cb = compiled(flow.ruleset)
        assert hook is not None and cb is not None
        image = list(cb.image)
        h = cb.header
        for r in range(h["n_rows"]):
            at = h["rows_at"] + r * len(O.ROW)
            if image[at + O.ROW.index("unit")] == O.UNITS.index("fan"):
                image[at + O.ROW.index("value")] = image[at + O.ROW.index("self_drawn_value")] = 1000
        image[O.HEADER.index("fan_cap")] = -1  # no fan cap
        return (CompiledBook(image), *hook[1:])

    monkeypatch.setattr(core, "_book_in_c", poisoned)
    monkeypatch.setattr(core, "_KEPT", weakref.WeakKeyDictionary())  # (no compiled book kept from before)
    odd = GameBatch(6, rules="sichuan", seed=5, keep_logs=False)
    statuses: list[int] = []
    turn = odd._python_turn
    monkeypatch.setattr(odd, "_python_turn", lambda i, st, *a: statuses.append(st) or turn(i, st, *a))
    _lockstep(odd, normal, 300, 2)
    st = odd._st
    assert {st["SCORE"], st["SCORES"], st["END"]} <= set(statuses)
