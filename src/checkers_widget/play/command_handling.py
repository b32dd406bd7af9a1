"""A board's commands carried out: the table's refusals first, then the network, then
one handler per command.

:mod:`~checkers_widget.play.commands` says, from the board's facts alone, which
commands are refused and which cross a network link; this module does what is left on
a board's own game. It reads the board through :class:`CommandBoard` and asks it for
the actions that are the board's (undo, pause, replay...); what it answers is a
:class:`~checkers_widget.play.changes.Reply`, which the session applies.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Protocol

from ..core.color import BLACK, WHITE, Color, opponent
from ..core.errors import CheckersError
from ..core.game import Game
from ..core.move import Move
from ..network import SessionError
from . import commands
from .changes import Change, Reply
from .commands import ControlFacts
from .intents import Command
from .network_play import RemotePlay
from .players import Player
from .search_control import SearchControl
from .state import Status
from .wording import sentence

__all__ = ["CommandBoard", "CommandHandler", "Handler", "draw_answer"]

#: What one command does; its reply says whether the game changed.
Handler = Callable[[Command], Reply]


class CommandBoard(Protocol):
    """What the commands read of a board's session, and its actions they carry out."""

    @property
    def game(self) -> Game: ...
    @property
    def opponent(self) -> Player | None: ...
    @property
    def remote(self) -> RemotePlay | None: ...
    @property
    def players(self) -> Mapping[Color, Player]: ...
    @property
    def search(self) -> SearchControl: ...

    def control_facts(self) -> ControlFacts: ...
    def human_side(self) -> Color: ...
    def undo(self) -> Move | None: ...
    def redo(self) -> Move | None: ...
    def new_game(self) -> None: ...
    def restart(self) -> None: ...
    def pause(self) -> None: ...
    def resume(self) -> None: ...
    def goto(self, ply: int) -> None: ...
    def replay(self) -> None: ...
    def start_hint(self) -> None: ...


class CommandHandler:
    """Carries out the commands of one board (see the module docstring)."""

    def __init__(self, board: CommandBoard) -> None:
        self._board = board
        #: What each command of :data:`~checkers_widget.play.commands.COMMANDS` does on
        #: the board's own game; each answers whether the game changed.
        self.handlers: dict[str, Handler] = {
            "undo": lambda _c: Reply.done(board.undo() is not None),
            "redo": lambda _c: Reply.done(board.redo() is not None),
            "new": _done(lambda _c: board.new_game()),
            "restart": _done(lambda _c: board.restart()),
            "pause": _done(lambda _c: board.pause()),
            "resume": _done(lambda _c: board.resume()),
            "goto": _done(lambda c: board.goto(_ply(c))),
            "replay": _done(lambda _c: board.replay()),
            "hint": _done(lambda _c: board.start_hint()),
            "resign": _done(lambda c: board.game.resign(self.speaker(c))),
            "offer-draw": self._offer_draw,
            "accept-draw": _done(lambda c: board.game.accept_draw(c.side)),
            "decline-draw": _done(lambda c: board.game.decline_draw(c.side)),
            "claim-draw": _done(lambda _c: board.game.claim_draw()),
            # A local board has no join request to answer: nothing to do (as ever).
            "accept-peer": _done(lambda _c: None),
            "refuse-peer": _done(lambda _c: None),
        }

    def run(self, command: Command) -> Reply:
        """A control pressed on the board: refused as the table says, else handed on
        (to the network session for what crosses the link, else to its handler)."""
        board = self._board
        refusal = commands.refusal(command.name, board.control_facts())
        if refusal is not None:
            return Reply.refused(refusal)
        try:
            if board.remote is not None and commands.crosses_link(command.name):
                board.remote.command(command.name)  # draw offers, resigning, join requests
                return Reply.done()
            return self.handlers[command.name](command)
        except (CheckersError, SessionError) as exc:
            return Reply.refused(sentence(exc))

    def speaker(self, command: Command) -> Color:
        """The side a resignation or a draw offer speaks for: the one named, else the
        person playing the computer, else the side to move."""
        board = self._board
        side = command.side
        if board.opponent is not None:
            side = side or board.human_side()
        return side or board.game.turn

    def _offer_draw(self, command: Command) -> Reply:
        board = self._board
        game = board.game
        game.offer_draw(self.speaker(command))
        if board.opponent is not None and game.draw_offer is not None:
            # The computer answers at once; a refusal is said until the next action.
            declined = draw_answer(game, board.players, board.search)
            if declined is not None:
                return Reply(Reply.done().outcome, Change(notice=declined))
        return Reply.done()


def draw_answer(
    game: Game, players: Mapping[Color, Player], search: SearchControl
) -> Status | None:
    """The computer answers the draw offered in ``game``: it accepts when it stands worse,
    or level in a bare ending; declined, the notice that says so (None otherwise)."""
    offerer = game.draw_offer
    assert offerer is not None
    computer = opponent(offerer)
    if not players[computer].automatic:
        return None
    analysis = search.eval_engine.analyse(game.copy(), depth=6)
    mine = analysis.score if game.turn == computer else -analysis.score
    board = game.board
    bare = board.count(BLACK) <= 3 and board.count(WHITE) <= 3
    if mine <= -0.3 or (bare and abs(mine) <= 0.1):
        game.accept_draw(computer)
        return None
    game.decline_draw(computer)
    return Status(f"{game.side_name(computer)}: the computer declines the draw", "refused")


def _done(action: Callable[[Command], object]) -> Handler:
    """A command handler that does ``action`` and says the game changed."""

    def handle(command: Command) -> Reply:
        action(command)
        return Reply.done()

    return handle


def _ply(command: Command) -> int:
    assert command.ply is not None  # parse_intent requires a ply for goto
    return command.ply
