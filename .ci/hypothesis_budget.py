"""pytest plugin for the CI passes that repeat what another pass runs in full: a smaller hypothesis budget.

    PYTHONPATH=.ci MAHJONG_HYPOTHESIS_SCALE=0.25 pytest -p hypothesis_budget ...

Every property test still runs (none is skipped or deselected) with its examples scaled by
MAHJONG_HYPOTHESIS_SCALE (at least MIN_EXAMPLES each), whether its budget comes from hypothesis's default or from
its own ``@settings(max_examples=...)``.  It is meant for:

- the pure-Python pass (MAHJONG_PURE_PYTHON=1): the compiled pass has already run every property test with its
  full budget on the rule layer, and on both kernel backends where a test takes the ``kernels`` fixture; here
  the same tests check that the rule layer gives the same answers on the pure-Python kernels;
- the traced coverage leg: line tracing makes every kernel line ~50x slower; coverage needs the lines reached,
  not the full search.

Nothing else changes: deadlines, health checks and seeds stay the tests' own.  The plugin is not part of the
package or of the README test command (pytest without it runs the full budgets).
"""

from __future__ import annotations

import math
import os
from typing import Any

import pytest

MIN_EXAMPLES = 10


def _scale() -> float:
    text = os.environ.get("MAHJONG_HYPOTHESIS_SCALE", "1")
    try:
        scale = float(text)
    except ValueError:
        raise pytest.UsageError(f"MAHJONG_HYPOTHESIS_SCALE must be a number, got {text!r}") from None
    if not 0 < scale <= 1:
        raise pytest.UsageError(f"MAHJONG_HYPOTHESIS_SCALE must be in (0, 1], got {text!r}")
    return scale


def scaled(examples: int, scale: float) -> int:
    return min(examples, max(MIN_EXAMPLES, math.ceil(examples * scale)))


def pytest_collection_modifyitems(session: pytest.Session, config: pytest.Config, items: list[Any]) -> None:
    from hypothesis import settings

    scale = _scale()
    if scale == 1:
        return
    done: set[int] = set()
    count = 0
    for item in items:
        fn = getattr(getattr(item, "obj", None), "__func__", getattr(item, "obj", None))
        if fn is None or getattr(fn, "hypothesis", None) is None or id(fn) in done:
            continue
        done.add(id(fn))
        # hypothesis keeps a test's settings on the wrapped test (its own @settings, or the default it was
        # decorated with) and reads them when the test runs
        current = getattr(fn, "_hypothesis_internal_use_settings", None)
        if current is None:
            raise pytest.UsageError(f"hypothesis_budget: cannot read the settings of {item.nodeid}")
        fn._hypothesis_internal_use_settings = settings(current, max_examples=scaled(current.max_examples, scale))
        count += 1
    config.hypothesis_budget_note = (  # type: ignore[attr-defined]
        f"hypothesis_budget: {count} property tests at {scale:g}x their examples (at least {MIN_EXAMPLES})"
    )


def pytest_report_header(config: pytest.Config) -> str:
    return f"hypothesis_budget: MAHJONG_HYPOTHESIS_SCALE={_scale():g}"


def pytest_terminal_summary(terminalreporter: Any, exitstatus: int, config: pytest.Config) -> None:
    note = getattr(config, "hypothesis_budget_note", None)
    if note:
        terminalreporter.write_line(note)
