"""The interactive board in a real JupyterLab (and Notebook 7), driven like a person would.

Every test builds its own small notebook in the server's temporary root, runs it, then
clicks, types and reads the DOM through the testing contract: ``data-square`` on the 32
playable squares, ``data-piece`` on the pieces, ``data-role="status"`` on the status line,
``data-role="board"`` on the board and ``data-action`` on the buttons. What Python thinks
is read back from the kernel (``w.game``), so each test checks both sides.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from board_helpers import (
    PIECE,
    STATUS,
    kernel,
    kernel_json,
    open_board,
    piece_on,
    pieces,
    sq,
    wait_for_kernel,
    widget_root,
)
from jupyter_harness import wait_until_settled
from playwright.sync_api import Locator, Page, expect

pytestmark = pytest.mark.browser

# --------------------------------------------------------------------------- tests


def test_play_a_move_by_clicks(lab, make_notebook):
    path = make_notebook(
        """
        from checkers_widget.widget import CheckersWidget
        w = CheckersWidget()
        w
        """
    )
    open_board(lab, path)
    root = widget_root(lab)
    expect(root.locator(PIECE)).to_have_count(24)
    expect(root.locator("[data-square]:not([data-piece])")).to_have_count(32)
    expect(root.locator(STATUS)).to_have_text("Black to move")
    assert sq(root, 11).get_attribute("aria-label") == "Square 11, black man, can move"
    sq(root, 11).click()
    expect(sq(root, 15)).to_have_class(re.compile(r"\bcw-target\b"))
    sq(root, 15).click()
    expect(piece_on(root, 15)).to_have_attribute("data-piece", "black-man")
    expect(piece_on(root, 11)).to_have_count(0)
    expect(root.locator(STATUS)).to_have_text("White to move")
    assert kernel(lab.page, "print([str(m) for m in w.game.moves])").strip() == "['11-15']"
    state = kernel_json(lab.page, "w.state['fen']")
    assert state == kernel_json(lab.page, "w.game.board.to_fen()")
    # The last move is marked and the board agrees with Python square by square.
    expect(sq(root, 11)).to_have_class(re.compile(r"\bcw-last\b"))
    python_pieces = kernel_json(lab.page, "{s: p.name for s, p in w.game.board.pieces.items()}")
    assert pieces(root) == {int(k): v for k, v in python_pieces.items()}
    lab.screenshot("after-11-15")


def moves_played(page: Page) -> list[str]:
    return kernel_json(page, "[str(m) for m in w.game.moves]")


def test_double_jump_by_its_final_square(lab, make_notebook):
    # Black's only move is the double jump 9x18x27 (over 14 and 23).
    path = make_notebook(
        """
        from checkers_widget.core.game import Game
        from checkers_widget.widget import CheckersWidget
        w = CheckersWidget(Game(fen="B:W14,23,32:B9,1"))
        w
        """
    )
    open_board(lab, path)
    root = widget_root(lab)
    expect(root.locator(STATUS)).to_contain_text("must jump")
    expect(sq(root, 9)).to_have_class(re.compile(r"\bcw-movable\b"))
    sq(root, 9).click()
    # The first landing and the final square are both offered.
    expect(sq(root, 18)).to_have_class(re.compile(r"\bcw-target\b"))
    expect(sq(root, 27)).to_have_class(re.compile(r"\bcw-final\b"))
    sq(root, 27).click()
    expect(piece_on(root, 27)).to_have_attribute("data-piece", "black-man")
    expect(piece_on(root, 14)).to_have_count(0)
    expect(piece_on(root, 23)).to_have_count(0)
    expect(piece_on(root, 9)).to_have_count(0)
    assert moves_played(lab.page) == ["9x18x27"]
    assert pieces(root) == {1: "black-man", 27: "black-man", 32: "white-man"}


def test_multi_jump_step_by_step_cannot_be_abandoned(lab, make_notebook):
    # From 9, Black jumps 14 to 18, then must go on over 22 (to 25) or 23 (to 27).
    path = make_notebook(
        """
        from checkers_widget.core.game import Game
        from checkers_widget.widget import CheckersWidget
        w = CheckersWidget(Game(fen="B:W14,22,23,32:B9,1"), show_numbers=True)
        w
        """
    )
    open_board(lab, path)
    root = widget_root(lab)
    sq(root, 9).click()
    # Two routes end on different squares; 18 is where both start.
    sq(root, 18).click()
    expect(root.locator(STATUS)).to_contain_text("keep jumping")
    expect(piece_on(root, 18)).to_have_attribute("data-piece", "black-man")
    expect(piece_on(root, 14)).to_have_class(re.compile(r"\bcw-faded\b"))
    expect(sq(root, 25)).to_have_class(re.compile(r"\bcw-target\b"))
    expect(sq(root, 27)).to_have_class(re.compile(r"\bcw-target\b"))
    assert kernel_json(lab.page, "w.state['pending']") == {
        "path": [9, 18],
        "captures": [14],
        "crowned": False,
    }
    lab.page.locator(".cw-root").first.screenshot(
        path=str(lab.artifacts_dir / "widget-keep-jumping.png")
    )
    # Escape and clicks elsewhere do not abandon the sequence.
    root.locator('[data-role="board"]').press("Escape")
    sq(root, 1).click()
    expect(sq(root, 18)).to_have_class(re.compile(r"\bcw-selected\b"))
    assert kernel_json(lab.page, "w.state['pending']")["path"] == [9, 18]
    sq(root, 25).click()
    expect(piece_on(root, 25)).to_have_attribute("data-piece", "black-man")
    expect(piece_on(root, 22)).to_have_count(0)
    expect(piece_on(root, 14)).to_have_count(0)
    assert moves_played(lab.page) == ["9x18x25"]


def test_quiet_move_refused_when_a_jump_is_compulsory(lab, make_notebook):
    # Black must jump 9x18; the man on 11 could otherwise step to 15 or 16.
    path = make_notebook(
        """
        from checkers_widget.core.game import Game
        from checkers_widget.widget import CheckersWidget
        w = CheckersWidget(Game(fen="B:W14,32:B9,11"))
        w
        """
    )
    open_board(lab, path)
    root = widget_root(lab)
    before = pieces(root)
    fen = kernel_json(lab.page, "w.game.board.to_fen()")
    expect(sq(root, 11)).not_to_have_class(re.compile(r"\bcw-movable\b"))
    # Clicking the piece that cannot move explains at once...
    sq(root, 11).click()
    expect(root.locator(STATUS)).to_contain_text("must jump")
    expect(root.locator(STATUS)).to_have_attribute("data-kind", "refused")
    # ...and so does trying the quiet move with it.
    kernel(lab.page, "w.session.notice = None; w.session.publish()")
    expect(root.locator(STATUS)).to_have_attribute("data-kind", "must-jump")
    sq(root, 15).click()
    expect(root.locator(STATUS)).to_have_attribute("data-kind", "refused")
    expect(root.locator(STATUS)).to_contain_text(re.compile("must jump", re.I))
    assert pieces(root) == before
    assert moves_played(lab.page) == []
    assert kernel_json(lab.page, "w.game.board.to_fen()") == fen
    expect(sq(root, 11)).not_to_have_class(re.compile(r"\bcw-selected\b"))


def test_play_a_move_with_the_keyboard_alone(lab, make_notebook):
    path = make_notebook(
        """
        from checkers_widget.widget import CheckersWidget
        w = CheckersWidget()
        w
        """
    )
    open_board(lab, path)
    page = lab.page
    root = widget_root(lab)
    board = root.locator('[data-role="board"]')
    # Reach the board with Tab from the last button above it: the board is one tab stop.
    root.locator('[data-action="resign"]').focus()
    page.keyboard.press("Tab")
    expect(board).to_be_focused()
    # The cursor starts on the lit piece nearest the bottom-left corner (12, Black below).
    expect(root.locator(".cw-sq.cw-cursor")).to_have_attribute("data-square", "12")
    active = board.get_attribute("aria-activedescendant")
    assert active and root.locator(f"#{active}").get_attribute("data-square") == "12"
    page.keyboard.press("Enter")
    expect(sq(root, 12)).to_have_class(re.compile(r"\bcw-selected\b"))
    page.keyboard.press("ArrowRight")  # 12 -> 16 is up-right on screen; Right goes there too
    expect(root.locator(".cw-sq.cw-cursor")).to_have_attribute("data-square", "16")
    page.keyboard.press("Enter")
    expect(piece_on(root, 16)).to_have_attribute("data-piece", "black-man")
    assert moves_played(page) == ["12-16"]
    # The notebook did not take the keys (Enter would open the cell editor).
    expect(board).to_be_focused()
    assert page.evaluate("() => window.jupyterapp.shell.currentWidget.content.mode") == "command"
    lab.page.locator(".cw-root").first.screenshot(
        path=str(lab.artifacts_dir / "widget-keyboard-cursor.png")
    )
    # Escape puts a picked-up piece down; Home/End jump along the row.
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("End")
    expect(root.locator(".cw-sq.cw-cursor")).to_have_count(1)


def test_validator_veto_is_shown_on_the_status_line(lab):
    """The teacher's handout, examples/04_hooks.ipynb: a lesson rule, an observer.

    After Run All the first board is as its section describes it: Black to move, no
    refusal yet (a later cell once played a refused move on it); the refusal that the
    section "The same rules from Python" provokes shows on that section's own board."""
    boards = open_board(lab, "04_hooks.ipynb", count=2)
    root = widget_root(lab)
    practice = lab.page.locator(".cw-root").nth(1)
    expect(boards).to_have_count(2)
    expect(root.locator(STATUS)).to_have_text("Black to move")
    expect(root.locator(STATUS)).not_to_have_attribute("data-kind", "refused")
    expect(practice.locator(STATUS)).to_have_text("Lesson 1: open with 11 (try 11-15)")
    sq(root, 9).click()
    sq(root, 13).click()
    expect(root.locator(STATUS)).to_have_text("Lesson 1: open with 11 (try 11-15)")
    expect(root.locator(STATUS)).to_have_attribute("data-kind", "refused")
    expect(piece_on(root, 9)).to_have_attribute("data-piece", "black-man")
    expect(piece_on(root, 13)).to_have_count(0)
    assert kernel_json(lab.page, "[str(m) for m in board.game.moves]") == []
    sq(root, 11).click()
    sq(root, 15).click()
    expect(piece_on(root, 15)).to_have_attribute("data-piece", "black-man")
    expect(root.locator(STATUS)).to_have_text("White to move")  # Python's answer
    assert kernel_json(lab.page, "[str(m) for m in board.game.moves]") == ["11-15"]
    # The observer wrote the move into its Output widget, in the notebook.
    expect(lab.page.get_by_text("Move 1: 11-15")).to_be_visible()


def test_two_views_stay_in_sync(lab, make_notebook):
    path = make_notebook(
        """
        from checkers_widget.widget import CheckersWidget
        w = CheckersWidget()
        w
        """,
        "w",
    )
    open_board(lab, path, count=2)
    lab.page.evaluate("() => { window.__firstRoots = [...document.querySelectorAll('.cw-root')]; }")
    a, b = lab.page.locator(".cw-root").nth(0), lab.page.locator(".cw-root").nth(1)
    sq(a, 11).click()
    expect(sq(a, 11)).to_have_class(re.compile(r"\bcw-selected\b"))
    expect(sq(b, 11)).not_to_have_class(re.compile(r"\bcw-selected\b"))  # selection is per view
    sq(a, 15).click()
    for view in (a, b):
        expect(piece_on(view, 15)).to_have_attribute("data-piece", "black-man")
        expect(view.locator(STATUS)).to_have_text("White to move")
    # White answers in the other view.
    sq(b, 22).click()
    sq(b, 18).click()
    for view in (a, b):
        expect(piece_on(view, 18)).to_have_attribute("data-piece", "white-man")
    assert moves_played(lab.page) == ["11-15", "22-18"]
    # A move made from Python shows in both views.
    kernel(lab.page, "w.play('15x22')")
    for view in (a, b):
        expect(piece_on(view, 22)).to_have_attribute("data-piece", "black-man")
        expect(piece_on(view, 18)).to_have_count(0)
    # Undo in one view, and Flip turns both (orientation is shared).
    a.locator('[data-action="undo"]').click()
    for view in (a, b):
        expect(piece_on(view, 15)).to_have_attribute("data-piece", "black-man")
    a.locator('[data-action="flip"]').click()
    # The trait reaches the kernel asynchronously: wait for it (both views follow it).
    wait_for_kernel(lab.page, "w.orientation == 'white'")
    for view in (a, b):
        top = sq(view, 1).evaluate("e => e.parentElement.style.top")
        assert top == "0%"
    # Each display is one output, drawn as the live board: the picture beside it in the
    # same bundle (for front ends without widgets) is not drawn at all.
    expect(lab.page.locator(".jp-OutputArea-child")).to_have_count(2)
    expect(lab.page.locator(".cw-fallback")).to_have_count(0)
    # Neither view was rebuilt by the moves: the boards drawn first are still the ones
    # on the page.
    assert lab.page.evaluate("() => window.__firstRoots.every((r) => r.isConnected)")


@pytest.mark.parametrize("theme", ["JupyterLab Light", "JupyterLab Dark"])
def test_looks_in_light_and_dark_themes(lab, make_notebook, theme, artifacts_dir: Path):
    path = make_notebook(
        """
        from checkers_widget.core.game import Game
        from checkers_widget.widget import CheckersWidget
        w = CheckersWidget(show_numbers=True, timer="normal")
        w
        """
    )
    lab.open_in_lab(path)
    if theme != "JupyterLab Light":
        lab.set_theme(theme)
    lab.run_all_cells()
    boards = lab.page.locator('[data-role="board"]')
    expect(boards).to_have_count(1)
    root = widget_root(lab)
    sq(root, 11).click()
    sq(root, 15).click()
    expect(piece_on(root, 15)).to_have_count(1)
    sq(root, 22).click()
    sq(root, 18).click()
    expect(piece_on(root, 18)).to_have_count(1)
    sq(root, 15).click()
    expect(sq(root, 22)).to_have_class(re.compile(r"\bcw-target\b"))
    # A two-player board earns no milestones, so it has no ★ button.
    expect(root.locator('[data-action="milestones"]')).to_be_hidden()
    expect(root.locator('[data-role="clock"]')).to_be_visible()
    wait_until_settled(root)  # the last animation is over
    slug = theme.split()[-1].lower()
    root.screenshot(path=str(artifacts_dir / f"widget-{slug}.png"))
    lab.screenshot(f"page-{slug}")
    # The chrome follows the theme: the status line's text is readable on its background.
    colors = root.locator(STATUS).evaluate(
        "e => [getComputedStyle(e).color, getComputedStyle(e).backgroundColor]"
    )
    fg, bg = (_luminance(c) for c in colors)
    assert abs(fg - bg) > 0.4, colors
    if slug == "dark":
        assert bg < 0.3, colors
    else:
        assert bg > 0.7, colors


def _luminance(css: str) -> float:
    r, g, b = (int(x) / 255 for x in re.findall(r"[\d.]+", css)[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def test_notebook7_shows_and_plays(lab, make_notebook):
    path = make_notebook(
        """
        from checkers_widget.widget import CheckersWidget
        w = CheckersWidget()
        w
        """
    )
    lab.open_in_notebook7(path)
    lab.run_all_cells()
    root = lab.page.locator(".cw-root").first
    expect(root.locator('[data-role="board"]')).to_be_visible()
    expect(root.locator(PIECE)).to_have_count(24)
    expect(root.locator(STATUS)).to_have_text("Black to move")
    # One output, the live board: the picture in the same bundle is not drawn.
    expect(lab.page.locator(".jp-OutputArea-child")).to_have_count(1)
    expect(lab.page.locator(".cw-fallback")).to_have_count(0)
    sq(root, 10).click()
    sq(root, 14).click()
    expect(piece_on(root, 14)).to_have_attribute("data-piece", "black-man")
    assert moves_played(lab.page) == ["10-14"]
    lab.screenshot("notebook7-board")


def _drag(page: Page, source: Locator, target: Locator) -> None:
    a = source.bounding_box()
    b = target.bounding_box()
    assert a and b
    page.mouse.move(a["x"] + a["width"] / 2, a["y"] + a["height"] / 2)
    page.mouse.down()
    page.mouse.move(b["x"] + b["width"] / 2, b["y"] + b["height"] / 2, steps=8)
    page.mouse.up()


def test_drag_and_drop(lab, make_notebook):
    path = make_notebook(
        """
        from checkers_widget.widget import CheckersWidget
        w = CheckersWidget()
        w
        """
    )
    open_board(lab, path)
    page = lab.page
    root = widget_root(lab)
    _drag(page, sq(root, 11), sq(root, 15))
    expect(piece_on(root, 15)).to_have_attribute("data-piece", "black-man")
    expect(root.locator(STATUS)).to_have_text("White to move")
    assert moves_played(page) == ["11-15"]
    # A drop on a square the piece cannot reach is sent, explained, and the piece goes home.
    _drag(page, sq(root, 22), sq(root, 13))
    expect(root.locator(STATUS)).to_have_attribute("data-kind", "refused")
    expect(root.locator(STATUS)).to_contain_text(re.compile(r"22[-x]13"))
    expect(piece_on(root, 22)).to_have_attribute("data-piece", "white-man")
    expect(piece_on(root, 22)).not_to_have_class(re.compile(r"\bcw-dragging\b"))
    wait_until_settled(root)  # the slide back is over
    box = piece_on(root, 22).bounding_box()
    home = sq(root, 22).bounding_box()
    assert box and home
    assert abs(box["x"] - home["x"]) < 2 and abs(box["y"] - home["y"]) < 2
    assert moves_played(page) == ["11-15"]
