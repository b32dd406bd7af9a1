"""A drawing in the static pictures: board_svg options, and the widget's fallback picture."""

from __future__ import annotations

import base64
import re

from checkers_widget import Board, Drawing, board_svg
from checkers_widget.formats.drawing_svg import DRAWING_COLOURS, drawing_options
from checkers_widget.widget import CheckersWidget


def test_drawing_options_give_board_svg_the_arrows_and_painted_squares() -> None:
    drawing = Drawing(arrows=[(22, 18, "red"), (11, 15)], marks=[(14, "blue")])
    options = drawing_options(drawing)
    assert options == {
        "arrows": [(22, 18, DRAWING_COLOURS["red"]), (11, 15, DRAWING_COLOURS["green"])],
        "fill": {14: DRAWING_COLOURS["blue"] + "b0"},
    }
    svg = board_svg(Board(), **drawing_options(drawing))
    assert DRAWING_COLOURS["red"] in svg and DRAWING_COLOURS["blue"] in svg
    assert drawing_options(Drawing()) == {"arrows": [], "fill": {}}


def test_the_widgets_fallback_picture_shows_the_drawing() -> None:
    widget = CheckersWidget(milestones=False)
    try:

        def picture() -> str:
            data, _ = widget._repr_mimebundle_()
            found = re.search(r"base64,([^\"]+)", data["text/html"])
            assert found is not None
            return base64.b64decode(found.group(1)).decode()

        assert DRAWING_COLOURS["red"] not in picture()
        widget.arrows = [(22, 18, "red")]
        assert DRAWING_COLOURS["red"] in picture()
    finally:
        widget.close()
