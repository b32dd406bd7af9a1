"""What every guided run shares: the game it follows, its latest feedback, its listeners.

:class:`GuidedRun` is the base of a lesson's run and a puzzle's. It follows the game (each
change goes to :meth:`GuidedRun._on_game_event`), keeps the latest :class:`Feedback` and
tells it to the listeners added with :meth:`GuidedRun.listen` (the notebook's panel, a
test). What a run judges, and how it answers, is the subclass's.
"""

from __future__ import annotations

import threading
from abc import ABC, abstractmethod
from collections.abc import Callable
from typing import Any

from ..core.game import Game, GameEvent
from ..core.listeners import Listeners
from ..core.move import Move
from .feedback import Feedback

__all__ = ["GuidedRun"]


class GuidedRun(ABC):
    """One attempt at a guided task (a lesson, a puzzle) on ``game``.

    A subclass sets up its own state, then calls ``super().__init__(game, feedback)``
    with the first feedback (the task): from then on the run follows the game.
    """

    def __init__(self, game: Game, feedback: Feedback) -> None:
        self.game = game
        #: The latest feedback given.
        self.feedback = feedback
        self._listeners: Listeners[Feedback] = Listeners()
        self._lock = threading.RLock()
        self._unsubscribe = self.game.subscribe(self._on_game_event)

    # ------------------------------------------------------------------ the task
    @property
    @abstractmethod
    def done(self) -> bool:
        """Whether the task is complete in the position on the board."""

    @abstractmethod
    def judge(self, move: Move) -> str | None:
        """Whether the person may play the legal ``move`` now: None, or why not (the
        board's validator: a string vetoes the move with that reason)."""

    @abstractmethod
    def scripted_reply(self) -> Move | None:
        """The opponent's scripted reply, when it is due now (else None)."""

    @abstractmethod
    def _on_game_event(self, event: GameEvent, game: Game) -> None:
        """React to a change of the game (a move, an undo, a result...)."""

    # ------------------------------------------------------------------ listening
    def listen(self, fn: Callable[[Feedback], Any]) -> Callable[[], None]:
        """Call ``fn(feedback)`` on every new feedback; returns a function that stops it."""
        return self._listeners.add(fn)

    def _say(self, feedback: Feedback) -> Feedback:
        self.feedback = feedback
        self._listeners.tell(feedback)
        return feedback

    def close(self) -> None:
        """Stop following the game (the run no longer reacts to its moves)."""
        self._unsubscribe()
        self._listeners.clear()
