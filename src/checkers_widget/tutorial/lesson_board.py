"""A lesson on a live board: a :class:`CheckersWidget` set up to play one :class:`LessonRun`.

Nothing here subclasses the widget or pretends to be an engine; the board's session is
given the lesson's parts:

- the learner plays the lesson's side; the other side is a
  :class:`~checkers_widget.play.players.ScriptedPlayer` that plays the script's replies,
  so Undo takes back a whole turn;
- a validator (the lesson's rule) vetoes legal moves that are not the lesson's answer,
  so the reason shows on the board's status line;
- a clicked path that is no legal move is refused by the board with
  :meth:`Game.explain`'s words; the session's :class:`~checkers_widget.play.outcome.Outcome`
  says so (``"illegal"``), and the lesson counts it as a mistake and puts its own words
  on the status line;
- the board's Hint control shows the lesson's expected move (:class:`LessonHints`, a
  hint source that reads the lesson), not an engine's; the live evaluation comes from a
  real engine, so looking at it neither gives the answer away nor costs a star;
- once the lesson is solved (:class:`LessonGoal`), the status line says so and no piece
  is lit as movable.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from ..core.game import Game
from ..core.move import Move
from ..engine import Analysis, Engine
from ..play.outcome import Outcome
from ..play.players import ScriptedPlayer
from ..play.protocol import Status, default_status
from ..play.session import PlaySession
from ..widget.board_widget import CheckersWidget
from .lesson import Lesson
from .run import LessonRun

__all__ = [
    "LESSON_CONTROLS",
    "LESSON_SIZE",
    "LessonGoal",
    "LessonHints",
    "continue_script",
    "lesson_board",
    "lesson_controls",
    "solved_text",
    "star_text",
]

#: The board controls every lesson offers (see ``CheckersWidget(controls=...)``): taking
#: a move back, turning the board round and replaying a move hop by hop.
LESSON_CONTROLS = ("undo", "redo", "flip", "replay")

#: The draw controls, offered only by a lesson about offering a draw.
_OFFER_CONTROLS = ("offer-draw", "accept-draw", "decline-draw")

#: A lesson board's width in pixels: large enough to read, with room for the task beside it.
LESSON_SIZE = 480


def lesson_controls(lesson: Lesson, game: Game) -> tuple[str, ...]:
    """The controls a lesson's board offers: only what the lesson needs.

    :data:`LESSON_CONTROLS`; the draw offer buttons in a lesson whose goal is to offer a
    draw; Claim draw where the lesson's draw rules are claimed rather than automatic (it
    shows only when a claim is possible). No evaluation, no second hint, no new game.
    """
    controls = list(LESSON_CONTROLS)
    if lesson.goal == "offer-draw":
        controls += _OFFER_CONTROLS
    if not game.draw_rules.automatic:
        controls.append("claim-draw")
    return tuple(controls)


class LessonHints:
    """The board's hints in a lesson: the lesson's expected move (a
    :class:`~checkers_widget.play.search_control.HintSource`; nothing is searched)."""

    def __init__(self, run: LessonRun) -> None:
        self._run = run

    def analyse(
        self,
        position: Game,
        *,
        time: float | None = None,
        depth: int | None = None,
        stop: threading.Event | None = None,
        on_info: Callable[[Analysis], Any] | None = None,
    ) -> Analysis:
        move = self._run.reveal().move
        return Analysis(move, 0.0, None, pv=[move] if move else [])


class LessonGoal:
    """A lesson board's goal: the lesson solved (see :class:`PlaySession`'s ``Goal``)."""

    def __init__(self, run: LessonRun, session: PlaySession) -> None:
        self._run = run
        self._session = session

    def reached(self) -> Status | None:
        """Once solved, the status line gives the stars and what to do next (a refusal or
        any other message shown meanwhile comes first)."""
        if not self._run.done:
            return None
        return Status(solved_text(self._run, self._session.game), "over")


def solved_text(run: LessonRun, game: Game) -> str:
    """The status line of a solved lesson: its stars, and what to do next."""
    stars = f" {star_text(run.stars)}" if run.stars else ""
    solved = f"Lesson solved{stars}"
    if game.is_over():  # "Draw: draw agreed. Lesson solved ★★★"
        solved = f"{default_status(game, None).text}. {solved}"
    return solved


def lesson_board(run: LessonRun, **options: Any) -> CheckersWidget:
    """A board playing ``run``: the learner's side against the script (see the module
    docstring). ``options`` are the widget's (``controls``, ``milestones``, ``size`` and
    ``interactive`` have lesson defaults)."""
    lesson = run.lesson
    board = CheckersWidget(
        run.game,
        opponent=ScriptedPlayer(run.scripted_reply),
        hint_engine=LessonHints(run),
        eval_engine=Engine("hard"),
        human=run.learner,
        orientation=lesson.orientation or run.learner,
        show_numbers=lesson.show_numbers,
        # The lesson's own Hint (graded) and Try again sit beside the board; a second
        # Hint, New game, the editor, pausing, draw offers (but in the lesson about
        # them), the evaluation or milestones would only distract.
        controls=options.pop("controls", lesson_controls(lesson, run.game)),
        milestones=options.pop("milestones", False),
        size=options.pop("size", LESSON_SIZE),
        **options,
    )
    session = board.session
    session.search.scored_hints = False  # a lesson's hint is its answer, not a judgement

    def lesson_rule(_game: Any, move: Move) -> str | None:
        return run.judge(move)

    def after(outcome: Outcome) -> None:
        if outcome.kind == "illegal" and outcome.path is not None:
            # The lesson's words on the status line too: they explain the rule without
            # naming the answer, which the board's own explanation would list.
            board.say(run.refused(outcome.path).message, "refused")
        if outcome.changed:
            continue_script(board, run)

    board.validate(lesson_rule)
    session.on_outcome(after)
    session.set_goal(LessonGoal(run, session))
    return board


def continue_script(board: CheckersWidget, run: LessonRun) -> None:
    """Play the scripted reply if it is due and the board's computer is holding back.

    The board's computer waits while there are moves to redo (someone walking back
    through the game); in a lesson, a move replayed after Undo must still be answered.
    The reply is redone when it is the next move of the line, else played.
    """
    reply = run.scripted_reply()
    game = board.game
    if reply is None or board.thinking or not game.can_redo or game.is_over():
        return
    if game.redo_moves[0] == reply:
        board.redo()
    else:
        game.play(reply)


def star_text(stars: int) -> str:
    return "★" * stars + "☆" * (3 - stars)
