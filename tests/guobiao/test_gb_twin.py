"""The pure-Python twin of the Guobiao fan kernel (rulesets/guobiao/scorer.py) against the compiled kernel
(src/mjcore/guobiao.pxi) on records hypothesis builds: winning hands of every form (4 sets and a pair with fixed
packs, 七对, 全不靠 / 七星不靠, 十三幺, 组合龙, 九莲宝灯), any win flags, winds, flowers and options, and records
that are no winning hand or are malformed.  Both must give the same fan vector, total, items, reading and wait,
or refuse the same way.  Runs on both backends (the compiled module is always built)."""

from __future__ import annotations

from typing import Any

import numpy as np
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from mahjong import _core as _compiled
from mahjong.errors import HandError
from mahjong.rulesets.guobiao import FANS, RECORD_SIZE
from mahjong.rulesets.guobiao import ruleset as R
from mahjong.rulesets.guobiao import scorer as S

_core: Any = _compiled  # (private kernel functions, not in the stub)
_core._gb_items_init(R._ITEM_ROWS, R._item)  # what the rule layer does when it selects the kernel

CHOW, PUNG, KONG = 0, 1, 2
#: the knitted sequences (147 / 258 / 369, each in another suit) as tile ids
KNITTED = [[9 * s + off + d for s, off in zip(suits, range(3)) for d in (0, 3, 6)]
           for suits in ((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0))]
ORPHANS = [0, 8, 9, 17, 18, 26, *range(27, 34)]
#: a record is fourteen tiles and its flags: never a small example
_SLOW_OK = [HealthCheck.too_slow, HealthCheck.filter_too_much, HealthCheck.large_base_example]


def _record(concealed: list[int], packs: list[tuple[int, int, int]], win: int, flags: int, seat: int,
            prevalent: int, flowers: int) -> bytes:
    counts = bytearray(34)
    for t in concealed:
        counts[t] += 1
    body = bytes(x for p in packs for x in p)
    return bytes(counts) + bytes((win, flags, seat, prevalent, flowers, len(packs))) + body.ljust(12, b"\0")


@st.composite
def regular_hands(draw: Any) -> tuple[list[int], list[tuple[int, int, int]], int | None]:
    """Four sets and a pair (at most four copies of a tile); the first ``n_fixed`` sets are fixed packs."""
    used = [0] * 34
    sets: list[tuple[int, int]] = []
    # a small tile range now and then, so that sets overlap and hands have several readings
    lo = draw(st.sampled_from([0, 0, 9, 18, 27]))
    hi = 33 if lo == 27 else draw(st.sampled_from([33, 26, lo + 8]))
    while len(sets) < 4:
        kind = draw(st.sampled_from([CHOW, CHOW, PUNG, PUNG, KONG]))
        t = draw(st.integers(lo, hi))
        tiles = [t - 1, t, t + 1] if kind == CHOW else [t] * (4 if kind == KONG else 3)
        if kind == CHOW and (t >= 27 or t % 9 in (0, 8)):
            continue
        if any(used[x] + tiles.count(x) > 4 for x in set(tiles)):
            continue
        for x in tiles:
            used[x] += 1
        sets.append((kind, t))
    pair = draw(st.integers(lo, hi).filter(lambda p: used[p] <= 2))
    n_fixed = draw(st.integers(0, 4))
    concealed = [pair, pair]
    packs = []
    for i, (kind, t) in enumerate(sets):
        if kind == KONG and i >= n_fixed:
            kind = PUNG  # (a kong is always a fixed pack)
        if i < n_fixed:
            packs.append((kind, t, draw(st.integers(0, 1))))
        else:
            concealed += [t - 1, t, t + 1] if kind == CHOW else [t] * 3
    return concealed, packs, None


@st.composite
def special_hands(draw: Any) -> tuple[list[int], list[tuple[int, int, int]], int | None]:
    """七对, 全不靠 / 七星不靠, 十三幺, 组合龙 + meld + pair, 九莲宝灯 (the winning tile: None = any)."""
    form = draw(st.sampled_from(["pairs", "knitted", "orphans", "straight", "gates"]))
    if form == "pairs":
        kinds = draw(st.lists(st.integers(0, 33), min_size=6, max_size=7, unique=True))
        quad = draw(st.sampled_from(kinds))
        return sorted(kinds * 2 + ([quad, quad] if len(kinds) == 6 else [])), [], None
    if form == "knitted":
        seq = draw(st.sampled_from(KNITTED))
        honors = draw(st.lists(st.integers(27, 33), min_size=5, max_size=7, unique=True))
        return sorted(draw(st.permutations(seq))[:14 - len(honors)] + honors), [], None
    if form == "orphans":
        return sorted(ORPHANS + [draw(st.sampled_from(ORPHANS))]), [], None
    if form == "straight":
        seq = list(draw(st.sampled_from(KNITTED)))
        pair = draw(st.integers(0, 33))
        t = draw(st.integers(0, 33))
        if draw(st.booleans()):
            return sorted(seq + [pair] * 2), [(draw(st.sampled_from([PUNG, KONG])), t, draw(st.integers(0, 1)))], None
        meld = [t - 1, t, t + 1] if t < 27 and t % 9 not in (0, 8) and draw(st.booleans()) else [t] * 3
        # (the winning tile in the meld or the pair half the time: the waits outside the knitted body)
        win = draw(st.sampled_from(meld + [pair])) if draw(st.booleans()) else None
        return sorted(seq + [pair] * 2 + meld), [], win
    suit = 9 * draw(st.integers(0, 2))
    win = suit + draw(st.integers(0, 8))
    return sorted([suit] * 3 + [suit + r for r in range(1, 8)] + [suit + 8] * 3 + [win]), [], win


@st.composite
def records(draw: Any) -> bytes:
    kind = draw(st.sampled_from(["regular", "regular", "special", "random"]))
    if kind == "random":  # fourteen tiles of a few kinds: mostly no winning hand, now and then malformed
        concealed = draw(st.lists(st.integers(0, 33), min_size=13, max_size=15))
        packs: list[tuple[int, int, int]] = []
        win = None
    else:
        concealed, packs, win = draw(regular_hands() if kind == "regular" else special_hands())
    if win is None:
        win = draw(st.sampled_from(concealed))
    flags = draw(st.integers(0, 31))
    return _record(concealed, packs, win, flags, draw(st.integers(0, 3)), draw(st.integers(0, 3)),
                   draw(st.integers(0, 8)))


def _answer(kernel: Any, rec: bytes, opts: int) -> Any:
    try:
        return kernel(rec, opts, True)
    except HandError as e:
        return ("refused", str(e))


@settings(max_examples=200, deadline=None, suppress_health_check=_SLOW_OK)
@given(rec=records(), opts=st.integers(0, 31))
# (always: 九莲宝灯 on its 5, and 组合龙 with a fixed melded kong)
@example(rec=_record([0, 0, 0, 1, 2, 3, 4, 4, 5, 6, 7, 8, 8, 8], [], 4, 1, 0, 0, 0), opts=0)
@example(rec=_record([0, 3, 6, 10, 13, 16, 20, 23, 26, 31, 31], [(KONG, 28, 1)], 31, 0, 1, 0, 2), opts=1)
def test_twin_equals_the_kernel(rec: bytes, opts: int) -> None:
    """The same answer from both, field by field (fan vector, total, items, reading, wait), or the same refusal."""
    assert _answer(S.score, rec, opts) == _answer(_core._gb_score, rec, opts)


@settings(max_examples=15, deadline=None, suppress_health_check=_SLOW_OK)
@given(recs=st.lists(records(), min_size=1, max_size=8), opts=st.integers(0, 31))
def test_twin_batch_equals_the_kernel_batch(recs: list[bytes], opts: int) -> None:
    """score_batch: the same totals, fan rows (花牌 included) and statuses, hand by hand."""
    n = len(recs)
    out = []
    for batch in (S.score_batch, _core._gb_score_batch):
        totals, fans, status = np.zeros(n, np.int32), np.zeros((n, len(FANS)), np.int32), np.zeros(n, np.int8)
        batch(b"".join(recs), opts, totals, fans, status)
        out.append((totals.tolist(), fans.tolist(), status.tolist()))
    assert out[0] == out[1]
    assert all(len(r) == RECORD_SIZE for r in recs)
