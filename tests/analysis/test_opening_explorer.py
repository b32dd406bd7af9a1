"""The opening explorer (analysis/explorer.py): counts, transpositions, the bundled
collections, the text form and bad input."""

from __future__ import annotations

import gzip
import lzma
import re
from itertools import islice
from pathlib import Path

import pytest

from checkers_widget import Board, CheckersError, Game, PdnError, read_games
from checkers_widget.analysis.explorer import (
    INDEX_FILE,
    OCA_PLIES,
    ExplorerMove,
    OpeningExplorer,
)
from checkers_widget.data import read_bytes, tinsley_games

#: Six games with known results. e and f reach the same position by two move orders
#: (9-13 22-18 10-14 and 10-14 22-18 9-13), where both play 18x9.
SMALL = """
[Event "a"] [Result "1-0"]
1. 11-15 23-19 2. 8-11 22-17 1-0

[Event "b"] [Result "0-1"]
1. 11-15 23-19 2. 9-13 0-1

[Event "c"] [Result "1/2-1/2"]
1. 11-15 22-18 1/2-1/2

[Event "d"] [Result "*"]
1. 9-13 22-18 *

[Event "e"] [Result "1-0"]
1. 9-13 22-18 2. 10-14 18x9 1-0

[Event "f"] [Result "0-1"]
1. 10-14 22-18 2. 9-13 18x9 0-1
"""


def after(*moves: str) -> Board:
    board = Board()
    for move in moves:
        board.push(move)
    return board


def table(
    explorer: OpeningExplorer, where: Board | Game | str
) -> list[tuple[str, int, int, int, int]]:
    return [(m.move, m.games, m.black_wins, m.draws, m.white_wins) for m in explorer.moves(where)]


@pytest.fixture(scope="module")
def small() -> OpeningExplorer:
    return OpeningExplorer.from_pdn(SMALL, name="six games")


def test_the_counts_and_results_of_a_small_collection(small: OpeningExplorer) -> None:
    assert (small.games, small.name) == (6, "six games")
    # Most played first; game d has no result: counted in games only.
    assert table(small, Board()) == [
        ("11-15", 3, 1, 1, 1),
        ("9-13", 2, 1, 0, 0),
        ("10-14", 1, 0, 0, 1),
    ]
    assert small.moves(Board())[1].unknown == 1
    assert table(small, after("11-15")) == [("23-19", 2, 1, 0, 1), ("22-18", 1, 0, 1, 0)]
    assert table(small, after("11-15", "23-19")) == [("8-11", 1, 1, 0, 0), ("9-13", 1, 0, 0, 1)]
    assert small.games_at(Board()) == 6


def test_transpositions_merge(small: OpeningExplorer) -> None:
    one = after("9-13", "22-18", "10-14")
    other = after("10-14", "22-18", "9-13")
    assert one.key() == other.key()
    assert table(small, one) == table(small, other) == [("18x9", 2, 1, 0, 1)]
    # Before the positions meet, each order has its own games.
    assert table(small, after("9-13", "22-18")) == [("10-14", 1, 1, 0, 0)]


def test_a_position_no_game_reached_has_no_moves(small: OpeningExplorer) -> None:
    assert small.moves(after("12-16")) == []
    assert small.games_at(after("12-16")) == 0
    # The end of a game is reached but nothing was played from it.
    assert small.moves(after("11-15", "23-19", "8-11", "22-17")) == []


def test_a_game_or_a_fen_asks_about_its_current_position(small: OpeningExplorer) -> None:
    game = Game()
    game.play("11-15")
    assert small.moves(game) == small.moves(after("11-15")) == small.moves(after("11-15").to_fen())
    game.undo()  # the game's current position, not its line
    assert small.moves(game) == small.moves(Board())


def test_a_game_counts_once_in_a_position_it_comes_back_to() -> None:
    kings = '[FEN "B:WK32:BK1"]\n1. 1-5 32-28 2. 5-1 28-32 3. 1-5 32-27 *\n'
    explorer = OpeningExplorer.from_pdn(kings)
    assert table(explorer, "B:WK32:BK1") == [("1-5", 1, 0, 0, 0)]


def test_max_plies_keeps_only_the_first_plies(small: OpeningExplorer) -> None:
    short = OpeningExplorer.from_pdn(SMALL, max_plies=1)
    assert table(short, Board()) == table(small, Board())
    assert short.moves(after("11-15")) == []
    assert short.positions == 1 and short.max_plies == 1


def test_the_whole_line_of_a_game_counts_wherever_it_is_shown() -> None:
    game = Game()
    for move in ("11-15", "23-19", "8-11"):
        game.play(move)
    game.set_result("1-0")
    game.goto(1)
    explorer = OpeningExplorer.from_games([game])
    assert table(explorer, after("11-15", "23-19")) == [("8-11", 1, 1, 0, 0)]


def test_tinsleys_games_all_start_at_the_start_position() -> None:
    explorer = OpeningExplorer.from_games(tinsley_games(variations="skip"))
    first = explorer.moves(Board())
    assert explorer.games == 723
    assert sum(m.games for m in first) == 723 == explorer.games_at(Board())
    assert sum(m.black_wins + m.draws + m.white_wins for m in first) == 723
    assert [m.games for m in first] == sorted((m.games for m in first), reverse=True)
    assert explorer.moves(Board()) == OpeningExplorer.bundled("tinsley").moves(Board())


def test_the_text_form_reads_back_the_same(small: OpeningExplorer) -> None:
    again = OpeningExplorer.from_bytes(small.to_bytes())
    assert (again.games, again.name, again.max_plies, again.positions) == (
        small.games,
        small.name,
        small.max_plies,
        small.positions,
    )
    for board in (
        Board(),
        after("11-15"),
        after("9-13", "22-18", "10-14"),
        after("11-15", "23-19"),
    ):
        assert again.moves(board) == small.moves(board)
    assert small.to_bytes() == again.to_bytes()  # byte for byte: no time stamp


@pytest.fixture(scope="module")
def oca() -> OpeningExplorer:
    return OpeningExplorer.bundled("oca")


def test_the_bundled_oca_index_covers_every_game(oca: OpeningExplorer) -> None:
    assert (oca.games, oca.max_plies) == (22_621, OCA_PLIES)
    assert oca.games_at(Board()) == 22_621
    assert {m.move for m in oca.moves(Board())} == {str(m) for m in Board().legal_moves()}
    assert OpeningExplorer.bundled("oca") is oca  # read once, shared


def test_the_bundled_index_agrees_with_the_archive(oca: OpeningExplorer, repo_root: Path) -> None:
    """The first 300 games of tests/data's archive: every move of their first OCA_PLIES
    plies is in the index, counted at least as often as those games play it."""
    with lzma.open(repo_root / "tests" / "data" / "OCA_2.0.pdn.xz") as archive:
        games = list(islice(read_games(archive, variations="skip"), 300))
    sample = OpeningExplorer.from_games(games, max_plies=OCA_PLIES)
    checked = 0
    for game in games[:40]:
        board = Board()
        for move in game.line[:OCA_PLIES]:
            mine = {m.path: m for m in sample.moves(board)}[move.path]
            theirs = {m.path: m for m in oca.moves(board)}[move.path]
            assert theirs.games >= mine.games and theirs.draws >= mine.draws
            board.push(move)
            checked += 1
    assert checked > 500


def test_bad_input_is_refused() -> None:
    with pytest.raises(CheckersError, match="iterable of Game"):
        OpeningExplorer.from_games(42)  # type: ignore[arg-type]
    with pytest.raises(CheckersError, match="iterable of Game"):
        OpeningExplorer.from_games(Game())  # type: ignore[arg-type]
    with pytest.raises(CheckersError, match="item 2 of games is not a Game"):
        OpeningExplorer.from_games([Game(), "11-15"])  # type: ignore[list-item]
    with pytest.raises(PdnError, match="32-28"):
        OpeningExplorer.from_pdn("1. 11-15 32-28 *")
    skipped = OpeningExplorer.from_pdn("1. 11-15 32-28 *\n\n1. 9-13 *\n", errors="skip")
    assert table(skipped, Board()) == [("9-13", 1, 0, 0, 0)]
    for bad in (0, -1, True, 2.5, "3"):
        with pytest.raises(CheckersError, match="max_plies"):
            OpeningExplorer.from_games([], max_plies=bad)  # type: ignore[arg-type]
    with pytest.raises(CheckersError, match="name"):
        OpeningExplorer(name="")
    with pytest.raises(CheckersError, match="no bundled collection"):
        OpeningExplorer.bundled("fide")  # type: ignore[arg-type]
    with pytest.raises(CheckersError, match="a Board, a Game or a FEN"):
        OpeningExplorer().moves(42)  # type: ignore[arg-type]


def _gzip(data: bytes) -> bytes:
    """gzip with no time stamp: the bytes are parameters, and pytest-xdist's workers must
    collect the same ones (with the clock's second in them, two workers collecting either
    side of a second's end saw different tests and the run stopped)."""
    return gzip.compress(data, mtime=0)


def _index(*lines: str) -> bytes:
    header = ["checkers-widget opening index 1", "name x", "max_plies -", "games 1"]
    return _gzip("\n".join([*header, *lines]).encode("ascii"))


@pytest.mark.parametrize(
    ("data", "why"),
    [
        (b"not gzip", "gzip"),
        ("text", "must be bytes"),
        (_gzip(b"\xff\xfe"), "gzip-compressed text"),
        (_gzip(b"hello\n"), "line 1"),
        (_index("11-15 1 0 0 0"), "line 5: a move before any position"),
        (_index("P fff fff00000 0 b", "11-15 1 2 0 0"), "line 6"),  # more results than games
        (_index("P fff fff00000 0 b", "11-15 one 0 0 0"), "line 6"),
        (_index("P fff fff00000 0 b", "11-15 1 0 0 0 0"), "line 6"),
        (_index("P fff fff00000 0 b", "11-15 +1 0 0 0"), "line 6"),
        (_index("P fff fff00000 0 x"), "side to move"),
        (_index("P fff fff00000 b"), "three square masks"),
        (_index("P fff fff 0 b"), "overlap"),
        (_index("P fff fff00000 0 b", "11-15 1 0 0 0", "11-15 1 0 0 0"), "listed already"),
        (_index("P fff fff00000 0 b", "11-99 1 0 0 0"), "1-32"),
        (_index("P fff fff00000 0 b", "P fff fff00000 0 b"), "listed already"),
    ],
)
def test_a_malformed_index_is_refused(data: bytes, why: str) -> None:
    with pytest.raises(CheckersError, match=why):
        OpeningExplorer.from_bytes(data)


def test_a_move_of_the_index_that_is_not_legal_there_is_never_listed() -> None:
    explorer = OpeningExplorer.from_bytes(
        _index("P fff fff00000 0 b", "11-15 3 1 1 1", "22-18 5 0 5 0", "1-5 2 0 0 2")
    )
    assert [m.move for m in explorer.moves(Board())] == ["11-15"]
    assert isinstance(explorer.moves(Board())[0], ExplorerMove)


def _archive_slice(repo_root: Path, games: int, into: Path) -> Path:
    """The first ``games`` games of tests/data's archive, as an xz file of their own."""
    kept: list[str] = []
    starts = 0
    with lzma.open(repo_root / "tests" / "data" / "OCA_2.0.pdn.xz", "rt") as archive:
        for line in archive:
            if line.startswith("[Event "):
                starts += 1
                if starts > games:
                    break
            kept.append(line)
    path = into / "slice.pdn.xz"
    with lzma.open(path, "wt") as out:
        out.write("".join(kept))
    return path


def _tally_by_hand(
    games: list[Game], results: list[str]
) -> dict[tuple[object, tuple[int, ...]], list[int]]:
    """Per (position, move): games, Black wins, draws, White wins over the first OCA_PLIES
    plies, a game counted once in a position (an independent count, with the rules'
    Board and the Result tags as the PDN text has them)."""
    columns = {"1-0": 1, "1/2-1/2": 2, "0-1": 3}
    counts: dict[tuple[object, tuple[int, ...]], list[int]] = {}
    for game, result in zip(games, results, strict=True):
        board = Board(game.start_fen)
        seen = set()
        for move in game.line[:OCA_PLIES]:
            key = board.key()
            if key not in seen:
                seen.add(key)
                row = counts.setdefault((key, move.path), [0, 0, 0, 0])
                row[0] += 1
                if result in columns:
                    row[columns[result]] += 1
            board.push(move)
    return counts


def test_the_index_script_counts_a_slice_of_the_archive_right(
    oca: OpeningExplorer, repo_root: Path, tmp_path: Path
) -> None:
    """scripts/build_opening_index.py on the archive's first 120 games (the whole archive
    is rebuilt by ``make data-check``): its index counts every position and move of those
    games as a count by hand does, reads back the same, is made like the bundled one (same
    name, same depth), and the bundled index holds at least those games at every step."""
    from scripts.build_opening_index import build

    path = _archive_slice(repo_root, 120, tmp_path)
    built = build(path)
    with lzma.open(path) as archive:
        games = list(read_games(archive, variations="skip"))
    assert built.games == len(games) == 120
    assert (built.name, built.max_plies) == (oca.name, oca.max_plies)
    assert OpeningExplorer.from_bytes(built.to_bytes()).to_bytes() == built.to_bytes()
    with lzma.open(path, "rt") as text:
        results = re.findall(r'^\[Result "([^"]*)"\]', text.read(), flags=re.MULTILINE)
    by_hand = _tally_by_hand(games, results)
    checked = 0
    for game in games:
        board = Board(game.start_fen)
        for move in game.line[:OCA_PLIES]:
            mine = {m.path: m for m in built.moves(board)}[move.path]
            expected = by_hand[(board.key(), move.path)]
            assert [mine.games, mine.black_wins, mine.draws, mine.white_wins] == expected
            bundled = {m.path: m for m in oca.moves(board)}[move.path]
            assert bundled.games >= mine.games
            board.push(move)
            checked += 1
    assert checked > 2_000


@pytest.mark.slow
@pytest.mark.rebuild
@pytest.mark.timeout(600)
def test_the_bundled_index_is_what_the_script_builds_from_the_archive() -> None:
    """scripts/build_opening_index.py, run again on tests/data's archive, writes the
    package file byte for byte (so the file in git is the script's output). The whole
    archive: run by ``make data-check``, not in the default suite."""
    from scripts.build_opening_index import build

    assert build().to_bytes() == read_bytes(INDEX_FILE)
