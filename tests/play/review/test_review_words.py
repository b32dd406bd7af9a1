"""The words the board's review says about a move (issue 26, "Words that mislead").

On notebook 07's bad game the review said "Black played 7-11: a good move (+0.00 -> -0.21)":
a move that loses, however little, is never called good, and no score reads "-0.00".
"""

from __future__ import annotations

import pytest

from checkers_widget.analysis.judgement import INACCURACY
from checkers_widget.analysis.review import PlyReview
from checkers_widget.core.move import Move
from checkers_widget.engine.scores import signed_men
from checkers_widget.play.review.game_review import NOTHING_LOST, _move_words


def ply(
    before: float, after: float, loss: float, *, best: tuple[int, int] | None, **more
) -> PlyReview:
    judged = "mistake" if loss >= 0.2 else ("inaccuracy" if loss >= INACCURACY else None)
    fields = {
        "ply": 5,
        "color": "black",
        "move": Move((7, 11)),
        "before": before,
        "after": after,
        "before_mate": None,
        "after_mate": None,
        "best": None if best is None else Move(best),
        "best_line": (),
        "loss": loss,
        "judgement": judged,
        "forced": False,
        "before_draw": False,
        "after_draw": False,
        **more,
    }
    return PlyReview(**fields)


def test_a_small_loss_is_fine_not_good_and_names_the_better_move() -> None:
    words = _move_words(ply(0.0, -0.21, 0.05, best=(9, 14)), "Black")
    assert (
        words
        == "Black played 7-11: fine, it gives up little (0.00 → -0.21); the engine preferred 9-14"
    )
    assert "good" not in words and "-0.00" not in words


@pytest.mark.parametrize(
    ("before", "after", "loss", "best", "expected"),
    [
        (0.1, 0.1, 0.0, (7, 11), ": a good move (+0.10 → +0.10)"),
        (0.1, 0.08, NOTHING_LOST / 2, (9, 14), ": a good move (+0.10 → +0.08)"),
        (0.3, -0.9, 0.25, (9, 14), "?: a mistake (+0.30 → -0.90); the engine preferred 9-14"),
    ],
)
def test_the_words_fit_the_loss(before, after, loss, best, expected) -> None:
    assert (
        _move_words(ply(before, after, loss, best=best), "Black") == f"Black played 7-11{expected}"
    )


def test_a_forced_move_is_the_only_move() -> None:
    words = _move_words(ply(0.0, -0.1, 0.03, best=(9, 14), forced=True), "Black")
    assert words == "Black played 7-11: the only move (0.00 → -0.10)"


@pytest.mark.parametrize(
    ("value", "text"),
    [
        (0.0, "0.00"),
        (-0.0, "0.00"),
        (-0.004, "0.00"),
        (0.004, "0.00"),
        (0.35, "+0.35"),
        (-1.2, "-1.20"),
    ],
)
def test_no_score_reads_minus_zero(value: float, text: str) -> None:
    assert signed_men(value) == text
