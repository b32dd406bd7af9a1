"""The evaluation's weights file, and the tuning script that writes it.

``checkers_widget/engine/eval_weights.json`` is the one source of the evaluation's
weights: these tests check that it loads with every weight, that a malformed file is
refused with a CheckersError (the evaluation has no fallback numbers), that the
evaluation stays colour-symmetric with the file's weights and with any others, and the
core pieces of ``scripts/tune_evaluation.py`` on small, deterministic inputs.
"""

from __future__ import annotations

import json
import math
import random
from typing import Any

import pytest
from scripts import tune_evaluation as tune

from checkers_widget.core.errors import CheckersError
from checkers_widget.core.squares import BIT, SQUARE_OF_BIT
from checkers_widget.engine import evaluate as ev

# ---------------------------------------------------------------------- helpers


def _mirror(mask: int) -> int:
    """The squares of ``mask`` seen from the other side (square s -> 33 - s)."""
    out = 0
    while mask:
        low = mask & -mask
        mask ^= low
        out |= BIT[33 - SQUARE_OF_BIT[low]]
    return out


def _positions(n: int, seed: int) -> list[tuple[int, int, int]]:
    """Random legal-looking positions: at most 12 pieces a side, men off their crown row."""
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        squares = rng.sample(range(1, 33), rng.randint(2, 24))
        nb = rng.randint(1, len(squares) - 1)
        if nb > 12 or len(squares) - nb > 12:
            continue
        black = sum(BIT[s] for s in squares[:nb])
        white = sum(BIT[s] for s in squares[nb:])
        kings = sum(BIT[s] for s in squares if rng.random() < 0.3) if rng.random() < 0.5 else 0
        kings |= black & sum(BIT[s] for s in range(29, 33))
        kings |= white & sum(BIT[s] for s in range(1, 5))
        out.append((black, white, kings))
    return out


def _text(**changes: Any) -> str:
    weights = dict(tune.HAND_SET)
    for name, value in changes.items():
        if value is None:
            del weights[name]
        else:
            weights[name] = value
    return json.dumps({"weights": weights})


# ---------------------------------------------------------------------- the file


def test_the_weights_file_loads_with_every_weight() -> None:
    assert set(ev.WEIGHTS) == set(ev.WEIGHT_NAMES)
    assert ev.load_weights() == ev.WEIGHTS
    assert ev.MAN == ev.WEIGHTS["man"] == 100  # the unit of every score
    assert ev.KING == ev.WEIGHTS["king"] > ev.MAN
    assert len(ev.WEIGHTS["advance"]) == 7


def test_the_tuning_is_recorded_in_the_file() -> None:
    from importlib import resources

    document = json.loads(
        resources.files("checkers_widget.engine").joinpath(ev.WEIGHTS_FILE).read_text()
    )
    tuning = document["tuning"]
    assert tuning["mse_tuned"]["validation"] <= tuning["mse_hand_set"]["validation"]
    assert tuning["positions_validation"] > 0


def test_the_module_evaluates_with_the_file_weights() -> None:
    again = ev.make_evaluate(ev.load_weights())
    for position in _positions(300, seed=1):
        assert again(*position) == ev.evaluate(*position)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{not json", "not valid JSON"),
        ("[1, 2]", 'no "weights"'),
        (json.dumps({"weights": 3}), 'no "weights"'),
        (_text(king=None), "missing king"),
        (_text(queen=200), "unknown queen"),
        (_text(king="140"), "king must be an integer"),
        (_text(king=140.5), "king must be an integer"),
        (_text(trade=True), "trade must be an integer"),
        (_text(advance=[0, 1, 2]), "advance must be a list of 7 integers"),
        (_text(back=-1), "back must not be negative"),
        (_text(advance=[0, 0, 0, 0, 0, 0, -2]), "advance must not be negative"),
        (_text(man=0), "man must be positive"),
        (_text(centre_inner=40, centre_outer=20), "too large"),
        (_text(advance=[0, 0, 0, 0, 30, 30, 30]), "too large"),
    ],
)
def test_a_malformed_weights_file_is_refused(text: str, message: str) -> None:
    with pytest.raises(CheckersError, match=message):
        ev.load_weights(text)


def test_a_missing_weights_file_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ev, "WEIGHTS_FILE", "no_such_weights.json")
    with pytest.raises(CheckersError, match="cannot be read"):
        ev.load_weights()


# ---------------------------------------------------------------------- symmetry


def test_the_evaluation_is_colour_symmetric() -> None:
    """A position and its colour-swapped mirror have opposite values for Black, and the
    same value for the side to move."""
    for black, white, kings in _positions(2000, seed=2):
        mb, mw, mk = _mirror(white), _mirror(black), _mirror(kings)
        assert ev.evaluate(black, white, kings) == -ev.evaluate(mb, mw, mk)
        assert ev.evaluate_side(black, white, kings, True) == ev.evaluate_side(mw, mb, mk, False)


def test_the_evaluation_is_colour_symmetric_with_any_weights() -> None:
    """Symmetry is a property of the code, not of the numbers: random weights keep it."""
    rng = random.Random(3)
    for _ in range(5):
        weights = {
            name: [rng.randint(0, 20) for _ in range(7)]
            if name == "advance"
            else rng.randint(0, 12)
            if name in ("back", "bridge", "centre_inner", "centre_outer")
            else rng.randint(-50, 500)
            for name in ev.WEIGHT_NAMES
        }
        weights["man"] = 100
        evaluate = ev.make_evaluate(ev.load_weights(json.dumps({"weights": weights})))
        for black, white, kings in _positions(300, seed=rng.randint(0, 10**6)):
            mirrored = evaluate(_mirror(white), _mirror(black), _mirror(kings))
            assert evaluate(black, white, kings) == -mirrored


# ---------------------------------------------------------------------- the tuning script


def test_sigmoid_and_the_error() -> None:
    assert tune.sigmoid(0.0) == 0.5
    assert tune.sigmoid(1000.0) == 1.0 and tune.sigmoid(-1000.0) == 0.0
    assert tune.mean_squared_error([0.0, 0.0], [1.0, 0.0], 1.0) == pytest.approx(0.25)
    assert tune.mean_squared_error([1e6, -1e6, 0.0], [1.0, 0.0, 0.5], 0.01) == 0.0
    with pytest.raises(ValueError, match="no positions"):
        tune.mean_squared_error([], [], 1.0)


def test_fit_k_recovers_the_scale_of_a_synthetic_set() -> None:
    """Results drawn from sigmoid(K * score) with K = 0.006: the fit finds K again."""
    rng = random.Random(4)
    scores = [rng.uniform(-600, 600) for _ in range(4000)]
    exact = [tune.sigmoid(0.006 * s) for s in scores]
    assert tune.fit_k(scores, exact) == pytest.approx(0.006, rel=1e-3)
    # With 0/1 outcomes drawn at those odds the error is least near the true K too.
    drawn = [1.0 if rng.random() < p else 0.0 for p in exact]
    assert tune.fit_k(scores, drawn) == pytest.approx(0.006, rel=0.15)


def test_the_validation_split_is_by_game_and_fixed() -> None:
    held = tune.validation_games(1000, 0.1, seed=16)
    assert len(held) == 100 and held == tune.validation_games(1000, 0.1, seed=16)
    assert held != tune.validation_games(1000, 0.1, seed=17)


_PDN = """[Event "one"]
[Result "1-0"]
1. 11-15 23-19 2. 8-11 22-17 {a comment, 9-14 is not a move} 3. 9-13 17-14
4. 10x17 21x14 1-0

[Event "two"]
[Result "*"]
1. 11-15 *

[Event "three"]
[Result "1/2-1/2"]
1. 9-14 22-18 2. 5-9 18x11 1/2-1/2
"""


def test_the_lean_reader_and_the_replay() -> None:
    games = tune.read_archive(_PDN)
    assert [g.result for g in games] == [1.0, 0.5]  # the unfinished game is left out
    first, third = games
    assert first.moves[-2:] == ("10x17", "21x14")
    positions = tune.replay(first.moves)
    assert len(positions) == len(first.moves)
    assert [btm for _, btm in positions[:3]] == [True, False, True]
    # 18x11 is no capture in that position: the replay stops at the first move that
    # does not replay (after 9-14, 22-18 and 5-9).
    assert len(tune.replay(third.moves)) == 3


def test_sampling_takes_quiet_positions_after_the_opening() -> None:
    (first, _) = tune.read_archive(_PDN)
    samples = tune.sample_game(7, first, per_game=10, skip_plies=2, seed=1)
    # Plies 2-7 are sampled; before ply 6 (10x17) and ply 7 (21x14) a capture is due.
    assert len(samples) == 4
    assert all(s.game == 7 and s.result == 1.0 for s in samples)
    assert tune.sample_game(7, first, 10, 2, 1) == samples  # deterministic
    assert len(tune.sample_game(7, first, per_game=2, skip_plies=2, seed=1)) == 2


def test_the_features_reproduce_the_evaluation() -> None:
    """The linear model the fit works on is the evaluation, up to its integer divisions."""
    vector = tune.to_vector(tune.HAND_SET)
    assert tune.to_weights(vector) == tune.HAND_SET
    evaluate = ev.make_evaluate(tune.HAND_SET)
    for black, white, kings in _positions(1000, seed=5):
        men = (black & ~kings).bit_count() - (white & ~kings).bit_count()
        linear = 100 * men + sum(
            w * f for w, f in zip(vector, tune.features(black, white, kings, 140), strict=True)
        )
        assert abs(linear - evaluate(black, white, kings)) <= 6


def test_the_fit_lowers_the_error_on_a_small_set() -> None:
    """Levenberg-Marquardt from the hand-set weights on 400 positions with results drawn
    at the odds a slightly different evaluation gives: the error goes down."""
    rng = random.Random(6)
    other = ev.make_evaluate(ev.load_weights(_text(king=120, mobility_man=6)))
    samples = []
    for b, w, k in _positions(400, seed=6):
        won = rng.random() < tune.sigmoid(0.004 * other(b, w, k))
        samples.append(tune.Sample(b, w, k, 0, 1.0 if won else 0.0))
    results = [s.result for s in samples]
    base, columns = tune.feature_columns(samples, 140)
    start = tune.to_vector(tune.HAND_SET)
    fitted = tune.fit(base, columns, results, 0.004, start, iterations=5, log=lambda _: None)
    before = tune.mean_squared_error(tune._linear_scores(base, columns, start), results, 0.004)
    after = tune.mean_squared_error(tune._linear_scores(base, columns, fitted), results, 0.004)
    assert after < before
    assert not math.isnan(after)
    # The table weights stay usable by the evaluation's lookup tables.
    ev.load_weights(json.dumps({"weights": tune.to_weights(fitted)}))
