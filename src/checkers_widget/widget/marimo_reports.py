"""Letting marimo see a move made on the board, so that cells reading the board re-run.

marimo re-runs the cells that read a ``mo.ui.anywidget(...)`` only when a trait changes
*from the browser*: a state that Python publishes does not count, so a move made on the
board went unnoticed (only Flip, which sets ``orientation`` in the browser, re-ran them).
So, in marimo, after each new position that the board's player brought about, Python
asks the front end to report the position version it has drawn, in the view-side trait
``drawn_version``; that report is the change from the browser that marimo reacts to.
Python never acts on the report (it only checks that it is a version it published).

What is reported: a change made while handling a message from the board (a move, a
command, an edit) and what follows from it on its own, on other threads (the computer's
reply, the clock, a network peer's move), as well as what follows the board's setting up
(a computer or a network host that moves first). What is not: the positions published
while the board is set up (the cells read them when they first run) and a change made by
Python code on the notebook's thread, nor what follows from that. marimo does not re-run
cells for Python's own changes, and reporting them would re-run the very cell that made
one (say, ``board.new_game()`` against a computer that moves first), for ever.

Outside marimo (JupyterLab, Notebook 7, VS Code...) nothing is asked, so nothing more
travels between the kernel and the browser.
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager

__all__ = ["DrawnReports", "running_in_marimo"]


def running_in_marimo() -> bool:
    """Whether this code runs in a marimo notebook or app (marimo's own public check;
    marimo is not imported here when nothing else has)."""
    marimo = sys.modules.get("marimo")
    return marimo is not None and bool(marimo.running_in_notebook())


class DrawnReports:
    """Decides which published positions the front end is asked to report (see above).

    ``ask(version)`` sends the request; the widget calls :meth:`published` for every
    state it publishes, runs the board's messages inside :meth:`from_the_board` and its
    own setting up (the first position, a network connection) inside :meth:`setting_up`.
    Built on the notebook's thread (the one that runs cells and the board's messages).
    """

    def __init__(self, ask: Callable[[int], None], *, enabled: bool) -> None:
        self._ask = ask
        self.enabled = enabled
        self._home = threading.get_ident()
        self._depth = 0  # messages from the board being handled (they may nest)
        self._setting_up = False
        # Whether the latest change on the notebook's thread came from the board: what
        # other threads publish after it is reported if so. Until then, the board's
        # setting up counts as the board's (a computer moving first answers it): the cell
        # that built the board is never re-run by the board's reports.
        self._from_board = True
        self._version: int | None = None

    @contextmanager
    def from_the_board(self) -> Iterator[None]:
        """Changes published inside are the board player's own."""
        self._depth += 1
        try:
            yield
        finally:
            self._depth -= 1

    @contextmanager
    def setting_up(self) -> Iterator[None]:
        """Changes published inside are the board's setting up: none is reported, and
        what follows them is (as what follows the board player's own)."""
        self._setting_up = True
        try:
            yield
        finally:
            self._setting_up = False

    def published(self, version: int) -> None:
        """A state was published: ask for a report of a new position the board caused."""
        if version == self._version:
            return  # the same position (the status line, a hint, the clock...)
        self._version = version
        if threading.get_ident() == self._home:
            if self._setting_up:
                self._from_board = True
                return
            self._from_board = self._depth > 0
        if self.enabled and self._from_board:
            self._ask(version)
