"""Listeners of a Game (``Game.subscribe``) hear of changes already made.

A listener that raises must not stop the others from hearing, must not undo or
half-make the change, and must surface as a HookError (a CheckersError) rather than
whatever the listener raised.
"""

from __future__ import annotations

import pytest

from checkers_widget import CheckersError, Game, HookError


def test_a_failing_listener_leaves_the_move_made_and_the_others_called() -> None:
    game = Game()
    heard: list[str] = []

    def broken(event: str, _game: Game) -> None:
        raise KeyError("oops")

    game.subscribe(broken)
    game.subscribe(lambda event, _game: heard.append(event))
    with pytest.raises(HookError, match="listener of the game raised KeyError") as info:
        game.play("11-15")
    assert isinstance(info.value.__cause__, KeyError)
    assert [str(m) for m in game.moves] == ["11-15"]
    assert heard == ["move"]
    with pytest.raises(HookError):
        game.undo()
    assert game.ply == 0
    assert heard == ["move", "undo"]


def test_a_listener_must_be_callable() -> None:
    with pytest.raises(CheckersError, match="listener must be callable"):
        Game().subscribe(5)  # type: ignore[arg-type]
