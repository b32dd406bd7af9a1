"""The position editor: place and remove pieces, choose who moves, then play on.

Composed into a :class:`~checkers_widget.play.session.PlaySession` (the Edit control,
``widget.edit()``). The editor works on a copy of the board; the session starts a new
game from the edited position on Done (same draw rules and side names) and goes back
on Cancel. Pieces the rules could never put somewhere (a man on its crowning row, a
thirteenth piece) are refused with a reason, so every edited position is one a game
could reach.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.board import Board
from ..core.color import COLORS
from ..core.errors import CheckersError, brief
from ..core.game import Game
from ..core.move import Piece
from .intents import EditIntent

if TYPE_CHECKING:
    from .state import EditorState

__all__ = ["PositionEditor", "edited_game"]


class PositionEditor:
    """The board being edited (None while the editor is closed) and its last error."""

    def __init__(self) -> None:
        self.board: Board | None = None
        self.error: str | None = None

    @property
    def open(self) -> bool:
        return self.board is not None

    def start(self, board: Board) -> None:
        """Open the editor on a copy of ``board``."""
        self.board = board.copy(stack=False)
        self.error = None

    def finish(self) -> Board | None:
        """Close the editor; the edited board (None if it was not open)."""
        board, self.board, self.error = self.board, None, None
        return board

    def apply(self, intent: EditIntent) -> None:
        """Carry out one edit (place, clear, reset, turn, fen); the editor must be open.

        Raises :class:`CheckersError` for what the rules forbid (kept as :attr:`error`).
        """
        board = self.board
        assert board is not None
        action = intent.action
        try:
            if action == "place":
                assert intent.square is not None
                piece = None if intent.piece is None else _piece_named(intent.piece)
                board.set_piece(intent.square, piece)  # refuses what the rules forbid
            elif action == "clear":
                self.board = Board.empty(board.turn, variant=board.variant)
            elif action == "reset":
                self.board = Board(variant=board.variant)
            elif action == "turn":
                assert intent.turn is not None
                board.turn = intent.turn
            elif action == "fen":
                assert intent.fen is not None
                self.board = Board.from_fen(intent.fen, variant=board.variant)
        except CheckersError as exc:
            self.error = str(exc)
            raise
        self.error = None

    def state(self) -> EditorState | None:
        """``state["editor"]``: the edited position, or None while closed."""
        board = self.board
        if board is None:
            return None
        return {
            "fen": board.to_fen(),
            "turn": board.turn,
            "pieces": {str(s): p.name for s, p in board.pieces.items()},
            "error": self.error,
        }


def edited_game(board: Board, old: Game) -> Game:
    """A new game from the edited ``board``, under ``old``'s rules, names and variant."""
    return Game(
        board.to_fen(), draw_rules=old.draw_rules, side_names=old.side_names, variant=old.variant
    )


def _piece_named(name: object) -> Piece:
    """The piece a front-end name such as ``"black-king"`` stands for; CheckersError else."""
    names = {piece.name: piece for piece in (Piece(c, k) for c in COLORS for k in (False, True))}
    if not isinstance(name, str) or name not in names:
        raise CheckersError(f"not a piece: {brief(name)} (black-man, black-king, white-man...)")
    return names[name]
