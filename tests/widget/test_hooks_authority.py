"""Hooks and the front end cannot break Python's authority over the game (issue 11).

- A hook (validator or observer) that tries to change the game, through the view it is
  given or through ``widget.game`` / the widget itself, changes nothing: the move is
  played exactly once or refused with a HookError, and the game is exactly as before.
- A validator's odd return value has one defined meaning.
- The front end may change only view preferences: a comm ``update`` setting anything
  else (``interactive``, the state...) is refused, and Python's value is sent back.
"""

from __future__ import annotations

import contextlib
import inspect
import logging
from collections.abc import Callable
from typing import Any

import pytest

from checkers_widget import CheckersWidget, Game
from checkers_widget.core.errors import CheckersError, HookError, MoveVetoed
from checkers_widget.play.hooks import GAME_CHANGES, GAME_READS, GameView
from checkers_widget.tutorial.lessons import LESSONS
from checkers_widget.tutorial.run import LessonRun
from checkers_widget.tutorial.ui import Tutorial, lesson_board
from checkers_widget.widget import DEFAULT_VETO, FRONTEND_TRAITS, MAX_REASON_CHARS
from intents import click, status

# --------------------------------------------------------------------------- helpers


def snapshot(game: Game) -> tuple[Any, ...]:
    """Everything a hook could change on a game."""
    return (
        game.board.to_fen(),
        [str(m) for m in game.moves],
        [str(m) for m in game.redo_moves],
        game.result,
        game.termination,
        game.draw_offer,
        dict(game.tags),
        dict(game.comments),
        {k: list(v) for k, v in game.nags.items()},
        {k: list(v) for k, v in game.variations.items()},
        game.side_names,
        game.draw_rules,
    )


def opened() -> CheckersWidget:
    """The issue's board: 11-15 23-19 played, Black to move (8-11 is legal)."""
    w = CheckersWidget()
    w.play("11-15")
    w.play("23-19")
    w.game.comments[1] = "a comment"
    w.game.tags["Event"] = "Club night"
    return w


def swallow(action: Callable[[], Any]) -> None:
    """Try an action and ignore its refusal, as a sly hook would."""
    with contextlib.suppress(CheckersError):
        action()


def set_tag(game: Any) -> None:
    game.tags["Event"] = "changed"


def set_comment(game: Any) -> None:
    game.comments[2] = "changed"


def set_nag(game: Any) -> None:
    game.nags[1] = ["!"]


def set_names(game: Any) -> None:
    game.side_names = ("Red", "White")


#: Ways a hook can try to change the game through the game it is given.
VIEW_MEDDLING: dict[str, Callable[[Any, Any], Any]] = {
    "undo": lambda g, m: g.undo(),
    "redo": lambda g, m: g.redo(),
    "reset": lambda g, m: g.reset(),
    "goto": lambda g, m: g.goto(0),
    "resign": lambda g, m: g.resign("black"),
    "play the move": lambda g, m: g.play(m),
    "play another": lambda g, m: g.play("9-13"),
    "play a legal move": lambda g, m: g.play(g.legal_moves()[0]),
    "offer a draw": lambda g, m: g.offer_draw("black"),
    "set a result": lambda g, m: g.set_result("1-0"),
    "subscribe": lambda g, m: g.subscribe(print),
    "set a tag": lambda g, m: set_tag(g),
    "set a comment": lambda g, m: set_comment(g),
    "set a mark": lambda g, m: set_nag(g),
    "rename the sides": lambda g, m: set_names(g),
    "undo, refusal caught": lambda g, m: swallow(g.undo),
}


def closure_meddling(w: CheckersWidget) -> dict[str, Callable[[Any, Any], Any]]:
    """Ways a hook can try to change the game through the widget it closes over; each
    swallows the refusal, so only the widget's own check can catch it."""
    return {
        "game.undo": lambda g, m: swallow(w.game.undo),
        "game.reset": lambda g, m: swallow(w.game.reset),
        "game.resign": lambda g, m: swallow(lambda: w.game.resign("black")),
        "game.play": lambda g, m: swallow(lambda: w.game.play(m)),
        "game.offer_draw": lambda g, m: swallow(lambda: w.game.offer_draw("black")),
        "game.tags": lambda g, m: set_tag(w.game),
        "game.comments": lambda g, m: set_comment(w.game),
        "game.side_names": lambda g, m: set_names(w.game),
        "widget.undo": lambda g, m: swallow(w.undo),
        "widget.play": lambda g, m: swallow(lambda: w.play(m)),
        "widget.new_game": lambda g, m: swallow(w.new_game),
        "widget.restart": lambda g, m: swallow(w.restart),
        "widget.goto": lambda g, m: swallow(lambda: w.goto(0)),
        "widget.game =": lambda g, m: swallow(lambda: setattr(w, "game", Game())),
        "widget.load_pdn": lambda g, m: swallow(lambda: w.load_pdn("1. 9-13 *")),
        "widget click": lambda g, m: swallow(lambda: click(w, 9, 13)),
    }


CLOSURE_KINDS = list(closure_meddling(CheckersWidget()))


def meddler(w: CheckersWidget, kind: str) -> Callable[[Any, Any], Any]:
    if kind in VIEW_MEDDLING:
        return VIEW_MEDDLING[kind]
    return closure_meddling(w)[kind]


ALL_KINDS = [*VIEW_MEDDLING, *CLOSURE_KINDS]

# --------------------------------------------------------------------------- validators


def test_the_issue_reproducer_refuses_with_a_hook_error_and_keeps_both_moves() -> None:
    w = CheckersWidget()
    w.play("11-15")
    w.play("23-19")
    w.validate(lambda g, m: g.undo())
    with pytest.raises(HookError, match="undo"):
        w.play("8-11")
    assert [str(m) for m in w.game.moves] == ["11-15", "23-19"]


@pytest.mark.parametrize("kind", ALL_KINDS)
def test_a_meddling_validator_through_play_changes_nothing(kind: str) -> None:
    w = opened()
    before = snapshot(w.game)
    w.validate(meddler(w, kind))
    with pytest.raises(HookError):
        w.play("8-11")
    assert snapshot(w.game) == before
    assert w.state["ply"] == 2 and w.state["status"]["kind"] == "error"
    w.clear_hooks()
    w.play("8-11")  # the board works on: the move is played exactly once
    assert [str(m) for m in w.game.moves] == ["11-15", "23-19", "8-11"]


@pytest.mark.parametrize("kind", ALL_KINDS)
def test_a_meddling_validator_through_a_click_changes_nothing(kind: str) -> None:
    w = opened()
    before = snapshot(w.game)
    w.validate(meddler(w, kind))
    content = {"kind": "move", "version": w.state["version"], "path": [8, 11]}
    w._on_message(w, content, [])  # exactly the comm's path
    assert snapshot(w.game) == before
    kind_, text = status(w)
    assert kind_ == "error" and "Internal error" not in text
    assert "validator" in text
    assert w.handle_intent({**content, "version": w.state["version"]}) is False
    assert snapshot(w.game) == before
    w.clear_hooks()
    assert click(w, 8, 11) is True
    assert [str(m) for m in w.game.moves] == ["11-15", "23-19", "8-11"]


@pytest.mark.parametrize("kind", ALL_KINDS)
def test_a_meddling_observer_leaves_the_move_played_exactly_once(kind: str) -> None:
    w = opened()
    w.on_move(meddler(w, kind))
    with pytest.raises(HookError, match="was played"):
        w.play("8-11")
    after = snapshot(w.game)
    assert after[1] == ["11-15", "23-19", "8-11"]
    assert after[6] == {"Event": "Club night"} and after[7] == {1: "a comment"}
    assert after[3] is None and after[5] is None and after[10] == ("Black", "White")
    assert status(w)[0] == "error"
    # And through a click: the move stands, the error shows.
    moves = list(after[1])
    assert click(w, 22, 18) is True
    assert [str(m) for m in w.game.moves] == [*moves, "22-18"]
    assert status(w)[0] == "error" and "Internal error" not in status(w)[1]


def test_hooks_read_everything_through_the_view() -> None:
    w = opened()
    seen: dict[str, Any] = {}

    @w.validate
    def look(game: GameView, move: Any) -> None:
        trial = game.copy()  # a real Game to try the move on
        trial.play(move)
        seen.update(
            ply=game.ply,
            turn=game.turn,
            fen=game.board.to_fen(),
            legal=len(game.legal_moves()),
            tag=game.tags["Event"],
            comment=game.comments[1],
            trial=trial.ply,
            pdn="11-15" in game.to_pdn(),
            equal=game == w.game,
        )

    w.play("8-11")
    assert seen == {
        "ply": 2,
        "turn": "black",
        "fen": seen["fen"],
        "legal": 7,
        "tag": "Club night",
        "comment": "a comment",
        "trial": 3,
        "pdn": True,
        "equal": True,
    }
    assert w.game.ply == 3


def test_every_public_game_member_is_classified_for_the_view() -> None:
    public = {name for name in dir(Game) if not name.startswith("_")}
    public |= {name for name in vars(Game()) if not name.startswith("_")}
    public.add("start_fen")
    assert not GAME_READS & GAME_CHANGES
    assert public == GAME_READS | GAME_CHANGES, "classify new Game members in hooks.py"
    view = GameView(Game())
    for name in GAME_READS:
        assert inspect.getattr_static(GameView, name, None) is not None, name
        getattr(view, name)  # every read works
    for name in GAME_CHANGES:
        with pytest.raises(HookError, match=name):
            getattr(view, name)()
    with pytest.raises(HookError):
        view.ply = 3  # type: ignore[misc]


def test_a_hook_copies_nothing_whatever_the_length_of_the_game(monkeypatch) -> None:
    """The view reads the live game: no Game.copy() per hook call (its cost grows with
    the game), so a long game's moves cost no more for having hooks."""
    w = CheckersWidget()
    calls = []
    w.validate(lambda g, m: calls.append(g.ply))
    w.on_move(lambda g, m: calls.append(g.ply))

    def no_copy(self: Game) -> Game:
        raise AssertionError("a hook call copied the game")

    monkeypatch.setattr(Game, "copy", no_copy)
    w.play("11-15")
    click(w, 23, 19)
    assert calls == [0, 1, 1, 2]


# --------------------------------------------------------------------------- return values


class Unprintable:
    def __str__(self) -> str:
        raise RuntimeError("no text")

    __repr__ = __str__


class SlyText(str):
    def __str__(self) -> str:
        raise RuntimeError("no text")


@pytest.mark.parametrize(
    "value",
    [Unprintable(), b"bytes", 42, True, False, ["a list"], {"a": 1}, 1.5],
    ids=["unprintable", "bytes", "int", "True", "False", "list", "dict", "float"],
)
def test_a_validator_returning_neither_none_nor_str_is_a_hook_error(value: Any) -> None:
    w = opened()
    before = snapshot(w.game)
    w.validate(lambda g, m: value)
    with pytest.raises(HookError, match="returned a"):
        w.play("8-11")
    assert snapshot(w.game) == before
    assert click(w, 8, 11) is False
    assert status(w)[0] == "error" and "None to allow" in status(w)[1]
    assert snapshot(w.game) == before


def test_a_str_subclass_reason_is_read_as_plain_text() -> None:
    w = opened()
    w.validate(lambda g, m: SlyText("not today"))
    with pytest.raises(MoveVetoed, match="not today") as info:
        w.play("8-11")
    assert type(str(info.value)) is str
    assert status(w) == ("refused", "not today")


@pytest.mark.parametrize(
    ("reason", "shown"),
    [
        ("", DEFAULT_VETO),
        ("   ", DEFAULT_VETO),
        ("x" * 100_000, "x" * (MAX_REASON_CHARS - 1) + "…"),
        ("Only 11 may move", "Only 11 may move"),
    ],
)
def test_a_reason_is_shown_cut_to_size(reason: str, shown: str) -> None:
    w = opened()
    w.validate(lambda g, m: reason)
    with pytest.raises(MoveVetoed) as info:
        w.play("8-11")
    assert str(info.value) == shown
    assert click(w, 8, 11) is False
    assert status(w) == ("refused", shown)


def test_a_validator_raising_an_unprintable_error_is_a_hook_error() -> None:
    class Odd(Exception):
        def __str__(self) -> str:
            raise RuntimeError("no text")

    def broken(game: Any, move: Any) -> None:
        raise Odd

    w = opened()
    w.validate(broken)
    with pytest.raises(HookError, match="Odd") as info:
        w.play("8-11")
    assert isinstance(info.value.__cause__, Odd)
    assert click(w, 8, 11) is False and status(w)[0] == "error"
    w.clear_hooks()
    w.on_move(broken)
    with pytest.raises(HookError, match="was played"):
        w.play("8-11")


# --------------------------------------------------------------------------- the front end


def update(widget: CheckersWidget, state: Any) -> list[dict[str, Any]]:
    """Send a comm ``update`` exactly as the front end does; returns what Python sent back."""
    sent: list[dict[str, Any]] = []
    widget.comm.send = lambda data=None, metadata=None, buffers=None: sent.append(data)  # type: ignore[union-attr]
    widget._handle_msg({"content": {"data": {"method": "update", "state": state}}, "buffers": []})
    return sent


def resent(sent: list[dict[str, Any]]) -> dict[str, Any]:
    return {k: v for msg in sent if msg["method"] == "update" for k, v in msg["state"].items()}


def test_the_front_end_cannot_make_a_view_only_board_playable(caplog) -> None:
    w = CheckersWidget(interactive=False)
    with caplog.at_level(logging.WARNING, logger="checkers_widget"):
        sent = update(w, {"interactive": True})
    assert w.interactive is False
    assert resent(sent) == {"interactive": False}  # the front end is told the truth
    assert any("interactive" in r.getMessage() for r in caplog.records)
    assert click(w, 11, 15) is False
    assert status(w) == ("refused", "This board is for viewing only")
    assert w.game.ply == 0


def test_the_intent_handler_reads_pythons_record_not_the_trait() -> None:
    w = CheckersWidget(interactive=False)
    w.interactive = True  # Python's own assignment is the record
    assert click(w, 11, 15) is True
    w.interactive = False
    assert click(w, 22, 18) is False and w.game.ply == 1
    w.interactive = True
    w.session.interactive = False  # the record, not the trait, decides
    assert click(w, 22, 18) is False and w.game.ply == 1


@pytest.mark.parametrize(
    "state",
    [
        {"state": {"legal": [], "version": 99, "players": {"black": "human"}}},
        {"game_info": {"black": "Forged"}},
        {"_esm": "alert(1)"},
        {"_css": "body{display:none}"},
        {"_model_name": "Other"},
        {"layout": "IPY_MODEL_x"},
        {"tooltip": "forged"},
        {"unknown": 1},
        {"live_eval": True},
    ],
)
def test_the_front_end_cannot_set_what_carries_authority(state: dict[str, Any]) -> None:
    w = CheckersWidget(controls=["undo", "redo", "flip"])
    key = next(iter(state))
    before = getattr(w, key, None)
    sent = update(w, state)
    assert getattr(w, key, None) == before
    if key in w.keys:
        assert key in resent(sent)
    assert click(w, 11, 15) is True  # the board itself is untouched


def test_the_front_end_may_change_view_preferences() -> None:
    w = CheckersWidget()
    sent = update(w, {"orientation": "white", "show_numbers": True, "animate": False})
    assert (w.orientation, w.show_numbers, w.animate) == ("white", True, False)
    assert resent(sent) == {}
    update(w, {"size": 400})
    assert w.size == 400
    update(w, {"live_eval": True})  # the Evaluation switch: offered on this board
    assert w.live_eval is True
    update(w, {"live_eval": False})
    w.wait()
    # The Screen reader switch: a view preference, on any board (whatever controls=).
    restricted = CheckersWidget(controls=["undo"], interactive=False)
    for board in (w, restricted):
        assert resent(update(board, {"accessible": True})) == {}
        assert board.accessible is True
        update(board, {"accessible": False})
        assert board.accessible is False
    assert resent(update(w, {"accessible": "yes"})) == {"accessible": False}
    assert {"orientation", "show_numbers", "animate", "size", "accessible"} <= FRONTEND_TRAITS


@pytest.mark.parametrize(
    "state",
    [{"orientation": "red"}, {"size": 5}, {"size": "big"}, {"show_numbers": [1]}, ["x"], 5],
)
def test_a_bad_view_value_from_the_front_end_is_refused_and_resent(state: Any) -> None:
    w = CheckersWidget()
    before = (w.orientation, w.size, w.show_numbers)
    sent = update(w, state)
    assert (w.orientation, w.size, w.show_numbers) == before
    if isinstance(state, dict):
        assert set(resent(sent)) == set(state)


def test_a_lesson_board_keeps_its_authority_too() -> None:
    tutorial = Tutorial(LESSONS)
    board = tutorial.board
    assert board is not None
    before = snapshot(board.game)
    update(board, {"interactive": False, "state": {"version": 0, "pending": {"path": [1]}}})
    assert board.interactive is True and board.state["version"] != 0
    update(board, {"live_eval": True})  # lessons offer no evaluation
    assert board.live_eval is False
    assert snapshot(board.game) == before
    # A forged click on the Hint button shown disabled does nothing.
    run = tutorial.run
    assert run is not None
    tutorial._hint_button.disabled = True
    hints = run._hints_given
    tutorial._hint_button._handle_button_msg(None, {"event": "click"}, [])
    assert run._hints_given == hints
    tutorial._hint_button.disabled = False
    tutorial._hint_button._handle_button_msg(None, {"event": "click"}, [])
    assert run._hints_given == hints + 1


def test_a_view_only_lesson_board_is_not_made_playable_by_the_front_end() -> None:
    run = LessonRun(LESSONS[0], play_replies=False)
    board = lesson_board(run, interactive=False)
    update(board, {"interactive": True})
    legal = board.game.legal_moves()[0]
    before = snapshot(board.game)
    assert (
        board.handle_intent(
            {"kind": "move", "version": board.state["version"], "path": list(legal.path)}
        )
        is False
    )
    assert snapshot(board.game) == before
    assert run.mistakes == 0  # a refused view-only click is no lesson mistake
