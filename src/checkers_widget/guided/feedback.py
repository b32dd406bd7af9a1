"""What a guided run says about the latest attempt or event: :class:`Feedback`.

A lesson's run (:class:`~checkers_widget.tutorial.run.LessonRun`) and a puzzle's
(:class:`~checkers_widget.puzzles.run.PuzzleRun`) give the same kind of answer, shown the
same way beside the board (its ``kind`` picks the colour).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

__all__ = ["Feedback", "FeedbackKind"]

FeedbackKind = Literal["right", "wrong", "done", "hint", "info"]


@dataclass(frozen=True)
class Feedback:
    """What the lesson (or the puzzle) says about the latest attempt or event.

    ``ok``: the attempt was right (or the event was good news). ``message``: the words
    to show. ``done``: the lesson is complete. ``stars``: 1-3 once done, else 0.
    ``move``: the move text the message is about, if any. ``kind``: how to show it:
    ``"right"``, ``"wrong"``, ``"done"``, ``"hint"`` or ``"info"`` (the default follows
    from ``ok`` and ``done``).
    """

    ok: bool
    message: str
    done: bool = False
    stars: int = 0
    move: str | None = None
    kind: FeedbackKind | None = None

    def __post_init__(self) -> None:
        if self.kind is None:
            kind = "done" if self.done else "right" if self.ok else "wrong"
            object.__setattr__(self, "kind", kind)
