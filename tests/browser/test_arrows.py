"""Drawing on the board in a real JupyterLab: right-drag an arrow, right-click a square.

With the real mouse (Playwright's, right button): the arrow and the ring appear in the
board's drawing layer (``[data-role=drawn-arrow]``, ``[data-role=drawn-mark]``), in the
colour the modifier keys chose, Python's ``w.arrows`` and ``w.marks`` hold them, no
context menu opens, the arrow follows the board when it is flipped, a move and Undo
show each position's own drawing, a left click on an empty square clears it, and the
keys M and A draw from the keyboard; in the light and the dark theme, with screenshots.
"""

from __future__ import annotations

import pytest
from board_helpers import BOARD, STATUS, kernel, sq, widget_root
from jupyter_harness import wait_until_settled
from playwright.sync_api import Locator, Page, expect

pytestmark = pytest.mark.browser

ARROW = '[data-role="drawn-arrow"]'
MARK = '[data-role="drawn-mark"]'


def _centre(locator: Locator) -> tuple[float, float]:
    box = locator.bounding_box()
    assert box is not None
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def _right_drag(page: Page, start: Locator, end: Locator) -> None:
    x, y = _centre(start)
    page.mouse.move(x, y)
    page.mouse.down(button="right")
    tx, ty = _centre(end)
    page.mouse.move(tx, ty, steps=6)
    page.mouse.up(button="right")


def _tip_on_screen(root: Locator) -> tuple[float, float]:
    """Where the first drawn arrow's tip is, in page pixels (from its SVG points)."""
    tip = root.locator(f"{ARROW} polygon").first.get_attribute("points")
    assert tip is not None
    x, y = (float(v) for v in tip.split()[0].split(","))
    board = root.locator(BOARD).bounding_box()
    assert board is not None
    unit = board["width"] / 8
    return board["x"] + x * unit, board["y"] + y * unit


def _near(point: tuple[float, float], target: tuple[float, float], limit: float) -> bool:
    return abs(point[0] - target[0]) < limit and abs(point[1] - target[1]) < limit


@pytest.mark.parametrize("theme", ["JupyterLab Light", "JupyterLab Dark"])
def test_right_drag_draws_an_arrow_and_right_click_marks_a_square(
    lab, make_notebook, theme, artifacts_dir
):
    path = make_notebook(
        """
        from checkers_widget import CheckersWidget
        w = CheckersWidget(size=400, milestones=False)
        w
        """
    )
    lab.open_in_lab(path)
    if theme != "JupyterLab Light":
        lab.set_theme(theme)
    lab.run_all_cells()
    page = lab.page
    root = widget_root(lab)
    expect(root.locator(BOARD)).to_be_visible()
    root.scroll_into_view_if_needed()
    slug = theme.split()[-1].lower()

    # A right-drag from 22 to 18: a green arrow (no modifier key).
    _right_drag(page, sq(root, 22), sq(root, 18))
    arrow = root.locator(f'{ARROW}[data-from="22"][data-to="18"]')
    expect(arrow).to_have_count(1)
    expect(arrow).to_have_attribute("data-colour", "green")
    # No context menu: neither JupyterLab's nor (by preventDefault) the browser's.
    expect(page.locator(".lm-Menu")).to_have_count(0)

    # Shift + right-click on 14: a red ring; Alt + right-drag 9 to 13: a blue arrow.
    page.keyboard.down("Shift")
    x, y = _centre(sq(root, 14))
    page.mouse.click(x, y, button="right")
    page.keyboard.up("Shift")
    ring = root.locator(f'{MARK}[data-mark-square="14"]')
    expect(ring).to_have_count(1)
    expect(ring).to_have_attribute("data-colour", "red")
    page.keyboard.down("Alt")
    _right_drag(page, sq(root, 9), sq(root, 13))
    page.keyboard.up("Alt")
    expect(root.locator(f'{ARROW}[data-from="9"][data-to="13"]')).to_have_attribute(
        "data-colour", "blue"
    )
    expect(page.locator(".lm-Menu")).to_have_count(0)
    expect(root.locator(BOARD)).to_have_attribute(
        "aria-description",
        "Drawn on the board: arrows: 22 to 18 (green), 9 to 13 (blue); marked: 14 (red)",
    )

    # Python holds what was drawn, on the position shown.
    printed = kernel(page, "print(w.arrows); print(w.marks)")
    assert "Arrow(start=22, end=18, colour='green')" in printed
    assert "Arrow(start=9, end=13, colour='blue')" in printed
    assert "Mark(square=14, colour='red')" in printed
    # The arrow's tip is at square 18, short of its centre by a little.
    unit = root.locator(BOARD).bounding_box()["width"] / 8
    assert _near(_tip_on_screen(root), _centre(sq(root, 18)), unit * 0.3)
    root.screenshot(path=str(artifacts_dir / f"arrows-drawn-{slug}.png"))

    # Flipped, the drawing turns with the board: the tip is still on square 18.
    root.locator(BOARD).focus()
    before = _centre(sq(root, 18))
    page.keyboard.press("f")
    page.wait_for_function(  # the board turns: square 18 leaves its place
        """([el, x, y]) => {
          const r = el.getBoundingClientRect();
          return Math.abs(r.x + r.width / 2 - x) > 1 || Math.abs(r.y + r.height / 2 - y) > 1;
        }""",
        arg=[sq(root, 18).element_handle(), *before],
    )
    wait_until_settled(root)
    assert _centre(sq(root, 18)) != before, "the board did not turn"
    assert _near(_tip_on_screen(root), _centre(sq(root, 18)), unit * 0.3)
    expect(root.locator(ARROW)).to_have_count(2)
    root.screenshot(path=str(artifacts_dir / f"arrows-flipped-{slug}.png"))
    page.keyboard.press("f")

    # Drawing the same ring again (same colour) takes it away.
    page.keyboard.down("Shift")
    x, y = _centre(sq(root, 14))
    page.mouse.click(x, y, button="right")
    page.keyboard.up("Shift")
    expect(ring).to_have_count(0)

    # A move: the new position has no drawing; Undo shows the old position's again.
    sq(root, 11).click()
    sq(root, 15).click()
    expect(root.locator('[data-piece][data-square="15"]')).to_have_count(1)
    expect(root.locator(ARROW)).to_have_count(0)
    # Python's answer first (the man on 15 is drawn before it comes): an Undo sent while
    # the move is still in flight is stamped with the old position and refused as stale.
    expect(root.locator(STATUS)).to_contain_text("White to move")
    root.locator(BOARD).focus()
    page.keyboard.press("u")
    expect(root.locator(ARROW)).to_have_count(2)

    # A left click that does nothing else (an empty square) clears the drawing.
    sq(root, 17).click()
    expect(root.locator(ARROW)).to_have_count(0)
    expect(root.locator(MARK)).to_have_count(0)
    assert kernel(page, "print(w.arrows, w.marks)").strip() == "[] []"
    # Left-click moving still works after all this.
    sq(root, 11).click()
    sq(root, 15).click()
    expect(root.locator('[data-piece][data-square="15"]')).to_have_count(1)
    expect(root.locator(STATUS)).to_contain_text("White to move")  # Python's answer
    assert kernel(page, "print([str(m) for m in w.game.moves])").strip() == "['11-15']"

    # From the keyboard: the cursor on 17 (a click puts it there, a first arrow key shows
    # it), M marks the square; A, the cursor one square on, A draws an arrow from 17.
    sq(root, 17).click()
    page.keyboard.press("ArrowUp")
    page.keyboard.press("m")
    expect(root.locator(f'{MARK}[data-mark-square="17"]')).to_have_count(1)
    page.keyboard.press("a")
    page.keyboard.press("ArrowUp")
    page.keyboard.press("a")
    expect(root.locator(f'{ARROW}[data-from="17"]')).to_have_count(1)
    assert "Arrow(start=17" in kernel(page, "print(w.arrows)")


def test_arrows_set_from_python_and_from_a_pdn_are_drawn(lab, make_notebook, artifacts_dir):
    path = make_notebook(
        """
        from checkers_widget import CheckersWidget, read_game
        game = read_game('[Event "x"]\\n\\n1. 11-15 {[%cal G2319,R1519] [%csl Y18] idea} 23-19 *')
        game.goto(1)
        w = CheckersWidget(game, size=400, milestones=False, show_numbers=True)
        w
        """
    )
    lab.open_in_lab(path)
    lab.run_all_cells()
    root = widget_root(lab)
    expect(root.locator(BOARD)).to_be_visible()
    expect(root.locator(ARROW)).to_have_count(2)
    expect(root.locator(f'{ARROW}[data-from="15"][data-to="19"]')).to_have_attribute(
        "data-colour", "red"
    )
    expect(root.locator(f'{MARK}[data-mark-square="18"]')).to_have_attribute(
        "data-colour", "yellow"
    )
    kernel(lab.page, "w.arrows = [(22, 17, 'yellow')]; w.marks = []")
    expect(root.locator(ARROW)).to_have_count(1)
    expect(root.locator(f'{ARROW}[data-from="22"][data-to="17"]')).to_have_attribute(
        "data-colour", "yellow"
    )
    expect(root.locator(MARK)).to_have_count(0)
    out = kernel(lab.page, "print(w.game.to_pdn())")
    assert "{[%cal Y2217] idea}" in out
    root.screenshot(path=str(artifacts_dir / "arrows-from-python.png"))
