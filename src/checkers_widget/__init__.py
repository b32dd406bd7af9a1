"""checkers-widget: American checkers (English draughts) as a first-class citizen of Jupyter."""

from typing import TYPE_CHECKING

from .board import START_FEN, Board
from .engine import LEVELS, Analysis, Engine
from .errors import (
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
from .game import DRAW_RULE_PRESETS, SIDE_NAME_PRESETS, DrawRules, Game
from .move import BLACK, WHITE, Color, Move, Piece
from .pdn import PdnNote, PdnReader, read_game, read_games, write_game, write_games

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
    "Board",
    "CheckersError",
    "CheckersWidget",
    "Color",
    "DrawRules",
    "Engine",
    "FenError",
    "Game",
    "GameOverError",
    "HookError",
    "IllegalMoveError",
    "IntentError",
    "Move",
    "MoveVetoed",
    "PdnError",
    "PdnNote",
    "PdnReader",
    "Piece",
    "PositionError",
    "ProtocolError",
    "SessionError",
    "read_game",
    "read_games",
    "write_game",
    "write_games",
]


def __getattr__(name: str) -> object:
    """Import the widget only when asked for, so the rules core never loads Jupyter."""
    if name == "CheckersWidget":
        from . import widget

        return getattr(widget, name)
    raise AttributeError(f"module 'checkers_widget' has no attribute {name!r}")
