"""Run All leaves every board as its own section describes it, and prints lines that fit.

The reports: after Run All, notebook 01's first board (the game the reader is invited to
play) showed a hint arrow, drawn by a later cell's ``w.hint()``; and notebook 04's first
board showed the refusal "Lesson 1: open with the piece on 11" on its status line, because
a later cell played ``board.play("9-13")`` on it. A cell may change a board it creates
itself; it must not change what a board shown by an earlier cell shows (its position,
status line, hint, evaluation, ...). Registering hooks on an earlier board is fine: the
reader plays on it, and the hooks change nothing it shows.

The same run collects what the cells print. In a 700-px JupyterLab window an output line
of more than about 40 characters wrapped mid-word ("always its best mo / ve"), so no
printed line may be longer than :data:`MAX_LINE`; and a line of play printed with "..."
must have been cut (notebook 03 printed "..." after a two-move line).
"""

from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path
from typing import Any

import pytest

from checkers_widget.engine import Analysis
from checkers_widget.widget import CheckersWidget

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
NOTEBOOKS = ["01_play_the_computer.ipynb", "03_explore_positions.ipynb", "04_hooks.ipynb"]
#: The longest printed line that fits a 700-px window without wrapping.
MAX_LINE = 40


def code_cells(name: str) -> list[str]:
    notebook = json.loads((EXAMPLES / name).read_text(encoding="utf-8"))
    return ["".join(c["source"]) for c in notebook["cells"] if c["cell_type"] == "code"]


def shown_state(widget: CheckersWidget) -> dict[str, Any]:
    """What the board shows, once it has settled (``seq`` only counts the updates)."""
    widget.wait(60)
    state = dict(widget.state)
    state.pop("seq", None)
    return {"state": state, "live_eval": widget.live_eval}


def run_all(name: str) -> list[tuple[str, list[Analysis]]]:
    """Run the notebook's code cells in order, as Run All does, checking after each one
    that no board shown by an earlier cell changed; returns each cell's printed text and
    the analyses it assigned."""
    namespace: dict[str, object] = {}
    shown: dict[int, tuple[int, CheckersWidget, dict[str, Any]]] = {}  # id -> cell, w, look
    printed = []
    try:
        for index, source in enumerate(code_cells(name)):
            out = io.StringIO()
            with contextlib.redirect_stdout(out):
                exec(compile(source, f"{name} cell {index}", "exec"), namespace)
            made = [
                v for k, v in namespace.items() if isinstance(v, Analysis) and f"{k} = " in source
            ]
            printed.append((out.getvalue(), made))
            for value in list(namespace.values()):
                if isinstance(value, CheckersWidget) and id(value) not in shown:
                    shown[id(value)] = (index, value, shown_state(value))
            for cell, widget, look in shown.values():
                if cell == index:
                    continue
                now = shown_state(widget)
                changed = sorted(k for k in look["state"] if look["state"][k] != now["state"][k])
                assert now["live_eval"] == look["live_eval"], (
                    f"code cell {index} switched the evaluation of the board of cell {cell}"
                )
                assert not changed, (
                    f"code cell {index} changed the board shown by code cell {cell}: {changed}"
                    f" (status now {now['state']['status']})"
                )
    finally:
        for _cell, widget, _look in shown.values():
            widget.close()
    return printed


@pytest.fixture
def fresh_home(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("CHECKERS_WIDGET_HOME", str(tmp_path))
    monkeypatch.chdir(tmp_path)


@pytest.mark.parametrize("name", NOTEBOOKS)
def test_no_cell_changes_an_earlier_board_and_printed_lines_fit(
    name: str, fresh_home: None
) -> None:
    printed = run_all(name)
    long = [
        (index, line)
        for index, (text, _made) in enumerate(printed)
        for line in text.splitlines()
        if len(line) > MAX_LINE
    ]
    assert not long, f"{name}: printed lines too long for a narrow window: {long}"
    # Every line of play printed with "..." was cut; one printed whole has none.
    for index, (text, made) in enumerate(printed):
        for line in text.splitlines():
            if line.startswith("line:"):
                moves = line.removeprefix("line:").split()
                cut = moves[-1] == "..."
                assert len(made) == 1, (name, index, "which analysis printed this line?")
                pv = [str(m) for m in made[0].pv]
                shown = moves[:-1] if cut else moves
                assert pv[: len(shown)] == shown, (name, index, line, pv)
                assert cut == (len(shown) < len(pv)), (name, index, line, pv)
