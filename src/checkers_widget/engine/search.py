"""Iterative-deepening principal-variation search on raw bitboards.

This is the engine's hot loop. A position is ``(own, opp, kings, black)`` and a move a
:data:`~checkers_widget.core.movegen.BitMove`, as in :mod:`checkers_widget.core.movegen`,
whose generator the search uses. The search is a negamax alpha-beta with:

* **Principal-variation search**: the first move gets the full window, the others a
  null window, re-searched only when they turn out better.
* **A transposition table** (a plain dict keyed by the exact position, so there are no
  hash collisions): the stored bound cuts the search off, the stored best move is
  tried first.
* **Move ordering**: hash move, then (when capturing) the captures taking the most,
  then two killer moves per ply, then the history heuristic.
* **Quiescence by forced captures**: at the horizon a position where the side to move
  must capture is searched on (captures only) until it is quiet, so the search never
  stops in the middle of an exchange. A position with a single legal move is
  extended (it costs one node and never needs a choice).
* **Late-move reductions** for quiet moves late in the ordering, re-searched at full
  depth when they beat alpha.
* **Draw rules**: a position that repeats one on the current line or in the game's
  history scores 0, and so does reaching the no-progress limit (the 40-move rule).
  Wins are scored ``MATE - plies`` so the shortest win is preferred; a side with no
  legal move has lost.
* **Limits**: depth, a node budget (checked exactly at every node, so a budget gives
  the same result on every machine), a deadline and a stop callable (polled every
  :data:`CHECK_EVERY` nodes). With a time budget, a new iteration starts before the
  soft limit, or after it when the last iterations' growth says it will end before
  the deadline.
* **Endgame databases** (optional, for Hard and Expert): every position of up to four
  pieces, men and kings, is scored exactly from :mod:`.endgame_db` wherever the search
  meets it, and such a root position is answered from the databases outright when
  they prove a win or a loss.

Where each part is:

* :meth:`Searcher.run`: the root and iterative deepening, which are the scaffold the
  general searcher (:mod:`.general_search`) shares (:mod:`.deepening`: the limits, the
  root's passes with their aspiration windows, what to keep when a limit interrupts an
  iteration, whether to start another). This searcher gives it its root's moves, the
  endgame databases' answer (:meth:`Searcher._table_root`), the reduction of late
  quiet root moves (:func:`_root_reduction`) and its node functions.
* :func:`_node_search` builds the functions that search one node, as closures over the
  search's tables: ``search`` (an interior node: draw rules, tables, the transposition
  table, the moves in order, then PVS with late-move reductions over them, the
  children at the horizon valued in the loop) and ``qsearch`` / ``qcaptures`` (the
  horizon and the capture search).
* Move ordering (:func:`_order_quiet`), the transposition table's cut-off
  (:func:`_tt_cutoff`) and the endgame tables (:func:`_table_score`,
  :meth:`Searcher._table_root`) are small functions of their own.

What makes it fast in CPython (measured, not guessed: cProfile, a sampling profiler
and instruction counts under callgrind): moves come from table lookups by 9-bit slices
of the bitboards (:mod:`~checkers_widget.core.movegen`); the history table has an entry
for every step, so ordering is one C-level ``sort``; quiet leaves are valued inside
their parent's loop and capture sequences at the horizon go straight to the capture
search, both without a call per position; the evaluation reads the men's square terms
from slice tables. The node functions are closures, not methods, because they read
the search's state (node count, tables) at every node, and a closure's variable is
cheaper to read than an attribute. An interior node is one function, its move loop
included (see ``search`` for why); the parts it calls once or less (ordering, the
table's cut-off) are functions of their own.

Where a call per child would cost measurable speed, the search writes a rule out
inline (the horizon loop's capture and step tests, the move loops' application of a
move); each such copy is read from this file and checked against movegen by
``tests/engine/test_movegen_shared.py``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Unpack

from ..core.movegen import (
    MUST_CAPTURE,
    BitMove,
    can_take,
    capture_results,
    has_capture,
    moves_kind,
    play,
    quiet_steps,
)
from ..core.squares import BLACK_CROWN_ROW, VALID, WHITE_CROWN_ROW
from .deepening import (
    Deepening,
    Iteration,
    Position,
    RootTree,
    SearchLimits,
    SearchOptions,
    SearchState,
)
from .endgame_db import MAX_PIECES as TABLE_PIECES
from .endgame_db import probe
from .evaluate import evaluate
from .scores import INF, MATE, MATE_BOUND

__all__ = ["INF", "MATE", "MATE_BOUND", "MAX_DEPTH", "Iteration", "Searcher"]

#: Deepest line the search follows, extensions and captures included.
MAX_PLY = 200
#: Deepest nominal iteration.
MAX_DEPTH = 120

#: Half-width of the root's aspiration window, in hundredths of a man.
ASPIRATION = 30
#: Quiet moves from this index on (after hash move and killers) are reduced by a ply.
LMR_FROM = 2
#: Do not reduce moves that put the moved piece en prise.
LMR_SAFE = True
#: Reduce late root moves by a ply too (re-searched when they beat the best).
ROOT_LMR = True

#: Reduction by (depth, move index): grows with both, as in most modern searchers.
LMR_BASE = 1.0
LMR_DIV = 1.5


def _lmr_table() -> list[list[int]]:
    import math

    table = []
    for d in range(64):
        row = []
        for i in range(64):
            if d < 2 or i < LMR_FROM:
                row.append(0)
            else:
                r = int(LMR_BASE + math.log(d) * math.log(i) / LMR_DIV)
                row.append(max(1, min(r, d - 1)))
        table.append(row)
    return table


def _all_steps() -> list[BitMove]:
    """Every one-square diagonal step on the board (either direction), as engine moves."""
    out = []
    b = 1
    while b <= VALID:
        if b & VALID:
            for t in (b << 4, b << 5, b >> 4, b >> 5):
                if t & VALID:
                    out.append((b, t, 0))
        b <<= 1
    return out


#: The keys of the history table, which holds a counter for every step.
_STEPS = _all_steps()

#: Built once: ``_LMR[depth][move index]`` (a few milliseconds to compute, which a
#: search of a few hundred nodes, as in a king ending, would otherwise pay every call).
_LMR = _lmr_table()

_EXACT, _LOWER, _UPPER = 0, 1, 2
#: The clock and the stop callable are looked at every this many nodes.
CHECK_EVERY = 512

#: A root move with its child, seen from its side to move (:data:`.deepening.Child`).
_Child = tuple[BitMove, int, int, int, int]

#: A transposition-table entry: ``(depth, flag, score, best move)``.
_Entry = tuple[int, int, int, BitMove | None]


class Searcher(SearchState[BitMove]):
    """One search of one position; build a new one per ``analyse`` call.

    ``reps`` counts the positions (keys ``(own, opp, kings, black)``) already seen in
    the game since the last irreversible move; ``quiet`` is the number of plies since
    then and ``quiet_limit`` the ply count at which the game is drawn (None: no limit).
    ``endgame_tables``: look up positions of at most four pieces (men and kings) in the
    exact databases of :mod:`.endgame_db` wherever the search meets them, and answer
    such a root position from them outright when they prove a win or a loss.
    """

    def __init__(
        self,
        *,
        reps: dict[tuple[int, int, int, bool], int] | None = None,
        quiet: int = 0,
        quiet_limit: int | None = 80,
        tt_limit: int = 600_000,
        endgame_tables: bool = False,
    ) -> None:
        super().__init__(reps, quiet, quiet_limit, tt_limit)
        self.tt: dict[Position, _Entry] = {}
        #: Score positions of at most four pieces exactly (:mod:`.endgame_db`).
        self.endgame_tables = endgame_tables

    #: A position with one legal move is searched to depth 4 (enough to show the line
    #: that follows); with a time budget an iteration may start after the soft limit
    #: when it is expected to end before the deadline.
    style = Deepening(max_depth=MAX_DEPTH, aspiration=ASPIRATION, forced_depth=4, late_start=True)
    check_every = CHECK_EVERY

    def run(
        self, own: int, opp: int, kings: int, black: bool, **options: Unpack[SearchOptions[BitMove]]
    ) -> Iteration[BitMove] | None:
        """Search the position (``black``: Black to move) until a limit is hit; the best
        completed result (None if no moves). The options (limits, ``all_scores``,
        ``on_iteration``, ``soft_time``, ``root_moves``, ``root_floor``) are
        :class:`~.deepening.SearchOptions`."""
        return self.run_position((own, opp, kings, black), **options)

    def _legal(self, position: Position) -> list[BitMove]:
        own, opp, kings, black = position
        return capture_results(own, opp, kings, black) or quiet_steps(own, opp, kings, black)

    def _child(self, position: Position, move: BitMove) -> _Child:
        own, opp, kings, black = position
        o, p, kk = play(own, opp, kings, black, move)
        # A king's step keeps the no-progress count going; anything else resets it.
        src, _, taken = move
        return move, p, o, kk, self.quiet0 + 1 if not taken and kings & src else 0

    def _tree(self, limits: SearchLimits) -> RootTree[BitMove]:
        return _node_search(self, limits)

    def _known(self, position: Position, children: list[_Child]) -> Iteration[BitMove] | None:
        """The endgame databases' answer, with :attr:`endgame_tables`, in an ending of
        at most four pieces that they prove won or lost (:meth:`_table_root`)."""
        own, opp, kings, black = position
        if self.endgame_tables and (own | opp).bit_count() <= TABLE_PIECES:
            return self._table_root(own, opp, kings, black, children)
        return None

    def _table_root(
        self,
        own: int,
        opp: int,
        kings: int,
        black: bool,
        children: list[_Child],
    ) -> Iteration[BitMove] | None:
        """A root ending answered from the :mod:`.endgame_db` databases, or None.

        Only a proven result is answered here (a draw is left to the search, which
        meets the same tables at every node). The winner takes the fastest win, the
        loser the longest resistance; a move back into a position of the game's
        history counts as a draw, as in the search, and a win that the no-progress
        rule would cut off is left to the search too. The principal variation is the
        tables' line to the end of the game (:func:`_table_line`).
        """
        qlimit = self.quiet_limit
        reps = self.reps
        best: tuple[int, BitMove] | None = None
        for m, p, o, kk, q in children:
            if not p:
                score = MATE - 1  # took the last piece
            elif (p, o, kk, not black) in reps:
                score = 0
            else:
                v = probe(p, o, kk, not black)
                if v is None:
                    return None
                result, n = v
                if not result:
                    score = 0
                elif q + n > qlimit:
                    return None
                else:
                    # The child's result, seen from here one ply earlier.
                    score = n + 1 - MATE if result > 0 else MATE - n - 1
            if best is None or score > best[0]:
                best = (score, m)
        assert best is not None
        score, move = best
        if abs(score) <= MATE_BOUND:
            return None
        pv = _table_line(own, opp, kings, black, move)
        self.nodes = len(children)
        return Iteration(len(pv), move, score, pv, len(children), len(pv))


# ---------------------------------------------------------------------- the root


def _root_reduction(n: int, d: int, move: BitMove) -> int:
    """Plies the ``n``-th root move (from 0) is first searched shallower by, at ``d``
    plies below the root: one for a late quiet move (:data:`ROOT_LMR`), re-searched at
    full depth when it beats the best."""
    return 1 if ROOT_LMR and n >= 3 and d >= 3 and not move[2] else 0


# ---------------------------------------------------------------------- the nodes


def _node_search(searcher: Searcher, limits: SearchLimits) -> RootTree[BitMove]:
    """The functions that search the nodes below the root, for one search.

    They are closures over this function's variables: the node count, the killer,
    history and principal-variation tables and the searcher's transposition table,
    repetition counts and no-progress limit. In CPython a closure reads such a variable
    faster than a method reads an attribute, and they run once a node.

    * ``search``: an interior node. Draw rules and endgame tables first, mate-distance
      pruning, then the transposition table (a cut-off in null-window nodes; the move
      to try first), the moves in order (:func:`_order_quiet`), PVS with late-move
      reductions over them (the children at the horizon valued in the loop, without a
      call each), and the result stored.
    * ``qsearch``: the horizon (a static value, unless a capture is due), and
      ``qcaptures``: the capture search below it.
    """
    tt = searcher.tt
    tt_get = tt.get
    tt_limit = searcher.tt_limit
    reps = searcher.reps
    qlimit = searcher.quiet_limit
    tb = searcher.endgame_tables
    lmr = _LMR
    check = limits.check
    killers: list[list[BitMove | None]] = [[None, None] for _ in range(MAX_PLY + 2)]
    hist: tuple[dict[BitMove, int], dict[BitMove, int]] = (
        dict.fromkeys(_STEPS, 0),
        dict.fromkeys(_STEPS, 0),
    )
    hist_get = (hist[0].__getitem__, hist[1].__getitem__)
    pv_table: list[tuple[BitMove, ...]] = [() for _ in range(MAX_PLY + 2)]
    nodes = 0
    seldepth = 0
    # The node count at which the limits are next looked at.
    next_check = limits.first_check()

    def qsearch(
        own: int,
        opp: int,
        kings: int,
        black: bool,
        depth: int,
        alpha: int,
        beta: int,
        ply: int,
        quiet_plies: int,
    ) -> int:
        """The horizon: the static value, or (when the side to move must capture)
        the captures searched on until the position is quiet. Same signature as
        ``search`` so that a caller can pick either; ``depth`` is ignored."""
        nonlocal nodes, next_check
        nodes += 1
        if nodes >= next_check:
            next_check = check(nodes)
        pv_table[ply] = ()
        if tb and (own | opp).bit_count() <= TABLE_PIECES:
            v = _table_score(own, opp, kings, black, ply, quiet_plies, qlimit)
            if v is not None:
                return v
        kind = moves_kind(own, opp, kings, black)
        if kind != MUST_CAPTURE:
            if kind:  # STEPS_ONLY
                return evaluate(own, opp, kings) if black else -evaluate(opp, own, kings)
            return ply - MATE  # blocked: lost
        nodes -= 1  # counted again by qcaptures
        return qcaptures(own, opp, kings, black, alpha, beta, ply)

    def qcaptures(
        own: int, opp: int, kings: int, black: bool, alpha: int, beta: int, ply: int
    ) -> int:
        """``qsearch`` of a position known to have a capture (the callers that
        already looked, the horizon loops, come here straight)."""
        nonlocal nodes, seldepth, next_check
        nodes += 1
        if nodes >= next_check:
            next_check = check(nodes)
        pv_table[ply] = ()
        if ply > seldepth:
            seldepth = ply
        if ply >= MAX_PLY:
            return 0
        if tb and (own | opp).bit_count() <= TABLE_PIECES:
            # Every move here is a capture, which starts the no-progress count again.
            v = _table_score(own, opp, kings, black, ply, 0, qlimit)
            if v is not None:
                return v
        moves = capture_results(own, opp, kings, black)  # most taken first
        crown_row = BLACK_CROWN_ROW if black else WHITE_CROWN_ROW
        pv_node = beta - alpha > 1
        nxt = not black
        best = -INF
        for m in moves:
            # movegen.play written out, as in ``search``'s loop (checked against it
            # by tests/engine/test_movegen_shared.py).
            src, dst, taken = m
            kk = kings & ~taken
            if kk & src:
                kk = (kk & ~src) | dst
            elif dst & crown_row:
                kk |= dst
            o = (own & ~src) | dst
            p = opp & ~taken
            # A quiet child is valued here, without a call to qsearch; one that
            # must capture is searched on.
            kind = moves_kind(p, o, kk, nxt)
            if kind == MUST_CAPTURE:
                score = -qcaptures(p, o, kk, nxt, -beta, -alpha, ply + 1)
                child_pv = True
            else:
                nodes += 1
                if nodes >= next_check:
                    next_check = check(nodes)
                child_pv = False
                if not kind:  # NO_MOVE: lost
                    score = MATE - ply - 1
                elif tb and (o | p).bit_count() <= TABLE_PIECES:
                    v = _table_score(p, o, kk, nxt, ply + 1, 0, qlimit)
                    if v is not None:
                        score = -v
                    else:
                        score = evaluate(o, p, kk) if black else -evaluate(p, o, kk)
                else:
                    score = evaluate(o, p, kk) if black else -evaluate(p, o, kk)
            if score > best:
                best = score
                if score > alpha:
                    alpha = score
                    if pv_node:
                        pv_table[ply] = (m, *pv_table[ply + 1]) if child_pv else (m,)
                    if score >= beta:
                        break
        return best

    def search(
        own: int,
        opp: int,
        kings: int,
        black: bool,
        depth: int,
        alpha: int,
        beta: int,
        ply: int,
        quiet_plies: int,
    ) -> int:
        """An interior node: its score for the side to move (fail-soft alpha-beta).

        ``quiet_plies`` counts the plies since the last capture or man move (for the
        no-progress rule and repetitions, which only king moves can make). In order:
        (1) count the node; (2) a repetition, the no-progress limit or an ending in
        the tables answers at once; (3) mate-distance pruning; (4) the transposition
        table cuts off (null-window nodes only) or names the move to try first, and
        the moves are put in order (:func:`_order_quiet`); (5) the moves, PVS with
        late-move reductions, the children at the horizon valued in the loop; (6) the
        result stored.

        The node is one function, its move loop included (measured: a call per node
        for the loop cost 1 % more instructions, and on CPython 3.11, whose frame
        stack comes in 16 KiB chunks that are allocated and freed again each time a
        call crosses the end of one, the second frame per ply made such crossings half
        as frequent again; see benchmarks/README.md).
        """
        nonlocal nodes, seldepth, next_check
        if depth <= 0:
            return qsearch(own, opp, kings, black, 0, alpha, beta, ply, quiet_plies)
        # 1. The node is counted (and the limits looked at).
        nodes += 1
        if nodes >= next_check:
            next_check = check(nodes)
        pv_table[ply] = ()
        if ply > seldepth:
            seldepth = ply
        capture = has_capture(own, opp, kings, black)
        if ply >= MAX_PLY:
            return qsearch(own, opp, kings, black, 0, alpha, beta, ply, 0)

        # 2. Drawn by a repetition or the no-progress rule, or an ending in the tables.
        key = (own, opp, kings, black)
        if quiet_plies:
            if key in reps:
                return 0
            if quiet_plies >= qlimit:
                # Drawn by the no-progress rule, unless the side to move is stuck.
                return 0 if capture or quiet_steps(own, opp, kings, black) else ply - MATE
        if tb and (own | opp).bit_count() <= TABLE_PIECES:
            v = _table_score(own, opp, kings, black, ply, quiet_plies, qlimit)
            if v is not None:
                return v

        # 3. Mate-distance pruning: nothing here can beat a win found nearer the root
        # (scores.mate_window written out: a call per node costs measurable speed).
        if alpha < ply - MATE:
            alpha = ply - MATE
        if beta > MATE - ply - 1:
            beta = MATE - ply - 1
        if alpha >= beta:
            return alpha

        # 4. The transposition table, and the moves in order. Near the no-progress
        # limit a stored score may hide a draw the stored search did not see: the
        # table then only orders moves.
        use_tt = quiet_plies + depth < qlimit
        entry = tt_get(key)
        hmove = None
        if entry is not None:
            hmove = entry[3]
            # Cut-offs only in null-window nodes: a PV node searches on, so that the
            # principal variation comes out whole.
            if use_tt and entry[0] >= depth and beta - alpha == 1:
                cut = _tt_cutoff(entry, alpha, beta, ply)
                if cut is not None:
                    return cut

        if capture:
            moves = capture_results(own, opp, kings, black)  # most taken first
        else:
            moves = quiet_steps(own, opp, kings, black)
            if not moves:
                return ply - MATE
            if len(moves) > 1:
                _order_quiet(moves, hist_get[black], killers[ply])
        if hmove is not None and moves[0] != hmove and hmove in moves:
            moves.remove(hmove)
            moves.insert(0, hmove)

        # 5. The moves: the first with the window, the others with a null window,
        # searched again with the window when they beat alpha (PVS).
        # A single legal move costs nothing to choose: extend.
        child_depth = depth if len(moves) == 1 else depth - 1
        child = search if child_depth > 0 else qsearch
        leafy = child_depth <= 0
        crown_row = BLACK_CROWN_ROW if black else WHITE_CROWN_ROW
        pv_node = beta - alpha > 1
        best = -INF
        best_move = moves[0]
        alpha0 = alpha
        nxt = not black
        # Only king moves can repeat a position: with kings on the board, this one is
        # on the line while its moves are searched.
        pushed = quiet_plies + 1 < qlimit and kings
        if pushed:
            reps[key] = reps.get(key, 0) + 1
        try:
            for i, m in enumerate(moves):
                # movegen.play written out (no call, no tuple per child), with the
                # no-progress count; checked against it by tests/test_movegen_shared.
                src, dst, taken = m
                o = (own & ~src) | dst
                if taken:
                    p = opp & ~taken
                    kk = kings & ~taken
                    q = 0
                else:
                    p = opp
                    kk = kings
                    q = quiet_plies + 1
                if kk & src:
                    kk = (kk & ~src) | dst
                else:
                    q = 0
                    if dst & crown_row:
                        kk |= dst
                if leafy:
                    # The child is at the horizon: when it is quiet, its value is
                    # its static evaluation (exact, so no re-search), computed here
                    # without the cost of a call. The two tests below are
                    # movegen.moves_kind written out (a call per leaf costs about 2 %
                    # of the speed); tests/engine/test_movegen_shared.py reads them from
                    # this source and checks them against movegen.
                    e2 = VALID & ~(o | p)
                    ck = p & kk
                    if black:  # the child is White to move: p are its pieces
                        quiet_child = not (
                            ((((p >> 4) & o) >> 4) | (((p >> 5) & o) >> 5)) & e2
                            or (ck and ((((ck << 4) & o) << 4) | (((ck << 5) & o) << 5)) & e2)
                        )
                        steps = quiet_child and (
                            ((p >> 4) | (p >> 5)) & e2 or (ck and ((ck << 4) | (ck << 5)) & e2)
                        )
                    else:
                        quiet_child = not (
                            ((((p << 4) & o) << 4) | (((p << 5) & o) << 5)) & e2
                            or (ck and ((((ck >> 4) & o) >> 4) | (((ck >> 5) & o) >> 5)) & e2)
                        )
                        steps = quiet_child and (
                            ((p << 4) | (p << 5)) & e2 or (ck and ((ck >> 4) | (ck >> 5)) & e2)
                        )
                    if quiet_child:
                        if not steps:
                            score = MATE - ply - 1
                        elif tb and (o | p).bit_count() <= TABLE_PIECES:
                            v = _table_score(p, o, kk, nxt, ply + 1, q, qlimit)
                            if v is not None:
                                score = -v
                            else:
                                score = evaluate(o, p, kk) if black else -evaluate(p, o, kk)
                        else:
                            score = evaluate(o, p, kk) if black else -evaluate(p, o, kk)
                        nodes += 1
                        if nodes >= next_check:
                            next_check = check(nodes)
                    else:
                        score = -qcaptures(p, o, kk, nxt, -beta, -alpha, ply + 1)
                elif i == 0:
                    score = -child(p, o, kk, nxt, child_depth, -beta, -alpha, ply + 1, q)
                else:
                    d = child_depth
                    if i >= LMR_FROM and d >= 2 and not taken:
                        # A late quiet move: search it shallower first; it is
                        # searched again at full depth if it beats alpha. Not a
                        # move that offers a piece (a shot, or a blunder to refute):
                        # those are tactics, and tactics are not reduced.
                        offers = can_take(p, o, kk, nxt, dst)
                        if not offers or not LMR_SAFE:
                            d -= lmr[d if d < 64 else 63][i if i < 64 else 63]
                    score = -child(p, o, kk, nxt, d, -alpha - 1, -alpha, ply + 1, q)
                    if score > alpha and d < child_depth:
                        score = -search(p, o, kk, nxt, child_depth, -alpha - 1, -alpha, ply + 1, q)
                    if alpha < score < beta:
                        score = -child(p, o, kk, nxt, child_depth, -beta, -alpha, ply + 1, q)
                if score > best:
                    best = score
                    best_move = m
                    if score > alpha:
                        alpha = score
                        if pv_node:
                            # (A quiet leaf child left no line of its own.)
                            pv_table[ply] = (
                                (m,) if leafy and quiet_child else (m, *pv_table[ply + 1])
                            )
                        if score >= beta:
                            if not taken:
                                # A quiet move that cuts off: the ply's first killer (the
                                # old first the second), and history by depth squared.
                                kl = killers[ply]
                                if kl[0] != m:
                                    kl[1] = kl[0]
                                    kl[0] = m
                                hist[black][m] += depth * depth
                            break
        finally:
            if pushed:
                c = reps[key] - 1
                if c:
                    reps[key] = c
                else:
                    del reps[key]

        # 6. The result into the transposition table: the bound the score is (a
        # cut-off: a lower bound; nothing beat alpha: an upper bound), with a mate
        # counted from this node rather than the root, so that it holds wherever the
        # position recurs (see _tt_cutoff).
        if use_tt:
            if best >= beta:
                flag = _LOWER
            elif best > alpha0:
                flag = _EXACT
            else:
                flag = _UPPER
            stored = best
            if stored > MATE_BOUND:
                stored += ply
            elif stored < -MATE_BOUND:
                stored -= ply
            if len(tt) >= tt_limit:
                tt.clear()
            tt[key] = (depth, flag, stored, best_move)
        return best

    def counts() -> tuple[int, int]:
        return nodes, seldepth

    return RootTree(search, qsearch, pv_table, counts, _root_reduction, exact_first=True)


# ---------------------------------------------------------------------- node helpers


def _order_quiet(
    moves: list[BitMove], history: Callable[[BitMove], int], killer_pair: list[BitMove | None]
) -> None:
    """Order a node's steps in place: by history (a C-level sort: every step has an
    entry), then the ply's two killers moved to the front, the first killer first."""
    moves.sort(key=history, reverse=True)
    # The second killer first, so that the first ends up in front.
    for killer in reversed(killer_pair):
        if killer is not None and killer in moves and moves[0] != killer:
            moves.remove(killer)
            moves.insert(0, killer)


def _tt_cutoff(entry: _Entry, alpha: int, beta: int, ply: int) -> int | None:
    """The stored score if its bound settles the window (alpha, beta) at this ply,
    else None. Mate scores are stored counted from the node (``search`` stores them)."""
    _, flag, score, _ = entry
    if score > MATE_BOUND:
        score -= ply
    elif score < -MATE_BOUND:
        score += ply
    if flag == _EXACT:
        return score
    if flag == _LOWER:
        if score >= beta:
            return score
    elif score <= alpha:
        return score
    return None


# ---------------------------------------------------------------------- endgame tables


def _table_score(
    own: int, opp: int, kings: int, black: bool, ply: int, quiet_plies: int, qlimit: int
) -> int | None:
    """The exact score of a position of at most :data:`TABLE_PIECES` pieces from the
    endgame databases (side to move's view, mate scores counted from the root), or
    None: not in the databases, or a win that the no-progress rule (``qlimit`` plies,
    ``quiet_plies`` gone) might not leave time for. The databases count plies to the
    end of the game under the pure rules; a line that fits in the plies left cannot be
    cut off by the rule (a man move or a capture on the way only starts it again)."""
    v = probe(own, opp, kings, black)
    if v is None:
        return None
    result, n = v
    if not result:
        return 0
    if quiet_plies + n > qlimit:
        return None
    return MATE - ply - n if result > 0 else ply + n - MATE


def _table_line(own: int, opp: int, kings: int, black: bool, move: BitMove) -> list[BitMove]:
    """The databases' line from an ending, starting with ``move``: each side's best
    move by the databases (the fastest win, the longest resistance) until the game
    ends, or a draw is reached.

    A position's value says how long its best line is, so each step takes the first
    move (in the generator's order) to a position one ply nearer the end, on the
    same side of the result, without probing the others."""
    pv = [move]
    own2, opp2, k = play(own, opp, kings, black, move)
    own2, opp2, side = opp2, own2, not black  # the side to move after the root move
    while own2 and len(pv) < MAX_PLY:
        v = probe(own2, opp2, k, side)
        if v is None or not v[0] or not v[1]:
            break  # (a draw, or no move left: the game is over)
        result, n = v
        # The best move leads to a position of the other side's result, in n - 1.
        want = (-result, n - 1)
        moves = capture_results(own2, opp2, k, side) or quiet_steps(own2, opp2, k, side)
        for m in moves:
            a, b, kk = play(own2, opp2, k, side, m)
            if (probe(b, a, kk, not side) if b else (-1, 0)) == want:
                break
        else:  # (cannot happen: the databases are consistent)
            break
        pv.append(m)
        own2, opp2, k, side = b, a, kk, not side
    return pv
