"""Hostile and broken files met by users (issue 26, "Hostile and broken input").

Each test replays the reproducer of the report: every failure is a ``CheckersError`` with a
clear message, memory stays bounded by the input (measured with tracemalloc), and nothing
is half-written. The hang guards leave room for a loaded machine; nothing here is timed.
"""

from __future__ import annotations

import gc
import gzip
import random
import tracemalloc
from collections.abc import Callable
from pathlib import Path

import pytest

from checkers_widget import CheckersWidget, Game
from checkers_widget.analysis.explorer import OpeningExplorer
from checkers_widget.core.drawings import MAX_ITEMS, read_commands
from checkers_widget.core.errors import ArgumentTypeError, CheckersError, FileWriteError
from checkers_widget.data import read_bytes
from checkers_widget.export import animate
from checkers_widget.formats.packed_text import pack_lines, unpack_text
from checkers_widget.formats.pdn import MAX_KEPT, read_game, read_games
from checkers_widget.play.milestones import MilestoneBook
from checkers_widget.puzzles.progress import PuzzleProgress
from checkers_widget.tutorial.progress import Progress


def peak_memory(work: Callable[[], object]) -> int:
    """The peak of memory allocated (bytes) while ``work`` runs."""
    gc.collect()
    tracemalloc.start()
    try:
        work()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def distinct_arrows(count: int) -> list[str]:
    """``count`` different arrows written as PDN items (squares up to 50)."""
    pairs = [(a, b) for a in range(1, 51) for b in range(1, 51) if a != b]
    return [f"G{a:02d}{b:02d}" for a, b in pairs[:count]]


# ---------------------------------------------------------------------- drawing commands
def test_a_comment_with_more_arrows_than_a_drawing_holds_is_kept_as_text() -> None:
    # Reported: 1,025 distinct arrows raised a plain CheckersError out of read_game, and
    # errors="skip" stopped there instead of reading on.
    command = "[%cal " + ",".join(distinct_arrows(MAX_ITEMS + 1)) + "]"
    pdn = f'[Event "many arrows"]\n1. 11-15 {{{command} nice}} 23-19 *\n'
    game = read_game(pdn)
    assert str(game.moves[0]) == "11-15"
    assert command in game.comments[1] and "nice" in game.comments[1]
    assert not game.drawing(1)
    reader = read_games(pdn + '\n[Event "next"]\n1. 9-14 *\n', errors="skip")
    assert [g.tags["Event"] for g in reader] == ["many arrows", "next"]
    assert reader.errors == []
    assert any("at most 1,024" in note.message for note in reader.notes)
    explorer = OpeningExplorer.from_pdn(pdn + '\n[Event "next"]\n1. 9-14 *\n', errors="skip")
    assert explorer.games == 2


def test_commands_up_to_the_limit_still_draw() -> None:
    arrows = distinct_arrows(MAX_ITEMS)
    two_commands = f"[%cal {','.join(arrows[:600])}] [%cal {','.join(arrows[600:])}]"
    found = read_commands(two_commands)
    assert found.found and len(found.drawing.arrows) == MAX_ITEMS and found.text == ""
    too_many = "[%cal " + ",".join(distinct_arrows(MAX_ITEMS + 1)) + "]"
    one_more = read_commands(too_many)
    assert not one_more.found and one_more.text == too_many


@pytest.mark.timeout(300)
def test_many_unreadable_commands_cost_memory_in_proportion_to_the_comment() -> None:
    # Reported: a 5 MB comment of "[%cal X] " peaked at 200 MB.
    comment = "[%cal X] " * 200_000
    result: list[object] = []
    peak = peak_memory(lambda: result.append(read_commands(comment)))
    found = result[0]
    assert isinstance(found, type(read_commands("")))
    assert found.text == comment.strip()
    assert len(found.problems) == 4 and found.problems[-1] == "and 199,997 more that cannot be read"
    assert peak < 6 * len(comment), f"peak {peak:,} bytes for a comment of {len(comment):,}"


@pytest.mark.timeout(300)
def test_one_command_of_a_million_items_stops_at_the_limit() -> None:
    # Reported: one command of 833,000 items peaked at 175 MB, time growing as size^1.4.
    comment = "[%cal " + ",".join(["G1115"] * 1_000_000) + "]"
    result: list[object] = []
    peak = peak_memory(lambda: result.append(read_commands(comment)))
    found = result[0]
    assert "a command lists at most 1,024 items" in found.problems[0]  # type: ignore[attr-defined]
    assert peak < 3 * len(comment)


# ---------------------------------------------------------------------- skipped games
def test_skipping_many_bad_games_keeps_a_bounded_number_of_errors() -> None:
    # Reported: errors="skip" over games with a bad GameType kept 34,482 error objects
    # (166 MB for 1 MB of input): each held the reader's frames through its traceback.
    peaks = []
    for count in (2 * MAX_KEPT, 8 * MAX_KEPT):
        text = '[GameType "99"]\n1. 11-15 *\n\n' * count + "1. 9-14 *\n"
        reader = read_games(text, errors="skip")
        games: list[Game] = []
        peaks.append(peak_memory(lambda: games.extend(reader)))  # noqa: B023
        assert len(games) == 1 and reader.skipped == count and len(reader.errors) == MAX_KEPT
        assert all(e.__traceback__ is None for e in reader.errors)
        assert reader.errors[0].game == 1 and "GameType" in str(reader.errors[0])
    # Four times the games, not four times the memory: what is kept is bounded (the
    # second peak also holds its 4x larger input text, a few hundred KB).
    assert peaks[1] < 1.6 * peaks[0], peaks


def test_reading_pdn_from_a_number_is_a_checkers_error_and_a_type_error() -> None:
    for read in (read_game, lambda s: list(read_games(s)), Game.from_pdn):
        with pytest.raises(ArgumentTypeError, match="cannot read PDN from int"):
            read(5)  # type: ignore[arg-type]
    assert issubclass(ArgumentTypeError, CheckersError) and issubclass(ArgumentTypeError, TypeError)


def test_a_board_given_a_number_as_pdn_says_so() -> None:
    widget = CheckersWidget()
    before = widget.game.to_pdn()
    with pytest.raises(CheckersError, match="cannot read PDN from int"):
        widget.load_pdn(5)  # type: ignore[arg-type]
    assert widget.game.to_pdn() == before


# ---------------------------------------------------------------------- stored JSON files
#: The stores a board or a trainer opens, by file name.
STORES: dict[str, Callable[[Path], object]] = {
    "milestones.json": MilestoneBook,
    "progress.json": Progress,
    "puzzle_progress.json": PuzzleProgress,
}


@pytest.mark.parametrize("name", ["milestones.json", "progress.json", "puzzle_progress.json"])
def test_a_deeply_nested_store_is_set_aside_and_the_board_opens(
    name: str, _private_data_folder: Path
) -> None:
    # Reported: "[" * 1000 in milestones.json made every new CheckersWidget() raise
    # RecursionError.
    path = _private_data_folder / name
    path.write_text("[" * 1000, encoding="utf-8")
    STORES[name](path)
    assert not path.exists()
    aside = [p for p in _private_data_folder.iterdir() if p.name.startswith(name)]
    assert aside and aside[0].read_text(encoding="utf-8") == "[" * 1000
    (_private_data_folder / "milestones.json").write_text("{" * 5000, encoding="utf-8")
    widget = CheckersWidget()
    assert widget.game.ply == 0


# ---------------------------------------------------------------------- packed data
def test_every_damaged_opening_index_is_refused_as_a_checkers_error() -> None:
    # Reported: one flipped byte raised zlib.error (1,685 of 3,000 random flips).
    data = read_bytes("oca_openings.txt.gz")
    rng = random.Random(26)
    for _ in range(60):
        damaged = bytearray(data)
        at = rng.randrange(len(damaged))
        damaged[at] ^= 1 << rng.randrange(8)
        try:
            explorer = OpeningExplorer.from_bytes(bytes(damaged))
        except CheckersError:
            continue  # the usual answer: gzip's CRC-32 and the index's checks catch it
        assert isinstance(explorer, OpeningExplorer)  # a flip in the gzip header's spare bytes


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"", "it is empty"),
        (b"not gzip", "gzip-compressed text"),
        (gzip.compress(b"abc", mtime=0)[:-6], "cut short"),
        (gzip.compress("é".encode(), mtime=0), "gzip-compressed text"),
    ],
    ids=["empty", "not-gzip", "cut-short", "not-ascii"],
)
def test_unpacking_refuses_what_is_not_packed_text(data: bytes, message: str) -> None:
    with pytest.raises(CheckersError, match=message):
        unpack_text(data, "an opening index")


def test_unpacking_stops_at_its_limit_instead_of_filling_the_memory() -> None:
    bomb = gzip.compress(b"a" * 5_000_000)  # about 5 KB that unpack to 5 MB
    with pytest.raises(CheckersError, match="unpacks to more than 1,000,000 bytes"):
        unpack_text(bomb, "an opening book", limit=1_000_000)
    assert unpack_text(pack_lines(["P 1", "P 2"]) * 2, "x") == "P 1\nP 2\n" * 2


# ---------------------------------------------------------------------- files written
@pytest.mark.parametrize("kind", ["save", "svg", "gif"])
def test_writing_to_a_path_that_cannot_be_written_is_a_checkers_error(
    kind: str, tmp_path: Path
) -> None:
    game = Game()
    game.play("11-15")
    suffix = ".pdn" if kind == "save" else f".{kind}"

    def write(path: object) -> object:
        return game.save(path) if kind == "save" else animate(game, path)  # type: ignore[arg-type]

    with pytest.raises(CheckersError, match="NUL"):
        write(f"{tmp_path}/a\x00{suffix}")
    with pytest.raises(FileWriteError, match="does not exist"):
        write(tmp_path / "no" / "such" / f"folder{suffix}")
    assert not (tmp_path / "no").exists()  # no folder made that the user did not ask for
    with pytest.raises(FileWriteError, match="too long"):
        write(tmp_path / ("a" * 5000 + suffix))
    with pytest.raises(FileWriteError) as info:
        write(Path("/proc") / f"game{suffix}")
    assert isinstance(info.value, OSError)
    assert list(tmp_path.iterdir()) == []
    written = write(tmp_path / f"fine{suffix}")
    assert (tmp_path / f"fine{suffix}").stat().st_size > 0, written


def test_animate_refuses_a_game_longer_than_a_move_list_may_be(tmp_path: Path) -> None:
    # Reported: animate(game) ignored the 2,000-move bound that a list of moves gets.
    game = Game("W:WK1:BK32", draw_rules="none")
    moves = ["1-5", "32-28", "5-1", "28-32"] * 501
    for move in moves:
        game.play(move)
    with pytest.raises(CheckersError, match="at most 2000 moves, and the game has 2004"):
        animate(game, tmp_path / "long.svg")
    assert list(tmp_path.iterdir()) == []
