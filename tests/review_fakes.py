"""Hand-made reviews for the review panel's tests (test-only: never in src/).

:func:`hand_review` builds a :class:`Review` of a game with the judgements asked for,
every number chosen here, so that a test knows what the board must show;
:class:`FakeReviewer` has :func:`~checkers_widget.analysis.review.review`'s signature and
returns such a review, reporting progress ply by ply (and, when ``hold`` is set, waiting
between plies until released or stopped, so that a test can cancel it mid-way);
:class:`FakeChecker` stands in for the review's search of one position (the learn mode's
check of a move tried), its scores read from a table of positions.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping
from typing import Any

from checkers_widget import Game
from checkers_widget.analysis.review import SYMBOLS, Judgement, PlyReview, Review, SideSummary
from checkers_widget.analysis.review_jobs import PositionEval, PositionJob, rebuild
from checkers_widget.core.board import Board
from checkers_widget.core.color import COLORS, Color

#: A short opening, ten plies: "11-15 23-19 8-11 22-17 9-13 17-14 10x17 21x14 15-18 24-20".
SHORT_GAME = "11-15 23-19 8-11 22-17 9-13 17-14 10x17 21x14 15-18 24-20"


def short_game() -> Game:
    game = Game()
    for move in SHORT_GAME.split():
        game.play(move)
    return game


class HandReview(Review):
    """A hand-made review whose summary is counted here (so that the board's figures are
    known whether or not the review work's own summary has landed)."""

    def summary(self) -> dict[Color, SideSummary]:
        out = {}
        for color in COLORS:
            mine = [p for p in self.plies if p.color == color]
            judged = [p.judgement for p in mine]
            out[color] = SideSummary(
                color=color,
                moves=len(mine),
                inaccuracies=judged.count("inaccuracy"),
                mistakes=judged.count("mistake"),
                blunders=judged.count("blunder"),
                accuracy=100.0 * (1 - sum(p.loss for p in mine) / max(1, len(mine))),
            )
        return out


def hand_review(game: Game, judgements: Mapping[int, Judgement]) -> Review:
    """A review of ``game``'s line: ply n judged ``judgements.get(n)``; a judged move
    loses 0.5 (inaccuracy), 1.0 (mistake) or 2.0 (blunder) men, and its best move is the
    first other legal move; an unjudged move is its own best and loses nothing."""
    board = Board(game.start_fen)
    plies = []
    value = 0.1
    loss_men = {"inaccuracy": 0.5, "mistake": 1.0, "blunder": 2.0}
    for ply, move in enumerate(game.line, start=1):
        judgement = judgements.get(ply)
        legal = board.legal_moves()
        others = [m for m in legal if m != move]
        best = others[0] if judgement is not None and others else move
        before = value
        after = before - (loss_men[judgement] if judgement else 0.0)
        plies.append(
            PlyReview(
                ply=ply,
                color=board.turn,
                move=move,
                before=before,
                after=after,
                before_mate=None,
                after_mate=None,
                best=best,
                best_line=(best,),
                loss=0.1 * (loss_men[judgement] if judgement else 0.0),
                judgement=judgement,
            )
        )
        board.push(move)
        value = -after  # the next mover's point of view
    assert all(p.symbol == SYMBOLS.get(p.judgement or "", "") for p in plies)
    return HandReview(start_fen=game.start_fen, plies=tuple(plies))


class FakeReviewer:
    """Returns ``hand_review(game, judgements)``, reporting each ply; with ``hold``,
    waits at each ply until :meth:`release` (or the stop event) before going on."""

    def __init__(self, judgements: Mapping[int, Judgement], *, hold: bool = False) -> None:
        self.judgements = judgements
        self.calls: list[dict[str, Any]] = []
        self.gate = threading.Event()
        if not hold:
            self.gate.set()
        self.started = threading.Event()
        self.stopped = False

    def release(self) -> None:
        self.gate.set()

    def __call__(
        self,
        game: Game,
        *,
        time_per_move: float | None = None,
        depth: int | None = None,
        on_progress: Callable[[int, int], object] | None = None,
        stop: threading.Event | Callable[[], bool] | None = None,
    ) -> Review:
        self.calls.append({"moves": [str(m) for m in game.moves], "depth": depth})
        self.started.set()
        total = len(game.moves)
        assert isinstance(stop, threading.Event)
        for done in range(total + 1):
            while not self.gate.wait(0.01):
                if stop.is_set():
                    self.stopped = True
                    raise RuntimeError("stopped")
            if on_progress is not None:
                on_progress(done, total)
        return hand_review(game, self.judgements)


class FakeChecker:
    """The review's search of one position, faked: the score of the job's position for
    the side to move there, read from ``scores`` by its FEN (default 0.0); records the
    jobs it was given."""

    def __init__(self, scores: Mapping[str, float] | None = None) -> None:
        self.scores = dict(scores or {})
        self.asked: list[PositionJob] = []

    def __call__(self, job: PositionJob, stop: threading.Event) -> PositionEval:
        self.asked.append(job)
        game = rebuild(job.start_fen, job.rules, job.moves)
        score = self.scores.get(game.board.to_fen(), 0.0)
        return PositionEval(score, None, False, None, (), len(game.legal_moves()))
