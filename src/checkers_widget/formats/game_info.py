"""The header a board shows above a loaded game: players, event, date and result.

A game read from PDN carries its tags (``Black``, ``White``, ``Event``, ``Date``,
``Site``, ``Round``). :func:`game_info` turns them into the small dict the front end
draws as plain text above the board; a game without any of these tags (one played on
the board) gets ``{}`` and no header. Free of Jupyter, like the board state (play.state).

The result is the one at the end of the game's line, not the one of the position being
shown: walking back to move 10 of a drawn game still says the game was drawn. When a
different move is played from a past position, the record no longer says how the new
line ends, so the result goes away (the players and event stay).
"""

from __future__ import annotations

from typing import Any

from ..core.color import BLACK, WHITE
from ..core.game import Game

__all__ = ["HEADER_TAGS", "GameInfo", "final_result", "game_info"]

#: The tags that make a header, and the key each one has in it.
HEADER_TAGS = {
    "Black": "black",
    "White": "white",
    "Event": "event",
    "Site": "site",
    "Date": "date",
    "Round": "round",
    # A file's own name for the opening; the board also names the ACF opening itself.
    "Opening": "opening",
}


def final_result(game: Game) -> str | None:
    """The result at the end of the game's line (``"1-0"``, ``"0-1"``, ``"1/2-1/2"``) or
    None while that line is unfinished; the game itself is not moved."""
    if not game.redo_moves:
        return game.result
    end = game.copy()
    end.goto(end.ply + len(end.redo_moves))
    return end.result


def game_info(game: Game) -> dict[str, Any]:
    """What the board's header shows for ``game``: ``{}`` when it has none of
    :data:`HEADER_TAGS`; else those tags (by their keys), ``sides`` (the side names, so
    the header can say which player is Black), and, when the line's end is known,
    ``result`` and ``result_text`` ("Black won", "White won", "Drawn")."""
    tags = game.tags
    info: dict[str, Any] = {key: tags[tag] for tag, key in HEADER_TAGS.items() if tags.get(tag)}
    if not info:
        return {}
    info["sides"] = {BLACK: game.side_name(BLACK), WHITE: game.side_name(WHITE)}
    result = final_result(game)
    if result is not None:
        info["result"] = result
        if result == "1-0":
            info["result_text"] = f"{game.side_name(BLACK)} won"
        elif result == "0-1":
            info["result_text"] = f"{game.side_name(WHITE)} won"
        else:
            info["result_text"] = "Drawn"
    return info


class GameInfo:
    """:func:`game_info` for one board, computed again only when the game, its tags, its
    line or its result change (the board publishes often; the header rarely changes)."""

    def __init__(self) -> None:
        self._key: tuple[Any, ...] | None = None
        self._info: dict[str, Any] = {}

    def __call__(self, game: Game) -> dict[str, Any]:
        tags = game.tags
        if not any(tags.get(tag) for tag in HEADER_TAGS):
            self._key, self._info = None, {}
            return {}
        key = (
            id(game),
            tuple(sorted(tags.items())),
            game.side_names,
            tuple(str(m) for m in game.line),
            game.result,
        )
        if key != self._key:
            self._key, self._info = key, game_info(game)
        return self._info
