"""The score scale both searchers use, and how an analysis reports it.

Scores are in hundredths of a man for the side to move. A win ``n`` plies away scores
``MATE - n`` (so the shortest win is preferred) and a loss ``n`` plies away
``n - MATE``; anything beyond :data:`MATE_BOUND` either way is proven. The American
searcher (:mod:`.search`) and the general one (:mod:`.general_search`) share the scale,
so that :class:`~.engine.Analysis` reports both alike (:func:`in_men`), and they prune
alike by mate distance (:func:`mate_window`).
"""

from __future__ import annotations

__all__ = ["INF", "MATE", "MATE_BOUND", "WIN_SCORE", "in_men", "mate_window", "signed_men"]

#: Beyond every score.
INF = 32000
#: A win on the spot; a win in ``n`` plies scores ``MATE - n``.
MATE = 30000
#: Scores beyond this (either sign) are proven wins or losses.
MATE_BOUND = MATE - 1000

#: The score (in men) reported for a proven win; a proven loss is its negative.
WIN_SCORE = 100.0


def in_men(score: int) -> tuple[int | None, float]:
    """A search score as ``(mate, men)``: the moves to a proven result (``+n``: the side
    to move wins with its ``n``-th move, ``-n``: the opponent with its ``n``-th), or
    None; and the score in men (``WIN_SCORE`` for a proven win)."""
    if score > MATE_BOUND:
        return (MATE - score + 1) // 2, WIN_SCORE
    if score < -MATE_BOUND:
        return -((MATE + score) // 2), -WIN_SCORE
    return None, score / 100.0


def mate_window(alpha: int, beta: int, ply: int) -> tuple[int, int]:
    """Mate-distance pruning: the window ``(alpha, beta)`` of a node ``ply`` plies from
    the root, narrowed to what a result from here can score (no better than a win on
    the next ply, no worse than a loss here). Nothing in a node can beat a win already
    found nearer the root: when the window closes (``alpha >= beta``), the node is cut
    off with ``alpha``.

    (The American searcher's interior node writes this out, for speed.)
    """
    if alpha < ply - MATE:
        alpha = ply - MATE
    if beta > MATE - ply - 1:
        beta = MATE - ply - 1
    return alpha, beta


def signed_men(value: float) -> str:
    """A score in men as a user reads it: ``"+0.35"``, ``"-1.20"``, and ``"0.00"`` for
    anything that rounds to zero (never ``"-0.00"``, which reads as a loss). The board's
    front end writes scores the same way (``signed`` in ``js/analysis.js``)."""
    text = f"{abs(value):.2f}"
    if text == "0.00":
        return text
    return ("+" if value > 0 else "-") + text
