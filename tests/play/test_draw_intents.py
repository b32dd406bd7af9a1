"""Drawing from the board: draw intents as the browser sends them, checked by Python,
kept with the game by position, and published in the state (play/drawing.py)."""

from __future__ import annotations

from typing import Any

import pytest

from checkers_widget import Arrow, CheckersError, Drawing, Game, HookError, Mark
from checkers_widget.play.intents import IntentError, parse_intent
from checkers_widget.play.session import PlaySession
from checkers_widget.widget import CheckersWidget


def draw(session: PlaySession, action: str, version: Any = None, **fields: Any) -> Any:
    message = {"kind": "draw", "version": session.version if version is None else version}
    return session.handle({**message, "action": action, **fields})


def move(session: PlaySession, *path: int) -> Any:
    return session.handle({"kind": "move", "version": session.version, "path": list(path)})


@pytest.fixture
def session() -> PlaySession:
    board = PlaySession()
    board.start()
    return board


def test_an_arrow_and_a_mark_are_drawn_on_the_position_shown(session: PlaySession) -> None:
    version = session.version
    assert draw(session, "arrow", **{"from": 22, "to": 18, "colour": "red"}).kind == "done"
    assert draw(session, "mark", square=14, colour="blue").kind == "done"
    assert session.game.drawing() == Drawing(arrows=[(22, 18, "red")], marks=[(14, "blue")])
    assert session.state["drawings"] == {
        "arrows": [{"from": 22, "to": 18, "colour": "red"}],
        "marks": [{"square": 14, "colour": "blue"}],
    }
    # Drawing makes no new position: a move clicked next, on the same version, is played.
    assert session.version == version
    assert move(session, 11, 15).kind == "played"
    assert session.state["drawings"] == {"arrows": [], "marks": []}


def test_the_same_drawing_again_takes_it_away_and_clear_clears(session: PlaySession) -> None:
    arrow = {"from": 11, "to": 15, "colour": "green"}
    draw(session, "arrow", **arrow)
    draw(session, "arrow", **{**arrow, "colour": "yellow"})
    assert session.game.drawing().arrows == (Arrow(11, 15, "yellow"),)
    draw(session, "arrow", **{**arrow, "colour": "yellow"})
    assert not session.game.drawing()
    draw(session, "mark", square=9, colour="green")
    draw(session, "arrow", **arrow)
    outcome = draw(session, "clear")
    assert outcome.kind == "done" and outcome.changed
    assert not session.game.drawing()
    assert not draw(session, "clear").changed


def test_a_stale_drawing_is_refused(session: PlaySession) -> None:
    old = session.version
    move(session, 11, 15)
    outcome = draw(session, "mark", version=old, square=14, colour="green")
    assert outcome.kind == "refused" and "old position" in outcome.text
    assert session.game.drawings == {}


@pytest.mark.parametrize(
    "fields",
    [
        {"action": "arrow", "from": 22, "to": 18, "colour": "purple"},
        {"action": "arrow", "from": 22, "to": 33, "colour": "red"},
        {"action": "arrow", "from": 22, "to": 22, "colour": "red"},
        {"action": "arrow", "from": "22", "to": 18, "colour": "red"},
        {"action": "arrow", "from": 22, "to": 18},
        {"action": "mark", "square": 0, "colour": "red"},
        {"action": "mark", "square": 14.0, "colour": "red"},
        {"action": "mark", "square": True, "colour": "red"},
        {"action": "mark", "square": 14, "colour": ["red"]},
        {"action": "mark", "square": 14, "colour": "red", "script": "x"},
        {"action": "clear", "square": 14},
        {"action": "erase"},
        {},
    ],
)
def test_forged_drawings_are_refused_and_change_nothing(
    session: PlaySession, fields: dict[str, Any]
) -> None:
    message = {"kind": "draw", "version": session.version, **fields}
    with pytest.raises(IntentError):
        parse_intent(message)
    outcome = session.handle(message)
    assert outcome.kind == "refused" and "malformed" in outcome.text
    assert session.game.drawings == {}


def test_undo_and_browsing_show_each_positions_own_drawing(session: PlaySession) -> None:
    draw(session, "arrow", **{"from": 11, "to": 15, "colour": "green"})
    move(session, 11, 15)
    draw(session, "mark", square=19, colour="red")
    move(session, 23, 19)
    assert session.state["drawings"]["marks"] == []
    session.handle({"kind": "command", "version": session.version, "name": "undo"})
    assert session.state["drawings"]["marks"] == [{"square": 19, "colour": "red"}]
    session.handle({"kind": "command", "version": session.version, "name": "goto", "ply": 0})
    assert session.state["drawings"]["arrows"] == [{"from": 11, "to": 15, "colour": "green"}]


def test_drawing_is_refused_on_a_view_only_board_and_in_the_editor() -> None:
    viewer = PlaySession(interactive=False)
    viewer.start()
    assert draw(viewer, "mark", square=14, colour="green").kind == "refused"
    editing = PlaySession()
    editing.start()
    editing.edit(True)
    assert draw(editing, "mark", square=14, colour="green").kind == "refused"
    assert viewer.game.drawings == editing.game.drawings == {}


def test_the_widget_reads_and_sets_the_drawing_from_python() -> None:
    widget = CheckersWidget(milestones=False)
    try:
        widget.arrows = [(22, 18, "red"), Arrow(9, 14)]
        widget.marks = [14, (23, "yellow")]
        assert widget.arrows == [Arrow(22, 18, "red"), Arrow(9, 14, "green")]
        assert widget.marks == [Mark(14), Mark(23, "yellow")]
        assert widget.state["drawings"]["marks"][1] == {"square": 23, "colour": "yellow"}
        for bad in ([(22, 33)], [(22, 18, "pink")], [(22, 18), (22, 18)], "22-18"):
            with pytest.raises(CheckersError):
                widget.arrows = bad  # type: ignore[assignment]
        with pytest.raises(CheckersError):
            widget.marks = [14, 40]
        # Nothing changed by a refused value, not even half of it.
        assert widget.arrows == [Arrow(22, 18, "red"), Arrow(9, 14, "green")]
        assert widget.marks == [Mark(14), Mark(23, "yellow")]
        widget.play("11-15")
        assert widget.arrows == [] and widget.marks == []
        widget.undo()
        assert widget.arrows == [Arrow(22, 18, "red"), Arrow(9, 14, "green")]
        widget.arrows = []
        assert widget.state["drawings"]["arrows"] == []
    finally:
        widget.close()


def test_the_autosave_keeps_the_drawing(tmp_path: Any) -> None:
    path = tmp_path / "auto.pdn"
    board = PlaySession(autosave=path)
    board.start()
    move(board, 11, 15)
    draw(board, "arrow", **{"from": 23, "to": 19, "colour": "blue"})
    board.close()
    resumed = PlaySession(autosave=path)
    assert resumed.game.drawing() == Drawing(arrows=[(23, 19, "blue")])
    assert Game.load(path).drawing(1).arrows == (Arrow(23, 19, "blue"),)


def test_a_hook_can_read_the_drawing_but_not_draw() -> None:
    widget = CheckersWidget(milestones=False)
    seen: list[Any] = []
    try:
        widget.marks = [14]

        @widget.validate
        def sneaky(game: Any, _move: Any) -> None:
            seen.append(game.drawing())
            seen.append(dict(game.drawings))
            widget.arrows = [(22, 18)]  # refused: hooks cannot change the game

        with pytest.raises(HookError):
            widget.play("11-15")
        assert seen == [Drawing(marks=[14]), {0: Drawing(marks=[14])}]
        assert widget.game.drawings == {0: Drawing(marks=[14])}
        assert widget.game.ply == 0
    finally:
        widget.close()
