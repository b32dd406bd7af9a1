"""Puzzles from real games, shipped with the package: :class:`Puzzle` and :func:`load`.

``load()`` returns the puzzles of ``puzzles.jsonl`` (mined from Marion Tinsley's games and
the OCA archive by ``scripts/mine_puzzles.py``; see
:mod:`checkers_widget.analysis.puzzle_mining` for what makes a position a puzzle);
``load(theme="two-for-one")`` only those with that theme (:data:`THEMES`)::

    from checkers_widget.puzzles import load
    puzzle = load("shot-into-king")[0]
    puzzle.fen, puzzle.solution, puzzle.source

Each line of the file is one JSON object with ``id``, ``fen``, ``solution`` (move text, the
solver's moves and the replies in turn), ``themes``, ``rating`` and ``source``; every one is
checked when read (the position reads, the moves are legal in turn, the themes are known),
so a damaged file fails loudly, naming the puzzle, rather than showing a wrong board.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from ..core.board import Board
from ..core.color import Color
from ..core.errors import CheckersError, brief
from ..core.game import Game
from ..core.move import Move

__all__ = ["FILE", "THEMES", "Puzzle", "check_theme", "load", "parse_puzzles", "with_theme"]

#: The package data file the puzzles come from (one JSON object a line).
FILE = "puzzles.jsonl"

#: The themes a puzzle can carry, each read from its solution by the miner:
#: ``two-for-one`` / ``three-for-one`` (one jump takes two / three or more pieces),
#: ``breakthrough`` (a man is crowned by a step), ``shot-into-king`` (a jump lands a man on
#: the king row), ``endgame`` (few pieces left: at most ten) and ``forced-win`` (the search
#: proved the game won).
THEMES: tuple[str, ...] = (
    "two-for-one",
    "three-for-one",
    "breakthrough",
    "shot-into-king",
    "endgame",
    "forced-win",
)


@dataclass(frozen=True, slots=True)
class Puzzle:
    """One puzzle: a position, the line that solves it, its themes, difficulty and origin.

    ``fen``: the position, the solver to move. ``solution``: the solver's moves and the
    opponent's replies in turn, solver first, ending with the solver's move that wins the
    material. ``themes``: names from :data:`THEMES`. ``rating``: the difficulty on the
    trainer's Elo-like scale (about 800-2200). ``source``: the game and ply it came from.
    ``gain``: what the key move wins by the verification search, in men (100.0: the game).
    """

    id: str
    fen: str
    solution: tuple[Move, ...]
    themes: tuple[str, ...]
    rating: int
    source: str
    gain: float = 0.0

    def __post_init__(self) -> None:
        """Refuse a puzzle that cannot be played (CheckersError naming the field): every
        field of its kind, the FEN a position, the solution legal moves in turn from it."""
        if not isinstance(self.id, str) or not self.id:
            raise CheckersError(f"a puzzle's id must be non-empty text, not {brief(self.id)}")
        if not isinstance(self.fen, str):
            raise CheckersError(f"puzzle {self.id!r}: fen must be text, not {brief(self.fen)}")
        board = Board(self.fen)  # FenError for a position that is not one
        if not isinstance(self.solution, tuple) or not self.solution:
            raise CheckersError(
                f"puzzle {self.id!r}: solution must be a non-empty tuple of moves, "
                f"not {brief(self.solution)}"
            )
        for number, move in enumerate(self.solution, 1):
            if not isinstance(move, Move):
                raise CheckersError(
                    f"puzzle {self.id!r}: solution move {number} is not a Move: {brief(move)}"
                )
            board.push(move)  # IllegalMoveError (a CheckersError) for a move that is not legal
        if not isinstance(self.themes, tuple) or not all(t in THEMES for t in self.themes):
            raise CheckersError(
                f"puzzle {self.id!r}: themes must be a tuple of {', '.join(THEMES)}, "
                f"not {brief(self.themes)}"
            )
        if isinstance(self.rating, bool) or not isinstance(self.rating, int):
            raise CheckersError(f"puzzle {self.id!r}: rating must be a whole number")
        if not isinstance(self.source, str):
            raise CheckersError(f"puzzle {self.id!r}: source must be text")
        if isinstance(self.gain, bool) or not isinstance(self.gain, int | float):
            raise CheckersError(f"puzzle {self.id!r}: gain must be a number")

    @property
    def solver(self) -> Color:
        """The side that solves the puzzle (the side to move in :attr:`fen`)."""
        return Board(self.fen).turn

    @property
    def key(self) -> Move:
        """The solver's first move: the one move that wins."""
        return self.solution[0]

    def board(self) -> Board:
        """A fresh board at the puzzle's position."""
        return Board(self.fen)

    def game(self, **options: Any) -> Game:
        """A new game from the puzzle's position (``options`` go to :class:`Game`)."""
        return Game(self.fen, **options)

    @property
    def goal(self) -> str:
        """The task in words, e.g. ``"Black to play and win a man"``."""
        side = self.solver.capitalize()
        if self.gain >= 100.0 or "forced-win" in self.themes:
            return f"{side} to play and win"
        if self.gain >= 1.8:
            return f"{side} to play and win two men"
        return f"{side} to play and win material"

    def to_dict(self) -> dict[str, Any]:
        """The puzzle as JSON-ready data (moves as text); :meth:`from_dict` reads it back."""
        return {
            "id": self.id,
            "fen": self.fen,
            "solution": [str(m) for m in self.solution],
            "themes": list(self.themes),
            "rating": self.rating,
            "source": self.source,
            "gain": self.gain,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Puzzle:
        """A puzzle from :meth:`to_dict`'s data, checked (CheckersError naming what is wrong)."""
        if not isinstance(data, Mapping):
            raise CheckersError(f"a puzzle is a mapping of its fields, not {brief(data)}")
        ident = data.get("id")
        if not isinstance(ident, str) or not ident:
            raise CheckersError(f"a puzzle needs an id (text), not {brief(ident)}")
        where = f"puzzle {ident!r}"
        fen, source, rating = data.get("fen"), data.get("source"), data.get("rating")
        if not isinstance(fen, str):
            raise CheckersError(f"{where}: the fen must be text, not {brief(fen)}")
        if not isinstance(source, str) or not source.strip():
            raise CheckersError(f"{where}: the source must name a game, not {brief(source)}")
        if isinstance(rating, bool) or not isinstance(rating, int) or not 0 < rating < 4000:
            raise CheckersError(f"{where}: the rating must be a whole number, not {brief(rating)}")
        gain = data.get("gain", 0.0)
        if isinstance(gain, bool) or not isinstance(gain, int | float):
            raise CheckersError(f"{where}: the gain must be a number, not {brief(gain)}")
        themes = _themes(data.get("themes", ()), where)
        try:
            board = Board(fen)
        except CheckersError as exc:
            raise CheckersError(f"{where}: {exc}") from None
        moves = data.get("solution")
        if not isinstance(moves, Sequence) or isinstance(moves, str) or not moves:
            raise CheckersError(
                f"{where}: the solution must be a list of moves, not {brief(moves)}"
            )
        solution: list[Move] = []
        for i, text in enumerate(moves):
            try:
                move = board.parse_move(text) if isinstance(text, str) else None
            except CheckersError as exc:
                raise CheckersError(f"{where}, move {i + 1}: {exc}") from None
            if move is None:
                raise CheckersError(f"{where}, move {i + 1}: not move text: {brief(text)}")
            board.push(move)
            solution.append(move)
        start = Board(fen).to_fen()
        return cls(ident, start, tuple(solution), themes, rating, source.strip(), float(gain))


def _themes(value: object, where: str) -> tuple[str, ...]:
    if not isinstance(value, Sequence) or isinstance(value, str):
        raise CheckersError(f"{where}: the themes must be a list of names, not {brief(value)}")
    for theme in value:
        if theme not in THEMES:
            raise CheckersError(
                f"{where}: unknown theme {brief(theme)}; the themes are: {', '.join(THEMES)}"
            )
    return tuple(t for t in THEMES if t in value)


def parse_puzzles(text: str) -> tuple[Puzzle, ...]:
    """The puzzles of JSON-lines text (blank lines skipped), each checked."""
    out: list[Puzzle] = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            data = json.loads(line)
        except ValueError as exc:
            raise CheckersError(f"puzzle line {number} is not JSON: {exc}") from None
        out.append(Puzzle.from_dict(data))
    return tuple(out)


@cache
def _all() -> tuple[Puzzle, ...]:
    from . import read_bytes

    return parse_puzzles(read_bytes(FILE).decode("utf-8"))


def check_theme(theme: object) -> str | None:
    """``theme`` if it is one of :data:`THEMES` (or None); else a CheckersError listing them."""
    if theme is None or (isinstance(theme, str) and theme in THEMES):
        return theme
    raise CheckersError(f"no puzzle theme {brief(theme)}; the themes are: {', '.join(THEMES)}")


def load(theme: str | None = None) -> list[Puzzle]:
    """The package's puzzles, in the file's order; with ``theme``, only those that have it.

    ``theme`` must be one of :data:`THEMES` (else :class:`CheckersError` listing them).
    """
    wanted = check_theme(theme)
    return [p for p in _all() if wanted is None or wanted in p.themes]


def with_theme(puzzles: Iterable[Puzzle], theme: str | None) -> list[Puzzle]:
    """The puzzles of ``puzzles`` with ``theme`` (all of them for None)."""
    wanted = check_theme(theme)
    return [p for p in puzzles if wanted is None or wanted in p.themes]
