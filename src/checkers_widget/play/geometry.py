"""Where each numbered square is drawn: the board's geometry, as the front end needs it.

The front end draws the board and reads clicks and keys from this alone (js/geometry.js
knows no numbering of its own): how many squares a side the board has, and for each
square number its row and column. The picture is the board as drawn with White at the
bottom (the view's ``orientation="white"``: with square 1's side, Black's, at the top
for the standard numberings); the front end turns it 180 degrees for
``orientation="black"``, a preference of the view only. Nothing here is a rule: which
squares exist and how they are numbered is the variant's business, this module only
places them.

The state carries it as :class:`GeometryState`, ``{"size": 8, "cells": [1, 3, ...]}``:
``cells[n - 1]`` is square ``n``'s cell, ``row * size + column``. A flat list of small
numbers, since the state is sent whole after every move (about 130 bytes for the
8x8 board, 220 for the 10x10 one).

Today every board is American checkers (:func:`american_geometry`, from
:mod:`..core.squares`). The variants' rules core will give a :class:`~.Board` a
``variant`` with its ``size`` and ``layout`` (square -> (row, column), see
:func:`numbered_layout` and :func:`turned_layout`); :func:`geometry_of` publishes that
layout as soon as a board has one, and American's until then.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Protocol, TypedDict

from ..core.squares import column_of, row_of

__all__ = [
    "GeometryState",
    "Layout",
    "VariantLayout",
    "american_geometry",
    "american_layout",
    "board_geometry",
    "geometry_of",
    "numbered_layout",
    "rotated_layout",
    "square_count",
    "turned_layout",
]

#: A board's squares: square number (1..N) -> (row, column) as drawn with White at the
#: bottom, both counted from the top-left corner.
Layout = Mapping[int, tuple[int, int]]


class GeometryState(TypedDict):
    """The board's geometry as the state carries it (``state["geometry"]``)."""

    #: Squares a side: 8 or 10.
    size: int
    #: ``cells[n - 1]``: where square ``n`` is drawn, ``row * size + column``.
    cells: list[int]


class VariantLayout(Protocol):
    """What :func:`geometry_of` reads from a board's ``variant`` (the rules core's)."""

    @property
    def size(self) -> int: ...

    @property
    def layout(self) -> Layout: ...


def numbered_layout(size: int, *, turned: bool = False) -> dict[int, tuple[int, int]]:
    """The standard PDN numbering of a ``size`` x ``size`` board: square 1 in the top row's
    second column, then left to right and top to bottom over the dark squares (which
    are those with an odd row + column). American checkers (8) and international
    draughts (10) number their boards so.

    ``turned=True``: the board turned a quarter, for the draughts whose double corner is
    on the player's left (Italian): the dark squares are then those with an even row +
    column, so square 1 is the top-left corner, and the bottom-left corner is light.
    """
    if size < 2 or size % 2:
        raise ValueError(f"a draughts board has an even number of squares a side, not {size}")
    dark = 0 if turned else 1  # the parity of row + column of the numbered squares
    layout: dict[int, tuple[int, int]] = {}
    for row in range(size):
        for column in range(size):
            if (row + column) % 2 == dark:
                layout[len(layout) + 1] = (row, column)
    return layout


def turned_layout(size: int) -> dict[int, tuple[int, int]]:
    """:func:`numbered_layout` of a board whose double corner is on the player's left."""
    return numbered_layout(size, turned=True)


def rotated_layout(layout: Layout, size: int) -> dict[int, tuple[int, int]]:
    """``layout`` turned 180 degrees: for a numbering that starts on White's side (square
    1 at the bottom when White is drawn at the bottom)."""
    return {n: (size - 1 - row, size - 1 - column) for n, (row, column) in layout.items()}


def american_layout() -> dict[int, tuple[int, int]]:
    """American checkers' squares 1-32, from the rules core's own numbering."""
    return {n: (row_of(n), column_of(n)) for n in range(1, 33)}


def board_geometry(size: int, layout: Layout) -> GeometryState:
    """The state's geometry of a ``size`` x ``size`` board whose squares are ``layout``.

    Raises ``ValueError`` unless the squares are numbered 1..N, each on its own cell of
    the board: the front end trusts what it is sent.
    """
    return _fresh(_geometry(size, tuple(sorted(layout.items()))))


def american_geometry() -> GeometryState:
    """American checkers' board: 8 x 8, squares 1-32 (:mod:`..core.squares`)."""
    return _fresh(_american())


def geometry_of(board: object) -> GeometryState:
    """The geometry of ``board``: its variant's (``board.variant.size`` and ``.layout``)
    when it has one, else American checkers'.

    The variants' rules core gives boards their ``variant``; this is the one place
    that reads it, so that every variant is drawn as soon as its board says what it is.
    """
    variant = getattr(board, "variant", None)
    size = getattr(variant, "size", None)
    layout = getattr(variant, "layout", None)
    if isinstance(size, int) and isinstance(layout, Mapping):
        return board_geometry(size, layout)
    return american_geometry()


def square_count(board: object) -> int:
    """How many numbered squares ``board`` has (32 on the American board, 50 on a 10x10
    one): what a square named by the front end may be, from 1."""
    return len(geometry_of(board)["cells"])


# ---------------------------------------------------------------------- cached parts
def _fresh(geometry: tuple[int, tuple[int, ...]]) -> GeometryState:
    """A new state dict (states are handed out and may be changed by whoever holds one)."""
    size, cells = geometry
    return {"size": size, "cells": list(cells)}


@lru_cache(maxsize=1)
def _american() -> tuple[int, tuple[int, ...]]:
    return _geometry(8, tuple(sorted(american_layout().items())))


@lru_cache(maxsize=32)
def _geometry(
    size: int, items: tuple[tuple[int, tuple[int, int]], ...]
) -> tuple[int, tuple[int, ...]]:
    """The checked geometry of ``items`` (square, (row, column)) in square order."""
    if not 2 <= size <= 26:
        raise ValueError(f"a board of {size} squares a side cannot be drawn")
    if [n for n, _ in items] != list(range(1, len(items) + 1)) or not items:
        raise ValueError("the squares must be numbered 1, 2, 3... with none missing")
    cells: list[int] = []
    for n, (row, column) in items:
        if not (0 <= row < size and 0 <= column < size):
            raise ValueError(f"square {n} at ({row}, {column}) is off a {size}x{size} board")
        cells.append(row * size + column)
    if len(set(cells)) != len(cells):
        raise ValueError("two squares are drawn on the same cell")
    return size, tuple(cells)
