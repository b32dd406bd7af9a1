"""The search scaffold both searchers share: limits, the root, iterative deepening.

The American searcher (:mod:`.search`) and the general one (:mod:`.general_search`)
search their nodes differently (other positions, moves and generators), but what
happens above the nodes is the same, and lives here once:

* **The entry point** (:meth:`SearchState.run_position`, which both searchers' ``run``
  call, with the options of :class:`SearchOptions`): the root's moves and children
  (a share of them, for root splitting), an answer known without a search (the
  American endgame databases), then iterative deepening with the root position on
  the line.
* **Limits** (:class:`SearchLimits`): a node budget checked exactly (the same budget gives
  the same search on every machine), a deadline and a stop callable polled every few
  hundred nodes; reaching one raises :class:`Abort`, which unwinds to the root.
* **The root** (:class:`RootTree`, :func:`root_pass`): one iteration over the root's
  children, PVS with an aspiration window that is opened on the side the best score
  falls out of; what it finds goes into a :class:`RootProgress` as it comes, so that
  it survives an :class:`Abort`.
* **Iterative deepening** (:func:`deepen`): depth 1, 2, ... with the window from the
  last score (:func:`window`), until a limit, a proven result or a forced move; an
  interrupted iteration is dropped unless it is depth 1 (finished without limits, so
  that there is always a move) or it already proved a better move; the root's moves
  are re-ordered by each iteration's scores; and, with a time budget, whether to start
  another iteration (:func:`growth`).
* **Results** (:class:`Iteration`): what an iteration found, reported after each one.

A searcher subclasses :class:`SearchState`: it gives its root's moves and children, its
node functions as a :class:`RootTree`, and its constants as a :class:`Deepening`.
Nothing here runs per node: the node functions stay in the searchers' modules, written
out for speed, where their speed is measured.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Collection, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import ClassVar, Generic, TypeAlias, TypedDict, TypeVar, Unpack

from .scores import INF, MATE, MATE_BOUND

__all__ = [
    "GROWTH_MAX",
    "GROWTH_MIN",
    "Abort",
    "Child",
    "Deepening",
    "Iteration",
    "Node",
    "Position",
    "RootProgress",
    "RootTree",
    "SearchLimits",
    "SearchOptions",
    "SearchState",
    "deepen",
    "growth",
    "on_line",
    "root_pass",
    "window",
]

#: A searcher's move type (:mod:`.search`'s ``BitMove``, :mod:`.general_search`'s
#: ``RawMove``).
M = TypeVar("M")

#: A position seen from its side to move: ``(own, opp, kings, side)``, ``side`` naming
#: the side to move (the American searcher: Black; the general one: moving down).
Position = tuple[int, int, int, bool]

#: A root move with its child, the child seen from its side to move:
#: ``(move, own, opp, kings, quiet plies)``.
Child: TypeAlias = tuple[M, int, int, int, int]

#: A node function: ``(own, opp, kings, side, depth, alpha, beta, ply, quiet_plies)``
#: to the score for the side to move.
Node = Callable[[int, int, int, bool, int, int, int, int, int], int]


class Abort(Exception):
    """Raised inside a search when a limit is reached; unwinds to the root."""


class SearchLimits:
    """When the search must stop: a node budget, a deadline and a stop callable.

    The node functions compare their node count with the number :meth:`check` last
    returned (a plain integer comparison per node) and call :meth:`check` only when
    they reach it: at the budget exactly, so that a budget gives the same search on
    every machine, and every ``every`` nodes in between, to read the clock and poll
    ``stop``.
    """

    __slots__ = ("budget", "deadline", "every", "stop")

    def __init__(
        self,
        node_limit: int | None,
        deadline: float | None,
        stop: Callable[[], bool] | None,
        every: int,
    ) -> None:
        self.budget = node_limit if node_limit is not None else 1 << 62
        self.deadline = deadline
        self.stop = stop
        self.every = every

    def first_check(self) -> int:
        """The node count at which the limits are first looked at."""
        return min(self.budget, self.every)

    def check(self, nodes: int) -> int:
        """Raise :class:`Abort` if a limit is reached; else the count to check again at."""
        if nodes >= self.budget:
            raise Abort
        if self.deadline is not None and time.perf_counter() >= self.deadline:
            raise Abort
        if self.stop is not None and self.stop():
            raise Abort
        return min(self.budget, nodes + self.every)

    def lift(self) -> None:
        """No more limits (to finish depth 1, so that the search always has a move)."""
        self.budget = 1 << 62
        self.deadline = self.stop = None


@dataclass
class Iteration(Generic[M]):
    """The result of one completed (or usefully interrupted) iteration at the root."""

    depth: int
    move: M
    score: int
    pv: list[M]
    nodes: int
    seldepth: int
    complete: bool = True
    #: Exact scores of every root move (only when every move got a full window).
    root_scores: dict[M, int] = field(default_factory=dict)
    root_pvs: dict[M, list[M]] = field(default_factory=dict)
    #: The score is only an upper bound: every move searched scored at most the
    #: ``root_floor`` given to the search (root splitting, :mod:`.parallel`).
    bound: bool = False


@dataclass
class RootProgress(Generic[M]):
    """What one iteration at the root has found so far, kept when a limit stops it.

    ``best_i`` is the index of the best move in the root's children, ``lo`` and ``hi``
    the window of the current pass (an aspiration window, widened on failure).
    ``floor``: another process's proved score that ``lo`` was raised to (root
    splitting): a pass failing low on it is final, not searched again.
    """

    best_i: int
    lo: int
    hi: int
    best: int = -INF
    best_pv: list[M] = field(default_factory=list)
    scores: dict[M, int] = field(default_factory=dict)
    pvs: dict[M, list[M]] = field(default_factory=dict)
    floor: int | None = None


def window(last: Iteration[M] | None, depth: int, all_scores: bool, half: int) -> tuple[int, int]:
    """The root's window for an iteration: ``half`` either side of the last score from
    depth 4 on (aspiration), else full; full when every root move needs an exact
    score, or when the last score is a proven result."""
    prev = last.score if last is not None else 0
    if depth >= 4 and not all_scores and abs(prev) < MATE_BOUND:
        return prev - half, prev + half
    return -INF, INF


def root_pass(
    child: Node,
    pv_table: Sequence[Sequence[M]],
    children: Sequence[Child[M]],
    order: Sequence[int],
    nxt: bool,
    d: int,
    all_scores: bool,
    found: RootProgress[M],
    reduction: Callable[[int, int, M], int] | None = None,
) -> None:
    """One iteration at the root: every child searched to ``d`` plies by ``child``, in
    ``order`` (``nxt``: the side to move in the children; ``pv_table[1]``: the line
    the last child search found below its move).

    The first move gets the window, the others a null window (``reduction(n, d, move)``
    plies shallower first for the ``n``-th, if given), re-searched when they beat the
    best; with ``all_scores`` every move gets the whole window, so that its score is
    exact. When the best score falls outside an aspiration window, the pass is repeated
    with that side opened (not below a ``floor``). Results go to ``found`` as they
    come, so that they survive the :class:`Abort` a limit raises.
    """
    scores, pvs = found.scores, found.pvs
    while True:
        alpha, beta = found.lo, found.hi
        found.best = -INF
        found.best_i = order[0]
        for n, i in enumerate(order):
            m, p, o, kk, q = children[i]
            if n == 0 or all_scores:
                score = -child(p, o, kk, nxt, d, -beta, -alpha, 1, q)
            else:
                r = reduction(n, d, m) if reduction is not None else 0
                score = -child(p, o, kk, nxt, d - r, -alpha - 1, -alpha, 1, q)
                if r and score > alpha:
                    score = -child(p, o, kk, nxt, d, -alpha - 1, -alpha, 1, q)
                if alpha < score < beta:
                    score = -child(p, o, kk, nxt, d, -beta, -alpha, 1, q)
            scores[m] = score
            if all_scores:
                pvs[m] = [m, *pv_table[1]]
            if score > found.best:
                found.best = score
                found.best_i = i
                found.best_pv = [m, *pv_table[1]]
                if score > alpha and not all_scores:
                    alpha = score
                    if score >= beta:
                        break
        if found.best <= found.lo and found.lo > -INF and found.floor is None:
            found.lo = -INF  # failed low: search again with the full window below
        elif found.best >= found.hi and found.hi < INF:
            found.hi = INF  # failed high
        else:
            return


@dataclass(frozen=True)
class RootTree(Generic[M]):
    """A searcher's node functions as the root uses them (one set per search)."""

    #: An interior node, searched ``depth > 0`` plies on.
    search: Node
    #: A node at the horizon (``depth`` 0): its static value, or its captures searched
    #: on when one is due. (The general searcher's ``search`` is both.)
    horizon: Node
    #: ``pv_table[ply]``: the principal variation the last search found from that ply.
    pv_table: Sequence[Sequence[M]]
    #: The nodes searched so far and the deepest ply reached.
    counts: Callable[[], tuple[int, int]]
    #: ``reduction(n, d, move)``: plies the ``n``-th root move (from 0) is first searched
    #: shallower by, ``d`` plies deep (None: none).
    reduction: Callable[[int, int, M], int] | None = None
    #: How depth 1 is finished when a limit cut it off: every root move at the horizon
    #: with a full window, so that each score is exact (True), or as the interrupted
    #: iteration was searched (False).
    exact_first: bool = False

    def iterate(
        self,
        children: Sequence[Child[M]],
        order: Sequence[int],
        nxt: bool,
        depth: int,
        all_scores: bool,
        found: RootProgress[M],
    ) -> None:
        """One iteration: every child searched to ``depth - 1`` plies (:func:`root_pass`)."""
        d = depth - 1
        child = self.search if d > 0 else self.horizon
        root_pass(child, self.pv_table, children, order, nxt, d, all_scores, found, self.reduction)

    def finish_first(
        self,
        children: Sequence[Child[M]],
        order: Sequence[int],
        nxt: bool,
        all_scores: bool,
        found: RootProgress[M],
    ) -> RootProgress[M]:
        """Depth 1 searched again without limits, from a full window (``found``: what
        the interrupted pass had; its floor is kept); what it found."""
        again: RootProgress[M] = RootProgress(order[0], -INF, INF, floor=found.floor)
        exact = all_scores or self.exact_first
        root_pass(
            self.horizon, self.pv_table, children, order, nxt, 0, exact, again, self.reduction
        )
        return again


@dataclass(frozen=True)
class Deepening:
    """How a searcher deepens: the constants its iterative deepening differs in."""

    #: The deepest nominal iteration.
    max_depth: int
    #: Half-width of the root's aspiration window, in hundredths of a man.
    aspiration: int
    #: A position with a single legal move stops at this depth (without a depth limit).
    forced_depth: int
    #: After the soft time limit: True, start another iteration when the last ones'
    #: growth (:func:`growth`) says it ends before the deadline; False, never.
    late_start: bool


def deepen(
    tree: RootTree[M],
    children: Sequence[Child[M]],
    nxt: bool,
    limits: SearchLimits,
    style: Deepening,
    *,
    max_depth: int | None,
    all_scores: bool,
    on_iteration: Callable[[Iteration[M]], None] | None,
    soft_time: float | None,
    forced: bool,
    root_floor: Callable[[int], int | None] | None = None,
) -> Iteration[M] | None:
    """Iterative deepening over the root's ``children`` (``nxt``: the side to move in
    them): depth 1, 2, ... until a limit, a proven result or a forced move (``forced``:
    the position has a single legal move); the last useful iteration.

    An iteration that a limit interrupts is dropped, unless it is depth 1 (which is
    then finished without limits, so that there is always a move) or a move it
    searched already beat the window expected from the last one (that move is then the
    better choice). After each iteration the root moves are put in the order of its
    scores, best first. ``root_floor(depth)``: see :meth:`.search.Searcher.run`.
    """
    best_iter: Iteration[M] | None = None
    limit = style.max_depth if max_depth is None else max(1, min(max_depth, style.max_depth))
    order = list(range(len(children)))
    aborted = False
    prev_time = 0.0  # how long the iteration before the last one took
    for depth in range(1, limit + 1):
        iteration_start = time.perf_counter()
        found = _progress(order[0], best_iter, depth, all_scores, style, root_floor)
        try:
            tree.iterate(children, order, nxt, depth, all_scores, found)
        except Abort:
            if depth > 1:
                if found.best > found.lo and best_iter is not None:
                    best_iter = _proved_early(best_iter, found, children, tree)
                break
            # Never return without a move: finish depth 1 whatever the limits.
            aborted = True
            limits.lift()
            found = tree.finish_first(children, order, nxt, all_scores, found)
        best_iter = _completed(depth, found, children, tree)
        if on_iteration is not None:
            on_iteration(best_iter)
        _reorder(order, found, children)
        if _settled(best_iter, forced and max_depth is None, style):
            break
        if soft_time is not None:
            now = time.perf_counter()
            took = now - iteration_start
            if now >= soft_time and not _fits(now, took, prev_time, limits.deadline, style):
                break
            prev_time = took
        if aborted or best_iter.nodes >= limits.budget:
            break
    return best_iter


def _progress(
    first: int,
    last: Iteration[M] | None,
    depth: int,
    all_scores: bool,
    style: Deepening,
    root_floor: Callable[[int], int | None] | None,
) -> RootProgress[M]:
    """A new iteration's record: its window from the last score, or from the floor
    another process proved at this depth when that is higher."""
    found: RootProgress[M] = RootProgress(first, *window(last, depth, all_scores, style.aspiration))
    if root_floor is not None:
        floor = root_floor(depth)
        if floor is not None and floor > found.lo:
            found.lo, found.hi, found.floor = floor, INF, floor
    return found


def _proved_early(
    last: Iteration[M], found: RootProgress[M], children: Sequence[Child[M]], tree: RootTree[M]
) -> Iteration[M]:
    """An interrupted iteration's better move (it beat the expected score), as a result
    of the last completed depth, marked incomplete."""
    nodes, seldepth = tree.counts()
    return Iteration(
        last.depth,
        children[found.best_i][0],
        found.best,
        found.best_pv,
        nodes,
        seldepth,
        False,
        last.root_scores,
        last.root_pvs,
    )


def _completed(
    depth: int, found: RootProgress[M], children: Sequence[Child[M]], tree: RootTree[M]
) -> Iteration[M]:
    """A completed iteration's result (``bound`` when it failed low on a floor)."""
    nodes, seldepth = tree.counts()
    bound = found.floor is not None and found.best <= found.floor
    return Iteration(
        depth,
        children[found.best_i][0],
        found.best,
        found.best_pv,
        nodes,
        seldepth,
        True,
        found.scores,
        found.pvs,
        bound,
    )


def _reorder(order: list[int], found: RootProgress[M], children: Sequence[Child[M]]) -> None:
    """The root's order for the next iteration: the best first, then the others by
    their score in this one."""
    bi = found.best_i
    scores = found.scores
    order.sort(key=lambda j: (j != bi, -scores.get(children[j][0], -INF)))


def _settled(it: Iteration[M], forced: bool, style: Deepening) -> bool:
    """Whether deeper iterations add nothing: a result proven within the full-width
    depth, or a forced move (``forced``) searched to ``style.forced_depth``."""
    best = it.score
    if abs(best) > MATE_BOUND and MATE - abs(best) <= it.depth and not it.bound:
        return True
    return forced and it.depth >= style.forced_depth


def _fits(now: float, took: float, before: float, deadline: float | None, style: Deepening) -> bool:
    """Past the soft limit: whether another iteration, expected to take ``took`` (the
    last one's time) times the growth of the last two (``before``: the one before),
    ends before ``deadline`` (never without a deadline, nor without ``late_start``)."""
    if not style.late_start or deadline is None:
        return False
    return now + took * growth(took, before) <= deadline


#: Bounds of the expected growth of an iteration's time over the previous one's.
GROWTH_MIN = 1.2
GROWTH_MAX = 2.5


def growth(last: float, before: float) -> float:
    """How many times longer the next iteration is expected to take than the last.

    The ratio of the last two iterations, kept within [GROWTH_MIN, GROWTH_MAX]: with
    alpha-beta the effective branching factor here is about 1.2 to 2.5 a ply, but it
    swings between iterations (an iteration where the best move changes costs several
    times the next), so one ratio alone is not trusted far. Erring on the hopeful side
    costs only time within the budget: an iteration cut off at the deadline keeps the
    last completed one's result, or a better move that it already proved.
    """
    if before <= 0.0:
        return GROWTH_MAX
    return min(GROWTH_MAX, max(GROWTH_MIN, last / before))


@contextmanager
def on_line(reps: dict[Position, int], key: Position) -> Iterator[None]:
    """The root position counted in the game's repetitions while it is searched (a move
    back to it is a repetition), and taken out again afterwards."""
    reps[key] = reps.get(key, 0) + 1
    try:
        yield
    finally:
        c = reps.get(key, 1) - 1
        if c:
            reps[key] = c
        else:
            reps.pop(key, None)


class SearchOptions(TypedDict, Generic[M], total=False):
    """The options of a search (the keyword arguments of both searchers' ``run``).

    Limits: ``max_depth`` (plies; None: none), ``deadline`` (a ``time.perf_counter``
    time), ``node_limit`` (a node budget, checked exactly: the same budget gives the
    same search on every machine), ``stop`` (a callable polled every few hundred nodes;
    True stops the search). The search returns the last useful iteration when one is
    reached.

    ``soft_time``: after this ``perf_counter`` time, a new iteration starts only where
    the searcher's :attr:`Deepening.late_start` allows it and it is expected to end
    before ``deadline``: its expected length is the last iteration's times the growth
    of the last two (:func:`growth`). An iteration that overruns is stopped at the
    deadline, and its best move is used if it already beat the previous iteration's.

    ``all_scores``: every root move gets a full window, so that
    :attr:`Iteration.root_scores` holds exact scores (for the noisy levels).
    ``on_iteration(it)``: called with each iteration's result.

    ``root_moves``: search only these of the root's legal moves (the others are left
    out as if they were not legal; moves that are not legal are ignored), for the root
    splitting of :mod:`.parallel`, where each process searches its share of the moves.
    The result is then the best of those moves, its score exact as usual. A position
    with one legal move still counts as forced only when the whole position has one
    move, not the share. None (the default) searches every move.

    ``root_floor(depth)``: an exact score that another search of other root moves
    (another process of a root split) has proved at ``depth``, or None. An iteration at
    that depth then searches its moves only above it (window ``(floor, INF)``): a move
    that beats the floor gets its exact score as usual; when none does, the iteration
    ends at once, its result marked :attr:`Iteration.bound` (the other search's move is
    the better one), instead of being searched again with a wider window. Not used with
    ``all_scores``. None (the default) leaves the search unchanged.
    """

    max_depth: int | None
    deadline: float | None
    node_limit: int | None
    stop: Callable[[], bool] | None
    all_scores: bool
    on_iteration: Callable[[Iteration[M]], None] | None
    soft_time: float | None
    root_moves: Collection[M] | None
    root_floor: Callable[[int], int | None] | None


class SearchState(Generic[M]):
    """A search of one position: what its root and its nodes share (the base of both
    searchers; make a new one per analysis).

    ``reps`` counts the positions already seen in the game since the last irreversible
    move, the root excluded; ``quiet`` is the number of plies since then and
    ``quiet_limit`` the ply count at which the game is drawn (None: no limit).
    ``tt_limit``: the transposition table is emptied when it holds that many entries.
    After a search, ``nodes`` and ``seldepth`` are the nodes it searched (its unfinished
    iteration's included) and the deepest ply it reached.

    A searcher gives :attr:`style` and :attr:`check_every`, its root's moves
    (:meth:`_legal`) and children (:meth:`_child`) and its node functions
    (:meth:`_tree`); it may answer a root without a search (:meth:`_known`).
    """

    #: How the searcher deepens.
    style: ClassVar[Deepening]
    #: The clock and the stop callable are looked at every this many nodes.
    check_every: ClassVar[int]

    def __init__(
        self, reps: dict[Position, int] | None, quiet: int, quiet_limit: int | None, tt_limit: int
    ) -> None:
        self.reps: dict[Position, int] = dict(reps or {})
        self.quiet0 = quiet
        self.quiet_limit = quiet_limit if quiet_limit is not None else 1 << 30
        self.tt_limit = tt_limit
        self.nodes = 0
        self.seldepth = 0

    def run_position(
        self, position: Position, **options: Unpack[SearchOptions[M]]
    ) -> Iteration[M] | None:
        """Search ``position`` until a limit (see :class:`SearchOptions`); the best
        useful result, None when the side to move has no legal move (or none of
        ``root_moves``)."""
        root = self._root(position, options.get("root_moves"))
        if root is None:
            return None
        children, forced = root
        on_iteration = options.get("on_iteration")
        known = self._known(position, children)
        if known is not None:
            if on_iteration is not None:
                on_iteration(known)
            return known
        all_scores = options.get("all_scores", False)
        limits = SearchLimits(
            options.get("node_limit"),
            options.get("deadline"),
            options.get("stop"),
            self.check_every,
        )
        tree = self._tree(limits)
        with on_line(self.reps, position):
            found = deepen(
                tree,
                children,
                not position[3],
                limits,
                self.style,
                max_depth=options.get("max_depth"),
                all_scores=all_scores,
                on_iteration=self._reporting(on_iteration),
                soft_time=options.get("soft_time"),
                forced=forced,
                root_floor=None if all_scores else options.get("root_floor"),
            )
        self.nodes, self.seldepth = tree.counts()
        return found

    def _root(
        self, position: Position, root_moves: Collection[M] | None
    ) -> tuple[list[Child[M]], bool] | None:
        """The root's children (only those of ``root_moves``, if given) and whether the
        position is forced (a single legal move); None when there are none."""
        legal = self._legal(position)
        if not legal:
            return None
        forced = len(legal) == 1
        if root_moves is not None:
            wanted = set(root_moves)
            legal = [m for m in legal if m in wanted]
            if not legal:
                return None
        return [self._child(position, m) for m in legal], forced

    def _reporting(
        self, on_iteration: Callable[[Iteration[M]], None] | None
    ) -> Callable[[Iteration[M]], None] | None:
        """``on_iteration`` with :attr:`nodes` brought up to date before each call."""
        if on_iteration is None:
            return None
        tell = on_iteration

        def report(it: Iteration[M]) -> None:
            self.nodes = it.nodes
            tell(it)

        return report

    def _legal(self, position: Position) -> list[M]:
        """The legal moves of ``position``, in the order the root tries them first."""
        raise NotImplementedError

    def _child(self, position: Position, move: M) -> Child[M]:
        """``move`` played in ``position``: the child seen from its side to move, and its
        count of plies without progress."""
        raise NotImplementedError

    def _tree(self, limits: SearchLimits) -> RootTree[M]:
        """The node functions of one search within ``limits``."""
        raise NotImplementedError

    def _known(self, position: Position, children: list[Child[M]]) -> Iteration[M] | None:
        """A result known without searching (None: search)."""
        return None
