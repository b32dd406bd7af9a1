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

A board's squares come from its variant (:attr:`Board.variant`, whose
:class:`~checkers_widget.core.geometry.Geometry` numbers them with square 1's row at the
top): :func:`geometry_of` is the one place that turns that into the picture, turning it
round for a variant whose numbering starts on White's side (Spanish).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import TypedDict

from ..core.board import Board
from ..core.color import WHITE
from ..core.squares import column_of, row_of

__all__ = [
    "GeometryState",
    "Layout",
    "american_geometry",
    "american_layout",
    "board_geometry",
    "geometry_of",
    "rotated_layout",
    "square_count",
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


def geometry_of(board: Board) -> GeometryState:
    """The geometry of ``board``, from its variant's numbering (:attr:`Board.variant`)."""
    variant = board.variant
    if variant.american_board:
        return american_geometry()
    grid = variant.geometry
    layout = {s: grid.row_column(s) for s in range(1, grid.squares + 1)}
    if variant.top == WHITE:  # numbered from White's side: White is drawn at the bottom
        layout = rotated_layout(layout, grid.size)
    return board_geometry(grid.size, layout)


def square_count(board: Board) -> int:
    """How many numbered squares ``board`` has (32 on the American board, 50 on a 10x10
    one): what a square named by the front end may be, from 1."""
    return board.variant.squares


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
