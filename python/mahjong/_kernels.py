"""The one place that chooses the kernel backend.

``mahjong._core`` (compiled from ``src/mjcore/``) is used when present, unless ``MAHJONG_PURE_PYTHON=1`` asks
for the pure-Python reference ``mahjong._reference``.  Both export the same functions with the same
signatures and answers; the test suite runs on both and compares them.
"""

from __future__ import annotations

import os

from mahjong._constants import KERNEL_NAMES

__all__ = ["BACKEND", "KERNEL_NAMES", "backend_module"]

# The one list of kernel names (both backends define exactly these; tests/test_constants.py checks the
# package namespace, the stub and both backends against it).

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
