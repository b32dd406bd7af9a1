"""Milestones earned by playing on the widget, shown in its state, never counted twice."""

from __future__ import annotations

from pathlib import Path

from checkers_widget import BLACK, Game
from checkers_widget.play.milestones import MilestoneBook
from checkers_widget.widget import CheckersWidget
from intents import click, command

# Black to move takes White's last piece: 14x23 wins at once.
WIN_IN_ONE = "B:W18:B14"
# Black's 14x23x32 takes two pieces and crowns.
DOUBLE_AND_CROWN = "B:W18,27,K1:B14"


def book(tmp_path: Path) -> MilestoneBook:
    return MilestoneBook(tmp_path / "milestones.json")


def test_moves_made_on_the_board_earn_the_move_milestones(tmp_path: Path) -> None:
    w = CheckersWidget(
        Game(fen=DOUBLE_AND_CROWN), opponent="easy", human=BLACK, seed=0, milestones=book(tmp_path)
    )
    assert w.state["milestones"]["earned"] == []
    assert len(w.state["milestones"]["all"]) == 8
    click(w, 14, 23, 32)
    new = w.state["milestones"]["new"]
    assert new == ["first-move", "first-capture", "double-capture", "first-crown"]
    assert {m["id"] for m in w.state["milestones"]["earned"]} == set(new)
    assert w.wait(30)
    assert w.state["milestones"]["new"] == []  # the computer's reply earns nothing new


def test_a_move_played_from_python_earns_nothing(tmp_path: Path) -> None:
    # The report: notebook 01's demo.play("11-15") earned "First move" during Run All.
    b = book(tmp_path)
    demo = CheckersWidget(opponent="easy", seed=1, milestones=b)
    demo.play("11-15")
    assert demo.wait(30) and demo.game.ply == 2
    demo.game.play(demo.game.legal_moves()[0])  # straight on the game, too
    assert b.earned == {} and demo.state["milestones"]["new"] == []
    demo.wait(30)
    demo.close()
    # A game won from Python finishes nothing either.
    w = CheckersWidget(Game(fen=WIN_IN_ONE), opponent="easy", human=BLACK, milestones=b)
    w.play("14-23")
    assert w.game.result == "1-0" and b.earned == {} and b.computer_wins == ()


def test_walking_to_the_end_of_a_master_game_earns_nothing(tmp_path: Path) -> None:
    # The report: pressing End in a loaded master game's move list earned "First finish".
    b = book(tmp_path)
    record = Game()
    for move in ["11-15", "23-19", "8-11", "22-17"]:
        record.play(move)
    record.resign("white")
    record.goto(0)
    for w in (
        CheckersWidget(record.copy(), milestones=b),
        CheckersWidget(record.copy(), opponent="easy", human=BLACK, seed=0, milestones=b),
    ):
        assert command(w, "goto", ply=4)  # End in the move list
        assert w.game.result == "1-0"
        command(w, "goto", ply=0)
        command(w, "redo")
        assert b.earned == {}
        assert w.state["milestones"] is None or w.state["milestones"]["new"] == []
        w.close()


def test_a_two_player_board_earns_nothing(tmp_path: Path) -> None:
    b = book(tmp_path)
    w = CheckersWidget(Game(fen=WIN_IN_ONE), milestones=b)
    assert click(w, 14, 23)
    assert w.game.result == "1-0"
    assert b.earned == {} and w.state["milestones"] is None  # and no ★ button


def test_winning_against_hard_without_undo(tmp_path: Path) -> None:
    b = book(tmp_path)
    w = CheckersWidget(Game(fen=WIN_IN_ONE), opponent="hard", human=BLACK, milestones=b)
    click(w, 14, 23)
    assert w.game.result == "1-0"
    assert set(w.state["milestones"]["new"]) >= {
        "first-finish",
        "first-computer-win",
        "clean-hard-win",
    }
    assert b.computer_wins == (w.session.tracker.attempt.id,)


def test_a_win_replayed_after_undo_or_restart_is_not_counted_again(tmp_path: Path) -> None:
    b = book(tmp_path)
    w = CheckersWidget(Game(fen=WIN_IN_ONE), opponent="normal", human=BLACK, milestones=b)
    click(w, 14, 23)
    command(w, "undo")
    click(w, 14, 23)
    command(w, "restart")
    click(w, 14, 23)
    assert len(b.computer_wins) == 1
    assert not b.has("three-computer-wins")


def test_practice_rules_out_the_clean_hard_win(tmp_path: Path) -> None:
    b = book(tmp_path)
    w = CheckersWidget(Game(fen=WIN_IN_ONE), opponent="expert", human=BLACK, milestones=b)
    command(w, "restart")  # practice from now on
    click(w, 14, 23)
    assert b.has("first-computer-win") and not b.has("clean-hard-win")


def test_three_fresh_games_won_earn_three_wins(tmp_path: Path) -> None:
    b = book(tmp_path)
    w = CheckersWidget(Game(fen=WIN_IN_ONE), opponent="easy", human=BLACK, milestones=b)
    for _ in range(3):
        assert not b.has("three-computer-wins")
        click(w, 14, 23)
        command(w, "new")
    assert b.has("three-computer-wins") and len(b.computer_wins) == 3
    assert not b.has("clean-hard-win")  # Easy is not a challenge level


def test_a_move_the_computer_made_on_time_out_earns_nothing(tmp_path: Path) -> None:
    b = book(tmp_path)
    w = CheckersWidget(milestones=b)
    w.session.move_for(BLACK)
    assert w.game.ply == 1 and not b.has("first-move")


def test_milestones_live_in_the_data_folder_by_default(tmp_path: Path) -> None:
    w = CheckersWidget(opponent="easy", seed=0)
    click(w, 11, 15)
    w.wait(30)
    assert w.milestones is not None and w.milestones.has("first-move")
    again = CheckersWidget()  # another notebook, same folder
    assert again.milestones is not None and again.milestones.has("first-move")
    assert "★ First move" in str(again.milestones)
    assert CheckersWidget(milestones=False).state["milestones"] is None


def test_an_autosaved_game_keeps_its_attempt(tmp_path: Path) -> None:
    b = book(tmp_path)
    path = tmp_path / "game.pdn"
    w = CheckersWidget(Game(), opponent="easy", human=BLACK, milestones=b, autosave=path)
    click(w, 11, 15)
    w.wait()
    attempt = w.session.tracker.attempt.id
    assert w.session.tracker.attempt.played
    w.close()
    again = CheckersWidget(opponent="easy", human=BLACK, milestones=b, autosave=path)
    assert again.session.tracker.attempt.id == attempt and again.session.tracker.attempt.played
    again.close()


def test_a_two_player_board_shows_no_milestones() -> None:
    """Two-player boards earn nothing, so the board offers no ★ button listing milestones
    it could never earn; a board against the computer does."""
    assert CheckersWidget().state["milestones"] is None
    w = CheckersWidget(opponent="easy", human="black")
    assert len(w.state["milestones"]["all"]) == 8
    w.close()
