"""checkers-widget: American checkers (English draughts) as a first-class citizen of Jupyter."""

import sys
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from .analysis.explorer import ExplorerMove, OpeningExplorer
from .analysis.review import Review
from .analysis.review import review as _review
from .analysis.review import review_games as _review_games
from .core.board import START_FEN, Board
from .core.color import BLACK, WHITE, Color
from .core.drawings import Arrow, Drawing, Mark
from .core.errors import (
    AmbiguousMoveError,
    CheckersError,
    FenError,
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
from .core.game import DRAW_RULE_PRESETS, SIDE_NAME_PRESETS, DrawRules, Game
from .core.move import Move, Piece
from .core.outcome import Outcome
from .core.variants import VARIANTS, Variant
from .engine import LEVELS, Analysis, Engine
from .export import animate
from .formats.pdn import PdnNote, PdnReader, read_game, read_games, write_game, write_games
from .formats.svg import board_svg
from .play.clock import TimeControl
from .play.milestones import MilestoneBook

if TYPE_CHECKING:  # at run time it comes through __getattr__: Jupyter loads only when asked
    from .widget import CheckersWidget

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
    if "ipykernel" in sys.modules:
        from .widget.review_progress import with_progress_bar

        return with_progress_bar(_review, game, **options)
    return _review(game, **options)


def review_games(games: Iterable[Game], **options: Any) -> list[Review]:
    """Review many games over an executor: see :func:`.analysis.review.review_games`
    (a progress bar in a Jupyter kernel, as :func:`review`)."""
    if "ipykernel" in sys.modules:
        from .widget.review_progress import with_progress_bar

        return with_progress_bar(_review_games, games, **options)
    return _review_games(games, **options)


def __getattr__(name: str) -> object:
    """Import the widget only when asked for, so the rules core never loads Jupyter."""
    if name == "CheckersWidget":
        from .widget import board_widget as widget

        return getattr(widget, name)
    raise AttributeError(f"module 'checkers_widget' has no attribute {name!r}")
