"""A network host under attack: idle, slow, flooding and garbage-sending connections.

Each test opens raw sockets to a real :class:`HostSession` on 127.0.0.1 and checks that a
real :class:`JoinSession` still joins, that the host closes what it should (after its
handshake deadline, or to make room), and that it keeps serving. Nothing is timed:
waits have generous limits (``WAIT``) and return as soon as their condition holds, and
``pytest.mark.timeout`` guards against a hang.
"""

from __future__ import annotations

import contextlib
import json
import random
import socket
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from checkers_widget import BLACK, WHITE, CheckersError, Game
from checkers_widget.network import (
    MAX_MESSAGE_BYTES,
    PROTOCOL,
    PROTOCOL_VERSION,
    ConnectionRefusedByHost,
    HostSession,
    JoinSession,
    SessionError,
)
from checkers_widget.network import peer_session as session_module
from network_peers import WAIT

#: Long enough that neither the heartbeat nor the handshake deadline closes anything
#: during a test that is about the limit on waiting connections.
LONG = 120.0


@pytest.fixture
def sessions() -> Iterator[list[HostSession | JoinSession]]:
    """Sessions to close at the end of the test, whatever happens."""
    opened: list[HostSession | JoinSession] = []
    yield opened
    for session in opened:
        session.close()


@pytest.fixture
def sockets() -> Iterator[Callable[[int], socket.socket]]:
    """Raw connections to a port, all closed at the end of the test."""
    opened: list[socket.socket] = []

    def connect(port: int) -> socket.socket:
        sock = socket.create_connection(("127.0.0.1", port), timeout=WAIT)
        opened.append(sock)
        return sock

    yield connect
    for sock in opened:
        sock.close()


def host(sessions: list[Any], game: Game | None = None, **options: Any) -> HostSession:
    options.setdefault("accept", True)
    session = HostSession(game or Game(), **options).start()
    sessions.append(session)
    return session


def join(sessions: list[Any], port: int, name: str = "Bob") -> JoinSession:
    guest = JoinSession("127.0.0.1", port, name=name)
    sessions.append(guest)
    return guest.start()


def until_closed(sock: socket.socket) -> list[dict[str, Any]]:
    """Read until the host hangs up; the messages it sent meanwhile (pings excluded)."""
    data = b""
    with contextlib.suppress(ConnectionResetError):
        while chunk := sock.recv(65536):
            data += chunk
    messages = [json.loads(text) for text in data.splitlines() if text.strip()]
    return [m for m in messages if m["type"] != "ping"]


def hello_line(version: Any = PROTOCOL_VERSION, name: str = "Mallory") -> bytes:
    message = {"protocol": PROTOCOL, "version": version, "type": "hello"}
    return json.dumps({**message, "name": name, "token": None}).encode() + b"\n"


def hello_sent(guest: JoinSession) -> None:
    """Wait until the guest's network thread has written its hello to the socket."""
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        with guest.lock:
            if guest._link is not None and not guest._link.outbuf:
                return
        time.sleep(0.01)
    raise AssertionError("the guest did not send its hello")


def waiting(session: HostSession) -> int:
    """How many connections the host holds that have not said hello."""
    with session.lock:
        return sum(link.stage == "hello" for link in session._links)


# --------------------------------------------------------------------------- idle sockets
@pytest.mark.timeout(60)
@pytest.mark.parametrize("idle", [8, 32])
def test_idle_connections_do_not_shut_a_real_guest_out(
    sessions: list[Any], sockets: Callable[[int], socket.socket], idle: int
) -> None:
    """Eight idle sockets used to fill every handshake slot and turn a real guest away
    for 10 s (and the attacker could do it again forever)."""
    session = host(sessions, hello_timeout=LONG, heartbeat_timeout=LONG)
    idlers = [sockets(session.port) for _ in range(idle)]
    guest = join(sessions, session.port).wait_accepted(WAIT)
    assert guest.accepted and session.connected and session.guest_name == "Bob"
    assert waiting(session) == idle  # none of them needed closing
    assert all(sock.fileno() >= 0 for sock in idlers)


@pytest.mark.timeout(60)
def test_when_the_waiting_room_is_full_the_oldest_idle_connection_goes(
    sessions: list[Any], sockets: Callable[[int], socket.socket]
) -> None:
    session = host(sessions, hello_timeout=LONG, heartbeat_timeout=LONG, max_handshakes=8)
    idlers = [sockets(session.port) for _ in range(40)]
    guest = join(sessions, session.port).wait_accepted(WAIT)
    assert guest.accepted and session.connected
    # The host accepts in order: the guest came last, so the 40 - 7 oldest idlers were
    # closed to make room (each told why), and the newest seven still wait.
    assert waiting(session) == 7
    for sock in idlers[:33]:
        assert until_closed(sock) == [
            {
                "protocol": PROTOCOL,
                "version": PROTOCOL_VERSION,
                "type": "refused",
                "reason": "too many connections are waiting to join",
            }
        ]


@pytest.mark.timeout(60)
def test_a_hello_already_sent_is_honoured_when_room_is_made(
    sessions: list[Any], sockets: Callable[[int], socket.socket]
) -> None:
    """Making room reads the oldest connection first: a hello waiting there is taken,
    so a flood arriving just after a real guest does not throw the guest out."""
    session = host(sessions, hello_timeout=LONG, heartbeat_timeout=LONG, max_handshakes=4)
    with session.lock:  # hold the network thread until everyone has connected
        guest = join(sessions, session.port)
        hello_sent(guest)
        flood = [sockets(session.port) for _ in range(20)]
    guest.wait_accepted(WAIT)
    assert session.guest_name == "Bob" and waiting(session) == 4
    assert all(until_closed(sock)[0]["type"] == "refused" for sock in flood[:16])


# --------------------------------------------------------------------------- deadline
@pytest.mark.timeout(60)
def test_idle_connections_are_closed_after_the_handshake_deadline(
    sessions: list[Any], sockets: Callable[[int], socket.socket]
) -> None:
    session = host(sessions, hello_timeout=0.5, heartbeat_timeout=LONG)
    idlers = [sockets(session.port) for _ in range(8)]
    guest = join(sessions, session.port).wait_accepted(WAIT)
    for sock in idlers:
        assert [m["reason"] for m in until_closed(sock)] == ["no hello within 0.5 s"]
    assert session.wait_for(lambda s: waiting(s) == 0, WAIT)
    assert session.connected and guest.connected  # the guest who said hello stays


@pytest.mark.timeout(60)
def test_a_slowloris_is_closed_at_the_deadline_and_does_not_block_a_guest(
    sessions: list[Any], sockets: Callable[[int], socket.socket]
) -> None:
    """Sockets sending one byte at a time of a line that never ends: the deadline runs
    from the connection, not from the last byte, so talking slowly does not extend it."""
    session = host(sessions, hello_timeout=1.0, heartbeat_timeout=LONG)
    slow = [sockets(session.port) for _ in range(10)]
    stop = threading.Event()

    def drip() -> None:
        payload = b'{"protocol": "checkers-widget", "name": "' + b"a" * 10_000
        for i in range(len(payload)):
            for sock in slow:
                with contextlib.suppress(OSError):
                    sock.send(payload[i : i + 1])
            if stop.wait(0.05):
                return

    dripper = threading.Thread(target=drip, daemon=True)
    dripper.start()
    try:
        guest = join(sessions, session.port).wait_accepted(WAIT)
        for sock in slow:
            assert [m["reason"] for m in until_closed(sock)] == ["no hello within 1 s"]
        assert guest.connected and session.connected
    finally:
        stop.set()
        dripper.join(WAIT)


@pytest.mark.timeout(60)
def test_a_huge_line_without_newline_is_cut_off_before_the_hello(
    sessions: list[Any], sockets: Callable[[int], socket.socket]
) -> None:
    session = host(sessions, hello_timeout=LONG, heartbeat_timeout=LONG)
    sock = sockets(session.port)
    sent = 0
    with contextlib.suppress(OSError):  # the host hangs up: the write fails
        while sent < 256 * MAX_MESSAGE_BYTES:
            sock.sendall(b"x" * 65536)
            sent += 65536
    assert sent < 256 * MAX_MESSAGE_BYTES, "the host kept reading an endless line"
    assert session.wait_for(lambda s: s.errors, WAIT)
    assert "longer than" in session.errors[-1].reason
    assert join(sessions, session.port).wait_accepted(WAIT).accepted


@pytest.mark.timeout(60)
def test_garbage_before_the_hello_closes_the_connection_at_once(
    sessions: list[Any], sockets: Callable[[int], socket.socket]
) -> None:
    """Before its hello a connection gets one chance: a malformed line ends it (an HTTP
    request, another protocol...), so garbage cannot hold a place until the deadline."""
    session = host(sessions, hello_timeout=LONG, heartbeat_timeout=LONG)
    lines = [b"GET / HTTP/1.1\r\n", b"\xff\xfe\n", b"[]\n", hello_line(version=2)]
    for line in lines:
        sock = sockets(session.port)
        sock.sendall(line)
        messages = until_closed(sock)
        assert [m["type"] for m in messages] == ["error"], messages
    assert len(session.errors) == len(lines) and waiting(session) == 0
    assert session.local_side is None and not session.game.moves


# --------------------------------------------------------------------------- flood
@pytest.mark.timeout(120)
def test_a_flood_of_connections_is_bounded_and_the_guest_still_joins(
    sessions: list[Any], sockets: Callable[[int], socket.socket]
) -> None:
    session = host(sessions, hello_timeout=LONG, heartbeat_timeout=LONG, max_handshakes=16)
    for i in range(300):
        sock = sockets(session.port)
        if i % 3 == 0:  # some reset at once (SO_LINGER 0: an RST, not a FIN)
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00" * 2)
            sock.close()
        elif i % 3 == 1:
            sock.sendall(b'{"protocol": "checkers-widget"')  # half a line, then nothing
    guest = join(sessions, session.port).wait_accepted(WAIT)
    assert guest.accepted and session.connected
    with session.lock:
        assert len(session._links) <= 16 + 1  # the waiting room, and the guest
    if guest.local_side == BLACK:  # Black moves first: whoever has it plays
        guest.send_move("11-15")
    else:
        session.play("11-15")
    assert session.wait_for(lambda s: s.game.ply == 1, WAIT)
    assert guest.wait_for(lambda s: s.game is not None and s.game.ply == 1, WAIT)


# --------------------------------------------------------------------------- versions
@pytest.mark.timeout(60)
@pytest.mark.parametrize("version", [1.0, True, "1", [1]])
def test_a_hello_with_a_version_that_only_equals_1_is_refused(
    sessions: list[Any], sockets: Callable[[int], socket.socket], version: Any
) -> None:
    session = host(sessions)
    sock = sockets(session.port)
    sock.sendall(hello_line(version=version))
    messages = until_closed(sock)
    assert [m["type"] for m in messages] == ["error"]
    assert "version" in messages[0]["reason"]
    assert session.local_side is None and session.guest_name is None


# --------------------------------------------------------------------------- robustness
@pytest.mark.timeout(60)
def test_an_unexpected_error_drops_one_connection_not_the_host(
    sessions: list[Any], sockets: Callable[[int], socket.socket], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Whatever goes wrong while serving one connection, the network thread logs it,
    refuses or drops that connection, and keeps serving (it used to die silently)."""
    real_decode = session_module.decode

    def decode(line: bytes, *, sender: Any) -> Any:
        if line == b"boom":
            raise RuntimeError("a bug")
        return real_decode(line, sender=sender)

    monkeypatch.setattr(session_module, "decode", decode)
    session = host(sessions)
    sock = sockets(session.port)
    sock.sendall(b"boom\n")
    assert [m["reason"] for m in until_closed(sock)] == ["internal error: a bug"]
    assert not session.ended
    assert join(sessions, session.port).wait_accepted(WAIT).accepted


@pytest.mark.timeout(60)
def test_a_hostile_host_cannot_kill_the_guest_thread(sessions: list[Any]) -> None:
    """A welcome whose timeout is a 400-digit number used to raise OverflowError on the
    guest's network thread, which died; now it is refused and the guest carries on."""
    server = socket.create_server(("127.0.0.1", 0))
    try:
        guest = join(sessions, server.getsockname()[1])
        conn, _ = server.accept()
        conn.settimeout(WAIT)
        assert json.loads(conn.makefile("rb").readline())["type"] == "hello"
        start = Game().start_fen
        welcome = {
            "protocol": PROTOCOL,
            "version": PROTOCOL_VERSION,
            "type": "welcome",
            "side": "white",
            "token": "ab" * 16,
            "host_name": "Ann",
            "guest_name": "Bob",
            "resumed": False,
            "reconnect_timeout": 10**400,
            "start_fen": start,
            "draw_rules": {"quiet_moves": 40, "repetitions": None, "automatic": True},
            "side_names": ["Black", "White"],
        }
        state = {
            "protocol": PROTOCOL,
            "version": PROTOCOL_VERSION,
            "type": "state",
            "seq": 1,
            "start_fen": start,
            "moves": [],
            "ply": 0,
            "fen": start,
            "result": None,
            "termination": None,
            "draw_offer": None,
        }
        conn.sendall(json.dumps(welcome).encode() + b"\n")
        assert guest.wait_for(lambda s: s.errors, WAIT)
        assert "reconnect_timeout" in guest.errors[0].reason and not guest.ended
        conn.sendall(json.dumps({**welcome, "reconnect_timeout": 60}).encode() + b"\n")
        conn.sendall(json.dumps(state).encode() + b"\n")
        assert guest.wait_accepted(WAIT).accepted and guest.local_side == WHITE
        conn.close()
    finally:
        server.close()


def test_refusing_with_a_reason_full_of_control_characters(sessions: list[Any]) -> None:
    """The host's reason goes on the wire: control characters are replaced rather than
    failing half-way (the request used to be forgotten and the guest left waiting)."""
    session = host(sessions, accept=None)
    guest = join(sessions, session.port)
    assert session.wait_for(lambda s: s.pending_request is not None, WAIT)
    session.refuse("no\x1b[2J\nthanks")
    with pytest.raises(ConnectionRefusedByHost) as refused:
        guest.wait_accepted(WAIT)
    assert refused.value.reason == "no\ufffd[2J\ufffdthanks"
    assert session.pending_request is None


@pytest.mark.parametrize(
    "options",
    [
        {"hello_timeout": 0},
        {"hello_timeout": float("nan")},
        {"hello_timeout": "5"},
        {"max_handshakes": 0},
        {"max_handshakes": 2.0},
        {"max_handshakes": True},
        {"reconnect_timeout": -1},
        {"reconnect_timeout": float("inf")},
        {"heartbeat_interval": 0},
        {"heartbeat_timeout": float("nan")},
        {"name": ""},
        {"name": "a\nb"},
    ],
)
def test_host_arguments_are_checked_with_a_session_error(options: dict[str, Any]) -> None:
    with pytest.raises(SessionError):
        HostSession(Game(), **options)


@pytest.mark.parametrize(
    ("args", "options"),
    [
        (("127.0.0.1", "5555"), {}),
        (("127.0.0.1", 0), {}),
        (("127.0.0.1", 70_000), {}),
        (("127.0.0.1", True), {}),
        (("", 5555), {}),
        (("127.0.0.1", 5555), {"token": "abc"}),
        (("127.0.0.1", 5555), {"retry_interval": 0}),
        (("127.0.0.1", 5555), {"connect_timeout": -1}),
        (("127.0.0.1", 5555), {"reconnect_timeout": float("nan")}),
    ],
)
def test_join_arguments_are_checked_with_a_session_error(
    args: tuple[Any, ...], options: dict[str, Any]
) -> None:
    with pytest.raises(SessionError):
        JoinSession(*args, **options)
    assert issubclass(SessionError, CheckersError)


def test_not_a_game_is_a_session_error() -> None:
    with pytest.raises(SessionError, match="must be a Game"):
        HostSession("B:W21-32:B1-12")  # type: ignore[arg-type]


# --------------------------------------------------------------------------- what the host sends
def play_both(session: HostSession, guest: JoinSession, moves: list[str]) -> None:
    """Play ``moves`` from the start, each by whichever side has it."""
    for move in moves:
        ply = session.game.ply
        if session.game.turn == session.local_side:
            session.play(move)
        else:
            guest.send_move(move)
        assert session.wait_for(lambda s, ply=ply: s.game.ply == ply + 1, WAIT)
        assert guest.wait_for(lambda s, ply=ply: s.game is not None and s.game.ply == ply + 1, WAIT)


@pytest.mark.timeout(60)
def test_a_termination_text_the_wire_cannot_carry_is_made_sendable(sessions: list[Any]) -> None:
    """The host's own set_result text went on the wire as it was: control characters or
    more than 500 characters made the game's listener raise ProtocolError out of
    set_result, with the result recorded but never sent."""
    session = host(sessions)
    guest = join(sessions, session.port).wait_accepted(WAIT)
    text = "adjudicated:\n" + "x" * 1000
    session.game.set_result("1-0", text)  # no exception
    assert guest.wait_for(lambda s: s.game is not None and s.game.result == "1-0", WAIT)
    assert (
        guest.game is not None
        and guest.game.termination == ("adjudicated:\ufffd" + "x" * 1000)[:500]
    )


@pytest.mark.timeout(60)
def test_side_names_the_wire_cannot_carry_do_not_stop_the_welcome(sessions: list[Any]) -> None:
    # A Game refuses unprintable names itself; one longer than the wire carries is cut.
    game = Game(side_names=("Black", "W" * 60))
    session = HostSession(game, accept=True).start()
    sessions.append(session)
    guest = join(sessions, session.port).wait_accepted(WAIT)
    assert guest.game is not None
    assert guest.game.side_names == ("Black", "W" * 40)


@pytest.mark.timeout(60)
def test_a_game_that_outgrows_the_protocol_is_reported_not_raised(
    sessions: list[Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    from checkers_widget.network import wire as messages

    session = host(sessions)
    guest = join(sessions, session.port).wait_accepted(WAIT)
    play_both(session, guest, ["11-15", "23-19"])
    monkeypatch.setattr(messages, "MAX_MOVES", 2)  # a state may list two moves, no more
    mover = session.game.turn
    if mover == session.local_side:
        session.play("8-11")  # the move is played and kept: only sending it failed
    else:
        guest.send_move("8-11")
    assert session.wait_for(lambda s: s.game.ply == 3 and s.errors, WAIT)
    assert "can no longer be sent" in session.errors[-1].reason
    assert not session.ended and session.game.ply == 3


def test_unchecked_moves_with_absurd_squares_are_a_session_error(sessions: list[Any]) -> None:
    session = host(sessions, rng=random.Random(1))
    guest = join(sessions, session.port).wait_accepted(WAIT)
    assert guest.local_side == BLACK  # to move, so the checked moves are really checked
    for move in ["11-" + "9" * 5000, [11, 10**5000], [11, True], 1115, None]:
        for check in (True, False):
            with pytest.raises(CheckersError):
                guest.send_move(move, check=check)  # type: ignore[arg-type]
    assert session.game.ply == 0
