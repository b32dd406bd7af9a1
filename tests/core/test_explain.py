"""Game.explain names the rule an illegal move breaks, for every kind of illegal move."""

from __future__ import annotations

import pytest

from checkers_widget import Board, Game
from checkers_widget.core.explain import explain


@pytest.mark.parametrize(
    ("fen", "attempt", "expected"),
    [
        # compulsory capture
        ("B:W18,30:B14,1", "1-6", "a capture is available (14x23): capturing is compulsory"),
        # men move forward only
        ("B:W32:B14", "14-10", "a man cannot move backwards"),
        ("W:W19:B1", "19-23", "a man cannot move backwards"),
        # and capture forward only
        ("B:W10,30:B14", "14x7", "a man cannot capture backwards"),
        # a jump sequence must be finished
        ("W:W22:B18,10", "22x15", "the jump must continue: 15x6 is still available"),
        ("W:W22:B18,10", (22, 15), "the jump must continue: 15x6 is still available"),
        # crowning ends the move
        ("B:W26,27:B22", "22x31x24", "crowning ended the move"),
        # a jump ends when nothing is left to take
        ("B:W18:B14", "14x23x30", "the jump ends at 23"),
        # off the board
        ("B:W26,27:B22", "22-40", "that square (40) is not on the board"),
        ("B:W26,27:B22", "0-4", "that square (0) is not on the board"),
        # whose turn
        ("B:W26,27:B22", "27-23", "it is Black's turn"),
        ("W:W26:B22,1", "1-6", "it is White's turn"),
        # no piece, occupied square, geometry
        ("B:W26,27:B22", "5-9", "there is no piece on 5"),
        ("B:W18:B14,23", "14-23", "square 23 is occupied"),
        ("B:W32:B14", "14-15", "pieces move diagonally"),
        ("B:W32:B14", "14-23", "there is no piece on 18 to jump"),
        ("B:W32:BK13", "13-31", "a king moves one square at a time"),
        ("B:W32:B5", "5-23", "a man moves one square diagonally forward"),
        ("B:W18:B14,22", "14x23", "14x23 is legal"),
        ("B:W32,18:B14,23", "23x14", "square 14 is occupied"),
        ("B:W22:B14,9", "9x18", "you cannot jump your own piece on 14"),
        ("B:W18:B14", "14x21", "there is no piece on 17 to jump"),
        # more than one route to the same square
        ("W:WK6:B9,10,17,18", "6x6", "several jump routes end on 6"),
        # a piece that cannot move at all
        ("B:W18:B14,1", (1, 1), "The piece on 1 cannot move: a capture is available (14x23)"),
        ("B:W18:B14,1", "eleven", "is not a move"),
        ("B:W18:B14", "14", "a move needs a starting square and a landing square"),
    ],
)
def test_explain(fen: str, attempt: str | tuple[int, ...], expected: str) -> None:
    assert expected in explain(Board(fen), attempt)


def test_legal_moves_are_called_legal() -> None:
    board = Board()
    for move in board.legal_moves():
        assert explain(board, str(move)) == f"{move} is legal"


def test_game_explain_uses_side_names_and_knows_the_game_is_over() -> None:
    game = Game("B:W26,27:B22", side_names="black-red")
    assert "it is Black's turn, and the piece on 27 is Red's" in game.explain("27-23")
    game.play("22x31")
    game.resign("black")
    assert game.explain("27-23").startswith("The game is over (0-1")


def test_explaining_changes_nothing() -> None:
    game = Game("B:W18,30:B14,1")
    before = (game.board.to_fen(), game.moves)
    game.explain("1-6")
    assert (game.board.to_fen(), game.moves) == before


def test_a_lesson_explains_the_rule_without_naming_the_moves() -> None:
    cases = [
        ("B:W18:B14,1", "1-6", "(14x23)", "a capture is available: capturing is compulsory"),
        ("B:W18:B14,1", (1, 1), "(14x23)", "The piece on 1 cannot move: a capture is available"),
        ("B:W18,27:B14", (14, 23), "23x32", "the jump must continue: the piece on 23 can still"),
    ]
    for fen, attempt, named, rule in cases:
        board = Board(fen)
        assert named in explain(board, attempt)  # a player is told the legal moves
        quiet = explain(board, attempt, name_moves=False)
        assert rule in quiet and named not in quiet, quiet
