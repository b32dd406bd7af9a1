"""Drawing on the board from the front end: the intent, its handling, and the state.

The board sends a *draw* intent when the user right-drags an arrow or right-clicks a
square (``{"kind": "draw", "version": v, "action": "arrow", "from": 11, "to": 15,
"colour": "green"}``; ``"action": "mark"`` with a ``square``; ``"action": "clear"``).
:func:`parse_draw_intent` checks it (any forged field is an :class:`IntentError`);
:func:`handle_draw` draws it on the position shown, through the game
(:meth:`~checkers_widget.core.game.Game.set_drawing`): the same arrow or mark in the same
colour again takes it away, in another colour changes its colour. Drawing does not make
a new position: the state's version stays, so a move clicked next is not stale.
:func:`drawing_state` is what the published state carries of a drawing.
"""

from __future__ import annotations

from collections.abc import Iterable
from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import Any, Literal, Protocol, TypedDict

from ..core.drawings import COLOURS, Arrow, ArrowLike, Colour, Drawing, Mark, MarkLike
from ..core.errors import CheckersError, IntentError
from ..core.game import Game
from .intent_outcome import IntentOutcome

__all__ = [
    "DRAW_ACTIONS",
    "ArrowState",
    "DrawIntent",
    "DrawingState",
    "DrawnBoard",
    "MarkState",
    "drawing_state",
    "handle_draw",
    "parse_draw_intent",
    "redraw",
]

DrawAction = Literal["arrow", "mark", "clear"]

#: What a draw intent may ask for.
DRAW_ACTIONS: tuple[DrawAction, ...] = ("arrow", "mark", "clear")


@dataclass(frozen=True)
class DrawIntent:
    """The user drew an arrow, marked a square, or cleared the position's drawing."""

    version: int
    action: DrawAction
    start: int | None = None
    end: int | None = None
    square: int | None = None
    colour: Colour = "green"


#: An arrow as the state carries it (the functional form: ``from`` is a Python keyword).
ArrowState = TypedDict("ArrowState", {"from": int, "to": int, "colour": Colour})


class MarkState(TypedDict):
    """A marked square as the state carries it."""

    square: int
    colour: Colour


class DrawingState(TypedDict):
    """What is drawn on the position shown: arrows and marked squares, in the order drawn."""

    arrows: list[ArrowState]
    marks: list[MarkState]


def drawing_state(drawing: Drawing) -> DrawingState:
    """A drawing as the published state carries it."""
    return {
        "arrows": [{"from": a.start, "to": a.end, "colour": a.colour} for a in drawing.arrows],
        "marks": [{"square": m.square, "colour": m.colour} for m in drawing.marks],
    }


def _square(content: dict[str, Any], key: str, squares: int) -> int:
    value = content.get(key)
    if type(value) is not int or not 1 <= value <= squares:
        raise IntentError(
            f"a drawing's {key} must be a square from 1 to {squares}, not {value!r:.40}"
        )
    return value


def parse_draw_intent(content: dict[str, Any], version: int, *, squares: int = 32) -> DrawIntent:
    """A draw intent from a message already checked to be small plain JSON
    (see :func:`~checkers_widget.play.intents.parse_intent`), on a board of ``squares``
    squares; IntentError if malformed."""
    action = content.get("action")
    if type(action) is not str or action not in DRAW_ACTIONS:
        raise IntentError(
            f"unknown drawing action {action!r:.40}; expected one of {list(DRAW_ACTIONS)}"
        )
    fields = {"arrow": {"from", "to", "colour"}, "mark": {"square", "colour"}, "clear": set()}
    allowed = {"kind", "version", "action"} | fields[action]
    if extra := set(content) - allowed:
        raise IntentError(f"unexpected fields in a drawing message: {sorted(extra)!r:.60}")
    if action == "clear":
        return DrawIntent(version, "clear")
    colour = content.get("colour")
    if type(colour) is not str or colour not in COLOURS:
        raise IntentError(f"a drawing's colour must be one of {list(COLOURS)}, not {colour!r:.40}")
    if action == "mark":
        square = _square(content, "square", squares)
        return DrawIntent(version, "mark", square=square, colour=colour)
    start, end = _square(content, "from", squares), _square(content, "to", squares)
    if start == end:
        raise IntentError("an arrow needs two different squares (a square is marked instead)")
    return DrawIntent(version, "arrow", start=start, end=end, colour=colour)


def handle_draw(game: Game, intent: DrawIntent, *, networked: bool = False) -> IntentOutcome:
    """Draw ``intent`` on the position shown of ``game`` (the version was checked by the
    caller); refused on a ``networked`` board."""
    if networked:
        return IntentOutcome.refused("Drawing on the board is not available in a network game")
    drawing = game.drawing()
    try:
        if intent.action == "clear":
            changed = bool(drawing)
            game.set_drawing(None)
            return IntentOutcome.done(changed)
        if intent.action == "mark":
            assert intent.square is not None
            drawing = drawing.toggled_mark(Mark(intent.square, intent.colour))
        else:
            assert intent.start is not None and intent.end is not None
            drawing = drawing.toggled_arrow(Arrow(intent.start, intent.end, intent.colour))
        game.set_drawing(drawing)
    except CheckersError as exc:  # a listener failing (HookError): said, never raised
        return IntentOutcome.refused(str(exc))
    return IntentOutcome.done()


class DrawnBoard(Protocol):
    """What :func:`redraw` needs of a board: its game and the lock that orders changes."""

    @property
    def game(self) -> Game: ...

    @property
    def lock(self) -> AbstractContextManager[Any]: ...


def redraw(
    board: DrawnBoard,
    *,
    arrows: Iterable[ArrowLike] | None = None,
    marks: Iterable[MarkLike] | None = None,
) -> None:
    """Replace the arrows (or the marks; None: keep them) drawn on the position shown,
    from Python (``widget.arrows = [...]``): all checked first, so a bad square or
    colour raises CheckersError and nothing changes."""
    with board.lock:
        game = board.game
        now = game.drawing()
        drawing = Drawing(
            now.arrows if arrows is None else arrows,
            now.marks if marks is None else marks,
        )
        game.set_drawing(drawing)
