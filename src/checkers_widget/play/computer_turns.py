"""The computer's part in a board's session: its moves, the hints and the live
evaluation, searched off the main thread and shown when they still apply.

:class:`~checkers_widget.play.search_control.SearchControl` owns the search threads and
what they found; this part says when to search and what a result still means: each
search remembers the position's version, and a result for a position the game has left
(undo, a new game, a move from Python) is dropped. It reads the board through
:class:`SearchedBoard` and tells it only what to show (:meth:`SearchedBoard.show_status`)
or to publish; the computer's move is played on the game, whose event the session
handles as any other move.
"""

from __future__ import annotations

import logging
import traceback
from collections.abc import Mapping
from contextlib import AbstractContextManager
from typing import Any, Protocol

from ..core.color import Color
from ..core.game import Game
from ..core.move import Move
from ..engine import Analysis
from .players import Player
from .search_control import SearchControl
from .state import Status, analysis_state

__all__ = ["ComputerTurns", "SearchedBoard"]

logger = logging.getLogger("checkers_widget")


class SearchedBoard(Protocol):
    """What the computer's part reads of a board's session, and how it tells it."""

    @property
    def lock(self) -> AbstractContextManager[Any]: ...
    @property
    def version(self) -> int: ...
    @property
    def game(self) -> Game: ...
    @property
    def players(self) -> Mapping[Color, Player]: ...
    @property
    def live_eval(self) -> bool: ...
    @property
    def search(self) -> SearchControl: ...

    def publish(self, *, bump: bool = False, now: bool = False) -> None:
        """Send the board's state out again (``now``: even while an intent is handled)."""

    def show_status(self, status: Status | None, *, error: bool = False) -> None:
        """Put ``status`` on the status line (``error``: keep it among the errors too)
        and publish."""


class ComputerTurns:
    """Starts the board's searches and shows what they find (see the module docstring)."""

    def __init__(self, board: SearchedBoard) -> None:
        self._board = board

    def play(self) -> None:
        """Ask the player to move, an automatic one, for its move."""
        board = self._board
        game = board.game
        player = board.players[game.turn]
        version = board.version
        name = game.side_name(game.turn)

        def announce() -> None:
            board.show_status(
                Status(f"{name}: the computer ({player.level}) is thinking…", "thinking")
            )
            if not board.search.threaded:
                # The search runs in place (Pyodide) before the intent's one state goes
                # out: the board must be told it is thinking first, or it never shows it.
                board.publish(now=True)

        def done(move: Move | None) -> None:
            with board.lock:
                if version != board.version or not board.search.thinking:
                    return  # the game moved on (undo, new game, a move from Python)
                board.search.thinking = False
                if move is None:
                    board.show_status(None)
                    return
                board.game.play(move)  # the game's event clears the status line

        board.search.play_for(player, game.copy(), done, self.failed, announce=announce)

    def failed(self, exc: BaseException) -> None:
        """A search failed: said on the status line and kept among the errors."""
        board = self._board
        with board.lock:
            logger.error("the computer player failed\n%s", "".join(traceback.format_exception(exc)))
            board.search.thinking = False
            text = f"The computer failed: {type(exc).__name__}: {exc}"
            board.show_status(Status(text, "error"), error=True)

    def show_hint(self, analysis: Analysis) -> None:
        """Show ``analysis`` as the hint (and the evaluation, when that is on)."""
        board = self._board
        board.search.show_hint(analysis, live_eval=board.live_eval)
        board.publish()

    def hint_now(self, *, time: float | None, depth: int | None) -> Analysis:
        """A hint searched in place (the caller waits), shown if the position is the same."""
        board = self._board
        version = board.version
        analysis = board.search.hint_now(board.game.copy(), time=time, depth=depth)
        with board.lock:
            if version == board.version:
                self.show_hint(analysis)
        return analysis

    def start_hint(self) -> None:
        """Look for a hint in the background; the status line says so meanwhile."""
        board = self._board
        version = board.version
        board.show_status(Status("Looking for a good move…", "thinking"))

        def done(analysis: Analysis) -> None:
            with board.lock:
                if version == board.version:
                    board.show_status(None)
                    self.show_hint(analysis)

        board.search.find_hint(board.game.copy(), done, self.failed)

    def live_eval_switched(self, on: bool) -> None:
        """The Evaluation switch turned: evaluate this position (unless the computer is
        thinking or the game is over), or drop the evaluation shown."""
        board = self._board
        search = board.search
        if on:
            if not search.thinking and not board.game.is_over():
                self.evaluate()
        else:
            search.stop_analysis()
            search.evaluation = None
            board.publish()

    def evaluate(self) -> None:
        """Keep the live evaluation of this position up to date, deeper and deeper."""
        board = self._board
        search = board.search
        if search.hint is not None:
            # A hint is shown for this position: the evaluation is that same analysis.
            search.evaluation = search.hint
            board.publish()
            return
        version = board.version

        def progress(analysis: Analysis) -> None:
            with board.lock:
                # (A hint asked for meanwhile replaces the evaluation: see show_hint.)
                if version == board.version and board.live_eval and search.hint is None:
                    search.evaluation = analysis_state(analysis)
                    board.publish()

        search.evaluate(board.game.copy(), progress, self.failed)
