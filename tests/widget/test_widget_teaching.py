"""Walking through games, step-through replays and the position editor, without a browser."""

from __future__ import annotations

from typing import Any

import pytest

from checkers_widget import BLACK, WHITE, CheckersError, Game
from checkers_widget.widget import CheckersWidget

PDN = """[Event "Lesson"]
[Black "A"]
[White "B"]
[Result "0-1"]
1. 11-15 23-19 {a classic} 2. 8-11 22-17 3. 9-14 19-16 4. 12x19 0-1
"""


def send(widget: CheckersWidget, **content: Any) -> bool:
    return widget.handle_intent({"version": widget.state["version"], **content})


def test_load_pdn_starts_at_the_beginning_and_goto_walks_it() -> None:
    widget = CheckersWidget()
    game = widget.load_pdn(PDN)
    assert widget.game is game and game.ply == 0
    history = widget.state["history"]
    assert history["line"] == ["11-15", "23-19", "8-11", "22-17", "9-14", "19-16", "12x19"]
    assert history["ply"] == 0 and history["comments"] == {"2": "a classic"}
    assert send(widget, kind="command", name="goto", ply=7)
    assert widget.game.result == "0-1"
    assert widget.state["status"]["kind"] == "over"
    assert send(widget, kind="command", name="goto", ply=2)
    assert widget.state["history"]["ply"] == 2
    assert widget.state["pieces"]["19"] == "white-man"
    assert not send(widget, kind="command", name="goto", ply=99)
    assert widget.state["history"]["ply"] == 2


def test_a_new_move_from_a_past_position_keeps_the_original_line() -> None:
    widget = CheckersWidget()
    widget.load_pdn(PDN)
    widget.goto(2)
    widget.play("9-14")
    history = widget.state["history"]
    assert history["line"] == ["11-15", "23-19", "9-14"]
    assert history["variations"] == {"3": ["8-11 22-17 9-14 19-16 12x19"]}


def test_the_computer_waits_while_a_game_is_walked_through() -> None:
    widget = CheckersWidget(opponent="easy", human=BLACK, seed=0)
    widget.play("11-15")
    assert widget.wait()
    widget.goto(1)  # White (the computer) to move, with its reply still in the line
    assert not widget.thinking and widget.game.ply == 1
    widget.goto(2)
    assert widget.game.ply == 2 and not widget.thinking


def test_replay_of_the_last_move_carries_the_position_before_it() -> None:
    widget = CheckersWidget(Game("W:W22:B18,10"))
    widget.play("22x15x6")
    assert send(widget, kind="command", name="replay")
    replay = widget.state["replay"]
    assert replay["move"]["path"] == [22, 15, 6] and replay["move"]["captures"] == [18, 10]
    assert replay["before"] == {"10": "black-man", "18": "black-man", "22": "white-man"}
    assert replay["ply"] == 0
    widget.undo()
    assert widget.state["replay"] is None  # any change ends the replay


@pytest.mark.parametrize(
    ("variant", "fen", "moves"),
    [
        ("international", None, ["32-28", "19-23", "28x19"]),
        ("spanish", None, ["12-16", "23-20"]),
        ("spanish", "W:W1,10:B14,22", ["10x19x26"]),  # a white man on 1: Spanish only
    ],
)
def test_replay_rebuilds_the_position_before_the_move_by_the_games_rules(
    variant: str, fen: str | None, moves: list[str]
) -> None:
    game = Game(fen, variant=variant)
    for move in moves:
        game.play(move)
    widget = CheckersWidget(game)
    before = game.board
    last = before.pop()
    assert send(widget, kind="command", name="replay")
    replay = widget.state["replay"]
    assert replay["move"]["notation"] == str(last) == moves[-1]
    assert replay["before"] == {str(s): p.name for s, p in before.pieces.items()}
    assert replay["ply"] == len(moves) - 1


@pytest.mark.parametrize(
    ("variant", "fen", "move", "hop"),
    [
        ("american", "W:W25:B22,15,8", "25x18x11x4", 3),  # crowned where the move ends
        ("american", "W:W22:B18,10", "22x15x6", None),
        # Russian: crowned on 2, the man goes on capturing as a king.
        ("russian", "W:W9:B6,11", "9x2x16", 1),
        ("russian", "B:W25,23:B21", "21x30x19", 1),  # Black's man, crowned on 30
        # International: a man passing over the crown row stays a man.
        ("international", "W:W11:B7,8", "11x2x13", None),
    ],
)
def test_a_replay_says_from_which_hop_the_mover_is_a_king(
    variant: str, fen: str, move: str, hop: int | None
) -> None:
    widget = CheckersWidget(Game(fen, variant=variant))
    widget.play(move)
    widget.replay()
    assert widget.state["replay"]["crown_hop"] == hop


def test_replay_of_an_earlier_or_a_hypothetical_move() -> None:
    widget = CheckersWidget()
    widget.load_pdn(PDN)
    widget.goto(7)
    widget.replay("23-19")
    assert widget.state["replay"]["ply"] == 1
    assert widget.state["replay"]["before"]["15"] == "black-man"
    widget.goto(4)
    widget.replay("9-13")  # legal now, not played yet in this position: shown, not played
    assert widget.state["replay"]["move"]["path"] == [9, 13]
    assert widget.game.ply == 4
    with pytest.raises(CheckersError):
        widget.replay("1-5")
    with pytest.raises(CheckersError, match="nothing to replay"):
        CheckersWidget().replay()


def test_the_editor_builds_a_position_and_starts_a_game_from_it() -> None:
    widget = CheckersWidget()
    assert send(widget, kind="edit", action="start")
    assert widget.state["editor"]["fen"] == Game().board.to_fen()
    assert send(widget, kind="edit", action="clear")
    assert widget.state["editor"]["pieces"] == {}
    assert send(widget, kind="edit", action="place", square=10, piece="black-king")
    assert send(widget, kind="edit", action="place", square=22, piece="white-man")
    assert send(widget, kind="edit", action="place", square=26, piece="white-man")
    assert send(widget, kind="edit", action="place", square=26, piece=None)
    assert send(widget, kind="edit", action="turn", turn=WHITE)
    assert widget.state["editor"]["fen"] == "W:W22:BK10"
    assert not send(widget, kind="move", path=[22, 17])  # editing: no moves
    assert send(widget, kind="edit", action="done")
    assert widget.state["editor"] is None
    assert widget.game.board.to_fen() == "W:W22:BK10"
    assert {m["notation"] for m in widget.state["legal"]} == {"22-17", "22-18"}
    assert widget.hint(depth=2).move is not None


def test_the_editor_refuses_impossible_positions() -> None:
    widget = CheckersWidget()
    widget.edit()
    before = widget.state["editor"]["fen"]
    assert not send(widget, kind="edit", action="place", square=30, piece="black-man")
    assert "crowned" in widget.state["status"]["text"]
    assert not send(widget, kind="edit", action="place", square=2, piece="white-man")
    assert not send(widget, kind="edit", action="place", square=16, piece="black-man")
    assert "12 pieces" in widget.state["status"]["text"]
    assert not send(widget, kind="edit", action="place", square=16, piece="white-king")
    assert send(widget, kind="edit", action="place", square=21, piece=None)
    assert send(widget, kind="edit", action="place", square=16, piece="white-king")
    assert not send(widget, kind="edit", action="fen", fen="B:W5-17:B20")
    assert "at most 12" in widget.state["status"]["text"]
    assert not send(widget, kind="edit", action="fen", fen="B:W21:B40")
    assert widget.state["editor"]["error"]
    assert send(widget, kind="edit", action="place", square=16, piece=None)
    assert send(widget, kind="edit", action="place", square=21, piece="white-man")
    assert widget.state["editor"]["fen"] == before
    assert send(widget, kind="edit", action="cancel")
    assert widget.game.board.to_fen() == before and widget.game.ply == 0


@pytest.mark.parametrize(
    "content",
    [
        {"kind": "edit", "action": "paint"},
        {"kind": "edit", "action": "place"},
        {"kind": "edit", "action": "place", "square": 40, "piece": "black-man"},
        {"kind": "edit", "action": "place", "square": 5, "piece": "red-man"},
        {"kind": "edit", "action": "turn"},
        {"kind": "edit", "action": "fen"},
        {"kind": "edit", "action": "clear", "fen": "B:W21:B1"},
        {"kind": "command", "name": "goto"},
        {"kind": "command", "name": "undo", "ply": 3},
    ],
)
def test_malformed_teaching_intents_are_refused(content: dict[str, Any]) -> None:
    widget = CheckersWidget()
    widget.edit()
    before = (widget.state["editor"], widget.game.ply)
    assert not send(widget, **content)
    assert widget.state["status"]["kind"] == "refused"
    assert (widget.state["editor"], widget.game.ply) == before


# --------------------------------------------------------------------------- stale refusals


def test_an_editor_refusal_goes_at_the_next_valid_placement() -> None:
    """The user's report: "A black man cannot stand on 30..." stayed on the status line
    after later valid placements. A refusal is shown until the next action."""
    widget = CheckersWidget()
    assert send(widget, kind="edit", action="start")
    assert send(widget, kind="edit", action="clear")
    assert not send(widget, kind="edit", action="place", square=30, piece="black-man")
    assert widget.state["status"]["kind"] == "refused"
    assert "cannot stand on 30" in widget.state["status"]["text"]
    assert send(widget, kind="edit", action="place", square=14, piece="black-man")
    assert widget.state["status"]["kind"] != "refused"
    assert "cannot stand on 30" not in widget.state["status"]["text"]
    assert widget.state["editor"]["error"] is None
    assert send(widget, kind="edit", action="place", square=18, piece="white-man")
    assert "cannot stand" not in widget.state["status"]["text"]


def test_a_bad_fen_refusal_goes_when_the_editor_is_cancelled() -> None:
    """The user's report: a bad-FEN error still showed after Cancel."""
    widget = CheckersWidget()
    assert send(widget, kind="edit", action="start")
    assert not send(widget, kind="edit", action="fen", fen="B:W21:B40")
    refusal = widget.state["status"]
    assert refusal["kind"] == "refused" and "40" in refusal["text"]
    assert send(widget, kind="edit", action="cancel")
    assert widget.state["editor"] is None
    assert widget.state["status"] == {"text": "Black to move", "kind": "turn"}


def test_a_refused_move_is_forgotten_at_the_next_action() -> None:
    """Moves and commands too: after the next action the status says what is true now."""
    widget = CheckersWidget()
    assert not send(widget, kind="move", path=[11, 18])
    assert widget.state["status"]["kind"] == "refused"
    # A click that only picks up a jump, a command that changes nothing: the refusal goes.
    assert not send(widget, kind="command", name="redo")
    assert widget.state["status"] == {"text": "Black to move", "kind": "turn"}
    assert not send(widget, kind="command", name="accept-draw")  # no offer: refused
    assert widget.state["status"]["kind"] == "refused"
    widget.orientation = "white"  # Flip, as the board's button sets it
    assert widget.state["status"] == {"text": "Black to move", "kind": "turn"}
    assert send(widget, kind="move", path=[11, 15])
    assert widget.state["status"] == {"text": "White to move", "kind": "turn"}


def test_a_refusal_over_a_thinking_computer_gives_way_to_the_truth() -> None:
    """A click refused while the computer thinks must not leave "White to move" behind:
    at the next action the status says again that the computer is thinking."""
    import threading

    from checkers_widget.engine import Engine

    release = threading.Event()

    class Slow(Engine):
        def analyse(self, position: Any, **kwargs: Any) -> Any:
            release.wait(10)
            return super().analyse(position, depth=1)

    # No opening book: its move must come from this slow search, not at once from the book.
    widget = CheckersWidget(opponent=Slow("easy", book=False), human="black")
    try:
        assert send(widget, kind="move", path=[11, 15])
        thinking = dict(widget.state["status"])
        assert thinking["kind"] == "thinking"
        assert not send(widget, kind="move", path=[9, 13])
        assert widget.state["status"]["kind"] == "refused"
        assert not send(widget, kind="command", name="hint")  # refused: the computer's turn
        assert widget.state["status"]["kind"] == "refused"
        assert send(widget, kind="command", name="replay")  # the last move, hop by hop
        assert widget.state["status"] == thinking
    finally:
        release.set()
        assert widget.wait(10)
    assert widget.game.ply == 2
    assert widget.state["status"]["kind"] in ("turn", "must-jump")  # the reply may offer a jump
    assert widget.state["status"]["text"].startswith("Black to move")
