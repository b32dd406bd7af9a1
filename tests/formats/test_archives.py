"""The real PDN archives read and replay legally: the OCA archive (test data, kept
xz-compressed in tests/data/) and the archives the package carries (checkers_widget.data).

The figures asserted here are the ones the data sets were published with (see the
README's "Data sets"), checked when they were collected with an independent move
generator (simplech).
"""

from __future__ import annotations

import lzma
from collections import Counter
from pathlib import Path

import pytest

from checkers_widget import data
from checkers_widget.core.color import BLACK, WHITE
from checkers_widget.core.errors import IllegalMoveError, PdnError
from checkers_widget.formats.pdn import read_game, read_games, write_game

pytestmark = pytest.mark.slow


#: The Open Checkers Archive 2.0 (22,621 games, 11.5 MB of PDN), xz-compressed.
OCA = Path(__file__).resolve().parents[1] / "data" / "OCA_2.0.pdn.xz"


def test_every_oca_game_reads_and_replays_legally() -> None:
    text = lzma.decompress(OCA.read_bytes())
    assert len(text) == 11_529_943  # the archive as published, byte for byte
    reader = read_games(text)
    results: Counter[str | None] = Counter()
    plies = longest = count = names = 0
    for game in reader:  # errors="raise": one illegal move anywhere fails the test
        count += 1
        results[game.result] += 1
        plies += game.ply
        longest = max(longest, game.ply)
        assert "Event" in game.tags
        names += "Black" in game.tags and "White" in game.tags
        if count % 200 == 1:  # and a sample survives a round trip through PDN text
            again = read_game(write_game(game))
            assert again == game and again.tags == game.tags
            assert again.comments == game.comments
    assert count == 22_621
    assert results == {"1/2-1/2": 14_192, "1-0": 3_626, "0-1": 4_803}
    assert plies == 1_158_096
    assert longest == 239
    assert names == 22_621 - 1  # one game (US National 1958) has [Black ""] and [White ""]
    assert reader.errors == []
    assert reader.notes == []  # no result in the archive contradicts its own moves


def test_tinsley_loads_except_game_541() -> None:
    reader = read_games(data.read_bytes("tinsley.pdn"), errors="skip")
    games = list(reader)
    assert len(games) == 723
    # SOURCES.md: 533 draws, 66 "1-0", 125 "0-1" in 724 games; game 541 is a White win.
    assert Counter(g.result for g in games) == {"1/2-1/2": 533, "1-0": 66, "0-1": 124}
    assert all("Tinsley" in g.tags["Black"] + g.tags["White"] for g in games)

    (error,) = reader.errors
    assert isinstance(error, PdnError)
    assert (error.game, error.ply, error.move) == (541, 123, "32-28")
    assert (error.line, error.column) == (5588, 5)
    message = str(error)
    assert message.startswith(
        "game 541, line 5588, column 5, ply 123: illegal move 32-28 for Black; legal moves: "
    )
    assert "legal moves: 16-19, 28-32, 29-25, 16-20, 28-24" in message
    assert isinstance(error.__cause__, IllegalMoveError)

    # Two games have a remark glued to their last move; it is kept as a comment.
    assert [(n.game, n.line) for n in reader.notes] == [(623, 6434), (693, 7170)]
    glued = [g for g in games if any("overstepped" in c for c in g.comments.values())]
    assert len(glued) == 2


def test_tinsley_game_541_stops_a_strict_read() -> None:
    reader = read_games(data.read_bytes("tinsley.pdn"))
    seen = 0
    with pytest.raises(PdnError, match=r"^game 541, .*ply 123: illegal move 32-28") as info:
        for _ in reader:
            seen += 1
    assert seen == 540
    assert info.value.game == 541


def test_eleven_man_ballots_load_as_start_positions() -> None:
    raw = data.read_bytes("11_man_english_ballots.pdn")
    assert b"\r\n" in raw[:200]  # the file really has CRLF line ends
    reader = read_games(raw)
    games = list(reader)
    assert len(games) == 2_400
    fens = set()
    for game in games:
        board = game.board
        assert game.ply == 0 and game.result is None and game.tags == {}
        assert board.turn == BLACK
        assert board.count(BLACK, king=False) == board.count(BLACK) == 11
        assert board.count(WHITE, king=False) == board.count(WHITE) == 11
        assert game.legal_moves()
        fens.add(game.start_fen)
    assert len(fens) == 2_400  # every ballot is a different position
    assert reader.errors == [] and reader.notes == []
