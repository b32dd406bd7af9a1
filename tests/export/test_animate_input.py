"""Bad input to animate(): a CheckersError that says what is wrong, and nothing written."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from export_helpers import LINE, LINE_FEN, moves_of, parse, pieces

from checkers_widget import (
    AmbiguousMoveError,
    Board,
    CheckersError,
    FenError,
    Game,
    IllegalMoveError,
)
from checkers_widget.export import animate


@pytest.mark.parametrize(
    ("source", "options", "message"),
    [
        (LINE, {"format": "png"}, "format must be 'svg' or 'gif'"),
        (LINE, {"format": 3}, "format must be 'svg' or 'gif'"),
        (42, {}, "animate takes a Game, a Move, move text, or a list"),
        ({"9x18x27"}, {}, "animate takes a Game, a Move, move text, or a list"),
        ([9, 18], {}, "move 1 of the animation is neither a Move nor move text"),
        ([], {}, "there is no move to animate"),
        (LINE, {"start": 5}, "start must be a Board, a FEN text or None"),
        (Game(), {"start": LINE_FEN}, "a Game plays from its own start position"),
        (LINE, {"seconds_per_hop": 0}, "seconds_per_hop must be a number of seconds"),
        (LINE, {"seconds_per_hop": float("nan")}, "seconds_per_hop must be a number"),
        (LINE, {"pause": -1}, "pause must be a number of seconds at least 0"),
        (LINE, {"hold": True}, "hold must be a number of seconds"),
        (LINE, {"size": 0}, "size must be a whole number of pixels"),
        (LINE, {"size": True}, "size must be a whole number of pixels"),
        (LINE, {"size": 5000, "format": "gif"}, "size must be a whole number of pixels 1..2048"),
        (LINE, {"orientation": "red"}, "orientation must be 'black' or 'white'"),
        (LINE, {"loop": 1}, "loop must be True or False"),
        (LINE, {"caption": "yes"}, "caption must be True or False"),
        (LINE, {"title": 7}, "title must be text"),
        (LINE, {"frames_per_hop": 0}, "frames_per_hop must be a whole number 1..60"),
        (LINE, {"colors": {"board": "#fff"}}, "unknown color key"),
        (LINE, {"colors": {"dark": "not a colour"}}, "must be a colour"),
    ],
)
def test_bad_arguments_raise_and_write_nothing(
    tmp_path: Path, source: Any, options: dict[str, Any], message: str
) -> None:
    target = tmp_path / "out.svg"
    options.setdefault("start", LINE_FEN if not isinstance(source, Game) else None)
    fmt = options.get("format")
    if fmt in ("gif",):
        target = tmp_path / "out.gif"
    with pytest.raises(CheckersError, match=message.replace("(", r"\(").replace(".", r"\.")):
        animate(source, target if fmt in (None, "gif") else None, **options)
    assert list(tmp_path.iterdir()) == []


def test_an_illegal_move_names_its_place_and_the_legal_moves(tmp_path: Path) -> None:
    target = tmp_path / "line.svg"
    target.write_text("the old file")
    with pytest.raises(IllegalMoveError, match="move 2 of the animation") as caught:
        animate(["9x18x27", "30-25"], target, start=LINE_FEN)
    assert [str(m) for m in caught.value.legal] == ["30x23"]
    assert target.read_text() == "the old file"
    assert [p.name for p in tmp_path.iterdir()] == ["line.svg"]  # no temporary left over


def test_ambiguous_move_text_stays_ambiguous_and_a_path_must_be_a_file_name() -> None:
    # White's king on 6 can take all four men round either way, back to 6.
    start = "W:WK6:B9,10,17,18"
    with pytest.raises(AmbiguousMoveError, match="move 1 of the animation") as caught:
        animate("6x6", start=start)
    assert {str(m) for m in caught.value.candidates} == {"6x13x22x15x6", "6x15x22x13x6"}
    # Named in full, the round trip animates: four hops, back where it began.
    svg = animate("6x13x22x15x6", start=start)
    assert len(moves_of(pieces(parse(svg))[6])) == 4
    with pytest.raises(CheckersError, match="path must be a file name"):
        animate(LINE, 5, start=LINE_FEN)  # type: ignore[arg-type]


def test_a_move_not_legal_from_the_start_is_refused() -> None:
    with pytest.raises(IllegalMoveError, match="move 1 of the animation"):
        animate("11-15", start=LINE_FEN)
    with pytest.raises(FenError):
        animate(LINE, start="not a fen")


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("slides.png", "cannot tell the format"),
        ("slides", "cannot tell the format"),
    ],
)
def test_the_format_comes_from_the_suffix_or_is_asked_for(
    tmp_path: Path, name: str, message: str
) -> None:
    with pytest.raises(CheckersError, match=message):
        animate(LINE, tmp_path / name, start=LINE_FEN)
    assert list(tmp_path.iterdir()) == []
    # Told the format, any name is written.
    svg = animate(LINE, tmp_path / name, start=LINE_FEN, format="svg")
    assert (tmp_path / name).read_text(encoding="utf-8") == svg


def test_a_suffix_that_contradicts_the_format_is_refused(tmp_path: Path) -> None:
    with pytest.raises(CheckersError, match=r"ends in \.svg but the format is 'gif'"):
        animate(LINE, tmp_path / "a.svg", start=LINE_FEN, format="gif")
    assert list(tmp_path.iterdir()) == []


def test_the_source_is_not_changed() -> None:
    game = Game(fen=LINE_FEN)
    for move in LINE:
        game.play(move)
    game.undo()
    before = (game.board.to_fen(), game.ply, [str(m) for m in game.redo_moves])
    svg = animate(game)
    assert (game.board.to_fen(), game.ply, [str(m) for m in game.redo_moves]) == before
    # The game's moves as played so far: the undone move is not animated.
    assert "27-31" not in svg
    board = Board(LINE_FEN)
    moves = list(LINE)
    animate(moves, start=board)
    assert board.to_fen() == Board(LINE_FEN).to_fen() and moves == LINE


def test_the_package_offers_animate_and_loads_pillow_only_for_a_gif() -> None:
    code = (
        "import sys, checkers_widget as cw\n"
        "from checkers_widget import export\n"
        f"cw.animate({LINE!r}, start={LINE_FEN!r})\n"
        "print('PIL' in sys.modules, cw.animate is export.animate)\n"
        f"cw.animate({LINE!r}, start={LINE_FEN!r}, format='gif')\n"
        "print('PIL' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "True", "True"]
