"""A game review run off the kernel's main thread, and what it found.

:class:`ReviewControl` runs :func:`checkers_widget.analysis.review.review` (or any
function with its signature: a test gives one that returns a hand-made
:class:`~checkers_widget.analysis.review.Review`) in a worker thread, as the computer's
searches run (:class:`~checkers_widget.play.search_runner.SearchRunner`), so the notebook
stays free while the engine looks at every move. It keeps the progress (plies done of
plies to do), the review once done (with the line it covers) and the error if it failed;
:meth:`ReviewControl.cancel` stops it at once and drops whatever it would have found.

It decides nothing about the board: the session's review panel
(:mod:`~checkers_widget.play.review.game_review`) says when to start and what to publish, and
takes the callbacks under the session's lock.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any, Literal, Protocol

from ...analysis.review import Review, review
from ...analysis.review_jobs import Limits
from ...core.game import Game
from ...core.move import Move
from ..search_runner import THREADS_AVAILABLE, SearchRunner, Ticket

__all__ = ["ReviewControl", "ReviewPhase", "Reviewer"]

#: Where a review stands: never asked for (or cancelled), running, done or failed.
ReviewPhase = Literal["none", "running", "done", "failed"]


class Reviewer(Protocol):
    """What reviews a game: :func:`~checkers_widget.analysis.review.review`'s signature."""

    def __call__(
        self,
        game: Game,
        *,
        time_per_move: float | None = ...,
        depth: int | None = ...,
        on_progress: Callable[[int, int], object] | None = ...,
        stop: threading.Event | Callable[[], bool] | None = ...,
    ) -> Review: ...


class ReviewControl:
    """One board's review: running it in the background, and its result."""

    def __init__(self, reviewer: Reviewer | None = None, *, threaded: bool = THREADS_AVAILABLE):
        #: What reviews the game (default: the engine's review).
        self.reviewer: Reviewer = reviewer or review
        self._runner = SearchRunner(threaded=threaded)
        #: The running review's ticket (its stop and done events), or None.
        self.ticket: Ticket | None = None
        self.phase: ReviewPhase = "none"
        #: Plies reviewed so far, of ``total``.
        self.done = 0
        self.total = 0
        #: The review once done, and the start position and line it covers.
        self.result: Review | None = None
        self.start_fen = ""
        self.line: tuple[Move, ...] = ()
        #: Why the last review failed, in words.
        self.error: str | None = None
        #: The search limits the last review was asked for (the learn mode checks moves
        #: with the same).
        self.time_per_move: float | None = None
        self.depth: int | None = None
        self._generation = 0

    @property
    def running(self) -> bool:
        return self.phase == "running"

    def start(
        self,
        game: Game,
        *,
        time_per_move: float | None,
        depth: int | None,
        on_change: Callable[[], None],
        lock: AbstractContextManager[Any],
    ) -> Ticket:
        """Review the whole current line of ``game`` (a copy is taken now) in the
        background; ``on_change()`` runs (under ``lock``) at every step and at the end."""
        self.cancel()
        copy = game.copy()
        copy.goto(len(copy.line))
        self._generation += 1
        generation = self._generation
        self.phase = "running"
        self.done, self.total = 0, copy.ply
        self.result, self.error = None, None
        self.start_fen, self.line = copy.start_fen, tuple(copy.moves)
        self.time_per_move, self.depth = time_per_move, depth

        def current() -> bool:
            return generation == self._generation and self.phase == "running"

        def progress(done: int, total: int) -> None:
            with lock:
                if current():
                    self.done, self.total = int(done), int(total)
                    on_change()

        def finished(result: Review) -> None:
            with lock:
                if current():
                    self.phase, self.result = "done", result
                    self.done = self.total = len(result.plies)
                    on_change()

        def failed(exc: BaseException) -> None:
            with lock:
                if current():
                    self.phase = "failed"
                    self.error = f"The review failed: {type(exc).__name__}: {exc}"
                    on_change()

        def search(stop: threading.Event) -> Review:
            return self.reviewer(
                copy,
                time_per_move=time_per_move,
                depth=depth,
                on_progress=progress,
                stop=stop,
            )

        # (The ticket is known before a run in place, without threads, calls back.)
        self.ticket = self._runner.start(search, finished, failed)
        return self.ticket

    def cancel(self) -> None:
        """Stop a running review and drop what it would find (a finished one stays)."""
        if self.phase == "running":
            self.phase = "none"
            self.done = self.total = 0
        self._generation += 1
        self._runner.cancel()

    def clear(self) -> None:
        """Forget the review altogether (cancelling one that runs)."""
        self.cancel()
        self.phase, self.result, self.error, self.line = "none", None, None, ()

    def covers(self, game: Game) -> bool:
        """Whether the finished review is of ``game``'s line (played on from it, or not)."""
        return self.result is not None and self.follows(game)

    def follows(self, game: Game) -> bool:
        """Whether ``game``'s line is the line reviewed (or is played on from it)."""
        if game.start_fen != self.start_fen:
            return False
        line = game.line
        n = len(self.line)
        return len(line) >= n and all(a == b for a, b in zip(line, self.line, strict=False))

    def wait(self, timeout: float | None = None) -> bool:
        """Wait for the review's thread to finish; False if ``timeout`` ran out."""
        ticket = self.ticket
        return ticket is None or ticket.done.wait(timeout)

    def limits(self) -> Limits:
        """The search limits the review was run with (the default node budget unless a
        depth or a time was asked for)."""
        if self.depth is None and self.time_per_move is None:
            return Limits()
        return Limits(nodes=None, depth=self.depth, time=self.time_per_move)
