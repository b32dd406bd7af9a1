"""The widget's milestones: each game an attempt, each move and result noted once.

A mixin of :class:`~checkers_widget.widget.board_widget.CheckersWidget` (``milestones=``). The
rules of what is earned and when live in :mod:`milestones`; this part tells the book
about the widget's games (whose move it was, whether the computer moved for the
player) and puts what was earned into the board's state.

Only what a person did counts: a move made on the board (an intent from the front end,
not ``widget.play`` or ``game.play`` from a notebook cell), in a game the person plays
against the computer or across the network. A two-player board is for walking through
a game, setting up positions and replays, so it earns nothing; neither does walking to
the end of a recorded game (Redo, End in the move list). A result counts only in an
attempt in which the person made a move, and only when reached by play (a move, a
resignation, time, a draw), not by walking back through the game.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

from ..core.color import Color, opponent
from ..core.game import Game
from ..core.move import Move
from .milestones import MILESTONES, Attempt, Milestone, MilestoneBook

if TYPE_CHECKING:
    from ..engine import Engine
    from .state import MilestonesState, MilestoneState

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
    _person_move: Move | None
    _remote: Any

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

    def _played_game(self) -> bool:
        """Whether this board's games are played (against the computer or a person)."""
        return self._engine is not None or self._remote is not None

    def _note_milestones(self, event: str, game: Game) -> None:
        book = self._book
        person = event == "move" and bool(game.moves) and game.moves[-1] == self._person_move
        if person:
            self._person_move = None
        if book is None or not self._played_game():
            return
        earned: list[Milestone] = []
        attempt = self._attempt
        try:
            if event == "undo":
                book.note_undo(attempt)
            elif person and self._players.get(opponent(game.turn)) == "human":
                mover = opponent(game.turn)
                earned += book.note_move(attempt, game.moves[-1], mover, auto=self._auto_moving)
                attempt.played = attempt.played or not self._auto_moving
            if game.is_over() and attempt.played and event in ("move", "result"):
                earned += book.note_result(attempt, game.result)
        except Exception:  # milestones are a bonus: never let them break a game
            logger.exception("milestones failed")
        self._new_milestones = [m.id for m in earned]

    def _milestones_state(self) -> MilestonesState | None:
        book = self._book
        if book is None or not self._played_game():
            # A two-player board earns nothing, so it shows no ★ button either (it listed
            # milestones that board could never earn).
            return None
        earned = book.earned
        return {
            "all": [_milestone_dict(m) for m in MILESTONES],
            "earned": [
                {**_milestone_dict(m), "date": earned[m.id]} for m in MILESTONES if m.id in earned
            ],
            "new": list(self._new_milestones),
        }


def _milestone_dict(milestone: Milestone) -> MilestoneState:
    return {"id": milestone.id, "title": milestone.title, "description": milestone.description}
