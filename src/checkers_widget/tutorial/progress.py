"""Stars that outlive the notebook: a small JSON file of the best score per lesson.

The file lives at ``$CHECKERS_WIDGET_HOME/progress.json`` when that variable is set,
else at ``~/.checkers_widget/progress.json``, or wherever a teacher points
:class:`Progress` (one file per class or per pupil). It is written atomically (a
temporary file, then :func:`os.replace`), re-read just before every write so that two
notebooks open at once do not undo each other, and it only ever keeps the best score:
solving a lesson again with fewer stars never lowers it.
"""

from __future__ import annotations

import datetime as _dt
import os
import threading
from pathlib import Path
from typing import Any

from ..core.errors import CheckersError, brief
from ..formats.storage import ENV_HOME, default_path, locked, read_json, write_json

__all__ = ["ENV_HOME", "Progress", "default_progress_path"]

_FORMAT = "checkers-widget-progress"
_VERSION = 1


def default_progress_path() -> Path:
    """``$CHECKERS_WIDGET_HOME/progress.json``, else ``~/.checkers_widget/progress.json``."""
    return default_path("progress.json")


class Progress:
    """The best stars (1-3) earned in each lesson, kept in a JSON file.

    ``Progress()`` uses :func:`default_progress_path`; ``Progress(path)`` another file.
    Nothing is written until a lesson is solved. An unreadable file is set aside as
    ``<name>.bad`` (with a warning in the log) rather than crash a lesson or be
    silently overwritten.
    """

    def __init__(self, path: str | os.PathLike[str] | None = None) -> None:
        self.path = Path(path).expanduser() if path is not None else default_progress_path()
        self._lock = threading.Lock()
        self._lessons: dict[str, dict[str, Any]] = self._read()

    # ------------------------------------------------------------------ reading
    def _read(self) -> dict[str, dict[str, Any]]:
        lessons = read_json(self.path, fmt=_FORMAT, what="lesson progress", parse=_parse)
        return lessons if lessons is not None else {}

    def reload(self) -> None:
        """Read the file again (e.g. after another notebook saved stars)."""
        with self._lock:
            self._lessons = self._read()

    # ------------------------------------------------------------------ queries
    def stars(self, lesson_id: str) -> int:
        """The best stars earned in a lesson (0 if never solved)."""
        entry = self._lessons.get(lesson_id)
        return int(entry["stars"]) if entry else 0

    def solved(self, lesson_id: str) -> bool:
        """Whether the lesson has been solved at least once."""
        return self.stars(lesson_id) > 0

    def as_dict(self) -> dict[str, int]:
        """Lesson id -> best stars, for every lesson solved."""
        return {k: int(v["stars"]) for k, v in self._lessons.items()}

    def total(self) -> int:
        """All the stars earned."""
        return sum(self.as_dict().values())

    # ------------------------------------------------------------------ writing
    def record(self, lesson_id: str, stars: int) -> int:
        """Save a solved lesson with ``stars`` (1-3); returns the best score kept.

        The best score wins: a later, weaker solution does not lower it. The number of
        times the lesson was solved and the last time are kept too.
        """
        if isinstance(stars, bool) or not isinstance(stars, int) or not 1 <= stars <= 3:
            raise CheckersError(f"stars must be 1, 2 or 3, not {brief(stars)}")
        with self._lock, locked(self.path):
            lessons = self._read()  # merge what another notebook may have saved meanwhile
            entry = dict(lessons.get(lesson_id, {}))
            entry["stars"] = max(stars, int(entry.get("stars", 0)))
            entry["solved"] = int(entry.get("solved", 0)) + 1
            entry["last"] = _dt.datetime.now(_dt.UTC).isoformat(timespec="seconds")
            lessons[lesson_id] = entry
            self._write(lessons)
            self._lessons = lessons
            return int(entry["stars"])

    def forget(self, lesson_id: str | None = None) -> None:
        """Forget one lesson's stars, or (with no id) every lesson's."""
        with self._lock, locked(self.path):
            lessons = self._read()
            if lesson_id is None:
                lessons.clear()
            else:
                lessons.pop(lesson_id, None)
            self._write(lessons)
            self._lessons = lessons

    def _write(self, lessons: dict[str, dict[str, Any]]) -> None:
        write_json(self.path, {"format": _FORMAT, "version": _VERSION, "lessons": lessons})

    def __repr__(self) -> str:
        return f"<Progress {str(self.path)!r}: {len(self._lessons)} lessons solved>"


def _parse(data: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The lessons of a progress document; raises ``ValueError`` if there are none."""
    lessons = data["lessons"]
    if not isinstance(lessons, dict):
        raise ValueError("not a checkers-widget progress file")
    return {
        str(k): dict(v)
        for k, v in lessons.items()
        if isinstance(v, dict) and isinstance(v.get("stars"), int)
    }
