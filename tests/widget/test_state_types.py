"""The front end's types (js/types.d.ts) against what a CheckersWidget really sends.

``npm run typecheck`` checks the JavaScript against js/types.d.ts; this checks
js/types.d.ts against Python, so that the two cannot drift apart. It reads the
declarations (one field a line, as that file promises) and validates every state a
widget publishes in a range of situations (two players, a jump in progress, the computer
with a hint, the live evaluation and a pause, a clock, the position editor, a replay, a
draw to claim, a finished game, an ACF opening with the opening explorer, a hosted and a
joined network game, a loaded PDN game),
nested objects included: every key sent must be declared with a matching type, every
required key must be sent, and every part that may be null is seen with a value.
The string unions (commands, controls, status kinds, ...) are compared with Python's own
tables, and ``ModelTraits`` with the widget's synced traits.
"""

from __future__ import annotations

import re
import time
import typing
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import anywidget
import pytest

from checkers_widget import BLACK, WHITE, Game, read_game
from checkers_widget.core.game import Result
from checkers_widget.play import commands, intents
from checkers_widget.play.clock import ExpiryMode, Phase
from checkers_widget.play.commands import CONTROLS
from checkers_widget.play.state import StatusKind
from checkers_widget.widget import CheckersWidget
from intents import click, command
from review_fakes import FakeChecker, FakeReviewer, short_game
from slowdown import scaled

# ---------------------------------------------------------------------- the declarations


@dataclass(frozen=True)
class Field:
    type: str
    optional: bool


@dataclass(frozen=True)
class Declarations:
    interfaces: dict[str, dict[str, Field]]
    aliases: dict[str, str]


def read_declarations(text: str) -> Declarations:
    """The interfaces (their fields, in the file's one-field-a-line layout) and the type
    aliases of a .d.ts file; comments are dropped first."""
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.DOTALL)
    text = re.sub(r"^\s*//.*$", "", text, flags=re.MULTILINE)
    interfaces: dict[str, dict[str, Field]] = {}
    pattern = r"^export interface (\w+)(?: extends ([\w, ]+))? \{\n(.*?)^\}"
    for name, parents, body in re.findall(pattern, text, flags=re.DOTALL | re.MULTILINE):
        fields = {}
        for parent in filter(None, (p.strip() for p in parents.split(","))):
            fields.update(interfaces[parent])
        for line in body.splitlines():
            if not line.strip():
                continue
            match = re.fullmatch(r"  (\w+)(\??): (.+);", line)
            if match is None:  # a method, say: fine outside the state's interfaces
                continue
            key, optional, type_text = match.groups()
            fields[key] = Field(type_text, optional == "?")
        interfaces[name] = fields
    aliases = {
        name: " ".join(body.split())
        for name, body in re.findall(
            r"^export type (\w+)(?:<[^=]*>)? =(.*?);$", text, flags=re.DOTALL | re.MULTILINE
        )
    }
    return Declarations(interfaces, aliases)


@pytest.fixture(scope="module")
def types(repo_root: Path) -> Declarations:
    return read_declarations((repo_root / "js" / "types.d.ts").read_text(encoding="utf-8"))


def split_top(text: str, sep: str) -> list[str]:
    """``text`` split at ``sep`` where no <...>, (...) or {...} is open."""
    parts, depth, start = [], 0, 0
    for i, char in enumerate(text):
        if char in "<({":
            depth += 1
        elif char in ">)}":
            depth -= 1
        elif char == sep and depth == 0:
            parts.append(text[start:i])
            start = i + 1
    parts.append(text[start:])
    return [part.strip() for part in parts if part.strip()]


def literals(types: Declarations, name: str) -> set[str]:
    """The strings of a union of string literals (``Color``, ``StatusKind``, ...)."""
    members = split_top(types.aliases[name], "|")
    assert all(re.fullmatch(r'"[^"]*"', m) for m in members), f"{name} is not a string union"
    return {m[1:-1] for m in members}


# ---------------------------------------------------------------------- the validator


class Validator:
    """Checks JSON values against the few kinds of type js/types.d.ts uses for what Python
    sends: string, number, boolean, null, string literals, X[], Record<K, V> (every key
    of K), Partial<Record<K, V>> (some keys of K), unions, and named interfaces and
    aliases. It notes the paths where a nullable or optional
    field was seen with a value, so that the test can tell which parts it exercised."""

    def __init__(self, types: Declarations) -> None:
        self.types = types
        self.problems: list[str] = []
        self.seen: set[str] = set()

    def check(self, value: Any, type_text: str, path: str) -> None:
        if reason := self.mismatch(value, type_text, path):
            self.problems.append(reason)

    def mismatch(self, value: Any, type_text: str, path: str) -> str:
        """Why ``value`` is not a ``type_text`` ("" when it is)."""
        members = split_top(type_text, "|")
        if value is not None and "null" in members:
            self.seen.add(path)  # a nullable part, seen with a value
            members.remove("null")
        if len(members) > 1:
            reasons = [self.mismatch(value, member, path) for member in members]
            return f"{path}: {value!r:.80} is none of {type_text}" if all(reasons) else ""
        t = members[0]
        if t == "null":
            return "" if value is None else f"{path}: expected null, got {value!r:.80}"
        if t == "string":
            return "" if isinstance(value, str) else f"{path}: expected a string, got {value!r:.80}"
        if t == "number":
            ok = isinstance(value, int | float) and not isinstance(value, bool)
            return "" if ok else f"{path}: expected a number, got {value!r:.80}"
        if t == "boolean":
            return (
                "" if isinstance(value, bool) else f"{path}: expected a boolean, got {value!r:.80}"
            )
        if re.fullmatch(r'"[^"]*"', t):
            return "" if value == t[1:-1] else f"{path}: expected {t}, got {value!r:.80}"
        if t.endswith("[]"):
            if not isinstance(value, list):
                return f"{path}: expected a list ({t}), got {value!r:.80}"
            item = t[:-2].strip("()")
            return "; ".join(
                r for i, v in enumerate(value) if (r := self.mismatch(v, item, f"{path}[{i}]"))
            )
        if match := re.fullmatch(r"(Partial<)?Record<(.+)>(?(1)>)", t):
            partial = match.group(1) is not None
            key_type, item = split_top(match.group(2), ",")
            if not isinstance(value, dict):
                return f"{path}: expected an object ({t}), got {value!r:.80}"
            reasons = []
            if key_type != "string":  # a union of literal keys: every one (or some), no other
                keys = literals(self.types, key_type)
                if set(value) - keys or (not partial and set(value) != keys):
                    reasons.append(f"{path}: keys {sorted(value)}, expected {sorted(keys)}")
            for key, v in value.items():
                if reason := self.mismatch(v, item, f"{path}.{key}"):
                    reasons.append(reason)
            return "; ".join(reasons)
        if t in self.types.interfaces:
            return self.mismatch_object(value, t, path)
        if t in self.types.aliases:
            return self.mismatch(value, self.types.aliases[t], path)
        raise AssertionError(f"{path}: this test cannot read the type {t!r} (see its validator)")

    def mismatch_object(self, value: Any, name: str, path: str) -> str:
        if not isinstance(value, dict):
            return f"{path}: expected an object ({name}), got {value!r:.80}"
        fields = self.types.interfaces[name]
        reasons = [
            f"{path}.{key}: sent but not declared in {name}" for key in value if key not in fields
        ]
        for key, field in fields.items():
            where = f"{path}.{key}"
            if key not in value:
                if not field.optional:
                    reasons.append(f"{where}: declared in {name} but not sent")
                continue
            if field.optional:
                self.seen.add(where)
            if reason := self.mismatch(value[key], field.type, where):
                reasons.append(reason)
        return "; ".join(reasons)


# ---------------------------------------------------------------------- the situations

WAIT = scaled(10.0)  # seconds: a hang guard


def until(condition: Callable[[], bool], what: str) -> None:
    deadline = time.monotonic() + WAIT
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.01)


class Recorder:
    """Widgets made for the test, and every state each one publishes (from any thread)."""

    def __init__(self) -> None:
        self.widgets: list[CheckersWidget] = []
        self.states: list[tuple[str, dict[str, Any]]] = []

    def add(self, situation: str, widget: CheckersWidget) -> CheckersWidget:
        self.widgets.append(widget)
        self.states.append((situation, widget.state))
        widget.observe(lambda change: self.states.append((situation, change["new"])), "state")
        return widget


PDN = """[Event "Ohio State Ty 1946"]
[Date "1946.07.04"]
[Round "3"]
[Black "MF Tinsley"]
[White "M Rex"]
[Result "0-1"]
1. 11-15 {[%cal G2319] [%csl R14] the Old Fourteenth's first move} 23-19
(22-18 15x22) 2. 8-11 22-17 0-1
"""

# Black's only move is the double jump 9x18x27.
ONE_DOUBLE_JUMP = "B:W14,23,32:B9,1"


def play_situations(record: Recorder) -> None:
    """Drive widgets through the situations; the recorder keeps what they publish."""
    two = record.add("two players", CheckersWidget(milestones=False))
    assert click(two, 11, 15)
    assert command(two, "offer-draw", side=WHITE)
    assert command(two, "decline-draw", side=BLACK)
    assert command(two, "undo") and command(two, "redo")

    jump = record.add("a jump in progress", CheckersWidget(Game(fen=ONE_DOUBLE_JUMP)))
    assert not click(jump, 9, 18)  # the first hop: pending
    assert click(jump, 9, 18, 27)

    versus = record.add(
        "against the computer", CheckersWidget(opponent="easy", human=BLACK, seed=0, live_eval=True)
    )
    assert click(versus, 11, 15)
    assert versus.wait(30)
    versus.hint(depth=2)
    assert command(versus, "pause")
    assert command(versus, "resume")

    clock = record.add("a clock", CheckersWidget(timer="quick", milestones=False))
    assert click(clock, 11, 15)  # the clock starts with the first move

    editor = record.add("the position editor", CheckersWidget(milestones=False))
    version = editor.state["version"]
    assert editor.handle_intent({"kind": "edit", "version": version, "action": "start"})
    version = editor.state["version"]
    place = {
        "kind": "edit",
        "version": version,
        "action": "place",
        "square": 1,
        "piece": "white-man",
    }
    assert not editor.handle_intent(place)  # a man on its crowning row: refused, said why
    assert editor.state["editor"]["error"]

    replay = record.add("a replay", CheckersWidget(milestones=False))
    assert click(replay, 11, 15)
    replay.replay()

    crowned = record.add(
        "a replay of a crowning", CheckersWidget(Game("W:W9:B6,11", variant="russian"))
    )
    assert click(crowned, 9, 2, 16)  # crowned on 2, the king goes on to take 11
    crowned.replay()

    claim = record.add("a draw to claim", CheckersWidget(Game("W:WK32:BK1", draw_rules="claim")))
    for _ in range(2):
        for path in ((32, 28), (1, 5), (28, 32), (5, 1)):
            assert click(claim, *path)
    assert claim.state["draw_claim"]

    over = record.add(
        "a finished game", CheckersWidget(milestones=False, controls=["undo", "resign"])
    )
    assert command(over, "resign", side=BLACK)

    explored = record.add(
        "an opening and the explorer", CheckersWidget(explorer="tinsley", milestones=False)
    )
    for path in ((9, 13), (22, 18), (6, 9)):  # ACF 5, the Dreaded Edinburgh
        assert click(explored, *path)

    loaded = record.add("a loaded game", CheckersWidget(read_game(PDN), milestones=False))
    loaded.game.goto(1)
    assert loaded.state["drawings"]["arrows"]  # the drawing read from the PDN comment

    reviewed = record.add("a reviewed game", CheckersWidget(short_game(), milestones=False))
    reviewed.session.review.control.reviewer = FakeReviewer({3: "mistake", 4: "blunder"})
    reviewed.session.review.checker = FakeChecker()
    reviewed.review()
    assert reviewed.wait_review(30) is not None
    assert command(reviewed, "goto", ply=2)
    reviewed.learn()
    command(reviewed, "learn-hint")
    assert reviewed.state["review"]["learn"]["hint_square"] is not None
    command(reviewed, "learn-answer")  # (the learn mode never changes the game)
    assert reviewed.state["review"]["learn"]["phase"] == "answer"

    host = record.add("a hosted network game", CheckersWidget.host(name="Ann", milestones=False))
    guest = CheckersWidget.join(
        "127.0.0.1", host.state["network"]["port"], name="Bob", milestones=False
    )
    record.add("a joined network game", guest)
    until(lambda: host.state["network"]["request"] is not None, "the join request")
    assert command(host, "accept-peer")
    until(lambda: guest.state["network"]["peer"] == "Ann", "the guest to be accepted")


@pytest.fixture(scope="module")
def published() -> Iterator[Recorder]:
    record = Recorder()
    try:
        play_situations(record)
        for widget in record.widgets:
            assert widget.wait(30)
        yield record
    finally:
        for widget in record.widgets:
            widget.close()


# ---------------------------------------------------------------------- the tests


def test_every_published_state_matches_board_state(
    types: Declarations, published: Recorder
) -> None:
    validator = Validator(types)
    for situation, state in published.states:
        validator.check(state, "BoardState", f"state ({situation}, version {state.get('version')})")
    assert validator.problems == []
    # The situations exercise every part that may be null or absent, so that the nested
    # types were checked too (undo_label: read by the board, sent by no Python yet).
    nullable = {
        key
        for key, field in types.interfaces["BoardState"].items()
        if field.optional or "null" in split_top(field.type, "|")
    }
    shown = {re.sub(r"^state \([^)]*\)\.", "", path) for path in validator.seen}
    assert nullable - shown == {"undo_label"}


def test_the_synced_traits_match_model_traits(types: Declarations, published: Recorder) -> None:
    own = set(CheckersWidget.class_trait_names(sync=True)) - set(
        anywidget.AnyWidget.class_trait_names(sync=True)
    )
    assert own == set(types.interfaces["ModelTraits"])
    validator = Validator(types)
    for widget in published.widgets:
        traits = {name: getattr(widget, name) for name in own}
        validator.check(traits, "ModelTraits", f"traits of {widget.state['names']}")
    assert validator.problems == []
    assert any(widget.game_info for widget in published.widgets)  # GameInfo was checked too


def test_the_string_unions_match_pythons_tables(types: Declarations) -> None:
    assert literals(types, "CommandName") == set(commands.COMMANDS)
    assert literals(types, "Control") == set(CONTROLS)
    assert literals(types, "StatusKind") == set(typing.get_args(StatusKind))
    assert literals(types, "PieceName") == set(intents.EDIT_PIECES)
    assert literals(types, "Result") == set(typing.get_args(Result))
    assert literals(types, "Color") == {BLACK, WHITE}
    actions = re.findall(r'action: ((?:"\w+"(?: \| )?)+)', types.aliases["EditIntent"])
    assert {a for union in actions for a in re.findall(r'"(\w+)"', union)} == set(
        intents.EDIT_ACTIONS
    )
    clock = types.interfaces["ClockState"]
    assert set(re.findall(r'"([\w-]+)"', clock["phase"].type)) == set(typing.get_args(Phase))
    assert set(re.findall(r'"([\w-]+)"', clock["on_expiry"].type)) == set(
        typing.get_args(ExpiryMode)
    )
