"""The computer opponent and hints in the widget, without a browser."""

from __future__ import annotations

import threading
import time
from typing import Any

import pytest

from checkers_widget import BLACK, WHITE, CheckersError, Game
from checkers_widget.engine import Analysis, Engine
from checkers_widget.play.search_runner import SearchRunner
from checkers_widget.widget import THINKING_REFUSAL, CheckersWidget
from intents import click, command
from slowdown import scaled


class SlowEngine(Engine):
    """An engine that thinks until it is stopped (or 10 s pass), then plays its first move.
    Without the opening book: the computer's every move must go through this search."""

    def __init__(self) -> None:
        super().__init__("easy", seed=0, book=False)
        self.started = threading.Event()
        self.release = threading.Event()

    def analyse(self, position: Any, **kwargs: Any) -> Analysis:  # type: ignore[override]
        self.started.set()
        stop = kwargs.get("stop")
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and not self.release.is_set():
            if stop is not None and stop.is_set():
                break
            time.sleep(0.005)
        return super().analyse(position, depth=1)


class BrokenEngine(Engine):
    def analyse(self, position: Any, **kwargs: Any) -> Analysis:  # type: ignore[override]
        raise RuntimeError("engine exploded")


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_computer_replies_with_legal_moves(level: str) -> None:
    widget = CheckersWidget(opponent=level, human=BLACK, seed=3)
    assert widget.players == {BLACK: "human", WHITE: "computer"}
    assert widget.orientation == BLACK
    for _ in range(4):
        if widget.game.is_over():
            break
        before = widget.game.board
        assert click(widget, *widget.game.legal_moves()[0].path)
        assert widget.wait(60)
        reply = widget.game.moves[-1]
        after_human = before.copy()
        after_human.push(widget.game.moves[-2])
        assert reply in after_human.legal_moves()
        assert widget.game.turn == BLACK
        assert widget.state["players"] == {BLACK: "human", WHITE: "computer"}
        assert widget.state["thinking"] is False


def test_computer_moves_first_when_the_human_plays_white() -> None:
    widget = CheckersWidget(opponent="easy", human=WHITE, seed=1)
    assert widget.wait(30)
    assert widget.orientation == WHITE
    assert len(widget.game.moves) == 1 and widget.game.turn == WHITE


def test_random_side_is_drawn_with_the_seed() -> None:
    sides = {
        CheckersWidget(opponent="easy", human="random", seed=s).players[BLACK] for s in range(12)
    }
    assert sides == {"human", "computer"}
    a = CheckersWidget(opponent="easy", human="random", seed=5)
    b = CheckersWidget(opponent="easy", human="random", seed=5)
    assert a.players == b.players
    a.wait()
    b.wait()


def test_thinking_is_shown_and_the_board_refuses_moves_meanwhile() -> None:
    engine = SlowEngine()
    widget = CheckersWidget(opponent=engine, human=BLACK)
    assert click(widget, 11, 15)
    assert engine.started.wait(5)
    assert widget.thinking and widget.state["thinking"] is True
    assert widget.state["status"]["kind"] == "thinking"
    assert not click(widget, 9, 13)
    assert widget.state["status"] == {"text": THINKING_REFUSAL, "kind": "refused"}
    # A click on a piece (the board sends it as the attempt [22, 22]) says the same.
    assert not click(widget, 22, 22)
    assert widget.state["status"]["text"].startswith("Wait: the computer is thinking")
    assert widget.thinking and widget.state["thinking"] and widget.game.ply == 1
    with pytest.raises(CheckersError, match="computer's turn"):
        widget.play("22-18")
    engine.release.set()
    assert widget.wait(10)
    assert len(widget.game.moves) == 2
    assert widget.state["status"]["text"] == "Black to move"  # the refusal is gone


def test_undo_cancels_the_search_and_takes_back_the_human_move() -> None:
    engine = SlowEngine()
    widget = CheckersWidget(opponent=engine, human=BLACK)
    click(widget, 11, 15)
    assert engine.started.wait(5)
    assert command(widget, "undo")
    assert widget.wait(scaled(5))  # the held search never answers: the undo ended the wait
    assert widget.game.moves == [] and not widget.thinking
    time.sleep(0.05)
    assert widget.game.moves == []  # the cancelled search never plays its move


def test_undo_against_the_computer_takes_back_a_whole_turn() -> None:
    widget = CheckersWidget(opponent="easy", human=BLACK, seed=2)
    click(widget, 11, 15)
    widget.wait()
    click(widget, *widget.game.legal_moves()[0].path)
    widget.wait()
    assert widget.game.ply == 4
    widget.undo()
    assert widget.game.ply == 2 and widget.game.turn == BLACK
    widget.redo()
    assert widget.game.ply == 4 and widget.game.turn == BLACK
    assert not widget.thinking


def test_new_game_cancels_and_redraws_random_sides() -> None:
    widget = CheckersWidget(opponent="easy", human="random", seed=4)
    widget.wait()
    seen = set()
    for _ in range(8):
        command(widget, "new")
        widget.wait()
        seen.add(widget.players[BLACK])
        assert widget.orientation == widget.session.human_side()
        human = widget.session.human_side()
        assert widget.game.turn == human  # the computer already moved if it plays Black
    assert seen == {"human", "computer"}


def test_hint_from_python_and_from_the_control() -> None:
    widget = CheckersWidget(hint_engine=Engine("normal", depth=4))
    analysis = widget.hint()
    assert analysis.move in widget.game.legal_moves()
    hint = widget.state["hint"]
    assert hint["move"]["notation"] == str(analysis.move)
    assert hint["pv"].startswith(str(analysis.move))
    assert hint["score"] == analysis.score_text
    widget.play("11-15")
    assert widget.state["hint"] is None  # a move clears the hint
    assert command(widget, "hint")
    assert widget.wait(30)
    assert widget.state["hint"]["move"]["path"][0] in widget.game.board.squares(WHITE)


def test_live_evaluation_follows_the_game() -> None:
    widget = CheckersWidget(hint_engine=Engine("normal", depth=4))
    widget.live_eval = True
    assert widget.wait(30)
    assert widget.state["evaluation"]["depth"] >= 1
    widget.play("11-15")
    assert widget.wait(30)
    assert widget.state["evaluation"]["move"]["path"][0] in widget.game.board.squares(WHITE)
    widget.live_eval = False
    assert widget.state["evaluation"] is None


def test_without_threads_the_search_runs_in_place(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(
        "checkers_widget.play.search_control.SearchRunner",
        lambda threaded=True: SearchRunner(threaded=False),
    )
    widget = CheckersWidget(opponent="easy", human=BLACK, seed=0)
    seen: list[str] = []
    widget.observe(lambda change: seen.append(change["new"]["status"]["kind"]), names="state")
    click(widget, 11, 15)
    assert widget.game.ply == 2 and widget.game.turn == BLACK  # replied before returning
    # The board was told the computer is thinking before the search ran in place (the
    # JupyterLite test saw the reply with no "thinking" before it, once each intent
    # published one state).
    assert "thinking" in seen and seen[-1] in ("turn", "must-jump"), seen


def test_a_failing_engine_is_shown_not_swallowed(caplog: pytest.LogCaptureFixture) -> None:
    widget = CheckersWidget(opponent=BrokenEngine("easy", book=False), human=BLACK)
    with caplog.at_level("ERROR", logger="checkers_widget"):
        click(widget, 11, 15)
        widget.wait()
    assert widget.state["status"]["kind"] == "error"
    assert "engine exploded" in widget.state["status"]["text"]
    assert any("engine exploded" in r.getMessage() for r in caplog.records)
    assert widget.game.ply == 1 and not widget.thinking


def test_close_cancels_a_search() -> None:
    engine = SlowEngine()
    widget = CheckersWidget(opponent=engine, human=BLACK)
    click(widget, 11, 15)
    assert engine.started.wait(5)
    widget.close()
    assert widget.wait(5)
    assert widget.game.ply == 1


def test_bad_opponent_and_human() -> None:
    with pytest.raises(CheckersError, match="opponent"):
        CheckersWidget(opponent="grandmaster")
    with pytest.raises(CheckersError, match="human"):
        CheckersWidget(opponent="easy", human="red")


def test_game_over_against_the_computer_stops_thinking() -> None:
    widget = CheckersWidget(Game("B:W18:B14"), opponent="easy", human=BLACK)
    click(widget, 14, 23)
    assert widget.game.result == "1-0"
    assert not widget.thinking
    assert widget.state["status"]["kind"] == "over"


def test_the_computer_answers_draw_offers() -> None:
    # Level: the computer declines at the start of a game.
    widget = CheckersWidget(opponent="easy", human=BLACK, seed=0)
    assert command(widget, "offer-draw")
    assert widget.game.result is None and widget.game.draw_offer is None
    assert widget.state["status"]["text"] == "White: the computer declines the draw"
    # A lone white king against two black kings: White (the computer) is lost and accepts.
    widget = CheckersWidget(Game("B:WK32:BK1,K3"), opponent="easy", human=BLACK, seed=0)
    assert command(widget, "offer-draw")
    assert widget.game.result == "1/2-1/2" and widget.game.termination == "draw agreed"


def test_no_hint_on_the_computers_turn() -> None:
    engine = SlowEngine()
    widget = CheckersWidget(opponent=engine, human=BLACK)
    click(widget, 11, 15)
    assert engine.started.wait(5)
    assert not command(widget, "hint")
    assert "wait for the computer" in widget.state["status"]["text"]
    assert widget.thinking  # the offer of a hint did not disturb the search
    engine.release.set()
    assert widget.wait(10)


# ---------------------------------------------------------------- undo, redo and the computer
def answered(widget: CheckersWidget) -> None:
    """The computer has replied: the human is to move, nothing waits, no stale line."""
    assert widget.wait(30)
    assert widget.players[widget.game.turn] == "human"
    assert not widget.thinking
    assert widget.state["status"]["text"].startswith("Black to move")
    history = widget.state["history"]
    assert len(history["line"]) == history["ply"] == widget.game.ply  # nothing greyed
    assert not widget.state["can_redo"]


def test_the_same_move_replayed_after_undo_is_answered() -> None:
    # The reported session: 11-15, the reply, Undo, 11-15 again.
    widget = CheckersWidget(opponent="easy", human=BLACK, seed=0)
    assert click(widget, 11, 15)
    answered(widget)
    assert command(widget, "undo")
    assert widget.game.ply == 0 and widget.state["can_redo"]
    assert click(widget, 11, 15)
    answered(widget)
    assert [str(m) for m in widget.game.moves][:1] == ["11-15"] and widget.game.ply == 2


def test_the_same_move_replayed_from_python_after_undo_is_answered() -> None:
    widget = CheckersWidget(opponent="easy", human=BLACK, seed=0)
    widget.play("11-15")
    answered(widget)
    widget.undo()
    widget.play("11-15")
    answered(widget)


def test_undo_twice_then_the_first_move_again() -> None:
    widget = CheckersWidget(opponent="easy", human=BLACK, seed=1)
    click(widget, 11, 15)
    answered(widget)
    click(widget, *widget.game.legal_moves()[0].path)
    answered(widget)
    assert command(widget, "undo") and command(widget, "undo")
    assert widget.game.ply == 0 and len(widget.state["history"]["line"]) == 4
    assert click(widget, 11, 15)
    answered(widget)


def test_redo_then_a_different_move_is_answered_and_keeps_the_old_line() -> None:
    # Searching Easy (no book) answers 11-15 with a move that leaves Black a choice; a
    # book reply may force a capture (11-15 22-18 15x22), with nothing to choose.
    opponent = Engine("easy", seed=2, book=False)
    widget = CheckersWidget(opponent=opponent, human=BLACK)
    click(widget, 11, 15)
    answered(widget)
    first = widget.game.legal_moves()[0]
    click(widget, *first.path)
    answered(widget)
    command(widget, "undo")
    command(widget, "undo")
    assert command(widget, "redo")
    assert widget.game.ply == 2 and widget.state["can_redo"]
    other = next(m for m in widget.game.legal_moves() if m != first)
    assert click(widget, *other.path)
    answered(widget)
    assert widget.game.moves[2] == other
    assert widget.game.variations[3][0].startswith(str(first))


def test_undo_during_the_search_then_the_same_move_again() -> None:
    engine = SlowEngine()
    widget = CheckersWidget(opponent=engine, human=BLACK)
    click(widget, 11, 15)
    assert engine.started.wait(5)
    assert command(widget, "undo")
    assert widget.wait(5) and widget.game.ply == 0
    engine.started.clear()
    engine.release.set()  # the next search answers at once
    assert click(widget, 11, 15)
    answered(widget)
    assert widget.game.ply == 2


@pytest.mark.parametrize("name", ["new", "restart"])
def test_new_game_or_restart_during_a_redo_line(name: str) -> None:
    widget = CheckersWidget(opponent="easy", human=BLACK, seed=0)
    click(widget, 11, 15)
    answered(widget)
    command(widget, "undo")
    assert widget.state["can_redo"]
    assert command(widget, name)
    assert widget.game.ply == 0 and not widget.state["can_redo"]
    assert widget.state["history"]["line"] == []
    assert click(widget, 11, 15)
    answered(widget)


def test_a_jump_in_the_move_list_then_a_move_is_answered() -> None:
    widget = CheckersWidget(opponent="easy", human=BLACK, seed=1)
    click(widget, 11, 15)
    answered(widget)
    click(widget, *widget.game.legal_moves()[0].path)
    answered(widget)
    # To a position where the computer is to move: it waits, and says so.
    assert command(widget, "goto", ply=1)
    assert widget.wait(5) and widget.game.ply == 1 and not widget.thinking
    kind, text = widget.state["status"]["kind"], widget.state["status"]["text"]
    assert kind == "turn" and "the computer waits while you look back" in text
    # To the start, then the first move again: the computer answers afresh.
    assert command(widget, "goto", ply=0)
    assert click(widget, 11, 15)
    answered(widget)


def test_in_two_player_play_the_same_move_follows_the_redo_line() -> None:
    widget = CheckersWidget()
    click(widget, 11, 15)
    click(widget, 23, 19)
    command(widget, "undo")
    command(widget, "undo")
    assert click(widget, 11, 15)
    assert widget.state["can_redo"] and widget.state["history"]["line"] == ["11-15", "23-19"]


# ---------------------------------------------------------------- hint and evaluation agree
class OneMove(Engine):
    """An engine that instantly recommends the first (or the last) legal move: a first
    and a last one disagree for sure while there are several moves."""

    def __init__(self, last: bool) -> None:
        super().__init__("easy", seed=0)
        self.last = last

    def analyse(self, position: Any, **kwargs: Any) -> Analysis:  # type: ignore[override]
        legal = position.legal_moves()
        move = legal[-1] if self.last else legal[0]
        analysis = Analysis(move=move, score=0.25 if self.last else 0.5, mate=None, pv=[move])
        on_info = kwargs.get("on_info")
        if on_info is not None:
            on_info(analysis)
        return analysis


def test_with_both_on_the_hint_and_the_evaluation_are_one_analysis() -> None:
    # The report: the hint said 12-16 while the evaluation line recommended 11-15.
    widget = CheckersWidget(hint_engine=OneMove(last=False), eval_engine=OneMove(last=True))
    first, last = (str(m) for m in (widget.game.legal_moves()[0], widget.game.legal_moves()[-1]))
    widget.live_eval = True
    assert widget.wait(10)
    assert widget.state["evaluation"]["move"]["notation"] == last  # the evaluation alone
    analysis = widget.hint()  # from Python, as a notebook cell does
    assert str(analysis.move) == first
    assert widget.wait(10)
    assert widget.state["hint"]["move"]["notation"] == first
    assert widget.state["evaluation"] == widget.state["hint"]
    # The Hint control, after a move: the same.
    widget.play(first)
    assert widget.wait(10)
    assert command(widget, "hint")
    assert widget.wait(10)
    assert widget.state["hint"] is not None
    assert widget.state["evaluation"] == widget.state["hint"]
    # Switching the evaluation on while a hint is shown adopts the hint's analysis.
    widget.live_eval = False
    widget.play(widget.game.legal_moves()[0])
    widget.hint()
    widget.live_eval = True
    assert widget.wait(10)
    assert widget.state["evaluation"] == widget.state["hint"]
    widget.play(widget.game.legal_moves()[0])  # a move clears the hint: evaluation alone again
    assert widget.wait(10)
    assert widget.state["hint"] is None and widget.state["evaluation"]["move"] is not None
