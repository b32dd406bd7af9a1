"""What the host and the guest sessions share: the network thread, links, events, refusals.

A session owns one background thread (the *network thread*) that runs a
:mod:`selectors` loop over its sockets: it reads and splits lines, writes what is queued,
sends heartbeats, notices silent peers and runs the timers (reconnection deadlines).
Nothing else touches a socket, and no method blocks on the network: a public method
takes the session lock, changes state, queues bytes for the network thread and wakes it.

One lock guards everything (``lock=``, a :class:`threading.RLock` the caller may share,
e.g. the widget's own lock, so that a listener on the same :class:`~checkers_widget.Game`
and the session can never wait on each other in opposite orders). ``on_change``
callbacks run on the network thread, in order, *without* the session lock held by the
session (a caller who shares the lock must not hold it while waiting for the thread).
"""

from __future__ import annotations

import contextlib
import logging
import math
import selectors
import socket
import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from ..core.color import Color, opponent
from ..core.errors import NetworkUnavailableError, SessionError
from ..core.game import Game
from .wire import (
    MAX_MESSAGE_BYTES,
    MAX_TEXT_CHARS,
    Message,
    ProtocolError,
    Sender,
    decode,
    encode,
    printable,
)

__all__ = [
    "EventKind",
    "NetworkUnavailableError",
    "Refusal",
    "SessionError",
    "SessionEvent",
]

logger = logging.getLogger("checkers_widget")

#: The kinds of :class:`SessionEvent` (see the package docstring for when each fires).
EventKind = Literal[
    "listening",
    "connected",
    "request",
    "withdrawn",
    "accepted",
    "refused",
    "move",
    "undo",
    "redo",
    "reset",
    "offer",
    "result",
    "paused",
    "resumed",
    "forfeit",
    "host-gone",
    "disconnected",
    "error",
    "closed",
]

#: More refused messages than this on one connection and it is dropped as hostile.
MAX_REFUSALS_PER_LINK = 20
#: Bytes waiting to be sent to a peer that does not read: beyond this it is dropped.
MAX_OUTGOING_BYTES = 1 << 20


@dataclass(frozen=True)
class SessionEvent:
    """Something the user interface should redraw for; passed to ``on_change``.

    ``kind`` says what happened, ``text`` says it in a player's words, ``data`` holds
    details (e.g. ``{"move": "11-15", "side": "black"}`` or ``{"reason": ...}``).
    """

    kind: EventKind
    text: str
    data: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Refusal:
    """A received message that was refused (never applied): from whom, why, and what."""

    time: float
    peer: str
    reason: str
    message: str

    def __str__(self) -> str:
        return f"refused from {self.peer}: {self.reason}"


class _Link:
    """One TCP connection: its socket, read and write buffers, and heartbeat clock."""

    def __init__(self, sock: socket.socket, peer: str, now: float) -> None:
        sock.setblocking(False)
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.sock = sock
        self.peer = peer
        self.inbuf = bytearray()
        self.outbuf = bytearray()
        self.opened = now
        self.last_heard = now
        self.last_ping = now
        self.pings = 0
        self.refusals = 0
        #: "hello" until the handshake is done, then "pending" (host) or "live".
        self.stage = "hello"
        self.name: str | None = None
        #: Set once the link is to be closed as soon as its output is flushed.
        self.closing = False
        self.closed = False


def check_network_available() -> None:
    """Raise :class:`NetworkUnavailableError` where sockets and threads are missing."""
    if sys.platform == "emscripten":
        raise NetworkUnavailableError(
            "network play needs sockets and threads, which are not available in "
            "Pyodide/JupyterLite; run the notebook on a regular Jupyter kernel"
        )


def game_status(game: Game, local: Color | None, other: str) -> str:
    """The state of the game in the local player's words ("Your move (Black)", ...)."""
    if local is None:
        return "Waiting for the game to start"
    if game.is_over():
        winner = game.winner
        headline = "Draw" if winner is None else "You win" if winner == local else "You lose"
        return f"{headline}: {game.termination}"
    offer = game.draw_offer
    if offer == opponent(local):
        return f"{other} offers a draw: accept or decline?"
    mine = game.side_name(local)
    if game.turn == local:
        text = f"Your move ({mine})"
    else:
        text = f"Waiting for {other} ({game.side_name(opponent(local))}) to move"
    if offer == local:
        text += f"; you offered a draw, {other} has not answered"
    return text


class Session:
    """The base of :class:`HostSession` and :class:`JoinSession`: thread, links, events.

    Subclasses implement ``_handle(link, message)``, ``_link_lost(link, reason)`` and
    ``_tick(now)``, all called on the network thread with the lock held.
    """

    #: Who the *other* side is, for decoding what it sends.
    _peer_role: Sender = "client"

    def __init__(
        self,
        *,
        on_change: Callable[[SessionEvent], Any] | None,
        lock: threading.RLock | None,
        heartbeat_interval: float,
        heartbeat_timeout: float,
        thread_name: str,
    ) -> None:
        check_network_available()
        if (
            not all(
                isinstance(t, int | float) and not isinstance(t, bool) and math.isfinite(t)
                for t in (heartbeat_interval, heartbeat_timeout)
            )
            or heartbeat_interval <= 0
            or heartbeat_timeout <= heartbeat_interval
        ):
            raise SessionError("heartbeat_timeout must be longer than heartbeat_interval > 0")
        self._lock: threading.RLock = lock if lock is not None else threading.RLock()
        self._cond = threading.Condition(self._lock)
        self._on_change = on_change
        self._heartbeat_interval = heartbeat_interval
        self._heartbeat_timeout = heartbeat_timeout
        self._thread_name = thread_name
        self._events: deque[SessionEvent] = deque()
        self._errors: deque[Refusal] = deque(maxlen=50)
        self._links: list[_Link] = []
        self._selector = selectors.DefaultSelector()
        self._wake_r, self._wake_w = socket.socketpair()
        self._wake_r.setblocking(False)
        self._wake_w.setblocking(False)
        self._selector.register(self._wake_r, selectors.EVENT_READ, None)
        self._registered: dict[_Link, int] = {}
        self._thread: threading.Thread | None = None
        self._started = False
        self._closing = False
        self._closing_at = 0.0
        self._closed = False
        # While the other side's connection is lost: when waiting for it ends.
        self._paused_until: float | None = None
        self._name = ""  # set by the subclass
        self._local: Color | None = None  # this player's colour, once sides are drawn

    # ------------------------------------------------------------------ public
    @property
    def lock(self) -> threading.RLock:
        """The session lock (shared with the caller when one was passed)."""
        return self._lock

    @property
    def errors(self) -> list[Refusal]:
        """The most recent refused messages (up to 50), oldest first."""
        with self._lock:
            return list(self._errors)

    @property
    def name(self) -> str:
        """This player's name, as the other side sees it."""
        return self._name

    @property
    def local_side(self) -> Color | None:
        """This player's colour, once the guest is accepted (None before)."""
        with self._lock:
            return self._local

    @property
    def remote_side(self) -> Color | None:
        """The other player's colour, once the guest is accepted (None before)."""
        with self._lock:
            return None if self._local is None else opponent(self._local)

    @property
    def ended(self) -> bool:
        """Whether no game can go on over this session any more (it is closed)."""
        with self._lock:
            return self._closing

    @property
    def paused(self) -> bool:
        """Whether the game waits for a lost connection to come back."""
        with self._lock:
            return self._paused_until is not None

    @property
    def reconnect_remaining(self) -> float | None:
        """Seconds left for the lost connection to come back, or None when not paused."""
        with self._lock:
            if self._paused_until is None:
                return None
            return max(0.0, self._paused_until - time.monotonic())

    @property
    def closed(self) -> bool:
        """Whether :meth:`close` was called (or the session ended for good)."""
        with self._lock:
            return self._closing

    def wait_for(self, predicate: Callable[[Any], bool], timeout: float | None = 10.0) -> bool:
        """Block until ``predicate(session)`` is true (checked under the lock after every
        change); returns whether it became true before ``timeout`` seconds.

        For scripts and tests; never call it from ``on_change`` or while holding the lock.
        """
        with self._cond:
            return self._cond.wait_for(lambda: predicate(self), timeout)

    def close(self) -> None:
        """End the session: say goodbye to the peer, close every socket, stop the thread."""
        with self._lock:
            if self._closing:
                return
            self._closing = True
            self._closing_at = time.monotonic()
            self._before_close()
            for link in self._links:
                link.closing = True
            self._wake()
        thread = self._thread
        if thread is not None and thread is not threading.current_thread():
            thread.join(timeout=5.0)
        elif thread is None:
            self._shutdown()

    def __enter__(self) -> Session:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ------------------------------------------------------------------ for subclasses
    def _before_close(self) -> None:
        """Called under the lock when :meth:`close` starts (send a goodbye, ...)."""

    def _handle(self, link: _Link, message: Message) -> None:  # pragma: no cover
        raise NotImplementedError

    def _link_lost(self, link: _Link, reason: str) -> None:  # pragma: no cover
        raise NotImplementedError

    def _tick(self, now: float) -> None:
        """Timers: called on the network thread with the lock held, a few times a second."""

    def _drop_on_refusal(self, link: _Link) -> bool:
        """Whether a malformed line from ``link`` also closes it (the host: before hello)."""
        return False

    def _idle(self) -> None:
        """Slow work on the network thread *without* the lock (the guest's reconnects)."""

    def _start_thread(self) -> None:
        self._started = True
        self._thread = threading.Thread(target=self._run, name=self._thread_name, daemon=True)
        self._thread.start()

    def _add_link(self, link: _Link) -> None:
        self._links.append(link)
        self._wake()

    def _send(self, link: _Link, kind: str, **fields: Any) -> None:
        """Queue a message for ``link`` (under the lock); the network thread sends it."""
        if link.closed:
            return
        link.outbuf += encode(kind, **fields)
        if len(link.outbuf) > MAX_OUTGOING_BYTES:
            self._drop(link, "the peer stopped reading")
            return
        self._wake()

    def _emit(self, kind: EventKind, text: str, **data: Any) -> None:
        """Queue an event for ``on_change`` (under the lock) and wake waiters."""
        self._events.append(SessionEvent(kind, text, data))
        self._cond.notify_all()
        self._wake()

    def _refuse(
        self,
        link: _Link,
        reason: str,
        raw: bytes | str,
        *,
        refused: str | None = None,
        reply: bool = True,
        drop: bool = False,
    ) -> None:
        """Refuse a received message: log it, remember it, tell the peer, maybe hang up.

        ``reason`` may quote what the peer sent or an exception: it is cut to
        :data:`MAX_TEXT_CHARS` and its control characters replaced, so that it can be
        logged, shown and sent back whatever it holds.
        """
        reason = printable(reason, MAX_TEXT_CHARS) or "refused"
        text = raw if isinstance(raw, str) else raw[:200].decode("utf-8", "replace")
        logger.warning("network play: refused a message from %s: %s", link.peer, reason)
        self._errors.append(Refusal(time.time(), link.peer, reason, text[:200]))
        self._emit(
            "error",
            f"Refused a message from {link.name or link.peer}: {reason}",
            reason=reason,
            peer=link.peer,
        )
        link.refusals += 1
        if reply and self._peer_role == "client":  # only the host answers with an error
            self._send(link, "error", reason=reason, refused=refused)
        if drop or link.refusals > MAX_REFUSALS_PER_LINK:
            self._drop(link, reason if drop else "too many refused messages")

    def _drop(self, link: _Link, reason: str) -> None:
        """Close ``link`` now (flushing what can be sent at once) and report it lost."""
        if link.closed:
            return
        if link.outbuf:
            with contextlib.suppress(OSError):
                link.sock.send(link.outbuf)
        link.closed = True
        with contextlib.suppress(OSError):
            link.sock.close()
        if link in self._links:
            self._links.remove(link)
        self._link_lost(link, reason)
        self._cond.notify_all()
        self._wake()

    def _wake(self) -> None:
        with contextlib.suppress(BlockingIOError, OSError):
            self._wake_w.send(b"x")

    # ------------------------------------------------------------------ the thread
    def _extra_sockets(self) -> list[socket.socket]:
        """Sockets besides links to watch for reading (the host's listening socket)."""
        return []

    def _on_readable(self, sock: socket.socket) -> None:
        """An extra socket is readable (under the lock)."""

    def _run(self) -> None:
        extras_registered: set[socket.socket] = set()
        try:
            while True:
                with self._lock:
                    if self._closing and (
                        all(not ln.outbuf for ln in self._links)
                        or time.monotonic() - self._closing_at > 1.0
                    ):
                        break
                    self._sync_selector(extras_registered)
                ready = self._selector.select(timeout=0.1)
                for key, mask in ready:
                    self._guarded(self._service, key, mask)
                self._guarded(self._timers)
                self._dispatch()
                if not self._closing:
                    self._guarded(self._idle)
                self._dispatch()
        except Exception:  # pragma: no cover - a bug: say so rather than die silently
            logger.exception("network play: the network thread failed")
        finally:
            self._shutdown()

    def _timers(self) -> None:
        with self._lock:
            now = time.monotonic()
            self._heartbeats(now)
            if not self._closing:
                self._tick(now)

    def _guarded(self, step: Callable[..., None], *args: Any) -> None:
        """Run one step of the loop; if it fails (a bug, or something a peer provoked
        that was not foreseen), log it, drop the connection it was serving, and keep
        serving the others: the network thread never dies of one bad connection."""
        try:
            step(*args)
        except Exception:
            logger.exception("network play: the network thread hit an error; carrying on")
            key = args[0] if args else None
            link = getattr(key, "data", None)
            if isinstance(link, _Link):
                with self._lock:
                    self._force_drop(link)

    def _force_drop(self, link: _Link) -> None:
        """Drop ``link`` after an error, even if reporting it lost fails too: a link left
        half-open would fail again on every turn of the loop."""
        try:
            self._drop(link, "internal error")
        except Exception:
            logger.exception("network play: dropping a connection failed")
            link.closed = True
            with contextlib.suppress(OSError):
                link.sock.close()
            if link in self._links:
                self._links.remove(link)

    def _sync_selector(self, extras: set[socket.socket]) -> None:
        for sock in self._extra_sockets():
            if sock not in extras:
                self._selector.register(sock, selectors.EVENT_READ, sock)
                extras.add(sock)
        for link in list(self._registered):
            if link.closed or link not in self._links:
                with contextlib.suppress(KeyError, ValueError, OSError):
                    self._selector.unregister(link.sock)
                del self._registered[link]
        for link in self._links:
            mask = selectors.EVENT_READ | (selectors.EVENT_WRITE if link.outbuf else 0)
            if link not in self._registered:
                self._selector.register(link.sock, mask, link)
                self._registered[link] = mask
            elif self._registered[link] != mask:
                self._selector.modify(link.sock, mask, link)
                self._registered[link] = mask

    def _service(self, key: selectors.SelectorKey, mask: int) -> None:
        if key.data is None:  # the wake-up socket
            try:
                while self._wake_r.recv(4096):
                    pass
            except (BlockingIOError, OSError):
                pass
            return
        if isinstance(key.data, socket.socket):
            with self._lock:
                self._on_readable(key.data)
            return
        link: _Link = key.data
        if mask & selectors.EVENT_WRITE:
            with self._lock:
                self._flush(link)
        if mask & selectors.EVENT_READ:
            self._read(link)

    def _flush(self, link: _Link) -> None:
        if link.closed or not link.outbuf:
            return
        try:
            sent = link.sock.send(link.outbuf)
        except (BlockingIOError, InterruptedError):
            return
        except OSError as exc:
            self._drop(link, f"connection error: {exc.strerror or exc}")
            return
        del link.outbuf[:sent]
        if link.closing and not link.outbuf:
            self._drop(link, "closed")

    def _read(self, link: _Link) -> None:
        try:
            data = link.sock.recv(65536)
        except (BlockingIOError, InterruptedError):
            return
        except OSError as exc:
            with self._lock:
                self._drop(link, f"connection error: {exc.strerror or exc}")
            return
        with self._lock:
            if link.closed:
                return
            if not data:
                self._drop(link, "the connection was closed")
                return
            if link.closing:  # said all it may: what it sends now is not read
                return
            link.last_heard = time.monotonic()
            link.inbuf += data
            while not link.closed:
                end = link.inbuf.find(b"\n")
                if end < 0:
                    break
                line = bytes(link.inbuf[:end])
                del link.inbuf[: end + 1]
                if len(line) > MAX_MESSAGE_BYTES:
                    self._oversized(link, line)
                    return
                self._receive(link, line.rstrip(b"\r"))
            if not link.closed and len(link.inbuf) > MAX_MESSAGE_BYTES:
                self._oversized(link, bytes(link.inbuf[:200]))

    def _oversized(self, link: _Link, head: bytes) -> None:
        link.inbuf.clear()
        self._refuse(
            link,
            f"message longer than {MAX_MESSAGE_BYTES} bytes: connection dropped",
            head,
            drop=True,
        )

    def _receive(self, link: _Link, line: bytes) -> None:
        if not line.strip():
            return
        try:
            message = decode(line, sender=self._peer_role)
        except ProtocolError as exc:
            self._refuse(link, str(exc), line, drop=self._drop_on_refusal(link))
            return
        except Exception as exc:  # a bug in decode: refuse the line, keep serving
            logger.exception("network play: decoding a message failed")
            self._refuse(link, f"internal error: {exc}", line, drop=self._drop_on_refusal(link))
            return
        if message.type == "ping":
            self._send(link, "pong", n=message["n"])
            return
        if message.type == "pong":
            return
        try:
            self._handle(link, message)
        except Exception as exc:  # a bug or a failing listener: never leave it half-done
            logger.exception("network play: handling a %r message failed", message.type)
            self._refuse(link, f"internal error: {exc}", line, refused=message.type)

    def _heartbeats(self, now: float) -> None:
        for link in list(self._links):
            if link.closing:
                if not link.outbuf or now - link.last_heard > self._heartbeat_timeout:
                    self._drop(link, "closed")
                continue
            if now - link.last_heard > self._heartbeat_timeout:
                self._drop(link, f"no answer for {self._heartbeat_timeout:g} s (connection lost)")
            elif now - link.last_ping >= self._heartbeat_interval:
                link.last_ping = now
                link.pings += 1
                self._send(link, "ping", n=link.pings)

    def _dispatch(self) -> None:
        """Run ``on_change`` for queued events, on this thread, outside the lock."""
        while True:
            with self._lock:
                if not self._events:
                    return
                event = self._events.popleft()
            if self._on_change is None:
                continue
            try:
                self._on_change(event)
            except Exception:
                logger.exception("network play: the on_change callback failed")

    def _shutdown(self) -> None:
        with self._lock:
            for link in list(self._links):
                link.closing = True
                self._drop(link, "closed")
            self._close_extra()
            if not self._closed:
                self._closed = True
                self._emit("closed", "The session is closed")
            self._cond.notify_all()
        self._dispatch()
        for sock in (self._wake_r, self._wake_w):
            with contextlib.suppress(OSError):
                sock.close()
        with contextlib.suppress(OSError, RuntimeError):
            self._selector.close()

    def _close_extra(self) -> None:
        """Close extra sockets (the host's listening socket)."""
