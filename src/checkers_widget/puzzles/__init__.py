"""``checkers_widget.puzzles``: puzzles from real games, and a trainer to solve them.

The package ships puzzles mined from Marion Tinsley's games and the OCA archive: positions
where exactly one move wins material (a man or more net, a king, or the game) against the
best defence, checked by a deeper search, with the whole forcing line as the solution::

    from checkers_widget.puzzles import load, PuzzleTrainer
    shots = load(theme="two-for-one")       # Puzzle(id, fen, solution, themes, rating, source)
    PuzzleTrainer()                         # a board: solve, be told right or wrong, Next
    PuzzleTrainer(theme="endgame")          # only endings

Themes (:data:`THEMES`): ``two-for-one``, ``three-for-one``, ``breakthrough`` (a man
crowned by a step), ``shot-into-king`` (a jump that crowns), ``endgame`` (ten pieces or
fewer) and ``forced-win``. The trainer keeps an Elo-like rating and a streak in a local
file (:class:`PuzzleProgress`), picks the unplayed puzzle nearest the rating, and takes
puzzles found in the solver's own reviewed games: ``trainer.add(from_review(review, game))``.

Without a notebook: :class:`PuzzleRun` is the trainer's logic for one puzzle
(``PuzzleRun(puzzle).attempt("18-14")``). ``load`` and everything but ``PuzzleTrainer`` work
without Jupyter; ``PuzzleTrainer`` needs ipywidgets and is imported when first asked for.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..data.puzzles import THEMES, Puzzle, load
from .from_games import from_review
from .progress import PuzzleProgress, default_puzzle_path
from .run import PuzzleRun

if TYPE_CHECKING:
    from .ui import PuzzleTrainer

__all__ = [
    "THEMES",
    "Puzzle",
    "PuzzleProgress",
    "PuzzleRun",
    "PuzzleTrainer",
    "default_puzzle_path",
    "from_review",
    "load",
]


def __getattr__(name: str) -> object:
    """Import the notebook front end only when asked for (it needs ipywidgets)."""
    if name == "PuzzleTrainer":
        from .ui import PuzzleTrainer

        return PuzzleTrainer
    raise AttributeError(f"module 'checkers_widget.puzzles' has no attribute {name!r}")
