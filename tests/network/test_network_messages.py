"""The network-play wire format: every message valid by its schema, everything else refused.

Pure unit tests of :mod:`checkers_widget.network.wire` (no sockets): the sessions
rely on :func:`decode` to refuse malformed, oversized or forged lines before anything
looks at them, so each way a line can be wrong is checked here.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from checkers_widget.network.wire import (
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


WELCOME = {
    "side": "black",
    "token": "0" * 32,
    "host_name": "H",
    "guest_name": "G",
    "resumed": False,
    "reconnect_timeout": 60,
    "start_fen": STATE["start_fen"],
    "draw_rules": {"quiet_moves": 40, "repetitions": None, "automatic": True},
    "side_names": ["Black", "White"],
}


def with_version(version: bytes) -> bytes:
    return line("resign").replace(b'"version": 1', b'"version": ' + version)


@pytest.mark.parametrize(
    ("raw", "sender", "why"),
    [
        # Python has 1.0 == 1 and True == 1: neither is protocol version 1.
        (with_version(b"1.0"), "client", "version 1.0 is not supported"),
        (with_version(b"true"), "client", "version True is not supported"),
        (with_version(b"1e0"), "client", "version 1.0"),
        (with_version(b"[1]"), "client", "version a JSON array"),
        (with_version(b"1" * 5000), "client", "not valid JSON"),  # over the digit limit
        (with_version(b"1" * 4000), "client", "version a very large number"),
        # Every whole-number field refuses floats and booleans, however equal to an int.
        (line("move", ply=0.0, path=[11, 15]), "client", "ply must be a whole number"),
        (line("move", ply=False, path=[11, 15]), "client", "ply must be a whole number"),
        (line("ping", n=True), "client", "n must be a whole number"),
        (line("pong", n=2.0), "client", "n must be a whole number"),
        (line("state", **{**STATE, "seq": 3.0}), "host", "seq"),
        (line("state", **{**STATE, "ply": True}), "host", "ply"),
        (line("state", **{**STATE, "moves": [[11.0, 15]]}), "host", "whole number"),
        (line("state", **{**STATE, "moves": [[True, 15]]}), "host", "whole number"),
        (
            line(
                "welcome",
                **{**WELCOME, "draw_rules": {**WELCOME["draw_rules"], "quiet_moves": 40.0}},
            ),  # type: ignore[dict-item]
            "host",
            "quiet_moves",
        ),
        (
            line("welcome", **{**WELCOME, "draw_rules": {**WELCOME["draw_rules"], "automatic": 1}}),  # type: ignore[dict-item]
            "host",
            "automatic",
        ),
        (line("welcome", **{**WELCOME, "resumed": 0}), "host", "resumed"),
        (line("welcome", **{**WELCOME, "reconnect_timeout": True}), "host", "reconnect_timeout"),
        # A whole number too large for a float: refused, not an OverflowError.
        (line("welcome", **{**WELCOME, "reconnect_timeout": 10**400}), "host", "reconnect_timeout"),
        (line("welcome", **{**WELCOME, "reconnect_timeout": -(10**400)}), "host", "reconnect"),
        (line("welcome", **{**WELCOME, "reconnect_timeout": 1e400}), "host", "not valid JSON"),
        # Text fields refuse anything but text.
        (line("hello", name=7, token=None), "client", "name must be text"),
        (line("hello", name=["Ann"], token=None), "client", "name must be text"),
        (line("hello", name="Ann", token=0), "client", "token"),
        (line("state", **{**STATE, "draw_offer": True}), "host", "draw_offer"),
        (line("state", **{**STATE, "result": 1}), "host", "result"),
        (line("state", **{**STATE, "termination": 0}), "host", "termination"),
        (line("error", reason="x", refused=["move"]), "host", "refused"),
        (line("welcome", **{**WELCOME, "side": ["black"]}), "host", "side"),
        (line("welcome", **{**WELCOME, "side_names": ["Black", 2]}), "host", "side_names"),
        (b'{"protocol": ["checkers-widget"], "version": 1, "type": "resign"}', "client", "array"),
        (line("resign").replace(b'"resign"', b'{"a": 1}'), "client", "type a JSON object"),
        # NaN and the infinities are not JSON.
        (line("ping", n=0).replace(b"0}", b"Infinity}"), "client", "Infinity is not valid JSON"),
        (line("ping", n=0).replace(b"0}", b"-Infinity}"), "client", "not valid JSON"),
        # A key given twice: json would keep the last; two readers could disagree.
        (line("ping", n=1).replace(b'"n": 1', b'"n": 1, "n": 2'), "client", "appears twice"),
        (line("resign").replace(b'"type"', b'"version": 1, "type"'), "client", "appears twice"),
        (
            line("welcome", **WELCOME).replace(
                b'"automatic": true', b'"automatic": true, "automatic": false'
            ),
            "host",
            "appears twice",
        ),
        # Nesting deep enough to exhaust the parser's recursion, inside the size limit.
        (line("bye", reason="x").replace(b'"x"', b"[" * 20_000 + b"]" * 20_000), "client", "JSON"),
        (
            line("bye", reason="x").replace(b'"x"', b'{"a":' * 10_000 + b"1" + b"}" * 10_000),
            "client",
            "JSON",
        ),
    ],
)
def test_every_field_refuses_values_of_another_type(raw: bytes, sender: Any, why: str) -> None:
    with pytest.raises(ProtocolError, match=re.escape(why)):
        decode(raw, sender=sender)


def test_refusal_messages_stay_short_and_printable_whatever_was_sent() -> None:
    long_key = "k\x1b" * 5_000  # 35 KB once escaped: under the size limit
    raws = [
        line("resign", **{long_key: 1}),
        line("resign", **{f"{i}\x1b" * 1000: i for i in range(8)}),
        line("resign").replace(b'"resign"', json.dumps("t\x00" * 5_000).encode()),
        b'{"protocol": ' + json.dumps("p\x07" * 5_000).encode() + b', "version": 1}',
        with_version(json.dumps("\u2028" * 5_000).encode()),
        b'{"' + b"a" * 30_000 + b'": 1, "' + b"a" * 30_000 + b'": 2}',
    ]
    for raw in raws:
        assert len(raw) <= MAX_MESSAGE_BYTES
        with pytest.raises(ProtocolError) as caught:
            decode(raw, sender="client")
        text = str(caught.value)
        assert len(text) < 300 and text.isprintable(), text[:100]
