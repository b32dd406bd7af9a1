"""Run All must not draw a hint on a board before its user has asked for one.

The report: after Run All, notebook 01's first board (the game the reader is invited to
play) showed a hint arrow, drawn by a later cell's ``w.hint()``, and with the live
evaluation switched on by another cell, the two disagreed. A cell may show a hint on a
board it creates itself; it must not draw one on a board that an earlier cell showed.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from checkers_widget.widget import CheckersWidget

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


def code_cells(name: str) -> list[str]:
    notebook = json.loads((EXAMPLES / name).read_text(encoding="utf-8"))
    return ["".join(c["source"]) for c in notebook["cells"] if c["cell_type"] == "code"]


@pytest.mark.parametrize("name", ["01_play_the_computer.ipynb", "03_explore_positions.ipynb"])
def test_no_cell_draws_a_hint_or_evaluation_on_an_earlier_board(
    name: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("CHECKERS_WIDGET_HOME", str(tmp_path))
    monkeypatch.chdir(tmp_path)
    namespace: dict[str, object] = {}
    shown: dict[int, tuple[int, CheckersWidget, bool, bool]] = {}  # id -> (cell, w, hint, eval)
    for index, source in enumerate(code_cells(name)):
        exec(compile(source, f"{name} cell {index}", "exec"), namespace)
        for value in list(namespace.values()):
            if isinstance(value, CheckersWidget) and id(value) not in shown:
                value.wait(60)
                state = value.state
                shown[id(value)] = (index, value, state["hint"] is not None, value.live_eval)
        for cell, widget, hinted, evaluated in shown.values():
            if cell == index:
                continue
            widget.wait(60)
            assert (widget.state["hint"] is not None) == hinted, (
                f"cell {index} changed the hint of the board shown by cell {cell}"
            )
            assert widget.live_eval == evaluated, (
                f"cell {index} switched the evaluation of the board shown by cell {cell}"
            )
    for _cell, widget, _hinted, _evaluated in shown.values():
        widget.close()
