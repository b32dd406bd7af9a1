"""The mapping from engine scores to expected score, and the judgement thresholds at
their edges (hand-built evaluations, no search)."""

from __future__ import annotations

import math

import pytest

from checkers_widget.analysis.judgement import (
    BLUNDER,
    INACCURACY,
    MISTAKE,
    SCALE,
    Verdict,
    expected_score,
    judge,
    move_accuracy,
)

EPS = 1e-6


def score_for(expected: float) -> float:
    """The unproven score (men) whose expected score is ``expected``: E's inverse."""
    return -math.log(1.0 / expected - 1.0) / SCALE


def test_the_mapping_is_even_at_zero_symmetric_and_rising() -> None:
    assert expected_score(Verdict(0.0)) == 0.5
    scores = [-5.0, -2.0, -1.0, -0.3, 0.0, 0.3, 1.0, 2.0, 5.0]
    values = [expected_score(Verdict(s)) for s in scores]
    assert values == sorted(values) and len(set(values)) == len(values)
    for s in scores:
        assert expected_score(Verdict(s)) + expected_score(Verdict(-s)) == pytest.approx(1.0)
    # A man up is well better than even but far from a certain win.
    assert 0.65 < expected_score(Verdict(1.0)) < 0.85


def test_proven_results_are_exact() -> None:
    assert expected_score(Verdict(100.0, 7)) == 1.0
    assert expected_score(Verdict(-100.0, -3)) == 0.0
    assert expected_score(Verdict(-100.0, 0)) == 0.0  # no legal move: lost already
    assert expected_score(Verdict(100.0, 0)) == 1.0  # the game was just won
    assert expected_score(Verdict(0.0, None, draw=True)) == 0.5
    # An unproven large score is close to, but not, a win.
    assert 0.99 < expected_score(Verdict(12.0)) < 1.0


def test_flipping_turns_the_point_of_view_round() -> None:
    v = Verdict(100.0, 4)
    assert v.won and not v.lost
    f = v.flipped()
    assert f == Verdict(-100.0, -4) and f.lost and not f.won
    assert Verdict(-100.0, 0).flipped().won  # "no move left" seen by the winner
    assert Verdict(0.0, None, True).flipped() == Verdict(-0.0, None, True)


@pytest.mark.parametrize(
    ("threshold", "below", "at"),
    [
        (INACCURACY, None, "inaccuracy"),
        (MISTAKE, "inaccuracy", "mistake"),
        (BLUNDER, "mistake", "blunder"),
    ],
)
def test_each_threshold_at_its_edge(threshold: float, below: str | None, at: str) -> None:
    before = Verdict(0.0)
    just_under = Verdict(score_for(0.5 - threshold + EPS))
    just_over = Verdict(score_for(0.5 - threshold - EPS))
    loss, judgement = judge(before, just_under)
    assert loss == pytest.approx(threshold, abs=2 * EPS) and loss < threshold
    assert judgement == below
    loss, judgement = judge(before, just_over)
    assert loss > threshold and judgement == at


def test_thresholds_apply_to_the_expected_score_not_to_men() -> None:
    # 0.7 of a man lost at even is a mistake; the same 0.7 at +4 costs almost nothing.
    assert judge(Verdict(0.0), Verdict(-0.7))[1] == "mistake"
    assert judge(Verdict(4.0), Verdict(3.3))[1] is None
    # A man thrown away at even is a blunder.
    assert judge(Verdict(0.0), Verdict(-1.0))[1] == "blunder"


def test_a_better_result_than_expected_loses_nothing() -> None:
    assert judge(Verdict(-1.0), Verdict(0.5)) == (0.0, None)


def test_a_proven_win_turned_into_a_draw_or_loss_is_a_blunder() -> None:
    won = Verdict(100.0, 6)
    assert judge(won, Verdict(0.0, None, draw=True)) == (0.5, "blunder")
    assert judge(won, Verdict(-100.0, -2)) == (1.0, "blunder")
    # Still a proven win, only slower: nothing lost.
    assert judge(won, Verdict(100.0, 9)) == (0.0, None)


def test_a_proven_draw_turned_into_a_loss_is_a_blunder() -> None:
    drawn = Verdict(0.0, None, draw=True)
    assert judge(drawn, Verdict(-100.0, -8))[1] == "blunder"
    assert judge(drawn, Verdict(0.0, None, draw=True)) == (0.0, None)


def test_a_win_kept_but_no_longer_proven_is_judged_by_the_mapping() -> None:
    loss, judgement = judge(Verdict(100.0, 10), Verdict(4.0))
    assert loss == pytest.approx(1.0 - expected_score(Verdict(4.0)))
    assert judgement is None
    assert judge(Verdict(100.0, 10), Verdict(0.0))[1] == "blunder"


def test_a_forced_move_is_never_judged() -> None:
    assert judge(Verdict(0.0), Verdict(-100.0, -1), forced=True) == (0.0, None)


def test_move_accuracy() -> None:
    assert move_accuracy(0.0) == 100.0
    assert move_accuracy(BLUNDER) == 0.0 and move_accuracy(0.9) == 0.0
    values = [move_accuracy(x / 100) for x in range(0, 30)]
    assert values == sorted(values, reverse=True)
    assert 40 < move_accuracy(INACCURACY) < 60 and move_accuracy(MISTAKE) < 25
