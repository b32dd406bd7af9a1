"""A puzzle played on a :class:`~checkers_widget.play.session.PlaySession`, as a lesson is.

The same parts as the tutorial's lesson boards (:mod:`checkers_widget.guided.wiring`):
the solver plays the puzzle's side; the other side is a
:class:`~checkers_widget.play.players.ScriptedPlayer` answering along the solution; the
run's judgement is the session's validator (a wrong move stays off the board, the reason on
the status line); the goal (:class:`PuzzleGoal`) says "Right!" once solved, after which no
piece is lit as movable; the board's Hint shows the solution's next move.
:func:`puzzle_session` makes a headless session, :func:`puzzle_board` a live board.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..core.move import Move
from ..guided.wiring import (
    BOARD_SIZE,
    SolvedGoal,
    guided_board,
    guided_options,
    guided_session,
    wire_guided,
)
from ..play.intent_outcome import IntentOutcome
from ..play.session import PlaySession
from .run import PuzzleRun

if TYPE_CHECKING:
    from ..widget.board_widget import CheckersWidget

__all__ = [
    "PUZZLE_CONTROLS",
    "PUZZLE_SIZE",
    "PuzzleGoal",
    "puzzle_board",
    "puzzle_options",
    "puzzle_session",
    "wire_puzzle",
]

#: The controls a puzzle board offers: its hint (the solution's next move), turning the
#: board round, replaying a move hop by hop and the screen-reader switch. No undo (a wrong
#: move is never played), no new game, no evaluation (it would give the answer away).
PUZZLE_CONTROLS = ("hint", "flip", "replay", "accessible")

#: A puzzle board's width in pixels (as a lesson board's).
PUZZLE_SIZE = BOARD_SIZE


class PuzzleGoal(SolvedGoal):
    """A puzzle board's goal: the puzzle solved (see :class:`PlaySession`'s ``Goal``).
    Once solved, the run's last words (``"Right! ..."``) are on the status line."""

    def __init__(self, run: PuzzleRun) -> None:
        super().__init__(run, lambda: run.feedback.message)


def _reveal(run: PuzzleRun) -> Move | None:
    """The board's hint in a puzzle: the solution's next move. Asking for it counts as
    being shown the solution (the puzzle is rated as missed)."""
    move = run.expected
    if move is not None:
        run.revealed = True
    return move


def puzzle_options(run: PuzzleRun) -> dict[str, Any]:
    """A board's (or a headless session's) options for ``run``."""
    return guided_options(
        run,
        human=run.solver,
        answer=lambda: _reveal(run),
        controls=PUZZLE_CONTROLS,
        level="puzzle",
    )


def wire_puzzle(session: PlaySession, run: PuzzleRun) -> None:
    """Give ``session`` the puzzle's judgement and goal."""

    def after(outcome: IntentOutcome) -> None:
        if outcome.changed and run.done:
            session.publish()

    wire_guided(session, run, PuzzleGoal(run), after)


def puzzle_session(run: PuzzleRun, **options: Any) -> PlaySession:
    """A headless session playing ``run``; call its :meth:`~PlaySession.start`."""
    return guided_session(run, puzzle_options(run), lambda s: wire_puzzle(s, run), **options)


def puzzle_board(run: PuzzleRun, **options: Any) -> CheckersWidget:
    """A live board playing ``run`` (``options`` are the widget's)."""
    return guided_board(
        run,
        puzzle_options(run),
        lambda session: wire_puzzle(session, run),
        orientation=run.solver,
        show_numbers=True,
        **options,
    )
