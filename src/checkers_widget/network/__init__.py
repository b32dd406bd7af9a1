"""Network play: two Python processes (two notebooks, two kernels, two machines) play one game.

Pure Python on the standard library (sockets, :mod:`selectors`, threads); no Jupyter.
One side hosts with a :class:`HostSession` around its :class:`~checkers_widget.Game`,
which stays the only authority; the other joins with a :class:`JoinSession`, which
keeps a mirror of that game and sends its moves and draw/resign commands to be checked.

::

    # notebook A                                   # notebook B
    host = HostSession(Game(), port=5555,          guest = JoinSession("10.0.0.5", 5555,
                       bind="0.0.0.0").start()                         name="Bob").start()
    host.pending_request   # JoinRequest(Bob, ...)
    host.accept()                                  guest.wait_accepted()
    host.local_side        # drawn at random       guest.local_side, guest.game
    host.play("11-15")                             guest.send_move("23-19")

Events: ``on_change(SessionEvent)`` fires on the session's network thread for
``listening`` (host started), ``connected`` (guest connected, hello sent), ``request``
(a join request waits for accept/refuse), ``withdrawn`` (its player left first),
``accepted``, ``refused``, ``move``/``undo``/``redo``/``reset``/``offer``/``result``
(the game changed), ``paused`` (connection lost, waiting), ``resumed``, ``forfeit``
(host: the guest did not come back and lost), ``host-gone`` (guest: the host left or
never came back), ``disconnected`` (the peer left after the game ended), ``error`` (a
message was refused, by us or by the host) and ``closed``.

Wire format and validation: :mod:`checkers_widget.network.wire`. Threads and the
lock: :mod:`checkers_widget.network.peer_session`.
"""

from __future__ import annotations

from .client import ConnectionRefusedByHost, HostGoneError, JoinSession
from .host import AcceptPolicy, HostSession, JoinRequest
from .peer_session import EventKind, NetworkUnavailableError, Refusal, SessionError, SessionEvent
from .wire import MAX_MESSAGE_BYTES, PROTOCOL, PROTOCOL_VERSION, ProtocolError

__all__ = [
    "MAX_MESSAGE_BYTES",
    "PROTOCOL",
    "PROTOCOL_VERSION",
    "AcceptPolicy",
    "ConnectionRefusedByHost",
    "EventKind",
    "HostGoneError",
    "HostSession",
    "JoinRequest",
    "JoinSession",
    "NetworkUnavailableError",
    "ProtocolError",
    "Refusal",
    "SessionError",
    "SessionEvent",
]
