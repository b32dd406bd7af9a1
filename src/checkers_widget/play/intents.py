"""What the browser sends: intents, checked here before anything touches the game.

The front end draws the state Python publishes (:mod:`.state`) and answers with
*intents*: "the user clicked this path" (:class:`MoveIntent`), "the user pressed Undo"
(:class:`Command`), "the user placed a piece in the editor" (:class:`EditIntent`), "the
user clicked a piece the board could not pick up" (:class:`SelectIntent`), each
tagged with the ``version`` of the state it saw; the command line of the accessible
mode sends the move text typed (:class:`TypedMove`), which Python reads, so that the
front end parses no notation. :func:`parse_intent` checks every
message: a stale, malformed or forged one becomes an :class:`IntentError` with a message
for the status line. :func:`resolve_path` says what a clicked path means.

Kept free of anywidget and traitlets so it can be tested, and reused, anywhere.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..core.color import BLACK, WHITE, Color
from ..core.errors import IntentError
from ..core.move import Move
from .commands import COMMANDS
from .draw_intents import DrawIntent, parse_draw_intent

__all__ = [
    "COMMANDS",
    "EDIT_ACTIONS",
    "EDIT_PIECES",
    "MAX_INTENT_BYTES",
    "MAX_INTENT_DEPTH",
    "MAX_NOTATION_CHARS",
    "Command",
    "EditIntent",
    "Intent",
    "IntentError",
    "MoveIntent",
    "SelectIntent",
    "TypedMove",
    "check_plain_json",
    "parse_intent",
    "resolve_path",
]

#: Intents larger than this are refused unread: no legitimate click sequence is near it.
MAX_INTENT_BYTES = 2048


@dataclass(frozen=True)
class MoveIntent:
    """The user picked a piece and clicked landing squares: ``path`` starts at the piece."""

    version: int
    path: tuple[int, ...]


@dataclass(frozen=True)
class TypedMove:
    """The user typed a move (``"11-15"``, ``"9x18x27"``) on the command line: its text,
    read by the move handling, where the squares it names become a :class:`MoveIntent`."""

    version: int
    notation: str


@dataclass(frozen=True)
class SelectIntent:
    """The user clicked ``square`` and the board picked nothing up there (the computer
    was thinking, or the piece cannot move while a capture is compulsory): Python says
    why on the status line. The board used to send this as the path ``[square, square]``."""

    version: int
    square: int


#: Typed move text longer than this is refused unread (the longest move names 13 squares
#: on 8x8, 21 on 10x10: 62 characters).
MAX_NOTATION_CHARS = 64


@dataclass(frozen=True)
class Command:
    """The user pressed a control; ``side`` is who pressed it where that matters."""

    version: int
    name: str
    side: Color | None = None
    ply: int | None = None


#: What an edit intent may ask for in the position editor.
EDIT_ACTIONS = frozenset({"start", "done", "cancel", "place", "clear", "reset", "turn", "fen"})

#: The pieces the editor can place (``None`` clears the square).
EDIT_PIECES = frozenset({"black-man", "black-king", "white-man", "white-king"})


@dataclass(frozen=True)
class EditIntent:
    """A change in the position editor: place or remove a piece, set the turn, a FEN..."""

    version: int
    action: str
    square: int | None = None
    piece: str | None = None
    turn: Color | None = None
    fen: str | None = None


#: Any intent the browser may send (a drawing: see :mod:`.drawing`).
Intent = MoveIntent | TypedMove | SelectIntent | Command | EditIntent | DrawIntent


#: Intents nested deeper than this are refused unread (a real one is 2 levels deep).
MAX_INTENT_DEPTH = 8

#: How much of a refused value a message quotes.
_SHOWN_CHARS = 60


def _shown(value: Any) -> str:
    """A refused value as the message quotes it: its repr, cut short (values were checked
    to be plain JSON of bounded size first, so the repr is cheap and cannot fail)."""
    if type(value) is int and value.bit_length() > 200:
        return f"a {value.bit_length()}-bit number"
    text = repr(value)
    return text if len(text) <= _SHOWN_CHARS else text[: _SHOWN_CHARS - 1] + "…"


def check_plain_json(content: Any) -> None:
    """Refuse anything but plain JSON within :data:`MAX_INTENT_BYTES` and
    :data:`MAX_INTENT_DEPTH`, with :class:`IntentError`.

    Plain JSON: ``dict`` (string keys), ``list``, ``str``, ``int``, finite ``float``,
    ``bool`` and ``None``, exactly (no subclasses, whose methods could do anything).
    The walk is iterative (no recursion, whatever the nesting) and stops as soon as the
    size passes the limit, so its cost is bounded by the limit, not by the input. The
    size counted is a lower bound of the JSON text's length.
    """
    size = 0
    stack: list[tuple[Any, int]] = [(content, 1)]
    while stack:
        value, depth = stack.pop()
        kind = type(value)
        if kind is dict or kind is list:
            if depth > MAX_INTENT_DEPTH:
                raise IntentError(f"a message may nest at most {MAX_INTENT_DEPTH} levels deep")
            size += 2
            if kind is dict:
                for key, item in value.items():
                    if type(key) is not str:
                        raise IntentError("a message's keys must be strings")
                    size += len(key) + 4
                    if size > MAX_INTENT_BYTES:
                        break
                    stack.append((item, depth + 1))
            else:
                for item in value:
                    size += 1
                    if size > MAX_INTENT_BYTES:
                        break
                    stack.append((item, depth + 1))
        elif kind is str:
            size += len(value) + 2
        elif kind is int:
            size += value.bit_length() // 4 + 1  # at most the number of decimal digits
        elif kind is float:
            if value != value or value in (float("inf"), float("-inf")):
                raise IntentError("a message must be plain JSON: NaN and Infinity are not")
            size += 3
        elif kind is bool or value is None:
            size += 4
        else:
            raise IntentError(f"a message must be plain JSON, not {kind.__name__}")
        if size > MAX_INTENT_BYTES:
            raise IntentError(f"message too large (more than {MAX_INTENT_BYTES} bytes)")


def _check_int(value: Any, what: str, low: int, high: int) -> int:
    if type(value) is not int or not low <= value <= high:
        raise IntentError(
            f"{what} must be a whole number from {low} to {high}, not {_shown(value)}"
        )
    return value


def _check_choice(value: Any, choices: frozenset[str], what: str) -> str:
    """A string from ``choices``, else an IntentError naming them (any JSON value is safe
    to test: only a string is looked up)."""
    if type(value) is not str or value not in choices:
        raise IntentError(f"unknown {what} {_shown(value)}; expected one of {sorted(choices)}")
    return value


def _check_side(value: Any, what: str) -> Color | None:
    if value is not None and (type(value) is not str or value not in (BLACK, WHITE)):
        raise IntentError(f"{what} must be 'black' or 'white', not {_shown(value)}")
    return value


def _check_fields(content: dict[str, Any], allowed: set[str], kind: str) -> None:
    if extra := set(content) - allowed:
        shown = _shown(sorted(extra))
        raise IntentError(f"unexpected fields in {kind} message: {shown}")


def parse_intent(content: Any, *, squares: int = 32) -> Intent:
    """Validate a raw message from the front end; raises :class:`IntentError` if malformed.

    Any value at all is answered, in time bounded by :data:`MAX_INTENT_BYTES`: a
    well-formed intent, or an :class:`IntentError` saying what is wrong. ``squares``: how
    many the board has (its geometry's, see :mod:`.geometry`: 32 on the American board,
    50 on a 10x10 one); a square named outside 1..squares is malformed.
    """
    if type(content) is not dict:
        raise IntentError(f"a message must be an object, not {type(content).__name__}")
    check_plain_json(content)
    kind = content.get("kind")
    if type(kind) is not str or kind not in ("move", "select", "command", "edit", "draw"):
        raise IntentError(
            f"unknown message kind {_shown(kind)}; "
            "expected 'move', 'select', 'command', 'edit' or 'draw'"
        )
    version = _check_int(content.get("version"), "version", 0, 2**53)
    if kind == "select":
        chosen = _check_int(content.get("square"), "a square", 1, squares)
        _check_fields(content, {"kind", "version", "square"}, "a select")
        return SelectIntent(version, chosen)
    if kind == "draw":
        return parse_draw_intent(content, version, squares=squares)
    if kind == "move" and "notation" in content:
        notation = content.get("notation")
        if type(notation) is not str or not 0 < len(notation) <= MAX_NOTATION_CHARS:
            raise IntentError(
                f"typed move text must be a string of 1 to {MAX_NOTATION_CHARS} characters, "
                f"not {_shown(notation)}"
            )
        _check_fields(content, {"kind", "version", "notation"}, "a typed move")
        return TypedMove(version, notation)
    if kind == "move":
        path = content.get("path")
        # The longest capture visits 13 squares on 8x8 (12 men taken at most) and 21 on
        # 10x10 (20 men).
        longest = 13 if squares <= 32 else 21
        if type(path) is not list or not 2 <= len(path) <= longest:
            raise IntentError(f"a move path must list 2 to {longest} squares, not {_shown(path)}")
        clicked = tuple(_check_int(s, "a square", 1, squares) for s in path)
        _check_fields(content, {"kind", "version", "path"}, "a move")
        return MoveIntent(version, clicked)
    if kind == "command":
        name = _check_choice(content.get("name"), COMMANDS, "command")
        side = _check_side(content.get("side"), "side")
        _check_fields(content, {"kind", "version", "name", "side", "ply"}, "a command")
        ply = content.get("ply")
        if name == "goto":
            ply = _check_int(ply, "ply", 0, 10_000)
        elif ply is not None:
            raise IntentError(f"only goto takes a ply, not {name!r}")
        return Command(version, name, side, ply)
    action = _check_choice(content.get("action"), EDIT_ACTIONS, "edit action")
    _check_fields(
        content, {"kind", "version", "action", "square", "piece", "turn", "fen"}, "an edit"
    )
    square = content.get("square")
    if square is not None or action == "place":
        square = _check_int(square, "a square", 1, squares)
    piece = content.get("piece")
    if piece is not None and (type(piece) is not str or piece not in EDIT_PIECES):
        raise IntentError(
            f"piece must be one of {sorted(EDIT_PIECES)} or null, not {_shown(piece)}"
        )
    turn = _check_side(content.get("turn"), "turn")
    if action == "turn" and turn is None:
        raise IntentError("a turn action needs a turn: 'black' or 'white'")
    fen = content.get("fen")
    if (action == "fen") != (type(fen) is str):
        raise IntentError("a fen action needs a FEN string, and only it takes one")
    return EditIntent(version, action, square, piece, turn, fen)


def resolve_path(legal: list[Move], path: tuple[int, ...]) -> Move | tuple[int, ...]:
    """What a clicked path means: a complete legal move, or a jump still in progress.

    ``path`` is the piece's square and the landing squares clicked so far. An exact
    route is that move; a proper prefix of one or more capture routes is a sequence in
    progress ("keep jumping"); a start and a final square that only one route joins is
    that route (the shortcut of clicking the final square at once). Anything else
    raises :class:`IntentError` saying what was wrong.
    """
    for move in legal:
        if move.path == path:
            return move
    n = len(path)
    if any(m.is_capture and len(m.path) > n and m.path[:n] == path for m in legal):
        return path
    shortcut = [m for m in legal if m.end == path[-1] and _passes_through(m.path, path)]
    if len(shortcut) == 1:
        return shortcut[0]
    if len(shortcut) > 1:
        routes = " and ".join(str(m) for m in shortcut)
        raise IntentError(
            f"several jump routes end on {path[-1]} ({routes}): click each landing square in turn"
        )
    raise IntentError(f"{'-'.join(map(str, path))} is not a legal move")


def _passes_through(route: tuple[int, ...], clicked: tuple[int, ...]) -> bool:
    """Whether a route starts where ``clicked`` starts and visits its squares in order."""
    if route[0] != clicked[0]:
        return False
    rest = iter(route[1:])
    return all(any(s == r for r in rest) for s in clicked[1:])
