"""Developing the front end with ANYWIDGET_HMR=1 and ``npm run dev`` (the README's recipe).

A copy of the package and of js/ (so that the repository is never edited) is rebuilt by
``npm run dev`` (esbuild watching js/); a JupyterLab whose kernel imports that copy runs
with ``ANYWIDGET_HMR=1``. An edit to a js file must then reach the board already open in
the notebook: anywidget's watcher (watchfiles) sees the new bundle and sends it, and the
view is drawn again by the new code, with no kernel restart and no page reload, the game
where it was (Python holds it).
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from board_helpers import BOARD_PIECE, kernel, write_notebook
from jupyter_harness import JupyterDriver, JupyterServer, start_jupyter_server
from playwright.sync_api import Page

from slowdown import scaled

pytestmark = [pytest.mark.browser, pytest.mark.slow]

# A line of js/layout.js (the part that makes the board's root): the test adds a mark after it.
PROBE_LINE = 'const root = el("div", "cw-root");'
BUILD_TIMEOUT = scaled(60.0)


@pytest.fixture
def dev_copy(tmp_path: Path, repo_root: Path) -> Iterator[Path]:
    """The package and js/ copied, with ``npm run dev`` rebuilding the copy's bundle."""
    copy = tmp_path / "dev"
    shutil.copytree(
        repo_root / "src" / "checkers_widget",
        copy / "src" / "checkers_widget",
        ignore=shutil.ignore_patterns("static", "__pycache__"),
    )
    shutil.copytree(repo_root / "js", copy / "js")
    shutil.copy2(repo_root / "package.json", copy)
    # The tool chain is only read (esbuild runs from it); nothing is installed.
    (copy / "node_modules").symlink_to((repo_root / "node_modules").resolve())
    log = copy / "npm-run-dev.log"
    with open(log, "wb") as out:
        dev = subprocess.Popen(
            ["npm", "run", "dev"],
            cwd=copy,
            stdin=subprocess.DEVNULL,  # as from a script: the watch must not stop on EOF
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    try:
        deadline = time.monotonic() + BUILD_TIMEOUT
        bundle = copy / "src" / "checkers_widget" / "static" / "widget.js"
        while "watching for changes" not in log.read_text(errors="replace"):
            assert dev.poll() is None, f"npm run dev stopped:\n{log.read_text()}"
            assert time.monotonic() < deadline, f"no first build:\n{log.read_text()}"
            time.sleep(0.2)
        assert bundle.stat().st_size > 10_000
        yield copy
        assert dev.poll() is None, f"npm run dev stopped during the test:\n{log.read_text()}"
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(dev.pid, signal.SIGTERM)
        dev.wait(timeout=30)


@pytest.fixture
def hmr_server(
    dev_copy: Path, artifacts_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[JupyterServer]:
    """JupyterLab with ``ANYWIDGET_HMR=1``, its kernels importing the copy."""
    notebooks = dev_copy / "notebooks"
    notebooks.mkdir()
    with monkeypatch.context() as env:
        env.setenv("ANYWIDGET_HMR", "1")
        env.setenv("PYTHONPATH", str(dev_copy / "src"))
        try:
            server = start_jupyter_server(notebooks, artifacts_dir / "hmr")
        except RuntimeError as exc:
            pytest.fail(str(exc), pytrace=False)
    try:
        yield server
    finally:
        server.stop()


def save(path: Path, text: str) -> None:
    """Save as editors that write atomically do: the new file replaces the old one whole.

    (A save that first empties the file lets esbuild build the empty module, which
    anywidget then sends: the console shows "module must export a default function or
    object" until the next build. See the README.)
    """
    draft = path.with_name(f".{path.name}.draft")
    draft.write_text(text, encoding="utf-8")
    os.replace(draft, path)


def root_state(page: Page) -> dict[str, object]:
    return page.evaluate(
        """(selector) => {
          const roots = document.querySelectorAll('.cw-root');
          const on = (n) => !!document.querySelector(`${selector}[data-square="${n}"]`);
          return {roots: roots.length, probe: roots[0]?.dataset.hmrProbe ?? null,
                  reloaded: window.__notReloaded !== true, on15: on(15), on11: on(11)};
        }""",
        BOARD_PIECE,
    )


def test_an_edit_to_a_js_file_reaches_the_open_board_without_a_restart(
    page: Page,
    dev_copy: Path,
    hmr_server: JupyterServer,
    artifacts_dir: Path,
    request: pytest.FixtureRequest,
) -> None:
    path = write_notebook(
        hmr_server,
        "hmr.ipynb",
        """
        import checkers_widget
        from checkers_widget import CheckersWidget
        sent = []  # every bundle anywidget's watcher sends, by length
        CheckersWidget._esm.changed.connect(lambda text: sent.append(len(text)))
        w = CheckersWidget()
        w
        """,
        "w.game.play('11-15'); print(checkers_widget.__file__)",
    )
    lab = JupyterDriver(page, hmr_server, artifacts_dir, request.node.name)
    lab.open_in_lab(path)
    lab.run_all_cells()
    imported = str(dev_copy / "src" / "checkers_widget" / "__init__.py")
    assert any(imported in text for text in lab.output_texts()), lab.output_texts()
    page.wait_for_selector(f'{BOARD_PIECE}[data-square="15"]')
    page.evaluate("() => { window.__notReloaded = true; }")
    kernels = [s["kernel"]["id"] for s in hmr_server.api("GET", "/api/sessions")]
    assert root_state(page) == {
        "roots": 1,
        "probe": None,
        "reloaded": False,
        "on15": True,
        "on11": False,
    }

    source = dev_copy / "js" / "layout.js"
    original = source.read_text(encoding="utf-8")
    assert original.count(PROBE_LINE) == 1
    for mark in ("first", "second"):
        save(
            source, original.replace(PROBE_LINE, f'{PROBE_LINE} root.dataset.hmrProbe = "{mark}";')
        )
        page.wait_for_function(
            "(mark) => document.querySelector('.cw-root')?.dataset.hmrProbe === mark",
            arg=mark,
            timeout=BUILD_TIMEOUT * 1000,
        )
        # Drawn again by the new code: one board, the same page, the game as it was.
        assert root_state(page) == {
            "roots": 1,
            "probe": mark,
            "reloaded": False,
            "on15": True,
            "on11": False,
        }
    lab.screenshot("hmr-after-edit")
    save(source, original)
    page.wait_for_function(
        "() => { const r = document.querySelector('.cw-root'); return r && !r.dataset.hmrProbe; }",
        timeout=BUILD_TIMEOUT * 1000,
    )
    assert root_state(page)["roots"] == 1

    # The same kernel all along (a restart would keep its id, but not the game and the
    # list made by the first cell, read below).
    assert [s["kernel"]["id"] for s in hmr_server.api("GET", "/api/sessions")] == kernels
    bundle = dev_copy / "src" / "checkers_widget" / "static" / "widget.js"
    assert kernel(page, "print(*map(str, w.game.moves), len(w._esm))").split() == [
        "11-15",
        str(len(bundle.read_text(encoding="utf-8"))),
    ]
    sent = [int(n) for n in kernel(page, "print(*sent)").split()]
    # One whole bundle a save (the watcher may send one twice), never an empty module.
    assert len(sent) >= 3 and sent[-1] == len(bundle.read_text(encoding="utf-8"))
    assert min(sent) > 10_000, sent
