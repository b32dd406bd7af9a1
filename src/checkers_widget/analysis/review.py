"""Game review: every move of a game judged by the engine (issue 14).

``review(game)`` searches the position before each ply and returns a :class:`Review`: for
each ply the move, the evaluation before and after it from the mover's point of view, the
engine's best move and line, the loss in expected score and a judgement
(``None``, ``"inaccuracy"``, ``"mistake"`` or ``"blunder"``).

The shape below is the contract the widget's review panel is built on; the search itself
is filled in by the review work of issue 14.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from concurrent.futures import Executor
from dataclasses import dataclass
from threading import Event
from typing import Literal

from ..core.color import Color
from ..core.game import Game
from ..core.move import Move

__all__ = ["Judgement", "PlyReview", "Review", "SideSummary", "review", "review_games"]

#: What a move is judged to be; None: a good (or good enough) move.
Judgement = Literal["inaccuracy", "mistake", "blunder"] | None

#: The annotation each judgement gets in a move list, as in printed game scores.
SYMBOLS: dict[str, str] = {"inaccuracy": "?!", "mistake": "?", "blunder": "??"}


@dataclass(frozen=True, slots=True)
class PlyReview:
    """One ply of a reviewed game.

    ``ply``: 1 for the game's first move. ``color``: the side that moved. ``move``: the move
    played. ``before``/``after``: the evaluation (in men, +100.0 a proven win, -100.0 a proven
    loss) before and after the move, both from the mover's point of view; ``before_mate`` /
    ``after_mate`` the proven distances when the engine has them (as ``Analysis.mate``).
    ``best``/``best_line``: the engine's move and principal variation in the position before.
    ``loss``: the drop in the mover's expected score (0.0 to 1.0) caused by the move.
    ``judgement``: see :data:`Judgement`.
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

    @property
    def symbol(self) -> str:
        """``"?!"``, ``"?"``, ``"??"`` or ``""`` (see :data:`SYMBOLS`)."""
        return SYMBOLS.get(self.judgement or "", "")


@dataclass(frozen=True, slots=True)
class SideSummary:
    """One side's figures: how many moves of each judgement, and an accuracy in percent."""

    color: Color
    moves: int
    inaccuracies: int
    mistakes: int
    blunders: int
    accuracy: float


@dataclass(frozen=True)
class Review:
    """A reviewed game: ``plies`` in order, from the position ``start_fen``."""

    start_fen: str
    plies: tuple[PlyReview, ...]

    def summary(self) -> dict[Color, SideSummary]:
        """Per side: counts of each judgement and an accuracy figure."""
        raise NotImplementedError

    def plot(self, *, width: int = 600, height: int = 160) -> str:
        """The evaluation graph of the whole game as SVG text, with the mistakes marked."""
        raise NotImplementedError

    def _repr_svg_(self) -> str:
        return self.plot()


def review(
    game: Game,
    *,
    time_per_move: float | None = None,
    depth: int | None = None,
    executor: Executor | None = None,
    on_progress: Callable[[int, int], object] | None = None,
    stop: Event | Callable[[], bool] | None = None,
) -> Review:
    """Review every ply of ``game`` (see the module docstring)."""
    raise NotImplementedError


def review_games(
    games: Iterable[Game],
    *,
    executor: Executor | None = None,
    **options: object,
) -> list[Review]:
    """Review many games, spread over ``executor`` (default: a local process pool)."""
    raise NotImplementedError
