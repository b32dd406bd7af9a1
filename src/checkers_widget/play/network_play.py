"""The board's side of a network game: a play session wired to a host or join session.

:mod:`checkers_widget.network` moves the game between two processes; this module only
says what one such session means to a board's
:class:`~checkers_widget.play.session.PlaySession`: who
sits on which side (``"human"`` here, ``"remote"`` there), where the local player's
moves and draw/resign commands go (the host plays them on its own game, the guest
sends them to be checked), what the board shows of the connection, and which controls
make no sense across the link (undo, redo, restart, new game, the editor, hints: the
host's game is the authority and both players must see the same game).

The network session shares the play session's lock, so events from the network thread
and clicks from the browser never interleave; the play session handles those events
(:meth:`PlaySession.on_network_event`): nothing here touches the board.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any, Literal

from ..core.color import BLACK, COLORS, WHITE, Color
from ..core.errors import CheckersError
from ..core.game import Game
from ..core.move import Move
from ..network import HostSession, JoinSession, SessionError, SessionEvent
from ..network.peer_session import game_status
from .commands import LOCAL_ONLY_COMMANDS, network_refusal
from .players import HUMAN, REMOTE, WAITING, Player
from .state import NetworkState, Status, must_capture_words

__all__ = ["LOCAL_ONLY_COMMANDS", "NetworkUpdate", "RemotePlay", "refuse_network_options"]

logger = logging.getLogger("checkers_widget")


@dataclass(frozen=True)
class NetworkUpdate:
    """What an event of the network session changes on the board."""

    #: The game to show from now on (the guest's mirror of the host's game), or None.
    mirror: Game | None = None
    #: The side to turn the board to, once sides are drawn (the players change too).
    seat: Color | None = None
    #: Whether the board's state goes out again (a move already published it).
    publish: bool = True


class RemotePlay:
    """One board's network game, as host (``role="host"``) or guest (``role="guest"``)."""

    def __init__(self, session: HostSession | JoinSession) -> None:
        self.session = session
        self.role: Literal["host", "guest"] = (
            "host" if isinstance(session, HostSession) else "guest"
        )

    # ------------------------------------------------------------------ sides
    @property
    def local_side(self) -> Color | None:
        """The side this notebook plays (None until the guest is accepted)."""
        return self.session.local_side

    def players(self) -> dict[Color, Player]:
        """A human here and a remote player there once sides are drawn; before, both
        are waiting (nobody may move yet)."""
        local = self.local_side
        if local is None:
            return {BLACK: WAITING, WHITE: WAITING}
        return {color: HUMAN if color == local else REMOTE for color in COLORS}

    def mirror(self) -> Game | None:
        """The guest's mirror of the host's game (None on the host, or before it comes)."""
        session = self.session
        return session.game if isinstance(session, JoinSession) else None

    def peer_name(self) -> str | None:
        session = self.session
        if isinstance(session, HostSession):
            return session.guest_name
        return session.host_name if session.accepted else None

    def update(self, event: SessionEvent) -> NetworkUpdate:
        """What ``event`` (on the network thread) changes on the board."""
        if event.kind == "accepted":
            return NetworkUpdate(self.mirror(), self.local_side or BLACK)
        if event.kind == "error":
            logger.warning("network: %s", event.text)
        # A move, undo, redo, reset or result: the game's own event published the board.
        return NetworkUpdate(publish=event.kind not in ("move", "undo", "redo", "reset", "result"))

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

    def status(self, game: Game, pending: tuple[int, ...] | None = None) -> Status:
        """The status line of a network board showing ``game``: the game, or why there is none."""
        session = self.session
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
                return Status(f"{text}: {must_capture_words(game)}", "must-jump")
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

    def close(self) -> None:
        self.session.close()


def _move_along(legal: list[Move], path: tuple[int, ...]) -> Move:
    for move in legal:
        if move.path == path:
            return move
    raise CheckersError(f"{'-'.join(map(str, path))} is not a legal move here")


def refuse_network_options(options: dict[str, Any]) -> None:
    """Options that cannot apply to a game between two notebooks."""
    for option in ("opponent", "timer", "human"):
        if options.get(option) is not None:
            raise CheckersError(f"{option}= is not available in a network game")
