"""What became of one intent: the answer :meth:`PlaySession.handle` gives its caller.

Callers (the widget, a lesson, a test) learn from it what happened without reading the
published state: whether a move was played, a jump goes on, a click was no legal move
(with the path tried), a validator vetoed it, a hook failed, or a command was done.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ..core.move import Move

__all__ = ["IntentOutcome", "IntentOutcomeKind"]

#: ``played``: a move was played (or sent to the network host); ``pending``: a jump goes
#: on; ``illegal``: the clicked path is no legal move (or leaves a jump unfinished);
#: ``refused``: anything else turned down; ``vetoed``: a validator objected; ``failed``:
#: a hook raised; ``done``: a command or an edit was carried out.
IntentOutcomeKind = Literal["played", "pending", "illegal", "refused", "vetoed", "failed", "done"]


@dataclass(frozen=True)
class IntentOutcome:
    """One intent's result: its kind, the words shown for it, the move or path concerned."""

    kind: IntentOutcomeKind
    #: The status line's words for a refusal, a veto or a failure ("" otherwise).
    text: str = ""
    #: Whether the game (or the editor) changed.
    changed: bool = False
    #: The move played or vetoed.
    move: Move | None = None
    #: The path clicked, for a move intent.
    path: tuple[int, ...] | None = None

    @classmethod
    def refused(cls, text: str, path: tuple[int, ...] | None = None) -> IntentOutcome:
        return cls("refused", text, path=path)

    @classmethod
    def done(cls, changed: bool = True) -> IntentOutcome:
        return cls("done", changed=changed)
