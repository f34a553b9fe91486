"""pytest plugin for CI's pure-Python pass: a kernel test given a backend as its parameter runs once, in the
compiled pass.

    PYTHONPATH=.ci MAHJONG_PURE_PYTHON=1 pytest -p kernel_params_once ...

The kernel tests take the backend to check as a parameter (the ``kernels`` fixture of tests/conftest.py, the
``backend`` parameter of tests/test_fuzz.py): the compiled pass (the README's ``pytest``) runs each of them on
``mahjong._reference`` and on ``mahjong._core``, with their full hypothesis budgets.  In the files of AUDITED
such a test calls the module it is given and nothing that ``MAHJONG_PURE_PYTHON`` switches (the rule layer,
``mahjong.is_win`` and the like), so the pure-Python pass would run the very same code again on the same twin
(its ``_reference`` parameter) or on the compiled module the README pass has checked (its ``_core`` parameter,
where a test lists the backends itself).  This plugin deselects those items in the pure pass, and nothing else:
every other test, the rule layer's included, still runs on the pure-Python backend.

It refuses to run without ``MAHJONG_PURE_PYTHON=1`` or without a compiled module: there the kernel parameters are
the only run on a backend, not a repeat.  It is not part of the package or of the README test command.
"""

from __future__ import annotations

import importlib
import os
from typing import Any

import pytest

#: the values a kernel test's backend parameter takes
KERNEL_MODULES = frozenset({"mahjong._reference", "mahjong._core"})

#: the test files whose backend-parametrized tests call only the backend they are given (read 2026-12-07: the
#: known answers, brute-force and differential comparisons, the input validator's refusals and the fuzzing of the
#: kernels; tests/test_framework.py is not among them: its scores run the rule layer with the kernel patched in)
AUDITED = frozenset({
    "tests/test_kernels.py",
    "tests/test_seed_waits.py",
    "tests/test_wildcards_bruteforce.py",
    "tests/test_wildcard_waits_gate.py",
    "tests/test_input_validation.py",
    "tests/test_fuzz.py",
})


def _repeats_the_compiled_pass(item: Any) -> bool:
    callspec = getattr(item, "callspec", None)
    if callspec is None or item.nodeid.split("::", 1)[0] not in AUDITED:
        return False
    return any(isinstance(value, str) and value in KERNEL_MODULES for value in callspec.params.values())


def pytest_configure(config: pytest.Config) -> None:
    if os.environ.get("MAHJONG_PURE_PYTHON") != "1":
        raise pytest.UsageError("kernel_params_once is for the pure-Python pass: set MAHJONG_PURE_PYTHON=1")
    try:
        importlib.import_module("mahjong._core")
    except ImportError:
        raise pytest.UsageError(
            "kernel_params_once needs the compiled module: without it no compiled pass ran the kernel tests"
        ) from None


def pytest_collection_modifyitems(session: pytest.Session, config: pytest.Config, items: list[Any]) -> None:
    kept, repeats = [], []
    for item in items:
        (repeats if _repeats_the_compiled_pass(item) else kept).append(item)
    if repeats:
        config.hook.pytest_deselected(items=repeats)
        items[:] = kept
    config.kernel_params_once_note = (  # type: ignore[attr-defined]
        f"kernel_params_once: {len(repeats)} backend-parametrized kernel tests left to the compiled pass"
    )


def pytest_terminal_summary(terminalreporter: Any, exitstatus: int, config: pytest.Config) -> None:
    note = getattr(config, "kernel_params_once_note", None)
    if note:
        terminalreporter.write_line(note)
