"""The shape of ``checkers_widget.play``: parts that do not reach back into the session.

The session composes the parts; each part takes what it needs (the game, a small
protocol of the board) and returns what changed. So no module of ``play`` but the session
imports the session, not even for typing, and the modules of ``play`` import one another
without a circle. Imports are read from the source (at module level, inside functions
and under ``TYPE_CHECKING`` alike), so nothing is hidden from this check by where the
import stands.
"""

from __future__ import annotations

import ast
from pathlib import Path

import checkers_widget.play
from test_structure import circles  # the one circle finder of the tests

PLAY = Path(checkers_widget.play.__file__).parent
PACKAGE = "checkers_widget.play"
SESSION = f"{PACKAGE}.session"


def module_name(path: Path) -> str:
    parts = path.relative_to(PLAY).with_suffix("").parts
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join((PACKAGE, *parts))


def play_modules() -> dict[str, Path]:
    return {module_name(path): path for path in sorted(PLAY.rglob("*.py"))}


def imported(name: str, path: Path, known: set[str]) -> set[str]:
    """The modules of ``play`` that the module ``name`` (at ``path``) imports, anywhere in it."""
    is_package = path.name == "__init__.py"
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = name.split(".")
                # A package's own name is its first level; a module's is its parent's.
                drop = node.level - 1 if is_package else node.level
                base = base[: len(base) - drop] if drop else base
                prefix = ".".join(base)
                module = f"{prefix}.{node.module}" if node.module else prefix
            else:
                module = node.module or ""
            targets = [module] + [f"{module}.{alias.name}" for alias in node.names]
        for target in targets:
            # ``import a.b.c`` and ``from a.b import c`` name modules a.b and a.b.c: keep
            # the longest name that is a module of play.
            while target and target not in known:
                target = target.rpartition(".")[0]
            if target and target != name:
                found.add(target)
    return found


def import_graph() -> dict[str, set[str]]:
    modules = play_modules()
    known = set(modules)
    return {name: imported(name, path, known) for name, path in modules.items()}


def test_the_graph_holds_every_module_of_play() -> None:
    graph = import_graph()
    # At module level, relative; and a package's parts (sub-packages are read too).
    assert SESSION in graph
    assert f"{PACKAGE}.state" in graph[SESSION]
    assert len(graph) >= 20


def test_the_reader_counts_imports_in_functions_and_under_type_checking(tmp_path: Path) -> None:
    source = (
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from .session import PlaySession\n"
        "def later():\n    from . import state\n    import checkers_widget.play.commands\n"
    )
    path = tmp_path / "part.py"
    path.write_text(source, encoding="utf-8")
    known = {SESSION, f"{PACKAGE}.state", f"{PACKAGE}.commands", f"{PACKAGE}.part"}
    assert imported(f"{PACKAGE}.part", path, known) == {
        SESSION,
        f"{PACKAGE}.state",
        f"{PACKAGE}.commands",
    }
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [{"a", "b", "c"}]


def test_no_part_of_play_imports_the_session() -> None:
    graph = import_graph()
    reaching_back = sorted(name for name, deps in graph.items() if SESSION in deps)
    assert reaching_back == [], f"these modules import the session: {reaching_back}"


def test_play_has_no_import_circle() -> None:
    assert circles(import_graph()) == []
