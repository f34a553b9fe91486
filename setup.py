"""Build the Cython kernels in src/mjcore/ into the mahjong package as ``mahjong._core``.

Everything declarative is in pyproject.toml; this file only declares the extension.

Build-time switches (environment, all optional):
  MAHJONG_NO_EXTENSIONS=1    pure-Python wheel (reference kernels only)
  MAHJONG_CYTHON_DEBUG=1     bounds/wraparound/initialized checks on
  MAHJONG_CYTHON_TRACE=1     line tracing, for coverage of .pyx/.pxi (with MAHJONG_CYTHON_DEBUG=1 too: one build
                             for both, its checks and C asserts on whether or not a tracer runs)
  MAHJONG_CYTHON_ANNOTATE=1  write the cython -a HTML next to the C output
Compiler directives live here only (not in .pyx headers) so the switches apply everywhere.
Bounds checks are off in release builds: every public entry point validates its input first.
"""

import os
import runpy

from setuptools import Extension, setup

HERE = os.path.dirname(os.path.abspath(__file__))


def _flag(name: str) -> bool:
    return os.environ.get(name) == "1"


NO_EXTENSIONS = _flag("MAHJONG_NO_EXTENSIONS")
DEBUG = _flag("MAHJONG_CYTHON_DEBUG")
TRACE = _flag("MAHJONG_CYTHON_TRACE")
ANNOTATE = _flag("MAHJONG_CYTHON_ANNOTATE")
MODE = ("pure" if NO_EXTENSIONS else "trace-debug" if TRACE and DEBUG else "trace" if TRACE else "debug" if DEBUG
        else "release")


def generate_constants() -> None:
    """Write src/mjcore/rules.pxd from python/mahjong/_constants.py (the one source of the flag bits and form
    indices), only when its text changes, so the Cython build never sees a stale copy."""
    source = runpy.run_path(os.path.join(HERE, "python", "mahjong", "_constants.py"))
    text = source["render_pxd"]()
    target = os.path.join(HERE, "src", "mjcore", "rules.pxd")
    _write_if_changed(target, text)


def generate_engine_constants() -> None:
    """Write src/mjcore/enginedefs.pxd from python/mahjong/game/_core_constants.py (the hand core's phases,
    event kinds and statuses) and the action index of python/mahjong/game/actions.py, only when it changes."""
    source = runpy.run_path(os.path.join(HERE, "python", "mahjong", "game", "_core_constants.py"))
    _write_if_changed(os.path.join(HERE, "src", "mjcore", "enginedefs.pxd"), source["render_pxd"]())


def generate_evaluator_constants() -> None:
    """Write src/mjcore/evaldefs.pxd from python/mahjong/rulebook/opcodes.py (the compiled rule-book evaluator's
    opcodes, library ids and image layout; the library's ids read from rulebook/predicates.py), only when it
    changes."""
    source = runpy.run_path(os.path.join(HERE, "python", "mahjong", "rulebook", "opcodes.py"))
    _write_if_changed(os.path.join(HERE, "src", "mjcore", "evaldefs.pxd"), source["render_pxd"]())


def _write_if_changed(target: str, text: str) -> None:
    try:
        with open(target, encoding="utf-8") as f:
            if f.read() == text:
                return
    except FileNotFoundError:
        pass
    with open(target, "w", encoding="utf-8", newline="\n") as f:
        f.write(text)


def extensions():
    from Cython.Build import cythonize

    generate_constants()
    generate_engine_constants()
    generate_evaluator_constants()

    directives = {
        "language_level": "3",
        "boundscheck": DEBUG,
        "wraparound": DEBUG,
        "initializedcheck": DEBUG,
        "cdivision": True,
        "embedsignature": True,
        "autotestdict": False,  # no __test__ dict: keeps mypy.stubtest clean
    }
    macros = [("MJ_BUILD_MODE", f'"{MODE}"')]  # reported by mahjong._core._build_mode()
    if TRACE:
        directives["linetrace"] = True
        macros += [("CYTHON_TRACE", "1"), ("CYTHON_TRACE_NOGIL", "1")]
    if os.name == "nt":
        compile_args = []
    elif TRACE:
        # A traced build exists only to measure which lines the tests reach: unoptimised, its C (13 MB with the
        # trace hooks) compiles in a sixth of -O2's time, and its tests, dominated by the tracer, run ~17 % slower.
        compile_args = ["-O0", "-UNDEBUG"] if DEBUG else ["-O0"]  # (with the debug switch: C asserts on too)
    elif DEBUG:
        compile_args = ["-O1", "-g", "-UNDEBUG"]  # C asserts on, debuggable; Cython's bounds checks above
    else:
        compile_args = ["-O3"]
    modules = [
        Extension(
            "mahjong._core",
            ["src/mjcore/core.pyx"],
            define_macros=macros,
            extra_compile_args=compile_args,
        ),
    ]
    return cythonize(
        modules,
        include_path=["src"],
        compiler_directives=directives,
        annotate=ANNOTATE,
        build_dir=None if TRACE else f"build/{MODE}/cython",
    )


setup(
    # One build tree per mode, so switching modes never reuses a stale .so.
    options={"build": {"build_base": f"build/{MODE}"}},
    ext_modules=[] if NO_EXTENSIONS else extensions(),
)
