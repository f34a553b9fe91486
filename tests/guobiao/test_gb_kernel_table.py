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
    idx = {f.key: i for i, f in enumerate(FANS)}
    assert t["values"] == [f.value for f in FANS]
    assert t["excludes"] == [[idx[k] for k in f.excludes] for f in FANS]
    conv = {f.key: c.converts[0] for f in FANS if (c := F.COUNTING.get(f.key)) and c.converts}
    assert conv == {"four_concealed_pungs": ("fully_concealed_hand", "self_drawn")}
    assert t["converts"] == [(idx[conv[f.key][0]], idx[conv[f.key][1]]) if f.key in conv else (-1, -1) for f in FANS]
    assert t["trim"] == list(F.TRIM_ORDER) and t["trim_kept"] == list(F.TRIM_ORDER_KEPT)
    assert t["extra"] == list(F.EXTRA_PRIORITY) and t["tie"] == list(F.TIE_FANS)
    assert t["record_size"] == RECORD_SIZE == KT.REC_SIZE
    # the reference's tile order (万 条 筒, then E S W N C F P), as a sort key over tile ids (万 筒 条 …)
    reference_order = [*range(0, 9), *range(18, 27), *range(9, 18), *range(27, 34)]
    assert sorted(range(34), key=t["ref_pos"].__getitem__) == reference_order
    assert t["ref_pos"] == list(D.REF_POS)


def test_orders_come_from_the_rows() -> None:
    """The orders the spec gives (§4 step 6, §2 step 5) are what the rows say."""
    names = lambda xs: [FANS[i].key for i in xs]  # noqa: E731
    assert names(F.TRIM_ORDER) == ["two_terminal_chows", "short_straight", "mixed_double_chow", "pure_double_chow"]
    assert names(F.TRIM_ORDER_KEPT) == ["short_straight", "mixed_double_chow", "pure_double_chow",
                                        "two_terminal_chows"]
    assert names(F.EXTRA_PRIORITY) == ["pure_double_chow", "mixed_double_chow", "short_straight",
                                       "two_terminal_chows"]
    assert names(F.TIE_FANS) == ["pure_triple_chow", "triple_pung"]


def test_generated_masks_are_the_tile_classes() -> None:
    """The masks over tile ids are the classes the fans name (written out here from the tile ids' layout)."""
    m = KT.tile_masks()
    bits = lambda mask: {t for t in range(34) if mask >> t & 1}  # noqa: E731
    terminals = {0, 8, 9, 17, 18, 26}
    assert bits(m["GB_M_WIND"]) == {27, 28, 29, 30} and bits(m["GB_M_DRAGON"]) == {31, 32, 33}
    assert bits(m["GB_M_HONOR"]) == set(range(27, 34)) and bits(m["GB_M_NUMBERED"]) == set(range(27))
    assert bits(m["GB_M_TERMINAL"]) == terminals and bits(m["GB_M_ORPHANS"]) == terminals | set(range(27, 34))
    assert bits(m["GB_M_SUIT_M"]) == set(range(9)) and bits(m["GB_M_SUIT_P"]) == set(range(9, 18))
    assert bits(m["GB_M_SUIT_S"]) == set(range(18, 27))
    assert bits(m["GB_M_GREEN"]) == {19, 20, 21, 23, 25, 32}  # 23468s and 发
    assert bits(m["GB_M_REVERSIBLE"]) == {9, 10, 11, 12, 13, 16, 17, 19, 21, 22, 23, 25, 26, 33}
    assert bits(m["GB_M_RANKS_456"]) == {t for t in range(27) if t % 9 in (3, 4, 5)}
    assert bits(m["GB_M_RANK_6"]) == {5, 14, 23}
    for k, v in m.items():
        assert v < 1 << 34, k
    # the knitted sequences: 147 / 258 / 369 each in another suit
    assert sorted(sorted(bits(k)) for k in D.KNITTED_MASKS)[0] == [0, 3, 6, 10, 13, 16, 20, 23, 26]
    assert len(set(D.KNITTED_MASKS)) == 6 and all(len(bits(k)) == 9 for k in D.KNITTED_MASKS)


def test_generator_writes_the_file(tmp_path: Any) -> None:
    out = tmp_path / "gb_fans.pxi"
    assert KT.main([str(out)]) == 0
    text = out.read_text(encoding="utf-8")
    assert text == KT.render() and "GBF_PURE_DOUBLE_CHOW = 69" in text
