"""``Game.opening``: the ACF three-move opening a game starts with (issue 14).

The table is :func:`checkers_widget.data.three_move_openings`; a game names the opening
whose position after three moves is the game's position after its first three moves.
"""

from __future__ import annotations

import pytest

from checkers_widget import START_FEN, Game, read_game
from checkers_widget.data import three_move_openings
from checkers_widget.formats.game_info import game_info


def played(moves: str, fen: str | None = None) -> Game:
    game = Game(fen)
    for move in moves.split():
        game.play(move)
    return game


@pytest.mark.parametrize(
    ("moves", "number", "name"),
    [
        ("9-13 22-18 6-9", 5, "Dreaded Edinburgh"),
        ("10-14 22-17 9-13", 60, "Black Hole"),
        ("11-16 23-19 16x23", 153, "Black Widow"),
        ("12-16 24-20 10-15", 174, "Skunk"),
        ("9-13 21-17 5-9", 1, None),  # most openings have no name in the source
    ],
)
def test_a_game_names_its_acf_opening(moves: str, number: int, name: str | None) -> None:
    opening = played(moves).opening
    assert opening is not None
    assert (opening.number, opening.name, opening.moves) == (number, name, tuple(moves.split()))
    assert opening.in_deck and opening.status != "barred"


def test_a_barred_opening_says_so() -> None:
    opening = played("9-13 21-17 10-14").opening
    assert opening is not None
    assert (opening.number, opening.status, opening.in_deck) == (3, "barred", False)
    named = played("9-14 23-19 10-15").opening  # barred, and named
    assert named is not None and (named.name, named.in_deck) == ("Rattlesnake", False)


def test_every_opening_of_the_table_is_named_by_its_own_moves() -> None:
    openings = three_move_openings()
    assert [o.game().opening for o in openings] == list(openings)
    assert sum(o.in_deck for o in openings) == 156


def test_a_transposition_names_the_opening_whose_position_it_reaches() -> None:
    """10-14 22-18 9-13 reaches the position of ACF 6 (9-13 22-18 10-14, the Inferno)."""
    opening = played("10-14 22-18 9-13").opening
    assert opening is not None and (opening.number, opening.name) == (6, "Inferno")
    assert opening.moves != ("10-14", "22-18", "9-13")


def test_the_opening_stays_named_for_the_rest_of_the_game() -> None:
    game = played("11-15 23-19 8-11 22-17 9-13")
    opening = game.opening
    assert opening is not None and opening.moves == ("11-15", "23-19", "8-11")


def test_fewer_than_three_moves_name_no_opening() -> None:
    assert Game().opening is None
    assert played("11-15").opening is None
    assert played("11-15 23-19").opening is None


def test_a_game_walked_back_to_its_start_still_names_its_opening() -> None:
    """The line counts (moves played and those redo would replay), as the move list."""
    game = played("9-13 22-18 6-9 24-19")
    game.goto(0)
    opening = game.opening
    assert opening is not None and opening.number == 5
    game.play("11-15")  # a new line: two moves, no opening yet
    assert game.opening is None


def test_a_game_from_a_set_up_position_names_none() -> None:
    """Only a game from the start position has an opening; the same squares set up with
    White to move, or any other position, have none. The start given as a FEN is the start."""
    assert played("9-13 22-18 6-9", START_FEN).opening is not None
    white_first = "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"
    assert played("22-18 9-13 18-14 10x17", white_first).opening is None
    assert played("9-13 22-18 11-15", "B:W22,23:B9,11").opening is None


def test_a_pdn_opening_tag_goes_to_the_header_beside_the_acf_opening() -> None:
    game = read_game('[Opening "Old Fourteenth"]\n1. 11-15 23-19 2. 8-11 22-17 *\n')
    assert game_info(game)["opening"] == "Old Fourteenth"
    opening = game.opening
    assert opening is not None and opening.moves == ("11-15", "23-19", "8-11")
