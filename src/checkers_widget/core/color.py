"""The two sides: ``Color``, ``BLACK`` (moves first), ``WHITE`` and ``opponent``."""

from __future__ import annotations

from typing import Literal

__all__ = ["BLACK", "COLORS", "WHITE", "Color", "opponent"]

Color = Literal["black", "white"]

#: The side that starts on squares 1-12 and moves first.
BLACK: Color = "black"
#: The side that starts on squares 21-32.
WHITE: Color = "white"
COLORS: tuple[Color, Color] = (BLACK, WHITE)


def opponent(color: Color) -> Color:
    """The other side."""
    return WHITE if color == BLACK else BLACK
