"""The squares of a draughts board of any variant: numbering, diagonals and rows.

The variants other than American checkers (:mod:`variants`) are played on boards of
8x8 or 10x10 squares, numbered in one of two ways, as the PDN standard's GameType
definitions say (https://pdn.fmjd.org/gametype.html):

* **standard** numbering (American and English checkers, pool, Russian, Brazilian,
  international draughts): seen with square 1 at the top, the squares are numbered row
  by row from the top, left to right, and the top row's first playable square is the
  *second* one from the left (so the bottom-left corner is playable);
* **turned** numbering (Italian and Spanish draughts, whose board is turned a quarter
  so that the double corner is on the player's left): the top row's first playable
  square is the top-left corner itself (the bottom-left corner is not playable).

A :class:`Geometry` holds what the general move generator needs of a board, computed
once: the rows and columns of every square, the squares along each of its four
diagonals (its *rays*, nearest first), one bit per square for bitboards (bit ``s`` for
square ``s``, bit 0 unused) and the rows where each side's men are crowned. "Up" is
towards the top row (square 1's row), "down" towards the bottom row; a side that starts
at the top moves down.

American checkers keeps its own faster layout (:mod:`squares`, with ghost bits); this
module is for the general generator (:mod:`variant_movegen`) and for what every variant
shares (square ranges, mirroring, the text diagram).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

__all__ = ["DOWN_LEFT", "DOWN_RIGHT", "UP_LEFT", "UP_RIGHT", "Geometry", "geometry"]

#: The four diagonal directions, as indices into :attr:`Geometry.rays`.
UP_LEFT, UP_RIGHT, DOWN_LEFT, DOWN_RIGHT = 0, 1, 2, 3
_STEPS = ((-1, -1), (-1, 1), (1, -1), (1, 1))


@dataclass(frozen=True)
class Geometry:
    """A ``size`` x ``size`` board numbered the standard way or ``turned`` (see the module).

    ``squares`` is the number of playable squares (32 or 50); :meth:`square_at` and
    :meth:`row_column` convert between numbers and coordinates (row 0 is the top row,
    column 0 the left column); ``rays[s][d]`` lists the squares met going from ``s`` in
    direction ``d`` (:data:`UP_LEFT` ... :data:`DOWN_RIGHT`), nearest first; ``bit[s]`` is
    ``1 << s``; ``top_row`` and ``bottom_row`` are the bit masks of the first and last rows.
    """

    size: int
    turned: bool
    squares: int = field(init=False)
    rays: tuple[tuple[tuple[int, ...], ...], ...] = field(init=False, repr=False)
    bit: tuple[int, ...] = field(init=False, repr=False)
    top_row: int = field(init=False, repr=False)
    bottom_row: int = field(init=False, repr=False)

    def __post_init__(self) -> None:
        half = self.size // 2
        squares = self.size * half
        rays: list[tuple[tuple[int, ...], ...]] = [()]
        for s in range(1, squares + 1):
            row, column = self.row_column(s)
            directions = []
            for dr, dc in _STEPS:
                ray = []
                r, c = row + dr, column + dc
                while 0 <= r < self.size and 0 <= c < self.size:
                    square = self.square_at(r, c)
                    assert square is not None
                    ray.append(square)
                    r, c = r + dr, c + dc
                directions.append(tuple(ray))
            rays.append(tuple(directions))
        object.__setattr__(self, "squares", squares)
        object.__setattr__(self, "rays", tuple(rays))
        object.__setattr__(self, "bit", tuple(1 << s for s in range(squares + 1)))
        object.__setattr__(self, "top_row", sum(1 << s for s in range(1, half + 1)))
        object.__setattr__(
            self, "bottom_row", sum(1 << s for s in range(squares - half + 1, squares + 1))
        )

    def row_column(self, square: int) -> tuple[int, int]:
        """Row (0 at the top) and column (0 at the left) of a square number."""
        half = self.size // 2
        row, index = divmod(square - 1, half)
        # Standard numbering: even rows start on the second column; turned: on the first.
        offset = (row + (0 if self.turned else 1)) % 2
        return row, 2 * index + offset

    def square_at(self, row: int, column: int) -> int | None:
        """The square number at ``row``, ``column``, or None off the board or on a light square."""
        if not (0 <= row < self.size and 0 <= column < self.size):
            return None
        if (row + column + (0 if self.turned else 1)) % 2:
            return None
        return row * (self.size // 2) + column // 2 + 1

    def turned_round(self, square: int) -> int:
        """The square seen from the other side of the board (``squares + 1 - square``)."""
        return self.squares + 1 - square

    def text(self, symbols: dict[int, str]) -> str:
        """A plain-text diagram, top row first: ``.`` light, ``-`` empty, else the symbol."""
        lines = []
        for row in range(self.size):
            cells = []
            for column in range(self.size):
                square = self.square_at(row, column)
                cells.append("." if square is None else symbols.get(square, "-"))
            lines.append(" ".join(cells))
        return "\n".join(lines)


@cache
def geometry(size: int, turned: bool) -> Geometry:
    """The one :class:`Geometry` of each kind of board (computed once, then shared)."""
    return Geometry(size, turned)
