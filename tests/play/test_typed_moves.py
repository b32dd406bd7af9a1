"""Moves typed on the command line of the screen-reader mode: the text goes to Python.

The front end sends the line as typed (``{"kind": "move", "notation": "11-15"}``); Python
reads the notation (:func:`~checkers_widget.core.board.move_text_squares`), and the
squares it names are handled exactly as a clicked path: played, a jump going on, or
refused with the reason on the status line. Nothing here is decided by the front end.
"""

from __future__ import annotations

import threading
from typing import Any

import pytest

from checkers_widget import BLACK, Game
from checkers_widget.core.board import move_text_squares
from checkers_widget.core.errors import IllegalMoveError
from checkers_widget.core.move import Move
from checkers_widget.play.intent_handling import THINKING_REFUSAL
from checkers_widget.play.intent_outcome import IntentOutcome
from checkers_widget.play.intents import (
    MAX_NOTATION_CHARS,
    IntentError,
    MoveIntent,
    TypedMove,
    parse_intent,
)
from checkers_widget.play.players import ScriptedPlayer
from checkers_widget.play.session import PlaySession


def typed(session: PlaySession, notation: Any) -> IntentOutcome:
    return session.handle({"kind": "move", "version": session.version, "notation": notation})


def status(session: PlaySession) -> tuple[str, str]:
    shown = session.state["status"]
    return shown["kind"], shown["text"]


def started(game: Game | None = None, **options: Any) -> PlaySession:
    session = PlaySession(game, **options)
    session.start()
    return session


# ---------------------------------------------------------------------- reading the text
@pytest.mark.parametrize(
    ("text", "squares"),
    [
        ("11-15", (11, 15)),
        ("22x15x8", (22, 15, 8)),
        (" 9 x 18 x 27 ", (9, 18, 27)),
        ("22:15", (22, 15)),
        ("05-09", (5, 9)),
        ("11X15", (11, 15)),
    ],
)
def test_move_text_names_its_squares(text: str, squares: tuple[int, ...]) -> None:
    assert move_text_squares(text) == squares


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("", "cannot read move ''"),
        ("11", "cannot read move '11'"),
        ("11-", "cannot read move '11-'"),
        ("-15", "cannot read move '-15'"),
        ("11 15", "cannot read move '11 15'"),
        ("\u0661\u0661-\u0661\u0665", "cannot read move"),  # Arabic-Indic digits
        ("40-44", "square 40 in '40-44' is not on the board (1-32)"),
        ("0-4", "square 0 in '0-4' is not on the board (1-32)"),
        ("123-4", "a number in '123-4' is not on the board (1-32)"),
    ],
)
def test_text_that_is_not_move_text_is_refused_with_the_reason(text: str, reason: str) -> None:
    with pytest.raises(IllegalMoveError) as caught:
        move_text_squares(text)
    assert str(caught.value).startswith(reason) and caught.value.legal == ()
    # Board.parse_move says the same, with the position's legal moves attached.
    with pytest.raises(IllegalMoveError) as parsed:
        Game().board.parse_move(text)
    assert str(parsed.value) == str(caught.value) and len(parsed.value.legal) == 7


def test_a_typed_move_is_read_as_such_and_checked_for_shape() -> None:
    typed_move = {"kind": "move", "version": 3, "notation": "11-15"}
    assert parse_intent(typed_move) == TypedMove(3, "11-15")
    bad: list[Any] = [
        {"kind": "move", "version": 3, "notation": 1115},
        {"kind": "move", "version": 3, "notation": ""},
        {"kind": "move", "version": 3, "notation": "1" * (MAX_NOTATION_CHARS + 1)},
        {"kind": "move", "version": 3, "notation": "11-15", "path": [11, 15]},
        {"kind": "move", "version": 3, "notation": None},
    ]
    for content in bad:
        with pytest.raises(IntentError):
            parse_intent(content)
    # A clicked path is still a path.
    assert parse_intent({"kind": "move", "version": 3, "path": [11, 15]}) == MoveIntent(3, (11, 15))


# ---------------------------------------------------------------------- playing it
def test_a_typed_move_plays_as_the_same_click_would() -> None:
    session = started()
    outcome = typed(session, "11-15")
    assert outcome.kind == "played" and str(outcome.move) == "11-15"
    assert [str(m) for m in session.game.moves] == ["11-15"]
    assert status(session) == ("turn", "White to move")
    # Start and end are enough where one route ends there, as in Board.parse_move.
    session = started(Game("B:W14,23,32:B9,1"))
    assert str(typed(session, "9x27").move) == "9x18x27"


def test_a_typed_jump_goes_on_from_where_the_piece_stands() -> None:
    session = started(Game("B:W14,22,23,32:B9,1"))  # 9x18, then on to 25 or 27
    assert typed(session, "9x18").kind == "pending"
    assert status(session) == ("keep-jumping", "Black: keep jumping")
    # Typed from where the jumping piece now stands, the sequence goes on.
    done = typed(session, "18x27")
    assert done.kind == "played" and str(done.move) == "9x18x27"


def test_a_refused_typed_move_changes_nothing_and_says_why() -> None:
    session = started()
    fen = session.game.board.to_fen()
    version = session.version
    cases = {
        "11-16x": "Cannot read move '11-16x': expected squares 1-32 joined by '-' or 'x' "
        "(e.g. 11-15 or 22x15x6)",
        "11": "Cannot read move '11': expected squares 1-32 joined by '-' or 'x' "
        "(e.g. 11-15 or 22x15x6)",
        "40-44": "Square 40 in '40-44' is not on the board (1-32)",
        "1-5": "1-5: square 5 is occupied",
        "15-19": "There is no piece on 15",
        "22-18": "It is Black's turn",
    }
    for text, reason in cases.items():
        outcome = typed(session, text)
        assert outcome.kind in ("refused", "illegal") and not outcome.changed, text
        assert status(session) == ("refused", reason), text
        assert session.game.board.to_fen() == fen and session.version == version
    # Malformed (not text at all): refused as any malformed message is.
    assert typed(session, ["11-15"]).kind == "refused"
    assert status(session)[1].startswith("Refused a malformed message: typed move text must be")


def test_against_the_computer_the_reply_follows_and_its_turn_is_waited_for() -> None:
    game = Game()
    replies = iter(["23-19"])
    release = threading.Event()

    def reply() -> Move:
        release.wait(30)
        return game.board.parse_move(next(replies))

    session = started(game, opponent=ScriptedPlayer(reply), human=BLACK)
    try:
        assert typed(session, "11-15").kind == "played"
        # While the computer thinks, a typed move is refused as a click is.
        assert typed(session, "22-18").kind == "refused"
        assert status(session) == ("refused", THINKING_REFUSAL)
        release.set()
        assert session.wait(30)
        assert [str(m) for m in game.moves] == ["11-15", "23-19"]
        assert status(session) == ("turn", "Black to move")
    finally:
        release.set()
        session.close()


def test_a_move_typed_on_a_10x10_board_may_name_squares_past_32() -> None:
    # Reported (issue 26): on an international board the command line answered "Square 33
    # in '33-28' is not on the board (1-32)": typed text was read with the 8x8 default.
    session = started(Game(variant="international"), opponent=None)
    played = typed(session, "33-28")
    assert played.kind == "played", played.text
    played = typed(session, "19-23")
    assert played.kind == "played", played.text
    assert [str(m) for m in session.game.moves] == ["33-28", "19-23"]
    refused = typed(session, "51-47")
    assert refused.kind == "refused" and "1-50" in refused.text
