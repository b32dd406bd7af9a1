"""A solver's rating, streak and own puzzles, kept in a small local JSON file.

The same pattern as the tutorial's stars (:mod:`checkers_widget.tutorial.progress`): the file
is ``$CHECKERS_WIDGET_HOME/puzzles.json`` when that variable is set, else
``~/.checkers_widget/puzzles.json``, or any path given; it is written atomically and re-read
just before every write, so two notebooks open at once merge rather than undo each other.

The rating is Elo-like. A puzzle counts once, at its first result: solved without a slip
is a win against the puzzle's rating, a wrong move or asking for the solution a loss. With
the solver's rating ``R`` and the puzzle's ``P`` the expected score is
``E = 1 / (1 + 10 ** ((P - R) / 400))`` and the new rating ``R + K * (S - E)``, with
``S`` 1 for a win and 0 for a loss, and ``K`` :data:`K_NEW` for the first
:data:`NEW_GAMES` puzzles (so that a new solver finds their level quickly), then
:data:`K_SETTLED`. Everyone starts at :data:`START_RATING`. The streak counts puzzles
solved in a row without a slip.
"""

from __future__ import annotations

import datetime as _dt
import math
import os
import threading
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from ..core.errors import ArgumentTypeError, CheckersError, brief
from ..data.puzzles import Puzzle
from ..formats.storage import default_path, locked, read_json, write_json

__all__ = [
    "K_NEW",
    "K_SETTLED",
    "NEW_GAMES",
    "START_RATING",
    "PuzzleProgress",
    "default_puzzle_path",
    "expected_score",
    "rated",
]

_FORMAT = "checkers-widget-puzzles"
_VERSION = 1

#: Where every solver starts.
START_RATING = 1200
#: The update factor for a new solver's first :data:`NEW_GAMES` puzzles, and after.
K_NEW = 40
K_SETTLED = 20
NEW_GAMES = 20


def default_puzzle_path() -> Path:
    """``$CHECKERS_WIDGET_HOME/puzzles.json``, else ``~/.checkers_widget/puzzles.json``."""
    return default_path("puzzles.json")


def expected_score(rating: float, puzzle_rating: float) -> float:
    """The chance the Elo formula gives a solver of ``rating`` against the puzzle."""
    return 1.0 / (1.0 + math.pow(10.0, (puzzle_rating - rating) / 400.0))


def rated(rating: int, puzzle_rating: int, solved: bool, played: int) -> int:
    """The new rating after one result (see the module docstring), rounded to a whole."""
    k = K_NEW if played < NEW_GAMES else K_SETTLED
    score = 1.0 if solved else 0.0
    return round(rating + k * (score - expected_score(rating, puzzle_rating)))


class PuzzleProgress:
    """The solver's rating, streaks, results per puzzle and own puzzles, in a JSON file.

    ``PuzzleProgress()`` uses :func:`default_puzzle_path`; ``PuzzleProgress(path)`` another
    file. Nothing is written until a result is recorded or a puzzle added. An unreadable
    file is set aside as ``<name>.bad`` (with a warning) rather than crash or be
    overwritten.
    """

    def __init__(self, path: str | os.PathLike[str] | None = None) -> None:
        self.path = Path(path).expanduser() if path is not None else default_puzzle_path()
        self._lock = threading.Lock()
        self._doc: dict[str, Any] = self._read()

    # ------------------------------------------------------------------ reading
    def _read(self) -> dict[str, Any]:
        doc = read_json(self.path, fmt=_FORMAT, what="puzzle progress", parse=_parse)
        return doc if doc is not None else _empty()

    def reload(self) -> None:
        """Read the file again (e.g. after another notebook saved a result)."""
        with self._lock:
            self._doc = self._read()

    @property
    def rating(self) -> int:
        """The solver's rating (:data:`START_RATING` before the first result)."""
        return int(self._doc["rating"])

    @property
    def streak(self) -> int:
        """Puzzles solved in a row without a slip, up to now."""
        return int(self._doc["streak"])

    @property
    def best_streak(self) -> int:
        """The longest streak so far."""
        return int(self._doc["best_streak"])

    @property
    def played(self) -> int:
        """How many puzzles have been rated."""
        return len(self._doc["results"])

    def result(self, puzzle_id: str) -> bool | None:
        """True if the puzzle was solved at its first try, False if not, None if unplayed."""
        entry = self._doc["results"].get(puzzle_id)
        return None if entry is None else bool(entry["solved"])

    def own_puzzles(self) -> list[Puzzle]:
        """The puzzles added to the solver's set (e.g. from their reviewed games)."""
        out = []
        for data in self._doc["own"]:
            try:
                out.append(Puzzle.from_dict(data))
            except CheckersError:
                continue  # a damaged entry is skipped, the others stay usable
        return out

    # ------------------------------------------------------------------ writing
    def record(self, puzzle: Puzzle, solved: bool) -> tuple[int, int]:
        """Rate one result; returns ``(rating before, rating after)``.

        Only a puzzle's first result counts: a puzzle already rated leaves the rating as
        it is (and returns it twice).
        """
        if not isinstance(puzzle, Puzzle):
            raise ArgumentTypeError(f"record takes a Puzzle, not {brief(puzzle)}")
        if not isinstance(solved, bool):
            raise ArgumentTypeError(f"solved must be True or False, not {brief(solved)}")
        with self._lock, locked(self.path):
            doc = self._read()
            before = int(doc["rating"])
            if puzzle.id in doc["results"]:
                self._doc = doc
                return before, before
            after = rated(before, puzzle.rating, solved, len(doc["results"]))
            doc["rating"] = after
            doc["streak"] = int(doc["streak"]) + 1 if solved else 0
            doc["best_streak"] = max(int(doc["best_streak"]), int(doc["streak"]))
            doc["results"][puzzle.id] = {
                "solved": solved,
                "rating": puzzle.rating,
                "when": _dt.datetime.now(_dt.UTC).isoformat(timespec="seconds"),
            }
            write_json(self.path, doc)
            self._doc = doc
            return before, after

    def add(self, puzzles: Iterable[Puzzle]) -> int:
        """Add puzzles to the solver's own set (those already there are skipped); returns
        how many were new."""
        items = list(puzzles)
        for p in items:
            if not isinstance(p, Puzzle):
                raise CheckersError(f"add takes Puzzle values, not {type(p).__name__}")
        with self._lock, locked(self.path):
            doc = self._read()
            known = {entry.get("id") for entry in doc["own"]}
            fresh = [p.to_dict() for p in items if p.id not in known]
            doc["own"].extend(fresh)
            write_json(self.path, doc)
            self._doc = doc
            return len(fresh)

    def forget(self) -> None:
        """Start again: rating, streaks, results and own puzzles all cleared."""
        with self._lock, locked(self.path):
            self._doc = _empty()
            write_json(self.path, self._doc)

    def __repr__(self) -> str:
        return (
            f"<PuzzleProgress {str(self.path)!r}: rating {self.rating}, streak {self.streak},"
            f" {self.played} rated>"
        )


def _empty() -> dict[str, Any]:
    return {
        "format": _FORMAT,
        "version": _VERSION,
        "rating": START_RATING,
        "streak": 0,
        "best_streak": 0,
        "results": {},
        "own": [],
    }


def _parse(data: dict[str, Any]) -> dict[str, Any]:
    """A progress document with its fields checked; ``ValueError`` if it is not one."""
    doc = _empty()
    for name in ("rating", "streak", "best_streak"):
        value = data[name]
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValueError(f"{name} is not a whole number")
        doc[name] = value
    results, own = data["results"], data.get("own", [])
    if not isinstance(results, dict) or not isinstance(own, list):
        raise ValueError("not a checkers-widget puzzle progress file")
    doc["results"] = {
        str(k): dict(v) for k, v in results.items() if isinstance(v, dict) and "solved" in v
    }
    doc["own"] = [dict(v) for v in own if isinstance(v, dict)]
    return doc
