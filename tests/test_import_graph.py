"""The package's imports form no cycle.

The graph is read from the source (``ast``), not from what one run happens to import: every ``import`` and
``from ... import`` of the package's modules, at the top of a file or inside a function, and every module named by
text where the package imports by name (``importlib.import_module("mahjong.x")``, a registry row
``"mahjong.x:Class"``, a list of command modules): a string that is exactly a module of the package (or
``module:attribute``) counts as an import of that module, but a docstring or a logger's name does not.
``if TYPE_CHECKING:`` blocks are left out (they are never run).  ``from p import name`` is an import of
``p.name`` when that is a module, else of ``p``; a module's parent packages are not counted (Python runs them
first, whoever imports).  The compiled module ``mahjong._core`` is a node too: its imports are read from its
Cython sources (``src/mjcore``) in a checkout.

A cycle between modules means neither can be understood, tested or loaded without the other.  The layers run
(roughly) from the errors, constants, tiles and hands, the kernels and the registry of presets (which knows no
rule set: the package installs the loader of its rows, ``mahjong.registry.add_loader``), through the settlement,
the framework, the rule book and the rule sets, the game, to the report layer, the scale-out, the RL package and
the commands on top.

``ALLOWED`` holds the cycles still being taken apart elsewhere: each entry is a set of modules a strongly
connected part of the graph may be (or be inside of).  An entry that no longer matches any cycle fails too, so
the list is emptied as they go.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import mahjong

#: cycles being removed on other branches (none left)
ALLOWED: list[frozenset[str]] = []

PACKAGE = Path(mahjong.__file__).parent
CYTHON_SOURCES = Path(__file__).resolve().parent.parent / "src" / "mjcore"
_CYTHON_IMPORT = re.compile(r"^\s*(?:from\s+([\w.]+)\s+c?import\s+(.+)|import\s+([\w., ]+))\s*$")

Edge = tuple[str, str, str]  # (importer, imported, "file:line")


def _modules() -> dict[str, Path]:
    """Every module of the package by dotted name (a package by its own name, read from its __init__.py), and the
    compiled module."""
    out: dict[str, Path] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    out["mahjong._core"] = PACKAGE / "_core.pyi"
    return out


MODULES = _modules()


def _known(name: str) -> str | None:
    """The deepest module of the package that ``name`` names or lies inside of."""
    while name:
        if name in MODULES:
            return name
        name = name.rpartition(".")[0]
    return None


def _is_type_checking(node: ast.If) -> bool:
    t = node.test
    return (isinstance(t, ast.Name) and t.id == "TYPE_CHECKING") or (
        isinstance(t, ast.Attribute) and t.attr == "TYPE_CHECKING")


def _not_imports(tree: ast.Module) -> set[int]:
    """id() of the strings that name a module without importing it: docstrings (prose) and loggers' names."""
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                out.add(id(first.value))
        elif isinstance(node, ast.Call) and getattr(node.func, "attr", getattr(node.func, "id", "")) == "getLogger":
            out.update(id(a) for a in node.args)
    return out


def _walk(node: ast.AST) -> Iterator[ast.AST]:
    """Every node under ``node`` but the bodies of ``if TYPE_CHECKING:``."""
    for child in ast.iter_child_nodes(node):
        if isinstance(child, ast.If) and _is_type_checking(child):
            for other in child.orelse:
                yield other
                yield from _walk(other)
            continue
        yield child
        yield from _walk(child)


def _python_edges(name: str, path: Path) -> Iterator[Edge]:
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    docs = _not_imports(tree)
    where = f"{path.relative_to(PACKAGE.parent)}"
    for node in _walk(tree):
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                source = ".".join(base + ([node.module] if node.module else []))
            else:
                source = node.module or ""
            targets = [f"{source}.{a.name}" if f"{source}.{a.name}" in MODULES else source for a in node.names]
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
            module = node.value.partition(":")[0]
            if module in MODULES:
                targets = [module]
        for target in targets:
            found = _known(target) if target.startswith("mahjong") else None
            if found is not None and found != name:
                yield name, found, f"{where}:{getattr(node, 'lineno', '?')}"


def _cython_edges() -> Iterator[Edge]:
    """The compiled module's imports of the package, from its Cython sources (a checkout only: a wheel ships
    none)."""
    if not CYTHON_SOURCES.is_dir():
        return
    for path in sorted(CYTHON_SOURCES.iterdir()):
        if path.suffix not in (".pyx", ".pxi"):
            continue
        for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            m = _CYTHON_IMPORT.match(line)
            if m is None:
                continue
            if m.group(1):
                source = m.group(1)
                names = [n.strip().split(" as ")[0] for n in m.group(2).strip("() ").split(",")]
                targets = [f"{source}.{n}" if f"{source}.{n}" in MODULES else source for n in names]
            else:
                targets = [n.strip().split(" as ")[0] for n in m.group(3).split(",")]
            for target in targets:
                found = _known(target) if target.startswith("mahjong") else None
                if found is not None and found != "mahjong._core":
                    yield "mahjong._core", found, f"src/mjcore/{path.name}:{i}"


def import_graph() -> dict[str, dict[str, str]]:
    """importer -> {imported: the first place it is imported}."""
    graph: dict[str, dict[str, str]] = {name: {} for name in MODULES}
    for name, path in MODULES.items():
        if path.suffix == ".py":
            for a, b, where in _python_edges(name, path):
                graph[a].setdefault(b, where)
    for a, b, where in _cython_edges():
        graph[a].setdefault(b, where)
    return graph


def strongly_connected(graph: dict[str, dict[str, str]]) -> list[frozenset[str]]:
    """The graph's cycles: its strongly connected parts of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[frozenset[str]] = []
    counter = 0
    for root in graph:
        if root in index:
            continue
        work = [(root, iter(graph[root]))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            v, children = work[-1]
            for w in children:
                if w not in index:
                    index[w] = low[w] = counter
                    counter += 1
                    stack.append(w)
                    on_stack.add(w)
                    work.append((w, iter(graph[w])))
                    break
                if w in on_stack:
                    low[v] = min(low[v], index[w])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[v])
                if low[v] == index[v]:
                    part = set()
                    while True:
                        w = stack.pop()
                        on_stack.discard(w)
                        part.add(w)
                        if w == v:
                            break
                    if len(part) > 1:
                        out.append(frozenset(part))
    return out


def _a_cycle(graph: dict[str, dict[str, str]], part: frozenset[str]) -> list[str]:
    """One cycle inside a strongly connected part, each step with where the import is written."""
    start = min(part)
    # shortest way back to start, breadth first inside the part
    prev: dict[str, str] = {}
    frontier = [start]
    while frontier:
        nxt = []
        for v in frontier:
            for w in sorted(graph[v]):
                if w not in part:
                    continue
                if w == start:
                    path = [v]
                    while path[-1] != start:
                        path.append(prev[path[-1]])
                    path.reverse()
                    steps = [*path, start]
                    return [f"{a} -> {b}  ({graph[a][b]})" for a, b in zip(steps, steps[1:])]
                if w not in prev and w != start:
                    prev[w] = v
                    nxt.append(w)
        frontier = nxt
    raise AssertionError("not a cycle")


def test_the_graph_reads_the_imports_it_should() -> None:
    # (a graph that found nothing would pass the test below without proving anything)
    graph = import_graph()
    assert "mahjong.framework" in graph["mahjong"]
    assert "mahjong.errors" in graph["mahjong.framework"]
    assert "mahjong.game.flows.guobiao" in graph["mahjong.game.flows"]  # (imported by name, in a registry)
    assert "mahjong._kernels" in graph["mahjong.rulebook.book"]  # (a function-level import)
    assert "mahjong.rulesets._presets" in graph["mahjong"]  # (the loader the package installs in the registry)
    if CYTHON_SOURCES.is_dir():
        assert "mahjong._input" in graph["mahjong._core"]
    # a cycle is found where there is one
    assert strongly_connected({"a": {"b": ""}, "b": {"c": ""}, "c": {"a": ""}, "d": {"a": ""}}) == [
        frozenset("abc")]


def test_no_import_cycles() -> None:
    graph = import_graph()
    parts = strongly_connected(graph)
    unexpected = [p for p in parts if not any(p <= allowed for allowed in ALLOWED)]
    report = "\n\n".join("\n".join([", ".join(sorted(p)), *("    " + s for s in _a_cycle(graph, p))])
                         for p in unexpected)
    assert not unexpected, f"import cycles:\n{report}"
    stale = [allowed for allowed in ALLOWED if not any(p <= allowed for p in parts)]
    assert not stale, f"no cycle is left among {[sorted(s) for s in stale]}: take it out of ALLOWED"

