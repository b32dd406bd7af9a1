"""``checkers_widget.widget``: the board in a notebook (the only layer that imports Jupyter).

``CheckersWidget`` lives in :mod:`.board_widget`; the picture shown where no kernel runs
in :mod:`.fallback`. This package re-exports what notebooks import from here.
"""

from ..core.errors import HookError, MoveVetoed
from ..play.commands import CONTROLS
from ..play.hook_runner import DEFAULT_VETO
from ..play.hooks import GameView
from ..play.session import THINKING_REFUSAL
from ..play.wording import MAX_REASON_CHARS
from .board_widget import DEFAULT_MAX_SIZE, FRONTEND_TRAITS, CheckersWidget

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
