"""PDN FEN: reading and writing positions as text, e.g. ``B:W18,24,K10:B12,K22``.

The format is ``turn:Wsquares:Bsquares``; a ``K`` before a square marks a king and
``a-b`` is a range of squares. Reading is lenient about what real files contain
(surrounding quotes, spaces, a trailing period, either colour field first, ranges,
lower case); writing is canonical: turn, then White, then Black, men before kings,
each group in ascending order.

Square numbers are ASCII digits only (``str.isdigit`` and ``int`` accept other scripts'
digits, which no checkers file uses), and a number is judged by its length before it
is converted, so a FEN of any length is read or refused in linear time. The position
read must be a valid one (:func:`checkers_widget.core.position.check_position`: squares 1-32,
at most 12 pieces a side, no man on its crowning row), so that every FEN accepted is
the FEN of a board that writes it back.
"""

from __future__ import annotations

import re

from .color import BLACK, WHITE, Color
from .errors import FenError, PositionError, brief
from .move import Piece
from .position import check_position
from .variants import AMERICAN, Variant

__all__ = ["parse_fen", "write_fen"]

# ASCII digits only ([0-9], not \d, which matches every script's digits).
_RANGE = re.compile(r"(K?)([0-9]+)(?:-(K?)([0-9]+))?")


def _parse_square(text: str, field: str, token: str, squares: int = 32) -> int:
    """A square number 1-``squares`` from ASCII digits, judged by length before ``int``."""
    n = int(text) if len(text) <= 3 else 0  # more digits: not a square, whatever they say
    if not 1 <= n <= squares:
        shown = text if len(text) <= 6 else f"{text[:3]}... ({len(text)} digits)"
        raise FenError(
            f"FEN field {field}: square {shown} in {brief(token)} is not on the board (1-{squares})"
        )
    return n


def parse_fen(text: str, variant: Variant = AMERICAN) -> tuple[Color, dict[int, Piece]]:
    """Read a FEN into the side to move and the pieces by square.

    The squares and the rule for a valid position are ``variant``'s (American checkers
    by default: squares 1-32; international draughts: 1-50).

    Raises :class:`FenError` naming the field and token that could not be read, a
    square given twice, or what makes the position invalid (a man standing on the row
    where it would have been crowned, a thirteenth piece: see
    :func:`~checkers_widget.core.position.check_position`).
    """
    if not isinstance(text, str):
        raise FenError(f"a FEN must be a string, not {type(text).__name__}")
    raw = text.strip().strip('"').strip().rstrip(".")
    if not raw:
        raise FenError("empty FEN: expected something like 'B:W21-32:B1-12'")
    fields = [f.strip() for f in raw.split(":")]
    turn_field = fields[0].upper()
    if turn_field not in ("B", "W"):
        raise FenError(
            f"FEN field 1 (side to move): expected 'B' or 'W', found {brief(fields[0])} "
            f"in {brief(text, 60)}"
        )
    turn: Color = BLACK if turn_field == "B" else WHITE
    squares = variant.squares
    pieces: dict[int, Piece] = {}
    seen_colours: set[str] = set()
    for index, field in enumerate(fields[1:], start=2):
        if not field:
            raise FenError(f"FEN field {index}: empty field in {brief(text, 60)}")
        colour_letter = field[0].upper()
        if colour_letter not in ("B", "W"):
            raise FenError(
                f"FEN field {index}: expected a colour 'W' or 'B' first, found {brief(field)}"
            )
        if colour_letter in seen_colours:
            raise FenError(f"FEN field {index}: colour {colour_letter!r} given twice")
        seen_colours.add(colour_letter)
        colour: Color = BLACK if colour_letter == "B" else WHITE
        body = field[1:].strip()
        if not body:
            continue
        for token in body.split(","):
            token = token.strip()
            match = _RANGE.fullmatch(token.upper()) if token.isascii() else None
            if not match:
                raise FenError(
                    f"FEN field {index} ({colour_letter}): cannot read {brief(token)}; "
                    f"expected a square 1-{squares}, 'K' and a square, or a range like 21-32"
                )
            king = bool(match.group(1))
            where = f"{index} ({colour_letter})"
            first = _parse_square(match.group(2), where, token, squares)
            last = first
            if match.group(4):
                last = _parse_square(match.group(4), where, token, squares)
                if last < first:
                    raise FenError(
                        f"FEN field {index} ({colour_letter}): range {brief(token)} runs backwards"
                    )
            for square in range(first, last + 1):
                if square in pieces:
                    raise FenError(
                        f"FEN field {index} ({colour_letter}): square {square} is given twice"
                    )
                pieces[square] = Piece(colour, king)
    if len(fields) > 3:
        raise FenError(f"FEN has {len(fields)} fields; expected at most 3 in {brief(text, 60)}")
    try:
        return turn, check_position(pieces, turn, variant)
    except PositionError as exc:
        raise FenError(f"FEN {brief(text, 60)}: {exc}") from None


def write_fen(turn: Color, pieces: dict[int, Piece]) -> str:
    """The canonical FEN of a position: ``B:W18,24,K10:B12,K22`` (men, then kings)."""

    def field(colour: Color, letter: str) -> str:
        men = sorted(s for s, p in pieces.items() if p.color == colour and not p.king)
        kings = sorted(s for s, p in pieces.items() if p.color == colour and p.king)
        return letter + ",".join([*map(str, men), *(f"K{s}" for s in kings)])

    return f"{'B' if turn == BLACK else 'W'}:{field(WHITE, 'W')}:{field(BLACK, 'B')}"
