"""The widget's milestones: each game an attempt, each move and result noted once.

A mixin of :class:`~checkers_widget.widget.CheckersWidget` (``milestones=``). The
rules of what is earned and when live in :mod:`milestones`; this part tells the book
about the widget's games (whose move it was, whether the computer moved for the
player) and puts what was earned into the board's state.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

from .game import Game
from .milestones import MILESTONES, Attempt, Milestone, MilestoneBook
from .move import Color, opponent

if TYPE_CHECKING:
    from .engine import Engine

__all__ = ["MilestoneTracking"]

logger = logging.getLogger("checkers_widget")


class MilestoneTracking:
    """Milestone handling for the widget (see the module docstring)."""

    # Provided by CheckersWidget.
    _engine: Engine | None
    _players: dict[Color, str]
    _book: MilestoneBook | None
    _attempt: Attempt
    _auto_moving: bool
    _new_milestones: list[str]

    if TYPE_CHECKING:  # provided by the widget

        def _human_side(self) -> Color: ...

    @property
    def milestones(self) -> MilestoneBook | None:
        """The milestones earned so far (shows as a table in a notebook), or None if off."""
        return self._book

    def _new_attempt(self) -> Attempt:
        if self._engine is None:
            return Attempt()
        return Attempt(level=self._engine.level, human=self._human_side())

    def _note_milestones(self, event: str, game: Game) -> None:
        book = self._book
        if book is None:
            return
        earned: list[Milestone] = []
        try:
            if event == "undo":
                book.note_undo(self._attempt)
            elif event == "move" and self._players.get(opponent(game.turn)) != "remote":
                mover = opponent(game.turn)
                earned += book.note_move(
                    self._attempt, game.moves[-1], mover, auto=self._auto_moving
                )
            if game.is_over():
                earned += book.note_result(self._attempt, game.result)
        except Exception:  # milestones are a bonus: never let them break a game
            logger.exception("milestones failed")
        self._new_milestones = [m.id for m in earned]

    def _milestones_state(self) -> dict[str, Any] | None:
        book = self._book
        if book is None:
            return None
        earned = book.earned
        return {
            "all": [_milestone_dict(m) for m in MILESTONES],
            "earned": [
                {**_milestone_dict(m), "date": earned[m.id]} for m in MILESTONES if m.id in earned
            ],
            "new": list(self._new_milestones),
        }


def _milestone_dict(milestone: Milestone) -> dict[str, str]:
    return {"id": milestone.id, "title": milestone.title, "description": milestone.description}
