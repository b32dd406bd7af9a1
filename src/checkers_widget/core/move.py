"""Pieces and moves: the small value types everything else passes around."""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from .color import BLACK, COLORS, WHITE, Color
from .error_base import CheckersError, PositionError, brief

__all__ = ["MAX_SQUARE", "Move", "Piece"]


class _PieceFields(NamedTuple):
    color: Color
    king: bool = False


class Piece(_PieceFields):
    """What stands on a square: a man or a king of one colour.

    ``Piece("black")`` is a black man, ``Piece("white", True)`` a white king; any other
    colour, or a ``king`` that is not ``True``/``False``, raises :class:`PositionError`.
    """

    __slots__ = ()

    def __new__(cls, color: Color, king: bool = False) -> Piece:
        if not isinstance(color, str) or color not in COLORS:
            raise PositionError(f"a piece's color must be 'black' or 'white', not {brief(color)}")
        if not isinstance(king, bool):
            raise PositionError(f"a piece's king must be True or False, not {brief(king)}")
        return super().__new__(cls, color, king)

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
            raise PositionError(f"not a piece symbol: {brief(symbol)} (expected b, w, B or W)")
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

    def __post_init__(self) -> None:
        """Refuse a value that is not a move's shape (legality is the board's business)."""
        path, captures = self.path, self.captures
        if isinstance(path, str):
            raise CheckersError(
                f"Move takes the squares visited, e.g. Move((11, 15)), not text {brief(path)}; "
                "read move text with Board.parse_move or play it with Game.play"
            )
        path = _squares("path", path)
        captures = _squares("captures", captures)
        if len(path) < 2:
            raise CheckersError(f"a move's path needs at least two squares, not {brief(path, 60)}")
        if captures and len(captures) != len(path) - 1:
            raise CheckersError(
                f"a capture takes one piece a hop: {len(path) - 1} hops but "
                f"{len(captures)} captured squares"
            )
        if not captures and len(path) != 2:
            raise CheckersError(
                f"only a capture visits more than two squares, not {brief(path, 60)}"
            )
        if not isinstance(self.crowns, bool):
            raise CheckersError(f"a move's crowns must be True or False, not {brief(self.crowns)}")
        object.__setattr__(self, "path", path)
        object.__setattr__(self, "captures", captures)

    @classmethod
    def _generated(cls, path: tuple[int, ...], captures: tuple[int, ...], crowns: bool) -> Move:
        """A move from the move generator, built without the checks (it is well formed)."""
        move = object.__new__(cls)
        object.__setattr__(move, "path", path)
        object.__setattr__(move, "captures", captures)
        object.__setattr__(move, "crowns", crowns)
        return move

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
        """Code that builds this very move, e.g. ``Move((22, 15, 8), captures=(18, 11))``."""
        text = f"Move({self.path!r}"
        if self.captures:
            text += f", captures={self.captures!r}"
        if self.crowns:
            text += ", crowns=True"
        return text + ")"

    def to_dict(self) -> dict[str, object]:
        """A JSON-ready description, as sent to the front end."""
        return {
            "notation": str(self),
            "path": list(self.path),
            "captures": list(self.captures),
            "crowns": self.crowns,
        }


#: The highest square number of any variant's board (international draughts: 1-50).
MAX_SQUARE = 50


def _squares(what: str, value: object) -> tuple[int, ...]:
    """``value`` as a tuple of square numbers 1-50 (a list is accepted and made a tuple).

    Any variant's square is accepted (1-32 on 8x8, 1-50 on 10x10); whether a move fits a
    board is the board's to say, as is its legality."""
    if type(value) is tuple and all(type(s) is int and 0 < s <= MAX_SQUARE for s in value):
        return value  # the fast path: every move the board generates
    if not isinstance(value, tuple | list):
        raise CheckersError(
            f"a move's {what} must be a tuple of squares 1-{MAX_SQUARE}, not {type(value).__name__}"
        )
    for s in value:
        if isinstance(s, bool) or not isinstance(s, int) or not 1 <= s <= MAX_SQUARE:
            raise CheckersError(
                f"a move's {what} holds {brief(s)}: squares are 1-{MAX_SQUARE} "
                "(1-32 on an 8x8 board)"
            )
    return tuple(value)
