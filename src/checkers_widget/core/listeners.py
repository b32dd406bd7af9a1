"""A small list of callbacks, told of each event in the order they were added.

The one listener list of the package: a :class:`~checkers_widget.core.game.Game` tells its
listeners of every change (``listener(event, game)``), a lesson's and a puzzle's run tell
theirs about every new feedback, and other owners of events compose one the same way instead
of keeping a hand-written list. It is plain Python (the rules core's layer), so every layer
may use it.

``Listeners[Feedback]`` holds functions of one value; ``Listeners[[GameEvent, Game]]``
functions of two (the type parameter is what the listeners are called with).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, ParamSpec

P = ParamSpec("P")

__all__ = ["Listeners"]


class Listeners(Generic[P]):
    """Functions called with each event, in the order they were added."""

    def __init__(self) -> None:
        self._fns: list[Callable[P, Any]] = []

    def add(self, fn: Callable[P, Any]) -> Callable[[], None]:
        """Call ``fn(...)`` on every event told; returns a function that stops it."""
        self._fns.append(fn)

        def stop() -> None:
            if fn in self._fns:
                self._fns.remove(fn)

        return stop

    def tell(self, *args: P.args, **kwargs: P.kwargs) -> None:
        """Call every listener with the event (one that stops itself meanwhile is safe).

        A listener that raises stops the telling: the exception goes to the caller.
        """
        for fn in list(self._fns):
            fn(*args, **kwargs)

    def tell_each(self, *args: P.args, **kwargs: P.kwargs) -> Exception | None:
        """Call every listener with the event, even when some raise; return the first
        :class:`Exception` raised (None if none did).

        For events about a change already made: one listener's bug must neither stop the
        others from hearing of it nor undo it, and the caller decides how to report it.
        """
        failure: Exception | None = None
        for fn in list(self._fns):
            try:
                fn(*args, **kwargs)
            except Exception as exc:  # a listener's bug must not stop the others
                failure = failure or exc
        return failure

    def clear(self) -> None:
        """Forget every listener."""
        self._fns.clear()
