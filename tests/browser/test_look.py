"""How the board looks and fits in a real JupyterLab: size, markers, themes, hygiene.

- anywidget's console stays quiet (no deprecation warning for the entry point);
- ``size=`` and the default width, in wide and narrow cells, and a move list that is as
  tall as its moves, not as tall as the board;
- the selected piece, its landing squares and the last move stand out in both themes;
- the pieces in the bar are readable in the dark theme;
- a notebook saved with a board and reopened without a kernel.
"""

from __future__ import annotations

import pytest
from board_helpers import BOARD, kernel, piece_on, sq, widget_root
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def test_no_anywidget_deprecation_warning(lab, make_notebook, console_log):
    path = make_notebook(
        """
        from checkers_widget import CheckersWidget
        boards = [CheckersWidget(), CheckersWidget(show_numbers=True)]
        display(*boards)
        """
    )
    lab.open_in_lab(path)
    lab.run_all_cells()
    expect(lab.page.locator(BOARD)).to_have_count(2, timeout=60_000)
    expect(widget_root(lab).locator('[data-role="status"]')).to_have_text("Black to move")
    warnings = [e.text for e in console_log.entries if "[anywidget]" in e.text]
    assert warnings == []


def _box(locator) -> dict[str, float]:
    box = locator.bounding_box()
    assert box is not None
    return box


def _play_two_moves(root) -> None:
    sq(root, 11).click()
    sq(root, 15).click()
    expect(piece_on(root, 15)).to_have_count(1)
    sq(root, 22).click()
    sq(root, 18).click()
    expect(piece_on(root, 18)).to_have_count(1)


def test_board_size_default_large_and_narrow(lab, make_notebook, artifacts_dir):
    lab.page.set_viewport_size({"width": 1600, "height": 1000})
    path = make_notebook(
        """
        import ipywidgets as ipw
        from checkers_widget import CheckersWidget
        default = CheckersWidget()
        large = CheckersWidget(size=720)
        narrow = CheckersWidget(show_numbers=True)
        display(default, large, ipw.Box([narrow], layout=ipw.Layout(width="300px")))
        """
    )
    lab.open_in_lab(path)
    lab.run_all_cells()
    boards = lab.page.locator(BOARD)
    expect(boards).to_have_count(3, timeout=60_000)
    roots = lab.page.locator(".cw-root")
    frames = lab.page.locator(".cw-frame")
    default, large, narrow = (roots.nth(i) for i in range(3))

    # The default follows the cell up to 560 px; size=720 is 720 px, frame included.
    assert _box(frames.nth(0))["width"] == pytest.approx(560, abs=1)
    assert _box(frames.nth(1))["width"] == pytest.approx(720, abs=1)
    # The board keeps its size when the move list appears beside it, and the list is as
    # tall as its moves, not as tall as the board.
    before = _box(frames.nth(1))
    top = before["y"] - _box(large)["y"]
    _play_two_moves(large)
    aside = large.locator(".cw-aside")
    expect(aside).to_be_visible()
    after = _box(frames.nth(1))
    assert after["width"] == pytest.approx(before["width"], abs=0.5)
    assert after["y"] - _box(large)["y"] == pytest.approx(top, abs=0.5)
    moves = _box(aside)
    assert moves["x"] >= after["x"] + after["width"], "the list sits beside the board"
    assert moves["height"] < 160, moves
    # Python can change the size; the board follows at once.
    kernel(lab.page, "large.size = 400")
    expect(frames.nth(1)).to_have_css("width", "400px")

    # In a 300-px container: a 300-px board, no horizontal overflow, the bar wraps.
    narrow.scroll_into_view_if_needed()
    _play_two_moves(narrow)
    expect(narrow.locator(".cw-aside")).to_be_visible()
    box = _box(narrow)
    assert box["width"] <= 300.5
    assert _box(frames.nth(2))["width"] == pytest.approx(300, abs=1)
    overflow = narrow.evaluate(
        """root => {
          const right = root.getBoundingClientRect().right + 0.5;
          return [...root.querySelectorAll('*')]
            .filter((e) => e.getClientRects().length && e.getBoundingClientRect().right > right)
            .map((e) => e.className.baseVal ?? e.className);
        }"""
    )
    assert overflow == []
    assert narrow.evaluate("r => r.scrollWidth <= r.clientWidth")
    narrow.screenshot(path=str(artifacts_dir / "look-narrow-300.png"))
    default.screenshot(path=str(artifacts_dir / "look-default.png"))
