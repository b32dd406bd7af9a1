"""Fixtures for the browser tests: a real JupyterLab server and headless Debian chromium.

- ``jupyter_server`` (session): ``python -m jupyter lab`` on a free 127.0.0.1 port with a
  token, serving a temporary copy of examples/ (tests never modify the repository).
- ``browser`` (session): Debian's /usr/bin/chromium, headless, through Playwright.
- ``page`` (function): a fresh browser context and page.  Every console error and uncaught
  page error fails the test (see ``ALLOWED_ERRORS`` in jupyter_harness.py for the few
  known upstream messages that are tolerated).
- ``lab`` (function): a :class:`JupyterDriver` bound to that page and server: open a
  notebook in JupyterLab or Notebook 7, run all cells, switch theme, take screenshots.

Nothing here skips: a missing chromium or a server that does not start fails the tests.
"""

from __future__ import annotations

import contextlib
import os
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from board_helpers import write_notebook
from jupyter_harness import (
    CHROMIUM_ARGS,
    WAIT_MS,
    ConsoleLog,
    JupyterDriver,
    JupyterServer,
    chromium_executable,
    start_jupyter_server,
)
from playwright.sync_api import Browser, Page, expect, sync_playwright

ARTIFACTS_DIR = Path(__file__).resolve().parent / "artifacts"

# One hang guard for every wait that names none (scaled by CHECKERS_TEST_SLOWDOWN): the
# page's (wait_for_function, clicks...) and ``expect``'s, whose own default is 5 s.
expect.set_options(timeout=WAIT_MS)
CONSOLE_LOG_KEY = pytest.StashKey[ConsoleLog]()


@pytest.fixture(scope="session")
def artifacts_dir() -> Path:
    ARTIFACTS_DIR.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS_DIR


@pytest.fixture(scope="session")
def jupyter_server(repo_root: Path, artifacts_dir: Path) -> Iterator[JupyterServer]:
    try:
        server = start_jupyter_server(repo_root / "examples", artifacts_dir)
    except RuntimeError as exc:
        pytest.fail(str(exc), pytrace=False)
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    executable = chromium_executable()
    if not os.access(executable, os.X_OK):
        pytest.fail(
            f"chromium not found at {executable}. The browser tests use Debian's chromium "
            "(Playwright's own browser download is not available here). Install it with "
            "`sudo apt-get update && sudo apt-get install -y chromium` (make test does this "
            "when run as root), or set CHECKERS_CHROMIUM to another chromium binary.",
            pytrace=False,
        )
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=executable, headless=True, args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()


@pytest.fixture
def page(browser: Browser, request: pytest.FixtureRequest) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.set_default_timeout(WAIT_MS)
    page = context.new_page()
    log = ConsoleLog()
    log.attach(page)
    request.node.stash[CONSOLE_LOG_KEY] = log
    try:
        yield page
    finally:
        context.close()


@pytest.fixture
def console_log(page: Page, request: pytest.FixtureRequest) -> ConsoleLog:
    """Everything the test's page printed to its console so far (warnings included)."""
    return request.node.stash[CONSOLE_LOG_KEY]


@pytest.fixture
def lab(
    page: Page,
    jupyter_server: JupyterServer,
    artifacts_dir: Path,
    request: pytest.FixtureRequest,
) -> Iterator[JupyterDriver]:
    driver = JupyterDriver(page, jupyter_server, artifacts_dir, request.node.name)
    yield driver
    # Never let this clean-up mask the test's own failure (the page may be gone).
    if driver.theme_changed:
        # The theme is a persisted user setting; put it back for the next test.
        with contextlib.suppress(Exception):
            driver.set_theme("JupyterLab Light")
    # Kernels outlive the page: shut them down so the next test starts afresh.
    with contextlib.suppress(Exception):
        jupyter_server.shutdown_sessions()


@pytest.fixture
def make_notebook(jupyter_server: JupyterServer, request: pytest.FixtureRequest):
    """Write a notebook of code cells into the server's root; returns its path.

    Named after the test module and the test, so names never clash across files.
    """

    def make(*cells: str) -> str:
        module = request.node.module.__name__.rpartition(".")[2]
        test = re.sub(r"[^A-Za-z0-9_]+", "_", request.node.name)[:60]
        return write_notebook(jupyter_server, f"{module}__{test}.ipynb", *cells)

    return make


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Iterator[None]:
    """Fail a passing browser test if its page logged a console error or a page error."""
    result = yield
    log = item.stash.get(CONSOLE_LOG_KEY, None)
    if log is not None:
        errors = log.errors()
        if errors:
            listing = "\n".join(f"  {e}" for e in errors)
            pytest.fail(
                f"the page logged {len(errors)} JavaScript error(s):\n{listing}", pytrace=False
            )
    return result
