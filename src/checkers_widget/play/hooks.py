"""What the widget's hooks (validators and observers) may see of the game, and nothing more.

A hook is the user's code running in the middle of a move: a validator before the move
is played, an observer after. If it could change the game there (take a move back,
reset, resign, play the move itself) the widget would go on with a game that is no
longer the one it checked, and leave it half-changed. So a hook gets a
:class:`GameView`: everything a :class:`~checkers_widget.core.game.Game` can be asked, and
none of what changes it. ``view.copy()`` gives a real, independent ``Game`` to try moves
on. The view costs nothing to make (it reads the live game; it copies nothing).

A hook can still reach the live game through a closure (``widget.game.undo()``): while
a hook runs, :func:`guarded` makes every call that would change the game raise
:class:`~checkers_widget.core.errors.HookError` *before* it changes anything, and restores
the game's notes (tags, comments, marks, variations), which plain assignments could
change, if the hook touched them.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator, Mapping, Sequence
from types import MappingProxyType
from typing import Any, cast

from ..core.board import Board
from ..core.color import Color
from ..core.drawings import Drawing
from ..core.errors import HookError
from ..core.game import DrawRules, Game
from ..core.move import Move
from ..core.outcome import Outcome
from ..core.variants import Variant
from ..data import ThreeMoveOpening
from ..formats.svg import Picture

__all__ = ["GAME_CHANGES", "GAME_READS", "GameView", "guarded"]

#: The public ``Game`` members that change the game: a hook may not call them.
GAME_CHANGES = frozenset(
    {
        "play",
        "undo",
        "redo",
        "goto",
        "reset",
        "resign",
        "offer_draw",
        "accept_draw",
        "decline_draw",
        "claim_draw",
        "set_result",
        "set_drawing",
        "subscribe",
    }
)

#: The public ``Game`` members a hook may read (through :class:`GameView`). Every public
#: member of ``Game`` is in exactly one of the two sets (a test checks it, so that a new
#: ``Game`` method is classified, not silently allowed).
GAME_READS = frozenset(
    {
        "board",
        "turn",
        "moves",
        "ply",
        "legal_moves",
        "side_name",
        "result",
        "termination",
        "winner",
        "is_over",
        "outcome",
        "quiet_plies",
        "repetitions",
        "can_undo",
        "can_redo",
        "line",
        "redo_moves",
        "draw_offer",
        "draw_claim",
        "draw_rules",
        "side_names",
        "fen",
        "start_fen",
        "variant",
        "tags",
        "comments",
        "nags",
        "variations",
        "drawing",
        "drawings",
        "opening",
        "explain",
        "to_pdn",
        "save",
        "copy",
        "picture",
        "from_pdn",
        "load",
    }
)


class GameView:
    """A read-only view of a live :class:`Game`, given to hooks (see the module docstring).

    Reads answer from the live game at the time of the call; the notes come as read-only
    mappings (``view.tags["Event"]`` reads, ``view.tags["Event"] = ...`` raises
    ``TypeError``). Any method that would change the game raises :class:`HookError`.
    """

    __slots__ = ("_game",)
    _game: Game

    def __init__(self, game: Game) -> None:
        object.__setattr__(self, "_game", game)

    def __setattr__(self, name: str, value: Any) -> None:
        raise HookError(f"a hook cannot set game.{name}: hooks see a read-only view of the game")

    def __delattr__(self, name: str) -> None:
        raise HookError(f"a hook cannot delete game.{name}: hooks see a read-only view")

    def __getattr__(self, name: str) -> Any:
        # Only names not defined below reach here: the changes, and unknown names.
        if name in GAME_CHANGES:
            raise HookError(
                f"a hook cannot call game.{name}(): hooks see a read-only view of the game "
                "(use game.copy() to try moves on a copy)"
            )
        raise AttributeError(f"the game view given to hooks has no attribute {name!r}")

    # ------------------------------------------------------------------ position
    @property
    def board(self) -> Board:
        """A copy of the current position (see :attr:`Game.board`)."""
        return self._game.board

    @property
    def turn(self) -> Color:
        return self._game.turn

    @property
    def moves(self) -> list[Move]:
        return self._game.moves

    @property
    def ply(self) -> int:
        return self._game.ply

    def legal_moves(self) -> list[Move]:
        return self._game.legal_moves()

    def side_name(self, color: Color) -> str:
        return self._game.side_name(color)

    @property
    def result(self) -> str | None:
        return self._game.result

    @property
    def termination(self) -> str | None:
        return self._game.termination

    @property
    def winner(self) -> Color | None:
        return self._game.winner

    def is_over(self) -> bool:
        return self._game.is_over()

    def outcome(self) -> Outcome | None:
        return self._game.outcome()

    @property
    def quiet_plies(self) -> int:
        return self._game.quiet_plies

    @property
    def repetitions(self) -> int:
        return self._game.repetitions

    @property
    def can_undo(self) -> bool:
        return self._game.can_undo

    @property
    def can_redo(self) -> bool:
        return self._game.can_redo

    @property
    def line(self) -> list[Move]:
        return self._game.line

    @property
    def redo_moves(self) -> list[Move]:
        return self._game.redo_moves

    @property
    def draw_offer(self) -> Color | None:
        return self._game.draw_offer

    @property
    def draw_claim(self) -> str | None:
        return self._game.draw_claim

    # ------------------------------------------------------------------ settings and notes
    @property
    def draw_rules(self) -> DrawRules:
        return self._game.draw_rules  # frozen

    @property
    def side_names(self) -> tuple[str, str]:
        return self._game.side_names

    @property
    def fen(self) -> str | None:
        return self._game.fen

    @property
    def start_fen(self) -> str:
        return self._game.start_fen

    @property
    def variant(self) -> Variant:
        return self._game.variant

    @property
    def tags(self) -> Mapping[str, str]:
        return MappingProxyType(self._game.tags)

    @property
    def comments(self) -> Mapping[int, str]:
        return MappingProxyType(self._game.comments)

    @property
    def nags(self) -> Mapping[int, tuple[str, ...]]:
        return MappingProxyType({k: tuple(v) for k, v in self._game.nags.items()})

    @property
    def variations(self) -> Mapping[int, tuple[str, ...]]:
        return MappingProxyType({k: tuple(v) for k, v in self._game.variations.items()})

    def drawing(self, ply: int | None = None) -> Drawing:
        """What is drawn on a position (a Drawing cannot be changed in place)."""
        return self._game.drawing(ply)

    @property
    def drawings(self) -> Mapping[int, Drawing]:
        return MappingProxyType(self._game.drawings)

    @property
    def opening(self) -> ThreeMoveOpening | None:
        """The ACF three-move opening the game starts with (a frozen record), or None."""
        # Game.opening is typed by what it offers (the core does not import data/); it is
        # data.opening_of's ThreeMoveOpening, which this layer may name.
        return cast("ThreeMoveOpening | None", self._game.opening)

    # ------------------------------------------------------------------ derived
    def explain(self, attempt: str | Sequence[int], *, name_moves: bool = True) -> str:
        return self._game.explain(attempt, name_moves=name_moves)

    def to_pdn(self) -> str:
        return self._game.to_pdn()

    def save(self, path: Any) -> Any:
        """Save a copy of the game (see :meth:`Game.save`); the game itself is unchanged."""
        return self._game.copy().save(path)

    def copy(self) -> Game:
        """An independent, changeable copy of the game (to try moves on)."""
        return self._game.copy()

    def picture(self, **options: Any) -> Picture:
        return self._game.picture(**options)

    from_pdn = staticmethod(Game.from_pdn)
    load = staticmethod(Game.load)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, GameView):
            other = other._game
        return self._game == other

    __hash__ = None  # type: ignore[assignment]  # equal to a mutable Game: unhashable

    def __str__(self) -> str:
        return str(self._game)

    def __repr__(self) -> str:
        return f"<GameView of {self._game!r}>"

    def _repr_svg_(self) -> str | None:
        return self._game._repr_svg_()


#: The settings (replaced by assignment) and notes (changed in place) a hook could touch.
_SETTINGS = ("fen", "draw_rules", "side_names", "start_fen")
_NOTES = ("tags", "comments", "nags", "variations")


def _notes(game: Game) -> tuple[tuple[Any, ...], tuple[tuple[Any, Any], ...]]:
    """What plain assignments can change on a game: its settings, and its notes (each
    note mapping with a copy of its content, lists copied too)."""
    settings = tuple(getattr(game, name) for name in _SETTINGS)
    notes = []
    for name in _NOTES:
        mapping = getattr(game, name)
        content = {k: list(v) if isinstance(v, list) else v for k, v in mapping.items()}
        notes.append((mapping, content))
    return settings, tuple(notes)


def _same(a: tuple[Any, ...], b: tuple[Any, ...]) -> bool:
    (settings_a, notes_a), (settings_b, notes_b) = a, b
    return settings_a == settings_b and all(
        ma is mb and ca == cb for (ma, ca), (mb, cb) in zip(notes_a, notes_b, strict=True)
    )


def _restore_notes(game: Game, saved: tuple[Any, ...]) -> None:
    """Put the settings and notes back, in the very mappings the game had."""
    settings, notes = saved
    for name, value in zip(_SETTINGS, settings, strict=True):
        object.__setattr__(game, name, value)
    for name, (mapping, content) in zip(_NOTES, notes, strict=True):
        mapping.clear()
        mapping.update(content)
        object.__setattr__(game, name, mapping)


@contextlib.contextmanager
def guarded(game: Game, what: str, attempts: list[str]) -> Iterator[GameView]:
    """Run a hook (``what`` names it) with ``game`` locked against change; yields its view.

    Inside the block every changing method of the live ``game`` raises
    :class:`HookError` before it does anything, and is noted in ``attempts`` (the hook
    may catch the error: the attempt still counts). Settings and notes changed by
    assignment are put back on the way out, and noted too. The lock costs a dozen
    attribute assignments and a copy of the notes, whatever the length of the game.
    """
    before = _notes(game)

    def refuser(name: str) -> Callable[..., Any]:
        def refuse(*_args: Any, **_kwargs: Any) -> Any:
            attempts.append(f"game.{name}()")
            raise HookError(f"{what} cannot call game.{name}(): hooks must not change the game")

        return refuse

    shadowed = [name for name in sorted(GAME_CHANGES) if name not in vars(game)]
    for name in shadowed:
        vars(game)[name] = refuser(name)  # an instance attribute hides the method
    try:
        yield GameView(game)
    finally:
        for name in shadowed:
            vars(game).pop(name, None)
        if not _same(_notes(game), before):
            _restore_notes(game, before)
            attempts.append("its settings or notes (tags, comments...)")
