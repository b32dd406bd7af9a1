"""Learn from your mistakes: the positions before a side's mistakes, asked one by one.

A :class:`LearnMode` is made from a finished :class:`~checkers_widget.analysis.review.Review`:
its exercises are the plies judged a mistake or a blunder (inaccuracies are left out:
the better move is rarely clear enough to find) played by the side asked about (None:
both sides, for two people at one board). For each, the user is shown the position
before the move and asked for a better one. It keeps the score and the words; it
searches nothing and moves nothing itself: the session's review panel
(:mod:`~checkers_widget.play.review.game_review`) goes to the positions and has the engine
look at the moves tried.

A move *counts* when it is the engine's best move, or when the review itself would not
mark it: the position after it, searched as the review searches (same engine, same
limits), loses the mover less than the inaccuracy threshold of expected score
(:data:`~checkers_widget.analysis.judgement.INACCURACY`: about 0.3 of a man at even)
against the position before, and throws away no proven win or draw (see
:func:`~checkers_widget.analysis.judgement.judge`). The move played in the game never
counts.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ...analysis.judgement import Verdict, judge
from ...analysis.review import PlyReview, Review
from ...core.color import Color
from ...core.move import Move
from ...engine.scores import signed_men
from ..state import LearnState

__all__ = ["LEARN_JUDGEMENTS", "Exercise", "LearnMode", "LearnPhase", "counts"]

#: The judgements the learn mode asks about.
LEARN_JUDGEMENTS = frozenset({"mistake", "blunder"})

#: ``asking``: waiting for a move; ``checking``: the engine looks at the move tried;
#: ``wrong``: it did not count (the user may try again); ``right``: found; ``answer``: the
#: engine's move shown; ``done``: every exercise seen.
LearnPhase = Literal["asking", "checking", "wrong", "right", "answer", "done"]

#: How each exercise ended: found (without or with the hint), skipped, answer shown.
Ending = Literal["found", "found-with-hint", "skipped", "answered"]


@dataclass
class Exercise:
    """One position asked about: the ply reviewed, and how it ended (None: not yet)."""

    ply: PlyReview
    verdict: Ending | None = None
    hinted: bool = False


def counts(ply: PlyReview, after: Verdict) -> bool:
    """Whether a move leading to ``after`` (the mover's point of view) instead of
    ``ply.move`` is one the review would not mark (see the module docstring)."""
    before = Verdict(ply.before, ply.before_mate, ply.before_draw)
    return judge(before, after)[1] is None


def _value(value: float) -> str:
    return signed_men(value) if abs(value) < 99 else ("a win" if value > 0 else "a loss")


class LearnMode:
    """The exercises of one review and where the user stands in them."""

    def __init__(self, review: Review, side: Color | None, names: dict[Color, str]):
        self.side = side
        self.names = names
        self.exercises = [
            Exercise(p)
            for p in review.plies
            if p.judgement in LEARN_JUDGEMENTS and (side is None or p.color == side)
        ]
        self.index = 0
        self.phase: LearnPhase = "asking" if self.exercises else "done"
        self.text = ""
        #: The move being checked by the engine (phase ``checking``).
        self.checking: Move | None = None
        if self.exercises:
            self._ask()
        else:
            self.text = "No mistakes to learn from"

    @property
    def current(self) -> Exercise | None:
        return self.exercises[self.index] if self.index < len(self.exercises) else None

    @property
    def position_ply(self) -> int:
        """The ply of the position asked about (moves into the line)."""
        exercise = self.current
        return exercise.ply.ply - 1 if exercise is not None else 0

    @property
    def asking(self) -> bool:
        return self.phase in ("asking", "checking", "wrong")

    def _ask(self) -> None:
        exercise = self.current
        assert exercise is not None
        p = exercise.ply
        name = self.names.get(p.color, p.color)
        self.phase = "asking"
        self.text = (
            f"Mistake {self.index + 1} of {len(self.exercises)}: {name} played "
            f"{p.move}{p.symbol} here. Find a better move."
        )

    # ------------------------------------------------------------------ the moves tried
    def quick_verdict(self, move: Move) -> bool | None:
        """Whether ``move`` counts, when that is known without a search (None: search)."""
        exercise = self.current
        assert exercise is not None
        if move == exercise.ply.move:
            self.phase = "wrong"
            self.text = f"{move} is the move played in the game: look for a better one"
            return False
        if move == exercise.ply.best:
            self._found(move, None)
            return True
        self.phase = "checking"
        self.checking = move
        self.text = f"Checking {move}…"
        return None

    def judge(self, move: Move, after: Verdict) -> bool:
        """The engine's verdict on the position after ``move``, for the side that moved:
        whether it counts (see the module docstring)."""
        exercise = self.current
        assert exercise is not None
        self.checking = None
        p = exercise.ply
        if counts(p, after):
            self._found(move, after.score)
            return True
        self.phase = "wrong"
        self.text = (
            f"Not quite: after {move} the engine gives {_value(after.score)}; "
            f"the best move keeps {_value(p.before)}. Try again (or Hint, Skip, Show answer)"
        )
        return False

    def _found(self, move: Move, value: float | None) -> None:
        exercise = self.current
        assert exercise is not None
        exercise.verdict = "found-with-hint" if exercise.hinted else "found"
        best = exercise.ply.best
        self.phase = "right"
        if best is None or move == best:
            self.text = f"Right: {move} is the engine's move"
        else:
            shown = f" ({_value(value)})" if value is not None else ""
            self.text = f"Right: {move}{shown} is as good; the engine's move is {best}"

    # ------------------------------------------------------------------ the buttons
    def hint(self) -> str:
        """The hint's words: the square of the piece the best move starts from."""
        exercise = self.current
        assert exercise is not None
        exercise.hinted = True
        best = exercise.ply.best
        text = f"Hint: move the piece on {best.start}" if best is not None else "No hint here"
        self.text = text
        return text

    def answer(self) -> None:
        exercise = self.current
        assert exercise is not None
        exercise.verdict = "answered"
        p = exercise.ply
        self.phase = "answer"
        line = " ".join(str(m) for m in p.best_line)
        self.text = f"The engine plays {p.best} ({_value(p.before)})" + (
            f"; its line: {line}" if line else ""
        )

    def skip(self) -> None:
        exercise = self.current
        assert exercise is not None
        exercise.verdict = "skipped"
        self.next()

    def next(self) -> None:
        """Go on to the next exercise, or to the summary after the last."""
        self.checking = None
        self.index += 1
        if self.current is not None:
            self._ask()
            return
        self.phase = "done"
        self.text = self.summary()

    def summary(self) -> str:
        """How it went: "3 of 5 found (1 with a hint), 1 skipped, 1 answer shown"."""
        verdicts = [e.verdict for e in self.exercises]
        found = sum(v in ("found", "found-with-hint") for v in verdicts)
        hinted = verdicts.count("found-with-hint")
        with_hint = f" ({hinted} with a hint)" if hinted else ""
        parts = [f"{found} of {len(verdicts)} found{with_hint}"]
        if skipped := verdicts.count("skipped"):
            parts.append(f"{skipped} skipped")
        if answered := verdicts.count("answered"):
            parts.append(f"{answered} answer{'s' if answered > 1 else ''} shown")
        return "Done: " + ", ".join(parts)

    def state(self) -> LearnState:
        exercise = self.current
        best = exercise.ply.best if exercise is not None else None
        hinted = exercise is not None and exercise.hinted and self.asking
        return {
            "index": min(self.index + 1, len(self.exercises)),
            "total": len(self.exercises),
            "ply": exercise.ply.ply if exercise is not None else 0,
            "side": exercise.ply.color if exercise is not None else (self.side or "black"),
            "phase": self.phase,
            "text": self.text,
            "hint_square": best.start if hinted and best is not None else None,
        }
