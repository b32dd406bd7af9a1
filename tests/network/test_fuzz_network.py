"""Fuzzing the network protocol: whatever a peer sends, only a ``ProtocolError`` comes out.

Two levels. The pure :func:`~checkers_widget.network.wire.decode` gets many examples:
arbitrary bytes, valid messages mutated byte by byte, and valid messages with an
arbitrary JSON value put anywhere in them (any field of any type, the header, a nested
value, an extra or a missing key). A real :class:`HostSession` on 127.0.0.1 gets fewer:
arbitrary lines on a raw socket, before and after the hello, with the invariants that
the host answers each with a refusal, stays up, and its game is unchanged.
"""

from __future__ import annotations

import json
import socket
from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from checkers_widget import CheckersError, Game
from checkers_widget.network import (
    PROTOCOL,
    PROTOCOL_VERSION,
    HostSession,
    JoinSession,
    ProtocolError,
)
from checkers_widget.network.wire import (
    CLIENT_TYPES,
    HOST_TYPES,
    MAX_MESSAGE_BYTES,
    SCHEMAS,
    Message,
    decode,
    encode,
)
from network_peers import WAIT

START = Game().start_fen


def position_after(move: str) -> str:
    game = Game()
    game.play(move)
    return game.board.to_fen()


AFTER_11_15 = position_after("11-15")

#: One valid message of every type (header fields added by :func:`whole`).
SAMPLES: dict[str, dict[str, Any]] = {
    "hello": {"name": "Bob", "token": None},
    "move": {"ply": 0, "path": [11, 15]},
    "offer-draw": {},
    "accept-draw": {},
    "decline-draw": {},
    "resign": {},
    "welcome": {
        "side": "white",
        "token": "0123456789abcdef" * 2,
        "host_name": "Ann",
        "guest_name": "Bob",
        "resumed": False,
        "reconnect_timeout": 60,
        "start_fen": START,
        "draw_rules": {"quiet_moves": 40, "repetitions": 3, "automatic": True},
        "side_names": ["Black", "White"],
    },
    "refused": {"reason": "the game is full"},
    "state": {
        "seq": 1,
        "start_fen": START,
        "moves": [[11, 15], [23, 19]],
        "ply": 2,
        "fen": START,
        "result": None,
        "termination": None,
        "draw_offer": "black",
    },
    "error": {"reason": "not your turn", "refused": "move"},
    "ping": {"n": 1},
    "pong": {"n": 1},
    "bye": {"reason": "done"},
}


def whole(kind: str) -> dict[str, Any]:
    return {"protocol": PROTOCOL, "version": PROTOCOL_VERSION, "type": kind, **SAMPLES[kind]}


def test_there_is_a_sample_of_every_message_type() -> None:
    assert set(SAMPLES) == set(SCHEMAS)
    for kind in SAMPLES:
        sender = "client" if kind in CLIENT_TYPES else "host"
        decode(json.dumps(whole(kind)).encode(), sender=sender)


# --------------------------------------------------------------------------- strategies
#: Values that sit on an edge of some check: equal to an int without being one, huge,
#: not finite, of the right type but out of range, or almost valid text.
EDGES = st.sampled_from(
    [
        0,
        1,
        -1,
        13,
        32,
        33,
        2**53,
        2**53 + 1,
        10**400,
        -(10**400),
        0.0,
        -0.0,
        1.0,
        1.5,
        1e308,
        float("nan"),
        float("inf"),
        float("-inf"),
        True,
        False,
        None,
        "",
        "black",
        "white",
        "1-0",
        "1/2-1/2",
        "0" * 32,
        "A" * 32,
        START,
        "x" * 41,
        "a\x00b",
        "\u2028",
        "move",
        "hello",
        PROTOCOL,
    ]
)
SCALARS = (
    EDGES
    | st.none()
    | st.booleans()
    | st.integers(min_value=-(10**400), max_value=10**400)
    | st.floats()
    | st.text(max_size=50)
)
JSON = st.recursive(
    SCALARS,
    lambda children: (
        st.lists(children, max_size=5)
        | st.dictionaries(
            st.text(max_size=10) | st.sampled_from(["protocol", "type"]), children, max_size=5
        )
    ),
    max_leaves=20,
)


@st.composite
def mutated(draw: st.DrawFn, value: Any) -> Any:
    """``value`` with one place in it changed: replaced by arbitrary JSON, a key
    removed or added, an item removed or added; or a change deeper down."""
    if isinstance(value, dict) and value:
        key = draw(st.sampled_from(sorted(value)))
        action = draw(st.sampled_from(["replace", "deeper", "remove", "add"]))
        if action == "remove":
            return {k: v for k, v in value.items() if k != key}
        if action == "add":
            return {**value, draw(st.text(max_size=10)): draw(JSON)}
        new = draw(JSON) if action == "replace" else draw(mutated(value[key]))
        return {**value, key: new}
    if isinstance(value, list) and value:
        index = draw(st.integers(0, len(value) - 1))
        action = draw(st.sampled_from(["replace", "deeper", "remove", "add"]))
        if action == "remove":
            return value[:index] + value[index + 1 :]
        if action == "add":
            return [*value[:index], draw(JSON), *value[index:]]
        new = draw(JSON) if action == "replace" else draw(mutated(value[index]))
        return [*value[:index], new, *value[index + 1 :]]
    return draw(JSON)


KINDS = st.sampled_from(sorted(SCHEMAS))
SENDERS = st.sampled_from(["client", "host"])


@st.composite
def mutated_lines(draw: st.DrawFn) -> bytes:
    """A valid message of any type with one value anywhere in it replaced."""
    content = draw(mutated(whole(draw(KINDS))))
    return json.dumps(content, allow_nan=True).encode()


@st.composite
def damaged_lines(draw: st.DrawFn) -> bytes:
    """A valid message's bytes with a few bytes inserted, deleted or overwritten."""
    line = bytearray(json.dumps(whole(draw(KINDS))).encode())
    for _ in range(draw(st.integers(1, 4))):
        at = draw(st.integers(0, len(line)))
        action = draw(st.sampled_from(["insert", "delete", "overwrite"]))
        if action == "insert":
            line[at:at] = draw(st.binary(min_size=1, max_size=4))
        elif at < len(line):
            line[at : at + 1] = (
                b"" if action == "delete" else draw(st.binary(min_size=1, max_size=1))
            )
    return bytes(line)


ANY_LINE = st.binary(max_size=300) | mutated_lines() | damaged_lines()


def decoded_or_refused(line: bytes, sender: Any) -> Message | None:
    """Decode ``line``: a message, or None when refused with a short, printable reason.
    Anything else escaping is the bug these tests look for."""
    try:
        message = decode(line, sender=sender)
    except ProtocolError as exc:
        assert isinstance(exc, CheckersError)
        text = str(exc)
        assert 0 < len(text) <= 600 and text.isprintable(), text[:200]
        return None
    # What was accepted is valid: it goes out again as the same message.
    again = decode(encode(message.type, **message.fields).rstrip(b"\n"), sender=sender)
    assert again == message
    return message


# --------------------------------------------------------------------------- decode
@given(st.binary(max_size=2000), SENDERS)
def test_arbitrary_bytes_give_a_message_or_a_protocol_error(line: bytes, sender: Any) -> None:
    decoded_or_refused(line, sender)


@given(mutated_lines(), SENDERS)
def test_any_json_value_anywhere_in_any_message_is_checked(line: bytes, sender: Any) -> None:
    decoded_or_refused(line, sender)


@given(damaged_lines(), SENDERS)
def test_damaged_bytes_of_valid_messages_are_checked(line: bytes, sender: Any) -> None:
    decoded_or_refused(line, sender)


@given(KINDS, st.sampled_from(["protocol", "version", "type"]), JSON)
def test_any_header_value_but_the_right_one_is_refused(kind: str, field: str, value: Any) -> None:
    content = whole(kind)
    assume(type(value) is not type(content[field]) or value != content[field])
    line = json.dumps({**content, field: value}, allow_nan=True).encode()
    assert decoded_or_refused(line, "client" if kind in CLIENT_TYPES else "host") is None


@given(KINDS, st.integers(1, 3), st.sampled_from(["[", '{"a":']), st.integers(900, 40_000))
@settings(max_examples=30)
def test_deep_nesting_anywhere_is_a_protocol_error(
    kind: str, where: int, opener: str, depth: int
) -> None:
    closer = "]" if opener == "[" else "}"
    nested = opener * depth + "0" + closer * depth
    content = {**whole(kind), ["protocol", "version", "type"][where - 1]: "@"}
    line = json.dumps(content).replace('"@"', nested).encode()
    assume(len(line) <= MAX_MESSAGE_BYTES)
    assert decoded_or_refused(line, "client") is None


# --------------------------------------------------------------------------- a real host
class Raw:
    """A raw connection to the host, reading its answers line by line."""

    def __init__(self, port: int) -> None:
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=WAIT)
        self.file = self.sock.makefile("rb")

    def send(self, data: bytes) -> None:
        self.sock.sendall(data + b"\n")

    def message(self, content: dict[str, Any]) -> None:
        self.send(
            json.dumps({"protocol": PROTOCOL, "version": PROTOCOL_VERSION, **content}).encode()
        )

    def read(self) -> dict[str, Any] | None:
        """The next message other than a ping (None once the host hung up)."""
        while text := self.file.readline():
            message: dict[str, Any] = json.loads(text)
            if message["type"] != "ping":
                return message
        return None

    def close(self) -> None:
        self.file.close()
        self.sock.close()


def as_line(data: bytes) -> bytes:
    """One line as the host will see it (newlines are line ends; a trailing CR goes)."""
    return data.replace(b"\n", b"").rstrip(b"\r")


@pytest.fixture(scope="module")
def lobby() -> Any:
    """One host for the pre-hello fuzz: every example opens its own connection."""
    session = HostSession(Game(), accept=True).start()
    yield session
    session.close()


@pytest.mark.timeout(120)
@given(ANY_LINE)
@settings(max_examples=40)
def test_a_host_refuses_any_first_line_and_hangs_up(lobby: HostSession, data: bytes) -> None:
    line = as_line(data)
    assume(line.strip() and decoded_or_refused(line, "client") is None)
    raw = Raw(lobby.port)
    try:
        raw.send(line)
        answer = raw.read()
        assert answer is not None and answer["type"] == "error"
        assert raw.read() is None  # and the connection closed
    finally:
        raw.close()
    assert not lobby.ended and lobby.local_side is None and lobby.guest_name is None
    assert not lobby.game.moves and lobby.game.result is None


@pytest.mark.timeout(120)
@given(st.lists(ANY_LINE, min_size=1, max_size=5))
@settings(max_examples=25)
def test_a_host_in_a_game_refuses_any_line_and_its_game_is_unchanged(lines: list[bytes]) -> None:
    sent = [as_line(data) for data in lines]
    refused = [line for line in sent if line.strip() and decoded_or_refused(line, "client") is None]
    assume(len(refused) == sum(bool(line.strip()) for line in sent))  # no valid command
    host = HostSession(Game(), accept=True).start()
    raw = Raw(host.port)
    try:
        raw.message({"type": "hello", "name": "Mallory", "token": None})
        assert raw.read()["type"] == "welcome"  # type: ignore[index]
        assert raw.read()["type"] == "state"  # type: ignore[index]
        before = (host.game.start_fen, host.game.board.to_fen(), host.game.draw_offer)
        for line in sent:
            raw.send(line)
        raw.message({"type": "ping", "n": 424242})  # answered after every line before it
        answers = []
        while (answer := raw.read()) is not None and answer["type"] != "pong":
            answers.append(answer)
        assert answer == {
            "protocol": PROTOCOL,
            "version": PROTOCOL_VERSION,
            "type": "pong",
            "n": 424242,
        }
        assert [a["type"] for a in answers] == ["error"] * len(refused)
        assert len(host.errors) == len(refused)
        assert host.connected and not host.ended and not host.paused
        assert not host.game.moves and host.game.result is None
        assert (host.game.start_fen, host.game.board.to_fen(), host.game.draw_offer) == before
    finally:
        raw.close()
        host.close()


def test_the_host_types_and_client_types_cover_the_schemas() -> None:
    assert set(SCHEMAS) == CLIENT_TYPES | HOST_TYPES


@pytest.mark.timeout(120)
@given(st.lists(ANY_LINE, min_size=1, max_size=5))
@settings(max_examples=20)
def test_a_guest_refuses_any_line_from_its_host_and_its_mirror_is_unchanged(
    lines: list[bytes],
) -> None:
    sent = [as_line(data) for data in lines]
    refused = [line for line in sent if line.strip() and decoded_or_refused(line, "host") is None]
    assume(len(refused) == sum(bool(line.strip()) for line in sent))
    server = socket.create_server(("127.0.0.1", 0))
    guest = JoinSession("127.0.0.1", server.getsockname()[1], name="Bob")
    try:
        guest.start()
        conn, _ = server.accept()
        conn.settimeout(WAIT)
        fake = conn.makefile("rb")
        assert json.loads(fake.readline())["type"] == "hello"
        state = {**whole("state"), "moves": [[11, 15]], "ply": 1, "fen": AFTER_11_15}
        for content in (whole("welcome"), state):
            conn.sendall(json.dumps(content).encode() + b"\n")
        guest.wait_accepted(WAIT)
        assert guest.game is not None
        before = (guest.game.board.to_fen(), [m.path for m in guest.game.moves])
        for line in sent:
            conn.sendall(line + b"\n")
        conn.sendall(json.dumps({**whole("ping"), "n": 424242}).encode() + b"\n")
        while (text := fake.readline()) and json.loads(text).get("n") != 424242:
            pass  # the guest answers the ping after every line before it
        assert text, "the guest hung up"
        assert len(guest.errors) == len(refused)
        assert guest.accepted and not guest.ended and guest.connected
        assert (guest.game.board.to_fen(), [m.path for m in guest.game.moves]) == before
        conn.close()
    finally:
        guest.close()
        server.close()
