"""Drawings on the board (core/drawings.py): the model, its PDN commands, and how a
game keeps one drawing per position through undo, redo, new lines, copies and resets."""

from __future__ import annotations

from pathlib import Path

import pytest

from checkers_widget import Arrow, CheckersError, Drawing, Game, Mark, read_game
from checkers_widget.core.drawings import COLOURS, read_commands, write_commands
from checkers_widget.formats.pdn import read_games
from checkers_widget.formats.saving import load_game, save_game

# ---------------------------------------------------------------------- the model


def test_arrows_and_marks_are_checked_and_read_from_plain_values() -> None:
    assert Arrow.of((11, 15)) == Arrow(11, 15, "green")
    assert Arrow.of(["22", "18", "red"]) == Arrow(22, 18, "red")
    assert Mark.of(14) == Mark(14, "green") == Mark.of("14") == Mark.of((14,))
    assert Mark.of((23, "yellow")).colour == "yellow"
    assert COLOURS == ("green", "red", "blue", "yellow")
    for bad in [(0, 5), (11, 51), (11, 11), (11, 15, "purple"), (True, 5), ("1a", 5), "11-15", 7]:
        with pytest.raises(CheckersError):
            Arrow.of(bad)
    for bad_mark in [0, 51, "x", (14, "pink"), 3.0, None, True]:
        with pytest.raises(CheckersError):
            Mark.of(bad_mark)


def test_a_drawing_refuses_duplicates_and_toggles_as_on_lichess() -> None:
    with pytest.raises(CheckersError, match="two arrows from 11 to 15"):
        Drawing(arrows=[(11, 15), (11, 15, "red")])
    with pytest.raises(CheckersError, match="marked twice"):
        Drawing(marks=[14, (14, "red")])
    with pytest.raises(CheckersError, match="must be a list"):
        Drawing(arrows="11-15")  # type: ignore[arg-type]
    empty = Drawing()
    assert not empty
    one = empty.toggled_arrow(Arrow(11, 15))
    assert one.arrows == (Arrow(11, 15),) and one
    # Another colour changes the colour; the same arrow again takes it away.
    red = one.toggled_arrow(Arrow(11, 15, "red"))
    assert red.arrows == (Arrow(11, 15, "red"),)
    assert not red.toggled_arrow(Arrow(11, 15, "red"))
    # The other direction is another arrow.
    assert len(red.toggled_arrow(Arrow(15, 11, "red")).arrows) == 2
    marked = empty.toggled_mark(Mark(14)).toggled_mark(Mark(9, "blue"))
    assert marked.marks == (Mark(14), Mark(9, "blue"))
    assert marked.toggled_mark(Mark(14)).marks == (Mark(9, "blue"),)
    assert marked.toggled_mark(Mark(14, "red")).marks == (Mark(9, "blue"), Mark(14, "red"))


# ---------------------------------------------------------------------- PDN commands


def test_commands_are_written_as_lidraughts_writes_them() -> None:
    drawing = Drawing(arrows=[(11, 15), (22, 18, "red"), (9, 5, "blue")], marks=[(4, "yellow")])
    assert write_commands(drawing) == "[%csl Y04] [%cal G1115,R2218,B0905]"
    assert write_commands(Drawing()) == ""


def test_commands_are_read_out_of_a_comment_and_the_rest_kept() -> None:
    found = read_commands("A strong move [%cal G1115,R22-18] [%clk 0:03:10] [%csl B9,Y04] !")
    assert found.found and not found.problems
    assert found.drawing.arrows == (Arrow(11, 15), Arrow(22, 18, "red"))
    assert found.drawing.marks == (Mark(9, "blue"), Mark(4, "yellow"))
    assert found.text == "A strong move [%clk 0:03:10] !"
    # A later item wins: the same arrow drawn twice keeps its last colour.
    again = read_commands("[%cal G1115] [%cal Y1115]")
    assert again.drawing.arrows == (Arrow(11, 15, "yellow"),)
    assert again.text == ""


@pytest.mark.parametrize(
    ("comment", "reason"),
    [
        ("[%cal Q1115]", "colour letter"),
        ("[%cal G111]", "not an arrow"),
        ("[%cal G1151]", "not a square"),
        ("[%cal G1111]", "two different squares"),
        ("[%csl G60]", "not a square"),
        ("[%csl ]", "lists nothing"),
        ("[%cal G1115", "no closing"),
    ],
)
def test_a_command_that_cannot_be_read_stays_as_text_and_is_reported(
    comment: str, reason: str
) -> None:
    found = read_commands(f"before {comment} after")
    assert not found.drawing
    assert found.text == " ".join(f"before {comment} after".split())
    assert len(found.problems) == 1 and reason in found.problems[0]


@pytest.mark.timeout(20)  # a hang guard: a read that is not linear takes hours here
def test_reading_huge_or_hostile_comments_is_linear_and_bounded() -> None:
    many = read_commands("[%cal G1115,R2218] x " * 100_000)
    assert many.drawing.arrows == (Arrow(11, 15), Arrow(22, 18, "red"))
    assert many.text == " ".join(["x"] * 100_000)
    unclosed = read_commands("[%cal " + "G1115," * 300_000)
    assert not unclosed.drawing and "no closing" in unclosed.problems[0]
    assert not read_commands("[%c" * 500_000).found
    # However many commands cannot be read, a few are reported and the rest counted.
    bad = read_commands("[%csl Q1] " * 50_000)
    assert len(bad.problems) == 4 and "49,997 more" in bad.problems[-1]


# ---------------------------------------------------------------------- a game's drawings

PDN = """[Event "drawn"]
[Result "*"]

{[%csl G14] The start [%cal R2218]} 1. 11-15 {[%cal G2319,B1115] a strong move} 23-19
{[%csl Y04]} 2. 8-11 {Plain text [%clk 0:01]} (2. 9-14 {[%cal G2218]}) *
"""


def test_pdn_drawings_are_read_into_the_game_and_written_back() -> None:
    game = read_game(PDN)
    assert game.drawing(0) == Drawing(arrows=[(22, 18, "red")], marks=[14])
    assert game.drawing(1) == Drawing(arrows=[(23, 19), (11, 15, "blue")])
    assert game.drawing(2) == Drawing(marks=[(4, "yellow")])
    assert not game.drawing(3)
    # The other comment text stays, with the commands taken out; a comment that held only
    # commands is gone; commands in a variation stay in its text.
    assert game.comments == {0: "The start", 1: "a strong move", 3: "Plain text [%clk 0:01]"}
    assert game.variations[3] == ["2. 9-14 {[%cal G2218]}"]
    again = read_game(game.to_pdn())
    assert again.drawings == game.drawings
    assert again.comments == game.comments
    assert "{[%csl G14] [%cal R2218] The start}" in game.to_pdn()


def test_a_malformed_command_in_a_file_is_kept_as_text_and_noted() -> None:
    reader = read_games('[Event "x"]\n\n1. 11-15 {[%cal G1199] hm} 23-19 *\n')
    (game,) = list(reader)
    assert not game.drawings
    assert game.comments[1] == "[%cal G1199] hm"
    assert any("kept as text" in str(note) and "ply 1" in str(note) for note in reader.notes)


def test_a_game_keeps_one_drawing_per_position_through_undo_redo_and_goto() -> None:
    game = Game()
    heard: list[str] = []
    game.subscribe(lambda event, _game: heard.append(event))
    game.set_drawing(Drawing(marks=[14]))
    game.play("11-15")
    game.set_drawing(Drawing(arrows=[(23, 19)]))
    game.play("23-19")
    assert not game.drawing()
    game.undo()
    assert game.drawing().arrows == (Arrow(23, 19),)
    game.goto(0)
    assert game.drawing().marks == (Mark(14),)
    assert game.drawing(1).arrows == (Arrow(23, 19),)
    game.redo()
    assert game.drawing().arrows == (Arrow(23, 19),)
    assert heard.count("drawing") == 2
    # Drawing the same again is no change: nobody hears of it.
    game.set_drawing(Drawing(arrows=[(23, 19)]))
    assert heard.count("drawing") == 2
    # A bad ply or value changes nothing.
    for ply in (-1, 3, True, "1"):
        with pytest.raises(CheckersError):
            game.set_drawing(Drawing(marks=[1]), ply)  # type: ignore[arg-type]
    with pytest.raises(CheckersError):
        game.set_drawing([Arrow(1, 5)])  # type: ignore[arg-type]
    assert game.drawings == {0: Drawing(marks=[14]), 1: Drawing(arrows=[(23, 19)])}


def test_a_new_line_takes_the_old_lines_drawings_into_its_variation() -> None:
    game = Game()
    game.play("11-15")
    game.play("23-19")
    game.set_drawing(Drawing(arrows=[(8, 11)]))
    game.goto(1)
    game.play("22-18")  # a new line: 23-19 and its drawing go into a variation
    assert not game.drawing()
    assert game.variations[2] == ["23-19 {[%cal G0811]}"]
    copy = game.copy()
    assert copy.drawings == game.drawings
    game.set_drawing(Drawing(marks=[5]), 0)
    game.set_drawing(Drawing(marks=[6]))
    game.reset()  # the start's drawing stays, as its comment does
    assert game.drawings == {0: Drawing(marks=[5])}
    assert copy.drawings == {}


def test_saving_and_loading_keeps_every_positions_drawing(tmp_path: Path) -> None:
    game = Game()
    game.set_drawing(Drawing(marks=[(9, "red")]))
    for move in ("11-15", "23-19", "8-11"):
        game.play(move)
        game.set_drawing(Drawing(arrows=[(game.ply + 4, 1)]))
    game.goto(1)  # the rest of the line is saved too, and the ply shown
    loaded = load_game(save_game(game, tmp_path / "game.pdn"))
    assert loaded.ply == 1
    assert loaded.drawings == game.drawings
    assert len(loaded.drawings) == 4
