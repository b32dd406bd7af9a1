"""The review's progress bar: in a real kernel (nbclient) ``checkers_widget.review``, on
its default process pool, shows an ipywidgets bar that ends in a "Reviewed ..." line;
outside a kernel there is no bar and no Jupyter module is imported."""

from __future__ import annotations

import subprocess
import sys

import nbformat
import pytest
from nbclient import NotebookClient

CELL = """
import checkers_widget as cw
game = cw.Game()
for move in ["9-14", "22-18", "11-15", "18x9", "5x14"]:
    game.play(move)
seen = []
result = cw.review(game, nodes=3_000, on_progress=lambda d, t: seen.append((d, t)))
print(type(result).__name__, len(result.plies), result.complete, seen[-1])
"""


@pytest.mark.timeout(180)
def test_in_a_kernel_a_progress_bar_shows_and_finishes() -> None:
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(CELL)]
    NotebookClient(nb, timeout=150, kernel_name="python3").execute()
    outputs = nb.cells[0].outputs
    views = [o for o in outputs if "application/vnd.jupyter.widget-view+json" in o.get("data", {})]
    assert len(views) == 1  # the bar's box, displayed under the cell
    printed = "".join(o.get("text", "") for o in outputs if o.output_type == "stream")
    assert printed.strip() == "Review 5 True (6, 6)"  # the caller's on_progress still called
    # nbclient saves the widgets' last state in the notebook: the bar, full and green.
    models = nb.metadata["widgets"]["application/vnd.jupyter.widget-state+json"]["state"]
    states = {m["model_name"]: m["state"] for m in models.values()}
    bar, label = states["IntProgressModel"], states["LabelModel"]
    assert (bar["value"], bar["max"], bar["bar_style"]) == (6, 6, "success")
    assert label["value"].startswith("Reviewed 6 positions in")


def test_outside_a_kernel_no_jupyter_module_is_imported() -> None:
    code = (
        "import sys, checkers_widget as cw\n"
        "g = cw.Game(); g.play('9-14')\n"
        "r = cw.review(g, nodes=2_000, workers=1)\n"
        "mods = [m for m in ('ipywidgets', 'IPython', 'anywidget', 'traitlets', 'ipykernel')"
        " if m in sys.modules]\n"
        "print(len(r.plies), mods)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "1 []"
