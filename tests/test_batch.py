"""Batch kernels: same answers as the single-hand kernels, row by row, for every buffer layout; bad buffers raise
our errors; another thread writing into the array during a call can never crash it."""

from __future__ import annotations

import array
import importlib
import os
import random
import sys
import threading
import time
from collections.abc import Callable
from typing import Any

import pytest

from mahjong.errors import HandError, MahjongError, RulesError
from mahjong.rules import DEFAULT, GUOBIAO, NANCHANG, SICHUAN, YUHUAN, HandRules
from mahjong.tiles import format_tiles, tiles_of

np = pytest.importorskip("numpy")

try:
    core = importlib.import_module("mahjong._core")
except ImportError:
    if os.environ.get("MAHJONG_PURE_PYTHON") == "1":
        pytest.skip("compiled module not built (MAHJONG_PURE_PYTHON=1)", allow_module_level=True)
    raise

from mahjong import _reference as ref  # noqa: E402  (after the backend check above)

RULES = [DEFAULT, GUOBIAO, SICHUAN, NANCHANG, YUHUAN, DEFAULT.replace(wait_on_fourth_copy=True)]
BACKENDS = [core, ref]


def _rows(rng: random.Random, rules: HandRules, n_tiles: int, count: int) -> Any:
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
    assert isinstance(wins, np.ndarray) and wins.dtype == np.bool_ and wins.shape == (300,)
    assert wins.tolist() == [core.is_win(bytes(r), k, rules) for r in win_rows]
    sh = core.shanten_batch(wait_rows, k, rules)
    assert sh.dtype == np.int8
    assert sh.tolist() == [core.shanten(bytes(r), k, rules) for r in wait_rows]
    assert core.shanten_batch(win_rows, k, rules).tolist() == [core.shanten(bytes(r), k, rules) for r in win_rows]
    ws = core.waits_batch(wait_rows, k, rules)
    assert ws.dtype == np.uint64
    for r, mask in zip(wait_rows, ws.tolist()):
        assert mask == sum(1 << t for t in core.waits(bytes(r), k, rules).tiles)


def test_output_types_follow_the_input() -> None:
    """numpy in, numpy out; bytes or lists in, the standard-library types out (numpy is never imported)."""
    rows = _rows(random.Random(3), DEFAULT, 13, 4)
    flat = rows.tobytes()
    for k in BACKENDS:
        assert isinstance(k.is_win_batch(_rows(random.Random(3), DEFAULT, 14, 4).tobytes()), bytearray)
        sh = k.shanten_batch(flat)
        assert isinstance(sh, array.array) and sh.typecode == "b"
        assert isinstance(k.waits_batch(flat), list)
        assert k.shanten_batch([bytes(r) for r in rows]) == sh
        assert k.waits_batch(rows).tolist() == k.waits_batch(flat)


def test_batch_equals_reference_batch() -> None:
    rng = random.Random(5)
    rows = _rows(rng, DEFAULT, 13, 60)
    assert core.waits_batch(rows).tolist() == ref.waits_batch(rows).tolist()
    assert core.shanten_batch(rows).tolist() == ref.shanten_batch(rows).tolist()
    rows14 = _rows(rng, DEFAULT, 14, 60)
    assert core.is_win_batch(rows14).tolist() == ref.is_win_batch(rows14).tolist()


LAYOUTS: list[tuple[str, Callable[[Any], Any]]] = [
    ("int64", lambda a: a.astype(np.int64)),
    ("int8", lambda a: a.astype(np.int8)),
    ("uint16-big-endian", lambda a: a.astype(">u2")),
    ("int32-little-endian", lambda a: a.astype("<i4")),
    ("uint64-big-endian", lambda a: a.astype(">u8")),
    ("fortran-order", lambda a: np.asfortranarray(a)),
    ("transposed-back", lambda a: np.ascontiguousarray(a.T).T),
    ("every-other-column", lambda a: np.repeat(a, 2, axis=1)[:, ::2]),
    ("reversed-rows", lambda a: a[::-1][::-1]),
    ("negative-strides", lambda a: a[::-1, ::-1][::-1, ::-1]),
    ("flat-int16", lambda a: a.astype(np.int16).ravel()),
    ("flat-bytes", lambda a: a.tobytes()),
    ("array.array-l", lambda a: array.array("l", a.ravel().tolist())),
    ("memoryview", lambda a: memoryview(a)),
    ("list-of-lists", lambda a: a.tolist()),
    ("list-of-notation", lambda a: [format_tiles(tiles_of(r)) for r in a.tolist()]),
]


@pytest.mark.parametrize("name,layout", LAYOUTS, ids=[n for n, _ in LAYOUTS])
@pytest.mark.parametrize("backend", BACKENDS, ids=["core", "reference"])
def test_every_integer_layout(backend: Any, name: str, layout: Callable[[Any], Any]) -> None:
    """Any integer dtype, byte order, stride, flat or 2-D: the same answers as the uint8 array."""
    rng = random.Random(11)
    rows = _rows(rng, DEFAULT, 13, 25)
    want = core.shanten_batch(rows).tolist()
    got = backend.shanten_batch(layout(rows))
    assert list(got) == want
    want_w = core.waits_batch(rows).tolist()
    assert [int(x) for x in backend.waits_batch(layout(rows))] == want_w


def test_wildcards_per_row() -> None:
    rng = random.Random(8)
    per_row = [0, 1, 2, 3] * 5
    rows = np.concatenate([_rows(rng, DEFAULT, 14 - k, 1) for k in per_row])
    want = [core.is_win(bytes(r), k) for r, k in zip(rows, per_row)]
    for backend in BACKENDS:
        for ks in (per_row, tuple(per_row), np.array(per_row, dtype=np.int64), bytes(per_row)):
            assert backend.is_win_batch(rows, ks).tolist() == want
        with pytest.raises(HandError, match="3 counts for 20 rows"):
            backend.is_win_batch(rows, [0, 1, 2])
        with pytest.raises(HandError, match="wildcards of row 2"):
            backend.is_win_batch(rows, [0, 1, 9] + per_row[3:])
        with pytest.raises(HandError, match="bool"):
            backend.is_win_batch(rows, [True] * 20)


def test_flat_bytes_and_empty() -> None:
    rng = random.Random(9)
    rows = _rows(rng, DEFAULT, 13, 20)
    assert list(core.shanten_batch(rows.tobytes())) == core.shanten_batch(rows).tolist()
    assert core.shanten_batch(bytearray(rows.tobytes())) == core.shanten_batch(rows.tobytes())
    empty = np.zeros((0, 34), dtype=np.uint8)
    for backend in BACKENDS:
        assert len(backend.is_win_batch(empty)) == 0
        assert backend.is_win_batch(b"") == bytearray()
        assert list(backend.shanten_batch(empty)) == []
        assert backend.waits_batch([]) == []


@pytest.mark.parametrize(
    "bad,pattern",
    [
        (np.zeros((3, 33), dtype=np.uint8), r"shape N × 34"),
        (np.zeros((3, 34), dtype=np.float32), "integer dtype"),
        (np.zeros((3, 34), dtype=np.bool_), "integer dtype"),
        (np.zeros((3, 34), dtype="M8[s]"), "cannot read"),
        (np.zeros((3, 34), dtype=np.complex64), "integer dtype"),
        (np.zeros((2, 3, 34), dtype=np.uint8), r"shape N × 34"),
        (np.ma.masked_array(np.zeros((2, 34), dtype=np.uint8)), "masked"),
        (b"\x00" * 35, "N\\*34"),
        ("123m", "str"),
        (None, "cannot read"),
        (3, "cannot read"),
        ([[0] * 33], "34 entries|out of range|tile"),
        ([None], "row 0"),
    ],
)
@pytest.mark.parametrize("fn", ["is_win_batch", "shanten_batch", "waits_batch"])
def test_bad_buffers(bad: object, pattern: str, fn: str) -> None:
    with pytest.raises(HandError, match=pattern) as mine:
        getattr(core, fn)(bad)
    with pytest.raises(HandError) as theirs:
        getattr(ref, fn)(bad)
    assert str(mine.value) == str(theirs.value)


@pytest.mark.parametrize("fn,n", [("is_win_batch", 14), ("shanten_batch", 13), ("waits_batch", 13)])
@pytest.mark.parametrize("dtype", ["uint8", ">i4", "int64"])
def test_bad_rows_named(fn: str, n: int, dtype: str) -> None:
    rng = random.Random(1)
    for backend in BACKENDS:
        rows = _rows(rng, DEFAULT, n, 5).astype(dtype)
        rows[3, 0] = 5  # a fifth copy in row 3
        with pytest.raises(HandError, match="row 3: 5 copies of 1m"):
            getattr(backend, fn)(rows)
        rows = _rows(rng, DEFAULT, n, 5).astype(dtype)
        rows[4, 7] = 300 if dtype != "uint8" else 200
        with pytest.raises(HandError, match="row 4"):
            getattr(backend, fn)(rows)
        if dtype != "uint8":
            rows[4, 7] = -1
            with pytest.raises(HandError, match="row 4: negative count -1 for 8m"):
                getattr(backend, fn)(rows)
        rows = _rows(rng, DEFAULT, n, 5)
        rows[2, :] = 0
        rows[2, 0:6] = [3, 3, 3, 3, 3, 0]  # 15 tiles in row 2: a multiple of 3, and too many
        with pytest.raises(HandError, match="row 2"):
            getattr(backend, fn)(rows)
        honors = _rows(rng, SICHUAN, n, 2)
        honors[1, :] = 0
        honors[1, 27] = 2
        honors[1, 0:9] = [1, 1, 1, 1, 1, 1, 1, 1, 1] if n == 13 else [2, 1, 1, 1, 1, 1, 1, 1, 1]
        with pytest.raises(HandError, match="row 1"):
            getattr(backend, fn)(honors, 0, SICHUAN)


def test_bad_scalars() -> None:
    rows = np.zeros((1, 34), dtype=np.uint8)
    rows[0, 0] = 2
    for backend in BACKENDS:
        with pytest.raises(RulesError):
            backend.is_win_batch(rows, 0, "guobiao")
        with pytest.raises(RulesError, match="instance"):
            backend.is_win_batch(rows, 0, HandRules)
        for bad in (9, -1, 1.0, "1", None, True):
            with pytest.raises(MahjongError):
                backend.is_win_batch(rows, bad)


def test_readonly_buffer_and_gil_threads() -> None:
    """Read-only buffers work; batches in threads agree with a serial run (the GIL is released)."""
    rng = random.Random(2)
    rows = _rows(rng, GUOBIAO, 13, 2000)
    rows.setflags(write=False)
    want = core.shanten_batch(rows, 0, GUOBIAO).tolist()
    got: list[object] = [None] * 4

    def work(i: int) -> None:
        got[i] = core.shanten_batch(rows, 0, GUOBIAO).tolist()

    threads = [threading.Thread(target=work, args=(i,)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert all(g == want for g in got)


def test_fresh_suit_entries_from_many_threads() -> None:
    """Threads racing to fill never-seen suit table entries (the lazily published ones) agree with one thread."""
    rng = random.Random(77)
    # tiles in one suit only, 11 to 14 of them: shapes no other test fills in first
    rows = np.zeros((3000, 34), dtype=np.uint8)
    for i in range(3000):
        while rows[i].sum() < 13:
            t = 9 + rng.randrange(9)
            if rows[i, t] < 4:
                rows[i, t] += 1
    got: list[object] = [None] * 4
    barrier = threading.Barrier(4)

    def work(i: int) -> None:
        barrier.wait()
        got[i] = core.waits_batch(rows).tolist()

    threads = [threading.Thread(target=work, args=(i,)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    want = [sum(1 << t for t in ref.waits(bytes(r)).tiles) for r in rows[:200]]
    assert all(g == got[0] for g in got) and got[0][:200] == want  # type: ignore[index]


@pytest.mark.parametrize("fn", ["is_win_batch", "shanten_batch", "waits_batch"])
def test_mutation_during_the_call_never_crashes(fn: str) -> None:
    """Regression: a thread writing counts above 4 into the array while a batch runs used to send them into
    a table index (the rows were checked once with the GIL held and read again without it).  Now each row is
    copied, then the copy is checked and read: every call returns answers or names a bad row."""
    rng = random.Random(4)
    rows = _rows(rng, DEFAULT, 14 if fn == "is_win_batch" else 13, 20_000)
    stop = threading.Event()

    def vandal() -> None:
        r = random.Random(5)
        while not stop.is_set():
            i, j = r.randrange(rows.shape[0]), r.randrange(34)
            rows[i, j] = r.choice((0, 4, 5, 200, 255))

    t = threading.Thread(target=vandal)
    t.start()
    outcomes = set()
    try:
        for _ in range(30):
            try:
                out = getattr(core, fn)(rows)
                assert len(out) == rows.shape[0]
                outcomes.add("answer")
            except HandError as e:
                assert str(e).startswith("row ")
                outcomes.add("error")
    finally:
        stop.set()
        t.join()
    assert outcomes



@pytest.mark.parametrize("fn", ["is_win_batch", "shanten_batch", "waits_batch"])
def test_two_threads_over_halves_equal_one_call(fn: str) -> None:
    """The thread-scaling benchmark's split: two threads over the two halves of one batch give exactly the
    answers of one call over all of it."""
    rows = _rows(random.Random(8), DEFAULT, 14 if fn == "is_win_batch" else 13, 4000)
    kernel = getattr(core, fn)
    want = kernel(rows).tolist()
    got: list[Any] = [None, None]
    barrier = threading.Barrier(2)

    def half(i: int) -> None:
        barrier.wait()
        got[i] = kernel(rows[:2000] if i == 0 else rows[2000:]).tolist()

    threads = [threading.Thread(target=half, args=(i,)) for i in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert got[0] + got[1] == want


@pytest.mark.parametrize("fn", ["is_win_batch", "shanten_batch", "waits_batch"])
def test_gil_released_during_the_rows(fn: str) -> None:
    """Another Python thread makes progress while a batch runs.  With the switch interval raised far above the
    call's length, the calling thread gives the GIL up only if the kernel releases it: the counter thread
    (which yields the GIL at every step) can then count only while the rows are worked on, between the two
    reads of its counter.  A kernel holding the GIL leaves the counter unchanged, on any machine."""
    rows = np.resize(_rows(random.Random(9), DEFAULT, 14 if fn == "is_win_batch" else 13, 2000), (400_000, 34))
    kernel = getattr(core, fn)
    kernel(rows[:2000])  # the suit entries of these rows, filled before the measured calls
    count = [0]
    stop = threading.Event()
    ready = threading.Event()

    def counter() -> None:
        ready.set()
        while not stop.is_set():
            count[0] += 1
            time.sleep(0)  # releases the GIL at every step

    old = sys.getswitchinterval()
    t = threading.Thread(target=counter)
    t.start()
    ready.wait()
    moved = 0
    try:
        sys.setswitchinterval(30.0)
        for _ in range(5):  # a starved machine may not run the counter within one call; try a few calls
            before = count[0]
            kernel(rows)
            moved = count[0] - before
            if moved:
                break
    finally:
        sys.setswitchinterval(old)
        stop.set()
        t.join()
    assert moved > 0
