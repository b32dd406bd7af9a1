"""Shots from master play: the engine must find the combination that wins material.

``tests/data/shots.csv`` holds positions from Marion Tinsley's games (tinsley.pdn, in
checkers_widget.data) where the move played was a shot: a quiet move that gives a man away
and wins more back by force (two-for-ones, breeches, three-for-twos). They were found
and checked by ``benchmarks/engine_shots.py``: in the game, the move left the opponent
a compulsory capture and the mover was at least a man up once the exchange was over;
then an exact search of every move to depth 12 confirmed that the move played is the
best, that it wins at least 0.9 of a man over the static material, and that every
other move is at least a man worse. Of the 60 positions that passed (games 1-382), 16
are kept: the six that need more than a one-ply search to be found (``min_depth``, the
shallowest search depth from which the engine keeps choosing the key move), then one
per game, five for each colour, spread over the file. Most shots are found at depth 1:
after the sacrifice every reply is a forced capture, which the capture search follows
to the end. The test gives the Hard engine a node budget (about a tenth of its one
second) and expects the key move and a winning score.
"""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from checkers_widget import Board
from checkers_widget.engine import Engine

SHOTS = Path(__file__).resolve().parents[1] / "data" / "shots.csv"
#: Nodes per position: about a tenth of what Hard searches in its second.
BUDGET = 12_000


def _rows() -> list[dict[str, str]]:
    with open(SHOTS, newline="") as f:
        return list(csv.DictReader(f))


def _material(board: Board) -> float:
    """Static material for the side to move, in men (kings as the engine counts them)."""
    own, other = board.turn, "white" if board.turn == "black" else "black"
    return (
        board.count(own, king=False)
        + 1.4 * board.count(own, king=True)
        - board.count(other, king=False)
        - 1.4 * board.count(other, king=True)
    )


def test_the_shot_set_is_a_curated_handful() -> None:
    rows = _rows()
    assert 10 <= len(rows) <= 20
    assert len({r["fen"] for r in rows}) == len(rows)
    assert {r["fen"][0] for r in rows} == {"B", "W"}  # both colours to move
    for r in rows:
        board = Board(r["fen"])
        move = board.parse_move(r["key_move"])
        assert not move.is_capture
        board.push(move)
        assert board.must_capture()  # the key move gives material away first


@pytest.mark.parametrize("row", _rows(), ids=lambda r: r["key_move"] + " " + r["fen"][:14])
def test_hard_finds_the_shot(row: dict[str, str]) -> None:
    board = Board(row["fen"])
    a = Engine("hard", nodes=BUDGET).analyse(board)
    assert a.move == board.parse_move(row["key_move"]), str(a)
    assert a.score >= _material(board) + 0.5, str(a)
