"""One output per board: the live board and its picture in the same MIME bundle.

A notebook executed by nbclient (``jupyter nbconvert --execute``) holds exactly one output
per display of a board, carrying both; exported with ``jupyter nbconvert --to html``, it
shows each board's picture once, with the position the board had when displayed.
"""

from __future__ import annotations

import base64
import re
import subprocess
import sys
from pathlib import Path

import nbformat
from nbclient import NotebookClient
from nbconvert import HTMLExporter

from checkers_widget.widget.fallback import FALLBACK_NOTE

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"

CELLS = [
    # 0: a board as the cell's last value, after one move.
    'from checkers_widget import CheckersWidget\nw = CheckersWidget()\nw.play("11-15")\nw',
    # 1: played on from the next cell: the picture stays as displayed.
    'w.play("23-19")\nw.play("8-11");',
    # 2: a board displayed twice, with a move in between: each display is its own output.
    'v = CheckersWidget(orientation="white")\ndisplay(v)\nv.play("9-13")\ndisplay(v)',
    # 3: a board in an ipywidgets container: the container's own output, no picture.
    "import ipywidgets as ipw\nipw.VBox([CheckersWidget()])",
    # 4: the first board shown again, at its position of now.
    "w",
]


def notebook() -> nbformat.NotebookNode:
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(source) for source in CELLS]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3"}
    return nb


def pictures(html: str) -> list[str]:
    """The SVG markup of every ``<img>`` with an SVG data URL in ``html``: the picture is an
    image (it shrinks to the cell and survives an untrusted notebook's sanitizer)."""
    found = re.findall(r'<img [^>]*src="data:image/svg\+xml;base64,([A-Za-z0-9+/=]+)"', html)
    return [base64.b64decode(data).decode("utf-8") for data in found]


def outputs(nb: nbformat.NotebookNode, cell: int) -> list[dict]:
    return [o for o in nb.cells[cell].outputs if o["output_type"] != "stream"]


def piece_on(picture: str, square: int) -> str | None:
    found = re.search(rf'data-piece="([a-z-]+)" data-square="{square}"', picture)
    return found.group(1) if found else None


def check_one_output_per_board(nb: nbformat.NotebookNode) -> None:
    """What nbclient saved: one output per display, the live board beside its picture."""
    (shown,) = outputs(nb, 0)
    assert set(shown["data"]) == {WIDGET_VIEW, "text/html", "text/plain"}
    html = shown["data"]["text/html"]
    (picture,) = pictures(html)
    assert "<svg" not in html  # an image, not inline SVG
    # The position when displayed: after 11-15, White to move (not after cell 1's moves).
    assert piece_on(picture, 15) == "black-man" and piece_on(picture, 11) is None
    assert piece_on(picture, 8) == "black-man" and piece_on(picture, 23) == "white-man"
    assert "White to move" in html
    assert FALLBACK_NOTE in html
    text = shown["data"]["text/plain"]
    assert text.startswith("<CheckersWidget W:") and text.endswith(": White to move>")
    # No CSS decides which of the two shows: the front end's choice of MIME type does.
    assert ":has(" not in html and "display:none" not in html
    assert outputs(nb, 1) == []

    first, second = outputs(nb, 2)
    assert WIDGET_VIEW in first["data"] and WIDGET_VIEW in second["data"]
    assert first["data"][WIDGET_VIEW] == second["data"][WIDGET_VIEW]  # one widget, two views
    (before,) = pictures(first["data"]["text/html"])
    (after,) = pictures(second["data"]["text/html"])
    assert piece_on(before, 9) == "black-man" and piece_on(before, 13) is None
    assert piece_on(after, 9) is None and piece_on(after, 13) == "black-man"

    (container,) = outputs(nb, 3)
    assert WIDGET_VIEW in container["data"] and "text/html" not in container["data"]

    (again,) = outputs(nb, 4)
    (now,) = pictures(again["data"]["text/html"])
    assert piece_on(now, 19) == "white-man" and piece_on(now, 23) is None
    assert piece_on(now, 8) is None and piece_on(now, 11) == "black-man"
    assert again["data"][WIDGET_VIEW] == shown["data"][WIDGET_VIEW]


def test_the_bundle_holds_the_live_board_and_the_picture_of_now() -> None:
    from checkers_widget import CheckersWidget

    w = CheckersWidget(orientation="white")
    w.play("11-15")
    data, metadata = w._repr_mimebundle_()
    assert set(data) == {WIDGET_VIEW, "text/html", "text/plain"}
    assert data[WIDGET_VIEW]["model_id"] == w.model_id
    assert data["text/plain"] == repr(w)
    (picture,) = pictures(data["text/html"])
    assert piece_on(picture, 15) == "black-man" and piece_on(picture, 11) is None
    assert 'aria-label="Checkers position: W:' in picture
    assert isinstance(metadata, dict)
    w.play("22-18")
    (later,) = pictures(w._repr_mimebundle_()[0]["text/html"])
    assert piece_on(later, 18) == "white-man"  # each display draws the position of then
    w.close()


def run_nbconvert(*args: str | Path) -> None:
    subprocess.run(
        [sys.executable, "-m", "jupyter", "nbconvert", *map(str, args)],
        check=True,
        capture_output=True,
        timeout=300,
    )


def test_nbconvert_executes_one_output_per_board_and_exports_the_pictures(
    tmp_path: Path,
) -> None:
    """Without widget state in the notebook (as JupyterLab saves it by default)."""
    source = tmp_path / "boards.ipynb"
    nbformat.write(notebook(), str(source))
    run_nbconvert(
        "--to",
        "notebook",
        "--execute",
        "--ExecutePreprocessor.store_widget_state=False",
        "--output",
        "executed.ipynb",
        source,
    )
    executed = tmp_path / "executed.ipynb"
    nb = nbformat.read(str(executed), as_version=4)
    assert "widgets" not in nb.metadata
    check_one_output_per_board(nb)

    run_nbconvert("--to", "html", executed)
    html = (tmp_path / "executed.html").read_text(encoding="utf-8")
    # Each display of a board shows its picture once (w, v twice, w again); the
    # container has none. Without widget state nbconvert writes no widget view.
    shown = pictures(html)
    assert len(shown) == 4
    assert html.count('class="cw-fallback"') == 4
    assert html.count(FALLBACK_NOTE) == 4
    assert f'type="{WIDGET_VIEW}"' not in html
    first, before, after, again = shown
    assert first.count('data-piece="black-man"') == 12
    assert piece_on(first, 15) == "black-man" and piece_on(first, 19) is None
    assert piece_on(before, 13) is None and piece_on(after, 13) == "black-man"
    assert piece_on(again, 19) == "white-man"
    assert html.count("White to move") == 3 and html.count("Black to move") == 1


def test_with_widget_state_saved_nbconvert_writes_the_widget_view_instead() -> None:
    """nbclient saves the widgets' state unless told not to: the outputs are the same, but
    nbconvert then prefers the widget view, for the widget manager the page loads."""
    nb = notebook()
    NotebookClient(nb, timeout=120, kernel_name="python3").execute()  # nbclient's defaults
    check_one_output_per_board(nb)
    state = nb.metadata["widgets"]["application/vnd.jupyter.widget-state+json"]["state"]
    boards = {o["data"][WIDGET_VIEW]["model_id"] for cell in (0, 2) for o in outputs(nb, cell)}
    assert len(boards) == 2 and boards <= set(state)

    html, _ = HTMLExporter().from_notebook_node(nb)
    assert pictures(html) == []
    assert html.count(f'<script type="{WIDGET_VIEW}">') == 5  # 4 displays and the container
    assert "@jupyter-widgets/html-manager" in html
