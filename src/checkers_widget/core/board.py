"""The position: pieces, side to move, legal moves, push/pop, perft and notation.

``Board`` is the one object the rest of the package asks "what is legal here?". It is
pure Python (bitboards over the layout in :mod:`squares`) so it imports in
milliseconds and runs anywhere, Pyodide included. It knows nothing about draw rules,
results or players: that is :class:`~checkers_widget.core.game.Game`'s job.

A board carries its :class:`~checkers_widget.core.variants.Variant` (``Board(variant=
"international")``; American checkers by default). American checkers, and giveaway whose
moves are the same, play on :mod:`movegen`'s bitboards, the code path the engine and
perft were made fast on; every other variant keeps its pieces as bitboards with bit ``s``
for square ``s`` and asks :mod:`variant_movegen` for its moves. Everything else (pieces,
FEN, push/pop, hashing, mirroring, editing) is shared, each variant with its own squares.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Iterator
from functools import cache
from typing import TYPE_CHECKING

from . import movegen
from .color import BLACK, WHITE, Color
from .errors import (
    AmbiguousMoveError,
    CheckersError,
    FenError,
    IllegalMoveError,
    brief,
    clipped,
)
from .fen import parse_fen, write_fen
from .move import Move, Piece
from .outcome import Outcome, lost_by, no_moves_win
from .position import check_position, check_square, check_turn
from .squares import BIT, BLACK_CROWN_ROW, SQUARE_OF_BIT, VALID, WHITE_CROWN_ROW, squares_of
from .variant_movegen import VariantRules, rules_of
from .variants import AMERICAN, VARIANTS, Variant, is_variant_name, variant

if TYPE_CHECKING:
    from ..formats.svg import Picture

__all__ = ["START_FEN", "Board", "PositionKey"]

#: :meth:`Board.key`: ``(black, white, kings, turn)``, and the variant after them on a
#: board of any other variant than American checkers.
PositionKey = tuple[int, int, int, Color] | tuple[int, int, int, Color, Variant]

#: The standard opening position: Black on 1-12 to move, White on 21-32.
START_FEN = "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"

_START_BLACK = sum(BIT[1:13])
_START_WHITE = sum(BIT[21:33])

# Zobrist keys: one per (piece kind, square) and one for "White to move". Seeded so
# that hashes are the same in every process (tests, saved data, two kernels).
_rng = random.Random(0x5EED_C4EC)
_Z_BLACK_MAN = {BIT[s]: _rng.getrandbits(64) for s in range(1, 33)}
_Z_BLACK_KING = {BIT[s]: _rng.getrandbits(64) for s in range(1, 33)}
_Z_WHITE_MAN = {BIT[s]: _rng.getrandbits(64) for s in range(1, 33)}
_Z_WHITE_KING = {BIT[s]: _rng.getrandbits(64) for s in range(1, 33)}
_Z_WHITE_TO_MOVE = _rng.getrandbits(64)
del _rng


@cache
def _variant_keys(v: Variant) -> tuple[tuple[list[int], list[int], list[int], list[int]], int]:
    """Zobrist keys of a variant other than American checkers: per piece kind a list by
    square, and the variant's own key, XORed into every hash (so that one position under
    two variants' rules hashes differently). Seeded from the variant, the same in every
    process."""
    rng = random.Random(f"checkers-widget {v!r}")
    n = v.squares + 1
    tables = tuple([rng.getrandbits(64) for _ in range(n)] for _ in range(4))
    return (tables[0], tables[1], tables[2], tables[3]), rng.getrandbits(64)


# ASCII digits and spaces only (re.ASCII): int() would read other scripts' digits too.
_MOVE_TEXT = re.compile(r"\s*\d+\s*(?:[-x:]\s*\d+\s*)+", re.IGNORECASE | re.ASCII)
_NUMBER = re.compile(r"\d+", re.ASCII)

# The four pieces, made once: piece_at answers with one of them.
_PIECES = {(c, k): Piece(c, k) for c in (BLACK, WHITE) for k in (False, True)}


def square_numbers(text: str) -> list[int] | None:
    """The ASCII numbers in ``text`` as ints, or None if one has more than two digits
    (after leading zeros): no square has, and judging the length first keeps a number
    of any length from reaching ``int`` (whose digit limit raises, and costs time)."""
    numbers = []
    for digits in _NUMBER.findall(text):
        digits = digits.lstrip("0") or "0"
        if len(digits) > 2:
            return None
        numbers.append(int(digits))
    return numbers


def move_text_squares(text: str, squares: int = 32) -> tuple[int, ...]:
    """The squares that move text names, in order: ``"22x15x8"`` gives ``(22, 15, 8)``.

    Move text is squares 1-``squares`` (1-32 unless a variant's board has more) joined by
    ``-``, ``x`` or ``:`` (spaces allowed around them). Only the text is read, not a
    position: whether the squares make a legal move is the board's to say
    (:meth:`Board.parse_move`). Raises :class:`IllegalMoveError` (with no legal moves
    attached) saying what is wrong with text that is not move text.
    """
    if not isinstance(text, str) or not _MOVE_TEXT.fullmatch(text):
        raise IllegalMoveError(
            f"cannot read move {brief(text)}: expected squares 1-{squares} joined by '-' or "
            "'x' (e.g. 11-15 or 22x15x6)"
        )
    numbers = square_numbers(text)
    bad = next((s for s in numbers if not 1 <= s <= squares), None) if numbers else None
    if numbers is None or bad is not None:
        what = "a number" if bad is None else f"square {bad}"
        raise IllegalMoveError(f"{what} in {brief(text)} is not on the board (1-{squares})")
    return tuple(numbers)


def _zobrist(black: int, white: int, kings: int, turn: Color) -> int:
    h = _Z_WHITE_TO_MOVE if turn == WHITE else 0
    for mask, table in (
        (black & ~kings, _Z_BLACK_MAN),
        (black & kings, _Z_BLACK_KING),
        (white & ~kings, _Z_WHITE_MAN),
        (white & kings, _Z_WHITE_KING),
    ):
        while mask:
            low = mask & -mask
            mask ^= low
            h ^= table[low]
    return h


def moves_of(own: int, opp: int, kings: int, black: bool) -> list[Move]:
    """Every legal move of the side to move in a bitboard position, as :class:`Move`.

    The one conversion from :mod:`movegen`'s bitboard moves to moves with squares:
    :meth:`Board.legal_moves`, :meth:`Board.generate_legal_moves` and the engine (turning
    its lines into moves) all use it.
    """
    return list(iter_moves_of(own, opp, kings, black))


def iter_moves_of(own: int, opp: int, kings: int, black: bool) -> Iterator[Move]:
    """:func:`moves_of` one move at a time: each :class:`Move` is made when it is asked for.

    The bitboard moves are found when the iterator is made (so it keeps to the position it
    was made on); only their conversion into :class:`Move` values waits.
    """
    seqs = movegen.captures(own, opp, kings, black)
    if seqs:
        sq = SQUARE_OF_BIT
        return (
            Move._generated(tuple(sq[b] for b in path), tuple(sq[c] for c in caps), crowns)
            for path, caps, crowns in seqs
        )
    crown_row = BLACK_CROWN_ROW if black else WHITE_CROWN_ROW
    return (
        Move._generated(
            (SQUARE_OF_BIT[src], SQUARE_OF_BIT[dst]),
            (),
            not (kings & src) and bool(dst & crown_row),
        )
        for src, dst, _ in movegen.quiet_steps(own, opp, kings, black)
    )


def _turned(mask: int) -> int:
    """A bitboard seen from the other side of the board: square ``s`` becomes ``33 - s``.

    In the layout of :mod:`squares` that is bit ``i`` to bit ``34 - i`` (ghost bits map to
    ghost bits), so reversing the 35 bits turns the board round.
    """
    return int(f"{mask:035b}"[::-1], 2)


class Board:
    """A checkers position with its move stack.

    ``Board()`` is the start position; ``Board(fen)`` or :meth:`from_fen` any other,
    :meth:`from_pieces` a position from a mapping. Every way of setting up a position
    applies the same rule (:func:`~checkers_widget.core.position.check_position`: squares
    1-32, at most 12 pieces a side, no man on its crowning row), so every board's FEN
    reads back as the same board.
    Moves are :class:`~checkers_widget.core.move.Move` values; :meth:`push` plays one and
    :meth:`pop` takes it back, restoring the position (and its hash) exactly.

    ``variant`` (a name such as ``"international"`` or a
    :class:`~checkers_widget.core.variants.Variant`) chooses the rules, American checkers
    by default; ``Board(variant="russian")`` is that variant's start position, and a FEN is
    read with the variant's squares (1-50 on 10x10). The board keeps its variant through
    :meth:`copy`, :meth:`mirror` and every edit; boards of different variants are never
    equal.
    """

    __slots__ = (
        "_bits",
        "_black",
        "_hash",
        "_kings",
        "_rules",
        "_stack",
        "_turn",
        "_variant",
        "_white",
    )

    def __init__(self, fen: str | None = None, *, variant: str | Variant = AMERICAN) -> None:
        self._stack: list[tuple[Move, int, int, int, int]] = []
        if is_variant_name(fen):
            raise FenError(f"{fen!r} is a variant's name, not a FEN: write Board(variant={fen!r})")
        self._use(variant)
        if fen is None and self._variant.uses_bitboards:
            self._black, self._white, self._kings, self._turn = (
                _START_BLACK,
                _START_WHITE,
                0,
                BLACK,
            )
        else:
            text = self._variant.start_fen if fen is None else fen
            turn, pieces = parse_fen(text, self._variant)
            self._set(turn, pieces)
        self._rehash()

    def _use(self, chosen: str | Variant) -> None:
        """Take on a variant's rules: its generator (None: :mod:`movegen`) and square bits."""
        if chosen is AMERICAN:
            v = AMERICAN
        else:
            v = variant(chosen)
            if v == AMERICAN:
                v = AMERICAN  # one object, so that `is AMERICAN` is the test
        self._variant: Variant = v
        self._rules: VariantRules | None = None if v.uses_bitboards else rules_of(v)
        self._bits: tuple[int, ...] = BIT if self._rules is None else v.geometry.bit

    def _rehash(self) -> None:
        """Compute the position's hash from scratch (set-up and edits; moves update it)."""
        if self._rules is None:
            self._hash = _zobrist(self._black, self._white, self._kings, self._turn)
            if self._variant is not AMERICAN:
                self._hash ^= _variant_keys(self._variant)[1]
            return
        (black_man, black_king, white_man, white_king), salt = _variant_keys(self._variant)
        h = salt ^ (_Z_WHITE_TO_MOVE if self._turn == WHITE else 0)
        for square in self._squares_of(self._black):
            h ^= (black_king if self._kings >> square & 1 else black_man)[square]
        for square in self._squares_of(self._white):
            h ^= (white_king if self._kings >> square & 1 else white_man)[square]
        self._hash = h

    def _squares_of(self, mask: int) -> list[int]:
        """The squares of a bitboard in this board's layout, in ascending order."""
        if self._rules is None:
            return squares_of(mask)
        out = []
        while mask:
            low = mask & -mask
            out.append(low.bit_length() - 1)
            mask ^= low
        return out

    # ------------------------------------------------------------------ set-up
    @classmethod
    def from_fen(cls, fen: str, *, variant: str | Variant = AMERICAN) -> Board:
        """The position a PDN FEN describes, under ``variant``'s rules (American checkers by
        default); raises :class:`FenError` if it is malformed or not a position of the
        variant (a square 51, a man on its crown row...), and
        :class:`~checkers_widget.core.errors.VariantError` for an unknown variant."""
        return cls(fen, variant=variant)

    @classmethod
    def empty(cls, turn: Color = BLACK, *, variant: str | Variant = AMERICAN) -> Board:
        """A board with no pieces, for setting up positions by hand."""
        check_turn(turn)
        board = cls(variant=variant)
        board._black = board._white = board._kings = 0
        board._turn = turn
        board._rehash()
        return board

    @classmethod
    def from_pieces(
        cls, pieces: dict[int, Piece], turn: Color = BLACK, *, variant: str | Variant = AMERICAN
    ) -> Board:
        """A position from a mapping of squares to pieces, e.g. ``{10: Piece("black", True)}``.

        Raises :class:`~checkers_widget.core.errors.PositionError` for a position the rules
        of ``variant`` forbid (see :func:`~checkers_widget.core.position.check_position`).
        """
        board = cls.empty(turn, variant=variant)
        checked = check_position(pieces, turn, board._variant)
        board._set(turn, checked)
        board._rehash()
        return board

    def _set(self, turn: Color, pieces: dict[int, Piece]) -> None:
        bits = self._bits
        black = white = kings = 0
        for square, piece in pieces.items():
            bit = bits[square]
            if piece.color == BLACK:
                black |= bit
            else:
                white |= bit
            if piece.king:
                kings |= bit
        self._black, self._white, self._kings, self._turn = black, white, kings, turn

    def mirror(self) -> Board:
        """The same position seen from the other side: the board turned round and the
        colours exchanged, the other side to move.

        Square ``s`` becomes ``33 - s`` and each piece changes colour (a black man on 11
        becomes a white man on 22, a king stays a king); ``"black"`` to move becomes
        ``"white"`` to move. The rules treat both sides alike, so the mirrored position is
        the same game with the names swapped: its legal moves are the original's with every
        square ``s`` read as ``33 - s``, its perft counts are the same, and an evaluation
        from the side to move's point of view gives both the same score (a test of an
        evaluation's symmetry). Mirroring twice gives the position back. The copy starts
        with no moves played (the original's would not be legal on it).

        On a board of another variant, square ``s`` becomes ``squares + 1 - s`` (51 - s on
        10x10) and the mirrored board keeps the variant; the side that starts at the top is
        the variant's, so the pieces that change colour also change ends, and the rules
        still treat the two positions alike.
        """
        board = Board.__new__(Board)
        board._use(self._variant)
        if self._rules is None:
            board._black, board._white = _turned(self._white), _turned(self._black)
            board._kings = _turned(self._kings)
        else:
            n = self._variant.squares + 1

            def turned(mask: int) -> int:
                return sum(1 << (n - s) for s in self._squares_of(mask))

            board._black, board._white = turned(self._white), turned(self._black)
            board._kings = turned(self._kings)
        board._turn = WHITE if self._turn == BLACK else BLACK
        board._stack = []
        board._rehash()
        return board

    def to_fen(self) -> str:
        """The position as canonical PDN FEN (squares sorted, men before kings)."""
        return write_fen(self._turn, self.pieces)

    def copy(self, *, stack: bool = True) -> Board:
        """An independent copy; with ``stack=False`` the copy forgets the moves played."""
        board = Board.__new__(Board)
        board._variant, board._rules, board._bits = self._variant, self._rules, self._bits
        board._black, board._white, board._kings = self._black, self._white, self._kings
        board._turn, board._hash = self._turn, self._hash
        board._stack = list(self._stack) if stack else []
        return board

    # ------------------------------------------------------------------ queries
    @property
    def variant(self) -> Variant:
        """The rules this board plays by (:class:`~checkers_widget.core.variants.Variant`)."""
        return self._variant

    @property
    def turn(self) -> Color:
        """The side to move: ``"black"`` or ``"white"``."""
        return self._turn

    @turn.setter
    def turn(self, color: Color) -> None:
        """Set the side to move (an edit: clears the move stack when it changes)."""
        check_turn(color)
        if color != self._turn:
            self._turn = color
            self._hash ^= _Z_WHITE_TO_MOVE
            self._stack.clear()

    @property
    def bitboards(self) -> tuple[int, int, int]:
        """``(black, white, kings)`` in the internal layout, for engines and tools.

        American checkers (and giveaway): the layout of :mod:`squares`; any other variant:
        bit ``s`` for square ``s``.
        """
        return self._black, self._white, self._kings

    @property
    def zobrist(self) -> int:
        """A 64-bit hash of the position and the side to move, kept up to date on push/pop."""
        return self._hash

    def key(self) -> PositionKey:
        """An exact, hashable identity of the position, for repetition counting:
        ``(black, white, kings, turn)``, with the variant after them unless it is American
        checkers (so positions of two variants never share a key)."""
        if self._variant is AMERICAN:
            return self._black, self._white, self._kings, self._turn
        return self._black, self._white, self._kings, self._turn, self._variant

    def piece_at(self, square: int) -> Piece | None:
        """What stands on a square (1-32, or 1-50 on a 10x10 board), or None."""
        bit = self._bits[check_square(square, self._variant.squares)]
        king = bool(self._kings & bit)
        if self._black & bit:
            return _PIECES[BLACK, king]
        if self._white & bit:
            return _PIECES[WHITE, king]
        return None

    @property
    def pieces(self) -> dict[int, Piece]:
        """Every piece on the board by square, in square order."""
        out: dict[int, Piece] = {}
        for s in self._squares_of(self._black | self._white):
            piece = self.piece_at(s)
            assert piece is not None
            out[s] = piece
        return out

    def squares(self, color: Color, *, king: bool | None = None) -> list[int]:
        """The squares holding ``color``'s pieces; ``king`` selects kings or men only."""
        mask = self._black if color == BLACK else self._white
        if king is True:
            mask &= self._kings
        elif king is False:
            mask &= ~self._kings
        return self._squares_of(mask)

    def count(self, color: Color, *, king: bool | None = None) -> int:
        """How many pieces ``color`` has (kings only or men only with ``king``)."""
        return len(self.squares(color, king=king))

    def _sides(self) -> tuple[int, int, bool]:
        if self._turn == BLACK:
            return self._black, self._white, True
        return self._white, self._black, False

    def _down(self) -> bool:
        """Whether the side to move's men move down the board (it started at the top)."""
        return self._turn == self._variant.top

    def must_capture(self) -> bool:
        """Whether the side to move has a jump available (and so must take one)."""
        own, opp, black = self._sides()
        if self._rules is not None:
            return self._rules.has_capture(own, opp, self._kings, self._down())
        return movegen.has_capture(own, opp, self._kings, black)

    def legal_moves(self) -> list[Move]:
        """Every legal move for the side to move, captures only when one is available
        (and, in variants with a capture rule, only the captures it allows)."""
        own, opp, black = self._sides()
        if self._rules is not None:
            return self._variant_moves(own, opp)
        return moves_of(own, opp, self._kings, black)

    def _variant_moves(self, own: int, opp: int) -> list[Move]:
        assert self._rules is not None
        raw = self._rules.moves(own, opp, self._kings, self._down())
        return [Move._generated(path, caps, crowns) for path, caps, crowns, _ in raw]

    def generate_legal_moves(self) -> Iterator[Move]:
        """The legal moves of :meth:`legal_moves`, in the same order, one at a time.

        For code that stops early (``next(board.generate_legal_moves(), None)``, ``any``):
        each :class:`Move` is made only when asked for (on a board of another variant than
        American checkers they are all made at once: the capture rules choose among whole
        captures). The iterator keeps to the position it was made on, even if the board
        changes while it is being read.
        """
        own, opp, black = self._sides()
        if self._rules is not None:
            return iter(self._variant_moves(own, opp))
        return iter_moves_of(own, opp, self._kings, black)

    def is_legal(self, move: Move) -> bool:
        """Whether ``move`` can be played here (in a variant whose captures count once
        whatever their route, any route of a legal capture is legal)."""
        return move in self.legal_moves() or move in self._other_routes()

    def _other_routes(self) -> list[Move]:
        """Every route of every legal capture, in a variant where :meth:`legal_moves` lists
        a capture once whatever its route (empty otherwise): another route of a legal
        capture may be played or written too."""
        rules = self._rules
        if rules is None or self._variant.distinct_routes:
            return []
        own, opp, _ = self._sides()
        if not rules.has_capture(own, opp, self._kings, self._down()):
            return []
        raw = rules.captures(own, opp, self._kings, self._down(), every_route=True)
        return [Move._generated(path, caps, crowns) for path, caps, crowns, _ in raw]

    def is_over(self) -> bool:
        """Whether the side to move has no legal move (and so has lost, or in giveaway won)."""
        own, opp, black = self._sides()
        if self._rules is not None:
            return not self._rules.moves(own, opp, self._kings, self._down())
        return movegen.count_moves(own, opp, self._kings, black) == 0

    def outcome(self) -> Outcome | None:
        """How the game ends in this position, or None while the side to move has a move.

        A position alone ends a game one way in checkers: the side to move has no legal
        move (no pieces left, or every piece blocked) and has lost, e.g.
        ``Outcome(result='0-1', termination='every Black piece is blocked')``. There is no
        stalemate. Draws depend on what the position does not hold (the moves that led to
        it, the draw rules, the players' agreement): :meth:`Game.outcome
        <checkers_widget.core.game.Game.outcome>` knows those. The words are a
        :class:`~checkers_widget.core.game.Game`'s with the sides called Black and White.

        In giveaway (a variant whose goal is reversed) the side to move with no legal move
        has won instead: ``Outcome(result='1-0', termination='Black has no pieces left and
        wins (giveaway)')``.
        """
        if not self.is_over():
            return None
        if self._variant.goal_reversed:
            return no_moves_win(self._turn, self._turn.capitalize(), self.count(self._turn))
        return lost_by(self._turn, self._turn.capitalize(), self.count(self._turn))

    def perft(self, depth: int) -> int:
        """Leaf count of the legal-move tree ``depth`` plies deep (capture paths distinct)."""
        if isinstance(depth, bool) or not isinstance(depth, int) or depth < 0:
            raise CheckersError(f"perft depth must be a whole number >= 0, not {brief(depth)}")
        own, opp, black = self._sides()
        if self._rules is not None:
            return self._rules.perft(own, opp, self._kings, self._down(), depth)
        return movegen.perft(own, opp, self._kings, black, depth)

    # ------------------------------------------------------------------ moves
    def push(self, move: Move | str) -> Move:
        """Play a legal move (a :class:`Move` or move text); returns the move played.

        Raises :class:`IllegalMoveError`, leaving the board unchanged, if it is not legal.
        """
        if isinstance(move, str):
            move = self.parse_move(move)
        elif not isinstance(move, Move):
            raise IllegalMoveError(f"not a move: {brief(move)}", self.legal_moves())
        legal = self.legal_moves()
        if move not in legal and move not in self._other_routes():
            raise IllegalMoveError(
                f"{move} is not legal for {self._turn} here; legal moves: "
                + ", ".join(map(str, legal)),
                legal,
            )
        self._apply(move)
        return move

    def _apply(self, move: Move) -> None:
        """Play a move known to be legal, updating the hash incrementally."""
        if self._rules is not None:
            self._apply_variant(move)
            return
        self._stack.append((move, self._black, self._white, self._kings, self._hash))
        src = BIT[move.start]
        dst = BIT[move.end]
        mover_black = self._turn == BLACK
        h = self._hash ^ _Z_WHITE_TO_MOVE
        was_king = bool(self._kings & src)
        if mover_black:
            h ^= (_Z_BLACK_KING if was_king else _Z_BLACK_MAN)[src]
            h ^= (_Z_BLACK_KING if was_king or move.crowns else _Z_BLACK_MAN)[dst]
        else:
            h ^= (_Z_WHITE_KING if was_king else _Z_WHITE_MAN)[src]
            h ^= (_Z_WHITE_KING if was_king or move.crowns else _Z_WHITE_MAN)[dst]
        taken = 0
        for c in move.captures:
            bit = BIT[c]
            taken |= bit
            king = bool(self._kings & bit)
            if mover_black:
                h ^= (_Z_WHITE_KING if king else _Z_WHITE_MAN)[bit]
            else:
                h ^= (_Z_BLACK_KING if king else _Z_BLACK_MAN)[bit]
        kings = self._kings & ~taken & ~src
        if was_king or move.crowns:
            kings |= dst
        if mover_black:
            self._black = (self._black & ~src) | dst
            self._white &= ~taken
            self._turn = WHITE
        else:
            self._white = (self._white & ~src) | dst
            self._black &= ~taken
            self._turn = BLACK
        self._kings = kings
        self._hash = h

    def _apply_variant(self, move: Move) -> None:
        """:meth:`_apply` on a board of another variant (bit ``s`` for square ``s``)."""
        self._stack.append((move, self._black, self._white, self._kings, self._hash))
        (black_man, black_king, white_man, white_king), _ = _variant_keys(self._variant)
        start, end = move.start, move.end
        src, dst = 1 << start, 1 << end
        mover_black = self._turn == BLACK
        own_man, own_king = (black_man, black_king) if mover_black else (white_man, white_king)
        opp_man, opp_king = (white_man, white_king) if mover_black else (black_man, black_king)
        was_king = bool(self._kings & src)
        h = self._hash ^ _Z_WHITE_TO_MOVE
        h ^= (own_king if was_king else own_man)[start]
        h ^= (own_king if was_king or move.crowns else own_man)[end]
        taken = 0
        for c in move.captures:
            taken |= 1 << c
            h ^= (opp_king if self._kings >> c & 1 else opp_man)[c]
        kings = self._kings & ~taken & ~src
        if was_king or move.crowns:
            kings |= dst
        if mover_black:
            self._black = (self._black & ~src) | dst
            self._white &= ~taken
            self._turn = WHITE
        else:
            self._white = (self._white & ~src) | dst
            self._black &= ~taken
            self._turn = BLACK
        self._kings = kings
        self._hash = h

    def pop(self) -> Move:
        """Take back the last move and return it; raises IndexError if none was played."""
        if not self._stack:
            raise IndexError("pop from a board with no moves played")
        move, self._black, self._white, self._kings, self._hash = self._stack.pop()
        self._turn = BLACK if self._turn == WHITE else WHITE
        return move

    def peek(self) -> Move | None:
        """The last move played, or None."""
        return self._stack[-1][0] if self._stack else None

    @property
    def move_stack(self) -> list[Move]:
        """The moves played on this board since it was set up."""
        return [entry[0] for entry in self._stack]

    def parse_move(self, text: str) -> Move:
        """The legal move that move text names.

        Accepts ``11-15``, ``22x15``, ``22x15x8``, start and end only (``22x8``) where one
        route ends there, and ``:`` as a separator. Raises :class:`AmbiguousMoveError`
        naming the candidates when the text fits several moves, and
        :class:`IllegalMoveError` naming the legal moves when it fits none.
        """
        try:
            squares = move_text_squares(text, self._variant.squares)
        except IllegalMoveError as exc:
            raise IllegalMoveError(str(exc), self.legal_moves()) from None
        legal = self.legal_moves()
        matches = [m for m in legal if m.path == squares]
        if not matches:
            matches = [m for m in legal if _follows(m.path, squares)]
        if not matches:
            # Another route of a capture listed once (international draughts and the like).
            matches = [m for m in self._other_routes() if m.path == squares]
        if len(matches) == 1:
            return matches[0]
        if matches:
            raise AmbiguousMoveError(
                f"{text!r} is ambiguous: it fits "
                + " and ".join(str(m) for m in matches)
                + "; give every landing square",
                matches,
            )
        raise IllegalMoveError(
            f"{clipped(text.strip())} is not a legal move for {self._turn}; legal moves: "
            + ", ".join(map(str, legal)),
            legal,
        )

    # ------------------------------------------------------------------ editing
    def set_piece(self, square: int, piece: Piece | None) -> None:
        """Put a piece on (or clear) a square; clears the move stack, as the history no
        longer leads to this position.

        Raises :class:`~checkers_widget.core.errors.PositionError`, leaving the board as it
        was, when the position would break the rule of
        :func:`~checkers_widget.core.position.check_position` (a thirteenth piece, a man on
        its crowning row).
        """
        check_square(square, self._variant.squares)
        pieces = self.pieces
        if piece is None:
            pieces.pop(square, None)
        else:
            pieces[square] = piece
        self._set(self._turn, check_position(pieces, self._turn, self._variant))
        self._stack.clear()
        self._rehash()

    # ------------------------------------------------------------------ dunder
    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Board):
            return NotImplemented
        return self.key() == other.key()

    __hash__ = None  # type: ignore[assignment]  # mutable: use .zobrist or .key()

    def __iter__(self) -> Iterator[tuple[int, Piece]]:
        return iter(self.pieces.items())

    def __repr__(self) -> str:
        if self._variant is AMERICAN:
            return f"Board({self.to_fen()!r})"
        v = self._variant
        named = repr(v.name) if VARIANTS.get(v.name) == v else repr(v)
        return f"Board({self.to_fen()!r}, variant={named})"

    def __str__(self) -> str:
        if not self._drawable():
            # A text diagram of the variant's own board, top row (square 1's) first.
            return self._variant.geometry.text({s: p.symbol for s, p in self.pieces.items()})
        from ..formats.svg import board_text

        return board_text(self)

    def _repr_svg_(self) -> str:
        """The notebook picture: the first mover at the bottom (Black in American
        checkers, as the widget draws it); see :meth:`picture`."""
        return self.picture().svg

    def _repr_html_(self) -> str:
        """The same picture as an HTML image, which shrinks to a narrow cell (see
        :func:`svg.svg_as_img`); front ends that prefer SVG use :meth:`_repr_svg_`."""
        return self.picture()._repr_html_()

    def _drawable(self) -> bool:
        """Whether :func:`~checkers_widget.formats.svg.board_text` draws this board as text:
        8x8, standard numbering, Black on 1-12 (American checkers' board)."""
        return self._variant.american_board

    def picture(
        self,
        *,
        show_numbers: bool = False,
        orientation: Color | None = None,
        size: int | None = 360,
    ) -> Picture:
        """A picture of this position for a notebook, with options the plain display lacks.

        ``show_numbers`` writes each playable square's number (1-32, 1-50 on 10x10) in its
        corner, for reading move notation such as ``11-15``; ``orientation`` is the side at
        the bottom (by default the side that moves first: Black in American checkers, as in
        the widget; White in international draughts); ``size`` is the width in pixels (None:
        as wide as the cell allows, up to a maximum). The last move played is tinted. Every
        variant's board is drawn with its own squares and numbering.
        """
        from ..formats.svg import Picture, board_svg

        return Picture(
            board_svg(
                self,
                size=size,
                orientation=orientation,
                show_numbers=show_numbers,
                last_move=self.peek(),
            )
        )


def _follows(path: tuple[int, ...], squares: Iterable[int]) -> bool:
    """Whether ``squares`` names ``path``'s start, its end and some of its landings in order."""
    wanted = list(squares)
    if len(wanted) < 2 or wanted[0] != path[0] or wanted[-1] != path[-1]:
        return False
    rest = iter(path[1:-1])
    return all(any(s == p for p in rest) for s in wanted[1:-1])


assert VALID.bit_count() == 32
