"""The user's hooks on a board: validators that may veto a move, observers told of each.

A :class:`HookRunner` keeps the registered hooks and runs each on a read-only view of
the live game (see :mod:`hooks`): whatever a hook tries, the game comes out as it went
in. A hook that raises, returns something a validator may not, or tries to change the
game is reported through the ``report`` callback it was given (the session shows it on
the board and keeps it in ``errors``) and raises :class:`HookError`.
"""

from __future__ import annotations

import contextlib
import logging
import traceback
from collections.abc import Callable
from typing import Any

from ..core.errors import HookError
from ..core.game import Game
from ..core.move import Move
from .hooks import GameView, guarded
from .wording import MAX_REASON_CHARS, cut, safe_text

__all__ = ["DEFAULT_VETO", "HookRunner", "Observer", "Validator", "hook_name"]

logger = logging.getLogger("checkers_widget")

#: A validator: ``fn(game, move)`` returns None to allow the move or a str to veto it.
Validator = Callable[[GameView, Move], Any]
#: An observer: ``fn(game, move)`` after every move; what it returns is ignored.
Observer = Callable[[GameView, Move], Any]

#: The reason given for a veto whose text is empty.
DEFAULT_VETO = "That move is not allowed here"


class HookRunner:
    """Registered validators and observers, and the running of them."""

    def __init__(self, report: Callable[[str], None]) -> None:
        self._report = report
        self.validators: list[Validator] = []
        self.observers: list[Observer] = []
        #: The last hook failure, kept for :meth:`take_failure` (play() raises it).
        self.failure: BaseException | None = None
        #: While a hook runs: what it tried to change; else None.
        self._attempts: list[str] | None = None

    def validate(self, fn: Validator) -> Validator:
        if not callable(fn):
            raise HookError(f"a validator must be callable, not {type(fn).__name__}")
        self.validators.append(fn)
        return fn

    def on_move(self, fn: Observer) -> Observer:
        if not callable(fn):
            raise HookError(f"an observer must be callable, not {type(fn).__name__}")
        self.observers.append(fn)
        return fn

    def clear(self) -> None:
        self.validators.clear()
        self.observers.clear()

    def take_failure(self) -> BaseException | None:
        """The failure since the last call (None if none), forgotten once taken."""
        failure, self.failure = self.failure, None
        return failure

    def refuse_during_hook(self, action: str) -> None:
        """Refuse a call that changes the game while a hook runs (it raises HookError)."""
        attempts = self._attempts
        if attempts is not None:
            attempts.append(f"widget.{action}()")
            raise HookError(f"a hook cannot call widget.{action}(): hooks must not change the game")

    def veto(self, game: Game, move: Move) -> str | None:
        """The first validator's objection to a legal move, or None.

        Raises :class:`HookError` (already reported) when a validator raises, returns
        something other than None or a str, or tries to change the game; the game is
        then exactly as before.
        """
        for validator in list(self.validators):
            value = self._run("validator", validator, game, move)
            if value is None:
                continue
            if not isinstance(value, str):
                text = (
                    f"validator {hook_name(validator)} returned a {type(value).__name__}: "
                    "a validator returns None to allow a move or a str to veto it"
                )
                self._fail(text)
                raise HookError(text)
            return _reason_text(value)
        return None

    def observe(self, game: Game, move: Move) -> None:
        """Tell every observer of ``move``; a failure is reported (the move stands)."""
        for observer in list(self.observers):
            with contextlib.suppress(HookError):
                self._run("observer", observer, game, move)

    def _run(self, kind: str, fn: Callable[..., Any], game: Game, move: Move) -> Any:
        what = f"{kind} {hook_name(fn)}"
        outer = self._attempts
        attempts: list[str] = []
        self._attempts = attempts
        try:
            with guarded(game, what, attempts) as view:
                value = fn(view, move)
        except Exception as exc:
            self._attempts = outer
            text = f"Error in {what}: {type(exc).__name__}: {safe_text(exc)}"
            self._fail(text, exc)
            raise HookError(f"{what} raised {type(exc).__name__}: {safe_text(exc)}") from exc
        finally:
            self._attempts = outer  # (a KeyboardInterrupt too)
        if attempts:
            text = (
                f"{what} tried to change the game ({attempts[0]}): hooks must not change "
                "the game, which is unchanged"
            )
            self._fail(text)
            raise HookError(text)
        return value

    def _fail(self, text: str, exc: BaseException | None = None) -> None:
        trace = "".join(traceback.format_exception(exc)) if exc is not None else ""
        logger.error("%s\n%s", text, trace)
        self.failure = exc or HookError(text)
        self._report(text)


def hook_name(fn: Callable[..., Any]) -> str:
    """A hook's name for messages (its qualified name), whatever the object."""
    name = getattr(fn, "__qualname__", None)
    return name[:100] if isinstance(name, str) and name else safe_text(fn, limit=100)


def _reason_text(value: str) -> str:
    """A validator's reason as plain text for the status line: a plain ``str`` (not the
    validator's str subclass, whose methods could do anything), cut to
    :data:`MAX_REASON_CHARS`; an empty or blank reason gets :data:`DEFAULT_VETO`."""
    text = str.__getitem__(value, slice(0, MAX_REASON_CHARS + 1))
    return cut(text, MAX_REASON_CHARS) if text.strip() else DEFAULT_VETO
