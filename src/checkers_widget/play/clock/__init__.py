"""A board's clock, in one place: the time control and the turn clock
(:mod:`.time_control`), the timekeeper that wakes it in real time (:mod:`.timekeeper`),
the turn timer that knows which turn it times (:mod:`.turn_timer`) and the policy that
says what the clock means for the game (:mod:`.policy`: timed turns, grace, expiry).

``checkers_widget.play.clock`` keeps offering the time control's names
(``from checkers_widget.play.clock import TimeControl``), as it did when it was one module.
"""

from .time_control import (
    EXPIRY_MODES,
    TIME_CONTROLS,
    Expiry,
    ExpiryAction,
    ExpiryMode,
    Phase,
    TimeControl,
    TurnClock,
)

__all__ = [
    "EXPIRY_MODES",
    "TIME_CONTROLS",
    "Expiry",
    "ExpiryAction",
    "ExpiryMode",
    "Phase",
    "TimeControl",
    "TurnClock",
]
