"""The board as a picture where no kernel runs: nbviewer, exported HTML, a reopened notebook.

A mixin of :class:`~checkers_widget.widget.CheckersWidget`: after the live board it
displays a static SVG of the position, updated through its display id after every
change, so a notebook saved with a game shows its last position to any reader. While
the live board is on screen, the widget's CSS hides the picture that follows it.
"""

from __future__ import annotations

import html
from typing import TYPE_CHECKING, Any

from .game import Game
from .svg import board_svg

__all__ = ["StaticFallback"]


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

    def _fallback_bundle(self) -> dict[str, str]:
        board = self._game.board
        svg = board_svg(
            board,
            size=None,
            orientation=self.orientation,
            show_numbers=self.show_numbers,
            last_move=board.peek(),
            title=f"Checkers position: {board.to_fen()}",
        )
        status = html.escape(self.state.get("status", {}).get("text", ""))
        return {
            "text/html": f'<div class="cw-fallback">{svg}<p>{status}</p></div>',
            "text/plain": f"{board}\n{self.state.get('status', {}).get('text', '')}",
        }

    def _update_fallback(self) -> None:
        if not getattr(self, "_fallback_shown", False):
            return
        from IPython.display import update_display

        update_display(self._fallback_bundle(), raw=True, display_id=self._fallback_id)
