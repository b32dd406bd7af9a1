"""The constructor's arguments checked, before anything is built.

A bad call to :class:`~.board_widget.CheckersWidget` changes nothing and is refused
with a :class:`CheckersError` naming the argument, never surfacing as a traitlets
``TraitError``, a ``TypeError`` or an ``AttributeError`` later on.
"""

from __future__ import annotations

import os
from collections.abc import Iterable

from ..core.color import COLORS
from ..core.errors import CheckersError
from ..core.game import Game
from ..engine import LEVELS, Engine
from ..play.commands import CONTROLS
from ..play.milestones import MilestoneBook
from ..play.players import ComputerPlayer, Player
from ..play.search_control import HintSource

__all__ = ["check_arguments", "checked_controls", "make_player"]

#: Keyword arguments passed on to ipywidgets (layout and the like); anything else unknown
#: is a mistake in the call, refused rather than silently ignored.
WIDGET_KWARGS = frozenset({"layout", "tabbable", "tooltip", "_dom_classes"})


def check_arguments(
    *,
    game: object,
    orientation: object,
    flags: dict[str, object],
    engines: dict[str, object],
    autosave: object,
    milestones: object,
    size: object,
    extra: dict[str, object],
) -> None:
    """Refuse a constructor argument of the wrong kind with a CheckersError naming it.

    Checked before anything is built, so a bad call changes nothing and never surfaces
    as a traitlets ``TraitError``, a ``TypeError`` or an ``AttributeError`` later on.
    """
    if game is not None and not isinstance(game, Game):
        raise CheckersError(
            f"game must be a Game (for a position, pass Game(fen)), not {type(game).__name__}"
        )
    if orientation is not None and orientation not in COLORS:
        raise CheckersError(f"orientation must be 'black', 'white' or None, not {orientation!r}")
    for name, value in flags.items():
        if not isinstance(value, bool):
            raise CheckersError(f"{name} must be True or False, not {value!r}")
    for name, value in engines.items():
        if value is not None and not isinstance(value, HintSource):
            raise CheckersError(f"{name} must be an Engine or None, not {type(value).__name__}")
    if autosave is not None and not isinstance(autosave, str | os.PathLike):
        raise CheckersError(f"autosave must be a file path or None, not {type(autosave).__name__}")
    if not isinstance(milestones, bool | MilestoneBook):
        raise CheckersError(
            f"milestones must be True, False or a MilestoneBook, not {type(milestones).__name__}"
        )
    if size is not None and (isinstance(size, bool) or not isinstance(size, int)):
        raise CheckersError(f"size must be a whole number of pixels or None, not {size!r}")
    unknown = sorted(set(extra) - WIDGET_KWARGS)
    if unknown:
        raise CheckersError(f"CheckersWidget() got an unknown argument {unknown[0]!r}")


def checked_controls(controls: Iterable[str] | None) -> list[str] | None:
    """The controls a board offers (None: all that apply); unknown names are refused."""
    if controls is None:
        return None
    if isinstance(controls, str) or not isinstance(controls, Iterable):
        raise CheckersError(f"controls must be a list of names, not {controls!r}")
    chosen = list(controls)
    if not all(isinstance(name, str) for name in chosen):
        raise CheckersError("controls must be a list of names (strings)")
    unknown = sorted(set(chosen) - CONTROLS)
    if unknown:
        raise CheckersError(
            f"unknown control {unknown[0]!r}; choose from {', '.join(sorted(CONTROLS))}"
        )
    return chosen


def make_player(opponent: str | Engine | Player | None, seed: int | None) -> Player | None:
    """The computer player for ``opponent=``: a level, an Engine, or a Player (a script)."""
    if opponent is None or isinstance(opponent, Player):
        return opponent
    if isinstance(opponent, Engine):
        return ComputerPlayer(opponent)
    if isinstance(opponent, str) and opponent.lower() in LEVELS:
        return ComputerPlayer(Engine(opponent.lower(), seed=seed))
    raise CheckersError(
        f"opponent must be a level ({', '.join(LEVELS)}), an Engine or None, not {opponent!r}"
    )
