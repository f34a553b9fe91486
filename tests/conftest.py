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

#: The test-only references of pyproject's ``test`` extra.  Where the suite is meant to prove something (a
#: developer's machine, .ci/run) a missing one fails the run at once instead of silently skipping the
#: comparisons that need it.  The wheel matrix (cibuildwheel) sets MAHJONG_TEST_REFERENCES_OPTIONAL=1, because
#: pymahjonggb has no wheels; there the tests that need a missing reference are skipped.
REFERENCE_LIBS = ("numpy", "hypothesis", "xiangting", "MahjongGB")
REFERENCES_OPTIONAL = os.environ.get("MAHJONG_TEST_REFERENCES_OPTIONAL") == "1"


def _missing_references() -> list[str]:
    missing = []
    for name in REFERENCE_LIBS:
        try:
            importlib.import_module(name)
        except ImportError as e:
            missing.append(f"{name} ({e})")
    return missing


MISSING_REFERENCES = _missing_references()


def pytest_sessionstart(session: pytest.Session) -> None:
    if MISSING_REFERENCES and not REFERENCES_OPTIONAL:
        raise pytest.UsageError(
            f"test dependencies missing: {', '.join(MISSING_REFERENCES)} — install them with pip install '.[test]'"
        )


@pytest.fixture(params=BACKENDS, ids=[n.rsplit(".", 1)[1] for n in BACKENDS])
def kernels(request: pytest.FixtureRequest) -> ModuleType:
    """A kernel module (same API in both backends)."""
    return importlib.import_module(request.param)
