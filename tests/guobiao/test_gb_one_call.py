"""The one-call compiled path (``_gb_score_fast``: a Hand's and a context's packed forms read once into the
kernel's record, the ScoreResult built from the fan vector) against the full compiled path (the rule layer's
checks, then the kernel on the record): the same result or the same error, on every corpus hand and on contexts
and hands made to fail each check.  Runs on both backends (the compiled module is always built)."""

from __future__ import annotations

import copy
import dataclasses
import json
import pickle
import re
from collections.abc import Mapping
from typing import Any

import pytest
from test_gb_corpus import CORPUS, OPTION_IDS, OPTION_SETS, _outcome

from mahjong import _core as _compiled
from mahjong.framework import WinContext
from mahjong.hand import Hand, Meld, MeldKind, parse_hand
from mahjong.rulesets.guobiao import Guobiao, GuobiaoConfig, GuobiaoContext
from mahjong.rulesets.guobiao import ruleset as R

_core: Any = _compiled  # (private kernel functions, not in the stub)
_core._gb_items_init(R._ITEM_ROWS, R._item)
FAST = R._init_fast(_core)

@dataclasses.dataclass(frozen=True)
class OtherContext(WinContext):
    """A context type the one-call path does not read (it leaves it to the full path)."""


#: contexts that trip each of the checks the one-call path makes (each must give the full path's error)
HOSTILE = [None, WinContext(), GuobiaoContext(last_tile=True), GuobiaoContext(kong_replacement=True),
           GuobiaoContext(robbing_kong=True, discarder=2), GuobiaoContext(heavenly=True),
           GuobiaoContext(earthly=True, winner=1), GuobiaoContext(human=True, discarder=3),
           GuobiaoContext(wildcard_kong=True), GuobiaoContext(seat_wind=2, prevalent_wind=3, dealer=1, winner=2),
           GuobiaoContext(last_wall_tile=True, kong_replacement=True), OtherContext(discarder=1)]


def _one_call(g: Guobiao, h: Hand, ctx: Any) -> Any:
    return FAST(h.packed, h.melds, (ctx or WinContext()).packed, g._opt_bits, g._min_fan, g.name)


def _full(g: Guobiao, h: Hand, ctx: Any) -> Any:
    return g._score_compiled(g._checked_hand(h), R._checked_context(ctx), _core._gb_score)


@pytest.mark.parametrize("opts", OPTION_SETS[:2], ids=OPTION_IDS[:2])
def test_one_call_equals_the_full_path(opts: GuobiaoConfig) -> None:
    """Every corpus hand: the one-call path answers (never falls back) and gives the full path's very result;
    score() itself gives it from a Hand and from the text."""
    g = Guobiao(opts)
    for i, c in enumerate(CORPUS):
        h = parse_hand(c.text)
        r = _one_call(g, h, c.context)
        assert r is not None, c.text
        assert r == _full(g, h, c.context), c.text
        if i < 200:  # (score() on the pure-Python backend is the Python scorer: compared on every hand elsewhere)
            assert r == g.score(h, c.context) == g.score(c.text, c.context), c.text
        assert sum(r.payments) == 0
        packs = {b: (m, m.packed) for b, m in zip(re.findall(r"\[([^\]]*)\]", c.text), h.melds)}
        assert _core._gb_score_text(c.text, packs, c.context.packed, g._opt_bits, g._min_fan, g.name) == r, c.text
    # (a meld not cached)
    assert _core._gb_score_text("[123m,1]456p789s11z1z", {}, WinContext().packed, 0, 8, "guobiao") is None


def test_one_call_refuses_what_the_full_path_refuses() -> None:
    """Contexts and hands that fail a check: the one-call path returns None (so score() takes the full path and
    raises its error) or the full path's result; never another answer."""
    hands = [parse_hand(c.text) for c in CORPUS[:60]] + [
        parse_hand("[1111m][2222p,2]3333s5p5p"), parse_hand("[111m,1]1m23456789p11s"),  # 和绝张 from the melds
        parse_hand("123m456p789s11z1z", infer_win_tile=False),  # no winning tile
        parse_hand("123m456p789s11z"),  # 11 tiles
        Hand((12, 13, 14, 21, 22, 23, 31, 31), (Meld(MeldKind.CHOW, (27, 28, 29), 1), Meld(MeldKind.PUNG, (5,) * 3)),
             (), 31),  # a chow of winds
        Hand((12, 13, 14, 21, 22, 23, 31, 31), (Meld(MeldKind.CONCEALED_KONG, (0,) * 4), Meld(MeldKind.PUNG, (5,) * 3)),
             tuple(range(34, 42)), 31),  # 8 flowers
    ]
    for extras in (False, True):
        g = Guobiao(extras=extras)
        for h in hands:
            for ctx in HOSTILE:
                full = _outcome(lambda g=g, h=h, ctx=ctx: _full(g, h, ctx))
                assert _outcome(lambda g=g, h=h, ctx=ctx: g.score(h, ctx)) == full, (h, ctx)
                if extras:
                    continue  # (score() never takes the one-call path for the extras)
                one = _one_call(g, h, ctx)
                assert one is None or one == full, (h, ctx)


def test_details_are_a_plain_mapping() -> None:
    """The one-call path writes ``details`` on first access; to a reader it is a read-only dict of JSON values."""
    g = Guobiao()
    c = CORPUS[7]
    r = _one_call(g, parse_hand(c.text), c.context)
    full = _full(g, parse_hand(c.text), c.context).details
    d = r.details
    assert isinstance(d, Mapping) and d == full and full == d and not (d != full)
    assert dict(d) == full and list(d) == list(full) and len(d) == len(full) and "melds" in d
    assert d.get("pair") == full["pair"] and d.get("nothing", 3) == 3 and repr(d) == repr(full)
    assert json.loads(json.dumps(dict(d))) == full
    assert pickle.loads(pickle.dumps(r)) == r and copy.deepcopy(r) == r
    with pytest.raises(TypeError):
        d["fan"] = 0  # type: ignore[index]
    with pytest.raises(TypeError):
        hash(d)


def test_score_takes_the_one_call_path_on_the_compiled_backend() -> None:
    from mahjong._kernels import BACKEND
    assert (R._FAST is not None) == (BACKEND == "cython")


def test_the_kernel_reads_the_context_packed_form() -> None:
    """The one-call path reads a context only through ``WinContext.packed`` (built once per context, laid out as
    CONTEXT_PACK + CONTEXT_FLAGS); a packed form of the wrong size or with a seat out of range is refused."""
    from mahjong.framework import CONTEXT_FLAGS, CONTEXT_OTHER_FACTS, CONTEXT_PACK

    ctx = GuobiaoContext(winner=2, discarder=0, dealer=1, prevalent_wind=3, last_tile=True, robbing_kong=True)
    assert ctx.packed is ctx.packed and len(ctx.packed) == len(CONTEXT_PACK) + 1
    winner, discarder, dealer, seat, prevalent, flags = ctx.packed
    assert (winner, discarder, dealer, seat, prevalent) == (2, 0, 1, 1, 3)
    assert flags == (1 << CONTEXT_FLAGS.index("last_tile")) | (1 << CONTEXT_FLAGS.index("robbing_kong"))
    assert WinContext().packed == bytes((0, 255, 0, 0, 0, 0))  # (255: self-drawn)
    assert GuobiaoContext(human=True, discarder=1).packed[-1] & CONTEXT_OTHER_FACTS
    assert ctx == dataclasses.replace(ctx) and hash(ctx) == hash(dataclasses.replace(ctx))  # (not a field)
    g = Guobiao()
    h = parse_hand(CORPUS[3].text)
    good = WinContext(discarder=3).packed
    assert FAST(h.packed, h.melds, good, g._opt_bits, g._min_fan, g.name) == g.score(h, WinContext(discarder=3))
    for bad in (good[:-1], good + b"\0", bytes((4,)) + good[1:], good[:3] + bytes((7,)) + good[4:]):
        assert FAST(h.packed, h.melds, bad, g._opt_bits, g._min_fan, g.name) is None
