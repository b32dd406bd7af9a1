"""What python-chess users reach for: outcome(), mirror() and a lazy generate_legal_moves()."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from checkers_widget import BLACK, WHITE, Board, Game, Move, Outcome, Piece
from checkers_widget.core.board import _zobrist


def random_walk(seed: int, plies: int) -> Board:
    rng = random.Random(seed)
    board = Board()
    for _ in range(plies):
        moves = board.legal_moves()
        if not moves:
            break
        board.push(rng.choice(moves))
    return board


def turned(move: Move) -> Move:
    """The move seen from the other side of the board: square s read as 33 - s."""
    return Move(tuple(33 - s for s in move.path), tuple(33 - s for s in move.captures), move.crowns)


# ---------------------------------------------------------------------------- outcome


@pytest.mark.parametrize(
    ("fen", "result", "winner", "termination"),
    [
        ("B:W21,22:B", "0-1", WHITE, "Black has no pieces left"),
        ("W:W:B1,K20", "1-0", BLACK, "White has no pieces left"),
        # White's man on 5 can only step to 1, where Black's man stands with no square behind.
        ("W:W5:B1", "1-0", BLACK, "every White piece is blocked"),
        # Black's men on 1 and 2 are walled in by White's men (every jump lands on one).
        ("B:W5,6,7,9,10,11:B1,2", "0-1", WHITE, "every Black piece is blocked"),
    ],
)
def test_a_side_to_move_with_no_move_has_lost(
    fen: str, result: str, winner: str, termination: str
) -> None:
    board = Board(fen)
    outcome = board.outcome()
    assert outcome == Outcome(result, termination)  # type: ignore[arg-type]
    assert outcome.winner == winner and not outcome.is_draw
    assert board.legal_moves() == [] and board.is_over()
    # Game says the same, in the same words.
    game = Game(fen)
    assert (game.result, game.termination, game.winner) == (result, termination, winner)
    assert game.outcome() == outcome


@pytest.mark.parametrize("fen", [None, "W:WK32:BK1", "B:W18:B14", "W:W6:B1"])
def test_a_position_with_a_move_has_no_outcome(fen: str | None) -> None:
    board = Board(fen)
    assert board.legal_moves()
    assert board.outcome() is None
    assert Game(fen).outcome() is None


def test_a_drawn_game_has_a_draw_outcome_but_its_position_alone_has_none() -> None:
    game = Game("W:WK32:BK1")  # two lone kings: the 40-move rule ends it
    cycle = itertools.cycle(["32-28", "1-5", "28-32", "5-1"])
    while not game.is_over():
        game.play(next(cycle))
    outcome = game.outcome()
    assert outcome is not None and outcome.is_draw and outcome.winner is None
    assert outcome.result == "1/2-1/2" == game.result
    assert outcome.termination == game.termination and "40-move rule" in outcome.termination
    # The position holds no history: the board it stands on goes on.
    assert game.board.outcome() is None


def test_game_outcome_follows_agreement_resignation_and_undo() -> None:
    game = Game(side_names="red-white")
    game.play("11-15")
    game.offer_draw("white")
    game.accept_draw()
    assert game.outcome() == Outcome("1/2-1/2", "draw agreed")
    game.undo()
    assert game.outcome() is None
    game.resign("black")
    assert game.outcome() == Outcome("0-1", "Red resigned")
    assert game.outcome().winner == WHITE  # type: ignore[union-attr]


def test_the_words_use_the_games_side_names() -> None:
    assert Game("B:W21:B", side_names="red-white").outcome() == Outcome(
        "0-1", "Red has no pieces left"
    )
    assert Board("B:W21:B").outcome() == Outcome("0-1", "Black has no pieces left")


# ---------------------------------------------------------------------------- mirror


def test_mirror_turns_the_board_round_and_exchanges_colours() -> None:
    board = Board.from_pieces(
        {11: Piece(BLACK), 26: Piece(BLACK, True), 22: Piece(WHITE), 3: Piece(WHITE, True)},
        turn=BLACK,
    )
    mirrored = board.mirror()
    assert mirrored.pieces == {
        22: Piece(WHITE),
        7: Piece(WHITE, True),
        11: Piece(BLACK),
        30: Piece(BLACK, True),
    }
    assert mirrored.turn == WHITE
    assert mirrored.to_fen() == "W:W22,K7:B11,K30"
    assert Board().mirror() == Board("W:W21-32:B1-12")  # the start with White to move


def test_mirror_is_a_new_board_without_moves_and_with_its_own_hash() -> None:
    board = Board()
    board.push("11-15")
    mirrored = board.mirror()
    assert mirrored.move_stack == [] and board.move_stack != []
    assert mirrored.zobrist == _zobrist(*mirrored.bitboards, mirrored.turn)
    mirrored.push(mirrored.legal_moves()[0])
    assert board.to_fen() == "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,12,15"


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), plies=st.integers(0, 150))
def test_mirror_twice_is_the_same_position(seed: int, plies: int) -> None:
    board = random_walk(seed, plies)
    twice = board.mirror().mirror()
    assert twice == board
    assert twice.to_fen() == board.to_fen() and twice.zobrist == board.zobrist


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), plies=st.integers(0, 150))
def test_the_mirrored_position_has_the_turned_moves_and_the_same_perft(
    seed: int, plies: int
) -> None:
    board = random_walk(seed, plies)
    mirrored = board.mirror()
    assert mirrored.turn != board.turn
    legal, mirrored_legal = board.legal_moves(), mirrored.legal_moves()
    assert len(mirrored_legal) == len(legal)
    assert {turned(m) for m in legal} == set(mirrored_legal)
    assert mirrored.must_capture() == board.must_capture()
    assert (mirrored.outcome() is None) == (board.outcome() is None)
    for depth in range(4):
        assert mirrored.perft(depth) == board.perft(depth)


def test_mirror_keeps_perft_of_a_published_position() -> None:
    # The start position: perft(6) is 36,768 (OEIS A133046) from either side.
    assert Board().perft(6) == Board().mirror().perft(6) == 36768


# ---------------------------------------------------------------------------- generate


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), plies=st.integers(0, 150))
def test_generate_legal_moves_gives_the_list_in_order(seed: int, plies: int) -> None:
    board = random_walk(seed, plies)
    assert list(board.generate_legal_moves()) == board.legal_moves()


def test_generate_legal_moves_is_lazy_and_keeps_to_its_position() -> None:
    board = Board()
    moves = board.generate_legal_moves()
    assert iter(moves) is moves  # an iterator, not a list
    first = next(moves)
    assert first == board.legal_moves()[0]
    board.push(first)  # the board changes; the iterator goes on with the start's moves
    assert [first, *moves] == Board().legal_moves()
    assert next(moves, None) is None
    assert next(Board("B:W21:B").generate_legal_moves(), None) is None
