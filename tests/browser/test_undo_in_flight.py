"""Undo pressed right after a move, while Python has not answered the move yet.

A busy kernel (a cell still running) answers the board's messages only when it is free.
The board draws a move at once, ahead of Python's answer; an Undo pressed then used to be
stamped with the position before the move and was refused as "played on an old position"
once the kernel got to it: the user's Undo was lost. Now it waits for the move's answer
and undoes the move.
"""

from __future__ import annotations

import pytest
from board_helpers import BOARD, STATUS, kernel, piece_on, sq
from jupyter_harness import _JS_RUN_ALL
from playwright.sync_api import expect

from slowdown import scaled

pytestmark = pytest.mark.browser


@pytest.mark.timeout(180)
def test_undo_pressed_while_the_move_awaits_a_busy_kernel_undoes_it(lab, make_notebook, tmp_path):
    # The second cell keeps the kernel busy until the test has played (the file appears),
    # whatever the machine's speed; its own limit is only a hang guard.
    played = tmp_path / "played"
    path = make_notebook(
        "from checkers_widget import CheckersWidget, Game\n"
        "game = Game()\ngame.play('9-13')  # so that Undo is offered\nw = CheckersWidget(game)\nw",
        "import pathlib, time  # the kernel is busy while the user plays\n"
        f"_deadline = time.monotonic() + {scaled(120)}\n"
        f"while not pathlib.Path({str(played)!r}).exists() and time.monotonic() < _deadline:\n"
        "    time.sleep(0.05)",
    )
    lab.open_in_lab(path)
    page = lab.page
    page.evaluate(_JS_RUN_ALL)
    root = page.locator(".cw-root").first
    expect(root.locator(BOARD)).to_be_visible()
    expect(page.locator(".jp-InputPrompt").nth(1)).to_contain_text("[*]")
    sq(root, 22).click()
    sq(root, 18).click()
    expect(piece_on(root, 18)).to_have_count(1)  # drawn ahead of the answer
    root.locator(BOARD).focus()
    page.keyboard.press("u")
    expect(page.locator(".jp-InputPrompt").nth(1)).to_contain_text("[*]")  # still busy
    played.touch()
    # Once the kernel is free, the move and then the Undo are answered.
    expect(page.locator(".jp-InputPrompt").nth(1)).not_to_contain_text("[*]")
    expect(piece_on(root, 22)).to_have_count(1)
    expect(piece_on(root, 18)).to_have_count(0)
    status = root.locator(STATUS)
    expect(status).to_contain_text("White to move")
    expect(status).not_to_have_attribute("data-kind", "refused")
    assert kernel(page, "print(w.game.ply, len(w.game.redo_moves))").split() == ["1", "1"]
