"""The board's milestones: each game an attempt, each move and result noted once.

Composed into a :class:`~checkers_widget.play.session.PlaySession` (``milestones=``).
The rules of what is earned and when live in :mod:`milestones`; this part keeps the
current attempt, tells the book about the session's games and puts what was earned
into the board's state. The session tells it, in plain values, what happened: the
game's event, whether the board's games are played at all, who plays each side, and
whether the computer moved for the player.

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
from collections.abc import Collection
from typing import TYPE_CHECKING

from ...core.color import Color, opponent
from ...core.game import Game
from ...core.move import Move
from .book import MILESTONES, Attempt, Milestone, MilestoneBook

if TYPE_CHECKING:
    from ..state import MilestonesState, MilestoneState

__all__ = ["MilestoneTracker"]

logger = logging.getLogger("checkers_widget")


class MilestoneTracker:
    """A milestone book (or None: milestones off) and the attempt being played."""

    def __init__(self, book: MilestoneBook | None, attempt: Attempt) -> None:
        self.book = book
        self.attempt = attempt
        #: The ids earned by the last event (the board celebrates them).
        self.new: list[str] = []
        #: The move a person just made on the board, until the game reports it (only
        #: those count; a network guest's move comes back later).
        self.person_move: Move | None = None

    def new_attempt(self, attempt: Attempt) -> None:
        """A new game: a new attempt (``restart`` keeps the attempt: see :meth:`restart`)."""
        self.attempt = attempt

    def restart(self) -> None:
        """The same game again from its start: practice for the book."""
        if self.book is not None:
            self.book.note_restart(self.attempt)

    def note(
        self,
        event: str,
        game: Game,
        *,
        played: bool,
        humans: Collection[Color],
        auto: bool,
    ) -> None:
        """The game reported ``event``: note a person's move, an undo or a result.

        ``played``: whether the board's games count (against the computer or a person);
        ``humans``: the sides people play; ``auto``: the computer moved for the player.
        """
        person = event == "move" and bool(game.moves) and game.moves[-1] == self.person_move
        if person:
            self.person_move = None
        book = self.book
        if book is None or not played:
            return
        earned: list[Milestone] = []
        attempt = self.attempt
        try:
            if event == "undo":
                book.note_undo(attempt)
            elif person and opponent(game.turn) in humans:
                mover = opponent(game.turn)
                earned += book.note_move(attempt, game.moves[-1], mover, auto=auto)
                attempt.played = attempt.played or not auto
            if game.is_over() and attempt.played and event in ("move", "result"):
                earned += book.note_result(attempt, game.result)
        except Exception:  # milestones are a bonus: never let them break a game
            logger.exception("milestones failed")
        self.new = [m.id for m in earned]

    def state(self, *, played: bool) -> MilestonesState | None:
        """``state["milestones"]``: all, earned and new; None when off or not ``played``."""
        book = self.book
        if book is None or not played:
            # A two-player board earns nothing, so it shows no ★ button either (it listed
            # milestones that board could never earn).
            return None
        earned = book.earned
        return {
            "all": [_milestone_dict(m) for m in MILESTONES],
            "earned": [
                {**_milestone_dict(m), "date": earned[m.id]} for m in MILESTONES if m.id in earned
            ],
            "new": list(self.new),
        }


def _milestone_dict(milestone: Milestone) -> MilestoneState:
    return {"id": milestone.id, "title": milestone.title, "description": milestone.description}
