"""The board as a picture where no live board can be drawn: nbviewer, GitHub, exported HTML.

Used by :meth:`CheckersWidget._repr_mimebundle_
<checkers_widget.widget.board_widget.CheckersWidget._repr_mimebundle_>`: each display of
a board is ONE output, whose MIME bundle holds both the live board
(``application/vnd.jupyter.widget-view+json``) and a static picture of its position
(``text/html``: an image, the status line and a note). A front end draws one of the two,
by its own order of preference: one with the widget manager (JupyterLab, Notebook 7) the
live board, one without (nbviewer, an exported HTML page) the picture. No CSS decides, so
no front end shows two boards, and a cell that shows 50 boards makes 50 outputs, not 100
(JupyterLab draws at most 50 outputs of a cell).

JupyterLab also draws the picture in an untrusted notebook: the widget view is not a
"safe" output there, the HTML is, once sanitized (the ``<style>`` goes, the ``<img>``
stays). nbconvert draws it where the notebook holds no widget state, as JupyterLab saves
notebooks by default; nbclient saves the state unless told ``store_widget_state=False``,
and nbconvert then writes the widget view, for the widget manager its page loads from a
CDN.

The picture is the position when the board was displayed, and stays so. Updating it
(``update_display``) makes a front end that draws the live board build it afresh: in
JupyterLab a new view per update, keyboard focus lost and the old view left running in
the background (measured: one display, three moves, four views). Updating only while no
front end reports a view (``_view_count``) does not avoid it: JupyterLab's report reaches
the kernel only after the cells queued by Run All have run (measured: Run All of
``examples/01_play_the_computer.ipynb`` left one board with nine views). Showing the board
again (``w`` at the end of a later cell) makes a new output with the position of then.
"""

from __future__ import annotations

import html
from dataclasses import dataclass, field
from typing import Any

from ..core.board import Board
from ..core.color import Color
from ..core.drawings import Drawing
from ..formats.drawing_svg import drawing_options
from ..formats.svg import board_svg, svg_as_img

__all__ = ["FALLBACK_NOTE", "FALLBACK_STYLE", "FallbackPicture", "picture_bundle", "with_picture"]

#: The picture's own look (kept by nbconvert; JupyterLab strips it from an untrusted
#: notebook, where its own rules already keep an image within the cell).
FALLBACK_STYLE = (
    "<style>"
    ".cw-fallback img{max-width:100%;height:auto}"
    ".cw-fallback-note{margin:0;font-size:0.9em;opacity:0.7}"
    "</style>"
)

#: The picture's width in pixels (it shrinks to a narrower cell).
FALLBACK_SIZE = 400

#: Under the picture, for a reader who expected a board to play on.
FALLBACK_NOTE = "Run the notebook to play on this board."


@dataclass(frozen=True)
class FallbackPicture:
    """What the picture shows: the position, seen from ``orientation``, and the status line."""

    board: Board
    orientation: Color
    show_numbers: bool
    status: str
    #: The arrows and marked squares drawn on the position (none by default).
    drawing: Drawing = field(default_factory=Drawing)


def with_picture(live: Any, picture: FallbackPicture) -> tuple[dict[str, Any], dict[str, Any]]:
    """The live board's bundle ``live`` (anywidget's ``(data, metadata)``) with the
    picture beside it; its ``text/plain`` stays the widget's own one-line ``repr``."""
    data, metadata = live if isinstance(live, tuple) else (live or {}, {})
    return {**picture_bundle(picture), **data}, dict(metadata)


def picture_bundle(picture: FallbackPicture) -> dict[str, str]:
    """The picture's HTML: an image of the position, the status line and a note."""
    board = picture.board
    # An <img> of the SVG (not inline <svg>): it shrinks to a narrow cell and, unlike
    # inline SVG, survives JupyterLab's sanitizer in an untrusted notebook.
    svg = board_svg(
        board,
        size=FALLBACK_SIZE,
        orientation=picture.orientation,
        show_numbers=picture.show_numbers,
        last_move=board.peek(),
        title=f"Checkers position: {board.to_fen()}",
        **drawing_options(picture.drawing),
    )
    status = html.escape(picture.status)
    note = f'<p class="cw-fallback-note">{FALLBACK_NOTE}</p>'
    body = f"{svg_as_img(svg)}<p>{status}</p>{note}"
    return {"text/html": f'{FALLBACK_STYLE}<div class="cw-fallback">{body}</div>'}
