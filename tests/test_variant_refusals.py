"""What knows American checkers only (the engine, the review, the opening explorer,
animations, network play) refuses a board or game of another variant (issue 15) with a
VariantError, never treating it as an American one."""

from __future__ import annotations

import pytest

from checkers_widget import (
    Board,
    Engine,
    Game,
    OpeningExplorer,
    VariantError,
    animate,
    review,
)


def test_the_engine_refuses_another_variant() -> None:
    with pytest.raises(VariantError, match="American checkers only"):
        Engine().analyse(Board(variant="russian"), depth=1)
    with pytest.raises(VariantError, match="American checkers only"):
        Engine().best_move(Game(variant="giveaway"), depth=1)


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


def test_animations_refuse_another_board() -> None:
    # PDN export, saving and pictures draw every variant (tests/formats/test_*_variants.py).
    game = Game(variant="italian")
    game.play("22-18")
    with pytest.raises(VariantError, match="Italian draughts"):
        animate(game)


def test_network_hosting_refuses_another_variant() -> None:
    from checkers_widget.network.host import HostSession

    with pytest.raises(VariantError, match="network play"):
        HostSession(Game(variant="brazilian"))
