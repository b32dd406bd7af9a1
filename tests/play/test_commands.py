"""The table of commands and controls: what each board shows, enables and refuses.

:func:`controls_for` is what the front end used to work out in ``controlsFor``
(js/controls.js); every case its unit tests covered is covered here, on the facts of a
board rather than on a state. Then the table's derived sets, the state a real board
publishes, and intents for controls a board does not offer.
"""

from __future__ import annotations

from typing import Any

import pytest

from checkers_widget import BLACK, WHITE, Game
from checkers_widget.play.commands import (
    COMMANDS,
    CONTROLS,
    LOCAL_ONLY_COMMANDS,
    NOT_OFFERED,
    TABLE,
    ControlFacts,
    command_side,
    controls_for,
    refusal,
)
from checkers_widget.play.network_play import LOCAL_ONLY_COMMANDS as NETWORK_LOCAL_ONLY
from checkers_widget.play.state import STATE_PROTOCOL
from checkers_widget.widget import CONTROLS as WIDGET_CONTROLS
from checkers_widget.widget import CheckersWidget
from intents import click, command, status

TWO_PEOPLE = {BLACK: "human", WHITE: "human"}
VS_COMPUTER = {BLACK: "human", WHITE: "computer"}
NETWORK_HOST = {BLACK: "human", WHITE: "remote"}


def facts(**changes: Any) -> ControlFacts:
    """An interactive two-player board at the start, Black to move, then ``changes``."""
    changes.setdefault("players", TWO_PEOPLE)
    changes.setdefault("turn", BLACK)
    return ControlFacts(**changes)


def shown(board: ControlFacts) -> set[str]:
    return {name for name, c in controls_for(board).items() if c["shown"]}


def enabled(board: ControlFacts) -> set[str]:
    return {name for name, c in controls_for(board).items() if c["enabled"]}


def side(board: ControlFacts, name: str) -> str | None:
    return controls_for(board)[name].get("side")


def confirms(board: ControlFacts) -> set[str]:
    return {name for name, c in controls_for(board).items() if c.get("confirm")}


#: The game review's buttons and the learn mode's (issue 14): local only, and not shown
#: before there is a move to review.
REVIEW = frozenset(
    {"review", "review-cancel", "learn", "learn-hint", "learn-skip", "learn-answer",
     "learn-next", "learn-stop"}
)  # fmt: skip


# ---------------------------------------------------------------------- the table
def test_the_derived_sets_are_the_ones_the_board_always_had() -> None:
    assert {
        "undo", "redo", "new", "resign", "offer-draw", "accept-draw", "decline-draw",
        "claim-draw", "hint", "goto", "replay", "restart", "pause", "resume",
        "accept-peer", "refuse-peer",
    } | REVIEW == COMMANDS  # fmt: skip
    assert {
        "new", "restart", "pause", "undo", "redo", "flip", "hint", "replay", "edit",
        "resign", "offer-draw", "accept-draw", "decline-draw", "claim-draw",
        "evaluation", "accessible", "milestones",
    } | REVIEW == CONTROLS  # fmt: skip
    assert {
        "undo", "redo", "new", "restart", "goto", "hint", "pause", "resume", "claim-draw"
    } | REVIEW == LOCAL_ONLY_COMMANDS  # fmt: skip
    # Read off the one table: the widget's and the network's names are the table's.
    assert WIDGET_CONTROLS == CONTROLS and NETWORK_LOCAL_ONLY == LOCAL_ONLY_COMMANDS


def test_each_row_says_what_it_does_and_how_it_is_pressed() -> None:
    for name, row in TABLE.items():
        assert row.name == name and row.does and row.kind in ("button", "switch", "move-list")
    keys = {row.key: name for name, row in TABLE.items() if row.key and name != "resume"}
    assert keys == {"p": "pause", "u": "undo", "r": "redo", "f": "flip", "h": "hint"}
    assert TABLE["evaluation"].kind == TABLE["accessible"].kind == "switch"
    assert TABLE["goto"].kind == "move-list"
    assert TABLE["pause"].needs == TABLE["resume"].needs == "a clock or a computer"
    # What does not reach Python as a command: the front end's own, or an edit intent.
    assert {name for name, row in TABLE.items() if not row.sent} == {
        "flip",
        "edit",
        "evaluation",
        "accessible",
        "milestones",
    }


def test_published_controls_are_small_and_of_one_shape() -> None:
    controls = controls_for(facts())
    assert list(controls) == [name for name in TABLE if name in CONTROLS]
    for name, entry in controls.items():
        extra = set(entry) - {"shown", "enabled"}
        assert extra == {
            "resign": {"side", "confirm"},
            "offer-draw": {"side"},
            "accept-draw": {"side"},
            "decline-draw": {"side"},
            "new": {"confirm"},
            "restart": {"confirm"},
        }.get(name, set()), name


# ---------------------------------------------------------------------- controlsFor's cases
def test_a_two_player_start_offers_what_applies() -> None:
    board = facts()
    assert (
        shown(board)
        == CONTROLS
        - {"pause", "accept-draw", "decline-draw", "claim-draw"}
        - {"milestones"}
        - REVIEW
    )
    assert "undo" not in enabled(board) and "redo" not in enabled(board)
    assert "replay" not in enabled(board)  # no move to replay yet
    assert {"hint", "edit", "new", "restart", "flip", "resign"} <= enabled(board)
    assert confirms(board) == {"resign"}  # nothing to throw away yet
    assert side(board, "resign") == side(board, "offer-draw") == BLACK
    assert side(board, "accept-draw") is None


def test_flip_is_always_shown_and_a_view_only_board_shows_no_game_control() -> None:
    board = facts(interactive=False)
    assert shown(board) == {"flip", "evaluation", "accessible"}
    assert "flip" in shown(facts(network=True, over=True, paused=True))
    assert "milestones" in shown(facts(interactive=False, milestones=True))


def test_after_a_move_undo_redo_replay_follow_the_state() -> None:
    board = facts(turn=WHITE, ply=1, can_undo=True, can_redo=True)
    assert {"undo", "redo", "replay"} <= enabled(board)
    assert confirms(board) == {"resign", "new", "restart"}
    assert side(board, "resign") == side(board, "offer-draw") == WHITE


def test_a_draw_offer_shows_accept_and_decline_for_the_other_side() -> None:
    board = facts(turn=WHITE, ply=1, draw_offer=BLACK)
    assert "offer-draw" not in shown(board)
    assert {"accept-draw", "decline-draw"} <= shown(board) & enabled(board)
    assert side(board, "accept-draw") == side(board, "decline-draw") == WHITE


def test_a_finished_game_hides_the_game_actions() -> None:
    board = facts(turn=WHITE, ply=1, over=True, can_undo=True, can_redo=True, draw_offer=BLACK)
    assert {"undo", "redo"} <= shown(board) & enabled(board)
    assert not {"resign", "offer-draw", "accept-draw", "decline-draw", "claim-draw", "hint"} & (
        shown(board)
    )
    assert not {"resign", "offer-draw"} & enabled(board)
    assert not {"new", "restart"} & confirms(board)  # nothing is thrown away now
    assert "pause" not in shown(facts(over=True, pausable=True))


def test_against_the_computer_the_buttons_speak_for_the_person() -> None:
    thinking = facts(
        players=VS_COMPUTER, turn=WHITE, ply=1, can_undo=True, thinking=True, searching=True
    )
    assert "undo" in shown(thinking) & enabled(thinking)  # it cancels the search
    assert side(thinking, "resign") == side(thinking, "offer-draw") == BLACK
    # The person's own offer waits for the computer: nothing for the person to answer.
    offered = facts(players=VS_COMPUTER, turn=WHITE, ply=1, draw_offer=BLACK)
    assert not {"accept-draw", "decline-draw", "offer-draw"} & shown(offered)
    # The computer's offer is the person's to answer.
    answer = facts(players=VS_COMPUTER, draw_offer=WHITE)
    assert {"accept-draw", "decline-draw"} <= shown(answer)
    assert side(answer, "accept-draw") == BLACK


def test_hint_is_for_the_persons_turn_with_nothing_searched() -> None:
    mine = facts(players=VS_COMPUTER)
    assert "hint" in shown(mine) & enabled(mine)
    computer_thinks = facts(players=VS_COMPUTER, turn=WHITE, thinking=True, searching=True)
    assert "hint" in shown(computer_thinks) and "hint" not in enabled(computer_thinks)
    looking = facts(players=VS_COMPUTER, searching=True)  # a hint is being looked for
    assert "hint" not in enabled(looking)
    assert "hint" not in enabled(facts(paused=True, pausable=True, players=VS_COMPUTER))
    assert "hint" not in shown(facts(over=True))


def test_pause_shows_where_it_makes_sense_and_a_network_pause_disables_it() -> None:
    assert "pause" not in shown(facts())  # no clock, no computer
    assert "pause" in shown(facts(pausable=True)) & enabled(facts(pausable=True))
    paused = facts(pausable=True, paused=True)
    assert "pause" in shown(paused) & enabled(paused)  # reads Resume
    assert not {"hint", "replay", "edit"} & enabled(facts(paused=True, ply=1))
    # The other player's connection dropped: only the connection lifts that pause.
    network = facts(players=NETWORK_HOST, network=True, network_paused=True, pausable=True)
    assert "pause" in shown(network) and "pause" not in enabled(network)
    assert not {"hint", "replay", "edit"} & enabled(network)


def test_replay_and_edit_wait_for_a_jump_to_finish() -> None:
    jumping = facts(ply=3, pending=True, can_undo=True)
    assert {"replay", "edit"} <= shown(jumping)
    assert not {"replay", "edit"} & enabled(jumping)
    assert "replay" in enabled(facts(ply=3))


def test_claim_draw_shows_when_the_rules_allow_a_claim() -> None:
    assert "claim-draw" in shown(facts(draw_claim=True)) & enabled(facts(draw_claim=True))
    assert "claim-draw" not in shown(facts(draw_claim=True, over=True))
    assert "claim-draw" not in shown(facts(draw_claim=True, interactive=False))


def test_the_side_the_buttons_speak_for() -> None:
    """The cases controlsFor's commandSide was tested on."""
    assert command_side(facts(players=NETWORK_HOST, network=True)) == BLACK
    remote_black = facts(players={BLACK: "remote", WHITE: "human"}, network=True)
    assert command_side(remote_black) == WHITE
    assert command_side(facts(players={BLACK: "computer", WHITE: "human"})) == WHITE
    assert command_side(facts(turn=WHITE, ply=1)) == WHITE  # two people: the side to move
    waiting = facts(players={BLACK: "waiting", WHITE: "waiting"}, network=True, turn=BLACK)
    assert command_side(waiting) == BLACK


def test_a_network_board_hides_what_cannot_cross_the_link() -> None:
    board = facts(players=NETWORK_HOST, network=True)
    assert not {"undo", "redo", "new", "restart", "hint", "edit", "pause"} & shown(board)
    assert {"flip", "resign", "offer-draw", "replay"} <= shown(board)
    assert "evaluation" not in controls_for(board)  # not offered at all
    assert side(board, "resign") == BLACK
    # Before the sides are drawn nobody plays here: no resigning, no offers.
    waiting = facts(players={BLACK: "waiting", WHITE: "waiting"}, network=True)
    assert not {"resign", "offer-draw"} & shown(waiting)


def test_the_milestones_button_needs_milestones() -> None:
    assert "milestones" not in shown(facts())
    assert "milestones" in shown(facts(milestones=True))


def test_a_board_shows_only_the_controls_it_was_given() -> None:
    board = facts(chosen=frozenset({"undo", "flip"}), milestones=True)
    assert shown(board) == {"undo", "flip"}
    assert set(controls_for(board)) == {"undo", "flip"}  # the others are not offered
    everything = facts(milestones=True)
    assert {"new", "hint", "milestones", "evaluation"} <= shown(everything)
    assert set(controls_for(everything)) == CONTROLS


# ---------------------------------------------------------------------- refusals
def test_refusals_come_before_the_handlers_in_the_status_lines_words() -> None:
    chosen = facts(chosen=frozenset({"undo"}))
    for name in sorted(CONTROLS & COMMANDS - {"undo"}):
        assert refusal(name, chosen) == NOT_OFFERED, name
    # Commands that are no control of their own are never refused for the choice.
    assert refusal("goto", chosen) is None and refusal("resume", chosen) is None
    network = facts(players=NETWORK_HOST, network=True)
    assert refusal("claim-draw", network) == (
        "Claim draw is not available in a network game: both players must see the same game"
    )
    for name in sorted(LOCAL_ONLY_COMMANDS):
        assert "not available in a network game" in str(refusal(name, network)), name
    for name in ("resign", "offer-draw", "accept-draw", "decline-draw", "replay", "accept-peer"):
        assert refusal(name, network) is None, name  # the session (or the board) decides
    assert refusal("pause", facts()) == "There is no clock or computer to pause"
    assert refusal("pause", facts(pausable=True)) is None
    computer_turn = facts(players=VS_COMPUTER, turn=WHITE)
    assert refusal("hint", computer_turn) == "Hints are for your own moves: wait for the computer"
    assert refusal("hint", facts(over=True)) == "The game is over: there is nothing to hint"
    assert refusal("hint", facts()) is None


# ---------------------------------------------------------------------- a real board
def test_a_board_publishes_its_controls_in_the_state() -> None:
    w = CheckersWidget(opponent="easy", human=BLACK, milestones=False)
    try:
        assert w.state["protocol"] == STATE_PROTOCOL
        controls = w.state["controls"]
        assert set(controls) == CONTROLS
        assert controls["pause"]["shown"] and controls["hint"]["enabled"]
        assert controls["resign"]["side"] == BLACK and not controls["milestones"]["shown"]
        click(w, 11, 15)
        assert w.wait()
        assert w.state["controls"]["undo"]["enabled"]
        assert w.state["controls"]["new"]["confirm"] is True
    finally:
        w.close()


def test_interactive_false_from_python_publishes_a_view_only_board() -> None:
    w = CheckersWidget(milestones=False)
    w.interactive = False
    assert {n for n, c in w.state["controls"].items() if c["shown"]} == {
        "flip",
        "evaluation",
        "accessible",
    }
    w.interactive = True
    assert w.state["controls"]["undo"]["shown"]


def test_a_draw_offer_on_the_board_is_answered_by_the_published_side() -> None:
    w = CheckersWidget(milestones=False)
    assert command(w, "offer-draw", side=BLACK)
    answer = w.state["controls"]["accept-draw"]
    assert answer["shown"] and answer["side"] == WHITE
    assert command(w, "decline-draw", side=answer["side"])
    assert w.game.draw_offer is None


# ---------------------------------------------------------------------- intents refused
@pytest.mark.parametrize("name", sorted(CONTROLS & COMMANDS - {"undo", "redo"}))
def test_a_click_on_a_control_the_board_does_not_offer_is_refused(name: str) -> None:
    w = CheckersWidget(Game(), controls=["undo", "redo", "flip"], milestones=False)
    click(w, 11, 15)
    before = w.game.board.to_fen(), w.game.ply, w.game.result, w.game.draw_offer
    assert name not in w.state["controls"]  # not offered: not drawn at all
    assert not command(w, name, **({"side": BLACK} if "draw" in name else {}))
    assert status(w) == ("refused", NOT_OFFERED)
    assert (w.game.board.to_fen(), w.game.ply, w.game.result, w.game.draw_offer) == before


def test_a_hint_or_a_pause_the_board_does_not_offer_is_refused_in_its_own_words() -> None:
    w = CheckersWidget(milestones=False)
    assert not w.state["controls"]["pause"]["shown"]
    assert not command(w, "pause")
    assert status(w) == ("refused", "There is no clock or computer to pause")
    assert not w.paused
    w.game.resign(BLACK)
    assert not w.state["controls"]["hint"]["shown"]
    assert not command(w, "hint")
    assert status(w) == ("refused", "The game is over: there is nothing to hint")
    assert w.state["hint"] is None
