"""How a board's states go out: one at a time, numbered, and one per intent handled.

The session builds a state whenever something changes; the :class:`Publisher` numbers
it (every state differs, so a repeated refusal still reaches the board), keeps the last
one and hands it to the front end. While an intent is handled (:meth:`Publisher.holding`)
nothing goes out: the intent's one state is published at its end, so the board, which
holds its next action until that answer has come (js/outbox.js), gets exactly one.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from typing import Any

__all__ = ["BuildState", "Publisher"]

#: Builds the board's state, numbered with the sequence number it is given.
BuildState = Callable[[int], dict[str, Any]]


class Publisher:
    """Numbers, keeps and hands on a board's states (see the module docstring)."""

    def __init__(self, on_publish: Callable[[dict[str, Any]], None] | None) -> None:
        self._on_publish = on_publish
        #: The last state published.
        self.state: dict[str, Any] = {}
        self._seq = 0  # how many states have been published
        self._held = 0  # > 0 while an intent is handled: one state goes out at its end

    def publish(self, build: BuildState) -> None:
        """Build a state and hand it on, unless an intent is being handled."""
        if self._held:
            return
        self._seq += 1
        self.state = build(self._seq)
        if self._on_publish is not None:
            self._on_publish(self.state)

    @contextlib.contextmanager
    def holding(self, build: BuildState) -> Iterator[None]:
        """Hold every state back until the end, then publish one (even if nothing changed)."""
        self._held += 1
        try:
            yield
        finally:
            self._held -= 1
            self.publish(build)
