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
from board_helpers import BOARD, widget_root
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
