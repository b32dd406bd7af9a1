"""With no kernel (nbviewer, exported HTML) the board still shows its last position."""

from __future__ import annotations

import base64
import re

import nbformat
from nbclient import NotebookClient
from nbconvert import HTMLExporter

CELLS = [
    "from checkers_widget import CheckersWidget\nw = CheckersWidget()\nw",
    'w.play("11-15")\nw.play("23-19")\nw.play("8-11")',
]


def pictures(html: str) -> list[str]:
    """The SVG markup of every ``<img>`` with an SVG data URL in ``html``: the picture is an
    image (it shrinks to the cell and survives an untrusted notebook's sanitizer)."""
    found = re.findall(r'<img [^>]*src="data:image/svg\+xml;base64,([A-Za-z0-9+/=]+)"', html)
    return [base64.b64decode(data).decode("utf-8") for data in found]


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
    fallback = outputs[1]["data"]["text/html"]
    (picture,) = pictures(fallback)
    assert "<svg" not in fallback  # an image, not inline SVG
    # Updated after the moves of the second cell: 8-11 is the last move, White to move.
    assert 'data-piece="black-man" data-square="15"' in picture
    assert 'data-piece="white-man" data-square="19"' in picture
    assert 'data-square="8"' not in re.sub(r'<rect[^>]*data-square="8"[^>]*>', "", picture)
    assert "White to move" in fallback
    # Its own style hides JupyterLab's "model not found" line above it (trusted notebooks).
    assert "<style>" in fallback and ":not(:has(.cw-root))" in fallback
    assert "Run the notebook to play on this board." in fallback
    assert outputs[0]["data"]["text/plain"].startswith("<CheckersWidget B:")  # one plain line

    # No widget state is saved, so the HTML export falls back to the picture.
    html, _ = HTMLExporter().from_notebook_node(nb)
    (exported,) = pictures(html)
    assert exported.count('data-piece="black-man"') == 12
    assert 'data-piece="black-man" data-square="11"' in exported
    assert "White to move" in html
