"""What the board publishes about openings: the game's ACF opening and the explorer panel.

Two parts of the board's state (see :mod:`.state`), both built here from the game:

* ``opening``: the ACF three-move opening the game starts with
  (:attr:`~checkers_widget.core.game.Game.opening`), with the line the game header shows,
  e.g. ``"ACF 6: 9-13 22-18 10-14 (Inferno)"``; None when the game names none;
* ``explorer``: when the board has an
  :class:`~checkers_widget.analysis.explorer.OpeningExplorer`, the moves its games played
  from the position on the board, with their counts and results. Each row says whether
  the board offers that move now (``playable``); a click on it sends the ordinary move
  intent (the row's squares, stamped with the state's version), which Python checks like
  any other click, so a row drawn for an older position is refused as stale.

Kept free of anywidget and traitlets, like the rest of the state.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TypedDict

from ..analysis.explorer import OpeningExplorer
from ..core.errors import CheckersError, brief
from ..core.game import Game
from ..core.move import Move

__all__ = [
    "ExplorerRowState",
    "ExplorerState",
    "OpeningState",
    "checked_explorer",
    "explorer_state",
    "opening_state",
]


class OpeningState(TypedDict):
    """The ACF three-move opening of the game (see ``Game.opening``)."""

    number: int
    name: str | None
    moves: list[str]
    #: ``"crossboard_144"``, ``"added_2003_ex_mailplay"`` or ``"barred"``.
    status: str
    in_deck: bool
    #: The game reached the opening's position by another order of moves.
    transposed: bool
    #: The line the header shows, e.g. "ACF 6: 9-13 22-18 10-14 (Inferno)".
    text: str


class ExplorerRowState(TypedDict):
    """One move of the explorer panel: its notation and squares, and its games."""

    move: str
    path: list[int]
    games: int
    black_wins: int
    draws: int
    white_wins: int
    #: The board offers this move now (a click on the row would play it).
    playable: bool


class ExplorerState(TypedDict):
    """The explorer panel: what the games are, and the moves they played from here."""

    name: str
    #: The games that played a move from this position (the rows' games together).
    games: int
    rows: list[ExplorerRowState]


def opening_state(game: Game) -> OpeningState | None:
    """The game's ACF opening as the header shows it, or None."""
    opening = game.opening
    if opening is None:
        return None
    played = tuple(str(m) for m in game.line[:3])
    transposed = played != opening.moves
    text = str(opening)
    if not opening.in_deck:
        text += ", barred from the 156-opening deck"
    if transposed:
        text += f", by transposition ({' '.join(played)})"
    return {
        "number": opening.number,
        "name": opening.name,
        "moves": list(opening.moves),
        "status": opening.status,
        "in_deck": opening.in_deck,
        "transposed": transposed,
        "text": text,
    }


def explorer_state(
    explorer: OpeningExplorer, game: Game, offered: Iterable[Move], *, interactive: bool
) -> ExplorerState:
    """The panel for the game's current position: ``offered`` are the moves the board
    offers to click now (none while a jump is under way elsewhere, none on a view-only
    board)."""
    paths = {m.path for m in offered} if interactive else set()
    rows: list[ExplorerRowState] = [
        {
            "move": m.move,
            "path": list(m.path),
            "games": m.games,
            "black_wins": m.black_wins,
            "draws": m.draws,
            "white_wins": m.white_wins,
            "playable": m.path in paths,
        }
        for m in explorer.moves(game.board)
    ]
    return {"name": explorer.name, "games": sum(r["games"] for r in rows), "rows": rows}


def checked_explorer(explorer: object) -> OpeningExplorer | None:
    """``explorer=`` as the board takes it: an OpeningExplorer, the name of a bundled one
    (``"oca"``, ``"tinsley"``), or None (no panel); anything else is refused."""
    if explorer is None or isinstance(explorer, OpeningExplorer):
        return explorer
    if isinstance(explorer, str):
        return OpeningExplorer.bundled(explorer)  # type: ignore[arg-type]  # checked there
    raise CheckersError(
        f"explorer must be an OpeningExplorer, 'oca', 'tinsley' or None, not {brief(explorer)}"
    )
