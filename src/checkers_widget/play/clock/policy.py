"""What a board's clock means for its game: which turns are timed, what the status line
says while the clock waits, and what an expiry does.

:class:`~checkers_widget.play.clock.turn_timer.TurnTimer` keeps the time and knows nothing of
players; this policy, composed into a board's session, decides for it: only a person's
turn is timed (never the computer's, nor a finished game's, nor the editor's); when the
time runs out, grace time begins, then the computer plays a quick move for the player
(``on_expiry="auto-move"``: a second time loses) or the game is lost on time
(``"forfeit"``). The policy reads the board through
:class:`ClockedBoard` and writes nothing into it: an expiry answers with what to do
(:class:`ExpiryAnswer`), which the session carries out.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Protocol

from ...core.color import Color, opponent
from ...core.game import Game
from ...core.move import Move
from ...core.outcome import WIN
from ..editor import PositionEditor
from ..players import Human, Player
from ..search_control import SearchControl
from ..state import Status, default_status
from .time_control import Expiry
from .turn_timer import TurnTimer

__all__ = ["ClockPolicy", "ClockedBoard", "ExpiryAnswer"]


class ClockedBoard(Protocol):
    """What the clock's rules read of a board's session."""

    @property
    def game(self) -> Game: ...
    @property
    def timer(self) -> TurnTimer | None: ...
    @property
    def paused(self) -> bool: ...
    @property
    def pending(self) -> tuple[int, ...] | None: ...
    @property
    def players(self) -> Mapping[Color, Player]: ...
    @property
    def editor(self) -> PositionEditor: ...
    @property
    def search(self) -> SearchControl: ...


@dataclass(frozen=True)
class ExpiryAnswer:
    """What an expiry does to the board, for the session to carry out: the move to play
    for the player who ran out of time (None: none), then the status line to show."""

    move: Move | None
    status: Status


class ClockPolicy:
    """The clock's rules for one board's game (see the module docstring)."""

    def __init__(self, board: ClockedBoard) -> None:
        self._board = board

    def timed_turn(self) -> bool:
        """Whether the turn to move is one to time: a person's, in a game going on."""
        board = self._board
        game = board.game
        return (
            not game.is_over()
            and not board.editor.open
            and isinstance(board.players[game.turn], Human)
        )

    def sync(self) -> None:
        """Time the person to move; no clock on the computer's turn or once it is over."""
        board = self._board
        timer = board.timer
        if timer is not None:
            game = board.game
            timer.sync(timed=self.timed_turn(), ply=game.ply, side=game.turn, paused=board.paused)

    def waits(self) -> bool:
        """Whether the clock waits for the first move made on the board."""
        timer = self._board.timer
        return timer is not None and timer.waits(timed=self.timed_turn())

    def note(self) -> Status | None:
        """The status line of a clock that waits: whose turn, and when the clock starts."""
        if not self.waits():
            return None
        board = self._board
        status = default_status(board.game, board.pending)
        automatic = any(player.automatic for player in board.players.values())
        first = "your first move" if automatic else "the first move"
        return Status(f"{status.text} · the clock starts with {first}", status.kind)

    def on_expired(self, expiry: Expiry) -> ExpiryAnswer | None:
        """Time ran out (the caller holds the board's lock): grace begins (its status
        line), the computer moves for the player (the move and the status line), or the
        game is lost on time (set on the game; None: nothing more to do)."""
        board = self._board
        timer = board.timer
        game = board.game
        if timer is None or game.is_over() or expiry.side != game.turn:
            return None
        if not timer.expiry_applies(expiry) or board.paused:
            return None  # the player moved (or paused) just as the time ran out
        name = game.side_name(expiry.side)
        if expiry.action == "grace":
            grace = round(timer.control.grace)
            return ExpiryAnswer(
                None, Status(f"{name}: time is up; {grace} s of grace time left", "refused")
            )
        if expiry.action == "forfeit":
            game.set_result(WIN[opponent(expiry.side)], f"{name} ran out of time")
            return None
        return self.move_for(expiry.side)

    def move_for(self, side: Color) -> ExpiryAnswer:
        """Time ran out: a quick search picks the move (finishing a jump chain in
        progress), and the status line says what was played instead."""
        board = self._board
        game = board.game
        pending = board.pending
        legal = game.legal_moves()
        if pending:
            legal = [m for m in legal if m.path[: len(pending)] == pending] or legal
        if len(legal) == 1:
            move = legal[0]
        else:
            analysis = board.search.hint_engine.analyse(game.copy(), depth=4)
            move = analysis.move if analysis.move in legal else legal[0]
        name = game.side_name(side)
        return ExpiryAnswer(
            move,
            Status(
                f"{name} ran out of time: the computer played {move} instead. "
                f"If it happens again on {name}'s next turn, {name} loses",
                "refused",
            ),
        )
