"""The computer player: ``Engine``, its levels and the ``Analysis`` it returns.

This module turns the raw searches (:mod:`.search` for American checkers,
:mod:`.general_search` for every other variant, chosen by the board's variant) into the
contract that the widget, lessons and tests use:
``Engine(level, seed).analyse(board_or_game, ...)`` returns an :class:`Analysis` with
``move``, ``score``, ``mate``, ``pv``, ``depth`` and ``nodes``; ``best_move`` returns the
move alone. :meth:`Engine.choose` is the move the computer *plays*: in American checkers it
first looks in the opening book (:mod:`.book`), and searches only out of book; hints and
evaluations call :meth:`Engine.analyse`, which always searches (a book move has no
evaluation to show).

:meth:`Engine.analyse` goes in steps: the call is checked (:func:`_check_request`) and
resolved into a ``_Job`` (the position and its history, the limits from
:meth:`Engine._budget`), then searched by the board's searcher
(``_analyse_american``, which may split the root over worker processes, or
``_analyse_general``); both go through ``Engine._search``, which runs the searcher,
reports each iteration and turns its result into an :class:`Analysis`
(``Engine._chosen``: the best move, or a noisy level's loose choice).
"""

from __future__ import annotations

import logging
import random
import threading
import time as _time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import partial
from typing import Any, Literal, NamedTuple, TypeVar

from ..core.board import Board, moves_of
from ..core.color import BLACK
from ..core.errors import CheckersError, brief
from ..core.game import DrawRules, Game
from ..core.move import Move
from ..core.movegen import BitMove, play
from ..core.squares import BIT
from ..core.variant_movegen import RawMove
from ..core.variants import AMERICAN, Variant
from . import parallel
from .book import OpeningBook
from .deepening import Iteration, Position, SearchState
from .endgame_db import table_drawn
from .general_search import GeneralSearcher, RawPosition, raw_position
from .scores import MATE_BOUND, WIN_SCORE, in_men, signed_men
from .search import Searcher

__all__ = ["LEVELS", "WIN_SCORE", "Analysis", "Engine", "Level"]

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Level:
    """How one playing level searches.

    ``depth``: plies (None: no depth limit); ``time``: seconds per move (None: no time
    limit); ``nodes``: node budget (None: none). ``noise`` and ``margin`` (hundredths of
    a man) make a level play loosely: every move scoring within ``margin`` of the best
    is a candidate, each gets Gaussian noise of standard deviation ``noise`` added to its
    score, and the highest wins. The random numbers come from the engine's seeded
    generator, so a seed repeats the games exactly. ``endgame``: positions of at
    most four pieces, men and kings, are looked up in exact databases
    (:mod:`.endgame_db`) instead of searched, so that two kings beat one, or a king
    and a man a king, by the shortest route, and a drawn ending is known drawn.
    ``book_variety``: how :meth:`Engine.choose` picks among the opening book's moves (see
    :meth:`~.book.OpeningBook.choose`): 0 always the heaviest (the most played with the
    best record), 1 in proportion to the weights, 0.5 in proportion to their squares.
    """

    depth: int | None = None
    time: float | None = None
    nodes: int | None = None
    noise: int = 0
    margin: int = 0
    #: Exact play of every ending of up to four pieces from the endgame databases.
    endgame: bool = False
    #: The variety of the opening book's choice (0: always the heaviest book move).
    book_variety: float = 1.0


#: The playing levels. Easy and Normal are depth-limited, so they play the same moves
#: on every machine; Hard and Expert use the time they are given (about one second and
#: five seconds a move) and reach whatever depth that allows. The same levels play every
#: variant (:func:`level_depth`: Normal looks two plies less deep on a 10x10 board; the
#: endgame tables are American checkers' only).
LEVELS: dict[str, Level] = {
    # About two moves ahead, and loose: picks among the moves within 0.8 of a man of
    # the best, with noise of 0.5 of a man.
    "easy": Level(depth=4, noise=50, margin=80, book_variety=1.0),
    # About four moves ahead (8 plies), a little loose: among the moves within 0.3 of a
    # man of the best, with noise of 0.2 of a man. (Without the noise, depth 8 scores
    # close to even against Hard's 1 s: two more plies are worth less than they sound.)
    "normal": Level(depth=8, noise=20, margin=30, book_variety=1.0),
    # As deep as about one second allows: depth 11-12 from the opening in CPython 3.11
    # on a 2-core machine (the start position completes depth 12 in about 0.85 s there
    # when the machine is otherwise idle), far deeper in the ending, and endings of up
    # to four pieces played exactly from the endgame databases. Reference products' Hard looks 6-8
    # plies ahead.
    # Its book moves vary, favouring the heavy ones (weights squared).
    "hard": Level(time=1.0, endgame=True, book_variety=0.5),
    # A longer budget: five seconds a move, and always the heaviest book move.
    "expert": Level(time=5.0, endgame=True, book_variety=0.0),
}


@dataclass(frozen=True)
class Analysis:
    """What the engine thinks of a position.

    ``move``: the move the engine plays here (None when the game is over).
    ``score``: the value for the side to move, in men (``+1.0``: a man up or as good
    as that); a proven win is ``+WIN_SCORE`` (100.0) and a proven loss ``-WIN_SCORE``.
    ``mate``: ``None`` unless the search proved the result: ``+n`` means the side to
    move wins with its ``n``-th move from here, ``-n`` that the opponent wins with its
    ``n``-th move; ``0`` means the game is already over: the side to move has lost (no
    legal move), or, with a ``score`` of ``+WIN_SCORE``, won (giveaway, where having no
    move wins).
    ``pv``: the principal variation, starting with ``move``. ``depth``: the deepest
    iteration completed (plies, extensions not counted); ``seldepth``: the deepest
    ply reached. ``nodes``: positions searched; ``time``: seconds spent.
    ``draw``: True for a proven draw: the game is already drawn by its rules (then
    ``move`` is None), or, at the levels with the endgame databases (Hard, Expert), a
    position of at most four pieces that the databases call drawn (then ``move`` is one
    that keeps the draw, and :attr:`score_text` says ``draw``).
    ``source``: ``"search"``, or ``"book"`` for a move :meth:`Engine.choose` took from the
    opening book: then ``pv`` is the move alone, ``depth`` and ``nodes`` are 0 and
    ``score`` is 0.0, since a book move comes with no evaluation (``book_games`` and
    ``book_score`` give its record instead: games and their score for the mover, 0 to 1).
    """

    move: Move | None
    score: float
    mate: int | None
    pv: list[Move] = field(default_factory=list)
    depth: int = 0
    seldepth: int = 0
    nodes: int = 0
    time: float = 0.0
    draw: bool = False
    source: Literal["search", "book"] = "search"
    book_games: int = 0
    book_score: float = 0.0

    @property
    def score_text(self) -> str:
        """The score as people write it: ``+1.35``, ``-0.20``, ``win in 5``, ``loss in 3``,
        ``draw`` (a proven draw)."""
        if self.draw:
            return "draw"
        if self.mate is not None:
            if self.mate > 0:
                return f"win in {self.mate}"
            if self.mate:
                return f"loss in {-self.mate}"
            return "won" if self.score > 0 else "lost"
        return signed_men(self.score)

    def __str__(self) -> str:
        if self.move is None:
            return "no move (draw)" if self.draw else f"no move ({self.score_text})"
        if self.source == "book":
            return f"{self.move} (book: {self.book_games} games, score {self.book_score:.2f})"
        line = " ".join(str(m) for m in self.pv)
        return f"{self.move} {self.score_text} (depth {self.depth}) pv: {line}"


_StopLike = threading.Event | Callable[[], bool]
#: A searcher's own move type (:mod:`.search`'s or :mod:`.general_search`'s).
_M = TypeVar("_M", BitMove, RawMove)


class _Budget(NamedTuple):
    """The limits of one search: depth, deadline, node budget, stop, soft time limit."""

    depth: int | None
    deadline: float | None
    nodes: int | None
    stop: Callable[[], bool]
    soft: float | None


class _Job(NamedTuple):
    """One :meth:`Engine.analyse` call, checked and resolved: what its steps read."""

    #: The position (a copy) and the level searching it.
    board: Board
    level: Level
    #: The positions since the last irreversible move (oldest first, the board's own
    #: excluded), the plies since that move and the no-progress limit in plies.
    earlier: list[Board]
    quiet: int
    quiet_limit: int | None
    budget: _Budget
    #: Every root move gets an exact score, for a loose choice among them.
    noisy: bool
    on_info: Callable[[Analysis], Any] | None
    #: When the call started (``time.perf_counter``).
    started: float


#: Plies taken off a depth-limited level (Normal) on a 10x10 board, for the general
#: searcher's speed there: measured over an international game of Normal against Easy,
#: depth 8 took up to 3.5 s a move (the noisy levels search every root move with a full
#: window) and depth 6 up to 1.2 s, about what Normal takes on 8x8 at depth 8.
WIDE_BOARD_CUT = 2


def level_depth(depth: int, variant: Variant) -> int:
    """A depth-limited level's depth on ``variant``'s board: the level's own on 8x8;
    :data:`WIDE_BOARD_CUT` plies less on a 10x10 board (never below 4, Easy's depth).

    Derived from the board's size, not the variant's name: a 10x10 board has about
    twice the moves a ply of an 8x8 one.
    """
    if variant.size > 8:
        return max(min(depth, 4), depth - WIDE_BOARD_CUT)
    return depth


class Engine:
    """A draughts engine: iterative-deepening alpha-beta (PVS) in pure Python.

    It plays every variant a board can carry: American checkers with its own tuned
    searcher (:mod:`.search`, :mod:`.evaluate`), every other variant with the general
    searcher (:mod:`.general_search`, :mod:`.general_eval`), which reads the rules from
    the board's :class:`~checkers_widget.core.variants.Variant`. Both answer with the
    same :class:`Analysis`, at the same levels.

    ``Engine(level="hard", seed=None)``; levels are ``"easy"``, ``"normal"``,
    ``"hard"`` and ``"expert"`` (see :data:`LEVELS`):

    ========  =====================================================================
    easy      depth 4 plies, noisy choice among moves within 0.8 man of the best
    normal    depth 8 plies (6 on 10x10), noisy choice among moves within 0.3 man
    hard      1 second per move (American: depth 11-12 from the opening; others 8-10)
    expert    5 seconds per move (about two plies deeper than Hard)
    ========  =====================================================================

    ``depth``, ``time`` and ``nodes`` given here replace the level's own limits for
    every search (e.g. ``Engine("hard", nodes=50_000)`` searches at most 50,000 nodes
    and plays the same move on every machine); given to :meth:`analyse` they replace
    them for that call. ``seed`` seeds the generator used by the noisy levels and the book; with
    the same seed and the same calls, the engine plays the same moves. Each search starts
    from an empty transposition table, so a result never depends on earlier searches.

    ``book`` (True by default): :meth:`choose`, the move the engine plays, takes an
    American checkers position's move from the opening book (:mod:`.book`) while the
    game is in it: Expert the heaviest book move, the levels below one drawn by weight
    (:attr:`Level.book_variety`) from the seeded generator. ``book=False`` always
    searches. Other variants have no book. :meth:`analyse` (hints, evaluation) always
    searches.

    Thread use: run :meth:`analyse` in a worker thread and call :meth:`stop` from
    another; the search then returns promptly with the best move found so far. A
    ``stop`` event (or callable) can also be passed to :meth:`analyse`.

    ``workers`` (default None: 1) spreads the time-limited American checkers searches
    (Hard, Expert, or any ``time=`` without ``nodes=``) over that many worker
    processes by root splitting (:mod:`.parallel`): the root's moves are dealt among
    them, each searches its share to the same deadline, and the best move of the deepest
    depth they all completed is played. ``workers=0`` or ``"auto"``: one per core this
    process may use. The pool of processes is the engine's own, started on its first
    parallel search (which pays for starting them, a fraction of a second) and ended by
    :meth:`close` (or ``with Engine(...) as engine:``), when the engine is collected, or
    at exit; a later search starts it again. The other searches stay in one process:
    a depth-limited level (Easy, Normal) is fast anyway and its moves must be the same
    on every machine, and a node budget promises the same search everywhere, which a
    split's timing-dependent shares cannot keep; other variants' general searcher has no
    split. Where processes cannot be made (Pyodide, a sandbox), the search runs in this
    process, with a note in the log, and never fails for it. A parallel search is not
    reproducible move for move (nor is any time-limited one): how deep each worker gets
    depends on the machine's load. ``seed`` still reproduces everything the one-process
    searches do. As with any use of :mod:`multiprocessing`, a script (not a notebook)
    that makes such an engine must guard its top level with ``if __name__ ==
    "__main__":``: the worker processes import the main module. Measured on a shared
    2-core machine (``benchmarks/engine_parallel.py``), two workers reach a fixed depth
    *slower* than one process (median 0.7 times the speed), because the shares
    share no transposition table and each searches its first move with a full window;
    so the default stays 1 (see ``benchmarks/README.md``).
    """

    def __init__(
        self,
        level: str = "hard",
        seed: int | None = None,
        *,
        depth: int | None = None,
        time: float | None = None,
        nodes: int | None = None,
        book: bool = True,
        workers: int | Literal["auto"] | None = None,
    ) -> None:
        if not isinstance(level, str) or level not in LEVELS:
            raise CheckersError(f"unknown level {brief(level)}; choose one of " + ", ".join(LEVELS))
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise CheckersError(f"seed must be a whole number or None, not {brief(seed)}")
        _check_limits(depth, time, nodes)
        if not isinstance(book, bool):
            raise CheckersError(f"book must be True or False, not {brief(book)}")
        if workers is None:
            count = 1
        elif workers == "auto" or (
            isinstance(workers, int) and not isinstance(workers, bool) and workers == 0
        ):
            count = parallel.available_cores()
        elif isinstance(workers, int) and not isinstance(workers, bool) and workers > 0:
            count = workers
        else:
            raise CheckersError(
                f"workers must be a whole number of at least 1, 0 or 'auto' (one per core)"
                f" or None, not {brief(workers)}"
            )
        #: Worker processes for the time-limited searches (1: this process alone).
        self.workers = count
        self._pool: parallel.WorkerPool | None = None
        self._pool_lock = threading.Lock()
        #: Set when a pool could not be made: not tried again (and logged once).
        self._no_processes = False
        self.level = level
        self.seed = seed
        #: Whether :meth:`choose` plays from the opening book.
        self.book = book
        self._rng = random.Random(seed)
        self._limits = (depth, time, nodes)
        self._stop_event = threading.Event()

    def __repr__(self) -> str:
        # Not code: an engine's limits and random state are not all in it (issue 11).
        book = "" if self.book else " book=False"
        workers = f" workers={self.workers}" if self.workers > 1 else ""
        return f"<Engine level={self.level!r} seed={self.seed!r}{book}{workers}>"

    def __enter__(self) -> Engine:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """End the engine's worker processes, if it started any (``workers`` > 1), and
        wait for them. The engine stays usable: a later parallel search starts a new
        pool. Also done when the engine is collected and at exit."""
        with self._pool_lock:
            pool, self._pool = self._pool, None
        if pool is not None:
            pool.close()

    # ------------------------------------------------------------------ control
    def stop(self) -> None:
        """Ask a running :meth:`analyse` (in another thread) to return now.

        The search answers within a few milliseconds with the best move of the deepest
        iteration so far. A stop asked while no search runs is forgotten when the next
        search starts; pass ``stop=`` to :meth:`analyse` to avoid that race.
        """
        self._stop_event.set()

    # ------------------------------------------------------------------ search
    def best_move(
        self,
        position: Board | Game,
        *,
        time: float | None = None,
        depth: int | None = None,
        nodes: int | None = None,
        stop: _StopLike | None = None,
    ) -> Move | None:
        """The move the engine plays (None if the game is over); see :meth:`analyse`."""
        return self.analyse(position, time=time, depth=depth, nodes=nodes, stop=stop).move

    def choose(
        self,
        position: Board | Game,
        *,
        time: float | None = None,
        depth: int | None = None,
        nodes: int | None = None,
        stop: _StopLike | None = None,
    ) -> Analysis:
        """The move the engine plays in ``position``, as an :class:`Analysis`.

        In American checkers, with ``book`` on (the default), a position of the opening
        book gets a book move (``source="book"``, no search: see :class:`Analysis`),
        chosen as the level says (:attr:`Level.book_variety`); any other position, or
        any position with ``Engine(book=False)``, is searched as :meth:`analyse` does,
        with the same limits. A computer player calls this; hints and evaluations call
        :meth:`analyse`.
        """
        started = _time.perf_counter()
        _check_request("choose", position, depth, time, nodes, stop)
        if self.book and not (isinstance(position, Game) and position.is_over()):
            board = position.board if isinstance(position, Game) else position
            if board.variant is AMERICAN:
                found = OpeningBook.bundled().choose(
                    board, self._rng, LEVELS[self.level].book_variety
                )
                if found is not None:
                    return Analysis(
                        found.move,
                        0.0,
                        None,
                        [found.move],
                        time=_time.perf_counter() - started,
                        source="book",
                        book_games=found.games,
                        book_score=found.score,
                    )
        return self.analyse(position, time=time, depth=depth, nodes=nodes, stop=stop)

    def analyse(
        self,
        position: Board | Game,
        *,
        time: float | None = None,
        depth: int | None = None,
        nodes: int | None = None,
        stop: _StopLike | None = None,
        on_info: Callable[[Analysis], Any] | None = None,
    ) -> Analysis:
        """Search ``position`` (a :class:`Board` or a :class:`Game`) and return an Analysis.

        Limits: ``time`` (seconds), ``depth`` (plies) and ``nodes`` (a node budget; the
        same budget gives the same result on every machine). When none is given, the
        engine's limits apply (the level's, or those given to the constructor). The
        search stops at the first limit reached, or when :meth:`stop` is called or
        ``stop`` (a :class:`threading.Event` or a callable returning True) fires.

        ``on_info(analysis)`` is called after every completed iteration, for a live
        evaluation.

        With a Game, its draw rules apply: its history of positions counts for
        repetitions and its count of moves without capture or man move for the
        40-move rule. With a Board, the default rules (40 moves each) apply and the
        board's own move stack serves as history. Inside the search any repetition
        scores as a draw (0), so the engine does not repeat when it is ahead and
        steers towards repetition or the move limit when it is behind.
        """
        started = _time.perf_counter()
        _check_request("analyse", position, depth, time, nodes, stop)
        self._stop_event.clear()
        board, rules, earlier, quiet = _context(position)
        if isinstance(position, Game) and position.is_over():
            return _game_over(position, board, started)
        lvl = LEVELS[self.level]
        job = _Job(
            board,
            lvl,
            earlier,
            quiet,
            2 * rules.quiet_moves if rules.quiet_moves is not None else None,
            self._budget(board.variant, lvl, (depth, time, nodes), stop, started),
            lvl.noise > 0 or lvl.margin > 0,
            on_info,
            started,
        )
        if board.variant is AMERICAN:
            return self._analyse_american(job)
        return self._analyse_general(job)

    # ------------------------------------------------------------------ analyse's steps
    def _budget(
        self,
        variant: Variant,
        lvl: Level,
        asked: tuple[int | None, float | None, int | None],
        stop: _StopLike | None,
        started: float,
    ) -> _Budget:
        """The limits of a search: those ``asked`` (depth, time, nodes) of the call, or
        else the engine's, or else the level's (a depth-limited level's depth for
        ``variant``'s board, :func:`level_depth`); the deadline and soft time limit from
        the time; ``stop``, and :meth:`stop`, as one callable."""
        depth, time, nodes = asked
        if time is None and depth is None and nodes is None:
            depth, time, nodes = self._limits
            if depth is None and time is None and nodes is None:
                depth, time, nodes = lvl.depth, lvl.time, lvl.nodes
                if variant is not AMERICAN and depth is not None:
                    depth = level_depth(depth, variant)
        deadline = soft = None
        if time is not None:
            deadline = started + time
            # An iteration usually takes a few times longer than the previous ones
            # together: do not start one that would almost surely be cut off.
            soft = started + time * 0.5
        return _Budget(depth, deadline, nodes, self._stopped(stop), soft)

    def _stopped(self, stop: _StopLike | None) -> Callable[[], bool]:
        """One callable that says whether :meth:`stop` was called or ``stop`` fired."""
        stops: list[Callable[[], bool]] = [self._stop_event.is_set]
        if isinstance(stop, threading.Event):
            stops.append(stop.is_set)
        elif stop is not None:
            stops.append(stop)

        def stopped() -> bool:
            return any(s() for s in stops)

        return stopped

    def _analyse_american(self, job: _Job) -> Analysis:
        """:meth:`analyse` in American checkers: split over the worker processes when
        the engine has them and the search is timed without a node budget, else the
        American searcher here; a proven draw marked from the endgame databases."""
        board, lvl, budget = job.board, job.level, job.budget
        b, w, kings = board.bitboards
        position = (b, w, kings, True) if board.turn == BLACK else (w, b, kings, False)
        reps = _american_history(job.earlier)
        if self.workers > 1 and budget.deadline is not None and budget.nodes is None:
            split = self._analyse_parallel(job, position, reps)
            if split is not None:
                return _proven(split, board, lvl)
        searcher = Searcher(
            reps=reps, quiet=job.quiet, quiet_limit=job.quiet_limit, endgame_tables=lvl.endgame
        )
        return _proven(self._search(job, searcher, position, partial(_to_moves, board)), board, lvl)

    def _analyse_general(self, job: _Job) -> Analysis:
        """:meth:`analyse` on a board of another variant than American checkers: the
        general searcher (:mod:`.general_search`) with the same limits, the same loose
        choice for the noisy levels and the same :class:`Analysis`."""
        board = job.board
        searcher = GeneralSearcher(
            board.variant,
            reps=_general_history(job.earlier),
            quiet=job.quiet,
            quiet_limit=job.quiet_limit,
        )
        return self._search(job, searcher, raw_position(board), _general_moves)

    def _search(
        self,
        job: _Job,
        searcher: SearchState[_M],
        position: Position,
        moves: Callable[[list[_M]], list[Move]],
    ) -> Analysis:
        r"""``searcher`` run on ``position`` within the job's budget, each iteration
        reported to ``on_info``, and its result as an :class:`Analysis` (``moves``: a
        line of the searcher's moves as :class:`Move`\ s); the nodes counted are all
        the search's, its unfinished iteration's included."""
        budget = job.budget
        report = None
        if job.on_info is not None:
            on_info = job.on_info

            def report(it: Iteration[_M]) -> None:
                on_info(_found(moves(_line(it.move, it.pv)), it.score, it, job.started))

        it = searcher.run_position(
            position,
            max_depth=budget.depth,
            deadline=budget.deadline,
            node_limit=budget.nodes,
            stop=budget.stop,
            all_scores=job.noisy,
            on_iteration=report,
            soft_time=budget.soft,
        )
        if it is None:
            return _no_move(job.board, job.started)
        found = self._chosen(it, job, moves)
        return replace(found, nodes=searcher.nodes, seldepth=searcher.seldepth)

    def _chosen(
        self, it: Iteration[_M], job: _Job, moves: Callable[[list[_M]], list[Move]]
    ) -> Analysis:
        """The move a search's result ``it`` plays, as an :class:`Analysis`: its best
        move, or at a noisy level a loose choice among the near-best
        (:meth:`_loose_choice`) with that move's own line."""
        move, score, pv = it.move, it.score, it.pv
        if job.noisy and len(it.root_scores) > 1:
            move, score = self._loose_choice(it.root_scores, job.level)
            pv = it.root_pvs.get(move, [move])
        return _found(moves(_line(move, pv)), score, it, job.started)

    def _worker_pool(self) -> parallel.WorkerPool | None:
        """The engine's pool of worker processes, started on first use; None (with a
        note in the log, once: it is not tried again) where processes cannot be made."""
        with self._pool_lock:
            if self._pool is not None and not self._pool.closed:
                return self._pool
            if self._no_processes:
                return None
            try:
                self._pool = parallel.make_pool(self.workers)
            except Exception as exc:  # any failure means: search in this process
                log.info("parallel search unavailable (%s); searching in one process", exc)
                self._pool = None
                self._no_processes = True
            return self._pool

    def _analyse_parallel(
        self, job: _Job, position: Position, reps: dict[Position, int]
    ) -> Analysis | None:
        """:meth:`analyse`'s American search split at the root over the worker pool
        (:mod:`.parallel`); None when it should run in this process instead: a single
        legal move, no pool, the pool busy with another search, or a pool that failed
        (then closed, logged, and started again by a later search).

        A quick search to :data:`.parallel.ORDER_DEPTH` plies here orders the root moves
        for dealing; the shares then search to ``budget``'s deadline and their results
        are combined by :func:`.parallel.combine` (the best move of the deepest depth all
        of them completed). The nodes reported are all the processes' together.
        """
        own, opp, kings, black = position
        board, lvl, budget = job.board, job.level, job.budget
        quiet, quiet_limit = job.quiet, job.quiet_limit
        assert budget.deadline is not None
        order_search = Searcher(
            reps=reps, quiet=quiet, quiet_limit=quiet_limit, endgame_tables=lvl.endgame
        )
        first = order_search.run(
            own,
            opp,
            kings,
            black,
            max_depth=min(parallel.ORDER_DEPTH, budget.depth or parallel.ORDER_DEPTH),
            deadline=budget.deadline,
            stop=budget.stop,
            all_scores=True,
        )
        if first is None or len(first.root_scores) < 2 or budget.stop():
            return None
        pool = self._worker_pool()
        if pool is None:
            return None
        scores = first.root_scores
        ranked = sorted(scores, key=lambda m: -scores[m])  # stable: the search's order
        now = _time.perf_counter()
        shares = [
            parallel.Share(
                0,
                i,
                own,
                opp,
                kings,
                black,
                reps,
                quiet,
                quiet_limit,
                lvl.endgame,
                budget.depth,
                budget.deadline - now,
                None if budget.soft is None else budget.soft - now,
                _time.time(),
                job.noisy,
                moves,
            )
            for i, moves in enumerate(parallel.deal(ranked, pool.size))
        ]
        line_moves = partial(_to_moves, board)
        reported = [0]
        on_info = job.on_info

        def progress(live: list[list[Iteration[BitMove]]]) -> None:
            it = parallel.combine(live)
            if on_info is not None and it is not None and it.depth > reported[0]:
                reported[0] = it.depth
                on_info(_found(line_moves(_line(it.move, it.pv)), it.score, it, job.started))

        try:
            results = pool.search(
                shares, budget.stop, budget.deadline, progress if on_info is not None else None
            )
        except Exception as exc:  # a broken pool: search in this process instead
            log.warning("parallel search failed (%r); searching in one process", exc)
            with self._pool_lock:
                if self._pool is pool:
                    self._pool = None
            pool.close()
            return None
        if results is None:
            return None
        it = parallel.combine([r.iterations for r in results]) or first
        return replace(
            self._chosen(it, job, line_moves),
            nodes=order_search.nodes + sum(r.nodes for r in results),
            seldepth=max([order_search.seldepth, *(r.seldepth for r in results)]),
        )

    def _loose_choice(self, scores: dict[_M, int], lvl: Level) -> tuple[_M, int]:
        """A near-best root move with noise, drawn from the engine's seeded generator.

        A proven win is never played loosely: only the fastest win is a candidate, so a
        noisy level cannot wander away from (or drag out) a win it has already seen.
        """
        best = max(scores.values())
        margin = 0 if best >= MATE_BOUND else lvl.margin
        rng = self._rng
        choice: tuple[float, _M, int] | None = None
        for m, s in scores.items():  # dict order is the search's order: reproducible
            noise = rng.gauss(0.0, lvl.noise) if lvl.noise else 0.0
            if s < best - margin:
                continue
            value = s + noise
            if choice is None or value > choice[0]:
                choice = (value, m, s)
        assert choice is not None
        return choice[1], choice[2]


# ---------------------------------------------------------------------- helpers


def _check_limits(depth: object, time: object, nodes: object) -> None:
    """Refuse search limits that are not limits: CheckersError naming the argument."""
    for name, value in (("depth", depth), ("nodes", nodes)):
        if value is not None and (
            isinstance(value, bool) or not isinstance(value, int) or value < 1
        ):
            raise CheckersError(f"{name} must be a whole number of at least 1, not {brief(value)}")
    if time is not None and (
        isinstance(time, bool) or not isinstance(time, int | float) or not 0 < time <= 1e12
    ):
        raise CheckersError(f"time must be a number of seconds above 0, not {brief(time)}")


def _check_request(
    method: str, position: object, depth: object, time: object, nodes: object, stop: object
) -> None:
    """Refuse a call of ``method`` (``analyse``, ``choose``) with something that is not a
    position, limits that are not limits, or a ``stop`` that cannot be asked."""
    if not isinstance(position, Board | Game):
        raise CheckersError(f"{method} needs a Board or a Game, not {type(position).__name__}")
    _check_limits(depth, time, nodes)
    if stop is not None and not (isinstance(stop, threading.Event) or callable(stop)):
        raise CheckersError(f"stop must be a threading.Event or a callable, not {brief(stop)}")


def _context(
    position: Board | Game,
) -> tuple[Board, DrawRules, list[Board], int]:
    """The board, draw rules, the earlier positions since the last irreversible move
    (oldest first, the current one excluded) and the number of plies since then."""
    if isinstance(position, Game):
        rules = position.draw_rules
        assert isinstance(rules, DrawRules)
        # The game counts the plies since the last capture or man move; the positions
        # in that window come from taking the moves back (cheap: the board keeps each
        # earlier position on its stack), not from replaying the game.
        quiet = position.quiet_plies
        board = position.board
        back = board.copy()
        earlier = []
        for _ in range(quiet):
            back.pop()
            earlier.append(back.copy(stack=False))
    elif isinstance(position, Board):
        rules = DrawRules()
        board = position.copy()
        # Walk the move stack back to find the positions since the last irreversible move.
        back = board.copy()
        earlier = []
        quiet = 0
        while back.peek() is not None:
            move = back.pop()
            piece = back.piece_at(move.start)
            if move.is_capture or piece is None or not piece.king:
                break
            quiet += 1
            earlier.append(back.copy(stack=False))
    else:
        raise CheckersError(f"analyse needs a Board or a Game, not {type(position).__name__}")
    earlier.reverse()
    return board.copy(), rules, earlier, quiet


def _american_history(earlier: list[Board]) -> dict[tuple[int, int, int, bool], int]:
    """Earlier positions as :mod:`.search` keys ``(own, opp, kings, black)``, counted."""
    history: dict[tuple[int, int, int, bool], int] = {}
    for back in earlier:
        b, w, k = back.bitboards
        skey = (b, w, k, True) if back.turn == BLACK else (w, b, k, False)
        history[skey] = history.get(skey, 0) + 1
    return history


def _to_moves(board: Board, line: list[BitMove]) -> list[Move]:
    """Engine moves -> :class:`Move` objects (with full paths), as far as they are legal.

    Followed on the bitboards with the rules core's generator and :func:`play`, so the
    board is neither copied per ply nor played on.
    """
    black, white, kings = board.bitboards
    mover_black = board.turn == BLACK
    own, opp = (black, white) if mover_black else (white, black)
    out: list[Move] = []
    for move in line:
        src, dst, taken = move
        found = None
        for m in moves_of(own, opp, kings, mover_black):
            if BIT[m.start] == src and BIT[m.end] == dst:
                t = 0
                for c in m.captures:
                    t |= BIT[c]
                if t == taken:
                    found = m
                    break
        if found is None:
            break
        out.append(found)
        own, opp, kings = play(own, opp, kings, mover_black, move)
        own, opp, mover_black = opp, own, not mover_black
    return out


def _general_history(earlier: list[Board]) -> dict[RawPosition, int]:
    """Earlier positions as :mod:`.general_search` keys (:func:`.raw_position`), counted."""
    history: dict[RawPosition, int] = {}
    for back in earlier:
        key = raw_position(back)
        history[key] = history.get(key, 0) + 1
    return history


def _general_moves(line: list[RawMove]) -> list[Move]:
    """General search moves -> :class:`Move` objects (each carries its path)."""
    return [Move._generated(path, caps, crowns) for path, caps, crowns, _ in line]


def _line(move: _M, pv: list[_M]) -> list[_M]:
    """The line that ``move`` starts: ``pv`` when it starts with ``move``, else the move
    alone (a loose choice whose own line was not kept)."""
    return pv if pv and pv[0] == move else [move]


def _proven(found: Analysis, board: Board, lvl: Level) -> Analysis:
    """``found`` marked a proven draw when the level reads the endgame databases and they
    call ``board`` drawn (a hint there says "draw", not "+0.00")."""
    if lvl.endgame and found.mate is None and table_drawn(board):
        return replace(found, score=0.0, draw=True)
    return found


def _game_over(game: Game, board: Board, started: float) -> Analysis:
    """The analysis of a finished game: no move, the result as the score."""
    winner = game.winner
    return Analysis(
        None,
        0.0 if winner is None else WIN_SCORE if winner == board.turn else -WIN_SCORE,
        None if winner is None else 0,
        draw=winner is None,
        time=_time.perf_counter() - started,
    )


def _no_move(board: Board, started: float) -> Analysis:
    """The analysis of a position whose side to move has no legal move: lost, or won
    where the goal is reversed (giveaway)."""
    won = board.variant.goal_reversed
    return Analysis(None, WIN_SCORE if won else -WIN_SCORE, 0, time=_time.perf_counter() - started)


def _found(moves: list[Move], score: int, it: Iteration[Any], started: float) -> Analysis:
    """The Analysis of a line of moves (the move played first) and its search score."""
    mate, men = in_men(score)
    return Analysis(
        moves[0], men, mate, moves, it.depth, it.seldepth, it.nodes, _time.perf_counter() - started
    )
