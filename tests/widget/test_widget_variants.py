"""A board of another draughts variant, played through the board's intents.

``CheckersWidget(variant=...)`` (or a ``Game`` of that variant) draws the variant's own
board from the geometry Python publishes, takes clicks on its squares, words its
status line in the variant's terms, keeps the variant through New game, Restart and the
position editor, and offers no control whose work knows American checkers only.
"""

from __future__ import annotations

import pytest

from checkers_widget import CheckersError, Game
from checkers_widget.core.errors import VariantError
from checkers_widget.widget import CheckersWidget
from intents import click, command, offered, status

#: White to move in international draughts: 27x36 or 27x38 take one man, 26x37x28 two.
MAJORITY = "W:W27,26:B31,14,32"


def shown(widget: CheckersWidget, control: str) -> bool:
    return bool(widget.state["controls"][control]["shown"])


def test_a_new_international_board_is_10x10_with_white_to_move_at_the_bottom() -> None:
    w = CheckersWidget(variant="international")
    assert w.state["geometry"]["size"] == 10
    assert len(w.state["geometry"]["cells"]) == 50
    assert w.orientation == "white"  # the side that moves first plays, drawn at the bottom
    assert w.session.human_side() == "white"
    assert status(w) == ("turn", "White to move")
    assert w.game.variant.name == "international"
    assert w.state["history"]["leads"] == "white"  # "1. 32-28 19-23": White opens a pair
    assert CheckersWidget().state["history"]["leads"] == "black"


def test_a_click_on_a_square_past_32_plays_the_move() -> None:
    w = CheckersWidget(variant="international")
    assert click(w, 32, 28)
    assert [str(m) for m in w.game.moves] == ["32-28"]
    assert status(w) == ("turn", "Black to move")
    assert click(w, 19, 23)
    assert w.game.ply == 2


def test_a_square_past_50_is_refused_and_changes_nothing() -> None:
    w = CheckersWidget(variant="international")
    version = w.state["version"]
    assert not click(w, 50, 51)
    assert w.game.ply == 0
    assert w.state["version"] >= version


def test_the_status_line_says_the_most_pieces_must_be_taken() -> None:
    w = CheckersWidget(Game(MAJORITY, variant="international"))
    assert status(w) == ("must-jump", "White to move: you must take the most pieces")
    assert not click(w, 27, 36)  # takes one man where two can be taken
    assert status(w)[0] == "refused"
    assert w.game.ply == 0
    assert click(w, 26, 37, 28)
    assert status(w) == ("turn", "Black to move")


@pytest.mark.parametrize(
    ("name", "fen", "words"),
    [
        ("american", "B:W18:B14", "you must jump"),
        ("giveaway", "B:W18:B14", "you must jump"),
        ("russian", "W:W22:B18,1", "you must capture"),
        ("pool", "B:W18,30:B14,2", "you must capture"),
        ("brazilian", "W:W22:B18,11", "you must take the most pieces"),
        ("spanish", "W:W10:B14,23", "you must take the most pieces"),
        ("italian", "W:W22:B18,10", "you must take the most pieces"),
        # Every capture takes one piece: the most-pieces rule chooses nothing, and saying
        # it misled (issue 26: Italian after 21-17 10-13).
        ("brazilian", "W:W22:B18,1", "you must capture"),
        ("spanish", "W:W10:B14,30", "you must capture"),
        ("italian", "W:W22:B18,1", "you must capture"),
    ],
)
def test_each_variant_words_a_compulsory_capture_its_own_way(
    name: str, fen: str, words: str
) -> None:
    w = CheckersWidget(Game(fen, variant=name))
    assert w.game.board.must_capture()
    assert status(w)[1].endswith(words)


def test_new_game_restart_and_the_editor_keep_the_variant() -> None:
    w = CheckersWidget(variant="russian")
    assert click(w, 22, 18)
    command(w, "restart")
    assert w.game.variant.name == "russian" and w.game.ply == 0
    assert click(w, 22, 18)
    command(w, "new")
    assert w.game.variant.name == "russian" and w.game.ply == 0
    w.handle_intent({"kind": "edit", "version": w.state["version"], "action": "start"})
    for action in ("clear", "reset"):
        w.handle_intent({"kind": "edit", "version": w.state["version"], "action": action})
    w.handle_intent({"kind": "edit", "version": w.state["version"], "action": "done"})
    assert w.game.variant.name == "russian"
    assert w.game.board.to_fen() == Game(variant="russian").board.to_fen()


def test_the_review_and_the_explorer_are_not_offered_on_another_variant() -> None:
    w = CheckersWidget(variant="brazilian")
    assert click(w, 22, 18)
    assert not shown(w, "review")
    assert not command(w, "review")
    assert status(w) == ("refused", "The review knows American checkers only for now")
    american = CheckersWidget()
    assert click(american, 11, 15)
    assert shown(american, "review")
    with pytest.raises(VariantError, match="American checkers games"):
        CheckersWidget(variant="international", explorer="oca")
    assert "review" in offered(w)


def test_a_game_and_a_different_variant_are_refused() -> None:
    with pytest.raises(CheckersError, match="a Game carries its variant"):
        CheckersWidget(Game(variant="italian"), variant="spanish")
    same = CheckersWidget(Game(variant="italian"), variant="italian")
    assert same.game.variant.name == "italian"


def test_a_pool_game_is_not_named_an_acf_opening() -> None:
    """Pool checkers starts from American checkers' position: its first moves are not an
    ACF three-move opening (whose deck is American checkers')."""
    pool, american = Game(variant="pool"), Game()
    for move in ("11-15", "23-19", "8-11"):
        pool.play(move)
        american.play(move)
    assert american.opening is not None
    assert pool.opening is None
    assert CheckersWidget(pool).state["opening"] is None


@pytest.mark.parametrize(("variant", "crowned"), [("russian", True), ("brazilian", False)])
def test_a_man_crowned_during_a_capture_in_progress_is_a_king_in_russian_draughts(
    variant: str, crowned: bool
) -> None:
    """White's man takes 6 and lands on 2, its crown row: in Russian draughts it is a
    king from there on (it takes 7 as a king); in Brazilian it goes on as a man."""
    widget = CheckersWidget(Game("W:W9:B6,7", variant=variant))
    assert not click(widget, 9, 2)  # the capture goes on
    assert widget.state["pending"] == {"path": [9, 2], "captures": [6], "crowned": crowned}


def test_italian_after_21_17_10_13_says_a_capture_not_the_most_pieces() -> None:
    # Reported (issue 26): the only capture takes one piece, yet the status line said
    # "you must take the most pieces".
    w = CheckersWidget(variant="italian")
    w.game.play("21-17")
    w.game.play("10-13")
    assert [str(m) for m in w.game.legal_moves()] == ["17x10"]
    assert status(w) == ("must-jump", "White to move: you must capture")
