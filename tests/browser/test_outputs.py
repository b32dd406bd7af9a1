"""One output per board in a real JupyterLab: many boards from one cell, containers.

Each display of a board is one output whose bundle holds the live board and, for front
ends without widgets, a picture. JupyterLab draws the live board and never the picture,
and draws at most 50 outputs of a cell: 50 boards from one cell are 50 live boards.
"""

from __future__ import annotations

import re

import pytest
from board_helpers import BOARD, STATUS, kernel_json, piece_on, sq
from playwright.sync_api import expect

from slowdown import scaled_ms

pytestmark = pytest.mark.browser

BOARDS = 50

FIFTY = f"""
from checkers_widget import CheckersWidget
boards = [CheckersWidget(size=240) for _ in range({BOARDS})]
display(*boards)
"""


def test_fifty_boards_from_one_cell_are_fifty_live_outputs(lab, make_notebook):
    path = make_notebook(FIFTY)
    lab.open_in_lab(path)
    lab.run_all_cells()
    page = lab.page
    expect(page.locator(BOARD)).to_have_count(BOARDS, timeout=scaled_ms(120_000))
    cell = page.locator(".jp-CodeCell").first
    # One output area child per board, each a live board; no picture drawn, and nothing
    # cut by JupyterLab's limit of 50 outputs a cell.
    children = cell.locator(".jp-OutputArea-child")
    expect(children).to_have_count(BOARDS)
    assert children.evaluate_all(
        "els => els.every((e) => e.querySelectorAll('.cw-root').length === 1)"
    )
    expect(page.locator(".cw-fallback")).to_have_count(0)
    expect(page.locator(".jp-TrimmedOutputs")).to_have_count(0)
    page.evaluate("() => { window.__firstRoots = [...document.querySelectorAll('.cw-root')]; }")
    lab.screenshot("fifty-top")

    # The last one still plays: a click on it moves a piece, in the browser and in Python.
    last = page.locator(".cw-root").nth(BOARDS - 1)
    last.scroll_into_view_if_needed()
    expect(sq(last, 11)).to_have_class(re.compile(r"\bcw-movable\b"))
    sq(last, 11).click()
    sq(last, 15).click()
    expect(piece_on(last, 15)).to_have_attribute("data-piece", "black-man")
    expect(last.locator(STATUS)).to_have_text("White to move")
    played = kernel_json(page, "[[str(m) for m in b.game.moves] for b in boards]")
    assert played == [[]] * (BOARDS - 1) + [["11-15"]]
    # The move rebuilt no board: those drawn first are all still on the page.
    assert page.evaluate("() => window.__firstRoots.every((r) => r.isConnected)")
    expect(page.locator(".cw-root")).to_have_count(BOARDS)
    lab.screenshot("fifty-light")
    lab.set_theme("JupyterLab Dark")
    lab.screenshot("fifty-dark")


def test_a_board_in_a_container_and_a_board_shown_twice(lab, make_notebook):
    path = make_notebook(
        """
        import ipywidgets as ipw
        from checkers_widget import CheckersWidget
        w = CheckersWidget()
        display(w)
        w.play("11-15")
        display(w)
        """,
        "ipw.VBox([ipw.HTML('<b>In a box</b>'), CheckersWidget(orientation='white')])",
    )
    lab.open_in_lab(path)
    lab.run_all_cells()
    page = lab.page
    expect(page.locator(BOARD)).to_have_count(3)
    first, second = (page.locator(".jp-CodeCell").nth(i) for i in range(2))
    expect(first.locator(".jp-OutputArea-child")).to_have_count(2)
    expect(second.locator(".jp-OutputArea-child")).to_have_count(1)
    expect(second.locator(".cw-root")).to_have_count(1)
    expect(page.locator(".cw-fallback")).to_have_count(0)
    # Both displays of w are live views of one board: a move in one shows in the other.
    a, b = first.locator(".cw-root").nth(0), first.locator(".cw-root").nth(1)
    for view in (a, b):
        expect(piece_on(view, 15)).to_have_attribute("data-piece", "black-man")
    sq(b, 22).click()
    sq(b, 18).click()
    for view in (a, b):
        expect(piece_on(view, 18)).to_have_attribute("data-piece", "white-man")
    # The board in the box plays too.
    boxed = second.locator(".cw-root")
    sq(boxed, 11).click()
    sq(boxed, 15).click()
    expect(boxed.locator(STATUS)).to_have_text("White to move")
    assert kernel_json(page, "[str(m) for m in w.game.moves]") == ["11-15", "22-18"]
