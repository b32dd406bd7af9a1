"""What a valid position is: the one rule every way of building a board applies.

A position is valid when the rules of checkers could hold it on the board:

* every square is a playable square 1-32 (a whole number, not ``True``), given once;
* every piece is a :class:`~checkers_widget.core.move.Piece` of ``"black"`` or ``"white"``;
* each side has at most 12 pieces (kings included): the game starts with 12 and never
  adds one;
* no man stands on the row where it would already have been crowned (a black man on
  29-32, a white man on 1-4): it would be a king there;
* the side to move is ``"black"`` or ``"white"``.

That is American checkers' rule, the default. Other variants (:mod:`variants`) apply the
same rule to their own board: squares 1-32 or 1-50, at most the pieces a side starts
with (12, or 20 on 10x10), and no man on the row where that variant crowns it (the
far row from where its side starts: in Spanish draughts, for example, White starts on
1-12 and a white man cannot stand on 29-32).

A board with no pieces, or with one side only, is valid (the side with none has lost):
set-up positions and endgame studies need them. :func:`check_position` is the single
place this rule lives; :meth:`Board.from_fen <checkers_widget.core.board.Board.from_fen>`,
:meth:`Board.from_pieces <checkers_widget.core.board.Board.from_pieces>`,
:meth:`Board.set_piece <checkers_widget.core.board.Board.set_piece>` and the widget's position
editor all call it, so anything one of them accepts is accepted by the others, and every
board's own FEN reads back as the same board.
"""

from __future__ import annotations

from collections.abc import Mapping

from .color import BLACK, COLORS, Color
from .errors import PositionError, brief
from .move import Piece
from .squares import BIT, BLACK_CROWN_ROW, WHITE_CROWN_ROW
from .variants import AMERICAN, Variant

__all__ = ["MAX_PIECES", "check_man_row", "check_position", "check_square", "check_turn"]

#: The most pieces one side can have: the 12 it starts with.
MAX_PIECES = 12


def check_square(square: object, squares: int = 32) -> int:
    """``square`` as a playable square number 1-``squares``; raises :class:`PositionError`."""
    if isinstance(square, bool) or not isinstance(square, int) or not 1 <= square <= squares:
        raise PositionError(f"square {brief(square)} is not on the board (1-{squares})")
    return square


def check_turn(turn: object) -> Color:
    """``turn`` as a side to move; raises :class:`PositionError` unless black or white."""
    if not isinstance(turn, str) or turn not in COLORS:
        raise PositionError(f"the side to move must be 'black' or 'white', not {brief(turn)}")
    return turn


def check_position(
    pieces: object, turn: object = BLACK, variant: Variant = AMERICAN
) -> dict[int, Piece]:
    """The pieces by square, in square order, if they and ``turn`` form a valid position
    of ``variant`` (American checkers by default).

    Raises :class:`PositionError` (a :class:`~checkers_widget.core.errors.CheckersError`)
    naming the first thing the rules forbid; see the module docstring for the rule.
    """
    check_turn(turn)
    max_pieces, squares = variant.max_pieces, variant.squares
    if not isinstance(pieces, Mapping):
        raise PositionError(
            f"pieces must be a mapping of squares to Piece values, not {type(pieces).__name__}"
        )
    if len(pieces) > 2 * max_pieces:
        raise PositionError(
            f"{len(pieces)} pieces: a position has at most {max_pieces} pieces a side"
        )
    counts = dict.fromkeys(COLORS, 0)
    checked: dict[int, Piece] = {}
    for square, piece in pieces.items():
        check_square(square, squares)
        if (
            not isinstance(piece, Piece)
            or piece.color not in COLORS
            or not isinstance(piece.king, bool)
        ):
            raise PositionError(
                f"square {square}: expected a Piece such as Piece('black'), not {brief(piece)}"
            )
        check_man_row(square, piece, variant)
        counts[piece.color] += 1
        if counts[piece.color] > max_pieces:
            raise PositionError(
                f"{piece.color} has more than {max_pieces} pieces; "
                f"a side has at most {max_pieces}, the {max_pieces} it starts with"
            )
        checked[square] = piece
    return dict(sorted(checked.items()))


def check_man_row(square: int, piece: Piece, variant: Variant = AMERICAN) -> None:
    """Refuse a man on the row where it would have been crowned (write a king there)."""
    if piece.king:
        return
    if variant.uses_bitboards:
        row = BLACK_CROWN_ROW if piece.color == BLACK else WHITE_CROWN_ROW
        crowned = bool(BIT[square] & row)
    else:
        geo = variant.geometry
        row = geo.bottom_row if piece.color == variant.top else geo.top_row
        crowned = bool(geo.bit[square] & row)
    if crowned:
        raise PositionError(
            f"a {piece.color} man cannot stand on {square}: "
            f"it would have been crowned there (a {piece.color} king can: K{square} in a FEN)"
        )
