"""Everything a board searches for: the computer's move, a hint, the live evaluation.

One :class:`SearchControl` per board owns the two search threads (one for the player
whose turn it is, one for analysis: hints and the evaluation) and what they found, so
that stopping every search is one call (:meth:`SearchControl.stop_all`). It decides
nothing about the game: the session says when to search and what a result still means
(a result for a position the game has left is dropped by the session's callbacks).

Hints and evaluations come from a :class:`HintSource`, anything with an engine's
``analyse``: an :class:`~checkers_widget.engine.Engine`, or a lesson's own source that
only reads its answer.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any, Protocol, runtime_checkable

from ..core.game import Game
from ..core.move import Move
from ..engine import Analysis
from .players import Player
from .search_runner import THREADS_AVAILABLE, SearchRunner
from .state import AnalysisState, analysis_state

__all__ = ["AnswerHints", "HintSource", "SearchControl"]


@runtime_checkable
class HintSource(Protocol):
    """What a hint or an evaluation comes from: an engine's ``analyse`` (Engine has it)."""

    def analyse(
        self,
        position: Game,
        *,
        time: float | None = None,
        depth: int | None = None,
        stop: threading.Event | None = None,
        on_info: Callable[[Analysis], Any] | None = None,
    ) -> Analysis: ...


class AnswerHints:
    """A :class:`HintSource` that searches nothing: the hint is the move ``answer()``
    gives (a lesson's expected move, a puzzle's next solution move; None: no hint).

    ``answer`` is called for each hint, so it may also note that the answer was shown."""

    def __init__(self, answer: Callable[[], Move | None]) -> None:
        self._answer = answer

    def analyse(
        self,
        position: Game,
        *,
        time: float | None = None,
        depth: int | None = None,
        stop: threading.Event | None = None,
        on_info: Callable[[Analysis], Any] | None = None,
    ) -> Analysis:
        move = self._answer()
        return Analysis(move, 0.0, None, pv=[move] if move else [])


class SearchControl:
    """The board's searches (see the module docstring)."""

    def __init__(
        self,
        hint_engine: HintSource,
        eval_engine: HintSource,
        *,
        threaded: bool = THREADS_AVAILABLE,
    ) -> None:
        #: Where hints come from (the widget's ``hint_engine``).
        self.hint_engine = hint_engine
        #: Where the live evaluation comes from (the widget's ``eval_engine``).
        self.eval_engine = eval_engine
        #: Whether hints show a score (False for a lesson's, which are answers).
        self.scored_hints = True
        self._mover = SearchRunner(threaded=threaded)
        self._analyst = SearchRunner(threaded=threaded)
        #: Whether the player to move is searching for its move.
        self.thinking = False
        #: The hint shown for this position, or None (see
        #: :func:`~checkers_widget.play.state.analysis_state`).
        self.hint: AnalysisState | None = None
        #: The live evaluation shown for this position, or None.
        self.evaluation: AnalysisState | None = None

    def use_hints(self, source: HintSource, *, scored: bool = True) -> None:
        """Take hints from ``source`` from now on (``scored``: show their scores)."""
        self.hint_engine = source
        self.scored_hints = scored

    # ------------------------------------------------------------------ stopping
    def stop_all(self) -> None:
        """Stop every search (the move's and the analysis) and drop what they find."""
        self._mover.cancel()
        self._analyst.cancel()
        self.thinking = False

    def stop_move(self) -> None:
        """Stop the search for the player's move only."""
        self._mover.cancel()
        self.thinking = False

    def stop_analysis(self) -> None:
        """Stop a hint or evaluation search."""
        self._analyst.cancel()

    def forget(self) -> None:
        """The position changed: its hint and evaluation no longer apply."""
        self.hint = None
        self.evaluation = None

    def wait(self, timeout: float | None) -> bool:
        """Wait for both searches to finish; False if ``timeout`` ran out."""
        return self._mover.wait(timeout) and self._analyst.wait(timeout)

    # ------------------------------------------------------------------ searching
    @property
    def threaded(self) -> bool:
        """Whether the computer's searches run in a worker thread; False where there are
        none (Pyodide): a search then runs in place, while the caller waits."""
        return self._mover.threaded

    def play_for(
        self,
        player: Player,
        game: Game,
        on_move: Callable[[Move | None], None],
        on_error: Callable[[BaseException], None],
        *,
        announce: Callable[[], None],
    ) -> None:
        """Ask an automatic ``player`` for its move in ``game`` (a copy), off the main thread.

        ``announce()`` runs once :attr:`thinking` is set, before the search starts (where
        there are no threads, the search runs in place and its move is played at once).
        """
        self.thinking = True
        announce()
        self._mover.start(lambda stop: player.choose(game, stop), on_move, on_error)

    def hint_now(self, game: Game, *, time: float | None, depth: int | None) -> Analysis:
        """A hint searched in place (the caller waits)."""
        return self.hint_engine.analyse(game, time=time, depth=depth)

    def find_hint(
        self,
        game: Game,
        on_hint: Callable[[Analysis], None],
        on_error: Callable[[BaseException], None],
    ) -> None:
        """Search for a hint in ``game`` (a copy) without blocking."""
        source = self.hint_engine
        self._analyst.start(lambda stop: source.analyse(game, stop=stop), on_hint, on_error)

    def show_hint(self, analysis: Analysis, *, live_eval: bool) -> None:
        """Keep ``analysis`` as the hint; with the live evaluation on, the evaluation shows
        the same analysis (one search, one answer)."""
        self.hint = analysis_state(analysis, scored=self.scored_hints)
        if live_eval:
            self._analyst.cancel()  # an evaluation still searching would say otherwise
            self.evaluation = self.hint

    def evaluate(
        self,
        game: Game,
        on_progress: Callable[[Analysis], None],
        on_error: Callable[[BaseException], None],
    ) -> None:
        """Evaluate ``game`` (a copy) without blocking, reporting each deeper result."""
        source = self.eval_engine
        self._analyst.start(
            lambda stop: source.analyse(game, stop=stop, on_info=on_progress),
            on_progress,
            on_error,
        )
