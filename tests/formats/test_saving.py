"""Saving and resuming games: ``game.save(path)``, ``Game.load(path)``, atomic writes."""

from __future__ import annotations

import os
import sys
import types
from pathlib import Path

import pytest

from checkers_widget import Game, PdnError
from checkers_widget.core.game import DrawRules
from checkers_widget.formats.pdn import read_game
from checkers_widget.formats.storage import write_text_atomically

OPENING = ["11-15", "23-19", "8-11", "22-17", "9-13", "17-14", "10x17", "21x14"]


def played(*moves: str, **options: object) -> Game:
    game = Game(**options)  # type: ignore[arg-type]
    for move in moves:
        game.play(move)
    return game


def test_a_saved_game_loads_back_equal(tmp_path: Path) -> None:
    game = played(*OPENING)
    game.comments[2] = "the Old Fourteenth"
    path = game.save(tmp_path / "game.pdn")
    loaded = Game.load(path)
    assert loaded == game
    assert loaded.board.to_fen() == game.board.to_fen()
    assert loaded.comments == {2: "the Old Fourteenth"}
    assert loaded.tags == game.tags  # the file's own tags are not left behind


def test_the_saved_file_is_standard_pdn(tmp_path: Path) -> None:
    game = played(*OPENING)
    game.save(tmp_path / "game.pdn")
    text = (tmp_path / "game.pdn").read_text()
    assert text.startswith('[Event "')
    assert "1. 11-15 23-19 2. 8-11 22-17" in text
    assert read_game(text).moves == game.moves  # any PDN reader can follow it


def test_draw_rules_and_side_names_survive(tmp_path: Path) -> None:
    rules = DrawRules(quiet_moves=25, repetitions=None, automatic=False)
    game = played("11-15", draw_rules=rules, side_names=("Red", "White"))
    loaded = Game.load(game.save(tmp_path / "g.pdn"))
    assert loaded.draw_rules == rules
    assert loaded.side_names == ("Red", "White")
    preset = played("11-15", draw_rules="browser")
    assert Game.load(preset.save(tmp_path / "p.pdn")).draw_rules == preset.draw_rules


def test_a_resignation_keeps_its_reason(tmp_path: Path) -> None:
    game = played("11-15", "23-19")
    game.resign("black")
    loaded = Game.load(game.save(tmp_path / "g.pdn"))
    assert loaded.result == "0-1"
    assert loaded.termination == "Black resigned"
    assert loaded.is_over()


def test_a_game_walked_back_keeps_its_whole_line(tmp_path: Path) -> None:
    game = played(*OPENING)
    game.goto(3)
    loaded = Game.load(game.save(tmp_path / "g.pdn"))
    assert loaded.ply == 3
    assert loaded.line == game.line
    loaded.redo()
    assert loaded.moves == game.line[:4]


def test_a_game_from_a_set_up_position(tmp_path: Path) -> None:
    game = Game(fen="W:WK6,K9:BK15")
    game.play("9-13")
    loaded = Game.load(game.save(tmp_path / "g.pdn"))
    assert loaded.start_fen == game.start_fen
    assert loaded.moves == game.moves


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("", "is empty"),
        ('[Event "x"]\n\n1. 11-15 11-15 *\n', "illegal move"),
        ('[DrawRules "sometimes"]\n\n1. 11-15 *\n', "DrawRules tag 'sometimes'"),
        ('[SideNames "Red"]\n\n1. 11-15 *\n', "SideNames tag 'Red' is not two names"),
        ('[Ply "9"]\n\n1. 11-15 *\n', "Ply tag '9' is not a ply"),
    ],
)
def test_bad_files_give_specific_errors(tmp_path: Path, content: str, message: str) -> None:
    path = tmp_path / "bad.pdn"
    path.write_text(content)
    with pytest.raises(PdnError, match=message) as info:
        Game.load(path)
    assert str(path) in str(info.value)


def test_a_missing_file_names_the_path(tmp_path: Path) -> None:
    with pytest.raises(PdnError, match="no saved game at"):
        Game.load(tmp_path / "nothing.pdn")


def test_a_failed_write_leaves_the_old_file_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "g.pdn"
    played("11-15").save(path)
    before = path.read_text()

    def crash(*_args: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", crash)
    with pytest.raises(OSError, match="disk full"):
        played(*OPENING).save(path)
    assert path.read_text() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.pdn"]  # no temporary left


def test_write_text_atomically_creates_folders(tmp_path: Path) -> None:
    path = write_text_atomically(tmp_path / "a" / "b" / "c.txt", "hello")
    assert path.read_text() == "hello"


def test_saving_works_where_fcntl_has_no_flock(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Pyodide (JupyterLite) has an ``fcntl`` module without ``flock``: a game still saves
    and autosaves, unlocked, and stale temporaries are told by their age alone."""
    monkeypatch.setitem(sys.modules, "fcntl", types.ModuleType("fcntl"))
    game = Game()
    game.play("11-15")
    path = game.save(tmp_path / "game.pdn")
    assert Game.load(path) == game
    write_text_atomically(path, '[Event "x"]\n*\n')
    assert path.read_text() == '[Event "x"]\n*\n'
