"""PDN from open files: read_game reads one game and leaves the file at the next one;
tag values with control characters round-trip."""

from __future__ import annotations

import io
import os
from collections.abc import Callable
from pathlib import Path
from typing import IO, Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from checkers_widget import data
from checkers_widget.core.errors import PdnError
from checkers_widget.core.game import Game
from checkers_widget.formats.pdn import read_game, read_games, write_game, write_games

GAMES = [game for _, game in zip(range(12), data.tinsley_games(), strict=False)]
TEXT = write_games(GAMES)


def walk(handle: IO[Any]) -> list[Game]:
    """Every game of an open file, python-chess style."""
    games = []
    while (game := read_game(handle)) is not None:
        games.append(game)
    return games


def moves(games: list[Game]) -> list[list[str]]:
    return [[str(m) for m in g.moves] for g in games]


_ENCODINGS: list[tuple[str, Callable[[str], bytes]]] = [
    ("utf-8", lambda t: t.encode("utf-8")),
    ("utf-8 BOM, CRLF", lambda t: b"\xef\xbb\xbf" + t.replace("\n", "\r\n").encode("utf-8")),
    ("cp1252, CR", lambda t: t.replace("\n", "\r").encode("cp1252")),
    ("utf-16, CRLF", lambda t: t.replace("\n", "\r\n").encode("utf-16")),
    ("utf-16-be", lambda t: b"\xfe\xff" + t.encode("utf-16-be")),
]


@pytest.mark.parametrize(("name", "encode"), _ENCODINGS, ids=[e[0] for e in _ENCODINGS])
def test_read_game_walks_a_binary_file_game_by_game(
    name: str, encode: Callable[[str], bytes]
) -> None:
    text = TEXT.replace("Tinsley", "Tinsléy")
    handle = io.BytesIO(encode(text))
    games = walk(handle)
    assert games == GAMES and moves(games) == moves(GAMES)
    assert [g.tags for g in games] == [g.tags for g in read_games(text)]
    assert read_game(handle) is None  # and stays at the end


def test_read_game_walks_text_files_and_leaves_them_after_each_game(tmp_path: Path) -> None:
    path = tmp_path / "games.pdn"
    path.write_text(TEXT.replace("Tinsley", "Tinsley \U0001f600"), encoding="utf-8")
    for newline in (None, ""):
        with path.open(encoding="utf-8", newline=newline) as handle:
            first = read_game(handle)
            assert first == GAMES[0]
            rest = handle.read()  # the handle is right after the first game
            assert rest.lstrip().startswith("[Event")
            assert list(read_games(rest)) == GAMES[1:]
    with path.open("rb") as binary:
        assert walk(binary) == GAMES
    assert walk(io.StringIO(TEXT)) == GAMES


def test_games_that_share_a_line_or_have_no_blank_line_between() -> None:
    handle = io.StringIO("1. 11-15 23-19 1-0 1. 9-14 22-18 0-1 11-16 *")
    assert moves(walk(handle)) == [["11-15", "23-19"], ["9-14", "22-18"], ["11-16"]]
    squeezed = TEXT.replace("\n\n", "\n").replace(" 1-0\n", " 1-0 ")
    assert walk(io.StringIO(squeezed)) == GAMES
    assert walk(io.BytesIO(squeezed.encode())) == GAMES


def test_a_failing_game_raises_and_the_walk_goes_on_after_it() -> None:
    text = '[Event "a"]\n1. 11-15 *\n\n[Event "b"]\n1. 11-16 zz 24-20 *\n\n[Event "c"]\n1. 9-14 *'
    handle = io.StringIO(text)
    assert read_game(handle).tags == {"Event": "a"}  # type: ignore[union-attr]
    with pytest.raises(PdnError, match="unknown token 'zz'") as info:
        read_game(handle)
    assert (info.value.game, info.value.line) == (1, 4)  # counted from where it was
    assert read_game(handle).tags == {"Event": "c"}  # type: ignore[union-attr]
    assert read_game(handle) is None
    skipping = io.StringIO(text)
    assert [g.tags["Event"] for g in iter(lambda: read_game(skipping, errors="skip"), None)] == [
        "a",
        "c",
    ]


def test_read_game_on_an_empty_handle_is_none_but_on_empty_text_an_error() -> None:
    assert read_game(io.StringIO("")) is None
    assert read_game(io.BytesIO(b"  \n{just a remark}\n")) is None
    with pytest.raises(PdnError, match="no game found"):
        read_game("")


def test_a_pipe_is_read_line_by_line() -> None:
    read_end, write_end = os.pipe()
    os.write(write_end, TEXT.encode("utf-8"))
    os.close(write_end)
    with os.fdopen(read_end, "rb") as pipe:
        assert not pipe.seekable()
        assert walk(pipe) == GAMES


def test_read_games_from_a_handle_starts_where_the_handle_is() -> None:
    handle = io.BytesIO(TEXT.encode("utf-16"))
    assert read_game(handle) == GAMES[0]
    assert list(read_games(handle)) == GAMES[1:]  # the BOM is found at the file's start


# ---------------------------------------------------------------------- tag values
_CONTROLS = "\x00\x01\x07\x08\t\x0b\x0c\x1b\x1c\x1d\x1e\x1f\x7f\x85\xa0\u2028\u2029\ufeff"


def test_control_characters_in_tag_values_survive_a_round_trip() -> None:
    game = Game()
    for index, char in enumerate(_CONTROLS):
        game.tags[f"T{index}"] = f"a{char}b{char}"
    game.tags["Quotes"] = 'say "hi" \\ [x] "]'
    again = read_game(write_game(game))
    assert again.tags == game.tags


@pytest.mark.parametrize("value", ["a\nb", "a\rb", "a\r\nb", "\n"])
def test_a_line_break_in_a_tag_value_is_refused_when_writing(value: str) -> None:
    game = Game()
    game.tags["Event"] = value
    with pytest.raises(PdnError, match="line break"):
        write_game(game)


_VALUE = st.text(st.characters(blacklist_characters="\r\n"), max_size=30).filter(
    lambda v: v.strip().strip("?.-/ ") != ""  # placeholders mean "unknown": dropped
)


@given(st.dictionaries(st.from_regex(r"[A-Z][a-z0-9_]{0,8}", fullmatch=True), _VALUE, max_size=4))
def test_any_tag_value_without_line_breaks_round_trips(tags: dict[str, str]) -> None:
    tags = {k: v for k, v in tags.items() if k.lower() not in {"fen", "setup", "result"}}
    game = Game()
    game.tags.update(tags)
    text = write_game(game)
    assert read_game(text).tags == tags
    assert read_game(io.BytesIO(text.encode("utf-8", "surrogatepass"))).tags == tags or any(
        "\ud800" <= ch <= "\udfff" for v in tags.values() for ch in v
    )
