"""The board's side of a network game: a widget wired to a host or join session.

:mod:`checkers_widget.network` moves the game between two processes; this module only
connects one such session to a :class:`~checkers_widget.widget.board_widget.CheckersWidget`: who
sits on which side (``"human"`` here, ``"remote"`` there), where the local player's
moves and draw/resign commands go (the host plays them on its own game, the guest
sends them to be checked), what the board shows of the connection, and which controls
make no sense across the link (undo, redo, restart, new game, the editor, hints: the
host's game is the authority and both players must see the same game).

The session shares the widget's lock, so events from the network thread and clicks
from the browser never interleave.
"""

from __future__ import annotations

import logging
import random
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Literal, cast

from ..core.color import BLACK, COLORS, WHITE, Color
from ..core.errors import CheckersError
from ..core.game import Game
from ..core.move import Move
from ..network import HostSession, JoinSession, SessionError, SessionEvent
from ..network.session import game_status
from .commands import LOCAL_ONLY_COMMANDS, network_refusal
from .milestones import Attempt
from .state import NetworkState, Status

if TYPE_CHECKING:
    from ..widget.board_widget import CheckersWidget

__all__ = ["LOCAL_ONLY_COMMANDS", "NetworkPlay", "RemotePlay"]

logger = logging.getLogger("checkers_widget")


class RemotePlay:
    """One widget's network game, as host (``role="host"``) or guest (``role="guest"``)."""

    def __init__(self, widget: CheckersWidget, session: HostSession | JoinSession) -> None:
        self.widget = widget
        self.session = session
        self.role: Literal["host", "guest"] = (
            "host" if isinstance(session, HostSession) else "guest"
        )

    # ------------------------------------------------------------------ sides
    @property
    def local_side(self) -> Color | None:
        """The side this notebook plays (None until the guest is accepted)."""
        return self.session.local_side

    def players(self) -> dict[Color, str]:
        """``{"black": "human", "white": "remote"}`` once sides are drawn; before, both
        are ``"waiting"`` (nobody may move yet)."""
        local = self.local_side
        if local is None:
            return {BLACK: "waiting", WHITE: "waiting"}
        return {color: "human" if color == local else "remote" for color in COLORS}

    def peer_name(self) -> str | None:
        session = self.session
        if isinstance(session, HostSession):
            return session.guest_name
        return session.host_name if session.accepted else None

    # ------------------------------------------------------------------ from the board
    def play(self, move: Move | str | tuple[int, ...]) -> Move:
        """The local player's move: played by the host, or sent by the guest to be checked.

        Raises :class:`CheckersError` when it is not the local player's turn or the move
        is illegal, and :class:`SessionError` while no game is on (waiting, paused).
        """
        session = self.session
        if isinstance(session, HostSession):
            if isinstance(move, tuple):
                move = _move_along(session.game.legal_moves(), move)
            return session.play(move)
        if not session.accepted:
            raise SessionError("the host has not accepted you yet")
        return session.send_move(list(move) if isinstance(move, tuple) else move)

    def command(self, name: str) -> None:
        """A control pressed on the board: draw offers, resignation, join requests."""
        session = self.session
        if name in LOCAL_ONLY_COMMANDS:
            raise CheckersError(network_refusal(name))
        if name in ("accept-peer", "refuse-peer"):
            if not isinstance(session, HostSession):
                raise CheckersError("only the host accepts or refuses players")
            if name == "accept-peer":
                session.accept()
            else:
                session.refuse()
            return
        actions = {
            "offer-draw": session.offer_draw,
            "accept-draw": session.accept_draw,
            "decline-draw": session.decline_draw,
            "resign": session.resign,
        }
        if name not in actions:
            raise CheckersError(f"{name} is not available in a network game")
        actions[name]()

    # ------------------------------------------------------------------ to the board
    # One message for each thing. The status line says where the game stands, in this
    # player's words ("Your move (Black)", "Waiting for a player to join on port 5000");
    # the line above the board only what is wrong with the link ("Bob has left"), and on
    # the host a join request with Accept and Refuse; while the connection is lost, the
    # cover over the board says so. Nothing is said twice.

    def status(self, pending: tuple[int, ...] | None = None) -> Status:
        """The status line of a network board: the game, or why there is none."""
        session = self.session
        game = self.widget.game
        local = self.local_side
        if local is None or session.ended:
            if isinstance(session, HostSession) and local is None and not session.ended:
                if session.pending_request is not None:
                    # The request's own line names the player and holds the buttons.
                    text = "Answer the join request below"
                else:
                    text = f"Waiting for a player to join on port {session.port}"
            else:
                text = session.status
            return Status(text, "over" if game.is_over() else "turn")
        if session.paused:
            return Status("Paused until the connection comes back", "turn")
        text = game_status(game, local, self.peer_name() or "your opponent")
        if game.is_over():
            return Status(text, "over")
        if game.turn == local and game.draw_offer is None:
            if pending:
                return Status(f"{text}: keep jumping", "keep-jumping")
            if game.board.must_capture():
                return Status(f"{text}: you must jump", "must-jump")
        return Status(text, "turn")

    def connection(self) -> str:
        """The network line's words: empty while the link is fine (or no game is on yet:
        the status line speaks then); while it is lost, the cover shows them."""
        session = self.session
        if session.paused:
            return session.status
        if self.local_side is None or session.ended:
            return ""
        if isinstance(session, HostSession) and not session.connected:
            return f"{session.guest_name or 'The guest'} has left"
        return ""

    def state(self) -> NetworkState:
        """What the board shows of the connection (``state["network"]``)."""
        session = self.session
        request = session.pending_request if isinstance(session, HostSession) else None
        return {
            "role": self.role,
            "status": self.connection(),
            "connected": session.connected,
            "paused": session.paused,
            "peer": self.peer_name(),
            "request": (
                {"name": request.name, "address": request.address} if request is not None else None
            ),
            "port": session.port if isinstance(session, HostSession) else None,
        }

    def on_event(self, event: SessionEvent) -> None:
        """Runs on the network thread: bring the widget up to date with the session."""
        widget = self.widget
        with widget._lock:
            if event.kind == "accepted":
                if isinstance(self.session, JoinSession) and self.session.game is not None:
                    widget.game = self.session.game  # the mirror of the host's game
                widget._players = self.players()
                widget.orientation = self.local_side or BLACK
            elif event.kind == "error":
                logger.warning("network: %s", event.text)
            if event.kind in ("move", "undo", "redo", "reset", "result"):
                return  # the game's own event already redrew the board
            widget._publish()

    def close(self) -> None:
        self.session.close()


def _move_along(legal: list[Move], path: tuple[int, ...]) -> Move:
    for move in legal:
        if move.path == path:
            return move
    raise CheckersError(f"{'-'.join(map(str, path))} is not a legal move here")


def _widget_class(cls: type[NetworkPlay]) -> type[CheckersWidget]:
    """``cls`` as the widget class it is: :class:`NetworkPlay` is a mixin of
    ``CheckersWidget`` only, which mypy cannot know from the mixin alone."""
    return cast("type[CheckersWidget]", cls)


class NetworkPlay:
    """The widget's :meth:`host` and :meth:`join` (a mixin of ``CheckersWidget``)."""

    # Provided by CheckersWidget.
    _lock: threading.RLock
    _remote: RemotePlay | None
    _players: dict[Color, str]
    _attempt: Attempt

    if TYPE_CHECKING:  # provided by the widget

        def _publish(self, *, bump: bool = False) -> None: ...

    @classmethod
    def host(
        cls,
        port: int = 0,
        *,
        bind: str = "127.0.0.1",
        name: str = "Host",
        accept: bool | Callable[[Any], bool] | None = None,
        reconnect_timeout: float = 60.0,
        seed: int | None = None,
        game: Game | None = None,
        **options: Any,
    ) -> CheckersWidget:
        """Host a game for a player in another notebook, who joins with :meth:`join`.

        Listens on ``bind``:``port`` (``port=0`` picks a free port: see
        ``widget.network.port``; ``bind="0.0.0.0"`` lets other machines in). A join
        request shows Accept and Refuse on the board, unless ``accept`` decides (True,
        False, or a function of the request). Who plays Black is drawn at random (``seed``
        repeats the draw). This game is the authority: every move from the other side is
        checked here. A player whose connection drops has ``reconnect_timeout`` seconds
        to come back before losing. Other options are the constructor's.
        """
        _refuse_network_options(options)
        widget = _widget_class(cls)(game, seed=seed, **options)
        session = HostSession(
            widget.game,
            port=port,
            bind=bind,
            accept=accept,
            reconnect_timeout=reconnect_timeout,
            rng=random.Random(seed),
            name=name,
            lock=widget._lock,
            on_change=lambda event: widget._on_network_event(event),
        )
        widget._connect(session)
        return widget

    @classmethod
    def join(
        cls,
        address: str,
        port: int,
        *,
        name: str = "Guest",
        token: str | None = None,
        **options: Any,
    ) -> CheckersWidget:
        """Join the game hosted at ``address``:``port`` by :meth:`host` in another notebook.

        Returns at once; the board says when the host has accepted (or refused) and
        shows the host's game from then on. Moves made here are sent to the host, which
        checks them; the board shows them once the host confirms. ``token`` (from an
        earlier ``widget.network.token``) rejoins a game after a restart.
        """
        _refuse_network_options(options)
        widget = _widget_class(cls)(Game(), **options)
        session = JoinSession(
            address,
            port,
            name=name,
            token=token,
            lock=widget._lock,
            on_change=lambda event: widget._on_network_event(event),
        )
        widget._connect(session)
        return widget

    @property
    def network(self) -> HostSession | JoinSession | None:
        """The network session (``.port``, ``.status``, ``.errors``...), or None."""
        return self._remote.session if self._remote is not None else None

    def _connect(self, session: HostSession | JoinSession) -> None:
        with self._lock:
            self._remote = RemotePlay(cast("CheckersWidget", self), session)  # see _widget_class
            self._players = self._remote.players()
            self._attempt = Attempt()
        try:
            session.start()
        except BaseException:
            with self._lock:
                self._remote = None
            raise
        with self._lock:
            self._publish(bump=True)

    def _on_network_event(self, event: Any) -> None:
        remote = self._remote
        if remote is not None:
            remote.on_event(event)


def _refuse_network_options(options: dict[str, Any]) -> None:
    """Options that cannot apply to a game between two notebooks."""
    for option in ("opponent", "timer", "human"):
        if options.get(option) is not None:
            raise CheckersError(f"{option}= is not available in a network game")
