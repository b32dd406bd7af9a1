"""The positions of a review as independent, picklable jobs, and running them (issue 14).

One job is one position: the game's start FEN, its draw rules and the moves up to that
ply. A worker rebuilds the game from them (so the 40-move rule and repetitions count as
in the real game) and searches it; the answer is a :class:`PositionEval`. Jobs and answers
are plain frozen dataclasses, so they travel to a process pool or a dask worker unchanged.

:func:`run_jobs` spreads jobs over a :class:`concurrent.futures.Executor` (or runs them
one after another in this thread), reports progress, and stops on request: on ``stop`` or
a KeyboardInterrupt it cancels every job not yet started and returns (or re-raises) at
once, with the answers it has.
"""

from __future__ import annotations

import logging
import signal
import threading
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import (
    FIRST_COMPLETED,
    BrokenExecutor,
    Executor,
    Future,
    ProcessPoolExecutor,
    wait,
)
from dataclasses import dataclass

from ..core.errors import CheckersError
from ..core.game import DrawRules, Game
from ..core.move import Move
from ..engine import Engine
from ..engine.endgame_db import table_drawn
from ..engine.search import MAX_DEPTH

logger = logging.getLogger("checkers_widget")

__all__ = [
    "DEFAULT_NODES",
    "Limits",
    "PositionEval",
    "PositionJob",
    "analyse_position",
    "local_pool",
    "run_jobs",
]

#: The default search of each position: a node budget (the same on every machine; about
#: a second of search in CPython 3.11 on the project's 2-core machine, like Hard).
DEFAULT_NODES = 300_000

#: The engine level the review searches with: no noise, and exact king endings.
LEVEL = "hard"

Stop = threading.Event | Callable[[], bool]


@dataclass(frozen=True, slots=True)
class Limits:
    """How long each position is searched: at most one of them is not None."""

    nodes: int | None = DEFAULT_NODES
    depth: int | None = None
    time: float | None = None


@dataclass(frozen=True, slots=True)
class PositionJob:
    """The position after ``moves`` from ``start_fen`` under ``rules``, to be searched."""

    start_fen: str
    rules: DrawRules
    moves: tuple[Move, ...]
    limits: Limits


@dataclass(frozen=True, slots=True)
class PositionEval:
    """What the engine found in one position, from the side to move's point of view.

    ``score``/``mate``: as :class:`~checkers_widget.engine.Analysis`; ``draw``: a proven
    draw (the game is over by its draw rules, or a king ending the exact tables call
    drawn); ``best``/``line``: the engine's move and principal variation (None and empty
    when the game is over); ``choices``: how many legal moves there are.
    """

    score: float
    mate: int | None
    draw: bool
    best: Move | None
    line: tuple[Move, ...]
    choices: int


_ENGINES: dict[str, Engine] = {}


def _engine() -> Engine:
    """One engine per process (each search starts from an empty table anyway)."""
    engine = _ENGINES.get(LEVEL)
    if engine is None:
        engine = _ENGINES[LEVEL] = Engine(LEVEL)
    return engine


def rebuild(start_fen: str, rules: DrawRules, moves: Iterable[Move]) -> Game:
    """The game from ``start_fen`` after ``moves``, with ``rules``: history counts."""
    game = Game(start_fen, draw_rules=rules)
    for move in moves:
        game.play(move)
    return game


def analyse_position(job: PositionJob, stop: Stop | None = None) -> PositionEval:
    """Search one job's position (module level, so a process pool can call it)."""
    game = rebuild(job.start_fen, job.rules, job.moves)
    if game.is_over():  # by the rules alone: the rebuilt game has no recorded result
        lost = game.winner is not None
        return PositionEval(-100.0 if lost else 0.0, 0 if lost else None, not lost, None, (), 0)
    limits = job.limits
    # A depth is always given: without one, the engine answers a forced move after a
    # shallow search (it only needs the move); a review needs the position's value.
    depth = limits.depth if limits.depth is not None else MAX_DEPTH
    found = _engine().analyse(game, nodes=limits.nodes, depth=depth, time=limits.time, stop=stop)
    choices = len(game.legal_moves())
    draw = found.draw or (found.mate is None and table_drawn(game.board))
    return PositionEval(found.score, found.mate, draw, found.move, tuple(found.pv), choices)


def _quiet_worker() -> None:
    """Pool workers leave Ctrl-C (the kernel's interrupt) to the parent, which cancels."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def local_pool(workers: int) -> ProcessPoolExecutor:
    """A process pool of ``workers`` processes that leave Ctrl-C to this one."""
    return ProcessPoolExecutor(max_workers=workers, initializer=_quiet_worker)


def _stopper(stop: Stop | None) -> Callable[[], bool]:
    if stop is None:
        return lambda: False
    if isinstance(stop, threading.Event):
        return stop.is_set
    return stop


def run_jobs(
    jobs: Iterable[PositionJob],
    total: int,
    executor: Executor | None,
    *,
    on_progress: Callable[[int, int], object] | None = None,
    stop: Stop | None = None,
    window: int = 16,
) -> dict[int, PositionEval]:
    """Run ``jobs`` (``total`` of them), in ``executor`` or in this thread when None.

    Returns the answers by job index: all of them, or those finished when ``stop`` fired.
    At most ``window`` jobs are handed to the executor at a time, so a long archive never
    sits in memory as futures, and a cancel has little to take back. On a
    KeyboardInterrupt the jobs not yet started are cancelled and the interrupt goes on.
    """
    stopped = _stopper(stop)
    answers: dict[int, PositionEval] = {}

    def progress() -> None:
        if on_progress is not None:
            on_progress(len(answers), total)

    progress()
    numbered = enumerate(jobs)
    if executor is None:
        for index, job in numbered:
            if stopped():
                break
            answer = analyse_position(job, stopped)
            if stopped():  # the search was cut short: its answer is not the settings' answer
                break
            answers[index] = answer
            progress()
        return answers
    _run_in(executor, numbered, answers, progress, stopped, window)
    return answers


def _run_in(
    executor: Executor,
    numbered: Iterator[tuple[int, PositionJob]],
    answers: dict[int, PositionEval],
    progress: Callable[[], None],
    stopped: Callable[[], bool],
    window: int,
) -> None:
    pending: dict[Future[PositionEval], int] = {}

    def fill() -> None:
        while len(pending) < window:
            item = next(numbered, None)
            if item is None:
                return
            index, job = item
            pending[executor.submit(analyse_position, job)] = index

    try:
        try:
            fill()
        except RuntimeError as exc:  # a shut-down executor refuses work: nothing was done
            raise CheckersError(
                f"the executor takes no more work ({exc}): give a live one"
            ) from exc
        while pending and not stopped():
            done, _ = wait(pending, timeout=0.1, return_when=FIRST_COMPLETED)
            for future in done:
                try:
                    answers[pending.pop(future)] = future.result()
                except BrokenExecutor as exc:
                    # A worker died (killed, out of memory): keep the plies finished, as a
                    # cancel does; the review says it is not complete.
                    logger.warning("a review worker died (%s); the review stops where it was", exc)
                    return
            if done:
                progress()
                fill()
    finally:
        for future in pending:
            future.cancel()
