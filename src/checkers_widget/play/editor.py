"""The widget's position editor: place and remove pieces, choose who moves, then play on.

A mixin of :class:`~checkers_widget.widget.board_widget.CheckersWidget` (the Edit control,
``widget.edit()``). The editor works on a copy of the board; Done starts a new game
from the edited position (same draw rules and side names), Cancel goes back. Pieces the
rules could never put somewhere (a man on its crowning row, a thirteenth piece) are
refused with a reason, so every edited position is one a game could reach.
"""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING

from ..core.board import Board
from ..core.color import COLORS
from ..core.errors import CheckersError, brief
from ..core.game import Game
from ..core.move import Piece
from .intents import EditIntent
from .search_runner import SearchRunner

if TYPE_CHECKING:
    from .network_play import RemotePlay
    from .state import EditorState

__all__ = ["PositionEditing"]


class PositionEditing:
    """The position editor (see the module docstring)."""

    # Provided by CheckersWidget.
    _lock: threading.RLock
    _game: Game
    _remote: RemotePlay | None
    _computer: SearchRunner
    _analyst: SearchRunner
    _thinking: bool
    _editor: Board | None
    _editor_error: str | None

    if TYPE_CHECKING:  # provided by the widget

        def _publish(self, *, bump: bool = False) -> None: ...

        def _after_change(self) -> None: ...

        def _refuse(self, text: str) -> bool: ...

        @property
        def game(self) -> Game: ...

        @game.setter
        def game(self, game: Game) -> None: ...

    def edit(self, on: bool = True) -> None:
        """Enter (or leave, keeping the new position) the position editor."""
        with self._lock:
            if on:
                if self._remote is not None:
                    raise CheckersError("the position editor is not available in a network game")
                self._computer.cancel()
                self._analyst.cancel()
                self._thinking = False
                self._editor = self._game.board.copy(stack=False)
                self._editor_error = None
                self._publish(bump=True)
            elif self._editor is not None:
                self._finish_editing(keep=True)

    def _finish_editing(self, *, keep: bool) -> None:
        board, self._editor, self._editor_error = self._editor, None, None
        if keep and board is not None:
            old = self._game
            self.game = Game(board.to_fen(), draw_rules=old.draw_rules, side_names=old.side_names)
        else:
            self._publish(bump=True)
        self._after_change()

    def _edit_intent(self, intent: EditIntent) -> bool:
        action = intent.action
        if action == "start":
            self.edit(True)
            return True
        board = self._editor
        if board is None:
            return self._refuse("The position editor is not open")
        if action in ("done", "cancel"):
            self._finish_editing(keep=action == "done")
            return True
        try:
            if action == "place":
                assert intent.square is not None
                piece = None if intent.piece is None else _piece_named(intent.piece)
                board.set_piece(intent.square, piece)  # refuses what the rules forbid
            elif action == "clear":
                self._editor = Board.empty(board.turn)
            elif action == "reset":
                self._editor = Board()
            elif action == "turn":
                assert intent.turn is not None
                board.turn = intent.turn
            elif action == "fen":
                assert intent.fen is not None
                self._editor = Board.from_fen(intent.fen)
        except CheckersError as exc:
            self._editor_error = str(exc)
            return self._refuse(str(exc)[:1].upper() + str(exc)[1:])
        self._editor_error = None
        self._publish(bump=True)
        return True

    def _editor_state(self) -> EditorState | None:
        board = self._editor
        if board is None:
            return None
        return {
            "fen": board.to_fen(),
            "turn": board.turn,
            "pieces": {str(s): p.name for s, p in board.pieces.items()},
            "error": self._editor_error,
        }


def _piece_named(name: object) -> Piece:
    """The piece a front-end name such as ``"black-king"`` stands for; CheckersError else."""
    names = {piece.name: piece for piece in (Piece(c, k) for c in COLORS for k in (False, True))}
    if not isinstance(name, str) or name not in names:
        raise CheckersError(f"not a piece: {brief(name)} (black-man, black-king, white-man...)")
    return names[name]
