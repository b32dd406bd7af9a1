"""Helpers shared by the browser tests: notebooks, the kernel, and the board's DOM contract.

Plain functions and constants; the ``make_notebook`` fixture lives in conftest.py.
"""

from __future__ import annotations

import json
import textwrap
import time

from playwright.sync_api import Locator, Page, expect

from slowdown import scaled

PIECE = "[data-piece]"  # the contract: only pieces on the board carry data-piece
BOARD_PIECE = ".cw-pieces [data-piece]"  # the pieces drawn on the board itself
STATUS = '[data-role="status"]'
BOARD = '[data-role="board"]'

#: ``sq`` templates: a playable square that is not a piece, or a ``.cw-sq`` square.
SQUARE = '[data-square="{n}"]:not([data-piece])'
CW_SQUARE = '.cw-sq[data-square="{n}"]'

_JS_EXECUTE = """
async (code) => {
  const panel = window.jupyterapp.shell.currentWidget;
  const kernel = panel.sessionContext.session.kernel;
  const future = kernel.requestExecute({ code, store_history: false });
  let out = "";
  future.onIOPub = (msg) => {
    const type = msg.header.msg_type;
    if (type === "stream") out += msg.content.text;
    else if (type === "error") out += `ERROR ${msg.content.ename}: ${msg.content.evalue}`;
  };
  await future.done;
  return out;
}
"""


def code_cell(source: str) -> dict:
    return {
        "cell_type": "code",
        "metadata": {},
        "source": textwrap.dedent(source).strip(),
        "outputs": [],
        "execution_count": None,
    }


def write_notebook(server, name: str, *cells: str) -> str:
    """Write a notebook of code cells into the server's root as ``name``; returns it."""
    content = {
        "cells": [code_cell(c) for c in cells],
        "metadata": {
            "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
            "language_info": {"name": "python"},
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    server.api(
        "PUT", f"/api/contents/{name}", {"type": "notebook", "format": "json", "content": content}
    )
    return name


# A board whose move is drawn ahead of Python's answer carries data-awaiting="move".
_NO_MOVE_AWAITED = "() => !document.querySelector('.cw-root[data-awaiting]')"


def kernel(page: Page, code: str) -> str:
    """Run ``code`` in the notebook's kernel (no new cell); returns what it printed.

    A move clicked on a board is drawn before Python has answered it; asking the kernel
    then (CI under load) could read the game before the move. So first wait until no
    board awaits an answer, as a user reading the board after the answer would."""
    page.wait_for_function(_NO_MOVE_AWAITED)
    out = page.evaluate(_JS_EXECUTE, textwrap.dedent(code).strip())
    assert "ERROR" not in out, out
    return out


def kernel_json(page: Page, expression: str):
    return json.loads(kernel(page, f"import json as _j; print(_j.dumps({expression}))"))


def wait_for_kernel(page: Page, condition: str) -> None:
    """Ask the kernel until the Python expression ``condition`` holds: what the board sends
    (a trait, a click) reaches the kernel asynchronously, after the board has drawn it.
    Each question is a round trip to the kernel; the hang guard is scaled (slowdown.py)."""
    deadline = time.monotonic() + scaled(60)
    while kernel_json(page, f"bool({condition})") is not True:
        assert time.monotonic() < deadline, f"the kernel never saw {condition}"


def widget_root(lab) -> Locator:
    return lab.page.locator(".cw-root").first


def _open_and_run(lab, path: str) -> None:
    lab.open_in_lab(path)
    lab.run_all_cells()
    assert lab.error_outputs() == []


def open_board(lab, path: str, *, count: int = 1) -> Locator:
    """Open and run the notebook, wait until ``count`` live boards are drawn; returns them."""
    _open_and_run(lab, path)
    boards = lab.page.locator(BOARD)
    expect(boards).to_have_count(count)
    return boards


def open_board_root(lab, path: str, *, count: int | None = 1) -> Locator:
    """Open and run the notebook; returns the first widget's root once drawn.

    With ``count`` wait until exactly that many boards are on the page; with ``None``
    wait only until the first widget's board is visible.
    """
    if count is not None:
        open_board(lab, path, count=count)
        return widget_root(lab)
    _open_and_run(lab, path)
    root = widget_root(lab)
    expect(root.locator(BOARD)).to_be_visible()
    return root


def sq(root: Locator | Page, n: int, *, template: str = SQUARE) -> Locator:
    """The playable square ``n`` (not the piece standing on it)."""
    return root.locator(template.format(n=n))


def piece_on(root: Locator | Page, n: int, *, piece: str = PIECE) -> Locator:
    return root.locator(f'{piece}[data-square="{n}"]')


def pieces(root: Locator | Page, *, piece: str = PIECE) -> dict[int, str]:
    found = root.locator(piece).evaluate_all(
        "els => els.map(e => [Number(e.dataset.square), e.dataset.piece])"
    )
    return dict(found)
