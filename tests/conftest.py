"""Shared fixtures: run the kernel tests on every importable backend.

``kernels`` yields ``mahjong._reference`` and, when the compiled module is importable, ``mahjong._core``, so the
same known-answer tests check both.  ``MAHJONG_PURE_PYTHON=1`` limits it to the reference.
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Iterator
from types import ModuleType
from typing import Any

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


@pytest.fixture
def registry_restored() -> Iterator[None]:
    """The registry's tables as they were before the test: a preset the test registers (every rule file loaded
    registers its own) is gone after it, so no other test sees it."""
    from mahjong import registry

    registry.load_presets()  # (the shipped ones first: restored, the tables must still hold them)
    tables: tuple[dict[str, Any], ...] = (registry.PRESETS, registry.PRESET_INFO, registry.FLOWS, registry._ALIASES)
    saved = [dict(t) for t in tables]
    try:
        yield
    finally:
        for t, before in zip(tables, saved):
            t.clear()
            t.update(before)
