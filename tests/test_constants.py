"""One source for every constant shared by the compiled kernels and the package: mahjong._constants.

The flag bits of HandRules, the form indices and the kernel names are written there once; these tests fail when
any copy (the generated rules.pxd as compiled, the Form enum, HandRules.flags, both backends, the package
namespace, the stub) drifts from it.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import os
from pathlib import Path

import pytest

import mahjong
from mahjong import _constants, _kernels, _reference
from mahjong.rules import HandRules
from mahjong.types import Form

PURE = os.environ.get("MAHJONG_PURE_PYTHON") == "1"


def _core():  # type: ignore[no-untyped-def]
    try:
        return importlib.import_module("mahjong._core")
    except ImportError:
        if PURE:
            pytest.skip("compiled module not built (MAHJONG_PURE_PYTHON=1)")
        raise


def test_compiled_constants_match_the_source() -> None:
    compiled = _core()._compiled_constants()
    assert compiled["FLAG_BITS"] == _constants.FLAG_BITS
    assert compiled["FORM_INDEX"] == _constants.FORM_INDEX
    assert compiled["N_FORMS"] == len(Form)


def test_generated_pxd_text_is_what_the_source_renders() -> None:
    """The build regenerates src/mjcore/rules.pxd; the committed copy must be the current rendering too."""
    pxd = Path(__file__).resolve().parents[1] / "src" / "mjcore" / "rules.pxd"
    if not pxd.exists():  # tests copied out of the tree (the wheel leg): the compiled check above covers it
        assert not (Path(__file__).resolve().parents[1] / "setup.py").exists()
        return
    assert pxd.read_text(encoding="utf-8") == _constants.render_pxd()


def test_hand_rules_flags_use_the_bits() -> None:
    names = list(_constants.FLAG_BITS)
    for name in names:
        rules = HandRules(**{n: n == name for n in names if n not in ("no_honors",)}) if name != "no_honors" else \
            HandRules(no_honors=True, thirteen_orphans=False, seven_pairs=False, seven_pairs_quad_as_two=False)
        expect = sum(bit for n, bit in _constants.FLAG_BITS.items() if getattr(rules, n))
        assert rules.flags == expect
    assert sorted(_constants.FLAG_BITS.values()) == [1 << i for i in range(len(names))]
    init_fields = {f for f in inspect.signature(HandRules).parameters}
    assert set(names) <= init_fields


def test_form_enum_is_the_index_table() -> None:
    assert {f.name: int(f) for f in Form} == _constants.FORM_INDEX


def test_kernel_names_everywhere() -> None:
    names = _constants.KERNEL_NAMES
    assert _kernels.KERNEL_NAMES is names
    for name in names:
        assert getattr(mahjong, name) is getattr(_kernels.backend_module, name)
        assert callable(getattr(_reference, name))
        assert name in mahjong.__all__
    if not PURE:
        core = _core()
        assert list(core.__all__) == list(names)
        for name in names:
            assert callable(getattr(core, name))
    stub = Path(mahjong.__file__).with_name("_core.pyi")
    tree = ast.parse(stub.read_text(encoding="utf-8"))
    stub_all = next(
        ast.literal_eval(node.value)
        for node in tree.body
        if isinstance(node, ast.Assign) and any(getattr(t, "id", "") == "__all__" for t in node.targets)
    )
    assert stub_all == list(names)
    stub_defs = {node.name for node in tree.body if isinstance(node, ast.FunctionDef)}
    assert set(names) <= stub_defs
    kernel_functions = {n for n in dir(_reference) if callable(getattr(_reference, n)) and not n.startswith("_")}
    public_kernels = {n for n in kernel_functions if getattr(getattr(_reference, n), "__module__", "") ==
                      "mahjong._reference"}
    assert public_kernels == set(names)
