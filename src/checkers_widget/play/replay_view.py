"""A move stepped through hop by hop on the board: what the front end needs to show it.

:func:`replay_view` finds the move (the last one played, a move of the line named by its
text, or a legal move not played yet) and returns the position before it, so that the
board can animate each hop; the session keeps it until the game changes.
"""

from __future__ import annotations

from ..core.board import Board
from ..core.errors import CheckersError
from ..core.game import Game
from ..core.move import Move
from .state import ReplayState, crown_hop, move_state

__all__ = ["replay_view"]


def replay_view(game: Game, move: Move | str | None = None, *, speed: float = 0.8) -> ReplayState:
    """What the board shows to replay ``move`` of ``game`` (None: the last move played);
    CheckersError when there is no such move to show."""
    line = game.moves
    if move is None:
        if not line:
            raise CheckersError("no move has been played yet: there is nothing to replay")
        index = len(line) - 1
        chosen = line[-1]
    else:
        board = game.board
        if isinstance(move, str):
            candidates = [m for m in line if str(m) == move.strip()]
            chosen = candidates[-1] if candidates else board.parse_move(move)
        else:
            chosen = move
        index = max((i for i, m in enumerate(line) if m == chosen), default=len(line))
        if index == len(line) and chosen not in board.legal_moves():
            raise CheckersError(f"{chosen} was not played in this game and is not legal now")
    before = Board(game.start_fen, variant=game.variant)
    for m in line[:index]:
        before.push(m)
    mover = before.pieces.get(chosen.path[0])
    return {
        "move": move_state(chosen),
        "before": {str(s): p.name for s, p in before.pieces.items()},
        "ply": index,
        "speed": float(speed),
        "crown_hop": crown_hop(chosen, game.variant, mover.color) if mover else None,
    }
