"""A guided run on a :class:`~checkers_widget.play.session.PlaySession`, and on a live board.

Nothing here subclasses a board or pretends to be an engine; the session is given the run's
parts:

- the person plays one side; the other side is a
  :class:`~checkers_widget.play.players.ScriptedPlayer` that plays the run's scripted
  replies, so Undo takes back a whole turn;
- a validator (the run's :meth:`~.guided_run.GuidedRun.judge`) vetoes legal moves that are
  not the answer, so the reason shows on the board's status line;
- the board's Hint control shows the run's answer (an
  :class:`~checkers_widget.play.search_control.AnswerHints`), not an engine's judgement;
- once the run is done (:class:`SolvedGoal`), the status line says so and no piece is lit
  as movable.

:func:`guided_options` gathers those parts, :func:`guided_session` makes a headless session
of them and :func:`guided_board` a live board (the one function here that needs Jupyter,
imported when called). A lesson's and a puzzle's modules say what differs.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any

from ..core.color import Color
from ..core.move import Move
from ..play.intent_outcome import IntentOutcome
from ..play.players import ScriptedPlayer
from ..play.search_control import AnswerHints, HintSource
from ..play.session import PlaySession
from ..play.state import Status
from .guided_run import GuidedRun

if TYPE_CHECKING:
    from ..widget.board_widget import CheckersWidget

__all__ = [
    "BOARD_SIZE",
    "SolvedGoal",
    "continue_script",
    "guided_board",
    "guided_options",
    "guided_session",
    "wire_guided",
]

#: A guided board's width in pixels: large enough to read, with room for the task beside it.
BOARD_SIZE = 480


class SolvedGoal:
    """A guided board's goal: the run done (see :class:`PlaySession`'s ``Goal``); the
    status line then says ``words()``."""

    def __init__(self, run: GuidedRun, words: Callable[[], str]) -> None:
        self._run = run
        self._words = words

    def reached(self) -> Status | None:
        """Once the run is done, its words on the status line (a refusal or any other
        message shown meanwhile comes first)."""
        if not self._run.done:
            return None
        return Status(self._words(), "over")


def guided_options(
    run: GuidedRun,
    *,
    human: Color,
    answer: Callable[[], Move | None],
    controls: Iterable[str],
    level: str = "lesson",
    evaluator: HintSource | None = None,
) -> dict[str, Any]:
    """A board's (or, through :func:`guided_session`, a headless session's) options for
    ``run``: ``human`` plays against the script (a computer of ``level``), the Hint control
    shows ``answer()``, the board offers ``controls`` and evaluates with ``evaluator``
    (default: none of its own)."""
    options: dict[str, Any] = {
        "opponent": ScriptedPlayer(run.scripted_reply, level=level),
        "human": human,
        "hint_engine": AnswerHints(answer),
    }
    if evaluator is not None:
        options["eval_engine"] = evaluator
    options["controls"] = list(controls)
    return options


def wire_guided(
    session: PlaySession, run: GuidedRun, goal: SolvedGoal, after: Callable[[IntentOutcome], Any]
) -> None:
    """Give ``session`` the run's judgement (its validator), ``after`` (called with the
    outcome of every intent handled) and the goal."""
    session.search.scored_hints = False  # the hint is the answer, not a judgement

    def judge(_game: Any, move: Move) -> str | None:
        return run.judge(move)

    session.validate(judge)
    session.on_outcome(after)
    session.set_goal(goal)


def guided_session(
    run: GuidedRun,
    chosen: Mapping[str, Any],
    wire: Callable[[PlaySession], None],
    **options: Any,
) -> PlaySession:
    """A headless session playing ``run`` with the board options ``chosen`` (see
    :func:`guided_options`) under ``options`` (:class:`PlaySession`'s), wired by ``wire``;
    call its :meth:`~PlaySession.start`."""
    session = PlaySession(run.game, **{**chosen, **options})
    wire(session)
    return session


def guided_board(
    run: GuidedRun,
    chosen: Mapping[str, Any],
    wire: Callable[[PlaySession], None],
    *,
    orientation: Color,
    show_numbers: bool,
    **options: Any,
) -> CheckersWidget:
    """A live board playing ``run`` with the options ``chosen`` (see :func:`guided_options`)
    under ``options`` (the widget's; ``milestones`` is off and ``size`` is
    :data:`BOARD_SIZE` unless given), its session wired by ``wire``."""
    from ..widget.board_widget import CheckersWidget

    settings = {**chosen, "milestones": False, "size": BOARD_SIZE, **options}
    board = CheckersWidget(run.game, orientation=orientation, show_numbers=show_numbers, **settings)
    wire(board.session)
    return board


def continue_script(session: PlaySession, run: GuidedRun) -> None:
    """Play the scripted reply if it is due and the session's computer is holding back.

    The computer waits while there are moves to redo (someone walking back through the
    game); in a lesson, a move replayed after Undo must still be answered. The reply is
    redone when it is the next move of the line, else played.
    """
    reply = run.scripted_reply()
    game = session.game
    if reply is None or session.search.thinking or not game.can_redo or game.is_over():
        return
    if game.redo_moves[0] == reply:
        session.redo()
    else:
        game.play(reply)
