"""Fuzzing the PDN reader with mutated real games (Tinsley's, as write_game writes them).

Invariants: reading raises only PdnError (a CheckersError), a lenient read
(``errors="skip"``) never raises and collects its errors, ``read_game`` on an open file
raises nothing else either, and every game that was read writes and reads back equal.
Bounded by the suite's hypothesis profile (see conftest.py).
"""

from __future__ import annotations

import io

from hypothesis import given
from hypothesis import strategies as st

from checkers_widget import data
from checkers_widget.core.errors import CheckersError, PdnError
from checkers_widget.core.game import Game
from checkers_widget.formats.pdn import read_game, read_games, write_game

SOURCES = [write_game(game) for _, game in zip(range(40), data.tinsley_games(), strict=False)]

# Pieces that mean something to PDN, and a few that break things when repeated.
TOKENS = [
    "{",
    "}",
    "(",
    ")",
    "[",
    "]",
    '"',
    "\\",
    ";",
    "%",
    "$",
    "$12",
    "!",
    "?!",
    "*",
    ".",
    "...",
    "1-0",
    "0-1",
    "1/2-1/2",
    "2-0",
    "\u00bd-\u00bd",
    "11-15",
    "22x15x8",
    "x",
    ":",
    "-",
    "\n",
    "\n\n",
    "\r",
    "\r\n",
    " ",
    "\t",
    "\x0b",
    "\u2028",
    "\ufeff",
    '[Event "x"]',
    '[FEN "W:W21-32:B1-12"]',
    '[FEN "B:W1"]',
    '[GameType "20"]',
    '[SetUp "1"]',
    '[Result "?"]',
    "9" * 50,
    "1" * 4400,
    "Redover",
    "\U0001f600",
    "\x00",
]


@st.composite
def mutated(draw: st.DrawFn) -> str:
    """A few games of Tinsley's, written out, then a few random edits."""
    start = draw(st.integers(0, len(SOURCES) - 1))
    count = draw(st.integers(1, 3))
    text = "\n".join(SOURCES[start : start + count])
    for _ in range(draw(st.integers(1, 8))):
        if not text:
            break
        at = draw(st.integers(0, len(text)))
        edit = draw(st.sampled_from(["insert", "delete", "replace", "token", "cut"]))
        if edit == "insert":
            text = text[:at] + draw(st.text(max_size=3)) + text[at:]
        elif edit == "delete":
            text = text[:at] + text[at + draw(st.integers(1, 20)) :]
        elif edit == "replace":
            text = text[:at] + draw(st.characters()) + text[at + 1 :]
        elif edit == "token":
            piece = draw(st.sampled_from(TOKENS)) * draw(st.sampled_from([1, 1, 2, 50]))
            text = text[:at] + piece + text[at:]
        else:
            text = text[:at]
    return text


def assert_reads_back(game: Game) -> None:
    again = read_game(write_game(game))
    assert again == game
    assert (again.start_fen, again.tags, again.comments) == (
        game.start_fen,
        game.tags,
        game.comments,
    )
    assert (again.nags, again.variations) == (game.nags, game.variations)


@given(mutated())
def test_mutated_pdn_raises_only_pdn_errors(text: str) -> None:
    try:
        games = list(read_games(text))
    except PdnError:
        games = []
    reader = read_games(text, errors="skip")
    lenient = list(reader)  # never raises
    assert all(isinstance(error, PdnError) for error in reader.errors)
    assert len(lenient) >= len(games)
    for game in lenient:
        assert_reads_back(game)
    # The same through an open file, game by game.
    handle = io.StringIO(text)
    walked = 0
    for _ in range(len(lenient) + len(reader.errors) + 2):
        try:
            game = read_game(handle)
        except PdnError:
            continue
        if game is None:
            break
        walked += 1
    assert walked == len(lenient)


@given(mutated(), st.lists(st.tuples(st.integers(0, 10**6), st.integers(0, 255)), max_size=6))
def test_mutated_pdn_bytes_raise_only_pdn_errors(text: str, flips: list[tuple[int, int]]) -> None:
    raw = bytearray(text.encode("utf-8", "surrogatepass"))
    for at, byte in flips:
        if raw:
            raw[at % len(raw)] = byte
    reader = read_games(bytes(raw), errors="skip")
    for game in reader:
        assert_reads_back(game)
    try:
        read_game(io.BytesIO(bytes(raw)))
    except CheckersError as error:
        assert isinstance(error, PdnError)


@given(st.sampled_from(SOURCES))
def test_what_was_written_reads_back_equal(text: str) -> None:
    game = read_game(text)
    assert write_game(game) == text
    assert_reads_back(game)
