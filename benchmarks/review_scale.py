"""Checking the review's scale: how well does an engine score predict a master game's result?

The review maps a score ``s`` (men, side to move's view) to an expected score
``1 / (1 + exp(-K * s))`` (:mod:`checkers_widget.analysis.judgement`). This script fits
``K`` to Tinsley's games: for each decisive or drawn game long enough, the engine searches
the position after ``--plies`` plies (default 30 and 50; ``--nodes`` a position, searched
as a review searches it), and
``K`` is chosen to minimise the cross-entropy between the predicted expected score and
the result (1, 0.5 or 0 for Black). It prints the fitted ``K`` per ply and overall, and
the observed mean result by score bucket.

    .venv/bin/python benchmarks/review_scale.py                  # about 4 minutes
    .venv/bin/python benchmarks/review_scale.py --plies 40 --nodes 20000
"""

from __future__ import annotations

import argparse
import math
from collections import defaultdict

from checkers_widget import data
from checkers_widget.analysis.judgement import SCALE
from checkers_widget.analysis.review_jobs import Limits, PositionJob, analyse_position

RESULTS = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}


def cross_entropy(k: float, rows: list[tuple[float, float]]) -> float:
    total = 0.0
    for score, result in rows:
        e = 1.0 / (1.0 + math.exp(-k * max(-50.0, min(50.0, score))))
        e = min(max(e, 1e-9), 1 - 1e-9)
        total -= result * math.log(e) + (1 - result) * math.log(1 - e)
    return total / len(rows)


def fit(rows: list[tuple[float, float]]) -> float:
    return min((cross_entropy(k / 100, rows), k / 100) for k in range(10, 400, 5))[1]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--plies", type=int, nargs="+", default=[30, 50])
    parser.add_argument("--nodes", type=int, default=60_000)
    args = parser.parse_args(argv)
    rows: dict[int, list[tuple[float, float]]] = defaultdict(list)
    for game in data.tinsley_games():
        result = RESULTS.get(game.result or "")
        if result is None:
            continue
        for plies in args.plies:
            if game.ply < plies + 6:  # a few moves before the end at least
                continue
            moves = tuple(game.moves[:plies])
            job = PositionJob(game.start_fen, game.draw_rules, moves, Limits(nodes=args.nodes))
            found = analyse_position(job)  # the review's own search of the position
            black_score = found.score if plies % 2 == 0 else -found.score
            rows[plies].append((black_score, result))
    everything = [row for group in rows.values() for row in group]
    for plies, group in sorted(rows.items()):
        print(f"after {plies} plies: {len(group)} positions, fitted K = {fit(group):.2f}")
    print(f"all: {len(everything)} positions, fitted K = {fit(everything):.2f}")
    print(f"the review uses K = {SCALE}")
    buckets: dict[float, list[float]] = defaultdict(list)
    for score, result in everything:
        buckets[round(max(-3.0, min(3.0, score)) * 2) / 2].append(result)
    print("score bucket (men, Black's view): positions, Black's mean result")
    for key in sorted(buckets):
        values = buckets[key]
        print(f"  {key:+.1f}: {len(values):4d}  {sum(values) / len(values):.3f}")


if __name__ == "__main__":
    main()
