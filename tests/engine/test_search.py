"""The search is a function of its position and limits alone.

Each ``Searcher`` starts from empty tables, so searching the same position again gives
the same iterations (moves, scores, principal variations, node counts), and a search
to depth ``d`` begins with exactly the iterations of a search to depth ``d - 1``:
nothing of one search leaks into the next, and iterative deepening does not depend on
how deep it was asked to go. (benchmarks/engine_same_search.py compares the searches
of two versions of the engine in the same way.)
"""

from __future__ import annotations

import pytest

from checkers_widget import START_FEN, Board, data
from checkers_widget.engine.search import Iteration, Searcher


def iterations(
    fen: str, depth: int, *, all_scores: bool = False, endgame_tables: bool = False
) -> list[Iteration]:
    """Every iteration of a search of ``fen`` to ``depth``, the final result last."""
    board = Board(fen)
    black = board.turn == "black"
    b, w, kings = board.bitboards
    own, opp = (b, w) if black else (w, b)
    seen: list[Iteration] = []
    searcher = Searcher(endgame_tables=endgame_tables)
    last = searcher.run(
        own, opp, kings, black, max_depth=depth, all_scores=all_scores, on_iteration=seen.append
    )
    assert last is seen[-1]
    assert searcher.nodes == last.nodes
    return seen


BALLOT = data.three_move_openings()[40].fen
FIRST_POSITION = next(c.fen for c in data.classic_positions() if c.id == "first_position")
# Five pieces: the search meets the endgame databases (of four) below the root, where
# First Position itself is answered from them outright.
THREE_KINGS_V_TWO = next(
    c.fen for c in data.classic_positions() if c.id == "3k_v_2k_same_double_corner"
)

SEARCHES = [
    pytest.param(START_FEN, 7, {}, id="start"),
    pytest.param(BALLOT, 7, {}, id="ballot"),
    pytest.param(BALLOT, 5, {"all_scores": True}, id="ballot-all-scores"),
    pytest.param(FIRST_POSITION, 12, {}, id="first-position"),
    pytest.param(THREE_KINGS_V_TWO, 10, {"endgame_tables": True}, id="3k-v-2k-tables"),
]


@pytest.mark.parametrize(("fen", "depth", "options"), SEARCHES)
def test_the_same_search_gives_the_same_iterations(
    fen: str, depth: int, options: dict[str, bool]
) -> None:
    first = iterations(fen, depth, **options)
    assert len(first) == depth
    assert [it.depth for it in first] == list(range(1, depth + 1))
    assert iterations(fen, depth, **options) == first


@pytest.mark.parametrize(("fen", "depth", "options"), SEARCHES)
def test_a_deeper_search_begins_with_the_shallower_one(
    fen: str, depth: int, options: dict[str, bool]
) -> None:
    deeper = iterations(fen, depth, **options)
    assert iterations(fen, depth - 1, **options) == deeper[:-1]
