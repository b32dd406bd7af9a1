"""Reference data that ships with the package: master games, opening ballots, endings.

Everything here is read from files inside the installed package (found with
:mod:`importlib.resources`, so it works from a wheel, an editable install or a zip), so a
notebook never needs a path outside the repository::

    from checkers_widget import data

    games = list(data.tinsley_games())          # 723 Games (see below for the 724th)
    deck = [o for o in data.three_move_openings() if o.in_deck]   # the 156-opening deck
    board = CheckersWidget(deck[0].game())      # the ballot's moves, in the move list

What there is (the README's "Data sets" section says where each comes from):

* :func:`tinsley_games`: 724 games of Marion Tinsley from CheckerBoard's sample database
  (533 draws, 66 ``1-0``, 125 ``0-1``). Game 541 of the file has an illegal move (Black's
  ``32-28`` at ply 123, a slip in the source). The games come through the package's own
  PDN reader with ``errors="skip"`` by default: 723 games, and game 541's
  :class:`~checkers_widget.core.errors.PdnError` (with its line, ply and the legal moves) in
  the reader's ``errors`` list. ``errors="raise"`` stops at that game instead. The file is
  kept exactly as published, so the slip stays visible rather than silently "fixed".
* :func:`three_move_openings`: the 174 three-move openings by ACF number, with the 24
  names the source gives, their status (144 of the original deck, 12 added in 2003, 18
  barred: 156 in today's deck), the 2002 "computer tough deck" flag (50) and the position
  after the three moves.
  :func:`opening_of` (and ``Game.opening``) names the one a game starts with.
* :func:`two_move_openings`: the 49 two-move openings with the position after them.
* :func:`classic_positions`: 14 textbook endings (First Position, Payne's win, two and
  three kings against fewer, a Sturges study) with their stated result and main line.
* :func:`eleven_man_ballots`: the 2,400 start positions of the 11-man ballot.
* ``puzzles.jsonl``: puzzles mined from Tinsley's games and the OCA archive, read by
  :func:`checkers_widget.data.puzzles.load` (also ``checkers_widget.puzzles.load``).

The small tables are read once and returned as tuples of frozen dataclasses (nothing to
mutate by accident); the games are read afresh on every call, because a
:class:`~checkers_widget.core.game.Game` is meant to be played on. Only the rules core and the
PDN reader are imported here: no Jupyter.
"""

from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any, Literal, get_args

from ..core.board import START_FEN, Board
from ..core.errors import CheckersError, brief
from ..core.game import Game
from ..core.variants import AMERICAN
from ..formats.pdn import PdnReader

__all__ = [
    "ClassicPosition",
    "ThreeMoveOpening",
    "TwoMoveOpening",
    "classic_positions",
    "eleven_man_ballots",
    "opening_of",
    "read_bytes",
    "three_move_openings",
    "tinsley_games",
    "two_move_openings",
]

#: The files of this package, by name.
FILES = (
    "tinsley.pdn",
    "acf_3move_ballots.csv",
    "two_move_ballots.csv",
    "classic_positions.csv",
    "11_man_english_ballots.pdn",
    # The OCA archive's openings, prebuilt (see checkers_widget.analysis.explorer).
    "oca_openings.txt.gz",
    # Puzzles mined from Tinsley's games and the OCA archive (see data.puzzles).
    "puzzles.jsonl",
)

#: Where a three-move opening stands in the ACF deck.
ThreeMoveStatus = Literal["crossboard_144", "added_2003_ex_mailplay", "barred"]
_THREE_MOVE_STATUSES: tuple[ThreeMoveStatus, ...] = get_args(ThreeMoveStatus)


def read_bytes(name: str) -> bytes:
    """The raw bytes of one of the package's data files (see :data:`FILES`)."""
    if not isinstance(name, str) or name not in FILES:
        raise CheckersError(f"no data file {brief(name)}; the files are: {', '.join(FILES)}")
    return resources.files(__name__).joinpath(name).read_bytes()


def _rows(name: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(read_bytes(name).decode("utf-8"))))


def _game_after(moves: tuple[str, ...], **options: Any) -> Game:
    game = Game(**options)
    for move in moves:
        game.play(move)
    return game


# ---------------------------------------------------------------------- games
def tinsley_games(
    *, errors: Literal["raise", "skip"] = "skip", variations: Literal["keep", "skip"] = "keep"
) -> PdnReader:
    """Marion Tinsley's games, read lazily, one :class:`Game` at a time, each at its end.

    A new reader (and new games) on every call. With the default ``errors="skip"`` it
    yields 723 games: game 541 of the file has an illegal move at ply 123 and is left
    out, its :class:`~checkers_widget.core.errors.PdnError` kept in the reader's ``errors``
    once the iteration has passed it. With ``errors="raise"`` reading stops there.
    Tags: ``Event``, ``Black``, ``White`` (the result is ``game.result``); no dates.
    """
    return PdnReader(read_bytes("tinsley.pdn"), errors=errors, variations=variations)


_FEN_TAG = re.compile(rb'\[FEN "([^"]*)"\]')


@cache
def eleven_man_ballots() -> tuple[str, ...]:
    """The 2,400 start positions of the 11-man ballot as FEN strings (Black to move).

    Each has 11 men a side, no two are the same; ``Game(fen)`` plays one.
    """
    return tuple(
        Board(m.group(1).decode("ascii")).to_fen()
        for m in _FEN_TAG.finditer(read_bytes("11_man_english_ballots.pdn"))
    )


# ---------------------------------------------------------------------- openings
@dataclass(frozen=True, slots=True)
class ThreeMoveOpening:
    """One of the 174 three-move openings of the ACF list.

    ``number`` is the ACF number (1-174), ``moves`` the three moves from the start,
    ``fen`` the position after them (White to move), ``name`` the opening's name where
    the source gives one (24 do), ``status`` where it stands in the ACF deck and
    ``computer_tough`` whether it is in the 2002 "computer tough deck".
    ``pydraughts_label`` is the second source's "standard"/"lost" label, which disagrees
    with the ACF status on ACF #26 only (barred here, "standard" there).
    """

    number: int
    moves: tuple[str, str, str]
    fen: str
    name: str | None
    status: ThreeMoveStatus
    computer_tough: bool
    pydraughts_label: str

    @property
    def in_deck(self) -> bool:
        """Whether the opening is in today's 156-opening deck (not barred)."""
        return self.status != "barred"

    def game(self, **options: Any) -> Game:
        """A new game with the three moves played (they show in the move list).

        ``options`` go to :class:`Game` (``draw_rules``, ``side_names``).
        """
        return _game_after(self.moves, **options)

    def __str__(self) -> str:
        name = f" ({self.name})" if self.name else ""
        return f"ACF {self.number}: {' '.join(self.moves)}{name}"


@dataclass(frozen=True, slots=True)
class TwoMoveOpening:
    """One of the 49 two-move openings: ``number`` (1-49, in the source's order),
    ``moves`` from the start, ``fen`` the position after them (Black to move), and the
    source's "standard"/"lost" label (not checked against an ACF list)."""

    number: int
    moves: tuple[str, str]
    fen: str
    pydraughts_label: str

    def game(self, **options: Any) -> Game:
        """A new game with the two moves played (they show in the move list)."""
        return _game_after(self.moves, **options)

    def __str__(self) -> str:
        return f"{self.number}: {' '.join(self.moves)}"


@cache
def three_move_openings() -> tuple[ThreeMoveOpening, ...]:
    """All 174 three-move openings in ACF order; ``[o for o in ... if o.in_deck]`` is the
    156-opening deck."""
    openings = []
    for row in _rows("acf_3move_ballots.csv"):
        first, second, third = row["moves"].split()
        status = row["status"]
        assert status in _THREE_MOVE_STATUSES, status
        openings.append(
            ThreeMoveOpening(
                number=int(row["acf_number"]),
                moves=(first, second, third),
                fen=Board(row["fen_after_3_moves_white_to_move"]).to_fen(),
                name=row["name"] or None,
                status=status,
                computer_tough=row["computer_tough_deck_2002"] == "yes",
                pydraughts_label=row["pydraughts_class"],
            )
        )
    return tuple(openings)


@cache
def two_move_openings() -> tuple[TwoMoveOpening, ...]:
    """The 49 two-move openings, in the source's order (by Black's first move)."""
    openings = []
    for row in _rows("two_move_ballots.csv"):
        first, second = row["moves"].split()
        openings.append(
            TwoMoveOpening(
                number=int(row["index"]),
                moves=(first, second),
                fen=Board(row["fen_after_2_moves_black_to_move"]).to_fen(),
                pydraughts_label=row["pydraughts_class"],
            )
        )
    return tuple(openings)


#: The start position's FEN as a Board writes it (to compare with ``Game.start_fen``).
_START = Board(START_FEN).to_fen()


@cache
def _three_move_by_position() -> dict[str, ThreeMoveOpening]:
    """The 174 openings by the position after their three moves (no two share one)."""
    return {opening.fen: opening for opening in three_move_openings()}


def opening_of(game: Game) -> ThreeMoveOpening | None:
    """The three-move opening ``game`` starts with, or None (see :attr:`Game.opening`).

    The game's line (the moves played, then those redo would replay) must start from
    the standard start position and have at least three moves; the opening is the one
    whose position after three moves is the game's position after its first three, so
    a game that reaches it by another move order (``10-14 22-18 9-13`` for ACF 6,
    ``9-13 22-18 10-14``) is named too: compare ``opening.moves`` with the game's
    moves to tell. 74 of the 302 ways to play three moves reach a listed position so.
    """
    if game.variant is not AMERICAN or game.start_fen != _START:
        return None  # (a pool or giveaway game starts from the same position)
    first = game.moves[:3] if game.ply >= 3 else game.line[:3]
    if len(first) < 3:
        return None
    board = Board()
    for move in first:
        board.push(move)
    return _three_move_by_position().get(board.to_fen())


# ---------------------------------------------------------------------- endings
@dataclass(frozen=True, slots=True)
class ClassicPosition:
    """A textbook ending: ``id`` (e.g. ``"first_position"``), its ``name``, the ``fen``,
    the result its source states (in words, e.g. "White to move and win"), the source's
    main line as written (``mainline_text``; one also gives an alternative in words),
    its leading moves (``mainline``, which play from ``fen``) and ``source`` (where it
    was taken from).
    ``engine_check`` notes what another engine (Cake 1.89g, a few seconds, no endgame
    database) made of it when the table was compiled."""

    id: str
    name: str
    fen: str
    stated_result: str
    mainline: tuple[str, ...]
    mainline_text: str
    source: str
    engine_check: str

    def game(self, **options: Any) -> Game:
        """A new game from this position."""
        return Game(self.fen, **options)

    def __str__(self) -> str:
        return f"{self.name}: {self.stated_result}"


_MOVE = re.compile(r"\d+(?:[-x]\d+)+")


def _leading_moves(text: str) -> tuple[str, ...]:
    """The moves at the start of a main line, up to the first word that is not a move."""
    moves = []
    for word in text.split():
        if not _MOVE.fullmatch(word):
            break
        moves.append(word)
    return tuple(moves)


@cache
def classic_positions() -> tuple[ClassicPosition, ...]:
    """The 14 classic endings, in the table's order (First Position first)."""
    return tuple(
        ClassicPosition(
            id=row["id"],
            name=row["name"],
            fen=Board(row["fen"]).to_fen(),
            stated_result=row["stated_result"],
            mainline=_leading_moves(row["source_mainline"]),
            mainline_text=row["source_mainline"],
            source=row["source"],
            engine_check=row["engine_check"],
        )
        for row in _rows("classic_positions.csv")
    )
