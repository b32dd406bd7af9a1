"""Why a move cannot be played, in words a learner understands.

``explain(board, attempt)`` takes what a learner tried (move text such as ``"9-14"``
or ``"22x15"``, or the squares clicked) and names the first rule it breaks: the
compulsory capture, a man going backwards, a jump left unfinished, a crowning that
ended the move, a square off the board, the wrong side moving... It reads the rules
only through :class:`Board` (the legal moves are the authority); the geometry here just
finds words for what went wrong.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from .board import Board, square_numbers
from .color import BLACK
from .errors import CheckersError, brief, clipped
from .move import Move
from .squares import column_of, row_of
from .variant_explain import variant_reason

__all__ = ["explain"]

# What may stand between the squares of move text: spaces and separators only. ASCII:
# other scripts' digits are not squares.
_NOT_A_SEPARATOR = re.compile(r"[^0-9\s\-xX:]", re.ASCII)


def _attempted_squares(attempt: object) -> list[int]:
    """The squares of an attempt given as a sequence; CheckersError if it is not one."""
    if not isinstance(attempt, list | tuple):
        raise CheckersError(
            f"an attempt is move text or a list of squares, not {type(attempt).__name__}"
        )
    if len(attempt) > 64:
        raise CheckersError(f"an attempt of {len(attempt)} squares is not a move")
    for s in attempt:
        if isinstance(s, bool) or not isinstance(s, int):
            raise CheckersError(f"an attempt's squares are whole numbers, not {brief(s)}")
    return list(attempt)


def _names(moves: Sequence[Move], limit: int = 4) -> str:
    texts = [str(m) for m in moves[:limit]]
    more = len(moves) - limit
    return ", ".join(texts) + (f" and {more} more" if more > 0 else "")


def _forward(color: str, start: int, end: int) -> bool:
    """Whether ``end`` lies towards the opponent's side of the board from ``start``."""
    return row_of(end) > row_of(start) if color == BLACK else row_of(end) < row_of(start)


def _step(a: int, b: int) -> tuple[int, int]:
    return row_of(b) - row_of(a), column_of(b) - column_of(a)


def explain(
    board: Board,
    attempt: str | Sequence[int],
    *,
    side_names: tuple[str, str] = ("Black", "White"),
    name_moves: bool = True,
) -> str:
    """Say in words whether ``attempt`` is legal on ``board`` and, if not, why not.

    ``attempt`` is move text (``11-15``, ``22x15x6``) or the squares visited, start
    first. Returns a sentence starting with the move; a legal move gets
    ``"22x15 is legal"``.

    ``name_moves=False`` explains the rule without naming the legal moves that would
    obey it ("a capture is available: capturing is compulsory" instead of listing the
    captures). A lesson explains that way: there the legal move is the answer, and the
    answer belongs to the lesson's Hint, not to the explanation of a mistake.
    """

    def listed(moves: Sequence[Move]) -> str:
        """`` (22x15, 23x14)`` to name the moves, or nothing when they stay unnamed."""
        return f" ({_names(moves)})" if name_moves else ""

    def name_of(color: str) -> str:
        return side_names[0] if color == BLACK else side_names[1]

    n = board.variant.squares
    # The words below know American checkers' board and rules (giveaway has the same
    # moves); on another variant's board only the rule-free reasons are given.
    american = board.variant.uses_bitboards
    if isinstance(attempt, str):
        found = square_numbers(attempt)
        if (not found and found is not None) or _NOT_A_SEPARATOR.search(attempt):
            return f"{brief(attempt.strip())} is not a move: write the squares joined by - or x"
        text = clipped(attempt.strip())
        if found is None:
            return f"{text}: that is not a square (the playable squares are 1-{n})"
        squares = found
    else:
        squares = _attempted_squares(attempt)
        if any(not 1 <= s <= n for s in squares):
            text = brief(list(squares), 60)
        else:
            jump = len(squares) > 2 or (
                american and len(squares) > 1 and abs(row_of(squares[1]) - row_of(squares[0])) == 2
            )
            text = ("x" if jump else "-").join(map(str, squares))
    if len(squares) < 2:
        return f"{text}: a move needs a starting square and a landing square"
    for s in squares:
        if not 1 <= s <= n:
            return (
                f"{text}: that square ({brief(s)}) is not on the board "
                f"(the playable squares are 1-{n})"
            )

    legal = board.legal_moves()
    if not legal:
        return f"{text}: {name_of(board.turn)} has no legal move; the game is over"
    start = squares[0]
    piece = board.piece_at(start)
    if piece is None:
        return f"{text}: there is no piece on {start}"
    if piece.color != board.turn:
        return (
            f"{text}: it is {name_of(board.turn)}'s turn, "
            f"and the piece on {start} is {name_of(piece.color)}'s"
        )

    exact = [m for m in legal if list(m.path) == squares]
    if exact:
        return f"{exact[0]} is legal"
    same_ends = [m for m in legal if m.start == start and m.end == squares[-1]]
    if len(squares) == 2 and len(same_ends) == 1:
        return f"{same_ends[0]} is legal"
    if len(squares) == 2 and len(same_ends) > 1:
        return (
            f"{text}: several jump routes end on {squares[-1]}{listed(same_ends)}: "
            "give every landing square"
        )

    captures = [m for m in legal if m.is_capture]
    if not american:
        names = _names if name_moves else None
        return f"{text}: {variant_reason(board, squares, legal, names)}"
    if len(squares) == 2 and squares[0] == squares[1]:
        # A click on a piece that has nowhere to go.
        if captures:
            return (
                f"The piece on {start} cannot move: a capture is available"
                f"{listed(captures)}: capturing is compulsory, you must jump"
            )
        return f"The piece on {start} has no legal move"
    # Was this the start of a legal jump that stopped too early, or went on too far?
    for move in captures:
        path = list(move.path)
        if len(squares) < len(path) and path[: len(squares)] == squares:
            if not name_moves:
                return f"{text}: the jump must continue: the piece on {squares[-1]} can still jump"
            rest = "x".join(map(str, path[len(squares) - 1 :]))
            return f"{text}: the jump must continue: {rest} is still available"
        if len(squares) > len(path) and squares[: len(path)] == path:
            if move.crowns:
                return f"{text}: crowning ended the move at {move.end}; the new king waits a turn"
            return f"{text}: the jump ends at {move.end}: there is nothing more to take"

    # Look at the first step the learner described.
    first, second = squares[0], squares[1]
    dr, dc = _step(first, second)
    if board.piece_at(second) is not None:
        return f"{text}: square {second} is occupied"
    if abs(dr) != abs(dc):
        return f"{text}: pieces move diagonally, on the dark squares only"
    if abs(dr) == 1:
        if not piece.king and not _forward(piece.color, first, second):
            return f"{text}: a man cannot move backwards; only a king can"
        if captures:
            return (
                f"{text}: a capture is available{listed(captures)}: "
                "capturing is compulsory, you must jump"
            )
        if len(squares) > 2:
            return f"{text}: an ordinary move is a single step; only jumps go on"
        return f"{text}: that move is not possible here"  # should not happen for a legal step
    if abs(dr) == 2:
        mid_row, mid_col = row_of(first) + dr // 2, column_of(first) + dc // 2
        middle = mid_row * 4 + mid_col // 2 + 1
        jumped = board.piece_at(middle)
        if jumped is None:
            return f"{text}: there is no piece on {middle} to jump"
        if jumped.color == piece.color:
            return f"{text}: you cannot jump your own piece on {middle}"
        if not piece.king and not _forward(piece.color, first, second):
            return f"{text}: a man cannot capture backwards; only a king can"
        own_starts = sorted({m.start for m in captures})
        if captures and start not in own_starts:
            if not name_moves:
                return (
                    f"{text}: the piece on {start} cannot jump here; capturing is "
                    "compulsory, so jump with a piece that can"
                )
            return f"{text}: that piece cannot jump here; capture with {_names(captures)}"
        return f"{text}: that is not one of the legal jumps{listed(captures)}"
    if piece.king:
        return f"{text}: a king moves one square at a time (kings do not fly)"
    return f"{text}: a man moves one square diagonally forward"
