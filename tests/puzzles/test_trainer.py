"""The puzzle trainer: right and wrong moves, another winning move, the replies along the
solution, the rating and streak kept in a local file, puzzles from one's own games, and
the same on the live board (driven with ``handle_intent`` as the browser drives it)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from checkers_widget import Game
from checkers_widget.analysis.review import PlyReview, Review
from checkers_widget.core.errors import CheckersError
from checkers_widget.core.move import Move
from checkers_widget.puzzles import (
    Puzzle,
    PuzzleProgress,
    PuzzleRun,
    default_puzzle_path,
    from_review,
    load,
)
from checkers_widget.puzzles.progress import START_RATING, expected_score, rated

#: Tinsley game 33, ply 46: a two-for-one (see tests/analysis/test_puzzle_mining.py).
SHOT = Puzzle.from_dict(
    {
        "id": "shot",
        "fen": "W:W21,23,27,32,K2:B9,12,14,16,18,20",
        "solution": ["21-17", "14x21", "23x14x5"],
        "themes": ["two-for-one"],
        "rating": 1200,
        "source": "tinsley.pdn game 33 (US National 1946; MF Tinsley v WF Ryan), ply 46",
    }
)
#: The loose man on 15 falls to either 18x11 or 19x10: the solution names one of them.
TWO_WAYS = Puzzle.from_dict(
    {
        "id": "two-ways",
        "fen": "W:W17,18,19:B15,22,23",
        "solution": ["18x11"],
        "themes": ["endgame"],
        "rating": 900,
        "source": "made up for the test, ply 1",
    }
)


@pytest.fixture
def store(tmp_path: Path) -> PuzzleProgress:
    return PuzzleProgress(tmp_path / "puzzles.json")


def test_the_right_moves_solve_it_and_the_replies_follow_the_solution(
    store: PuzzleProgress,
) -> None:
    run = PuzzleRun(SHOT, progress=store)
    first = run.attempt("21-17")
    assert first.ok and not run.done
    assert run.game.moves == list(SHOT.solution[:2])  # Black's reply came along the line
    last = run.attempt("23x14x5")
    assert run.done and run.solved and last.done
    assert last.message.startswith("Right!")
    assert run.game.moves == list(SHOT.solution)
    assert store.rating > START_RATING and store.streak == 1 and store.result("shot") is True


def test_a_wrong_move_is_refused_and_the_puzzle_counts_as_missed(store: PuzzleProgress) -> None:
    run = PuzzleRun(SHOT, progress=store)
    feedback = run.attempt("27-24")
    assert not feedback.ok and feedback.kind == "wrong"
    assert "Wrong: 27-24 does not win" in feedback.message
    assert run.game.ply == 0 and run.mistakes == 1  # nothing was played
    after_slip = store.rating
    assert after_slip < START_RATING and store.streak == 0 and store.result("shot") is False
    run.attempt("21-17")
    run.attempt("23x14x5")
    assert run.done and not run.solved
    assert store.rating == after_slip  # a puzzle is rated once, at its first result


def test_another_move_that_also_wins_counts_as_right(store: PuzzleProgress) -> None:
    run = PuzzleRun(TWO_WAYS, progress=store)
    feedback = run.attempt("19x10")
    assert run.done and run.solved, feedback
    assert "19x10 wins too" in feedback.message
    assert store.streak == 1
    # With the engine check off, only the solution's move counts.
    strict = PuzzleRun(TWO_WAYS, check_alternatives=False)
    assert not strict.attempt("19x10").ok and strict.game.ply == 0


def test_the_solution_shown_counts_as_missed(store: PuzzleProgress) -> None:
    run = PuzzleRun(SHOT, progress=store)
    assert run.reveal() == "21-17 14x21 23x14x5"
    assert store.result("shot") is False
    run.attempt("21-17")
    run.attempt("23x14x5")
    assert run.done and not run.solved


def test_rating_streak_and_own_puzzles_are_saved_and_read_back(tmp_path: Path) -> None:
    path = tmp_path / "puzzles.json"
    store = PuzzleProgress(path)
    PuzzleRun(TWO_WAYS, progress=store).attempt("18x11")
    PuzzleRun(SHOT, progress=store).reveal()
    store.add([SHOT])
    again = PuzzleProgress(path)
    assert (again.rating, again.streak, again.best_streak, again.played) == (
        store.rating,
        0,
        1,
        2,
    )
    assert again.own_puzzles() == [SHOT]
    assert again.add([SHOT]) == 0  # already there
    again.forget()
    assert PuzzleProgress(path).rating == START_RATING


def test_the_default_file_is_in_the_data_folder(monkeypatch: pytest.MonkeyPatch, tmp_path: Path):
    monkeypatch.setenv("CHECKERS_WIDGET_HOME", str(tmp_path))
    assert default_puzzle_path() == tmp_path / "puzzles.json"
    assert PuzzleProgress().path == tmp_path / "puzzles.json"


def test_the_rating_is_elo_like() -> None:
    assert expected_score(1200, 1200) == pytest.approx(0.5)
    assert rated(1200, 1200, True, 0) == 1220 and rated(1200, 1200, False, 0) == 1180
    assert rated(1200, 1600, True, 50) - 1200 > 1200 - rated(1200, 1600, False, 50)


def _review_of(game: Game, judgement: Any) -> Review:
    move = game.moves[0]
    ply = PlyReview(
        ply=1,
        color="white",
        move=move,
        before=1.3,
        after=-0.1,
        before_mate=None,
        after_mate=None,
        best=SHOT.key,
        best_line=SHOT.solution,
        loss=0.3,
        judgement=judgement,
    )
    return Review(game.start_fen, (ply,))


def test_a_shot_missed_in_ones_own_game_becomes_a_puzzle(store: PuzzleProgress) -> None:
    game = Game(SHOT.fen)
    game.tags = {"Event": "club night", "Black": "Ann", "White": "Bob"}
    game.play("27-24")  # misses 21-17
    found = from_review(_review_of(game, "blunder"), game)
    assert [p.fen for p in found] == [SHOT.fen]
    assert found[0].solution == SHOT.solution and found[0].id.startswith("own-")
    assert found[0].source == "your game (club night; Ann v Bob), ply 1"
    assert from_review(_review_of(game, None), game) == []  # a good move hides nothing
    other = Game()
    other.play("11-15")
    with pytest.raises(CheckersError, match="not of this game"):
        from_review(_review_of(game, "blunder"), other)


# ---------------------------------------------------------------------- on the board


def click(board: Any, *path: int) -> bool:
    return bool(
        board.handle_intent({"kind": "move", "version": board.state["version"], "path": list(path)})
    )


def test_the_trainer_on_the_board(store: PuzzleProgress) -> None:
    from checkers_widget.puzzles import PuzzleTrainer

    trainer = PuzzleTrainer([TWO_WAYS, SHOT], progress=store)
    assert trainer.puzzle is SHOT  # the unplayed puzzle nearest the rating (1200)
    board = trainer.board
    assert board.orientation == "white" and board.players == {"white": "human", "black": "computer"}
    assert not click(board, 27, 24)
    assert board.state["status"]["kind"] == "refused"
    assert "Wrong" in board.state["status"]["text"] and board.game.ply == 0
    assert 'data-kind="wrong"' in trainer._feedback.value
    assert click(board, 21, 17)
    assert board.wait(10)
    assert board.game.moves == list(SHOT.solution[:2])  # the reply, along the solution
    assert click(board, 23, 14, 5)
    assert board.wait(10)  # the scripted side has nothing more to say
    assert board.state["status"]["text"].startswith("Solved")
    assert board.state["status"]["kind"] == "over"
    assert 'data-done="true"' in trainer._feedback.value
    assert f'data-rating="{store.rating}"' in trainer._score.value
    trainer.next()
    assert trainer.puzzle is TWO_WAYS
    feedback = trainer.attempt("18x11")
    assert feedback.done and trainer.board.state["status"]["text"].startswith("Right!")
    assert store.streak == 1


def test_once_solved_the_computer_side_never_starts_thinking(store: PuzzleProgress) -> None:
    """CI's browser run found the solved puzzle's status line on "Black: the computer
    (puzzle) is thinking…": the solving move started the scripted side, which had nothing
    to say, and a state built before its answer was put on the board after it. A solved
    puzzle starts nothing, and no state published after the solving move says thinking."""
    from checkers_widget.puzzles import PuzzleTrainer

    trainer = PuzzleTrainer([SHOT], progress=store)
    board = trainer.board
    assert click(board, 21, 17)
    assert board.wait(10)
    seen: list[dict[str, Any]] = []
    board.observe(lambda change: seen.append(change["new"]), names="state")
    assert click(board, 23, 14, 5)
    assert board.wait(10)
    assert seen, "the solving move published nothing"
    thinking = [
        s["status"]["text"] for s in seen if s["thinking"] or s["status"]["kind"] == "thinking"
    ]
    assert thinking == []
    assert board.state["status"] == {"text": "Right! That wins. Rating 1220 (+20).", "kind": "over"}
    assert board.game.moves == list(SHOT.solution)  # nothing played after the solution


def test_the_theme_filter_and_own_puzzles(store: PuzzleProgress) -> None:
    from checkers_widget.puzzles import PuzzleTrainer

    trainer = PuzzleTrainer(progress=store)
    everything = len(trainer.puzzles)
    assert everything == len(load())
    trainer.set_theme("two-for-one")
    assert trainer.puzzles == load("two-for-one") and "two-for-one" in trainer.puzzle.themes
    with pytest.raises(CheckersError, match="the themes are"):
        trainer.set_theme("forks")
    trainer.set_theme(None)
    assert trainer.add([TWO_WAYS]) == 1 and len(trainer.puzzles) == everything + 1
    # Saved with the progress: a new trainer offers it too.
    assert TWO_WAYS in PuzzleTrainer(progress=store.path).puzzles
    with pytest.raises(CheckersError, match="theme"):
        PuzzleTrainer(theme="fork", progress=store)


def test_loading_puzzles_needs_no_jupyter() -> None:
    """``from checkers_widget.puzzles import load`` works where ipywidgets is absent: only
    ``PuzzleTrainer`` loads the notebook side, when first asked for."""
    import subprocess
    import sys

    code = (
        "import sys\n"
        "from checkers_widget.puzzles import load, PuzzleRun\n"
        "run = PuzzleRun(load()[0])\n"
        "jupyter = ('anywidget', 'ipywidgets', 'traitlets', 'IPython')\n"
        "print(sorted(m for m in jupyter if m in sys.modules))\n"
        "from checkers_widget.puzzles import PuzzleTrainer\n"
        "print('ipywidgets' in sys.modules)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout.split("\n")
    assert out[:2] == ["[]", "True"]


def test_the_boards_hint_shows_the_next_move_and_counts_as_help(store: PuzzleProgress) -> None:
    from checkers_widget.puzzles import PuzzleTrainer

    trainer = PuzzleTrainer([SHOT], progress=store)
    board = trainer.board
    assert board is not None and trainer.run is not None
    assert board.handle_intent(
        {"kind": "command", "version": board.state["version"], "name": "hint"}
    )
    assert board.wait(10)
    assert board.state["hint"]["move"]["notation"] == "21-17", board.state["hint"]
    assert trainer.run.revealed
    trainer.attempt("21-17")
    trainer.attempt("23x14x5")
    assert trainer.run.done and not trainer.run.solved and store.result("shot") is False


def test_a_theme_no_puzzle_here_has_is_refused(store: PuzzleProgress) -> None:
    from checkers_widget.puzzles import PuzzleTrainer

    trainer = PuzzleTrainer([SHOT, TWO_WAYS], progress=store)
    trainer.set_theme("endgame")
    assert trainer.puzzles == [TWO_WAYS] and trainer.puzzle is TWO_WAYS
    with pytest.raises(CheckersError, match="none of this trainer's puzzles"):
        trainer.set_theme("three-for-one")
    assert trainer.theme == "endgame"
    assert [v for _label, v in trainer._filter.options] == ["all", "two-for-one", "endgame"]


@pytest.mark.timeout(300)
def test_a_real_review_of_a_game_with_a_missed_shot_gives_its_puzzle() -> None:
    """The same with the real review (analysis.review) instead of a hand-built one."""
    from concurrent.futures import ThreadPoolExecutor

    from checkers_widget.analysis import review

    game = Game(SHOT.fen)
    for move in ("27-24", "20x27", "21-17"):  # White misses 21-17 at once
        game.play(move)
    with ThreadPoolExecutor(1) as pool:
        reviewed = review(game, depth=8, executor=pool)
    assert reviewed.plies[0].judgement in ("mistake", "blunder")
    found = from_review(reviewed, game)
    assert [(p.fen, p.solution, p.source) for p in found] == [
        (SHOT.fen, SHOT.solution, "your game, ply 1")
    ]
    game.goto(0)  # a board stepped back (notebook 07's learn mode does that): the same line
    assert from_review(reviewed, game) == found


def test_a_puzzle_whose_fen_is_written_with_ranges_runs() -> None:
    # Reported (issue 26): PuzzleRun refused its own puzzle when the FEN listed squares as
    # ranges (B:W21-32:B1-12); positions are compared, not the text.
    opening = Puzzle("ranges", "B:W21-32:B1-12", (Move((11, 15)),), ("endgame",), 800, "x, ply 1")
    run = PuzzleRun(opening)
    assert run.game.board == Game().board
    with pytest.raises(CheckersError, match="does not start from puzzle 'ranges'"):
        PuzzleRun(opening, Game("W:W21-32:B1-12"))


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"solution": None}, "solution must be a non-empty tuple of moves, not None"),
        ({"solution": ()}, "solution must be a non-empty tuple"),
        ({"solution": ("11-15",)}, "solution move 1 is not a Move"),
        ({"solution": (Move((11, 18)),)}, "11-18"),
        ({"fen": "B:W99:B1"}, "99"),
        ({"themes": ("no-such-theme",)}, "themes must be a tuple of"),
        ({"id": ""}, "id must be non-empty text"),
    ],
    ids=["none", "empty", "text", "illegal", "fen", "theme", "id"],
)
def test_a_puzzle_that_cannot_be_played_is_refused(fields: dict[str, Any], message: str) -> None:
    # Reported (issue 26): Puzzle(..., solution=None) was accepted, then failed later with a
    # TypeError; every field is checked when the puzzle is made.
    good: dict[str, Any] = {
        "id": "p",
        "fen": "B:W21-32:B1-12",
        "solution": (Move((11, 15)),),
        "themes": ("endgame",),
        "rating": 800,
        "source": "x, ply 1",
    }
    with pytest.raises(CheckersError, match=message):
        Puzzle(**{**good, **fields})


def test_recording_something_that_is_not_a_puzzle_is_refused(store: PuzzleProgress) -> None:
    # Reported (issue 26): PuzzleProgress.record("x", True) raised AttributeError.
    with pytest.raises(CheckersError, match="record takes a Puzzle, not 'x'"):
        store.record("x", True)  # type: ignore[arg-type]
    with pytest.raises(CheckersError, match="solved must be True or False"):
        store.record(SHOT, "yes")  # type: ignore[arg-type]
    assert store.rating == START_RATING
