"""The board's turn timer: which turn the clock times, and whether it has started.

Composed into a :class:`~checkers_widget.play.session.PlaySession` (``timer=``). The
clock itself (:mod:`.time_control`) and its real-time wake-ups (:mod:`.timekeeper`) know nothing
of games; this part keeps the turn being timed and the "started" flag, and is told by
the session, in plain values, whether the turn to move is one to time. What an expiry
does (grace time, a quick move for the player, a loss on time) is the session's.

No time runs before the first move made on the board (a click or a key, not a move
played from Python): a timed board shown by a notebook cell waits, however long the
reader takes, and says that the clock starts with the first move. From then on the
clock runs in Python, whether or not the board is in view; Pause stops it. New game and
Restart wait for a first move again.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from ...core.color import Color
from ..state import ClockState
from .time_control import Expiry, TimeControl, TurnClock
from .timekeeper import Timekeeper

__all__ = ["TurnTimer"]


class TurnTimer:
    """A timekeeper and the turn it times (see the module docstring)."""

    def __init__(
        self,
        control: TimeControl,
        on_expiry: Callable[[Expiry], None],
        *,
        started: bool = False,
        now: Callable[[], float] = time.monotonic,
    ) -> None:
        self.on_expiry = on_expiry
        self.keeper = Timekeeper(control, on_expiry, now=now)
        #: Whether a first move was made on the board (before it, no time runs).
        self.started = started
        self._turn: tuple[int, Color] | None = None  # (ply, side) being timed

    @property
    def clock(self) -> TurnClock:
        return self.keeper.clock

    @property
    def control(self) -> TimeControl:
        return self.keeper.control

    def use_time_source(self, now: Callable[[], float]) -> None:
        """Time from ``now`` instead of the real clock (tests): a fresh timekeeper."""
        self.keeper.close()
        self.keeper = Timekeeper(self.control, self.on_expiry, now=now)
        self._turn = None

    def start(self) -> None:
        """A person made a move on the board: from now on the timed turns run."""
        self.started = True

    def sync(self, *, timed: bool, ply: int, side: Color, paused: bool) -> None:
        """Time ``side``'s turn at ``ply`` if ``timed`` (and the clock has started)."""
        keeper = self.keeper
        if not (timed and self.started):
            if self._turn is not None:
                keeper.stop()
                self._turn = None
            return
        if (ply, side) != self._turn:
            keeper.start(side)
            self._turn = (ply, side)
        if paused and not keeper.clock.paused:
            keeper.pause()

    def waits(self, *, timed: bool) -> bool:
        """Whether a turn to time waits for the first move to start the clock."""
        return timed and not self.started

    def state(self, *, waiting: bool, side: Color) -> ClockState:
        """The clock for the board: the running turn, or the full time waiting to start."""
        snap = self.keeper.snapshot()
        if waiting:
            snap.update(
                {
                    "side": side,
                    "phase": "move",
                    "remaining": self.control.per_move,
                    "running": False,
                }
            )
        return {**snap, "waiting": waiting}

    def reset(self) -> None:
        """A new game: the clock waits for a first move again."""
        self.keeper.reset()
        self._turn = None
        self.started = False

    def start_over(self, *, paused: bool) -> None:
        """A new game (or this one again): running again if it was ``paused``, and
        waiting for a first move (see :meth:`reset`)."""
        if paused:
            self.resume()
        self.reset()

    def pause(self) -> None:
        self.keeper.pause()

    def resume(self) -> None:
        self.keeper.resume()

    def close(self) -> None:
        self.keeper.close()

    def expiry_applies(self, expiry: Expiry) -> bool:
        """Whether ``expiry`` is still about the turn being timed (the player may have
        moved, or paused, just as the time ran out)."""
        return self.keeper.clock.side == expiry.side
