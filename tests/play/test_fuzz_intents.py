"""Fuzzing the widget's intents: any JSON value, anywhere, gets a refusal (issue 11).

Invariants, for a plain board and a lesson board alike:

- ``handle_intent`` never raises: an intent is acted on or refused with a reason shown
  on the status line as a refusal (never "Internal error", which means a bug);
- after a refusal the game (FEN, moves, result) is exactly as before;
- valid intents still work.

The values: arbitrary JSON (``None``, booleans, integers of any size, floats, strings,
lists and objects nested at random) as a whole message, in every field of every intent
kind, as an extra field, and valid intents mutated; plus nesting far deeper than
Python's recursion limit.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from checkers_widget import CheckersWidget
from checkers_widget.core.errors import IntentError
from checkers_widget.engine import Analysis, Engine
from checkers_widget.play.intents import (
    COMMANDS,
    EDIT_ACTIONS,
    EDIT_PIECES,
    check_plain_json,
    parse_intent,
)
from checkers_widget.tutorial.lessons import LESSONS
from checkers_widget.tutorial.run import LessonRun
from checkers_widget.tutorial.ui import lesson_board as make_lesson_board

pytestmark = pytest.mark.timeout(300)


class NoSearch(Engine):
    """A hint engine that answers at once (a fuzzed "hint" command must not start a
    real search on every example)."""

    def __init__(self) -> None:
        super().__init__("easy")

    def analyse(self, position: Any, **kwargs: Any) -> Analysis:  # type: ignore[override]
        legal = position.legal_moves()
        return Analysis(legal[0] if legal else None, 0.0, None, pv=legal[:1])


def plain_board() -> CheckersWidget:
    return CheckersWidget(hint_engine=NoSearch(), eval_engine=NoSearch())


def lesson_board() -> CheckersWidget:
    return make_lesson_board(LessonRun(LESSONS[1], play_replies=False))


BOARDS: dict[str, Callable[[], CheckersWidget]] = {"plain": plain_board, "lesson": lesson_board}

#: Strings that the protocol gives a meaning to, so that fuzzing reaches past the first
#: check into the branches behind it.
MEANINGFUL = sorted(
    {
        "move",
        "command",
        "edit",
        "black",
        "white",
        "notation",
        "11-15",
        "9x18x27",
        *COMMANDS,
        *EDIT_ACTIONS,
        *EDIT_PIECES,
    }
)

scalars = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.integers(min_value=-3, max_value=40)
    | st.integers(min_value=10**4000, max_value=10**4400)
    | st.floats()
    | st.text(max_size=30)
    | st.sampled_from(MEANINGFUL)
)
json_values = st.recursive(
    scalars,
    lambda children: (
        st.lists(children, max_size=6)
        | st.dictionaries(st.text(max_size=8) | st.sampled_from(MEANINGFUL), children, max_size=6)
    ),
    max_leaves=25,
)

FIELDS = {
    "move": ["kind", "version", "path", "notation"],
    "command": ["kind", "version", "name", "side", "ply"],
    "edit": ["kind", "version", "action", "square", "piece", "turn", "fen"],
}


def facts(widget: CheckersWidget) -> tuple[Any, ...]:
    game = widget.game
    return (game.board.to_fen(), [str(m) for m in game.moves], game.result)


def valid_intents(widget: CheckersWidget) -> list[dict[str, Any]]:
    """Well-formed intents for the widget's current position, one of each kind."""
    version = widget.state["version"]
    legal = widget.state["legal"]
    path = legal[0]["path"] if legal else [11, 15]
    notation = legal[-1]["notation"] if legal else "11-15"
    return [
        {"kind": "move", "version": version, "path": list(path)},
        {"kind": "move", "version": version, "notation": notation},
        {"kind": "command", "version": version, "name": "undo"},
        {"kind": "command", "version": version, "name": "goto", "ply": 0, "side": "black"},
        {"kind": "edit", "version": version, "action": "place", "square": 5, "piece": "black-man"},
        {"kind": "edit", "version": version, "action": "fen", "fen": "B:W21:B1"},
        {"kind": "edit", "version": version, "action": "turn", "turn": "white"},
    ]


def send(widget: CheckersWidget, content: Any) -> None:
    """Send a message as the comm does and check the invariants."""
    before = facts(widget)
    widget._on_message(widget, content, [])
    status = widget.state["status"]
    assert not status["text"].startswith("Internal error"), status
    if status["kind"] == "refused":
        assert facts(widget) == before
    widget.wait(5)


def direct(widget: CheckersWidget, content: Any) -> bool:
    """handle_intent returns a bool (it raises nothing for any JSON value)."""
    before = facts(widget)
    changed = widget.handle_intent(content)
    assert isinstance(changed, bool)
    if not changed and widget.state["status"]["kind"] == "refused":
        assert facts(widget) == before
    return changed


@pytest.mark.parametrize("board", BOARDS)
@given(content=json_values)
def test_any_json_value_as_a_whole_message_is_refused(board: str, content: Any) -> None:
    widget = BOARDS[board]()
    before = facts(widget)
    send(widget, content)
    assert direct(widget, content) is False or not isinstance(content, dict)
    if not isinstance(content, dict) or content.get("kind") not in FIELDS:
        assert facts(widget) == before
        assert widget.state["status"]["kind"] == "refused"
    widget.close()


@pytest.mark.parametrize("board", BOARDS)
@given(data=st.data(), value=json_values)
def test_any_json_value_in_any_field_is_answered(board: str, data: Any, value: Any) -> None:
    widget = BOARDS[board]()
    if data.draw(st.booleans(), label="editing"):
        widget.handle_intent(
            {"kind": "edit", "version": widget.state["version"], "action": "start"}
        )
    intent = data.draw(st.sampled_from(valid_intents(widget)), label="intent")
    field = data.draw(st.sampled_from([*FIELDS[intent["kind"]], "extra"]), label="field")
    forged = {**intent, field: value}
    send(widget, forged)
    direct(widget, {**forged, "version": widget.state["version"]})
    widget.close()


mutations = st.sampled_from(["drop", "wrap", "nest", "stringify", "negate", "float", "big"])


def mutated(value: Any, how: str) -> Any:
    """One mutation of a field's value (a valid intent's, or one mutated before)."""
    small = type(value) is int and abs(value) < 10**100
    if how == "wrap":
        return [value]
    if how == "nest":
        return {"value": value}
    if how == "stringify":
        # str() refuses an int of over 4,300 digits, also inside a list or dict that an
        # earlier "big" then "wrap" made: such a value becomes a long digit string instead.
        try:
            return str(value)
        except ValueError:
            return "9" * 99
    if how == "negate":
        return -value if type(value) is int else value
    if how == "float":
        return float(value) if small else value
    return 10**5000 if type(value) is int else value


@pytest.mark.parametrize("board", BOARDS)
@given(data=st.data())
def test_mutated_valid_intents_are_answered(board: str, data: Any) -> None:
    widget = BOARDS[board]()
    intent = dict(data.draw(st.sampled_from(valid_intents(widget)), label="intent"))
    for _ in range(data.draw(st.integers(1, 3), label="mutations")):
        key = data.draw(st.sampled_from(sorted(intent) or ["kind"]), label="key")
        how = data.draw(mutations, label="how")
        if how == "drop":
            intent.pop(key, None)
        else:
            intent[key] = mutated(intent.get(key), how)
    send(widget, intent)
    direct(widget, {**intent, "version": widget.state["version"]})
    widget.close()


def deep(levels: int, leaf: Any = 0) -> Any:
    """A value nested ``levels`` deep, alternating lists and objects (built iteratively)."""
    value = leaf
    for i in range(levels):
        value = [value] if i % 2 else {"a": value}
    return value


@pytest.mark.parametrize("board", BOARDS)
@pytest.mark.parametrize("levels", [9, 1_000, 100_000])
def test_nesting_deeper_than_the_recursion_limit_is_refused(board: str, levels: int) -> None:
    widget = BOARDS[board]()
    version = widget.state["version"]
    before = facts(widget)
    messages = [
        {"kind": "command", "version": version, "name": deep(levels)},
        {"kind": "move", "version": version, "path": deep(levels)},
        {"kind": "edit", "version": version, "action": "place", "piece": deep(levels)},
        {"kind": "move", "version": version, "path": [11, 15], "x": deep(levels)},
        deep(levels),
    ]
    for content in messages:
        send(widget, content)
        assert widget.state["status"]["kind"] == "refused"
        assert widget.handle_intent(content) is False
    assert facts(widget) == before


@pytest.mark.parametrize(
    ("content", "why"),
    [
        ({"kind": "command", "version": 1, "name": ["undo"]}, "unknown command"),
        ({"kind": "edit", "version": 1, "action": ["place"]}, "unknown edit action"),
        ({"kind": "edit", "version": 1, "action": "place", "square": 5, "piece": ["x"]}, "piece"),
        ({"kind": ["move"], "version": 1, "path": [11, 15]}, "unknown message kind"),
        ({"kind": "command", "version": 1, "name": {"a": 1}}, "unknown command"),
        ({"kind": "command", "version": 1, "name": "undo", "side": ["black"]}, "side"),
        ({"kind": "edit", "version": 1, "action": "turn", "turn": {"b": 1}}, "turn"),
        ({"kind": "move", "version": 10**5000, "path": [11, 15]}, "too large"),
        ({"kind": "move", "version": 10**2000, "path": [11, 15]}, "version must be"),
        ({"kind": "move", "version": 1, "path": [11, -(10**2000)]}, "a square must be"),
        ({"kind": "move", "version": 1, "path": [11, 15], "x": float("nan")}, "NaN"),
        ({"kind": "move", "version": 1, "path": [11, 15], 3: 1}, "keys"),
        ({"kind": "move", "version": 1, "path": [11, 15], "x": "y" * 10**7}, "too large"),
        ({"kind": "move", "version": 1, "path": [11, 15], "x": [0] * 10**7}, "too large"),
        ({"kind": "move", "version": 1, "path": (11, 15)}, "plain JSON, not tuple"),
        ({"kind": "move", "version": 1, "path": [11, 15], "x": object()}, "plain JSON"),
        ({"kind": "move", "version": 1, "notation": ["11-15"]}, "typed move text must be"),
        ({"kind": "move", "version": 1, "notation": "1" * 65}, "typed move text must be"),
        ({"kind": "move", "version": 1, "notation": "11-15", "path": [11, 15]}, "unexpected"),
    ],
)
def test_the_issue_reproducers_are_refusals_with_a_reason(content: Any, why: str) -> None:
    with pytest.raises(IntentError, match=why):
        parse_intent(content)
    widget = plain_board()
    before = facts(widget)
    assert widget.state["version"] == 1  # the version the messages above carry
    assert widget.handle_intent(content) is False
    assert widget.state["status"]["kind"] == "refused"
    assert widget.state["status"]["text"].startswith("Refused a malformed message")
    assert facts(widget) == before


@pytest.mark.parametrize(
    "content",
    [
        {"x": list(range(10**6))},
        {str(i): i for i in range(10**6)},
        {"x": "y" * 10**8},
        {"x": [[[[[[]]]]]] * 10**6},
    ],
    ids=["long list", "wide object", "long string", "many nested"],
)
def test_a_huge_message_is_refused_after_reading_at_most_the_limit(content: Any) -> None:
    """The walk stops once the size passes MAX_INTENT_BYTES (a hang guard: reading the
    whole of each message, or serializing it, would be far slower)."""
    for _ in range(1_000):
        with pytest.raises(IntentError, match="too large"):
            check_plain_json(content)


@pytest.mark.parametrize("board", BOARDS)
def test_valid_intents_still_work(board: str) -> None:
    widget = BOARDS[board]()
    for legal in widget.state["legal"]:
        fresh = BOARDS[board]()
        content = {"kind": "move", "version": fresh.state["version"], "path": legal["path"]}
        typed = {"kind": "move", "version": fresh.state["version"], "notation": legal["notation"]}
        if board == "plain":
            assert fresh.handle_intent(content) is True
            assert fresh.game.ply == 1
            again = BOARDS[board]()
            assert again.handle_intent(typed) is True  # the same move, typed
            assert again.game.moves == fresh.game.moves
            again.close()
        else:  # a lesson accepts its answer, and refuses the rest with its reason
            changed = fresh.handle_intent(content)
            assert changed or fresh.state["status"]["kind"] == "refused"
        fresh.close()
    plain = plain_board()
    plain.play("11-15")
    assert plain.handle_intent(
        {"kind": "command", "version": plain.state["version"], "name": "undo"}
    )
    assert plain.game.ply == 0
    assert plain.handle_intent(
        {"kind": "edit", "version": plain.state["version"], "action": "start"}
    )
    assert plain.handle_intent(
        {"kind": "edit", "version": plain.state["version"], "action": "fen", "fen": "B:W21:B1"}
    )
    assert plain.handle_intent(
        {"kind": "edit", "version": plain.state["version"], "action": "done"}
    )
    assert plain.game.board.to_fen() == "B:W21:B1"
