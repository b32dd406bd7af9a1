"""A small list of callbacks, told of each new value in the order they were added.

The one listener list of the package: a lesson's and a puzzle's run tell theirs about every
new feedback, and other owners of events compose one the same way instead of keeping a
hand-written list. It is plain Python (the rules core's layer), so every layer may use it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, TypeVar

T = TypeVar("T")

__all__ = ["Listeners"]


class Listeners(Generic[T]):
    """Functions called with each new value, in the order they were added."""

    def __init__(self) -> None:
        self._fns: list[Callable[[T], Any]] = []

    def add(self, fn: Callable[[T], Any]) -> Callable[[], None]:
        """Call ``fn(value)`` on every value told; returns a function that stops it."""
        self._fns.append(fn)

        def stop() -> None:
            if fn in self._fns:
                self._fns.remove(fn)

        return stop

    def tell(self, value: T) -> None:
        """Call every listener with ``value`` (one that stops itself meanwhile is safe)."""
        for fn in list(self._fns):
            fn(value)

    def clear(self) -> None:
        """Forget every listener."""
        self._fns.clear()
