"""``checkers_widget.widget``: the board in a notebook (the only layer that imports Jupyter).

``CheckersWidget`` lives in :mod:`.board_widget`; the picture shown where no kernel runs
in :mod:`.fallback`. This package re-exports what notebooks import from here.
"""

from ..core.errors import HookError, MoveVetoed
from ..play.hooks import GameView
from .board_widget import (
    CONTROLS,
    DEFAULT_MAX_SIZE,
    DEFAULT_VETO,
    FRONTEND_TRAITS,
    MAX_REASON_CHARS,
    THINKING_REFUSAL,
    CheckersWidget,
)

__all__ = [
    "CONTROLS",
    "DEFAULT_MAX_SIZE",
    "DEFAULT_VETO",
    "FRONTEND_TRAITS",
    "MAX_REASON_CHARS",
    "THINKING_REFUSAL",
    "CheckersWidget",
    "GameView",
    "HookError",
    "MoveVetoed",
]
