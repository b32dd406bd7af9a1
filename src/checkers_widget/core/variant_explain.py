"""Why a move is refused on another draughts variant's board, in the variant's own terms.

:func:`~checkers_widget.core.explain.explain` words American checkers' rules; on the
board of another variant (:mod:`variants`) it asks :func:`variant_reason`, which names
the rule of *that* variant the attempt breaks: the capture that takes the most pieces
(international, Brazilian, Spanish) or Italian draughts' order of captures, a man that
may not capture a king (Italian), a king that flies or does not, men that capture
backwards or only forwards, a capture that must go on, compulsory capture. As in
``explain``, the legal moves are the authority: the words come from comparing the
attempt with the moves the variant allows and, for the capture rules, with the moves a
free choice of capture would allow (the same variant with ``capture_rule="free"``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from .board import Board
from .geometry import Geometry
from .move import Move

__all__ = ["variant_reason"]

_CAPTURE_ORDER = {
    "most": "you must take the most pieces",
    "spanish": "you must take the most pieces, and then the most kings",
    "italian": (
        "you must take the most pieces; then capture with a king; then take the most "
        "kings; then meet a king first"
    ),
}


def _diagonal(grid: Geometry, a: int, b: int) -> list[int] | None:
    """The squares strictly between ``a`` and ``b`` on one diagonal, or None if they are
    not on one."""
    for ray in grid.rays[a]:
        if b in ray:
            return list(ray[: ray.index(b)])
    return None


def _pieces(n: int) -> str:
    return "1 piece" if n == 1 else f"{n} pieces"


def _forward(board: Board, color: str, a: int, b: int) -> bool:
    """Whether ``b`` lies towards the far side of the board from ``a`` for ``color``'s men."""
    grid = board.variant.geometry
    up = grid.row_column(b)[0] < grid.row_column(a)[0]
    # The side on the low numbers (the variant's top) moves down the rows.
    return up != (color == board.variant.top)


def variant_reason(
    board: Board,
    squares: Sequence[int],
    legal: Sequence[Move],
    names: Callable[[Sequence[Move]], str] | None,
) -> str:
    """The rule of ``board``'s variant that the attempted ``squares`` break (no move text in
    front); ``legal`` are the board's legal moves, ``names(moves)`` names moves (None: the
    moves stay unnamed, as a lesson's answer does)."""

    def listed(moves: Sequence[Move]) -> str:
        return f" ({names(moves)})" if names is not None else ""

    variant = board.variant
    title = variant.title
    captures = [m for m in legal if m.is_capture]
    start, second, end = squares[0], squares[1], squares[-1]
    piece = board.piece_at(start)
    assert piece is not None  # explain() has said so when there is none

    # A capture the variant's capture rule leaves out (a free choice would allow it).
    if variant.capture_rule != "free":
        free = Board(board.to_fen(), variant=replace(variant, capture_rule="free"))
        chosen = [
            m
            for m in free.legal_moves()
            if m.is_capture
            and (
                list(m.path) == list(squares)
                or (len(squares) == 2 and (m.start, m.end) == (start, end))
            )
        ]
        if chosen:
            most = max(len(m.captures) for m in captures)
            taken = len(chosen[0].captures)
            rule = f"{_CAPTURE_ORDER[variant.capture_rule]} in {title}"
            if taken == most:  # the same count: a later rule of the order decides
                return f"{rule}{listed(captures)}"
            others = names(captures) if names is not None else "another capture"
            return f"{rule}: this capture takes {_pieces(taken)}, {others} takes {most}"

    grid = board.variant.geometry
    between = _diagonal(grid, start, second)
    if between is None:
        return "pieces move diagonally, on the dark squares only"
    if board.piece_at(second) is not None:
        return f"square {second} is occupied"
    pieces_between = [s for s in between if board.piece_at(s) is not None]

    # Jumps that break a rule about who may capture what, or which way.
    if pieces_between:
        jumped = board.piece_at(pieces_between[0])
        assert jumped is not None
        if jumped.color == piece.color:
            return f"you cannot jump your own piece on {pieces_between[0]}"
        if len(pieces_between) > 1:
            return "a capture jumps one piece at a time"
        if not piece.king and len(between) > 1:
            return "a man jumps only a piece next to it, onto the square just behind"
        if not piece.king and jumped.king and not variant.men_capture_kings:
            return f"a man may not capture a king in {title}; only a king can"
        if (
            not piece.king
            and not variant.men_capture_backward
            and not _forward(board, piece.color, start, second)
        ):
            return f"a man captures only forwards in {title}"
        if piece.king and len(between) > 1 and not variant.flying_kings:
            return f"a king jumps only a piece next to it in {title} (kings do not fly)"
    elif len(between) > 0:  # a long move over empty squares
        if not piece.king:
            return "a man moves one square diagonally"
        if not variant.flying_kings:
            return f"a king moves one square at a time in {title} (kings do not fly)"
    elif not piece.king and not _forward(board, piece.color, start, second):
        backward = " (it captures backwards, but moves only forwards)"
        return "a man cannot move backwards" + (backward if variant.men_capture_backward else "")

    # A capture that stopped too early or went on too far.
    for move in captures:
        path = list(move.path)
        if len(squares) < len(path) and path[: len(squares)] == list(squares):
            return f"the capture must go on: the piece on {end} can still capture"
        if len(squares) > len(path) and list(squares[: len(path)]) == path:
            return f"the capture ends at {move.end}: there is nothing more to take"
    if captures and not pieces_between:
        return f"a capture is available{listed(captures)}: capturing is compulsory"
    if captures:
        return f"that is not one of the legal captures{listed(captures)}"
    return f"it is not a legal move of {title}"
