"""A lesson played on a :class:`~checkers_widget.play.session.PlaySession`, Jupyter-free.

Nothing here subclasses a board or pretends to be an engine; the session is given the
lesson's parts:

- the learner plays the lesson's side; the other side is a
  :class:`~checkers_widget.play.players.ScriptedPlayer` that plays the script's replies,
  so Undo takes back a whole turn;
- a validator (the lesson's rule) vetoes legal moves that are not the lesson's answer,
  so the reason shows on the board's status line;
- a clicked path that is no legal move is refused by the session with
  :meth:`Game.explain`'s words; the session's
  :class:`~checkers_widget.play.intent_outcome.IntentOutcome`
  says so (``"illegal"``), and the lesson counts it as a mistake and puts its own words
  on the status line;
- the board's Hint control shows the lesson's expected move (an
  :class:`~checkers_widget.play.search_control.AnswerHints` reading the lesson), not an
  engine's; the live evaluation comes from a real engine, so looking at it neither gives
  the answer away nor costs a star;
- once the lesson is solved (:class:`LessonGoal`), the status line says so and no piece
  is lit as movable.

:func:`lesson_session` makes such a session; :func:`~.lesson_board.lesson_board` the same
on a live board in a notebook. What a lesson shares with a puzzle (the scripted reply, the
judge as validator, the goal, the session itself) is :mod:`checkers_widget.guided.wiring`'s;
this module says what a lesson's board offers and what its status line says when solved.
"""

from __future__ import annotations

from typing import Any

from ..core.game import Game
from ..engine import Engine
from ..guided.wiring import (
    SolvedGoal,
    continue_script,
    guided_options,
    guided_session,
    wire_guided,
)
from ..play.intent_outcome import IntentOutcome
from ..play.session import PlaySession
from ..play.state import default_status
from .lesson import Lesson
from .run import LessonRun

__all__ = [
    "LESSON_CONTROLS",
    "LessonGoal",
    "continue_script",
    "lesson_controls",
    "lesson_options",
    "lesson_session",
    "solved_text",
    "star_text",
    "wire_lesson",
]

#: The board controls every lesson offers (see ``CheckersWidget(controls=...)``): taking
#: a move back, turning the board round, replaying a move hop by hop, and the switch of
#: the screen-reader mode (so that a learner who cannot see the board can do the lessons).
LESSON_CONTROLS = ("undo", "redo", "flip", "replay", "accessible")

#: The draw controls, offered only by a lesson about offering a draw.
_OFFER_CONTROLS = ("offer-draw", "accept-draw", "decline-draw")


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


class LessonGoal(SolvedGoal):
    """A lesson board's goal: the lesson solved (see :class:`PlaySession`'s ``Goal``).
    Once solved, the status line gives the stars and what to do next (a refusal or any
    other message shown meanwhile comes first)."""

    def __init__(self, run: LessonRun, session: PlaySession) -> None:
        super().__init__(run, lambda: solved_text(run, session.game))


def solved_text(run: LessonRun, game: Game) -> str:
    """The status line of a solved lesson: its stars, and what to do next."""
    stars = f" {star_text(run.stars)}" if run.stars else ""
    solved = f"Lesson solved{stars}"
    if game.is_over():  # "Draw: draw agreed. Lesson solved ★★★"
        solved = f"{default_status(game, None).text}. {solved}"
    return solved


def lesson_options(run: LessonRun) -> dict[str, Any]:
    """The session's options for ``run`` (a board's or a headless session's).

    The lesson's own Hint (graded) and Try again sit beside the board; a second Hint, New
    game, the editor, pausing, draw offers (but in the lesson about them), the evaluation
    or milestones would only distract.
    """
    return guided_options(
        run,
        human=run.learner,
        answer=lambda: run.reveal().move,
        controls=lesson_controls(run.lesson, run.game),
        evaluator=Engine("hard"),
    )


def lesson_session(run: LessonRun, **options: Any) -> PlaySession:
    """A headless session playing ``run`` (see the module docstring); call its
    :meth:`~PlaySession.start`. ``options`` are :class:`PlaySession`'s."""
    return guided_session(run, lesson_options(run), lambda s: wire_lesson(s, run), **options)


def wire_lesson(session: PlaySession, run: LessonRun) -> None:
    """Give ``session`` the lesson's rule, its judging of attempts and its goal."""

    def after(outcome: IntentOutcome) -> None:
        if outcome.kind == "illegal" and outcome.path is not None:
            # The lesson's words on the status line too: they explain the rule without
            # naming the answer, which the board's own explanation would list.
            session.say(run.refused(outcome.path).message, "refused")
        if outcome.changed:
            continue_script(session, run)

    wire_guided(session, run, LessonGoal(run, session), after)


def star_text(stars: int) -> str:
    return "★" * stars + "☆" * (3 - stars)
