"""Drive a real JupyterLab / Notebook 7 in headless Debian chromium (Playwright).

Used by tests/browser/conftest.py; tests reach it through the ``jupyter_server`` and
``lab`` fixtures rather than importing it.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from playwright.sync_api import Locator, Page

from slowdown import scaled, scaled_ms

# Flags for Debian's chromium in this sandbox: no GPU, no sandbox (we run as root), and
# nothing that phones home (the network is closed; those connections only make noise).
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
DEFAULT_CHROMIUM = "/usr/bin/chromium"

# Hang guards, never waits: each wait returns as soon as its condition holds. Scaled by
# CHECKERS_TEST_SLOWDOWN (tests/slowdown.py) so that a loaded machine is not a hang.
SERVER_START_TIMEOUT = scaled(90.0)  # seconds until JupyterLab answers /api/status
APP_TIMEOUT_MS = scaled_ms(90_000)  # front end loaded, notebook open, kernel idle
RUN_TIMEOUT_MS = scaled_ms(180_000)  # one "run all cells"
#: Any other Playwright wait (the page's default and ``expect``'s, set by conftest.py).
WAIT_MS = scaled_ms(60_000)


def chromium_executable() -> str:
    """Path of the chromium binary: $CHECKERS_CHROMIUM or Debian's /usr/bin/chromium."""
    return os.environ.get("CHECKERS_CHROMIUM", DEFAULT_CHROMIUM)


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


# --------------------------------------------------------------------------------------
# The JupyterLab server
# --------------------------------------------------------------------------------------


@dataclass
class JupyterServer:
    """A JupyterLab server started by :func:`start_jupyter_server`."""

    proc: subprocess.Popen[bytes]
    port: int
    token: str
    root_dir: Path
    home: Path
    log_path: Path

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def lab_url(self, workspace: str | None = None, path: str | None = None) -> str:
        """URL of JupyterLab, in the named ``workspace`` (a fresh one per test, so tabs
        restored from earlier tests do not get in the way), optionally opening ``path``
        (relative to root_dir) through ``/tree/<path>``.

        Note: :meth:`JupyterDriver.open_in_lab` does not use the ``/tree/<path>`` form. With
        jupyterlab 4.6.6 + notebook 7.6.5, serving a ``/lab/.../tree/<path>`` page leaks
        ``treePath`` into the page config of every later Notebook 7 page on the same server,
        whose front end then throws "Command 'filebrowser:open-path' not registered".
        """
        prefix = f"/lab/workspaces/{workspace}" if workspace else "/lab"
        tree = f"/tree/{path}" if path else ""
        return f"{self.base_url}{prefix}{tree}?token={self.token}"

    def notebook7_url(self, path: str) -> str:
        """URL opening ``path`` in the Notebook 7 interface."""
        return f"{self.base_url}/notebooks/{path}?token={self.token}"

    def api(self, method: str, path: str, body: Any = None, timeout: float = scaled(10.0)) -> Any:
        """Call the server's REST API; returns the decoded JSON (or None)."""
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(
            f"{self.base_url}{path}",
            data=data,
            method=method,
            headers={"Authorization": f"token {self.token}", "Content-Type": "application/json"},
        )
        with urllib.request.urlopen(req, timeout=timeout) as resp:
            raw = resp.read()
        return json.loads(raw) if raw else None

    def shutdown_sessions(self) -> None:
        """Shut down every notebook session and kernel (each test starts with fresh kernels)."""
        for session in self.api("GET", "/api/sessions") or []:
            self.api("DELETE", f"/api/sessions/{session['id']}")
        for kernel in self.api("GET", "/api/kernels") or []:
            self.api("DELETE", f"/api/kernels/{kernel['id']}")

    def log_tail(self, lines: int = 60) -> str:
        try:
            text = self.log_path.read_text(errors="replace")
        except OSError:
            return "(no server log)"
        return "\n".join(text.splitlines()[-lines:])

    def stop(self) -> None:
        """Shut down kernels and the server, then kill whatever is left of its process group."""
        if self.proc.poll() is None:
            try:
                self.shutdown_sessions()
                self.api("POST", "/api/shutdown")
                self.proc.wait(timeout=15)
            except (OSError, urllib.error.URLError, subprocess.TimeoutExpired):
                pass
        for sig in (signal.SIGTERM, signal.SIGKILL):
            if self.proc.poll() is not None:
                break
            try:
                os.killpg(self.proc.pid, sig)
            except ProcessLookupError:
                break
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                continue
        # The server is the leader of its own process group; anything still in it
        # (e.g. a kernel that did not exit) goes too.
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self.proc.pid, signal.SIGKILL)
        shutil.rmtree(self.home, ignore_errors=True)


def _write_isolated_config(home: Path) -> dict[str, str]:
    """Private Jupyter config/settings/workspace dirs, so tests neither read nor change
    the developer's own (~/.jupyter) and start from the same defaults every time."""
    config_dir = home / "config"
    settings_dir = home / "lab-settings"
    workspaces_dir = home / "lab-workspaces"
    runtime_dir = home / "runtime"
    for d in (config_dir, settings_dir, workspaces_dir, runtime_dir, home / "notary"):
        d.mkdir(parents=True, exist_ok=True)
    # No news / update checks: they would fetch from the internet (closed here) and pop up
    # a notification over the notebook.
    (config_dir / "jupyter_server_config.json").write_text(
        json.dumps(
            {
                "LabApp": {
                    "news_url": None,
                    "check_for_updates_class": "jupyterlab.NeverCheckForUpdate",
                },
                # Notebooks saved by a test are signed (trusted) here, not in the
                # developer's ~/.local/share/jupyter.
                "NotebookNotary": {"data_dir": str(home / "notary")},
            }
        )
    )
    notif = settings_dir / "@jupyterlab" / "apputils-extension"
    notif.mkdir(parents=True, exist_ok=True)
    (notif / "notification.jupyterlab-settings").write_text(
        json.dumps({"fetchNews": "false", "checkForUpdates": False})
    )
    return {
        "JUPYTER_CONFIG_DIR": str(config_dir),
        "JUPYTERLAB_SETTINGS_DIR": str(settings_dir),
        "JUPYTERLAB_WORKSPACES_DIR": str(workspaces_dir),
        "JUPYTER_RUNTIME_DIR": str(runtime_dir),
        "IPYTHONDIR": str(home / "ipython"),
    }


def start_jupyter_server(examples_dir: Path, log_dir: Path) -> JupyterServer:
    """Start ``python -m jupyter lab`` (this interpreter's, i.e. the venv's) on a free
    loopback port, serving a temporary copy of ``examples_dir``; wait until it answers."""
    home = Path(tempfile.mkdtemp(prefix="checkers-jupyter-"))
    root_dir = home / "notebooks"
    shutil.copytree(examples_dir, root_dir, ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    port = free_port()
    token = secrets.token_hex(16)
    log_dir.mkdir(parents=True, exist_ok=True)
    log_path = log_dir / "jupyterlab-server.log"

    env = os.environ.copy()
    env.update(_write_isolated_config(home))
    env["PYTHONUNBUFFERED"] = "1"
    # Kernels keep milestones and lesson progress here, never in the real home folder.
    env["CHECKERS_WIDGET_HOME"] = str(home / "checkers-widget")
    cmd = [
        sys.executable,
        "-m",
        "jupyter",
        "lab",
        "--no-browser",
        "--ip=127.0.0.1",
        f"--port={port}",
        "--port-retries=0",
        f"--IdentityProvider.token={token}",
        f"--ServerApp.root_dir={root_dir}",
        "--expose-app-in-browser",
        "--JupyterNotebookApp.expose_app_in_browser=True",
        # A kernel that starts slowly on a loaded machine is waited for, not presumed dead
        # (the server's default of 60 s answered /api/kernels with a 500 at load 26).
        f"--MappingKernelManager.kernel_info_timeout={scaled(60):g}",
    ]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        cmd.append("--allow-root")

    with open(log_path, "wb") as log:
        proc = subprocess.Popen(
            cmd,
            cwd=root_dir,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,  # own process group: stop() kills it as a whole
        )
    server = JupyterServer(proc, port, token, root_dir, home, log_path)

    deadline = time.monotonic() + SERVER_START_TIMEOUT
    while True:
        if proc.poll() is not None:
            raise RuntimeError(
                f"JupyterLab exited with code {proc.returncode} before answering.\n"
                f"command: {' '.join(cmd)}\nlog ({log_path}):\n{server.log_tail()}"
            )
        try:
            server.api("GET", "/api/status", timeout=2)
            return server
        except (OSError, urllib.error.URLError):
            pass
        if time.monotonic() > deadline:
            server.stop()
            raise RuntimeError(
                f"JupyterLab did not answer within {SERVER_START_TIMEOUT:.0f}s.\n"
                f"log ({log_path}):\n{server.log_tail()}"
            )
        time.sleep(0.25)


# --------------------------------------------------------------------------------------
# Console / page-error capture
# --------------------------------------------------------------------------------------


@dataclass
class ConsoleEntry:
    kind: str  # "console.<type>" or "pageerror"
    text: str
    url: str = ""

    def __str__(self) -> str:
        where = f" ({self.url})" if self.url else ""
        return f"[{self.kind}] {self.text}{where}"


# Known, understood messages that must not fail a test. Keep this list short and explicit.
ALLOWED_ERRORS: list[tuple[str, re.Pattern[str]]] = [
    (
        # Upstream Notebook 7.6.5 front end, logged while it starts; not caused by us.
        "Notebook 7.6.5 upstream",
        re.compile(re.escape("Cannot read properties of undefined (reading 'schema')")),
    ),
]


# 404s that are not application errors, by URL: Chromium asks for /favicon.ico on its own;
# in the JupyterLite site (a static folder, no server) JupyterLab asks the server to
# resolve each file path a traceback shows, to make it a link (/api/resolvePath, then
# /api/contents/<folder>/all.json), and the static host has no answer.
ALLOWED_404_URLS = re.compile(r"/favicon\.ico$|/api/resolvePath$|/api/contents/.*/all\.json$")


def _allowed(entry: ConsoleEntry) -> bool:
    if (
        entry.text.startswith("Failed to load resource")
        and "404" in entry.text
        and ALLOWED_404_URLS.search(entry.url.split("?")[0])
    ):
        return True
    return any(pattern.search(entry.text) for _, pattern in ALLOWED_ERRORS)


@dataclass
class ConsoleLog:
    """Everything a page printed to its console, plus uncaught page errors."""

    entries: list[ConsoleEntry] = field(default_factory=list)

    def attach(self, page: Page) -> None:
        def on_console(msg: Any) -> None:
            loc = msg.location or {}
            self.entries.append(ConsoleEntry(f"console.{msg.type}", msg.text, loc.get("url", "")))

        def on_pageerror(exc: Any) -> None:
            text = getattr(exc, "stack", None) or str(exc)
            self.entries.append(ConsoleEntry("pageerror", text))

        page.on("console", on_console)
        page.on("pageerror", on_pageerror)

    def errors(self) -> list[ConsoleEntry]:
        """Console errors and page errors that are not allow-listed."""
        return [
            e for e in self.entries if e.kind in ("console.error", "pageerror") and not _allowed(e)
        ]


# --------------------------------------------------------------------------------------
# Driving the front end
# --------------------------------------------------------------------------------------

# The notebook panel showing ``path`` (any notebook if null), from the main area.  It is
# made the current widget, since notebook:* commands act on the current notebook.  Ready
# means: document loaded, session ready, kernel idle and the panel current.
_JS_NOTEBOOK_READY = """
(path) => {
  const app = window.jupyterapp;
  if (!app || !app.shell || typeof app.shell.widgets !== 'function') return false;
  let panel = null;
  for (const w of app.shell.widgets('main')) {
    if (w && w.context && w.sessionContext && w.content
        && (path === null || w.context.path === path)) { panel = w; break; }
  }
  if (!panel) return false;
  if (app.shell.currentWidget !== panel) { app.shell.activateById(panel.id); return false; }
  if (!panel.context.isReady || !panel.sessionContext.isReady) return false;
  const kernel = panel.sessionContext.session && panel.sessionContext.session.kernel;
  return !!kernel && kernel.status === 'idle';
}
"""

_JS_RUN_ALL = """
() => {
  window.__checkersRunAll = undefined;
  window.jupyterapp.commands.execute('notebook:run-all-cells').then(
    (ok) => { window.__checkersRunAll = { ok: ok !== false }; },
    (err) => { window.__checkersRunAll = { ok: false, error: String(err) }; },
  );
}
"""

_JS_RUN_FINISHED = """
() => {
  if (window.__checkersRunAll === undefined) return false;
  const panel = window.jupyterapp.shell.currentWidget;
  const kernel = panel.sessionContext.session && panel.sessionContext.session.kernel;
  if (!kernel || kernel.status !== 'idle') return false;
  const prompts = panel.node.querySelectorAll('.jp-InputPrompt');
  return ![...prompts].some((p) => p.textContent.includes('[*]'));
}
"""

_JS_UNEXECUTED_CELLS = """
() => {
  const cells = window.jupyterapp.shell.currentWidget.content.model.cells;
  const missing = [];
  for (let i = 0; i < cells.length; i++) {
    const cell = cells.get(i);
    if (cell.type === 'code' && cell.sharedModel.getSource().trim() !== ''
        && (cell.executionCount === null || cell.executionCount === undefined)) {
      missing.push(i);
    }
  }
  return missing;
}
"""


# Nothing in the element moves: no CSS animation or transition with an end runs in it
# (endless ones, such as a spinner, are not waited for) and its box is the same on
# SETTLED_FRAMES animation frames in a row (a layout after a resize or a scroll).
SETTLED_FRAMES = 3
_JS_SETTLED = """
([el, frames]) => {
  const moving = el.getAnimations({ subtree: true }).some((a) => {
    if (a.playState !== 'running' && !a.pending) return false;
    return !!a.effect && a.effect.getComputedTiming().endTime !== Infinity;
  });
  const r = el.getBoundingClientRect();
  const box = [r.x, r.y, r.width, r.height].join(' ');
  el.__cwSettled = !moving && el.__cwSettledBox === box ? (el.__cwSettled || 0) + 1 : 0;
  el.__cwSettledBox = box;
  return el.__cwSettled >= frames;
}
"""


def wait_until_settled(target: Locator | Page) -> None:
    """Wait until nothing in ``target`` (a locator's element, or a page's document) moves:
    a piece's slide, an arrow's fade-in, a theme's repaint or a layout after a resize or
    a scroll is over. The state a picture or a measurement needs, instead of a pause."""
    if isinstance(target, Page):
        page, handle = target, target.evaluate_handle("() => document.documentElement")
    else:
        page, handle = target.page, target.element_handle()
    handle.evaluate("(el) => { el.__cwSettled = 0; el.__cwSettledBox = null; }")
    page.wait_for_function(_JS_SETTLED, arg=[handle, SETTLED_FRAMES], polling="raf")


class JupyterDriver:
    """Helpers for one test: open notebooks, run them, switch themes, take screenshots."""

    def __init__(self, page: Page, server: JupyterServer, artifacts_dir: Path, test_name: str):
        self.page = page
        self.server = server
        self.artifacts_dir = artifacts_dir
        self.workspace = re.sub(r"[^A-Za-z0-9_-]+", "-", test_name).strip("-")[:80] or "test"
        self.theme_changed = False

    # --- opening -------------------------------------------------------------------

    def open_in_lab(self, path: str, *, kernel_timeout_ms: int = APP_TIMEOUT_MS) -> None:
        """Open notebook ``path`` (relative to the copied examples/) in JupyterLab, in a
        fresh workspace, and wait until its kernel is idle.

        JupyterLab is loaded without a tree path and the notebook opened with the
        ``docmanager:open`` command (see :meth:`JupyterServer.lab_url` for why)."""
        self.open_lab()
        self.page.evaluate(
            "(path) => { window.jupyterapp.commands.execute('docmanager:open', {path}); }", path
        )
        self.wait_for_kernel_idle(path, timeout_ms=kernel_timeout_ms)

    def open_lab(self) -> None:
        """Load JupyterLab (in the test's fresh workspace) and wait until it has restored
        its (empty) layout, so that the restore cannot take the focus from what opens next."""
        self.page.goto(self.server.lab_url(workspace=self.workspace))
        self._wait_for_app()
        self.page.evaluate(
            """() => {
              window.__checkersRestored = false;
              window.jupyterapp.restored.then(() => { window.__checkersRestored = true; });
            }"""
        )
        self.page.wait_for_function(
            "() => window.__checkersRestored === true", timeout=APP_TIMEOUT_MS
        )

    def open_in_notebook7(self, path: str) -> None:
        """Open notebook ``path`` in the Notebook 7 interface (``/notebooks/<path>``) and
        wait until its kernel is idle."""
        self.page.goto(self.server.notebook7_url(path))
        self.wait_for_kernel_idle(path)

    def _wait_for_app(self) -> None:
        """Wait until the front end exposes ``window.jupyterapp`` with its commands."""
        try:
            self.page.wait_for_function(
                "() => !!(window.jupyterapp && window.jupyterapp.commands"
                " && window.jupyterapp.commands.hasCommand('docmanager:open'))",
                timeout=APP_TIMEOUT_MS,
            )
        except Exception as exc:
            self.screenshot("failure-app-load")
            raise AssertionError(
                f"the Jupyter front end did not load within {APP_TIMEOUT_MS / 1000:.0f}s "
                f"({exc}).\nserver log:\n{self.server.log_tail()}"
            ) from None

    def wait_for_kernel_idle(self, path: str | None = None, timeout_ms: int = APP_TIMEOUT_MS):
        """Wait until the current widget is the notebook ``path`` (any notebook if None),
        loaded, with a started kernel whose status is idle."""
        try:
            self.page.wait_for_function(_JS_NOTEBOOK_READY, arg=path, timeout=timeout_ms)
        except Exception as exc:
            self.screenshot("failure-kernel-idle")
            raise AssertionError(
                f"notebook {path!r} did not open with an idle kernel within "
                f"{timeout_ms / 1000:.0f}s ({exc}).\nserver log:\n{self.server.log_tail()}"
            ) from None

    # --- running -------------------------------------------------------------------

    def run_all_cells(
        self, timeout_ms: int = RUN_TIMEOUT_MS, *, every_cell: bool = True
    ) -> list[int]:
        """Run every cell (``notebook:run-all-cells``) and wait until the run has finished:
        the command resolved, the kernel is idle and no cell shows ``[*]``.  Fails if any
        non-empty code cell was left unexecuted (e.g. the run stopped at an error), unless
        ``every_cell`` is False; returns the indices of those cells."""
        self.page.evaluate(_JS_RUN_ALL)
        try:
            self.page.wait_for_function(_JS_RUN_FINISHED, timeout=timeout_ms)
        except Exception as exc:
            self.screenshot("failure-run-all")
            raise AssertionError(
                f"run-all-cells did not finish within {timeout_ms / 1000:.0f}s ({exc})"
            ) from None
        result = self.page.evaluate("() => window.__checkersRunAll")
        missing: list[int] = self.page.evaluate(_JS_UNEXECUTED_CELLS)
        assert not (missing and every_cell), (
            f"code cells {missing} were not executed (run-all result {result}); "
            f"errors shown: {self.error_outputs()}"
        )
        return missing

    def error_outputs(self) -> list[str]:
        """Texts of error outputs and of stderr outputs mentioning a Traceback."""
        return self.page.evaluate(
            """() => {
              const panel = window.jupyterapp.shell.currentWidget;
              const found = [];
              const sel = '.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"],'
                + ' .jp-RenderedText[data-mime-type="application/vnd.jupyter.stderr"]';
              for (const el of panel.node.querySelectorAll(sel)) {
                const t = el.textContent || '';
                if (/Traceback|Error/.test(t)) found.push(t.slice(0, 2000));
              }
              const cells = panel.content.model.cells;
              for (let i = 0; i < cells.length; i++) {
                const cell = cells.get(i);
                if (cell.type !== 'code') continue;
                for (let j = 0; j < cell.outputs.length; j++) {
                  const out = cell.outputs.get(j).toJSON();
                  if (out.output_type === 'error') {
                    found.push(`cell ${i}: ${out.ename}: ${out.evalue}`);
                  }
                }
              }
              return found;
            }"""
        )

    def svg_outputs(self) -> list[dict[str, Any]]:
        """SVG pictures shown in the current notebook's output areas, in order.

        JupyterLab / Notebook 7 render ``image/svg+xml`` outputs as an ``<img>`` with a
        ``data:image/svg+xml,...`` URL (not as inline ``<svg>``), and the package's own
        pictures come as HTML ``<img>`` with a base64 data URL, so the markup is decoded
        from that URL; inline ``<svg>`` (e.g. from HTML outputs) is taken as is.  Each item:
        ``{"markup": str, "inline": bool, "loaded": bool}``, where ``loaded`` tells that the
        browser decoded and laid out the picture (image complete, non-zero size).
        """
        return self.page.evaluate(
            """() => {
              const panel = window.jupyterapp.shell.currentWidget;
              const found = [];
              for (const out of panel.node.querySelectorAll('.jp-OutputArea-output')) {
                for (const el of out.querySelectorAll('svg, img')) {
                  if (el.tagName.toLowerCase() === 'svg') {
                    if (el.parentElement.closest('svg')) continue;  // nested <svg>
                    const box = el.getBoundingClientRect();
                    found.push({ markup: el.outerHTML, inline: true,
                                 loaded: box.width > 0 && box.height > 0 });
                  } else {
                    const src = el.getAttribute('src') || '';
                    const plain = 'data:image/svg+xml,';
                    const base64 = 'data:image/svg+xml;base64,';
                    let markup;
                    if (src.startsWith(plain)) {
                      markup = decodeURIComponent(src.slice(plain.length));
                    } else if (src.startsWith(base64)) {  // an HTML <img> (svg_as_img)
                      const bytes = Uint8Array.from(atob(src.slice(base64.length)),
                                                    (c) => c.charCodeAt(0));
                      markup = new TextDecoder().decode(bytes);
                    } else continue;
                    found.push({ markup, inline: false,
                                 loaded: el.complete && el.naturalWidth > 0 });
                  }
                }
              }
              return found;
            }"""
        )

    def output_texts(self) -> list[str]:
        """Texts of the current notebook's plain-text outputs (stdout and results), in order."""
        return self.page.evaluate(
            """() => [...window.jupyterapp.shell.currentWidget.node
                        .querySelectorAll('.jp-OutputArea-output.jp-RenderedText')]
                      .map((el) => el.textContent)"""
        )

    # --- looks -------------------------------------------------------------------------

    def set_theme(self, theme: str) -> None:
        """Switch to ``'JupyterLab Dark'`` or ``'JupyterLab Light'`` and wait until applied."""
        self.theme_changed = True
        self.page.evaluate(
            "(theme) => window.jupyterapp.commands.execute('apputils:change-theme', {theme})",
            theme,
        )
        self.page.wait_for_function(
            "(theme) => document.body.dataset.jpThemeName === theme",
            arg=theme,
        )
        # The new stylesheet has painted (and its colour transitions ended) before anyone
        # takes a screenshot.
        wait_until_settled(self.page)

    def screenshot(self, name: str, full_page: bool = False) -> Path:
        """Save a PNG of the page as tests/browser/artifacts/<test>-<name>.png."""
        self.artifacts_dir.mkdir(parents=True, exist_ok=True)
        path = self.artifacts_dir / f"{self.workspace}-{name}.png"
        self.page.screenshot(path=str(path), full_page=full_page)
        return path
