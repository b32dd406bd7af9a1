"""The header a board shows for a loaded game (``CheckersWidget.game_info``): the players,
event and result from the PDN tags, whichever way the game reached the board."""

from __future__ import annotations

from itertools import islice

from checkers_widget import Game, data, read_game
from checkers_widget.formats.game_info import final_result, game_info
from checkers_widget.widget import CheckersWidget
from intents import click, command

PDN = """[Event "Ohio State Ty 1946"]
[Date "1946.07.04"]
[Black "MF Tinsley"]
[White "M Rex"]
[Result "0-1"]
1. 11-15 23-19 2. 8-11 22-17 0-1
"""

HEADER = {
    "black": "MF Tinsley",
    "white": "M Rex",
    "event": "Ohio State Ty 1946",
    "date": "1946.07.04",
    "sides": {"black": "Black", "white": "White"},
    "result": "0-1",
    "result_text": "White won",
}


def tinsley(index: int) -> Game:
    return next(islice(data.tinsley_games(), index, None))


def test_load_pdn_publishes_the_header() -> None:
    w = CheckersWidget()
    assert w.game_info == {}  # a game played on the board has no header
    w.load_pdn(PDN)
    assert w.game.ply == 0  # shown from its start: the result is still the game's
    assert w.game_info == HEADER


def test_a_game_passed_in_or_set_shows_its_header() -> None:
    game = tinsley(53)
    game.goto(0)
    w = CheckersWidget(game)
    assert w.game_info == {
        "black": "M Tinsley",
        "white": "AA Long",
        "event": "practice game 1947",
        "sides": {"black": "Black", "white": "White"},
        "result": "1/2-1/2",
        "result_text": "Drawn",
    }
    w.game = Game()  # a game without tags: no header
    assert w.game_info == {}
    w.game = read_game(PDN)
    assert w.game_info == HEADER


def test_the_header_stays_while_walking_the_game_and_names_the_sides() -> None:
    game = read_game(PDN, side_names="red-white")
    w = CheckersWidget(game)
    assert w.game_info["sides"] == {"black": "Red", "white": "White"}
    assert w.game_info["result_text"] == "White won"
    command(w, "goto", ply=1)
    assert w.game_info["result"] == "0-1"
    command(w, "goto", ply=4)
    assert w.game.result == "0-1" and w.game_info["result"] == "0-1"


def test_a_new_line_keeps_the_players_but_not_the_result() -> None:
    w = CheckersWidget(read_game(PDN))
    command(w, "goto", ply=1)
    assert click(w, 22, 18)  # not the game's 23-19: a new line, whose end nobody knows
    info = w.game_info
    assert info["black"] == "MF Tinsley" and info["event"] == "Ohio State Ty 1946"
    assert "result" not in info and "result_text" not in info


def test_tags_changed_from_python_show_at_the_next_redraw() -> None:
    w = CheckersWidget()
    w.game.tags["Event"] = "Club night"
    w.play("11-15")
    assert w.game_info["event"] == "Club night"
    assert "result" not in w.game_info  # the game goes on


def test_final_result_leaves_the_game_where_it_was() -> None:
    game = tinsley(0)
    game.goto(10)
    assert final_result(game) == "1/2-1/2" and game.ply == 10
    assert game_info(Game()) == {}
