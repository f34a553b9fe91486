"""The compiled Guobiao fan kernel (``mahjong._core._gb_best_regular``, src/mjcore/guobiao.pxi) against its
pure-Python twin (``scorer.best_regular_py``, the detectors): identical fan vectors on the differential test's
generated hands (every shape, random win flags), reading by reading and for the best-reading choice, under the
default options and under every seed option (they change the kong, account-once and exclusion steps).

The compiled module is imported directly, so this runs (and compares) on both backends; the pure backend only
changes which of the two the scorer uses.
"""

from __future__ import annotations

import os

import pytest

from gb_support import HandGenerator, make_context

from typing import Any

from mahjong import _core as _compiled  # the compiled extension: the twin test needs both sides
from mahjong._kernels import BACKEND
from mahjong.hand import parse_hand
from mahjong.rulesets.guobiao import FANS, Guobiao, GuobiaoConfig
from mahjong.rulesets.guobiao import detectors as D
from mahjong.rulesets.guobiao import ruleset as R
from mahjong.rulesets.guobiao import scorer as S
from mahjong.rulesets.guobiao.readings import regular_readings

SEED = 777
N_HANDS = int(os.environ.get("GB_TWIN_HANDS", "3000"))

_core: Any = _compiled  # its Guobiao kernel functions are private (not in the _core stub)
_core._gb_init(FANS, D)  # what the scorer does when it selects the kernel

SEED_OPTIONS = GuobiaoConfig(melded_and_concealed_kong=False, kongs_count_concealed_kongs=True,
                             four_concealed_pungs_fully_concealed=True, all_terminals_pairs_no_tile_hog=True,
                             terminal_chows_kept=True)


Case = tuple[S.Facts, list[Any]]


def _cases() -> list[Case]:
    g = Guobiao()
    out = []
    for h in HandGenerator(SEED).hands(N_HANDS):
        hand = parse_hand(h.notation())
        f = g._facts(hand, make_context(**h.context_kwargs()))
        f.wait_test = (lambda f=f, hand=hand: R._unique_wait(f, hand))
        readings = regular_readings(f.standing)
        if readings:
            out.append((f, readings))
    return out


_CASES: list[Case] | None = None


def cases() -> list[Case]:
    global _CASES
    if _CASES is None:
        _CASES = _cases()
    return _CASES


def test_scorer_uses_the_kernel_of_the_backend() -> None:
    assert S.BEST_REGULAR_COMPILED == (BACKEND == "cython")


def test_lazy_tile_kinds() -> None:
    """Facts.unique / .mask, worked out on first read, are the hand's tile kinds (codes) and their bits."""
    for f, _ in cases()[:300]:
        codes = sorted(D.CODE[t] for t in range(34) if f.all_counts[t])
        assert f.unique == codes
        assert f.mask == D.mask_of(codes)


def test_cases_cover_many_readings_and_shapes() -> None:
    # the sample must exercise the interesting paths, or the twin comparison proves little
    cs = cases()
    assert len(cs) > N_HANDS // 2
    assert sum(1 for _, r in cs if len(r) > 1) > 50
    assert sum(1 for f, _ in cs if f.fixed) > 100


@pytest.mark.parametrize("opts", [GuobiaoConfig(), SEED_OPTIONS], ids=["default", "seed"])
def test_every_reading_same_fan_vector(opts: GuobiaoConfig) -> None:
    n = 0
    for f, readings in cases():
        for r in readings:
            # max_total -1: the one reading given is always taken, so its vector comes back
            py = S.best_regular_py(f, opts, -1, False, [r])
            c = _core._gb_best_regular(f, opts, -1, False, [r])
            assert c == py, (f, r[1], r[2])
            assert c is not None and len(c[2]) == len(FANS)
            n += 1
    assert n > len(cases())


@pytest.mark.parametrize("opts", [GuobiaoConfig(), SEED_OPTIONS], ids=["default", "seed"])
@pytest.mark.parametrize("max_total,seven_pairs", [(0, False), (24, True), (8, False)])
def test_best_reading_same_choice(opts: GuobiaoConfig, max_total: int, seven_pairs: bool) -> None:
    """The kernel's own reading enumeration (readings=None) against readings.regular_readings + the detectors:
    same chosen reading (the order matters for ties), same vector, same total."""
    for f, readings in cases():
        py = S.best_regular_py(f, opts, max_total, seven_pairs)
        c = _core._gb_best_regular(f, opts, max_total, seven_pairs)
        assert c == py, (f, [r[1:] for r in readings])


def test_kernel_enumerates_the_same_readings() -> None:
    """With max_total -1 and a tie rule that never fires, the kernel keeps the first reading: the first of
    regular_readings; and the Decomposition the scorer builds for a reading equals the kernel's own."""
    for f, readings in cases():
        c = _core._gb_best_regular(f, GuobiaoConfig(), 10**6, False)
        assert c is None
        d, melds, pair = readings[0]
        assert R._regular_decomposition(tuple(melds), pair) == d
        for d, melds, pair in readings:
            assert R._regular_decomposition(tuple(melds), pair) == d


def test_direct_result_equals_the_dataclass_constructor() -> None:
    """The scorer fills ScoreResult in directly (R._new_result); it must be the very object the constructor
    makes: equal, same fields, same type, and still frozen."""
    import dataclasses

    from mahjong.framework import ScoreResult

    assert R._DIRECT_RESULT  # the fast path is the one exercised on this framework
    g = Guobiao()
    for h in HandGenerator(SEED).hands(200):
        r = g.score(h.notation(), make_context(**h.context_kwargs()))
        values = {fd.name: getattr(r, fd.name) for fd in dataclasses.fields(ScoreResult)}
        built = ScoreResult(**values)
        assert type(r) is ScoreResult and r == built and vars(r) == vars(built)
        assert sum(r.payments) == 0
        with pytest.raises(dataclasses.FrozenInstanceError):
            r.total = 0  # type: ignore[misc]


def _special_unguarded(g: Guobiao, f: S.Facts) -> Any:
    """The special-form search without the scorer's tile-count pre-checks: every detector, in the scorer's
    order (七对, 全不靠 / 七星不靠, 十三幺, 组合龙 + meld + pair, 九莲宝灯), on the tile kinds themselves."""
    opts = g._opts
    standing = f.standing
    if D.seven_pairs(standing, len(f.unique)):
        return S.score_seven_pairs(f, opts)
    hk = D.honors_and_knitted(f.unique)
    if hk is not None:
        return S.score_honors_knitted(f, hk, opts)
    if D.thirteen_orphans(f.unique):
        return S.score_thirteen_orphans(f, opts)
    ks = S.knitted_straight_reading(f)
    if ks is not None:
        return S.score_knitted_straight(f, ks, opts)
    by_code = {D.CODE[i]: n for i, n in enumerate(standing) if n}
    if D.full_flush(f.mask) and D.is_nine_gates(by_code, f.win):
        return S.score_nine_gates(f, opts)
    return None


def test_special_form_prechecks_change_nothing() -> None:
    """The count pre-checks in front of the special forms only skip detectors that cannot fire: on every
    concealed generated hand (and the one-pack 组合龙 hands) the scorer's special form, fan vector and all, is
    the unguarded search's; and every special shape of the generator is reached."""
    g = Guobiao()
    seen: set[int] = set()
    n = 0
    for h in HandGenerator(SEED + 1).hands(N_HANDS):
        hand = parse_hand(h.notation())
        f = g._facts(hand, make_context(**h.context_kwargs()))
        if len(f.fixed) == 0:
            got = g._special(hand, f)
            want = _special_unguarded(g, g._facts(hand, make_context(**h.context_kwargs())))
            assert (got[0] if got else None) == want, h.notation()
            n += 1
            if want is not None:
                seen.update(i for i in (F_SEVEN, F_SHIFTED, F_LESSER, F_GREATER, F_ORPHANS, F_KNITTED, F_GATES)
                            if want[i])
        elif len(f.fixed) == 1:
            if 34 - f.standing.count(0) < 9:  # the scorer's guard: 组合龙's body is nine concealed kinds
                assert S.knitted_straight_reading(f) is None, h.notation()
    assert n > N_HANDS // 4
    assert seen == {F_SEVEN, F_SHIFTED, F_LESSER, F_GREATER, F_ORPHANS, F_KNITTED, F_GATES}


_IDX = {f.key: f.idx for f in FANS}
F_SEVEN, F_SHIFTED = _IDX["seven_pairs"], _IDX["seven_shifted_pairs"]
F_LESSER, F_GREATER = _IDX["lesser_honors_and_knitted_tiles"], _IDX["greater_honors_and_knitted_tiles"]
F_ORPHANS, F_KNITTED, F_GATES = _IDX["thirteen_orphans"], _IDX["knitted_straight"], _IDX["nine_gates"]


def test_shared_result_parts_are_not_shared_state() -> None:
    """The result reuses ScoreItems per fan vector and meld texts per reading: equal hands give equal results,
    but each result's details (and their lists) are its own, and the items add up to the total."""
    g = Guobiao()
    values = {f.key: f.value for f in FANS}
    for h in HandGenerator(SEED + 2).hands(300):
        ctx = make_context(**h.context_kwargs())
        r1, r2 = g.score(h.notation(), ctx), g.score(parse_hand(h.notation()), ctx)
        assert r1 == r2
        assert r1.details is not r2.details and r1.details["melds"] is not r2.details["melds"]
        r1.details["melds"].append("x")
        assert r2.details["melds"] == g.score(h.notation(), ctx).details["melds"]
        assert r1.total == sum(values[i.key] * i.count for i in r1.items) and all(i.unit == "fan" for i in r1.items)


@pytest.mark.parametrize("opts", [GuobiaoConfig(), SEED_OPTIONS], ids=["default", "seed"])
def test_seven_pairs_same_fan_vector(opts: GuobiaoConfig) -> None:
    """The compiled 七对 / 连七对 scorer (``_gb_seven_pairs``) against ``scorer.score_seven_pairs_py`` on every
    generated seven-pairs hand (random win flags; 连七对, quads as two pairs, 清幺九 pairs among them)."""
    g = Guobiao()
    seen_shifted = seen_hog = 0
    n = 0
    for h in HandGenerator(SEED + 3).hands(N_HANDS):
        hand = parse_hand(h.notation())
        f = g._facts(hand, make_context(**h.context_kwargs()))
        if f.fixed or 1 in f.standing or 3 in f.standing:
            continue
        py = S.score_seven_pairs_py(f, opts)
        c = _core._gb_seven_pairs(FANS, f, opts)
        assert c == py, h.notation()
        n += 1
        seen_shifted += py[F_SHIFTED]
        seen_hog += bool(py[_IDX["tile_hog"]])
    assert n > 50 and seen_shifted > 0 and seen_hog > 0
    assert S.score_seven_pairs is S.score_seven_pairs_py or S.score_seven_pairs.func is _core._gb_seven_pairs


def test_kernel_reads_count_bytes_and_lists_alike() -> None:
    """The kernel reads the Hand's count bytes directly and any other sequence item by item: same answer."""
    import copy

    n = 0
    for f, _ in cases()[:500]:
        g = copy.copy(f)
        g.standing, g.all_counts = list(f.standing), list(f.all_counts)
        h = copy.copy(f)
        h.standing, h.all_counts = bytes(f.standing), bytes(f.all_counts)
        assert isinstance(f.standing, bytes)  # what the scorer hands over
        for opts in (GuobiaoConfig(), SEED_OPTIONS):
            a = _core._gb_best_regular(g, opts, 0, False)
            assert a == _core._gb_best_regular(h, opts, 0, False) == S.best_regular_py(f, opts, 0, False)
        n += 1
    assert n == 500


def test_result_items_same_from_the_kernel() -> None:
    """The compiled item builder (``_gb_items``) against ``ruleset._items_of_py`` on the chosen fan vector of every
    generated hand (every shape, both option sets): the same ScoreItem objects in the same order, the same fan
    total; counts past the prebuilt rows and a wrong-length vector too."""
    _core._gb_items_init(R._ITEM_ROWS, R._item)  # what the rule layer does when it selects the kernel
    n = 0
    for opts in (GuobiaoConfig(), SEED_OPTIONS):
        g = Guobiao(opts)
        for h in HandGenerator(SEED + 4).hands(N_HANDS // 2):
            hand = parse_hand(h.notation())
            f = g._facts(hand, make_context(**h.context_kwargs()))
            table = g._best(hand, f)[0]
            py = R._items_of_py(table)
            c = _core._gb_items(table)
            assert c == py, h.notation()
            assert all(a is b for a, b in zip(c[0], py[0]))
            assert _core._gb_items(tuple(table)) == py
            n += 1
    assert n == 2 * (N_HANDS // 2)
    big = [0] * len(FANS)
    big[_IDX["tile_hog"]] = R._ROW + 2  # no such hand, but the builder must not index past its row
    big[_IDX["chicken_hand"]] = 1
    assert _core._gb_items(big) == R._items_of_py(big)
    with pytest.raises(ValueError):
        _core._gb_items([0] * (len(FANS) - 1))
    assert R._items_of is R._items_of_py if BACKEND != "cython" else R._items_of is _core._gb_items


def test_kernel_fan_vectors_are_fresh_lists() -> None:
    """The kernel builds each fan vector from a shared all-zero list: every answer is its own list, and writing
    into one (the extras path edits its table) changes no later answer."""
    f, _ = cases()[0]
    opts = GuobiaoConfig()
    a = _core._gb_best_regular(f, opts, 0, False)
    b = _core._gb_best_regular(f, opts, 0, False)
    assert a == b and a[2] is not b[2]
    a[2][:] = [7] * len(a[2])
    assert _core._gb_best_regular(f, opts, 0, False) == b == S.best_regular_py(f, opts, 0, False)
    assert 7 not in _core._gb_best_regular(f, opts, 0, False)[2]


def test_facts_whole_hand_counts_from_the_packs() -> None:
    """Facts.all_counts (worked out from the concealed counts and the fixed packs, as the kernel does in C) is the
    Hand's own whole-hand count, kongs as four, on every generated hand."""
    g = Guobiao()
    n = 0
    for h in HandGenerator(SEED + 5).hands(N_HANDS // 2):
        hand = parse_hand(h.notation())
        f = g._facts(hand, make_context(**h.context_kwargs()))
        assert list(f.all_counts) == list(hand.all_counts), h.notation()
        n += bool(f.fixed)
    assert n > N_HANDS // 8
