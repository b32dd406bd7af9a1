"""The board as a picture where no kernel runs: nbviewer, exported HTML, a reopened notebook.

Composed into :class:`~checkers_widget.widget.board_widget.CheckersWidget`: after the live
board it displays a static SVG of the position, updated through its display id after every
change, so a notebook saved with a game shows its last position to any reader. One
board shows either way, by the CSS in :data:`FALLBACK_STYLE`:

- while the live board is on screen, the picture that follows it is hidden;
- where the live board cannot be drawn (JupyterLab's "Error displaying widget: model
  not found" in a notebook reopened before its cells are run again, or the empty
  widget output of an exported page), that output is hidden and the picture stays.

The rules travel in the picture's own HTML (the widget's stylesheet is not loaded when
no board is drawn). JupyterLab keeps a ``<style>`` and an ``<svg>`` only in a trusted
notebook (one the reader ran and saved); in an untrusted one it strips both, and what
remains is text: the widget's one-line ``repr``, the picture's description of the
position (its SVG title and description), the status line and the note.
"""

from __future__ import annotations

import html
import uuid
from dataclasses import dataclass
from typing import Any

from ..core.board import Board
from ..core.color import Color
from ..formats.svg import board_svg, svg_as_img

__all__ = ["FALLBACK_STYLE", "Picture", "StaticFallback"]

#: The rules that show one board either way (see the module docstring). JupyterLab and
#: nbconvert's lab template put each output in a ``.jp-OutputArea-child``; the live board
#: draws a ``.cw-root``, the picture is a ``.cw-fallback``.
FALLBACK_STYLE = (
    "<style>"
    ".jp-OutputArea-child:has(+ .jp-OutputArea-child .cw-fallback):not(:has(.cw-root)),"
    ".jp-OutputArea-child:has(.cw-root) + .jp-OutputArea-child:has(.cw-fallback)"
    "{display:none}"
    ".cw-fallback img{max-width:100%;height:auto}"
    ".cw-fallback-note{margin:0;font-size:0.9em;opacity:0.7}"
    "</style>"
)

#: The picture's width in pixels (it shrinks to a narrower cell).
FALLBACK_SIZE = 400

#: Under the picture, for a reader who expected a board to play on.
FALLBACK_NOTE = "Run the notebook to play on this board."


@dataclass(frozen=True)
class Picture:
    """What the picture shows: the position, seen from ``orientation``, and the status line."""

    board: Board
    orientation: Color
    show_numbers: bool
    status: str


class StaticFallback:
    """The kernel-less picture of one board (see the module docstring): shown once after
    the live board, then updated through its display id."""

    def __init__(self) -> None:
        self.display_id = f"checkers-{uuid.uuid4().hex}"
        self.shown = False

    def display(self, live: Any, picture: Picture) -> None:
        """Show the live board's bundle ``live``, followed by the picture.

        Where no kernel runs (nbviewer, exported HTML, a notebook reopened later) the
        live board cannot draw, but the picture can: it is updated after every change
        through its display id. While the live board is on screen, the widget's CSS hides
        the picture that follows it, so a reader sees one board either way.
        """
        from IPython.display import display

        # anywidget returns (data, metadata); display(raw=True) wants them apart.
        data, metadata = live if isinstance(live, tuple) else (live, {})
        display(data, metadata=metadata, raw=True)
        display(picture_bundle(picture), raw=True, display_id=self.display_id)
        self.shown = True

    def update(self, picture: Picture) -> None:
        """Bring the picture up to date (nothing to do until it has been shown)."""
        if not self.shown:
            return
        from IPython.display import update_display

        update_display(picture_bundle(picture), raw=True, display_id=self.display_id)


def picture_bundle(picture: Picture) -> dict[str, str]:
    """The picture's HTML (an image, the status line, a note) and its plain text."""
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
    )
    status = html.escape(picture.status)
    note = f'<p class="cw-fallback-note">{FALLBACK_NOTE}</p>'
    body = f"{svg_as_img(svg)}<p>{status}</p>{note}"
    return {
        "text/html": f'{FALLBACK_STYLE}<div class="cw-fallback">{body}</div>',
        "text/plain": f"{board}\n{picture.status}",
    }
