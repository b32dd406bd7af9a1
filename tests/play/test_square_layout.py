"""The board's geometry that Python publishes for the front end to draw (play/geometry.py)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from checkers_widget.core.board import Board
from checkers_widget.core.game import Game
from checkers_widget.core.squares import column_of, row_of, square_at
from checkers_widget.play.intents import IntentError, MoveIntent, parse_intent
from checkers_widget.play.square_layout import (
    Layout,
    american_geometry,
    american_layout,
    board_geometry,
    geometry_of,
    rotated_layout,
    square_count,
)
from checkers_widget.play.state import StateInputs, build_state


def cell(geometry: dict[str, object], square: int) -> tuple[int, int]:
    """Square's (row, column) in a published geometry."""
    size = geometry["size"]
    cells = geometry["cells"]
    assert isinstance(size, int) and isinstance(cells, list)
    return divmod(cells[square - 1], size)


def layout_of(variant: str) -> dict[int, tuple[int, int]]:
    """Each square's (row, column) on the board of ``variant`` as published."""
    geometry = dict(geometry_of(Board(variant=variant)))
    cells = geometry["cells"]
    assert isinstance(cells, list)
    return {s: cell(geometry, s) for s in range(1, len(cells) + 1)}


def test_american_layout_is_the_rules_cores_numbering() -> None:
    layout = american_layout()
    assert sorted(layout) == list(range(1, 33))
    for square, (row, column) in layout.items():
        assert (row, column) == (row_of(square), column_of(square))
        assert square_at(row, column) == square
    geometry = american_geometry()
    assert geometry["size"] == 8
    assert [cell(dict(geometry), s) for s in range(1, 33)] == [layout[s] for s in range(1, 33)]


@pytest.mark.parametrize("name", ["american", "giveaway", "russian", "brazilian", "pool"])
def test_the_standard_numbering_of_8x8_variants_is_american_checkers(name: str) -> None:
    assert geometry_of(Board(variant=name)) == american_geometry()


def test_the_standard_numbering_of_the_10x10_board() -> None:
    layout = layout_of("international")
    assert len(layout) == 50
    assert layout[1] == (0, 1)
    assert layout[5] == (0, 9)
    assert layout[6] == (1, 0)
    assert layout[46] == (9, 0)
    assert layout[50] == (9, 8)
    assert all((row + column) % 2 == 1 for row, column in layout.values())
    geometry = geometry_of(Board(variant="international"))
    assert geometry["size"] == 10
    assert geometry["cells"][:6] == [1, 3, 5, 7, 9, 10]
    assert geometry["cells"][-1] == 98


def test_the_italian_board_is_turned_its_double_corner_on_the_players_left() -> None:
    layout = layout_of("italian")
    assert layout[1] == (0, 0)  # the top-left corner is a dark square
    assert layout[4] == (0, 6)
    assert layout[5] == (1, 1)
    assert layout[29] == (7, 1)  # the bottom-left corner (7, 0) is light
    assert layout[32] == (7, 7)
    assert all((row + column) % 2 == 0 for row, column in layout.values())


def test_the_spanish_board_numbered_from_whites_side_is_drawn_turned_round() -> None:
    """Spanish numbers the turned board from White's side (White on 1-12): with White
    drawn at the bottom, square 1 is the bottom-right corner."""
    italian, spanish = layout_of("italian"), layout_of("spanish")
    assert spanish == rotated_layout(italian, 8)
    assert spanish[1] == (7, 7)
    assert spanish[32] == (0, 0)
    board = Board(variant="spanish")
    assert all(board.piece_at(s).color == "white" for s in range(1, 13))  # type: ignore[union-attr]
    assert all(row >= 5 for s, (row, _) in spanish.items() if s <= 12)


@pytest.mark.parametrize(
    ("size", "layout", "words"),
    [
        (8, {1: (0, 1), 3: (0, 3)}, "numbered 1, 2, 3"),
        (8, {}, "numbered 1, 2, 3"),
        (8, {1: (0, 1), 2: (0, 8)}, "off a 8x8 board"),
        (8, {1: (0, 1), 2: (-1, 0)}, "off a 8x8 board"),
        (8, {1: (0, 1), 2: (0, 1)}, "same cell"),
        (40, {1: (0, 1)}, "cannot be drawn"),
    ],
)
def test_a_broken_layout_is_refused(size: int, layout: Layout, words: str) -> None:
    with pytest.raises(ValueError, match=words):
        board_geometry(size, layout)


def test_each_geometry_is_a_new_dict() -> None:
    first = american_geometry()
    first["cells"].append(99)
    assert len(american_geometry()["cells"]) == 32


def test_a_board_is_drawn_by_its_variant() -> None:
    assert geometry_of(Game().board) == american_geometry()
    assert geometry_of(Game(variant="international").board)["size"] == 10
    assert len(geometry_of(Board(variant="international"))["cells"]) == 50


def test_the_state_carries_the_geometry_and_stays_small() -> None:
    state = build_state(Game(), StateInputs(version=1))
    assert state["geometry"] == american_geometry()
    # Sent with every state: a flat list of cells, not pairs.
    assert len(json.dumps(state["geometry"])) < 150
    assert len(json.dumps(geometry_of(Board(variant="international")))) < 250


def test_the_front_ends_fallback_is_americas(repo_root: Path) -> None:
    """js/geometry.js draws American's board until a state says otherwise (and for the
    unit tests' small states): the same squares as Python publishes."""
    text = (repo_root / "js" / "geometry.js").read_text(encoding="utf-8")
    match = re.search(r"AMERICAN = \{ size: (\d+), cells: \[([\d, ]+)\] \}", text)
    assert match is not None
    size, cells = int(match.group(1)), [int(c) for c in match.group(2).split(",")]
    assert {"size": size, "cells": cells} == american_geometry()


def test_the_board_names_its_own_squares_in_intents() -> None:
    """A click, an edit or a drawing on square 50 is well formed on a 10x10 board, not on
    the American one (the intents are checked against the board's square count)."""
    move = {"kind": "move", "version": 1, "path": [32, 50]}
    place = {"kind": "edit", "version": 1, "action": "place", "square": 50, "piece": None}
    mark = {"kind": "draw", "version": 1, "action": "mark", "square": 50, "colour": "red"}
    arrow = {"kind": "draw", "version": 1, "action": "arrow", "from": 50, "to": 45, "colour": "red"}
    for content in (move, place, mark, arrow):
        with pytest.raises(IntentError, match="from 1 to 32"):
            parse_intent(content)
        parse_intent(content, squares=50)
    with pytest.raises(IntentError, match="from 1 to 50"):
        parse_intent({**move, "path": [32, 51]}, squares=50)
    assert parse_intent(move, squares=50) == MoveIntent(1, (32, 50))
    assert square_count(Game().board) == 32
    assert square_count(Board(variant="international")) == 50


def test_a_long_capture_of_the_10x10_board_is_a_well_formed_path() -> None:
    """A king's capture may take 20 men on 10x10 (21 squares), 12 on 8x8 (13)."""
    long = {"kind": "move", "version": 1, "path": list(range(1, 22))}
    assert parse_intent(long, squares=50) == MoveIntent(1, tuple(range(1, 22)))
    with pytest.raises(IntentError, match="2 to 21 squares"):
        parse_intent({**long, "path": list(range(1, 23))}, squares=50)
    with pytest.raises(IntentError, match="2 to 13 squares"):
        parse_intent({**long, "path": list(range(1, 15))})
