"""A board's commands carried out: the table's refusals first, then the network, then
one handler per command.

:mod:`~checkers_widget.play.commands` says, from the board's facts alone, which
commands are refused and which cross a network link; this module does what is left, on
a :class:`~checkers_widget.play.session.PlaySession`'s own game. The session stays the
one owner of the board's state: the handlers call its methods (undo, pause, replay...)
or the game's.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ..core.color import Color
from ..core.errors import CheckersError
from ..network import SessionError
from . import commands
from .intents import Command
from .outcome import Outcome
from .wording import sentence

if TYPE_CHECKING:
    from .session import PlaySession

__all__ = ["CommandHandler"]

Handler = Callable[[Command], Outcome]


class CommandHandler:
    """Carries out the commands of one session's board (see the module docstring)."""

    def __init__(self, session: PlaySession) -> None:
        self._session = session
        #: What each command of :data:`~checkers_widget.play.commands.COMMANDS` does on
        #: the board's own game; each answers whether the game changed.
        self.handlers: dict[str, Handler] = {
            "undo": lambda _c: Outcome.done(session.undo() is not None),
            "redo": lambda _c: Outcome.done(session.redo() is not None),
            "new": _done(lambda _c: session.new_game()),
            "restart": _done(lambda _c: session.restart()),
            "pause": _done(lambda _c: session.pause()),
            "resume": _done(lambda _c: session.resume()),
            "goto": _done(lambda c: session.goto(_ply(c))),
            "replay": _done(lambda _c: session.replay()),
            "hint": _done(lambda _c: session.start_hint()),
            "resign": _done(lambda c: session.game.resign(self.speaker(c))),
            "offer-draw": _done(self._offer_draw),
            "accept-draw": _done(lambda c: session.game.accept_draw(c.side)),
            "decline-draw": _done(lambda c: session.game.decline_draw(c.side)),
            "claim-draw": _done(lambda _c: session.game.claim_draw()),
            # A local board has no join request to answer: nothing to do (as ever).
            "accept-peer": _done(lambda _c: None),
            "refuse-peer": _done(lambda _c: None),
        }

    def run(self, command: Command) -> Outcome:
        """A control pressed on the board: refused as the table says, else handed on
        (to the network session for what crosses the link, else to its handler)."""
        session = self._session
        refusal = commands.refusal(command.name, session.control_facts())
        if refusal is not None:
            return session.refuse(refusal)
        try:
            if session.remote is not None and commands.crosses_link(command.name):
                session.remote.command(command.name)  # draw offers, resigning, join requests
                return Outcome.done()
            return self.handlers[command.name](command)
        except (CheckersError, SessionError) as exc:
            return session.refuse(sentence(exc))

    def speaker(self, command: Command) -> Color:
        """The side a resignation or a draw offer speaks for: the one named, else the
        person playing the computer, else the side to move."""
        session = self._session
        side = command.side
        if session.opponent is not None:
            side = side or session.human_side()
        return side or session.game.turn

    def _offer_draw(self, command: Command) -> None:
        session = self._session
        game = session.game
        game.offer_draw(self.speaker(command))
        if session.opponent is not None and game.draw_offer is not None:
            session.answer_draw_offer()  # the computer answers at once


def _done(action: Callable[[Command], object]) -> Handler:
    """A command handler that does ``action`` and says the game changed."""

    def handle(command: Command) -> Outcome:
        action(command)
        return Outcome.done()

    return handle


def _ply(command: Command) -> int:
    assert command.ply is not None  # parse_intent requires a ply for goto
    return command.ply
