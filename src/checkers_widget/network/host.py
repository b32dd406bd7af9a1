"""The hosting side of network play: owns the authoritative :class:`Game`.

The host listens on a TCP port. A guest connects and says hello; the host accepts or
refuses (at once, by policy, or later through :meth:`HostSession.accept` /
:meth:`HostSession.refuse`). On acceptance the colours are drawn at random, the guest
gets its side, the game so far and a reconnection token, and from then on every
change of the host's game (whoever made it) is broadcast as a full ``state`` message.

The guest's moves and draw/resign commands are checked here against the game itself:
the right side, the right ply, a legal move. Anything else is refused, logged and
answered with an ``error`` message; the game is left untouched.

**Hostile connections:** a connection has ``hello_timeout`` seconds (5) to send a valid
hello, and one chance: a malformed first line closes it. At most ``max_handshakes`` (64)
connections may wait for their hello; one more closes the oldest (after reading any hello
it already sent), never the newcomer, so idle or slow sockets cannot keep a real guest
out, and a flood costs a bounded number of sockets and buffers.

**Undo across the link:** there is none. The guest has no message to ask for one. The
host's own code should not undo, redo, reset or step through the game while a guest
is in it (the widget should disable those controls). If it does anyway, the host is
the authority: the new state is broadcast and the guest's mirror follows it, and any
guest move made for the old position is refused as stale.
"""

from __future__ import annotations

import contextlib
import hmac
import math
import random
import secrets
import socket
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..core.color import BLACK, WHITE, Color, opponent
from ..core.errors import CheckersError, VariantError
from ..core.game import DrawRules, Game, GameEvent
from ..core.move import Move
from ..core.outcome import WIN
from ..core.variants import AMERICAN
from .peer_session import Refusal, Session, SessionError, SessionEvent, _Link, game_status, logger
from .wire import MAX_NAME_CHARS, Message, ProtocolError, printable

__all__ = ["AcceptPolicy", "HostSession", "JoinRequest"]

#: Connections that have not said hello yet, at most: when one more arrives, the oldest
#: of them is closed (never the newcomer, so idle or slow sockets cannot shut a real
#: guest out: a guest says hello as soon as it connects).
MAX_HANDSHAKES = 64
#: Seconds a new connection has to send its hello before it is closed.
HELLO_TIMEOUT = 5.0
#: Connections taken from the listening socket in one go, before reading the others.
ACCEPT_BATCH = 64
#: Seconds between two warnings that connections are being turned away (a flood of
#: connections logs a line now and then, not a line per connection).
BUSY_WARNING_INTERVAL = 10.0


@dataclass(frozen=True)
class JoinRequest:
    """A player asking to join: the name they gave and where they connect from."""

    name: str
    address: str


AcceptPolicy = bool | Callable[[JoinRequest], bool] | None


def check_name(name: str) -> str:
    """A player name must be printable text of 1 to 40 characters (it goes on the wire)."""
    if not isinstance(name, str) or not 1 <= len(name) <= MAX_NAME_CHARS or not name.isprintable():
        raise SessionError(f"a player name must be 1 to {MAX_NAME_CHARS} printable characters")
    return name


def check_seconds(value: float, what: str, *, positive: bool = False) -> float:
    """A duration argument: a finite number of seconds, >= 0 (or > 0 if ``positive``)."""
    if (
        isinstance(value, bool)
        or not isinstance(value, int | float)
        or not math.isfinite(value)
        or value < 0
        or (positive and value == 0)
    ):
        bound = "> 0" if positive else ">= 0"
        raise SessionError(f"{what} must be a number of seconds {bound}, not {value!r}")
    return float(value)


def rules_dict(rules: DrawRules) -> dict[str, Any]:
    """Draw rules as the ``welcome`` message carries them."""
    return {
        "quiet_moves": rules.quiet_moves,
        "repetitions": rules.repetitions,
        "automatic": rules.automatic,
    }


class HostSession(Session):
    """Host a network game of ``game`` for one guest; the host's ``game`` is the authority.

    ``port`` (0: any free port, read :attr:`port` after :meth:`start`) and ``bind`` (the
    interface; ``"0.0.0.0"`` to accept other machines) say where to listen. ``accept``
    decides join requests: ``True``/``False`` at once, a callable given the
    :class:`JoinRequest` (called on the network thread with the lock held: keep it
    quick), or ``None`` to hold the request in :attr:`pending_request` until
    :meth:`accept` or :meth:`refuse`. ``rng`` draws who plays Black (seed it for
    reproducible draws). A guest whose connection drops has ``reconnect_timeout``
    seconds to come back with its token before forfeiting. ``name`` is the host
    player's name as the guest sees it. ``on_change`` gets a :class:`SessionEvent`
    for everything a user interface should redraw. ``lock`` is the session lock
    (share the widget's :class:`threading.RLock`, see :mod:`.session`).

    Connections that have not said hello are bounded: each has ``hello_timeout``
    seconds to send a valid hello (one malformed line and it is closed), and when
    ``max_handshakes`` are waiting the oldest is closed to make room, so idle, slow or
    garbage-sending sockets can neither exhaust the host nor shut a real guest out.
    """

    _peer_role = "client"

    def __init__(
        self,
        game: Game,
        *,
        port: int = 0,
        bind: str = "127.0.0.1",
        accept: AcceptPolicy = None,
        reconnect_timeout: float = 60.0,
        rng: random.Random | None = None,
        name: str = "Host",
        on_change: Callable[[SessionEvent], Any] | None = None,
        lock: threading.RLock | None = None,
        heartbeat_interval: float = 2.0,
        heartbeat_timeout: float = 8.0,
        hello_timeout: float = HELLO_TIMEOUT,
        max_handshakes: int = MAX_HANDSHAKES,
    ) -> None:
        if not isinstance(game, Game):
            raise SessionError(f"game must be a Game, not {type(game).__name__}")
        if game.variant is not AMERICAN:
            raise VariantError(
                f"network play is for American checkers only for now, not {game.variant.describe()}"
            )
        reconnect_timeout = check_seconds(reconnect_timeout, "reconnect_timeout")
        hello_timeout = check_seconds(hello_timeout, "hello_timeout", positive=True)
        if isinstance(max_handshakes, bool) or not isinstance(max_handshakes, int):
            raise SessionError(f"max_handshakes must be a whole number, not {max_handshakes!r}")
        if max_handshakes < 1:
            raise SessionError(f"max_handshakes must be at least 1, not {max_handshakes}")
        super().__init__(
            on_change=on_change,
            lock=lock,
            heartbeat_interval=heartbeat_interval,
            heartbeat_timeout=heartbeat_timeout,
            thread_name="checkers-host",
        )
        self._game = game
        self._name = check_name(name)
        self._bind = bind
        self._requested_port = port
        self._accept_policy = accept
        self._reconnect_timeout = float(reconnect_timeout)
        self._rng = rng if rng is not None else random.Random()
        self._hello_timeout = hello_timeout
        self._max_handshakes = max_handshakes
        self._busy_warned = -math.inf
        self._listener: socket.socket | None = None
        self._port: int | None = None
        self._guest: _Link | None = None
        self._pending: tuple[_Link, JoinRequest] | None = None
        self._guest_name: str | None = None
        self._token: str | None = None
        self._forfeited = False
        self._seq = 0
        self._raw = b""
        self._unsubscribe: Callable[[], None] | None = None

    # ------------------------------------------------------------------ life cycle
    def start(self) -> HostSession:
        """Bind the port, subscribe to the game and start the network thread.

        Raises :class:`OSError` if the port cannot be bound (e.g. already in use).
        """
        with self._lock:
            if self._started or self._closing:
                raise SessionError("a session can be started once")
            listener = socket.create_server((self._bind, self._requested_port))
            listener.setblocking(False)
            self._listener = listener
            self._port = listener.getsockname()[1]
            self._unsubscribe = self._game.subscribe(self._on_game)
            self._emit(
                "listening",
                f"Waiting for a player to join on port {self._port}",
                port=self._port,
            )
            self._start_thread()
        return self

    # ------------------------------------------------------------------ views
    @property
    def game(self) -> Game:
        """The authoritative game (the one passed in)."""
        return self._game

    @property
    def port(self) -> int:
        """The port listened on (the actual one when 0 was asked for)."""
        with self._lock:
            if self._port is None:
                raise SessionError("the session is not started: call start() first")
            return self._port

    @property
    def guest_name(self) -> str | None:
        """The accepted guest's name, or None before anyone is accepted."""
        with self._lock:
            return self._guest_name

    @property
    def pending_request(self) -> JoinRequest | None:
        """A join request waiting for :meth:`accept` or :meth:`refuse` (``accept=None``)."""
        with self._lock:
            return self._pending[1] if self._pending else None

    @property
    def connected(self) -> bool:
        """Whether the accepted guest is connected right now."""
        with self._lock:
            return self._guest is not None

    @property
    def forfeited(self) -> bool:
        """Whether the guest lost the game by not coming back in time."""
        with self._lock:
            return self._forfeited

    @property
    def status(self) -> str:
        """The session and the game in the host player's words."""
        with self._lock:
            if not self._started:
                return "Not hosting yet: call start()"
            guest = self._guest_name or "the guest"
            if self._closing:
                over = game_status(self._game, self._local, guest) if self._local else ""
                return "Hosting ended" + (f" ({over})" if self._game.is_over() and over else "")
            if self._paused_until is not None:
                left = math.ceil(max(0.0, self._paused_until - time.monotonic()))
                return f"Connection lost: waiting up to {left} s for {guest} to come back"
            if self._pending is not None:
                request = self._pending[1]
                return f"{request.name} ({request.address}) asks to join: accept or refuse?"
            if self._local is None:
                return f"Waiting for a player to join on port {self._port}"
            text = game_status(self._game, self._local, guest)
            if self._guest is None:
                text += f" ({guest} has left)"
            return text

    # ------------------------------------------------------------------ join requests
    def accept(self) -> None:
        """Accept the pending join request: draw the colours and start the game."""
        with self._lock:
            if self._pending is None:
                raise SessionError("there is no join request to accept")
            link, _ = self._pending
            self._admit(link)

    def refuse(self, reason: str = "The host refused the request") -> None:
        """Refuse the pending join request, telling the guest ``reason``."""
        with self._lock:
            if self._pending is None:
                raise SessionError("there is no join request to refuse")
            link, _ = self._pending
            self._pending = None
            self._turn_away(link, printable(str(reason)) or "refused")

    # ------------------------------------------------------------------ the host player
    def _local_side(self) -> Color:
        if self._local is None:
            raise SessionError("no guest has joined yet")
        return self._local

    def play(self, move: Move | str) -> Move:
        """Play the host player's move (checked: their turn, not paused) and broadcast it.

        The widget may equally call ``game.play`` itself after its own checks; the
        broadcast happens either way. Raises :class:`SessionError` while no guest has
        joined or the game is paused, :class:`CheckersError` on the guest's turn or for
        an illegal move.
        """
        with self._lock:
            local = self._local_side()
            if self._paused_until is not None:
                raise SessionError("the game is paused until the guest comes back")
            if self._game.turn != local and not self._game.is_over():
                raise CheckersError(f"it is {self._guest_name}'s turn, not yours")
            return self._game.play(move)

    def offer_draw(self) -> None:
        """The host player offers a draw (or accepts the guest's pending offer)."""
        with self._lock:
            self._game.offer_draw(self._local_side())

    def accept_draw(self) -> None:
        """The host player accepts the guest's draw offer."""
        with self._lock:
            self._game.accept_draw(self._local_side())

    def decline_draw(self) -> None:
        """The host player declines the guest's draw offer."""
        with self._lock:
            self._game.decline_draw(self._local_side())

    def resign(self) -> None:
        """The host player resigns: the guest wins."""
        with self._lock:
            self._game.resign(self._local_side())

    # ------------------------------------------------------------------ internals
    def _player(self, color: Color) -> str:
        return self._name if color == self._local else (self._guest_name or "the guest")

    def _state_fields(self) -> dict[str, Any]:
        game = self._game
        return {
            "seq": self._seq,
            "start_fen": game.start_fen,
            "moves": [list(m.path) for m in game.moves],
            "ply": game.ply,
            "fen": game.board.to_fen(),
            "result": game.result,
            # The host's own text (set_result may be given anything): made sendable.
            "termination": None if game.termination is None else printable(game.termination),
            "draw_offer": game.draw_offer,
        }

    def _broadcast(self, link: _Link) -> None:
        """Send ``link`` the game's state; a game that outgrew the protocol (more moves
        than a state may list) is reported, never raised into the game's listeners
        (which would leave the move played but unreported)."""
        try:
            self._send(link, "state", **self._state_fields())
        except ProtocolError as exc:
            reason = f"the game can no longer be sent to the guest: {exc}"
            logger.error("network play: %s", reason)
            self._errors.append(Refusal(time.time(), link.peer, reason, "state"))
            who = link.name or link.peer
            self._emit("error", f"Cannot send the game to {who}: {exc}", reason=reason)

    def _on_game(self, event: GameEvent, game: Game) -> None:
        """Game listener: broadcast every change to the guest and report it."""
        if event == "drawing":
            return  # arrows drawn on the host's board are its own: nothing crosses the link
        with self._lock:
            self._seq += 1
            if self._guest is not None:
                self._broadcast(self._guest)
            data: dict[str, Any] = {}
            if event in ("move", "redo") and game.moves:
                move = game.moves[-1]
                side = opponent(game.turn)
                data = {"move": str(move), "side": side}
                text = f"{self._player(side)} played {move}"
            elif event == "offer":
                offer = game.draw_offer
                data = {"side": offer}
                text = (
                    f"{self._player(offer)} offers a draw"
                    if offer
                    else "The draw offer was declined"
                )
            elif event == "result":
                data = {"result": game.result, "termination": game.termination}
                text = f"Game over ({game.result}): {game.termination}"
            else:
                text = f"The game was changed ({event})"
            self._emit(event, text, **data)

    def _extra_sockets(self) -> list[socket.socket]:
        return [self._listener] if self._listener is not None else []

    def _close_extra(self) -> None:
        if self._listener is not None:
            with contextlib.suppress(OSError):
                self._listener.close()
            self._listener = None
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None

    def _before_close(self) -> None:
        if self._guest is not None:
            self._send(self._guest, "bye", reason="the host closed the game")
        if self._pending is not None:
            self._send(self._pending[0], "refused", reason="the host closed the game")
            self._pending = None
        self._paused_until = None

    def _on_readable(self, sock: socket.socket) -> None:
        """The listening socket: take the waiting connections, a bounded batch at a time
        (a flood of connections must not keep the thread from reading the hellos of the
        ones it already has)."""
        for _ in range(ACCEPT_BATCH):
            try:
                conn, addr = sock.accept()
            except (BlockingIOError, InterruptedError):
                return
            except OSError as exc:  # e.g. out of file descriptors: try again later
                self._busy(f"accepting a connection failed: {exc}")
                return
            self._take(conn, f"{addr[0]}:{addr[1]}")

    def _take(self, conn: socket.socket, peer: str) -> None:
        """A new connection: make room among those waiting to say hello, then add it."""
        if self._closing:
            conn.close()
            return
        try:
            link = _Link(conn, peer, time.monotonic())
        except OSError as exc:  # already reset by the peer
            logger.info("network play: a connection from %s failed at once: %s", peer, exc)
            conn.close()
            return
        self._make_room()
        self._add_link(link)

    def _make_room(self) -> None:
        """Below :attr:`max_handshakes` connections waiting for their hello, closing the
        oldest when needed: one already being closed if any, else the one open longest.
        Before closing a connection its pending input is read, so that a hello already
        sent (a real guest's, sent as it connects) is honoured, never thrown away."""
        while True:
            waiting = [ln for ln in self._links if ln.stage == "hello"]
            if len(waiting) < self._max_handshakes:
                return
            oldest = next((ln for ln in waiting if ln.closing), waiting[0])
            if not oldest.closing:
                self._read(oldest)
                if oldest.closed or oldest.stage != "hello":
                    continue
            self._busy(f"{len(waiting)} connections waiting to say hello: closing the oldest")
            if not oldest.closing:
                self._send(oldest, "refused", reason="too many connections are waiting to join")
            self._drop(oldest, "too many connections waiting to say hello")

    def _busy(self, text: str) -> None:
        """Warn that connections are being turned away, at most every few seconds."""
        now = time.monotonic()
        if now - self._busy_warned >= BUSY_WARNING_INTERVAL:
            self._busy_warned = now
            logger.warning("network play: %s", text)
        else:
            logger.debug("network play: %s", text)

    def _drop_on_refusal(self, link: _Link) -> bool:
        return link.stage == "hello"  # before its hello a connection gets one chance

    def _receive(self, link: _Link, line: bytes) -> None:
        self._raw = line
        super()._receive(link, line)

    def _handle(self, link: _Link, message: Message) -> None:
        kind = message.type
        if link.stage == "hello":
            if kind != "hello":
                self._refuse(
                    link, "the first message must be a hello", self._raw, refused=kind, drop=True
                )
            else:
                self._hello(link, message)
            return
        if kind == "hello":
            self._refuse(link, "hello was already said", self._raw, refused=kind)
            return
        if kind == "bye":
            self._drop(link, message["reason"] or "said goodbye")
            return
        if link.stage == "pending":
            self._refuse(link, "wait until the host accepts you", self._raw, refused=kind)
            return
        if link is not self._guest:  # pragma: no cover - a link is live only as the guest
            self._refuse(link, "not the player of this game", self._raw, refused=kind, drop=True)
            return
        if kind == "move":
            self._remote_move(link, message)
            return
        remote = opponent(self._local_side())
        try:
            if kind == "offer-draw":
                self._game.offer_draw(remote)
            elif kind == "accept-draw":
                self._game.accept_draw(remote)
            elif kind == "decline-draw":
                self._game.decline_draw(remote)
            elif kind == "resign":
                self._game.resign(remote)
            else:
                self._refuse(link, f"a guest may not send {kind!r} now", self._raw, refused=kind)
        except CheckersError as exc:
            self._refuse(link, str(exc), self._raw, refused=kind)

    def _remote_move(self, link: _Link, message: Message) -> None:
        game = self._game
        path: tuple[int, ...] = message["path"]
        ply: int = message["ply"]
        text = "-".join(map(str, path))
        remote = opponent(self._local_side())
        if game.is_over():
            reason = f"{text}: the game is over ({game.result}, {game.termination})"
        elif ply != game.ply:
            reason = f"{text}: stale move, made at ply {ply} but the game is at ply {game.ply}"
        elif game.turn != remote:
            reason = f"{text}: it is not your turn ({game.side_name(game.turn)} is to move)"
        else:
            move = next((m for m in game.legal_moves() if m.path == path), None)
            if move is not None:
                try:
                    game.play(move)
                    return
                except CheckersError as exc:  # e.g. a listener of the game refused it
                    reason = f"{text}: {exc}"
            else:
                try:
                    reason = game.explain(list(path))
                except Exception:
                    reason = f"{text} is not a legal move"
        self._refuse(link, reason, self._raw, refused="move")

    def _hello(self, link: _Link, message: Message) -> None:
        name: str = message["name"]
        token: str | None = message["token"]
        if token is not None:
            if self._token is not None and hmac.compare_digest(token, self._token):
                self._resume(link)
            else:
                self._reject(link, "wrong reconnection token", warn=True)
            return
        if self._token is not None or self._pending is not None:
            self._reject(link, "the game is full", warn=True)
            return
        link.name = name
        request = JoinRequest(name, link.peer)
        policy = self._accept_policy
        if policy is None:
            link.stage = "pending"
            self._pending = (link, request)
            self._emit(
                "request",
                f"{name} ({link.peer}) asks to join: accept or refuse?",
                name=name,
                address=link.peer,
            )
            return
        if callable(policy):
            try:
                decision = bool(policy(request))
            except Exception:
                logger.exception("network play: the accept callback failed; refusing")
                decision = False
        else:
            decision = bool(policy)
        if decision:
            self._admit(link)
        else:
            self._turn_away(link, "The host refused the request")

    def _reject(self, link: _Link, reason: str, *, warn: bool) -> None:
        """Refuse a hello that cannot be honoured (game full, wrong token) and hang up."""
        if warn:
            self._refuse(link, reason, self._raw, refused="hello", reply=False)
        self._send(link, "refused", reason=reason)
        link.closing = True
        self._wake()

    def _turn_away(self, link: _Link, reason: str) -> None:
        logger.info("network play: refused %s (%s): %s", link.name, link.peer, reason)
        self._send(link, "refused", reason=reason)
        link.closing = True
        self._emit("refused", f"Refused {link.name}: {reason}", name=link.name, reason=reason)

    def _admit(self, link: _Link) -> None:
        """Accept ``link`` as the guest: draw the colours, send the welcome and the game."""
        if link.closed:
            self._pending = None
            raise SessionError("the player who asked has already left")
        game = self._game
        if game.is_over():
            game.reset()
        remote: Color = BLACK if self._rng.random() < 0.5 else WHITE
        self._local = opponent(remote)
        self._token = secrets.token_hex(16)
        self._guest_name = link.name
        self._pending = None
        link.stage = "live"
        self._guest = link
        self._welcome(link, resumed=False)
        self._emit(
            "accepted",
            f"{link.name} joined: you play {game.side_name(self._local)}",
            name=link.name,
            local_side=self._local,
            remote_side=remote,
        )

    def _resume(self, link: _Link) -> None:
        """A guest came back with the right token: swap in the new connection."""
        old = self._guest
        self._guest = None
        if old is not None and old is not link:
            self._drop(old, "replaced by a new connection")
        link.name = self._guest_name
        link.stage = "live"
        self._guest = link
        was_paused = self._paused_until is not None
        self._paused_until = None
        self._welcome(link, resumed=True)
        self._emit(
            "resumed",
            f"{link.name} is back" + (": the game goes on" if was_paused else ""),
            name=link.name,
        )

    def _welcome(self, link: _Link, *, resumed: bool) -> None:
        game = self._game
        rules = game.draw_rules
        assert isinstance(rules, DrawRules) and self._local is not None and self._token
        self._send(
            link,
            "welcome",
            side=opponent(self._local),
            token=self._token,
            host_name=self._name,
            guest_name=link.name,
            resumed=resumed,
            reconnect_timeout=self._reconnect_timeout,
            start_fen=game.start_fen,
            draw_rules=rules_dict(rules),
            side_names=[
                printable(name, MAX_NAME_CHARS) or default
                for name, default in zip(game.side_names, ("Black", "White"), strict=True)
            ],
        )
        self._broadcast(link)

    def _link_lost(self, link: _Link, reason: str) -> None:
        if self._pending is not None and self._pending[0] is link:
            self._pending = None
            self._emit("withdrawn", f"{link.name} left before you answered", name=link.name)
            return
        if link is not self._guest:
            return
        self._guest = None
        if self._closing:
            return
        name = self._guest_name
        if self._game.is_over():
            self._emit("disconnected", f"{name} left ({reason})", reason=reason)
            return
        self._paused_until = time.monotonic() + self._reconnect_timeout
        logger.info("network play: lost %s (%s); game paused", name, reason)
        self._emit("paused", self.status, reason=reason, timeout=self._reconnect_timeout)

    def _tick(self, now: float) -> None:
        for link in list(self._links):
            if link.stage == "hello" and now - link.opened > self._hello_timeout:
                reason = f"no hello within {self._hello_timeout:g} s"
                if not link.closing:
                    self._send(link, "refused", reason=reason)
                self._drop(link, reason)
        if self._paused_until is None:
            return
        if self._game.is_over():  # e.g. the host resigned meanwhile
            self._paused_until = None
            return
        if now >= self._paused_until:
            self._forfeit()

    def _forfeit(self) -> None:
        self._paused_until = None
        local = self._local_side()
        name = self._guest_name
        termination = f"forfeit: {name}'s connection was lost"
        try:
            self._game.set_result(WIN[local], termination)
        except CheckersError:
            logger.exception("network play: could not record the forfeit")
            return
        self._forfeited = True
        logger.info("network play: %s did not come back and forfeits", name)
        self._emit(
            "forfeit",
            f"{name} did not come back: you win by forfeit",
            result=self._game.result,
            termination=termination,
        )
