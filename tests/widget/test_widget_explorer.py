"""The board's opening line and explorer panel, driven by intents as the browser sends
them: the published state (play/openings.py), a click on a row, stale and forged rows."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from checkers_widget import BLACK, WHITE, CheckersError, Game
from checkers_widget.analysis.explorer import OpeningExplorer
from checkers_widget.play.state import StateInputs, build_state
from checkers_widget.widget import CheckersWidget
from intents import click, command

GAMES = """
[Result "1-0"]
1. 11-15 23-19 2. 8-11 22-17 1-0

[Result "0-1"]
1. 11-15 23-19 2. 9-13 0-1

[Result "1/2-1/2"]
1. 11-15 22-18 2. 15x22 25x18 1/2-1/2

[Result "1-0"]
1. 9-13 22-18 1-0
"""


@pytest.fixture
def board() -> Iterator[CheckersWidget]:
    widget = CheckersWidget(explorer=OpeningExplorer.from_pdn(GAMES, name="four games"))
    yield widget
    widget.close()


def rows(widget: CheckersWidget) -> list[tuple[str, int, int, int, int]]:
    panel = widget.state["explorer"]
    return [
        (r["move"], r["games"], r["black_wins"], r["draws"], r["white_wins"]) for r in panel["rows"]
    ]


def press_row(widget: CheckersWidget, move: str, version: int | None = None) -> bool:
    """Click the explorer's row of ``move``: the move intent of its squares."""
    row = next(r for r in widget.state["explorer"]["rows"] if r["move"] == move)
    message: dict[str, Any] = {
        "kind": "move",
        "version": widget.state["version"] if version is None else version,
        "path": row["path"],
    }
    return widget.handle_intent(message)


def test_the_panel_shows_the_moves_from_the_start(board: CheckersWidget) -> None:
    panel = board.state["explorer"]
    assert (panel["name"], panel["games"]) == ("four games", 4)
    assert rows(board) == [("11-15", 3, 1, 1, 1), ("9-13", 1, 1, 0, 0)]
    assert all(r["playable"] for r in panel["rows"])


def test_a_click_on_a_row_plays_it_and_the_panel_follows(board: CheckersWidget) -> None:
    assert press_row(board, "11-15")
    assert [str(m) for m in board.game.moves] == ["11-15"]
    assert rows(board) == [("23-19", 2, 1, 0, 1), ("22-18", 1, 0, 1, 0)]
    assert press_row(board, "22-18")
    assert rows(board) == [("15x22", 1, 0, 1, 0)]  # the capture, as the game played it
    assert command(board, "undo")
    assert rows(board) == [("23-19", 2, 1, 0, 1), ("22-18", 1, 0, 1, 0)]
    assert command(board, "goto", ply=0)
    assert rows(board)[0] == ("11-15", 3, 1, 1, 1)
    board.play("12-16")  # a move no game played: an empty panel, still shown
    assert board.state["explorer"] == {"name": "four games", "games": 0, "rows": []}


def test_a_row_of_an_older_position_is_refused(board: CheckersWidget) -> None:
    old = board.state["version"]
    stale_row = next(r for r in board.state["explorer"]["rows"] if r["move"] == "9-13")
    assert click(board, 11, 15)
    before = board.game.copy()
    # The old panel's 9-13, stamped with the old version: refused, nothing played.
    refused = board.handle_intent({"kind": "move", "version": old, "path": stale_row["path"]})
    assert not refused and board.game == before
    assert board.state["status"]["kind"] == "refused"
    assert "old position" in board.state["status"]["text"]
    # Even stamped with the current version, a row's squares are only a click: Python
    # decides, and 9-13 is no move for White.
    assert not board.handle_intent(
        {"kind": "move", "version": board.state["version"], "path": stale_row["path"]}
    )
    assert board.game == before


def test_rows_are_not_playable_where_the_board_offers_no_move() -> None:
    explorer = OpeningExplorer.from_pdn(GAMES)
    view = CheckersWidget(explorer=explorer, interactive=False)
    try:
        assert view.state["explorer"]["rows"] and not any(
            r["playable"] for r in view.state["explorer"]["rows"]
        )
    finally:
        view.close()
    editing = CheckersWidget(explorer=explorer)
    try:
        editing.edit()
        assert editing.state["explorer"] is None  # the panel speaks of the game's position
        editing.edit(False)
        assert editing.state["explorer"] is not None
    finally:
        editing.close()


def test_rows_are_not_playable_on_the_computers_turn() -> None:
    explorer = OpeningExplorer.from_pdn(GAMES)
    game = Game()
    computer = StateInputs(
        version=1, players={BLACK: "computer", WHITE: "human"}, explorer=explorer
    )
    panel = build_state(game, computer)["explorer"]
    assert panel is not None and panel["rows"] and not any(r["playable"] for r in panel["rows"])
    thinking = StateInputs(version=1, thinking=True, explorer=explorer)
    panel = build_state(game, thinking)["explorer"]
    assert panel is not None and not any(r["playable"] for r in panel["rows"])
    mine = build_state(game, StateInputs(version=1, explorer=explorer))["explorer"]
    assert mine is not None and all(r["playable"] for r in mine["rows"])


def test_the_explorer_can_be_set_changed_and_removed() -> None:
    widget = CheckersWidget()
    try:
        assert widget.state["explorer"] is None and widget.explorer is None
        widget.explorer = "tinsley"
        assert widget.explorer is OpeningExplorer.bundled("tinsley")
        assert widget.state["explorer"]["games"] == 723
        widget.explorer = None
        assert widget.state["explorer"] is None
        with pytest.raises(CheckersError, match="explorer must be"):
            widget.explorer = 42  # type: ignore[assignment]
        with pytest.raises(CheckersError, match="no bundled collection"):
            widget.explorer = "lichess"
        assert widget.state["explorer"] is None
    finally:
        widget.close()
    with pytest.raises(CheckersError, match="explorer must be"):
        CheckersWidget(explorer=["11-15"])  # type: ignore[arg-type]


def test_the_board_publishes_the_games_opening() -> None:
    widget = CheckersWidget(Game())
    try:
        assert widget.state["opening"] is None
        for move in ("9-13", "22-18"):
            assert click(widget, *map(int, move.split("-")))
        assert widget.state["opening"] is None  # two moves name no opening
        assert click(widget, 6, 9)
        assert widget.state["opening"] == {
            "number": 5,
            "name": "Dreaded Edinburgh",
            "moves": ["9-13", "22-18", "6-9"],
            "status": "crossboard_144",
            "in_deck": True,
            "transposed": False,
            "text": "ACF 5: 9-13 22-18 6-9 (Dreaded Edinburgh)",
        }
        widget.game = Game()
        for move in ("10-14", "22-18", "9-13"):
            widget.play(move)
        opening = widget.state["opening"]
        assert (opening["number"], opening["transposed"]) == (6, True)
        assert opening["text"] == (
            "ACF 6: 9-13 22-18 10-14 (Inferno), by transposition (10-14 22-18 9-13)"
        )
        widget.game = Game()
        for move in ("9-14", "23-19", "10-15"):
            widget.play(move)
        assert widget.state["opening"]["text"] == (
            "ACF 48: 9-14 23-19 10-15 (Rattlesnake), barred from the 156-opening deck"
        )
    finally:
        widget.close()
