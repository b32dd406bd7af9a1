"""In marimo, Python asks the front end to report the positions the board's player
brought about (widget/marimo_reports.py), and only those; elsewhere it asks nothing.

The report itself (``drawn_version``) is a view-side trait: the front end may set it to
a version the board published, and Python acts on it in no way.
"""

from __future__ import annotations

import time
from typing import Any

import pytest

from checkers_widget import BLACK, WHITE, CheckersWidget, Game
from checkers_widget.widget import FRONTEND_TRAITS, board_widget
from checkers_widget.widget.marimo_reports import running_in_marimo
from intents import click, command


def listen(widget: CheckersWidget) -> list[dict[str, Any]]:
    """Everything the widget sends to the front end from now on (comm messages)."""
    sent: list[dict[str, Any]] = []
    widget.comm.send = lambda data=None, metadata=None, buffers=None: sent.append(data)  # type: ignore[union-attr]
    return sent


def asked(sent: list[dict[str, Any]]) -> list[int]:
    """The versions the front end was asked to report, in order."""
    return [
        msg["content"]["version"]
        for msg in sent
        if msg.get("method") == "custom" and msg["content"].get("kind") == "report-drawn"
    ]


def from_the_browser(widget: CheckersWidget, data: dict[str, Any]) -> None:
    """A comm message exactly as the browser sends it."""
    widget._handle_msg({"content": {"data": data}, "buffers": []})


@pytest.fixture
def in_marimo(monkeypatch: pytest.MonkeyPatch) -> None:
    """Boards built from now on believe they run in marimo."""
    monkeypatch.setattr(board_widget, "running_in_marimo", lambda: True)


def test_outside_marimo_nothing_is_asked() -> None:
    assert running_in_marimo() is False  # this test process is no marimo kernel
    w = CheckersWidget(opponent="easy", seed=1)
    sent = listen(w)
    assert click(w, 11, 15)
    assert w.wait(60)
    assert asked(sent) == []
    assert [msg["method"] for msg in sent] == ["update"] * len(sent)


def test_a_move_made_on_the_board_is_reported(in_marimo: None) -> None:
    w = CheckersWidget()
    sent = listen(w)
    start = w.state["version"]
    from_the_browser(
        w, {"method": "custom", "content": {"kind": "move", "version": start, "path": [11, 15]}}
    )
    assert w.game.ply == 1
    assert asked(sent) == [w.state["version"]] and w.state["version"] > start
    # The request follows the state it is about.
    kinds = [msg["method"] for msg in sent]
    assert kinds.index("custom") > kinds.index("update")
    assert command(w, "undo")
    assert asked(sent)[-1] == w.state["version"]


def test_each_hop_of_a_multi_jump_clicked_square_by_square_is_reported(in_marimo: None) -> None:
    w = CheckersWidget(Game(fen="B:W14,22,23:B9"))
    sent = listen(w)
    assert click(w, 9, 18) is False  # a jump in progress: a new position all the same
    hop = w.state["version"]
    assert click(w, 9, 18, 27) is True
    assert asked(sent) == [hop, w.state["version"]]


def test_python_s_own_changes_are_not_reported(in_marimo: None) -> None:
    w = CheckersWidget()
    sent = listen(w)
    w.play("11-15")
    w.game.play("23-19")
    w.undo()
    w.new_game()
    assert asked(sent) == []
    assert click(w, 11, 15)  # the board's own move is, again
    assert asked(sent) == [w.state["version"]]


def test_the_computer_s_reply_to_a_move_on_the_board_is_reported(in_marimo: None) -> None:
    w = CheckersWidget(opponent="easy", seed=2)
    sent = listen(w)
    assert click(w, 11, 15)
    played = w.state["version"]
    assert w.wait(60) and w.game.ply == 2
    assert asked(sent) == [played, w.state["version"]]


def test_no_report_loop_from_a_cell_that_resets_the_board(in_marimo: None) -> None:
    """A cell that reads the board and calls new_game(), against a computer that moves
    first: neither the new game nor the computer's answer to it is reported (a report
    would re-run that cell, which would start a new game again, for ever)."""
    w = CheckersWidget(opponent="easy", human=WHITE, seed=3)
    assert w.wait(60) and w.game.ply == 1
    sent = listen(w)
    w.new_game()
    assert w.wait(60) and w.game.ply == 1 and w.game.turn == WHITE
    assert asked(sent) == []


def test_the_computer_s_first_move_is_reported_but_not_the_first_position(
    in_marimo: None,
) -> None:
    sent: list[dict[str, Any]] = []
    # Listen from the start: the comm exists once ipywidgets' constructor has run.
    original = board_widget.CheckersWidget._ask_for_report

    class Listening(CheckersWidget):
        def _ask_for_report(self, version: int) -> None:
            sent.append(
                {"method": "custom", "content": {"kind": "report-drawn", "version": version}}
            )
            original(self, version)

    w = Listening(opponent="easy", human=WHITE, seed=4)
    assert w.wait(60) and w.game.ply == 1
    assert asked(sent) == [w.state["version"]]


def test_the_report_is_a_view_side_trait_python_ignores(in_marimo: None) -> None:
    assert "drawn_version" in FRONTEND_TRAITS
    w = CheckersWidget()
    assert click(w, 11, 15)
    state, game = dict(w.state), w.game.board.to_fen()
    sent = listen(w)
    from_the_browser(w, {"method": "update", "state": {"drawn_version": w.state["version"]}})
    assert w.drawn_version == w.state["version"]
    assert w.state == state and w.game.board.to_fen() == game
    assert asked(sent) == []  # a report asks for nothing


@pytest.mark.parametrize("forged", [10_000, -1, "2", None, 1.5])
def test_a_forged_report_is_refused_and_changes_nothing(forged: Any) -> None:
    w = CheckersWidget()
    assert click(w, 11, 15)
    state = dict(w.state)
    sent = listen(w)
    from_the_browser(w, {"method": "update", "state": {"drawn_version": forged}})
    assert w.drawn_version == 0
    resent = {k: v for m in sent if m["method"] == "update" for k, v in m["state"].items()}
    assert resent == {"drawn_version": 0}  # the front end is told the truth
    assert w.state == state and w.game.turn == WHITE and w.game.ply == 1
    assert w.players == {BLACK: "human", WHITE: "human"}


def test_a_network_opponent_s_move_is_reported(in_marimo: None) -> None:
    host = CheckersWidget.host(seed=1, name="Ann", milestones=False)
    assert host.network is not None
    guest = CheckersWidget.join("127.0.0.1", host.network.port, name="Bob", milestones=False)
    try:
        deadline = time.monotonic() + 10  # a hang guard
        while host.state["network"]["request"] is None and time.monotonic() < deadline:
            time.sleep(0.01)
        assert command(host, "accept-peer")
        while guest.state["network"]["peer"] != "Ann" and time.monotonic() < deadline:
            time.sleep(0.01)
        black, white = (host, guest) if host.network.local_side == BLACK else (guest, host)
        sent = listen(white)
        before = white.state["version"]
        assert click(black, 11, 15)
        while not asked(sent) and time.monotonic() < deadline:
            time.sleep(0.01)
        assert white.game.ply == 1  # the move came over the network
        assert asked(sent) and all(before < v <= white.state["version"] for v in asked(sent))
    finally:
        guest.close()
        host.close()
