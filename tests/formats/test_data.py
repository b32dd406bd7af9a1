"""``checkers_widget.data``: the data sets the package carries, with the counts they were
published with (see the README's "Data sets"), found inside the installed package."""

from __future__ import annotations

import dataclasses
import subprocess
import sys
from collections import Counter
from importlib import resources

import pytest

from checkers_widget import BLACK, WHITE, Board, Game, data
from checkers_widget.core.errors import PdnError


def test_every_data_file_is_inside_the_installed_package() -> None:
    folder = resources.files("checkers_widget.data")
    for name in data.FILES:
        assert folder.joinpath(name).is_file(), name
        assert data.read_bytes(name)
    with pytest.raises(ValueError, match="no data file"):
        data.read_bytes("../pdn.py")


def test_the_data_layer_imports_no_jupyter() -> None:
    code = (
        "import sys; import checkers_widget.data as d; d.three_move_openings();"
        " next(iter(d.tinsley_games()));"
        " print(sorted(m for m in ('anywidget', 'ipywidgets', 'traitlets', 'IPython')"
        " if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


# ---------------------------------------------------------------------- Tinsley
def test_tinsley_games_are_723_of_724_and_say_why() -> None:
    reader = data.tinsley_games()
    games = list(reader)
    assert len(games) == 723
    assert all(isinstance(g, Game) for g in games)
    # 533 draws, 66 "1-0", 125 "0-1" in the file; the game left out is a White win.
    assert Counter(g.result for g in games) == {"1/2-1/2": 533, "1-0": 66, "0-1": 124}
    assert {tuple(sorted(g.tags)) for g in games} == {("Black", "Event", "White")}
    (error,) = reader.errors
    assert isinstance(error, PdnError)
    assert (error.game, error.ply, error.move) == (541, 123, "32-28")


def test_tinsley_games_strict_read_stops_at_game_541() -> None:
    reader = data.tinsley_games(errors="raise")
    read = 0
    with pytest.raises(PdnError, match=r"^game 541, .*ply 123: illegal move 32-28"):
        for _ in reader:
            read += 1
    assert read == 540


def test_tinsley_games_are_new_on_every_call() -> None:
    first = next(data.tinsley_games())
    first.goto(0)
    first.play("9-14")  # a different line on one copy ...
    again = next(data.tinsley_games())
    assert again.ply == len(again.line) == 56  # ... leaves the next read untouched
    assert str(again.line[0]) == "11-15"
    assert again.tags["White"] == "M Rex"


# ---------------------------------------------------------------------- openings
def test_three_move_openings_are_the_acf_list() -> None:
    openings = data.three_move_openings()
    assert [o.number for o in openings] == list(range(1, 175))
    assert Counter(o.status for o in openings) == {
        "crossboard_144": 144,
        "added_2003_ex_mailplay": 12,
        "barred": 18,
    }
    assert sum(o.in_deck for o in openings) == 156
    assert sum(o.computer_tough for o in openings) == 50
    assert sum(o.name is not None for o in openings) == 24
    # The two sources disagree on ACF #26 only: barred by the ACF, "standard" in pydraughts.
    disagree = [o.number for o in openings if (o.pydraughts_label == "lost") != (not o.in_deck)]
    assert disagree == [26]
    fifth = openings[4]
    assert (fifth.moves, fifth.name, str(fifth)) == (
        ("9-13", "22-18", "6-9"),
        "Dreaded Edinburgh",
        "ACF 5: 9-13 22-18 6-9 (Dreaded Edinburgh)",
    )
    assert len({o.moves for o in openings}) == 174


def test_each_opening_is_its_moves_from_the_start() -> None:
    for opening in data.three_move_openings():
        game = opening.game()
        assert [str(m) for m in game.line] == list(opening.moves)
        assert game.board.to_fen() == opening.fen and game.turn == WHITE
    for opening in data.two_move_openings():
        game = opening.game(side_names="black-red")
        assert [str(m) for m in game.line] == list(opening.moves)
        assert game.board.to_fen() == opening.fen and game.turn == BLACK
        assert game.side_name(WHITE) == "Red"


def test_two_move_openings() -> None:
    openings = data.two_move_openings()
    assert [o.number for o in openings] == list(range(1, 50))
    lost = [" ".join(o.moves) for o in openings if o.pydraughts_label == "lost"]
    assert lost == [
        "9-14 21-17",
        "9-14 23-18",
        "10-14 21-17",
        "10-14 23-18",
        "11-16 23-19",
        "12-16 23-19",
    ]
    assert sum(o.pydraughts_label == "standard" for o in openings) == 43
    # Every first move of Black's and every White reply to it: 7 x 7 = 49.
    assert len({o.moves for o in openings}) == 49
    firsts = Counter(o.moves[0] for o in openings)
    assert set(firsts) == {str(m) for m in Board().legal_moves()}
    assert set(firsts.values()) == {7}


def test_the_tables_cannot_be_changed_by_accident() -> None:
    opening = data.three_move_openings()[0]
    with pytest.raises(dataclasses.FrozenInstanceError):
        opening.name = "mine"  # type: ignore[misc]
    assert isinstance(data.three_move_openings(), tuple)
    assert data.three_move_openings() is data.three_move_openings()  # read once


# ---------------------------------------------------------------------- endings
def test_classic_positions() -> None:
    positions = data.classic_positions()
    assert len(positions) == 14
    by_id = {p.id: p for p in positions}
    first = by_id["first_position"]
    assert first.fen == "W:WK19,K23:B12,K28"
    assert first.stated_result == "White to move and win"
    assert first.game().legal_moves()
    assert sum(p.id.startswith("3k_v_2k") for p in positions) == 5
    for position in positions:  # every main line plays from its position
        game = position.game()
        assert position.mainline, position.id
        for move in position.mainline:
            game.play(move)
    # One line goes on in words after its moves; those words are not taken for moves.
    newell = by_id["first_position_without_newell"]
    assert newell.mainline[-1] == "14-10" and "(KingsRow line)" in newell.mainline_text


def test_eleven_man_ballots() -> None:
    ballots = data.eleven_man_ballots()
    assert len(ballots) == len(set(ballots)) == 2_400
    for fen in ballots[::97]:
        board = Board(fen)
        assert board.turn == BLACK
        assert board.count(BLACK) == board.count(WHITE) == 11
