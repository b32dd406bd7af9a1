"""The package's puzzles: at least 500, each one checked from its position.

Every puzzle's FEN reads, its solution is legal move by move from there (solver first,
solver last), the line wins material on the board (a piece net, a king, or the game), its
themes are known and its source names the game of the archive it came from.
"""

from __future__ import annotations

import json
import re

import pytest

from checkers_widget import Board
from checkers_widget.analysis.puzzle_mining import realised, themes_of
from checkers_widget.core.errors import CheckersError
from checkers_widget.data import FILES, read_bytes
from checkers_widget.data.puzzles import FILE, parse_puzzles
from checkers_widget.puzzles import THEMES, Puzzle, load

SOURCE = re.compile(r"^(tinsley\.pdn|OCA_2\.0\.pdn) game \d+ \(.*\), ply \d+$")


def test_there_are_at_least_500_puzzles_with_distinct_ids_and_positions() -> None:
    puzzles = load()
    assert len(puzzles) >= 500
    assert len({p.id for p in puzzles}) == len(puzzles)
    assert len({p.fen for p in puzzles}) == len(puzzles)
    assert FILE in FILES and read_bytes(FILE)  # package data, read from the package
    sources = {p.source.split(" game ")[0] for p in puzzles}
    assert sources == {"tinsley.pdn", "OCA_2.0.pdn"}
    assert {p.solver for p in puzzles} == {"black", "white"}


def test_every_puzzle_replays_and_wins_from_its_position() -> None:
    for p in load():
        start = Board(p.fen)
        assert start.to_fen() == p.fen
        assert len(start.legal_moves()) >= 2, p.id  # a forced move is no puzzle
        board = start.copy()
        for move in p.solution:
            assert move in board.legal_moves(), (p.id, move)
            board.push(move)
        assert len(p.solution) % 2 == 1, p.id  # ends with the solver's move
        assert realised(start, p.solution) == len(p.solution), p.id  # and no later
        assert set(p.themes) <= set(THEMES), p.id
        assert themes_of(start, p.solution, forced_win=p.gain >= 100) == p.themes, p.id
        assert SOURCE.match(p.source), p.source
        assert 600 <= p.rating <= 2600, p.id


def test_every_theme_has_puzzles_and_the_filter_keeps_only_them() -> None:
    everything = load()
    for theme in THEMES:
        some = load(theme)
        assert some, theme
        assert all(theme in p.themes for p in some)
        assert len(some) == sum(theme in p.themes for p in everything)
    assert load(None) == everything


@pytest.mark.parametrize("bad", ["two for one", "TWO-FOR-ONE", "", 3])
def test_an_unknown_theme_is_refused_with_the_list(bad: object) -> None:
    with pytest.raises(CheckersError, match="the themes are: two-for-one"):
        load(bad)  # type: ignore[arg-type]


def test_a_damaged_puzzle_line_is_refused_naming_the_puzzle() -> None:
    good = load()[0].to_dict()
    assert Puzzle.from_dict(good) == load()[0]
    cases = {
        "the fen": {**good, "fen": 5},
        "move 1": {**good, "solution": ["1-99"]},
        "unknown theme": {**good, "themes": ["fork"]},
        "source must name a game": {**good, "source": " "},
        "rating": {**good, "rating": "easy"},
    }
    for words, data in cases.items():
        with pytest.raises(CheckersError, match=words):
            Puzzle.from_dict(data)
    with pytest.raises(CheckersError, match="line 2 is not JSON"):
        parse_puzzles(json.dumps(good) + "\n{oops\n")
