"""Fuzzing the position readers and move text (issue 11: "One error type").

Invariants: ``Board.from_fen`` raises only ``FenError`` and anything it accepts reads
back from its own FEN; ``Board.from_pieces`` raises only ``CheckersError`` and accepts
exactly what the one position rule accepts (and what ``from_fen`` accepts); a move the
game refuses is a ``CheckersError`` and leaves the game as it was.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from checkers_widget import BLACK, WHITE, Board, CheckersError, FenError, Game, Piece
from checkers_widget.data import classic_positions, eleven_man_ballots

REAL_FENS = [Board().to_fen(), *eleven_man_ballots()[:40], *(p.fen for p in classic_positions())]

# Characters that matter to a FEN, and some that look like them.
FEN_ALPHABET = st.sampled_from(
    [
        *"BWKbwk0123456789:,-. \"'\t\n",
        "\u0661",
        "\u0662",
        "\uff11",
        "\u00b2",
        "\u2075",
        "\u0130",
        "\u00df",
        "\x00",
    ]
)


def _round_trips(board: Board) -> None:
    again = Board.from_fen(board.to_fen())
    assert again == board
    assert again.to_fen() == board.to_fen()
    assert again.pieces == board.pieces and again.turn == board.turn


def _read(text: str) -> Board | None:
    """``Board.from_fen(text)``, or None if it raised FenError (and nothing else)."""
    try:
        return Board.from_fen(text)
    except FenError:
        return None


@given(st.text(max_size=80))
def test_arbitrary_text_is_a_board_or_a_fen_error(text: str) -> None:
    board = _read(text)
    if board is not None:
        _round_trips(board)


@given(st.text(FEN_ALPHABET, max_size=60))
def test_fen_like_text_is_a_board_or_a_fen_error(text: str) -> None:
    board = _read(text)
    if board is not None:
        _round_trips(board)


@st.composite
def mutated_fens(draw: st.DrawFn) -> str:
    """A real FEN with a few characters replaced, inserted, deleted or repeated."""
    text = list(draw(st.sampled_from(REAL_FENS)))
    for _ in range(draw(st.integers(1, 4))):
        where = draw(st.integers(0, len(text)))
        kind = draw(st.sampled_from(["replace", "insert", "delete", "digits"]))
        if kind == "replace" and where < len(text):
            text[where] = draw(FEN_ALPHABET)
        elif kind == "insert":
            text.insert(where, draw(FEN_ALPHABET))
        elif kind == "delete" and where < len(text):
            del text[where]
        elif kind == "digits":
            text[where:where] = list("1" * draw(st.sampled_from([2, 3, 4301, 5000])))
    return "".join(text)


@pytest.mark.timeout(120)
@given(mutated_fens())
def test_mutated_real_fens_are_boards_or_fen_errors(text: str) -> None:
    board = _read(text)
    if board is not None:
        _round_trips(board)


# ------------------------------------------------------------------ from_pieces
PIECES = st.sampled_from([Piece(c, k) for c in (BLACK, WHITE) for k in (False, True)])
SQUARE_KEYS = (
    st.integers(-2, 35)
    | st.sampled_from([True, "5", 5.0, None])
    | st.builds(lambda: 10**5000)  # a number whose repr itself raises in Python 3.11
)
ODD_PIECES = st.sampled_from([("black", False), "b", None, 1, Piece])


@given(
    st.dictionaries(SQUARE_KEYS, PIECES | ODD_PIECES, max_size=30),
    st.sampled_from([BLACK, WHITE, "red", None]),
)
def test_from_pieces_is_a_valid_board_or_a_checkers_error(pieces: dict, turn: object) -> None:
    try:
        board = Board.from_pieces(pieces, turn)  # type: ignore[arg-type]
    except CheckersError:
        return
    assert board.pieces == dict(sorted(pieces.items()))
    assert board.turn == turn
    _round_trips(board)


@given(st.dictionaries(st.integers(1, 32), PIECES, max_size=32), st.sampled_from([BLACK, WHITE]))
def test_from_pieces_and_from_fen_accept_the_same_positions(
    pieces: dict[int, Piece], turn: str
) -> None:
    """The one rule: a mapping is accepted by from_pieces exactly when the same position
    written as a FEN (by hand, the writer does not check) is accepted by from_fen, and
    set_piece one square at a time agrees."""

    def field(color: str) -> str:
        return ",".join(
            ("K" if p.king else "") + str(s) for s, p in pieces.items() if p.color == color
        )

    fen = f"{'B' if turn == BLACK else 'W'}:W{field(WHITE)}:B{field(BLACK)}"
    by_fen = _read(fen)
    try:
        by_pieces: Board | None = Board.from_pieces(pieces, turn)  # type: ignore[arg-type]
    except CheckersError:
        by_pieces = None
    assert (by_fen is None) == (by_pieces is None)
    if by_pieces is not None:
        assert by_fen == by_pieces
        _round_trips(by_pieces)
        edited = Board.empty(turn)  # type: ignore[arg-type]
        for square, piece in pieces.items():
            edited.set_piece(square, piece)
        assert edited == by_pieces


# ------------------------------------------------------------------ move text
MOVE_TOKENS = st.sampled_from([*"0123456789-x:X \t", "\u0661", "\uff11", "\u00b2", "9" * 4400])


def _snapshot(game: Game) -> tuple[object, ...]:
    return (
        game.to_pdn(),
        game.board.to_fen(),
        list(game.moves),
        list(game.redo_moves),
        game.result,
        game.ply,
    )


@pytest.mark.timeout(120)
@given(
    st.lists(st.sampled_from(["11-15", "23-19", "8-11", "22-17", "undo"]), max_size=5),
    st.lists(MOVE_TOKENS, max_size=12).map("".join) | st.text(max_size=20),
)
def test_a_refused_move_is_a_checkers_error_and_changes_nothing(
    before: list[str], text: str
) -> None:
    game = Game()
    for step in before:
        if step == "undo":
            game.undo()
        elif step in {str(m) for m in game.legal_moves()}:
            game.play(step)
    snapshot = _snapshot(game)
    try:
        move = game.play(text)
    except CheckersError:
        assert _snapshot(game) == snapshot
        assert isinstance(game.explain(text), str)
        return
    assert game.ply == snapshot[-1] + 1  # type: ignore[operator]
    assert game.moves[-1] == move
