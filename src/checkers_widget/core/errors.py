"""The exception hierarchy: every error a user can cause is a :class:`CheckersError`.

One ``except CheckersError`` catches whatever a user, a file, a front end, a hook or a
network peer can provoke: a bad FEN or PDN, an illegal move, a refused widget intent, a
hook that failed, a session called at the wrong moment, a malformed network message.
Anything else escaping the package is a bug. ``CheckersError`` is a ``ValueError`` so
that code written against the standard library's convention keeps working.

:class:`CheckersError` and :class:`PositionError` (with the message helpers
:func:`brief` and :func:`clipped`) are defined in :mod:`error_base`, under the pieces
and moves of :mod:`move` that raise them, and are the same classes here.

Each class says *what kind* of input was wrong; each message says *where* (the FEN
field, the PDN game, line and column, the move and its legal alternatives), so that
a learner or a script can act on it without reading a traceback.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from .error_base import CheckersError, PositionError
from .error_base import brief as brief
from .error_base import clipped as clipped

if TYPE_CHECKING:
    from .move import Move

__all__ = [
    "AmbiguousMoveError",
    "ArgumentTypeError",
    "CheckersError",
    "FenError",
    "FileWriteError",
    "GameOverError",
    "HookError",
    "IllegalMoveError",
    "IntentError",
    "MoveVetoed",
    "NetworkUnavailableError",
    "PdnError",
    "PositionError",
    "ProtocolError",
    "SessionError",
    "VariantError",
]


class ArgumentTypeError(CheckersError, TypeError):
    """A value of the wrong kind was passed (a number where a file or a game belongs).

    Also a :class:`TypeError`, which is what Python code expects of such a call, so both
    ``except CheckersError`` and ``except TypeError`` catch it."""


class FileWriteError(CheckersError, OSError):
    """A file the user named could not be written (no such folder, no room, no right).

    Also an :class:`OSError`, as Python's own file functions raise; the message names the
    file and the reason. Nothing is left behind: the file is as it was."""


class FenError(CheckersError):
    """A FEN string could not be read; the message names the field and token."""


class VariantError(CheckersError):
    """An unknown draughts variant or house-rule option, or rules a feature does not
    support; the message names the known ones."""


class IllegalMoveError(CheckersError):
    """A move is not legal in the position; ``legal`` lists the moves that are."""

    def __init__(self, message: str, legal: Sequence[Move] = ()) -> None:
        super().__init__(message)
        self.legal: tuple[Move, ...] = tuple(legal)


class AmbiguousMoveError(IllegalMoveError):
    """Move text matches more than one legal move; ``candidates`` lists them."""

    def __init__(self, message: str, candidates: Sequence[Move]) -> None:
        super().__init__(message, candidates)
        self.candidates: tuple[Move, ...] = tuple(candidates)


class GameOverError(IllegalMoveError):
    """A move was offered after the game had ended."""


class PdnError(CheckersError):
    """A PDN text could not be read; knows the game, line and column where it failed."""

    def __init__(
        self,
        message: str,
        *,
        game: int | None = None,
        line: int | None = None,
        column: int | None = None,
        ply: int | None = None,
        move: str | None = None,
    ) -> None:
        where = []
        if game is not None:
            where.append(f"game {game}")
        if line is not None:
            where.append(f"line {line}")
        if column is not None:
            where.append(f"column {column}")
        if ply is not None:
            where.append(f"ply {ply}")
        prefix = f"{', '.join(where)}: " if where else ""
        super().__init__(prefix + message)
        self.game = game
        self.line = line
        self.column = column
        self.ply = ply
        self.move = move


class MoveVetoed(IllegalMoveError):
    """A legal move that a validator refused; the message is the validator's reason."""


class HookError(CheckersError):
    """A validator or observer raised or misbehaved; the original exception is the ``__cause__``."""


class IntentError(CheckersError):
    """An intent from the front end that cannot be acted on; the message says why."""


class SessionError(CheckersError):
    """A session method was called when it cannot act (not started, closed, no guest...)."""


class NetworkUnavailableError(SessionError):
    """Network play needs real sockets and threads, which Pyodide/JupyterLite lacks."""


class ProtocolError(CheckersError):
    """A received line is not a valid message for this peer; the message says why."""
