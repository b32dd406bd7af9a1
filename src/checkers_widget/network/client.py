"""The joining side of network play: a mirror of the host's game, and a way to move in it.

A :class:`JoinSession` connects to a host, says hello and waits for the host to accept
or refuse. Once accepted it keeps :attr:`JoinSession.game`, a *mirror* of the host's
game rebuilt from the start position and the move list of every ``state`` the host
broadcasts (each move checked for legality on the way, and the final position compared
with the host's). Moves and draw/resign commands are sent to the host and show on the
mirror only once the host's next state confirms them: the host decides, always.

Treat the mirror as read-only: a change made to it directly is overwritten by the next
state. If the connection drops the session pauses and reconnects with its token; if the
host does not come back within the reconnection timeout the host is reported gone. Only
the host records results, so a guest whose host disappears can report, not decide.
"""

from __future__ import annotations

import math
import re
import socket
import threading
import time
from collections.abc import Callable, Sequence
from typing import Any, Literal, overload

from ..core.color import Color, opponent
from ..core.errors import CheckersError, GameOverError, IllegalMoveError
from ..core.game import DrawRules, Game
from ..core.move import Move
from .host import check_name, check_seconds
from .peer_session import (
    EventKind,
    Refusal,
    Session,
    SessionError,
    SessionEvent,
    _Link,
    game_status,
)
from .peer_session import logger as logger
from .wire import Message

__all__ = ["ConnectionRefusedByHost", "HostGoneError", "JoinSession"]


class ConnectionRefusedByHost(SessionError):
    """The host refused to let us join (or to take us back); ``reason`` says why."""

    def __init__(self, reason: str) -> None:
        super().__init__(f"the host refused: {reason}")
        self.reason = reason


class HostGoneError(SessionError):
    """The host closed the connection or never came back."""


def _squares(move: object) -> tuple[int, ...]:
    """The squares of a move given as a sequence of numbers 1 to 32 (else SessionError)."""
    if isinstance(move, str | bytes) or not isinstance(move, Sequence):
        raise SessionError(f"a move is a Move, move text or its squares, not {type(move).__name__}")
    squares: list[int] = []
    for square in move:
        if not isinstance(square, int) or isinstance(square, bool) or not 1 <= square <= 32:
            raise SessionError("a move's squares are whole numbers from 1 to 32")
        squares.append(square)
    return tuple(squares)


class _OutOfSync(Exception):
    """The host's state does not follow from its own moves on the mirror."""


class JoinSession(Session):
    """Join the game hosted at ``address``:``port`` as ``name``.

    ``token`` rejoins a game this player was accepted into before (from
    :attr:`token`, e.g. after a kernel restart). ``reconnect_timeout`` overrides the
    host's (sent in its welcome) for how long to keep trying after a drop;
    ``retry_interval`` is the pause between attempts. ``on_change`` and ``lock`` are
    as for :class:`~checkers_widget.network.HostSession`.
    """

    _peer_role = "host"

    def __init__(
        self,
        address: str,
        port: int,
        *,
        name: str = "Guest",
        token: str | None = None,
        on_change: Callable[[SessionEvent], Any] | None = None,
        lock: threading.RLock | None = None,
        connect_timeout: float = 10.0,
        reconnect_timeout: float | None = None,
        retry_interval: float = 1.0,
        heartbeat_interval: float = 2.0,
        heartbeat_timeout: float = 8.0,
    ) -> None:
        super().__init__(
            on_change=on_change,
            lock=lock,
            heartbeat_interval=heartbeat_interval,
            heartbeat_timeout=heartbeat_timeout,
            thread_name="checkers-join",
        )
        if not isinstance(address, str) or not address:
            raise SessionError(f"address must be a host name or IP address, not {address!r}")
        if isinstance(port, bool) or not isinstance(port, int) or not 0 < port < 65536:
            raise SessionError(f"port must be a whole number from 1 to 65535, not {port!r}")
        if token is not None and (
            not isinstance(token, str)
            or len(token) != 32
            or any(c not in "0123456789abcdef" for c in token)
        ):
            raise SessionError("token must be the 32 hexadecimal digits the host gave")
        self._address = address
        self._port = port
        self._name = check_name(name)
        self._token = token
        self._connect_timeout = check_seconds(connect_timeout, "connect_timeout", positive=True)
        if reconnect_timeout is not None:
            reconnect_timeout = check_seconds(reconnect_timeout, "reconnect_timeout")
        self._reconnect_override = reconnect_timeout
        self._reconnect_timeout = 60.0 if reconnect_timeout is None else reconnect_timeout
        self._retry_interval = check_seconds(retry_interval, "retry_interval", positive=True)
        self._link: _Link | None = None
        self._game: Game | None = None
        self._host_name = address
        self._welcomed = False  # a welcome on the current connection, state not yet seen
        self._accepted = False  # ever accepted (and synced) in this game
        self._refused_reason: str | None = None
        self._gone: str | None = None
        self._next_retry = 0.0
        self._seq = -1

    # ------------------------------------------------------------------ life cycle
    def start(self) -> JoinSession:
        """Connect and say hello; returns at once (see :meth:`wait_accepted`).

        Raises :class:`OSError` (e.g. :class:`ConnectionRefusedError`) if the host
        cannot be reached.
        """
        with self._lock:
            if self._started or self._closing:
                raise SessionError("a session can be started once")
            self._started = True
        sock = socket.create_connection((self._address, self._port), timeout=self._connect_timeout)
        with self._lock:
            self._open(sock)
            self._emit(
                "connected",
                f"Connected to {self._address}:{self._port}: waiting for the host to accept",
            )
            self._start_thread()
        return self

    def wait_accepted(self, timeout: float | None = 30.0) -> JoinSession:
        """Block until the host accepts (returns self) or refuses.

        Raises :class:`ConnectionRefusedByHost`, :class:`HostGoneError` if the connection
        closed first, or :class:`TimeoutError`. Not from ``on_change`` or under the lock.
        """
        done = self.wait_for(
            lambda s: s._accepted or s._refused_reason is not None or s._gone is not None,
            timeout,
        )
        with self._lock:
            if self._refused_reason is not None:
                raise ConnectionRefusedByHost(self._refused_reason)
            if self._accepted:
                return self
            if self._gone is not None:
                raise HostGoneError(self._gone)
        if not done:
            raise TimeoutError(f"the host did not answer within {timeout} s")
        raise HostGoneError("the session closed")  # pragma: no cover

    def _open(self, sock: socket.socket) -> None:
        link = _Link(sock, f"{self._address}:{self._port}", time.monotonic())
        link.name = self._host_name
        self._link = link
        self._welcomed = False
        self._add_link(link)
        self._send(link, "hello", name=self._name, token=self._token)

    # ------------------------------------------------------------------ views
    @property
    def game(self) -> Game | None:
        """The mirror of the host's game (None until accepted). Read it; do not change it."""
        with self._lock:
            return self._game

    @property
    def host_name(self) -> str:
        """The host player's name (the address until the welcome)."""
        with self._lock:
            return self._host_name

    @property
    def token(self) -> str | None:
        """The reconnection token the host gave (pass it as ``token=`` to rejoin)."""
        with self._lock:
            return self._token

    @property
    def accepted(self) -> bool:
        """Whether the host accepted us (and the mirror holds its game)."""
        with self._lock:
            return self._accepted

    @property
    def refused_reason(self) -> str | None:
        """Why the host refused us, if it did."""
        with self._lock:
            return self._refused_reason

    @property
    def connected(self) -> bool:
        """Whether we are in the game and connected right now."""
        with self._lock:
            return self._link is not None and self._link.stage == "live" and self._accepted

    @property
    def ended(self) -> bool:
        """Whether no game can go on: closed, refused by the host, or the host gone."""
        with self._lock:
            return self._closing or self._gone is not None or self._refused_reason is not None

    @property
    def host_gone(self) -> bool:
        """Whether the host left for good (closed the game or never came back)."""
        with self._lock:
            return self._gone is not None

    @property
    def status(self) -> str:
        """The session and the game in this player's words."""
        with self._lock:
            host = self._host_name
            if not self._started:
                return "Not connected: call start()"
            if self._refused_reason is not None:
                return f"{host} refused: {self._refused_reason}"
            if self._gone is not None:
                return self._gone
            if self._closing:
                return "You left the game"
            if self._paused_until is not None:
                left = math.ceil(max(0.0, self._paused_until - time.monotonic()))
                return f"Connection to {host} lost: reconnecting (up to {left} s more)"
            if not self._accepted or self._game is None:
                return f"Waiting for {self._address}:{self._port} to accept"
            return game_status(self._game, self._local, host)

    # ------------------------------------------------------------------ playing
    def _live(self) -> tuple[_Link, Game, Color]:
        if self._gone is not None:
            raise HostGoneError(self._gone)
        if self._closing:
            raise SessionError("the session is closed")
        if self._paused_until is not None:
            raise SessionError("the game is paused until the connection comes back")
        link, game, local = self._link, self._game, self._local
        if not self._accepted or link is None or game is None or local is None:
            raise SessionError("not in a game yet: wait until the host accepts")
        return link, game, local

    @overload
    def send_move(
        self, move: Move | str | Sequence[int], *, check: Literal[True] = True
    ) -> Move: ...
    @overload
    def send_move(
        self, move: Move | str | Sequence[int], *, check: Literal[False]
    ) -> tuple[int, ...]: ...
    @overload
    def send_move(
        self, move: Move | str | Sequence[int], *, check: bool
    ) -> Move | tuple[int, ...]: ...
    def send_move(
        self, move: Move | str | Sequence[int], *, check: bool = True
    ) -> Move | tuple[int, ...]:
        """Send a move to the host; the mirror shows it once the host confirms it.

        ``move`` is a :class:`Move`, move text (``"11-15"``, ``"22x8"`` when one route
        ends there) or the squares visited. With ``check`` (the default) it is checked
        on the mirror first: raises :class:`CheckersError` when it is not our turn,
        :class:`IllegalMoveError`/:class:`GameOverError` when it is not legal, and
        returns the :class:`Move` sent. ``check=False`` sends the path as given (the
        host checks it anyway) and returns the path. The host's refusal, if any,
        arrives as an ``"error"`` event and in :attr:`errors`.
        """
        with self._lock:
            link, game, local = self._live()
            sent: Move | tuple[int, ...]
            if check:
                if game.is_over():
                    raise GameOverError(f"the game is over ({game.result}, {game.termination})")
                if game.turn != local:
                    raise CheckersError(f"it is {self._host_name}'s turn, not yours")
                legal = game.legal_moves()
                if isinstance(move, Move):
                    found = next((m for m in legal if m.path == move.path), None)
                    if found is None:
                        raise IllegalMoveError(f"{move} is not a legal move", legal)
                    sent = found
                elif isinstance(move, str):
                    if any(len(s) > 2 for s in re.findall(r"[0-9]+", move)):
                        raise IllegalMoveError(
                            f"{move[:40]!r}: squares are numbered 1 to 32", legal
                        )
                    sent = game.board.parse_move(move)
                else:
                    path = _squares(move)
                    found = next((m for m in legal if m.path == path), None)
                    sent = found or game.board.parse_move("-".join(map(str, path)))
                path = sent.path
            else:
                if isinstance(move, Move):
                    path = move.path
                elif isinstance(move, str):
                    squares = re.findall(r"[0-9]+", move)
                    if any(len(s) > 2 for s in squares):
                        raise SessionError(f"{move[:40]!r}: squares are numbered 1 to 32")
                    path = tuple(int(s) for s in squares)
                else:
                    path = _squares(move)
                sent = path
            self._send(link, "move", ply=game.ply, path=list(path))
            return sent

    def _command(self, kind: str) -> None:
        with self._lock:
            link, game, local = self._live()
            if game.is_over():
                raise GameOverError(f"the game is over ({game.result}, {game.termination})")
            if kind in ("accept-draw", "decline-draw") and game.draw_offer != opponent(local):
                raise CheckersError(f"{self._host_name} has not offered a draw")
            self._send(link, kind)

    def offer_draw(self) -> None:
        """Offer a draw (accepts the host's pending offer, as on one board)."""
        self._command("offer-draw")

    def accept_draw(self) -> None:
        """Accept the host's draw offer."""
        self._command("accept-draw")

    def decline_draw(self) -> None:
        """Decline the host's draw offer."""
        self._command("decline-draw")

    def resign(self) -> None:
        """Resign: the host wins."""
        self._command("resign")

    # ------------------------------------------------------------------ internals
    def _before_close(self) -> None:
        if self._link is not None and self._link.stage == "live":
            self._send(self._link, "bye", reason="the guest left")
        self._paused_until = None

    def _handle(self, link: _Link, message: Message) -> None:
        kind = message.type
        if link is not self._link:  # pragma: no cover - an old connection's last words
            return
        if kind == "welcome":
            if self._welcomed:
                self._refuse(link, "a second welcome", "welcome", refused=kind)
            else:
                self._welcome(link, message)
        elif kind == "refused":
            if self._welcomed:
                self._refuse(link, "a refusal after the welcome", "refused", refused=kind)
            else:
                self._refused(link, message["reason"])
        elif kind == "state":
            if not self._welcomed:
                self._refuse(link, "a state before the welcome", "state", refused=kind)
            else:
                self._sync(link, message)
        elif kind == "error":
            reason = message["reason"]
            logger.warning("network play: the host refused our %s: %s", message["refused"], reason)
            self._errors.append(Refusal(time.time(), "host", reason, message["refused"] or ""))
            self._emit(
                "error",
                f"{self._host_name} refused: {reason}",
                reason=reason,
                refused=message["refused"],
            )
        elif kind == "bye":
            self._gone = f"{self._host_name} closed the game ({message['reason']})"
            self._paused_until = None
            self._emit("host-gone", self._gone, reason=message["reason"])
            self._drop(link, "the host said goodbye")

    def _welcome(self, link: _Link, message: Message) -> None:
        f = message.fields
        try:
            rules = DrawRules(**f["draw_rules"])
            if self._game is None or self._game.start_fen != f["start_fen"]:
                self._game = Game(f["start_fen"], draw_rules=rules, side_names=f["side_names"])
        except CheckersError as exc:
            self._refuse(link, f"unusable welcome: {exc}", "welcome", refused="welcome", drop=True)
            return
        self._local = f["side"]
        self._token = f["token"]
        self._host_name = f["host_name"]
        link.name = self._host_name
        if self._reconnect_override is None:
            self._reconnect_timeout = f["reconnect_timeout"]
        self._welcomed = True
        link.stage = "live"

    def _refused(self, link: _Link, reason: str) -> None:
        if self._accepted:  # refused on reconnection: the game is lost to us
            self._gone = f"{self._host_name} would not take us back: {reason}"
            self._paused_until = None
            self._emit("host-gone", self._gone, reason=reason)
        else:
            self._refused_reason = reason
            self._emit("refused", f"{self._host_name} refused: {reason}", reason=reason)
        link.closing = True
        self._wake()

    def _sync(self, link: _Link, message: Message) -> None:
        """Make the mirror follow a ``state``: same start, same moves, result and offer."""
        f = message.fields
        first = not self._accepted
        resumed = self._accepted and self._paused_until is not None
        events: list[tuple[EventKind, str, dict[str, Any]]] = []
        assert self._game is not None
        try:
            self._follow(self._game.copy(), f)  # a dry run: a bad state changes nothing
            events = self._follow(self._game, f)
        except (CheckersError, _OutOfSync) as exc:
            reason = f"the host's state does not follow from its moves: {exc}"
            logger.error("network play: %s", reason)
            self._errors.append(Refusal(time.time(), "host", reason, "state"))
            self._emit("error", f"Out of step with {self._host_name}: {exc}", reason=reason)
            return
        self._seq = f["seq"]
        assert self._game is not None and self._local is not None
        if first:
            self._accepted = True
            side = self._game.side_name(self._local)
            self._emit(
                "accepted",
                f"{self._host_name} accepted: you play {side}",
                local_side=self._local,
                remote_side=opponent(self._local),
            )
            return
        if resumed or self._paused_until is not None:
            self._paused_until = None
            self._emit("resumed", f"Back in the game with {self._host_name}")
        for kind, text, data in events:
            self._emit(kind, text, **data)

    def _who(self, color: Color | None) -> str:
        return "You" if color == self._local else self._host_name

    def _follow(self, game: Game, f: Any) -> list[tuple[EventKind, str, dict[str, Any]]]:
        """Bring ``game`` to the state ``f``; returns the events to report."""
        events: list[tuple[EventKind, str, dict[str, Any]]] = []
        if f["start_fen"] != game.start_fen:
            raise _OutOfSync("the start position changed")
        target: list[tuple[int, ...]] = list(f["moves"])
        have = [m.path for m in game.moves]
        if have != target[: len(have)]:
            game.reset()
            have = []
            events.append(("reset", f"{self._host_name} changed the moves played", {}))
        for path in target[len(have) :]:
            move = next((m for m in game.legal_moves() if m.path == path), None)
            if move is None:
                raise _OutOfSync(f"move {game.ply + 1} ({'-'.join(map(str, path))}) is not legal")
            side = game.turn
            game.play(move)
            events.append(
                ("move", f"{self._who(side)} played {move}", {"move": str(move), "side": side})
            )
        result, termination = f["result"], f["termination"]
        if result is None and game.result is not None:
            raise _OutOfSync(f"the mirror ended the game ({game.termination}) but the host did not")
        if result is not None and (game.result, game.termination) != (result, termination):
            game.set_result(result, termination or "result recorded by the host")
            events.append(
                (
                    "result",
                    f"Game over ({result}): {game.termination}",
                    {"result": result, "termination": game.termination},
                )
            )
        offer = f["draw_offer"]
        if offer != game.draw_offer and not game.is_over():
            if game.draw_offer is not None:
                game.decline_draw()
            if offer is not None:
                game.offer_draw(offer)
            text = f"{self._who(offer)} offered a draw" if offer else "The draw offer was declined"
            events.append(("offer", text, {"side": offer}))
        if game.ply != f["ply"] or game.board.to_fen() != f["fen"]:
            raise _OutOfSync(f"the position differs ({game.board.to_fen()} vs {f['fen']})")
        return events

    def _link_lost(self, link: _Link, reason: str) -> None:
        if link is not self._link:
            return
        self._link = None
        self._welcomed = False
        if self._closing or self._gone is not None or self._refused_reason is not None:
            return
        if not self._accepted:
            if self._paused_until is None:
                self._gone = f"The connection closed before the host answered ({reason})"
                self._emit("host-gone", self._gone, reason=reason)
            return
        assert self._game is not None
        if self._game.is_over():
            self._gone = f"{self._host_name} has left; the game is over"
            self._emit("disconnected", self._gone, reason=reason)
            return
        if self._paused_until is None:
            now = time.monotonic()
            self._paused_until = now + self._reconnect_timeout
            self._next_retry = now + min(0.2, self._retry_interval)
            logger.info("network play: lost the host (%s); reconnecting", reason)
            self._emit("paused", self.status, reason=reason, timeout=self._reconnect_timeout)

    def _tick(self, now: float) -> None:
        if self._paused_until is None or self._link is not None:
            return
        if now >= self._paused_until:
            self._paused_until = None
            self._gone = (
                f"{self._host_name} did not come back within {self._reconnect_timeout:g} s: "
                "the game cannot go on. Only the host records the result; nothing was "
                "recorded here"
            )
            self._emit("host-gone", self._gone)

    def _idle(self) -> None:
        """Try to reconnect (without the lock: connecting may take a while)."""
        with self._lock:
            if self._paused_until is None or self._link is not None or self._closing:
                return
            now = time.monotonic()
            if now < self._next_retry:
                return
            self._next_retry = now + self._retry_interval
            timeout = min(self._connect_timeout, max(0.1, self._paused_until - now), 2.0)
        try:
            sock = socket.create_connection((self._address, self._port), timeout=timeout)
        except OSError as exc:
            logger.debug("network play: reconnecting failed: %s", exc)
            return
        with self._lock:
            if self._paused_until is None or self._link is not None or self._closing:
                sock.close()
                return
            try:
                self._open(sock)
            except OSError as exc:  # reset as soon as it was made: try again later
                logger.debug("network play: reconnecting failed: %s", exc)
                sock.close()
