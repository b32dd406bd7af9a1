"""Network play over 127.0.0.1: a host and a guest, in two processes where it matters.

Most tests host in the pytest process and run the guest in a subprocess
(``tests/network_peer.py``, driven through stdin/stdout), so a killed process is a real
dropped connection; one test runs the host in the subprocess to drop the *host*. Forged
messages are written on a raw socket. Every test uses ephemeral ports (``port=0``) and
its own sessions, so the module runs in any order and under pytest-xdist. Nothing is
timed: waits have generous timeouts and return as soon as their condition holds.
"""

from __future__ import annotations

import contextlib
import json
import logging
import random
import socket
import sys
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from checkers_widget import BLACK, WHITE, Game
from checkers_widget.core.color import opponent
from checkers_widget.core.outcome import WIN
from checkers_widget.network import (
    MAX_MESSAGE_BYTES,
    PROTOCOL,
    PROTOCOL_VERSION,
    ConnectionRefusedByHost,
    HostSession,
    JoinRequest,
    JoinSession,
    NetworkUnavailableError,
    SessionEvent,
)
from network_peers import WAIT, Peer, PeerError


# --------------------------------------------------------------------------- helpers
@pytest.fixture
def hosts() -> Iterator[Callable[..., HostSession]]:
    """Start host sessions in this process; all closed at the end of the test."""
    sessions: list[HostSession | JoinSession] = []

    def start(game: Game | None = None, **options: Any) -> HostSession:
        options.setdefault("accept", True)
        session = HostSession(game or Game(), **options).start()
        sessions.append(session)
        return session

    start.sessions = sessions  # type: ignore[attr-defined]
    yield start
    for session in sessions:
        session.close()


def join(hosts: Any, port: int, **options: Any) -> JoinSession:
    """An in-process guest (closed with the hosts fixture)."""
    session = JoinSession("127.0.0.1", port, **options).start()
    hosts.sessions.append(session)
    return session


def wait(session: HostSession | JoinSession, predicate: Callable[[Any], bool]) -> None:
    assert session.wait_for(predicate, WAIT), session.status


def kinds_once(events: list[SessionEvent], last: str) -> list[str]:
    """The kinds of ``events`` once one of kind ``last`` has arrived (``on_change`` runs
    on the network thread just after the change it reports, so poll briefly for it)."""
    deadline = time.monotonic() + WAIT
    while not any(e.kind == last for e in events) and time.monotonic() < deadline:
        time.sleep(0.01)
    return [e.kind for e in events]


class RawGuest:
    """A hand-written guest on a raw socket, for forged and malformed messages."""

    def __init__(self, port: int) -> None:
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=WAIT)
        self.file = self.sock.makefile("rb")

    def send(self, data: bytes | dict[str, Any]) -> None:
        if isinstance(data, dict):
            data = json.dumps({"protocol": PROTOCOL, "version": PROTOCOL_VERSION, **data}).encode()
        self.sock.sendall(data + b"\n")

    def read(self, kind: str | None = None) -> dict[str, Any]:
        """The next message (of ``kind``, skipping pings and states)."""
        while True:
            text = self.file.readline()
            assert text, "the host closed the connection"
            message = json.loads(text)
            if message["type"] == "ping":
                continue
            if kind is None or message["type"] == kind:
                return message

    def hello(self, name: str = "Mallory", token: str | None = None) -> dict[str, Any]:
        self.send({"type": "hello", "name": name, "token": token})
        return self.read()

    def closed_by_host(self) -> bool:
        """Whether the host hangs up (reads until end of stream)."""
        try:
            while self.file.readline():
                pass
        except OSError:
            pass
        return True

    def close(self) -> None:
        self.file.close()
        self.sock.close()


def random_game(seed: int, max_plies: int = 300) -> list[str]:
    """A legal game played at random to its end (or ``max_plies``)."""
    rng = random.Random(seed)
    game = Game(draw_rules="none")
    while not game.is_over() and game.ply < max_plies:
        game.play(rng.choice(game.legal_moves()))
    return [str(m) for m in game.moves]


# --------------------------------------------------------------------------- joining
def test_accept_on_request_then_the_sides_and_game_reach_the_guest(
    hosts: Any, spawn: Callable[..., Peer]
) -> None:
    events: list[SessionEvent] = []
    game = Game()
    game.play("11-15")  # a game in progress is kept
    host = hosts(game, accept=None, name="Ann", on_change=events.append)
    peer = spawn("join", str(host.port), "--name", "Bob")
    wait(host, lambda s: s.pending_request is not None)
    request = host.pending_request
    assert request is not None and request.name == "Bob"
    assert request.address.startswith("127.0.0.1:")
    assert "Bob (127.0.0.1:" in host.status and "accept or refuse" in host.status
    assert host.local_side is None
    host.accept()
    guest = peer.cmd("wait-accepted")
    assert guest["side"] == host.remote_side == opponent(host.local_side)  # type: ignore[arg-type]
    assert len(guest["token"]) == 32
    assert guest["moves"] == ["11-15"] and guest["fen"] == game.board.to_fen()
    assert host.connected and host.guest_name == "Bob" and host.pending_request is None
    kinds = [e.kind for e in events]
    assert kinds[:3] == ["listening", "request", "accepted"]


def test_refused_by_the_host(hosts: Any, spawn: Callable[..., Peer]) -> None:
    host = hosts(accept=None)
    peer = spawn("join", str(host.port))
    wait(host, lambda s: s.pending_request is not None)
    host.refuse("not today")
    with pytest.raises(PeerError, match="ConnectionRefusedByHost: the host refused: not today"):
        peer.cmd("wait-accepted")
    assert host.local_side is None and host.pending_request is None
    # The seat is still free: the next player can be accepted.
    other = spawn("join", str(host.port), "--name", "Cy")
    wait(host, lambda s: s.pending_request is not None)
    host.accept()
    assert other.cmd("wait-accepted")["side"] in (BLACK, WHITE)


def test_accept_policies_false_and_callable(hosts: Any) -> None:
    closed = hosts(accept=False)
    guest = join(hosts, closed.port)
    with pytest.raises(ConnectionRefusedByHost, match="refused"):
        guest.wait_accepted(WAIT)
    assert "refused" in guest.status
    seen: list[str] = []

    def only_bob(request: JoinRequest) -> bool:
        seen.append(request.name)
        return request.name == "Bob"

    picky = hosts(accept=only_bob)
    with pytest.raises(ConnectionRefusedByHost):
        join(hosts, picky.port, name="Eve").wait_accepted(WAIT)
    bob = join(hosts, picky.port, name="Bob").wait_accepted(WAIT)
    assert seen == ["Eve", "Bob"] and bob.local_side == picky.remote_side


def test_side_draw_is_random_and_reproducible_by_seed(hosts: Any) -> None:
    def drawn(seed: int) -> str:
        host = hosts(rng=random.Random(seed))
        join(hosts, host.port).wait_accepted(WAIT)
        assert host.local_side is not None
        return host.local_side

    sides = [drawn(seed) for seed in range(4)]
    assert set(sides) == {BLACK, WHITE}  # both happen (seeds 0-3 give both)
    assert [drawn(seed) for seed in range(4)] == sides  # and the same seed, the same draw


# --------------------------------------------------------------------------- playing
def test_a_whole_game_across_two_processes(hosts: Any, spawn: Callable[..., Peer]) -> None:
    moves = random_game(seed=11)
    host = hosts(Game(draw_rules="none"), rng=random.Random(3))
    peer = spawn("join", str(host.port))
    peer.cmd("wait-accepted")
    local = host.local_side
    for ply, text in enumerate(moves):
        if host.game.turn == local:
            host.play(text)
        else:
            peer.cmd(f"move {text}")
        wait(host, lambda s: s.game.ply > ply)  # noqa: B023 - used at once
        peer.cmd(f"wait ply>={ply + 1}")
    guest = peer.cmd("state")
    assert host.game.is_over() and len(moves) > 20
    assert guest["moves"] == [str(m) for m in host.game.moves] == moves
    assert guest["fen"] == host.game.board.to_fen()
    assert (guest["result"], guest["termination"]) == (host.game.result, host.game.termination)
    assert guest["status"].startswith(("You win", "You lose"))
    assert host.status.startswith(("You win", "You lose")) and host.status != guest["status"]
    assert host.errors == [] and guest["errors"] == []


def test_illegal_and_out_of_turn_moves_are_refused(
    hosts: Any, spawn: Callable[..., Peer], caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.WARNING, logger="checkers_widget")
    host = hosts(rng=random.Random(0))
    peer = spawn("join", str(host.port))
    peer.cmd("wait-accepted")
    if host.game.turn == host.remote_side:  # let the host be the side to move
        peer.cmd("move 23-19" if host.remote_side == WHITE else "move 11-15")
        wait(host, lambda s: s.game.ply == 1)
    before = (host.game.board.to_fen(), host.game.ply)
    # Out of turn: refused locally when checked, and by the host when sent anyway.
    with pytest.raises(PeerError, match="not yours"):
        peer.cmd("move 24-20" if host.remote_side == WHITE else "move 9-13")
    move = "24-20" if host.remote_side == WHITE else "9-13"
    peer.cmd(f"rawmove {move}")
    wait(host, lambda s: len(s.errors) == 1)
    assert "not your turn" in host.errors[0].reason
    # On its turn: an illegal move, explained.
    host.play(next(str(m) for m in host.game.legal_moves()))
    wait(host, lambda s: s.game.turn == s.remote_side)
    peer.cmd("wait ply>=" + str(host.game.ply))
    before = (host.game.board.to_fen(), host.game.ply)
    illegal = "21-14" if host.remote_side == WHITE else "1-5"
    peer.cmd(f"rawmove {illegal}")
    wait(host, lambda s: len(s.errors) == 2)
    assert (host.game.board.to_fen(), host.game.ply) == before
    assert illegal.split("-")[0] in host.errors[1].reason
    guest = peer.cmd("wait errors>=2")
    assert "not your turn" in guest["errors"][0] and guest["fen"] == before[0]
    assert sum("refused a message" in r.message for r in caplog.records) >= 2


def test_forged_and_malformed_messages_are_refused_logged_and_never_applied(
    hosts: Any, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.WARNING, logger="checkers_widget")
    host = hosts(rng=random.Random(0))
    raw = RawGuest(host.port)
    welcome = raw.hello()
    assert welcome["type"] == "welcome"
    state = raw.read("state")
    assert state["ply"] == 0 and state["moves"] == []
    start = host.game.board.to_fen()
    local = host.local_side
    host_move = [11, 15] if local == BLACK else [23, 19]
    guest_move = [23, 19] if local == BLACK else [11, 15]
    forged: list[tuple[bytes | dict[str, Any], str]] = [
        (b"{this is not json", "not valid JSON"),
        (json.dumps({"protocol": PROTOCOL, "version": 99, "type": "resign"}).encode(), "version"),
        ({"type": "checkmate"}, "unknown message type"),
        (
            {
                "type": "state",
                **{k: state[k] for k in state if k not in ("protocol", "version", "type")},
            },
            "client may not send a 'state'",
        ),
        ({"type": "move", "ply": 0, "path": [40, 44]}, "from 1 to 32"),
        ({"type": "move", "ply": 0, "path": guest_move, "side": local}, "unexpected fields"),
        ({"type": "move", "ply": 5, "path": guest_move}, "stale move"),
        ({"type": "hello", "name": "Mallory", "token": None}, "hello was already said"),
        ({"type": "accept-draw"}, "no draw offer"),
    ]
    if host.game.turn == local:
        forged.append(({"type": "move", "ply": 0, "path": host_move}, "not your turn"))
    else:  # the guest is to move: a move of the host's pieces is still not the guest's
        forged.append(({"type": "move", "ply": 0, "path": host_move}, "not"))
    for data, why in forged:
        raw.send(data)
        answer = raw.read("error")
        assert why in answer["reason"], (why, answer)
    assert len(host.errors) == len(forged)
    assert all(why in refusal.reason for refusal, (_, why) in zip(host.errors, forged, strict=True))
    assert host.game.ply == 0 and host.game.board.to_fen() == start and host.game.result is None
    warnings = [r for r in caplog.records if "refused a message" in r.getMessage()]
    assert len(warnings) == len(forged)
    assert host.connected and not host.paused

    # A second player while the guest is live, and a wrong token: both turned away.
    intruder = RawGuest(host.port)
    assert intruder.hello("Trudy") == {
        "protocol": PROTOCOL,
        "version": PROTOCOL_VERSION,
        "type": "refused",
        "reason": "the game is full",
    }
    assert intruder.closed_by_host()
    thief = RawGuest(host.port)
    assert thief.hello("Trudy", token="0" * 32)["reason"] == "wrong reconnection token"
    assert thief.closed_by_host()
    assert [r.reason for r in host.errors[-2:]] == ["the game is full", "wrong reconnection token"]
    assert host.connected and host.game.ply == 0

    # An oversized line: refused unread, and the connection dropped (the game pauses).
    raw.sock.sendall(b"x" * (MAX_MESSAGE_BYTES + 10))
    assert raw.closed_by_host()
    wait(host, lambda s: s.paused)
    assert "longer than" in host.errors[-1].reason
    assert host.game.ply == 0 and host.game.board.to_fen() == start
    for sock in (raw, intruder, thief):
        sock.close()


def test_a_first_message_that_is_not_a_hello_is_dropped(hosts: Any) -> None:
    host = hosts()
    raw = RawGuest(host.port)
    raw.send({"type": "resign"})
    assert raw.read("error")["reason"] == "the first message must be a hello"
    assert raw.closed_by_host()
    assert host.local_side is None and not host.game.is_over()
    raw.close()


# --------------------------------------------------------------------------- draws, resigning
def test_draw_offer_decline_and_accept_across_the_link(
    hosts: Any, spawn: Callable[..., Peer]
) -> None:
    host = hosts()
    peer = spawn("join", str(host.port))
    peer.cmd("wait-accepted")
    remote = host.remote_side
    peer.cmd("offer")
    wait(host, lambda s: s.game.draw_offer == remote)
    assert "offers a draw: accept or decline?" in host.status
    guest = peer.cmd(f"wait offer={remote}")  # the offer shows once the host confirms it
    assert "you offered a draw" in guest["status"]
    host.decline_draw()
    assert peer.cmd("wait no-offer")["draw_offer"] is None
    host.offer_draw()
    guest = peer.cmd(f"wait offer={host.local_side}")
    assert "accept or decline" in guest["status"]
    peer.cmd("accept")
    wait(host, lambda s: s.game.is_over())
    assert (host.game.result, host.game.termination) == ("1/2-1/2", "draw agreed")
    guest = peer.cmd("wait over")
    assert (guest["result"], guest["termination"]) == ("1/2-1/2", "draw agreed")
    assert guest["status"] == host.status == "Draw: draw agreed"


def test_resignation_either_way(hosts: Any, spawn: Callable[..., Peer]) -> None:
    host = hosts()
    peer = spawn("join", str(host.port))
    peer.cmd("wait-accepted")
    peer.cmd("resign")
    wait(host, lambda s: s.game.is_over())
    assert host.game.winner == host.local_side
    assert host.game.termination == f"{host.game.side_name(host.remote_side)} resigned"
    assert peer.cmd("wait over")["status"].startswith("You lose")
    with pytest.raises(PeerError, match="over"):
        peer.cmd("resign")

    second = hosts()
    guest = join(hosts, second.port).wait_accepted(WAIT)
    second.resign()
    wait(guest, lambda s: s.game.is_over())
    assert guest.game is not None and guest.game.winner == guest.local_side
    assert guest.status.startswith("You win")


# --------------------------------------------------------------------------- dropped links
def test_a_killed_guest_pauses_the_game_and_comes_back_with_its_token(
    hosts: Any, spawn: Callable[..., Peer]
) -> None:
    events: list[SessionEvent] = []
    host = hosts(rng=random.Random(1), on_change=events.append)
    peer = spawn("join", str(host.port), "--name", "Bob")
    token = peer.cmd("wait-accepted")["token"]
    first = "11-15"
    if host.game.turn == host.local_side:
        host.play(first)
    else:
        peer.cmd(f"move {first}")
    wait(host, lambda s: s.game.ply == 1)
    peer.kill()
    wait(host, lambda s: s.paused)
    assert not host.connected
    assert host.status.startswith("Connection lost: waiting up to ")
    assert host.status.endswith(" s for Bob to come back")
    with pytest.raises(Exception, match="paused"):
        host.play("9-13")
    back = spawn("join", str(host.port), "--name", "Bob", "--token", token)
    guest = back.cmd("wait-accepted")
    wait(host, lambda s: not s.paused and s.connected)
    assert guest["moves"] == ["11-15"] and guest["side"] == host.remote_side
    assert kinds_once(events, "resumed").count("paused") == 1
    assert any(e.kind == "resumed" and "Bob is back" in e.text for e in events)
    # And the game goes on.
    reply = "23-19" if host.game.turn == host.remote_side else None
    if reply:
        back.cmd(f"move {reply}")
    else:
        host.play("23-19")
    wait(host, lambda s: s.game.ply == 2)
    assert back.cmd("wait ply>=2")["fen"] == host.game.board.to_fen()


def test_a_guest_who_does_not_come_back_forfeits(hosts: Any, spawn: Callable[..., Peer]) -> None:
    events: list[SessionEvent] = []
    host = hosts(reconnect_timeout=1.0, on_change=events.append)
    peer = spawn("join", str(host.port), "--name", "Bob")
    token = peer.cmd("wait-accepted")["token"]
    peer.kill()
    wait(host, lambda s: s.game.is_over())
    assert host.forfeited and not host.paused
    assert host.game.result == WIN[host.local_side]  # type: ignore[index]
    assert host.game.termination == "forfeit: Bob's connection was lost"
    assert host.status == "You win: forfeit: Bob's connection was lost (Bob has left)"
    assert kinds_once(events, "forfeit")[-3:] == ["paused", "result", "forfeit"]
    # Coming back late only shows the result.
    late = spawn("join", str(host.port), "--token", token)
    guest = late.cmd("wait-accepted")
    assert guest["result"] == host.game.result
    assert guest["termination"] == "forfeit: Bob's connection was lost"
    assert guest["status"].startswith("You lose")


def test_a_silent_guest_is_noticed_by_the_heartbeat(hosts: Any) -> None:
    events: list[SessionEvent] = []
    host = hosts(heartbeat_interval=0.1, heartbeat_timeout=0.6, on_change=events.append)
    raw = RawGuest(host.port)
    assert raw.hello()["type"] == "welcome"
    # It keeps the connection open but never answers a ping.
    wait(host, lambda s: s.paused)
    kinds_once(events, "paused")
    paused = next(e for e in events if e.kind == "paused")
    assert paused.data["reason"] == "no answer for 0.6 s (connection lost)"
    assert "Connection lost" in paused.text
    raw.close()


def test_a_killed_host_pauses_the_guest_then_is_reported_gone(
    spawn: Callable[..., Peer], hosts: Any
) -> None:
    remote = spawn("host", "--seed", "5", "--name", "Ann")
    events: list[SessionEvent] = []
    guest = join(
        hosts,
        remote.first["port"],
        reconnect_timeout=1.0,
        retry_interval=0.1,
        on_change=events.append,
    ).wait_accepted(WAIT)
    assert guest.host_name == "Ann" and guest.game is not None
    if guest.game.turn == guest.local_side:
        guest.send_move("11-15")
    else:
        remote.cmd("move 11-15")
    wait(guest, lambda s: s.game.ply == 1)
    remote.kill()
    wait(guest, lambda s: s.paused)
    assert guest.status.startswith("Connection to Ann lost: reconnecting")
    with pytest.raises(Exception, match="paused"):
        guest.offer_draw()
    wait(guest, lambda s: s.host_gone)
    assert not guest.paused and "nothing was recorded here" in guest.status
    assert guest.game.ply == 1 and guest.game.result is None  # nothing decided here
    assert kinds_once(events, "host-gone")[-2:] == ["paused", "host-gone"]


class Proxy:
    """A TCP relay whose connections can be cut, to drop a link without killing anyone."""

    def __init__(self, target: int) -> None:
        self.target = target
        self.server = socket.create_server(("127.0.0.1", 0))
        self.port = self.server.getsockname()[1]
        self.pairs: list[tuple[socket.socket, socket.socket]] = []
        threading.Thread(target=self._serve, daemon=True).start()

    def _serve(self) -> None:
        while True:
            try:
                client, _ = self.server.accept()
            except OSError:
                return
            upstream = socket.create_connection(("127.0.0.1", self.target))
            self.pairs.append((client, upstream))
            for a, b in ((client, upstream), (upstream, client)):
                threading.Thread(target=self._pipe, args=(a, b), daemon=True).start()

    @staticmethod
    def _pipe(source: socket.socket, sink: socket.socket) -> None:
        with contextlib.suppress(OSError):
            while data := source.recv(65536):
                sink.sendall(data)
        for sock in (source, sink):
            with contextlib.suppress(OSError):
                sock.shutdown(socket.SHUT_RDWR)

    def cut(self) -> None:
        for pair in self.pairs:
            for sock in pair:
                with contextlib.suppress(OSError):
                    sock.shutdown(socket.SHUT_RDWR)
        self.pairs.clear()

    def close(self) -> None:
        self.cut()
        self.server.close()


def test_both_sides_pause_on_a_network_cut_and_resume(hosts: Any) -> None:
    host = hosts(rng=random.Random(2))
    proxy = Proxy(host.port)
    try:
        guest = join(hosts, proxy.port, retry_interval=0.1).wait_accepted(WAIT)
        proxy.cut()
        wait(host, lambda s: s.paused)
        # The guest notices too, reconnects through the relay with its token, and both resume.
        wait(host, lambda s: s.connected and not s.paused)
        wait(guest, lambda s: s.connected and not s.paused)
        mover = guest if guest.game is not None and guest.game.turn == guest.local_side else None
        if mover is not None:
            guest.send_move("11-15" if guest.local_side == BLACK else "23-19")
        else:
            host.play("11-15" if host.local_side == BLACK else "23-19")
        wait(guest, lambda s: s.game.ply == 1)
        assert guest.game is not None and guest.game.moves == host.game.moves
    finally:
        proxy.close()


def test_closing_the_host_tells_the_guest_at_once(hosts: Any) -> None:
    host = hosts()
    guest = join(hosts, host.port).wait_accepted(WAIT)
    host.close()
    wait(guest, lambda s: s.host_gone)
    assert not guest.paused and "closed the game" in guest.status
    with pytest.raises(Exception, match="closed the game"):
        guest.resign()


# --------------------------------------------------------------------------- threads, platform
def test_events_come_from_the_network_thread_and_a_shared_lock_works(hosts: Any) -> None:
    lock = threading.RLock()
    threads: set[str] = set()

    seen: list[SessionEvent] = []

    def on_change(event: SessionEvent) -> None:
        with lock:  # a widget takes its own (shared) lock here: no deadlock
            threads.add(threading.current_thread().name)
            seen.append(event)

    game = Game()
    listener_calls: list[str] = []

    def listener(event: str, _game: Game) -> None:
        with lock:
            listener_calls.append(event)

    game.subscribe(listener)
    host = hosts(game, lock=lock, on_change=on_change, rng=random.Random(0))
    assert host.lock is lock
    guest = join(hosts, host.port).wait_accepted(WAIT)
    if guest.game is not None and guest.game.turn == guest.local_side:
        guest.send_move("11-15")
    else:
        with lock:
            host.play("11-15")
    wait(host, lambda s: s.game.ply == 1)
    wait(guest, lambda s: s.game.ply == 1)
    assert "move" in kinds_once(seen, "move")
    assert threads == {"checkers-host"} and listener_calls == ["move"]


def test_not_available_without_sockets(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "platform", "emscripten")
    with pytest.raises(NetworkUnavailableError, match="Pyodide"):
        HostSession(Game())
    with pytest.raises(NetworkUnavailableError):
        JoinSession("127.0.0.1", 1)


def test_the_guest_refuses_forged_messages_from_a_fake_host(hosts: Any) -> None:
    server = socket.create_server(("127.0.0.1", 0))
    guest = join(hosts, server.getsockname()[1], name="Bob")
    conn, _ = server.accept()
    conn.settimeout(WAIT)
    hello = json.loads(conn.makefile("rb").readline())
    assert (hello["type"], hello["name"], hello["token"]) == ("hello", "Bob", None)

    def send(kind: str, **fields: Any) -> None:
        message = {"protocol": PROTOCOL, "version": PROTOCOL_VERSION, "type": kind, **fields}
        conn.sendall(json.dumps(message).encode() + b"\n")

    start = Game().start_fen
    state = {
        "seq": 1,
        "start_fen": start,
        "moves": [],
        "ply": 0,
        "fen": start,
        "result": None,
        "termination": None,
        "draw_offer": None,
    }
    send("move", ply=0, path=[11, 15])  # a host does not send moves
    send("state", **state)  # nor a state before its welcome
    wait(guest, lambda s: len(s.errors) == 2)
    assert "host may not send a 'move'" in guest.errors[0].reason
    assert "a state before the welcome" in guest.errors[1].reason
    assert guest.game is None and not guest.accepted
    send(
        "welcome",
        side="white",
        token="ab" * 16,
        host_name="Ann",
        guest_name="Bob",
        resumed=False,
        reconnect_timeout=60,
        start_fen=start,
        draw_rules={"quiet_moves": 40, "repetitions": None, "automatic": True},
        side_names=["Black", "White"],
    )
    send("state", **state)
    guest.wait_accepted(WAIT)
    assert guest.local_side == WHITE and guest.token == "ab" * 16
    # A state whose moves are not legal, or whose position does not follow: never applied.
    send("state", **{**state, "seq": 2, "moves": [[11, 18]], "ply": 1})
    send("state", **{**state, "seq": 3, "moves": [[11, 15]], "ply": 1})
    wait(guest, lambda s: len(s.errors) == 4)
    assert "is not legal" in guest.errors[2].reason
    assert "position differs" in guest.errors[3].reason
    assert guest.game is not None and guest.game.ply == 0 and guest.game.board.to_fen() == start
    conn.close()
    server.close()
