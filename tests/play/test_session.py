"""``PlaySession`` used headless: a board's play with no Jupyter at all.

The session is driven exactly as the widget drives it (intents as the browser sends
them, through :meth:`PlaySession.handle`), and callers learn what happened from the
:class:`IntentOutcome`, never from the published state's words.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

import checkers_widget
from checkers_widget import BLACK, WHITE, Engine, Game
from checkers_widget.play.intent_outcome import IntentOutcome
from checkers_widget.play.players import ComputerPlayer, ScriptedPlayer
from checkers_widget.play.session import PlaySession
from checkers_widget.tutorial import LESSONS, LessonRun
from checkers_widget.tutorial.lesson_play import lesson_session

JUPYTER = ("anywidget", "traitlets", "ipywidgets", "IPython", "comm")


def move(session: PlaySession, path: list[int] | tuple[int, ...]) -> IntentOutcome:
    return session.handle({"kind": "move", "version": session.version, "path": list(path)})


def command(session: PlaySession, name: str, **fields: Any) -> IntentOutcome:
    return session.handle({"kind": "command", "version": session.version, "name": name, **fields})


def test_no_jupyter_is_imported_by_a_session_or_a_lesson() -> None:
    script = textwrap.dedent(
        """
        import sys
        from checkers_widget import Engine
        from checkers_widget.play.players import ComputerPlayer
        from checkers_widget.play.session import PlaySession
        from checkers_widget.tutorial import LESSONS, LessonRun
        from checkers_widget.tutorial.lesson_play import lesson_session

        session = PlaySession(opponent=ComputerPlayer(Engine("easy", seed=0)), seed=0)
        session.start()
        path = session.state["legal"][0]["path"]
        outcome = session.handle({"kind": "move", "version": session.version, "path": path})
        assert outcome.kind == "played", outcome
        assert session.wait(30) and session.game.ply == 2
        lesson = lesson_session(LessonRun(LESSONS[1], play_replies=False))
        lesson.start()
        session.close()
        lesson.close()
        print(sorted(name for name in sys.modules if name.split(".")[0] in JUPYTER))
        """
    ).replace("JUPYTER", repr(JUPYTER))
    src = Path(checkers_widget.__file__).resolve().parent.parent
    result = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        env={"PYTHONPATH": str(src)},
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]"


def test_a_whole_game_against_the_computer() -> None:
    published: list[dict[str, Any]] = []
    session = PlaySession(
        opponent=ComputerPlayer(Engine("easy", seed=1)),
        human=BLACK,
        seed=1,
        on_publish=published.append,
    )
    session.start()
    assert session.state["players"] == {"black": "human", "white": "computer"}
    assert published and published[-1] is session.state
    for _ in range(400):
        game = session.game
        if game.is_over():
            break
        assert session.wait(60)
        if game.is_over():
            break
        assert game.turn == BLACK and not session.search.thinking
        # The human plays the last legal move the state offers (the session's own list).
        path = session.state["legal"][-1]["path"]
        outcome = move(session, path)
        assert outcome.kind == "played" and outcome.changed
        assert outcome.move is not None and outcome.move.path == tuple(path)
    game = session.game
    assert game.is_over() and game.result is not None
    assert session.state["status"]["kind"] == "over"
    # Every move of the human was answered by the computer's, in the game's record.
    assert len(game.moves) >= 2
    # Once over, a click is refused, and the IntentOutcome says so without reading the state.
    refused = move(session, [11, 15])
    assert refused.kind == "refused" and not refused.changed
    assert refused.text.startswith("The game is over")
    session.close()


def test_outcomes_name_what_happened() -> None:
    session = PlaySession()
    session.start()
    assert move(session, [1, 5]).kind == "illegal"  # 5 holds a man of Black's own
    assert command(session, "undo") == IntentOutcome.done(False)  # nothing to take back
    legal = session.game.legal_moves()[0]
    vetoes: list[str] = []

    @session.validate
    def no(_game: Any, mv: Any) -> str:
        vetoes.append(str(mv))
        return "not today"

    outcome = move(session, legal.path)
    assert outcome.kind == "vetoed" and outcome.text == "not today" and outcome.move == legal
    session.hooks.clear()

    def broken(_game: Any, _move: Any) -> None:
        raise ValueError("boom")

    session.validate(broken)
    failed = move(session, legal.path)
    assert failed.kind == "failed" and "boom" in failed.text
    assert session.errors and "boom" in session.errors[-1]
    session.hooks.clear()
    played = move(session, legal.path)
    assert played.kind == "played" and session.game.moves == [legal]
    stale = session.handle({"kind": "move", "version": session.version - 1, "path": [1, 5]})
    assert stale.kind == "refused" and "old position" in stale.text


@pytest.mark.parametrize("name", ["hint", "undo"])
def test_a_control_pressed_on_an_old_position_is_said_to_be_pressed(name: str) -> None:
    # Reported (issue 26): Hint or Undo pressed on an old position was answered "That was
    # played on an old position": a pressed control was not played.
    session = PlaySession(Game(), opponent=None)
    move(session, (11, 15))
    stale = session.handle({"kind": "command", "name": name, "version": session.version - 1})
    assert stale.kind == "refused"
    assert stale.text == (
        "That was pressed on an old position; the board has been brought up to date"
    )


def test_a_jump_in_progress_is_pending() -> None:
    session = PlaySession(Game("B:W14,22:B9"))  # Black jumps 14, then 22: 9x18x25
    session.start()
    first = move(session, [9, 18])
    assert first.kind == "pending" and session.pending == (9, 18)
    done = move(session, [9, 18, 25])
    assert done.kind == "played" and str(done.move) == "9x18x25"


def test_a_lesson_driven_through_the_session() -> None:
    run = LessonRun(LESSONS[3], play_replies=False)  # 9x18, then the script answers 23x14
    session = lesson_session(run)
    session.start()
    assert session.state["players"] == {"black": "human", "white": "computer"}
    assert session.state["level"] == "lesson"
    # A path that is no legal move: the session says "illegal", the lesson counts it.
    illegal = move(session, [11, 15])  # capturing is compulsory
    assert illegal.kind == "illegal" and run.mistakes == 1
    assert session.state["status"]["kind"] == "refused"
    # The Hint shows the lesson's answer, with no engine's score.
    assert session.hint().move is not None and session.state["hint"]["score"] == ""
    answer = run.expected
    assert answer is not None and str(answer) == "9x18"
    played = move(session, answer.path)
    assert played.kind == "played" and played.move == answer
    assert session.wait(30)
    # The scripted player answered as the script says.
    assert [str(m) for m in session.game.moves] == ["9x18", "23x14"]
    assert session.game.turn == BLACK
    while not run.done:
        expected = run.expected
        assert expected is not None
        assert move(session, expected.path).kind == "played"
        assert session.wait(30)
    assert session.state["legal"] == []  # a solved lesson offers no move
    assert session.state["status"]["text"].startswith("Lesson solved")
    session.close()
    run.close()


def test_a_scripted_player_is_asked_on_its_turn() -> None:
    replies = iter(["23-19"])
    game = Game()
    session = PlaySession(
        game,
        opponent=ScriptedPlayer(lambda: game.board.parse_move(next(replies))),
        human=BLACK,
    )
    session.start()
    assert move(session, [11, 15]).kind == "played"
    assert session.wait(30)
    assert [str(m) for m in game.moves] == ["11-15", "23-19"] and game.turn == BLACK
    assert session.players[WHITE].kind == "computer" and session.engine is None
    session.close()


def test_a_state_is_built_and_handed_on_under_the_sessions_lock() -> None:
    """A publish from another thread (an outcome listener, the computer's answer) waits
    while the session is busy, so states reach the board in the order they were built
    and an older one never lands after a newer one (the puzzle found stuck on
    "thinking" in CI)."""
    import threading

    session = PlaySession(Game())
    handed: list[int] = []
    session._on_publish = lambda state: handed.append(state["seq"])
    done = threading.Event()

    def publish_elsewhere() -> None:
        session.publish()
        done.set()

    with session.lock:
        other = threading.Thread(target=publish_elsewhere)
        other.start()
        other.join(timeout=0.5)  # a publish that ignored the lock would be over by now
        assert not done.is_set(), "a state was built while the session was busy"
        session.publish()  # the busy thread's own state goes first
    other.join(timeout=30)
    assert done.is_set()
    assert handed == sorted(handed) and len(handed) == 2


class HeldComputer(ScriptedPlayer):
    """The computer, held back until the test lets it answer (its reply: 23-19)."""

    def __init__(self, game: Game) -> None:
        import threading

        self.release = threading.Event()

        def reply() -> Any:
            assert self.release.wait(30)
            return game.board.parse_move("23-19")

        super().__init__(reply, level="held")


def pressed_while_the_reply_lands(name: str) -> tuple[PlaySession, IntentOutcome]:
    """The user moves; the computer thinks; the user presses ``name`` on the board as it
    stands (the state with the computer thinking); the computer's reply lands before
    Python gets to the command, which arrives stamped with the older position."""
    game = Game()
    computer = HeldComputer(game)
    session = PlaySession(game, opponent=computer, human=BLACK)
    session.start()
    assert move(session, [11, 15]).kind == "played"
    seen = session.version  # the board shows the computer thinking
    assert session.state["thinking"]
    computer.release.set()
    assert session.wait(30) and game.ply == 2 and session.version > seen
    side = "black" if name == "resign" else None
    outcome = session.handle(
        {"kind": "command", "version": seen, "name": name} | ({"side": side} if side else {})
    )
    return session, outcome


@pytest.mark.parametrize("name", ["restart", "new", "pause", "resign"])
def test_a_command_on_the_whole_game_pressed_as_the_reply_lands_is_done(name: str) -> None:
    """Restart confirmed while the computer's reply was on its way was refused as "played
    on an old position" and the game went on unrestarted (CI, test_restart_and_milestones):
    such commands do what they say whatever position the board had reached."""
    session, outcome = pressed_while_the_reply_lands(name)
    game = session.game
    assert outcome.kind != "refused", outcome
    assert "old position" not in session.state["status"]["text"]
    if name in ("restart", "new"):
        assert game.ply == 0 and session.state["status"]["text"] == "Black to move"
    elif name == "pause":
        assert session.paused and game.ply == 2
    else:
        assert game.result == "0-1" and game.ply == 2
    session.close()


@pytest.mark.parametrize("name", ["undo", "hint", "offer-draw"])
def test_a_command_on_the_position_shown_stamped_with_an_older_one_is_refused(
    name: str,
) -> None:
    """Undo, a hint, a draw offer mean the position the user saw: refused as stale, and
    the game is left as it is."""
    session, outcome = pressed_while_the_reply_lands(name)
    assert outcome.kind == "refused" and "old position" in outcome.text
    assert session.game.ply == 2 and session.game.result is None and not session.paused
    session.close()


def test_a_command_stamped_with_a_position_yet_to_come_is_refused() -> None:
    session = PlaySession(Game())
    session.start()
    outcome = session.handle({"kind": "command", "version": session.version + 1, "name": "restart"})
    assert outcome.kind == "refused" and "old position" in outcome.text
    session.close()


def test_a_hint_in_a_drawn_ending_is_published_as_a_proven_draw() -> None:
    session = PlaySession(Game("W:WK19,K27:BK5,K1"))
    session.start()
    found = session.hint()
    assert found.draw and session.state["hint"]["score"] == "draw"
    session.close()
