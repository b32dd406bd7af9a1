"""How a board's session begins: its game, the side the person plays, who plays each
side, and what an autosave file brings back.

Plain functions over plain values, each returning what the session keeps: the checks of
the session's arguments (a game carries its own rules; ``human`` is a side or
``"random"``), the players drawn for a new game, a new milestone attempt, and the facts
an autosave file keeps besides the game (the person's side, the milestone attempt).
"""

from __future__ import annotations

import json
import logging
import random
from dataclasses import dataclass
from typing import Any, Literal, cast

from ..core.color import BLACK, COLORS, WHITE, Color, opponent
from ..core.errors import CheckersError, brief
from ..core.game import DrawRules, Game
from ..core.variants import Variant
from ..core.variants import variant as variant_named
from .autosave import Autosave, Resumed
from .milestones import Attempt
from .milestones.tracking import MilestoneTracker
from .players import HUMAN, Player

__all__ = [
    "Beginning",
    "HumanChoice",
    "begin",
    "board_game",
    "checked_human",
    "draw_players",
    "new_attempt",
    "resumed_attempt",
    "resumed_players",
    "session_facts",
]

logger = logging.getLogger("checkers_widget")

#: The side the person plays, or ``"random"`` (drawn for each new game).
HumanChoice = Color | Literal["random"]


@dataclass(frozen=True)
class Beginning:
    """What a session starts with: its game, the person's side, who plays each side, and
    whether an autosave file brought the game back (with its milestone attempt)."""

    game: Game
    human: HumanChoice
    players: dict[Color, Player]
    resumed: bool
    attempt: Attempt | None


def begin(
    game: Game | None,
    *,
    autosave: Autosave | None,
    draw_rules: DrawRules | str | None,
    side_names: tuple[str, str] | str | None,
    variant: Variant | str | None,
    human: Color | str | None,
    against: Player | None,
    rng: random.Random,
) -> Beginning:
    """The session's beginning from its arguments: the game of the autosave file (when no
    ``game`` is given), else ``game`` or a new one; the sides kept there or drawn."""
    resumed = autosave.resume() if autosave is not None and game is None else None
    game = board_game(
        game, resumed=resumed, draw_rules=draw_rules, side_names=side_names, variant=variant
    )
    choice = checked_human(human, game)
    players = resumed_players(resumed, against) or draw_players(against, choice, rng)
    return Beginning(game, choice, players, resumed is not None, resumed_attempt(resumed))


def board_game(
    game: Game | None,
    *,
    resumed: Resumed | None,
    draw_rules: DrawRules | str | None,
    side_names: tuple[str, str] | str | None,
    variant: Variant | str | None,
) -> Game:
    """The game a session shows: the one resumed, the one given, or a new one with the
    given rules (a given game carries its own: the rules beside it are refused)."""
    if resumed is not None:
        game = resumed.game
    if game is None:
        options: dict[str, Any] = {}
        if draw_rules is not None:
            options["draw_rules"] = draw_rules
        if side_names is not None:
            options["side_names"] = side_names
        if variant is not None:
            options["variant"] = variant
        return Game(**options)
    if resumed is None and (draw_rules is not None or side_names is not None):
        raise CheckersError("draw_rules and side_names belong to the Game; set them there")
    if variant is not None and game.variant != variant_named(variant):
        raise CheckersError(
            f"variant={brief(variant)} but the game is {game.variant.describe()}: "
            "a Game carries its variant (Game(variant=...))"
        )
    return game


def checked_human(human: Color | str | None, game: Game) -> HumanChoice:
    """The side the person plays (None: the side that moves first in ``game``'s variant)."""
    if human is None:
        return game.variant.first
    if human in (BLACK, WHITE, "random"):
        return cast("HumanChoice", human)
    raise CheckersError(f"human must be 'black', 'white' or 'random', not {human!r}")


def draw_players(
    against: Player | None, choice: HumanChoice, rng: random.Random
) -> dict[Color, Player]:
    """Who plays each side: two people without an opponent, else the person on the side
    chosen (drawn with ``rng`` when ``"random"``) and ``against`` on the other."""
    if against is None:
        return {BLACK: HUMAN, WHITE: HUMAN}
    human = choice if choice in COLORS else rng.choice(COLORS)
    return {human: HUMAN, opponent(human): against}


def new_attempt(against: Player | None, human: Color) -> Attempt:
    """A new milestone attempt: of the person playing ``human`` against ``against``."""
    if against is None:
        return Attempt()
    return Attempt(level=against.level, human=human)


def resumed_players(resumed: Resumed | None, against: Player | None) -> dict[Color, Player] | None:
    """The players an autosave file kept (the person's side against the computer)."""
    if resumed is None or against is None:
        return None
    saved = resumed.session.get("HumanSide")
    if saved not in COLORS:
        return None
    return {saved: HUMAN, opponent(saved): against}


def resumed_attempt(resumed: Resumed | None) -> Attempt | None:
    """The milestone attempt an autosave file kept (None: none, or unreadable)."""
    if resumed is None or "Attempt" not in resumed.session:
        return None
    try:
        return Attempt.from_dict(json.loads(resumed.session["Attempt"]))
    except (ValueError, KeyError, TypeError, CheckersError):
        logger.warning("the autosaved milestone attempt was unreadable; starting a new one")
        return None


def session_facts(
    against: Player | None, human: Color, tracker: MilestoneTracker
) -> dict[str, str]:
    """What the autosave file keeps besides the game (see :mod:`.autosave`)."""
    facts: dict[str, str] = {}
    if against is not None:
        facts["HumanSide"] = human
    if tracker.book is not None:
        facts["Attempt"] = json.dumps(tracker.attempt.to_dict(), sort_keys=True)
    return facts
