"""The one place that chooses the kernel backend.

``mahjong._core`` (compiled from ``src/mjcore/``) is used when present, unless ``MAHJONG_PURE_PYTHON=1`` asks
for the pure-Python reference ``mahjong._reference``.  Both export the same functions with the same
signatures and answers; the test suite runs on both and compares them.
"""

from __future__ import annotations

import os

__all__ = ["BACKEND", "KERNEL_NAMES", "backend_module"]

KERNEL_NAMES = (
    "is_win",
    "decompositions",
    "waits",
    "shanten",
    "shanten_by_form",
    "useful_tiles",
    "discard_options",
    "is_win_batch",
    "shanten_batch",
    "waits_batch",
)

if os.environ.get("MAHJONG_PURE_PYTHON") == "1":
    from mahjong import _reference as backend_module

    BACKEND = "python"
else:
    try:
        from mahjong import _core as backend_module  # type: ignore[no-redef]

        BACKEND = "cython"
    except ImportError:  # no compiled module: no wheel for this platform and no compiler at install time
        from mahjong import _reference as backend_module

        BACKEND = "python"
