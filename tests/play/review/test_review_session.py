"""The game review and the learn mode on a PlaySession, driven by intents as the browser
sends them, with hand-made reviews (tests/review_fakes.py) so every mark is known."""

from __future__ import annotations

import dataclasses
import math
from typing import Any

import pytest

from checkers_widget import Game
from checkers_widget.analysis.judgement import INACCURACY, SCALE, Verdict, expected_score
from checkers_widget.analysis.review_jobs import Limits
from checkers_widget.core.board import Board
from checkers_widget.play.review.game_review import graph_bar
from checkers_widget.play.review.learn_mode import counts
from checkers_widget.play.session import PlaySession
from review_fakes import SHORT_GAME, FakeChecker, FakeReviewer, short_game

JUDGED = {1: "inaccuracy", 3: "mistake", 4: "blunder", 9: "mistake"}


def command(session: PlaySession, name: str, **extra: Any) -> str:
    """Press a control; returns the outcome's kind."""
    content = {"kind": "command", "version": session.version, "name": name, **extra}
    return session.handle(content).kind


def click(session: PlaySession, *path: int) -> str:
    return session.handle({"kind": "move", "version": session.version, "path": list(path)}).kind


def reviewed(judgements: dict[int, Any] | None = None, **options: Any) -> PlaySession:
    """A two-player session of the short game, reviewed (the review run in place)."""
    session = PlaySession(short_game(), **options)
    session.review.control.reviewer = FakeReviewer(judgements or JUDGED)
    session.start()
    assert command(session, "review") == "done"
    assert session.review.control.wait(10)
    return session


def controls(session: PlaySession) -> dict[str, bool]:
    """The controls shown now: name -> enabled."""
    return {n: c["enabled"] for n, c in session.state["controls"].items() if c["shown"]}


def test_the_review_is_published_with_marks_points_and_the_best_move() -> None:
    session = reviewed()
    review = session.state["review"]
    assert review["phase"] == "done"
    assert review["symbols"] == {"1": "?!", "3": "?", "4": "??", "9": "?"}
    points = review["points"]
    assert [p["ply"] for p in points] == list(range(11))
    assert points[3]["judgement"] == "mistake" and points[3]["symbol"] == "?"
    # Black's point of view throughout: Black's mistake at ply 3 lowers the curve.
    assert points[3]["value"] < points[2]["value"]
    assert points[4]["value"] > points[3]["value"]  # White's blunder raises it
    assert all(-1 <= p["bar"] <= 1 for p in points)
    # The game stays where it was (at the end); no best move after the last ply.
    assert session.game.ply == 10 and review["shown"]["ply"] == 10
    assert review["shown"]["best"] is None
    assert "review" not in controls(session)  # the Review button went away...
    assert controls(session)["learn"] is True  # ...and Learn came


def test_goto_a_ply_shows_the_words_and_the_best_move_there() -> None:
    session = reviewed()
    assert command(session, "goto", ply=2) == "done"
    shown = session.state["review"]["shown"]
    assert shown["ply"] == 2
    # The arrow is the engine's move in the position shown: ply 3's best.
    best = session.review.result.plies[2].best
    assert shown["best"]["path"] == list(best.path)
    assert shown["best_text"].startswith(f"Best here: {best}")
    assert shown["text"].startswith("White played 23-19")
    command(session, "goto", ply=3)
    assert "a mistake" in session.state["review"]["shown"]["text"]
    assert "the engine preferred" in session.state["review"]["shown"]["text"]


def test_a_stale_or_forged_goto_is_refused_and_changes_nothing() -> None:
    session = reviewed()
    before = (session.game.ply, [str(m) for m in session.game.line])
    stale = {"kind": "command", "version": session.version - 1, "name": "goto", "ply": 2}
    assert session.handle(stale).kind == "refused"
    assert command(session, "goto", ply=99) == "refused"
    assert command(session, "goto", ply=-1) == "refused"
    assert command(session, "goto", ply="3") == "refused"
    assert (session.game.ply, [str(m) for m in session.game.line]) == before
    assert session.state["review"]["phase"] == "done"


def test_the_progress_is_published_and_cancel_leaves_the_game_and_no_thread() -> None:
    session = PlaySession(short_game())
    reviewer = FakeReviewer(JUDGED, hold=True)
    session.review.control.reviewer = reviewer
    published: list[dict[str, Any]] = []
    session._on_publish = published.append
    session.start()
    fen, line = session.game.board.to_fen(), [str(m) for m in session.game.line]
    assert command(session, "review") == "done"
    assert reviewer.started.wait(10)
    state = session.state
    assert state["review"]["phase"] == "running" and state["review"]["total"] == 10
    assert controls(session).get("review-cancel") is True
    assert "review" not in controls(session)
    assert session.state["status"] == {"text": "Reviewing the game (0% done)…", "kind": "thinking"}
    ticket = session.review.control.ticket
    assert command(session, "review-cancel") == "done"
    assert ticket is not None and ticket.done.wait(10)  # the thread has ended
    assert reviewer.stopped
    assert session.state["review"] is None
    assert session.game.board.to_fen() == fen and [str(m) for m in session.game.line] == line
    assert "review" in controls(session) and "review-cancel" not in controls(session)
    assert command(session, "review-cancel") == "refused"  # nothing to cancel now


def test_a_new_game_or_another_line_cancels_a_running_review() -> None:
    for change in ("new", "other line", "set game"):
        session = PlaySession(short_game())
        reviewer = FakeReviewer(JUDGED, hold=True)
        session.review.control.reviewer = reviewer
        session.start()
        command(session, "review")
        assert reviewer.started.wait(10)
        session.goto(5)
        assert session.state["review"]["phase"] == "running"  # going back changes no line
        if change == "new":
            session.new_game()
        elif change == "other line":
            session.goto(4)
            session.play("10-14")
        else:
            session.set_game(Game())
        assert session.state["review"] is None
        ticket = session.review.control.ticket
        assert ticket is not None and ticket.done.wait(10) and reviewer.stopped


def test_progress_steps_reach_the_board_while_it_runs() -> None:
    session = PlaySession(short_game())
    reviewer = FakeReviewer(JUDGED, hold=True)
    session.review.control.reviewer = reviewer
    seen: list[tuple[int, int]] = []
    session._on_publish = lambda s: seen.append(
        (s["review"]["done"], s["review"]["total"]) if s["review"] else (-1, -1)
    )
    session.start()
    command(session, "review")
    reviewer.release()
    assert session.review.control.wait(10)
    steps = [s for s in seen if s[0] >= 0]
    assert (0, 10) in steps and (5, 10) in steps and steps[-1] == (10, 10)


def test_a_new_line_drops_the_review() -> None:
    session = reviewed()
    session.goto(4)
    session.play("10-14")  # not the line's 5th move (9-13): a new line
    assert session.state["review"] is None
    assert "review" in controls(session)


def test_played_on_after_the_review_it_may_be_reviewed_again() -> None:
    session = reviewed()
    assert command(session, "review") == "refused"
    assert session.state["status"]["text"] == "The game is reviewed already"
    session.play(session.game.legal_moves()[0])
    assert session.state["review"]["symbols"]["9"] == "?"  # the plies reviewed keep their marks
    assert len(session.state["review"]["points"]) == 11
    assert "review" in controls(session) and "learn" in controls(session)
    assert command(session, "review") == "done"
    assert session.review.control.wait(10)
    assert len(session.state["review"]["points"]) == 12


def test_a_new_game_drops_the_review_and_the_learn_mode() -> None:
    session = learning()
    session.new_game()
    assert session.state["review"] is None and session.review.learn is None
    assert not {"learn", "learn-stop", "review"} & set(controls(session))


def test_review_needs_moves_and_a_local_game() -> None:
    session = PlaySession()
    session.start()
    assert "review" not in controls(session)
    assert command(session, "review") == "refused"
    assert "no moves to review" in session.state["status"]["text"]
    assert command(session, "learn") == "refused"


# ---------------------------------------------------------------------- learn mode
def learning(side: str | None = "auto", **options: Any) -> PlaySession:
    session = reviewed(**options)
    session.review.checker = FakeChecker()
    if side == "auto":
        assert command(session, "learn") == "done"
    else:
        session.review.start_learning(side)
    return session


def test_learn_goes_to_the_position_before_each_mistake_of_both_players() -> None:
    session = learning()
    learn = session.state["review"]["learn"]
    # Two people at one board: both sides' mistakes and blunders (not the inaccuracy).
    assert (learn["index"], learn["total"], learn["ply"]) == (1, 3, 3)
    assert learn["phase"] == "asking" and "Mistake 1 of 3" in learn["text"]
    assert session.game.ply == 2
    # The answer is not drawn while the question stands.
    assert session.state["review"]["shown"]["best"] is None
    assert {"learn-hint", "learn-skip", "learn-answer", "learn-stop"} <= set(controls(session))
    assert "learn-next" not in controls(session)
    # The board's own Hint (the engine's move) would give the answer away.
    assert "hint" not in controls(session)
    assert command(session, "hint") == "refused"
    assert session.state["status"]["text"].startswith("The learn mode has a Hint of its own")
    assert session.state["hint"] is None


def test_learn_for_one_side_and_for_the_person_against_the_computer() -> None:
    session = learning(side="white")
    assert [e.ply.ply for e in session.review.learn.exercises] == [4]


def test_the_move_played_in_the_game_is_wrong_and_the_best_is_right() -> None:
    session = learning()
    line = [str(m) for m in session.game.line]
    assert click(session, 8, 11) == "vetoed"  # the game's move 3: the mistake
    learn = session.state["review"]["learn"]
    assert learn["phase"] == "wrong" and "played in the game" in learn["text"]
    best = session.review.learn.current.ply.best
    assert click(session, *best.path) == "vetoed"
    learn = session.state["review"]["learn"]
    assert learn["phase"] == "right" and learn["text"].startswith("Right")
    assert controls(session).get("learn-next") is True
    assert session.state["legal"] == []  # no piece lit while the board waits for Next
    # Nothing was played: the game's line and position are as before.
    assert [str(m) for m in session.game.line] == line and session.game.ply == 2
    assert session.state["review"]["shown"]["best"]["path"] == list(best.path)
    assert command(session, "learn-next") == "done"
    assert session.state["legal"] != []  # the next position asks again


def after_fen(session: PlaySession, text: str) -> str:
    board = Board(session.game.board.to_fen())
    board.push(board.parse_move(text))
    return board.to_fen()


def test_a_move_counts_when_the_review_would_not_mark_it() -> None:
    session = reviewed()
    ply = session.review.result.plies[2]  # before: -0.4 for Black (the hand review)

    def losing(loss: float) -> Verdict:
        """The verdict that loses ``loss`` of expected score from the position before."""
        target = expected_score(Verdict(ply.before)) - loss
        return Verdict(-math.log(1 / target - 1) / SCALE)

    # Just under the inaccuracy threshold counts, just over it does not.
    assert counts(ply, losing(INACCURACY - 0.005))
    assert not counts(ply, losing(INACCURACY + 0.005))
    assert counts(ply, Verdict(ply.before + 2.0))  # better than the engine's own move
    assert not counts(ply, Verdict(-100.0, -3))  # a proven loss
    won = dataclasses.replace(ply, before=100.0, before_mate=5)
    assert counts(won, Verdict(100.0, 9))  # a slower win is still a win
    assert not counts(won, Verdict(0.0, None, draw=True))  # a win thrown away for a draw


def test_another_move_is_checked_by_the_engine_as_the_review_would() -> None:
    session = learning()
    before = session.review.learn.current.ply.before
    checker = session.review.checker
    assert isinstance(checker, FakeChecker)
    # The checker scores for the side to move after the move: the opponent.
    checker.scores[after_fen(session, "10-14")] = -(before - 0.6)
    checker.scores[after_fen(session, "12-16")] = -(before - 0.1)
    assert click(session, 10, 14) == "vetoed"
    assert session.review.check_ticket is not None
    assert session.review.check_ticket.done.wait(10)
    learn = session.state["review"]["learn"]
    assert learn["phase"] == "wrong" and "Not quite" in learn["text"]
    assert click(session, 12, 16) == "vetoed"
    assert session.review.check_ticket.done.wait(10)
    learn = session.state["review"]["learn"]
    assert learn["phase"] == "right" and "as good" in learn["text"]
    assert len(checker.asked) == 2
    job = checker.asked[-1]
    assert [str(m) for m in job.moves] == ["11-15", "23-19", "12-16"]
    assert job.limits == Limits()  # the review's own default: its node budget


def test_hint_skip_answer_next_and_the_summary() -> None:
    session = learning()
    assert command(session, "learn-hint") == "done"
    best = session.review.learn.current.ply.best
    assert session.state["review"]["learn"]["text"] == f"Hint: move the piece on {best.start}"
    assert session.state["review"]["learn"]["hint_square"] == best.start
    assert session.state["review"]["shown"]["best"] is None  # the square, not the move
    click(session, *best.path)  # found with the hint
    assert session.state["review"]["learn"]["hint_square"] is None
    assert command(session, "learn-next") == "done"
    assert session.game.ply == 3  # before White's blunder at ply 4
    assert session.state["review"]["learn"]["index"] == 2
    assert command(session, "learn-next") == "refused"  # nothing found yet
    assert command(session, "learn-skip") == "done"
    assert session.game.ply == 8  # before the mistake at ply 9
    assert command(session, "learn-answer") == "done"
    learn = session.state["review"]["learn"]
    answer = session.review.learn.current.ply.best
    assert learn["phase"] == "answer" and f"The engine plays {answer}" in learn["text"]
    assert session.state["review"]["shown"]["best"]["path"] == list(answer.path)
    assert command(session, "learn-next") == "done"
    learn = session.state["review"]["learn"]
    assert learn["phase"] == "done"
    assert learn["text"] == "Done: 1 of 3 found (1 with a hint), 1 skipped, 1 answer shown"
    assert set(controls(session)) >= {"learn-stop"}
    assert command(session, "learn-stop") == "done"
    assert session.state["review"]["learn"] is None
    assert [str(m) for m in session.game.line] == SHORT_GAME.split()


def test_moves_away_from_the_exercise_and_commands_out_of_turn_are_refused() -> None:
    session = learning()
    command(session, "goto", ply=5)
    assert click(session, *session.game.legal_moves()[0].path) == "refused"
    assert "not the position asked about" in session.state["status"]["text"]
    session.review.stop_learning()
    for name in ("learn-hint", "learn-skip", "learn-answer", "learn-next", "learn-stop"):
        assert command(session, name) == "refused"
        assert session.state["status"]["text"] == "The learn mode is not on"


def test_learn_against_the_computer_asks_about_the_persons_mistakes() -> None:
    from checkers_widget.play.players import ScriptedPlayer

    session = PlaySession(short_game(), opponent=ScriptedPlayer(lambda: None), human="black")
    session.review.control.reviewer = FakeReviewer(JUDGED)
    session.review.checker = FakeChecker()
    session.start()
    command(session, "review")
    assert session.review.control.wait(10)
    assert command(session, "learn") == "done"
    assert [e.ply.ply for e in session.review.learn.exercises] == [3, 9]


def test_learn_needs_a_mistake() -> None:
    session = reviewed({1: "inaccuracy"})
    assert "learn" in controls(session) and controls(session)["learn"] is False
    assert command(session, "learn") == "refused"
    with pytest.raises(Exception, match="no mistake"):
        session.review.start_learning(None)


def test_closing_the_session_stops_the_review() -> None:
    session = PlaySession(Game())
    for move in SHORT_GAME.split():
        session.game.play(move)
    reviewer = FakeReviewer(JUDGED, hold=True)
    session.review.control.reviewer = reviewer
    session.start()
    command(session, "review")
    assert reviewer.started.wait(10)
    session.close()
    assert session.review.control.ticket is not None
    assert session.review.control.ticket.done.wait(10)


# ---------------------------------------------------------------------- the engine's own
@pytest.mark.timeout(300)
def test_the_engines_review_at_a_small_depth_is_published() -> None:
    session = PlaySession(short_game())
    session.start()
    session.review.start(depth=2)
    assert session.review.control.wait(240)
    review = session.review.result
    assert review is not None and len(review.plies) == 10
    state = session.state["review"]
    assert state["phase"] == "done" and len(state["points"]) == 11
    assert state["symbols"] == {str(p.ply): p.symbol for p in review.plies if p.symbol}
    assert state["summary"] is not None and set(state["summary"]) == {"black", "white"}
    assert [p["bar"] for p in state["points"][1:]] == [
        graph_bar(p.after if p.color == "black" else -p.after) for p in review.plies
    ]


@pytest.mark.timeout(300)
def test_a_move_tried_is_checked_by_the_reviews_own_search() -> None:
    session = PlaySession(short_game())
    session.review.control.reviewer = FakeReviewer(JUDGED)
    session.start()
    session.review.start(depth=2)  # the learn mode's checks search to the same depth
    assert session.review.control.wait(10)
    session.review.start_learning(None)
    exercise = session.review.learn.current.ply
    tried = next(m for m in session.game.legal_moves() if m not in (exercise.move, exercise.best))
    assert click(session, *tried.path) == "vetoed"
    assert session.state["review"]["learn"]["phase"] == "checking"
    assert session.review.check_ticket is not None and session.review.check_ticket.done.wait(240)
    learn = session.state["review"]["learn"]
    assert learn["phase"] in ("right", "wrong")
    assert learn["text"].startswith("Right" if learn["phase"] == "right" else "Not quite")


def test_the_status_line_under_the_board_says_what_the_learn_mode_says() -> None:
    """The notebook tour clicked a move in the learn mode: the piece went back and the
    status line still read "White to move", as if the click had done nothing. Each phase's
    words are on the status line too, styled as the phase is."""
    session = learning()
    status = session.state["status"]
    assert status["text"].startswith("Mistake 1 of") and status["kind"] == "turn"
    assert click(session, 8, 11) == "vetoed"  # the game's own move
    status = session.state["status"]
    assert "played in the game" in status["text"] and status["kind"] == "refused"
    checker = session.review.checker
    assert isinstance(checker, FakeChecker)
    before = session.review.learn.current.ply.before
    checker.scores[after_fen(session, "10-14")] = -(before - 0.6)
    assert click(session, 10, 14) == "vetoed"
    assert session.review.check_ticket is not None
    assert session.review.check_ticket.done.wait(10)
    status = session.state["status"]
    assert status["text"].startswith("Not quite: after 10-14") and status["kind"] == "refused"
    assert command(session, "learn-stop") == "done"
    assert not session.state["status"]["text"].startswith("Not quite")
