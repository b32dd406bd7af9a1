"""checkers-widget: American checkers (English draughts) as a first-class citizen of Jupyter."""

from typing import TYPE_CHECKING

from .analysis.explorer import ExplorerMove, OpeningExplorer
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
)
from .core.game import DRAW_RULE_PRESETS, SIDE_NAME_PRESETS, DrawRules, Game
from .core.move import Move, Piece
from .core.outcome import Outcome
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
    "SessionError",
    "TimeControl",
    "animate",
    "board_svg",
    "read_game",
    "read_games",
    "write_game",
    "write_games",
]


def __getattr__(name: str) -> object:
    """Import the widget only when asked for, so the rules core never loads Jupyter."""
    if name == "CheckersWidget":
        from .widget import board_widget as widget

        return getattr(widget, name)
    raise AttributeError(f"module 'checkers_widget' has no attribute {name!r}")
