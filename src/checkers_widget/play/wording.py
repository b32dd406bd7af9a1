"""How the board words what it says: a sentence from an error, text cut to a size.

One place for the small text rules the session, the editor and network play share: an
error's message (``str(exc)``, lower case as Python writes them) becomes a sentence on
the status line; a user's object is turned into text without ever raising.
"""

from __future__ import annotations

__all__ = ["MAX_REASON_CHARS", "cut", "safe_text", "sentence"]

#: A veto's reason is cut to this many characters on the status line and in MoveVetoed.
MAX_REASON_CHARS = 500


def sentence(text: object) -> str:
    """``text`` (an error, or its message) as a sentence: its first letter in capitals."""
    words = str(text)
    return words[:1].upper() + words[1:]


def cut(text: str, limit: int) -> str:
    """``text``, at most ``limit`` characters (the last one an ellipsis when cut)."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def safe_text(value: object, *, limit: int = MAX_REASON_CHARS) -> str:
    """``str(value)`` for a message, at most ``limit`` characters; never raises (a
    user's object may have a ``__str__`` that does)."""
    try:
        text = str(value)
    except Exception:
        return f"<{type(value).__name__} whose text cannot be read>"
    return cut(str.__getitem__(text, slice(0, limit + 1)), limit)
