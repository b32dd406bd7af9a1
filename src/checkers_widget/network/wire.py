"""The wire format of network play: newline-delimited JSON, one message a line.

Every message is a JSON object with the same three header fields::

    {"protocol": "checkers-widget", "version": 1, "type": "move", ...}

followed by exactly the fields its type lists in :data:`SCHEMAS` (all of them required,
none other allowed: an unknown field is refused rather than ignored, so a peer speaking
a different dialect is noticed at once instead of half-understood). Values are checked
for type and range (squares 1-32, move paths of 2 to 13 squares, names of printable
text up to 40 characters, ...). A line longer than :data:`MAX_MESSAGE_BYTES` is refused
unread. Who may send what is fixed too: a guest may not send a ``state`` and the host
may not send a ``move``.

:func:`decode` turns one received line into a :class:`Message` or raises
:class:`ProtocolError` saying why; :func:`encode` builds a line to send. Nothing here
touches a socket or a game, so the rules are easy to test and to reuse.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Literal

from ..core.errors import ProtocolError

__all__ = [
    "CLIENT_TYPES",
    "HOST_TYPES",
    "MAX_MESSAGE_BYTES",
    "MAX_MOVES",
    "MAX_NAME_CHARS",
    "MAX_PLY",
    "PROTOCOL",
    "PROTOCOL_VERSION",
    "SCHEMAS",
    "Message",
    "ProtocolError",
    "Sender",
    "decode",
    "encode",
    "printable",
]

#: The protocol name carried by every message, so a stray connection is told apart.
PROTOCOL = "checkers-widget"
#: Bumped whenever a message changes incompatibly; peers must speak the same version.
PROTOCOL_VERSION = 1
#: The longest line accepted (newline excluded). A full game's state is a few KiB.
MAX_MESSAGE_BYTES = 64 * 1024
#: The most moves a state message may list, and the highest ply a move may carry.
MAX_MOVES = 2000
MAX_PLY = 10_000
#: Player names: printable text of 1 to this many characters.
MAX_NAME_CHARS = 40
#: Reasons, terminations and other free text: at most this many characters.
MAX_TEXT_CHARS = 500

Sender = Literal["host", "client"]


@dataclass(frozen=True)
class Message:
    """One validated message: its ``type`` and its fields (header fields removed)."""

    type: str
    fields: Mapping[str, Any]

    def __getitem__(self, key: str) -> Any:
        return self.fields[key]


# --------------------------------------------------------------------------- validators
Check = Callable[[Any, str], Any]


def _int(low: int, high: int) -> Check:
    def check(value: Any, what: str) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise ProtocolError(f"{what} must be a whole number from {low} to {high}")
        return value

    return check


def _number(low: float, high: float) -> Check:
    def check(value: Any, what: str) -> float:
        # Compare before converting: float() of a 400-digit integer raises OverflowError.
        if (
            isinstance(value, bool)
            or not isinstance(value, int | float)
            or (isinstance(value, float) and not math.isfinite(value))
            or not low <= value <= high
        ):
            raise ProtocolError(f"{what} must be a number from {low} to {high}")
        return float(value)

    return check


def _text(max_chars: int, *, min_chars: int = 0) -> Check:
    def check(value: Any, what: str) -> str:
        if not isinstance(value, str) or not min_chars <= len(value) <= max_chars:
            raise ProtocolError(f"{what} must be text of {min_chars} to {max_chars} characters")
        if not value.isprintable():
            raise ProtocolError(f"{what} must be printable text (no control characters)")
        return value

    return check


def _nullable(inner: Check) -> Check:
    def check(value: Any, what: str) -> Any:
        return None if value is None else inner(value, what)

    return check


def _choice(*options: str) -> Check:
    def check(value: Any, what: str) -> str:
        if not isinstance(value, str) or value not in options:
            raise ProtocolError(f"{what} must be one of {', '.join(map(repr, options))}")
        return value

    return check


def _bool(value: Any, what: str) -> bool:
    if not isinstance(value, bool):
        raise ProtocolError(f"{what} must be true or false")
    return value


_square = _int(1, 32)


def _path(value: Any, what: str) -> tuple[int, ...]:
    if not isinstance(value, list) or not 2 <= len(value) <= 13:
        raise ProtocolError(f"{what} must list 2 to 13 squares")
    return tuple(_square(s, f"a square of {what}") for s in value)


def _paths(value: Any, what: str) -> tuple[tuple[int, ...], ...]:
    if not isinstance(value, list) or len(value) > MAX_MOVES:
        raise ProtocolError(f"{what} must be a list of at most {MAX_MOVES} moves")
    return tuple(_path(p, f"move {i + 1} of {what}") for i, p in enumerate(value))


def _token(value: Any, what: str) -> str:
    if (
        not isinstance(value, str)
        or len(value) != 32
        or any(c not in "0123456789abcdef" for c in value)
    ):
        raise ProtocolError(f"{what} must be 32 lowercase hexadecimal digits")
    return value


_RULE_FIELDS: dict[str, Check] = {
    "quiet_moves": _nullable(_int(1, 1000)),
    "repetitions": _nullable(_int(2, 100)),
    "automatic": _bool,
}


def _draw_rules(value: Any, what: str) -> dict[str, Any]:
    if not isinstance(value, dict) or set(value) != set(_RULE_FIELDS):
        raise ProtocolError(f"{what} must be an object with exactly {sorted(_RULE_FIELDS)}")
    return {k: check(value[k], f"{what}.{k}") for k, check in _RULE_FIELDS.items()}


def _side_names(value: Any, what: str) -> tuple[str, str]:
    if not isinstance(value, list) or len(value) != 2:
        raise ProtocolError(f"{what} must be a list of two names")
    name = _text(MAX_NAME_CHARS, min_chars=1)
    return (name(value[0], what), name(value[1], what))


_side = _choice("black", "white")
_name = _text(MAX_NAME_CHARS, min_chars=1)
_reason = _text(MAX_TEXT_CHARS)
_fen = _text(200, min_chars=3)
_seq = _int(0, 2**53)

#: Every message type and its fields (besides ``protocol``, ``version`` and ``type``).
SCHEMAS: dict[str, dict[str, Check]] = {
    # guest -> host
    "hello": {"name": _name, "token": _nullable(_token)},
    "move": {"ply": _int(0, MAX_PLY), "path": _path},
    "offer-draw": {},
    "accept-draw": {},
    "decline-draw": {},
    "resign": {},
    # host -> guest
    "welcome": {
        "side": _side,
        "token": _token,
        "host_name": _name,
        "guest_name": _name,
        "resumed": _bool,
        "reconnect_timeout": _number(0.0, 86_400.0),
        "start_fen": _fen,
        "draw_rules": _draw_rules,
        "side_names": _side_names,
    },
    "refused": {"reason": _reason},
    "state": {
        "seq": _seq,
        "start_fen": _fen,
        "moves": _paths,
        "ply": _int(0, MAX_PLY),
        "fen": _fen,
        "result": _nullable(_choice("1-0", "0-1", "1/2-1/2")),
        "termination": _nullable(_reason),
        "draw_offer": _nullable(_side),
    },
    "error": {"reason": _reason, "refused": _nullable(_text(40))},
    # either way
    "ping": {"n": _seq},
    "pong": {"n": _seq},
    "bye": {"reason": _reason},
}

#: What a guest may send, and what a host may send.
CLIENT_TYPES = frozenset(
    {"hello", "move", "offer-draw", "accept-draw", "decline-draw", "resign", "ping", "pong", "bye"}
)
HOST_TYPES = frozenset({"welcome", "refused", "state", "error", "ping", "pong", "bye"})
_ALLOWED: dict[Sender, frozenset[str]] = {"client": CLIENT_TYPES, "host": HOST_TYPES}


def _no_constants(name: str) -> Any:
    raise ProtocolError(f"{name} is not valid JSON")


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """Build a JSON object, refusing a repeated key (which ``json`` would silently let
    the last one win: two peers could then read one line two ways)."""
    content: dict[str, Any] = {}
    for key, value in pairs:
        if key in content:
            raise ProtocolError(f"the key {_shown(key)} appears twice in one object")
        content[key] = value
    return content


def _shown(value: Any) -> str:
    """A short, printable description of a received value for an error message (never
    the repr of a whole nested structure: bounded time and length whatever it is)."""
    if value is None or isinstance(value, bool | int | float | str):
        if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 128:
            return "a very large number"
        text = repr(value[:41] if isinstance(value, str) else value)
        return text if len(text) <= 40 else text[:37] + "..."
    return f"a JSON {'array' if isinstance(value, list) else 'object'}"


def printable(text: str, limit: int = MAX_TEXT_CHARS) -> str:
    """``text`` cut to ``limit`` characters with every control character replaced, so
    that it can go out as a reason (e.g. an exception's message in an ``error``)."""
    return "".join(c if c.isprintable() else "\ufffd" for c in text[:limit])


def decode(line: bytes, *, sender: Sender) -> Message:
    """Validate one received line (without its newline) sent by ``sender``.

    Raises :class:`ProtocolError` naming the first problem: too long, not UTF-8 JSON,
    not an object, another protocol or version, an unknown type, a type ``sender`` may
    not send, a missing or unexpected field, or a value of the wrong type or range.
    """
    if len(line) > MAX_MESSAGE_BYTES:
        raise ProtocolError(f"message too large ({len(line)} bytes; at most {MAX_MESSAGE_BYTES})")
    try:
        content = json.loads(
            line.decode("utf-8"),
            parse_constant=_no_constants,
            object_pairs_hook=_no_duplicates,
        )
    except ProtocolError:
        raise
    except (UnicodeDecodeError, ValueError, RecursionError) as exc:
        # ValueError covers malformed JSON and Python's integer digit limit;
        # RecursionError, arrays or objects nested thousands deep.
        raise ProtocolError(f"not valid JSON: {printable(str(exc), 100)}") from None
    if not isinstance(content, dict):
        raise ProtocolError(f"a message must be a JSON object, not {type(content).__name__}")
    protocol = content.get("protocol")
    if not isinstance(protocol, str) or protocol != PROTOCOL:
        raise ProtocolError(f"not a {PROTOCOL} message (protocol {_shown(protocol)})")
    version = content.get("version")
    # Exactly the integer: 1.0 == 1 and True == 1 in Python, and neither is a version.
    if type(version) is not int or version != PROTOCOL_VERSION:
        raise ProtocolError(
            f"protocol version {_shown(version)} is not supported "
            f"(this side speaks {PROTOCOL_VERSION})"
        )
    kind = content.get("type")
    if not isinstance(kind, str) or kind not in SCHEMAS:
        raise ProtocolError(f"unknown message type {_shown(kind)}")
    if kind not in _ALLOWED[sender]:
        raise ProtocolError(f"the {sender} may not send a {kind!r} message")
    schema = SCHEMAS[kind]
    body = {k: v for k, v in content.items() if k not in ("protocol", "version", "type")}
    if extra := set(body) - set(schema):
        shown = ", ".join(_shown(k) for k in sorted(extra)[:5])
        raise ProtocolError(f"unexpected fields in a {kind!r} message: {shown}")
    if missing := set(schema) - set(body):
        raise ProtocolError(f"missing fields in a {kind!r} message: {sorted(missing)}")
    return Message(kind, {k: check(body[k], k) for k, check in schema.items()})


def encode(kind: str, **fields: Any) -> bytes:
    """One line to send: the header, ``fields``, and a newline.

    Raises :class:`ProtocolError` if the message would not pass :func:`decode` on the
    other side (a bug on this side, caught before it goes out).
    """
    content = {"protocol": PROTOCOL, "version": PROTOCOL_VERSION, "type": kind, **fields}
    line = json.dumps(content, separators=(",", ":"), allow_nan=False).encode("utf-8")
    sender: Sender = "client" if kind in CLIENT_TYPES else "host"
    decode(line, sender=sender)
    return line + b"\n"
