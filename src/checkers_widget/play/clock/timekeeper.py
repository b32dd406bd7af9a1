"""The turn clock in real time: wakes up when a turn's time runs out and says so.

:class:`~checkers_widget.play.clock.TurnClock` only computes; a :class:`Timekeeper` owns
one and keeps a single timer set for the clock's next event (the grace time starting,
the time running out). When it fires, the clock is polled and any expiry is handed to
the callback, on the timer's thread; the callback decides what happens in the game.
Where threads are unavailable (Pyodide) the timer runs on the asyncio event loop.

Python keeps the time; the front end is sent :meth:`snapshot` and only counts down.
"""

from __future__ import annotations

import asyncio
import logging
import threading
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ...core.color import Color
from ..search_runner import THREADS_AVAILABLE
from .time_control import Expiry, TimeControl, TurnClock

if TYPE_CHECKING:
    from ..state import ClockSnapshot

__all__ = ["Timekeeper"]

logger = logging.getLogger("checkers_widget")

#: Fire a hair after the event, so that the clock agrees the time is spent.
_SLACK = 0.02


class Timekeeper:
    """A :class:`TurnClock` with a timer that calls ``on_expiry`` when a turn's time is up."""

    def __init__(
        self,
        control: TimeControl,
        on_expiry: Callable[[Expiry], None],
        *,
        now: Callable[[], float] = time.monotonic,
        threaded: bool = THREADS_AVAILABLE,
    ) -> None:
        self.clock = TurnClock(control, now=now)
        self._on_expiry = on_expiry
        self._threaded = threaded
        self._lock = threading.RLock()
        self._timer: Any = None  # a threading.Timer or an asyncio TimerHandle
        self._closed = False

    @property
    def control(self) -> TimeControl:
        """The time control the clock applies."""
        return self.clock.control

    # ------------------------------------------------------------------ driving
    def start(self, side: Color) -> None:
        """A new turn for ``side``, with the full time."""
        with self._lock:
            self.clock.start(side)
            self._schedule()

    def stop(self) -> None:
        """No turn is timed (game over, the computer's turn, the editor open)."""
        with self._lock:
            self.clock.stop()
            self._schedule()

    def reset(self) -> None:
        """A fresh game: no turn timed and no strikes standing."""
        with self._lock:
            self.clock.reset()
            self._schedule()

    def pause(self) -> None:
        """Stop the clock until :meth:`resume`; time paused never counts."""
        with self._lock:
            self.clock.pause()
            self._schedule()

    def resume(self) -> None:
        """Let the clock run again."""
        with self._lock:
            self.clock.resume()
            self._schedule()

    def close(self) -> None:
        """Cancel the timer for good (the widget was closed)."""
        with self._lock:
            self._closed = True
            self._cancel()

    def snapshot(self) -> ClockSnapshot:
        """What the board shows: see :meth:`TurnClock.snapshot`."""
        return self.clock.snapshot()

    # ------------------------------------------------------------------ the timer
    def tick(self) -> None:
        """Poll the clock now: hand any expiry to the callback, then set the next timer.

        The timer calls this; tests with a fake clock call it directly.
        """
        with self._lock:
            if self._closed:
                return
            self._timer = None
            expiry = self.clock.poll()
        if expiry is not None:
            try:
                self._on_expiry(expiry)
            except Exception:  # a timer thread must not die silently
                logger.exception("handling %s failed", expiry)
        with self._lock:
            if self._timer is None and not self._closed:
                self._schedule()

    def _schedule(self) -> None:
        self._cancel()
        if self._closed:
            return
        delay = self.clock.seconds_to_next_event()
        if delay is None:
            return
        delay += _SLACK
        if self._threaded:
            timer = threading.Timer(delay, self.tick)
            timer.daemon = True
            timer.start()
            self._timer = timer
        else:
            try:
                loop = asyncio.get_event_loop()
            except RuntimeError:  # no loop: expiries are found at the next poll
                return
            self._timer = loop.call_later(delay, self.tick)

    def _cancel(self) -> None:
        timer, self._timer = self._timer, None
        if timer is not None:
            timer.cancel()
