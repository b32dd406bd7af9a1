"""Every rule of American checkers shown by a small position."""

from __future__ import annotations

import pytest

from checkers_widget import BLACK, WHITE, Board, Move, Piece
from checkers_widget.core.game import Game


def notations(board: Board) -> set[str]:
    return {str(m) for m in board.legal_moves()}


def test_start_position_layout_and_first_mover() -> None:
    board = Board()
    assert board.turn == BLACK
    assert board.squares(BLACK) == list(range(1, 13))
    assert board.squares(WHITE) == list(range(21, 33))
    assert notations(board) == {"9-13", "9-14", "10-14", "10-15", "11-15", "11-16", "12-16"}


def test_men_step_diagonally_forward_only() -> None:
    # A black man on 14 steps towards White (18 or 17), never back to 9 or 10.
    assert notations(Board("B:W32:B14")) == {"14-17", "14-18"}
    # A white man on 19 steps towards Black (15 or 16).
    assert notations(Board("W:W19:B1")) == {"19-15", "19-16"}


def test_men_on_the_edge_have_one_step() -> None:
    assert notations(Board("B:W32:B12")) == {"12-16"}
    assert notations(Board("W:W21:B1")) == {"21-17"}


def test_kings_step_one_square_in_every_direction() -> None:
    assert notations(Board("B:W32:BK14")) == {"14-9", "14-10", "14-17", "14-18"}
    # No flying: squares two steps away along an empty diagonal are not reachable.
    assert "14-21" not in notations(Board("B:W32:BK14"))


def test_men_capture_forward_only() -> None:
    # Black man on 14 with white pieces ahead (18) and behind (10): only 14x23.
    assert notations(Board("B:W10,18:B14")) == {"14x23"}


def test_kings_capture_backwards() -> None:
    # A black king on 14 jumps 10 towards Black's side as well as 18 towards White's.
    assert notations(Board("B:W10,18:BK14")) == {"14x7", "14x23"}


def test_capture_is_compulsory() -> None:
    board = Board("B:W18,30:B14,1")
    assert notations(board) == {"14x23"}
    assert board.must_capture()


def test_any_capture_may_be_chosen_no_majority_rule() -> None:
    # 12x19 takes one piece, 14x23x32 takes two: both are legal, quiet moves are not.
    assert notations(Board("B:W16,18,27:B12,14")) == {"12x19", "14x23x32"}


def test_jump_sequence_must_be_completed() -> None:
    # 14x23 then 23x30 is forced to continue: only the complete route is legal.
    assert notations(Board("B:W18,26:B14")) == {"14x23x30"}


def test_crowning_ends_the_move() -> None:
    board = Board("B:W26,27:B22")
    moves = board.legal_moves()
    assert [str(m) for m in moves] == ["22x31"]
    assert moves[0].crowns
    board.push(moves[0])
    assert board.piece_at(31) == Piece(BLACK, True)
    # The new king could jump 27 (31x24) but the move ended at the crowning.
    assert board.turn == WHITE
    assert board.piece_at(27) == Piece(WHITE, False)


def test_quiet_move_to_far_row_crowns() -> None:
    board = Board("B:WK1:B27")
    move = board.parse_move("27-32")
    assert move.crowns
    board.push(move)
    assert board.piece_at(32) == Piece(BLACK, True)


def test_king_moving_on_the_far_row_does_not_crown_again() -> None:
    move = Board("B:WK1:BK30").parse_move("30-26")
    assert not move.crowns


def test_duplicate_capture_paths_are_distinct_moves() -> None:
    board = Board("W:WK6:B9,10,17,18")
    moves = board.legal_moves()
    assert sorted(str(m) for m in moves) == ["6x13x22x15x6", "6x15x22x13x6"]
    assert moves[0].end == moves[1].end == 6
    assert set(moves[0].captures) == set(moves[1].captures) == {9, 10, 17, 18}
    assert moves[0] != moves[1]


def test_king_can_return_to_its_start_square_in_a_loop() -> None:
    assert Board("W:WK2:B6,7,14,15").perft(1) == 2


@pytest.mark.parametrize(
    ("fen", "reason"),
    [
        ("B:W21:B", "Black has no pieces left"),
        ("W:W29:B25,22", "every White piece is blocked"),
    ],
)
def test_no_legal_move_loses(fen: str, reason: str) -> None:
    game = Game(fen)
    assert game.is_over()
    assert game.termination == reason
    loser = Board(fen).turn
    assert game.winner == (WHITE if loser == BLACK else BLACK)
    assert game.result == ("0-1" if loser == BLACK else "1-0")


def test_blocked_side_loses_after_a_move() -> None:
    game = Game("B:W29:B21,22")
    game.play("21-25")  # White's only man on 29 can neither step to 25 nor jump to 22
    assert game.board.legal_moves() == []
    assert game.result == "1-0"
    assert game.winner == BLACK
    assert game.termination == "every White piece is blocked"


def test_move_value_type() -> None:
    move = Move((22, 15, 6), (18, 10))
    assert str(move) == "22x15x6"
    assert move.start == 22 and move.end == 6 and move.is_capture
    assert move.hops == [(22, 15, 18), (15, 6, 10)]
    assert str(Move((11, 15))) == "11-15"
    assert Move((11, 15)).hops == [(11, 15, None)]
