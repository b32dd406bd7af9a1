"""checkers-widget: American checkers (English draughts) as a first-class citizen of Jupyter."""

from .board import START_FEN, Board
from .errors import (
    AmbiguousMoveError,
    CheckersError,
    FenError,
    GameOverError,
    IllegalMoveError,
    PdnError,
)
from .move import BLACK, WHITE, Color, Move, Piece

__all__ = [
    "BLACK",
    "START_FEN",
    "WHITE",
    "AmbiguousMoveError",
    "Board",
    "CheckersError",
    "Color",
    "FenError",
    "GameOverError",
    "IllegalMoveError",
    "Move",
    "PdnError",
    "Piece",
]
