"""Square numbering and the bitboard layout behind the rules core.

Players and formats speak of the 32 playable squares by number (1-32): Black starts on
1-12 at the top, White on 21-32 at the bottom, square 1 at the top left and 29 at the
bottom left. The move generator wants every diagonal step to be one shift, so each
square ``s`` lives at bit ``(s - 1) + (s - 1) // 8`` of a 35-bit integer. Bits 8, 17
and 26 are "ghost" squares that are never occupied: a step off the left or right edge
lands on one of them (or outside the 35 bits) and is masked away. With that layout a
step towards White's side (higher numbers) is a shift left by 4 or 5, a step towards
Black's side a shift right by 4 or 5, and a jump the same shift twice.
"""

from __future__ import annotations

__all__ = [
    "BIT",
    "BLACK_CROWN_ROW",
    "DIRECTIONS",
    "SQUARE_OF_BIT",
    "VALID",
    "WHITE_CROWN_ROW",
    "bits_of",
    "column_of",
    "row_of",
    "square_at",
    "squares_of",
]

#: The step sizes in bit positions; positive shifts go towards White's side.
DIRECTIONS: tuple[int, ...] = (4, 5, -4, -5)


def _bit_index(square: int) -> int:
    return (square - 1) + (square - 1) // 8


#: ``BIT[s]`` is the one-bit mask of square ``s`` (index 0 unused).
BIT: tuple[int, ...] = (0, *(1 << _bit_index(s) for s in range(1, 33)))

#: Maps a one-bit mask back to its square number.
SQUARE_OF_BIT: dict[int, int] = {BIT[s]: s for s in range(1, 33)}

#: Every playable square; ghost bits and bits beyond square 32 are outside it.
VALID: int = sum(BIT[1:])

#: Where a black man is crowned (the far row from Black: 29-32).
BLACK_CROWN_ROW: int = sum(BIT[s] for s in range(29, 33))

#: Where a white man is crowned (the far row from White: 1-4).
WHITE_CROWN_ROW: int = sum(BIT[s] for s in range(1, 5))


def row_of(square: int) -> int:
    """Row 0-7 from the top (Black's back row) of a square 1-32."""
    return (square - 1) // 4


def column_of(square: int) -> int:
    """Column 0-7 from the left, as seen with Black at the top."""
    row = row_of(square)
    return 2 * ((square - 1) % 4) + (1 if row % 2 == 0 else 0)


def square_at(row: int, column: int) -> int | None:
    """The square number at a row and column (0-7 each), or None for a light square."""
    if not (0 <= row < 8 and 0 <= column < 8) or (row + column) % 2 == 0:
        return None
    return row * 4 + column // 2 + 1


def squares_of(mask: int) -> list[int]:
    """The square numbers of the set bits of a bitboard, in ascending order."""
    out = []
    while mask:
        low = mask & -mask
        out.append(SQUARE_OF_BIT[low])
        mask ^= low
    return out


def bits_of(squares: list[int] | tuple[int, ...] | set[int]) -> int:
    """The bitboard with the given squares set."""
    mask = 0
    for s in squares:
        mask |= BIT[s]
    return mask
