"""Puzzles from the solver's own games: the winning shots a review says were missed.

:func:`from_review` walks a :class:`~checkers_widget.analysis.review.Review`: at every ply
judged a mistake or a blunder (but straight after the opponent's capture, where winning the
man back is no puzzle), the position before the move is put through the miner's own
test (:func:`~checkers_widget.analysis.puzzle_mining.find_puzzle`: exactly one move wins
material against the best defence, at the verification depth). Where it passes, and the
move played was not that one, the position becomes a :class:`Puzzle` whose source names
the game and the ply. ``PuzzleTrainer.add`` (or :meth:`PuzzleProgress.add`) puts them in
the solver's set.
"""

from __future__ import annotations

from ..analysis.puzzle_mining import as_puzzle, find_puzzle
from ..analysis.review import Review
from ..core.board import Board
from ..core.errors import CheckersError
from ..core.game import Game
from ..data.puzzles import Puzzle

__all__ = ["from_review"]

#: The judgements worth a look: a move that lost little cannot have missed a shot.
_MISSED = ("mistake", "blunder")


def _name(game: Game) -> str:
    tags = game.tags
    event = tags.get("Event", "").strip()
    players = " v ".join(x for x in (tags.get("Black", ""), tags.get("White", "")) if x.strip())
    what = "; ".join(x for x in (event, players) if x)
    return f"your game ({what})" if what else "your game"


def from_review(review: Review, game: Game) -> list[Puzzle]:
    """The puzzles ``game`` offered its players and they missed (see the module docstring).

    ``review`` must be the review of ``game`` (same start, same moves), else CheckersError.
    """
    if not isinstance(review, Review) or not isinstance(game, Game):
        raise CheckersError("from_review takes a Review and the Game it reviews")
    moves = game.line  # the moves played and those Redo would replay, as the review reads
    if Board(review.start_fen).to_fen() != game.start_fen or len(review.plies) > len(moves):
        raise CheckersError("this review is not of this game (its start or its moves differ)")
    board = Board(game.start_fen)
    name = _name(game)
    found: list[Puzzle] = []
    for index, ply in enumerate(review.plies):
        move = moves[index]
        if ply.move != move:
            raise CheckersError(f"this review is not of this game (ply {ply.ply} differs)")
        after_capture = index > 0 and moves[index - 1].is_capture  # the miner's rule too
        if ply.judgement in _MISSED and not after_capture:
            mined = find_puzzle(board, source=f"{name}, ply {ply.ply}", ply=ply.ply)
            if mined is not None and mined.solution[0] != str(move):
                found.append(as_puzzle(mined, prefix="own-"))
        board.push(move)
    return found
