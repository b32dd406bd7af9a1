"""The widget's turn timer: which turn the clock times, and what happens when time runs out.

A mixin of :class:`~checkers_widget.widget.board_widget.CheckersWidget` (``timer=``). The clock
itself (:mod:`clock`) and its real-time wake-ups (:mod:`timekeeper`) know nothing of
games; this part decides that only a human's turn is timed, and on expiry starts the
grace time, makes a quick move for the player, or records the loss on time.

No time runs before the first move made on the board (a click or a key, not a move
played from Python): a timed board shown by a notebook cell waits, however long the
reader takes, and says that the clock starts with the first move. From then on the
clock runs in Python, whether or not the board is in view (a hidden browser tab or a
board scrolled away does not stop it); Pause stops it. New game and Restart wait for a
first move again.
"""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING, Any

from ..core.color import Color, opponent
from ..core.game import WIN, Game
from .clock import Expiry, TurnClock
from .state import ClockState, Status, default_status
from .timekeeper import Timekeeper

if TYPE_CHECKING:
    from ..engine import Engine

__all__ = ["TurnTimer"]


class TurnTimer:
    """Clock handling for the widget (see the module docstring)."""

    # Provided by CheckersWidget.
    _lock: threading.RLock
    _game: Game
    _players: dict[Color, str]
    _editor: Any
    _paused: bool
    _pending: tuple[int, ...] | None
    _status: Status | None
    _hint_engine: Engine
    _timekeeper: Timekeeper | None
    _clock_turn: tuple[int, Color] | None
    _clock_started: bool
    _auto_moving: bool

    if TYPE_CHECKING:  # provided by the widget

        def _publish(self, *, bump: bool = False) -> None: ...

    @property
    def clock(self) -> TurnClock | None:
        """The turn clock (``timer=``), or None: ``widget.clock.remaining()`` etc."""
        return self._timekeeper.clock if self._timekeeper is not None else None

    @property
    def clock_started(self) -> bool:
        """Whether the turn clock has started: it waits for the first move made on the board."""
        return self._timekeeper is not None and self._clock_started

    def _start_clock(self) -> None:
        """A person made a move on the board: from now on the human's turns are timed."""
        self._clock_started = True

    def _sync_clock(self) -> None:
        """Time the human to move; no clock on the computer's turn or when it is over."""
        keeper = self._timekeeper
        if keeper is None:
            return
        game = self._game
        timed = (
            self._clock_started
            and not game.is_over()
            and self._editor is None
            and self._players[game.turn] == "human"
        )
        if not timed:
            if self._clock_turn is not None:
                keeper.stop()
                self._clock_turn = None
            return
        turn = (game.ply, game.turn)
        if turn != self._clock_turn:
            keeper.start(game.turn)
            self._clock_turn = turn
        if self._paused and not keeper.clock.paused:
            keeper.pause()

    def _clock_waits(self) -> bool:
        """Whether the board shows a clock that waits for the first move."""
        game = self._game
        return (
            self._timekeeper is not None
            and not self._clock_started
            and not game.is_over()
            and self._editor is None
            and self._players.get(game.turn) == "human"
        )

    def _clock_state(self) -> ClockState | None:
        """The clock for the board: the running turn, or the full time waiting to start."""
        keeper = self._timekeeper
        if keeper is None:
            return None
        snap = keeper.snapshot()
        waiting = self._clock_waits()
        if waiting:
            snap.update(
                {
                    "side": self._game.turn,
                    "phase": "move",
                    "remaining": keeper.control.per_move,
                    "running": False,
                }
            )
        return {**snap, "waiting": waiting}

    def _clock_note(self, pending: tuple[int, ...] | None) -> Status | None:
        """The status line of a clock that waits: whose turn, and when the clock starts."""
        if not self._clock_waits():
            return None
        status = default_status(self._game, pending)
        first = "your first move" if "computer" in self._players.values() else "the first move"
        return Status(f"{status.text} · the clock starts with {first}", status.kind)

    def _on_time_expired(self, expiry: Expiry) -> None:
        """Runs on the timer's thread: grace begins, the computer moves for you, or you lose."""
        with self._lock:
            keeper = self._timekeeper
            game = self._game
            if keeper is None or game.is_over() or expiry.side != game.turn:
                return
            if keeper.clock.side != expiry.side or self._paused:
                return  # the player moved (or paused) just as the time ran out
            name = game.side_name(expiry.side)
            if expiry.action == "grace":
                grace = round(keeper.control.grace)
                text = f"{name}: time is up; {grace} s of grace time left"
                self._status = Status(text, "refused")
                self._publish()
            elif expiry.action == "forfeit":
                game.set_result(WIN[opponent(expiry.side)], f"{name} ran out of time")
            else:
                self._move_for(expiry.side)

    def _move_for(self, side: Color) -> None:
        """Time ran out: a quick search picks the move (finishing a jump chain in progress)."""
        game = self._game
        legal = game.legal_moves()
        if self._pending:
            legal = [m for m in legal if m.path[: len(self._pending)] == self._pending] or legal
        if len(legal) == 1:
            move = legal[0]
        else:
            analysis = self._hint_engine.analyse(game.copy(), depth=4)
            move = analysis.move if analysis.move in legal else legal[0]
        self._auto_moving = True
        try:
            game.play(move)
        finally:
            self._auto_moving = False
        name = game.side_name(side)
        self._status = Status(
            f"{name} ran out of time: the computer played {move} instead. "
            f"If it happens again on {name}'s next turn, {name} loses",
            "refused",
        )
        self._publish()
