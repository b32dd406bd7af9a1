"""What type checkers see of the package, and the bugs ``mypy --strict`` found.

``make lint`` runs ``mypy`` (strict, configured in pyproject.toml) over ``src/``; these
tests hold what that cannot: that a user's own code, type-checked, sees
``CheckersWidget`` as the class it is (it is imported lazily, so that the rules core
never loads Jupyter), that the package says it is typed (``py.typed``), and the
behaviour behind the type errors that were real bugs.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from importlib import resources
from pathlib import Path

import pytest

import checkers_widget
from checkers_widget import DRAW_RULE_PRESETS, SIDE_NAME_PRESETS, CheckersError, DrawRules, Game
from checkers_widget.tutorial import LESSONS
from checkers_widget.tutorial.ui import lesson_controls

JUPYTER = ("anywidget", "ipywidgets", "traitlets", "IPython")


# ---------------------------------------------------------------------- what checkers see
def _mypy(snippet: str, folder: Path, cache: Path) -> str:
    """mypy's report on ``snippet`` (strict), against the checkers_widget under test."""
    source = folder / "snippet.py"
    source.write_text(snippet)
    package_root = Path(checkers_widget.__file__).resolve().parent.parent
    env = {**os.environ, "MYPYPATH": str(package_root)}
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "mypy",
            "--strict",
            "--follow-imports=silent",  # the package's own errors are `make lint`'s
            "--no-error-summary",
            "--cache-dir",
            str(cache),
            str(source),
        ],
        capture_output=True,
        text=True,
        env=env,
        cwd=folder,
        timeout=300,
    )
    assert result.returncode in (0, 1), result.stderr
    return result.stdout


def test_a_type_checker_sees_checkers_widget_as_the_class(
    tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    cache = request.config.cache.mkdir("mypy") if request.config.cache else tmp_path
    report = _mypy(
        "from checkers_widget import CheckersWidget, Game\n"
        "reveal_type(CheckersWidget)\n"
        "widget = CheckersWidget(Game())\n"
        "reveal_type(widget.game)\n",
        tmp_path,
        cache,
    )
    revealed = re.findall(r'Revealed type is "(.*)"', report)
    assert len(revealed) == 2, report
    assert revealed[0].endswith("-> checkers_widget.widget.board_widget.CheckersWidget"), report
    assert revealed[1] == "checkers_widget.core.game.Game", report
    assert "error" not in report, report


def test_checkers_widget_is_exported_and_the_package_says_it_is_typed() -> None:
    assert "CheckersWidget" in checkers_widget.__all__
    assert resources.files("checkers_widget").joinpath("py.typed").is_file()


def test_importing_the_package_loads_no_jupyter_until_the_widget_is_asked_for() -> None:
    code = (
        "import sys, checkers_widget as cw\n"
        "cw.Game().play('11-15'); cw.Engine('easy'); cw.read_games('1. 11-15 *')\n"
        f"print(sorted(m for m in {JUPYTER!r} if m in sys.modules))\n"
        "cw.CheckersWidget\n"
        f"print(sorted(m for m in {JUPYTER!r} if m in sys.modules))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    before, after = out.stdout.split("\n")[:2]
    assert before == "[]"
    assert {"anywidget", "traitlets"} <= set(eval(after))


# ---------------------------------------------------------------------- bugs mypy found
# ``Game.draw_rules`` and ``Game.side_names`` were typed ``DrawRules | str`` and
# ``tuple[str, str] | str`` (what the constructor accepts) but checked only in the
# constructor: a preset name assigned later stayed a string, and the game then failed
# with a bare AssertionError or AttributeError (mypy: tutorial/ui.py, `"str" has no
# attribute "automatic"`). Every assignment is now checked as the constructor checks.
def test_a_draw_rules_preset_assigned_after_construction_is_looked_up() -> None:
    game = Game()
    game.draw_rules = "claim"
    assert game.draw_rules == DRAW_RULE_PRESETS["claim"]
    game.play("11-15")  # decides the result with the draw rules
    assert not game.is_over()
    assert "claim-draw" in lesson_controls(LESSONS[0], game)


def test_side_names_preset_assigned_after_construction_is_looked_up() -> None:
    game = Game()
    game.side_names = "black-red"
    assert game.side_names == SIDE_NAME_PRESETS["black-red"]
    assert game.side_name("white") == "Red"
    assert "Red" in game.explain("22-18")
    game.side_names = ["Ann", "Bob"]  # type: ignore[assignment]  # a list, as JSON gives
    assert game.side_names == ("Ann", "Bob")


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("draw_rules", "no-such-rules"),
        ("draw_rules", 40),
        ("side_names", "no-such-names"),
        ("side_names", ("Only one",)),
        ("side_names", ("Ann", "B|b")),
        ("tags", 5),
        ("tags", {"Event": 3}),
        ("tags", {"not a name": "x"}),
    ],
)
def test_a_bad_setting_assigned_after_construction_is_refused_and_changes_nothing(
    name: str, value: object
) -> None:
    game = Game(draw_rules="claim", side_names="red-white", tags={"Event": "Club"})
    game.play("11-15")
    before = (game.draw_rules, game.side_names, dict(game.tags), game.to_pdn())
    with pytest.raises(CheckersError):
        setattr(game, name, value)
    assert (game.draw_rules, game.side_names, dict(game.tags), game.to_pdn()) == before
    game.play("22-18")  # and the game goes on


def test_settings_keep_their_defaults_and_each_game_its_own_tags() -> None:
    first, second = Game(), Game()
    assert isinstance(first.draw_rules, DrawRules)
    assert first.draw_rules == DRAW_RULE_PRESETS["forty-moves"]
    assert first.side_names == SIDE_NAME_PRESETS["black-white"]
    first.tags["Event"] = "Club"
    assert second.tags == {}
    mine = {"Event": "Mine"}
    assert Game(tags=mine).tags is mine  # a dict given is kept, as before
