"""The new user's tour: every example notebook, run and played in a real JupyterLab.

For each notebook in examples/ and each configuration (theme x window width) the test does
what a new user does in their first hour: open the notebook, Run All, read it, then play
one move on every board that offers one, by clicking (piece, then landing square), and one
move by keyboard (arrows + Enter) on at least one board. It fails on what such a user
would hit:

- a cell with an error output (or a traceback on stderr);
- a console error or uncaught page error (the ``page`` fixture's check, see
  ``ALLOWED_ERRORS`` in jupyter_harness.py);
- a widget output that did not draw ("Error displaying widget", an empty output area, a
  board widget without a board);
- a board that offers a move where clicking it does nothing, shows an error, or neither
  moves the pieces nor explains a refusal (a board in the learn-from-mistakes mode judges
  a move instead of playing it: its verdict, "Right: ..." on the status line, is the answer);
- a board that is lost on time although nobody touched it.

Screenshots (what the notebook looks like after Run All, and after the moves) go to
tests/browser/artifacts/tour/<notebook>-<theme>-<width>[-played].png, one image of the
whole notebook each: the window is made as tall as the notebook, so JupyterLab's
windowing (``contentVisibility`` by default) renders every cell as a user scrolling
through it would see it. A JSON summary of each run sits next to the images.

``make test`` runs each notebook in two configurations (light at 1600 px, dark at 700 px);
``CHECKERS_TOUR=full`` runs all four (light/dark x 700/1600).
"""

from __future__ import annotations

import json
import os
import shutil
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from board_helpers import BOARD, BOARD_PIECE, STATUS
from playwright.sync_api import ElementHandle, Locator, Page

from slowdown import scaled_ms

pytestmark = pytest.mark.browser

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
NOTEBOOKS = sorted(p.name for p in EXAMPLES.glob("*.ipynb"))

THEMES = {"light": "JupyterLab Light", "dark": "JupyterLab Dark"}
WIDTHS = (700, 1600)
#: The two configurations ``make test`` runs; CHECKERS_TOUR=full runs all of them.
QUICK_CONFIGS = (("light", 1600), ("dark", 700))
FULL = os.environ.get("CHECKERS_TOUR", "").lower() == "full"
CONFIGS = tuple((t, w) for t in THEMES for w in WIDTHS) if FULL else QUICK_CONFIGS

VIEW_HEIGHT = 900  # the window a user reads and plays in
MAX_SHOT_HEIGHT = 16_000  # chromium cannot capture a taller page in one image
#: Hang guards (not timings): a board that has not settled by then is stuck.
SETTLE_MS = scaled_ms(90_000)
ANSWER_MS = scaled_ms(30_000)

WIDGET_MIME = "application/vnd.jupyter.widget-view+json"
LIT = f"{BOARD} .cw-sq.cw-movable"
TARGET = f"{BOARD} .cw-sq.cw-target"
ANNOUNCE = '[data-role="announce"]'
RESUME = '[data-action="resume"]'


@dataclass
class TourLog:
    """What happened on one tour, written next to the screenshots for the reader."""

    notebook: str
    theme: str
    width: int
    widgets: list[dict[str, Any]] = field(default_factory=list)
    moves: list[dict[str, Any]] = field(default_factory=list)
    statuses: list[dict[str, str]] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    seconds: dict[str, float] = field(default_factory=dict)

    def write(self, folder: Path, stem: str) -> None:
        folder.mkdir(parents=True, exist_ok=True)
        (folder / f"{stem}.json").write_text(json.dumps(self.__dict__, indent=1))


# --------------------------------------------------------------------------------------
# Reading the notebook
# --------------------------------------------------------------------------------------

#: Every widget output of the current notebook: its cell, its text/plain stand-in and
#: what it drew. Output area children line up with the model's outputs.
_JS_WIDGET_OUTPUTS = """
(mime) => {
  const panel = window.jupyterapp.shell.currentWidget;
  const found = [];
  panel.content.widgets.forEach((cell, i) => {
    if (cell.model.type !== 'code' || !cell.outputArea) return;
    const outputs = cell.model.outputs;
    for (let j = 0; j < outputs.length; j++) {
      const data = outputs.get(j).toJSON().data || {};
      if (!data[mime]) continue;
      const child = cell.outputArea.widgets[j];
      const node = child ? child.node.querySelector('.jp-OutputArea-output') || child.node : null;
      const text = node ? node.textContent || '' : '';
      const board = node ? node.querySelector('[data-role="board"]') : null;
      const box = node ? node.getBoundingClientRect() : { width: 0, height: 0 };
      const boardBox = board ? board.getBoundingClientRect() : { width: 0, height: 0 };
      found.push({
        cell: i,
        plain: String(data['text/plain'] || '').slice(0, 80),
        error: /Error displaying widget|Error rendering|model not found/i.test(text),
        errorText: text.slice(0, 300),
        roots: node ? node.querySelectorAll('.cw-root').length : 0,
        board: !!board,
        boardWidth: Math.round(boardBox.width),
        height: Math.round(box.height),
        children: node ? node.children.length : 0,
      });
    }
  });
  return found;
}
"""

#: Outputs drawn wider than their cell (cut off at the right edge): pictures, boards, tables
#: and widgets must shrink to a narrow cell, not run past it.
_JS_OVERFLOWING = """
() => {
  const panel = window.jupyterapp.shell.currentWidget;
  const found = [];
  panel.content.widgets.forEach((cell, i) => {
    if (cell.model.type !== 'code' || !cell.outputArea) return;
    for (const area of cell.outputArea.node.querySelectorAll('.jp-OutputArea-output')) {
      const right = area.getBoundingClientRect().right;
      for (const el of area.querySelectorAll('svg.checkers-board, img, .cw-root, table')) {
        const box = el.getBoundingClientRect();
        if (box.width > 0 && box.right > right + 1) {
          const cls = typeof el.className === 'string' ? el.className : el.className.baseVal;
          found.push({ cell: i, what: `${el.tagName.toLowerCase()}.${cls}`,
            width: Math.round(box.width), over: Math.round(box.right - right) });
        }
      }
    }
  });
  return found;
}
"""

#: True once every widget output drew something (a view, or an error message).
_JS_WIDGETS_DRAWN = """
(mime) => {
  const panel = window.jupyterapp.shell.currentWidget;
  for (const cell of panel.content.widgets) {
    if (cell.model.type !== 'code' || !cell.outputArea) continue;
    const outputs = cell.model.outputs;
    for (let j = 0; j < outputs.length; j++) {
      const data = outputs.get(j).toJSON().data || {};
      if (!data[mime]) continue;
      const child = cell.outputArea.widgets[j];
      if (!child) return false;
      const node = child.node.querySelector('.jp-OutputArea-output') || child.node;
      const plain = String(data['text/plain'] || '');
      if (/Error displaying widget/i.test(node.textContent || '')) continue;
      if (plain.startsWith('Output(')) continue;  // an ipywidgets Output may stay empty
      if (!node.querySelector('.lm-Widget, .cw-root, .widget-box, .jupyter-widgets')) return false;
      for (const root of node.querySelectorAll('.cw-root')) {
        if (!root.querySelector('[data-role="board"]')) return false;
      }
    }
  }
  return true;
}
"""

#: No board is waiting for the computer (or for a hint / analysis).
_JS_NOBODY_THINKING = """
() => ![...document.querySelectorAll('.cw-root')].some((r) => r.classList.contains('cw-busy'))
"""

#: The notebook's scroller, scrolled to the top: how much taller the window must be to
#: show every cell at once (up to the last cell's bottom: JupyterLab's "scroll past the
#: end" space below it does not count).
_JS_HIDDEN_HEIGHT = """
() => {
  const panel = window.jupyterapp.shell.currentWidget;
  const notebook = panel.content.node;
  const outer = notebook.querySelector('.jp-WindowedPanel-outer') || notebook;
  outer.scrollTop = 0;
  const cells = notebook.querySelectorAll('.jp-Cell');
  if (!cells.length) return 0;
  const bottom = cells[cells.length - 1].getBoundingClientRect().bottom;
  return Math.ceil(bottom - outer.getBoundingClientRect().top - outer.clientHeight);
}
"""

#: JupyterLab has laid itself out for the window's current height: the notebook's
#: scroller ends just above the status bar.
_JS_LAID_OUT = """
() => {
  const panel = window.jupyterapp.shell.currentWidget;
  const notebook = panel.content.node;
  const outer = notebook.querySelector('.jp-WindowedPanel-outer') || notebook;
  const bottom = outer.getBoundingClientRect().bottom;
  return bottom <= window.innerHeight && window.innerHeight - bottom < 120;
}
"""


def board_pieces(root: Locator) -> dict[str, str]:
    """Square -> piece, as drawn on the board itself."""
    return dict(
        root.locator(BOARD_PIECE).evaluate_all(
            "els => els.map(e => [e.dataset.square, e.dataset.piece])"
        )
    )


def lit_squares(root: Locator, selector: str = LIT) -> list[int]:
    return root.locator(selector).evaluate_all("els => els.map(e => Number(e.dataset.square))")


def status_of(root: Locator) -> dict[str, str]:
    status = root.locator(STATUS).first
    if status.count() == 0:
        return {"text": "", "kind": ""}
    text = (status.text_content() or "").strip()
    return {"text": text, "kind": status.get_attribute("data-kind") or ""}


# --------------------------------------------------------------------------------------
# Playing
# --------------------------------------------------------------------------------------

#: The answer to a move intent has arrived and was drawn: the live region spoke (every
#: state from Python is announced; the same sentence twice gets a trailing space, and
#: the front end's own "Picked up ..." does not count) and either the pieces moved or the
#: status explains a refusal. (Not "... played ...": a second state right after the move,
#: such as the computer starting to think, replaces that sentence at once.)
_JS_ANSWERED = """
([root, before, spoken, learnBefore]) => {
  const live = root.querySelector('[data-role="announce"]');
  const text = live ? live.textContent : '';
  if (text === spoken || text.startsWith('Picked up')) return false;
  const now = [...root.querySelectorAll('.cw-pieces [data-piece]')]
    .map((e) => `${e.dataset.square}:${e.dataset.piece}`).sort().join(' ');
  const status = root.querySelector('[data-role="status"]');
  const kind = status ? status.getAttribute('data-kind') : '';
  // The learn-from-mistakes mode judges a move without playing it: its verdict is the
  // answer (a new text, once the engine has looked at the move).
  const learn = root.querySelector('[data-role="learn"]');
  const judged = learn !== null && ['right', 'wrong'].includes(learn.dataset.phase || '')
    && learn.textContent !== learnBefore;
  return now !== before || kind === 'refused' || kind === 'error' || judged;
}
"""
LEARN = '[data-role="learn"]'


def _learn(root: Locator) -> tuple[str, str]:
    """The learn mode's phase and words on this board ("", "" when it is not in it)."""
    learn = root.locator(LEARN)
    if not learn.count() or not learn.first.is_visible():
        return "", ""
    return learn.first.get_attribute("data-phase") or "", learn.first.text_content() or ""


def _signature(root: Locator) -> str:
    return " ".join(sorted(f"{s}:{p}" for s, p in board_pieces(root).items()))


def _spoken(root: Locator) -> str:
    live = root.locator(ANNOUNCE)
    return live.first.text_content() or "" if live.count() else ""


def wait_for_answer(
    page: Page, root: Locator, before: str, spoken: str, learn_before: str = ""
) -> bool:
    """Wait until Python's answer to the move just sent is drawn; False if none came."""
    handle: ElementHandle = root.element_handle()
    try:
        page.wait_for_function(
            _JS_ANSWERED, arg=[handle, before, spoken, learn_before], timeout=ANSWER_MS
        )
    except Exception:
        return False
    return True


def wait_until_settled(page: Page) -> None:
    """Wait until no board is waiting for the computer (a hang guard, not a timing)."""
    page.wait_for_function(_JS_NOBODY_THINKING, timeout=SETTLE_MS)


def outcome(page: Page, root: Locator, before: dict[str, str], answered: bool) -> dict[str, Any]:
    status = status_of(root)
    return {
        "answered": answered,
        "announced": _spoken(root),
        "changed": board_pieces(root) != before,
        "status": status["text"],
        "kind": status["kind"],
    }


def click_a_move(page: Page, root: Locator, index: int) -> list[dict[str, Any]]:
    """Click one lit piece, then one of its landing squares, until a move is played.

    A board may refuse a legal move for its own reasons (a lesson, a teacher's
    validator): that is fine when the status line explains it, and the next piece is
    tried. Returns what each attempt did.
    """
    attempts: list[dict[str, Any]] = []
    for start in lit_squares(root):
        piece = root.locator(f'{BOARD} .cw-sq[data-square="{start}"]')
        piece.click()
        targets = lit_squares(root, TARGET)
        assert targets, (
            f"board {index}: piece {start} is lit as movable, but clicking it marks no "
            "landing square"
        )
        for end in targets:
            if "cw-selected" not in (piece.get_attribute("class") or ""):
                piece.click()  # a refusal put the piece down: pick it up again
            before = board_pieces(root)
            signature, spoken = _signature(root), _spoken(root)
            learn_before = _learn(root)[1]
            root.locator(f'{BOARD} .cw-sq[data-square="{end}"]').click()
            answered = wait_for_answer(page, root, signature, spoken, learn_before)
            result = {"by": "click", "path": [start, end], **outcome(page, root, before, answered)}
            result["learn"] = _learn(root)
            attempts.append(result)
            assert answered, f"board {index}: clicking {start} then {end} did nothing: {result}"
            assert result["kind"] != "error", f"board {index}: {start}-{end} -> {result}"
            if result["changed"]:
                return attempts
            if result["learn"][0] == "right":
                # Judged right in the learn mode (never played): the status line says so.
                assert result["status"].startswith("Right"), f"board {index}: {result}"
                return attempts
            assert result["kind"] == "refused" and result["status"], (
                f"board {index}: {start}-{end} neither moved nor explained why: {result}"
            )
    raise AssertionError(f"board {index}: every lit piece was refused: {attempts}")


def _cursor(root: Locator) -> int | None:
    cursor = root.locator(f"{BOARD} .cw-sq.cw-cursor")
    return int(cursor.first.get_attribute("data-square")) if cursor.count() else None


def _centre(root: Locator, square: int) -> tuple[float, float]:
    box = root.locator(f'{BOARD} .cw-sq[data-square="{square}"]').bounding_box()
    assert box is not None
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def steer_cursor(page: Page, root: Locator, goal: int) -> None:
    """Move the keyboard cursor to ``goal`` with the arrow keys, reading where it is
    after every key (js/input.js: the first key only shows the cursor).

    An arrow goes to the nearest square that way, a diagonal neighbour, and the cursor
    keeps to its line ("sticky"): pressing Right zig-zags along the row. So: Left/Right
    until the cursor is in the goal's column, then Up/Down until it is on the goal.
    Screen coordinates, so it works in either orientation."""
    trace: list[str] = []
    column_reached = False
    for _ in range(40):
        here = _cursor(root)
        trace.append(str(here))
        if here == goal:
            return
        if here is None:
            key = "ArrowUp"
        else:
            (hx, hy), (gx, gy) = _centre(root, here), _centre(root, goal)
            side = root.locator(f'{BOARD} .cw-sq[data-square="{goal}"]').bounding_box()
            assert side is not None
            column_reached = column_reached or abs(gx - hx) < side["width"] / 2
            if not column_reached:
                key = "ArrowLeft" if gx < hx else "ArrowRight"
            else:
                key = "ArrowUp" if gy < hy else "ArrowDown"
        page.keyboard.press(key)
        trace.append(key)
    raise AssertionError(f"the arrow keys did not bring the cursor to {goal}: {' '.join(trace)}")


def key_a_move(page: Page, root: Locator, index: int) -> dict[str, Any]:
    """Play a move with the keyboard alone: arrows to a lit piece, Enter, arrows to one of
    its landing squares, Enter (the contract of js/input.js)."""
    board = root.locator(BOARD)
    board.focus()
    lit = lit_squares(root)
    assert lit, f"board {index} has no lit piece for the keyboard"
    start = lit[0]
    steer_cursor(page, root, start)
    page.keyboard.press("Enter")
    targets = lit_squares(root, TARGET)
    assert targets, f"board {index}: Enter on the lit piece {start} marks no landing square"
    end = targets[0]
    steer_cursor(page, root, end)
    before = board_pieces(root)
    signature, spoken = _signature(root), _spoken(root)
    learn_before = _learn(root)[1]
    page.keyboard.press("Enter")
    answered = wait_for_answer(page, root, signature, spoken, learn_before)
    result = {"by": "keyboard", "path": [start, end], **outcome(page, root, before, answered)}
    result["learn"] = _learn(root)
    assert answered, f"board {index}: the keyboard move {start}-{end} did nothing: {result}"
    assert result["kind"] != "error", f"board {index}: keyboard {start}-{end} -> {result}"
    judged_right = result["learn"][0] == "right" and result["status"].startswith("Right")
    assert (
        result["changed"] or judged_right or (result["kind"] == "refused" and result["status"])
    ), result
    mode = page.evaluate("() => window.jupyterapp.shell.currentWidget.content.mode")
    assert mode == "command", "the notebook took the board's keys (Enter opened a cell)"
    return result


# --------------------------------------------------------------------------------------
# Screenshots
# --------------------------------------------------------------------------------------


def full_notebook_shot(page: Page, path: Path, width: int) -> None:
    """One image of the whole notebook: the window is resized until it shows every cell
    (capped at what chromium can capture), then set back to the reading height.

    Cells that were off screen only have JupyterLab's estimated height until they are
    drawn, so the height is measured again after each resize (it can shrink too)."""
    height = VIEW_HEIGHT
    page.set_viewport_size({"width": width, "height": height})
    for _ in range(8):
        page.wait_for_function(_JS_LAID_OUT)
        hidden = page.evaluate(_JS_HIDDEN_HEIGHT)
        wanted = max(VIEW_HEIGHT, min(MAX_SHOT_HEIGHT, height + hidden + 16))
        if -32 <= hidden <= 0 or wanted == height:
            break
        height = wanted
        page.set_viewport_size({"width": width, "height": height})
    page.evaluate(_JS_HIDDEN_HEIGHT)  # scrolled to the top
    path.parent.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(path))
    page.set_viewport_size({"width": width, "height": VIEW_HEIGHT})
    page.wait_for_function(_JS_LAID_OUT)


# --------------------------------------------------------------------------------------
# The test
# --------------------------------------------------------------------------------------


def fresh_user(jupyter_server) -> None:
    """The notebooks as a fresh clone has them, and no milestones or lesson progress."""
    for name in NOTEBOOKS:
        content = json.loads((EXAMPLES / name).read_text())
        jupyter_server.api(
            "PUT",
            f"/api/contents/{name}",
            {"type": "notebook", "format": "json", "content": content},
        )
    shutil.rmtree(jupyter_server.home / "checkers-widget", ignore_errors=True)


PARAMS = [
    pytest.param(nb, theme, width, id=f"{Path(nb).stem}-{theme}-{width}")
    for nb in NOTEBOOKS
    for theme, width in CONFIGS
]


@pytest.mark.parametrize(("notebook", "theme", "width"), PARAMS)
def test_notebook_tour(lab, jupyter_server, artifacts_dir, notebook, theme, width):
    page = lab.page
    stem = f"{Path(notebook).stem}-{theme}-{width}"
    shots = artifacts_dir / "tour"
    log = TourLog(notebook, theme, width)
    page.on(
        "console",
        lambda msg: log.warnings.append(msg.text[:300]) if msg.type == "warning" else None,
    )
    started = time.monotonic()
    fresh_user(jupyter_server)
    page.set_viewport_size({"width": width, "height": VIEW_HEIGHT})
    try:
        lab.open_in_lab(notebook)
        if theme != "light":
            lab.set_theme(THEMES[theme])
        log.seconds["open"] = round(time.monotonic() - started, 1)

        lab.run_all_cells()
        log.seconds["run_all"] = round(time.monotonic() - started, 1)
        errors = lab.error_outputs()
        assert errors == [], f"{notebook}: cells show errors after Run All:\n" + "\n".join(errors)

        # Every widget output drew, and every board widget drew a board.
        page.wait_for_function(_JS_WIDGETS_DRAWN, arg=WIDGET_MIME, timeout=SETTLE_MS)
        wait_until_settled(page)
        log.widgets = page.evaluate(_JS_WIDGET_OUTPUTS, WIDGET_MIME)
        roots = page.locator(".cw-root")
        log.statuses = [status_of(roots.nth(i)) for i in range(roots.count())]
        full_notebook_shot(page, shots / f"{stem}.png", width)
        for out in log.widgets:
            assert not out["error"], f"{notebook} cell {out['cell']}: {out['errorText']}"
            if out["plain"].startswith("Output("):
                continue
            assert out["height"] > 0 and out["children"] > 0, (
                f"{notebook} cell {out['cell']}: the widget output is empty: {out}"
            )
            if out["roots"]:
                assert out["board"] and out["boardWidth"] > 0, (
                    f"{notebook} cell {out['cell']}: a board widget without a board: {out}"
                )
        overflowing = page.evaluate(_JS_OVERFLOWING)
        assert overflowing == [], f"{notebook}: outputs wider than their cell: {overflowing}"
        for i, status in enumerate(log.statuses):
            assert "ran out of time" not in status["text"], (
                f"{notebook} board {i} was lost on time before anybody played: {status}"
            )
            assert status["kind"] != "error", f"{notebook} board {i}: {status}"

        # Play: one click move on every board that offers one, one keyboard move.
        for i in range(roots.count()):
            root = roots.nth(i)
            resume = root.locator(RESUME)
            if resume.count() and resume.first.is_visible():
                resume.first.click()  # a paused board: a user presses Resume first
                page.wait_for_function(
                    "(r) => !r.classList.contains('cw-paused')", arg=root.element_handle()
                )
            if not lit_squares(root):
                continue
            root.scroll_into_view_if_needed()
            log.moves.extend({"board": i, **a} for a in click_a_move(page, root, i))
            wait_until_settled(page)
        clicked = {m["board"] for m in log.moves}
        assert clicked or roots.count() == 0, (
            f"{notebook}: none of its {roots.count()} boards offered a move: {log.statuses}"
        )
        if clicked:
            for i in range(roots.count()):
                root = roots.nth(i)
                if lit_squares(root):
                    root.scroll_into_view_if_needed()
                    log.moves.append({"board": i, **key_a_move(page, root, i)})
                    wait_until_settled(page)
                    break
            else:
                raise AssertionError(
                    f"{notebook}: after the click moves no board offered a move to play by "
                    f"keyboard: {log.moves}"
                )
        log.statuses = [status_of(roots.nth(i)) for i in range(roots.count())]
        full_notebook_shot(page, shots / f"{stem}-played.png", width)
        errors = lab.error_outputs()
        assert errors == [], f"{notebook}: errors after playing:\n" + "\n".join(errors)
        for i, status in enumerate(log.statuses):
            assert status["kind"] != "error", f"{notebook} board {i} after playing: {status}"
    finally:
        log.seconds["total"] = round(time.monotonic() - started, 1)
        log.write(shots, stem)
