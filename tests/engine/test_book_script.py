"""scripts/build_opening_book.py: its tally on a slice of the archive (default suite) and
the whole rebuild from the archives, byte for byte (``make data-check``)."""

from __future__ import annotations

import lzma
import re
from itertools import islice
from pathlib import Path

import pytest
from scripts import build_opening_book as script

from checkers_widget import Board
from checkers_widget.core.game import Game
from checkers_widget.data import read_bytes
from checkers_widget.engine.book import BOOK_FILE, OpeningBook
from checkers_widget.formats.pdn import read_games

GAMES = 150


def _slice(repo_root: Path) -> tuple[list[Game], list[str]]:
    """The archive's first GAMES games, and their Result tags as the PDN text has them."""
    with lzma.open(repo_root / "tests" / "data" / "OCA_2.0.pdn.xz") as archive:
        games = list(islice(read_games(archive, errors="raise", variations="skip"), GAMES))
    results: list[str] = []
    with lzma.open(repo_root / "tests" / "data" / "OCA_2.0.pdn.xz", "rt") as text:
        for line in text:
            found = re.match(r'\[Result "([^"]*)"\]', line)
            if found:
                results.append(found.group(1))
                if len(results) == GAMES:
                    break
    return games, results


def _by_hand(
    games: list[Game], results: list[str]
) -> dict[tuple[object, tuple[int, ...]], list[int]]:
    """Per (position, move) over each game's first PLIES plies, a game counted once in a
    position: games, games with a result, half-points for the side that moved."""
    halves = {"1-0": (2, 0), "1/2-1/2": (1, 1), "0-1": (0, 2)}
    counts: dict[tuple[object, tuple[int, ...]], list[int]] = {}
    for game, result in zip(games, results, strict=True):
        board = Board(game.start_fen)
        seen = set()
        for move in game.line[: script.PLIES]:
            if board.key() not in seen:
                seen.add(board.key())
                row = counts.setdefault((board.key(), move.path), [0, 0, 0])
                row[0] += 1
                if result in halves:
                    row[1] += 1
                    row[2] += halves[result][0 if board.turn == "black" else 1]
            board.push(move)
    return counts


def test_the_book_script_tallies_a_slice_of_the_archive_right(repo_root: Path) -> None:
    """The script's tally of the archive's first games agrees with a count by hand, every
    move it keeps from them is legal, and the shipped book (built from all the games)
    counts at least as many games for each of its moves that the slice plays."""
    games, results = _slice(repo_root)
    positions, counts = script.tally((game, "oca") for game in games)
    assert counts == {"oca": GAMES, "tinsley": 0}
    tallied = {
        (key, path): row for key, (_, played) in positions.items() for path, row in played.items()
    }
    assert tallied == _by_hand(games, results)
    rows = script.select(positions, deck=set())
    assert rows
    for board, path, games_played, score in rows:
        assert path in {m.path for m in board.legal_moves()}
        assert games_played >= script.MIN_MOVE_GAMES and 0 <= score <= 1
    shipped = OpeningBook.bundled()
    compared = 0
    for (key, path), row in tallied.items():
        board = positions[key][0]
        for book_move in shipped.moves(board):
            if book_move.move.path == path:
                assert book_move.games >= row[0], (board.to_fen(), path)
                compared += 1
    assert compared > 50


@pytest.mark.slow
@pytest.mark.rebuild
@pytest.mark.timeout(900)
def test_the_shipped_book_is_what_the_script_builds_from_the_archives(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """The whole build (every archive game, then Tinsley's): the script writes the
    package's file byte for byte. Run by ``make data-check``, not in the default suite."""
    monkeypatch.setattr(script, "ROOT", tmp_path)
    monkeypatch.setattr(script, "TARGET", tmp_path / BOOK_FILE)
    assert script.main() == 0
    assert (tmp_path / BOOK_FILE).read_bytes() == read_bytes(BOOK_FILE)
