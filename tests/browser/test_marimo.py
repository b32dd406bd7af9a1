"""The board in marimo (``marimo run``, headless chromium), and JupyterLab left as it was.

- examples/marimo_board.py renders; a click plays; the cells that read the board run
  again and show the new move (marimo re-runs them only on a change from the browser:
  the front end reports the position it drew when Python asks, widget/marimo_reports.py);
  the computer's reply shows too; ``board.value`` holds what the README says.
- The controls follow marimo's theme: dark in its dark theme, and in its "system" theme
  under a dark ``prefers-color-scheme``; light in its light theme even then.
- JupyterLab: its theme's colours still win, and the front end sends no report there
  (no message more than the moves themselves).
"""

from __future__ import annotations

import re
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from board_helpers import BOARD, BOARD_PIECE, STATUS, kernel, piece_on, sq, widget_root
from jupyter_harness import wait_until_settled
from marimo_harness import MarimoServer, start_marimo_server, themed_notebook
from playwright.sync_api import Locator, Page, expect

from checkers_widget import Board
from slowdown import scaled_ms

pytestmark = pytest.mark.browser

THEMES = ("light", "dark", "system")
#: A cell added to the test's copies: the keys of ``board.value`` (the README lists them)
#: and the orientation (Flip changes it from the browser).
VALUE_KEYS_CELL = """

@app.cell
def _(board, mo):
    mo.md("value keys: " + ", ".join(sorted(board.value)) + "; " + board.value["orientation"])
    return
"""


def _notebook_copy(source: str, *, opponent: bool = False) -> str:
    if opponent:
        source = source.replace("CheckersWidget()", 'CheckersWidget(opponent="easy", seed=1)')
        assert "opponent=" in source
    head, main = source.split('\n\nif __name__ == "__main__":')
    return head.rstrip("\n") + "\n" + VALUE_KEYS_CELL + '\n\nif __name__ == "__main__":' + main


@pytest.fixture(scope="module")
def marimo_server(repo_root: Path, artifacts_dir: Path) -> Iterator[MarimoServer]:
    """``marimo run`` serving copies of examples/marimo_board.py, one per marimo theme
    (``board_<theme>.py``) and one against the computer (``computer_light.py``)."""
    home = Path(tempfile.mkdtemp(prefix="checkers-marimo-"))
    folder = home / "notebooks"
    folder.mkdir()
    source = (repo_root / "examples" / "marimo_board.py").read_text()
    for theme in THEMES:
        (folder / f"board_{theme}.py").write_text(themed_notebook(_notebook_copy(source), theme))
    (folder / "computer_light.py").write_text(
        themed_notebook(_notebook_copy(source, opponent=True), "light")
    )
    try:
        server = start_marimo_server(folder, home, artifacts_dir)
    except RuntimeError as exc:
        shutil.rmtree(home, ignore_errors=True)
        pytest.fail(str(exc), pytrace=False)
    try:
        yield server
    finally:
        server.stop()
        shutil.rmtree(home, ignore_errors=True)


def open_app(page: Page, server: MarimoServer, notebook: str) -> Locator:
    """Open ``notebook``'s app view; returns the board's root once every cell has run."""
    page.goto(server.url(notebook))
    root = page.locator(".cw-root")
    expect(root.locator(BOARD)).to_be_visible(timeout=scaled_ms(90_000))
    expect(page.get_by_text("value keys:")).to_be_visible()
    return root


def moves_line(page: Page) -> Locator:
    """The paragraph of the cell that lists the moves (its bold label, and the moves)."""
    return page.get_by_text("Moves so far").locator("xpath=..")


def fen_after(*moves: str) -> str:
    board = Board()
    for text in moves:
        board.push(board.parse_move(text))
    return board.to_fen()


def test_a_move_on_the_board_reruns_the_cells_that_read_it(page, marimo_server, artifacts_dir):
    root = open_app(page, marimo_server, "board_light.py")
    expect(root.locator(BOARD_PIECE)).to_have_count(24)
    expect(root.locator(STATUS)).to_have_text("Black to move")
    expect(moves_line(page)).to_have_text("Moves so far (0): none yet")
    expect(page.get_by_text(f"Position (FEN): {fen_after()}")).to_be_visible()
    # What board.value holds (the README says so).
    expect(page.get_by_text("value keys:")).to_have_text(
        "value keys: accessible, animate, drawn_version, game_info, interactive, live_eval, "
        "orientation, show_numbers, size, state; black"
    )

    sq(root, 11).click()
    sq(root, 15).click()
    expect(piece_on(root, 15)).to_have_count(1)
    expect(moves_line(page)).to_have_text("Moves so far (1): 11-15")
    expect(page.get_by_text("Status: White to move")).to_be_visible()
    expect(page.get_by_text(f"Position (FEN): {fen_after('11-15')}")).to_be_visible()

    sq(root, 22).click()
    sq(root, 18).click()
    expect(moves_line(page)).to_have_text("Moves so far (2): 11-15 22-18")
    expect(page.get_by_text(f"Position (FEN): {fen_after('11-15', '22-18')}")).to_be_visible()

    # Undo, a command, is a change made on the board too; Flip re-runs them as well.
    root.locator('[data-action="undo"]').click()
    expect(moves_line(page)).to_have_text("Moves so far (1): 11-15")
    expect(piece_on(root, 18)).to_have_count(0)
    root.locator('[data-action="flip"]').click()
    expect(page.get_by_text("value keys:")).to_have_text(re.compile(r"; white$"))
    expect(moves_line(page)).to_have_text("Moves so far (1): 11-15")
    # (marimo's app scrolls inside its own element: a tall window shows every cell.)
    page.set_viewport_size({"width": 1280, "height": 1500})
    page.screenshot(path=str(artifacts_dir / "marimo-played-light.png"))


def test_the_computer_s_reply_shows_in_the_cells_too(page, marimo_server):
    root = open_app(page, marimo_server, "computer_light.py")
    sq(root, 11).click()
    sq(root, 15).click()
    expect(moves_line(page)).to_have_text(re.compile(r"Moves so far \(2\): 11-15 \d+-\d+"))
    status = root.locator(STATUS).text_content()
    assert status is not None and status.startswith("Black to move")
    expect(page.get_by_text(f"Status: {status}")).to_be_visible()


# The chrome's colours: JupyterLab Light's and JupyterLab Dark's (js/widget.css fallbacks).
LIGHT = {
    "text": "rgba(0, 0, 0, 0.87)",
    "button": "rgb(255, 255, 255)",
    "status": "rgb(238, 238, 238)",
}
DARK = {
    "text": "rgba(255, 255, 255, 0.87)",
    "button": "rgb(33, 33, 33)",
    "status": "rgb(66, 66, 66)",
}

_JS_CHROME = """(root) => {
  const style = (sel, prop) => getComputedStyle(root.querySelector(sel))[prop];
  return {
    text: getComputedStyle(root).color,
    button: style('[data-action="new"]', 'backgroundColor'),
    buttonText: style('[data-action="new"]', 'color'),
    status: style('[data-role="status"]', 'backgroundColor'),
    page: getComputedStyle(document.body).backgroundColor,
  };
}"""


def _luminance(colour: str) -> float:
    """Relative luminance of an ``rgb()``/``rgba()``/``color(srgb ...)`` colour (alpha ignored)."""
    numbers = [float(x) for x in re.findall(r"[\d.]+", colour)[:3]]
    scale = 1.0 if colour.startswith("color(") else 255.0
    r, g, b = (n / scale for n in numbers)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


@pytest.mark.parametrize(
    ("theme", "scheme", "dark"),
    [
        ("light", "light", False),
        ("light", "dark", False),  # marimo's light theme on a dark system stays light
        ("dark", "light", True),  # marimo's dark theme on a light system
        ("system", "dark", True),  # marimo following prefers-color-scheme
        ("system", "light", False),
    ],
)
def test_the_controls_follow_marimo_s_theme(
    page, marimo_server, artifacts_dir, theme, scheme, dark
):
    page.emulate_media(color_scheme=scheme)
    root = open_app(page, marimo_server, f"board_{theme}.py")
    colours = root.evaluate(_JS_CHROME)
    expected = DARK if dark else LIGHT
    assert {k: colours[k] for k in expected} == expected, colours
    assert colours["buttonText"] == expected["text"]
    # The controls sit on marimo's page as they do on JupyterLab's: text far from the
    # page's own background, buttons close to it.
    page_lum = _luminance(colours["page"])
    assert abs(_luminance(colours["text"]) - page_lum) > 0.6, colours
    assert abs(_luminance(colours["button"]) - page_lum) < 0.1, colours
    sq(root, 11).click()  # a move, so that the pictures show the move list too
    sq(root, 15).click()
    expect(moves_line(page)).to_have_text("Moves so far (1): 11-15")
    for width in (1280, 480):
        # (marimo's app scrolls inside its own element: a tall window shows every cell.)
        page.set_viewport_size({"width": width, "height": 1500})
        expect(root.locator(BOARD)).to_be_visible()
        wait_until_settled(page)  # the layout at the new width
        name = f"marimo-{theme}-theme-{scheme}-system-{width}px.png"
        page.screenshot(path=str(artifacts_dir / name))


# ------------------------------------------------------------------ JupyterLab unchanged

_JS_JUPYTER_THEME = """(root) => {
  const probe = (prop, value) => {
    const el = document.createElement('div');
    el.style[prop] = value;
    root.parentElement.appendChild(el);
    const got = getComputedStyle(el)[prop];
    el.remove();
    return got;
  };
  const style = (sel, prop) => getComputedStyle(root.querySelector(sel))[prop];
  return {
    widget: {
      text: getComputedStyle(root).color,
      button: style('[data-action="new"]', 'backgroundColor'),
      status: style('[data-role="status"]', 'backgroundColor'),
    },
    theme: {
      text: probe('color', 'var(--jp-ui-font-color1)'),
      button: probe('backgroundColor', 'var(--jp-layout-color1)'),
      status: probe('backgroundColor', 'var(--jp-layout-color2)'),
    },
  };
}"""


@pytest.mark.parametrize("theme", ["JupyterLab Light", "JupyterLab Dark"])
def test_jupyterlab_keeps_its_colours_and_gets_no_reports(lab, make_notebook, theme):
    path = make_notebook(
        """
        from checkers_widget import CheckersWidget
        w = CheckersWidget()
        methods = []  # what the browser sends to the kernel, message by message
        _handle = w._handle_msg
        w.comm.on_msg(lambda msg: (methods.append(msg["content"]["data"]["method"]), _handle(msg)))
        w
        """
    )
    lab.open_in_lab(path)
    if theme != "JupyterLab Light":
        lab.set_theme(theme)
    lab.run_all_cells()
    expect(lab.page.locator(BOARD)).to_have_count(1)
    root = widget_root(lab)
    colours = root.evaluate(_JS_JUPYTER_THEME)
    assert colours["widget"] == colours["theme"]
    assert colours["widget"] == (DARK if theme == "JupyterLab Dark" else LIGHT)

    sq(root, 11).click()
    sq(root, 15).click()
    expect(piece_on(root, 15)).to_have_count(1)
    sq(root, 22).click()
    sq(root, 18).click()
    expect(piece_on(root, 18)).to_have_count(1)
    # Messages arrive in order: a report of the first move's position would have come
    # before the second move. There are only the two moves.
    out = kernel(lab.page, "print(methods, w.drawn_version, w.game.ply)")
    assert out.split() == ["['custom',", "'custom']", "0", "2"]
