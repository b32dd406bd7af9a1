"""Serve marimo notebooks with ``marimo run`` for the browser tests (tests/browser/test_marimo.py).

One server serves a folder of notebooks (marimo's gallery: ``/?file=<name>``), each a copy
of examples/marimo_board.py whose PEP 723 header picks marimo's theme. The server gets
private config, cache and state folders (the developer's ~/.config/marimo is never read
or written) and checks for no updates (the network is closed; nothing downloads).
"""

from __future__ import annotations

import contextlib
import os
import secrets
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path

from jupyter_harness import free_port

from slowdown import scaled

SERVER_START_TIMEOUT = scaled(90.0)  # seconds until marimo answers


@dataclass
class MarimoServer:
    proc: subprocess.Popen[bytes]
    port: int
    token: str
    folder: Path
    log_path: Path

    def url(self, notebook: str) -> str:
        """The app view of ``notebook`` (a file in the served folder)."""
        return f"http://127.0.0.1:{self.port}/?file={notebook}&access_token={self.token}"

    def log_tail(self, lines: int = 60) -> str:
        try:
            text = self.log_path.read_text(errors="replace")
        except OSError:
            return "(no server log)"
        return "\n".join(text.splitlines()[-lines:])

    def stop(self) -> None:
        """Stop the server and whatever is left of its process group."""
        for sig in (signal.SIGTERM, signal.SIGKILL):
            if self.proc.poll() is not None:
                break
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.proc.pid, sig)
            try:
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                continue
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self.proc.pid, signal.SIGKILL)


def themed_notebook(source: str, theme: str) -> str:
    """``source`` (a marimo notebook) with a PEP 723 header setting marimo's theme."""
    header = f'# /// script\n# [tool.marimo.display]\n# theme = "{theme}"\n# ///\n'
    return header + source


def start_marimo_server(folder: Path, home: Path, log_dir: Path) -> MarimoServer:
    """``marimo run <folder>`` (this interpreter's marimo) on a free loopback port with a
    token; returns once it answers."""
    for sub in ("config", "cache", "state"):
        (home / sub).mkdir(parents=True, exist_ok=True)
    env = os.environ.copy()
    env.update(
        {
            "XDG_CONFIG_HOME": str(home / "config"),
            "XDG_CACHE_HOME": str(home / "cache"),
            "XDG_STATE_HOME": str(home / "state"),
            "MARIMO_SKIP_UPDATE_CHECK": "1",
            "PYTHONUNBUFFERED": "1",
            # Milestones and lesson progress stay out of the real home folder.
            "CHECKERS_WIDGET_HOME": str(home / "checkers-widget"),
        }
    )
    port = free_port()
    token = secrets.token_hex(16)
    log_dir.mkdir(parents=True, exist_ok=True)
    log_path = log_dir / "marimo-server.log"
    cmd = [
        sys.executable,
        "-m",
        "marimo",
        "run",
        str(folder),
        "--headless",
        "--host=127.0.0.1",
        f"--port={port}",
        f"--token-password={token}",
        "--no-sandbox",
    ]
    with open(log_path, "wb") as log:
        proc = subprocess.Popen(
            cmd,
            cwd=folder,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,  # its own process group: stop() ends it as a whole
        )
    server = MarimoServer(proc, port, token, folder, log_path)
    deadline = time.monotonic() + SERVER_START_TIMEOUT
    while True:
        if proc.poll() is not None:
            raise RuntimeError(
                f"marimo exited with code {proc.returncode} before answering.\n"
                f"command: {' '.join(cmd)}\nlog ({log_path}):\n{server.log_tail()}"
            )
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/health", timeout=2):
                return server
        except (OSError, urllib.error.URLError):
            pass
        if time.monotonic() > deadline:
            server.stop()
            raise RuntimeError(
                f"marimo did not answer within {SERVER_START_TIMEOUT:.0f}s.\n"
                f"log ({log_path}):\n{server.log_tail()}"
            )
        time.sleep(0.25)
