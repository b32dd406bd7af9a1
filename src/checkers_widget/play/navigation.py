"""Undo and Redo on a board: what they take back and replay, by whole turns.

Against the computer one Undo takes back the computer's reply and the person's move, so
the person is to move again; Redo replays the same way. A jump in progress is taken back
first (its chain kept for Redo), and replayed by Redo while it is still legal. These
functions work on the game and the sides alone and return what changed of the board's
own state (a :class:`~checkers_widget.play.changes.Change`); the session runs them in
one walk, so the board is published once.
"""

from __future__ import annotations

from collections.abc import Mapping

from ..core.color import Color
from ..core.game import Game
from ..core.move import Move
from .changes import Change
from .players import Human, Player

__all__ = ["jump_replayed", "jump_taken_back", "redo_turn", "undo_turn"]


def jump_taken_back() -> Change:
    """Undo during a jump: the jump in progress goes (the session keeps it for Redo)."""
    return Change(pending=None, status=None, bump=True)


def jump_replayed(game: Game, chain: tuple[int, ...]) -> Change | None:
    """Redo of a jump ``chain`` taken back: shown again while a legal move goes along it
    (None: it no longer applies, nothing changes)."""
    if any(move.path[: len(chain)] == chain for move in game.legal_moves()):
        return Change(pending=chain, status=None, bump=True)
    return None


def undo_turn(game: Game, players: Mapping[Color, Player]) -> Move | None:
    """Take back moves until a person is to move; the last move taken back (None: none)."""
    taken = None
    while game.can_undo:
        taken = game.undo()
        if isinstance(players[game.turn], Human):
            break
    return taken


def redo_turn(game: Game, players: Mapping[Color, Player]) -> Move | None:
    """Replay moves until a person is to move; the last move replayed (None: none)."""
    replayed = None
    while game.can_redo:
        replayed = game.redo() or replayed
        if isinstance(players[game.turn], Human):
            break
    return replayed
