"""The tutorial in a real JupyterLab: a lesson played end to end with the mouse.

A wrong move is clicked and refused with the rule it breaks on the board's status line
(``data-role="status"``) and on the lesson's feedback line; the right move is clicked,
the scripted reply follows, and the lesson is marked done with its stars in the lesson
header, the feedback line and the lesson picker, and saved. The teacher's handout,
examples/02_learn_the_rules.ipynb, is run top to bottom as well.
"""

from __future__ import annotations

import re

import pytest
from board_helpers import STATUS, kernel, piece_on, pieces, sq, write_notebook
from jupyter_harness import wait_until_settled
from playwright.sync_api import Locator, expect

pytestmark = pytest.mark.browser

FEEDBACK = '[data-role="lesson-feedback"]'
HEAD = '[data-role="lesson"]'


def open_tutorials(lab, path: str, count: int = 1) -> Locator:
    lab.open_in_lab(path)
    lab.run_all_cells()
    assert lab.error_outputs() == []
    tutorials = lab.page.locator(".cw-tutorial")
    expect(tutorials).to_have_count(count)
    expect(tutorials.locator('[data-role="board"]')).to_have_count(count)
    return tutorials


def test_a_lesson_end_to_end(lab, jupyter_server):
    path = write_notebook(
        jupyter_server,
        "tutorial_end_to_end.ipynb",
        """
        import tempfile
        from pathlib import Path
        from checkers_widget.tutorial import Progress, Tutorial
        store = Progress(Path(tempfile.mkdtemp()) / "progress.json")
        tutorial = Tutorial(start="compulsory", progress=store)
        tutorial
        """,
    )
    lab.page.set_viewport_size({"width": 1280, "height": 1600})  # the whole lesson in view
    tut = open_tutorials(lab, path).first
    tut.scroll_into_view_if_needed()
    head, feedback, status = tut.locator(HEAD), tut.locator(FEEDBACK), tut.locator(STATUS)
    expect(head).to_have_attribute("data-lesson", "compulsory")
    expect(head).to_have_attribute("data-stars", "0")
    expect(head).to_contain_text("Jumping is compulsory")
    expect(tut.locator('[data-role="lesson-task"]')).to_contain_text("make the move the rules")
    expect(status).to_have_text("Black to move: you must jump")
    before = pieces(tut)
    assert before == {
        9: "black-man",
        11: "black-man",
        14: "white-man",
        23: "white-man",
        27: "white-man",
    }

    # The wrong move: 11-15, while the man on 9 can jump.
    sq(tut, 11).click()
    sq(tut, 15).click()
    # The rule, not the answer: the move itself (9x18) is the Hint's to give.
    explanation = "11-15: a capture is available: capturing is compulsory, you must jump"
    expect(status).to_have_text(explanation)
    expect(status).to_have_attribute("data-kind", "refused")
    expect(feedback).to_have_text(explanation)
    expect(feedback).to_have_attribute("data-kind", "wrong")
    assert pieces(tut) == before
    tut.screenshot(path=str(lab.artifacts_dir / "tutorial-wrong-move.png"))

    # The right move: 9x18; White's scripted reply 23x14 follows by itself.
    sq(tut, 9).click()
    sq(tut, 18).click()
    expect(feedback).to_have_attribute("data-done", "true")
    expect(piece_on(tut, 14)).to_have_attribute("data-piece", "white-man")
    for gone in (9, 18, 23):  # the reply's animation may still be ending: poll
        expect(piece_on(tut, gone)).to_have_count(0)
    assert pieces(tut) == {11: "black-man", 14: "white-man", 27: "white-man"}
    expect(feedback).to_contain_text("White jumped back with 23x14")
    expect(feedback).to_have_attribute("data-stars", "2")  # one slip: two stars
    expect(feedback).to_contain_text("★★☆")
    expect(head).to_have_attribute("data-stars", "2")
    expect(head.locator('[data-role="lesson-stars"]')).to_have_text("★★☆")
    picked = tut.locator(".cw-lesson-picker select").evaluate(
        "s => s.options[s.selectedIndex].textContent"
    )
    assert picked.replace("\xa0", " ") == "4. Jumping is compulsory  ★★☆"
    # Saved: the kernel's store and the file agree.
    saved = kernel(
        lab.page,
        "import json; print(json.loads(store.path.read_text())['lessons']['compulsory']['stars'])",
    )
    assert saved.strip() == "2"
    wait_until_settled(tut)  # the reply's animation is over before the picture
    tut.screenshot(path=str(lab.artifacts_dir / "tutorial-done.png"))

    # Next opens the following lesson on a fresh board.
    tut.locator(".cw-lesson-next").click()
    expect(head).to_have_attribute("data-lesson", "choose-capture")
    expect(tut.locator('[data-role="board"]')).to_have_count(1)
    expect(piece_on(tut, 10)).to_have_attribute("data-piece", "black-man")


def test_the_handout_notebook_runs_and_its_own_lesson_answers(lab):
    tutorials = open_tutorials(lab, "02_learn_the_rules.ipynb", count=2)
    texts = lab.output_texts()
    assert any("14. Draw by agreement" in t for t in texts), texts
    assert any("lesson 'two-for-one-typo': step 1" in t for t in texts), texts
    assert any("done: True, stars: 1" in t for t in texts), texts
    mine = tutorials.nth(1)
    expect(mine.locator(HEAD)).to_have_attribute("data-lesson", "two-for-one")
    mine.scroll_into_view_if_needed()
    # The teacher's words for a legal move that misses the point, on the status line.
    sq(mine, 11).click()
    sq(mine, 15).click()
    words = "11-15 is safe, but it wins nothing: which of your men would White be forced to take?"
    expect(mine.locator(STATUS)).to_have_text(words)
    expect(mine.locator(FEEDBACK)).to_have_text(words)
    expect(piece_on(mine, 11)).to_have_attribute("data-piece", "black-man")
    # The Hint button gives the teacher's first hint.
    mine.locator(".cw-lesson-hint").click()
    expect(mine.locator(FEEDBACK)).to_contain_text("Hint: White must jump a man")
    expect(mine.locator(FEEDBACK)).to_have_attribute("data-kind", "hint")
    lab.screenshot("handout")
    assert re.search(r"Two for one", mine.locator(HEAD).inner_text())


def _box(locator) -> dict[str, float]:
    box = locator.bounding_box()
    assert box is not None
    return box


def test_the_lesson_layout_a_new_learner_sees(lab, jupyter_server):
    """The board near the top of an 857-px window, keeping its size; the task beside it;
    Next beside the feedback once solved; only the controls the lesson needs."""
    path = write_notebook(
        jupyter_server,
        "tutorial_layout.ipynb",
        """
        import tempfile
        from pathlib import Path
        from checkers_widget.tutorial import Progress, Tutorial
        store = Progress(Path(tempfile.mkdtemp()) / "progress.json")
        tutorial = Tutorial(start="compulsory", progress=store)
        tutorial
        """,
    )
    lab.page.set_viewport_size({"width": 1280, "height": 857})
    tut = open_tutorials(lab, path).first
    # The tutorial's top at the top of the notebook: the whole board is above the fold.
    tut.evaluate("t => t.scrollIntoView({block: 'start'})")
    wait_until_settled(tut)  # the scroll is over
    frame = tut.locator(".cw-frame")
    board = _box(frame)
    assert board["y"] + board["height"] <= 857, board
    # The task sits beside the board, not above it.
    task = _box(tut.locator('[data-role="lesson-task"]'))
    assert task["x"] >= board["x"] + board["width"], (task, board)
    assert task["y"] < board["y"] + board["height"] / 2, (task, board)
    # Only what the lesson needs: no draw offer, no evaluation switch.
    for control in ("offer-draw", "evaluation", "new", "hint", "edit", "milestones"):
        expect(tut.locator(f'.cw-root [data-action="{control}"]')).to_be_hidden()
    expect(tut.locator('.cw-root [data-action="undo"]')).to_be_visible()
    chips = tut.locator(".cw-side")
    assert _box(chips.nth(0))["y"] == pytest.approx(_box(chips.nth(1))["y"], abs=1)
    expect(tut.locator(".cw-lesson-continue")).to_be_hidden()

    # The first move brings the move list: the board keeps its size and place.
    before = _box(frame)
    top = before["y"] - _box(tut)["y"]
    sq(tut, 9).click()
    sq(tut, 18).click()
    feedback = tut.locator(FEEDBACK)
    expect(feedback).to_have_attribute("data-done", "true")
    expect(tut.locator(".cw-aside")).to_be_visible()
    after = _box(frame)
    assert after["width"] == pytest.approx(before["width"], abs=0.5)
    assert after["height"] == pytest.approx(before["height"], abs=0.5)
    assert after["y"] - _box(tut)["y"] == pytest.approx(top, abs=0.5)
    assert _box(chips.nth(0))["y"] == pytest.approx(_box(chips.nth(1))["y"], abs=1)

    # Solved: the status says so, and Next is offered right by the feedback.
    status = tut.locator(STATUS)
    expect(status).to_have_text("Lesson solved ★★★")
    expect(status).to_have_attribute("data-kind", "over")
    here = tut.locator(".cw-lesson-continue")
    expect(here).to_be_visible()
    said, button = _box(feedback), _box(here)
    assert 0 <= button["y"] - (said["y"] + said["height"]) < 60, (said, button)
    wait_until_settled(tut)  # the reply's animation is over
    lab.screenshot("tutorial-layout")
    here.click()
    expect(tut.locator(HEAD)).to_have_attribute("data-lesson", "choose-capture")
    expect(status).to_have_text("Black to move: you must jump")
    expect(here).to_be_hidden()


def test_the_draw_offer_lesson_offers_a_draw_and_nothing_more(lab, jupyter_server):
    path = write_notebook(
        jupyter_server,
        "tutorial_draw_offer.ipynb",
        """
        from checkers_widget.tutorial import Tutorial
        Tutorial(start="draw-offer")
        """,
    )
    tut = open_tutorials(lab, path).first
    expect(tut.locator('.cw-root [data-action="offer-draw"]')).to_be_visible()
    expect(tut.locator('.cw-root [data-action="evaluation"]')).to_be_hidden()
    expect(tut.locator('.cw-root [data-action="resign"]')).to_be_hidden()
