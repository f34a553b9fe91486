"""Writes ``src/mjcore/gb_fans.pxi``, the compiled Guobiao kernel's copy of the fan table, from :mod:`.fans`.

    python -m mahjong.rulesets.guobiao.kernel_table [path]     # default: src/mjcore/gb_fans.pxi of this checkout

Everything the kernel knows about the fans comes from here: each fan's index (as ``GBF_<KEY>``), its value, its
不计 exclusions and conversion, the account-once trim orders, the 4th-chow extra priority and the tie-break fans,
plus the tile classes the fans test, as 34-bit masks over the package's tile ids (bit t = tile id t) and the
reference calculator's tile order as a sort key.  The output is committed (no build step runs this); the tests
regenerate it and require no difference (tests/guobiao/test_gb_kernel_table.py), and they compare the table the
compiled module was built with to :mod:`.fans` on every install, wheels included.
"""

from __future__ import annotations

import os
import sys

from mahjong.framework import CONTEXT_FLAGS, CONTEXT_OTHER_FACTS, CONTEXT_PACK
from mahjong.rulesets.guobiao import detectors as D
from mahjong.rulesets.guobiao.fans import (
    CONVERTS,
    EXTRA_PRIORITY,
    FAN_INDEX,
    FANS,
    TIE_FANS,
    TRIM_ORDER,
    TRIM_ORDER_KEPT,
)

__all__ = [
    "render", "main", "tile_masks", "DEFAULT_PATH", "WAITS", "RECORD", "REC_SIZE", "FLAG_BITS", "OPTION_BITS",
    "option_bits",
]

#: the wait names a result reports (``ScoreResult.wait``); the kernel returns the index (``GB_WAIT_<NAME>``)
WAITS: tuple[str, ...] = ("edge", "closed", "single", "two-sided", "dual-pung", "knitted", "thirteen-sided",
                          "nine-sided")

#: the packed hand record the kernel reads (one per hand, ``GB_REC`` bytes; batches are records end to end):
#: name, offset, size.  Flags: bit 0 self-drawn, 1 和绝张, 2 last tile of the wall, 3 kong involved (杠上开花 /
#: 抢杠和), 4 天和 (no wait).  A pack is (kind 0 chow / 1 pung / 2 kong, tile id (a chow's middle tile),
#: 1 = claimed from another player or 0).
RECORD: tuple[tuple[str, int, int], ...] = (
    ("COUNTS", 0, 34),     # the concealed tiles' counts by tile id, the winning tile included
    ("WIN", 34, 1),        # the winning tile
    ("FLAGS", 35, 1),
    ("SEAT", 36, 1),       # seat wind 0..3 (E S W N)
    ("PREVALENT", 37, 1),  # prevalent wind 0..3
    ("FLOWERS", 38, 1),
    ("N_PACKS", 39, 1),
    ("PACKS", 40, 12),     # four packs of 3 bytes, unused ones zero
)
REC_SIZE = 52
FLAG_BITS: tuple[str, ...] = ("SELF_DRAWN", "LAST_TILE", "WALL_LAST", "KONG", "HEAVENLY")
#: the GuobiaoConfig fields the kernel reads, as bits of its ``opts`` argument (bit i = OPTION_BITS[i])
OPTION_BITS: tuple[str, ...] = ("melded_and_concealed_kong", "kongs_count_concealed_kongs",
                                "four_concealed_pungs_fully_concealed", "all_terminals_pairs_no_tile_hog",
                                "terminal_chows_kept")


def option_bits(config: object) -> int:
    """The kernel's ``opts`` for a GuobiaoConfig."""
    return sum(1 << i for i, name in enumerate(OPTION_BITS) if getattr(config, name))

DEFAULT_PATH = os.path.join(os.path.dirname(__file__), "..", "..", "..", "..", "src", "mjcore", "gb_fans.pxi")


def tile_masks() -> dict[str, int]:
    """The tile classes the kernel tests, as masks over tile ids, from the detectors' definitions."""
    suit_m, suit_p, suit_s = D.SUIT_MASKS
    return {
        "GB_M_SUIT_M": suit_m,
        "GB_M_SUIT_S": suit_s,
        "GB_M_SUIT_P": suit_p,
        "GB_M_WIND": D.WIND_MASK,
        "GB_M_DRAGON": D.DRAGON_MASK,
        "GB_M_HONOR": D.HONOR_MASK,
        "GB_M_NUMBERED": D.NUMBERED_MASK,
        "GB_M_TERMINAL": D.TERMINAL_MASK,
        "GB_M_REVERSIBLE": D.REVERSIBLE_MASK,
        "GB_M_GREEN": D.GREEN_MASK,
        "GB_M_RANKS_1234": D.ranks_mask(1, 2, 3, 4),
        "GB_M_RANKS_6789": D.ranks_mask(6, 7, 8, 9),
        "GB_M_RANKS_456": D.ranks_mask(4, 5, 6),
        "GB_M_RANK_4": D.ranks_mask(4),
        "GB_M_RANK_6": D.ranks_mask(6),
        "GB_M_ORPHANS": D.ORPHANS_MASK,
    }


def _c_list(xs: list[int] | tuple[int, ...]) -> str:
    return "{" + ", ".join(str(x) for x in xs) + "}"


def render() -> str:
    """The text of gb_fans.pxi."""
    idx = FAN_INDEX
    n = len(FANS)
    excl_start: list[int] = []
    excl: list[int] = []
    for f in FANS:
        excl_start.append(len(excl))
        excl.extend(idx[k] for k in f.excludes)
    excl_start.append(len(excl))
    conv_from = [a for a, _ in CONVERTS]
    conv_to = [b for _, b in CONVERTS]
    ref_pos = list(D.REF_POS)
    gates = [[idx[k] for k in D.nine_gates_extras(r)] for r in range(1, 10)]
    width = max(len(g) for g in gates)
    gates = [g + [-1] * (width - len(g)) for g in gates]
    lines = [
        "# GENERATED from python/mahjong/rulesets/guobiao/fans.py (and the tile classes of detectors.py) by",
        "#     python -m mahjong.rulesets.guobiao.kernel_table",
        "# Do not edit: change the fan rows and regenerate (tests/guobiao/test_gb_kernel_table.py checks it).",
        "",
        "cdef enum:",
        f"    GB_NF = {n}",
        f"    GB_NINE_GATES_EXTRAS = {width}",
        f"    GB_REC = {REC_SIZE}",
    ]
    lines += [f"    GB_REC_{name} = {off}" for name, off, _ in RECORD]
    lines += [f"    GB_FLAG_{name} = {1 << i}" for i, name in enumerate(FLAG_BITS)]
    lines += [f"    GB_OPT_{name.upper()} = {1 << i}" for i, name in enumerate(OPTION_BITS)]
    lines += [f"    GB_WAIT_{w.upper().replace('-', '_')} = {i}" for i, w in enumerate(WAITS)]
    lines += [f"    GB_CTX_{name.upper()} = {i}" for i, name in enumerate(CONTEXT_PACK)]
    lines += [f"    GB_CTX_FLAGS = {len(CONTEXT_PACK)}", f"    GB_CTX_SIZE = {len(CONTEXT_PACK) + 1}"]
    lines += [f"    GB_CTX_F_{name.upper()} = {1 << i}" for i, name in enumerate(CONTEXT_FLAGS)]
    lines += [f"    GB_CTX_F_OTHER_FACTS = {CONTEXT_OTHER_FACTS}"]
    lines += [f"    GBF_{f.key.upper()} = {i}" for i, f in enumerate(FANS)]
    masks = tile_masks()
    c = [
        f"static const int GB_VALUE[{n}] = {_c_list([f.value for f in FANS])};",
        f"static const int GB_EXCL_START[{n + 1}] = {_c_list(excl_start)};",
        f"static const int GB_EXCL[{max(1, len(excl))}] = {_c_list(excl or [0])};",
        f"static const int GB_CONV_FROM[{n}] = {_c_list(conv_from)};",
        f"static const int GB_CONV_TO[{n}] = {_c_list(conv_to)};",
        f"static const int GB_TRIM_ORDER[4] = {_c_list(TRIM_ORDER)};",
        f"static const int GB_TRIM_ORDER_KEPT[4] = {_c_list(TRIM_ORDER_KEPT)};",
        f"static const int GB_EXTRA_PRIORITY[4] = {_c_list(EXTRA_PRIORITY)};",
        f"static const int GB_N_TIE = {len(TIE_FANS)};",
        f"static const int GB_TIE_FANS[{len(TIE_FANS)}] = {_c_list(TIE_FANS)};",
        f"static const int GB_REF_POS[34] = {_c_list(ref_pos)};",
        f"static const int GB_NINE_GATES_EXTRA[9][{width}] = {{{', '.join(_c_list(g) for g in gates)}}};",
    ]
    c += [f"static const unsigned long long {k} = {v:#x}ULL;" for k, v in masks.items()]
    lines += ["", "cdef extern from *:", '    """']
    lines += ["    " + x for x in c]
    lines += [
        '    """',
        f"    const int GB_VALUE[{n}]",
        f"    const int GB_EXCL_START[{n + 1}]",
        f"    const int GB_EXCL[{max(1, len(excl))}]",
        f"    const int GB_CONV_FROM[{n}]",
        f"    const int GB_CONV_TO[{n}]",
        "    const int GB_TRIM_ORDER[4]",
        "    const int GB_TRIM_ORDER_KEPT[4]",
        "    const int GB_EXTRA_PRIORITY[4]",
        "    const int GB_N_TIE",
        f"    const int GB_TIE_FANS[{len(TIE_FANS)}]",
        "    const int GB_REF_POS[34]",
        f"    const int GB_NINE_GATES_EXTRA[9][{width}]",
    ]
    lines += [f"    const unsigned long long {k}" for k in masks]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    path = args[0] if args else DEFAULT_PATH
    with open(path, "w", encoding="utf-8", newline="\n") as fh:
        fh.write(render())
    print(f"wrote {os.path.normpath(path)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
