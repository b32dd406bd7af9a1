"""The game review and the learn mode in a real JupyterLab, clicked as a person would.

A short game is reviewed from the Review button (with a hand-made review, see
tests/review_fakes.py, so the marks are known; the engine's own review has its tests in
tests/analysis): the progress bar and Cancel while it runs (cancelled once: the game is
unchanged and the thread ends), then the graph, the marks in the move list, a click on a
point of the graph and one on a move, each taking the board to that ply with the
engine's move drawn as an arrow, and a round of the learn mode (a wrong move, the right
one, Next, Hint, Show answer). Screenshots in light and dark, wide and narrow.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from board_helpers import kernel, kernel_json, open_board_root, sq
from jupyter_harness import wait_until_settled
from playwright.sync_api import Locator, expect

pytestmark = pytest.mark.browser

TESTS = Path(__file__).resolve().parent.parent
POINT = '[data-role="review-point"]'
ARROW = '[data-role="hint-arrow"]'
LEARN = '[data-role="learn-text"]'
JUDGED = {1: "inaccuracy", 3: "mistake", 4: "blunder", 9: "mistake"}

CELL = f"""
import sys
sys.path.insert(0, {str(TESTS)!r})
from review_fakes import FakeChecker, FakeReviewer, short_game
from checkers_widget.widget import CheckersWidget
w = CheckersWidget(short_game(), milestones=False)
w.session.review.control.reviewer = FakeReviewer({JUDGED!r}, hold=True)
w.session.review.checker = FakeChecker()
w
"""


def button(root: Locator, action: str) -> Locator:
    return root.locator(f'.cw-review [data-action="{action}"]')


def best_path(lab, ply: int) -> str:
    """The engine's move in the position after ``ply`` moves, as the arrow's data-path."""
    path = kernel_json(lab.page, f"list(w.review_result.plies[{ply}].best.path)")
    return " ".join(map(str, path))


def shot(root: Locator, artifacts_dir: Path, name: str) -> None:
    artifacts_dir.mkdir(parents=True, exist_ok=True)
    root.screenshot(path=str(artifacts_dir / f"review-{name}.png"))


def test_review_graph_marks_goto_and_a_learn_round(lab, make_notebook, artifacts_dir):
    lab.page.set_viewport_size({"width": 1280, "height": 1300})
    root = open_board_root(lab, make_notebook(CELL))
    line = kernel_json(lab.page, "[str(m) for m in w.game.line]")

    # Review, then Cancel while it runs: the game is as it was, the thread ends.
    button(root, "review").click()
    progress = root.locator('[data-role="review-progress"]')
    expect(progress).to_be_visible()
    expect(progress).to_contain_text("Reviewing the game: 0%")
    expect(root.locator('[data-role="status"]')).to_contain_text("Reviewing the game (0% done)")
    expect(root.locator("progress.cw-review-bar")).to_be_visible()
    shot(root, artifacts_dir, "progress-light")
    button(root, "review-cancel").click()
    expect(progress).to_be_hidden()
    expect(button(root, "review")).to_be_visible()
    assert kernel(
        lab.page, "print(w.session.review.control.ticket.done.wait(10), w.review_result)"
    ).split() == ["True", "None"]
    assert kernel_json(lab.page, "[str(m) for m in w.game.line]") == line
    assert kernel_json(lab.page, "w.game.ply") == 10

    # Review again, let it finish: the graph, and the marks in the move list.
    button(root, "review").click()
    expect(progress).to_be_visible()
    kernel(lab.page, "w.session.review.control.reviewer.release()")
    expect(root.locator(POINT)).to_have_count(11)
    marks = root.locator('[data-role="move-mark"]')
    expect(marks).to_have_count(4)
    marked = marks.evaluate_all(
        "els => els.map(e => [e.closest('[data-ply]').dataset.ply, e.textContent])"
    )
    assert marked == [["1", "?!"], ["3", "?"], ["4", "??"], ["9", "?"]]
    expect(root.locator(f'{POINT}[data-ply="3"]')).to_have_class("cw-graph-dot cw-graph-mistake")
    shot(root, artifacts_dir, "graph-light")

    # A point of the graph: the board goes to that ply, the engine's move drawn.
    root.locator(f'{POINT}[data-ply="2"]').click()
    expect(root.locator(ARROW)).to_have_attribute("data-path", best_path(lab, 2))
    assert kernel_json(lab.page, "w.game.ply") == 2
    expect(root.locator('[data-role="review-words"]')).to_contain_text("White played 23-19")
    expect(root.locator('[data-role="review-best"]')).to_contain_text("Best here: 9-13")
    # A move of the move list does the same.
    root.locator('[data-role="move"][data-ply="5"]').click()
    expect(root.locator(ARROW)).to_have_attribute("data-path", best_path(lab, 5))
    assert kernel_json(lab.page, "w.game.ply") == 5
    expect(root.locator(f'{POINT}[data-ply="5"]')).to_have_class("cw-graph-dot cw-graph-current")

    # Learn from the mistakes: the position before move 3, no arrow while asked.
    button(root, "learn").click()
    learn = root.locator(LEARN)
    expect(learn).to_contain_text("Mistake 1 of 3: Black played 8-11? here")
    expect(root.locator(ARROW)).to_have_count(0)
    assert kernel_json(lab.page, "w.game.ply") == 2
    sq(root, 8).click()  # the game's own move: it does not count
    sq(root, 11).click()
    expect(learn).to_contain_text("is the move played in the game")
    sq(root, 9).click()  # the engine's move
    sq(root, 13).click()
    expect(learn).to_contain_text("Right: 9-13 is the engine's move")
    shot(root, artifacts_dir, "learn-right-light")
    button(root, "learn-next").click()
    expect(learn).to_contain_text("Mistake 2 of 3: White played 22-17??")
    assert kernel_json(lab.page, "w.game.ply") == 3
    button(root, "learn-hint").click()
    expect(learn).to_contain_text("Hint: move the piece on 19")
    expect(root.locator('.cw-sq[data-square="19"]')).to_have_class(re.compile("cw-hint-from"))
    expect(root.locator(ARROW)).to_have_count(0)  # the piece, not the move
    shot(root, artifacts_dir, "learn-hint-light")
    button(root, "learn-answer").click()
    expect(learn).to_contain_text("The engine plays 19-16")
    expect(root.locator(ARROW)).to_have_attribute("data-path", best_path(lab, 3))
    assert kernel_json(lab.page, "[str(m) for m in w.game.line]") == line  # never played

    lab.set_theme("JupyterLab Dark")
    shot(root, artifacts_dir, "learn-answer-dark")
    button(root, "learn-stop").click()
    expect(learn).to_be_hidden()
    expect(root.locator('[data-role="review-summary"]')).to_contain_text("accuracy")
    shot(root, artifacts_dir, "graph-dark")

    # Narrow: the move list goes under the board; the graph follows the width.
    lab.page.set_viewport_size({"width": 560, "height": 1500})
    graph = root.locator('[data-role="review-graph"]')
    expect(graph).to_be_visible()
    wait_until_settled(root)
    box = graph.bounding_box()
    board = root.locator('[data-role="board"]').bounding_box()
    assert box is not None and board is not None and box["width"] <= board["width"] + 40
    shot(root, artifacts_dir, "graph-dark-narrow")
    assert lab.error_outputs() == []
