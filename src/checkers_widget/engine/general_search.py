"""Iterative-deepening alpha-beta for every draughts variant, on the general generator.

American checkers has its own heavily tuned searcher (:mod:`.search`) over the 8x8
bitboards of :mod:`~checkers_widget.core.movegen`. This one plays any
:class:`~checkers_widget.core.variants.Variant` (international, Russian, Brazilian,
pool, Italian, Spanish, giveaway, house rules) with one piece of code: it asks the
variant's general generator (:class:`~checkers_widget.core.variant_movegen.VariantRules`)
for moves directly on its bitboards (bit ``s`` for square ``s``), which is 9 to 20 times
faster than going through :class:`~checkers_widget.core.board.Board`'s ``push``/``pop``
(a push checks the move against every legal move and builds :class:`Move` values;
``benchmarks/variant_engine.py --walk``), asks whether a capture is due with the
bitboard-wide :class:`~.general_captures.CaptureTest`, and values leaves with
:class:`~.general_eval.VariantEvaluator`.

A position is ``(own, opp, kings, down)``: the side to move's pieces, the other side's,
both sides' kings, and whether the side to move's men move towards the high numbers
(which names the side to move, since the side starting at the top moves down). A move is
the generator's :data:`~checkers_widget.core.variant_movegen.RawMove`
``(path, captures, crowns, taken)``.

The search (a negamax over those positions):

* **Iterative deepening** with an aspiration window from depth 4 on, and **PVS**: the
  first move gets the full window, the others a null window, re-searched when they beat
  it. With ``all_scores`` every root move gets the full window (exact scores for the
  noisy levels).
* **Transposition table**: a dict keyed by the exact position tuple (no hash
  collisions; Python hashes the tuple), holding depth, bound, score and best move.
* **Move ordering**: the table's move, then captures by pieces taken (captures are
  forced, so they are the only moves when there is one), crowning moves, two killer
  moves per ply and the history heuristic (by start and end square).
* **Late-move reductions**: quiet moves late in the order, at depth 3 or more, are
  searched a ply shallower first and again at full depth if they beat alpha.
* **Quiescence by forced captures**: at the horizon a position whose side must capture
  is searched on (its captures only: capturing is compulsory, so there is no standing
  pat) until it is quiet, so the search never stops in the middle of an exchange. A
  position with a single legal move is extended by a ply.
* **Game ends**: a side with no legal move has lost, or won where the goal is reversed
  (giveaway), the same rule as :meth:`Board.outcome
  <checkers_widget.core.board.Board.outcome>`; a win ``n`` plies away scores ``MATE - n``
  so the quickest is preferred (the same scale as :mod:`.search`, so that
  :class:`~.engine.Analysis` reports both alike).
* **Draws**: a position met earlier on the line or in the game since its last
  irreversible move scores 0, and so does reaching the no-progress limit (the game's
  40-move rule, counted in plies of king moves without capture).
* **Limits**: a depth, a node budget (checked at every node, so a budget gives the same
  move on every machine), a deadline and a stop callable, polled every
  :data:`CHECK_EVERY` nodes (a few milliseconds), so a search in a thread stops
  promptly and the notebook never waits. Depth 1 is always finished, so there is always
  a move.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeAlias, Unpack

from ..core.board import Board
from ..core.color import BLACK
from ..core.variant_movegen import RawMove, rules_of
from ..core.variants import Variant
from ..core.variants import variant as find_variant
from .deepening import Deepening, Iteration, RootTree, SearchLimits, SearchOptions, SearchState
from .general_captures import CaptureTest
from .general_eval import VariantEvaluator
from .scores import INF, MATE, MATE_BOUND, mate_window

__all__ = [
    "CHECK_EVERY",
    "GeneralIteration",
    "GeneralSearcher",
    "RawPosition",
    "identity",
    "play_raw",
    "raw_position",
]

#: ``(own, opp, kings, down)``: a position seen from its side to move.
RawPosition = tuple[int, int, int, bool]

#: The limits (clock, stop) are looked at every this many nodes.
CHECK_EVERY = 256
#: Deepest line followed, extensions and captures included.
MAX_PLY = 160
#: Deepest nominal iteration.
MAX_DEPTH = 100
#: Half-width of the root's aspiration window, in hundredths of a man.
ASPIRATION = 40

_EXACT, _LOWER, _UPPER = 0, 1, 2

#: A transposition-table entry: ``(depth, bound, score, best move's identity)``.
_Entry = tuple[int, int, int, tuple[int, int, int] | None]

#: The result of one iteration at the root (:class:`~.deepening.Iteration` of
#: :data:`~checkers_widget.core.variant_movegen.RawMove`\ s).
GeneralIteration: TypeAlias = Iteration[RawMove]


def identity(move: RawMove) -> tuple[int, int, int]:
    """What tells a move apart in the tables: start, end and the pieces it takes."""
    path = move[0]
    return path[0], path[-1], move[3]


def play_raw(own: int, opp: int, kings: int, move: RawMove) -> tuple[int, int, int]:
    """The position after ``move``, as ``(own, opp, kings)`` of the side that moved."""
    path, _caps, crowns, taken = move
    src, dst = 1 << path[0], 1 << path[-1]
    new_kings = kings & ~taken & ~src
    if crowns or kings & src:
        new_kings |= dst
    return (own ^ src) | dst, opp & ~taken, new_kings


#: A root move with its child position (seen from its side to move) and its quiet count
#: (:data:`.deepening.Child`).
_Child = tuple[RawMove, int, int, int, int]


class GeneralSearcher(SearchState[RawMove]):
    """One search of one position of ``variant`` (a :class:`Variant` or its name); make a
    new one per analysis.

    ``reps`` counts the positions (as :data:`RawPosition`) met in the game since its last
    irreversible move, the root excluded; ``quiet`` is the number of plies since that move
    and ``quiet_limit`` the count at which the game is drawn (None: never).
    ``evaluate`` replaces the variant's :class:`~.general_eval.VariantEvaluator`.
    """

    def __init__(
        self,
        variant: Variant | str,
        *,
        reps: dict[RawPosition, int] | None = None,
        quiet: int = 0,
        quiet_limit: int | None = 80,
        tt_limit: int = 400_000,
        evaluate: Callable[[int, int, int, bool], int] | None = None,
    ) -> None:
        variant = find_variant(variant)  # a VariantError for an unknown name
        self.variant = variant
        self.rules = rules_of(variant)
        self.evaluate = evaluate if evaluate is not None else VariantEvaluator(variant)
        super().__init__(reps, quiet, quiet_limit, tt_limit)
        self.tt: dict[RawPosition, _Entry] = {}

    #: A position with one legal move stops at depth 2, and no iteration starts after
    #: the soft time limit.
    style = Deepening(max_depth=MAX_DEPTH, aspiration=ASPIRATION, forced_depth=2, late_start=False)
    check_every = CHECK_EVERY

    def run(
        self, position: RawPosition, **options: Unpack[SearchOptions[RawMove]]
    ) -> GeneralIteration | None:
        """Search ``position`` until a limit; the deepest useful iteration (None: no legal
        move). The options (limits, ``all_scores``, ``on_iteration``, ``soft_time``,
        ``root_moves``, ``root_floor``) are :class:`~.deepening.SearchOptions`; this
        searcher starts no iteration after ``soft_time`` (one usually takes longer than
        all before it together)."""
        return self.run_position(position, **options)

    def _legal(self, position: RawPosition) -> list[RawMove]:
        return self.rules.moves(*position)

    def _child(self, position: RawPosition, move: RawMove) -> _Child:
        own, opp, kings, _down = position
        moved, left, new_kings = play_raw(own, opp, kings, move)
        # Only a king's step keeps the no-progress count going.
        quiet = self.quiet0 + 1 if not move[3] and kings & (1 << move[0][0]) else 0
        return move, left, moved, new_kings, quiet

    def _tree(self, limits: SearchLimits) -> RootTree[RawMove]:
        tree = _Tree(self, limits)
        return RootTree(tree.search, tree.search, tree.pv, tree.counts)


class _Tree:
    """The node search of one :class:`GeneralSearcher` run: its tables and counters.

    :meth:`search` is the one node function (interior nodes and the capture search at the
    horizon alike), for the root's passes (:class:`~.deepening.RootTree`).
    """

    def __init__(self, searcher: GeneralSearcher, limits: SearchLimits) -> None:
        self.searcher = searcher
        self.limits = limits
        self.nodes = 0
        self.seldepth = 0
        self.next_check = limits.first_check()
        self.killers: list[list[tuple[int, int, int] | None]] = [
            [None, None] for _ in range(MAX_PLY + 2)
        ]
        self.history: dict[tuple[int, int], int] = {}
        self.pv: list[list[RawMove]] = [[] for _ in range(MAX_PLY + 2)]
        rules = searcher.rules
        self.steps = rules.steps
        self.has_capture = CaptureTest(searcher.variant)
        self.captures = rules.captures
        self.evaluate = searcher.evaluate
        self.reversed = searcher.variant.goal_reversed

    def counts(self) -> tuple[int, int]:
        """The nodes searched so far and the deepest ply reached."""
        return self.nodes, self.seldepth

    def search(
        self,
        own: int,
        opp: int,
        kings: int,
        down: bool,
        depth: int,
        alpha: int,
        beta: int,
        ply: int,
        quiet: int,
    ) -> int:
        """The value of a position for its side to move, searched ``depth`` plies on
        (at ``depth <= 0``, the static value unless a capture is due)."""
        self.nodes += 1
        if self.nodes >= self.next_check:
            self.next_check = self.limits.check(self.nodes)
        if ply > self.seldepth:
            self.seldepth = ply
        pv = self.pv
        pv[ply] = []
        if not own:
            return MATE - ply if self.reversed else ply - MATE
        searcher = self.searcher
        if quiet >= searcher.quiet_limit:
            return 0
        key = (own, opp, kings, down)
        reps = searcher.reps
        if key in reps:
            return 0
        if depth <= 0 or ply >= MAX_PLY:
            if ply >= MAX_PLY or not self.has_capture(own, opp, kings, down):
                return self.evaluate(own, opp, kings, down)
            moves = self.captures(own, opp, kings, down)
            depth = 0
        else:
            if self.has_capture(own, opp, kings, down):
                moves = self.captures(own, opp, kings, down)
            else:
                moves = self.steps(own, opp, kings, down)
            if not moves:
                return MATE - ply if self.reversed else ply - MATE
        # Mate-distance pruning: nothing here can beat a win already found nearer the root.
        alpha, beta = mate_window(alpha, beta, ply)
        if alpha >= beta:
            return alpha
        tt = searcher.tt
        entry = tt.get(key)
        tt_move = None
        if entry is not None:
            e_depth, flag, e_score, tt_move = entry
            if e_depth >= depth and beta - alpha == 1:
                if e_score > MATE_BOUND:
                    e_score -= ply
                elif e_score < -MATE_BOUND:
                    e_score += ply
                if (
                    flag == _EXACT
                    or (flag == _LOWER and e_score >= beta)
                    or (flag == _UPPER and e_score <= alpha)
                ):
                    return e_score
        if len(moves) > 1:
            moves = self._ordered(moves, tt_move, ply)
        elif depth > 0:
            depth += 1  # a single legal move: extend (it costs a node, never a choice)
        capturing = bool(moves[0][3])
        bit_down = not down
        alpha0 = alpha
        best = -INF
        best_move: RawMove | None = None
        reps[key] = 1
        try:
            for n, move in enumerate(moves):
                path, _caps, crowns, taken = move
                src, dst = 1 << path[0], 1 << path[-1]
                new_kings = kings & ~taken & ~src
                was_king = kings & src
                if crowns or was_king:
                    new_kings |= dst
                moved = (own ^ src) | dst
                left = opp & ~taken
                q = quiet + 1 if was_king and not taken else 0
                d = depth - 1
                if n == 0:
                    score = -self.search(
                        left, moved, new_kings, bit_down, d, -beta, -alpha, ply + 1, q
                    )
                else:
                    r = 1 if n >= 3 and d >= 2 and not capturing and not crowns else 0
                    score = -self.search(
                        left, moved, new_kings, bit_down, d - r, -alpha - 1, -alpha, ply + 1, q
                    )
                    if r and score > alpha:
                        score = -self.search(
                            left, moved, new_kings, bit_down, d, -alpha - 1, -alpha, ply + 1, q
                        )
                    if alpha < score < beta:
                        score = -self.search(
                            left, moved, new_kings, bit_down, d, -beta, -alpha, ply + 1, q
                        )
                if score > best:
                    best, best_move = score, move
                    if score > alpha:
                        alpha = score
                        pv[ply] = [move, *pv[ply + 1]]
                        if score >= beta:
                            if not capturing:
                                self._reward(move, depth, ply)
                            break
        finally:
            del reps[key]
        assert best_move is not None
        if len(tt) < searcher.tt_limit or key in tt:
            flag = _LOWER if best >= beta else _UPPER if best <= alpha0 else _EXACT
            stored = best
            if stored > MATE_BOUND:
                stored += ply
            elif stored < -MATE_BOUND:
                stored -= ply
            tt[key] = (depth, flag, stored, identity(best_move))
        return best

    def _ordered(
        self, moves: list[RawMove], tt_move: tuple[int, int, int] | None, ply: int
    ) -> list[RawMove]:
        """The moves best first: the table's move, then by pieces taken (captures),
        crowning, the killers of this ply and the history counters."""
        killers = self.killers[ply]
        history = self.history
        keyed = []
        for m in moves:
            path, caps, crowns, taken = m
            ident = (path[0], path[-1], taken)
            if ident == tt_move:
                value = 1 << 40
            else:
                value = (len(caps) << 30) + (crowns << 29)
                if ident == killers[0]:
                    value += 1 << 28
                elif ident == killers[1]:
                    value += 1 << 27
                value += history.get((path[0], path[-1]), 0)
            keyed.append((value, m))
        keyed.sort(key=_first, reverse=True)
        return [m for _, m in keyed]

    def _reward(self, move: RawMove, depth: int, ply: int) -> None:
        """A quiet move caused a cut-off: make it a killer here and raise its history."""
        ident = identity(move)
        killers = self.killers[ply]
        if killers[0] != ident:
            killers[1] = killers[0]
            killers[0] = ident
        key = (move[0][0], move[0][-1])
        value = self.history.get(key, 0) + depth * depth
        self.history[key] = value if value < 1 << 26 else value >> 1


def _first(pair: tuple[int, RawMove]) -> int:
    return pair[0]


def raw_position(board: Board) -> RawPosition:
    """A board's position as the general searcher sees it (bit ``s`` for square ``s``,
    whatever layout the board keeps internally)."""
    black = white = kings = 0
    for square, piece in board.pieces.items():
        bit = 1 << square
        if piece.color == BLACK:
            black |= bit
        else:
            white |= bit
        if piece.king:
            kings |= bit
    turn = board.turn
    own, opp = (black, white) if turn == BLACK else (white, black)
    return own, opp, kings, turn == board.variant.top
