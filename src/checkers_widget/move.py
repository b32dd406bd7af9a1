"""Colours, pieces and moves: the small value types everything else passes around."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, NamedTuple

__all__ = ["BLACK", "COLORS", "WHITE", "Color", "Move", "Piece", "opponent"]

Color = Literal["black", "white"]

#: The side that starts on squares 1-12 and moves first.
BLACK: Color = "black"
#: The side that starts on squares 21-32.
WHITE: Color = "white"
COLORS: tuple[Color, Color] = (BLACK, WHITE)


def opponent(color: Color) -> Color:
    """The other side."""
    return WHITE if color == BLACK else BLACK


class Piece(NamedTuple):
    """What stands on a square: a man or a king of one colour."""

    color: Color
    king: bool = False

    @property
    def symbol(self) -> str:
        """One letter: ``b``/``w`` for men, ``B``/``W`` for kings."""
        letter = self.color[0]
        return letter.upper() if self.king else letter

    @property
    def name(self) -> str:
        """``black-man``, ``white-king``, ...: the name the front end and tests use."""
        return f"{self.color}-{'king' if self.king else 'man'}"

    @classmethod
    def from_symbol(cls, symbol: str) -> Piece:
        """The piece for ``b``, ``w``, ``B`` or ``W``."""
        if symbol not in ("b", "w", "B", "W"):
            raise ValueError(f"not a piece symbol: {symbol!r} (expected b, w, B or W)")
        return cls(BLACK if symbol.lower() == "b" else WHITE, symbol.isupper())

    def __str__(self) -> str:
        return self.name


@dataclass(frozen=True, slots=True)
class Move:
    """One complete move: the squares the piece visits and the pieces it takes.

    ``path`` starts with the square the piece leaves and lists every landing square,
    so a multi-jump keeps its route: two jumps taking the same pieces in a different
    order are different moves (the convention of the published perft tables), and a
    replay can show each hop. ``captures`` lists the jumped squares in the order they
    are taken; ``crowns`` says whether a man is crowned by this move.
    """

    path: tuple[int, ...]
    captures: tuple[int, ...] = ()
    crowns: bool = False

    @property
    def start(self) -> int:
        """The square the moving piece leaves."""
        return self.path[0]

    @property
    def end(self) -> int:
        """The square the moving piece finally lands on."""
        return self.path[-1]

    @property
    def is_capture(self) -> bool:
        """Whether the move jumps at least one piece."""
        return bool(self.captures)

    @property
    def hops(self) -> list[tuple[int, int, int | None]]:
        """Each step as ``(from, to, captured square or None)``, for replays."""
        caps: list[int | None] = list(self.captures) or [None]
        steps = zip(self.path, self.path[1:], strict=False)
        return [(a, b, caps[i]) for i, (a, b) in enumerate(steps)]

    def __str__(self) -> str:
        sep = "x" if self.captures else "-"
        return sep.join(str(s) for s in self.path)

    def __repr__(self) -> str:
        return f"Move({str(self)!r})"

    def to_dict(self) -> dict[str, object]:
        """A JSON-ready description, as sent to the front end."""
        return {
            "notation": str(self),
            "path": list(self.path),
            "captures": list(self.captures),
            "crowns": self.crowns,
        }
