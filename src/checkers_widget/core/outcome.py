"""How a game ended: the result in PDN's notation, the winner and why, in words.

``Board.outcome()`` and ``Game.outcome()`` answer with an :class:`Outcome` (python-chess
users know the shape from ``board.outcome()``). Results use PDN's convention for checkers:
the first number is Black's score (Black moves first), so ``"1-0"`` is a Black win and
``"0-1"`` a White win. The words are :attr:`Game.termination`'s, e.g. "every White piece
is blocked" or "draw agreed".
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from .color import BLACK, WHITE, Color, opponent

__all__ = ["DRAW", "RESULTS", "WIN", "Outcome", "Result", "lost_by", "no_moves_win"]

Result = Literal["1-0", "0-1", "1/2-1/2"]

#: The result string of a win for each side.
WIN: dict[Color, Result] = {BLACK: "1-0", WHITE: "0-1"}
DRAW: Result = "1/2-1/2"
#: Every result a finished game can have.
RESULTS: tuple[Result, ...] = ("1-0", "0-1", "1/2-1/2")


@dataclass(frozen=True)
class Outcome:
    """The end of a game: ``result`` (``"1-0"``, ``"0-1"`` or ``"1/2-1/2"``) and
    ``termination``, why it ended in words (as :attr:`Game.termination` says it).

    ``winner`` is the side that won, None for a draw.
    """

    result: Result
    termination: str

    @property
    def winner(self) -> Color | None:
        """``"black"`` for ``"1-0"``, ``"white"`` for ``"0-1"``, None for a draw."""
        if self.result == WIN[BLACK]:
            return BLACK
        if self.result == WIN[WHITE]:
            return WHITE
        return None

    @property
    def is_draw(self) -> bool:
        """Whether neither side won."""
        return self.result == DRAW


def lost_by(loser: Color, name: str, pieces_left: int) -> Outcome:
    """The outcome of a position where ``loser`` (called ``name``) is to move and cannot:
    the one way a position alone ends a game in checkers. The words say which of the two
    ways it is (no pieces left, or every piece blocked)."""
    reason = f"{name} has no pieces left" if pieces_left == 0 else f"every {name} piece is blocked"
    return Outcome(WIN[opponent(loser)], reason)


def no_moves_win(winner: Color, name: str, pieces_left: int) -> Outcome:
    """The outcome of a giveaway position where ``winner`` (called ``name``) is to move and
    cannot: the goal is reversed, so having no move (no pieces left, or every piece
    blocked) wins."""
    reason = f"{name} has no pieces left" if pieces_left == 0 else f"every {name} piece is blocked"
    return Outcome(WIN[winner], f"{reason} and wins (giveaway)")
