"""Bad input raises the package's own exceptions, naming the problem, from every kernel entry point."""

from __future__ import annotations

import array
from collections.abc import Callable
from types import ModuleType
from typing import Any

import pytest

from mahjong._input import coerce_batch, coerce_counts
from mahjong.errors import HandError, MahjongError, RulesError, TileError
from mahjong.rules import DEFAULT, NANCHANG, SICHUAN

np = pytest.importorskip("numpy")

COMPLETE = "123m456p789s123sEE"  # 14 tiles
WAITING = "123m456p789s123sE"  # 13 tiles

# (entry point name, a valid hand for it)
SINGLE = [
    ("is_win", COMPLETE),
    ("decompositions", COMPLETE),
    ("waits", WAITING),
    ("shanten", WAITING),
    ("shanten_by_form", COMPLETE),
    ("useful_tiles", WAITING),
    ("discard_options", COMPLETE),
]
NAMES = [n for n, _ in SINGLE]
VALID = dict(SINGLE)


def call(kernels: ModuleType, name: str, hand: Any, *args: Any, **kw: Any) -> Any:
    fn: Callable[..., Any] = getattr(kernels, name)
    return fn(hand, *args, **kw)


def counts_of(text: str) -> list[int]:
    return list(coerce_counts(text, 0, DEFAULT, complete=None))


@pytest.mark.parametrize("name", NAMES)
def test_valid_input_forms_agree(kernels: ModuleType, name: str) -> None:
    text = VALID[name]
    c = counts_of(text)
    ids = [t for t in range(34) for _ in range(c[t])]
    expect = call(kernels, name, text)
    for form in (
        bytes(c),
        bytearray(c),
        memoryview(bytes(c)),
        c,
        tuple(c),
        ids,
        tuple(ids),
        np.array(c, dtype=np.uint8),
        np.array(c, dtype=np.int64),
        np.array(c, dtype=np.int8),
        array.array("b", c),
    ):
        assert call(kernels, name, form) == expect, type(form)


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize(
    "bad,exc,pattern",
    [
        ("123m456p789s12x", TileError, r"'x'"),  # unknown character, named
        ("123m456p789s1230s", TileError, "0"),
        ("[123m]456p789s11z", HandError, "bracket"),
        ("123m456p789s11zf1", HandError, "flower"),
        ("11111m456p789s11z", HandError, "1m"),  # fifth copy names the tile
        ("123m456p789s123s", HandError, "multiple of 3"),
        ("123m456p789s123sESWN", HandError, "more than"),
    ],
)
def test_bad_strings(kernels: ModuleType, name: str, bad: str, exc: type[Exception], pattern: str) -> None:
    with pytest.raises(exc, match=pattern):
        call(kernels, name, bad)


@pytest.mark.parametrize("name", NAMES)
def test_bad_counts(kernels: ModuleType, name: str) -> None:
    c = counts_of(VALID[name])
    neg = list(c)
    neg[5] = -1
    neg[0] += 1  # keep the total plausible
    with pytest.raises(HandError, match="negative"):
        call(kernels, name, neg)
    five = list(c)
    five[13] = 5
    five[0] -= 1 if five[0] else 0
    with pytest.raises(HandError, match="5 copies of 5p"):
        call(kernels, name, five)
    with pytest.raises(HandError, match="34 entries"):
        call(kernels, name, bytes(c[:33]))
    with pytest.raises(HandError, match="34 entries"):
        call(kernels, name, np.array(c[:33] + [0, 0], dtype=np.uint8))
    with pytest.raises(HandError, match="1-D"):
        call(kernels, name, np.array([c, c], dtype=np.uint8))
    with pytest.raises(HandError, match="integer dtype"):
        call(kernels, name, np.array(c, dtype=np.float64))
    with pytest.raises(TileError, match="out of range"):
        call(kernels, name, [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 99])
    with pytest.raises(TileError, match="out of range"):
        call(kernels, name, [-1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13])
    with pytest.raises(HandError, match="flower"):
        call(kernels, name, [34, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13])
    with pytest.raises(HandError, match="entry 2"):
        call(kernels, name, [0, 1, 2.5])
    with pytest.raises(HandError):
        call(kernels, name, 12345)
    with pytest.raises(HandError, match="multiple of 3"):
        call(kernels, name, bytes(34))


@pytest.mark.parametrize("name", ["is_win", "decompositions", "discard_options"])
def test_complete_entry_points_refuse_waiting_hands(kernels: ModuleType, name: str) -> None:
    with pytest.raises(HandError, match="3n\\+2"):
        call(kernels, name, WAITING)


@pytest.mark.parametrize("name", ["waits", "useful_tiles"])
def test_waiting_entry_points_refuse_complete_hands(kernels: ModuleType, name: str) -> None:
    with pytest.raises(HandError, match="3n\\+1"):
        call(kernels, name, COMPLETE)


@pytest.mark.parametrize("name", NAMES)
def test_bad_wildcards_and_rules(kernels: ModuleType, name: str) -> None:
    hand = "1m"  # 1 real tile: valid with 1 or 4 wildcards (complete) or 0 / 3 (waiting)
    with pytest.raises(HandError, match="too many wildcards"):
        call(kernels, name, hand, 9)
    with pytest.raises(HandError, match="too many wildcards: 8"):
        call(kernels, name, "", 8, NANCHANG)  # Nanchang has at most 7 精
    with pytest.raises(HandError, match=">= 0"):
        call(kernels, name, hand, -1)
    with pytest.raises(HandError, match="bool"):
        call(kernels, name, hand, True)
    with pytest.raises(HandError, match="float"):
        call(kernels, name, hand, 1.0)
    with pytest.raises(RulesError, match="HandRules"):
        call(kernels, name, VALID[name], 0, "default")
    with pytest.raises(HandError, match="honor"):
        call(kernels, name, VALID[name], 0, SICHUAN)  # E in a game without honors
    # wildcards count towards the size
    with pytest.raises(HandError, match="more than"):
        call(kernels, name, VALID[name], 3)


@pytest.mark.parametrize("name", ["waits", "discard_options"])
def test_bad_visible(kernels: ModuleType, name: str) -> None:
    hand = VALID[name]
    vis = [0] * 34
    vis[27] = 4  # the hand holds E already
    with pytest.raises(HandError, match="E"):
        call(kernels, name, hand, visible=vis)
    vis = [0] * 34
    vis[3] = -1
    with pytest.raises(HandError, match="negative"):
        call(kernels, name, hand, visible=vis)
    with pytest.raises(HandError, match="34 entries"):
        call(kernels, name, hand, visible=bytes(10))
    with pytest.raises(HandError, match="notation"):
        call(kernels, name, hand, visible="1m")


BATCH = ["is_win_batch", "shanten_batch", "waits_batch"]


@pytest.mark.parametrize("name", BATCH)
def test_bad_batches(kernels: ModuleType, name: str) -> None:
    fn = getattr(kernels, name)
    row = counts_of(COMPLETE if name == "is_win_batch" else WAITING)
    good = np.array([row, row], dtype=np.uint8)
    assert len(fn(good)) == 2
    with pytest.raises(HandError, match="uint8"):
        fn(good.astype(np.int64))
    with pytest.raises(HandError, match=r"\(N, 34\)"):
        fn(np.zeros((2, 33), dtype=np.uint8))
    with pytest.raises(HandError, match=r"\(N, 34\)"):
        fn(np.zeros((2, 2, 34), dtype=np.uint8))
    with pytest.raises(HandError, match="C-contiguous"):
        fn(np.zeros((34, 4), dtype=np.uint8).T)
    with pytest.raises(HandError, match="N\\*34"):
        fn(bytes(35))
    with pytest.raises(HandError, match="str"):
        fn("123m")
    with pytest.raises(HandError):
        fn([row, row])  # a list is not a buffer
    bad = good.copy()
    bad[1, 0] = 7
    with pytest.raises(HandError, match="row 1"):
        fn(bad)
    with pytest.raises(HandError, match="too many wildcards"):
        fn(good, 9)
    with pytest.raises(RulesError):
        fn(good, 0, None)
    with pytest.raises(HandError, match="row 0"):
        fn(good, 2)  # two wildcards make every row too big


def test_errors_are_value_errors() -> None:
    assert issubclass(HandError, ValueError) and issubclass(TileError, MahjongError)
    with pytest.raises(ValueError):
        coerce_counts("xyz", 0, DEFAULT, complete=None)


def test_coerce_batch_shapes() -> None:
    view, n = coerce_batch(np.zeros((3, 34), dtype=np.uint8))
    assert n == 3 and len(view) == 102
    view, n = coerce_batch(bytes(68))
    assert n == 2
    view, n = coerce_batch(np.zeros((0, 34), dtype=np.uint8))
    assert n == 0


@pytest.mark.parametrize("complete,text,size", [(True, COMPLETE, 14), (False, WAITING, 13), (None, COMPLETE, 14)])
def test_coerce_counts_returns_bytes(complete: bool | None, text: str, size: int) -> None:
    out = coerce_counts(text, 0, DEFAULT, complete=complete)
    assert isinstance(out, bytes) and len(out) == 34 and sum(out) == size
    assert out[27] == 2 if size == 14 else out[27] == 1
