"""One meaning per name, and no import circle: the package's structure (issue 25).

* No import circle anywhere in ``src/``: every import counts, at module level, inside
  functions and under ``TYPE_CHECKING`` (a circle there still ties the modules together
  for a reader, a type checker and any later change that makes the import real).
* No two top-level classes share a name, so a class name means one thing wherever it is
  read (in a traceback, a profile, a search).

``tests/test_layers.py`` checks the direction of imports between the layers; this file
checks the modules within them.
"""

from __future__ import annotations

import ast
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path

import pytest

import checkers_widget

PACKAGE = Path(checkers_widget.__file__).resolve().parent
NAME = "checkers_widget"


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join([NAME, *parts])


MODULES = {_module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def _targets(
    module: str, path: Path, node: ast.Import | ast.ImportFrom, modules: dict[str, Path]
) -> Iterator[str]:
    """The package's modules an import statement loads (a submodule when it names one)."""
    if isinstance(node, ast.Import):
        for alias in node.names:
            if alias.name == NAME or alias.name.startswith(NAME + "."):
                yield alias.name
        return
    if node.level:
        package = module if path.name == "__init__.py" else module.rpartition(".")[0]
        for _ in range(node.level - 1):
            package = package.rpartition(".")[0]
        base = f"{package}.{node.module}" if node.module else package
    else:
        base = node.module or ""
    if not (base == NAME or base.startswith(NAME + ".")):
        return
    for alias in node.names:
        submodule = f"{base}.{alias.name}"
        yield submodule if submodule in modules else base


def import_graph(modules: dict[str, Path]) -> dict[str, set[str]]:
    """Each module's imports of the package's modules, wherever the import stands."""
    graph: dict[str, set[str]] = {}
    for module, path in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        edges: set[str] = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.Import | ast.ImportFrom):
                edges.update(t for t in _targets(module, path, node, modules) if t in modules)
        edges.discard(module)
        graph[module] = edges
    return graph


def circles(graph: dict[str, set[str]]) -> list[set[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[set[str]] = []

    def visit(start: str) -> None:
        # Iterative, so that a long chain of imports cannot hit the recursion limit.
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, edges = work[-1]
            for nxt in edges:
                if nxt not in index:
                    index[nxt] = low[nxt] = len(index)
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, iter(sorted(graph[nxt]))))
                    break
                if nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
            else:
                work.pop()
                if work:
                    parent = work[-1][0]
                    low[parent] = min(low[parent], low[node])
                if low[node] == index[node]:
                    group = set()
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        group.add(member)
                        if member == node:
                            break
                    if len(group) > 1:
                        found.append(group)

    for module in sorted(graph):
        if module not in index:
            visit(module)
    return found


def test_no_import_circle() -> None:
    assert [sorted(g) for g in circles(import_graph(MODULES))] == []


def top_level_classes() -> dict[str, list[str]]:
    """Each top-level class name of the package, with the files that define it."""
    found: dict[str, list[str]] = defaultdict(list)
    for path in MODULES.values():
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(node, ast.ClassDef):
                found[node.name].append(path.relative_to(PACKAGE).as_posix())
    return found


def test_no_two_top_level_classes_share_a_name() -> None:
    shared = {name: sorted(where) for name, where in top_level_classes().items() if len(where) > 1}
    assert shared == {}


@pytest.mark.parametrize(
    ("sources", "expected"),
    [
        ({"a": "from . import b", "b": "from .c import x", "c": "import checkers_widget.a"}, 1),
        ({"a": "def f():\n    from .b import x", "b": "from .a import y"}, 1),
        (
            {
                "a": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .b import B",
                "b": "from .a import y",
            },
            1,
        ),
        ({"a": "from .b import x", "b": "from .c import y", "c": "import os"}, 0),
    ],
)
def test_the_check_finds_a_circle(tmp_path: Path, sources: dict[str, str], expected: int) -> None:
    modules = {}
    for name, text in sources.items():
        path = tmp_path / f"{name}.py"
        path.write_text(text, encoding="utf-8")
        modules[f"{NAME}.{name}"] = path
    assert len(circles(import_graph(modules))) == expected
