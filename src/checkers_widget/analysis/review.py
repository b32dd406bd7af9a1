"""Game review: every move of a game judged by the engine (issue 14).

``review(game)`` searches each position of the game once and returns a :class:`Review`:
for each ply the move, the evaluation before and after it from the mover's point of
view, the engine's best move and line, the loss in expected score and a judgement
(``None``, ``"inaccuracy"``, ``"mistake"`` or ``"blunder"``; the mapping and thresholds
are in :mod:`.judgement`). The evaluation after ply ``n`` is the evaluation before ply
``n + 1`` seen from the other side, so a game of ``N`` plies costs ``N + 1`` searches
(``N`` when the game ended by its rules: the last position is then known).

Searches are limited by a node budget by default (:data:`~.review_jobs.DEFAULT_NODES`), so
the same game reviews the same on every machine and in every executor; ``depth=`` or
``time_per_move=`` choose another limit (time is not reproducible). The positions are
independent jobs (:mod:`.review_jobs`): ``executor=`` takes any
:class:`concurrent.futures.Executor` (a process pool, a dask ``client.get_executor()``);
the default is a local process pool over all cores, or this thread with ``workers=1``.

"Proven" here means: a win or loss the engine's search proved (``mate``), a draw because
the game is over by its draw rules (the 40-move rule, repetition when the rules count
it), or a position of at most four pieces that the exact endgame databases call drawn
(:mod:`checkers_widget.engine.endgame_db`). A draw
the search merely expects (a score of 0.0, say by a repetition it steers into) is not
proven.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from threading import Event

from ..core.board import Board
from ..core.color import BLACK, WHITE, Color, opponent
from ..core.errors import ArgumentTypeError, CheckersError, VariantError, brief
from ..core.game import Game
from ..core.move import Move
from ..core.variants import AMERICAN
from ..engine import Engine
from .judgement import Judgement, Verdict, expected_score, judge, move_accuracy
from .review_jobs import (
    DEFAULT_NODES,
    Limits,
    PositionEval,
    PositionJob,
    local_pool,
    run_jobs,
)
from .review_plot import review_svg

__all__ = [
    "DEFAULT_NODES",
    "Judgement",
    "PlyReview",
    "Review",
    "SideSummary",
    "review",
    "review_games",
]

#: How many jobs a review hands to a caller's executor at a time (enough to keep a
#: cluster of a few dozen workers busy; few enough that a cancel takes back little).
IN_FLIGHT = 64

#: The annotation each judgement gets in a move list, as in printed game scores.
SYMBOLS: dict[str, str] = {"inaccuracy": "?!", "mistake": "?", "blunder": "??"}


@dataclass(frozen=True, slots=True)
class PlyReview:
    """One ply of a reviewed game.

    ``ply``: 1 for the game's first move. ``color``: the side that moved. ``move``: the move
    played. ``before``/``after``: the evaluation (in men, +100.0 a proven win, -100.0 a proven
    loss) before and after the move, both from the mover's point of view; ``before_mate`` /
    ``after_mate`` the proven distances when the engine has them (as ``Analysis.mate``; the
    sign of the evaluation says who wins, so ``after_mate == 0`` with ``after == 100.0`` is a
    move that won the game on the spot).
    ``best``/``best_line``: the engine's move and principal variation in the position before.
    ``loss``: the drop in the mover's expected score (0.0 to 1.0) caused by the move.
    ``judgement``: see :data:`Judgement`. The engine's own move loses nothing by
    definition (``loss`` 0.0, judgement None). ``forced``: the mover had no other legal move
    (never judged). ``before_draw``/``after_draw``: the position is a proven draw.
    """

    ply: int
    color: Color
    move: Move
    before: float
    after: float
    before_mate: int | None
    after_mate: int | None
    best: Move | None
    best_line: tuple[Move, ...]
    loss: float
    judgement: Judgement
    forced: bool = False
    before_draw: bool = False
    after_draw: bool = False

    @property
    def symbol(self) -> str:
        """``"?!"``, ``"?"``, ``"??"`` or ``""`` (see :data:`SYMBOLS`)."""
        return SYMBOLS.get(self.judgement or "", "")

    @property
    def expected_before(self) -> float:
        """The mover's expected score (0.0 to 1.0) before the move."""
        return expected_score(Verdict(self.before, self.before_mate, self.before_draw))

    @property
    def expected_after(self) -> float:
        """The mover's expected score (0.0 to 1.0) after the move."""
        return expected_score(Verdict(self.after, self.after_mate, self.after_draw))

    @property
    def accuracy(self) -> float:
        """This move's accuracy in percent (see :func:`.judgement.move_accuracy`)."""
        return move_accuracy(self.loss)


@dataclass(frozen=True, slots=True)
class SideSummary:
    """One side's figures: how many moves of each judgement, and an accuracy in percent.

    ``moves`` counts every move of the side; ``accuracy`` is the mean of the per-move
    accuracies of its moves that had a choice (100.0 when none had).
    """

    color: Color
    moves: int
    inaccuracies: int
    mistakes: int
    blunders: int
    accuracy: float


@dataclass(frozen=True)
class Review:
    """A reviewed game: ``plies`` in order, from the position ``start_fen``.

    ``complete`` is False when the review was cancelled: ``plies`` then holds the first
    plies only (those whose positions before and after were both searched).
    """

    start_fen: str
    plies: tuple[PlyReview, ...]
    complete: bool = True

    def summary(self) -> dict[Color, SideSummary]:
        """Per side: counts of each judgement and an accuracy figure."""
        out: dict[Color, SideSummary] = {}
        for color in (BLACK, WHITE):
            mine = [p for p in self.plies if p.color == color]
            chosen = [p.accuracy for p in mine if not p.forced]
            count = [sum(1 for p in mine if p.judgement == j) for j in SYMBOLS]
            accuracy = sum(chosen) / len(chosen) if chosen else 100.0
            out[color] = SideSummary(color, len(mine), count[0], count[1], count[2], accuracy)
        return out

    def plot(self, *, width: int = 600, height: int = 160) -> str:
        """The evaluation graph of the whole game as SVG text, with the mistakes marked."""
        return review_svg(self, width=width, height=height)

    def _repr_svg_(self) -> str:
        return self.plot()

    def _repr_html_(self) -> str:
        """The graph inline in the page (JupyterLab draws a bare SVG output as an image,
        in which the marks' tooltips and the theme's text colour would be lost)."""
        return f'<div class="cw-review">{self.plot()}</div>'


# ---------------------------------------------------------------------- building


def _limits(time_per_move: float | None, depth: int | None, nodes: int | None) -> Limits:
    """The one search limit of a review, checked by the engine's own rules."""
    given = [x for x in (time_per_move, depth, nodes) if x is not None]
    if len(given) > 1:
        raise CheckersError("give at most one of time_per_move, depth and nodes")
    Engine(depth=depth, time=time_per_move, nodes=nodes)  # CheckersError for a bad limit
    if not given:
        return Limits()
    return Limits(nodes=nodes, depth=depth, time=time_per_move)


def _jobs(game: Game, limits: Limits) -> list[PositionJob]:
    """One job per position: before each ply, and the final one (answered without a
    search when the game ended by its rules)."""
    if not isinstance(game, Game):
        raise CheckersError(f"review needs a Game, not {brief(game)}")
    if game.variant is not AMERICAN:
        raise VariantError(
            f"the review (its engine) is for American checkers only, not {game.variant.describe()}"
        )
    rules = game.draw_rules
    return [
        PositionJob(fen, rules, tail, limits) for fen, tail in _positions(game.start_fen, game.line)
    ]


#: The most processes a review starts (``workers``): more only adds start-up cost and
#: memory on any machine this runs on, and a mistyped number must not fork without end.
MAX_WORKERS = 64

#: The most moves a job replays before its position. The engine and the draw rules look back
#: only to the last capture or man's move (nothing before it can repeat, and the 40-move
#: rule counts from it); a longer stretch of king moves is cut to its last plies, far more
#: than a search looks back, so that a review stays linear in the game's length.
MAX_REPLAYED = 200


def _positions(start_fen: str, line: Sequence[Move]) -> Iterator[tuple[str, tuple[Move, ...]]]:
    """For the position before each ply of ``line`` and the final one: a FEN to start from and
    the moves to replay after it (those since the last capture or man's move, at most
    :data:`MAX_REPLAYED`). Each job so carries a bounded history instead of the whole game's
    moves (which made a review quadratic in the game's length)."""
    board = Board(start_fen)
    fens = [start_fen]  # the FEN before each ply
    since = 0  # the ply of the last capture or man's move
    for ply in range(len(line) + 1):
        base = max(since, ply - MAX_REPLAYED)
        yield fens[base], tuple(line[base:ply])
        if ply == len(line):
            break
        move = line[ply]
        mover = board.piece_at(move.path[0])
        board.push(move)
        fens.append(board.to_fen())
        if move.captures or (mover is not None and not mover.king):
            since = ply + 1


def _verdict(found: PositionEval) -> Verdict:
    return Verdict(found.score, found.mate, found.draw)


def _assemble(game: Game, answers: dict[int, PositionEval]) -> Review:
    """The review from the positions' answers (index n: the position before ply n + 1)."""
    moves = game.line
    color = Game(game.start_fen).turn
    plies: list[PlyReview] = []
    for n, move in enumerate(moves):
        if n not in answers or n + 1 not in answers:
            break
        here, there = answers[n], answers[n + 1]
        before = _verdict(here)
        after = _verdict(there).flipped()
        forced = here.choices == 1
        loss, judgement = judge(before, after, forced=forced or move == here.best)
        plies.append(
            PlyReview(
                ply=n + 1,
                color=color,
                move=move,
                before=before.score,
                after=after.score,
                before_mate=before.mate,
                after_mate=after.mate,
                best=here.best,
                best_line=here.line,
                loss=loss,
                judgement=judgement,
                forced=forced,
                before_draw=before.draw,
                after_draw=after.draw,
            )
        )
        color = opponent(color)
    return Review(game.start_fen, tuple(plies), complete=len(plies) == len(moves))


def review(
    game: Game,
    *,
    time_per_move: float | None = None,
    depth: int | None = None,
    nodes: int | None = None,
    executor: Executor | None = None,
    workers: int | None = None,
    on_progress: Callable[[int, int], object] | None = None,
    stop: Event | Callable[[], bool] | None = None,
) -> Review:
    """Review every ply of ``game`` (see the module docstring): its whole line, the moves
    played and those Redo would replay (as the move list shows them), so a game stepped
    back to an earlier position is still reviewed to its end.

    Limits per position: ``nodes`` (default :data:`DEFAULT_NODES`), or ``depth`` plies, or
    ``time_per_move`` seconds (at most one). ``executor``: where the searches run; None
    makes a process pool of ``workers`` processes (default: all cores) for this call, or
    runs them in this thread when ``workers`` is 1 (or there is one core, or no processes:
    Pyodide). ``on_progress(done, total)`` is called as positions finish. ``stop`` (an
    Event or a callable) cancels: the review returns promptly with the plies finished so
    far (``Review.complete`` False); Ctrl-C (the kernel's interrupt) cancels the same way
    and then raises KeyboardInterrupt.
    """
    return review_games(
        [game],
        time_per_move=time_per_move,
        depth=depth,
        nodes=nodes,
        executor=executor,
        workers=workers,
        on_progress=on_progress,
        stop=stop,
    )[0]


def review_games(
    games: Iterable[Game],
    *,
    time_per_move: float | None = None,
    depth: int | None = None,
    nodes: int | None = None,
    executor: Executor | None = None,
    workers: int | None = None,
    on_progress: Callable[[int, int], object] | None = None,
    stop: Event | Callable[[], bool] | None = None,
) -> list[Review]:
    """Review many games, spread over ``executor`` (default: a local process pool).

    The options are :func:`review`'s; every position of every game is one job, so the
    work spreads evenly over the workers whatever the games' lengths. Progress counts
    positions over all games. When cancelled, the games not finished come back with
    ``complete`` False.
    """
    limits = _limits(time_per_move, depth, nodes)
    if workers is not None and (isinstance(workers, bool) or not isinstance(workers, int)):
        raise CheckersError(f"workers must be a whole number or None, not {brief(workers)}")
    if workers is not None and not 1 <= workers <= MAX_WORKERS:
        raise CheckersError(f"workers must be from 1 to {MAX_WORKERS}, not {brief(workers)}")
    if executor is not None and not callable(getattr(executor, "submit", None)):
        raise ArgumentTypeError(
            f"executor must be a concurrent.futures.Executor (or None), not {brief(executor)}"
        )
    if isinstance(games, Game) or not isinstance(games, Iterable):
        raise ArgumentTypeError(
            f"review_games takes a list of games, not {brief(games)} (review() takes one game)"
        )
    game_list = list(games)
    per_game = [_jobs(game, limits) for game in game_list]
    jobs = [job for group in per_game for job in group]
    own = None
    window = IN_FLIGHT
    size = workers or os.cpu_count() or 1
    # One core, or Pyodide (no processes there): the searches run in this thread.
    if executor is None and size > 1 and sys.platform != "emscripten":
        own = executor = local_pool(size)
        window = 4 * size
    try:
        answers = run_jobs(
            jobs,
            len(jobs),
            executor,
            on_progress=on_progress,
            stop=stop,
            window=window,
        )
    finally:
        if own is not None:
            own.shutdown(wait=True, cancel_futures=True)
    return _split(game_list, per_game, answers)


def _split(
    games: Sequence[Game],
    per_game: Sequence[Sequence[PositionJob]],
    answers: dict[int, PositionEval],
) -> list[Review]:
    reviews: list[Review] = []
    first = 0
    for game, group in zip(games, per_game, strict=True):
        mine = {i - first: answers[i] for i in range(first, first + len(group)) if i in answers}
        reviews.append(_assemble(game, mine))
        first += len(group)
    return reviews
