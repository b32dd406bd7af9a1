"""PDN reading of hostile input: linear time, bounded memory, only PdnError.

The shapes come from issue 11. Each runs at a size where a reader worse than linear
would not finish: the timeout is a hang guard, not a timed assertion. Memory is
measured with tracemalloc and compared with the input's size.
"""

from __future__ import annotations

import contextlib
import tracemalloc
from collections.abc import Callable
from pathlib import Path

import pytest

from checkers_widget.core.errors import PdnError
from checkers_widget.core.game import Game
from checkers_widget.formats.pdn import MAX_KEPT, read_game, read_games


def peak_memory(work: Callable[[], object]) -> int:
    """The peak of memory allocated (bytes) while ``work`` runs."""
    tracemalloc.start()
    try:
        work()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


# ---------------------------------------------------------------------- backtracking
@pytest.mark.timeout(30)
@pytest.mark.parametrize("spaces", [4000, 1_000_000])
def test_an_open_tag_followed_by_spaces_is_refused_at_once(spaces: int) -> None:
    # About 60 s at 4,000 spaces with the regular expressions (cubic in the line).
    with pytest.raises(PdnError, match="tag without a closing bracket") as info:
        Game.from_pdn("[a" + " " * spaces)
    assert (info.value.game, info.value.line, info.value.column) == (1, 1, 1)


@pytest.mark.timeout(60)
@pytest.mark.parametrize(
    "text",
    [
        "[a" + "\t " * 500_000,
        '[a "' + " " * 1_000_000,
        "[a " + " " * 1_000_000 + '"',
        '[a "x' + ' "' * 500_000,
        "[" + " " * 1_000_000,
        "{" + " " * 1_000_000,
        "1. 11-15 " + "1-" * 500_000,
        "1. 11-15 " + "11-15" * 200_000 + "x",
        "1. 11-15 " + "!" * 1_000_000,
        "1. " + "1." * 500_000,
        "1. 11-15 (" + " " * 1_000_000,
    ],
    ids=[
        "tab-space",
        "open-quote",
        "spaces-quote",
        "many-quotes",
        "bracket",
        "brace",
        "dashes",
        "long-move",
        "marks",
        "numbers",
        "paren",
    ],
)
def test_other_long_runs_are_read_in_linear_time(text: str) -> None:
    with contextlib.suppress(PdnError):
        list(read_games(text))
    reader = read_games(text, errors="skip")
    list(reader)  # never raises


# ---------------------------------------------------------------------- quadratic scans
@pytest.mark.timeout(60)
def test_many_tags_on_one_line_are_read_in_linear_time() -> None:
    # 1 MB took 6.4 s and 5 MB more than 70 s (each tag copied the rest of its line).
    game = read_game("[a b]" * 800_000 + "\n*")
    assert game.tags == {"a": "b"}
    assert game.ply == 0


@pytest.mark.timeout(60)
def test_many_unclosed_comments_are_skipped_in_linear_time() -> None:
    # 100 KB took 4.3 s and 1 MB more than 70 s (each "{" searched to the end).
    text = "1. 11-15 " + "{a " * 330_000
    reader = read_games(text, errors="skip")
    assert list(reader) == []
    (error,) = reader.errors
    assert "never closed" in str(error)
    assert (error.game, error.line, error.column) == (1, 1, 10)


@pytest.mark.timeout(60)
def test_unclosed_comments_before_a_tag_section_each_run_into_it() -> None:
    game = '[Event "g"]\n1. 11-15 {a\n'
    reader = read_games(game * 20_000 + '[Event "last"]\n1. 9-14 *\n', errors="skip")
    assert [g.tags["Event"] for g in reader] == ["last"]
    # Each of the 20,000 was left out; the first MAX_KEPT errors are kept (issue 26).
    assert reader.skipped == 20_000 and len(reader.errors) == MAX_KEPT
    assert "runs into a tag section at line 3" in str(reader.errors[0])


# ---------------------------------------------------------------------- memory
@pytest.mark.timeout(60)
def test_a_long_tag_value_needs_memory_of_a_small_multiple_of_its_size() -> None:
    # It peaked at about 460 bytes per input byte (2.3 GB).
    text = '[Event "' + "a" * 5_000_000 + '"]\n*'
    games: list[Game] = []
    peak = peak_memory(lambda: games.append(read_game(text)))
    assert games[0].tags["Event"] == "a" * 5_000_000
    assert peak < 20 * len(text)


@pytest.mark.timeout(60)
def test_a_long_comment_and_a_long_bad_token_need_bounded_memory() -> None:
    text = "1. 11-15 {" + "b " * 2_000_000 + "} *"
    assert peak_memory(lambda: read_game(text)) < 20 * len(text)
    bad = "1. 11-15 " + "z" * 4_000_000 + " *"
    errors: list[PdnError] = []

    def read_bad() -> None:
        reader = read_games(bad, errors="skip")
        list(reader)
        errors.extend(reader.errors)

    assert peak_memory(read_bad) < 20 * len(bad)
    assert len(str(errors[0])) < 200  # the token is quoted, cut short


@pytest.mark.timeout(120)
def test_a_large_file_is_streamed_not_read_whole(tmp_path: Path) -> None:
    # 50 MB with CRLF line ends and one emoji: it peaked at 8 times its size.
    line = "% " + "x" * 998 + "\r\n"
    lines = 50_000
    path = tmp_path / "big.pdn"
    with path.open("w", encoding="utf-8", newline="") as out:
        out.write('[Event "first"]\r\n1. 11-15 24-20 *\r\n\r\n')
        for index in range(lines):
            out.write(line if index != lines // 2 else "% \U0001f600" + line[3:])
        out.write('\r\n[Event "last \U0001f600"]\r\n1. 9-14 22-18 1-0\r\n')
    size = path.stat().st_size
    assert size > 50_000_000
    events: list[str] = []
    peak = peak_memory(lambda: events.extend(g.tags["Event"] for g in read_games(path)))
    assert events == ["first", "last \U0001f600"]
    assert peak < 5_000_000  # a few pieces of 64 K characters, not the file
    with path.open("rb") as handle:
        peak = peak_memory(lambda: events.extend(g.tags["Event"] for g in read_games(handle)))
    assert peak < 5_000_000


# ---------------------------------------------------------------------- digits
@pytest.mark.timeout(30)
def test_a_square_number_with_thousands_of_digits_is_a_pdn_error() -> None:
    text = "1. 11-" + "9" * 4400 + " *"
    reader = read_games(text, errors="skip")
    assert list(reader) == []  # the lenient read goes on (it aborted with ValueError)
    (error,) = reader.errors
    assert (error.game, error.line, error.column, error.ply) == (1, 1, 4, 1)
    assert "at most 3 digits" in str(error) and len(str(error)) < 400
    with pytest.raises(PdnError, match="illegal move 11-999"):
        read_game(text)
    # In a variation, a move number or a NAG, long digits are only text.
    game = read_game("1. 11-15 (" + "9" * 5000 + "-1) " + "7" * 5000 + ". 23-19 $" + "1" * 5000)
    assert game.ply == 2 and game.nags == {2: ["$" + "1" * 5000]}
    assert game.variations == {1: ["9" * 5000 + "-1"]}


def test_four_digit_squares_are_refused_and_short_ones_read_as_before() -> None:
    with pytest.raises(PdnError, match="at most 3 digits"):
        read_game("1. 0011-15 *")
    assert [str(m) for m in read_game("1. 011-015 *").moves] == ["11-15"]  # as before
    assert read_game("1. 11-15 *").ply == 1


# ---------------------------------------------------------------------- decoding
def test_bytes_that_are_not_valid_utf16_are_a_pdn_error() -> None:
    with pytest.raises(PdnError, match="UTF-16"):
        list(read_games(b"\xff\xfe\x00\xd8"))
    reader = read_games(b"\xff\xfe\x00\xd8", errors="skip")
    assert list(reader) == []
    assert len(reader.errors) == 1
    text = '[Event "E"]\n1. 11-15 *\n\n[Event "F"]\n1. 9-14 *\n'
    broken = text.encode("utf-16")[:-4] + b"\x00\xdc" + text.encode("utf-16-le")[-2:]
    reader = read_games(broken, errors="skip")
    assert [g.tags["Event"] for g in reader] == ["E"]  # up to where it breaks
    assert "UTF-16" in str(reader.errors[0])


@pytest.mark.parametrize(
    "data",
    [b"\xff", b"\x80\x81\x8d\x8f\x90\x9d", b"\xef\xbb", b"1. 11-15 \xe2\x82", b"\xfe\xff\x00"],
)
def test_odd_bytes_decode_without_unicode_errors(data: bytes) -> None:
    reader = read_games(data, errors="skip")
    list(reader)
    with pytest.raises(PdnError):
        read_game(data)


def test_utf8_then_cp1252_is_decoded_piece_by_piece() -> None:
    # A UTF-8 start and cp1252 bytes 100 K later: each part decodes as itself.
    head = '[Event "Café"]\n{' + "x" * 100_000 + "}\n1. 11-15 {"
    data = head.encode("utf-8") + "Noël \u2019".encode("cp1252") + b" \x81} *\n"
    game = read_game(data)
    assert game.tags == {"Event": "Café"}
    assert game.comments[1] == "Noël \u2019 \x81"


@pytest.mark.timeout(30)
def test_a_saved_game_built_to_backtrack_is_refused_at_once(tmp_path: Path) -> None:
    # A 6 KB autosave file of this shape hung CheckersWidget(autosave=...) for 20 s.
    path = tmp_path / "game.pdn"
    path.write_text("[a" + " " * 6000, encoding="utf-8")
    with pytest.raises(PdnError, match="tag without a closing bracket"):
        Game.load(path)
