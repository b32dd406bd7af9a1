"""The built-in chapters of lessons, by name, and a lesson found by its id.

Its own module so that the notebook front end (:mod:`.ui`) and the package's ``__init__``
both read the chapters from below, instead of the front end reaching back into the package.
"""

from __future__ import annotations

from ..core.errors import brief
from .lesson import Lesson, NoSuchLessonError
from .lessons import LESSONS
from .other_draughts import OTHER_DRAUGHTS

__all__ = ["CHAPTERS", "lesson"]


#: The built-in chapters by name: the rules of American checkers, and what differs in
#: the other draughts (``Tutorial("other-draughts")``).
CHAPTERS: dict[str, tuple[Lesson, ...]] = {"rules": LESSONS, "other-draughts": OTHER_DRAUGHTS}


def lesson(lesson_id: str) -> Lesson:
    """The built-in lesson with this id, from any chapter (``KeyError`` listing the ids if
    there is none)."""
    every = [item for chapter in CHAPTERS.values() for item in chapter]
    for item in every:
        if item.id == lesson_id:
            return item
    raise NoSuchLessonError(
        f"no lesson {brief(lesson_id)}; the lessons are: {', '.join(x.id for x in every)}"
    )
