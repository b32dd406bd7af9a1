"""The board as a picture where no kernel runs: nbviewer, exported HTML, a reopened notebook.

A mixin of :class:`~checkers_widget.widget.board_widget.CheckersWidget`: after the live board it
displays a static SVG of the position, updated through its display id after every
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
from typing import TYPE_CHECKING, Any

from ..core.game import Game
from ..formats.svg import board_svg, svg_as_img

__all__ = ["FALLBACK_STYLE", "StaticFallback"]

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


class StaticFallback:
    """The kernel-less picture (see the module docstring)."""

    # Provided by CheckersWidget (and anywidget).
    _game: Game
    _fallback_id: str
    _fallback_shown: bool
    orientation: str
    show_numbers: bool
    state: dict[str, Any]

    if TYPE_CHECKING:  # provided by the widget

        def _repr_mimebundle_(self, **kwargs: Any) -> Any: ...

    def _ipython_display_(self) -> None:
        """Show the live board, followed by a static picture kept at the latest position.

        Where no kernel runs (nbviewer, exported HTML, a notebook reopened later) the
        live board cannot draw, but the picture can: it is updated after every change
        through its display id. While the live board is on screen, the widget's CSS hides
        the picture that follows it, so a reader sees one board either way.
        """
        from IPython.display import display

        bundle = self._repr_mimebundle_()
        # anywidget returns (data, metadata); display(raw=True) wants them apart.
        data, metadata = bundle if isinstance(bundle, tuple) else (bundle, {})
        display(data, metadata=metadata, raw=True)
        display(self._fallback_bundle(), raw=True, display_id=self._fallback_id)
        self._fallback_shown = True

    def __repr__(self) -> str:
        """One line for where only text shows (an untrusted notebook in JupyterLab shows
        the widget's text/plain): the position and the status line."""
        status = self.state.get("status", {}).get("text", "")
        return f"<CheckersWidget {self._game.board.to_fen()}: {status}>"

    def _fallback_bundle(self) -> dict[str, str]:
        board = self._game.board
        # An <img> of the SVG (not inline <svg>): it shrinks to a narrow cell and, unlike
        # inline SVG, survives JupyterLab's sanitizer in an untrusted notebook.
        picture = board_svg(
            board,
            size=FALLBACK_SIZE,
            orientation=self.orientation,
            show_numbers=self.show_numbers,
            last_move=board.peek(),
            title=f"Checkers position: {board.to_fen()}",
        )
        status = html.escape(self.state.get("status", {}).get("text", ""))
        note = f'<p class="cw-fallback-note">{FALLBACK_NOTE}</p>'
        body = f"{svg_as_img(picture)}<p>{status}</p>{note}"
        return {
            "text/html": f'{FALLBACK_STYLE}<div class="cw-fallback">{body}</div>',
            "text/plain": f"{board}\n{self.state.get('status', {}).get('text', '')}",
        }

    def _update_fallback(self) -> None:
        if not getattr(self, "_fallback_shown", False):
            return
        from IPython.display import update_display

        update_display(self._fallback_bundle(), raw=True, display_id=self._fallback_id)
