"""The tutorial's chapter "Other draughts": one lesson per variant, each solvable, each
refusing the move its variant forbids (or a move that misses its rule) with words that
explain it, in plain Python and on the lesson's live board."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from checkers_widget.core.variants import VARIANTS
from checkers_widget.tutorial import (
    CHAPTERS,
    OTHER_DRAUGHTS,
    Lesson,
    LessonError,
    LessonRun,
    Progress,
    lesson,
)
from intents import click

IDS = [x.id for x in OTHER_DRAUGHTS]

#: For every lesson a typical wrong attempt, the words the learner is told.
WRONG: dict[str, tuple[str, str]] = {
    "international-most-pieces": ("27x36", "the capture that takes the most pieces"),
    "russian-crowned-mid-capture": ("9x2", "keep jumping"),
    "brazilian-most-pieces": ("7-2", "capture"),
    "pool-crowned-only-at-the-end": ("9-5", "capture"),
    "italian-men-spare-kings": ("23x14", "a man may not capture a king in Italian draughts"),
    "spanish-flying-king": ("13-18", "capture"),
    "giveaway-lose-to-win": ("11-16", "put it where White's man must take it"),
}


@pytest.fixture(autouse=True)
def _no_home_writes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CHECKERS_WIDGET_HOME", str(tmp_path / "home"))


def test_one_lesson_for_each_variant_other_than_american_checkers() -> None:
    taught = {item.variant for item in OTHER_DRAUGHTS}
    assert taught == set(VARIANTS) - {"american"}
    assert len(IDS) == len(set(IDS)) == len(taught)
    assert set(WRONG) == set(IDS)
    assert CHAPTERS["other-draughts"] == OTHER_DRAUGHTS
    for item in OTHER_DRAUGHTS:
        assert item.rule and item.text and item.task and item.hints and item.success
        assert lesson(item.id) is item


@pytest.mark.parametrize("item", OTHER_DRAUGHTS, ids=IDS)
def test_each_lesson_is_played_by_its_variant_and_completes(item: Lesson) -> None:
    run = LessonRun(item)
    assert run.game.variant.name == item.variant
    for step in item.steps:
        feedback = run.attempt(step.move)
        assert feedback.ok, feedback.message
    assert run.done and run.stars == 3
    assert item.success in run.feedback.message
    if item.result is not None:
        assert run.game.result == item.result


@pytest.mark.parametrize("item", OTHER_DRAUGHTS, ids=IDS)
def test_each_lesson_refuses_its_typical_wrong_move(item: Lesson) -> None:
    attempt, words = WRONG[item.id]
    run = LessonRun(item)
    if words == "keep jumping":  # half of a capture: legal so far, not a whole move
        with pytest.raises(Exception):  # noqa: B017 - parse_move's own error
            run.game.board.parse_move(attempt)
        return
    feedback = run.attempt(attempt)
    assert not feedback.ok, feedback.message
    assert words in feedback.message
    assert run.game.ply == 0


def test_the_same_position_is_another_lesson_in_american_checkers() -> None:
    """The variant is part of the lesson: the international position is no 10x10 board in
    American checkers, and a lesson without a variant is American."""
    with pytest.raises(LessonError, match="cannot set up the position"):
        Lesson(id="x", title="x", fen="W:W27,26:B31,14,32", task="x", solution=["26x37x28"])
    data = OTHER_DRAUGHTS[0].to_dict()
    assert data["variant"] == "international"
    assert Lesson.from_dict(data).variant == "international"
    assert "variant" not in CHAPTERS["rules"][0].to_dict()


@pytest.mark.parametrize("item", OTHER_DRAUGHTS, ids=IDS)
def test_each_lesson_on_its_board(item: Lesson, tmp_path: Path) -> None:
    """The chapter's tutorial draws the variant's board and is solved by clicks."""
    from checkers_widget.tutorial import Tutorial

    tut: Any = Tutorial("other-draughts", start=item.id, progress=Progress(tmp_path / "p.json"))
    board, run = tut.board, tut.run
    assert board.game.variant.name == item.variant
    size = 10 if item.variant == "international" else 8
    assert board.state["geometry"]["size"] == size
    assert board.orientation == run.learner
    for step in item.steps:
        move = board.game.board.parse_move(step.move)
        assert click(board, *move.path), board.state["status"]
        assert board.wait(10)
    assert run.done and run.stars == 3, run.feedback


def test_an_unknown_chapter_is_refused_with_the_chapters() -> None:
    from checkers_widget.tutorial import Tutorial

    with pytest.raises(LessonError, match="the chapters are: rules, other-draughts"):
        Tutorial("variants")
