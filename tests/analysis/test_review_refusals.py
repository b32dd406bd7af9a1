"""A review given bad arguments, or whose workers die, says so in a CheckersError or keeps
what it finished (issue 26, "Hostile and broken input", items 5, 6 and 10)."""

from __future__ import annotations

import itertools
import multiprocessing
import os
import signal
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import pytest

from checkers_widget import CheckersError, Game
from checkers_widget.analysis.review import MAX_WORKERS, review, review_games
from checkers_widget.core.errors import ArgumentTypeError
from checkers_widget.data import tinsley_games


def a_game() -> Game:
    return next(iter(tinsley_games()))


def test_a_huge_worker_count_is_refused_before_any_process_starts() -> None:
    # Reported: review(game, workers=10**6) forked 1,232 children in 20 s, without end.
    before = multiprocessing.active_children()
    with pytest.raises(CheckersError, match=f"workers must be from 1 to {MAX_WORKERS}"):
        review(a_game(), depth=1, workers=10**6)
    assert multiprocessing.active_children() == before


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: review_games(None), "takes a list of games, not None"),  # type: ignore[arg-type]
        (lambda: review_games(Game()), "review\\(\\) takes one game"),  # type: ignore[arg-type]
        (lambda: review(Game(), executor="pool"), "executor must be"),  # type: ignore[arg-type]
    ],
    ids=["none", "one-game", "executor-text"],
)
def test_arguments_of_the_wrong_kind_are_checkers_errors(call, message: str) -> None:
    # Reported: TypeError and AttributeError escaped.
    with pytest.raises(ArgumentTypeError, match=message):
        call()


def test_a_shut_down_executor_is_a_checkers_error() -> None:
    # Reported: RuntimeError ("cannot schedule new futures after shutdown") escaped.
    executor = ThreadPoolExecutor(1)
    executor.shutdown()
    with pytest.raises(CheckersError, match="the executor takes no more work"):
        review(a_game(), depth=1, executor=executor)


@pytest.mark.timeout(600)
def test_a_worker_killed_mid_review_keeps_the_plies_finished() -> None:
    # Reported: BrokenProcessPool escaped and threw the finished plies away.
    game = a_game()
    pool = ProcessPoolExecutor(2)
    killed = itertools.count()

    # Killed as the sixth answer comes in. Each position is searched to depth 8 (a good
    # fraction of a second each): the rest of a 50-ply game cannot be finished by then.
    def kill_after_six(done: int, total: int) -> None:
        if done >= 6 and next(killed) == 0:
            for process in list(pool._processes.values()):  # the pool's own workers
                os.kill(process.pid, signal.SIGKILL)

    try:
        found = review(game, depth=8, executor=pool, on_progress=kill_after_six)
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
    assert not found.complete
    assert 1 <= len(found.plies) < len(game.line)  # a ply needs its positions before and after
    assert [ply.move for ply in found.plies] == list(game.line)[: len(found.plies)]
