"""checkers-widget: American checkers (English draughts) as a first-class citizen of Jupyter.

The rules core's names (``Board``, ``Game``, ``Move``, the errors...) are imported with the
package; every other public name (the engine, the review, PDN, pictures, the widget...) is
imported the first time it is asked for (:func:`__getattr__`), so that ``import
checkers_widget`` and ``import checkers_widget.core.board`` stay cheap: no process pool,
socket or subprocess module, and no Jupyter, is loaded until a name that needs it is used
(every module costs start-up time, in JupyterLite most of all). ``tests/test_imports.py``
holds the line; ``benchmarks/import_time.py`` measures it.
"""

from __future__ import annotations

import importlib
import os
import sys
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, cast

from .core.board import START_FEN, Board
from .core.color import BLACK, WHITE, Color
from .core.drawings import Arrow, Drawing, Mark
from .core.errors import (
    AmbiguousMoveError,
    ArgumentTypeError,
    CheckersError,
    FenError,
    FileWriteError,
    GameOverError,
    HookError,
    IllegalMoveError,
    IntentError,
    MoveVetoed,
    PdnError,
    PositionError,
    ProtocolError,
    SessionError,
    VariantError,
)
from .core.game import (
    DRAW_RULE_PRESETS,
    SIDE_NAME_PRESETS,
    DrawRules,
    Game,
    GameFiles,
    provide_game_files,
)
from .core.move import Move, Piece
from .core.outcome import Outcome
from .core.variants import VARIANTS, Variant

if TYPE_CHECKING:  # at run time these come through __getattr__, when first asked for
    from .analysis.explorer import ExplorerMove, OpeningExplorer
    from .analysis.review import Review
    from .engine import LEVELS, Analysis, Engine
    from .export import animate
    from .formats.pdn import PdnNote, PdnReader, read_game, read_games, write_game, write_games
    from .formats.svg import board_svg
    from .play.clock import TimeControl
    from .play.milestones import MilestoneBook
    from .widget import CheckersWidget

    #: The installed distribution's version (PEP 440), e.g. ``"0.1.0"``.
    __version__: str

#: The public names imported on first use, each with the module (relative to the package)
#: that defines it. Keep in step with the ``TYPE_CHECKING`` imports above.
_LAZY_NAMES: dict[str, str] = {
    "ExplorerMove": "analysis.explorer",
    "OpeningExplorer": "analysis.explorer",
    "Review": "analysis.review",
    "LEVELS": "engine",
    "Analysis": "engine",
    "Engine": "engine",
    "animate": "export",
    "PdnNote": "formats.pdn",
    "PdnReader": "formats.pdn",
    "read_game": "formats.pdn",
    "read_games": "formats.pdn",
    "write_game": "formats.pdn",
    "write_games": "formats.pdn",
    "board_svg": "formats.svg",
    "TimeControl": "play.clock",
    "MilestoneBook": "play.milestones",
    "CheckersWidget": "widget.board_widget",
}


def _game_files() -> GameFiles:
    """The readers and writers ``Game.from_pdn``/``to_pdn``/``save``/``load``/``opening``
    call, loaded on first use. The package sits above every layer, so it wires the core to
    the formats and the data (the core imports neither: no import circle)."""
    from types import SimpleNamespace

    from .data import opening_of
    from .formats.pdn import read_game, write_game
    from .formats.saving import load_game, save_game

    files: Any = SimpleNamespace(
        read_game=read_game,
        write_game=write_game,
        save_game=save_game,
        load_game=load_game,
        opening_of=opening_of,
    )
    return cast(GameFiles, files)


provide_game_files(_game_files)


__all__ = [
    "BLACK",
    "DRAW_RULE_PRESETS",
    "LEVELS",
    "SIDE_NAME_PRESETS",
    "START_FEN",
    "VARIANTS",
    "WHITE",
    "AmbiguousMoveError",
    "Analysis",
    "ArgumentTypeError",
    "Arrow",
    "Board",
    "CheckersError",
    "CheckersWidget",
    "Color",
    "DrawRules",
    "Drawing",
    "Engine",
    "ExplorerMove",
    "FenError",
    "FileWriteError",
    "Game",
    "GameOverError",
    "HookError",
    "IllegalMoveError",
    "IntentError",
    "Mark",
    "MilestoneBook",
    "Move",
    "MoveVetoed",
    "OpeningExplorer",
    "Outcome",
    "PdnError",
    "PdnNote",
    "PdnReader",
    "Piece",
    "PositionError",
    "ProtocolError",
    "Review",
    "SessionError",
    "TimeControl",
    "Variant",
    "VariantError",
    "animate",
    "board_svg",
    "read_game",
    "read_games",
    "review",
    "review_games",
    "write_game",
    "write_games",
]


def review(game: Game, **options: Any) -> Review:
    """Review every move of ``game`` with the engine: see :func:`.analysis.review.review`
    for the options. In a Jupyter kernel a progress bar shows while it runs (the kernel's
    interrupt cancels); elsewhere nothing of Jupyter is imported."""
    from .analysis.review import review as review_game

    if "ipykernel" in sys.modules:
        from .widget.review_progress import with_progress_bar

        return with_progress_bar(review_game, game, **options)
    return review_game(game, **options)


def review_games(games: Iterable[Game], **options: Any) -> list[Review]:
    """Review many games over an executor: see :func:`.analysis.review.review_games`
    (a progress bar in a Jupyter kernel, as :func:`review`)."""
    from .analysis.review import review_games as review_each

    if "ipykernel" in sys.modules:
        from .widget.review_progress import with_progress_bar

        return with_progress_bar(review_each, games, **options)
    return review_each(games, **options)


def __getattr__(name: str) -> object:
    """Import a public name's module the first time the name is asked for (PEP 562), so
    that the rules core loads without the engine, the process pools or Jupyter; the
    value is then kept in the module like an ordinary import."""
    if name == "__version__":
        value: object = _installed_version()
    elif name in _LAZY_NAMES:
        module = importlib.import_module(f".{_LAZY_NAMES[name]}", __name__)
        value = getattr(module, name)
    else:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    """The module's names, the ones not imported yet included (for ``dir()`` and completion)."""
    return sorted({*globals(), *_LAZY_NAMES, "__version__"})


def _installed_version() -> str:
    """The version of the installed distribution (its metadata: the one pip or Pyodide's
    lock installed), or, in a source tree put on ``sys.path`` without being installed,
    the version its ``pyproject.toml`` says ("0+unknown" when there is none either)."""
    from importlib import metadata

    try:
        return metadata.version("checkers-widget")
    except metadata.PackageNotFoundError:
        return _source_tree_version()


def _source_tree_version(package_folder: str = os.path.dirname(__file__)) -> str:
    """``project.version`` of the ``pyproject.toml`` two folders above ``package_folder``
    (the ``src/`` layout of a checkout), or "0+unknown" when there is none of ours."""
    import tomllib
    from pathlib import Path

    pyproject = Path(package_folder).resolve().parent.parent / "pyproject.toml"
    try:
        project = tomllib.loads(pyproject.read_text(encoding="utf-8"))["project"]
    except (OSError, tomllib.TOMLDecodeError, KeyError):
        return "0+unknown"
    if project.get("name") != "checkers-widget" or not isinstance(project.get("version"), str):
        return "0+unknown"
    return str(project["version"])
