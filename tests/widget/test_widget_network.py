"""Network play on the widget: one board hosts, another joins, over 127.0.0.1.

The session layer has its own tests (``test_network.py``, two processes, forged
messages, dropped links); these check what the boards do with it: Accept/Refuse on the
host's board, sides, whose pieces light up, moves sent and confirmed, controls that make
no sense across the link, and a guest in another process driving a hosted board.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator

import pytest

from checkers_widget import BLACK, WHITE, CheckersError
from checkers_widget.widget import CONTROLS, CheckersWidget
from intents import click, command, offered, status
from network_peers import Peer
from slowdown import scaled

WAIT = scaled(10.0)  # seconds: a hang guard


def until(condition: Callable[[], bool], what: str) -> None:
    deadline = time.monotonic() + WAIT
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.01)


@pytest.fixture
def boards() -> Iterator[list[CheckersWidget]]:
    made: list[CheckersWidget] = []
    yield made
    for board in made:
        board.close()


def pair(boards: list[CheckersWidget], seed: int = 1) -> tuple[CheckersWidget, CheckersWidget]:
    """A hosting board and a joined board, the join request accepted from the host's board."""
    host = CheckersWidget.host(seed=seed, name="Ann", milestones=False)
    boards.append(host)
    assert host.network is not None
    assert status(host)[1].startswith("Waiting for a player to join on port")
    assert host.players == {BLACK: "waiting", WHITE: "waiting"} and host.state["legal"] == []
    guest = CheckersWidget.join("127.0.0.1", host.network.port, name="Bob", milestones=False)
    boards.append(guest)
    until(lambda: host.state["network"]["request"] is not None, "the join request")
    assert host.state["network"]["request"]["name"] == "Bob"
    assert command(host, "accept-peer")
    until(lambda: guest.state["network"]["peer"] == "Ann", "the guest to be accepted")
    return host, guest


def sides(host: CheckersWidget) -> tuple[str, str]:
    local = host.network.local_side  # type: ignore[union-attr]
    return local, WHITE if local == BLACK else BLACK


def test_host_and_guest_sit_on_opposite_sides(boards: list[CheckersWidget]) -> None:
    host, guest = pair(boards)
    mine, theirs = sides(host)
    assert host.players == {mine: "human", theirs: "remote"}
    assert guest.players == {theirs: "human", mine: "remote"}
    assert host.orientation == mine and guest.orientation == theirs
    assert host.state["network"]["peer"] == "Bob"
    mover = host if mine == BLACK else guest
    waiter = guest if mover is host else host
    assert mover.state["legal"] and not waiter.state["legal"]  # only the side to move lights up
    assert not click(waiter, 22, 18)
    assert "turn" in status(waiter)[1]


def test_moves_go_both_ways_and_both_boards_follow(boards: list[CheckersWidget]) -> None:
    host, guest = pair(boards, seed=2)
    black = host if sides(host)[0] == BLACK else guest
    white = guest if black is host else host
    assert click(black, 11, 15)
    until(lambda: guest.game.ply == 1 and host.game.ply == 1, "the first move on both boards")
    assert click(white, 23, 19)
    until(lambda: guest.game.ply == 2 and host.game.ply == 2, "the reply on both boards")
    assert [str(m) for m in guest.game.moves] == ["11-15", "23-19"]
    assert host.game.board.to_fen() == guest.game.board.to_fen()
    # Python moves go through the same checks.
    black.play("8-11")
    until(lambda: guest.game.ply == 3 and host.game.ply == 3, "a move from Python")
    with pytest.raises(CheckersError):
        black.play("11-16")  # not Black's turn


def test_controls_that_cannot_cross_the_link_are_refused(boards: list[CheckersWidget]) -> None:
    host, guest = pair(boards, seed=3)
    for board in (host, guest):
        for name in ("undo", "redo", "new", "restart", "hint", "pause"):
            assert not command(board, name)
            assert "not available in a network game" in status(board)[1]
        with pytest.raises(CheckersError, match="network game"):
            board.undo()
        with pytest.raises(CheckersError, match="network game"):
            board.edit()
    assert host.state["pausable"] is False
    click(host if sides(host)[0] == BLACK else guest, 11, 15)
    until(lambda: guest.game.ply == 1 and host.game.ply == 1, "a move to replay")
    assert command(guest, "replay")  # showing a move again is each board's own business
    assert guest.state["replay"] is not None and host.state["replay"] is None


def test_draw_offers_and_resignation_cross_the_link(boards: list[CheckersWidget]) -> None:
    host, guest = pair(boards, seed=4)
    assert command(guest, "offer-draw")
    until(lambda: host.game.draw_offer == sides(host)[1], "the offer at the host")
    assert command(host, "decline-draw")
    until(lambda: guest.game.draw_offer is None, "the refusal at the guest")
    assert command(host, "resign")
    until(lambda: guest.game.result is not None, "the result at the guest")
    winner = sides(host)[1]
    assert guest.game.winner == winner and host.game.winner == winner


def test_the_host_can_refuse(boards: list[CheckersWidget]) -> None:
    host = CheckersWidget.host(name="Ann", milestones=False)
    boards.append(host)
    guest = CheckersWidget.join("127.0.0.1", host.network.port, name="Eve", milestones=False)  # type: ignore[union-attr]
    boards.append(guest)
    until(lambda: host.state["network"]["request"] is not None, "the join request")
    assert command(host, "refuse-peer")
    until(lambda: "refused" in status(guest)[1].lower(), "the refusal")
    assert host.state["network"]["request"] is None and host.network.remote_side is None  # type: ignore[union-attr]
    assert not command(guest, "accept-peer")  # only a host accepts players


def test_options_that_make_no_sense_across_the_link() -> None:
    with pytest.raises(CheckersError, match="opponent= is not available"):
        CheckersWidget.host(opponent="easy")
    with pytest.raises(CheckersError, match="timer= is not available"):
        CheckersWidget.join("127.0.0.1", 1, timer="normal")


def test_a_guest_in_another_process_plays_on_a_hosted_board(
    boards: list[CheckersWidget], spawn: Callable[..., Peer]
) -> None:
    host = CheckersWidget.host(accept=True, seed=5, name="Ann", reconnect_timeout=1.0)
    boards.append(host)
    peer = spawn("join", str(host.network.port), "--name", "Bob")  # type: ignore[union-attr]
    peer.cmd("wait-accepted")
    until(lambda: host.network.remote_side is not None, "the guest")  # type: ignore[union-attr]
    mine, _theirs = sides(host)
    if mine == BLACK:
        assert click(host, 11, 15)
        peer.cmd("wait ply>=1")
        peer.cmd("move 23-19")
    else:
        peer.cmd("move 11-15")
        until(lambda: host.game.ply == 1, "the guest's move")
        assert click(host, 23, 19)
        peer.cmd("wait ply>=2")
    until(lambda: host.game.ply == 2, "two moves on the hosted board")
    assert [str(m) for m in host.game.moves] == ["11-15", "23-19"]
    assert peer.cmd("wait ply>=2")["fen"] == host.game.board.to_fen()  # the mirror agrees
    # A forged move (White's 22-18 while Black is to move: out of turn for a white guest,
    # the host's pieces for a black one) is refused by the host and changes nothing.
    before = host.game.board.to_fen()
    peer.cmd("rawmove 22-18")
    peer.cmd("wait errors>=1")
    until(lambda: len(host.network.errors) > 0, "the refusal logged at the host")  # type: ignore[union-attr]
    assert host.game.board.to_fen() == before and host.game.ply == 2
    # The guest's process dies: the hosted board pauses, then the guest forfeits.
    peer.kill()
    until(lambda: host.state["network"]["paused"], "the pause")
    assert host.state["network"]["status"].startswith("Connection lost")
    until(lambda: host.game.is_over(), "the forfeit")
    assert host.game.winner == mine
    assert "connection was lost" in (host.game.termination or "")


# --------------------------------------------------------------------------- one message each


def messages(board: CheckersWidget) -> list[str]:
    """Every text the board shows about the game and the link, as the front end draws it:
    the status line, the network line, and the join request with its buttons."""
    network = board.state["network"]
    shown = [board.state["status"]["text"], network["status"]]
    request = network["request"]
    if request is not None:  # js/network.js requestText
        shown.append(f"{request['name']} ({request['address']}) wants to join")
    return [text for text in shown if text]


def test_a_host_nobody_joined_yet_says_so_once(boards: list[CheckersWidget]) -> None:
    """The user's report: the host's status said "Black to move" before anyone joined."""
    host = CheckersWidget.host(name="Ann", milestones=False)
    boards.append(host)
    port = host.network.port  # type: ignore[union-attr]
    assert status(host) == ("turn", f"Waiting for a player to join on port {port}")
    assert messages(host) == [f"Waiting for a player to join on port {port}"]
    assert not click(host, 11, 15)  # nobody to play yet: refused, with the same words
    assert status(host) == ("refused", f"Waiting for a player to join on port {port}")


def test_a_join_request_is_shown_once(boards: list[CheckersWidget]) -> None:
    """The user's report: "asks to join: accept or refuse?" and "wants to join [Accept]"."""
    host = CheckersWidget.host(name="Ann", milestones=False)
    boards.append(host)
    guest = CheckersWidget.join("127.0.0.1", host.network.port, name="Bob", milestones=False)  # type: ignore[union-attr]
    boards.append(guest)
    until(lambda: host.state["network"]["request"] is not None, "the join request")
    address = host.state["network"]["request"]["address"]
    assert address.startswith("127.0.0.1")
    # The status line no longer says "waiting for a player" while one asks (the review
    # after the first fix): it points at the request, which names the player once.
    assert messages(host) == ["Answer the join request below", f"Bob ({address}) wants to join"]
    assert not any("accept or refuse" in text for text in messages(host))
    assert messages(guest) == [f"Waiting for 127.0.0.1:{host.network.port} to accept"]  # type: ignore[union-attr]


def test_each_board_has_one_status_line_during_the_game(boards: list[CheckersWidget]) -> None:
    """The user's report: the guest saw two status lines ("Your move (Black)" above the
    board and "Black to move" on the status line)."""
    host, guest = pair(boards, seed=6)
    black = host if sides(host)[0] == BLACK else guest
    white = guest if black is host else host
    until(lambda: guest.state["players"][BLACK] != "waiting", "the guest's sides")
    black_name, white_name = ("Ann", "Bob") if black is host else ("Bob", "Ann")
    assert messages(black) == ["Your move (Black)"]
    assert messages(white) == [f"Waiting for {black_name} (Black) to move"]
    assert status(black)[0] == "turn" and status(white)[0] == "turn"
    assert click(black, 11, 15)
    until(lambda: guest.game.ply == 1 and host.game.ply == 1, "the move on both boards")
    until(lambda: messages(white) == ["Your move (White)"], "White's turn on White's board")
    assert messages(black) == [f"Waiting for {white_name} (White) to move"]
    # A refusal replaces the status line until the next action, never adds a line.
    assert not click(black, 12, 16)
    assert messages(black) == [f"It is {white_name}'s turn"]


def test_a_network_board_offers_no_evaluation(boards: list[CheckersWidget]) -> None:
    """The review: the Evaluation switch showed on network boards, which leave out hints;
    the board no longer offers it, and switching it on anyway does nothing."""
    host = CheckersWidget.host(name="Ann", milestones=False)
    boards.append(host)
    controls = offered(host)
    assert "evaluation" not in controls and "flip" in controls and "resign" in controls
    host.live_eval = True
    assert host.live_eval is False and host.state.get("evaluation") is None
    assert offered(CheckersWidget()) == CONTROLS  # a local board: all that apply
