"""The compiled kernel's fan table is generated from fans.py (src/mjcore/gb_fans.pxi, written by
``python -m mahjong.rulesets.guobiao.kernel_table``): regenerating it changes nothing, and the table the installed
module was compiled with is fans.py's — values, 不计 exclusions, the conversion, the trim orders, the extra and tie
priorities, the tile order — so a fan row edited without regenerating fails here on every install.
"""

from __future__ import annotations

import os
from typing import Any

from mahjong import _core as _compiled
from mahjong.rulesets.guobiao import FANS, RECORD_SIZE
from mahjong.rulesets.guobiao import detectors as D
from mahjong.rulesets.guobiao import fans as F
from mahjong.rulesets.guobiao import kernel_table as KT

_core: Any = _compiled

#: the committed output (the wheel legs copy src/ beside the tests: .ci/run, [tool.cibuildwheel] test-sources)
COMMITTED = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "src", "mjcore", "gb_fans.pxi")


def test_regenerating_the_table_changes_nothing() -> None:
    with open(COMMITTED, encoding="utf-8") as fh:
        assert fh.read() == KT.render(), "fans.py changed: run python -m mahjong.rulesets.guobiao.kernel_table"


def test_compiled_table_is_the_fan_rows() -> None:
    t = _core._gb_kernel_table()
    idx = {f.key: f.idx for f in FANS}
    assert t["values"] == [f.value for f in FANS]
    assert t["excludes"] == [[idx[k] for k in f.excludes] for f in FANS]
    assert t["converts"] == [(idx[f.converts[0][0]], idx[f.converts[0][1]]) if f.converts else (-1, -1) for f in FANS]
    assert t["trim"] == list(F.TRIM_ORDER) and t["trim_kept"] == list(F.TRIM_ORDER_KEPT)
    assert t["extra"] == list(F.EXTRA_PRIORITY) and t["tie"] == list(F.TIE_FANS)
    assert t["record_size"] == RECORD_SIZE == KT.REC_SIZE
    # the reference's tile order, as a sort key over tile ids
    assert sorted(range(34), key=t["ref_pos"].__getitem__) == sorted(range(34), key=D.CODE.__getitem__)


def test_orders_come_from_the_rows() -> None:
    """The orders the spec gives (§4 step 6, §2 step 5) are what the rows say."""
    names = lambda xs: [FANS[i].key for i in xs]  # noqa: E731
    assert names(F.TRIM_ORDER) == ["two_terminal_chows", "short_straight", "mixed_double_chow", "pure_double_chow"]
    assert names(F.TRIM_ORDER_KEPT) == ["short_straight", "mixed_double_chow", "pure_double_chow",
                                        "two_terminal_chows"]
    assert names(F.EXTRA_PRIORITY) == ["pure_double_chow", "mixed_double_chow", "short_straight",
                                       "two_terminal_chows"]
    assert names(F.TIE_FANS) == ["pure_triple_chow", "triple_pung"]


def test_generated_masks_are_the_detectors_classes() -> None:
    m = KT.tile_masks()
    for t, c in enumerate(D.CODE):
        assert bool(m["GB_M_WIND"] >> t & 1) == D.is_wind(c)
        assert bool(m["GB_M_DRAGON"] >> t & 1) == D.is_dragon(c)
        assert bool(m["GB_M_TERMINAL"] >> t & 1) == D.is_terminal(c)
        assert bool(m["GB_M_NUMBERED"] >> t & 1) == D.is_numbered(c)
        assert bool(m["GB_M_ORPHANS"] >> t & 1) == (c in D.ORPHANS)


def test_generator_writes_the_file(tmp_path: Any) -> None:
    out = tmp_path / "gb_fans.pxi"
    assert KT.main([str(out)]) == 0
    text = out.read_text(encoding="utf-8")
    assert text == KT.render() and "GBF_PURE_DOUBLE_CHOW = 69" in text
