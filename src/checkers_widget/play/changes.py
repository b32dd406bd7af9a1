"""What a part of a board's session answers: the outcome of an intent and what changes.

The parts of :mod:`checkers_widget.play` (the intent handling, the commands, the review,
the clock) never write into the session that composes them: each reads what it needs
and returns a :class:`Reply` (what became of the intent, and the :class:`Change` to make
to the board's own state: the jump in progress, the status line, the notice). The
session applies it and publishes once, so a click is one trip through the session and
one state sent.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from .intent_outcome import IntentOutcome
from .state import Status

__all__ = ["KEEP", "Change", "Keep", "Reply"]


class Keep(Enum):
    """A field of a :class:`Change` that leaves the board's value as it is."""

    KEEP = "keep"


#: Leave this field of the board's state as it is.
KEEP = Keep.KEEP


@dataclass(frozen=True)
class Change:
    """What an answer changes of a board's own state (:data:`KEEP`: nothing)."""

    #: The jump in progress (None: none).
    pending: tuple[int, ...] | Keep | None = KEEP
    #: The situation's status line (None: whose turn it is).
    status: Status | Keep | None = KEEP
    #: The answer shown until the next action (a refusal's is set from the outcome).
    notice: Status | Keep | None = KEEP
    #: Whether the position's version goes up (intents sent for the old one are stale).
    bump: bool = False


@dataclass(frozen=True)
class Reply:
    """One intent's outcome, and the change it makes to the board's state."""

    outcome: IntentOutcome
    change: Change = field(default_factory=Change)

    @classmethod
    def refused(cls, text: str, path: tuple[int, ...] | None = None) -> Reply:
        """Turned down with ``text`` (shown on the status line until the next action)."""
        return cls(IntentOutcome.refused(text, path))

    @classmethod
    def done(cls, changed: bool = True) -> Reply:
        """A command or an edit carried out."""
        return cls(IntentOutcome.done(changed))
