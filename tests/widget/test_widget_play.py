"""Play features of the widget: undo/redo groups, restart vs new game, pause, autosave."""

from __future__ import annotations

import os
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from checkers_widget import BLACK, CheckersError, Game
from checkers_widget.engine import Analysis, Engine
from checkers_widget.widget import CONTROLS, CheckersWidget
from intents import click, command, offered, status

# From 9 Black jumps 14 to 18, then goes on over 22 (to 25) or over 23 (to 27).
FORKED_JUMP = "B:W14,22,23,32:B9,1"
# Kings only, far apart: hundreds of quiet moves are possible without any capture.
KINGS = "B:WK29,K32:BK1,K4"


def test_undo_takes_back_a_jump_chain_in_progress_and_redo_restores_it() -> None:
    w = CheckersWidget(Game(fen=FORKED_JUMP))
    assert not click(w, 9, 18)  # the first hop of two: the chain is pending
    assert w.state["pending"]["path"] == [9, 18]
    assert w.state["can_undo"]
    assert command(w, "undo") is False  # nothing was played, the chain went back
    assert w.state["pending"] is None and w.game.ply == 0
    assert w.state["can_redo"]
    command(w, "redo")
    assert w.state["pending"]["path"] == [9, 18]  # the same path, part way
    assert click(w, 9, 18, 27)
    assert str(w.game.moves[-1]) == "9x18x27"


def test_a_redone_chain_is_forgotten_once_the_game_changes() -> None:
    w = CheckersWidget(Game(fen=FORKED_JUMP))
    click(w, 9, 18)
    command(w, "undo")
    click(w, 9, 18, 25)
    command(w, "undo")  # takes back the whole move now
    assert w.game.ply == 0
    command(w, "redo")
    assert str(w.game.moves[-1]) == "9x18x25"  # the move, not the old partial chain


def test_at_least_two_hundred_redo_groups() -> None:
    game = Game(fen=KINGS, draw_rules="none")
    w = CheckersWidget(game)
    shuffle = [("1-5", "29-25"), ("5-1", "25-29")]
    for i in range(150):  # 300 turns
        for text in shuffle[i % 2]:
            w.play(text)
    played = list(game.moves)
    for _ in range(260):
        w.undo()
    assert game.ply == 40 and len(game.redo_moves) == 260
    while w.state["can_redo"]:
        w.redo()
    assert game.moves == played


def test_against_the_computer_undo_and_redo_are_whole_turns() -> None:
    w = CheckersWidget(opponent="easy", human=BLACK, seed=1)
    for _ in range(3):
        legal = w.game.legal_moves()
        w.play(legal[0])
        w.wait()
    assert w.game.ply == 6
    w.undo()
    assert w.game.ply == 4 and w.game.turn == BLACK
    w.redo()
    assert w.game.ply == 6 and w.game.turn == BLACK


def test_restart_keeps_sides_and_new_game_draws_them_again() -> None:
    w = CheckersWidget(opponent="easy", human="random", seed=11)
    w.wait()
    first = w.players
    sides = {tuple(sorted(first.items()))}
    for _ in range(6):
        if w.game.turn == w.session.human_side():
            w.play(w.game.legal_moves()[0])
            w.wait()
        command(w, "restart")
        w.wait()
        assert w.players == first  # restart: the same sides
        assert w.game.ply == (0 if w.players[BLACK] == "human" else 1)
    for _ in range(8):
        command(w, "new")
        w.wait()
        sides.add(tuple(sorted(w.players.items())))
    assert len(sides) == 2  # new game: sides drawn again


def test_restart_goes_back_to_the_games_own_start_position() -> None:
    w = CheckersWidget(Game(fen=FORKED_JUMP))
    click(w, 9, 18, 27)
    command(w, "restart")
    assert w.game.ply == 0 and w.game.board.to_fen() == Game(fen=FORKED_JUMP).board.to_fen()
    assert not w.game.can_redo


class StallingEngine(Engine):
    """Thinks until told to stop, then plays its first legal move (no opening book: its
    every move is this search)."""

    def __init__(self) -> None:
        super().__init__("easy", seed=0, book=False)
        self.started = threading.Event()

    def analyse(self, position: Any, **kwargs: Any) -> Analysis:  # type: ignore[override]
        self.started.set()
        stop = kwargs.get("stop")
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and not (stop is not None and stop.is_set()):
            time.sleep(0.005)
        return super().analyse(position, depth=1)


def test_pause_stops_the_computer_and_refuses_moves_until_resume() -> None:
    engine = StallingEngine()
    w = CheckersWidget(opponent=engine, human=BLACK)
    assert w.state["pausable"]
    click(w, 11, 15)
    assert engine.started.wait(5) and w.thinking
    command(w, "pause")
    assert w.wait(5)
    assert w.paused and w.state["paused"] and not w.thinking
    assert w.game.ply == 1  # the search was stopped, its move never played
    assert not click(w, 9, 13)
    assert "paused" in status(w)[1]
    with pytest.raises(CheckersError, match="paused"):
        w.undo()
    engine.started.clear()
    command(w, "resume")
    assert engine.started.wait(5) and w.thinking  # the computer thinks again
    w.close()


def test_two_player_boards_without_a_clock_have_no_pause() -> None:
    w = CheckersWidget()
    assert not w.state["pausable"]
    assert not command(w, "pause")
    assert "nothing to pause" in status(w)[1].lower() or "no clock" in status(w)[1]


# ---------------------------------------------------------------------- autosave
def test_autosave_writes_after_every_move_and_resumes(tmp_path: Path) -> None:
    path = tmp_path / "game.pdn"
    w = CheckersWidget(autosave=path)
    assert Game.load(path).ply == 0  # written at once
    for text in ("11-15", "23-19", "8-11"):
        w.play(text)
        assert Game.load(path).moves == w.game.moves
    w.undo()
    assert Game.load(path).ply == 2
    w.close()
    again = CheckersWidget(autosave=path)  # a restarted kernel
    assert again.game.moves == w.game.moves
    assert again.game.redo_moves == w.game.redo_moves


def test_autosave_keeps_the_human_side_and_waits_for_resume(tmp_path: Path) -> None:
    path = tmp_path / "vs.pdn"
    w = CheckersWidget(opponent="easy", human="random", seed=5, autosave=path)
    w.wait()
    human = w.session.human_side()
    if w.game.turn == human:
        w.play(w.game.legal_moves()[0])
        w.wait()
    saved = Game.load(path)
    assert saved.moves == w.game.moves
    assert "HumanSide" not in saved.tags or saved.tags["HumanSide"] == human
    w.close()
    for seed in range(4):  # whatever the new draw would be, the saved sides win
        again = CheckersWidget(opponent="easy", human="random", seed=seed, autosave=path)
        assert again.players[human] == "human"
        assert again.paused  # a restored game waits for Resume
        again.resume()
        again.wait()
        again.close()


def test_a_corrupt_autosave_file_is_set_aside_not_overwritten(tmp_path: Path) -> None:
    path = tmp_path / "game.pdn"
    path.write_text("1. 11-15 11-15 *\n")
    w = CheckersWidget(autosave=path)
    assert w.game.ply == 0
    assert (tmp_path / "game.pdn.bad").read_text() == "1. 11-15 11-15 *\n"
    kind, text = status(w)
    assert kind == "error" and "could not be read" in text
    assert Game.load(path).ply == 0


def test_a_failing_autosave_is_reported_and_play_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "game.pdn"
    w = CheckersWidget(autosave=path)

    def full(*_args: object) -> None:
        raise OSError("No space left on device")

    monkeypatch.setattr(os, "replace", full)
    w.play("11-15")
    assert w.game.ply == 1
    assert any("No space left" in e for e in w.errors)
    assert status(w)[0] == "error"
    monkeypatch.undo()
    w.play("23-19")
    assert Game.load(path).ply == 2  # the next change saved everything


# ---------------------------------------------------------------------- controls
def test_a_board_can_offer_only_some_controls() -> None:
    w = CheckersWidget(controls=["undo", "flip"], milestones=False)
    assert offered(w) == {"undo", "flip"}
    click(w, 11, 15)
    assert not command(w, "new")  # not offered: a forged press is refused
    assert status(w)[1] == "That control is not offered on this board"
    assert w.game.ply == 1
    assert command(w, "undo") and w.game.ply == 0
    assert offered(CheckersWidget(milestones=False)) == CONTROLS  # all that apply


def test_unknown_controls_are_refused() -> None:
    with pytest.raises(CheckersError, match="unknown control 'explode'"):
        CheckersWidget(controls=["undo", "explode"])
    with pytest.raises(CheckersError, match="a list of names"):
        CheckersWidget(controls="undo")


def test_a_resumed_autosave_board_says_it_is_paused(tmp_path: Path) -> None:
    """Notebook 06 after a kernel restart: the board is covered by Paused, so the status line
    must say so (it said "Black to move" under the cover), and say whose turn after Resume."""
    path = tmp_path / "vs.pdn"
    w = CheckersWidget(opponent="easy", human=BLACK, autosave=path)
    w.play("11-15")
    w.wait()
    w.close()
    again = CheckersWidget(opponent="easy", human=BLACK, autosave=path)
    assert again.paused
    assert status(again) == ("turn", "Paused: press Resume (P) to go on")
    again.resume()
    _kind, text = status(again)
    assert "Paused" not in text and "Black" in text
    again.pause()
    assert status(again)[1].startswith("Paused")
    again.close()


@pytest.mark.parametrize(
    "intent",
    [
        {"kind": "command", "name": "undo"},  # nothing to undo: changes nothing
        {"kind": "command", "name": "redo"},
        {"kind": "command", "name": "goto", "ply": 0},
        {"kind": "edit", "action": "cancel"},  # no editor open
        {"kind": "move", "path": [22, 18]},  # not Black's piece
        {"kind": "command", "name": "undo", "stale": True},  # an old version
    ],
)
def test_every_intent_is_answered_with_a_state(intent: dict[str, Any]) -> None:
    """The board holds an edit or a command made before the answer to the one before
    (js/outbox.js): so every intent gets a state back, even one that changed nothing;
    otherwise the next action would wait for an answer that never comes."""
    w = CheckersWidget()
    stale = intent.pop("stale", False)
    seq = w.state["seq"]
    w.handle_intent({**intent, "version": w.state["version"] - 1 if stale else w.state["version"]})
    assert w.state["seq"] > seq
