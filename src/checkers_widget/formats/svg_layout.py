"""Where a picture draws each square of a board, for any variant's board.

The numbering is the rules core's (:attr:`Variant.geometry
<checkers_widget.core.variants.Variant.geometry>`, :mod:`checkers_widget.core.geometry`):
square 1's row at the top, the standard numbering (American checkers, pool, Russian,
Brazilian, international draughts on 10x10) or the turned one (Italian, Spanish). A
picture shows one side at the bottom (``orientation``); when that is not the side that
starts on the high numbers (``variant.bottom``), the board is turned by 180 degrees, so
square 1 is in the bottom row.

The default orientation is the variant's first mover: Black in American checkers (as the
widget draws it), White in international draughts and the other variants where White
moves first, as their printed diagrams show them.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from ..core.color import BLACK, WHITE, Color
from ..core.errors import CheckersError, brief
from ..core.geometry import Geometry
from ..core.variants import AMERICAN, Variant

__all__ = ["CELL", "MARGIN", "ORIENTATIONS", "Layout", "check_orientation", "layout"]

#: Side length of one board square in SVG user units (the same on every board).
CELL = 50
#: Width of the wooden frame around the board, in SVG user units.
MARGIN = 10
#: The values of ``orientation``: the side drawn at the bottom.
ORIENTATIONS: tuple[Color, Color] = (BLACK, WHITE)


@dataclass(frozen=True)
class Layout:
    """A board's squares on the picture: ``geometry`` as the core numbers it, ``flipped``
    (turned by 180 degrees: square 1's row at the bottom) or not."""

    geometry: Geometry
    flipped: bool

    @property
    def size(self) -> int:
        """Squares along a side: 8 or 10."""
        return self.geometry.size

    @property
    def squares(self) -> int:
        """How many playable squares there are: 32 or 50."""
        return self.geometry.squares

    @property
    def view(self) -> int:
        """Width and height of the picture's viewBox (the board and its frame)."""
        return self.size * CELL + 2 * MARGIN

    def check(self, square: object, what: str = "square") -> int:
        """``square`` if it is a playable square of this board, else a CheckersError."""
        if (
            isinstance(square, bool)
            or not isinstance(square, int)
            or not 1 <= square <= self.squares
        ):
            raise CheckersError(f"{what} must be an int in 1..{self.squares}, got {brief(square)}")
        return square

    def rowcol(self, square: int) -> tuple[int, int]:
        """On-screen ``(row, column)`` of a checked square, both from the top left."""
        row, column = self.geometry.row_column(square)
        if self.flipped:
            last = self.size - 1
            return last - row, last - column
        return row, column


def check_orientation(orientation: object) -> Color:
    """``orientation`` (a side, or an enum whose ``value`` is one) as ``"black"``/``"white"``."""
    value = getattr(orientation, "value", orientation)
    if value not in ORIENTATIONS:
        raise CheckersError(
            "orientation must be 'black' or 'white' (the side at the bottom), "
            f"got {brief(orientation)}"
        )
    return BLACK if value == BLACK else WHITE


@cache
def _layout(rules: Variant, orientation: Color) -> Layout:
    return Layout(rules.geometry, orientation != rules.bottom)


def layout(rules: Variant = AMERICAN, orientation: object = None) -> Layout:
    """The layout of ``rules``' board with ``orientation`` at the bottom (None: the side
    that moves first). Raises CheckersError for an orientation that is not a side."""
    side = rules.first if orientation is None else check_orientation(orientation)
    return _layout(rules, side)
