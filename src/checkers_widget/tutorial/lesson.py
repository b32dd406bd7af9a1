"""A lesson as plain data: a position, words, a task and the moves that solve it.

:class:`Lesson` and :class:`Step` are frozen dataclasses with no Jupyter in sight, so a
teacher can write one in a notebook cell, keep a list of them in a module, or load them
from JSON (:meth:`Lesson.from_dict`). A lesson checks itself when it is made: the FEN
must read, every expected move and scripted reply must be legal where it is played, and
the result it promises must be the one the moves reach. A mistake raises
:class:`LessonError` naming the lesson, the step and the legal moves, so a broken lesson
never reaches a learner.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Literal, get_args

from ..core.board import Board, square_numbers
from ..core.color import Color
from ..core.errors import CheckersError
from ..core.game import DrawRules, Game
from ..core.move import Move

__all__ = ["ANY_MOVE", "Goal", "Lesson", "LessonError", "Step", "StepLike"]

#: In :attr:`Step.also`, accepts every legal move (e.g. "any capture may be chosen").
ANY_MOVE = "*"

#: What completes a lesson: playing its steps, or playing them and then offering a draw
#: that the opponent accepts.
Goal = Literal["moves", "offer-draw"]

_ID = re.compile(r"^[a-z0-9][a-z0-9_-]*$")
_MOVE_TEXT = re.compile(r"^\s*\d+\s*(?:[-x:]\s*\d+\s*)+$", re.IGNORECASE | re.ASCII)
_RESULTS = ("1-0", "0-1", "1/2-1/2")
#: Validation explores every accepted alternative; a lesson needing more is a mistake.
_MAX_LINES = 2000


class LessonError(CheckersError):
    """A lesson that cannot be taught as written; the message says which and why."""


class NoSuchLessonError(LessonError, KeyError, IndexError):
    """No lesson has that id (or number); also a ``KeyError``/``IndexError``, as a lookup."""

    __str__ = CheckersError.__str__  # the message, not KeyError's quoted repr of it


def move_squares(text: str) -> tuple[int, ...]:
    """The squares named by move text such as ``"9x18x27"`` (an empty tuple if none)."""
    numbers = square_numbers(text)  # ASCII digits; None for a number no square has
    return tuple(numbers) if numbers is not None else (0,)


@dataclass(frozen=True)
class Step:
    """One turn of the learner: the move expected, other moves accepted, the reply.

    ``move``: the model answer in move text (``"9x18x27"``); hints show it. ``also``:
    other moves that count as right, or :data:`ANY_MOVE` (``"*"``) to accept any legal
    move (only in a lesson's last step, without a reply). ``reply``: the opponent's
    scripted answer, played straight after. ``task``: what to do in this step, shown
    instead of the lesson's task once the earlier steps are done (say why, too: "Your
    new king can now capture backwards: take the man on 27").
    """

    move: str
    reply: str | None = None
    also: tuple[str, ...] = ()
    task: str = ""

    def __post_init__(self) -> None:
        if isinstance(self.also, str):
            object.__setattr__(self, "also", (self.also,))
        else:
            object.__setattr__(self, "also", tuple(self.also))

    @property
    def any_move(self) -> bool:
        """Whether every legal move is accepted."""
        return ANY_MOVE in self.also

    def accepted(self, board: Board) -> list[Move]:
        """The moves this step accepts on ``board`` (raises for text that is not legal)."""
        if self.any_move:
            return board.legal_moves()
        moves: list[Move] = []
        for text in (self.move, *self.also):
            move = board.parse_move(text)
            if move not in moves:
                moves.append(move)
        return moves

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready form (defaults left out)."""
        out: dict[str, Any] = {"move": self.move}
        if self.reply:
            out["reply"] = self.reply
        if self.also:
            out["also"] = list(self.also)
        if self.task:
            out["task"] = self.task
        return out


#: What a lesson's ``solution`` may list: steps, plain move text, or Step's fields.
StepLike = Step | str | Mapping[str, Any]


@dataclass(frozen=True, eq=False)
class Lesson:
    """One short lesson: a rule, a position, a task and the moves that do it.

    Required: ``id`` (a short slug, the key of saved progress), ``title``, ``fen`` (the
    start position; the side to move is the learner), ``task`` (one sentence) and,
    unless ``goal="offer-draw"``, ``solution`` (steps: :class:`Step` values, plain
    move text, or mappings of Step's fields). Optional: ``rule`` (the rule taught, one
    line), ``text`` (the explanation: paragraphs separated by blank lines, ``- ``
    bullets, ``**bold**``, ``*italic*`` and ```code```), ``feedback`` (wrong move text
    -> what to say about it), ``wrong`` (what to say about any other legal move that is
    not the answer), ``hints`` (from gentle to strong; after the last one the move
    itself is shown), ``success`` (said when the lesson is done), ``result`` (the
    result the solution must reach, e.g. ``"1-0"``), ``goal``, ``draw_rules``,
    ``side_names``, ``orientation`` (the side drawn at the bottom; default the
    learner's), ``show_numbers`` and ``variant`` (the draughts variant whose rules the
    lesson is played by, a name such as ``"international"``; American checkers by
    default: :data:`~checkers_widget.core.variants.VARIANTS`).

    The lesson is checked as soon as it is made (see :meth:`check`).
    """

    id: str
    title: str
    fen: str
    task: str
    solution: Sequence[StepLike] = ()
    rule: str = ""
    text: str = ""
    feedback: Mapping[str, str] = field(default_factory=dict)
    wrong: str = ""
    hints: Sequence[str] = ()
    success: str = ""
    result: str | None = None
    goal: Goal = "moves"
    draw_rules: DrawRules | str = "forty-moves"
    side_names: tuple[str, str] | str = "black-white"
    orientation: Color | None = None
    show_numbers: bool = True
    variant: str = "american"

    def __post_init__(self) -> None:
        steps = self.solution
        if isinstance(steps, str | Step):
            steps = (steps,)
        object.__setattr__(
            self,
            "solution",
            tuple(_step(s) for s in steps),
        )
        hints = (self.hints,) if isinstance(self.hints, str) else tuple(self.hints)
        object.__setattr__(self, "hints", hints)
        if not isinstance(self.feedback, Mapping):
            raise LessonError(
                f"lesson {self.id!r}: feedback must map move text to a message, "
                f"not {type(self.feedback).__name__}"
            )
        object.__setattr__(self, "feedback", MappingProxyType(dict(self.feedback)))
        if isinstance(self.side_names, list):
            object.__setattr__(self, "side_names", tuple(self.side_names))
        self.check()

    # ------------------------------------------------------------------ views
    @property
    def steps(self) -> tuple[Step, ...]:
        """The solution's steps, each a :class:`Step` (``solution`` as normalised)."""
        return self.solution  # type: ignore[return-value]  # made a tuple of Steps on init

    @property
    def learner(self) -> Color:
        """The side the learner plays: the side to move in :attr:`fen`."""
        return self.start_board().turn

    def start_board(self) -> Board:
        """The lesson's start position, on its variant's board."""
        return Board(self.fen, variant=self.variant)

    def new_game(self) -> Game:
        """A fresh game at the lesson's start, with its draw rules and side names."""
        return Game(
            self.fen, draw_rules=self.draw_rules, side_names=self.side_names, variant=self.variant
        )

    def feedback_for(self, attempt: str | Sequence[int] | Move) -> str | None:
        """The lesson's own words for a wrong attempt, if it has any.

        An attempt matches a ``feedback`` key with the same squares, or with the same
        start and end (so ``"22x8"`` and ``"22x15x8"`` find the same message).
        """
        squares = _squares_of(attempt)
        if len(squares) < 2:
            return None
        loose = None
        for key, message in self.feedback.items():
            wanted = move_squares(key)
            if wanted == squares:
                return message
            if loose is None and (wanted[0], wanted[-1]) == (squares[0], squares[-1]):
                loose = message
        return loose

    # ------------------------------------------------------------------ checks
    def _fail(self, message: str) -> LessonError:
        return LessonError(f"lesson {self.id!r}: {message}")

    def check(self) -> None:
        """Raise :class:`LessonError` unless the lesson can be taught as written.

        Checks the fields, reads the FEN, then plays every line the lesson accepts
        (each step's move and its alternatives, each followed by its reply): every move
        must be legal, the game must not end before the last step, and the last step
        must reach ``result`` when one is given (a draw offer needs a game still on).
        """
        if not isinstance(self.id, str) or not _ID.match(self.id):
            raise LessonError(
                f"lesson id {self.id!r} must be a short slug: lower-case letters, digits, "
                "'-' or '_' (it names the lesson in saved progress)"
            )
        for name in ("title", "task"):
            value = getattr(self, name)
            if not isinstance(value, str) or not value.strip():
                raise self._fail(f"{name} must be a non-empty string")
        for name in ("rule", "text", "wrong", "success"):
            if not isinstance(getattr(self, name), str):
                raise self._fail(f"{name} must be a string")
        if not all(isinstance(h, str) and h.strip() for h in self.hints):
            raise self._fail("hints must be non-empty strings")
        if self.goal not in get_args(Goal):
            raise self._fail(f"goal must be one of {', '.join(get_args(Goal))}, not {self.goal!r}")
        if self.result is not None and self.result not in _RESULTS:
            raise self._fail(f"result must be one of {', '.join(_RESULTS)}, not {self.result!r}")
        if self.orientation not in (None, "black", "white"):
            raise self._fail(
                f"orientation must be 'black', 'white' or None, not {self.orientation!r}"
            )
        if not isinstance(self.variant, str):
            raise self._fail(f"variant must be a variant's name, not {type(self.variant).__name__}")
        if not self.steps and self.goal == "moves":
            raise self._fail("a lesson needs at least one step in its solution")
        try:
            game = self.new_game()
        except CheckersError as exc:
            raise self._fail(f"cannot set up the position: {exc}") from None
        if game.is_over():
            raise self._fail(f"the game is already over in the start position ({game.termination})")
        self._check_steps()
        for lines, final in enumerate(self._lines(game, 0), 1):
            if lines > _MAX_LINES:
                raise self._fail(f"more than {_MAX_LINES} accepted lines; accept fewer moves")
            if self.goal == "offer-draw" and final.is_over():
                raise self._fail(
                    f"the game is over after the solution ({final.termination}), "
                    "so no draw can be offered"
                )
            if self.result is not None and final.result != self.result:
                line = " ".join(str(m) for m in final.moves)
                raise self._fail(
                    f"the solution line {line} ends with result {final.result or 'none'} "
                    f"({final.termination or 'the game goes on'}), not {self.result}"
                )
        self._check_feedback(game.board)

    def _check_steps(self) -> None:
        for n, step in enumerate(self.steps, 1):
            texts = [step.move, *(a for a in step.also if a != ANY_MOVE)]
            if step.reply is not None:
                texts.append(step.reply)
            for text in texts:
                if not isinstance(text, str) or not _MOVE_TEXT.match(text):
                    raise self._fail(f"step {n}: {text!r} is not move text such as 11-15 or 9x18")
            if step.any_move and (n != len(self.steps) or step.reply is not None):
                raise self._fail(
                    f"step {n}: '*' (any move) is only allowed in the last step, without a reply"
                )

    def _check_feedback(self, board: Board) -> None:
        first = self.steps[0] if self.steps else None
        accepted_first = {str(m) for m in first.accepted(board)} if first else set()
        for key, message in self.feedback.items():
            if not isinstance(key, str) or len(move_squares(key)) < 2:
                raise self._fail(f"feedback key {key!r} is not move text such as 11-15")
            last = board.variant.squares
            if not all(1 <= s <= last for s in move_squares(key)):
                raise self._fail(f"feedback key {key!r} names a square that is not 1-{last}")
            if not isinstance(message, str) or not message.strip():
                raise self._fail(f"feedback for {key!r} must be a non-empty message")
            try:
                move = board.parse_move(key)
            except CheckersError:
                continue  # feedback on an illegal attempt: fine
            if str(move) in accepted_first and first is not None and not first.any_move:
                raise self._fail(f"feedback for {key!r}, a move the first step accepts")

    def _lines(self, game: Game, index: int) -> Iterator[Game]:
        """Every final game the accepted lines reach, from step ``index`` on."""
        if index == len(self.steps):
            yield game
            return
        step = self.steps[index]
        n = index + 1
        board = game.board
        try:
            moves = step.accepted(board)
            model = board.parse_move(step.move)
        except CheckersError as exc:
            raise self._fail(
                f"step {n} (after {_line(game) or 'the start'}): {exc}" + _legal_note(board, exc)
            ) from None
        if step.any_move and self.result is None and self.goal == "moves":
            moves = [model]  # the last step, no reply, no result to reach: one will do
        for move in moves:
            if game.is_over():
                raise self._fail(
                    f"step {n}: the game is already over ({game.termination}) after "
                    f"{_line(game)}; remove the steps after it"
                )
            branch = game.copy()
            branch.play(move)
            if step.reply is not None:
                if branch.is_over():
                    raise self._fail(
                        f"step {n}: no reply is possible after {move}: the game is over "
                        f"({branch.termination})"
                    )
                try:
                    branch.play(step.reply)
                except CheckersError as exc:
                    raise self._fail(
                        f"step {n}: the reply {step.reply} is not legal after {_line(branch)}: "
                        f"{exc}"
                    ) from None
            if index + 1 < len(self.steps) and branch.turn != game.turn:
                raise self._fail(
                    f"step {n}: after {_line(branch)} it is the opponent's turn; "
                    "give this step a reply"
                )
            yield from self._lines(branch, index + 1)

    # ------------------------------------------------------------------ data
    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready form of the lesson (draw rules given as a preset name or fields)."""
        out: dict[str, Any] = {
            "id": self.id,
            "title": self.title,
            "fen": self.fen,
            "task": self.task,
            "solution": [s.to_dict() for s in self.steps],
        }
        for name in ("rule", "text", "wrong", "success"):
            if getattr(self, name):
                out[name] = getattr(self, name)
        if self.feedback:
            out["feedback"] = dict(self.feedback)
        if self.hints:
            out["hints"] = list(self.hints)
        if self.result is not None:
            out["result"] = self.result
        if self.goal != "moves":
            out["goal"] = self.goal
        if self.draw_rules != "forty-moves":
            rules = self.draw_rules
            out["draw_rules"] = (
                rules
                if isinstance(rules, str)
                else {
                    "quiet_moves": rules.quiet_moves,
                    "repetitions": rules.repetitions,
                    "automatic": rules.automatic,
                }
            )
        if self.side_names != "black-white":
            names = self.side_names
            out["side_names"] = names if isinstance(names, str) else list(names)
        if self.orientation is not None:
            out["orientation"] = self.orientation
        if not self.show_numbers:
            out["show_numbers"] = False
        if self.variant != "american":
            out["variant"] = self.variant
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Lesson:
        """A lesson from :meth:`to_dict`'s form (e.g. read from a JSON file)."""
        if not isinstance(data, Mapping):
            raise LessonError(f"a lesson must be a mapping, not {type(data).__name__}")
        fields = dict(data)
        known = set(cls.__dataclass_fields__)
        if unknown := set(fields) - known:
            raise LessonError(
                f"lesson {fields.get('id')!r}: unknown field(s) {', '.join(sorted(unknown))}"
            )
        rules = fields.get("draw_rules")
        if isinstance(rules, Mapping):
            fields["draw_rules"] = DrawRules(**rules)
        try:
            return cls(**fields)
        except TypeError as exc:
            raise LessonError(f"lesson {fields.get('id')!r}: {exc}") from None

    def __repr__(self) -> str:
        return f"<Lesson id={self.id!r} title={self.title!r}>"


def _step(item: Step | str | Mapping[str, Any]) -> Step:
    """A step from a Step, move text, or a mapping of Step's fields (as in JSON)."""
    if isinstance(item, Step):
        return item
    if isinstance(item, Mapping):
        try:
            return Step(**item)
        except TypeError as exc:
            raise LessonError(f"a step must have Step's fields: {exc}") from None
    return Step(str(item))


def _squares_of(attempt: str | Sequence[int] | Move) -> tuple[int, ...]:
    if isinstance(attempt, Move):
        return attempt.path
    if isinstance(attempt, str):
        return move_squares(attempt)
    return tuple(int(s) for s in attempt)


def _line(game: Game) -> str:
    return " ".join(str(m) for m in game.moves)


def _legal_note(board: Board, exc: CheckersError) -> str:
    if "legal moves" in str(exc):
        return ""
    legal = ", ".join(str(m) for m in board.legal_moves())
    return f" (legal moves: {legal or 'none'})"
