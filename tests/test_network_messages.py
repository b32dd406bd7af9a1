"""The network-play wire format: every message valid by its schema, everything else refused.

Pure unit tests of :mod:`checkers_widget.network.messages` (no sockets): the sessions
rely on :func:`decode` to refuse malformed, oversized or forged lines before anything
looks at them, so each way a line can be wrong is checked here.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from checkers_widget.network.messages import (
    MAX_MESSAGE_BYTES,
    PROTOCOL,
    PROTOCOL_VERSION,
    ProtocolError,
    decode,
    encode,
)


def line(kind: str, **fields: Any) -> bytes:
    """A message line as a peer would send it, without validation."""
    return json.dumps(
        {"protocol": PROTOCOL, "version": PROTOCOL_VERSION, "type": kind, **fields}
    ).encode()


STATE = {
    "seq": 3,
    "start_fen": "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12",
    "moves": [[11, 15], [23, 19]],
    "ply": 2,
    "fen": "B:W19,21,22,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,12,15",
    "result": None,
    "termination": None,
    "draw_offer": "white",
}


def test_encode_then_decode_gives_the_fields_back() -> None:
    raw = encode("move", ply=4, path=[22, 15, 8])
    assert raw.endswith(b"\n") and raw.count(b"\n") == 1
    message = decode(raw.rstrip(b"\n"), sender="client")
    assert message.type == "move"
    assert message["path"] == (22, 15, 8) and message["ply"] == 4
    state = decode(encode("state", **STATE).rstrip(), sender="host")
    assert state["moves"] == ((11, 15), (23, 19)) and state["draw_offer"] == "white"
    hello = decode(line("hello", name="Ann", token=None), sender="client")
    assert hello["token"] is None


def test_encode_refuses_to_send_an_invalid_message() -> None:
    with pytest.raises(ProtocolError):
        encode("move", ply=0, path=[40, 41])


@pytest.mark.parametrize(
    ("raw", "sender", "why"),
    [
        (b"{not json", "client", "not valid JSON"),
        (b"\xff\xfe", "client", "not valid JSON"),
        (b"[1, 2]", "client", "must be a JSON object"),
        (b'{"protocol": "chess", "version": 1, "type": "resign"}', "client", "protocol"),
        (line("resign").replace(b'"version": 1', b'"version": 2'), "client", "version 2"),
        (line("resign").replace(b'"version": 1', b'"version": "1"'), "client", "version"),
        (line("resign").replace(b'"version": 1', b'"version": true'), "client", "version"),
        (line("castle"), "client", "unknown message type"),
        (line("state", **STATE), "client", "client may not send a 'state'"),
        (line("welcome"), "client", "may not send"),
        (line("move", ply=0, path=[11, 15]), "host", "host may not send a 'move'"),
        (line("move", ply=0, path=[11, 15], side="black"), "client", "unexpected fields"),
        (line("move", path=[11, 15]), "client", "missing fields"),
        (line("move", ply=0, path=[0, 4]), "client", "from 1 to 32"),
        (line("move", ply=0, path=[11, 33]), "client", "from 1 to 32"),
        (line("move", ply=0, path=[11]), "client", "2 to 13 squares"),
        (line("move", ply=0, path=list(range(1, 15))), "client", "2 to 13 squares"),
        (line("move", ply=0, path=[11, True]), "client", "whole number"),
        (line("move", ply=0, path=[11, 15.0]), "client", "whole number"),
        (line("move", ply=-1, path=[11, 15]), "client", "ply"),
        (line("move", ply=0, path="11-15"), "client", "2 to 13 squares"),
        (line("hello", name="", token=None), "client", "name"),
        (line("hello", name="A" * 41, token=None), "client", "name"),
        (line("hello", name="Ann\x1b[2J", token=None), "client", "printable"),
        (line("hello", name="Ann", token="abc"), "client", "hexadecimal"),
        (line("hello", name="Ann", token="G" * 32), "client", "hexadecimal"),
        (
            b'{"protocol": "checkers-widget", "version": 1, "type": "ping", "n": NaN}',
            "client",
            "not valid JSON",
        ),
        (line("ping", n=1.5), "client", "whole number"),
        (b"[" * 50_000 + b"]" * 50_000, "client", "too large"),
        (b"[" * 30_000 + b"]" * 30_000, "client", "not valid JSON"),
        (line("state", **{**STATE, "draw_offer": "red"}), "host", "draw_offer"),
        (line("state", **{**STATE, "result": "2-0"}), "host", "result"),
        (
            line(
                "welcome",
                side="black",
                token="0" * 32,
                host_name="H",
                guest_name="G",
                resumed=False,
                reconnect_timeout=float("inf"),
                start_fen=STATE["start_fen"],
                draw_rules={"quiet_moves": 40, "repetitions": None, "automatic": True},
                side_names=["Black", "White"],
            ),
            "host",
            "not valid JSON",
        ),
        (
            line(
                "welcome",
                side="black",
                token="0" * 32,
                host_name="H",
                guest_name="G",
                resumed=False,
                reconnect_timeout=60,
                start_fen=STATE["start_fen"],
                draw_rules={"quiet_moves": 40, "automatic": True},
                side_names=["Black", "White"],
            ),
            "host",
            "draw_rules",
        ),
    ],
)
def test_malformed_and_forged_lines_are_refused(raw: bytes, sender: Any, why: str) -> None:
    with pytest.raises(ProtocolError, match=why):
        decode(raw, sender=sender)


def test_a_line_over_the_limit_is_refused_before_parsing() -> None:
    padding = "x" * MAX_MESSAGE_BYTES
    raw = line("bye", reason=padding)
    with pytest.raises(ProtocolError, match="too large"):
        decode(raw, sender="client")


def test_every_message_type_round_trips() -> None:
    welcome = {
        "side": "white",
        "token": "0123456789abcdef" * 2,
        "host_name": "Ann",
        "guest_name": "Bob",
        "resumed": True,
        "reconnect_timeout": 60.0,
        "start_fen": STATE["start_fen"],
        "draw_rules": {"quiet_moves": None, "repetitions": 3, "automatic": False},
        "side_names": ["Red", "White"],
    }
    samples: list[tuple[str, dict[str, Any]]] = [
        ("hello", {"name": "Bob", "token": "f" * 32}),
        ("offer-draw", {}),
        ("accept-draw", {}),
        ("decline-draw", {}),
        ("resign", {}),
        ("welcome", welcome),
        ("refused", {"reason": "the game is full"}),
        ("state", STATE),
        ("error", {"reason": "not your turn", "refused": "move"}),
        ("ping", {"n": 7}),
        ("pong", {"n": 7}),
        ("bye", {"reason": ""}),
    ]
    for kind, fields in samples:
        raw = encode(kind, **fields)
        sender: Any = "host" if kind in ("welcome", "refused", "state", "error") else "client"
        assert decode(raw.rstrip(b"\n"), sender=sender).type == kind
