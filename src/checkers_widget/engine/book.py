"""The opening book: the moves strong players chose from the first positions of a game,
so that the computer opens as masters do instead of searching from scratch.

The bundled book (:meth:`OpeningBook.bundled`, package data ``opening_book.txt.gz``) is
built by ``scripts/build_opening_book.py`` from the OCA 2.0 archive of published master
games and Marion Tinsley's games: for every position the games reached in their first
plies, the moves played there, how many games played each and how those games ended for
the side that played it (its *score*: wins plus half the draws, over the games with a
known result). Only moves with enough games and a good record are kept, and the
positions after the ACF deck's three-move openings are kept with thinner records, so
that a ballot game finds its continuation too. See the script for the thresholds.

A move's **weight** is ``games * score``: a move played often and with success weighs
most. :meth:`OpeningBook.moves` lists a position's book moves, heaviest first;
:meth:`OpeningBook.choose` picks one with a seeded random generator and a ``variety``
(0: always the heaviest; 1: in proportion to the weights; in between: favouring the
heavy ones more strongly). The engine's levels use that (:mod:`.engine`): Expert plays
the heaviest move, the levels below vary.

The book knows American checkers only; a board of any other variant has no book moves.
Positions are keyed on the pieces and the side to move (:meth:`Board.key
<checkers_widget.core.board.Board.key>`), so transpositions meet, and a game set up from
a FEN (a ballot) finds its book moves as well as one played from the start. Every move
listed is checked against the rules of the position asked about: a book row that is not
a legal move there is never offered.

The file is gzip-compressed text, one position a line: the squares of Black's pieces,
White's pieces and the kings as 32-bit masks in hexadecimal (bit ``n - 1`` for square
``n``), the side to move (``b`` or ``w``), then each move as
``squares:games:score`` (the squares visited joined by ``-``; the score in thousandths).
Reading it checks every field and refuses anything else with a :class:`CheckersError`.
Only the standard library is used: the book loads in Pyodide like the rest of the
engine, once, on first use (0.1 to 0.2 s).
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Iterator
from functools import cache
from typing import NamedTuple

from ..core.board import Board
from ..core.color import BLACK, WHITE, Color
from ..core.errors import CheckersError, brief
from ..core.game import Game
from ..core.move import Move, Piece
from ..core.squares import BIT, SQUARE_OF_BIT
from ..core.variants import AMERICAN
from ..formats.packed_text import internal_mask, pack_lines, square_mask, unpack_text

__all__ = ["BOOK_FILE", "BookMove", "OpeningBook"]

#: The package data file that holds the bundled book.
BOOK_FILE = "opening_book.txt.gz"

#: The first line of the book's text form, with its format version.
_MAGIC = "checkers-widget opening book 1"

# A position as Board.key() gives it for American checkers: the internal masks of
# Black's pieces, White's pieces and the kings, and the side to move.
_Key = tuple[int, int, int, Color]
# One book move as stored: the squares it visits, its games, its score in thousandths.
_Row = tuple[tuple[int, ...], int, int]


class BookMove(NamedTuple):
    """A book move of a position: the ``move``, its ``weight`` (``games * score``), the
    number of ``games`` that played it and their ``score`` for the side that played it
    (0 to 1: wins plus half the draws, over the games with a known result)."""

    move: Move
    weight: float
    games: int
    score: float


class OpeningBook:
    """Book moves by position (see the module documentation).

    Read the bundled book with :meth:`bundled`, any other with :meth:`from_bytes`, or make
    one from rows with :meth:`from_rows` (what the build script does). A book does not
    change once made, so the bundled one is shared.
    """

    def __init__(self, entries: dict[_Key, tuple[_Row, ...]], *, source: str = "") -> None:
        self._entries = entries
        self._source = " ".join(source.split())

    # ------------------------------------------------------------------ making
    @classmethod
    def bundled(cls) -> OpeningBook:
        """The book that ships with the package, read on first use and then shared."""
        return _bundled()

    @classmethod
    def from_rows(
        cls, rows: Iterable[tuple[Board, tuple[int, ...], int, float]], *, source: str = ""
    ) -> OpeningBook:
        """A book from ``(board, path, games, score)`` rows: the position, the squares of a
        move legal there, its games (at least 1) and its score (0 to 1). A row that is not
        that raises CheckersError; rows of one position keep their order."""
        entries: dict[_Key, list[_Row]] = {}
        for board, path, games, score in rows:
            if not isinstance(board, Board) or board.variant is not AMERICAN:
                raise CheckersError(f"a book position must be an American Board: {brief(board)}")
            if not any(m.path == path for m in board.legal_moves()):
                raise CheckersError(f"{brief(path)} is not a legal move in {board.to_fen()}")
            if isinstance(games, bool) or not isinstance(games, int) or games < 1:
                raise CheckersError(f"games must be a whole number of at least 1: {brief(games)}")
            if isinstance(score, bool) or not isinstance(score, int | float) or not 0 <= score <= 1:
                raise CheckersError(f"a score must be between 0 and 1: {brief(score)}")
            row: _Row = (tuple(path), games, round(score * 1000))
            played = entries.setdefault(_key_of(board), [])
            if any(r[0] == row[0] for r in played):
                raise CheckersError(f"move {brief(path)} given twice for {board.to_fen()}")
            played.append(row)
        return cls({k: tuple(v) for k, v in entries.items()}, source=source)

    # ------------------------------------------------------------------ asking
    @property
    def source(self) -> str:
        """What the book was built from (its file's ``source`` line)."""
        return self._source

    @property
    def positions(self) -> int:
        """How many positions have book moves."""
        return len(self._entries)

    @property
    def move_count(self) -> int:
        """How many (position, move) pairs the book holds."""
        return sum(len(rows) for rows in self._entries.values())

    def __len__(self) -> int:
        return len(self._entries)

    def __repr__(self) -> str:
        return f"<OpeningBook: {self.positions} positions, {self.move_count} moves>"

    def moves(self, where: Board | Game) -> list[BookMove]:
        """The book moves of the position of ``where`` (a Board, or a Game's current
        position), heaviest first (then by their squares); empty out of book and for any
        other variant than American checkers. Only moves legal there are listed."""
        board = _board_of(where)
        if board.variant is not AMERICAN:
            return []
        rows = self._entries.get(_key_of(board))
        if not rows:
            return []
        stored = {row[0]: row for row in rows}
        found: list[BookMove] = []
        for move in board.legal_moves():
            row = stored.get(move.path)
            if row is not None:
                score = row[2] / 1000
                found.append(BookMove(move, row[1] * score, row[1], score))
        found.sort(key=lambda m: (-m.weight, m.move.path))
        return found

    def choose(
        self, where: Board | Game, rng: random.Random, variety: float = 1.0
    ) -> BookMove | None:
        """A book move for the position of ``where``, or None out of book.

        ``variety`` 0 takes the heaviest move (no random number is drawn); above 0 a move
        is drawn from ``rng`` with probability in proportion to ``weight ** (1 / variety)``:
        1 in proportion to the weights, 0.5 to their squares (the heavy moves more often),
        2 to their square roots (the light ones more often). The same generator state
        draws the same move.
        """
        if not isinstance(rng, random.Random):
            raise CheckersError(f"rng must be a random.Random, not {brief(rng)}")
        if (
            isinstance(variety, bool)
            or not isinstance(variety, int | float)
            or not 0 <= variety <= 100
        ):
            raise CheckersError(f"variety must be a number from 0 to 100, not {brief(variety)}")
        found = self.moves(where)
        if not found:
            return None
        if variety == 0 or len(found) == 1:
            return found[0]
        heaviest = found[0].weight or 1.0
        # Relative weights keep the powers in range however large the counts are.
        weights = [(m.weight / heaviest) ** (1 / variety) for m in found]
        if not sum(weights) > 0:
            return found[0]
        return rng.choices(found, weights=weights)[0]

    def entries(self) -> Iterator[tuple[Board, list[tuple[int, ...]]]]:
        """Every position of the book (a Board) with the squares of its stored moves, as
        read from the file (unchecked: :meth:`moves` lists the legal ones)."""
        for (black, white, kings, turn), rows in self._entries.items():
            pieces = {
                square: Piece(color, bool(kings & BIT[square]))
                for mask, color in ((black, BLACK), (white, WHITE))
                for square in _squares(mask)
            }
            board = Board.from_pieces(pieces, turn)
            yield board, [row[0] for row in rows]

    # ------------------------------------------------------------------ text form
    def to_bytes(self) -> bytes:
        """The book as gzip-compressed text (see the module documentation), the same bytes
        for the same book (no time stamp in the gzip header)."""
        lines = [_MAGIC, f"source {self._source or '-'}"]
        for (black, white, kings, turn), rows in self._entries.items():
            masks = (square_mask(black), square_mask(white), square_mask(kings))
            moves = " ".join(f"{'-'.join(map(str, p))}:{g}:{s}" for p, g, s in rows)
            lines.append(f"{masks[0]:x} {masks[1]:x} {masks[2]:x} {turn[0]} {moves}")
        return pack_lines(lines)

    @classmethod
    def from_bytes(cls, data: bytes) -> OpeningBook:
        """A book read back from :meth:`to_bytes`; CheckersError if it is not one."""
        text = unpack_text(data, "an opening book")
        return _read(text)


# ---------------------------------------------------------------------- helpers
def _board_of(where: Board | Game) -> Board:
    if isinstance(where, Board):
        return where
    if isinstance(where, Game):
        return where.board
    raise CheckersError(f"a position must be a Board or a Game, not {brief(where)}")


def _key_of(board: Board) -> _Key:
    black, white, kings = board.bitboards
    return black, white, kings, board.turn


def _squares(internal: int) -> list[int]:
    out = []
    while internal:
        low = internal & -internal
        out.append(SQUARE_OF_BIT[low])
        internal ^= low
    return out


_POSITION = re.compile(r"([0-9a-f]{1,8}) ([0-9a-f]{1,8}) ([0-9a-f]{1,8}) ([bw])((?: \S+)+)")
_MOVE = re.compile(r"(\d{1,2}(?:-\d{1,2}){1,12}):(\d{1,9}):(\d{1,4})")


def _read(text: str) -> OpeningBook:
    """Read the text form, checking every line (CheckersError naming the line)."""

    def refuse(number: int, why: str) -> CheckersError:
        return CheckersError(f"opening book, line {number}: {why}")

    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    if not lines or lines[0] != _MAGIC:
        raise refuse(1, f"expected {_MAGIC!r}, found {brief(lines[0] if lines else '')}")
    if len(lines) < 2 or not lines[1].startswith("source "):
        raise refuse(2, "expected 'source ...'")
    source = lines[1][len("source ") :]
    entries: dict[_Key, tuple[_Row, ...]] = {}
    paths: dict[str, tuple[int, ...]] = {}
    for number, line in enumerate(lines[2:], 3):
        position = _POSITION.fullmatch(line)
        if position is None:
            raise refuse(
                number,
                f"expected three square masks, the side to move and the moves, found {brief(line)}",
            )
        black, white, kings = (internal_mask(int(w, 16)) for w in position.groups()[:3])
        if black & white or kings & ~(black | white):
            raise refuse(number, "pieces overlap, or a king stands on an empty square")
        key: _Key = (black, white, kings, BLACK if position[4] == "b" else WHITE)
        if key in entries:
            raise refuse(number, "this position was listed already")
        rows: list[_Row] = []
        for word in position[5].split():
            move = _MOVE.fullmatch(word)
            if move is None:
                raise refuse(number, f"expected squares:games:score, found {brief(word)}")
            path = paths.get(move[1])
            if path is None:
                path = paths[move[1]] = tuple(int(s) for s in move[1].split("-"))
            games, score = int(move[2]), int(move[3])
            if not all(1 <= s <= 32 for s in path) or not games or score > 1000:
                raise refuse(
                    number, f"squares must be 1-32, games at least 1, the score 0-1000: {word}"
                )
            if any(r[0] == path for r in rows):
                raise refuse(number, f"move {move[1]} listed twice")
            rows.append((path, games, score))
        entries[key] = tuple(rows)
    return OpeningBook(entries, source=source if source != "-" else "")


@cache
def _bundled() -> OpeningBook:
    # Imported here: the engine needs the package's data only once a book is asked for.
    from ..data import read_bytes

    return OpeningBook.from_bytes(read_bytes(BOOK_FILE))
