"""What knows American checkers only (the review, the opening explorer, network play)
refuses a board or game of another variant (issue 15) with a VariantError, never treating
it as an American one. (The engine plays every variant: tests/engine/test_general_engine.py;
PDN, saving and pictures draw every variant: tests/formats/test_*_variants.py; animations
too: tests/export/test_animate_variants.py; the widget plays them:
tests/widget/test_widget_variants.py.)"""

from __future__ import annotations

import pytest

from checkers_widget import (
    Board,
    Engine,
    Game,
    OpeningExplorer,
    VariantError,
    review,
)


def test_the_engine_plays_another_variant() -> None:
    board = Board(variant="russian")
    assert Engine().analyse(board, depth=1).move in board.legal_moves()
    game = Game(variant="giveaway")
    assert Engine().best_move(game, depth=1) in game.legal_moves()


def test_the_review_refuses_another_variant() -> None:
    game = Game(variant="russian")
    game.play("22-18")
    with pytest.raises(VariantError, match="Russian draughts"):
        review(game, depth=1, workers=1)


def test_the_opening_explorer_refuses_another_variant() -> None:
    game = Game(variant="international")
    game.play("32-28")
    with pytest.raises(VariantError, match="American checkers games only"):
        OpeningExplorer.from_games([game])
    with pytest.raises(VariantError):
        OpeningExplorer.from_games([]).moves(Board(variant="pool"))


def test_network_hosting_refuses_another_variant() -> None:
    from checkers_widget.network.host import HostSession

    with pytest.raises(VariantError, match="network play"):
        HostSession(Game(variant="brazilian"))
