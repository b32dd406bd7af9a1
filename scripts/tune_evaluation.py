"""Tune the evaluation's weights on the OCA archive's games (Texel tuning).

Writes ``src/checkers_widget/engine/eval_weights.json``, the weights that
:mod:`checkers_widget.engine.evaluate` reads at import. Run it from the repository's
root (five to eight minutes on a busy 2-core machine: the replay on two processes, the
fit on one)::

    python scripts/tune_evaluation.py             # tune, print the errors, write the file
    python scripts/tune_evaluation.py --dry-run   # the same, without writing

What it does, and why:

1. **Positions.** The archive (``tests/data/OCA_2.0.pdn.xz``, 22,621 games with
   results) is read by a lean reader written for its simple form (tag lines, then move
   tokens ``a-b`` or ``axbxc``, ``{comments}``, a result), replaying each game with the
   rules core's move generator: the package's PDN reader takes about 8 ms a game, which
   is minutes for the archive. A game stops at the first move that does not replay.
   From each game it takes up to ``--per-game`` *quiet* positions (the side to move
   has no capture: the static evaluation is only ever asked about such positions at
   the search's leaves), leaving out the first ``--skip-plies`` plies (the ballot and
   book moves every game shares), chosen at random with a seed per game.
2. **Labels.** Each position gets its game's result for Black: 1, 0.5 or 0.
3. **Split.** ``--validation`` of the *games* (10 %, fixed seed) are held out, so that no
   game gives positions to both sides of the split.
4. **Error.** For an evaluation ``e`` (hundredths of a man, Black's view) the
   prediction is ``sigmoid(K * e)``, and the error is the mean squared difference from
   the results. ``K`` is fitted first, on the hand-set weights (golden-section search),
   and then held fixed, so that the weights keep their unit (a man is 100).
5. **Tuning.** Every term of the evaluation is linear in its weight once the position
   is known (up to the integer divisions), so each position is turned into one feature
   value per weight, and the weights are fitted by Levenberg-Marquardt on the logistic
   least-squares error (a few dozen steps of a 19 x 19 linear solve). The man's value
   stays 100 (the unit). The lookup-table weights stay non-negative and within their
   8-bit fields. ``--prior`` adds a pull toward the hand-set weights (ridge), and
   ``--fixed NAME`` keeps a weight at its hand-set value (with the three ``ending_*``
   weights kept, the validation error came out 0.087717 instead of 0.087564).
   The features are recomputed once with the fitted king value (the trade bonus and the
   ending's "who is ahead" depend on it) and the fit repeated.
6. **Check.** The fitted weights are rounded to integers, and the errors before and
   after are measured with the evaluation's own code (:func:`make_evaluate`), on the
   training and the validation positions.

Everything here is pure Python (the standard library and the package).
"""

from __future__ import annotations

import argparse
import itertools
import json
import lzma
import math
import random
import re
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from multiprocessing import Pool
from operator import mul
from pathlib import Path
from typing import Any

from checkers_widget.core.errors import CheckersError
from checkers_widget.core.movegen import capture_results, has_capture, play, quiet_steps
from checkers_widget.core.squares import BIT, VALID, row_of
from checkers_widget.engine import evaluate as ev

ROOT = Path(__file__).resolve().parent.parent
ARCHIVE = ROOT / "tests" / "data" / "OCA_2.0.pdn.xz"
TARGET = ROOT / "src" / "checkers_widget" / "engine" / ev.WEIGHTS_FILE

#: The weights as they were set by hand before any tuning: the starting point of the
#: fit, the "before" of its report and the target of ``--prior``.
HAND_SET: dict[str, Any] = {
    "man": 100,
    "king": 140,
    "trade": 400,
    "advance": [0, 4, 8, 12, 16, 20, 24],
    "back": 4,
    "bridge": 6,
    "centre_inner": 6,
    "centre_outer": 2,
    "mobility_man": 2,
    "king_centre": 3,
    "mobility_king": 2,
    "ending_closeness": 4,
    "ending_edge": 4,
    "ending_double_corner": 30,
}

#: The tuned parameters, in the order of the feature vector: every weight but ``man``
#: (the unit), with ``advance`` spread over its seven rows.
PARAMS: tuple[str, ...] = tuple(
    param
    for name in ev.WEIGHT_NAMES
    if name != "man"
    for param in ((f"advance{r}" for r in range(7)) if name == "advance" else (name,))
)

#: Parameters held in the men's lookup tables: they must stay non-negative.
NON_NEGATIVE = frozenset(
    {*(f"advance{r}" for r in range(7)), "back", "bridge", "centre_inner", "centre_outer"}
)

#: The weights kept at their hand-set values unless ``--fixed`` says otherwise.
FIXED: tuple[str, ...] = ()

RESULTS = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}


# ---------------------------------------------------------------------- weights <-> vector


def to_vector(weights: dict[str, Any]) -> list[float]:
    """The tuned parameters of a weights dict, in :data:`PARAMS` order."""
    out: list[float] = []
    for name in PARAMS:
        if name.startswith("advance"):
            out.append(float(weights["advance"][int(name[7:])]))
        else:
            out.append(float(weights[name]))
    return out


def to_weights(vector: Sequence[float], man: int = 100) -> dict[str, Any]:
    """A weights dict (integers, as the file holds them) from a parameter vector."""
    values = dict(zip(PARAMS, vector, strict=True))
    weights: dict[str, Any] = {"man": man}
    for name in ev.WEIGHT_NAMES:
        if name == "advance":
            weights[name] = [round(values[f"advance{r}"]) for r in range(7)]
        elif name != "man":
            weights[name] = round(values[name])
    return weights


# ---------------------------------------------------------------------- reading the archive


@dataclass(frozen=True)
class ArchiveGame:
    """One game of the archive: its result for Black and its move tokens."""

    result: float
    moves: tuple[str, ...]


_COMMENT = re.compile(r"\{[^}]*\}")
_TAG = re.compile(r'^\[(\w+)\s+"(.*)"\]\s*$')
_MOVE = re.compile(r"^\d+(?:[-x]\d+)+$")


def read_archive(text: str) -> list[ArchiveGame]:
    """The games of a PDN text in the OCA archive's simple form.

    Tag lines start a game's header (a tag line after move text starts a new game);
    move numbers (``12.``), comments and result tokens are skipped in the move text.
    Games whose ``Result`` tag is not ``1-0``, ``0-1`` or ``1/2-1/2`` are left out.
    """
    games: list[ArchiveGame] = []
    result: str | None = None
    moves: list[str] = []
    in_moves = False

    def finish() -> None:
        if result in RESULTS and moves:
            games.append(ArchiveGame(RESULTS[result], tuple(moves)))

    for line in _COMMENT.sub(" ", text).splitlines():
        line = line.strip()
        if line.startswith("["):
            if in_moves:
                finish()
                result, moves, in_moves = None, [], False
            tag = _TAG.match(line)
            if tag and tag.group(1) == "Result":
                result = tag.group(2)
            continue
        for token in line.split():
            if _MOVE.match(token) and token not in RESULTS:
                moves.append(token)
                in_moves = True
            elif token in RESULTS or token == "*":
                in_moves = True
    finish()
    return games


def _hop_taken(a: int, b: int) -> int | None:
    """The bit jumped over by a hop from bit ``a`` to bit ``b`` (None: not one hop)."""
    for d in (4, 5):
        if b == a << (2 * d):
            return a << d
        if b == a >> (2 * d):
            return a >> d
    return None


Position = tuple[int, int, int]  # (black, white, kings)


def replay(moves: Sequence[str]) -> list[tuple[Position, bool]]:
    """The positions before each move of a game from the start, with "Black to move?".

    Replays the move tokens with the rules core's move generator and stops at the first
    token that is not a legal move (a slip in the source, or an ambiguous shorthand).
    """
    black = sum(BIT[s] for s in range(1, 13))
    white = sum(BIT[s] for s in range(21, 33))
    kings = 0
    out: list[tuple[Position, bool]] = []
    for ply, token in enumerate(moves):
        btm = ply % 2 == 0
        own, opp = (black, white) if btm else (white, black)
        squares = [int(x) for x in re.split("[-x]", token)]
        if not all(1 <= s <= 32 for s in squares):
            break
        src, dst = BIT[squares[0]], BIT[squares[-1]]
        if "x" in token:
            taken = 0
            for p, q in itertools.pairwise(squares):
                hop = _hop_taken(BIT[p], BIT[q])
                if hop is None:
                    taken = -1  # a shorthand: match by the ends alone
                    break
                taken |= hop
            found = [
                m
                for m in capture_results(own, opp, kings, btm)
                if m[0] == src and m[1] == dst and (taken < 0 or m[2] == taken)
            ]
            if len(found) != 1:
                break
            move = found[0]
        else:
            move = (src, dst, 0)
            if has_capture(own, opp, kings, btm) or move not in quiet_steps(own, opp, kings, btm):
                break
        out.append(((black, white, kings), btm))
        own, opp, kings = play(own, opp, kings, btm, move)
        black, white = (own, opp) if btm else (opp, own)
    return out


@dataclass(frozen=True)
class Sample:
    """A training position: the board, its game's index and the game's result."""

    black: int
    white: int
    kings: int
    game: int
    result: float


def sample_game(
    index: int, game: ArchiveGame, per_game: int, skip_plies: int, seed: int
) -> list[Sample]:
    """Up to ``per_game`` quiet positions of one game after its first ``skip_plies``.

    Quiet: the side to move has no capture. The choice is random with a seed made from
    ``seed`` and the game's index, so it does not depend on how the games are shared
    among processes.
    """
    quiet = [
        pos
        for ply, (pos, btm) in enumerate(replay(game.moves))
        if ply >= skip_plies
        and not has_capture(*((pos[0], pos[1]) if btm else (pos[1], pos[0])), pos[2], btm)
    ]
    rng = random.Random(seed * 1_000_003 + index)
    if len(quiet) > per_game:
        quiet = rng.sample(quiet, per_game)
    return [Sample(b, w, k, index, game.result) for b, w, k in quiet]


def _sample_chunk(args: tuple[int, list[ArchiveGame], int, int, int]) -> list[Sample]:
    start, games, per_game, skip_plies, seed = args
    out: list[Sample] = []
    for i, game in enumerate(games):
        out += sample_game(start + i, game, per_game, skip_plies, seed)
    return out


def sample_positions(
    games: Sequence[ArchiveGame], per_game: int, skip_plies: int, seed: int, jobs: int = 1
) -> list[Sample]:
    """Quiet positions of every game (see :func:`sample_game`), in game order."""
    size = 500
    chunks = [
        (i, list(games[i : i + size]), per_game, skip_plies, seed)
        for i in range(0, len(games), size)
    ]
    if jobs <= 1:
        parts = [_sample_chunk(c) for c in chunks]
    else:
        with Pool(jobs) as pool:
            parts = pool.map(_sample_chunk, chunks)
    return [s for part in parts for s in part]


def validation_games(n_games: int, fraction: float, seed: int) -> frozenset[int]:
    """The indices of the games held out for validation: ``fraction`` of them, by seed."""
    order = list(range(n_games))
    random.Random(seed).shuffle(order)
    return frozenset(order[: round(n_games * fraction)])


# ---------------------------------------------------------------------- the error


def sigmoid(x: float) -> float:
    """The logistic function, safe for large arguments."""
    if x >= 0:
        return 1.0 / (1.0 + math.exp(-x))
    z = math.exp(x)
    return z / (1.0 + z)


def mean_squared_error(scores: Sequence[float], results: Sequence[float], k: float) -> float:
    """Mean of ``(result - sigmoid(k * score))**2``: Texel tuning's error."""
    if not scores:
        raise ValueError("no positions")
    return sum((r - sigmoid(k * s)) ** 2 for s, r in zip(scores, results, strict=True)) / len(
        scores
    )


def fit_k(
    scores: Sequence[float], results: Sequence[float], lo: float = 1e-4, hi: float = 0.1
) -> float:
    """The ``K`` that minimises :func:`mean_squared_error` (golden-section search on log K).

    The error is unimodal in ``K`` for any sensible evaluation: too small a ``K`` calls
    everything a draw, too large one calls every advantage a certain win.
    """
    a, b = math.log(lo), math.log(hi)
    g = (math.sqrt(5) - 1) / 2

    def err(x: float) -> float:
        return mean_squared_error(scores, results, math.exp(x))

    c, d = b - g * (b - a), a + g * (b - a)
    fc, fd = err(c), err(d)
    for _ in range(60):
        if fc < fd:
            b, d, fd = d, c, fc
            c = b - g * (b - a)
            fc = err(c)
        else:
            a, c, fc = c, d, fd
            d = a + g * (b - a)
            fd = err(d)
        if b - a < 1e-6:
            break
    return math.exp((a + b) / 2)


# ---------------------------------------------------------------------- features

_ROW_B = [0] + [row_of(s) for s in range(1, 33)]  # rows a black man on s has come up
_ROW_W = [0] + [row_of(33 - s) for s in range(1, 33)]
_SQUARES = [(BIT[s], s) for s in range(1, 33)]
_INNER = sum(BIT[s] for s in ev.CENTRE_INNER)
_OUTER = sum(BIT[s] for s in ev.CENTRE_OUTER)
_BACK_B = sum(BIT[s] for s in (1, 2, 3, 4))
_BACK_W = sum(BIT[s] for s in (29, 30, 31, 32))
_BRIDGE_B = BIT[1] | BIT[3]
_BRIDGE_W = BIT[30] | BIT[32]
_KING_RING = {BIT[s]: ring for s, ring in ev._KING_PST.items()}


def features(black: int, white: int, kings: int, king: float, man: int = 100) -> list[float]:
    """The position's value in each tuned term, so that the evaluation is, up to its
    integer divisions, ``man * (black men - white men) + sum(w * f)`` over
    :data:`PARAMS`.

    ``king`` is the king's value the material-dependent parts use (the trade bonus and
    which side is "stronger" in the ending); the tuning recomputes the features when it
    has moved the king's value.
    """
    bm = black & ~kings
    wm = white & ~kings
    bk = black & kings
    wk = white & kings
    nbm, nwm, nbk, nwk = bm.bit_count(), wm.bit_count(), bk.bit_count(), wk.bit_count()
    pieces = nbm + nwm + nbk + nwk
    mat_b = man * nbm + king * nbk
    mat_w = man * nwm + king * nwk
    diff = mat_b - mat_w
    trade = 0.0
    if diff:
        trade = abs(diff) / (mat_b + mat_w) * (1 if diff > 0 else -1)
    w_adv = max(0, 24 - pieces) / ev.ADVANCE_DIVISOR
    advance = [0.0] * 7
    for bit, s in _SQUARES:
        if bm & bit:
            advance[_ROW_B[s]] += w_adv
        elif wm & bit:
            advance[_ROW_W[s]] -= w_adv
    back = bridge = 0.0
    if nwm:
        f = min(nwm, 8) / 8
        back += (bm & _BACK_B).bit_count() * f
        bridge += (bm & _BRIDGE_B).bit_count() * f
    if nbm:
        f = min(nbm, 8) / 8
        back -= (wm & _BACK_W).bit_count() * f
        bridge -= (wm & _BRIDGE_W).bit_count() * f
    inner = (bm & _INNER).bit_count() - (wm & _INNER).bit_count()
    outer = (bm & _OUTER).bit_count() - (wm & _OUTER).bit_count()
    empty = VALID & ~(black | white)
    mob = ((bm << 4) & empty).bit_count() + ((bm << 5) & empty).bit_count()
    mob -= ((wm >> 4) & empty).bit_count() + ((wm >> 5) & empty).bit_count()
    ring = 0
    kmob = 0
    close = edge = corner = 0.0
    if bk or wk:
        for bit, ring_value in _KING_RING.items():
            if bk & bit:
                ring += ring_value
            elif wk & bit:
                ring -= ring_value
        kmob = (
            ((bk << 4) & empty).bit_count()
            + ((bk << 5) & empty).bit_count()
            + ((bk >> 4) & empty).bit_count()
            + ((bk >> 5) & empty).bit_count()
        ) - (
            ((wk << 4) & empty).bit_count()
            + ((wk << 5) & empty).bit_count()
            + ((wk >> 4) & empty).bit_count()
            + ((wk >> 5) & empty).bit_count()
        )
        if pieces <= 10 and diff and bk and wk:
            strong, weak, sign = (bk, wk, 1) if diff > 0 else (wk, bk, -1)
            total, n = ev.closeness(strong, weak)
            close = sign * total / n
            edge = sign * (weak & ev.EDGES).bit_count()
            corner = -sign * (weak & ev.DOUBLE_CORNERS).bit_count()
    return [
        float(nbk - nwk),
        trade,
        *advance,
        back,
        bridge,
        float(inner),
        float(outer),
        float(mob),
        float(ring),
        float(kmob),
        close,
        edge,
        corner,
    ]


def feature_columns(
    samples: Sequence[Sample], king: float
) -> tuple[list[float], list[list[float]]]:
    """The fixed part (the men's material) and one column per parameter, for all samples."""
    base: list[float] = []
    rows: list[list[float]] = []
    for s in samples:
        base.append(100.0 * ((s.black & ~s.kings).bit_count() - (s.white & ~s.kings).bit_count()))
        rows.append(features(s.black, s.white, s.kings, king))
    columns = [list(col) for col in zip(*rows, strict=True)] if rows else [[] for _ in PARAMS]
    return base, columns


# ---------------------------------------------------------------------- the fit


def _linear_scores(
    base: list[float], columns: list[list[float]], w: Sequence[float]
) -> list[float]:
    scores = base
    for wj, col in zip(w, columns, strict=True):
        if wj:
            scores = [s + wj * f for s, f in zip(scores, col, strict=True)]
    return scores


def _objective(
    base: list[float],
    columns: list[list[float]],
    results: list[float],
    k: float,
    w: Sequence[float],
    prior: float,
    w0: Sequence[float],
    scale: Sequence[float],
) -> float:
    mse = mean_squared_error(_linear_scores(base, columns, w), results, k)
    return mse + prior * sum(((a - b) / s) ** 2 for a, b, s in zip(w, w0, scale, strict=True))


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """Solve ``a x = b`` by Gaussian elimination with partial pivoting (a small system)."""
    n = len(b)
    m = [[*row, b[i]] for i, row in enumerate(a)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[pivot] = m[pivot], m[col]
        p = m[col][col]
        if abs(p) < 1e-300:
            continue
        for r in range(col + 1, n):
            f = m[r][col] / p
            if f:
                m[r] = [x - f * y for x, y in zip(m[r], m[col], strict=True)]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        p = m[r][r]
        x[r] = (
            0.0 if abs(p) < 1e-300 else (m[r][n] - sum(m[r][c] * x[c] for c in range(r + 1, n))) / p
        )
    return x


def _project(w: list[float]) -> list[float]:
    """Clip the table weights at 0 and shrink them if their 8-bit fields would overflow."""
    out = [max(0.0, v) if name in NON_NEGATIVE else v for name, v in zip(PARAMS, w, strict=True)]
    while True:
        try:
            ev.load_weights(json.dumps({"weights": to_weights(out)}))
            return out
        except CheckersError:
            out = [
                v * 0.95 if name in NON_NEGATIVE else v for name, v in zip(PARAMS, out, strict=True)
            ]


def fit(
    base: list[float],
    columns: list[list[float]],
    results: list[float],
    k: float,
    start: Sequence[float],
    *,
    prior: float = 0.0,
    fixed: Iterable[str] = (),
    iterations: int = 40,
    log: Callable[[str], None] = print,
) -> list[float]:
    """Levenberg-Marquardt on ``mean((r - sigmoid(k * s))**2) + prior * ridge``.

    ``s`` is the linear score ``base + columns . w``; the ridge term is the squared
    distance from ``start`` in units of ``max(|start|, 4)`` per parameter. The
    parameters named in ``fixed`` (names of :data:`PARAMS`, or ``advance`` for its seven)
    keep their starting values. Returns the fitted (unrounded) parameters.
    """
    fixed = set(fixed)
    held = {
        j for j, name in enumerate(PARAMS) if name in fixed or name.rstrip("0123456789") in fixed
    }
    n = len(results)
    w = list(start)
    w0 = list(start)
    scale = [max(abs(v), 4.0) for v in w0]
    lam = 1e-3
    best = _objective(base, columns, results, k, w, prior, w0, scale)
    gain = 0.0
    for it in range(iterations):
        scores = _linear_scores(base, columns, w)
        preds = [sigmoid(k * s) for s in scores]
        # Residuals and the Jacobian's weights: d pred / d w_j = k p (1 - p) f_j.
        resid = [r - p for r, p in zip(results, preds, strict=True)]
        slope = [k * p * (1 - p) for p in preds]
        weighted = [[d * f for d, f in zip(slope, col, strict=True)] for col in columns]
        grad = [sum(map(mul, resid, wc)) / n for wc in weighted]  # = -0.5 d mse / d w
        jtj = [[0.0] * len(w) for _ in w]
        for i, wi in enumerate(weighted):
            for j in range(i, len(w)):
                jtj[i][j] = jtj[j][i] = sum(map(mul, wi, weighted[j])) / n
        for j in range(len(w)):
            jtj[j][j] += prior / scale[j] ** 2
            grad[j] -= prior * (w[j] - w0[j]) / scale[j] ** 2
        # Table weights held at 0 that the gradient pushes below it stay out of the step
        # (an active set): a clipped step would not be the one the solve predicted.
        free = [
            j
            for j, name in enumerate(PARAMS)
            if j not in held and not (name in NON_NEGATIVE and w[j] <= 0 and grad[j] < 0)
        ]
        improved = False
        for _ in range(12):
            a = [[jtj[i][j] for j in free] for i in free]
            for i, j in enumerate(free):
                a[i][i] += lam * (jtj[j][j] + 1e-12)
            step = [0.0] * len(w)
            for j, d in zip(free, _solve(a, [grad[j] for j in free]), strict=True):
                step[j] = d
            trial = _project([v + d for v, d in zip(w, step, strict=True)])
            value = _objective(base, columns, results, k, trial, prior, w0, scale)
            if value < best:
                gain = best - value
                w, best, improved = trial, value, True
                lam = max(lam / 3, 1e-7)
                break
            lam *= 4
        log(f"  step {it + 1:2d}: objective {best:.6f} (lambda {lam:.1e})")
        if not improved or gain < 1e-7:
            break
    return w


# ---------------------------------------------------------------------- main


def exact_scores(samples: Iterable[Sample], weights: dict[str, Any]) -> list[float]:
    """The evaluation's own values (Black's view) of the samples with ``weights``."""
    evaluate = ev.make_evaluate(ev.load_weights(json.dumps({"weights": weights})))
    return [float(evaluate(s.black, s.white, s.kings)) for s in samples]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--per-game", type=int, default=6, help="positions a game (at most)")
    parser.add_argument("--skip-plies", type=int, default=10, help="opening plies left out")
    parser.add_argument("--validation", type=float, default=0.1, help="games held out")
    parser.add_argument("--seed", type=int, default=16)
    parser.add_argument("--jobs", type=int, default=2, help="processes for the replay")
    parser.add_argument("--prior", type=float, default=0.0, help="pull toward hand-set")
    parser.add_argument(
        "--fixed",
        action="append",
        default=None,
        metavar="NAME",
        help=f"a weight kept at its hand-set value (repeatable; default: {', '.join(FIXED)})",
    )
    parser.add_argument("--iterations", type=int, default=40)
    parser.add_argument("--games", type=int, default=0, help="only the first N games (test)")
    parser.add_argument("--dry-run", action="store_true", help="do not write the file")
    parser.add_argument("--output", type=Path, default=TARGET)
    args = parser.parse_args(argv)
    fixed = tuple(FIXED if args.fixed is None else [f for f in args.fixed if f != "none"])
    unknown = [f for f in fixed if f not in ev.WEIGHT_NAMES or f == "man"]
    if unknown:
        parser.error(f"--fixed: no tuned weight {', '.join(unknown)}")

    started = time.perf_counter()
    games = read_archive(lzma.decompress(ARCHIVE.read_bytes()).decode("latin-1"))
    if args.games:
        games = games[: args.games]
    print(f"{len(games)} games read in {time.perf_counter() - started:.1f} s")
    samples = sample_positions(games, args.per_game, args.skip_plies, args.seed, args.jobs)
    held = validation_games(len(games), args.validation, args.seed)
    train = [s for s in samples if s.game not in held]
    valid = [s for s in samples if s.game in held]
    print(
        f"{len(samples)} quiet positions ({len(train)} training from "
        f"{len(games) - len(held)} games, {len(valid)} validation from {len(held)} games) "
        f"in {time.perf_counter() - started:.1f} s"
    )
    r_train = [s.result for s in train]
    r_valid = [s.result for s in valid]

    before_train = exact_scores(train, HAND_SET)
    k = fit_k(before_train, r_train)
    mse_before = (
        mean_squared_error(before_train, r_train, k),
        mean_squared_error(exact_scores(valid, HAND_SET), r_valid, k),
    )
    print(f"K = {k:.6f} (fitted on the hand-set weights, then fixed)")
    print(f"hand-set: MSE training {mse_before[0]:.6f}, validation {mse_before[1]:.6f}")

    w = to_vector(HAND_SET)
    for round_ in (1, 2):
        king = w[PARAMS.index("king")]
        base, columns = feature_columns(train, king)
        print(f"round {round_}: features with king = {king:.1f}")
        w = fit(
            base,
            columns,
            r_train,
            k,
            w,
            prior=args.prior,
            fixed=fixed,
            iterations=args.iterations,
        )
    tuned = to_weights(w)
    mse_after = (
        mean_squared_error(exact_scores(train, tuned), r_train, k),
        mean_squared_error(exact_scores(valid, tuned), r_valid, k),
    )
    print(f"tuned:    MSE training {mse_after[0]:.6f}, validation {mse_after[1]:.6f}")
    print("weights (hand-set -> tuned):")
    for name in ev.WEIGHT_NAMES:
        print(f"  {name:22s} {HAND_SET[name]!s:28s} -> {tuned[name]}")
    document = {
        "about": (
            "The weights of checkers_widget.engine.evaluate, written by "
            "scripts/tune_evaluation.py: Texel tuning on quiet positions of the OCA "
            "archive's games against their results; see the script's docstring."
        ),
        "tuning": {
            "games": len(games),
            "positions_training": len(train),
            "positions_validation": len(valid),
            "per_game": args.per_game,
            "skip_plies": args.skip_plies,
            "validation_fraction": args.validation,
            "seed": args.seed,
            "prior": args.prior,
            "fixed": list(fixed),
            "k": round(k, 6),
            "mse_hand_set": {
                "training": round(mse_before[0], 6),
                "validation": round(mse_before[1], 6),
            },
            "mse_tuned": {"training": round(mse_after[0], 6), "validation": round(mse_after[1], 6)},
        },
        "weights": tuned,
    }
    if not args.dry_run:
        args.output.write_text(json.dumps(document, indent=2) + "\n")
        print(f"-> {args.output}")
    print(f"done in {time.perf_counter() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
