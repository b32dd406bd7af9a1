"""A puzzle played on a :class:`~checkers_widget.play.session.PlaySession`, as a lesson is.

The same parts as the tutorial's lesson boards (:mod:`checkers_widget.tutorial.lesson_play`):
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
from ..play.intent_outcome import IntentOutcome
from ..play.players import ScriptedPlayer
from ..play.search_control import AnswerHints
from ..play.session import PlaySession
from ..play.state import Status
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
PUZZLE_SIZE = 480


class PuzzleGoal:
    """A puzzle board's goal: the puzzle solved (see :class:`PlaySession`'s ``Goal``)."""

    def __init__(self, run: PuzzleRun) -> None:
        self._run = run

    def reached(self) -> Status | None:
        """Once solved, the run's last words (``"Right! ..."``) on the status line."""
        if not self._run.done:
            return None
        return Status(self._run.feedback.message, "over")


def _reveal(run: PuzzleRun) -> Move | None:
    """The board's hint in a puzzle: the solution's next move. Asking for it counts as
    being shown the solution (the puzzle is rated as missed)."""
    move = run.expected
    if move is not None:
        run.revealed = True
    return move


def puzzle_options(run: PuzzleRun) -> dict[str, Any]:
    """A board's (or a headless session's) options for ``run``."""
    return {
        "opponent": ScriptedPlayer(run.scripted_reply, level="puzzle"),
        "human": run.solver,
        "hint_engine": AnswerHints(lambda: _reveal(run)),
        "controls": list(PUZZLE_CONTROLS),
    }


def wire_puzzle(session: PlaySession, run: PuzzleRun) -> None:
    """Give ``session`` the puzzle's judgement and goal."""
    session.search.scored_hints = False  # the hint is the answer, not a judgement

    def puzzle_rule(_game: Any, move: Move) -> str | None:
        return run.judge(move)

    def after(outcome: IntentOutcome) -> None:
        if outcome.changed and run.done:
            session.publish()

    session.validate(puzzle_rule)
    session.on_outcome(after)
    session.set_goal(PuzzleGoal(run))


def puzzle_session(run: PuzzleRun, **options: Any) -> PlaySession:
    """A headless session playing ``run``; call its :meth:`~PlaySession.start`."""
    chosen = puzzle_options(run)
    session = PlaySession(
        run.game,
        opponent=options.pop("opponent", chosen["opponent"]),
        human=options.pop("human", chosen["human"]),
        hint_engine=options.pop("hint_engine", chosen["hint_engine"]),
        controls=options.pop("controls", chosen["controls"]),
        **options,
    )
    wire_puzzle(session, run)
    return session


def puzzle_board(run: PuzzleRun, **options: Any) -> CheckersWidget:
    """A live board playing ``run`` (``options`` are the widget's)."""
    from ..widget.board_widget import CheckersWidget

    chosen = {**puzzle_options(run), "milestones": False, "size": PUZZLE_SIZE, **options}
    board = CheckersWidget(run.game, orientation=run.solver, show_numbers=True, **chosen)
    wire_puzzle(board.session, run)
    return board
