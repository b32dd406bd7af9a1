"""A lesson on a live board: a :class:`CheckersWidget` whose session plays one
:class:`LessonRun` (see :mod:`.lesson_play` for how; nothing here subclasses the widget)."""

from __future__ import annotations

from typing import Any

from ..widget.board_widget import CheckersWidget
from .lesson_play import lesson_options, wire_lesson
from .run import LessonRun

__all__ = ["LESSON_SIZE", "lesson_board"]

#: A lesson board's width in pixels: large enough to read, with room for the task beside it.
LESSON_SIZE = 480


def lesson_board(run: LessonRun, **options: Any) -> CheckersWidget:
    """A board playing ``run``: the learner's side against the script. ``options`` are
    the widget's (``controls``, ``milestones`` and ``size`` have lesson defaults)."""
    lesson = run.lesson
    chosen = {**lesson_options(run), "milestones": False, "size": LESSON_SIZE, **options}
    board = CheckersWidget(
        run.game,
        orientation=lesson.orientation or run.learner,
        show_numbers=lesson.show_numbers,
        **chosen,
    )
    wire_lesson(board.session, run)
    return board
