"""Thinking without freezing the notebook: engine searches off the kernel's main thread.

A :class:`SearchRunner` runs one search at a time in a worker thread and hands the
result to a callback, unless the search was cancelled first (Undo, New game, closing
the widget). Where threads are not available (Pyodide), it searches in place instead:
the notebook waits, but everything still works.
"""

from __future__ import annotations

import logging
import sys
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

__all__ = ["THREADS_AVAILABLE", "SearchRunner", "Ticket"]

logger = logging.getLogger("checkers_widget")

#: False in Pyodide/JupyterLite, where a search must run on the main thread.
THREADS_AVAILABLE = sys.platform != "emscripten"


@dataclass
class Ticket:
    """One search: cancel it with :meth:`cancel`; the callback never runs after that."""

    stop: threading.Event = field(default_factory=threading.Event)
    done: threading.Event = field(default_factory=threading.Event)

    def cancel(self) -> None:
        """Stop the search as soon as possible and drop its result."""
        self.stop.set()

    @property
    def cancelled(self) -> bool:
        """Whether :meth:`cancel` was called."""
        return self.stop.is_set()


class SearchRunner:
    """Runs searches one at a time, in a daemon worker thread when threads exist."""

    def __init__(self, *, threaded: bool = THREADS_AVAILABLE) -> None:
        self.threaded = threaded
        self._current: Ticket | None = None
        self._lock = threading.Lock()

    @property
    def busy(self) -> bool:
        """Whether a search is running."""
        current = self._current
        return current is not None and not current.done.is_set()

    def start(
        self,
        search: Callable[[threading.Event], Any],
        on_result: Callable[[Any], None],
        on_error: Callable[[BaseException], None],
    ) -> Ticket:
        """Run ``search(stop_event)`` and pass its result to ``on_result``.

        Cancels the search already running, if any. Callbacks run in the worker thread
        (or in place); ``on_result`` is skipped when the ticket was cancelled meanwhile.
        """
        ticket = Ticket()
        with self._lock:
            if self._current is not None:
                self._current.cancel()
            self._current = ticket

        def work() -> None:
            try:
                result = search(ticket.stop)
            except BaseException as exc:  # reported, never lost in a thread
                if not ticket.cancelled:
                    on_error(exc)
                else:
                    logger.debug("cancelled search raised %r", exc)
            else:
                if not ticket.cancelled:
                    on_result(result)
            finally:
                ticket.done.set()

        if self.threaded:
            threading.Thread(target=work, name="checkers-engine", daemon=True).start()
        else:
            work()
        return ticket

    def cancel(self) -> None:
        """Cancel the running search, if any."""
        with self._lock:
            if self._current is not None:
                self._current.cancel()
            self._current = None

    def wait(self, timeout: float | None = None) -> bool:
        """Wait for the current search to finish; returns False on timeout."""
        current = self._current
        return current is None or current.done.wait(timeout)
