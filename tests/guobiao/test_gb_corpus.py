"""The committed corpus (gb_corpus.tsv: 2,000 generated hands of every shape with the reference calculator's
answers, written by make_corpus.py): our scorer against those answers, the compiled path against the pure-Python
path, and the batch entry points against one-by-one scoring.  Nothing here needs the reference installed, so it
runs on every platform, wheels included, and on both backends (the compiled module is imported directly for the
twin comparison).
"""

from __future__ import annotations

import dataclasses
import os
import random
from collections import Counter
from typing import Any

import numpy as np
import pytest
from gb_support import FAN_TABLE, fans_of

from mahjong import _core as _compiled
from mahjong._kernels import BACKEND
from mahjong.errors import HandError, RulesError
from mahjong.framework import ScoreResult
from mahjong.hand import parse_hand
from mahjong.rulesets.guobiao import FANS, RECORD_SIZE, Guobiao, GuobiaoConfig, GuobiaoContext
from mahjong.rulesets.guobiao import ruleset as R
from mahjong.rulesets.guobiao import scorer as S
from mahjong.types import Form

HERE = os.path.dirname(os.path.abspath(__file__))
EN_OF_INDEX = {i: en for i, _, en, _ in FAN_TABLE}
CONTEXT_FIELDS = ("winner", "discarder", "dealer", "seat_wind", "prevalent_wind", "last_tile", "last_wall_tile",
                  "kong_replacement", "robbing_kong")
SEED_OPTIONS = GuobiaoConfig(melded_and_concealed_kong=False, kongs_count_concealed_kongs=True,
                             four_concealed_pungs_fully_concealed=True, all_terminals_pairs_no_tile_hog=True,
                             terminal_chows_kept=True)
OPTION_SETS = [GuobiaoConfig(), SEED_OPTIONS, GuobiaoConfig(extras=True)]
OPTION_IDS = ["default", "seed", "extras"]

_core: Any = _compiled  # its Guobiao kernel functions are private (not in the _core stub)
_core._gb_items_init(R._ITEM_ROWS, R._item)  # what the rule layer does when it selects the kernel


@dataclasses.dataclass
class Case:
    text: str
    context: GuobiaoContext
    shape: str
    total: int
    fans: Counter[str]


def _context(field: str) -> GuobiaoContext:
    values = field.split(",")
    kw: dict[str, Any] = {}
    for name, v in zip(CONTEXT_FIELDS, values):
        if name == "discarder":
            kw[name] = None if v == "-" else int(v)
        elif name in ("winner", "dealer", "seat_wind", "prevalent_wind"):
            kw[name] = int(v)
        else:
            kw[name] = v == "1"
    return GuobiaoContext(**kw)


def _load() -> list[Case]:
    out = []
    with open(os.path.join(HERE, "gb_corpus.tsv"), encoding="utf-8") as fh:
        for line in fh:
            if line.startswith("#") or not line.strip():
                continue
            text, ctx, shape, total, fan_text = line.rstrip("\n").split("\t")
            fans: Counter[str] = Counter()
            for item in filter(None, fan_text.split(",")):
                idx, n = item.split("x")
                fans[EN_OF_INDEX[int(idx)]] += int(n)
            out.append(Case(text, _context(ctx), shape, int(total), fans))
    return out


CORPUS = _load()


def test_corpus_covers_every_shape_and_form() -> None:
    """The corpus must exercise every form and many kinds of hand, or the comparisons below prove little."""
    g = Guobiao()
    assert len(CORPUS) == 2000
    assert len({c.shape for c in CORPUS}) == 15
    forms = Counter(g.score(c.text, c.context).reading.form for c in CORPUS)  # type: ignore[union-attr]
    assert set(forms) == {Form.REGULAR, Form.SEVEN_PAIRS, Form.THIRTEEN_ORPHANS, Form.HONORS_AND_KNITTED,
                          Form.KNITTED_STRAIGHT}
    fans = Counter(en for c in CORPUS for en in c.fans)
    assert len(fans) >= 75  # (most of the 82 fans; one canonical hand per fan is in test_gb_fans.py)
    assert sum(1 for c in CORPUS if c.context.discarder is None) > 400
    assert sum(1 for c in CORPUS if "[" in c.text) > 600


def test_scorer_gives_the_reference_answers() -> None:
    """Totals and fan lists equal to pymahjonggb's (recorded in the corpus) on every hand."""
    g = Guobiao()
    bad = []
    for c in CORPUS:
        r = g.score(c.text, c.context)
        if r.total != c.total or fans_of(r) != c.fans:
            bad.append((c.text, r.total, c.total, fans_of(r) - c.fans, c.fans - fans_of(r)))
    assert not bad, bad[:5]


@pytest.mark.parametrize("opts", OPTION_SETS, ids=OPTION_IDS)
def test_compiled_and_pure_python_paths_agree(opts: GuobiaoConfig) -> None:
    """The compiled kernel (every form, from the packed record) and the pure-Python scorer (the detectors) give
    the very same ScoreResult — fans, total, reading, wait, details, payments — on every corpus hand."""
    g = Guobiao(opts)
    for c in CORPUS:
        h = parse_hand(c.text)
        compiled = g._score_compiled(h, c.context, _core._gb_score)
        pure = g._score_py(h, c.context)
        assert compiled == pure, c.text
        assert sum(compiled.payments) == 0


def test_scorer_uses_the_kernel_of_the_backend() -> None:
    assert (R._KERNEL is S.score) == (BACKEND != "cython")
    assert (R._BATCH_KERNEL is S.score_batch) == (BACKEND != "cython")


@pytest.mark.parametrize("opts", OPTION_SETS[:2], ids=OPTION_IDS[:2])
def test_batch_equals_one_by_one(opts: GuobiaoConfig) -> None:
    """score_batch / score_records: the same totals, fan vectors and validity as score(), hand by hand; a bad hand
    or a non-winning one is reported in its row and does not stop the batch."""
    g = Guobiao(opts)
    texts: list[Any] = [c.text for c in CORPUS] + ["123m", "1359m2468p1357sEE", 42]
    ctxs: list[Any] = [c.context for c in CORPUS] + [None, None, None]
    b = g.score_batch(texts, ctxs)
    assert b.totals.shape == (len(texts),) and b.fans.shape == (len(texts), len(FANS))
    for i, c in enumerate(CORPUS):
        r = g.score(c.text, c.context)
        assert b.errors[i] is None
        assert int(b.totals[i]) == r.total and bool(b.valid[i]) == r.valid
        assert {FANS[j].key: int(n) for j, n in enumerate(b.fans[i]) if n} == {it.key: it.count for it in r.items}
    assert b.errors[-3].startswith("3 tiles") and "not a complete Guobiao hand" in b.errors[-2]
    assert "Hand" in b.errors[-1] and not b.totals[-3:].any() and not b.valid[-3:].any()
    records = b"".join(g.pack(c.text, c.context) for c in CORPUS)
    assert len(records) == RECORD_SIZE * len(CORPUS)
    b2 = g.score_records(records)
    assert (b2.totals == b.totals[:-3]).all() and (b2.fans == b.fans[:-3]).all()


def twin_row(g: Guobiao, rec: bytes) -> list[int] | int:
    """The kernel's pure-Python twin (scorer.score_batch) on one record: its fan row, or its status."""
    totals, fans, status = np.zeros(1, np.int32), np.zeros((1, len(FANS)), np.int32), np.zeros(1, np.int8)
    S.score_batch(rec, g._opt_bits, totals, fans, status)
    return int(status[0]) if status[0] else fans[0].tolist()


def test_batch_pure_python_twin() -> None:
    """The records' pure-Python twin (used with MAHJONG_PURE_PYTHON=1) gives the kernel's rows."""
    g = Guobiao()
    for c in CORPUS[:600]:
        rec = g.pack(c.text, c.context)
        row = twin_row(g, rec)
        b = g.score_records(rec)
        assert isinstance(row, list) and row == b.fans[0].tolist()


def test_malformed_records_are_refused_not_read() -> None:
    """Random and corrupted records never crash either path: the kernel reports them (status 2 / not a win), the
    Python twin agrees, and a record of the wrong size is an error."""
    g = Guobiao()
    rng = random.Random(5)
    good = [g.pack(c.text, c.context) for c in CORPUS[:300]]
    recs = [bytes(rng.randrange(256) for _ in range(RECORD_SIZE)) for _ in range(300)]
    for rec in good:  # one corrupted byte each
        b = bytearray(rec)
        b[rng.randrange(RECORD_SIZE)] = rng.randrange(256)
        recs.append(bytes(b))
    batch = g.score_records(b"".join(recs))
    for i, rec in enumerate(recs):
        py = twin_row(g, rec)
        if isinstance(py, int):
            assert batch.errors[i] == R._BATCH_ERRORS[py] and batch.totals[i] == 0
        else:
            assert batch.errors[i] is None and batch.fans[i].tolist() == py
    assert sum(1 for e in batch.errors if e and "malformed" in e) >= 300
    with pytest.raises(HandError):
        g.score_records(b"\0" * (RECORD_SIZE + 1))
    with pytest.raises(HandError):
        _core._gb_score(b"\0" * RECORD_SIZE, 0)  # a record with no tiles: malformed
    with pytest.raises(HandError):
        g.score_records(3.5)
    with pytest.raises(RulesError):
        Guobiao(extras=True).score_batch([CORPUS[0].text])


def test_direct_result_equals_the_dataclass_constructor() -> None:
    """The scorer fills ScoreResult in directly (R._new_result); it must be the very object the constructor
    makes: equal, same fields, same type, still frozen, payments zero-sum."""
    assert R._DIRECT_RESULT  # the fast path is the one exercised on this framework
    g = Guobiao()
    for c in CORPUS[:300]:
        r = g.score(c.text, c.context)
        values = {fd.name: getattr(r, fd.name) for fd in dataclasses.fields(ScoreResult)}
        built = ScoreResult(**values)
        assert type(r) is ScoreResult and r == built and vars(r) == vars(built)
        assert sum(r.payments) == 0
        with pytest.raises(dataclasses.FrozenInstanceError):
            r.total = 0  # type: ignore[misc]
        broken = dict(values, payments=(r.total + 1, 0, 0, 0))
        with pytest.raises(AssertionError, match="sum to zero"):
            R._new_result(broken)  # the direct fill keeps the zero-sum check


def test_results_share_no_state() -> None:
    """Results reuse ScoreItems and meld texts: equal hands give equal results, but each result's fan vector and
    details (and their lists) are its own, and the items add up to the total."""
    g = Guobiao()
    values = {f.key: f.value for f in FANS}
    for c in CORPUS[:300]:
        r1, r2 = g.score(c.text, c.context), g.score(parse_hand(c.text), c.context)
        assert r1 == r2
        assert r1.details is not r2.details and r1.details["melds"] is not r2.details["melds"]
        r1.details["melds"].append("x")
        assert r2.details["melds"] == g.score(c.text, c.context).details["melds"]
        assert r1.total == sum(values[i.key] * i.count for i in r1.items) and all(i.unit == "fan" for i in r1.items)
    rec = g.pack(CORPUS[0].text, CORPUS[0].context)
    a, b = _core._gb_score(rec, 1), _core._gb_score(rec, 1)
    assert a == b and a[0] is not b[0]
    a[0][:] = [7] * len(a[0])
    assert 7 not in _core._gb_score(rec, 1)[0]


def _outcome(fn: Any) -> Any:
    try:
        return fn()
    except Exception as e:  # the very same error, type and message, is the requirement
        return (type(e), str(e))


#: texts the ascii scanner must refuse or get right, each compared with the full notation reader's answer
TRICKY = ["123m456p789s1122z2z", "123m456p789s11EE E", "1112345678999m5m f1 f3", "1112345678999m5m f1f1",
          "11112345678999m5m", "123m456p789s11z8z", "[123m,1]456p789s11z1z", "[123m,1 456p789s11z1z",
          "[EEE,1][SSS,2][WWW,3]NN5m5m", "[ESW,1]456p789s11z1z", "123m,456p,789s,11z,1z", "123m456p789s1z1z2",
          "一二三万456p789s11z1z", "123m456p789s11z1zf9", "123m456p789s1z1z", "[1111m][2222p,2]3333s5p5p",
          "[1111m,1][1m1m1m]2p2p2p3s3s", "13579m2468p1357sE", "[123m,1][123m,1][123m,1][123m,1]1m1m",
          "1m1m1m2m3m4m5m6m7m8m9m9m9m9m", "  123m456p789s11z1z  ", "", "[]123m", "f1f2f3f4f5f6f7f8 123m456p789s11z1z",
          "[1234m,1]456p789s11z1z", "CCCFFFPPP123m11p1p", "1z1z1z2z2z2z3z3z3z4z4z4z5z5z"]


@pytest.mark.parametrize("opts", OPTION_SETS, ids=OPTION_IDS)
def test_text_fast_path_equals_the_full_reader(opts: GuobiaoConfig) -> None:
    """score(text) reads plain ascii notation with the kernel's scanner (no Hand); it must give exactly what
    parsing the text first gives — result or error — on every corpus hand and on texts made to trip it."""
    g = Guobiao(opts)
    for c in CORPUS:
        fast = g.score(c.text, c.context)
        assert fast == g.score(parse_hand(c.text), c.context), c.text
        if BACKEND == "cython":
            assert g._score_text(c.text, c.context) == fast  # (the fast path itself answered)
    for text in TRICKY:
        for ctx in (None, GuobiaoContext(discarder=1), GuobiaoContext(last_tile=True),
                    GuobiaoContext(robbing_kong=True, discarder=2)):
            def both(method: str, text: str = text, ctx: GuobiaoContext | None = ctx) -> tuple[object, object]:
                f = getattr(g, method)
                return _outcome(lambda: f(text, ctx)), _outcome(lambda: f(parse_hand(text), ctx))

            for method in ("score", "pack"):
                fast, full = both(method)
                assert fast == full, (method, text)
    for c in CORPUS[:500]:
        assert g.pack(c.text, c.context) == g.pack(parse_hand(c.text), c.context)
