"""The offline JupyterLite site (``make lite``, build/lite/) in headless chromium.

The site is served as it would be from any static host: Python's http.server, in a
thread, on 127.0.0.1. Nothing else is reachable: every request the page, its service
worker or the kernel's web worker makes is recorded, any that leaves 127.0.0.1 is aborted,
and the tests check that none did. Pyodide, its lock file and every wheel the kernel
loads come from the site itself.

- A new notebook, as a pupil would make it, runs ``from checkers_widget import
  CheckersWidget; CheckersWidget(opponent="easy")`` with no ``%pip`` line: the board is
  drawn, a click plays, the computer replies. Pyodide has no threads, so the computer's
  search runs in place in the kernel (a web worker): the page keeps drawing meanwhile,
  and shows the computer thinking before its reply comes.
- Every example notebook runs top to bottom with Run All; notebook 06 stops where its
  first cell says it will, at network play (sockets and threads: a full kernel only).

``make test`` builds the site first; run alone, ``make lite`` then
``pytest tests/browser/test_lite.py``. Each test starts its own Pyodide kernel (half a
minute or more on a busy two-core machine), so the module is marked slow.
"""

from __future__ import annotations

import functools
import http.server
import re
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from board_helpers import BOARD, STATUS, kernel_json, piece_on, pieces, sq
from jupyter_harness import JupyterDriver, wait_until_settled
from playwright.sync_api import Locator, Page, Route, expect

from slowdown import scaled_ms

pytestmark = [pytest.mark.browser, pytest.mark.slow]

SITE = Path(__file__).resolve().parents[2] / "build" / "lite"
EXAMPLES = sorted(p.name for p in (SITE.parents[1] / "examples").glob("*.ipynb"))

#: Hang guards only: a Pyodide kernel starts in 10-60 s here, depending on the load.
KERNEL_TIMEOUT_MS = scaled_ms(300_000)
RUN_TIMEOUT_MS = scaled_ms(600_000)

NEW_CELL = 'from checkers_widget import CheckersWidget; CheckersWidget(opponent="easy")'
THINKING = '[data-role="thinking"]'
LIT = ".cw-sq.cw-movable"
WHITE_START = set(range(21, 33))


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


@dataclass
class LiteSite:
    """build/lite/ served on a free 127.0.0.1 port; quacks like a JupyterServer for the
    parts of :class:`JupyterDriver` that a static site has."""

    root: Path
    httpd: http.server.ThreadingHTTPServer
    thread: threading.Thread

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.httpd.server_address[1]}"

    def lab_url(self, workspace: str | None = None, path: str | None = None) -> str:
        """JupyterLab of the site (a static site has no workspaces: each test gets a fresh
        browser context instead, whose browser storage starts empty)."""
        return f"{self.base_url}/lab/index.html"

    def log_tail(self, lines: int = 60) -> str:
        return "(a static site: no server log)"

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
        self.thread.join(timeout=10)


@pytest.fixture(scope="module")
def lite_site() -> Iterator[LiteSite]:
    if not (SITE / "index.html").exists():
        pytest.fail(
            f"{SITE} has no index.html: build the site with `make lite` (make test does)",
            pytrace=False,
        )
    handler = functools.partial(_QuietHandler, directory=str(SITE))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, name="lite-site", daemon=True)
    thread.start()
    site = LiteSite(SITE, httpd, thread)
    try:
        yield site
    finally:
        site.stop()


@dataclass
class Requests:
    """Every URL the browser context asked for; those off the site were aborted."""

    site: str
    urls: list[str] = field(default_factory=list)
    blocked: list[str] = field(default_factory=list)

    def route(self, route: Route) -> None:
        url = route.request.url
        if url.startswith((self.site + "/", "data:", "blob:")):
            route.continue_()
        else:
            self.blocked.append(url)
            route.abort()


@pytest.fixture
def requests(page: Page, lite_site: LiteSite) -> Iterator[Requests]:
    seen = Requests(lite_site.base_url)
    page.context.on("request", lambda request: seen.urls.append(request.url))
    page.context.route("**/*", seen.route)
    yield seen
    assert seen.blocked == [], f"the site asked for {len(seen.blocked)} URL(s) off 127.0.0.1"


@pytest.fixture
def lite(
    page: Page, lite_site: LiteSite, requests: Requests, artifacts_dir: Path, request
) -> JupyterDriver:
    return JupyterDriver(page, lite_site, artifacts_dir, "lite-" + request.node.name)  # type: ignore[arg-type]


def play_by_clicks(root: Locator, path: list[int]) -> None:
    """Pick up the piece on path[0] and click the final square."""
    expect(sq(root, path[0])).to_have_class(re.compile(r"\bcw-movable\b"))
    sq(root, path[0]).click()
    expect(sq(root, path[-1])).to_have_class(re.compile(r"\bcw-target\b"))
    sq(root, path[-1]).click()


# Record, as the page draws them, the moments the computer is shown thinking and the
# moment its reply is on the board (a white piece off its starting squares).
_JS_WATCH_REPLY = """
(root) => {
  const log = [];
  window.__checkersReplyLog = log;
  const white = () => [...root.querySelectorAll('.cw-pieces [data-piece^="white"]')]
    .map((el) => Number(el.dataset.square));
  const check = () => {
    const thinking = root.querySelector('[data-role="thinking"]');
    if (thinking && thinking.checkVisibility() && !log.includes('thinking')) log.push('thinking');
    if (white().some((s) => s < 21) && !log.includes('reply')) log.push('reply');
  };
  new MutationObserver(check).observe(root, {subtree: true, childList: true, attributes: true});
}
"""

_JS_NEW_NOTEBOOK = """
async (source) => {
  const app = window.jupyterapp;
  const panel = await app.commands.execute('notebook:create-new', {kernelName: 'python'});
  await panel.context.ready;
  panel.content.model.cells.get(0).sharedModel.setSource(source);
  return panel.context.path;
}
"""


def test_a_new_notebook_plays_the_computer(lite, requests, console_log, artifacts_dir):
    page = lite.page
    started = time.monotonic()
    lite.open_lab()
    path = page.evaluate(_JS_NEW_NOTEBOOK, NEW_CELL)
    lite.wait_for_kernel_idle(path, timeout_ms=KERNEL_TIMEOUT_MS)
    kernel_ready = time.monotonic()
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-cell')")
    root = page.locator(".cw-root").first
    expect(root.locator(BOARD)).to_be_visible(timeout=KERNEL_TIMEOUT_MS)
    drawn = time.monotonic()
    assert lite.error_outputs() == []
    expect(root.locator(STATUS)).to_have_text("Black to move")
    assert set(pieces(root).values()) == {"black-man", "white-man"}
    assert len(pieces(root)) == 24

    # The package came from the site's Pyodide lock, loaded for the import: no %pip.
    loads = [e.text for e in console_log.entries if e.text.startswith("Loading ")]
    assert any("checkers-widget" in text and "anywidget" in text for text in loads), loads
    site_wheel = f"{requests.site}/static/pyodide/checkers_widget-"
    assert any(url.startswith(site_wheel) for url in requests.urls), "wheel not loaded"

    page.evaluate(_JS_WATCH_REPLY, root.element_handle())
    play_by_clicks(root, [11, 15])
    # Black's move is drawn, the computer answers, and Black may move again.
    expect(piece_on(root, 15)).to_have_attribute("data-piece", "black-man")
    page.wait_for_function(
        "() => (window.__checkersReplyLog || []).includes('reply')", timeout=scaled_ms(120_000)
    )
    expect(root.locator(LIT).first).to_be_visible()
    replied = time.monotonic()
    # Easy plays at random among its near-best moves: some replies offer Black a jump.
    black_to_move = re.compile(r"^\s*Black to move(: you must jump)?\s*$")
    expect(root.locator(STATUS)).to_have_text(black_to_move)
    board = pieces(root)
    white = {square for square, piece in board.items() if piece == "white-man"}
    assert len(white) == 12 and len(white - WHITE_START) == 1, board
    assert 11 not in board and board[15] == "black-man", board
    # The page drew the computer thinking before its reply: the search ran in the
    # kernel's worker while the page kept drawing.
    assert page.evaluate("() => window.__checkersReplyLog") == ["thinking", "reply"]
    expect(root.locator(THINKING)).to_be_hidden()

    # In Pyodide: no threads, so the computer searched in place (play/search_runner.py).
    facts = kernel_json(
        page,
        "(lambda sys, runner: {'platform': sys.platform, 'threads': runner.THREADS_AVAILABLE})"
        "(__import__('sys'), __import__('checkers_widget.play.search_runner', "
        "fromlist=['x']))",
    )
    assert facts == {"platform": "emscripten", "threads": False}
    print(
        f"\nlite: kernel idle after {kernel_ready - started:.0f} s, board drawn "
        f"{drawn - kernel_ready:.0f} s later, click to reply {replied - drawn:.0f} s"
    )

    root.screenshot(path=str(artifacts_dir / "lite-board-light.png"))
    lite.screenshot("page-light")
    lite.set_theme("JupyterLab Dark")
    root.screenshot(path=str(artifacts_dir / "lite-board-dark.png"))
    page.set_viewport_size({"width": 700, "height": 900})
    wait_until_settled(page)  # the layout at the new width, before the picture
    lite.screenshot("page-dark-narrow")


#: Where an example notebook stops in the site, by design (its first cell says so).
EXPECTED_STOPS = {
    "06_play_features.ipynb": (
        "CheckersWidget.host(",
        "network play needs sockets and threads, which are not "
        "available in Pyodide/JupyterLite; run the notebook on a regular Jupyter kernel",
    ),
}


def _cells(page: Page) -> list[dict]:
    return page.evaluate(
        """() => {
          const cells = window.jupyterapp.shell.currentWidget.content.model.cells;
          const out = [];
          for (let i = 0; i < cells.length; i++) {
            const c = cells.get(i);
            out.push({type: c.type, source: c.sharedModel.getSource()});
          }
          return out;
        }"""
    )


@pytest.mark.parametrize("name", EXAMPLES)
def test_every_example_notebook_runs_in_the_site(lite, name):
    page = lite.page
    started = time.monotonic()
    lite.open_in_lab(name, kernel_timeout_ms=KERNEL_TIMEOUT_MS)
    kernel_ready = time.monotonic()
    stop = EXPECTED_STOPS.get(name)
    unexecuted = lite.run_all_cells(RUN_TIMEOUT_MS, every_cell=stop is None)
    print(
        f"\n{name}: kernel idle after {kernel_ready - started:.0f} s, "
        f"Run All {time.monotonic() - kernel_ready:.0f} s"
    )
    lite.screenshot("run-all")
    if stop is None:
        assert lite.error_outputs() == []
        return
    marker, error = stop
    cells = _cells(page)
    (stop_at,) = [i for i, c in enumerate(cells) if c["type"] == "code" and marker in c["source"]]
    assert "need a full Jupyter kernel" in cells[0]["source"].replace("\n", " ")
    # What is shown: the traceback (its first 2,000 characters here), and the cell's
    # error output ("cell N: name: text").
    errors = lite.error_outputs()
    assert errors and all("NetworkUnavailableError" in e for e in errors), errors
    (output,) = [e for e in errors if e.startswith("cell ")]
    assert output.startswith(f"cell {stop_at}: ") and output.endswith(error), errors
    assert unexecuted and min(unexecuted) > stop_at, unexecuted
    # Everything before network play ran: the autosaved game came back with 11-15 and
    # the computer's reply (searched in place, as Pyodide has no threads).
    paused, moves = kernel_json(page, "[timed.paused, [str(m) for m in again.game.moves]]")
    assert paused is False and len(moves) == 2 and moves[0] == "11-15", moves
