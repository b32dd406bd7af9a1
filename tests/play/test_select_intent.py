"""A click on a piece the board could not pick up: ``{"kind": "select", "square": n}``.

The board sends it when the computer is thinking, or when the piece clicked cannot move
because a capture is compulsory, so that Python says why on the status line (the board
sent these as the path ``[n, n]`` before). These replay the browser's messages and check
that the answer is the one the path gave: the same words, the game untouched.
"""

from __future__ import annotations

import threading
from typing import Any

import pytest

from checkers_widget import BLACK, Game
from checkers_widget.core.move import Move
from checkers_widget.play.intent_handling import THINKING_REFUSAL
from checkers_widget.play.intent_outcome import IntentOutcome
from checkers_widget.play.intents import IntentError, SelectIntent, parse_intent
from checkers_widget.play.players import ScriptedPlayer
from checkers_widget.play.session import PlaySession

# Black must jump 9x18; the man on 11 could otherwise step to 15 or 16.
JUMP_OR_STEP = "B:W14,32:B9,11"


def select(session: PlaySession, square: Any, **extra: Any) -> IntentOutcome:
    return session.handle({"kind": "select", "version": session.version, "square": square, **extra})


def clicked_path(session: PlaySession, *path: int) -> IntentOutcome:
    return session.handle({"kind": "move", "version": session.version, "path": list(path)})


def started(game: Game | None = None, **options: Any) -> PlaySession:
    session = PlaySession(game, **options)
    session.start()
    return session


def refused(text: str) -> dict[str, str]:
    """The status line of a refusal saying ``text``."""
    return {"text": text, "kind": "refused"}


def test_parse_reads_the_square_and_refuses_anything_else() -> None:
    assert parse_intent({"kind": "select", "version": 3, "square": 22}) == SelectIntent(3, 22)
    assert parse_intent({"kind": "select", "version": 3, "square": 50}, squares=50) == SelectIntent(
        3, 50
    )
    bad: list[tuple[dict[str, Any], str]] = [
        ({"kind": "select", "version": 3}, "a square must be a whole number"),
        ({"kind": "select", "version": 3, "square": 33}, "from 1 to 32"),
        ({"kind": "select", "version": 3, "square": "22"}, "a square must be"),
        ({"kind": "select", "version": 3, "square": 22, "path": [22]}, "unexpected fields"),
    ]
    for message, words in bad:
        with pytest.raises(IntentError, match=words):
            parse_intent(message)


def test_while_the_computer_thinks_a_select_is_answered_as_the_click_was() -> None:
    game = Game()
    release = threading.Event()

    def reply() -> Move:
        release.wait(30)
        return game.board.parse_move("23-19")

    session = started(game, opponent=ScriptedPlayer(reply), human=BLACK)
    try:
        assert clicked_path(session, 11, 15).kind == "played"
        assert session.search.thinking
        version = session.version
        outcome = select(session, 22)
        assert outcome.kind == "refused" and not outcome.changed
        assert session.state["status"] == refused(THINKING_REFUSAL)
        assert session.state["thinking"] is True and session.version == version
        assert [str(m) for m in game.moves] == ["11-15"]
        release.set()
        assert session.wait(30)
        assert [str(m) for m in game.moves] == ["11-15", "23-19"]
        assert session.state["status"] == {"text": "Black to move", "kind": "turn"}  # refusal gone
    finally:
        release.set()
        session.close()


def test_a_piece_that_cannot_move_while_a_capture_is_due_is_explained_as_before() -> None:
    fen = JUMP_OR_STEP
    by_path = started(Game(fen=fen))
    by_select = started(Game(fen=fen))
    before = clicked_path(by_path, 11, 11)
    after = select(by_select, 11)
    assert by_select.state["status"] == by_path.state["status"]
    assert by_select.state["status"]["kind"] == "refused"
    assert by_select.state["status"]["text"].startswith("The piece on 11 cannot move: a capture")
    # The same outcome (a lesson counts it as the same slip), and the game untouched.
    assert (after.kind, after.text, after.path, after.changed) == (
        before.kind,
        before.text,
        before.path,
        before.changed,
    )
    assert by_select.game.board.to_fen() == Game(fen=fen).board.to_fen()
    assert by_select.game.moves == []


def test_a_stale_select_is_refused_as_an_old_position() -> None:
    session = started()
    assert clicked_path(session, 11, 15).kind == "played"
    stale = session.handle({"kind": "select", "version": session.version - 1, "square": 22})
    assert stale.kind == "refused"
    assert session.state["status"]["text"].startswith("That was played on an old position")
