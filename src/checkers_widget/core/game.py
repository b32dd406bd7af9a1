"""A game: the moves played, undo and redo, draw rules, offers, resignation and the result.

``Game`` is the single authority the widget, the computer player and the PDN reader
talk to. It wraps a :class:`Board`, refuses anything illegal without changing state,
and decides when the game is over and why.

Results use PDN's convention for checkers: the first number is Black's score
(Black moves first), so ``"1-0"`` is a Black win and ``"0-1"`` a White win.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Generic, Literal, NamedTuple, Protocol, TypeVar, overload

from .board import Board, PositionKey
from .color import BLACK, COLORS, WHITE, Color, opponent
from .drawings import Drawing, write_commands
from .errors import CheckersError, GameOverError, HookError, IllegalMoveError, VariantError, brief
from .listeners import Listeners
from .move import Move
from .outcome import DRAW, WIN, Outcome, Result, lost_by, no_moves_win
from .variants import AMERICAN, Variant, variant

if TYPE_CHECKING:  # (pathlib only for an annotation: the core loads without it)
    from pathlib import Path

    from ..formats.svg import Picture

__all__ = [
    "DRAW_RULE_PRESETS",
    "MAX_VARIATIONS",
    "MAX_VARIATIONS_PER_PLY",
    "SIDE_NAME_PRESETS",
    "DrawRules",
    "Game",
    "Result",
]

#: What a listener (see :meth:`Game.subscribe`) is told happened.
GameEvent = Literal["move", "undo", "redo", "result", "offer", "reset", "drawing"]

_TAG_NAME = re.compile(r"[A-Za-z0-9_]+", re.ASCII)


@dataclass(frozen=True)
class DrawRules:
    """When a game is drawn without an agreement.

    ``quiet_moves``: moves *by each player* with no capture and no man moved (only kings
    shuffling) after which the game is drawn; ``None`` turns the rule off.
    ``repetitions``: how many times the same position with the same side to move ends
    the game; ``None`` turns it off. ``automatic``: ``True`` ends the game on the spot,
    ``False`` only reports (``Game.draw_claim``) that either player may claim the draw.
    """

    quiet_moves: int | None = 40
    repetitions: int | None = None
    automatic: bool = True

    def __post_init__(self) -> None:
        """Refuse a rule that is not one: CheckersError naming the argument."""
        for name, least in (("quiet_moves", 1), ("repetitions", 2)):
            value = getattr(self, name)
            if value is None:
                continue
            if isinstance(value, bool) or not isinstance(value, int) or value < least:
                raise CheckersError(
                    f"{name} must be a whole number of at least {least} or None, not {brief(value)}"
                )
        if not isinstance(self.automatic, bool):
            raise CheckersError(f"automatic must be True or False, not {brief(self.automatic)}")


#: Named draw rules, following the reference products and the standard rules.
class ThreeMoveOpeningLike(Protocol):
    """What :meth:`Game.opening` returns: a
    :class:`~checkers_widget.data.ThreeMoveOpening`, described here by what it offers so
    that the rules core does not import the package data's module."""

    number: int
    moves: tuple[str, str, str]
    fen: str
    name: str | None
    status: str

    @property
    def in_deck(self) -> bool:
        """Whether the opening is in today's 156-opening deck (not barred)."""

    def game(self, **options: Any) -> Game:
        """A new game with the three moves played."""


class GameFiles(Protocol):
    """The readers and writers behind :meth:`Game.from_pdn`, :meth:`Game.to_pdn`,
    :meth:`Game.save`, :meth:`Game.load` and :meth:`Game.opening`.

    They live in the layers above the core (:mod:`checkers_widget.formats`,
    :mod:`checkers_widget.data`), which import this module; the core never imports them.
    The package (``checkers_widget/__init__.py``, above every layer) hands the core a
    function that loads them on first use (:func:`provide_game_files`), so the
    conveniences work after any import of the package and no import circle exists.
    """

    def read_game(self, text: str, **options: Any) -> Game:
        """The first game of a PDN text."""

    def write_game(self, game: Game) -> str:
        """The game as PDN text."""

    def save_game(self, game: Game, path: str | os.PathLike[str]) -> Path:
        """Write the game to a file, atomically."""

    def load_game(self, path: str | os.PathLike[str]) -> Game:
        """Resume a saved game."""

    def opening_of(self, game: Game) -> ThreeMoveOpeningLike | None:
        """The ACF three-move opening a game starts with, or None."""


_game_files: Callable[[], GameFiles] | None = None


def provide_game_files(load: Callable[[], GameFiles]) -> None:
    """Tell the core how to load the readers and writers of :class:`GameFiles`.

    Called once by the package when it is imported; ``load`` is called on the first use
    of a convenience that needs them (so importing the core loads no format module)."""
    global _game_files
    _game_files = load


def _files() -> GameFiles:
    if _game_files is None:  # only a copy of core/ without its package gets here
        raise CheckersError(
            "reading and writing games needs the whole checkers_widget package "
            "(import checkers_widget)"
        )
    return _game_files()


DRAW_RULE_PRESETS: dict[str, DrawRules] = {
    # The default, as the online Porchlight game plays American rules: drawn automatically
    # once each player has made 40 moves with no capture and no man moved.
    "forty-moves": DrawRules(quiet_moves=40, repetitions=None, automatic=True),
    # The browser game: automatic draw on threefold repetition, or after 80 single-player
    # turns (40 each) with no capture and no man moved.
    "browser": DrawRules(quiet_moves=40, repetitions=3, automatic=True),
    # Tournament rules: nothing ends by itself; the 40-move rule and threefold repetition
    # let a player claim the draw (Game.draw_claim / Game.claim_draw).
    "claim": DrawRules(quiet_moves=40, repetitions=3, automatic=False),
    # Casual play: only agreement ends a game in a draw.
    "none": DrawRules(quiet_moves=None, repetitions=None, automatic=True),
}

#: At most this many alternatives to one move are kept from play (a new line after undo);
#: the new line drops the least recently made one of that move. Variations read from
#: PDN or set by hand are neither counted nor dropped.
MAX_VARIATIONS_PER_PLY = 8

#: At most this many lines made by play are kept in all, the lines nested inside them
#: counted too; past it the least recently made ones go first (see :meth:`Game.play`).
MAX_VARIATIONS = 256

#: Named pairs of side names (first mover first), as the reference products use them.
SIDE_NAME_PRESETS: dict[str, tuple[str, str]] = {
    "black-white": ("Black", "White"),
    "black-red": ("Black", "Red"),
    "red-white": ("Red", "White"),
}


_Preset = TypeVar("_Preset")


def _preset(presets: Mapping[str, _Preset], name: str, what: str, instead: str) -> _Preset:
    """The preset called ``name``, or a CheckersError listing the presets there are."""
    if name in presets:
        return presets[name]
    raise CheckersError(
        f"unknown {what} {brief(name)}; choose one of {', '.join(presets)} or pass {instead}"
    )


def _checked_draw_rules(rules: object) -> DrawRules:
    """``draw_rules`` as a DrawRules: a preset name is looked up, anything else refused."""
    if isinstance(rules, DrawRules):
        return rules
    if isinstance(rules, str):
        return _preset(DRAW_RULE_PRESETS, rules, "draw rules", "a DrawRules")
    raise CheckersError(
        f"draw_rules must be a DrawRules or one of {', '.join(DRAW_RULE_PRESETS)}, "
        f"not {brief(rules)}"
    )


def _checked_side_names(names: object) -> tuple[str, str]:
    """``side_names`` as a pair of names: a preset name is looked up, anything else refused.

    A name is non-empty text without ``|`` (the separator of the ``SideNames`` tag a
    saved game keeps them in) or line breaks, at most 100 characters.
    """
    if isinstance(names, str):
        return _preset(SIDE_NAME_PRESETS, names, "side names", "a pair of names")
    if not isinstance(names, tuple | list) or len(names) != 2:
        raise CheckersError(f"side_names must be two non-empty names, not {brief(names)}")
    for name in names:
        if (
            not isinstance(name, str)
            or not name.strip()
            or len(name) > 100
            or "|" in name
            or not name.isprintable()
        ):
            raise CheckersError(
                "side_names must be two non-empty names (printable, at most 100 characters, "
                f"no '|'), not {brief(names)}"
            )
    return names[0], names[1]


def _checked_variant(value: object) -> Variant:
    """``variant`` as a :class:`~checkers_widget.core.variants.Variant`: a name is looked up."""
    if not isinstance(value, str | Variant):
        raise VariantError(
            f"variant must be a name such as 'russian' or a Variant, not {brief(value)}"
        )
    return variant(value)


def _checked_tags(tags: object) -> dict[str, str]:
    """``tags`` as a dict of PDN tag names (letters, digits, ``_``) to text values."""
    if not isinstance(tags, Mapping):
        raise CheckersError(f"tags must be a dict of tag names to text, not {brief(tags)}")
    for name, value in tags.items():
        if not isinstance(name, str) or not _TAG_NAME.fullmatch(name):
            raise CheckersError(
                f"tag name {brief(name)} is not a PDN tag name (letters, digits and _)"
            )
        if not isinstance(value, str):
            raise CheckersError(f"tag {name} must have a text value, not {brief(value)}")
    return tags if isinstance(tags, dict) else dict(tags)


class _NoTags(Mapping[str, str]):
    """The default ``tags``: empty, read-only and hashable (a dataclass refuses a mutable
    default), so no two games share one; each game's own dict is made from it."""

    def __getitem__(self, name: str) -> str:
        raise KeyError(name)

    def __iter__(self) -> Iterator[str]:
        return iter(())

    def __len__(self) -> int:
        return 0

    def __hash__(self) -> int:
        return 0

    def __repr__(self) -> str:
        return "{}"


_Kept = TypeVar("_Kept")
_Given = TypeVar("_Given")


class _Checked(Generic[_Kept, _Given]):
    """A :class:`Game` setting that is checked on every assignment, not only in the
    constructor (the dataclass's ``__init__`` assigns through it too).

    ``check`` turns what a user may give (``_Given``: e.g. a preset name) into what the
    game keeps (``_Kept``: e.g. a :class:`DrawRules`), or raises
    :class:`~checkers_widget.core.errors.CheckersError` leaving the old value in place. So a
    setting always reads as its checked form, whenever and however it was set.
    ``default`` is the dataclass field's default, itself given through ``check``.
    A ``fixed`` setting is set once, by the constructor: a later assignment raises
    :class:`~checkers_widget.core.errors.CheckersError` (a game's variant: its board and
    history were made under those rules).
    """

    def __init__(
        self, check: Callable[[object], _Kept], default: _Given, *, fixed: bool = False
    ) -> None:
        self._check = check
        self._default = default
        self._key = ""
        self._fixed = fixed

    def __set_name__(self, owner: type, name: str) -> None:
        self._key = f"_{name}"

    @overload
    def __get__(self, game: None, owner: type | None = None) -> _Given: ...
    @overload
    def __get__(self, game: Game, owner: type | None = None) -> _Kept: ...
    def __get__(self, game: Game | None, owner: type | None = None) -> _Kept | _Given:
        if game is None:  # the dataclass asking for the field's default
            return self._default
        kept: _Kept = game.__dict__[self._key]
        return kept

    def __set__(self, game: Game, value: _Given) -> None:
        if self._fixed and self._key in game.__dict__:
            name = self._key[1:]
            raise CheckersError(
                f"a game's {name} is fixed when it is made: start a new Game({name}=...)"
            )
        game.__dict__[self._key] = self._check(value)


@dataclass
class _ReachedPosition:
    """What the game remembers about each position reached, for the draw rules."""

    key: PositionKey
    quiet_plies: int


#: Results, which may end a variation's text (``"22-18 1-0"``).
_RESULT_WORDS = frozenset({"1-0", "0-1", "1/2-1/2", "*", "2-0", "0-2", "1-1", "0-0"})


class _LineShape(NamedTuple):
    """What deduplication and the caps need to know about a variation's PDN text."""

    #: Its own moves, in order (move numbers, marks, notes and nested lines left out).
    moves: tuple[str, ...]
    #: Whether it is moves alone: no comment, mark, NAG, nested line or result.
    bare: bool
    #: Itself plus every line nested in it, at any depth.
    weight: int
    #: The text without its nested lines.
    flat: str


@lru_cache(maxsize=1024)
def _line_shape(text: str) -> _LineShape:
    """Read a variation's text in one pass (no backtracking): its moves, notes and weight."""
    moves: list[str] = []
    flat: list[str] = []
    word: list[str] = []
    bare, weight, depth, in_comment = True, 1, 0, False

    def flush() -> None:
        nonlocal bare
        if not word:
            return
        token = "".join(word)
        word.clear()
        digits = len(token) - len(token.lstrip("0123456789"))
        if digits and token[digits : digits + 1] == ".":  # a move number, "3." or "3..."
            token = token[digits:].lstrip(".")
        if token in _RESULT_WORDS or token.startswith("$"):
            bare = False
            return
        stripped = token.rstrip("!?")
        if stripped != token:
            bare = False
        if stripped:
            moves.append(stripped)

    for char in text:
        if in_comment:
            in_comment = char != "}"
        elif char == "{":
            flush()
            in_comment, bare = True, False
        elif char == "(":
            flush()
            depth += 1
            weight += 1
            bare = False
            if depth == 1:
                flat.append(" ")
            continue
        elif char == ")":
            flush()
            depth = max(0, depth - 1)
            continue
        elif char.isspace():
            flush()
        elif depth == 0:
            word.append(char)
        if depth == 0:
            flat.append(char)
    flush()
    return _LineShape(tuple(moves), bare, weight, " ".join("".join(flat).split()))


@dataclass(eq=False, repr=False)
class Game:
    """A game of checkers from a start position, with history, draws and a result.

    ``Game()`` starts from the opening, ``Game(fen=...)`` from any position.
    ``draw_rules`` is a :class:`DrawRules` or a preset name (see
    :data:`DRAW_RULE_PRESETS`; default ``"forty-moves"``); ``side_names`` a pair of
    names (first mover first) or a preset name (``"black-white"``, ``"black-red"``,
    ``"red-white"``). Internally the sides are always ``"black"`` (squares 1-12, moves
    first) and ``"white"``; the names are what people read.

    ``variant`` (a name or a :class:`~checkers_widget.core.variants.Variant`; American
    checkers by default) is the rules the game is played by: ``Game(variant="russian")``
    starts from that variant's start position, and a ``fen`` is read with its squares.
    Black and White keep their names in every variant (in international draughts White,
    on 31-50, moves first); ``side_names`` name Black first whoever moves first. The draw
    rules are the same for every variant (repetition and the quiet-move count, as set by
    ``draw_rules``); in giveaway, a side with no move wins. PDN export and saving write
    the variant's GameType tag (see :mod:`checkers_widget.formats.pdn_variant`).
    """

    fen: str | None = None
    draw_rules: _Checked[DrawRules, DrawRules | str] = _Checked(_checked_draw_rules, "forty-moves")
    side_names: _Checked[tuple[str, str], tuple[str, str] | str] = _Checked(
        _checked_side_names, "black-white"
    )
    tags: _Checked[dict[str, str], Mapping[str, str]] = _Checked(_checked_tags, _NoTags())
    variant: _Checked[Variant, Variant | str] = _Checked(_checked_variant, AMERICAN, fixed=True)

    def __post_init__(self) -> None:
        self._board = Board(self.fen, variant=self.variant)
        self.start_fen: str = self._board.to_fen()
        self._redo: list[Move] = []
        self._positions: list[_ReachedPosition] = [_ReachedPosition(self._board.key(), 0)]
        self._result: Result | None = None
        self._termination: str | None = None
        self._ended_by_rules = False
        # A result that the moves alone do not show (resignation, agreement, a PDN
        # record), with the ply it belongs to: undo reopens the game, redo restores it.
        self._recorded: tuple[int, Result, str] | None = None
        self._draw_offer: Color | None = None
        self._offered_this_move: set[Color] = set()
        self._listeners: Listeners[[GameEvent, Game]] = Listeners()
        #: Comments by ply: key n is the comment after the n-th move (0: before the first).
        self.comments: dict[int, str] = {}
        #: Annotation marks and NAGs of the n-th move (1-based), e.g. ``["!", "$2"]``.
        self.nags: dict[int, list[str]] = {}
        #: Alternatives to the n-th move (1-based), each kept as PDN move text.
        self.variations: dict[int, list[str]] = {}
        # What is drawn on each position of the line, by ply (see drawing()); only
        # positions with something drawn have an entry.
        self._drawings: dict[int, Drawing] = {}
        # The variations that play made (a new line after undo), least recently made
        # first, each with its weight (itself and the lines nested in it): what the
        # caps count and what they may drop. Those read from PDN are not in it.
        self._made: dict[tuple[int, str], int] = {}
        self._notations: list[tuple[Move, str]] = []  # see _line_notation
        self._update_result()

    # ------------------------------------------------------------------ views
    @property
    def board(self) -> Board:
        """A copy of the current position (with its move stack); play through the game."""
        return self._board.copy()

    @property
    def turn(self) -> Color:
        """The side to move."""
        return self._board.turn

    @property
    def moves(self) -> list[Move]:
        """The moves played so far, in order."""
        return self._board.move_stack

    @property
    def ply(self) -> int:
        """How many moves (by either side) have been played."""
        return len(self._positions) - 1

    @property
    def opening(self) -> ThreeMoveOpeningLike | None:
        """The ACF three-move opening the game starts with, or None.

        A :class:`~checkers_widget.data.ThreeMoveOpening`: ``number`` (ACF 1-174),
        ``name`` (24 have one; else None), ``moves``, and ``status``: ``"barred"`` for the
        18 openings left out of today's 156-opening deck (``opening.in_deck`` says so).
        Decided by the position after the first three moves of the game's line (the
        moves played and those redo would replay, so a loaded game shown from its start
        still names its opening), so another move order that reaches the same position
        names it too. None for a game that starts from a set-up position (a FEN other
        than the start) and for one of fewer than three moves.
        """
        return _files().opening_of(self)

    def legal_moves(self) -> list[Move]:
        """The legal moves now; empty once the game is over."""
        return [] if self.is_over() else self._board.legal_moves()

    def side_name(self, color: Color) -> str:
        """The display name of a side (``"Black"``, ``"Red"``, ...)."""
        names = self.side_names
        return names[0] if color == BLACK else names[1]

    @property
    def result(self) -> Result | None:
        """``"1-0"`` (Black won), ``"0-1"`` (White won), ``"1/2-1/2"`` or None if still on."""
        return self._result

    @property
    def termination(self) -> str | None:
        """Why the game ended, in words; None while it goes on."""
        return self._termination

    @property
    def winner(self) -> Color | None:
        """The side that won, or None for a draw or a game still on."""
        if self._result == "1-0":
            return BLACK
        if self._result == "0-1":
            return WHITE
        return None

    def is_over(self) -> bool:
        """Whether the game has a result."""
        return self._result is not None

    def outcome(self) -> Outcome | None:
        """How the game ended (:attr:`result` and :attr:`termination` in one value), or
        None while it goes on.

        Unlike :meth:`Board.outcome`, which sees one position, this knows the history and
        the players: draws by the rules (40-move rule, repetition), agreed or claimed
        draws, resignations and results recorded from a PDN file, in the side names.
        """
        if self._result is None or self._termination is None:
            return None
        return Outcome(self._result, self._termination)

    @property
    def quiet_plies(self) -> int:
        """Moves (by either side) since the last capture or man move."""
        return self._positions[-1].quiet_plies

    @property
    def repetitions(self) -> int:
        """How many times the current position (and side to move) has occurred."""
        current = self._positions[-1]
        window = self._positions[len(self._positions) - 1 - current.quiet_plies :]
        return sum(1 for p in window if p.key == current.key)

    # ------------------------------------------------------------------ events
    def subscribe(self, listener: Callable[[GameEvent, Game], Any]) -> Callable[[], None]:
        """Call ``listener(event, game)`` after every change; returns an unsubscribe function.

        Events: ``"move"``, ``"undo"``, ``"redo"``, ``"result"``, ``"offer"``, ``"reset"``,
        ``"drawing"`` (what is drawn on a position changed; see :meth:`set_drawing`).
        A listener hears of a change already made: if one raises, the others are still
        called, the change stays, and the call that made it raises a :class:`HookError`
        (the first listener's exception is its ``__cause__``).
        """
        if not callable(listener):
            raise HookError(f"a listener must be callable, not {type(listener).__name__}")
        return self._listeners.add(listener)

    def _emit(self, event: GameEvent) -> None:
        failure = self._listeners.tell_each(event, self)
        if failure is not None:
            name = getattr(type(failure), "__name__", "an error")
            raise HookError(
                f"the {event} was made, but a listener of the game raised {name}"
            ) from failure

    # ------------------------------------------------------------------ play
    def play(self, move: Move | str, *, follow_line: bool = True) -> Move:
        """Play a legal move (a :class:`Move` or text like ``11-15``) and return it.

        Raises :class:`GameOverError` once the game has a result and
        :class:`IllegalMoveError` for an illegal move; either way nothing changes.
        Playing a move declines a pending draw offer.

        After undo, playing the move that :meth:`redo` would replay follows that line
        (the rest stays ready to redo); with ``follow_line=False`` the rest of the line
        is dropped instead, as when a game against the computer goes on afresh. A
        different move starts a new line and keeps the old one as a variation, once (see
        :meth:`_keep_variation`: deduplicated, at most :data:`MAX_VARIATIONS_PER_PLY` a
        move and :data:`MAX_VARIATIONS` in all); a variation that play made of this one
        move alone is dropped when the move is played again, as it is the line now.
        """
        if self.is_over():
            raise GameOverError(
                f"the game is over ({self._result}, {self._termination}); no more moves"
            )
        if isinstance(move, str):
            move = self._board.parse_move(move)  # one of the legal moves, or raises
            self._board._apply(move)
        elif isinstance(move, Move):
            self._board.push(move)  # checks legality
        else:
            raise IllegalMoveError(f"not a move: {move!r}", self._board.legal_moves())
        if self._redo and self._redo[-1] == move:
            self._redo.pop()
            if not follow_line and self._redo:
                self._line_notes(self.ply + 1)  # they belonged to the dropped line
                self._redo.clear()
                if self._recorded is not None and self._recorded[0] > self.ply:
                    self._recorded = None  # a result later in the dropped line
        elif self._redo:
            # A new line from a past position: keep the old one as a variation, with the
            # notes that belong to its moves (a comment must not stay on the new line's
            # move of the same number).
            old_line = self._line_notes(self.ply + 1)
            self._keep_variation(self.ply + 1, old_line)
            self._redo.clear()
            if self._recorded is not None and self._recorded[0] >= self.ply:
                self._recorded = None
        self._drop_echo(self.ply + 1, str(move))
        self._after_move(move)
        self._emit("move")
        return move

    def _line_notes(self, first: int) -> str:
        """The redo line from ply ``first`` on as PDN move text, taking with it the
        comments, marks and variations of those plies (they leave the game's own notes).

        Alternatives to the ``first`` move stay where they are: they are alternatives to
        the move that replaces it too.
        """
        parts: list[str] = []
        for ply, old in enumerate(reversed(self._redo), start=first):
            parts.append(str(old))
            parts.extend(self.nags.pop(ply, []))
            if ply > first:
                for text in self.variations.pop(ply, []):
                    self._made.pop((ply, text), None)  # now part of the old line's text
                    parts.append(f"({text})")
            comment = self.comments.pop(ply, None)
            drawn = self._drawings.pop(ply, None)
            if drawn:  # kept in the old line's text, as PDN writes it
                comment = " ".join(filter(None, (write_commands(drawn), comment)))
            if comment is not None:
                parts.append("{" + comment.replace("}", ")") + "}")
        return " ".join(parts)

    def _keep_variation(self, ply: int, text: str) -> None:
        """Store ``text``, a line that play replaced at move ``ply``, deduplicated and capped.

        A line adds nothing when a variation of that move already says it: the same
        text, or, when the line carries no notes (no comment, mark, NAG, nested line or
        result), a stored line that starts with the same moves. The stored one counts
        as just made again. Conversely a stored bare line that the new one extends is
        replaced by it. Lines with notes of their own are never merged: nothing the
        user wrote is lost by deduplication.

        Then the caps: at most :data:`MAX_VARIATIONS_PER_PLY` lines made by play per
        move and :data:`MAX_VARIATIONS` in all (nested lines counted); past a cap the
        least recently made ones are dropped. Variations that did not come from play
        (read from PDN, set by hand) are never dropped. The cost is bounded by the caps
        and the length of the line, not by the length of the session.
        """
        stored = self.variations.setdefault(ply, [])
        new = _line_shape(text)
        for old in stored:
            shape = _line_shape(old)
            if old == text or (new.bare and shape.moves[: len(new.moves)] == new.moves):
                self._touch(ply, old, shape.weight)
                return
        for old in list(stored):
            shape = _line_shape(old)
            if shape.bare and new.moves[: len(shape.moves)] == shape.moves:
                stored.remove(old)
                self._made.pop((ply, old), None)
        if new.weight > MAX_VARIATIONS:
            text, new = new.flat, _line_shape(new.flat)  # its nested lines are too many
        stored.append(text)
        self._made[(ply, text)] = new.weight
        self._enforce_caps(ply)

    def _drop_echo(self, ply: int, notation: str) -> None:
        """Drop the variation of move ``ply`` that is just the move played there now.

        Undo, 9-13, undo, 11-15 again: the variation "11-15" that the first new line made
        would repeat the line itself. Only a bare one-move line made by play goes.
        """
        stored = self.variations.get(ply)
        if stored and notation in stored and (ply, notation) in self._made:
            self._drop_made((ply, notation))

    def _touch(self, ply: int, text: str, weight: int) -> None:
        """Count a variation that play made again as the most recently made one.

        One that did not come from play (read from PDN, set by hand) stays as it is.
        """
        key = (ply, text)
        if key not in self._made:
            return
        del self._made[key]
        self._made[key] = weight
        stored = self.variations[ply]
        if stored[-1] != text:
            stored.remove(text)
            stored.append(text)

    def _enforce_caps(self, ply: int) -> None:
        """Drop the least recently made variations past the per-move and total caps."""
        # Records that no longer match a stored variation (the user edited the dict)
        # are forgotten as they come up.
        at_ply = [key for key in self._made if key[0] == ply]
        for key in at_ply[: max(0, len(at_ply) - MAX_VARIATIONS_PER_PLY)]:
            self._drop_made(key)
        total = sum(self._made.values())
        while total > MAX_VARIATIONS and len(self._made) > 1:
            oldest = next(iter(self._made))
            total -= self._made[oldest]
            self._drop_made(oldest)

    def _drop_made(self, key: tuple[int, str]) -> None:
        self._made.pop(key, None)
        ply, text = key
        stored = self.variations.get(ply)
        if stored is not None and text in stored:
            stored.remove(text)
            if not stored:
                del self.variations[ply]

    def _after_move(self, move: Move) -> None:
        board = self._board
        mover = opponent(board.turn)
        mover_was_man = not move.crowns and board.piece_at(move.end) == (mover, False)
        irreversible = move.is_capture or mover_was_man or move.crowns
        quiet = 0 if irreversible else self._positions[-1].quiet_plies + 1
        self._positions.append(_ReachedPosition(board.key(), quiet))
        self._draw_offer = None
        self._offered_this_move.clear()
        self._update_result()

    def _update_result(self) -> None:
        """Decide whether the position on the board ends the game (a win before a draw)."""
        self._result, self._termination, self._ended_by_rules = None, None, False
        board = self._board
        if board.is_over():
            side = board.turn
            ended = (no_moves_win if self.variant.goal_reversed else lost_by)(
                side, self.side_name(side), board.count(side)
            )
            self._finish(ended.result, ended.termination, by_rules=True)
            return
        rules = self.draw_rules
        if rules.automatic and (draw := self._draw_reason()):
            self._finish(DRAW, draw, by_rules=True)
        elif self._recorded is not None and self._recorded[0] == self.ply:
            self._finish(self._recorded[1], self._recorded[2])

    def _draw_reason(self) -> str | None:
        rules = self.draw_rules
        if rules.repetitions is not None and self.repetitions >= rules.repetitions:
            return f"draw by repetition: the same position occurred {rules.repetitions} times"
        if rules.quiet_moves is not None and self.quiet_plies >= 2 * rules.quiet_moves:
            return (
                f"draw by the {rules.quiet_moves}-move rule: {rules.quiet_moves} moves each "
                "without a capture or a man moving"
            )
        return None

    def _finish(self, result: Result, reason: str, *, by_rules: bool = False) -> None:
        self._result, self._termination, self._ended_by_rules = result, reason, by_rules
        self._draw_offer = None

    # ------------------------------------------------------------------ history
    @property
    def can_undo(self) -> bool:
        """Whether a move can be taken back."""
        return self.ply > 0

    @property
    def can_redo(self) -> bool:
        """Whether a taken-back move can be replayed."""
        return bool(self._redo)

    def undo(self) -> Move | None:
        """Take back the last move (reopening a finished game); None if there is none."""
        if not self.can_undo:
            return None
        move = self._board.pop()
        self._positions.pop()
        self._redo.append(move)
        self._draw_offer = None
        self._offered_this_move.clear()
        self._update_result()
        self._emit("undo")
        return move

    def redo(self) -> Move | None:
        """Replay the last move taken back; None if there is none."""
        if not self._redo or self.is_over():
            return None
        move = self._redo.pop()
        self._board.push(move)
        self._after_move(move)
        self._emit("redo")
        return move

    def goto(self, ply: int) -> None:
        """Step back or forward along the current line to ``ply`` moves from the start.

        The line is the moves played plus the moves that :meth:`redo` would replay, so
        a loaded game can be walked through and back without losing anything.
        """
        end = self.ply + len(self._redo)
        if isinstance(ply, bool) or not isinstance(ply, int) or not 0 <= ply <= end:
            raise CheckersError(f"ply must be a whole number from 0 to {end}, not {ply!r}")
        while self.ply > ply:
            self.undo()
        while self.ply < ply:
            if self.redo() is None:
                break

    @property
    def line(self) -> list[Move]:
        """The whole current line: the moves played, then those redo would replay."""
        return self.moves + self.redo_moves

    def _line_notation(self) -> list[str]:
        """The current line as move text, for the move list sent on every update.

        The texts are kept between calls and only the moves that changed are written
        again (a move keeps its object from play to undo to redo), so a long line costs
        one identity check a move, not one notation.
        """
        line = self._board.move_stack
        line.extend(reversed(self._redo))
        cache = self._notations
        same, limit = 0, min(len(cache), len(line))
        while same < limit and cache[same][0] is line[same]:
            same += 1
        del cache[same:]
        cache.extend((move, str(move)) for move in line[same:])
        return [text for _, text in cache]

    # ------------------------------------------------------------------ drawings
    def _drawing_ply(self, ply: int | None) -> int:
        end = self.ply + len(self._redo)
        if ply is None:
            return self.ply
        if isinstance(ply, bool) or not isinstance(ply, int) or not 0 <= ply <= end:
            raise CheckersError(f"ply must be a whole number from 0 to {end}, not {brief(ply)}")
        return ply

    def drawing(self, ply: int | None = None) -> Drawing:
        """The arrows and marked squares drawn on the position after ``ply`` moves of
        the current line (default: the position shown; 0: the start); empty if none."""
        return self._drawings.get(self._drawing_ply(ply), Drawing())

    def set_drawing(self, drawing: Drawing | None, ply: int | None = None) -> None:
        """Draw ``drawing`` on the position after ``ply`` moves (default: the position
        shown), replacing what was drawn there; None or an empty Drawing clears it.

        Listeners hear ``"drawing"``. A bad ply, a value that is not a Drawing or a drawing
        with a square off this game's board (33-50 on 8x8) raises CheckersError and changes
        nothing.
        """
        at = self._drawing_ply(ply)
        if drawing is not None and not isinstance(drawing, Drawing):
            raise CheckersError(f"drawing must be a Drawing or None, not {brief(drawing)}")
        if drawing:
            used = [s for a in drawing.arrows for s in (a.start, a.end)]
            used += [m.square for m in drawing.marks]
            squares = self.variant.squares
            if max(used) > squares:
                raise CheckersError(
                    f"the drawing's square {max(used)} is not on the board of "
                    f"{self.variant.title} (1-{squares})"
                )
        if (self._drawings.get(at) or None) == (drawing or None):
            return
        if drawing:
            self._drawings[at] = drawing
        else:
            self._drawings.pop(at, None)
        self._emit("drawing")

    @property
    def drawings(self) -> dict[int, Drawing]:
        """Every position's drawing, by ply (a copy: change them with :meth:`set_drawing`)."""
        return dict(sorted(self._drawings.items()))

    @property
    def redo_moves(self) -> list[Move]:
        """The moves that :meth:`redo` would replay, next first."""
        return list(reversed(self._redo))

    def reset(self) -> None:
        """Go back to the start position, forgetting every move and the notes on them.

        The comment before the first move (``comments[0]``) stays; the comments, marks
        and variations of the forgotten moves go with them, so a new game does not show
        them under its own moves, nor pile them up game after game.
        """
        while self.can_undo:
            self._board.pop()
            self._positions.pop()
        self._redo.clear()
        for ply in [p for p in self.comments if p != 0]:
            del self.comments[ply]
        for ply in [p for p in self._drawings if p != 0]:
            del self._drawings[ply]
        self.nags.clear()
        self.variations.clear()
        self._made.clear()
        self._recorded = None
        self._draw_offer = None
        self._offered_this_move.clear()
        self._update_result()
        self._emit("reset")

    # ------------------------------------------------------------------ endings
    def _check_side(self, side: Color) -> Color:
        if side not in COLORS:
            raise CheckersError(f"side must be 'black' or 'white', not {side!r}")
        return side

    def resign(self, side: Color) -> None:
        """``side`` resigns: the other side wins."""
        self._check_side(side)
        if self.is_over():
            raise GameOverError(f"the game is already over ({self._result})")
        self._record(WIN[opponent(side)], f"{self.side_name(side)} resigned")

    @property
    def draw_offer(self) -> Color | None:
        """The side whose draw offer is waiting for an answer, if any."""
        return self._draw_offer

    def offer_draw(self, side: Color) -> None:
        """``side`` offers a draw; allowed at any time, even on the opponent's turn.

        Each side may offer once per move: after a declined offer, offer again once a
        move has been made. An offer made while the opponent's own offer is pending
        accepts it.
        """
        self._check_side(side)
        if self.is_over():
            raise GameOverError(f"the game is already over ({self._result})")
        if self._draw_offer == opponent(side):
            self.accept_draw(side)
            return
        if self._draw_offer == side:
            raise CheckersError(f"{self.side_name(side)} has already offered a draw")
        if side in self._offered_this_move:
            raise CheckersError(
                f"{self.side_name(side)} may offer a draw once per move; "
                "offer again after the next move"
            )
        self._draw_offer = side
        self._offered_this_move.add(side)
        self._emit("offer")

    def _pending_offer(self, side: Color | None) -> Color:
        offerer = self._draw_offer
        if offerer is None:
            raise CheckersError("there is no draw offer to answer")
        if side is not None and self._check_side(side) == offerer:
            raise CheckersError(f"{self.side_name(side)} cannot answer their own draw offer")
        return offerer

    def accept_draw(self, side: Color | None = None) -> None:
        """The opponent of the offering side accepts: the game is drawn."""
        self._pending_offer(side)
        self._record(DRAW, "draw agreed")

    def decline_draw(self, side: Color | None = None) -> None:
        """The opponent of the offering side declines; play goes on."""
        self._pending_offer(side)
        self._draw_offer = None
        self._emit("offer")

    @property
    def draw_claim(self) -> str | None:
        """With claim-based draw rules, why a draw may be claimed now (else None)."""
        if self.is_over():
            return None
        return self._draw_reason()

    def claim_draw(self) -> None:
        """Claim a draw that the rules allow now (see :attr:`draw_claim`)."""
        reason = self.draw_claim
        if reason is None:
            raise CheckersError("no draw can be claimed in this position")
        self._record(DRAW, reason.replace("draw by", "draw claimed by", 1))

    def set_result(self, result: Result, termination: str = "result recorded in the game") -> None:
        """Record a result that the moves alone do not show (e.g. from a PDN file)."""
        if result not in (WIN[BLACK], WIN[WHITE], DRAW):
            raise CheckersError(f"result must be '1-0', '0-1' or '1/2-1/2', not {result!r}")
        if self._ended_by_rules and result != self._result:
            raise CheckersError(
                f"the position is already decided ({self._result}, {self._termination})"
            )
        if self._ended_by_rules:
            self._finish(result, termination, by_rules=True)
            self._emit("result")
        else:
            self._record(result, termination)

    def _record(self, result: Result, termination: str) -> None:
        self._recorded = (self.ply, result, termination)
        self._finish(result, termination)
        self._emit("result")

    # ------------------------------------------------------------------ teaching
    def explain(self, attempt: str | Sequence[int], *, name_moves: bool = True) -> str:
        """Why ``attempt`` (move text or the squares visited) cannot be played, in words.

        Names the rule it breaks, e.g. "9-14: a capture is available (22x15): capturing
        is compulsory"; a legal move gets "22x15 is legal". ``name_moves=False`` leaves
        out the legal moves ("a capture is available: capturing is compulsory"), as a
        lesson does, where the legal move is the answer.
        """
        from .explain import explain

        if self.is_over():
            return f"The game is over ({self._result}, {self._termination}): no more moves"
        names = self.side_names
        return explain(self._board, attempt, side_names=names, name_moves=name_moves)

    # ------------------------------------------------------------------ formats
    @classmethod
    def from_pdn(cls, text: str, **options: Any) -> Game:
        """The first game of a PDN text (see :mod:`checkers_widget.formats.pdn`)."""
        return _files().read_game(text, **options)

    def to_pdn(self) -> str:
        """The game as PDN text, tags, comments and result included, in its variant's
        notation (a GameType tag for any variant but American checkers)."""
        return _files().write_game(self)

    def save(self, path: str | os.PathLike[str]) -> Path:
        """Write the game to ``path`` as PDN, atomically; :meth:`load` resumes it.

        Draw rules, side names, how the game ended and the ply being shown are kept in
        extra tags, so the loaded game equals this one (see :mod:`checkers_widget.formats.saving`).
        """
        return _files().save_game(self, path)

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> Game:
        """The game saved at ``path`` by :meth:`save` (or the first game of any PDN file)."""
        return _files().load_game(path)

    def copy(self) -> Game:
        """An independent copy of the game, history and redo line included."""
        clone = Game(
            self.start_fen,
            draw_rules=self.draw_rules,
            side_names=self.side_names,
            tags=dict(self.tags),
            variant=self.variant,
        )
        for move in self.moves:
            clone._board.push(move)
            clone._after_move(move)
        clone._redo = list(self._redo)
        clone._result, clone._termination = self._result, self._termination
        clone._ended_by_rules = self._ended_by_rules
        clone._recorded = self._recorded
        clone._draw_offer = self._draw_offer
        clone._offered_this_move = set(self._offered_this_move)
        clone.comments = dict(self.comments)
        clone.nags = {k: list(v) for k, v in self.nags.items()}
        clone.variations = {k: list(v) for k, v in self.variations.items()}
        clone._made = dict(self._made)
        clone._drawings = dict(self._drawings)
        return clone

    def __str__(self) -> str:
        status = self._result or f"{self.side_name(self.turn)} to move"
        return f"{self._board}\n{status}"

    def __repr__(self) -> str:
        return f"<Game {self.ply} plies, {self._board.to_fen()!r}, result={self._result!r}>"

    def _repr_svg_(self) -> str:
        return self._board._repr_svg_()

    def _repr_html_(self) -> str:
        return self._board._repr_html_()

    def picture(
        self,
        *,
        show_numbers: bool = False,
        orientation: Color | None = None,
        size: int | None = 360,
    ) -> Picture:
        """A picture of the current position; see :meth:`Board.picture`."""
        return self._board.picture(show_numbers=show_numbers, orientation=orientation, size=size)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Game):
            return NotImplemented
        return (
            self.variant == other.variant
            and self.start_fen == other.start_fen
            and self.moves == other.moves
            and self._result == other._result
        )

    __hash__ = None  # type: ignore[assignment]  # mutable, so unhashable (as Board)
