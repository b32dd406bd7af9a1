"""From engine scores to expected scores, losses, judgements and accuracy (issue 14).

A review judges a move by how much it lowers the mover's *expected score*: 1 for a win,
0.5 for a draw, 0 for a loss, and in between the chance-weighted mix that an evaluation
in men stands for. The mapping is a logistic curve,

    E(s) = 1 / (1 + exp(-K * s))     (s: the engine's score in men, mover's view)

with :data:`SCALE` ``K = 1.0``: even is 0.5, a man up about 0.73, two men up about 0.88,
three about 0.95. (Fitted to Tinsley's games, the review's score after 30 plies against
the result gives K = 0.60, after 50 plies 1.05, both together 0.75: masters hold many a
man-down position, and early scores are noisier. 1.0 leans a little towards play below
master level, where a man up wins more often; see ``benchmarks/review_scale.py``.)
Proven results are exact: a proven win is 1.0, a proven loss 0.0 and a proven draw 0.5
(see :class:`Verdict`). The loss of a move is ``E(before) - E(after)`` (never below 0),
both from the mover's point of view.

The judgement of a move with a choice (a forced move is never judged):

=============  ========================================================================
blunder        loss >= 0.23 (at even: a man thrown away); or a proven win turned into
               a proven draw or a proven loss; or a proven draw into a proven loss
mistake        loss >= 0.145 (at even: 0.6 of a man)
inaccuracy     loss >= 0.075 (at even: 0.3 of a man)
None           anything less
=============  ========================================================================

The accuracy of one move is ``100 * (1 - loss / BLUNDER) ** 2`` (0 from the blunder
threshold on): 100 for a move that loses nothing, 45 at the inaccuracy threshold, 14 at
the mistake threshold. A side's accuracy is the mean over its moves that had a
choice. The curve, thresholds and accuracy formula are this project's own.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Literal

__all__ = [
    "BLUNDER",
    "INACCURACY",
    "MISTAKE",
    "SCALE",
    "Judgement",
    "Verdict",
    "expected_score",
    "judge",
    "move_accuracy",
]

#: What a move is judged to be; None: a good (or good enough) move.
Judgement = Literal["inaccuracy", "mistake", "blunder"] | None

#: K of the logistic mapping from men to expected score (per man).
SCALE = 1.0

#: Expected-score losses from which a move is an inaccuracy, a mistake, a blunder.
INACCURACY = 0.075
MISTAKE = 0.145
BLUNDER = 0.23


@dataclass(frozen=True, slots=True)
class Verdict:
    """An evaluation of one position from one side's point of view.

    ``score``: in men (+100.0 a proven win, -100.0 a proven loss); ``mate``: the proven
    distance in moves when there is one (as :attr:`Analysis.mate`; the sign of ``score``
    says who wins, so ``0`` with ``+100.0`` is a game already won) or None; ``draw``: True
    when the draw is proven (the game is over by its draw rules, or the exact endgame
    tables say so).
    """

    score: float
    mate: int | None = None
    draw: bool = False

    @property
    def won(self) -> bool:
        """A proven win for this side."""
        return self.mate is not None and self.score > 0

    @property
    def lost(self) -> bool:
        """A proven loss for this side."""
        return self.mate is not None and self.score < 0

    def flipped(self) -> Verdict:
        """The same evaluation from the other side's point of view."""
        return Verdict(-self.score, None if self.mate is None else -self.mate, self.draw)


def expected_score(verdict: Verdict) -> float:
    """The expected score (0.0 to 1.0) that ``verdict`` stands for (see the module doc)."""
    if verdict.won:
        return 1.0
    if verdict.lost:
        return 0.0
    if verdict.draw:
        return 0.5
    return 1.0 / (1.0 + math.exp(-SCALE * max(-50.0, min(50.0, verdict.score))))


def judge(before: Verdict, after: Verdict, *, forced: bool = False) -> tuple[float, Judgement]:
    """The loss and judgement of a move from ``before`` to ``after`` (mover's view both).

    ``forced``: the mover had only this move; it loses nothing and is never judged.
    """
    if forced:
        return 0.0, None
    loss = max(0.0, expected_score(before) - expected_score(after))
    thrown_win = before.won and (after.draw or after.lost)
    thrown_draw = before.draw and after.lost
    if thrown_win or thrown_draw or loss >= BLUNDER:
        return loss, "blunder"
    if loss >= MISTAKE:
        return loss, "mistake"
    if loss >= INACCURACY:
        return loss, "inaccuracy"
    return loss, None


def move_accuracy(loss: float) -> float:
    """One move's accuracy in percent: 100 at no loss, 0 from the blunder threshold."""
    left = max(0.0, 1.0 - loss / BLUNDER)
    return 100.0 * left * left
