"""A lesson on a live board: a :class:`CheckersWidget` whose session plays one
:class:`LessonRun` (see :mod:`.lesson_play` for how; nothing here subclasses the widget)."""

from __future__ import annotations

from typing import Any

from ..guided.wiring import BOARD_SIZE, guided_board
from ..widget.board_widget import CheckersWidget
from .lesson_play import lesson_options, wire_lesson
from .run import LessonRun

__all__ = ["LESSON_SIZE", "lesson_board"]

#: A lesson board's width in pixels: large enough to read, with room for the task beside it.
LESSON_SIZE = BOARD_SIZE


def lesson_board(run: LessonRun, **options: Any) -> CheckersWidget:
    """A board playing ``run``: the learner's side against the script. ``options`` are
    the widget's (``controls``, ``milestones`` and ``size`` have lesson defaults)."""
    lesson = run.lesson
    return guided_board(
        run,
        lesson_options(run),
        lambda session: wire_lesson(session, run),
        orientation=lesson.orientation or run.learner,
        show_numbers=lesson.show_numbers,
        **options,
    )
