"""A drawing (arrows and marked squares, :mod:`checkers_widget.core.drawings`) in a
static picture: the options of :func:`~checkers_widget.formats.svg.board_svg` that draw it.

The colours are the live board's (js/drawing.css): an arrow in its colour, a marked
square painted over in its colour, half transparent. So a board shown where no live
board can be drawn (an exported notebook, GitHub) shows what was drawn on it too.
"""

from __future__ import annotations

from typing import TypedDict

from ..core.drawings import Colour, Drawing

__all__ = ["DRAWING_COLOURS", "DrawingOptions", "drawing_options"]

#: Each drawing colour as the live board draws it.
DRAWING_COLOURS: dict[Colour, str] = {
    "green": "#15803d",
    "red": "#d0312d",
    "blue": "#1d5fd6",
    "yellow": "#e8a400",
}


class DrawingOptions(TypedDict):
    """The ``arrows`` and ``fill`` arguments of ``board_svg``."""

    arrows: list[tuple[int, int, str]]
    fill: dict[int, str]


def drawing_options(drawing: Drawing) -> DrawingOptions:
    """``board_svg(board, **drawing_options(drawing))`` draws ``drawing`` on the picture."""
    return {
        "arrows": [(a.start, a.end, DRAWING_COLOURS[a.colour]) for a in drawing.arrows],
        "fill": {m.square: DRAWING_COLOURS[m.colour] + "b0" for m in drawing.marks},
    }
