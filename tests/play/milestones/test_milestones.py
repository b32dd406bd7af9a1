"""Milestones: each of the eight earned, never twice, practice rules, and the saved file."""

from __future__ import annotations

import json
import logging
import multiprocessing
import threading
from pathlib import Path

import pytest

from checkers_widget import Board, Game, Move
from checkers_widget.core.errors import CheckersError
from checkers_widget.play.milestones import (
    MILESTONES,
    Attempt,
    MilestoneBook,
    default_milestones_path,
)

QUIET = Move((11, 15))
CAPTURE = Move((22, 15), (18,))
DOUBLE = Move((22, 15, 8), (18, 11))
CROWN = Move((6, 1), (), crowns=True)
CAPTURE_CROWN = Move((10, 1), (5,), crowns=True)


def ids(earned: list) -> list[str]:
    return [m.id for m in earned]


@pytest.fixture
def book(tmp_path: Path) -> MilestoneBook:
    return MilestoneBook(tmp_path / "milestones.json")


def test_the_eight_milestones() -> None:
    assert [m.id for m in MILESTONES] == [
        "first-move",
        "first-capture",
        "double-capture",
        "first-crown",
        "first-finish",
        "first-computer-win",
        "clean-hard-win",
        "three-computer-wins",
    ]
    assert all(m.title and m.description for m in MILESTONES)


def test_moves_from_a_real_game_earn_the_move_milestones(book: MilestoneBook) -> None:
    board = Board("W:W22:B18,11")
    double = board.parse_move("22x8")
    assert double.captures == (18, 11)
    attempt = book.new_attempt()  # two players
    assert ids(book.note_move(attempt, double, "white")) == [
        "first-move",
        "first-capture",
        "double-capture",
    ]
    assert book.note_move(attempt, double, "white") == []  # never twice
    assert ids(book.note_move(attempt, CROWN, "black")) == ["first-crown"]  # either player


def test_move_milestones_one_at_a_time(book: MilestoneBook) -> None:
    a = book.new_attempt(level="easy", human="white")
    assert book.note_move(a, CAPTURE_CROWN, "black") == []  # the computer's move
    assert book.note_move(a, CAPTURE_CROWN, "white", auto=True) == []  # made on expiry
    assert ids(book.note_move(a, QUIET, "white")) == ["first-move"]
    assert ids(book.note_move(a, CAPTURE, "white")) == ["first-capture"]
    assert ids(book.note_move(a, DOUBLE, "white")) == ["double-capture"]
    assert ids(book.note_move(a, CROWN, "white")) == ["first-crown"]
    assert book.note_move(a, CAPTURE_CROWN, "white") == []
    assert list(book.earned) == ["first-move", "first-capture", "double-capture", "first-crown"]


def test_a_finished_game_and_a_first_computer_win(book: MilestoneBook) -> None:
    two = book.new_attempt()
    assert ids(book.note_result(two, "1-0")) == ["first-finish"]  # local games finish too
    assert book.computer_wins == ()
    loss = book.new_attempt(level="normal", human="black")
    assert book.note_result(loss, "0-1") == [] and loss.result == "0-1"
    win = book.new_attempt(level="normal", human="white")
    assert ids(book.note_result(win, "0-1")) == ["first-computer-win"]
    assert book.computer_wins == (win.id,)
    assert book.progress == {
        "earned": 2,
        "total": 8,
        "computer_wins": 1,
        "wins_needed": 3,
        "finished": 3,
    }


def test_an_attempt_keeps_its_first_result(book: MilestoneBook) -> None:
    a = book.new_attempt(level="hard", human="black")
    assert ids(book.note_result(a, "0-1")) == ["first-finish"]  # lost
    book.note_undo(a)  # undo out of the loss and win after all
    assert book.note_result(a, "1-0") == [] and a.result == "0-1"
    assert book.computer_wins == () and not book.has("first-computer-win")
    book.note_restart(a)
    assert book.note_result(a, "1-0") == []
    assert book.result_of(a.id) == "0-1"
    assert book.note_result(book.new_attempt(), None) == []  # no result yet: ignored


def test_clean_hard_win_needs_hard_or_expert_and_no_undo_or_restart(
    book: MilestoneBook,
) -> None:
    undone = book.new_attempt(level="expert", human="black")
    assert book.note_undo(undone) == [] and undone.practice
    assert ids(book.note_result(undone, "1-0")) == ["first-finish", "first-computer-win"]
    restarted = book.new_attempt(level="Hard", human="black")
    book.note_restart(restarted)
    assert restarted.practice and not restarted.undone
    assert book.note_result(restarted, "1-0") == []
    normal = book.new_attempt(level="normal", human="black")
    assert ids(book.note_result(normal, "1-0")) == ["three-computer-wins"]  # 3 wins, no clean one
    clean = book.new_attempt(level="expert", human="white")
    assert ids(book.note_result(clean, "0-1")) == ["clean-hard-win"]
    assert len(book.earned) == 4 and len(book.computer_wins) == 4


def test_three_wins_need_three_different_attempts(tmp_path: Path) -> None:
    path = tmp_path / "m.json"
    book = MilestoneBook(path)
    first = book.new_attempt(level="easy", human="black")
    assert ids(book.note_result(first, "1-0")) == ["first-finish", "first-computer-win"]
    saved = first.to_dict()
    # The same game reopened from a save made before the win, in a new session:
    again = Attempt.from_dict({**saved, "result": None})
    book2 = MilestoneBook(path)
    assert book2.note_result(again, "1-0") == [] and again.result == "1-0"
    # ... and even an attempt object that forgot its result, in the same session:
    assert book.note_result(Attempt.from_dict({**saved, "result": None}), "1-0") == []
    assert book2.computer_wins == (first.id,)
    second = book2.new_attempt(level="easy", human="white")
    assert book2.note_result(second, "0-1") == []
    assert len(MilestoneBook(path).computer_wins) == 2
    third = book2.new_attempt(level="easy", human="white")
    book2.note_restart(third)  # a practice win still counts as a win (not for the clean star)
    assert ids(book2.note_result(third, "0-1")) == ["three-computer-wins"]
    assert MilestoneBook(path).computer_wins == (first.id, second.id, third.id)


def test_draws_and_losses_are_not_wins(book: MilestoneBook) -> None:
    for result in ("1/2-1/2", "0-1", "1/2-1/2"):
        book.note_result(book.new_attempt(level="expert", human="black"), result)
    assert list(book.earned) == ["first-finish"] and book.computer_wins == ()


def test_attempts_round_trip_and_check_their_fields() -> None:
    a = Attempt(level="Expert", human="white", undone=True)
    assert a.level == "expert" and len(a.id) == 32 and a.id != Attempt().id
    b = Attempt.from_dict(json.loads(json.dumps(a.to_dict())))
    assert b == a and b.practice and b.against_computer and not b.won
    assert Attempt().counts_move_by("white") and not a.counts_move_by("black")
    with pytest.raises(CheckersError, match="needs the human's side"):
        Attempt(level="hard")
    with pytest.raises(CheckersError, match="a two-player game \\(level=None\\) has human=None"):
        Attempt(human="black")
    with pytest.raises(CheckersError, match="result must be one of"):
        Attempt(result="2-0")
    with pytest.raises(CheckersError, match="not a saved attempt"):
        Attempt.from_dict({"level": "hard"})
    book = MilestoneBook(save=False)
    with pytest.raises(CheckersError, match="result must be one of"):
        book.note_result(book.new_attempt(), "1-1")
    with pytest.raises(CheckersError, match="side must be 'black' or 'white'"):
        book.note_move(book.new_attempt(), QUIET, "red")  # type: ignore[arg-type]
    with pytest.raises(CheckersError, match="unknown milestone 'first-blood'"):
        book.has("first-blood")


# --------------------------------------------------------------------------- the file


def test_milestones_survive_a_new_book_and_nothing_is_written_early(tmp_path: Path) -> None:
    path = tmp_path / "sub" / "milestones.json"
    book = MilestoneBook(path)
    attempt = book.new_attempt(level="hard", human="black")
    book.note_undo(attempt)
    assert not path.exists()  # nothing earned yet, nothing written
    book.note_move(attempt, CAPTURE, "black")
    data = json.loads(path.read_text())
    assert data["format"] == "checkers-widget-milestones"
    assert set(data["earned"]) == {"first-move", "first-capture"}
    assert [p.name for p in path.parent.iterdir()] == ["milestones.json"]  # no temp files
    again = MilestoneBook(path)
    assert again.earned == book.earned and again.has("first-capture")
    assert again.note_move(again.new_attempt(), QUIET, "white") == []


def test_default_location(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CHECKERS_WIDGET_HOME", str(tmp_path / "cw"))
    assert default_milestones_path() == tmp_path / "cw" / "milestones.json"
    book = MilestoneBook()
    book.note_move(book.new_attempt(), QUIET, "black")
    assert (tmp_path / "cw" / "milestones.json").exists()
    monkeypatch.delenv("CHECKERS_WIDGET_HOME")
    assert default_milestones_path() == Path.home() / ".checkers_widget" / "milestones.json"


@pytest.mark.parametrize(
    "content",
    [
        "{not json",
        "[1, 2]",
        '{"format": "something-else", "earned": {}}',
        '{"format": "checkers-widget-milestones", "earned": []}',
        '{"format": "checkers-widget-milestones"}',
    ],
)
def test_an_unreadable_file_is_set_aside(
    tmp_path: Path, content: str, caplog: pytest.LogCaptureFixture
) -> None:
    path = tmp_path / "milestones.json"
    path.write_text(content)
    with caplog.at_level(logging.WARNING, logger="checkers_widget"):
        book = MilestoneBook(path)
    assert book.earned == {} and "unreadable" in caplog.text
    assert (tmp_path / "milestones.json.bad").read_text() == content
    assert ids(book.note_move(book.new_attempt(), QUIET, "black")) == ["first-move"]
    assert MilestoneBook(path).has("first-move")


def test_unknown_entries_are_ignored(tmp_path: Path) -> None:
    path = tmp_path / "m.json"
    path.write_text(
        json.dumps(
            {
                "format": "checkers-widget-milestones",
                "earned": {"first-move": "2024-01-01T00:00:00+00:00", "from-the-future": "x"},
                "results": {"a": "1-0", "b": "banana"},
                "computer_wins": ["a", "a", 7],
            }
        )
    )
    book = MilestoneBook(path)
    assert book.earned == {"first-move": "2024-01-01T00:00:00+00:00"}
    assert book.computer_wins == ("a",) and book.result_of("b") is None


def test_a_file_that_cannot_be_written_does_not_break_the_game(tmp_path: Path) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("")
    book = MilestoneBook(blocker / "milestones.json")
    assert ids(book.note_move(book.new_attempt(), QUIET, "black")) == ["first-move"]
    assert book.save_error is not None and "cannot save milestones" in book.save_error
    assert book.has("first-move")  # kept in memory
    assert book.note_move(book.new_attempt(), QUIET, "black") == []


def test_two_books_on_one_file_merge(tmp_path: Path) -> None:
    path = tmp_path / "m.json"
    a, b = MilestoneBook(path), MilestoneBook(path)
    a.note_move(a.new_attempt(), QUIET, "black")
    wa = a.new_attempt(level="easy", human="black")
    a.note_result(wa, "1-0")
    # b has not seen a's saves; its own save keeps them, and its win is the second.
    assert ids(b.note_move(b.new_attempt(), CAPTURE, "black")) == ["first-capture"]
    wb = b.new_attempt(level="easy", human="black")
    assert b.note_result(wb, "1-0") == []  # first-finish and first win: a had them
    assert b.computer_wins == (wa.id, wb.id)
    # The same attempt finished in both notebooks counts once.
    shared = a.new_attempt(level="easy", human="white")
    copy = Attempt.from_dict(shared.to_dict())
    assert ids(a.note_result(shared, "0-1")) == ["three-computer-wins"]
    assert b.note_result(copy, "0-1") == []
    assert len(MilestoneBook(path).computer_wins) == 3
    assert set(MilestoneBook(path).earned) == {
        "first-move",
        "first-capture",
        "first-finish",
        "first-computer-win",
        "three-computer-wins",
    }


def test_concurrent_writers_lose_nothing(tmp_path: Path) -> None:
    """Four books on one file (as four notebooks), saving at the same time."""
    path = tmp_path / "m.json"
    books = [MilestoneBook(path) for _ in range(4)]
    wins: list[str] = []
    barrier = threading.Barrier(len(books))

    def play(book: MilestoneBook) -> None:
        barrier.wait()
        for _ in range(5):
            attempt = book.new_attempt(level="easy", human="black")
            book.note_result(attempt, "1-0")
            wins.append(attempt.id)

    threads = [threading.Thread(target=play, args=(b,)) for b in books]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    final = MilestoneBook(path)
    assert len(wins) == 20 and sorted(final.computer_wins) == sorted(wins)
    assert final.has("three-computer-wins")
    assert [p.name for p in tmp_path.iterdir()] == ["m.json"]


def _win_games(path: str, count: int) -> None:
    book = MilestoneBook(path)
    for _ in range(count):
        book.note_result(book.new_attempt(level="easy", human="white"), "0-1")


def test_two_processes_on_one_file_lose_nothing(tmp_path: Path) -> None:
    """Two kernels (processes) writing the same file at once keep every win."""
    ctx = multiprocessing.get_context("spawn")
    path = str(tmp_path / "m.json")
    procs = [ctx.Process(target=_win_games, args=(path, 15)) for _ in range(2)]
    for proc in procs:
        proc.start()
    for proc in procs:
        proc.join(60)
        assert proc.exitcode == 0
    assert len(MilestoneBook(path).computer_wins) == 30


def test_reset_forgets_everything_even_in_other_books(tmp_path: Path) -> None:
    path = tmp_path / "m.json"
    a, b = MilestoneBook(path), MilestoneBook(path)
    a.note_move(a.new_attempt(), DOUBLE, "black")
    b.reload()
    assert len(b.earned) == 3
    a.reset()
    assert a.earned == {} and MilestoneBook(path).earned == {}
    # b still remembers the old stars but must not write them back when it next saves.
    assert ids(b.note_result(b.new_attempt(), "1/2-1/2")) == ["first-finish"]
    assert list(MilestoneBook(path).earned) == list(b.earned) == ["first-finish"]
    assert ids(b.note_move(b.new_attempt(), QUIET, "black")) == ["first-move"]


# --------------------------------------------------------------------------- showing them


def test_shown_on_request(book: MilestoneBook) -> None:
    attempt = book.new_attempt(level="easy", human="black")
    book.note_move(attempt, QUIET, "black")
    book.note_result(attempt, "1-0")
    text = str(book)
    assert text.splitlines()[0] == "Milestones: 3 / 8"
    assert "★ First move: Complete a move." in text
    assert "☆ Three wins: Win 3 different games against the computer.  (1 of 3)" in text
    html = book._repr_html_()
    assert html.count("<tr>") == 8 and "Milestones: 3 / 8" in html and "1 of 3" in html
    summary = book.summary()
    assert [s["id"] for s in summary] == [m.id for m in MILESTONES]
    assert summary[0]["earned"] and summary[1]["earned"] is None
    assert json.loads(json.dumps(summary)) == summary
    assert "3 / 8 earned" in repr(book)


def test_a_game_played_through(book: MilestoneBook) -> None:
    """A whole game, driven as a board would drive the book."""
    game = Game("W:W22:B18,11")
    attempt = book.new_attempt(level="hard", human="white")
    earned: list[str] = []
    for text in ["22x8"]:
        side = game.turn
        move = game.board.parse_move(text)
        game.play(move)
        earned += ids(book.note_move(attempt, move, side))
        earned += ids(book.note_result(attempt, game.result))
    assert game.result == "0-1"
    assert earned == [
        "first-move",
        "first-capture",
        "double-capture",
        "first-finish",
        "first-computer-win",
        "clean-hard-win",
    ]
