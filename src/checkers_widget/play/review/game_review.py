"""The board's game review and its learn mode, on a board's session.

:class:`GameReview` is the part of a session that

- runs the review in the background (:class:`~.control.ReviewControl`), publishing
  its progress as it goes; Cancel stops it and leaves the game as it was;
- publishes what the front end draws of a finished review (:class:`~.state.ReviewState`):
  the graph's points, the move list's marks, words about the position shown and the
  engine's move there (drawn as an arrow), each side's figures;
- runs the learn mode (:class:`~.learn_mode.LearnMode`): it goes to the position before
  each of the user's mistakes, takes the move the user makes there instead of playing it
  (the game is never changed by the learn mode), has the engine look at it in the
  background and says whether it counts; Hint, Skip, Show answer and Next are commands.

Going to a ply is the board's own ``goto`` command (the move list's), which the graph's
points send too: nothing new to trust. The review reads the board through
:class:`ReviewedBoard`; a move tried in the learn mode answers with a
:class:`~checkers_widget.play.changes.Reply` for the session to apply.
"""

from __future__ import annotations

import math
import threading
from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any, Protocol

from ...analysis.judgement import Verdict
from ...analysis.review import PlyReview, Review
from ...analysis.review_jobs import PositionEval, PositionJob, analyse_position
from ...core.color import BLACK, COLORS, Color
from ...core.errors import CheckersError
from ...core.game import Game
from ...core.move import Move
from ...engine.scores import signed_men
from ..changes import Change, Reply
from ..intent_outcome import IntentOutcome
from ..intents import Command
from ..players import Player
from ..search_runner import THREADS_AVAILABLE, SearchRunner, Ticket
from ..state import (
    ReviewPointState,
    ReviewShownState,
    ReviewState,
    SideSummaryState,
    Status,
    StatusKind,
    move_state,
)
from .control import ReviewControl
from .learn_mode import LearnMode, LearnPhase

__all__ = ["Checker", "GameReview", "ReviewedBoard", "graph_bar"]

#: What looks at a move tried in the learn mode: the review's own search of one position
#: (:func:`~checkers_widget.analysis.review_jobs.analyse_position`), or a stand-in.
Checker = Callable[[PositionJob, threading.Event], PositionEval]


def graph_bar(value: float) -> float:
    """How the graph draws an evaluation in men: squashed into -1..+1, so that a man up
    shows clearly and a proven win reaches the edge (tanh of a third of the value)."""
    return round(math.tanh(value / 3.0), 4)


def _black_value(p: PlyReview, after: bool) -> float:
    value = p.after if after else p.before
    return value if p.color == BLACK else -value


class ReviewedBoard(Protocol):
    """What the review reads of a board's session, and its actions it uses."""

    @property
    def lock(self) -> AbstractContextManager[Any]: ...
    @property
    def game(self) -> Game: ...
    @property
    def opponent(self) -> Player | None: ...
    @property
    def remote(self) -> object | None: ...

    def human_side(self) -> Color: ...

    def publish(self, *, bump: bool = False) -> None:
        """Send the board's state out again (the review's progress, a verdict)."""

    def goto(self, ply: int) -> None:
        """Show the position after ``ply`` moves of the line."""


class GameReview:
    """One board's review and learn mode (see the module docstring)."""

    def __init__(self, session: ReviewedBoard, *, threaded: bool = THREADS_AVAILABLE) -> None:
        self._session = session
        self.control = ReviewControl(threaded=threaded)
        self.learn: LearnMode | None = None
        #: What looks at the moves tried in the learn mode: the review's own search of a
        #: position, with the review's limits (a test gives a stand-in).
        self.checker: Checker = analyse_position
        self._checks = SearchRunner(threaded=threaded)
        self.check_ticket: Ticket | None = None

    # ------------------------------------------------------------------ the review
    def start(self, *, time_per_move: float | None = None, depth: int | None = None) -> None:
        """Review the game's whole line in the background (see :class:`ReviewControl`)."""
        session = self._session
        with session.lock:
            if session.remote is not None:
                raise CheckersError("the review is not available in a network game")
            if not session.game.line:
                raise CheckersError("there are no moves to review yet")
            self.stop_learning(publish=False)
            self.control.start(
                session.game,
                time_per_move=time_per_move,
                depth=depth,
                on_change=session.publish,
                lock=session.lock,
            )
            session.publish()

    def cancel(self) -> None:
        """Stop a running review; the game is left exactly as it is."""
        with self._session.lock:
            self.control.cancel()
            self._session.publish()

    @property
    def result(self) -> Review | None:
        """The finished review, while it is still of the game's line."""
        control = self.control
        return control.result if control.covers(self._session.game) else None

    def close(self) -> None:
        self.control.cancel()
        self._checks.cancel()

    # ------------------------------------------------------------------ the learn mode
    def start_learning(self, side: Color | str | None = "auto") -> LearnMode:
        """Ask about the mistakes of ``side`` (``"auto"``: the person's side against the
        computer, both sides between two people; None: both)."""
        session = self._session
        with session.lock:
            review = self.result
            if review is None:
                raise CheckersError("review the game first: there is no review of this game")
            if side == "auto":
                side = session.human_side() if session.opponent is not None else None
            if side is not None and side not in COLORS:
                raise CheckersError(f"side must be 'black', 'white' or None, not {side!r}")
            game = session.game
            names = {color: game.side_name(color) for color in COLORS}
            learn = LearnMode(review, side, names)
            if not learn.exercises:
                raise CheckersError("the review found no mistake to learn from")
            self.learn = learn
            self._go_to_exercise()
            return learn

    def stop_learning(self, *, publish: bool = True) -> None:
        with self._session.lock:
            self._checks.cancel()
            self.learn = None
            if publish:
                self._session.publish()

    def _go_to_exercise(self) -> None:
        session = self._session
        learn = self.learn
        assert learn is not None
        if learn.current is not None and session.game.ply != learn.position_ply:
            session.goto(learn.position_ply)
        else:
            session.publish()

    def try_move(self, move: Move) -> Reply:
        """A move made on the board in the learn mode: judged, never played."""
        session = self._session
        learn = self.learn
        assert learn is not None
        if not learn.asking:
            return Reply.refused("Press Next for the next position (or Done to stop)")
        if learn.phase == "checking":
            return Reply.refused(f"Wait: the engine is looking at {learn.checking}")
        if session.game.ply != learn.position_ply:
            return Reply.refused(
                f"This is not the position asked about: go to move {learn.position_ply} "
                "in the move list (or press Skip)"
            )
        verdict = learn.quick_verdict(move)
        if verdict is None:
            self._check(move)
        return Reply(
            IntentOutcome("vetoed", learn.text, move=move), Change(pending=None, bump=True)
        )

    def _check(self, move: Move) -> None:
        """Have the engine look at the position after ``move``, in the background."""
        session = self._session
        learn = self.learn
        assert learn is not None
        game = session.game
        job = PositionJob(
            game.start_fen, game.draw_rules, (*game.moves, move), self.control.limits()
        )
        checker = self.checker

        def done(found: PositionEval) -> None:
            with session.lock:
                if self.learn is learn and learn.checking == move:
                    # (The search is from the side to move after the move: the opponent.)
                    learn.judge(move, Verdict(found.score, found.mate, found.draw).flipped())
                    session.publish()

        def failed(exc: BaseException) -> None:
            with session.lock:
                if self.learn is learn:
                    learn.phase = "wrong"
                    learn.checking = None
                    learn.text = f"The engine failed to look at {move}: {exc}"
                    session.publish()

        self.check_ticket = self._checks.start(lambda stop: checker(job, stop), done, failed)

    def command_handlers(self) -> dict[str, Callable[[Command], Reply]]:
        """The handlers of the review's commands (for the session's command table)."""
        return {
            "review": lambda _c: self._run(self.start),
            "review-cancel": lambda _c: self._run(self.cancel),
            "learn": lambda _c: self._run(self.start_learning),
            "learn-hint": lambda _c: self._learning(self._hint),
            "learn-skip": lambda _c: self._learning(self._skip),
            "learn-answer": lambda _c: self._learning(self._answer),
            "learn-next": lambda _c: self._learning(self._next),
            "learn-stop": lambda _c: self._run(self.stop_learning),
        }

    @staticmethod
    def _run(action: Callable[[], Any]) -> Reply:
        action()
        return Reply.done(False)

    def _learning(self, action: Callable[[LearnMode], None]) -> Reply:
        learn = self.learn
        if learn is None:
            raise CheckersError("the learn mode is not on")
        action(learn)
        return Reply.done(False)

    def _hint(self, learn: LearnMode) -> None:
        if not learn.asking:
            raise CheckersError("there is no position asked about now")
        learn.hint()
        self._session.publish()

    def _skip(self, learn: LearnMode) -> None:
        if learn.current is None:
            raise CheckersError("every position has been asked about")
        self._checks.cancel()
        learn.skip()
        self._go_to_exercise()

    def _answer(self, learn: LearnMode) -> None:
        if not learn.asking:
            raise CheckersError("there is no position asked about now")
        self._checks.cancel()
        learn.answer()
        self._go_to_exercise()

    def _next(self, learn: LearnMode) -> None:
        if learn.phase not in ("right", "answer"):
            raise CheckersError("find a move first, or press Skip or Show answer")
        learn.next()
        self._go_to_exercise()

    # ------------------------------------------------------------------ state out
    def facts(self) -> tuple[str, str | None, int]:
        """The review's phase, the learn mode's phase and how many exercises a learn
        mode started now would have (the facts that decide the review's controls)."""
        control = self.control
        phase: str = control.phase
        review = self.result
        if phase == "done" and review is None:
            phase = "none"  # the review is of a line the game has left
        elif phase == "done" and len(self._session.game.line) > len(control.line):
            phase = "partial"  # played on since: the new moves may be reviewed
        learn = self.learn
        mistakes = 0
        if review is not None:
            session = self._session
            side = session.human_side() if session.opponent is not None else None
            mistakes = sum(
                p.judgement in ("mistake", "blunder") and (side is None or p.color == side)
                for p in review.plies
            )
        return phase, learn.phase if learn is not None else None, mistakes

    def state(self) -> ReviewState | None:
        """What the board draws of the review (None: no review asked for)."""
        control = self.control
        if control.phase == "running" and not control.follows(self._session.game):
            control.cancel()  # a new game, another game, another line: not worth finishing
        if control.phase == "running":
            return self._state("running")
        if control.phase == "failed":
            return self._state("failed")
        review = self.result
        if review is None:
            if self.learn is not None:
                self.learn = None  # the game left the reviewed line
            return None
        return self._state("done", review)

    def _state(self, phase: Any, review: Review | None = None) -> ReviewState:
        control = self.control
        state: ReviewState = {
            "phase": phase,
            "done": control.done,
            "total": control.total,
            "error": control.error,
            "symbols": {},
            "points": [],
            "shown": None,
            "summary": None,
            "learn": self.learn.state() if self.learn is not None else None,
        }
        if review is None:
            return state
        plies = review.plies
        state["symbols"] = {str(p.ply): p.symbol for p in plies if p.symbol}
        points: list[ReviewPointState] = []
        if plies:
            start = _black_value(plies[0], after=False)
            points.append(
                {"ply": 0, "value": start, "bar": graph_bar(start), "judgement": None, "symbol": ""}
            )
        for p in plies:
            value = _black_value(p, after=True)
            points.append(
                {
                    "ply": p.ply,
                    "value": value,
                    "bar": graph_bar(value),
                    "judgement": p.judgement,
                    "symbol": p.symbol,
                }
            )
        state["points"] = points
        state["shown"] = self._shown(review)
        state["summary"] = _summary(review)
        return state

    def _shown(self, review: Review) -> ReviewShownState:
        game = self._session.game
        ply = game.ply
        plies = review.plies
        text = ""
        if 0 < ply <= len(plies):
            text = _move_words(plies[ply - 1], game.side_name(plies[ply - 1].color))
        best = None
        best_text = ""
        learn = self.learn
        hidden = learn is not None and learn.asking and ply == learn.position_ply
        if ply < len(plies) and not hidden:
            here = plies[ply]
            if here.best is not None:
                best = move_state(here.best)
                best_text = f"Best here: {here.best} ({_value_text(here.before)})"
        return {"ply": ply, "text": text, "best": best, "best_text": best_text}

    def status(self) -> Status | None:
        """The status line while the review runs, or in the learn mode."""
        control = self.control
        if control.phase == "running":
            # (The review counts positions searched: one more than the moves.)
            percent = 100 * control.done // control.total if control.total else 0
            return Status(f"Reviewing the game ({percent}% done)…", "thinking")
        if control.phase == "failed" and control.error:
            return Status(control.error, "error")
        learn = self.learn
        if learn is not None and learn.text:
            # The learn mode's words go on the board's status line too: a move tried there
            # is judged, not played, and the piece goes back, so the line under the board
            # must say why ("Not quite: ...", "Checking 10-14..."), not "White to move".
            return Status(learn.text, _LEARN_STATUS_KINDS[learn.phase])
        return None


#: How the status line looks in each phase of the learn mode.
_LEARN_STATUS_KINDS: dict[LearnPhase, StatusKind] = {
    "asking": "turn",
    "checking": "thinking",
    "wrong": "refused",
    "right": "turn",
    "answer": "turn",
    "done": "turn",
}


def _value_text(value: float) -> str:
    if value >= 99:
        return "a win"
    if value <= -99:
        return "a loss"
    return signed_men(value)


#: An expected-score loss below which a move gives up nothing a review would show (a
#: hundredth of a game); from it up to the inaccuracy threshold a move is "fine".
NOTHING_LOST = 0.01

_JUDGED = {"inaccuracy": "an inaccuracy", "mistake": "a mistake", "blunder": "a blunder"}


def _move_words(p: PlyReview, name: str) -> str:
    """ "Black played 11-16?: a mistake (+0.20 → -0.85); the engine preferred 9-14".

    A move that loses nothing (the engine's own, or within :data:`NOTHING_LOST`) is "a good
    move"; one that loses less than an inaccuracy is "fine, it gives up little", never
    good; a forced move is "the only move"."""
    head = f"{name} played {p.move}{p.symbol}"
    change = f"({_value_text(p.before)} → {_value_text(p.after)})"
    better = f"; the engine preferred {p.best}" if p.best is not None and p.best != p.move else ""
    if p.judgement is not None:
        return f"{head}: {_JUDGED[p.judgement]} {change}{better}"
    if p.forced:
        return f"{head}: the only move {change}"
    if not better or p.loss < NOTHING_LOST:
        return f"{head}: a good move {change}"
    # Below the inaccuracy threshold, yet a loss: never called good.
    return f"{head}: fine, it gives up little {change}{better}"


def _summary(review: Review) -> dict[Color, SideSummaryState] | None:
    """Each side's figures, once the review can give them."""
    try:
        summary = review.summary()
    except NotImplementedError:
        return None
    return {
        color: {
            "moves": s.moves,
            "inaccuracies": s.inaccuracies,
            "mistakes": s.mistakes,
            "blunders": s.blunders,
            "accuracy": round(s.accuracy, 1),
        }
        for color, s in summary.items()
    }
