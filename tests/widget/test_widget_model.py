"""The widget's model without a browser: state out, intents in, hooks, two-player commands.

``CheckersWidget`` is instantiated directly (anywidget works without a front end; the
comm is a dummy) and driven exactly as the browser does, through ``handle_intent``.
"""

from __future__ import annotations

import json
import logging
import random
from pathlib import Path

import pytest

from checkers_widget.core.errors import CheckersError
from checkers_widget.core.game import Game
from checkers_widget.widget import DEFAULT_MAX_SIZE, CheckersWidget, HookError, MoveVetoed

STATE_KEYS = {
    "seq",
    "review",
    "paused",
    "pausable",
    "clock",
    "milestones",
    "network",
    "opening",
    "explorer",
    "controls",
    "drawings",
    "replay",
    "editor",
    "history",
    "thinking",
    "level",
    "hint",
    "evaluation",
    "protocol",
    "version",
    "fen",
    "turn",
    "ply",
    "geometry",
    "pieces",
    "legal",
    "pending",
    "last_move",
    "must_capture",
    "status",
    "result",
    "termination",
    "counts",
    "names",
    "can_undo",
    "can_redo",
    "draw_offer",
    "draw_claim",
    "players",
}

# Black's only move is the double jump 9x18x27.
ONE_DOUBLE_JUMP = "B:W14,23,32:B9,1"
# From 9 Black jumps 14 to 18, then goes on over 22 (to 25) or over 23 (to 27).
FORKED_JUMP = "B:W14,22,23,32:B9,1"
# A black king with two round trips that both end where they started (15).
LOOPING_KING = "B:W14,18,19,26,27:BK15"
# Black must jump 9x18; the man on 11 could otherwise step to 15 or 16.
JUMP_OR_STEP = "B:W14,32:B9,11"


def move(w: CheckersWidget, *path: int, version: int | None = None) -> bool:
    v = w.state["version"] if version is None else version
    return w.handle_intent({"kind": "move", "version": v, "path": list(path)})


def command(w: CheckersWidget, name: str, side: str | None = None) -> bool:
    message = {"kind": "command", "version": w.state["version"], "name": name}
    if side is not None:
        message["side"] = side
    return w.handle_intent(message)


def played(w: CheckersWidget) -> list[str]:
    return [str(m) for m in w.game.moves]


def status(w: CheckersWidget) -> tuple[str, str]:
    return w.state["status"]["kind"], w.state["status"]["text"]


# --------------------------------------------------------------------------- state out


def test_state_has_every_field_the_front_end_draws():
    w = CheckersWidget()
    state = w.state
    assert set(state) == STATE_KEYS
    assert state["protocol"] == 1
    assert state["turn"] == "black" and state["ply"] == 0
    assert len(state["pieces"]) == 24
    assert state["pieces"]["1"] == "black-man" and state["pieces"]["32"] == "white-man"
    assert {m["notation"] for m in state["legal"]} == {
        "9-13",
        "9-14",
        "10-14",
        "10-15",
        "11-15",
        "11-16",
        "12-16",
    }
    for entry in state["legal"]:
        assert set(entry) == {"notation", "path", "captures", "crowns"}
    assert state["pending"] is None and state["last_move"] is None
    assert state["status"] == {"text": "Black to move", "kind": "turn"}
    assert state["counts"] == {"black": {"men": 12, "kings": 0}, "white": {"men": 12, "kings": 0}}
    assert state["names"] == {"black": "Black", "white": "White"}
    assert state["players"] == {"black": "human", "white": "human"}
    assert state["can_undo"] is False and state["can_redo"] is False
    assert state["geometry"]["size"] == 8 and len(state["geometry"]["cells"]) == 32
    assert w.orientation == "black"  # the first mover at the bottom
    json.dumps(state)  # plain JSON


def test_state_stays_small_move_after_move():
    rng = random.Random(7)
    w = CheckersWidget()
    sizes = []
    for _ in range(120):
        legal = w.state["legal"]
        if not legal or w.state["result"]:
            break
        assert move(w, *rng.choice(legal)["path"])
        sizes.append(len(json.dumps(w.state)))
    assert len(sizes) > 20
    assert max(sizes) < 4096, max(sizes)


def test_side_names_and_orientation_options():
    w = CheckersWidget(orientation="white", show_numbers=True, side_names=("Ann", "Bob"))
    assert w.orientation == "white" and w.show_numbers is True
    assert w.state["names"] == {"black": "Ann", "white": "Bob"}
    assert w.state["status"]["text"] == "Ann to move"
    w.flip()
    assert w.orientation == "black"


def test_size_is_the_boards_width_in_pixels_or_none():
    assert CheckersWidget().size is None  # the cell's width, at most DEFAULT_MAX_SIZE
    board = CheckersWidget(size=720)
    assert board.size == 720
    assert board.get_state()["size"] == 720  # synced: the front end draws it
    board.size = 300
    assert board.size == 300
    for bad in (100, 5000):
        with pytest.raises(CheckersError, match="size must be"):
            CheckersWidget(size=bad)
    with pytest.raises(CheckersError):
        board.size = 10
    assert board.size == 300
    # The stylesheet's default width is the documented one.
    css = (Path(__file__).parents[2] / "js" / "widget.css").read_text()
    assert f"--cw-size: {DEFAULT_MAX_SIZE}px;" in css


def test_moves_made_on_the_game_appear_in_the_state():
    w = CheckersWidget()
    version = w.state["version"]
    w.game.play("11-15")
    assert w.state["version"] > version
    assert w.state["last_move"]["notation"] == "11-15"
    assert w.state["pieces"].get("15") == "black-man" and "11" not in w.state["pieces"]
    assert w.state["turn"] == "white" and w.state["can_undo"] is True
    w.game.undo()
    assert w.state["ply"] == 0 and w.state["can_redo"] is True


def test_a_new_game_object_can_be_swapped_in():
    w = CheckersWidget()
    version = w.state["version"]
    w.game = Game(fen=ONE_DOUBLE_JUMP)
    assert w.state["version"] > version
    assert w.state["must_capture"] is True
    assert w.state["status"]["kind"] == "must-jump"
    w.game.play("9x18x27")  # the widget follows the new game, not the old one
    assert w.state["last_move"]["notation"] == "9x18x27"


# --------------------------------------------------------------------------- intents in


def test_a_click_path_plays_the_move():
    w = CheckersWidget()
    assert move(w, 11, 15) is True
    assert played(w) == ["11-15"]
    assert status(w) == ("turn", "White to move")


def test_multi_jump_by_steps_goes_through_pending():
    w = CheckersWidget(Game(fen=FORKED_JUMP))
    version = w.state["version"]
    assert move(w, 9, 18) is False  # not played yet: keep jumping
    assert played(w) == []
    assert w.state["pending"] == {"path": [9, 18], "captures": [14], "crowned": False}
    assert w.state["version"] > version
    assert status(w) == ("keep-jumping", "Black: keep jumping")
    assert {m["notation"] for m in w.state["legal"]} == {"9x18x25", "9x18x27"}
    assert w.state["can_undo"] is True
    assert move(w, 9, 18, 27) is True
    assert played(w) == ["9x18x27"]
    assert w.state["pending"] is None


def test_a_jump_in_progress_cannot_be_abandoned_for_another_piece():
    w = CheckersWidget(Game(fen=FORKED_JUMP))
    move(w, 9, 18)
    assert move(w, 1, 6) is False
    assert w.state["pending"]["path"] == [9, 18]
    assert status(w)[0] == "refused" and "keep jumping" in status(w)[1].lower()
    # Undo takes back the jump in progress (not a whole move).
    assert command(w, "undo") is False
    assert w.state["pending"] is None and played(w) == []


def test_double_jump_by_its_final_square_at_once():
    w = CheckersWidget(Game(fen=ONE_DOUBLE_JUMP))
    assert move(w, 9, 27) is True
    assert played(w) == ["9x18x27"]
    assert set(w.state["pieces"]) == {"1", "27", "32"}


def test_final_square_shared_by_two_routes_is_refused():
    w = CheckersWidget(Game(fen=LOOPING_KING))
    before = w.state["fen"]
    assert move(w, 15, 15) is False
    kind, text = status(w)
    assert kind == "refused" and "several jump routes" in text.lower()
    assert w.state["fen"] == before and w.state["pending"] is None
    # Clicking each landing square in turn plays one of them.
    assert move(w, 15, 22) is False and w.state["pending"]["path"] == [15, 22]
    assert move(w, 15, 22, 31, 24, 15) is True
    assert played(w) == ["15x22x31x24x15"]


def _unchanged_after(w: CheckersWidget, message) -> None:
    fen, version, ply = w.state["fen"], w.state["version"], w.state["ply"]
    assert w.handle_intent(message) is False
    assert w.state["fen"] == fen and w.state["version"] == version and w.state["ply"] == ply
    assert w.state["status"]["kind"] == "refused", w.state["status"]


@pytest.mark.parametrize(
    "message",
    [
        "a string",
        None,
        ["move"],
        {},
        {"kind": "move"},
        {"kind": "move", "version": "1", "path": [11, 15]},
        {"kind": "move", "version": 1.0, "path": [11, 15]},
        {"kind": "move", "version": True, "path": [11, 15]},
        {"kind": "move", "version": -1, "path": [11, 15]},
        {"kind": "move", "version": 1, "path": "11-15"},
        {"kind": "move", "version": 1, "path": [11]},
        {"kind": "move", "version": 1, "path": []},
        {"kind": "move", "version": 1, "path": [11, 15.0]},
        {"kind": "move", "version": 1, "path": [True, 15]},
        {"kind": "move", "version": 1, "path": [11, 33]},
        {"kind": "move", "version": 1, "path": [0, 4]},
        {"kind": "move", "version": 1, "path": [11, "15"]},
        {"kind": "move", "version": 1, "path": [11, 15] * 7},
        {"kind": "move", "version": 1, "path": [11, 15], "extra": 1},
        {"kind": "move", "version": 1, "path": [11, 15], "padding": "x" * 5000},
        {"kind": "command", "version": 1, "name": "cheat"},
        {"kind": "command", "version": 1, "name": "undo", "side": "red"},
        {"kind": "command", "version": 1, "name": "undo", "extra": True},
        {"kind": "teleport", "version": 1, "path": [11, 15]},
        {"kind": "move", "version": 1, "path": [11, 15], "nested": {"a": [1] * 3000}},
    ],
)
def test_malformed_intents_change_nothing(message, caplog):
    w = CheckersWidget()
    assert w.state["version"] == 1
    with caplog.at_level(logging.WARNING, logger="checkers_widget"):
        _unchanged_after(w, message)
    assert w.state["status"]["text"].startswith("Refused a malformed message")
    assert any("malformed" in r.getMessage() for r in caplog.records)


def test_stale_intents_are_refused():
    w = CheckersWidget()
    old = w.state["version"]
    move(w, 11, 15)
    _unchanged_after(w, {"kind": "move", "version": old, "path": [22, 18]})
    assert "old position" in status(w)[1]
    _unchanged_after(w, {"kind": "command", "version": old, "name": "undo"})
    _unchanged_after(w, {"kind": "move", "version": w.state["version"] + 1, "path": [22, 18]})
    assert played(w) == ["11-15"]


@pytest.mark.parametrize(
    "path",
    [
        [11, 18],  # not a move at all
        [22, 18],  # White's move on Black's turn
        [11, 15, 19],  # a step that pretends to go on
        [12, 12],  # a piece sent nowhere
        [1, 5],  # backwards onto an occupied square
        [15, 19],  # from an empty square
    ],
)
def test_forged_moves_change_nothing(path):
    w = CheckersWidget()
    _unchanged_after(w, {"kind": "move", "version": w.state["version"], "path": path})
    assert played(w) == []


def test_quiet_move_when_a_jump_is_compulsory_says_you_must_jump():
    w = CheckersWidget(Game(fen=JUMP_OR_STEP))
    for path in ([11, 15], [11, 11]):
        _unchanged_after(w, {"kind": "move", "version": w.state["version"], "path": path})
        assert "must jump" in status(w)[1].lower()


def test_a_viewing_only_board_refuses_everything():
    w = CheckersWidget(interactive=False)
    _unchanged_after(w, {"kind": "move", "version": w.state["version"], "path": [11, 15]})
    assert "viewing only" in status(w)[1]


def test_moves_after_the_game_is_over_are_refused():
    w = CheckersWidget()
    command(w, "resign", "black")
    assert w.state["result"] == "0-1"
    _unchanged_after(w, {"kind": "move", "version": w.state["version"], "path": [11, 15]})
    assert "game is over" in status(w)[1]


def test_a_refusal_is_cleared_by_the_next_move():
    w = CheckersWidget()
    move(w, 11, 18)
    assert status(w)[0] == "refused"
    move(w, 11, 15)
    assert status(w) == ("turn", "White to move")


# --------------------------------------------------------------------------- hooks


def test_validator_veto_is_shown_and_changes_nothing():
    w = CheckersWidget()

    @w.validate
    def only_eleven(game, mv):
        if mv.start != 11:
            return "Only the piece on 11 may move"
        return None

    assert only_eleven.__name__ == "only_eleven"  # the decorator returns the function
    assert move(w, 9, 13) is False
    assert status(w) == ("refused", "Only the piece on 11 may move")
    assert played(w) == []
    with pytest.raises(MoveVetoed, match="Only the piece on 11"):
        w.play("9-13")
    assert played(w) == []
    assert move(w, 11, 15) is True
    assert played(w) == ["11-15"]


def test_validators_see_only_legal_moves_in_order():
    w = CheckersWidget()
    seen = []
    w.validate(lambda game, mv: seen.append(("first", str(mv))))
    w.validate(lambda game, mv: seen.append(("second", str(mv))))
    move(w, 11, 18)  # illegal: no validator asked
    assert seen == []
    move(w, 11, 15)
    assert seen == [("first", "11-15"), ("second", "11-15")]


def test_validator_sees_the_whole_route_of_a_multi_jump():
    w = CheckersWidget(Game(fen=FORKED_JUMP))
    w.validate(lambda game, mv: "not that way" if mv.end == 25 else None)
    assert move(w, 9, 18) is False  # a prefix: not asked yet
    assert w.state["pending"] is not None
    assert move(w, 9, 18, 25) is False
    assert status(w) == ("refused", "not that way")
    assert w.state["pending"] is None  # the vetoed sequence starts again
    assert move(w, 9, 27) is True
    assert played(w) == ["9x18x27"]


def test_observers_are_told_of_every_move_from_board_and_python():
    w = CheckersWidget()
    log = []

    @w.on_move
    def record(game, mv):
        log.append((str(mv), game.ply))

    assert record.__name__ == "record"
    move(w, 11, 15)
    w.play("22-18")
    w.game.play("15x22")
    assert log == [("11-15", 1), ("22-18", 2), ("15x22", 3)]
    w.clear_hooks()
    w.play("25x18")
    assert len(log) == 3


def test_a_validator_that_raises_is_reported_not_fatal(caplog):
    w = CheckersWidget()

    def broken(game, mv):
        raise ValueError("boom")

    w.validate(broken)
    with caplog.at_level(logging.ERROR, logger="checkers_widget"):
        assert move(w, 11, 15) is False
    assert played(w) == []
    kind, text = status(w)
    assert kind == "error" and "broken" in text and "ValueError: boom" in text
    assert w.errors and "ValueError: boom" in w.errors[-1]
    assert any("boom" in r.getMessage() for r in caplog.records)
    assert caplog.records[-1].name == "checkers_widget"
    with pytest.raises(HookError) as info:
        w.play("11-15")
    assert isinstance(info.value.__cause__, ValueError)
    assert played(w) == []


def test_an_observer_that_raises_is_reported_after_the_move(caplog):
    w = CheckersWidget()
    w.on_move(lambda game, mv: 1 / 0)
    with caplog.at_level(logging.ERROR, logger="checkers_widget"):
        assert move(w, 11, 15) is True
    assert played(w) == ["11-15"]  # the move stands
    assert status(w)[0] == "error" and "ZeroDivisionError" in status(w)[1]
    assert any(
        r.name == "checkers_widget" and "ZeroDivisionError" in r.getMessage()
        for r in caplog.records
    )
    with pytest.raises(HookError, match="was played"):
        w.play("22-18")
    assert played(w) == ["11-15", "22-18"]
    assert len(w.errors) == 2


# --------------------------------------------------------------------------- commands


def test_undo_redo_and_new_game():
    w = CheckersWidget()
    move(w, 11, 15)
    move(w, 22, 18)
    assert command(w, "undo") is True
    assert played(w) == ["11-15"] and w.state["can_redo"] is True
    assert command(w, "redo") is True
    assert played(w) == ["11-15", "22-18"] and w.state["can_redo"] is False
    assert command(w, "redo") is False  # nothing to redo: no change
    assert command(w, "new") is True
    assert played(w) == [] and w.state["ply"] == 0 and w.state["can_undo"] is False
    assert command(w, "undo") is False


def test_resign():
    w = CheckersWidget()
    move(w, 11, 15)
    assert command(w, "resign", "white") is True
    assert w.state["result"] == "1-0"
    assert status(w) == ("over", "Black wins: White resigned")
    assert command(w, "resign", "black") is False  # already over
    assert status(w)[0] == "refused"


def test_resign_without_a_side_is_the_side_to_move():
    w = CheckersWidget()
    assert command(w, "resign") is True
    assert w.state["result"] == "0-1"


def test_draw_offer_accept_and_decline():
    w = CheckersWidget()
    assert command(w, "offer-draw", "black") is True
    assert w.state["draw_offer"] == "black"
    # The offering side cannot answer its own offer.
    assert command(w, "accept-draw", "black") is False
    assert w.state["draw_offer"] == "black" and status(w)[0] == "refused"
    assert command(w, "decline-draw", "white") is True
    assert w.state["draw_offer"] is None and w.state["result"] is None
    # Once per move: Black must wait for a move before offering again.
    assert command(w, "offer-draw", "black") is False
    move(w, 11, 15)
    assert command(w, "offer-draw", "white") is True
    assert command(w, "accept-draw", "black") is True
    assert w.state["result"] == "1/2-1/2"
    assert status(w) == ("over", "Draw: draw agreed")


def test_answering_without_an_offer_is_refused():
    w = CheckersWidget()
    assert command(w, "accept-draw", "white") is False
    assert status(w)[0] == "refused"
    assert command(w, "claim-draw") is False
    assert status(w)[0] == "refused"


def test_a_repeated_refusal_publishes_a_new_state():
    w = CheckersWidget()
    for _ in range(2):
        # 11-14 is not a move: refused without changing the position or its version.
        w.handle_intent({"kind": "move", "version": w.state["version"], "path": [11, 14]})
        first = dict(w.state)
        w.handle_intent({"kind": "move", "version": w.state["version"], "path": [11, 14]})
        assert w.state["status"] == first["status"] and w.state["version"] == first["version"]
        assert w.state["seq"] > first["seq"]  # a new state, so the board hears it again
