"""A CheckersWidget built with a wrong argument says which, as a CheckersError.

Before, a wrong kind of argument surfaced as traitlets' TraitError, a TypeError from
deep inside, an AttributeError when the game was first used, or was silently accepted
(``milestones="yes"``, an unknown keyword); and a constructor that failed left a widget
whose ``close()`` raised when ipywidgets collected it.
"""

from __future__ import annotations

import gc
import warnings
from typing import Any

import pytest

from checkers_widget import CheckersError, Game
from checkers_widget.widget import CheckersWidget

BAD_ARGUMENTS: dict[str, dict[str, Any]] = {
    "a FEN instead of a Game": {"game": "B:W21-32:B1-12"},
    "an unknown variant": {"variant": "checkerz"},
    "a variant that is not the game's": {"game": Game(variant="russian"), "variant": "pool"},
    "an explorer on another variant": {"variant": "international", "explorer": "tinsley"},
    "an unknown orientation": {"orientation": "red"},
    "a string for a flag": {"show_numbers": "yes"},
    "None for interactive": {"interactive": None},
    "a string for live_eval": {"live_eval": "x"},
    "a number for accessible": {"accessible": 1},
    "a number for the hint engine": {"hint_engine": 5},
    "a number for the eval engine": {"eval_engine": 5},
    "a number for the autosave path": {"autosave": 5},
    "a string for milestones": {"milestones": "yes"},
    "a number for controls": {"controls": 5},
    "numbers in controls": {"controls": [1, 2]},
    "an unknown control": {"controls": ["fly"]},
    "a string for the size": {"size": "big"},
    "True for the size": {"size": True},
    "a size too small": {"size": 5},
    "an unknown keyword": {"bogus": 1},
    "an unknown level": {"opponent": "grandmaster"},
    "an unknown draw rule": {"draw_rules": "bogus"},
    "an unknown human side": {"opponent": "easy", "human": "green"},
    "an unknown timer": {"timer": "forever"},
}


@pytest.mark.parametrize("arguments", BAD_ARGUMENTS.values(), ids=BAD_ARGUMENTS.keys())
def test_a_wrong_argument_is_a_checkers_error_and_leaves_nothing_broken(
    arguments: dict[str, Any],
) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a half-built widget's close() must not raise
        with pytest.raises(CheckersError):
            CheckersWidget(**arguments)
        gc.collect()


def test_the_message_names_the_argument() -> None:
    with pytest.raises(CheckersError, match="game must be a Game"):
        CheckersWidget(game="B:W21-32:B1-12")  # type: ignore[arg-type]
    with pytest.raises(CheckersError, match="unknown variant 'checkerz'"):
        CheckersWidget(variant="checkerz")
    with pytest.raises(CheckersError, match="a Game carries its variant"):
        CheckersWidget(game=Game(variant="russian"), variant="pool")
    with pytest.raises(CheckersError, match="milestones"):
        CheckersWidget(milestones="yes")  # type: ignore[arg-type]
    with pytest.raises(CheckersError, match="accessible must be True or False"):
        CheckersWidget(accessible="yes")  # type: ignore[arg-type]
    with pytest.raises(CheckersError, match="unknown argument 'bogus'"):
        CheckersWidget(bogus=1)


def test_a_hook_that_is_not_callable_is_a_checkers_error() -> None:
    w = CheckersWidget()
    with pytest.raises(CheckersError, match="validator must be callable"):
        w.validate(5)  # type: ignore[arg-type]
    with pytest.raises(CheckersError, match="observer must be callable"):
        w.on_move(5)  # type: ignore[arg-type]


def test_good_arguments_still_build_a_board() -> None:
    w = CheckersWidget(
        Game(), orientation="white", show_numbers=True, size=400, layout={"width": "420px"}
    )
    assert w.orientation == "white"
    assert w.size == 400
    assert w.layout.width == "420px"
