"""What a board's session shows besides the game: the status line, whether moves are
offered, and every input of the published state.

The session is the one owner of the board's state; this part reads it through
:class:`ShownBoard` (a protocol: the session's fields, read only) and returns what the
board shows, so that the rules of the status line (most urgent first) and of the
state's inputs live in one place, apart from the code that changes the board.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Protocol

from ..core.color import Color
from ..core.errors import VariantError
from ..core.game import Game
from ..core.variants import AMERICAN
from .clock.policy import ClockPolicy
from .clock.turn_timer import TurnTimer
from .editor import PositionEditor
from .milestones.tracking import MilestoneTracker
from .network_play import RemotePlay
from .players import Human, Player, kinds
from .review.game_review import GameReview
from .search_control import SearchControl
from .state import ReplayState, StateInputs, Status

if TYPE_CHECKING:
    from ..analysis.explorer import OpeningExplorer

__all__ = [
    "PAUSED_STATUS",
    "BoardGoal",
    "ShownBoard",
    "check_explorer",
    "computer_waits",
    "goal_reached",
    "offers_moves",
    "state_inputs",
    "status_line",
]


def check_explorer(explorer: OpeningExplorer | None, game: Game) -> None:
    """Refuse an opening explorer beside a board of another variant than American
    checkers (its games are American checkers games)."""
    if explorer is not None and game.variant is not AMERICAN:
        raise VariantError(
            "the opening explorer's games are American checkers games, "
            f"not {game.variant.describe()}"
        )


#: The status line of a paused board (by Pause, or restored from an autosave file): the
#: board is covered, so the line says why and how to go on rather than whose turn it is.
PAUSED_STATUS = Status("Paused: press Resume (P) to go on", "turn")


class BoardGoal(Protocol):
    """What a board is for, when it is for something (a lesson, a puzzle): once reached,
    the status line says so and the board offers no more moves."""

    def reached(self) -> Status | None:
        """The status line once the goal is reached; None before."""


class ShownBoard(Protocol):
    """The fields of a board's session that what it shows depends on (read only)."""

    @property
    def game(self) -> Game: ...
    @property
    def version(self) -> int: ...
    @property
    def pending(self) -> tuple[int, ...] | None: ...
    @property
    def redo_chain(self) -> tuple[int, ...] | None: ...
    @property
    def status(self) -> Status | None: ...
    @property
    def notice(self) -> Status | None: ...
    @property
    def paused(self) -> bool: ...
    @property
    def pausable(self) -> bool: ...
    @property
    def looking_back(self) -> bool: ...
    @property
    def goal(self) -> BoardGoal | None: ...
    @property
    def players(self) -> Mapping[Color, Player]: ...
    @property
    def opponent(self) -> Player | None: ...
    @property
    def played_game(self) -> bool: ...
    @property
    def search(self) -> SearchControl: ...
    @property
    def replay_view(self) -> ReplayState | None: ...
    @property
    def editor(self) -> PositionEditor: ...
    @property
    def timer(self) -> TurnTimer | None: ...
    @property
    def clock_policy(self) -> ClockPolicy: ...
    @property
    def tracker(self) -> MilestoneTracker: ...
    @property
    def remote(self) -> RemotePlay | None: ...
    @property
    def interactive(self) -> bool: ...
    @property
    def controls(self) -> list[str] | None: ...
    @property
    def review(self) -> GameReview: ...
    @property
    def explorer(self) -> OpeningExplorer | None: ...


def goal_reached(board: ShownBoard) -> bool:
    """Whether the board's goal (a lesson's, a puzzle's) is reached: nothing more is
    played, by the person or by the computer."""
    return board.goal is not None and board.goal.reached() is not None


def computer_waits(board: ShownBoard) -> bool:
    """Whether the computer holds its move because the user is looking back.

    After Undo, Redo or a jump in the move list the computer waits while moves remain
    to redo, so that walking through a game never plays over it. Any move ends that:
    the computer always answers a human move (a move replayed after Undo included).
    """
    return board.looking_back and board.game.can_redo


def _waiting_status(board: ShownBoard) -> Status | None:
    """Why nothing happens when the computer holds its move (see :func:`computer_waits`)."""
    game = board.game
    if (
        not board.players[game.turn].automatic
        or board.search.thinking
        or board.paused
        or game.is_over()
        or not computer_waits(board)
    ):
        return None
    name = game.side_name(game.turn)
    return Status(
        f"{name} to move: the computer waits while you look back (Redo goes on)",
        "turn",
    )


def offers_moves(board: ShownBoard) -> bool:
    """Whether the board offers this position's legal moves to click.

    Not on a network board while it is the other player's turn (or nobody's yet), nor
    once the board's goal is reached, nor in the learn mode between a position's answer
    and Next.
    """
    if goal_reached(board):
        return False
    learn = board.review.learn
    if learn is not None and not learn.asking:
        return False  # the learn mode waits for Next or Done: no piece to pick up
    return board.remote is None or isinstance(board.players[board.game.turn], Human)


def status_line(board: ShownBoard) -> Status | None:
    """What the status line says (None: whose turn it is), most urgent first."""
    goal = board.goal.reached() if board.goal is not None else None
    remote = board.remote
    return (
        board.notice
        or (PAUSED_STATUS if board.paused else None)
        or board.status
        or board.review.status()
        or goal
        or (remote.status(board.game, board.pending) if remote is not None else None)
        or _waiting_status(board)
        or board.clock_policy.note()
    )


def state_inputs(board: ShownBoard) -> StateInputs:
    """Everything besides the game that the published state shows."""
    game = board.game
    search = board.search
    timer = board.timer
    review = board.review.state()
    review_phase, learn_phase, mistakes = board.review.facts()
    return StateInputs(
        version=board.version,
        pending=board.pending,
        redo_chain=board.redo_chain is not None,
        status=status_line(board),
        players=kinds(board.players),
        offers_moves=offers_moves(board),
        thinking=search.thinking,
        level=board.opponent.level if board.opponent is not None else None,
        hint=search.hint,
        evaluation=search.evaluation,
        replay=board.replay_view,
        editor=board.editor.state(),
        paused=board.paused,
        pausable=board.pausable,
        clock=(
            timer.state(waiting=board.clock_policy.waits(), side=game.turn)
            if timer is not None
            else None
        ),
        milestones=board.tracker.state(played=board.played_game),
        network=board.remote.state() if board.remote is not None else None,
        interactive=board.interactive,
        chosen_controls=frozenset(board.controls) if board.controls is not None else None,
        review=review,
        review_phase=review_phase,
        learn_phase=learn_phase,
        mistakes=mistakes,
        explorer=board.explorer,
    )
