"""The review from Python on a CheckersWidget: w.review(), its result, cancelling, the
learn mode, and what the front end may not do (hand-made reviews: tests/review_fakes.py)."""

from __future__ import annotations

import pytest

from checkers_widget import CheckersError
from checkers_widget.widget import CheckersWidget
from intents import command, status
from review_fakes import FakeChecker, FakeReviewer, short_game

JUDGED = {3: "mistake", 4: "blunder"}


def board(*, hold: bool = False, **options: object) -> tuple[CheckersWidget, FakeReviewer]:
    widget = CheckersWidget(short_game(), milestones=False, **options)
    reviewer = FakeReviewer(JUDGED, hold=hold)
    widget.session.review.control.reviewer = reviewer
    widget.session.review.checker = FakeChecker()
    return widget, reviewer


def test_review_returns_at_once_and_wait_review_gives_the_review() -> None:
    widget, reviewer = board(hold=True)
    widget.review(depth=3)
    assert reviewer.started.wait(10)
    assert widget.review_result is None and widget.state["review"]["phase"] == "running"
    reviewer.release()
    result = widget.wait_review(10)
    assert result is not None and [p.symbol for p in result.plies][2:4] == ["?", "??"]
    assert reviewer.calls[-1]["depth"] == 3
    assert reviewer.calls[-1]["moves"] == [str(m) for m in widget.game.line]
    assert widget.state["review"]["symbols"] == {"3": "?", "4": "??"}


def test_the_review_covers_the_whole_line_from_an_earlier_position() -> None:
    widget, reviewer = board()
    widget.goto(4)
    widget.review()
    assert widget.wait_review(10) is not None
    assert len(reviewer.calls[-1]["moves"]) == 10  # the moves after the ply shown too
    assert widget.game.ply == 4


def test_cancel_review_leaves_the_game_and_ends_the_thread() -> None:
    widget, reviewer = board(hold=True)
    fen = widget.game.board.to_fen()
    widget.review()
    assert reviewer.started.wait(10)
    widget.cancel_review()
    ticket = widget.session.review.control.ticket
    assert ticket is not None and ticket.done.wait(10)
    assert widget.wait_review(1) is None
    assert widget.state["review"] is None and widget.game.board.to_fen() == fen


def test_learn_and_stop_learning_from_python() -> None:
    widget, _ = board()
    with pytest.raises(CheckersError, match="review the game first"):
        widget.learn()
    widget.review()
    widget.wait_review(10)
    with pytest.raises(CheckersError, match="side must be"):
        widget.learn("red")
    widget.learn("white")
    assert widget.game.ply == 3
    assert widget.state["review"]["learn"]["text"].startswith("Mistake 1 of 1: White played")
    widget.stop_learning()
    assert widget.state["review"]["learn"] is None


def test_no_review_on_a_network_board_nor_a_game_without_moves() -> None:
    empty = CheckersWidget(milestones=False)
    with pytest.raises(CheckersError, match="no moves"):
        empty.review()
    assert "review" not in {n for n, c in empty.state["controls"].items() if c["shown"]}


def test_forged_review_messages_are_refused() -> None:
    widget, _ = board()
    version = widget.state["version"]
    for forged in (
        {"kind": "command", "version": version, "name": "learn-hint", "ply": 3},
        {"kind": "command", "version": version, "name": "review-goto", "ply": 3},
        {"kind": "review", "version": version, "ply": 3},
    ):
        assert widget.handle_intent(forged) is False
        assert status(widget)[0] == "refused"
    assert widget.state["review"] is None
    assert not command(widget, "learn")  # nothing reviewed: refused
    assert status(widget) == ("refused", "Review the game first (the Review button)")


def test_a_lesson_style_board_without_review_controls_refuses_them() -> None:
    widget, _ = board(controls=["undo", "redo"])
    assert not {"review", "learn"} & set(widget.state["controls"])
    assert not command(widget, "review")
    assert status(widget) == ("refused", "That control is not offered on this board")
    widget2, _ = board(controls=["undo", "review"])
    assert {"review", "review-cancel", "learn", "learn-hint"} <= set(widget2.state["controls"])
