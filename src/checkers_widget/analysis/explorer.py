"""The opening explorer: what was played from a position in a collection of games, and how
those games ended.

``OpeningExplorer.from_games(games)`` walks each game once and tallies, for every position
it reached, the move it played there and the game's result. ``explorer.moves(board)``
then lists the moves played from the position on a board (or a game's current
position), most played first, each with its number of games, Black wins, draws and White
wins (:class:`ExplorerMove`).

The index is keyed on the position itself (the pieces and the side to move), not on the
moves that led to it, so transpositions merge: games that reach the same position by
different move orders are counted together. A game counts once per position, at its first
visit (a king shuffle that comes back to a position is not a second game). Only the
moves are kept, not the games, so memory grows with the number of different
(position, move) pairs, and building is linear in the number of plies read. Once built
the index is packed (a position is one integer, its moves a tuple of rows shared between
positions with the same row): the OCA index below keeps 18.5 MB for 135,223 positions.

Two collections ship with the package (:meth:`OpeningExplorer.bundled`):

* ``"oca"``: the OCA 2.0 archive of 22,621 published master games (1841 onward), its
  first :data:`OCA_PLIES` plies, prebuilt by ``scripts/build_opening_index.py`` into
  the package file ``oca_openings.txt.gz`` (1.0 MB; reading the whole archive's PDN
  takes half a minute or more, the prebuilt index loads some twenty times faster:
  ``benchmarks/opening_explorer.py`` measures both);
* ``"tinsley"``: Marion Tinsley's 723 games (``data.tinsley_games()``), whole games,
  built on first use.

The index's text form (:meth:`OpeningExplorer.to_bytes`) is gzip-compressed lines: a
header, then each position (the squares of Black's pieces, White's pieces and the kings
as 32-bit masks, bit ``n - 1`` for square ``n``, and the side to move) followed by its
moves (the squares visited and the four counts). Reading it checks its shape and
refuses anything else with a :class:`CheckersError`; the moves are checked against the
rules when they are listed: :meth:`OpeningExplorer.moves` lists only moves that are legal
in the position asked about, so no row can name a move of another position.
"""

from __future__ import annotations

import io
import os
import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from typing import IO, Literal

from ..core.board import Board
from ..core.color import BLACK, WHITE, Color
from ..core.errors import CheckersError, VariantError, brief
from ..core.game import Game
from ..core.variants import AMERICAN
from ..data import read_bytes, tinsley_games
from ..formats.game_info import final_result
from ..formats.packed_text import internal_mask, pack_lines, square_mask, unpack_text
from ..formats.pdn import read_games

__all__ = [
    "INDEX_FILE",
    "OCA_PLIES",
    "ExplorerMove",
    "OpeningExplorer",
]

#: How many plies of each OCA game the bundled index keeps (12 moves by each side).
OCA_PLIES = 24

#: The package data file that holds the prebuilt OCA index.
INDEX_FILE = "oca_openings.txt.gz"

#: The first line of the index's text form, with its format version.
_MAGIC = "checkers-widget opening index 1"

#: A bundled collection's name, and what the panel calls it.
Bundled = Literal["oca", "tinsley"]
_TITLES: dict[str, str] = {
    "oca": f"OCA archive, 22,621 master games (first {OCA_PLIES} plies)",
    "tinsley": "Marion Tinsley's 723 games",
}

# A move's squares; the tally of one move while building: games, Black wins, draws,
# White wins; and a packed row: the squares and the four counts.
_Path = tuple[int, ...]
_Tally = list[int]
_Row = tuple[_Path, int, int, int, int]

#: Bits of each of the board's internal masks (black, white, kings), packed side by side.
_MASK_BITS = 40


def _pack(black: int, white: int, kings: int, turn: Color) -> int:
    """A position as one integer (the three masks and the side to move)."""
    return ((black << _MASK_BITS | white) << _MASK_BITS | kings) << 1 | (turn == WHITE)


def _unpack(key: int) -> tuple[int, int, int, Color]:
    full = (1 << _MASK_BITS) - 1
    turn: Color = WHITE if key & 1 else BLACK
    key >>= 1
    return key >> 2 * _MASK_BITS, key >> _MASK_BITS & full, key & full, turn


def _position_key(board: Board) -> int:
    """The index's key of an American checkers position (its games are American ones)."""
    if board.variant is not AMERICAN:
        raise VariantError(
            f"the opening explorer knows American checkers games only, "
            f"not {board.variant.describe()}"
        )
    black, white, kings = board.bitboards
    return _pack(black, white, kings, board.turn)


_RESULT_COLUMN = {"1-0": 1, "1/2-1/2": 2, "0-1": 3}


@dataclass(frozen=True, slots=True)
class ExplorerMove:
    """A move played from a position: ``move`` (its notation, e.g. ``"22x15"``), ``path``
    (every square it visits), in how many ``games`` and how those ended. ``games`` may be
    more than the three results together: a game whose result is not recorded counts in
    ``games`` only (see :attr:`unknown`)."""

    move: str
    path: tuple[int, ...]
    games: int
    black_wins: int
    draws: int
    white_wins: int

    @property
    def unknown(self) -> int:
        """The games with this move whose result is not recorded."""
        return self.games - self.black_wins - self.draws - self.white_wins

    def __str__(self) -> str:
        games = f"{self.games} game{'' if self.games == 1 else 's'}"
        results = f"Black {self.black_wins}, draws {self.draws}, White {self.white_wins}"
        return f"{self.move}: {games} ({results})"


class OpeningExplorer:
    """An index of the moves played from each position of a collection of games.

    Build one with :meth:`from_games`, :meth:`from_pdn` or :meth:`bundled`, or read one
    back with :meth:`from_bytes`; it does not change once built (so a bundled one can be
    shared). ``name`` says what it was built from (the explorer panel shows it);
    ``max_plies`` how many plies of each game it kept (None: whole games).
    """

    def __init__(self, *, name: str = "games", max_plies: int | None = None) -> None:
        if not isinstance(name, str) or not name.strip() or len(name) > 200:
            raise CheckersError(f"name must be text of 1 to 200 characters, not {brief(name)}")
        if max_plies is not None and (
            isinstance(max_plies, bool) or not isinstance(max_plies, int) or max_plies < 1
        ):
            raise CheckersError(
                f"max_plies must be a whole number of at least 1 or None, not {brief(max_plies)}"
            )
        self._name = " ".join(name.split())
        self._max_plies = max_plies
        self._index: dict[int, tuple[_Row, ...]] = {}
        self._games = 0

    # ------------------------------------------------------------------ building
    @classmethod
    def from_games(
        cls, games: Iterable[Game], *, max_plies: int | None = None, name: str = "games"
    ) -> OpeningExplorer:
        """The explorer of ``games`` (any iterable of :class:`Game`, e.g. a PDN reader).

        Each game's whole line is read (the moves played and those redo would replay),
        from its own start position, up to ``max_plies`` plies; its result is the one at
        the end of that line. Anything that is not a Game raises CheckersError.
        """
        explorer = cls(name=name, max_plies=max_plies)
        if isinstance(games, Game) or not isinstance(games, Iterable):
            raise CheckersError(f"games must be an iterable of Game, not {brief(games)}")
        tallies: dict[int, dict[_Path, _Tally]] = {}
        for number, game in enumerate(games, 1):
            if not isinstance(game, Game):
                raise CheckersError(f"item {number} of games is not a Game: {brief(game)}")
            explorer._add(game, tallies)
        explorer._index = _packed(tallies)
        return explorer

    @classmethod
    def from_pdn(
        cls,
        source: str | os.PathLike[str] | bytes | IO[str] | IO[bytes],
        *,
        errors: Literal["raise", "skip"] = "raise",
        max_plies: int | None = None,
        name: str = "PDN games",
    ) -> OpeningExplorer:
        """The explorer of every game of a PDN file, text or open file (read lazily).

        A game that cannot be read raises its :class:`~checkers_widget.core.errors.PdnError`
        (a CheckersError); ``errors="skip"`` leaves such games out instead.
        """
        return cls.from_games(
            read_games(source, errors=errors, variations="skip"), max_plies=max_plies, name=name
        )

    @classmethod
    def bundled(cls, which: Bundled = "oca") -> OpeningExplorer:
        """One of the collections that ship with the package: ``"oca"`` (the prebuilt
        index of the OCA archive's openings) or ``"tinsley"`` (Tinsley's games). Built or
        read once, then shared (an explorer does not change)."""
        if which not in _TITLES:
            raise CheckersError(
                f"no bundled collection {brief(which)}; choose one of {', '.join(_TITLES)}"
            )
        return _bundled(which)

    def _add(self, game: Game, tallies: dict[int, dict[_Path, _Tally]]) -> None:
        """Tally one game: each position it reaches, with the move it plays there."""
        column = _RESULT_COLUMN.get(final_result(game) or "")
        board = Board(game.start_fen, variant=game.variant)
        line = game.line
        if self.max_plies is not None:
            line = line[: self.max_plies]
        seen: set[int] = set()
        for move in line:
            key = _position_key(board)
            if key not in seen:
                seen.add(key)
                tally = tallies.setdefault(key, {}).setdefault(move.path, [0, 0, 0, 0])
                tally[0] += 1
                if column is not None:
                    tally[column] += 1
            board.push(move)
        self._games += 1

    # ------------------------------------------------------------------ asking
    @property
    def name(self) -> str:
        """What the explorer was built from, as the panel names it."""
        return self._name

    @property
    def max_plies(self) -> int | None:
        """How many plies of each game the index kept (None: whole games)."""
        return self._max_plies

    @property
    def games(self) -> int:
        """How many games the index was built from."""
        return self._games

    @property
    def positions(self) -> int:
        """How many different positions it knows a move from."""
        return len(self._index)

    def moves(self, where: Board | Game | str) -> list[ExplorerMove]:
        """The moves played from the position of ``where`` (a Board, a Game's current
        position, or a FEN), most played first (then by their squares); empty for a
        position no game reached. Only moves legal in that position are listed."""
        board = _board_of(where)
        rows = self._index.get(_position_key(board))
        if not rows:
            return []
        played = {row[0]: row for row in rows}
        found = []
        for move in board.legal_moves():
            row = played.get(move.path)
            if row is not None:
                found.append(ExplorerMove(str(move), move.path, *row[1:]))
        found.sort(key=lambda m: (-m.games, m.path))
        return found

    def games_at(self, where: Board | Game | str) -> int:
        """How many games played a move from the position of ``where``."""
        return sum(m.games for m in self.moves(where))

    def __repr__(self) -> str:
        return f"<OpeningExplorer {self.name!r}: {self._games} games, {self.positions} positions>"

    # ------------------------------------------------------------------ text form
    def to_bytes(self) -> bytes:
        """The index as gzip-compressed text (see the module documentation)."""
        lines = [
            _MAGIC,
            f"name {self.name}",
            f"max_plies {self.max_plies if self.max_plies is not None else '-'}",
            f"games {self._games}",
        ]
        for key, rows in self._index.items():
            black, white, kings, turn = _unpack(key)
            masks = (square_mask(black), square_mask(white), square_mask(kings))
            lines.append(f"P {masks[0]:x} {masks[1]:x} {masks[2]:x} {turn[0]}")
            for path, *tally in rows:
                lines.append(" ".join(["-".join(map(str, path)), *map(str, tally)]))
        return pack_lines(lines)

    @classmethod
    def from_bytes(cls, data: bytes) -> OpeningExplorer:
        """An explorer read back from :meth:`to_bytes`; CheckersError if it is not one."""
        text = unpack_text(data, "an opening index")
        return _read_index(io.StringIO(text))


# ---------------------------------------------------------------------- helpers
def _board_of(where: Board | Game | str) -> Board:
    if isinstance(where, Board):
        return where
    if isinstance(where, Game):
        return where.board
    if isinstance(where, str):
        return Board(where)
    raise CheckersError(f"a position must be a Board, a Game or a FEN, not {brief(where)}")


_COUNT = re.compile(r"\d{1,9}", re.ASCII)
_POSITION_LINE = re.compile(
    r"P ([0-9a-f]{1,8}) ([0-9a-f]{1,8}) ([0-9a-f]{1,8}) ([bw])\n?", re.ASCII
)
_MOVE_LINE = re.compile(
    r"(\d{1,2}(?:-\d{1,2}){1,12}) (\d{1,9}) (\d{1,9}) (\d{1,9}) (\d{1,9})\n?", re.ASCII
)


def _read_index(lines: io.StringIO) -> OpeningExplorer:
    """Read the text form line by line (linear; one position's moves held at a time)."""

    def refuse(number: int, why: str) -> CheckersError:
        return CheckersError(f"opening index, line {number}: {why}")

    header = [lines.readline().rstrip("\n") for _ in range(4)]
    if header[0] != _MAGIC:
        raise refuse(1, f"expected {_MAGIC!r}, found {brief(header[0])}")
    fields = {}
    for number, (line, field) in enumerate(
        zip(header[1:], ("name", "max_plies", "games"), strict=True), 2
    ):
        word, _, value = line.partition(" ")
        if word != field or not value:
            raise refuse(number, f"expected '{field} ...', found {brief(line)}")
        fields[field] = value
    plies = fields["max_plies"]
    if plies != "-" and not _COUNT.fullmatch(plies):
        raise refuse(3, f"max_plies must be a number or '-', not {brief(plies)}")
    if not _COUNT.fullmatch(fields["games"]):
        raise refuse(4, f"games must be a number, not {brief(fields['games'])}")
    explorer = OpeningExplorer(
        name=fields["name"], max_plies=None if plies == "-" else int(plies) or None
    )
    explorer._games = int(fields["games"])
    pool = _RowPool()
    index: dict[int, tuple[_Row, ...]] = {}
    # The moves of the position being read, and its key; stored when the next one starts.
    played: dict[_Path, _Row] | None = None
    key = 0
    paths: dict[str, _Path] = {}
    for number, line in enumerate(lines, 5):
        if line.startswith("P"):
            position = _POSITION_LINE.fullmatch(line)
            if position is None:
                raise refuse(
                    number,
                    "a position needs three square masks and the side to move (b or w), "
                    f"found {brief(line)}",
                )
            black, white, kings = (internal_mask(int(w, 16)) for w in position.groups()[:3])
            if black & white or kings & ~(black | white):
                raise refuse(number, "pieces overlap, or a king stands on an empty square")
            if played is not None:
                index[key] = tuple(played.values())
            key = _pack(black, white, kings, BLACK if position[4] == "b" else WHITE)
            if key in index:
                raise refuse(number, "this position was listed already")
            played = {}
            continue
        if played is None:
            raise refuse(number, "a move before any position")
        move = _MOVE_LINE.fullmatch(line)
        if move is None:
            raise refuse(number, f"expected a move and four counts, found {brief(line)}")
        text = move[1]
        path = paths.get(text)
        if path is None:
            path = paths[text] = tuple(int(s) for s in text.split("-"))
        tally = [int(move[2]), int(move[3]), int(move[4]), int(move[5])]
        if not all(1 <= s <= 32 for s in path) or sum(tally[1:]) > tally[0] or not tally[0]:
            raise refuse(number, f"squares must be 1-32 and results at most the games: {line}")
        if path in played:
            raise refuse(number, "this move was listed already for the position")
        played[path] = pool.row(path, tally)
    if played is not None:
        index[key] = tuple(played.values())
    explorer._index = index
    return explorer


class _RowPool:
    """One object for each different row (and path): most positions of a big collection
    are reached by a single game, so their rows repeat, and the index shares them."""

    def __init__(self) -> None:
        self._rows: dict[_Row, _Row] = {}
        self._paths: dict[_Path, _Path] = {}

    def row(self, path: _Path, tally: _Tally) -> _Row:
        games, black, draws, white = tally
        row: _Row = (self._paths.setdefault(path, path), games, black, draws, white)
        return self._rows.setdefault(row, row)


def _packed(tallies: dict[int, dict[_Path, _Tally]]) -> dict[int, tuple[_Row, ...]]:
    """The tallies as the index keeps them: per position a tuple of shared rows."""
    pool = _RowPool()
    return {
        key: tuple(pool.row(path, tally) for path, tally in played.items())
        for key, played in tallies.items()
    }


@cache
def _bundled(which: str) -> OpeningExplorer:
    if which == "oca":
        return OpeningExplorer.from_bytes(read_bytes(INDEX_FILE))
    games = tinsley_games(variations="skip")
    return OpeningExplorer.from_games(games, name=_TITLES["tinsley"])
