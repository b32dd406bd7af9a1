"""A move played from Python (``widget.play("11-15")``), checked as if made on the board.

The board refuses a click that is not the person's to make; a move from Python meets the
same checks, each raising with nothing changed: the game is over, it is the computer's
turn, the move is illegal, a validator vetoes it. :func:`play_from_python` reads the
board through :class:`PythonMoveBoard`, plays the move through it, and returns what
became of it (:class:`PythonMove`): a veto is the session's to show before it raises.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Protocol

from ..core.color import Color
from ..core.errors import CheckersError, HookError
from ..core.game import Game
from ..core.move import Move
from .hook_runner import HookRunner
from .players import Player
from .wording import safe_text

__all__ = ["PythonMove", "PythonMoveBoard", "play_from_python"]


class PythonMoveBoard(Protocol):
    """What a move from Python reads of a board's session, and how it is played."""

    @property
    def game(self) -> Game: ...
    @property
    def players(self) -> Mapping[Color, Player]: ...
    @property
    def hooks(self) -> HookRunner: ...

    def play_own(self, move: Move) -> None:
        """Play a move of the player's on the board's game."""


@dataclass(frozen=True)
class PythonMove:
    """The move named, and the validator's reason when it was vetoed (not played)."""

    move: Move
    veto: str | None = None


def play_from_python(board: PythonMoveBoard, move: Move | str) -> PythonMove:
    """Check ``move`` as the board checks a click, then play it (unless vetoed).

    Raises GameOverError, IllegalMoveError or CheckersError (the computer's turn) with
    nothing changed, and HookError when the move was played but an observer failed.
    """
    game = board.game
    if game.is_over():
        return PythonMove(game.play(move))  # raises GameOverError with the reason
    if board.players[game.turn].automatic:
        raise CheckersError(
            f"it is the computer's turn ({game.side_name(game.turn)}); "
            "play on game directly to override it"
        )
    if isinstance(move, str):
        move = game.board.parse_move(move)
    if move not in game.legal_moves():
        return PythonMove(game.play(move))  # raises IllegalMoveError naming the legal moves
    hooks = board.hooks
    reason = hooks.veto(game, move)
    if reason is not None:
        return PythonMove(move, veto=reason)
    hooks.failure = None
    board.play_own(move)
    failure = hooks.take_failure()
    if failure is not None:
        raise HookError(
            f"{move} was played, but an observer failed: {safe_text(failure)}"
        ) from failure
    return PythonMove(move)
