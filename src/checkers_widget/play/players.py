"""Who plays a side of a board: a person here, the computer, a person across the network,
or a lesson's script.

The session asks the player whose turn it is how the move comes: a player that is
:attr:`~Player.automatic` chooses it itself (:meth:`~Player.choose`, run off the main
thread by the session's search control); any other waits for a move made on the board,
or (across the network) for the other notebook's. The board's state names each player
by its :attr:`~Player.kind` (``"human"``, ``"computer"``, ``"remote"``, ``"waiting"``),
the words the front end draws.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping
from typing import ClassVar, Literal

from ..core.color import Color, opponent
from ..core.errors import CheckersError
from ..core.game import Game
from ..core.move import Move
from ..engine import Engine

__all__ = [
    "HUMAN",
    "REMOTE",
    "WAITING",
    "ComputerPlayer",
    "Human",
    "Player",
    "PlayerKind",
    "Remote",
    "ScriptedPlayer",
    "Waiting",
    "human_sides",
    "kinds",
    "person_side",
]

#: What the board's state calls a player (``state["players"]``).
PlayerKind = Literal["human", "computer", "remote", "waiting"]


class Player:
    """One side's player. Subclasses say what kind it is and, if it moves by itself, how."""

    #: The name the front end knows it by.
    kind: ClassVar[PlayerKind]
    #: Whether it chooses its own moves (the session asks it when its turn comes).
    automatic: ClassVar[bool] = False

    @property
    def level(self) -> str | None:
        """The level shown on the board (``state["level"]``) for an automatic player."""
        return None

    def choose(self, game: Game, stop: threading.Event) -> Move | None:
        """The move to play in ``game`` (a copy), or None; only automatic players choose."""
        raise CheckersError(f"a {self.kind} player does not choose moves by itself")

    def __repr__(self) -> str:
        return f"<{type(self).__name__}>"


class Human(Player):
    """A person at this board: moves come from clicks (or :meth:`CheckersWidget.play`)."""

    kind = "human"


class Remote(Player):
    """The person in the other notebook of a network game: moves come from the link."""

    kind = "remote"


class Waiting(Player):
    """Nobody yet: a network game before the sides are drawn (nobody may move)."""

    kind = "waiting"


#: The stateless players, shared.
HUMAN = Human()
REMOTE = Remote()
WAITING = Waiting()


class ComputerPlayer(Player):
    """The computer: an :class:`~checkers_widget.engine.Engine` chooses its move
    (:meth:`Engine.choose <checkers_widget.engine.Engine.choose>`: from the opening book
    while the game is in it, unless the engine was made with ``book=False``, else by
    search). Hints and the evaluation search on their own engines."""

    kind = "computer"
    automatic = True

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    @property
    def level(self) -> str:
        return self.engine.level

    def choose(self, game: Game, stop: threading.Event) -> Move | None:
        return self.engine.choose(game, stop=stop).move


class ScriptedPlayer(Player):
    """A side whose replies are written down (a lesson's script): ``reply()`` gives the
    next one, or None when the script has nothing to say. It shows as the computer."""

    kind = "computer"
    automatic = True

    def __init__(self, reply: Callable[[], Move | None], *, level: str = "lesson") -> None:
        self._reply = reply
        self._level = level

    @property
    def level(self) -> str:
        return self._level

    def choose(self, game: Game, stop: threading.Event) -> Move | None:
        return self._reply()


def human_sides(players: Mapping[Color, Player]) -> set[Color]:
    """The sides people play at this board."""
    return {side for side, player in players.items() if isinstance(player, Human)}


def person_side(players: Mapping[Color, Player], first: Color) -> Color:
    """The side the person at a board plays; when both are people (or none), ``first``,
    the side that moves first."""
    for color in (first, opponent(first)):
        if isinstance(players[color], Human):
            return color
    return first


def kinds(players: Mapping[Color, Player]) -> dict[Color, str]:
    """The players as the board's state names them: ``{"black": "human", ...}``."""
    return {side: player.kind for side, player in players.items()}
