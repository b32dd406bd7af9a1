"""The bottom of the exception hierarchy: :class:`CheckersError`, :class:`PositionError`.

The rest of the hierarchy, and the one place to import any of it from, is
:mod:`checkers_widget.core.errors`. These two classes and the message helpers sit
below it because :mod:`move` raises them, and :mod:`errors` names :class:`Move` in its
move errors (``IllegalMoveError.legal``): defined in ``errors``, they would tie the two
modules into an import circle. Both classes keep ``checkers_widget.core.errors`` as
their module, so tracebacks and pickles name them as before.
"""

from __future__ import annotations

__all__ = ["CheckersError", "PositionError", "brief", "clipped"]


def brief(value: object, limit: int = 40) -> str:
    """A short ``repr`` of a refused value for an error message, whatever the value.

    A huge argument makes a short message (a 5,000-digit number's ``repr`` itself
    raises in Python 3.11; a hostile ``__repr__`` may raise anything), so the message
    says what was wrong without echoing megabytes or failing in turn.
    """
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 64:
        return f"a {value.bit_length()}-bit number"
    try:
        text = repr(value)
    except Exception:
        text = f"<{type(value).__name__}>"
    return text if len(text) <= limit else text[: limit - 3] + "..."


def clipped(text: str, limit: int = 60) -> str:
    """``text`` itself when short, else its start and ``...``: user text quoted in a message."""
    return text if len(text) <= limit else text[: limit - 3] + "..."


class CheckersError(ValueError):
    """Base class of every error raised for bad input to checkers-widget."""


class PositionError(CheckersError):
    """Pieces the rules could never put on the board, or an argument that is not a
    position (see :mod:`checkers_widget.core.position` for the rule)."""


# Tracebacks, reprs and pickles name them where users import them from.
CheckersError.__module__ = PositionError.__module__ = "checkers_widget.core.errors"
