"""What ``import checkers_widget`` costs: the rules core only, the rest when first asked for.

Every module an import loads is start-up time for each kernel (in JupyterLite, a file the
browser fetches and compiles), so the package's ``__init__`` imports the rules core and
nothing else: the engine (which brings process pools), the review, PDN, pictures and the
widget come through its ``__getattr__`` when a name of theirs is used. These tests import
in fresh interpreters (this one has long loaded everything) and check that the heavy
standard-library modules stay out, and that every public name still resolves to the
object its module defines. ``benchmarks/import_time.py`` measures the time and the count.
"""

from __future__ import annotations

import ast
import importlib
import json
import subprocess
import sys
from pathlib import Path

import pytest

import checkers_widget

#: Modules that a plain import must not load: process pools, sockets and subprocesses
#: (the engine's parallel search, the review's executors, network play).
HEAVY_MODULES = ("multiprocessing", "concurrent.futures", "socket", "selectors", "subprocess")

#: Nor any part of Jupyter: the widget layer loads it, and only when asked for.
JUPYTER_MODULES = ("anywidget", "ipywidgets", "traitlets", "IPython", "comm")


def run_fresh(code: str) -> object:
    """Run ``code`` in a fresh interpreter; return what it printed last, as JSON."""
    result = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout.strip().splitlines()[-1])


def loaded_after(statement: str) -> list[str]:
    """The heavy and Jupyter modules in ``sys.modules`` after ``statement``, fresh."""
    watched = [*HEAVY_MODULES, *JUPYTER_MODULES]
    code = (
        "import sys\n"
        f"{statement}\n"
        "import json\n"
        f"print(json.dumps([m for m in {watched!r} if m in sys.modules]))\n"
    )
    loaded = run_fresh(code)
    assert isinstance(loaded, list)
    return loaded


@pytest.mark.parametrize(
    "statement",
    [
        "import checkers_widget",
        "import checkers_widget.core.board",
        "from checkers_widget import Board, Game, Move, CheckersError",
    ],
)
def test_the_import_loads_no_process_pool_socket_subprocess_or_jupyter(statement: str) -> None:
    assert loaded_after(statement) == []


def test_playing_a_game_with_the_core_loads_none_of_them_either() -> None:
    statement = (
        "from checkers_widget import WHITE, Board, Game\n"
        "game = Game()\n"
        "game.play('11-15')\n"
        "assert len(Board().legal_moves()) == 7 and game.board.turn == WHITE"
    )
    assert loaded_after(statement) == []


def test_asking_for_the_engine_imports_it_then() -> None:
    # The deferral is real: the name works, and its module arrives with it.
    code = (
        "import sys, json\n"
        "import checkers_widget\n"
        "before = 'checkers_widget.engine' in sys.modules\n"
        "engine = checkers_widget.Engine\n"
        "print(json.dumps([before, 'checkers_widget.engine' in sys.modules, engine.__name__]))"
    )
    assert run_fresh(code) == [False, True, "Engine"]


def test_every_public_name_resolves_in_a_fresh_interpreter() -> None:
    code = (
        "import json\n"
        "import checkers_widget\n"
        "names = {n: type(getattr(checkers_widget, n)).__name__ for n in checkers_widget.__all__}\n"
        "namespace = {}\n"
        "exec('from checkers_widget import *', namespace)\n"
        "print(json.dumps([sorted(names), sorted(set(namespace) - {'__builtins__'})]))"
    )
    resolved, star = run_fresh(code)  # type: ignore[misc]
    assert resolved == sorted(checkers_widget.__all__)
    assert star == sorted(checkers_widget.__all__)


def test_each_deferred_name_is_the_object_its_module_defines() -> None:
    lazy = checkers_widget._LAZY_NAMES
    assert set(lazy) <= set(checkers_widget.__all__)
    for name, module_name in lazy.items():
        module = importlib.import_module(f"checkers_widget.{module_name}")
        assert getattr(checkers_widget, name) is getattr(module, name), name


def test_dir_lists_every_public_name_before_it_is_imported() -> None:
    names = run_fresh("import json, checkers_widget; print(json.dumps(dir(checkers_widget)))")
    assert isinstance(names, list)
    assert set(checkers_widget.__all__) | {"__version__"} <= set(names)


def test_an_unknown_name_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="has no attribute 'NoSuchThing'"):
        _ = checkers_widget.NoSuchThing  # type: ignore[attr-defined]


def test_the_type_checkers_see_every_deferred_name() -> None:
    # mypy and IDEs read the imports under ``if TYPE_CHECKING:``; they must name the same
    # modules as the table that __getattr__ follows, or the two would drift apart.
    source = Path(checkers_widget.__file__).read_text(encoding="utf-8")
    (block,) = [
        node
        for node in ast.parse(source).body
        if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING"
    ]
    seen: dict[str, str] = {}
    for node in block.body:
        if isinstance(node, ast.ImportFrom):
            for alias in node.names:
                seen[alias.asname or alias.name] = node.module or ""
    table = dict(checkers_widget._LAZY_NAMES)
    assert set(seen) == set(table)
    for name, module in seen.items():
        # The table may name the submodule that defines a name its package re-exports.
        assert (table[name] + ".").startswith(module + "."), (name, module, table[name])
