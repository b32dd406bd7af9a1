"""examples/00_quickstart.ipynb, run for real in JupyterLab (and smoke-tested in Notebook 7)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

pytestmark = pytest.mark.browser

NOTEBOOK = "00_quickstart.ipynb"


def squares_and_pieces(markup: str) -> tuple[list[str], dict[int, str]]:
    """The playable squares (``data-square`` without ``data-piece``) and the pieces
    (square -> ``data-piece``) of a board SVG, per svg.py's documented contract."""
    root = ET.fromstring(markup)
    squares, pieces = [], {}
    for el in root.iter():
        if "data-square" not in el.attrib:
            continue
        if "data-piece" in el.attrib:
            pieces[int(el.attrib["data-square"])] = el.attrib["data-piece"]
        else:
            squares.append(el.attrib["data-square"])
    return squares, pieces


def expected_game():
    """The game the notebook plays, replayed with the core in this process."""
    from checkers_widget import Game

    game = Game()
    for move in ("11-15", "23-19", "8-11"):
        game.play(move)
    return game


def square_rows(markup: str) -> dict[int, float]:
    """The y coordinate of each playable square's rectangle (larger: lower on screen)."""
    root = ET.fromstring(markup)
    return {
        int(el.attrib["data-square"]): float(el.attrib["y"])
        for el in root.iter()
        if "data-square" in el.attrib and "data-piece" not in el.attrib
    }


def numbers_shown(markup: str) -> list[int]:
    """The square numbers written on a board picture (``data-mark="number"``)."""
    root = ET.fromstring(markup)
    return sorted(
        int(el.text or "") for el in root.iter() if el.attrib.get("data-mark") == "number"
    )


def check_quickstart_outputs(lab) -> None:
    assert lab.error_outputs() == [], "the quickstart notebook shows an error"

    boards = lab.svg_outputs()
    assert len(boards) == 3, (
        f"expected 3 board pictures (Board(), the numbered board, the game), got {len(boards)}"
    )
    for board in boards:
        assert board["loaded"], "the browser could not display a board picture"

    # Board(): the starting position, all 32 playable squares drawn, Black at the bottom
    # as in every widget (the text says so).
    squares, pieces = squares_and_pieces(boards[0]["markup"])
    assert sorted(squares, key=int) == [str(s) for s in range(1, 33)]
    assert pieces == {
        **{s: "black-man" for s in range(1, 13)},
        **{s: "white-man" for s in range(21, 33)},
    }
    rows = square_rows(boards[0]["markup"])
    assert min(rows[s] for s in range(1, 13)) > max(rows[s] for s in range(21, 33))
    assert numbers_shown(boards[0]["markup"]) == []

    # The numbering lesson: the same board with the 32 numbers written on it.
    assert squares_and_pieces(boards[1]["markup"])[1] == pieces
    assert numbers_shown(boards[1]["markup"]) == list(range(1, 33))

    # The game: the position after 11-15 23-19 8-11, as the core sees it, numbered.
    game = expected_game()
    squares, pieces = squares_and_pieces(boards[2]["markup"])
    assert len(squares) == 32
    assert pieces == squares_and_pieces(game.board._repr_svg_())[1]
    assert pieces[15] == "black-man" and pieces[19] == "white-man" and 8 not in pieces
    assert numbers_shown(boards[2]["markup"]) == list(range(1, 33))

    texts = [t.rstrip("\n") for t in lab.output_texts()]
    assert texts == [
        str(game.board.legal_moves()),
        str(game.board),
        repr(game.board.to_fen()),
    ]


def test_quickstart_in_jupyterlab(lab):
    # Tall enough that the boards and the text outputs are on screen for the screenshots.
    lab.page.set_viewport_size({"width": 1280, "height": 2000})
    lab.open_in_lab(NOTEBOOK)
    lab.run_all_cells()
    check_quickstart_outputs(lab)

    lab.screenshot("light")
    lab.set_theme("JupyterLab Dark")
    assert lab.page.evaluate("() => document.body.dataset.jpThemeLight") == "false"
    assert all(board["loaded"] for board in lab.svg_outputs())
    lab.screenshot("dark")
    lab.set_theme("JupyterLab Light")


def test_quickstart_in_notebook7(lab):
    lab.page.set_viewport_size({"width": 1280, "height": 2000})
    lab.open_in_notebook7(NOTEBOOK)
    lab.run_all_cells()
    check_quickstart_outputs(lab)
    lab.screenshot("notebook7")
