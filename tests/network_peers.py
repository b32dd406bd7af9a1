"""A network-play peer in a subprocess (``tests/network_peer.py``), for tests to drive.

A killed peer is a real dropped connection: the two sides really are separate
processes talking over 127.0.0.1.
"""

from __future__ import annotations

import contextlib
import json
import queue
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from slowdown import scaled

PEER = Path(__file__).with_name("network_peer.py")
WAIT = scaled(10.0)  # seconds: a hang guard, never reached when things work


class PeerError(Exception):
    """The peer answered ERR."""


class Peer:
    """The other side, in a subprocess running ``tests/network_peer.py``."""

    def __init__(self, *args: str) -> None:
        self.stderr = tempfile.TemporaryFile(mode="w+")  # noqa: SIM115 - closed in stop()
        self.proc = subprocess.Popen(
            [sys.executable, str(PEER), *args],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=self.stderr,
            text=True,
            bufsize=1,
        )
        self.lines: queue.Queue[str | None] = queue.Queue()
        self.events: list[str] = []
        threading.Thread(target=self._pump, daemon=True).start()
        self.first = self.reply()  # the answer to the implicit start

    def _pump(self) -> None:
        assert self.proc.stdout is not None
        for text in self.proc.stdout:
            self.lines.put(text.rstrip("\n"))
        self.lines.put(None)

    def reply(self, timeout: float = WAIT) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        while True:
            try:
                text = self.lines.get(timeout=max(0.01, deadline - time.monotonic()))
            except queue.Empty:
                raise AssertionError(f"no answer from the peer; events: {self.events}") from None
            if text is None:
                self.stderr.seek(0)
                raise AssertionError(f"the peer exited: {self.stderr.read()[-2000:]}")
            if text.startswith("EVENT "):
                self.events.append(text[6:])
            elif text.startswith("OK "):
                return json.loads(text[3:])
            elif text.startswith("ERR "):
                raise PeerError(text[4:])

    def cmd(self, command: str, timeout: float = WAIT) -> dict[str, Any]:
        assert self.proc.stdin is not None
        self.proc.stdin.write(command + "\n")
        self.proc.stdin.flush()
        return self.reply(timeout + 5)

    def kill(self) -> None:
        self.proc.kill()
        self.proc.wait(WAIT)

    def stop(self) -> None:
        if self.proc.poll() is None:
            with contextlib.suppress(Exception):
                self.cmd("quit", 3)
            try:
                self.proc.wait(3)
            except subprocess.TimeoutExpired:
                self.kill()
        self.stderr.close()
