"""Autosave: a widget's game kept in a PDN file after every change, ready to resume.

``CheckersWidget(autosave="game.pdn")`` writes the game after every move, undo,
result or new game (atomically: see :mod:`checkers_widget.formats.saving`), so a restarted
kernel loses nothing; creating the widget again with the same path resumes the game.
Besides the game, the file remembers a few facts about the session in tags of its own
(which side the human plays against the computer, the milestone attempt), so that a
resumed game is the same game, not a new one.

A failed write never stops play: it is logged and reported, and the next change tries
again. A file that cannot be resumed, whatever is wrong with it (not PDN, an illegal
move, a bad tag such as ``[Ply "²"]``, a number of thousands of digits), is set aside as
``<name>.bad`` rather than overwritten, and the widget starts a new game: opening an
autosave never raises. Temporary files that a process killed in the middle of a save
left next to the file (``.<name>.*.tmp``) are removed when the autosave is opened; the
file itself always holds the last completed save.
"""

from __future__ import annotations

import json
import logging
import os
from dataclasses import dataclass, field
from pathlib import Path

from ..core.errors import CheckersError
from ..core.game import Game
from ..formats.saving import game_text, load_game
from ..formats.storage import remove_stale_temporaries, set_aside, write_text_atomically

__all__ = ["Autosave", "Resumed"]

logger = logging.getLogger("checkers_widget")

#: Session facts kept in the file, by tag name (values are plain strings).
SESSION_TAGS = ("HumanSide", "Attempt")

#: The longest ``Attempt`` fact read back (a real one is about a hundred characters).
MAX_ATTEMPT_CHARS = 10_000


@dataclass
class Resumed:
    """What :meth:`Autosave.resume` found: the game and the session facts saved with it."""

    game: Game
    session: dict[str, str] = field(default_factory=dict)


class Autosave:
    """One autosave file: :meth:`resume` reads it, :meth:`write` replaces it."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = Path(path).expanduser()
        #: The last write error, or None once a write has succeeded again.
        self.error: str | None = None
        #: A problem found while resuming (the file was set aside), for the status line.
        self.notice: str | None = None
        remove_stale_temporaries(self.path)

    def resume(self) -> Resumed | None:
        """The saved game, or None when there is no file (or it could not be resumed).

        Never raises for what the file holds: a file that cannot be resumed is set aside
        (see the module docstring) and :attr:`notice` says why.
        """
        try:
            if not self.path.is_file():
                return None
            game = load_game(self.path)
            session = _session_facts(game)
        except CheckersError as exc:
            self._set_aside(exc)
            return None
        except Exception as exc:  # a bug, but a saved file must not stop the widget
            logger.exception("resuming the autosave %s failed unexpectedly", self.path)
            self._set_aside(exc)
            return None
        return Resumed(game, session)

    def _set_aside(self, exc: Exception) -> None:
        """Keep an unresumable file as ``<name>.bad`` and say so in :attr:`notice`."""
        reason = str(exc)
        if len(reason) > 300:
            reason = reason[:297] + "..."
        bad = set_aside(self.path, "the autosaved game", reason)
        self.notice = f"The autosave file could not be read ({reason}); it was kept as {bad}"

    def write(self, game: Game, session: dict[str, str] | None = None) -> bool:
        """Save ``game`` (with ``session`` facts); False, with :attr:`error` set, on failure."""
        tags = {name: value for name, value in (session or {}).items() if value}
        try:
            write_text_atomically(self.path, game_text(game, tags))
        except (OSError, CheckersError) as exc:  # a PdnError, or tags edited to non-text
            self.error = f"Autosave to {self.path} failed: {exc}"
            logger.error("%s", self.error)
            return False
        self.error = None
        return True

    def save(self, game: Game, session: dict[str, str] | None = None) -> str | None:
        """:meth:`write`, and the error to report when it fails after a save that did not
        (None: saved, or the failure was reported already)."""
        failed_before = self.error is not None
        if self.write(game, session) or failed_before:
            return None
        return self.error


def _session_facts(game: Game) -> dict[str, str]:
    """Take the session tags out of a resumed game, keeping only facts that make sense.

    A fact that does not (an ``Attempt`` that is not a small JSON object, a nesting deep
    enough to exhaust the parser's recursion) is dropped with a warning: the game still
    resumes, and the session starts that fact afresh.
    """
    session = {name: game.tags.pop(name) for name in SESSION_TAGS if name in game.tags}
    attempt = session.get("Attempt")
    if attempt is not None:
        try:
            if len(attempt) > MAX_ATTEMPT_CHARS or not isinstance(json.loads(attempt), dict):
                raise ValueError("not a small JSON object")
        except (ValueError, RecursionError) as exc:
            logger.warning("the autosaved milestone attempt is unreadable (%s); dropped", exc)
            del session["Attempt"]
    return session
