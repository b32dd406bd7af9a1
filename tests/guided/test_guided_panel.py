"""The guided board's panel (the tutorial's and the puzzle trainer's): the buttons act only
while offered, the feedback line shows the feedback's kind, and the run on show is closed
with its board."""

from __future__ import annotations

from typing import Any

from checkers_widget.guided.feedback import Feedback
from checkers_widget.guided.panel import KIND_COLOURS, Action, GuidedPanel
from checkers_widget.puzzles import PuzzleRun, load
from checkers_widget.puzzles.play import puzzle_board


def _click(button: Any) -> None:
    """A click as the front end sends it (it can be forged for any button)."""
    button._handle_button_msg(None, {"event": "click"}, [])


def _panel(pressed: list[str]) -> GuidedPanel[PuzzleRun]:
    return GuidedPanel(
        "puzzle",
        aid=Action("Show solution", "eye", "cw-puzzle-reveal", lambda: pressed.append("aid")),
        retry=lambda: pressed.append("retry"),
        go_on=Action("Next", "arrow-right", "cw-puzzle-next", lambda: pressed.append("next")),
    )


def test_a_button_acts_only_while_it_is_offered() -> None:
    pressed: list[str] = []
    aid, retry, go_on = _panel(pressed).buttons
    assert [b.description for b in (aid, retry, go_on)] == ["Show solution", "Try again", "Next"]
    assert "cw-puzzle-retry" in retry._dom_classes and go_on.button_style == "success"
    _click(aid)
    _click(retry)
    _click(go_on)
    aid.disabled = True
    go_on.layout.display = "none"
    _click(aid)  # disabled: nothing happens
    _click(go_on)  # hidden: nothing happens
    _click(retry)
    assert pressed == ["aid", "retry", "next", "retry"]


def test_the_feedback_line_shows_its_kind_and_escapes_the_words() -> None:
    panel = _panel([])
    panel.show_feedback(Feedback(False, "11-15 <is> wrong"), data={"stars": 2}, after="!")
    value = panel.feedback.value
    assert 'class="cw-puzzle-feedback" data-role="puzzle-feedback"' in value
    assert 'data-kind="wrong" data-done="false" data-stars="2"' in value
    assert f"color:{KIND_COLOURS['wrong']}" in value
    assert "11-15 &lt;is&gt; wrong!</div>" in value
    panel.show_task("<strong>Win</strong>")
    task = panel.task.value
    assert 'data-role="puzzle-task"' in task and "<strong>Win</strong>" in task


def test_closing_stops_listening_and_closes_the_run_and_its_board() -> None:
    panel = _panel([])
    heard: list[Feedback] = []
    run = PuzzleRun(load()[0], play_replies=False)
    board = puzzle_board(run)
    panel.show(run, board, heard.append)
    assert panel.board_box.children == (board,) and panel.on_show() == (run, board)
    run.reveal()
    assert heard and heard[-1].kind == "hint"
    panel.close()
    count = len(heard)
    run.reveal()
    assert len(heard) == count  # no longer listening
    assert board.comm is None  # the board is closed
    run.game.play(run.puzzle.solution[0])
    assert run.feedback.kind == "hint"  # the run no longer follows the game
