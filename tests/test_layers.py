"""The folders are the layers: each imports only the layers below it (issue 12).

From the bottom: ``core`` (the rules, stdlib only), ``formats`` (with ``data`` and the
animations of ``export``), ``engine``, ``analysis`` (game review, puzzle mining, the opening
explorer), ``network``, ``play`` (a board's session, Jupyter-free), ``widget`` (the only layer that
imports anywidget, traitlets, ipywidgets or IPython), ``guided`` (the guided board a lesson
and a puzzle share: feedback, the buttons beside the board, the scripted reply, the session
wired to a judge) and ``tutorial`` (with ``puzzles``, whose trainer is a board like a
lesson's; the two import nothing of each other). The package's ``__init__`` sits on top (it
re-exports the public names).

Every import counts: at module level, inside functions and under ``TYPE_CHECKING``. The
only upward imports allowed are the conveniences listed in :data:`LAZY_CONVENIENCES`
(``Game.from_pdn``/``to_pdn``/``save``/``load`` and the pictures a position draws of
itself in a notebook), each deferred (inside a function, or for annotations under
``TYPE_CHECKING``) so that the core never loads them by itself.
"""

from __future__ import annotations

import ast
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

import checkers_widget

PACKAGE = Path(checkers_widget.__file__).resolve().parent
NAME = "checkers_widget"

#: The layers from the bottom up; a module may import its own layer and those before it.
LAYERS: tuple[tuple[str, ...], ...] = (
    ("core",),
    ("formats", "data", "export"),
    ("engine",),
    ("analysis",),
    ("network",),
    ("play",),
    ("widget",),
    ("guided",),
    ("tutorial", "puzzles"),
)

#: Folders of one layer that must not import each other: what they share lies below them.
STRANGERS: tuple[tuple[str, str], ...] = (("tutorial", "puzzles"),)

#: Upward imports that are allowed, inside a function only: (importing module, imported).
LAZY_CONVENIENCES = frozenset(
    {
        ("core.game", "formats.svg"),  # a game draws its position in a notebook
        ("core.board", "formats.svg"),  # Board._repr_svg_ / picture() / text
    }
)

#: Third-party packages only the widget layer (and the tutorial above it) may import.
JUPYTER = frozenset({"anywidget", "traitlets", "ipywidgets", "IPython", "comm"})


@dataclass(frozen=True)
class Import:
    module: str  # the importing module, relative to the package ("play.session")
    target: str  # what it imports: relative to the package, or a top-level package name
    line: int
    in_function: bool  # inside a function, or under ``if TYPE_CHECKING:`` (never at import)
    internal: bool


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


def _imports(path: Path, text: str | None = None) -> list[Import]:
    """Every import in the module at ``path`` (its text is ``text`` when given)."""
    module = _module_name(path)
    is_package = path.name == "__init__.py"
    package_parts = module.split(".") if module else []
    if not is_package:
        package_parts = package_parts[:-1]
    tree = ast.parse(path.read_text() if text is None else text, filename=str(path))
    found: list[Import] = []

    def visit(node: ast.AST, in_function: bool) -> None:
        for child in ast.iter_child_nodes(node):
            inner = in_function or isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef)
            inner = inner or (isinstance(child, ast.If) and _is_type_checking(child.test))
            if isinstance(child, ast.Import):
                for alias in child.names:
                    internal = alias.name == NAME or alias.name.startswith(NAME + ".")
                    target = alias.name.removeprefix(NAME).lstrip(".") if internal else alias.name
                    found.append(Import(module, target, child.lineno, inner, internal))
            elif isinstance(child, ast.ImportFrom):
                if child.level:
                    keep = len(package_parts) - (child.level - 1)
                    assert keep >= 0, f"{path}:{child.lineno} imports above the package"
                    base = package_parts[:keep]
                    stem = [*base, *(child.module.split(".") if child.module else [])]
                    internal = True
                elif child.module and (child.module == NAME or child.module.startswith(NAME + ".")):
                    stem = child.module.removeprefix(NAME).lstrip(".").split(".")
                    stem = [s for s in stem if s]
                    internal = True
                else:
                    found.append(
                        Import(module, child.module or "", child.lineno, inner, internal=False)
                    )
                    continue
                for alias in child.names:
                    # "from . import movegen" imports a module; "from .game import Game" a name.
                    candidate = ".".join([*stem, alias.name])
                    is_module = (PACKAGE / Path(*candidate.split("."))).with_suffix(
                        ".py"
                    ).exists() or (PACKAGE / Path(*candidate.split("."))).is_dir()
                    target = candidate if is_module else ".".join(stem)
                    found.append(Import(module, target, child.lineno, inner, internal))
            visit(child, inner)

    visit(tree, False)
    return found


def _is_type_checking(test: ast.expr) -> bool:
    """``if TYPE_CHECKING:`` (or ``typing.TYPE_CHECKING``): imports for annotations only."""
    name = test.attr if isinstance(test, ast.Attribute) else getattr(test, "id", None)
    return name == "TYPE_CHECKING"


def _layer(module: str) -> int | None:
    """The layer of a package-relative module name (None: the package's own __init__)."""
    top = module.split(".")[0]
    for index, names in enumerate(LAYERS):
        if top in names:
            return index
    return None


SOURCES = sorted(p for p in PACKAGE.rglob("*.py") if "static" not in p.parts)
ALL_IMPORTS = [imp for path in SOURCES for imp in _imports(path)]


def test_every_module_belongs_to_a_layer() -> None:
    """A new top-level module or folder must be placed in a layer (or this test says so)."""
    strays = sorted(
        {_module_name(p) for p in SOURCES if _module_name(p) and _layer(_module_name(p)) is None}
    )
    assert strays == [], f"modules outside every layer: {strays}"


def _upward(imports: list[Import]) -> list[str]:
    bad = []
    for imp in imports:
        if not imp.internal or not imp.module:
            continue
        here, there = _layer(imp.module), _layer(imp.target)
        if here is None or there is None or there <= here:
            continue
        key = (imp.module, imp.target)
        if imp.in_function and key in LAZY_CONVENIENCES:
            continue
        where = "deferred" if imp.in_function else "at module level"
        bad.append(f"{imp.module}:{imp.line} imports {imp.target} ({where})")
    return bad


def test_no_layer_imports_a_layer_above_it() -> None:
    assert _upward(ALL_IMPORTS) == []


def _between_strangers(imports: list[Import]) -> list[str]:
    pairs = {pair for two in STRANGERS for pair in (two, two[::-1])}
    return [
        f"{imp.module}:{imp.line} imports {imp.target}"
        for imp in imports
        if imp.internal and (imp.module.split(".")[0], imp.target.split(".")[0]) in pairs
    ]


def test_the_tutorial_and_the_puzzles_import_nothing_of_each_other() -> None:
    """Each builds on the guided board below them, not on the other (every import counts:
    deferred ones and those under ``TYPE_CHECKING`` too)."""
    assert _between_strangers(ALL_IMPORTS) == []


@pytest.mark.parametrize(
    "source",
    [
        "from ..tutorial.run import Feedback\n",
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from ..tutorial import x\n",
        "def f():\n    from checkers_widget.tutorial.ui import Tutorial\n",
    ],
)
def test_the_check_catches_the_puzzles_importing_the_tutorial(source: str) -> None:
    """The check itself can fail: an import of the tutorial planted in puzzles/ is found."""
    assert len(_between_strangers(_imports(PACKAGE / "puzzles" / "fake.py", source))) == 1


def test_only_the_widget_and_the_tutorial_import_jupyter() -> None:
    widget = _layer("widget")
    bad = [
        f"{imp.module}:{imp.line} imports {imp.target}"
        for imp in ALL_IMPORTS
        if not imp.internal
        and imp.target.split(".")[0] in JUPYTER
        and imp.module
        and (_layer(imp.module) or 0) < (widget or 0)
    ]
    assert bad == []


def test_the_rules_core_imports_only_the_standard_library() -> None:
    """The core must run anywhere Python runs (Pyodide included): stdlib only."""
    stdlib = sys.stdlib_module_names
    bad = [
        f"{imp.module}:{imp.line} imports {imp.target}"
        for imp in ALL_IMPORTS
        if imp.module.split(".")[0] == "core"
        and not imp.internal
        and imp.target.split(".")[0] not in stdlib
        and imp.target != "__future__"
    ]
    assert bad == []


def test_every_allowed_convenience_is_still_needed() -> None:
    """The allow-list shrinks with the code: an entry nothing uses is a stale exception."""
    used = {(i.module, i.target) for i in ALL_IMPORTS if i.in_function and i.internal}
    assert sorted(LAZY_CONVENIENCES - used) == []


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ("from ..widget import CheckersWidget\n", ["play.fake:1 imports widget (at module level)"]),
        (
            "def f():\n    from ..engine import Engine\n",
            [],  # the engine is below play: allowed
        ),
        (
            "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from ..tutorial import x\n",
            ["play.fake:3 imports tutorial (deferred)"],
        ),
        (
            "def f():\n    from checkers_widget.widget.board_widget import CheckersWidget\n",
            ["play.fake:2 imports widget.board_widget (deferred)"],
        ),
    ],
)
def test_the_check_catches_an_upward_import(source: str, expected: list[str]) -> None:
    """The check itself can fail: an upward import planted in play/ is reported."""
    assert _upward(_imports(PACKAGE / "play" / "fake.py", source)) == expected
