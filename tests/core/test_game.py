"""Game: history, undo/redo, draw rules, offers, resignation, results and events."""

from __future__ import annotations

import itertools

import pytest

from checkers_widget import BLACK, WHITE, CheckersError, GameOverError, IllegalMoveError
from checkers_widget.core.game import DRAW_RULE_PRESETS, DrawRules, Game


def shuffle_kings(game: Game, limit: int = 400) -> None:
    """Move two lone kings back and forth until the game ends (or ``limit`` plies)."""
    cycle = itertools.cycle(["32-28", "1-5", "28-32", "5-1"])
    while not game.is_over() and game.ply < limit:
        game.play(next(cycle))


def test_play_undo_redo() -> None:
    game = Game()
    for text in ("11-15", "23-19", "8-11"):
        game.play(text)
    assert [str(m) for m in game.moves] == ["11-15", "23-19", "8-11"]
    assert game.turn == WHITE and game.ply == 3
    assert str(game.undo()) == "8-11"
    assert game.can_redo and [str(m) for m in game.redo_moves] == ["8-11"]
    assert str(game.redo()) == "8-11"
    assert not game.can_redo
    game.undo()
    game.play("9-13")  # a new move drops the redo line
    assert not game.can_redo
    assert Game().undo() is None and Game().redo() is None


def test_replaying_the_redo_move_keeps_the_rest_of_the_line() -> None:
    game = Game()
    for text in ("11-15", "23-19", "8-11"):
        game.play(text)
    game.undo()
    game.undo()
    game.play("23-19")
    assert [str(m) for m in game.redo_moves] == ["8-11"]


def test_replaying_the_redo_move_can_drop_the_rest_of_the_line() -> None:
    game = Game()
    for text in ("11-15", "23-19", "8-11"):
        game.play(text)
    game.resign("white")
    game.goto(0)
    game.play("11-15", follow_line=False)
    assert not game.can_redo and game.line == game.moves and not game.variations
    game.play("23-19")
    game.play("8-11")
    assert game.result is None  # the resignation belonged to the dropped line


def test_illegal_play_changes_nothing() -> None:
    game = Game()
    game.play("11-15")
    before = (game.board.to_fen(), game.moves, game.can_redo)
    with pytest.raises(IllegalMoveError, match="legal moves"):
        game.play("15-19")
    with pytest.raises(IllegalMoveError):
        game.play(42)  # type: ignore[arg-type]
    assert (game.board.to_fen(), game.moves, game.can_redo) == before


def test_board_property_is_a_copy() -> None:
    game = Game()
    game.board.push("11-15")
    assert game.ply == 0 and game.board.to_fen() == Game().board.to_fen()


def test_win_by_capturing_everything_and_no_move_after() -> None:
    game = Game("B:W18:B14")
    game.play("14x23")
    assert game.result == "1-0" and game.winner == BLACK
    assert game.termination == "White has no pieces left"
    with pytest.raises(GameOverError, match="over"):
        game.play("23-27")
    assert game.legal_moves() == []
    game.undo()
    assert game.result is None and game.termination is None


def test_forty_move_rule_is_the_default() -> None:
    game = Game("W:WK32:BK1")
    assert game.draw_rules == DRAW_RULE_PRESETS["forty-moves"]
    shuffle_kings(game)
    assert game.result == "1/2-1/2"
    assert game.ply == 80
    assert "40-move rule" in (game.termination or "")


def test_browser_rules_draw_on_threefold_repetition() -> None:
    game = Game("W:WK32:BK1", draw_rules="browser")
    shuffle_kings(game)
    assert game.result == "1/2-1/2"
    assert game.ply == 8
    assert game.repetitions == 3
    assert "repetition" in (game.termination or "")


def test_claim_rules_report_but_do_not_end() -> None:
    game = Game("W:WK32:BK1", draw_rules="claim")
    cycle = itertools.cycle(["32-28", "1-5", "28-32", "5-1"])
    while game.draw_claim is None:
        game.play(next(cycle))
    assert game.ply == 8 and not game.is_over()
    assert "repetition" in game.draw_claim
    game.claim_draw()
    assert game.result == "1/2-1/2"
    assert game.termination and "claimed" in game.termination


def test_claim_without_grounds_is_refused() -> None:
    game = Game(draw_rules="claim")
    with pytest.raises(CheckersError, match="no draw can be claimed"):
        game.claim_draw()
    assert not game.is_over()


def test_no_draw_rules() -> None:
    game = Game("W:WK32:BK1", draw_rules="none")
    shuffle_kings(game, limit=200)
    assert game.ply == 200 and not game.is_over()


def test_capture_or_man_move_resets_the_quiet_count() -> None:
    game = Game("W:WK32,K31:BK1,12")
    for text in ("32-28", "1-5", "28-32"):
        game.play(text)
    assert game.quiet_plies == 3
    game.play("12-16")
    assert game.quiet_plies == 0


def test_custom_draw_rules_and_validation() -> None:
    game = Game("W:WK32:BK1", draw_rules=DrawRules(quiet_moves=2))
    shuffle_kings(game)
    assert game.ply == 4 and game.result == "1/2-1/2"
    with pytest.raises(CheckersError, match="unknown draw rules"):
        Game(draw_rules="fifty")
    with pytest.raises(CheckersError):
        DrawRules(quiet_moves=0)
    with pytest.raises(CheckersError):
        DrawRules(repetitions=1)


def test_a_win_is_checked_before_a_draw() -> None:
    # With a 1-move rule the second quiet move reaches the limit, but it also blocks
    # every White piece: that is a win, not a draw.
    game = Game("W:W29,K32:BK19,K22,K23,K24,K25,K27", draw_rules=DrawRules(quiet_moves=1))
    game.play("32-28")
    game.play("27-32")
    assert game.quiet_plies == 2
    assert game.result == "1-0"
    assert game.termination == "every White piece is blocked"


def test_resign() -> None:
    game = Game()
    game.resign(WHITE)
    assert game.result == "1-0" and game.termination == "White resigned"
    with pytest.raises(GameOverError):
        game.resign(BLACK)
    with pytest.raises(CheckersError):
        Game().resign("red")  # type: ignore[arg-type]


def test_draw_offer_accept_and_decline() -> None:
    game = Game()
    game.offer_draw(WHITE)  # even on the opponent's turn
    assert game.draw_offer == WHITE
    with pytest.raises(CheckersError, match="already offered"):
        game.offer_draw(WHITE)
    with pytest.raises(CheckersError, match="own draw offer"):
        game.accept_draw(WHITE)
    game.decline_draw(BLACK)
    assert game.draw_offer is None
    with pytest.raises(CheckersError, match="once per move"):
        game.offer_draw(WHITE)
    game.play("11-15")
    game.offer_draw(WHITE)
    game.accept_draw()
    assert game.result == "1/2-1/2" and game.termination == "draw agreed"


def test_making_a_move_declines_an_offer() -> None:
    game = Game()
    game.offer_draw(WHITE)
    game.play("11-15")
    assert game.draw_offer is None and not game.is_over()
    with pytest.raises(CheckersError, match="no draw offer"):
        game.accept_draw()


def test_crossing_offers_agree() -> None:
    game = Game()
    game.offer_draw(BLACK)
    game.offer_draw(WHITE)
    assert game.result == "1/2-1/2"


def test_side_names() -> None:
    game = Game("W:W29:B25,22", side_names="black-red")
    assert game.termination == "every Red piece is blocked"
    assert Game(side_names="red-white").side_name(BLACK) == "Red"
    assert Game(side_names=("Ann", "Bob")).side_name(WHITE) == "Bob"
    with pytest.raises(CheckersError):
        Game(side_names="blue-green")
    with pytest.raises(CheckersError):
        Game(side_names=("", "x"))


def test_events_reach_subscribers() -> None:
    game = Game()
    seen: list[str] = []
    unsubscribe = game.subscribe(lambda event, g: seen.append(event))
    game.play("11-15")
    game.undo()
    game.redo()
    game.offer_draw(WHITE)
    game.decline_draw()
    game.resign(BLACK)
    game.reset()
    unsubscribe()
    game.play("11-15")
    assert seen == ["move", "undo", "redo", "offer", "offer", "result", "reset"]


def test_set_result_cannot_contradict_the_rules() -> None:
    game = Game("B:W21:B")
    with pytest.raises(CheckersError, match="already decided"):
        game.set_result("1-0")
    game = Game()
    game.set_result("0-1", "White won on time")
    assert game.winner == WHITE and game.termination == "White won on time"
    with pytest.raises(CheckersError):
        game.set_result("2-0")  # type: ignore[arg-type]


def test_copy_and_equality() -> None:
    game = Game()
    game.play("11-15")
    game.play("23-19")
    game.undo()
    clone = game.copy()
    assert clone == game and clone.redo_moves == game.redo_moves
    clone.redo()
    assert clone != game


def test_display() -> None:
    game = Game()
    assert "Black to move" in str(game)
    assert game._repr_svg_().startswith("<svg")


def test_goto_walks_the_line_both_ways() -> None:
    game = Game()
    for text in ("11-15", "23-19", "8-11", "22-17"):
        game.play(text)
    game.goto(1)
    assert game.ply == 1 and [str(m) for m in game.line] == ["11-15", "23-19", "8-11", "22-17"]
    game.goto(4)
    assert game.ply == 4
    game.goto(0)
    assert game.board == Game().board
    with pytest.raises(CheckersError, match="from 0 to 4"):
        game.goto(5)
    assert game.ply == 0


def test_a_new_line_keeps_the_old_one_as_a_variation() -> None:
    game = Game()
    for text in ("11-15", "23-19", "8-11"):
        game.play(text)
    game.goto(1)
    game.play("22-18")  # the 2nd move differs: 23-19 8-11 becomes a variation of move 2
    assert [str(m) for m in game.line] == ["11-15", "22-18"]
    assert game.variations == {2: ["23-19 8-11"]}
    again = Game.from_pdn(game.to_pdn())
    assert again.variations[2] == ["23-19 8-11"]


def test_recorded_results_follow_undo_and_redo() -> None:
    game = Game()
    game.play("11-15")
    game.resign("white")
    assert game.result == "1-0"
    game.undo()
    assert game.result is None
    game.redo()
    assert game.result == "1-0" and game.termination == "White resigned"
    game.undo()
    game.undo()
    game.play("9-13")  # a new line: the resignation belonged to the old one
    game.play("23-18")
    assert game.result is None


def test_a_loaded_game_walks_back_and_forward_to_its_recorded_result() -> None:
    game = Game.from_pdn('[Result "0-1"]\n1. 11-15 23-19 2. 8-11 22-17 0-1')
    assert game.result == "0-1"
    game.goto(0)
    assert game.result is None and len(game.redo_moves) == 4
    game.goto(4)
    assert game.result == "0-1"


def test_a_new_line_takes_the_old_lines_notes_into_its_variation() -> None:
    """Notebook 05's "What if?": after 18x9 the teacher's note on the master's 21st move
    showed under the new line's 21st move. The old line's comments, marks and variations
    go with it into the variation; notes before the branch stay."""
    game = Game()
    for move in ["11-15", "23-19", "8-11", "22-17", "9-13"]:
        game.play(move)
    game.comments[1] = "a common start"
    game.comments[4] = "the master's note"
    game.nags[5] = ["!"]
    game.variations[5] = ["15-18"]
    game.goto(3)
    game.play("22-18")  # not the line's 22-17
    assert game.comments == {1: "a common start"}
    assert game.nags == {} and 5 not in game.variations
    assert game.variations[4] == ["22-17 {the master's note} 9-13 ! (15-18)"]
    again = Game.from_pdn(game.to_pdn())  # still PDN that reads back
    assert again.variations[4] == game.variations[4] and again.comments == game.comments
