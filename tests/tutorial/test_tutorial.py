"""The tutorial: every lesson solvable, wrong moves explained, hints, stars and saved progress.

Each built-in lesson is played through twice: in plain Python (``LessonRun``) and on the
tutorial's live board, driven with ``handle_intent`` exactly as the browser drives it.
Each one also refuses a typical wrong move with the right explanation, in both places.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from checkers_widget import DrawRules, Game
from checkers_widget.tutorial import (
    LESSONS,
    Lesson,
    LessonError,
    LessonRun,
    Progress,
    Step,
    default_progress_path,
    lesson,
    stars_for,
)
from checkers_widget.tutorial.text import to_html
from intents import offered

IDS = [x.id for x in LESSONS]

#: For every lesson, a typical wrong attempt and what the learner must be told:
#: (attempt, words in Python's feedback, words on the board's status line). The words
#: explain the rule and never name the answer (that is the Hint's job).
WRONG: dict[str, tuple[str, str, str]] = {
    "board": ("22-18", "it is Black's turn, and the piece on 22 is White's", "Black's turn"),
    "man-moves": ("14-10", "a man cannot move backwards; only a king can", ""),
    "capture": ("14x5", "a man cannot capture backwards; only a king can", ""),
    "compulsory": ("11-15", "11-15: a capture is available: capturing is compulsory", ""),
    "choose-capture": ("10-14", "10-14: a capture is available: capturing is compulsory", ""),
    "multi-jump": ("9x18", "9x18: the jump must continue", "keep jumping"),
    "crowning": ("22x31x24", "crowning ended the move at 31; the new king waits a turn", ""),
    "king-moves": ("18-5", "a king moves one square at a time (kings do not fly)", ""),
    "king-captures": (
        "23x14",
        "the jump must continue: the piece on 14 can still jump",
        "keep jumping",
    ),
    "win-capture-all": ("17x26", "it takes only one piece", ""),
    "win-block": ("22-25", "White would jump 29x22", ""),
    "draw-move-count": ("12-16", "a man move starts the count again", ""),
    "draw-repetition": ("7-10", "the same position has to come back", ""),
    "draw-offer": ("6-9", "Moving does not offer a draw", ""),
}

#: The rules the issue lists, and the lesson that teaches each.
RULES = {
    "the board and the setup (squares, who moves first, orientation)": "board",
    "moving a man": "man-moves",
    "capturing": "capture",
    "compulsory capture": "compulsory",
    "any capture may be chosen": "choose-capture",
    "finishing a multi-jump": "multi-jump",
    "crowning ends the move": "crowning",
    "kings moving backwards": "king-moves",
    "kings capturing backwards": "king-captures",
    "winning by capturing everything": "win-capture-all",
    "winning by blocking": "win-block",
    "draw by the move-count rule": "draw-move-count",
    "draw by repetition": "draw-repetition",
    "draw offers": "draw-offer",
}


@pytest.fixture
def progress(tmp_path: Path) -> Progress:
    return Progress(tmp_path / "progress.json")


@pytest.fixture(autouse=True)
def _no_home_writes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Never touch the real ~/.checkers_widget from a test."""
    monkeypatch.setenv("CHECKERS_WIDGET_HOME", str(tmp_path / "home"))


def click(board: Any, *path: int) -> bool:
    return board.handle_intent(
        {"kind": "move", "version": board.state["version"], "path": list(path)}
    )


def command(board: Any, name: str) -> bool:
    return board.handle_intent({"kind": "command", "version": board.state["version"], "name": name})


def tutorial(start: str, progress: Progress) -> Any:
    from checkers_widget.tutorial import Tutorial

    return Tutorial(start=start, progress=progress)


# --------------------------------------------------------------------------- the series


def test_every_rule_has_a_lesson_in_teaching_order() -> None:
    assert len(IDS) == len(set(IDS))
    assert set(RULES.values()) <= set(IDS)
    order = [IDS.index(RULES[r]) for r in RULES]
    assert order == sorted(order), "the lessons should follow the rules' teaching order"
    assert set(WRONG) == set(IDS), "every lesson needs a typical wrong move in WRONG"
    for item in LESSONS:
        assert item.rule and item.text and item.task and item.hints and item.success


@pytest.mark.parametrize("item", LESSONS, ids=IDS)
def test_lesson_completes_with_its_expected_moves(item: Lesson) -> None:
    run = LessonRun(item)
    for n, step in enumerate(item.steps):
        assert not run.done
        assert run.expected == run.game.board.parse_move(step.move)
        feedback = run.attempt(step.move)
        assert feedback.ok, feedback.message
        assert run.step == n + 1
    if item.goal == "offer-draw":
        assert not run.done
        feedback = run.offer_draw()
        assert run.game.termination == "draw agreed"
    assert run.done and feedback.done and feedback.kind == "done"
    assert feedback.stars == run.stars == 3
    assert item.success in feedback.message
    if item.result is not None:
        assert run.game.result == item.result
    # The lesson then refuses to go on, kindly.
    assert run.attempt("1-5").message == "This lesson is already done"


@pytest.mark.parametrize(
    "item", [x for x in LESSONS if any(s.also for s in x.steps)], ids=lambda x: x.id
)
def test_every_accepted_alternative_completes(item: Lesson) -> None:
    last = item.steps[-1]
    accepted = LessonRun(item)
    for step in item.steps[:-1]:
        accepted.attempt(step.move)
    for move in last.accepted(accepted.game.board):
        run = LessonRun(item)
        for step in item.steps[:-1]:
            run.attempt(step.move)
        assert run.attempt(move).done, move


@pytest.mark.parametrize("item", LESSONS, ids=IDS)
def test_lesson_refuses_a_typical_wrong_move_with_the_reason(item: Lesson) -> None:
    attempt, words, _ = WRONG[item.id]
    run = LessonRun(item)
    fen = run.game.board.to_fen()
    feedback = run.attempt(attempt)
    assert not feedback.ok and feedback.kind == "wrong"
    assert words in feedback.message
    assert run.game.board.to_fen() == fen and run.game.ply == 0
    assert run.mistakes == 1 and not run.done
    # Solved after that slip: two stars.
    for step in item.steps:
        run.attempt(step.move)
    if item.goal == "offer-draw":
        run.offer_draw()
    assert run.done and run.stars == 2


@pytest.mark.parametrize("item", LESSONS, ids=IDS)
def test_lesson_on_the_board(item: Lesson, progress: Progress) -> None:
    """Wrong click refused on the status line, then solved by clicks, reply and all."""
    tut = tutorial(item.id, progress)
    board, run = tut.board, tut.run
    assert board.game is run.game and board.orientation == "black"
    assert board.players == {"black": "human", "white": "computer"}
    attempt, python_words, board_words = WRONG[item.id]
    squares = [int(s) for s in attempt.replace("x", "-").split("-")]
    assert not click(board, *squares)
    status = board.state["status"]
    if board_words == "keep jumping":  # half a jump on the board: it waits for the rest
        assert status["kind"] == "keep-jumping" and board.state["pending"]["path"] == squares
        assert run.mistakes == 0
        command(board, "undo")  # drops the jump in progress
        assert board.state["pending"] is None
    else:
        assert status["kind"] == "refused"
        assert (board_words or python_words) in status["text"]
        assert run.mistakes == 1
        assert (board_words or python_words) in tut._feedback.value.replace("&#x27;", "'")
    assert board.game.ply == 0
    for step in item.steps:
        move = board.game.board.parse_move(step.move)
        assert click(board, *move.path)
        assert board.wait(10)
    if item.goal == "offer-draw":
        assert command(board, "offer-draw")
    assert run.done, run.feedback
    assert board.game.result == (item.result or board.game.result)
    stars = 3 if board_words == "keep jumping" else 2
    assert run.stars == stars and progress.stars(item.id) == stars
    assert 'data-done="true"' in tut._feedback.value
    assert f'data-stars="{stars}"' in tut._head.value
    # The picker still shows this lesson, now with its stars.
    assert tut._picker.index == tut.index == IDS.index(item.id)
    assert tut._picker.label.endswith("★" * stars + "☆" * (3 - stars))


def test_a_lesson_board_offers_only_what_the_lesson_needs(progress: Progress) -> None:
    tut = tutorial("compulsory", progress)
    assert offered(tut.board) == {"undo", "redo", "flip", "replay", "accessible"}
    assert tut.board.size == 480  # beside the task, and the same size all along
    assert not command(tut.board, "offer-draw")
    assert tut.board.state["status"]["text"] == "That control is not offered on this board"
    tut.start("draw-offer")  # the lesson about offering a draw offers one
    assert {"offer-draw", "accept-draw", "decline-draw"} <= offered(tut.board)
    assert "evaluation" not in offered(tut.board)


def typed(board: Any, notation: str) -> bool:
    """What the screen-reader mode's Command box sends for a typed move."""
    return board.handle_intent(
        {"kind": "move", "version": board.state["version"], "notation": notation}
    )


def test_a_lesson_is_played_by_typed_moves_as_by_clicks(progress: Progress) -> None:
    """The lesson board offers the Screen reader switch; a learner who types the moves
    there meets the lesson's refusals and solves it as one who clicks."""
    tut = tutorial("compulsory", progress)
    tut.board.accessible = True
    fen = tut.board.game.board.to_fen()
    typed(tut.board, "11-15")  # a step where a jump is compulsory
    assert tut.board.state["status"]["kind"] == "refused"
    assert "capturing is compulsory" in tut.board.state["status"]["text"]
    assert tut.board.game.board.to_fen() == fen
    assert typed(tut.board, "9x18") and tut.board.wait(10)
    assert tut.board.state["status"] == {"text": "Lesson solved ★★☆", "kind": "over"}


def test_a_solved_lesson_says_so_and_offers_next_beside_the_feedback(
    progress: Progress,
) -> None:
    tut = tutorial("compulsory", progress)
    assert tut._continue.layout.display == "none"
    assert tut.attempt("9x18").done
    assert tut.board.state["status"] == {"text": "Lesson solved ★★★", "kind": "over"}
    assert tut._continue.layout.display == ""
    assert command(tut.board, "undo")  # no longer solved: the status says whose turn it is
    assert tut.board.state["status"]["text"] == "Black to move: you must jump"
    assert tut._continue.layout.display == "none"
    tut.start("win-capture-all")
    assert tut.attempt("25x18x11").done
    assert tut.board.state["status"]["text"] == (
        "Black wins: White has no pieces left. Lesson solved ★★★"
    )
    tut.start(len(tut.lessons) - 1)  # after the last lesson there is no Next
    assert tut.offer_draw().done
    assert tut.board.state["status"]["text"].endswith("Lesson solved ★★★")
    assert tut._continue.layout.display == "none"


def test_a_solved_lesson_lights_no_piece_and_offers_no_hint(progress: Progress) -> None:
    """The review: a solved lesson still lit the pieces that could move (a click only got
    "This lesson is done") and its Hint stayed active with nothing left to find."""
    tut = tutorial("compulsory", progress)
    assert tut.board.state["legal"] and not tut._hint_button.disabled
    assert tut.attempt("9x18").done
    assert tut.board.state["legal"] == [] and tut._hint_button.disabled
    assert command(tut.board, "undo")  # no longer solved: the lesson goes on
    assert tut.board.state["legal"] and not tut._hint_button.disabled


def test_scripted_reply_is_played_by_the_board_and_undo_takes_back_the_turn(
    progress: Progress,
) -> None:
    tut = tutorial("crowning", progress)
    board, run = tut.board, tut.run
    assert click(board, 22, 31)
    assert board.wait(10)
    assert [str(m) for m in board.game.moves] == ["22x31", "19-15"]
    assert board.game.board.piece_at(31).king
    assert run.step == 1 and "capture the man on 27" in run.task
    assert "capture the man on 27" in tut._task.value
    assert command(board, "undo")
    assert board.game.ply == 0 and run.step == 0 and run.feedback.message.startswith("Taken back")
    # Played again after Undo (the reply waits in the redo line): still answered.
    assert click(board, 22, 31) and board.wait(10)
    assert [str(m) for m in board.game.moves] == ["22x31", "19-15"]
    assert command(board, "undo") and board.game.ply == 0
    feedback = tut.attempt("22x31")
    assert feedback.ok and "White replied 19-15" in feedback.message
    assert tut.attempt("31x24").done


def test_moves_from_python_go_through_the_lesson(progress: Progress) -> None:
    tut = tutorial("multi-jump", progress)
    feedback = tut.attempt([9, 18])  # half a jump
    assert not feedback.ok and "the jump must continue" in feedback.message
    assert tut.board.state["status"]["text"] == feedback.message
    assert tut.attempt("9x27").done  # start and end are enough when one route fits


# --------------------------------------------------------------------------- hints and stars


def test_hints_come_in_order_then_the_move_is_shown() -> None:
    item = lesson("compulsory")
    run = LessonRun(item)
    assert [run.hint().text for _ in item.hints] == list(item.hints)
    shown = run.hint()
    assert shown.move is not None and str(shown.move) == "9x18" and shown.text == "Play 9x18."
    assert run.hint() == shown  # asking again shows the same move, at no extra cost
    assert run.help == len(item.hints) + 2
    assert run.feedback.kind == "hint"
    run.attempt("9x18")
    assert run.done and run.stars == 1


def test_the_hint_buttons_show_the_lessons_move_on_the_board(progress: Progress) -> None:
    tut = tutorial("king-captures", progress)
    for text in lesson("king-captures").hints:
        assert tut.hint().text == text
        assert tut.board.state["hint"] is None
        assert f"Hint: {text}" in tut._feedback.value
    shown = tut.hint()
    assert str(shown.move) == "23x14x21"
    assert tut.board.state["hint"]["move"]["notation"] == "23x14x21"
    assert tut.board.state["hint"]["score"] == ""  # not an engine's evaluation
    # The board offers no second Hint: the lesson's graded one is the only one.
    tut.start("win-block")
    assert "hint" not in offered(tut.board)
    assert not command(tut.board, "hint")
    assert tut.board.state["status"]["text"] == "That control is not offered on this board"
    assert tut.board.state["hint"] is None and tut.run.help == 0


def test_the_evaluation_switch_gives_nothing_away(progress: Progress) -> None:
    tut = tutorial("win-block", progress)
    tut.board.live_eval = True  # evaluated by a real engine (about a second)
    assert tut.board.wait(20)
    assert tut.board.state["evaluation"]["score"] not in ("", None)
    assert tut.run.help == 0 and tut.board.state["hint"] is None
    tut.board.live_eval = False


@pytest.mark.parametrize(
    ("cost", "stars"), [(0, 3), (1, 2), (2, 1), (5, 1)], ids=["clean", "one", "two", "many"]
)
def test_stars_for_cost(cost: int, stars: int) -> None:
    assert stars_for(cost) == stars


def test_one_hint_gives_two_stars() -> None:
    run = LessonRun(lesson("capture"))
    run.hint()
    assert run.attempt("14x23").stars == 2


def test_draw_offer_outside_the_draw_lesson_is_declined() -> None:
    run = LessonRun(lesson("man-moves"))
    feedback = run.offer_draw()
    assert "White declines the draw offer" in feedback.message
    assert run.game.draw_offer is None and not run.game.is_over()
    assert "once per move" in run.offer_draw().message  # the rules still apply


def test_moves_played_on_the_game_directly_are_followed() -> None:
    run = LessonRun(lesson("compulsory"))
    run.game.play("9x18")
    run.game.play("23x14")
    assert run.done and run.stars == 3
    off = LessonRun(lesson("draw-repetition"))
    off.game.play("7-10")
    assert off.feedback.message == "7-10 is not part of this lesson: press Try again"
    assert off.attempt("26-22").message == "It is White's turn: the lesson plays White's moves"
    off.restart()
    assert off.game.ply == 0 and off.step == 0 and off.feedback.message.startswith("Back to")


# --------------------------------------------------------------------------- progress


def test_progress_survives_a_new_tutorial_and_keeps_the_best(tmp_path: Path) -> None:
    from checkers_widget.tutorial import Tutorial

    path = tmp_path / "class" / "progress.json"
    first = Tutorial(progress=path)
    assert first.lesson.id == "board" and not path.exists()  # nothing written yet
    assert first.attempt("11-15").done
    assert json.loads(path.read_text())["lessons"]["board"]["stars"] == 3
    first.start("board")
    first.attempt("22-18")
    assert first.attempt("11-15").stars == 2
    again = Tutorial(progress=path)  # "reopening the notebook"
    assert again.stars["board"] == 3  # the best is kept
    assert again.lesson.id == "man-moves"  # opens at the first lesson not solved yet
    assert again._picker.options[0][0] == "1. The board and who moves first  ★★★"
    assert json.loads(path.read_text())["lessons"]["board"]["solved"] == 2
    assert [p.name for p in path.parent.iterdir()] == ["progress.json"]  # no temp files


def test_progress_file_default_location_and_bad_files(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CHECKERS_WIDGET_HOME", str(tmp_path / "cw"))
    assert default_progress_path() == tmp_path / "cw" / "progress.json"
    assert Progress().path == tmp_path / "cw" / "progress.json"
    monkeypatch.delenv("CHECKERS_WIDGET_HOME")
    assert default_progress_path() == Path.home() / ".checkers_widget" / "progress.json"
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    store = Progress(bad)
    assert store.as_dict() == {} and (tmp_path / "bad.json.bad").exists()
    assert store.record("capture", 2) == 2 and store.record("capture", 1) == 2
    assert store.record("capture", 3) == 3 and Progress(bad).stars("capture") == 3
    with pytest.raises(ValueError, match="stars must be 1, 2 or 3"):
        store.record("capture", 4)
    store.forget("capture")
    assert Progress(bad).stars("capture") == 0


def test_two_stores_on_one_file_merge(tmp_path: Path) -> None:
    a, b = Progress(tmp_path / "p.json"), Progress(tmp_path / "p.json")
    a.record("board", 3)
    b.record("capture", 1)  # b had not seen a's save; the file keeps both
    assert Progress(tmp_path / "p.json").as_dict() == {"board": 3, "capture": 1}


# --------------------------------------------------------------------------- writing lessons


def test_a_teachers_lesson_round_trips_and_runs() -> None:
    mine = Lesson(
        id="my-lesson",
        title="Take two",
        fen="B:W14,22,23,32:B1,9",
        task="Take two pieces with the man on 9.",
        solution=["9x18x27"],
        feedback={"9x18x25": "That also takes two, but today go right."},
        hints=["Start with 9x18."],
    )
    assert mine.steps == (Step("9x18x27"),)
    assert Lesson.from_dict(json.loads(json.dumps(mine.to_dict()))).to_dict() == mine.to_dict()
    run = LessonRun(mine)
    assert run.attempt("9x18x25").message == "That also takes two, but today go right."
    assert run.attempt("9x18x27").done
    for item in LESSONS:
        assert Lesson.from_dict(item.to_dict()).to_dict() == item.to_dict()


@pytest.mark.parametrize(
    ("fields", "error"),
    [
        ({"fen": "B:W99:B1"}, "cannot set up the position"),
        ({"solution": ["11-16"]}, "step 1 (after the start): 11-16 is not a legal move"),
        ({"solution": ["9x18"]}, "legal moves: 9x18x25, 9x18x27"),
        ({"solution": [Step("9x18x25", reply="1-5")]}, "the reply 1-5 is not legal"),
        ({"solution": ["9x18x25", "1-6"]}, "it is the opponent's turn; give this step a reply"),
        ({"solution": ["9x18x25"], "result": "1-0"}, "ends with result none"),
        (
            {"solution": [Step("9x18x25", also="*", reply="32-28"), "1-6"]},
            "only allowed in the last",
        ),
        ({"solution": []}, "at least one step"),
        ({"solution": ["nine to 18"]}, "is not move text"),
        ({"id": "Not A Slug"}, "must be a short slug"),
        ({"task": " "}, "task must be a non-empty string"),
        ({"goal": "win"}, "goal must be one of"),
        ({"feedback": {"9x18x27": "no"}}, "a move the first step accepts"),
        ({"feedback": {"9": "no"}}, "is not move text"),
        ({"draw_rules": "sometimes"}, "unknown draw rules"),
    ],
)
def test_a_malformed_lesson_is_refused_clearly(fields: dict[str, Any], error: str) -> None:
    base: dict[str, Any] = {
        "id": "broken",
        "title": "Broken",
        "fen": "B:W14,22,23,32:B1,9",
        "task": "Jump.",
        "solution": [Step("9x18x25", also=("9x18x27",))],
    }
    with pytest.raises(LessonError, match=r"broken|slug") as info:
        Lesson(**{**base, **fields})
    assert error in str(info.value)


def test_draw_rules_and_offers_in_lessons() -> None:
    quick = Lesson(
        id="quick",
        title="Quick draw",
        fen="B:WK28:BK10",
        task="Shuffle.",
        draw_rules=DrawRules(quiet_moves=1),
        solution=[Step("10-15", reply="28-24")],
        result="1/2-1/2",
    )
    assert LessonRun(quick).attempt("10-15").done
    with pytest.raises(LessonError, match="no draw can be offered"):
        Lesson(
            **{
                **quick.to_dict(),
                "draw_rules": DrawRules(quiet_moves=1),
                "goal": "offer-draw",
                "result": None,
                "id": "offer",
            }
        )


def test_tutorial_needs_unique_lessons() -> None:
    from checkers_widget.tutorial import Tutorial

    with pytest.raises(LessonError, match="two lessons have the id 'board'"):
        Tutorial([LESSONS[0], LESSONS[0]])
    with pytest.raises(KeyError, match="no lesson 'nope'"):
        lesson("nope")


def test_lesson_text_to_html() -> None:
    out = to_html("A **bold** and *light* `11-15` <b>\n\n- one\n  more\n- two")
    assert out == (
        "<p>A <strong>bold</strong> and <em>light</em> <code>11-15</code> &lt;b&gt;</p>\n"
        "<ul><li>one more</li><li>two</li></ul>"
    )
    assert "<p>" in to_html(LESSONS[0].text)


def test_a_new_game_is_the_lesson_start() -> None:
    game = lesson("win-block").new_game()
    assert isinstance(game, Game) and game.board.to_fen() == "B:W29:B21,22"


# --------------------------------------------------------------------------- feedback vs hint


def _answer_texts(step: Step, board: Any) -> set[str]:
    """How a message could give a step's answer away: each accepted move's text, and for a
    jump the hops still to go from each landing square (``18x25`` of ``9x18x25``)."""
    texts = set()
    for move in step.accepted(board):
        texts.add(str(move))
        for i in range(1, len(move.path) - 1):
            texts.add("x".join(map(str, move.path[i:])))
    return texts


def _attempts(board: Any) -> list[tuple[int, ...]]:
    """What a learner can click: each own piece to every other square, every legal jump
    stopped early, every legal move carried one square too far."""
    own = [s for s, piece in board.pieces.items() if piece.color == board.turn]
    found = {(s, t) for s in own for t in range(1, 33) if t != s}
    for move in board.legal_moves():
        found.update(move.path[:k] for k in range(2, len(move.path)))
        found.update((*move.path, t) for t in range(1, 33) if t not in move.path)
    return sorted(found)


def _wrong_move_feedback(run: LessonRun) -> list[tuple[tuple[int, ...], str]]:
    """The feedback for every wrong attempt in the run's position: (attempt, message)."""
    board = run.game.board
    step = run.current_step
    accepted = step.accepted(board) if step is not None else []
    legal = {m.path: m for m in board.legal_moves()}
    out = []
    for path in _attempts(board):
        move = legal.get(path)
        if move is not None:
            if move in accepted:
                continue
            reason = run.judge(move)
            assert reason is not None, (run.lesson.id, path)
            out.append((path, reason))
        else:
            if len(path) == 2 and any(m.start == path[0] and m.end == path[1] for m in accepted):
                continue  # a start and end square naming an accepted jump: that is the answer
            out.append((path, run.refused(path).message))
    return out


@pytest.mark.parametrize("item", LESSONS, ids=IDS)
def test_no_wrong_move_feedback_names_the_answer(item: Lesson) -> None:
    """Feedback explains the rule; the answer belongs to Hint. In every position of the
    solution, no message for a wrong attempt (legal or not) contains the move the lesson
    expects, or the rest of an expected jump."""
    run = LessonRun(item)
    for step in item.steps:
        board = run.game.board
        answers = _answer_texts(step, board)
        feedback = _wrong_move_feedback(run)
        assert feedback, item.id
        for path, message in feedback:
            # The message may repeat what the learner tried; that is not giving away.
            said = message
            for sep in "-x":
                said = said.replace(sep.join(map(str, path)), "")
            for answer in answers:
                named = re.search(rf"(?<![\d-]){answer}(?![\d])", said)
                assert named is None, (item.id, path, message)
        assert run.attempt(step.move).ok


def test_lesson_3_refuses_a_wrong_move_on_the_board_without_the_answer(
    progress: Progress,
) -> None:
    """The user's report: in lesson 3 (Capturing) a wrong click named 14x23 on the status
    line and in the feedback; it must say which rule was broken, and Hint gives the move."""
    assert IDS[2] == "capture"
    tut = tutorial("capture", progress)
    board = tut.board
    assert not click(board, 3, 7)
    status = board.state["status"]
    assert status["kind"] == "refused"
    assert "capturing is compulsory" in status["text"] and "14x23" not in status["text"]
    assert "capturing is compulsory" in tut._feedback.value and "14x23" not in tut._feedback.value
    hints = [tut.run.hint() for _ in range(len(tut.run.lesson.hints) + 1)]
    assert hints[-1].move is not None and str(hints[-1].move) == "14x23"
