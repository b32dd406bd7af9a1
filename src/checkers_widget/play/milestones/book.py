"""Milestones: eight stars for things a player does once, kept across sessions.

Adapted from the browser game's eight achievements: a first complete move, a capture, a
move taking two or more pieces, a crown, a first finished game, a first win against the
computer, a Hard or Expert win without Undo or Restart, and wins against the computer in
three different games.

Games are counted by **attempt** (:class:`Attempt`): New game starts a fresh attempt;
Undo and Restart keep the same attempt but mark it as practice, which rules out the
Hard-or-Expert star. An attempt keeps its first final result: undoing out of a loss and
then winning is not a win. The book remembers every attempt id that has had a result, so
reopening a saved game (which keeps its attempt id) never counts a result twice.

Move milestones count the human's moves; in a two-player game, either player's. The
widget tells the book only about what a person did: moves made on the board (not from
Python), in a game played against the computer or across the network (not a two-player
board, where games are walked through, set up or replayed), and results of such games
(see :mod:`.tracking`).

:class:`MilestoneBook` keeps everything in a small JSON file next to the lesson
progress: ``$CHECKERS_WIDGET_HOME/milestones.json`` or
``~/.checkers_widget/milestones.json``. It is written atomically, re-read and merged
before every write (two notebooks at once do not undo each other), and an unreadable
file is set aside with a warning. Saving never breaks a game: if the file cannot be
written the book carries on in memory and says so in :attr:`MilestoneBook.save_error`.
"""

from __future__ import annotations

import contextlib
import datetime as _dt
import html
import logging
import os
import threading
import uuid
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ...core.color import BLACK, COLORS, WHITE, Color
from ...core.errors import CheckersError
from ...core.move import Move
from ...formats.storage import default_path, locked, read_json, write_json

__all__ = [
    "CHALLENGE_LEVELS",
    "MILESTONES",
    "WINS_NEEDED",
    "Attempt",
    "Milestone",
    "MilestoneBook",
    "default_milestones_path",
]

logger = logging.getLogger("checkers_widget")

_FORMAT = "checkers-widget-milestones"
_VERSION = 1
_RESULTS = ("1-0", "0-1", "1/2-1/2")
_WINNER: dict[str, Color] = {"1-0": BLACK, "0-1": WHITE}

#: Computer levels whose win without Undo or Restart earns ``"clean-hard-win"``.
CHALLENGE_LEVELS: frozenset[str] = frozenset({"hard", "expert"})
#: Different games won against the computer for ``"three-computer-wins"``.
WINS_NEEDED = 3


@dataclass(frozen=True)
class Milestone:
    """One milestone: a stable ``id`` (the key in the file), a ``title`` and what earns it."""

    id: str
    title: str
    description: str


#: The eight milestones, in the order they are shown.
MILESTONES: tuple[Milestone, ...] = (
    Milestone("first-move", "First move", "Complete a move."),
    Milestone("first-capture", "First capture", "Complete a move that captures a piece."),
    Milestone("double-capture", "Double jump", "Complete a move that takes two or more pieces."),
    Milestone("first-crown", "Crowned", "Crown a king."),
    Milestone("first-finish", "First finish", "Play a game through to a result."),
    Milestone("first-computer-win", "First win", "Win a game against the computer."),
    Milestone(
        "clean-hard-win",
        "Clean win",
        "Beat the computer at Hard or Expert without Undo or Restart.",
    ),
    Milestone(
        "three-computer-wins",
        "Three wins",
        f"Win {WINS_NEEDED} different games against the computer.",
    ),
)
_BY_ID: dict[str, Milestone] = {m.id: m for m in MILESTONES}


def default_milestones_path() -> Path:
    """``$CHECKERS_WIDGET_HOME/milestones.json``, else ``~/.checkers_widget/milestones.json``."""
    return default_path("milestones.json")


def _now() -> str:
    return _dt.datetime.now(_dt.UTC).isoformat(timespec="seconds")


@dataclass
class Attempt:
    """One game as the milestones see it: who plays, whether it was practice, its result.

    ``id``: a fresh random hex string per attempt (New game); keep it when a game is
    saved and reopened (:meth:`to_dict` / :meth:`from_dict`) so its result is not
    counted again. ``level``: the computer's level (``"easy"`` ... ``"expert"``), None in
    a two-player game. ``human``: the side the human plays against the computer, None in
    a two-player game. ``undone`` / ``restarted``: set by :meth:`MilestoneBook.note_undo`
    and :meth:`MilestoneBook.note_restart`. ``result``: the first final result (PDN
    style ``"1-0"``, ``"0-1"``, ``"1/2-1/2"``), set once by
    :meth:`MilestoneBook.note_result` and never changed.
    """

    id: str = field(default_factory=lambda: uuid.uuid4().hex)
    level: str | None = None
    human: Color | None = None
    undone: bool = False
    restarted: bool = False
    result: str | None = None
    #: Whether a person has made a move on the board in this attempt: the widget counts
    #: a result only then (not for a game walked through or played by a script).
    played: bool = False

    def __post_init__(self) -> None:
        if not isinstance(self.id, str) or not self.id:
            raise CheckersError(f"an attempt id must be a non-empty string, not {self.id!r}")
        if self.level is not None:
            if not isinstance(self.level, str) or not self.level:
                raise CheckersError(f"level must be a level name or None, not {self.level!r}")
            self.level = self.level.lower()
            if self.human not in COLORS:
                raise CheckersError(
                    "a game against the computer needs the human's side ('black' or "
                    f"'white'), not {self.human!r}"
                )
        elif self.human is not None:
            raise CheckersError(
                "human names the side played against the computer; a two-player game "
                f"(level=None) has human=None, not {self.human!r}"
            )
        if self.result is not None and self.result not in _RESULTS:
            raise CheckersError(f"result must be one of {', '.join(_RESULTS)}, not {self.result!r}")

    @property
    def practice(self) -> bool:
        """Whether Undo or Restart was used: such a win does not earn the challenge star."""
        return self.undone or self.restarted

    @property
    def against_computer(self) -> bool:
        """Whether the computer plays one side."""
        return self.level is not None

    def counts_move_by(self, side: Color) -> bool:
        """Whether a move by ``side`` is the human's (in a two-player game, always)."""
        return self.human is None or side == self.human

    @property
    def won(self) -> bool:
        """Whether the human beat the computer (by the first result)."""
        return self.human is not None and _WINNER.get(self.result or "") == self.human

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready, for a saved game; :meth:`from_dict` reads it back."""
        return {
            "id": self.id,
            "level": self.level,
            "human": self.human,
            "undone": self.undone,
            "restarted": self.restarted,
            "result": self.result,
            "played": self.played,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Attempt:
        """The attempt saved by :meth:`to_dict`; raises :class:`CheckersError` if malformed."""
        if not isinstance(data, dict) or not isinstance(data.get("id"), str):
            raise CheckersError(f"not a saved attempt: {data!r}")
        return cls(
            id=data["id"],
            level=data.get("level"),
            human=data.get("human"),
            undone=bool(data.get("undone", False)),
            restarted=bool(data.get("restarted", False)),
            result=data.get("result"),
            played=bool(data.get("played", False)),
        )


@dataclass
class _State:
    """What the file holds: earned milestones, first results and computer wins by attempt."""

    earned: dict[str, str] = field(default_factory=dict)  # milestone id -> ISO time
    results: dict[str, str] = field(default_factory=dict)  # attempt id -> first result
    wins: list[str] = field(default_factory=list)  # attempt ids won against the computer
    epoch: str = ""  # changed by reset(), so that other books do not merge old stars back

    def merge(self, other: _State) -> None:
        """Take in what ``other`` knows; the earliest date and the first result win."""
        for key, when in other.earned.items():
            mine = self.earned.get(key)
            self.earned[key] = min(mine, when) if mine else when
        for key, result in other.results.items():
            self.results.setdefault(key, result)
        self.wins.extend(a for a in other.wins if a not in self.wins)

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": _FORMAT,
            "version": _VERSION,
            "earned": dict(self.earned),
            "results": dict(self.results),
            "computer_wins": list(self.wins),
            "epoch": self.epoch,
        }


def _parse(data: dict[str, Any]) -> _State:
    earned, results, wins = data["earned"], data.get("results", {}), data.get("computer_wins", [])
    if not isinstance(earned, dict) or not isinstance(results, dict) or not isinstance(wins, list):
        raise ValueError("earned, results or computer_wins has the wrong shape")
    state = _State(epoch=str(data.get("epoch", "")))
    state.earned = {str(k): str(v) for k, v in earned.items() if k in _BY_ID}
    state.results = {str(k): str(v) for k, v in results.items() if v in _RESULTS}
    for a in wins:
        if isinstance(a, str) and a not in state.wins:
            state.wins.append(a)
    return state


class MilestoneBook:
    """The milestones earned so far, kept in a JSON file; notes games and awards stars.

    ``MilestoneBook()`` uses :func:`default_milestones_path`; ``MilestoneBook(path)``
    another file; ``MilestoneBook(save=False)`` keeps everything in memory only. Nothing
    is written until something is earned or a game ends.

    The ``note_*`` methods are what a board calls as a game goes on; each returns the
    milestones newly earned by that event (usually none), in :data:`MILESTONES` order,
    for a toast. They are thread-safe.
    """

    def __init__(self, path: str | os.PathLike[str] | None = None, *, save: bool = True) -> None:
        self.path: Path | None = None
        if save:
            self.path = Path(path).expanduser() if path is not None else default_milestones_path()
        self._lock = threading.RLock()
        #: Why the last save failed (None if it worked): show "saving is unavailable".
        self.save_error: str | None = None
        self._state = self._read()

    # ------------------------------------------------------------------ reading
    def _read(self) -> _State:
        if self.path is None:
            return _State()
        state = read_json(self.path, fmt=_FORMAT, what="milestones", parse=_parse)
        return state if state is not None else _State()

    def reload(self) -> None:
        """Read the file again (e.g. after another notebook earned something)."""
        with self._lock:
            self._state = self._fresh()

    @property
    def earned(self) -> dict[str, str]:
        """Milestone id -> when it was earned (ISO 8601, UTC), for every one earned."""
        with self._lock:
            return {
                m.id: self._state.earned[m.id] for m in MILESTONES if m.id in self._state.earned
            }

    def has(self, milestone_id: str) -> bool:
        """Whether a milestone has been earned."""
        _check_id(milestone_id)
        return milestone_id in self._state.earned

    @property
    def computer_wins(self) -> tuple[str, ...]:
        """The attempt ids of the games won against the computer, oldest first."""
        with self._lock:
            return tuple(self._state.wins)

    @property
    def progress(self) -> dict[str, Any]:
        """``{"earned": n, "total": 8, "computer_wins": n, "wins_needed": 3, "finished": n}``."""
        with self._lock:
            return {
                "earned": len(self._state.earned),
                "total": len(MILESTONES),
                "computer_wins": len(self._state.wins),
                "wins_needed": WINS_NEEDED,
                "finished": len(self._state.results),
            }

    def result_of(self, attempt_id: str) -> str | None:
        """The first result recorded for an attempt id, or None."""
        return self._state.results.get(attempt_id)

    # ------------------------------------------------------------------ games
    def new_attempt(self, *, level: str | None = None, human: Color | None = None) -> Attempt:
        """A fresh attempt (New game): ``level`` and ``human`` for a game against the
        computer, neither for two players. Nothing is written."""
        return Attempt(level=level, human=human)

    def note_undo(self, attempt: Attempt) -> list[Milestone]:
        """Undo was used: the attempt becomes practice. Earns nothing (returns ``[]``)."""
        attempt.undone = True
        return []

    def note_restart(self, attempt: Attempt) -> list[Milestone]:
        """Restart: the same attempt replays from the opening, as practice. Its first
        result, if any, is kept. Earns nothing (returns ``[]``)."""
        attempt.restarted = True
        return []

    def note_move(
        self, attempt: Attempt, move: Move, side: Color, *, auto: bool = False
    ) -> list[Milestone]:
        """A complete move by ``side`` (call once per move, not per hop of a jump).

        Counts only the human's moves (either side's in a two-player game) and not
        ``auto`` ones (made for the player by the computer, e.g. when time ran out).
        Earns ``first-move``, ``first-capture`` (a capture), ``double-capture`` (two or
        more pieces taken) and ``first-crown`` (``move.crowns``).
        """
        if side not in COLORS:
            raise CheckersError(f"side must be 'black' or 'white', not {side!r}")
        if auto or not attempt.counts_move_by(side):
            return []
        wanted = ["first-move"]
        if move.captures:
            wanted.append("first-capture")
        if len(move.captures) >= 2:
            wanted.append("double-capture")
        if move.crowns:
            wanted.append("first-crown")
        if all(w in self._state.earned for w in wanted):
            return []  # the common case: no file access at all
        return self._update(lambda state: wanted)

    def note_result(self, attempt: Attempt, result: str | None) -> list[Milestone]:
        """The game reached a final result (``Game.result``: ``"1-0"``, ``"0-1"``, ``"1/2-1/2"``).

        Only the attempt's first result counts: if the attempt (or the book, for this
        attempt id) already has one, nothing changes and ``[]`` is returned; otherwise
        the result is kept on the attempt and in the file. Earns ``first-finish``; a
        human win against the computer also ``first-computer-win``, ``clean-hard-win``
        (Hard or Expert, not practice) and ``three-computer-wins`` (the third different
        attempt won). ``None`` (no result yet) is ignored.
        """
        if result is None:
            return []
        if result not in _RESULTS:
            raise CheckersError(f"result must be one of {', '.join(_RESULTS)}, not {result!r}")
        with self._lock:
            if attempt.result is not None:
                return []
            earlier = self._state.results.get(attempt.id)
            if earlier is not None:
                attempt.result = earlier
                return []

            def award(state: _State) -> list[str]:
                if attempt.id in state.results:  # another notebook recorded it meanwhile
                    attempt.result = state.results[attempt.id]
                    return []
                state.results[attempt.id] = attempt.result = result
                wanted = ["first-finish"]
                if attempt.won:
                    if attempt.id not in state.wins:
                        state.wins.append(attempt.id)
                    wanted.append("first-computer-win")
                    if attempt.level in CHALLENGE_LEVELS and not attempt.practice:
                        wanted.append("clean-hard-win")
                if len(state.wins) >= WINS_NEEDED:
                    wanted.append("three-computer-wins")
                return wanted

            return self._update(award, always_save=True)

    # ------------------------------------------------------------------ managing
    def reset(self) -> None:
        """Forget every milestone, result and win (in the file too)."""
        with self._lock:
            self._state = _State(epoch=uuid.uuid4().hex)
            with self._locked():
                self._save(self._state)

    def summary(self) -> list[dict[str, Any]]:
        """Every milestone, in order: ``{"id", "title", "description", "earned"}``, where
        ``earned`` is the ISO time it was earned or None. JSON-ready, for the board."""
        earned = self.earned
        return [
            {"id": m.id, "title": m.title, "description": m.description, "earned": earned.get(m.id)}
            for m in MILESTONES
        ]

    def _lines(self) -> Iterable[tuple[Milestone, str | None, str]]:
        earned = self.earned
        wins = len(self.computer_wins)
        for m in MILESTONES:
            note = ""
            if m.id == "three-computer-wins" and m.id not in earned:
                note = f"{min(wins, WINS_NEEDED)} of {WINS_NEEDED}"
            yield m, earned.get(m.id), note

    def __str__(self) -> str:
        lines = [f"Milestones: {len(self.earned)} / {len(MILESTONES)}"]
        for m, when, note in self._lines():
            mark = "★" if when else "☆"
            tail = f"  (earned {when[:10]})" if when else (f"  ({note})" if note else "")
            lines.append(f"{mark} {m.title}: {m.description}{tail}")
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        rows = []
        for m, when, note in self._lines():
            status = f"earned {when[:10]}" if when else (note or "not yet")
            # JupyterLab right-aligns table cells: words read better aligned left.
            rows.append(
                f'<tr><td style="font-size:1.2em">{"★" if when else "☆"}</td>'
                f'<td style="text-align:left"><b>{html.escape(m.title)}</b><br>'
                f"{html.escape(m.description)}</td>"
                f'<td style="text-align:left;white-space:nowrap">{html.escape(status)}</td></tr>'
            )
        return (
            '<table class="checkers-milestones">'
            f"<caption>Milestones: {len(self.earned)} / {len(MILESTONES)}</caption>"
            + "".join(rows)
            + "</table>"
        )

    def __repr__(self) -> str:
        where = str(self.path) if self.path is not None else "in memory"
        return f"MilestoneBook({where!r}, {len(self.earned)} / {len(MILESTONES)} earned)"

    # ------------------------------------------------------------------ internals
    def _fresh(self) -> _State:
        """The file's state, plus what this book knows but could not save.

        If the file was reset since this book read it (another epoch), what this book
        knew is dropped rather than merged back.
        """
        state = self._read()
        if state.epoch == self._state.epoch:
            state.merge(self._state)
        return state

    def _update(
        self, change: Callable[[_State], list[str]], *, always_save: bool = False
    ) -> list[Milestone]:
        """Re-read, apply ``change(state) -> wanted ids``, award them, save; the new ones."""
        with self._lock, self._locked():
            state = self._fresh()
            wanted = change(state)
            when = _now()
            new = [m for m in MILESTONES if m.id in wanted and m.id not in state.earned]
            for m in new:
                state.earned[m.id] = when
            if new or always_save:
                self._save(state)
            self._state = state
            return new

    def _locked(self) -> contextlib.AbstractContextManager[None]:
        """The folder lock around a read-merge-write (nothing for an in-memory book)."""
        return locked(self.path) if self.path is not None else contextlib.nullcontext()

    def _save(self, state: _State) -> None:
        if self.path is None:
            return
        try:
            write_json(self.path, state.to_dict())
        except OSError as exc:
            self.save_error = f"cannot save milestones to {self.path}: {exc}"
            logger.warning("%s", self.save_error)
        else:
            self.save_error = None


def _check_id(milestone_id: str) -> None:
    if milestone_id not in _BY_ID:
        raise CheckersError(
            f"unknown milestone {milestone_id!r}; the milestones are " + ", ".join(_BY_ID)
        )
