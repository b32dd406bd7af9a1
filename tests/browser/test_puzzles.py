"""The puzzle trainer in a real JupyterLab: a puzzle from Tinsley's games solved by clicks.

A wrong move is clicked and refused (the board's status line and the trainer's feedback
say "Wrong", nothing moves); the shot 21-17 is clicked, Black's reply along the solution
follows by itself, the two-for-one 23x14x5 is clicked hop by hop and the trainer says it
is solved (but missed, after the slip), with the rating saved; Next puzzle opens the
next one, which is solved at once and says "Right!", the streak at 1.
"""

from __future__ import annotations

import pytest
from board_helpers import STATUS, kernel, piece_on, sq, write_notebook
from jupyter_harness import wait_until_settled
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

FEEDBACK = '[data-role="puzzle-feedback"]'
HEAD = '[data-role="puzzle"]'
SCORE = '[data-role="puzzle-score"]'


def test_a_puzzle_solved_by_clicks_then_the_next(lab, jupyter_server):
    path = write_notebook(
        jupyter_server,
        "puzzles_end_to_end.ipynb",
        """
        import tempfile
        from pathlib import Path
        from checkers_widget.puzzles import Puzzle, PuzzleProgress, PuzzleTrainer, load
        store = PuzzleProgress(Path(tempfile.mkdtemp()) / "puzzles.json")
        shot = next(p for p in load() if p.fen == "W:W21,23,27,32,K2:B9,12,14,16,18,20")
        two_ways = Puzzle.from_dict({"id": "two-ways", "fen": "W:W17,18,19:B15,22,23",
            "solution": ["18x11"], "themes": ["endgame"], "rating": 1500,
            "source": "made up for the test, ply 1"})
        trainer = PuzzleTrainer([shot, two_ways], progress=store)
        trainer
        """,
    )
    lab.page.set_viewport_size({"width": 1280, "height": 1400})
    lab.open_in_lab(path)
    lab.run_all_cells()
    assert lab.error_outputs() == []
    root = lab.page.locator(".cw-puzzles")
    expect(root).to_have_count(1)
    expect(root.locator('[data-role="board"]')).to_have_count(1)
    root.scroll_into_view_if_needed()
    head, feedback, status = root.locator(HEAD), root.locator(FEEDBACK), root.locator(STATUS)
    expect(head).to_contain_text("tinsley.pdn game 33")
    expect(root.locator('[data-role="puzzle-task"]')).to_have_text("White to play and win material")
    expect(root.locator(SCORE)).to_have_attribute("data-rating", "1200")

    # A wrong move: refused, nothing moves.
    sq(root, 27).click()
    sq(root, 24).click()
    expect(status).to_contain_text("Wrong: 27-24 does not win")
    expect(status).to_have_attribute("data-kind", "refused")
    expect(feedback).to_have_attribute("data-kind", "wrong")
    expect(piece_on(root, 27)).to_have_attribute("data-piece", "white-man")
    wait_until_settled(root)  # the refused man has slid back
    root.screenshot(path=str(lab.artifacts_dir / "puzzle-wrong-move.png"))

    # The shot: 21-17, Black must take 14x21, then 23x14x5 takes two.
    sq(root, 21).click()
    sq(root, 17).click()
    expect(piece_on(root, 21)).to_have_attribute("data-piece", "black-man")
    expect(piece_on(root, 14)).to_have_count(0)
    sq(root, 23).click()
    sq(root, 14).click()
    sq(root, 5).click()
    expect(feedback).to_have_attribute("data-done", "true")
    expect(feedback).to_contain_text("Solved, after a slip or help: the puzzle counts as missed")
    expect(status).to_contain_text("Solved")
    expect(piece_on(root, 5)).to_have_attribute("data-piece", "white-man")
    for gone in (18, 9):
        expect(piece_on(root, gone)).to_have_count(0)
    saved = kernel(lab.page, "print(PuzzleProgress(store.path).result(shot.id), store.rating)")
    assert saved.split()[0] == "False" and int(saved.split()[1]) < 1200
    wait_until_settled(root)  # the last animation is over before the picture
    root.screenshot(path=str(lab.artifacts_dir / "puzzle-solved.png"))

    # Next: the other puzzle, solved at the first try: "Right!".
    root.locator(".cw-puzzle-next").click()
    expect(head).to_have_attribute("data-puzzle", "two-ways")
    expect(piece_on(root, 15)).to_have_attribute("data-piece", "black-man")
    sq(root, 18).click()
    sq(root, 11).click()
    expect(feedback).to_contain_text("Right! That wins.")
    expect(status).to_contain_text("Right!")
    expect(root.locator(SCORE)).to_have_attribute("data-streak", "1")
    wait_until_settled(root)
    root.screenshot(path=str(lab.artifacts_dir / "puzzle-right.png"))

    # The same in the dark theme: the words keep their colours (Jupyter's own).
    lab.set_theme("JupyterLab Dark")
    expect(feedback).to_contain_text("Right! That wins.")
    root.screenshot(path=str(lab.artifacts_dir / "puzzle-right-dark.png"))
    lab.screenshot("dark-page")


def test_in_a_narrow_window_the_trainer_wraps_and_shows_its_buttons(lab, jupyter_server):
    """The notebook tour at 700 px found the trainer's side panel (task, Show solution,
    Next) pushed out of the cell and the rating squeezed to a word per line."""
    path = write_notebook(
        jupyter_server,
        "puzzles_narrow.ipynb",
        """
        import tempfile
        from pathlib import Path
        from checkers_widget.puzzles import PuzzleProgress, PuzzleTrainer, load
        store = PuzzleProgress(Path(tempfile.mkdtemp()) / "puzzles.json")
        PuzzleTrainer(load()[:3], progress=store)
        """,
    )
    lab.page.set_viewport_size({"width": 700, "height": 1400})
    lab.open_in_lab(path)
    lab.run_all_cells()
    root = lab.page.locator(".cw-puzzles")
    expect(root.locator('[data-role="board"]')).to_have_count(1)
    cell = lab.page.locator(".jp-OutputArea-output:has(.cw-puzzles)").bounding_box()
    assert cell is not None
    right = cell["x"] + cell["width"] + 1
    for part in (".cw-puzzle-side", ".cw-puzzle-next", SCORE, '[data-role="board"]'):
        box = root.locator(part).first.bounding_box()
        assert box is not None and box["width"] > 0, part
        assert box["x"] + box["width"] <= right, f"{part} runs out of the cell: {box} {cell}"
    score = root.locator(SCORE).bounding_box()
    assert score is not None and score["height"] < 3 * 24, f"the rating is squeezed: {score}"
    lab.screenshot("puzzle-narrow")
