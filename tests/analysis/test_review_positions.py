"""A review's jobs carry a bounded history, not the whole game before each position
(issue 26: each job carried ``moves[:n]``, so a review's memory and time grew with the
square of the game's length: 245 MiB of jobs for 8,000 plies).

Each job must still rebuild exactly the position, and the draw rules' view of it (the game
over or not, a draw to claim), that the whole game before it gives.
"""

from __future__ import annotations

import itertools

import pytest

from checkers_widget import Game
from checkers_widget.analysis.review import MAX_REPLAYED, _jobs
from checkers_widget.analysis.review_jobs import Limits, rebuild
from checkers_widget.data import tinsley_games


def king_shuffle(plies: int, draw_rules: str) -> Game:
    """Two kings a side walking to and fro after a short opening: no capture, no man moved."""
    game = Game("B:WK30,K31:BK2,K3", draw_rules=draw_rules)
    loop = itertools.cycle(["2-6", "30-26", "6-2", "26-30"])
    for move in itertools.islice(loop, plies):
        game.play(move)
    return game


def games() -> list[Game]:
    played = list(itertools.islice(tinsley_games(), 3))
    return [*played, king_shuffle(600, "none"), king_shuffle(300, "claim")]


@pytest.mark.parametrize("game", games(), ids=lambda g: f"{len(g.line)}-plies")
def test_each_job_rebuilds_the_position_the_whole_game_gives(game: Game) -> None:
    line = tuple(game.line)
    jobs = _jobs(game, Limits(depth=1))
    assert len(jobs) == len(line) + 1
    for ply, job in enumerate(jobs):
        assert len(job.moves) <= MAX_REPLAYED
        whole = rebuild(game.start_fen, game.draw_rules, line[:ply])
        short = rebuild(job.start_fen, job.rules, job.moves)
        assert short.board.to_fen() == whole.board.to_fen(), ply
        assert short.is_over() == whole.is_over(), ply
        if len(job.moves) < MAX_REPLAYED:  # the whole stretch since the last capture
            assert short.draw_claim == whole.draw_claim, ply


def test_the_jobs_of_a_long_game_grow_linearly() -> None:
    game = king_shuffle(4000, "none")
    jobs = _jobs(game, Limits(depth=1))
    replayed = sum(len(job.moves) for job in jobs)
    assert replayed <= (MAX_REPLAYED + 1) * len(jobs)  # was 4000 * 4001 / 2 = 8 million
    assert replayed < len(jobs) * len(jobs) // 10
