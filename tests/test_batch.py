"""Batch kernels: same answers as the single-hand kernels, row by row; bad buffers raise our errors."""

from __future__ import annotations

import array
import importlib
import os
import random

import pytest

from mahjong.errors import HandError, MahjongError, RulesError
from mahjong.rules import DEFAULT, GUOBIAO, NANCHANG, SICHUAN, YUHUAN, HandRules

np = pytest.importorskip("numpy")

try:
    core = importlib.import_module("mahjong._core")
except ImportError:
    if os.environ.get("MAHJONG_PURE_PYTHON") == "1":
        pytest.skip("compiled module not built (MAHJONG_PURE_PYTHON=1)", allow_module_level=True)
    raise

from mahjong import _reference as ref

RULES = [DEFAULT, GUOBIAO, SICHUAN, NANCHANG, YUHUAN, DEFAULT.replace(wait_on_fourth_copy=True)]


def _rows(rng: random.Random, rules: HandRules, n_tiles: int, count: int) -> np.ndarray:
    kinds = 27 if rules.no_honors else 34
    out = np.zeros((count, 34), dtype=np.uint8)
    for i in range(count):
        pool = rng.sample(range(kinds), rng.randint(5, 14))
        while out[i].sum() < n_tiles:
            t = rng.choice(pool)
            if out[i, t] < 4:
                out[i, t] += 1
    return out


@pytest.mark.parametrize("rules", RULES, ids=lambda r: f"{r.hand_size}-{r.flags}")
@pytest.mark.parametrize("k", [0, 1, 3])
def test_batch_equals_single(rules: HandRules, k: int) -> None:
    rng = random.Random(rules.flags * 31 + k)
    k = min(k, rules.max_wildcards)
    win_rows = _rows(rng, rules, rules.hand_size + 1 - k, 300)
    wait_rows = _rows(rng, rules, rules.hand_size - k, 300)
    wins = core.is_win_batch(win_rows, k, rules)
    assert isinstance(wins, bytearray) and len(wins) == 300
    assert list(wins) == [int(core.is_win(bytes(r), k, rules)) for r in win_rows]
    sh = core.shanten_batch(wait_rows, k, rules)
    assert isinstance(sh, array.array) and sh.typecode == "b"
    assert list(sh) == [core.shanten(bytes(r), k, rules) for r in wait_rows]
    assert list(core.shanten_batch(win_rows, k, rules)) == [core.shanten(bytes(r), k, rules) for r in win_rows]
    ws = core.waits_batch(wait_rows, k, rules)
    assert isinstance(ws, list)
    for r, mask in zip(wait_rows, ws):
        tiles = core.waits(bytes(r), k, rules).tiles
        assert mask == sum(1 << t for t in tiles)


def test_batch_equals_reference_batch() -> None:
    rng = random.Random(5)
    rows = _rows(rng, DEFAULT, 13, 60)
    assert core.waits_batch(rows) == ref.waits_batch(rows)
    assert core.shanten_batch(rows) == ref.shanten_batch(rows)
    rows14 = _rows(rng, DEFAULT, 14, 60)
    assert core.is_win_batch(rows14) == ref.is_win_batch(rows14)


def test_flat_bytes_and_empty() -> None:
    rng = random.Random(9)
    rows = _rows(rng, DEFAULT, 13, 20)
    assert core.shanten_batch(rows.tobytes()) == core.shanten_batch(rows)
    assert core.shanten_batch(bytearray(rows.tobytes())) == core.shanten_batch(rows)
    empty = np.zeros((0, 34), dtype=np.uint8)
    assert core.is_win_batch(empty) == bytearray()
    assert list(core.shanten_batch(empty)) == []
    assert core.waits_batch(empty) == []


@pytest.mark.parametrize(
    "bad",
    [
        np.zeros((3, 33), dtype=np.uint8),  # wrong row length
        np.zeros((3, 34), dtype=np.int64),  # wrong dtype
        np.zeros((3, 34), dtype=np.float32),
        np.zeros((2, 3, 34), dtype=np.uint8),  # wrong dimensions
        np.zeros((34, 6), dtype=np.uint8).T,  # not C-contiguous
        np.zeros((4, 68), dtype=np.uint8)[:, ::2],  # strided view
        b"\x00" * 35,  # flat bytes, not a multiple of 34
        "123m",
        [[0] * 34],
        None,
    ],
)
@pytest.mark.parametrize("fn", ["is_win_batch", "shanten_batch", "waits_batch"])
def test_bad_buffers(bad: object, fn: str) -> None:
    with pytest.raises(HandError) as mine:
        getattr(core, fn)(bad)
    with pytest.raises(HandError) as theirs:
        getattr(ref, fn)(bad)
    assert str(mine.value) == str(theirs.value)


@pytest.mark.parametrize("fn,n", [("is_win_batch", 14), ("shanten_batch", 13), ("waits_batch", 13)])
def test_bad_rows_named(fn: str, n: int) -> None:
    rng = random.Random(1)
    rows = _rows(rng, DEFAULT, n, 5)
    rows[3, 0] = 5  # a fifth copy in row 3
    with pytest.raises(HandError, match="row 3"):
        getattr(core, fn)(rows)
    rows = _rows(rng, DEFAULT, n, 5)
    rows[2, :] = 0
    rows[2, 0:6] = [3, 3, 3, 3, 3, 0]  # 15 tiles in row 2: a multiple of 3, and too many
    with pytest.raises(HandError, match="row 2"):
        getattr(core, fn)(rows)
    honors = _rows(rng, SICHUAN, n, 2)
    honors[1, :] = 0
    honors[1, 27] = 2
    honors[1, 0:9] = [1, 1, 1, 1, 1, 1, 1, 1, 1] if n == 13 else [2, 1, 1, 1, 1, 1, 1, 1, 1]
    with pytest.raises(HandError, match="row 1"):
        getattr(core, fn)(honors, 0, SICHUAN)


def test_bad_scalars() -> None:
    rows = np.zeros((1, 34), dtype=np.uint8)
    rows[0, 0] = 2
    with pytest.raises(RulesError):
        core.is_win_batch(rows, 0, "guobiao")
    with pytest.raises(MahjongError):
        core.is_win_batch(rows, 9)
    with pytest.raises(MahjongError):
        core.is_win_batch(rows, -1)


def test_readonly_buffer_and_gil_threads() -> None:
    """Read-only buffers work; batches in threads agree with a serial run (the GIL is released)."""
    import threading

    rng = random.Random(2)
    rows = _rows(rng, GUOBIAO, 13, 2000)
    rows.setflags(write=False)
    want = core.shanten_batch(rows, 0, GUOBIAO)
    got: list[object] = [None] * 4

    def work(i: int) -> None:
        got[i] = core.shanten_batch(rows, 0, GUOBIAO)

    threads = [threading.Thread(target=work, args=(i,)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert all(g == want for g in got)
