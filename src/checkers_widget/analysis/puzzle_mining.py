"""Puzzles mined from real games: positions where exactly one move wins (issue 14).

A position of a game is a puzzle when the side to move (the *solver*) has one move, and
only one, that wins material against the best defence: at least a man net, a king, or the
game. Mining a game walks its positions and tests each in two steps, so that it is cheap
where nothing happens and thorough where something does:

1. **Candidate** (a shallow search, :data:`SHALLOW_DEPTH` plies with exact scores for every
   move): the best move gains at least :data:`CANDIDATE_GAIN` over the material on the
   board, and the second best gains clearly less. Positions with a single legal move, or
   straight after the opponent captured (a recapture is no puzzle), are not tried at all.
2. **Verification** (a deeper search, :data:`VERIFY_DEPTH` plies, exact scores again): the
   best move gains at least :data:`WIN_GAIN` (or is a proven win), every other move gains
   at most :data:`SECOND_GAIN`, and the engine's line from the best move, extended where it
   stops short, actually wins the material on the board (:func:`realised`). The solution is
   that line, cut after the solver's move that settles the gain.

Depths and node budgets are fixed (no wall-clock limits), so the same games give the same
puzzles on every machine. :func:`mine` spreads games over any
:class:`concurrent.futures.Executor` (default: a process pool over all cores).

Themes (:data:`THEMES`) and the rating are read from the solution itself; see
:func:`themes_of` and :func:`rating_of`.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import dataclass, field

from ..core.board import Board
from ..core.color import Color, opponent
from ..core.errors import CheckersError
from ..core.move import Move
from ..core.squares import BIT
from ..data.puzzles import THEMES, Puzzle
from ..engine.evaluate import KING, MAN
from ..engine.search import MATE_BOUND, Searcher

__all__ = [
    "CANDIDATE_GAIN",
    "SECOND_GAIN",
    "SHALLOW_DEPTH",
    "THEMES",
    "VERIFY_DEPTH",
    "WIN_GAIN",
    "GameRecord",
    "MinedPuzzle",
    "MiningStats",
    "as_puzzle",
    "find_puzzle",
    "mine",
    "mine_games",
    "move_wins",
    "puzzle_id",
    "rating_of",
    "realised",
    "themes_of",
]

#: Plies of the candidate search.
SHALLOW_DEPTH = 4
#: Plies of the verification search (capture sequences are followed beyond it).
VERIFY_DEPTH = 10
#: A node budget per verification search, so that a wild position cannot run away.
VERIFY_NODES = 400_000
#: Gain (hundredths of a man, over the material on the board) a candidate must show.
CANDIDATE_GAIN = 70
#: Gain the best move must keep at the verification depth.
WIN_GAIN = 90
#: The most any other move may gain (so that exactly one move wins).
SECOND_GAIN = 40
#: Plies a solution may grow to while the line is extended to the point where it wins.
MAX_LINE = 24
#: A position with at most this many pieces is an ending ("endgame" theme).
ENDGAME_PIECES = 10
#: Plies after a puzzle in which the same game offers no other (the same idea again).
SPACING = 6


BitMove = tuple[int, int, int]


@dataclass(frozen=True, slots=True)
class GameRecord:
    """One game to mine, in a form that crosses process boundaries cheaply.

    ``source`` names the game for people (file, number, event, players); ``start_fen`` is
    its first position and ``moves`` its moves as text.
    """

    source: str
    start_fen: str
    moves: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class MinedPuzzle:
    """A verified puzzle: the position, its solution line (solver first) and what it wins.

    ``gain``: the verification score of the key move over the material on the board, in
    hundredths of a man (:data:`WIN_SCORE_CENTS` for a proven win). ``min_depth``: the
    shallowest search depth from which the engine keeps choosing the key move (1-6).
    ``plausible``: how many other moves do not lose material at the candidate depth (the
    lures a solver must see past). ``ply``: the game ply the position comes before.
    """

    fen: str
    solution: tuple[str, ...]
    themes: tuple[str, ...]
    rating: int
    source: str
    ply: int
    gain: int
    min_depth: int
    plausible: int


#: The gain recorded for a proven win.
WIN_SCORE_CENTS = 10_000


@dataclass
class MiningStats:
    """Counts from one mining run: games and positions scanned, candidates, puzzles kept."""

    games: int = 0
    positions: int = 0
    candidates: int = 0
    puzzles: int = 0
    nodes: int = 0
    #: Why candidates were turned down, by reason.
    rejected: dict[str, int] = field(default_factory=dict)

    def add(self, other: MiningStats) -> None:
        """Add another run's counts to these."""
        self.games += other.games
        self.positions += other.positions
        self.candidates += other.candidates
        self.puzzles += other.puzzles
        self.nodes += other.nodes
        for reason, n in other.rejected.items():
            self.rejected[reason] = self.rejected.get(reason, 0) + n

    def reject(self, reason: str) -> None:
        """Count one candidate turned down for ``reason``."""
        self.rejected[reason] = self.rejected.get(reason, 0) + 1


# ---------------------------------------------------------------------- material


def _material(board: Board, color: Color) -> int:
    """``color``'s material minus the other side's, in hundredths of a man (engine values)."""
    other = opponent(color)
    return (
        MAN * board.count(color, king=False)
        + KING * board.count(color, king=True)
        - MAN * board.count(other, king=False)
        - KING * board.count(other, king=True)
    )


def _counts(board: Board, color: Color) -> tuple[int, int]:
    """``(pieces, kings)`` of ``color`` minus those of the other side."""
    other = opponent(color)
    return (
        board.count(color) - board.count(other),
        board.count(color, king=True) - board.count(other, king=True),
    )


def _bitmove(move: Move) -> BitMove:
    taken = 0
    for square in move.captures:
        taken |= BIT[square]
    return BIT[move.start], BIT[move.end], taken


def _search(board: Board, depth: int, nodes: int | None, stats: MiningStats | None) -> _Result:
    """Exact scores of every legal move of ``board`` at ``depth`` (with their lines)."""
    black, white, kings = board.bitboards
    is_black = board.turn == "black"
    own, opp = (black, white) if is_black else (white, black)
    searcher = Searcher(quiet_limit=None)
    it = searcher.run(own, opp, kings, is_black, max_depth=depth, node_limit=nodes, all_scores=True)
    if stats is not None:
        stats.nodes += searcher.nodes
    if it is None:
        return _Result({}, {}, False)
    return _Result(dict(it.root_scores), dict(it.root_pvs), it.complete and it.depth >= depth)


@dataclass(frozen=True, slots=True)
class _Result:
    scores: dict[BitMove, int]
    lines: dict[BitMove, list[BitMove]]
    complete: bool


def _line_moves(board: Board, line: Sequence[BitMove]) -> list[Move]:
    """Engine moves -> legal :class:`Move` objects, as far as they stay legal."""
    probe = board.copy(stack=False)
    out: list[Move] = []
    for bit in line:
        found = next((m for m in probe.legal_moves() if _bitmove(m) == bit), None)
        if found is None:
            break
        out.append(found)
        probe.push(found)
    return out


# ---------------------------------------------------------------------- the test


def realised(start: Board, line: Sequence[Move]) -> int | None:
    """How many plies of ``line`` it takes the solver (``start``'s side to move) to win.

    Won means: after one of the solver's moves, with the opponent to move and no capture
    open to them, the solver is a piece up net, or level in pieces and a king up net, over
    ``start``; or the opponent has no move left. None when the line never gets there.
    """
    solver = start.turn
    pieces0, kings0 = _counts(start, solver)
    board = start.copy(stack=False)
    for i, move in enumerate(line):
        board.push(move)
        if i % 2:
            continue
        if not board.legal_moves():
            return i + 1
        if board.must_capture():
            continue
        pieces, kings = _counts(board, solver)
        if pieces - pieces0 >= 1 or (pieces >= pieces0 and kings - kings0 >= 1):
            return i + 1
    return None


def _winning_line(board: Board, first: list[Move], depth: int, stats: MiningStats) -> list[Move]:
    """The engine's line, extended by fresh searches where it stops before the win."""
    line = list(first)
    for _ in range(3):
        if realised(board, line) is not None or len(line) >= MAX_LINE:
            break
        end = board.copy(stack=False)
        for move in line:
            end.push(move)
        if not end.legal_moves():
            break
        found = _search(end, depth, VERIFY_NODES, stats)
        if not found.scores:
            break
        best = max(found.scores, key=lambda m: found.scores[m])
        more = _line_moves(end, found.lines.get(best, [best]))
        if not more:
            break
        line += more
    return line


def _gain(score: int, material: int) -> int:
    return WIN_SCORE_CENTS if score > MATE_BOUND else score - material


def find_puzzle(
    board: Board, *, source: str = "", ply: int = 0, stats: MiningStats | None = None
) -> MinedPuzzle | None:
    """The puzzle of ``board`` (its side to move solves), or None if it is none.

    See the module docstring for the two steps and their thresholds.
    """
    stats = stats if stats is not None else MiningStats()
    legal = board.legal_moves()
    if len(legal) < 2:
        return None
    material = _material(board, board.turn)
    shallow = _search(board, SHALLOW_DEPTH, None, stats)
    if len(shallow.scores) < 2:
        return None
    ranked = sorted(shallow.scores.values(), reverse=True)
    best_gain, second_gain = _gain(ranked[0], material), _gain(ranked[1], material)
    if best_gain < CANDIDATE_GAIN or best_gain - second_gain < CANDIDATE_GAIN - SECOND_GAIN:
        return None
    stats.candidates += 1
    deep = _search(board, VERIFY_DEPTH, VERIFY_NODES, stats)
    if not deep.complete or len(deep.scores) < 2:
        stats.reject("verification incomplete")
        return None
    order = sorted(deep.scores, key=lambda m: deep.scores[m], reverse=True)
    key, runner = order[0], order[1]
    gain = _gain(deep.scores[key], material)
    if gain < WIN_GAIN:
        stats.reject("gain gone at depth")
        return None
    if _gain(deep.scores[runner], material) > SECOND_GAIN:
        stats.reject("more than one winning move")
        return None
    line = _winning_line(board, _line_moves(board, deep.lines.get(key, [key])), VERIFY_DEPTH, stats)
    end = realised(board, line)
    if end is None:
        stats.reject("line does not win on the board")
        return None
    solution = line[:end]
    plausible = sum(1 for m, s in shallow.scores.items() if m != key and s >= material - MAN // 4)
    min_depth = _min_depth(board, key)
    stats.puzzles += 1
    return MinedPuzzle(
        fen=board.to_fen(),
        solution=tuple(str(m) for m in solution),
        themes=themes_of(board, solution, forced_win=gain == WIN_SCORE_CENTS),
        rating=rating_of(solution, min_depth=min_depth, plausible=plausible, board=board),
        source=source,
        ply=ply,
        gain=gain,
        min_depth=min_depth,
        plausible=plausible,
    )


def _min_depth(board: Board, key: BitMove, deepest: int = 6) -> int:
    """The shallowest depth from which a plain search keeps choosing ``key``."""
    found = deepest
    for depth in range(deepest, 0, -1):
        result = _search(board, depth, None, None)
        if max(result.scores, key=lambda m: result.scores[m]) != key:
            break
        found = depth
    return found


def move_wins(start: Board, played: Sequence[Move], *, depth: int = VERIFY_DEPTH) -> bool:
    """Whether the solver of ``start`` still wins after the moves ``played`` (solver's last).

    The check a trainer makes when the solver plays a move other than the solution's: a
    search of the opponent's replies at the verification depth must leave the solver at
    least :data:`WIN_GAIN` up over ``start``'s material, or with a proven win.
    """
    board = start.copy(stack=False)
    for move in played:
        board.push(move)
    if not board.legal_moves():
        return True
    found = _search(board, depth, VERIFY_NODES, None)
    worst = max(found.scores.values())  # the opponent's best reply, from its side
    if worst < -MATE_BOUND:
        return True
    return -worst - _material(start, start.turn) >= WIN_GAIN


# ---------------------------------------------------------------------- tags


def themes_of(
    start: Board, solution: Sequence[Move], *, forced_win: bool = False
) -> tuple[str, ...]:
    """The themes of a solution, read from its moves (in :data:`THEMES` order).

    * ``two-for-one`` / ``three-for-one``: one of the solver's moves jumps two / three or
      more pieces;
    * ``breakthrough``: one of the solver's men is crowned by a plain step;
    * ``shot-into-king``: one of the solver's jumps lands a man on the king row;
    * ``endgame``: at most :data:`ENDGAME_PIECES` pieces are on the board;
    * ``forced-win``: the verification search proved the game won.
    """
    found: set[str] = set()
    for move in solution[::2]:
        taken = len(move.captures)
        if taken == 2:
            found.add("two-for-one")
        elif taken >= 3:
            found.add("three-for-one")
        if move.crowns:
            found.add("shot-into-king" if move.is_capture else "breakthrough")
    if start.count("black") + start.count("white") <= ENDGAME_PIECES:
        found.add("endgame")
    if forced_win:
        found.add("forced-win")
    return tuple(t for t in THEMES if t in found)


def rating_of(solution: Sequence[Move], *, min_depth: int, plausible: int, board: Board) -> int:
    """A difficulty on the Elo-like scale of the trainer (about 800 to 2200).

    ``800 + 150 * (min_depth - 1) + 120 * (solver moves - 1) + 40 * min(plausible, 6)
    + 100`` when the key move is a quiet move that leaves a piece en prise (a sacrifice is
    harder to see than a capture), rounded to tens. ``min_depth`` is the shallowest search
    that finds the key move, ``plausible`` the other moves that do not lose material at a
    glance (lures).
    """
    solver_moves = (len(solution) + 1) // 2
    rating = 800 + 150 * (min_depth - 1) + 120 * (solver_moves - 1) + 40 * min(plausible, 6)
    if solution and not solution[0].is_capture:
        probe = board.copy(stack=False)
        probe.push(solution[0])
        if probe.must_capture():
            rating += 100
    return int(round(rating, -1))


# ---------------------------------------------------------------------- games


def _mine_record(record: GameRecord, first_ply: int = 4) -> tuple[list[MinedPuzzle], MiningStats]:
    """The puzzles of one game: its positions from ``first_ply`` on, one idea at a time
    (none within :data:`SPACING` plies after a puzzle)."""
    stats = MiningStats(games=1)
    found: list[MinedPuzzle] = []
    try:
        board = Board(record.start_fen)
    except CheckersError:
        return found, stats
    last_capture = False
    last_puzzle = -SPACING
    for ply, text in enumerate(record.moves, start=1):
        if ply > first_ply and not last_capture and ply - last_puzzle > SPACING:
            stats.positions += 1
            puzzle = find_puzzle(board, source=f"{record.source}, ply {ply}", ply=ply, stats=stats)
            if puzzle is not None:
                found.append(puzzle)
                last_puzzle = ply
        try:
            move = board.parse_move(text)
        except CheckersError:
            break
        board.push(move)
        last_capture = move.is_capture
    return found, stats


def mine_games(records: Sequence[GameRecord]) -> tuple[list[MinedPuzzle], MiningStats]:
    """Mine a batch of games in this process (the unit of work :func:`mine` hands out)."""
    puzzles: list[MinedPuzzle] = []
    stats = MiningStats()
    for record in records:
        found, more = _mine_record(record)
        puzzles += found
        stats.add(more)
    return puzzles, stats


def _batches(records: Iterable[GameRecord], size: int) -> Iterator[list[GameRecord]]:
    batch: list[GameRecord] = []
    for record in records:
        batch.append(record)
        if len(batch) == size:
            yield batch
            batch = []
    if batch:
        yield batch


def mine(
    records: Iterable[GameRecord],
    *,
    executor: Executor | None = None,
    batch: int = 8,
    on_batch: Callable[[list[MinedPuzzle], MiningStats], object] | None = None,
) -> tuple[list[MinedPuzzle], MiningStats]:
    """Mine ``records`` over ``executor`` (default: a process pool over all cores).

    Games go out in batches of ``batch``; results come back in the games' order, so the
    output does not depend on the executor. A position met twice (a game repeated in the
    archive, a common opening trap) gives one puzzle, from the first game it occurs in.
    ``on_batch(puzzles, stats)`` is called after each batch (for progress reports).
    """
    own = executor is None
    pool: Executor = executor if executor is not None else ProcessPoolExecutor(os.cpu_count())
    puzzles: list[MinedPuzzle] = []
    stats = MiningStats()
    seen: set[str] = set()
    try:
        for found, more in pool.map(mine_games, _batches(records, batch)):
            stats.add(more)
            fresh = []
            for p in found:  # repeats within a batch too (a match's games often are)
                if p.fen not in seen:
                    seen.add(p.fen)
                    fresh.append(p)
            stats.puzzles -= len(found) - len(fresh)
            puzzles += fresh
            if on_batch is not None:
                on_batch(fresh, stats)
    finally:
        if own:
            pool.shutdown()
    return puzzles, stats


# ---------------------------------------------------------------------- as package puzzles


def puzzle_id(fen: str, prefix: str = "") -> str:
    """A short name that stays the same as long as the position does."""
    return prefix + hashlib.sha1(fen.encode("utf-8")).hexdigest()[:8]


def as_puzzle(mined: MinedPuzzle, *, prefix: str = "") -> Puzzle:
    """The :class:`~checkers_widget.data.puzzles.Puzzle` of a mined one (its id from the FEN)."""
    return Puzzle.from_dict(
        {
            "id": puzzle_id(mined.fen, prefix),
            "fen": mined.fen,
            "solution": list(mined.solution),
            "themes": list(mined.themes),
            "rating": mined.rating,
            "source": mined.source,
            "gain": round(mined.gain / 100, 2),
        }
    )
