"""Every error a user can cause is a CheckersError (issue 11, "One error type").

Each test here is a reproducer from the issue or one of its class: Python's integer
digit limit, other scripts' digits, the one rule for a valid position, arguments checked
when they are given, and reprs that evaluate back to an equal object.
"""

from __future__ import annotations

from typing import Any

import pytest

from checkers_widget import (
    BLACK,
    WHITE,
    Board,
    CheckersError,
    DrawRules,
    Engine,
    FenError,
    Game,
    IllegalMoveError,
    Move,
    Piece,
    PositionError,
)
from checkers_widget.core.position import check_position
from checkers_widget.play.clock import TimeControl

HUGE = "9" * 4301  # one digit more than Python's default int() limit


# ---------------------------------------------------------------- the digit limit
@pytest.mark.timeout(20)
@pytest.mark.parametrize(
    "fen",
    [
        "B:W" + "1" * 4301,
        "B:W21-" + HUGE + ":B1-12",
        "B:WK" + HUGE,
        "W:W21:B" + "1" * 1_000_000,  # linear: a million digits are refused at once
    ],
)
def test_a_fen_number_of_any_length_is_a_fen_error(fen: str) -> None:
    with pytest.raises(FenError, match="not on the board"):
        Board.from_fen(fen)


@pytest.mark.timeout(20)
@pytest.mark.parametrize("text", ["11-" + HUGE, HUGE + "-15", "11-15-" + "7" * 1_000_000])
def test_move_text_with_a_huge_number_is_an_illegal_move(text: str) -> None:
    game = Game()
    before = game.to_pdn()
    with pytest.raises(IllegalMoveError, match="not on the board"):
        game.play(text)
    with pytest.raises(IllegalMoveError):
        game.board.parse_move(text)
    assert game.to_pdn() == before and game.ply == 0


@pytest.mark.timeout(20)
def test_explain_answers_a_huge_number_in_words() -> None:
    game = Game()
    assert "not a square" in game.explain("11-" + HUGE)
    assert "not on the board" in game.explain([11, 10**5000])
    assert "is not a move" in game.explain("11-15 " + "z" * 100_000)
    with pytest.raises(CheckersError):
        game.explain([11, "15"])  # type: ignore[list-item]
    with pytest.raises(CheckersError):
        game.explain(1115)  # type: ignore[arg-type]


def test_leading_zeros_still_name_a_square() -> None:
    assert str(Game().play("011-0015")) == "11-15"
    assert Board("B:W021:B01") == Board("B:W21:B1")


# ---------------------------------------------------------------- other scripts' digits
# Written as escapes: Arabic-Indic (\u0661 is one), full-width (\uff11), superscript.
@pytest.mark.parametrize(
    "fen",
    [
        "B:W\u0662\u0661-\u0663\u0662:B\u0661-\u0661\u0662",  # was read as the start position
        "B:W\uff12\uff11:B\uff11",  # full-width digits
        "B:W21:B1\u0661",
        "B:W\u00b2\u00b9:B1",
    ],
)
def test_a_fen_takes_ascii_digits_only(fen: str) -> None:
    with pytest.raises(FenError, match="cannot read"):
        Board.from_fen(fen)


@pytest.mark.parametrize(
    "text",
    ["\u0661\u0661-\u0661\u0665", "11-\u0661\u0665", "\uff11\uff11-\uff11\uff15", "11-1\u2075"],
)
def test_move_text_takes_ascii_digits_only(text: str) -> None:
    game = Game()
    with pytest.raises(IllegalMoveError, match="cannot read"):
        game.play(text)
    assert game.ply == 0
    assert "not a move" in game.explain(text)


# ---------------------------------------------------------------- one rule for a position
INVALID_POSITIONS: list[tuple[dict[int, Piece], str]] = [
    ({32: Piece(BLACK)}, "crowned"),  # the reproducer
    ({1: Piece(WHITE)}, "crowned"),
    ({s: Piece(WHITE) for s in range(5, 18)}, "at most 12"),  # 13 white men
    ({**{s: Piece(BLACK, True) for s in range(1, 14)}}, "at most 12"),  # 13 kings
    ({0: Piece(BLACK)}, "not on the board"),
    ({33: Piece(BLACK)}, "not on the board"),
    ({True: Piece(BLACK)}, "not on the board"),  # type: ignore[dict-item]
    ({5: ("black", False)}, "Piece"),  # type: ignore[dict-item]
]


@pytest.mark.parametrize(("pieces", "reason"), INVALID_POSITIONS)
def test_every_constructor_refuses_the_same_positions(
    pieces: dict[int, Piece], reason: str
) -> None:
    with pytest.raises(PositionError, match=reason):
        check_position(pieces)
    with pytest.raises(PositionError, match=reason):
        Board.from_pieces(pieces)
    board = Board.empty()
    with pytest.raises(PositionError, match=reason):
        for square, piece in pieces.items():
            board.set_piece(square, piece)
    if all(type(s) is int and 1 <= s <= 32 for s in pieces) and all(
        isinstance(p, Piece) for p in pieces.values()
    ):
        fen = _fen_of(pieces)
        with pytest.raises(FenError, match=reason):
            Board.from_fen(fen)


def _fen_of(pieces: dict[int, Piece]) -> str:
    """A FEN written by hand (write_fen does not check), to feed the reader."""

    def field(color: str) -> str:
        return ",".join(
            ("K" if p.king else "") + str(s) for s, p in pieces.items() if p.color == color
        )

    return f"B:W{field(WHITE)}:B{field(BLACK)}"


def test_from_pieces_round_trips_through_its_fen() -> None:
    board = Board.from_pieces({32: Piece(BLACK, True), 1: Piece(WHITE, True), 14: Piece(BLACK)})
    assert Board.from_fen(board.to_fen()) == board
    assert eval(repr(board)) == board


def test_set_piece_refusal_leaves_the_board_unchanged() -> None:
    board = Board()
    board.push("11-15")
    before = (board.to_fen(), board.move_stack)
    with pytest.raises(PositionError, match="at most 12"):
        board.set_piece(16, Piece(BLACK))
    with pytest.raises(PositionError, match="crowned"):
        board.set_piece(30, Piece(BLACK))
    with pytest.raises(PositionError):
        board.set_piece(40, None)
    assert (board.to_fen(), board.move_stack) == before


def test_the_editor_refuses_what_the_board_refuses() -> None:
    from checkers_widget.widget import CheckersWidget

    def send(widget: CheckersWidget, **content: Any) -> bool:
        return widget.handle_intent({"version": widget.state["version"], **content})

    widget = CheckersWidget()
    widget.edit()
    assert not send(
        widget, kind="edit", action="fen", fen="B:W\u0662\u0661-\u0663\u0662:B\u0661-\u0661\u0662"
    )
    assert not send(widget, kind="edit", action="fen", fen="B:W" + "1" * 4301)
    assert not send(widget, kind="edit", action="place", square=32, piece="black-man")
    assert "crowned" in widget.state["status"]["text"]
    assert send(widget, kind="edit", action="clear")
    assert send(widget, kind="edit", action="place", square=32, piece="black-king")
    assert widget.state["editor"]["fen"] == "B:W:BK32"
    assert Board.from_fen(widget.state["editor"]["fen"]) == Board.from_pieces(
        {32: Piece(BLACK, True)}
    )


# ---------------------------------------------------------------- arguments
@pytest.mark.parametrize(
    ("make", "argument"),
    [
        (lambda: Game(draw_rules=None), "draw_rules"),  # AssertionError before
        (lambda: Game(draw_rules=5), "draw_rules"),
        (lambda: Game(draw_rules="fifty"), "draw rules"),
        (lambda: Game(side_names=None), "side_names"),  # TypeError before
        (lambda: Game(side_names=("Black",)), "side_names"),
        (lambda: Game(side_names=("A|B", "C")), "side_names"),
        (lambda: Game(side_names=("A", "B\nC")), "side_names"),
        (lambda: Game(side_names=["Black", 5]), "side_names"),
        (lambda: Game(tags={"Event": 5}), "tag Event"),  # accepted before; to_pdn crashed
        (lambda: Game(tags={"Bad name": "x"}), "tag name"),
        (lambda: Game(tags=["Event"]), "tags"),
        (lambda: Game(fen=5), "FEN"),
        (lambda: DrawRules(quiet_moves="a"), "quiet_moves"),  # TypeError before
        (lambda: DrawRules(quiet_moves=True), "quiet_moves"),
        (lambda: DrawRules(quiet_moves=2.5), "quiet_moves"),
        (lambda: DrawRules(repetitions=1), "repetitions"),
        (lambda: DrawRules(automatic="yes"), "automatic"),
        (lambda: Piece("purple"), "color"),
        (lambda: Piece(BLACK, 1), "king"),
        (lambda: Piece.from_symbol("x"), "symbol"),
        (lambda: Move("11-15"), "parse_move"),
        (lambda: Move((11,)), "two squares"),
        (lambda: Move((11, 51)), "1-50"),
        (lambda: Move((11, 15), captures=(1, 2)), "hop"),
        (lambda: Move((11, 15), crowns="no"), "crowns"),
        (lambda: Board.empty("red"), "black"),
        (lambda: Board.from_pieces([1, 2]), "mapping"),
        (lambda: Board().perft("3"), "depth"),
        (lambda: Board().piece_at(10**5000), "not on the board"),
        (lambda: Board().picture(size="big"), "size"),
        (lambda: Board().picture(orientation="up"), "orientation"),
        (lambda: TimeControl(10**400), "per_move"),
        (lambda: TimeControl("45"), "per_move"),
        (lambda: TimeControl.of([45]), "time control"),
        (lambda: Engine("grandmaster"), "level"),
        (lambda: Engine(["hard"]), "level"),
        (lambda: Engine("easy", seed="x"), "seed"),
        (lambda: Engine("easy", depth=0), "depth"),
        (lambda: Engine("easy").analyse("B:W21:B1"), "Board or a Game"),
        (lambda: Engine("easy").analyse(Board(), time=float("nan")), "time"),
    ],
)
def test_a_bad_argument_is_a_checkers_error_naming_it(make: Any, argument: str) -> None:
    with pytest.raises(CheckersError, match=argument):
        make()


def test_board_svg_options_are_checked() -> None:
    from checkers_widget.formats.svg import board_svg

    board = Board()
    for options in (
        {"highlight": 5},
        {"highlight": [0]},
        {"arrows": [(1,)]},
        {"arrows": [5]},
        {"colors": "red"},
        {"colors": {"nope": "red"}},
        {"title": 5},
        {"highlight": range(100)},
    ):
        with pytest.raises(CheckersError):
            board_svg(board, **options)  # type: ignore[arg-type]


def test_data_and_tutorial_lookups_are_checkers_errors() -> None:
    from checkers_widget import data, tutorial

    with pytest.raises(CheckersError, match="no data file"):
        data.read_bytes("passwd")
    with pytest.raises(CheckersError, match="no lesson"):
        tutorial.lesson("nope")
    with pytest.raises(KeyError):  # still a lookup error, as before
        tutorial.lesson("nope")


def test_tags_given_as_a_mapping_are_kept_and_written() -> None:
    game = Game(tags={"Event": "Club night", "Round": "2"})
    assert game.tags["Event"] == "Club night"
    assert '[Event "Club night"]' in game.to_pdn()


# ---------------------------------------------------------------- reprs
@pytest.mark.parametrize(
    "value",
    [
        Move((11, 15)),
        Move((22, 15, 8), captures=(18, 11)),
        Move((27, 32), crowns=True),
        Move((6, 13, 22, 15, 6), captures=(9, 17, 18, 10)),
        Piece(BLACK),
        Piece(WHITE, True),
        Board(),
        Board.from_pieces({32: Piece(BLACK, True), 5: Piece(WHITE)}, turn=WHITE),
        DrawRules(quiet_moves=25, repetitions=3, automatic=False),
        TimeControl(30, grace=5, on_expiry="forfeit"),
    ],
    ids=repr,
)
def test_a_repr_that_looks_like_code_evaluates_back(value: object) -> None:
    namespace = {
        "Move": Move,
        "Piece": Piece,
        "Board": Board,
        "DrawRules": DrawRules,
        "TimeControl": TimeControl,
    }
    assert eval(repr(value), namespace) == value


def test_every_legal_move_repr_evaluates_back() -> None:
    board = Board("W:WK6:B9,10,17,18")
    for move in board.legal_moves():
        assert eval(repr(move)) == move  # Move('11-15') came back as Move('1-1---1-5')


def test_reprs_that_cannot_evaluate_back_do_not_look_like_code() -> None:
    from checkers_widget.play.clock import TurnClock
    from checkers_widget.tutorial import LESSONS, Progress

    for value in (Game(), Engine("easy", seed=3), TurnClock("normal"), LESSONS[0], Progress()):
        assert repr(value).startswith("<") and repr(value).endswith(">"), repr(value)
