"""Working through one lesson: judging attempts, scripted replies, hints and stars.

:class:`LessonRun` is the whole teaching logic, without any widget: it owns (or is
given) the :class:`Game`, says whether an attempt is right and why not, plays the
opponent's scripted replies, hands out hints in order and scores the result in stars.
The notebook front end (:mod:`.ui`) uses exactly this object, so everything a learner
can do on the board can be tested in plain Python::

    run = LessonRun(lesson)
    run.attempt("11-15")     # Feedback(ok=False, message="11-15: a capture is available ...")
    run.hint()               # Hint(text="Look at the man on 9 ...", move=None)
    run.attempt("9x18")      # Feedback(ok=True, done=True, stars=2, ...)

Where the lesson stands is worked out from the moves on the game every time, so Undo,
Redo and New game on the board (or moves played on ``run.game`` from Python) can never
leave the run out of step with the position.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..core.board import Board
from ..core.color import Color, opponent
from ..core.errors import CheckersError, IllegalMoveError
from ..core.game import Game
from ..core.move import Move
from ..guided.feedback import Feedback
from ..guided.feedback import FeedbackKind as FeedbackKind  # (named here before)
from ..guided.guided_run import GuidedRun
from ..play.wording import sentence
from .lesson import Lesson, LessonError, Step, move_squares

if TYPE_CHECKING:
    from .progress import Progress

__all__ = ["Feedback", "Hint", "LessonRun", "stars_for"]

#: What showing the move itself costs, counted like mistakes (a text hint costs 1).
REVEAL_COST = 2


def stars_for(cost: int) -> int:
    """Stars for a solved lesson: 3 first time without help, 2 after one slip, else 1.

    ``cost`` adds up mistakes (wrong attempts) and help (1 per text hint, 2 for being
    shown the move).
    """
    return 3 if cost <= 0 else 2 if cost == 1 else 1


@dataclass(frozen=True)
class Hint:
    """A hint: the words, and the move itself once the hint shows it (else None)."""

    text: str
    move: Move | None = None


@dataclass(frozen=True)
class _Position:
    """Where the played moves stand against the lesson's solution."""

    steps: int  # learner steps played as the lesson expects
    reply_due: Move | None  # the scripted reply, when it is the opponent's turn to give it
    on_script: bool  # False once a move was played that the lesson does not expect


class LessonRun(GuidedRun):
    """One attempt at a lesson: the game, the learner's slips and hints, the stars.

    ``LessonRun(lesson)`` starts a fresh game from the lesson's position; pass ``game``
    to work on an existing one (the widget's). With ``play_replies=True`` (the default)
    :meth:`attempt` plays the opponent's scripted reply itself; the notebook board
    leaves that to its computer player instead (see :meth:`scripted_reply`). With a
    ``progress`` store, the stars are saved when the lesson is done.

    Listeners added with :meth:`listen` receive every :class:`Feedback`, whether the
    move came from :meth:`attempt`, the board or Python.
    """

    def __init__(
        self,
        lesson: Lesson,
        game: Game | None = None,
        *,
        play_replies: bool = True,
        progress: Progress | None = None,
    ) -> None:
        if not isinstance(lesson, Lesson):
            raise LessonError(f"a LessonRun needs a Lesson, not {type(lesson).__name__}")
        self.lesson = lesson
        self.game = game = game if game is not None else lesson.new_game()
        start = lesson.start_board()
        if game.start_fen != start.to_fen() or game.variant != start.variant:
            raise CheckersError(
                f"the game does not start from lesson {lesson.id!r}'s position ({lesson.fen}, "
                f"{start.variant.describe()})"
            )
        self.play_replies = play_replies
        self.progress = progress
        self.learner: Color = lesson.learner
        #: Wrong attempts so far (illegal moves and legal moves that are not the answer).
        self.mistakes = 0
        #: Help taken so far: 1 per text hint, :data:`REVEAL_COST` per move shown.
        self.help = 0
        #: Stars earned (1-3), or 0 while the lesson is not done.
        self.stars = 0
        self._hints_given = 0
        self._revealed: set[int] = set()
        super().__init__(game, Feedback(True, self.task, kind="info"))

    # ------------------------------------------------------------------ state
    def _position(self) -> _Position:
        """Replay the game's moves against the solution (cheap: lessons are short)."""
        steps = self.lesson.steps
        board = self.lesson.start_board()
        moves = self.game.moves
        k = 0
        for i, step in enumerate(steps):
            if k == len(moves):
                return _Position(i, None, True)
            if moves[k] not in _accepted(step, board):
                return _Position(i, None, False)
            board.push(moves[k])
            k += 1
            if step.reply is not None:
                reply = board.parse_move(step.reply)
                if k == len(moves):
                    return _Position(i + 1, reply, True)
                if moves[k] != reply:
                    return _Position(i + 1, None, False)
                board.push(reply)
                k += 1
        return _Position(len(steps), None, k == len(moves))

    @property
    def step(self) -> int:
        """How many of the learner's steps have been played (0-based index of the next)."""
        return self._position().steps

    @property
    def done(self) -> bool:
        """Whether the lesson is complete in the position on the board."""
        pos = self._position()
        if not pos.on_script or pos.steps < len(self.lesson.steps) or pos.reply_due:
            return False
        if self.lesson.goal == "offer-draw":
            return self.game.result == "1/2-1/2" and self.game.termination == "draw agreed"
        return self.lesson.result is None or self.game.result == self.lesson.result

    @property
    def cost(self) -> int:
        """Mistakes plus help: what the stars are counted from."""
        return self.mistakes + self.help

    @property
    def current_step(self) -> Step | None:
        """The step the learner has to play now, or None (done, or only a draw offer left)."""
        pos = self._position()
        steps = self.lesson.steps
        return steps[pos.steps] if pos.steps < len(steps) else None

    @property
    def task(self) -> str:
        """What the learner has to do now: the current step's task, else the lesson's."""
        step = self.current_step
        if step is not None and step.task and self._position().steps > 0:
            return step.task
        if step is None and self.lesson.goal == "offer-draw" and self.lesson.steps:
            return "Now offer a draw."
        return self.lesson.task

    @property
    def expected(self) -> Move | None:
        """The model answer for the current step (None when no move is expected)."""
        step = self.current_step
        if step is None or self.game.is_over():
            return None
        return self.game.board.parse_move(step.move)

    def scripted_reply(self) -> Move | None:
        """The opponent's scripted reply, when it is due now (else None)."""
        return self._position().reply_due

    # ------------------------------------------------------------------ judging
    def judge(self, move: Move) -> str | None:
        """Whether the learner may play the legal ``move`` now: None, or why not.

        A refusal counts as a mistake and is announced to listeners. This is the
        board's validator: a string vetoes the move with that reason on the status line.
        """
        reason = self._objection(move)
        if reason is not None:
            with self._lock:
                if not self.stars:  # slips after the lesson is done change nothing
                    self.mistakes += 1
            self._say(Feedback(False, reason, move=str(move)))
        return reason

    def _objection(self, move: Move) -> str | None:
        lesson = self.lesson
        if self.done:
            return "This lesson is done: go on to the next one, or press Try again"
        if self.game.turn != self.learner:
            name = self.game.side_name(self.game.turn)
            return f"It is {name}'s turn: the lesson plays {name}'s moves"
        pos = self._position()
        if not pos.on_script:
            return "The game has left the lesson's moves: press Try again to start over"
        custom = lesson.feedback_for(move)
        if pos.steps == len(lesson.steps):  # only a draw offer is left to do
            return (
                custom
                or lesson.wrong
                or (
                    f"{move} is a legal move, but this lesson asks you to offer a draw, "
                    "not to move (and a move would decline an offer made to you)"
                )
            )
        step = lesson.steps[pos.steps]
        if move in _accepted(step, self.game.board):
            return None
        return (
            custom
            or lesson.wrong
            or (f"{move} is a legal move, but not the one this lesson asks for: {self.task}")
        )

    def refused(self, attempt: str | Sequence[int]) -> Feedback:
        """An illegal attempt was made (e.g. on the board): count it and explain it.

        The lesson's own ``feedback`` for that attempt comes first, then
        :meth:`Game.explain`'s account of the rule it breaks (without naming the legal
        moves: the answer belongs to the Hint).
        """
        squares = move_squares(attempt) if isinstance(attempt, str) else tuple(attempt)
        if len(set(squares)) > 1:  # a real move attempt, not a typo or a click on a piece
            with self._lock:
                self.mistakes += 1
        # The rule broken, without the legal moves: in a lesson they are the answer,
        # which only the Hint gives.
        message = self.lesson.feedback_for(attempt) or self.game.explain(attempt, name_moves=False)
        text = attempt if isinstance(attempt, str) else "-".join(map(str, attempt))
        return self._say(Feedback(False, message, move=text))

    def attempt(self, attempt: str | Sequence[int] | Move) -> Feedback:
        """Try a move (text such as ``"9x18"``, the squares clicked, or a Move).

        A right move is played, followed by the opponent's scripted reply (with
        ``play_replies``); anything else changes nothing and the feedback says why.
        """
        if self.done:
            return self._say(Feedback(True, "This lesson is already done", True, self.stars))
        if self.game.is_over():
            return self._say(
                Feedback(
                    False,
                    f"The game is over ({self.game.termination}): press Try again",
                    kind="info",
                )
            )
        move = self._resolve(attempt)
        if move is None:
            return self.refused(attempt if not isinstance(attempt, Move) else list(attempt.path))
        if self.judge(move) is not None:
            return self.feedback
        self.game.play(move)  # our own listener gives the feedback
        if self.play_replies and (reply := self.scripted_reply()) is not None:
            self.game.play(reply)
        return self.feedback

    def offer_draw(self) -> Feedback:
        """The learner offers a draw; the opponent answers at once (see the lesson's goal)."""
        try:
            self.game.offer_draw(self.learner)
        except CheckersError as exc:
            return self._say(Feedback(False, sentence(exc), kind="info"))
        return self.feedback

    def _resolve(self, attempt: str | Sequence[int] | Move) -> Move | None:
        """The legal move an attempt names, or None if it names none (or is not a move)."""
        legal = self.game.legal_moves()
        if isinstance(attempt, Move):
            return attempt if attempt in legal else None
        if isinstance(attempt, str):
            try:
                return self.game.board.parse_move(attempt)
            except IllegalMoveError:
                return None
        if not all(isinstance(s, int) and not isinstance(s, bool) for s in attempt):
            return None
        path = tuple(attempt)
        exact = [m for m in legal if m.path == path]
        if exact:
            return exact[0]
        ends = [m for m in legal if len(path) == 2 and (m.start, m.end) == path]
        return ends[0] if len(ends) == 1 else None

    # ------------------------------------------------------------------ events
    def _on_game_event(self, event: str, game: Game) -> None:
        if event in ("move", "redo"):
            self._after_move()
        elif event == "offer":
            self._answer_offer()
        elif event == "result":
            self._after_result()
        elif event == "undo":
            self._say(Feedback(True, f"Taken back. {self.task}", kind="info"))
        elif event == "reset":
            self._say(Feedback(True, f"Back to the start. {self.task}", kind="info"))

    def _after_move(self) -> None:
        pos = self._position()
        game = self.game
        last = game.moves[-1]
        mover = opponent(game.turn)
        if not pos.on_script:
            text = f"{last} is not part of this lesson: press Try again"
            self._say(Feedback(False, text, move=str(last)))
            return
        if self.done:
            self._finish(str(last))
            return
        if mover == self.learner:
            if pos.reply_due is not None:
                text = f"Right: {last}. {game.side_name(game.turn)} replies…"
            else:
                text = f"Right: {last}. {self.task}"
            self._say(Feedback(True, text, move=str(last)))
            return
        mine = game.moves[-2] if game.ply >= 2 else None
        right = f"Right: {mine}. " if mine is not None else ""
        text = f"{right}{game.side_name(mover)} replied {last}. {self.task}"
        self._say(Feedback(True, text, move=str(last)))

    def _answer_offer(self) -> None:
        game = self.game
        if game.draw_offer != self.learner or game.is_over():
            return
        other = game.side_name(opponent(self.learner))
        pos = self._position()
        ready = pos.on_script and pos.steps == len(self.lesson.steps) and not pos.reply_due
        if self.lesson.goal == "offer-draw" and ready:
            game.accept_draw(opponent(self.learner))  # the "result" event finishes the lesson
            return
        game.decline_draw(opponent(self.learner))
        if self.lesson.goal == "offer-draw":
            why = "first play the moves of the lesson"
        else:
            why = "this lesson is not about draws"
        self._say(
            Feedback(False, f"{other} declines the draw offer: {why}. {self.task}", kind="info")
        )

    def _after_result(self) -> None:
        if self.done:
            self._finish(None)
        elif self.game.is_over():
            self._say(
                Feedback(
                    False,
                    f"The game is over ({self.game.termination}): press Try again to restart",
                    kind="info",
                )
            )

    def _finish(self, move: str | None) -> None:
        first = self.stars == 0
        if first:
            self.stars = stars_for(self.cost)
            if self.progress is not None:
                self.progress.record(self.lesson.id, self.stars)
        text = self.lesson.success or "Well done: lesson complete."
        ending = _ending(self.game)
        if ending:
            text = f"{ending} {text}"
        self._say(Feedback(True, text, True, self.stars, move))

    # ------------------------------------------------------------------ help
    def hint(self) -> Hint:
        """The next hint, gentlest first; after the lesson's hints, the move itself.

        Each text hint costs a little (as a mistake does); being shown the move costs
        more, once per step.
        """
        with self._lock:
            if self.done:
                return Hint("This lesson is done: there is nothing left to find.")
            pos = self._position()
            if not pos.on_script:
                return Hint("The game has left the lesson's moves: press Try again.")
            if self._hints_given < len(self.lesson.hints):
                text = self.lesson.hints[self._hints_given]
                self._hints_given += 1
                self.help += 1
                return self._hint(Hint(text))
            return self.reveal()

    def reveal(self) -> Hint:
        """Show the move to play now (the strongest hint); costs once per step."""
        with self._lock:
            pos = self._position()
            if self.done or self.game.is_over():
                return Hint("There is no move to find here.")
            move = self.expected
            if pos.steps not in self._revealed:
                self._revealed.add(pos.steps)
                self.help += REVEAL_COST
            if move is None:
                return self._hint(
                    Hint("Press Offer draw above the board: your opponent will accept.")
                )
            return self._hint(Hint(f"Play {move}.", move))

    def _hint(self, hint: Hint) -> Hint:
        self._say(Feedback(True, f"Hint: {hint.text}", kind="hint"))
        return hint

    def restart(self) -> None:
        """Go back to the lesson's position (mistakes and help so far still count)."""
        self.game.reset()

    def __repr__(self) -> str:
        return (
            f"<LessonRun {self.lesson.id!r} step {self.step}/{len(self.lesson.steps)} "
            f"mistakes={self.mistakes} help={self.help} stars={self.stars}>"
        )


def _ending(game: Game) -> str:
    """How the game ended, as a sentence ("Black wins: ...", "Draw by repetition: ...")."""
    if not game.is_over():
        return ""
    reason = game.termination or ""
    if game.winner is not None:
        return f"{game.side_name(game.winner)} wins: {reason}."
    if reason.startswith("draw"):
        return f"D{reason[1:]}."
    return f"Draw: {reason}."


def _accepted(step: Step, board: Board) -> list[Move]:
    try:
        return step.accepted(board)
    except CheckersError:
        return []
