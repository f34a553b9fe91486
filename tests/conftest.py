"""Shared fixtures: run the kernel tests on every importable backend.

``kernels`` yields ``mahjong._reference`` and, when the compiled module is importable, ``mahjong._core``, so the
same known-answer tests check both.  ``MAHJONG_PURE_PYTHON=1`` limits it to the reference.
"""

from __future__ import annotations

import importlib
import os
from types import ModuleType

import pytest


def _backends() -> list[str]:
    names = ["mahjong._reference"]
    if os.environ.get("MAHJONG_PURE_PYTHON") != "1":
        try:
            importlib.import_module("mahjong._core")
        except ImportError:
            pass  # test_backend_is_compiled in test_kernels.py reports a missing compiled module
        else:
            names.append("mahjong._core")
    return names


BACKENDS = _backends()


@pytest.fixture(params=BACKENDS, ids=[n.rsplit(".", 1)[1] for n in BACKENDS])
def kernels(request: pytest.FixtureRequest) -> ModuleType:
    """A kernel module (same API in both backends)."""
    return importlib.import_module(request.param)
