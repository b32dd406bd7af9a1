"""Build the engine's opening book from the OCA archive and Tinsley's games.

Writes ``src/checkers_widget/data/opening_book.txt.gz`` (read by
:class:`checkers_widget.engine.book.OpeningBook`). Run it from the repository's root after
the archive, the thresholds or the book's format change::

    python scripts/build_opening_book.py

What goes in:

* the games: the OCA 2.0 archive (``tests/data/OCA_2.0.pdn.xz``, 22,621 master games,
  all with a result) and those of Marion Tinsley's games (``data.tinsley_games()``) that
  are not already in the archive (most are: a game counts once);
* the first :data:`PLIES` plies of each (12 moves a side, as the opening explorer's index):
  past them the positions thin out (at ply 24 some 200 positions have ten games or more,
  at ply 30 about 130) and the game is a middle game that the search plays on its own;
* for each position those plies reach (at its first visit in a game, so a game counts
  once per position; transpositions merge, the key is the position), each move played
  there with its games and their score for the side that played it.

What is kept (the thresholds are below): a position needs :data:`MIN_POSITION_GAMES`
games; a move :data:`MIN_MOVE_GAMES` games and a record not clearly worse than the best
move's there (scores compared after shrinking them towards one half by
:data:`PRIOR_GAMES` drawn games, so that two lucky wins do not outweigh a hundred
games; "clearly worse" is :data:`MARGIN` below). The positions after the ACF deck's 156
three-move openings keep every move that passes the score test whatever its games, so that
a ballot game finds its continuation in the book (all but the openings no archive game
reached: the script names them).

The book stores each move's games and raw score; the engine weighs a move by
``games * score``. The output is the same byte for byte on every run (positions in the
order the games first reach them, no time stamp), so a rebuild shows in git only when
something changed. Reading the archive through the package's PDN reader takes most of
the time (about a minute, more on a busy machine).
"""

from __future__ import annotations

import argparse
import lzma
import sys
import time
from collections.abc import Iterator
from pathlib import Path

from checkers_widget import data
from checkers_widget.core.board import Board
from checkers_widget.core.game import Game
from checkers_widget.engine.book import BOOK_FILE, OpeningBook
from checkers_widget.formats.game_info import final_result
from checkers_widget.formats.pdn import read_games

ROOT = Path(__file__).resolve().parent.parent
ARCHIVE = ROOT / "tests" / "data" / "OCA_2.0.pdn.xz"
TARGET = ROOT / "src" / "checkers_widget" / "data" / BOOK_FILE

#: How many plies of each game the book reads.
PLIES = 24
#: Games a position needs before its moves are trusted.
MIN_POSITION_GAMES = 6
#: Games a move needs (outside the deck openings' positions).
MIN_MOVE_GAMES = 3
#: Drawn games added to every move's record before scores are compared (a prior of 1/2).
PRIOR_GAMES = 2
#: A move whose shrunk score is this far below the best move's there is left out.
MARGIN = 0.10

#: Points of a result for Black (the first player) and for White.
_POINTS = {"1-0": (2, 0), "1/2-1/2": (1, 1), "0-1": (0, 2)}

# A position's key, and per move: games, games with a result, half-points for the mover.
_Key = tuple[int, int, int, str]
_Tally = list[int]


def games() -> Iterator[tuple[Game, str]]:
    """The archive's games, then Tinsley's games that are not in it, with their source."""
    lines: set[tuple[str, tuple[tuple[int, ...], ...]]] = set()
    with lzma.open(ARCHIVE) as archive:
        for game in read_games(archive, errors="raise", variations="skip"):
            lines.add((game.start_fen, tuple(m.path for m in game.line)))
            yield game, "oca"
    for game in data.tinsley_games(variations="skip"):
        if (game.start_fen, tuple(m.path for m in game.line)) not in lines:
            yield game, "tinsley"


def tally(
    source: Iterator[tuple[Game, str]],
) -> tuple[dict[_Key, tuple[Board, dict[tuple[int, ...], _Tally]]], dict[str, int]]:
    """Per position (first reached in the order of the games): its board and its moves'
    tallies; and how many games each source gave."""
    positions: dict[_Key, tuple[Board, dict[tuple[int, ...], _Tally]]] = {}
    counts = {"oca": 0, "tinsley": 0}
    for game, name in source:
        counts[name] += 1
        points = _POINTS.get(final_result(game) or "")
        board = Board(game.start_fen)
        seen: set[_Key] = set()
        for move in game.line[:PLIES]:
            key = board.key()
            if key not in seen:
                seen.add(key)
                entry = positions.get(key)
                if entry is None:
                    entry = positions[key] = (board.copy(stack=False), {})
                row = entry[1].setdefault(move.path, [0, 0, 0])
                row[0] += 1
                if points is not None:
                    row[1] += 1
                    row[2] += points[0] if board.turn == "black" else points[1]
            board.push(move)
    return positions, counts


def shrunk(row: _Tally) -> float:
    """A move's score pulled towards 1/2 by :data:`PRIOR_GAMES` draws."""
    return (row[2] / 2 + PRIOR_GAMES / 2) / (row[1] + PRIOR_GAMES)


def raw_score(row: _Tally) -> float:
    """A move's score for its mover (1/2 when no game has a result)."""
    return row[2] / (2 * row[1]) if row[1] else 0.5


def select(
    positions: dict[_Key, tuple[Board, dict[tuple[int, ...], _Tally]]], deck: set[_Key]
) -> list[tuple[Board, tuple[int, ...], int, float]]:
    """The book's rows: the moves that pass the thresholds (see the module documentation)."""
    rows = []
    for key, (board, played) in positions.items():
        in_deck = key in deck
        total = sum(r[0] for r in played.values())
        if total < MIN_POSITION_GAMES and not in_deck:
            continue
        least = 1 if in_deck else MIN_MOVE_GAMES
        candidates = {m: r for m, r in played.items() if r[0] >= least}
        if not candidates:
            continue
        best = max(shrunk(r) for r in candidates.values())
        kept = [(m, r) for m, r in candidates.items() if shrunk(r) >= best - MARGIN]
        kept.sort(key=lambda pr: (-pr[1][0] * raw_score(pr[1]), pr[0]))
        for path, row in kept:
            rows.append((board, path, row[0], raw_score(row)))
    return rows


def main() -> int:
    argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    ).parse_args()
    started = time.perf_counter()
    positions, counts = tally(games())
    deck_openings = [o for o in data.three_move_openings() if o.in_deck]
    deck = {o.game().board.key() for o in deck_openings}
    rows = select(positions, deck)
    source = (
        f"OCA 2.0 archive ({counts['oca']:,} games) and {counts['tinsley']} more of "
        f"Tinsley's games, first {PLIES} plies; positions of {MIN_POSITION_GAMES}+ games "
        f"(any after an ACF deck opening), moves of {MIN_MOVE_GAMES}+ games within "
        f"{MARGIN} of the best score"
    )
    book = OpeningBook.from_rows(rows, source=source)
    blob = book.to_bytes()
    TARGET.write_bytes(blob)
    seconds = time.perf_counter() - started
    missing = [o for o in deck_openings if not book.moves(o.game())]
    print(
        f"{counts['oca']} archive games + {counts['tinsley']} Tinsley games not in it; "
        f"{len(positions):,} positions read in the first {PLIES} plies"
    )
    print(
        f"book: {book.positions:,} positions, {book.move_count:,} moves, {len(blob):,} bytes "
        f"-> {TARGET.relative_to(ROOT)} in {seconds:.1f} s"
    )
    print(f"deck openings with book moves: {len(deck_openings) - len(missing)} of {len(deck)}")
    for opening in missing:
        print(f"  no archive game reaches ACF #{opening.number} {' '.join(opening.moves)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
