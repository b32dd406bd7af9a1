"""Board: FEN in and out, move text, push/pop, hashing, errors that change nothing."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from checkers_widget import (
    BLACK,
    START_FEN,
    WHITE,
    AmbiguousMoveError,
    Board,
    CheckersError,
    FenError,
    IllegalMoveError,
    Piece,
)
from checkers_widget.core.board import _zobrist

# ---------------------------------------------------------------------------- FEN


def test_start_fen_round_trip() -> None:
    assert Board().to_fen() == START_FEN
    assert Board(START_FEN) == Board()


def test_fen_writes_sorted_men_before_kings() -> None:
    fen = "B:W18,24,27,28,K10,K15:B12,16,20,K22,K25,K29"
    board = Board.from_fen("B:WK15,28,K10,18,27,24:BK29,12,K25,20,16,K22")
    assert board.to_fen() == fen
    assert board.piece_at(10) == Piece(WHITE, True)
    assert board.piece_at(12) == Piece(BLACK, False)
    assert board.piece_at(1) is None


@pytest.mark.parametrize(
    "text",
    [
        "B:W21-32:B1-12",
        '"B:W21-32:B1-12"',
        " B:B1-12:W21-32. ",
        "b:w21-32:b1-12",
        "B:W21-24,25,26-32:B1-4,5-12",
    ],
)
def test_fen_reading_is_lenient(text: str) -> None:
    assert Board(text) == Board()


def test_fen_ranges_of_kings() -> None:
    assert Board("W:WK1-4:B5").to_fen() == "W:WK1,K2,K3,K4:B5"


def test_empty_side_round_trip() -> None:
    board = Board("B:W:B1,2")
    assert board.to_fen() == "B:W:B1,2"
    assert Board(board.to_fen()) == board


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("", "empty FEN"),
        ("X:W21:B1", "field 1"),
        ("B:W21:B1:W3", "given twice"),
        ("B:W33:B1", "square 33"),
        ("B:W0:B1", "square 0"),
        ("B:Wx:B1", "cannot read 'x'"),
        ("B:W21:B21", "square 21 is given twice"),
        ("B:W21:B5-3", "runs backwards"),
        ("B:Q21:B1", "expected a colour"),
        ("B:W21:B30", "black man cannot stand on 30"),
        ("W:W2:B30", "white man cannot stand on 2"),
        ("B::B1", "empty field"),
    ],
)
def test_malformed_fen_names_what_is_wrong(text: str, fragment: str) -> None:
    with pytest.raises(FenError, match=None) as info:
        Board(text)
    assert fragment in str(info.value)
    assert isinstance(info.value, ValueError)


def test_fen_of_wrong_type() -> None:
    with pytest.raises(FenError):
        Board.from_fen(42)  # type: ignore[arg-type]


# ---------------------------------------------------------------------------- move text


@pytest.mark.parametrize(
    ("fen", "text", "expected"),
    [
        (START_FEN, "11-15", "11-15"),
        (START_FEN, " 11 - 15 ", "11-15"),
        (START_FEN, "11:15", "11-15"),
        ("W:W22,25:B18", "22x15", "22x15"),
        ("W:W22:B18,10", "22x15x6", "22x15x6"),
        ("W:W22:B18,10", "22x6", "22x15x6"),
        ("W:W22:B18,10", "22:15:6", "22x15x6"),
        ("W:W22:B18,10", "22X15X6", "22x15x6"),
    ],
)
def test_parse_move(fen: str, text: str, expected: str) -> None:
    assert str(Board(fen).parse_move(text)) == expected


def test_parse_move_ambiguous_names_candidates() -> None:
    board = Board("W:WK6:B9,10,17,18")
    with pytest.raises(AmbiguousMoveError) as info:
        board.parse_move("6x6")
    assert {str(m) for m in info.value.candidates} == {"6x13x22x15x6", "6x15x22x13x6"}
    assert "6x13x22x15x6" in str(info.value) and "6x15x22x13x6" in str(info.value)
    assert str(board.parse_move("6x13x22x15x6")) == "6x13x22x15x6"
    assert str(board.parse_move("6x15x22x6")) == "6x15x22x13x6"


@pytest.mark.parametrize("text", ["11-16x", "eleven", "", "11", "11-15-", "-11-15"])
def test_parse_move_unreadable(text: str) -> None:
    with pytest.raises(IllegalMoveError, match="cannot read move"):
        Board().parse_move(text)


def test_parse_move_illegal_lists_legal_moves() -> None:
    board = Board("B:W18,30:B14,1")
    with pytest.raises(IllegalMoveError) as info:
        board.parse_move("1-6")
    assert "14x23" in str(info.value)
    assert [str(m) for m in info.value.legal] == ["14x23"]


def test_parse_move_square_off_board() -> None:
    with pytest.raises(IllegalMoveError, match="square 40"):
        Board().parse_move("11-40")


# ---------------------------------------------------------------------------- push / pop


def test_push_pop_restore_position_and_hash() -> None:
    board = Board()
    before = (board.to_fen(), board.zobrist)
    move = board.push("11-15")
    assert board.turn == WHITE
    assert board.peek() == move
    assert board.pop() == move
    assert (board.to_fen(), board.zobrist) == before


def test_illegal_push_changes_nothing() -> None:
    board = Board()
    board.push("11-15")
    snapshot = (board.to_fen(), board.zobrist, board.move_stack)
    for bad in ("15-19", "22-18x", "23-27"):
        with pytest.raises(IllegalMoveError):
            board.push(bad)
    with pytest.raises(IllegalMoveError):
        board.push(Board().legal_moves()[0])  # a black move, but White is to move
    assert (board.to_fen(), board.zobrist, board.move_stack) == snapshot


def test_pop_on_empty_stack() -> None:
    with pytest.raises(IndexError):
        Board().pop()


def test_copy_is_independent() -> None:
    board = Board()
    clone = board.copy()
    clone.push("11-15")
    assert board == Board() and clone != board
    assert board.copy(stack=False).move_stack == []


def test_repetition_hash_ignores_the_route() -> None:
    a = Board("B:WK32:BK1")
    b = a.copy()
    for text in ("1-5", "32-28", "5-1", "28-32"):
        a.push(text)
    assert a == b and a.zobrist == b.zobrist and a.key() == b.key()


def test_piece_at_validates_square() -> None:
    with pytest.raises(CheckersError, match="not on the board"):
        Board().piece_at(0)
    with pytest.raises(CheckersError):
        Board().piece_at(33)


def test_editing_updates_hash_and_clears_history() -> None:
    board = Board()
    board.push("11-15")
    board.set_piece(15, Piece(BLACK, True))
    assert board.move_stack == []
    assert board.zobrist == _zobrist(*board.bitboards, board.turn)
    board.turn = BLACK
    assert board.zobrist == _zobrist(*board.bitboards, BLACK)
    with pytest.raises(CheckersError):
        board.turn = "red"  # type: ignore[assignment]


def test_counts_and_squares() -> None:
    board = Board("B:W18,K10:B12,K22,K25")
    assert board.count(BLACK) == 3
    assert board.count(BLACK, king=True) == 2
    assert board.squares(WHITE, king=False) == [18]


def test_text_and_svg_display() -> None:
    board = Board()
    text = str(board)
    lines = text.splitlines()
    assert len(lines) == 8
    # Black at the bottom, as the widget draws it.
    assert lines[0].count("w") == 4 and lines[-1].count("b") == 4
    svg = board._repr_svg_()
    assert svg.startswith("<svg") and svg.count('data-piece="black-man"') == 12
    assert repr(board) == f"Board({START_FEN!r})"


# ---------------------------------------------------------------------------- properties


def random_walk(seed: int, plies: int) -> Board:
    rng = random.Random(seed)
    board = Board()
    for _ in range(plies):
        moves = board.legal_moves()
        if not moves:
            break
        board.push(rng.choice(moves))
    return board


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), plies=st.integers(0, 120))
def test_push_pop_restores_exactly_and_hash_is_incremental(seed: int, plies: int) -> None:
    rng = random.Random(seed)
    board = Board()
    history = []
    for _ in range(plies):
        moves = board.legal_moves()
        if not moves:
            break
        history.append((board.key(), board.zobrist, board.to_fen()))
        board.push(rng.choice(moves))
        assert board.zobrist == _zobrist(*board.bitboards, board.turn)
        assert Board(board.to_fen()) == board
    while history:
        board.pop()
        assert (board.key(), board.zobrist, board.to_fen()) == history.pop()
    assert board == Board()


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), plies=st.integers(0, 150))
def test_fen_round_trip_of_random_positions(seed: int, plies: int) -> None:
    board = random_walk(seed, plies)
    again = Board.from_fen(board.to_fen())
    assert again == board
    assert again.zobrist == board.zobrist
    assert {str(m) for m in again.legal_moves()} == {str(m) for m in board.legal_moves()}


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), plies=st.integers(0, 150))
def test_every_move_text_parses_back_to_its_move(seed: int, plies: int) -> None:
    board = random_walk(seed, plies)
    for move in board.legal_moves():
        assert board.parse_move(str(move)) == move
