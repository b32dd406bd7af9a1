"""Game review in a real JupyterLab: the review's progress bar ends in its report, and the
review's graph is drawn inline with its marks, following the theme (light and dark)."""

from __future__ import annotations

import re

import pytest
from board_helpers import kernel_json
from jupyter_harness import wait_until_settled
from playwright.sync_api import expect

from slowdown import scaled_ms

pytestmark = pytest.mark.browser

BAD = """
import checkers_widget as cw
bad = cw.read_game(
    "1. 9-14 22-18 2. 11-15 18x9 3. 5x14 25-22 4. 7-11 21-17 5. 14x21 22-17 6. 2-7 26-22 "
    "7. 15-19 24x15 8. 10x19x26 30x23 9. 7-10 22-18 10. 21-25 29x22"
)
result = cw.review(bad, nodes=20_000)
result
"""

PROGRESS = ".cw-review-progress"


@pytest.mark.timeout(300)
def test_the_review_graph_is_drawn_with_its_marks(lab, make_notebook):
    path = make_notebook(BAD)
    lab.open_in_lab(path)
    lab.run_all_cells()
    page = lab.page
    expect(page.locator(PROGRESS).locator("div.widget-label")).to_have_text(
        re.compile(r"^Reviewed 21 positions in \d+ s$")
    )
    graph = page.locator("svg.cw-review-graph")
    expect(graph).to_have_count(1)
    marks = graph.locator("circle.cw-review-mark")
    plies = kernel_json(page, "[p.ply for p in result.plies if p.judgement]")
    assert 8 in plies and 19 in plies  # the two men hung in these 20 plies
    expect(marks).to_have_count(len(plies))
    assert [int(m.get_attribute("data-ply") or 0) for m in marks.all()] == plies
    box = graph.bounding_box()
    assert box is not None and box["width"] == 600 and box["height"] == 160
    graph.scroll_into_view_if_needed()
    lab.screenshot("review-graph-light")
    lab.set_theme("JupyterLab Dark")
    # currentColor: the curve follows the theme's text colour.
    colour = graph.locator("polyline").evaluate("(e) => getComputedStyle(e).stroke")
    text = page.locator(".jp-OutputArea-output").first.evaluate("(e) => getComputedStyle(e).color")
    assert re.findall(r"\d+", colour)[:3] == re.findall(r"\d+", text)[:3]
    assert colour != "rgb(0, 0, 0)"
    lab.screenshot("review-graph-dark")
    # A narrow window (the notebook tour's 700 px found the graph running out of its
    # cell): the graph shrinks with the cell, keeping its proportions.
    page.set_viewport_size({"width": 600, "height": 900})
    page.wait_for_function(  # the cell narrows, and the graph with it
        "(el) => el.getBoundingClientRect().width < 600", arg=graph.element_handle()
    )
    wait_until_settled(graph)
    narrow = graph.bounding_box()
    cell = page.locator(".jp-OutputArea-output:has(svg.cw-review-graph)").bounding_box()
    assert narrow is not None and cell is not None
    assert narrow["width"] < 600 and narrow["x"] + narrow["width"] <= cell["x"] + cell["width"]
    assert abs(narrow["height"] / narrow["width"] - 160 / 600) < 0.02


LONG = """
import checkers_widget as cw
from checkers_widget import data
game = list(data.tinsley_games())[46]
result = cw.review(game, nodes=60_000)
"""


_JS_BAR_MOVING = """
(selector) => {
  const text = [...document.querySelectorAll(selector)].map((e) => e.textContent).join(' ');
  const running = [...document.querySelectorAll('.jp-InputPrompt')]
    .some((e) => e.textContent.includes('[*]'));
  const found = text.match(/^(\\d+) of 66 positions/);
  if (running && found && Number(found[1]) > 0 && Number(found[1]) < 66) return 'moving';
  return text.startsWith('Reviewed') ? text : false;
}
"""


@pytest.mark.timeout(300)
def test_the_progress_bar_moves_while_the_cell_runs(lab, make_notebook):
    """The bar is for the wait: it must move while the cell is still running ([*]), not
    appear once the review is over."""
    from jupyter_harness import _JS_RUN_ALL

    path = make_notebook(LONG)
    lab.open_in_lab(path)
    page = lab.page
    page.evaluate(_JS_RUN_ALL)
    label = page.locator(f"{PROGRESS} div.widget-label")
    # Watched on every frame: the bar between 0 and 66 while the cell runs, or "Reviewed"
    # first (the bar never moved while running). The test's timeout is the hang guard.
    seen = page.wait_for_function(_JS_BAR_MOVING, arg=f"{PROGRESS} div.widget-label", timeout=0)
    assert seen.json_value() == "moving", f"the bar never moved while running: {seen.json_value()}"
    expect(label).to_have_text(
        re.compile(r"^Reviewed 66 positions in \d+ s$"), timeout=scaled_ms(240_000)
    )
