"""Drawings on the board: coloured arrows and marked squares, one set per position.

A :class:`Drawing` is what a user drew on one position of a game (right-drag an arrow,
right-click a square, as on lichess): :class:`Arrow` values (from a square to another)
and :class:`Mark` values (a square ringed), each in one of :data:`COLOURS`. A game keeps
one drawing per ply (:meth:`Game.drawing <checkers_widget.core.game.Game.drawing>`), so
undo, redo and browsing show each position's own drawing, and PDN keeps them.

In PDN a drawing lives in the comment after the move that reached the position (the
comment before the first move for the start position), in the commands lichess and
lidraughts write: ``[%cal G1115,R2218]`` for arrows and ``[%csl G14,Y23]`` for marks.
A colour letter (``G``reen, ``R``ed, ``B``lue, ``Y``ellow) comes before the squares;
squares are written with two digits, as lidraughts writes them (``G0914`` is an arrow
from 9 to 14). :func:`read_commands` also reads a hyphen between the squares
(``G9-14``) and one-digit marks (``G9``). It takes the commands out of a comment and
leaves the rest of the text; a ``[%cal``/``[%csl`` command it cannot read is left in the
text as it was, and reported. Other commands (``[%clk ...]``, ...) are left alone.

Squares are any variant's, 1-50 (international draughts' 10x10 board); a game checks a
drawing against its own board (:meth:`Game.set_drawing
<checkers_widget.core.game.Game.set_drawing>`: 1-32 on 8x8).

Standard library only, like the rest of :mod:`checkers_widget.core`.
"""

from __future__ import annotations

import io
import itertools
import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal, NamedTuple, get_args

from .errors import CheckersError, brief
from .move import MAX_SQUARE

__all__ = [
    "COLOURS",
    "Arrow",
    "ArrowLike",
    "Colour",
    "Drawing",
    "Mark",
    "MarkLike",
    "ReadCommands",
    "read_commands",
    "write_commands",
]

#: A drawing's colour.
Colour = Literal["green", "red", "blue", "yellow"]

#: The colours, in the order the modifier keys choose them (none, Shift, Alt, both).
COLOURS: tuple[Colour, ...] = get_args(Colour)

_LETTERS: dict[Colour, str] = {"green": "G", "red": "R", "blue": "B", "yellow": "Y"}
_COLOUR_OF_LETTER: dict[str, Colour] = {v: k for k, v in _LETTERS.items()}


def _square(value: object, what: str) -> int:
    """A square number 1-50 (an int, or its digits as text), else a CheckersError."""
    number: object = value
    if isinstance(value, str) and 0 < len(value) <= 2 and value.isascii() and value.isdigit():
        number = int(value)
    if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= MAX_SQUARE:
        raise CheckersError(f"{what} must be a square from 1 to {MAX_SQUARE}, not {brief(value)}")
    return number


def _colour(value: object) -> Colour:
    if isinstance(value, str) and value in COLOURS:
        return value
    raise CheckersError(f"colour must be one of {', '.join(COLOURS)}, not {brief(value)}")


@dataclass(frozen=True)
class Arrow:
    """An arrow from square ``start`` to square ``end`` (1-50, two different squares)."""

    start: int
    end: int
    colour: Colour = "green"

    def __post_init__(self) -> None:
        """Refuse anything that is not an arrow on the board: CheckersError, nothing made."""
        start = _square(self.start, "an arrow's start")
        end = _square(self.end, "an arrow's end")
        if start == end:
            raise CheckersError(f"an arrow needs two different squares, not {start} to {start}")
        object.__setattr__(self, "start", start)
        object.__setattr__(self, "end", end)
        object.__setattr__(self, "colour", _colour(self.colour))

    @classmethod
    def of(cls, value: object) -> Arrow:
        """An Arrow from an Arrow or a ``(start, end)`` / ``(start, end, colour)`` pair."""
        if isinstance(value, Arrow):
            return value
        if isinstance(value, tuple | list) and len(value) in (2, 3):
            return cls(*value)
        raise CheckersError(
            f"an arrow is an Arrow or (start, end[, colour]), e.g. (11, 15, 'red'), "
            f"not {brief(value)}"
        )


@dataclass(frozen=True)
class Mark:
    """A marked (ringed) square."""

    square: int
    colour: Colour = "green"

    def __post_init__(self) -> None:
        """Refuse a square off the board or an unknown colour: CheckersError."""
        object.__setattr__(self, "square", _square(self.square, "a marked square"))
        object.__setattr__(self, "colour", _colour(self.colour))

    @classmethod
    def of(cls, value: object) -> Mark:
        """A Mark from a Mark, a square (``14`` or ``"14"``) or ``(square, colour)``."""
        if isinstance(value, Mark):
            return value
        if isinstance(value, tuple | list) and len(value) in (1, 2):
            return cls(*value)
        if isinstance(value, int | str) and not isinstance(value, bool):
            return cls(value)  # type: ignore[arg-type]  # checked by __post_init__
        raise CheckersError(
            f"a mark is a Mark, a square or (square, colour), e.g. (14, 'red'), not {brief(value)}"
        )


#: What may stand for an arrow: an :class:`Arrow` or ``(start, end[, colour])``.
ArrowLike = Arrow | tuple[int | str, int | str] | tuple[int | str, int | str, str]

#: What may stand for a mark: a :class:`Mark`, a square, or ``(square[, colour])``.
MarkLike = Mark | int | str | tuple[int | str] | tuple[int | str, str]


@dataclass(frozen=True, init=False)
class Drawing:
    """What is drawn on one position: arrows and marked squares, in the order drawn.

    ``Drawing(arrows=[(22, 18, "red"), (11, 15)], marks=[14, (23, "yellow")])``: each
    item is checked (:meth:`Arrow.of`, :meth:`Mark.of`). At most one arrow joins two
    given squares (in that direction) and at most one mark rings a square: a drawing
    holding two is refused, so a drawing is never larger than the board allows (50
    marks, 2,450 arrows on 10x10; a game refuses squares off its own board).
    """

    arrows: tuple[Arrow, ...]
    marks: tuple[Mark, ...]

    def __init__(self, arrows: Iterable[ArrowLike] = (), marks: Iterable[MarkLike] = ()) -> None:
        """Take any iterable of arrows and marks (or their tuples); refuse duplicates."""
        checked_arrows = tuple(Arrow.of(a) for a in _items(arrows, "arrows"))
        checked_marks = tuple(Mark.of(m) for m in _items(marks, "marks"))
        ends: set[tuple[int, int]] = set()
        for arrow in checked_arrows:
            key = (arrow.start, arrow.end)
            if key in ends:
                raise CheckersError(f"two arrows from {arrow.start} to {arrow.end}: draw one")
            ends.add(key)
        squares: set[int] = set()
        for mark in checked_marks:
            if mark.square in squares:
                raise CheckersError(f"square {mark.square} is marked twice: mark it once")
            squares.add(mark.square)
        object.__setattr__(self, "arrows", checked_arrows)
        object.__setattr__(self, "marks", checked_marks)

    def __bool__(self) -> bool:
        return bool(self.arrows or self.marks)

    def toggled_arrow(self, arrow: Arrow) -> Drawing:
        """This drawing with ``arrow`` drawn again: the same arrow in the same colour goes
        away, in another colour it changes colour, a new one is added (as on lichess)."""
        kept = [a for a in self.arrows if (a.start, a.end) != (arrow.start, arrow.end)]
        if arrow not in self.arrows:
            kept.append(arrow)
        return Drawing(tuple(kept), self.marks)

    def toggled_mark(self, mark: Mark) -> Drawing:
        """This drawing with ``mark`` drawn again (same rule as :meth:`toggled_arrow`)."""
        kept = [m for m in self.marks if m.square != mark.square]
        if mark not in self.marks:
            kept.append(mark)
        return Drawing(self.arrows, tuple(kept))


#: The most arrows, or marks, one drawing holds (and one PDN command may list).
MAX_ITEMS = 1024


def _items(value: object, what: str) -> Iterable[object]:
    if isinstance(value, str | bytes) or not isinstance(value, Iterable):
        raise CheckersError(f"{what} must be a list, not {brief(value)}")
    items = list(itertools.islice(value, MAX_ITEMS + 1))
    if len(items) > MAX_ITEMS:
        raise CheckersError(f"{what}: at most {MAX_ITEMS:,}, not more")
    return items


# ---------------------------------------------------------------------- PDN commands
def _two(square: int) -> str:
    return f"{square:02d}"


def write_commands(drawing: Drawing) -> str:
    """The PDN comment commands for ``drawing``: ``[%csl G14] [%cal G1115]`` ("" if empty)."""
    parts = []
    if drawing.marks:
        marks = ",".join(_LETTERS[m.colour] + _two(m.square) for m in drawing.marks)
        parts.append(f"[%csl {marks}]")
    if drawing.arrows:
        arrows = ",".join(_LETTERS[a.colour] + _two(a.start) + _two(a.end) for a in drawing.arrows)
        parts.append(f"[%cal {arrows}]")
    return " ".join(parts)


class ReadCommands(NamedTuple):
    """What :func:`read_commands` found in a comment."""

    #: The arrows and marks of every ``[%cal]``/``[%csl]`` command read.
    drawing: Drawing
    #: The comment without those commands, whitespace collapsed.
    text: str
    #: Whether any command was taken out of the text.
    found: bool
    #: Each command that could not be read (left in ``text``), with the reason.
    problems: tuple[str, ...]


def read_commands(comment: str) -> ReadCommands:
    """Take the ``[%cal ...]`` and ``[%csl ...]`` commands out of a PDN comment.

    One pass over the text (each character looked at a bounded number of times), so
    the time is linear in the comment's length, and what is kept beside the comment's
    own text is bounded: at most :data:`MAX_ITEMS` arrows and marks (a command that would
    draw more is kept as text, like one that cannot be read) and a few problems in words
    (the rest counted). Items of later commands win: an arrow drawn twice keeps its last
    colour.
    """
    arrows: dict[tuple[int, int], Arrow] = {}
    marks: dict[int, Mark] = {}
    kept: list[str] = []  # the text between the commands taken out
    kept_from = 0
    problems: list[str] = []
    unreported = 0
    found = False
    at = 0
    while True:
        start = comment.find("[%c", at)
        if start < 0:
            break
        name = comment[start + 2 : start + 5]
        after = comment[start + 5 : start + 6]
        if name not in ("cal", "csl") or not (after.isspace() or after == "]"):
            at = start + 3
            continue
        end = comment.find("]", start)
        if end < 0:
            problems.append(f"[%{name} has no closing ']'")
            break
        try:
            items = _read_items(name, comment, start + 5, end)
            _check_room(items, arrows, marks)
        except CheckersError as exc:
            if len(problems) < _REPORTED:
                shown = comment[start : end + 1]
                if len(shown) > 40:
                    shown = shown[:37] + "..."
                problems.append(f"{shown}: {exc}")
            else:
                unreported += 1
        else:
            found = True
            for item in items:
                if isinstance(item, Arrow):
                    arrows.pop((item.start, item.end), None)
                    arrows[(item.start, item.end)] = item
                else:
                    marks.pop(item.square, None)
                    marks[item.square] = item
            kept.append(comment[kept_from:start])
            kept_from = end + 1
        at = end + 1
    kept.append(comment[kept_from:])
    text = _collapsed(" ".join(kept))
    drawing = Drawing(tuple(arrows.values()), tuple(marks.values()))
    if unreported:
        problems.append(f"and {unreported:,} more that cannot be read")
    return ReadCommands(drawing, text, found, tuple(problems))


#: How many unreadable commands of one comment :func:`read_commands` reports in words.
_REPORTED = 3

#: A run of whitespace, collapsed to one space in the comment's text.
_SPACES = re.compile(r"\s+")


def _collapsed(text: str) -> str:
    """``text`` with each run of whitespace made one space, and none at either end.

    Written piece by piece into one buffer: ``" ".join(text.split())`` or ``re.sub``
    would first make a list of every word, many times the comment's own size."""
    out = io.StringIO()
    at = 0
    for match in itertools.chain(_SPACES.finditer(text), (None,)):
        word_end = len(text) if match is None else match.start()
        if word_end > at:
            if out.tell():
                out.write(" ")
            out.write(text[at:word_end])
        if match is not None:
            at = match.end()
    return out.getvalue()


#: One item of a command's body: a run of characters that are not separators.
_WORD = re.compile(r"[^\s,]+")


def _check_room(
    items: list[Arrow | Mark], arrows: dict[tuple[int, int], Arrow], marks: dict[int, Mark]
) -> None:
    """CheckersError if adding ``items`` would take the drawing past :data:`MAX_ITEMS`."""
    new_arrows = {(i.start, i.end) for i in items if isinstance(i, Arrow)} - arrows.keys()
    new_marks = {i.square for i in items if isinstance(i, Mark)} - marks.keys()
    if len(arrows) + len(new_arrows) > MAX_ITEMS or len(marks) + len(new_marks) > MAX_ITEMS:
        raise CheckersError(f"a drawing holds at most {MAX_ITEMS:,} arrows and marks")


def _read_items(name: str, text: str, start: int, end: int) -> list[Arrow | Mark]:
    """The arrows (``cal``) or marks (``csl``) of the command body ``text[start:end]``,
    else CheckersError; it stops at the first item past :data:`MAX_ITEMS`."""
    items: list[Arrow | Mark] = []
    for match in _WORD.finditer(text, start, end):
        if len(items) == MAX_ITEMS:
            raise CheckersError(f"a command lists at most {MAX_ITEMS:,} items")
        word = match.group()
        colour = _COLOUR_OF_LETTER.get(word[0].upper())
        if colour is None:
            raise CheckersError(f"{word!r:.20} does not start with a colour letter G, R, B or Y")
        squares = word[1:]
        if name == "csl":
            items.append(Mark(_digits(squares, word), colour))
            continue
        if "-" in squares:
            first, _, second = squares.partition("-")
        elif len(squares) == 4:
            first, second = squares[:2], squares[2:]
        else:
            raise CheckersError(
                f"{word!r:.20} is not an arrow: write a colour and two squares, as G1115 or G11-15"
            )
        items.append(Arrow(_digits(first, word), _digits(second, word), colour))
    if not items:
        raise CheckersError("the command lists nothing")
    return items


def _digits(text: str, word: str) -> int:
    digits = 0 < len(text) <= 2 and text.isascii() and text.isdigit()
    if not digits or not 1 <= int(text) <= MAX_SQUARE:
        raise CheckersError(f"{word!r:.20}: {text!r:.10} is not a square from 1 to {MAX_SQUARE}")
    return int(text)
