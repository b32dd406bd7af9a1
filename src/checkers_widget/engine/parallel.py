"""Root splitting: one time-limited American search spread over worker processes.

:class:`Engine(workers=N) <.engine.Engine>` hands its time-limited searches here. The
root's legal moves are dealt among ``N`` worker processes; each runs the ordinary
iterative-deepening search (:meth:`.search.Searcher.run` with ``root_moves=``) on its
share of the moves, to the same deadline, and the main process combines their answers
(:func:`combine`). CPython runs one thread of Python at a time, so processes, not
threads, are the only way to use more than one core; and a process cannot share the
search's transposition table (a dict) without copying, so the simplest split that
shares nothing is at the root.

How the moves are dealt: a quick search of the root to :data:`ORDER_DEPTH` plies, every
move with an exact score, puts them in order, and they are dealt round-robin (the best
to worker 0, the second to worker 1, ...), so that each worker gets one of the likely
best moves to search first and none gets all the promising ones.

The one thing the shares do share is a floor per depth (a shared array of integers):
a worker that completes an iteration publishes its exact best score at that depth, and a
worker that starts the same depth later searches its moves only above the best score
published (:meth:`.Searcher.run`'s ``root_floor``), ending the iteration at once when
none beats it, so that a share that lags catches up instead of proving exact scores for
moves already known to be worse.

Measured (``benchmarks/engine_parallel.py``, ``benchmarks/README.md``): on a 2-core
machine running other jobs, two workers reached a fixed depth more slowly than one
process (time-to-depth speed-up about 0.7): one search of all the moves refutes the
second and later moves cheaply with null windows and the transposition table that the
first move's search filled, which the shares cannot do for each other.

The pool (:class:`WorkerPool`) belongs to one engine: created on its first parallel
search, with the ``forkserver`` start method where there is one, else ``spawn`` (never
``fork``: forking a Jupyter kernel, which runs threads, can copy a held lock into the
child and hang it), and shut down by :meth:`.Engine.close`, when the engine is
collected, or at exit. Its workers share one :class:`multiprocessing.Event` (given to
them when they start), which the main process sets when the search must stop
(:meth:`.Engine.stop`, a ``stop=`` event, or the deadline overrun); the workers poll it
with the search's other limits, every 512 nodes. Each worker also sends every
iteration it completes through a queue, so that the main process can report progress
(``on_info``) as the common depth grows.

Where processes cannot be made (Pyodide, ``sys.platform == "emscripten"``, has no
processes; a sandbox may forbid them), :func:`make_pool` fails and the engine searches
in its own process, with a note in the log.
"""

from __future__ import annotations

import contextlib
import logging
import multiprocessing
import os
import queue
import sys
import threading
import time
import weakref
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, wait
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from ..core.movegen import BitMove
from .search import INF, MATE_BOUND, MAX_DEPTH, Iteration, Searcher

if TYPE_CHECKING:
    # Only for the annotations: in Pyodide these modules cannot even be imported (no
    # _multiprocessing), and this module must import there to say "one process".
    from concurrent.futures import ProcessPoolExecutor
    from multiprocessing.synchronize import Event as MpEvent

__all__ = [
    "ORDER_DEPTH",
    "Share",
    "WorkerPool",
    "available_cores",
    "combine",
    "deal",
    "make_pool",
    "processes_available",
]

log = logging.getLogger(__name__)

#: Depth of the quick search that orders the root moves before they are dealt.
ORDER_DEPTH = 4
#: How long past the deadline the main process waits before it sets the stop event
#: itself (the workers stop at the deadline on their own; this is a safety net).
OVERRUN_GRACE = 0.25
#: How often (seconds) the main process looks at its stop requests while it waits.
POLL = 0.01


def processes_available() -> bool:
    """False where Python has no processes to start (Pyodide: ``emscripten``; WASI)."""
    return sys.platform not in ("emscripten", "wasi")


def available_cores() -> int:
    """The cores this process may run on (its CPU affinity where the system tells it,
    else :func:`os.cpu_count`), at least 1."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


# ---------------------------------------------------------------------- the worker side

#: In a worker process: the stop event, the progress queue and the floors its pool
#: gave it.
_worker_stop: MpEvent | None = None
_worker_progress: Any = None
_worker_floors: Any = None


def _init_worker(stop: MpEvent, progress: Any, floors: Any) -> None:
    """Pool initializer: keep the shared stop event, progress queue and floors (the
    search itself is imported with this module, not during the first search's time)."""
    global _worker_stop, _worker_progress, _worker_floors
    _worker_stop = stop
    _worker_progress = progress
    _worker_floors = floors


def _warm() -> int:
    """A no-op task, submitted once per worker when the pool starts."""
    return os.getpid()


@dataclass(frozen=True)
class Share:
    """One worker's task: a position, its context and limits, and its root moves.

    ``remaining`` is the time left to the deadline when the task was sent,
    ``soft_remaining`` that to the soft limit (see :meth:`.Searcher.run`'s
    ``soft_time``), and ``sent`` the wall-clock time (``time.time()``) of sending:
    ``perf_counter`` is not promised to count from the same origin in every process, so
    the worker sets its own deadline from these, less the time the task took to reach it.
    """

    search_id: int
    worker: int
    own: int
    opp: int
    kings: int
    black: bool
    reps: dict[tuple[int, int, int, bool], int]
    quiet: int
    quiet_limit: int | None
    endgame_tables: bool
    max_depth: int | None
    remaining: float
    soft_remaining: float | None
    sent: float
    all_scores: bool
    moves: tuple[BitMove, ...]


@dataclass(frozen=True)
class ShareResult:
    """What one worker found: every completed iteration, its nodes and deepest ply."""

    worker: int
    iterations: list[Iteration[BitMove]]
    nodes: int
    seldepth: int


def search_share(share: Share) -> ShareResult:
    """Run in a worker: the ordinary search restricted to ``share.moves``."""
    late = max(0.0, time.time() - share.sent)
    now = time.perf_counter()
    remaining = share.remaining - late
    deadline = now + remaining
    soft = None if share.soft_remaining is None else now + share.soft_remaining - late
    stop_event = _worker_stop
    progress = _worker_progress
    searcher = Searcher(
        reps=share.reps,
        quiet=share.quiet,
        quiet_limit=share.quiet_limit,
        endgame_tables=share.endgame_tables,
    )
    done: list[Iteration[BitMove]] = []
    floors = _worker_floors

    def record(it: Iteration[BitMove]) -> None:
        done.append(it)
        if floors is not None and not it.bound and it.depth < len(floors):
            with floors.get_lock():
                if it.score > floors[it.depth]:
                    floors[it.depth] = it.score
        if progress is not None:
            progress.put((share.search_id, share.worker, it))

    def floor(depth: int) -> int | None:
        if floors is None or depth >= len(floors):
            return None
        value = int(floors[depth])
        return None if value <= -INF else value

    searcher.run(
        share.own,
        share.opp,
        share.kings,
        share.black,
        max_depth=share.max_depth,
        deadline=deadline,
        stop=stop_event.is_set if stop_event is not None else None,
        all_scores=share.all_scores,
        on_iteration=record,
        soft_time=soft,
        root_moves=share.moves,
        root_floor=floor,
    )
    return ShareResult(share.worker, done, searcher.nodes, searcher.seldepth)


# ---------------------------------------------------------------------- dealing, combining


def deal(moves: Sequence[BitMove], workers: int) -> list[tuple[BitMove, ...]]:
    """``moves`` (best first) dealt round-robin into at most ``workers`` non-empty shares."""
    n = max(1, min(workers, len(moves)))
    return [tuple(moves[i::n]) for i in range(n)]


def combine(histories: Sequence[Sequence[Iteration[BitMove]]]) -> Iteration[BitMove] | None:
    """The result of a root-split search from each share's completed iterations.

    The rule: the best move of the **deepest depth every share completed**. At one
    depth each share's best score is either exact (the search's first move at a share
    gets a full window, widened on an aspiration failure) or, when the share searched
    above the floor another share had proved at that depth and no move beat it, marked
    :attr:`~.search.Iteration.bound` (at most that floor, so never the best). The
    shares' moves together are all the root's moves, so the highest exact score is the
    whole root's best move at that depth: the answer one process would have found at
    that depth. Scores of different depths are not compared, since a score swings
    between odd and even depths and a share that reached a deeper iteration would
    otherwise win by that alone.

    A share whose last iteration proved a result (a win or a loss within its full
    depth) stopped deepening because deeper adds nothing: its proven score counts at
    every depth beyond. The returned iteration is the winner's, with the nodes and
    deepest ply of all shares (``root_scores`` and ``root_pvs`` merged from every share
    at that depth, for the noisy levels). None when a share has no completed iteration.
    """
    if not histories or any(not h for h in histories):
        return None

    def reach(h: Sequence[Iteration[BitMove]]) -> int:
        last = h[-1]
        return 1 << 30 if abs(last.score) > MATE_BOUND and not last.bound else last.depth

    common = min(reach(h) for h in histories)
    at_depth: list[Iteration[BitMove]] = []
    for h in histories:
        pick = h[-1]
        for it in h:
            if it.depth == common:
                pick = it
        at_depth.append(pick)
    if common >= 1 << 30:
        common = max(it.depth for it in at_depth)
    best = max(at_depth, key=lambda it: (not it.bound, it.score))
    scores: dict[BitMove, int] = {}
    pvs: dict[BitMove, list[BitMove]] = {}
    for it in at_depth:
        scores.update(it.root_scores)
        pvs.update(it.root_pvs)
    return Iteration(
        common,
        best.move,
        best.score,
        list(best.pv),
        sum(h[-1].nodes for h in histories),
        max(it.seldepth for h in histories for it in h),
        True,
        scores,
        pvs,
    )


# ---------------------------------------------------------------------- the pool


class WorkerPool:
    """A pool of ``size`` worker processes for one engine, with its stop event.

    :meth:`search` runs one root-split search; one at a time (a second caller while
    one runs gets None and searches in its own process). :meth:`close` ends the workers
    and waits for them.
    """

    def __init__(self, size: int) -> None:
        methods = multiprocessing.get_all_start_methods()
        ctx = multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")
        self.size = size
        self._stop = ctx.Event()
        self._progress = ctx.SimpleQueue()
        #: The best exact score proved at each depth by any worker in this search.
        self._floors = ctx.Array("i", MAX_DEPTH + 2)
        self._lock = threading.Lock()
        self._search_id = 0
        from concurrent.futures import ProcessPoolExecutor

        self._executor = ProcessPoolExecutor(
            max_workers=size,
            mp_context=ctx,
            initializer=_init_worker,
            initargs=(self._stop, self._progress, self._floors),
        )
        self._closer = weakref.finalize(self, _shutdown, self._executor, self._stop)
        try:
            # Start every worker now, so that a search's time is not spent starting them.
            for f in [self._executor.submit(_warm) for _ in range(size)]:
                f.result(timeout=60)
        except BaseException:
            self.close()
            raise

    @property
    def closed(self) -> bool:
        """True once :meth:`close` ran (or the pool broke)."""
        return not self._closer.alive

    def close(self) -> None:
        """Stop any search, end the workers and wait for them (idempotent)."""
        self._closer()

    def search(
        self,
        shares: list[Share],
        stopped: Callable[[], bool],
        deadline: float,
        on_progress: Callable[[list[list[Iteration[BitMove]]]], None] | None = None,
    ) -> list[ShareResult] | None:
        """Run ``shares`` on the workers and return their results, in share order.

        While they run, the caller's ``stopped`` is polled every :data:`POLL` seconds
        and, once it says stop (or the deadline is :data:`OVERRUN_GRACE` past), the
        shared stop event is set: the workers then return within about 512 nodes with
        their completed iterations. ``on_progress`` gets every share's completed
        iterations so far whenever one more arrives. None if the pool is busy with
        another search.
        """
        if not self._lock.acquire(blocking=False):
            return None
        try:
            self._search_id += 1
            sid = self._search_id
            self._stop.clear()
            self._drain(sid, None)
            with self._floors.get_lock():
                for d in range(len(self._floors)):
                    self._floors[d] = -INF
            futures: list[Future[ShareResult]] = [
                self._executor.submit(search_share, replace_id(s, sid)) for s in shares
            ]
            live: list[list[Iteration[BitMove]]] = [[] for _ in shares]
            pending: set[Future[ShareResult]] = set(futures)
            try:
                while pending:
                    _, pending = wait(pending, timeout=POLL, return_when=FIRST_COMPLETED)
                    # Always read the queue, so that no worker blocks on a full pipe.
                    if self._drain(sid, live) and on_progress is not None:
                        on_progress(live)
                    if not self._stop.is_set() and (
                        stopped() or time.perf_counter() > deadline + OVERRUN_GRACE
                    ):
                        self._stop.set()
                return [f.result() for f in futures]
            except BaseException:
                # Interrupted or a worker failed: make sure none keeps searching.
                self._stop.set()
                wait(futures, timeout=5)
                raise
        finally:
            self._lock.release()

    def _drain(self, sid: int, live: list[list[Iteration[BitMove]]] | None) -> bool:
        """Read the progress queue; keep this search's iterations in ``live``."""
        got = False
        q = self._progress
        while not q.empty():
            try:
                search_id, worker, it = q.get()
            except (EOFError, OSError, queue.Empty):  # pragma: no cover - pool broken
                break
            if live is not None and search_id == sid:
                live[worker].append(it)
                got = True
        return got


def replace_id(share: Share, sid: int) -> Share:
    """``share`` with its search id set (the progress queue's messages carry it)."""
    return replace(share, search_id=sid)


def _shutdown(executor: ProcessPoolExecutor, stop: MpEvent) -> None:
    """End a pool's workers: stop any search, cancel what is queued, join them."""
    with contextlib.suppress(OSError, ValueError):  # already torn down at exit
        stop.set()
    executor.shutdown(wait=True, cancel_futures=True)


#: The factory :meth:`.Engine` uses (tests replace it to exercise the fallback).
def make_pool(size: int) -> WorkerPool:
    """A started :class:`WorkerPool` of ``size`` workers; raises where processes cannot
    be made (Pyodide, a sandbox), which the engine turns into a one-process search."""
    if not processes_available():
        raise OSError(f"no processes on {sys.platform}")
    return WorkerPool(size)
