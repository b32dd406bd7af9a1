"""With no kernel (nbviewer, exported HTML) the board still shows its last position."""

from __future__ import annotations

import re

import nbformat
from nbclient import NotebookClient
from nbconvert import HTMLExporter

CELLS = [
    "from checkers_widget import CheckersWidget\nw = CheckersWidget()\nw",
    'w.play("11-15")\nw.play("23-19")\nw.play("8-11")',
]


def test_exported_html_shows_the_last_position() -> None:
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(source) for source in CELLS]
    nb.metadata["kernelspec"] = {
        "name": "python3",
        "display_name": "Python 3",
        "language": "python",
    }
    NotebookClient(nb, timeout=120, kernel_name="python3").execute()

    outputs = nb.cells[0].outputs
    kinds = [set(o.get("data", {})) for o in outputs]
    # The live widget, then the static picture that follows it.
    assert "application/vnd.jupyter.widget-view+json" in kinds[0]
    assert "text/html" in kinds[1]
    picture = outputs[1]["data"]["text/html"]
    # Updated after the moves of the second cell: 8-11 is the last move, White to move.
    assert 'data-piece="black-man" data-square="15"' in picture
    assert 'data-piece="white-man" data-square="19"' in picture
    assert 'data-square="8"' not in re.sub(r'<rect[^>]*data-square="8"[^>]*>', "", picture)
    assert "White to move" in picture
    # Its own style hides JupyterLab's "model not found" line above it (trusted notebooks).
    assert "<style>" in picture and ":not(:has(.cw-root))" in picture
    assert "Run the notebook to play on this board." in picture
    assert outputs[0]["data"]["text/plain"].startswith("<CheckersWidget B:")  # one plain line

    # No widget state is saved, so the HTML export falls back to the picture.
    html, _ = HTMLExporter().from_notebook_node(nb)
    assert html.count('data-piece="black-man"') == 12
    assert 'data-piece="black-man" data-square="11"' in html
    assert "White to move" in html
