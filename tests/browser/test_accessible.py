"""The screen-reader mode in a real JupyterLab, read through the accessibility tree.

What a screen reader gets is what Chromium's accessibility tree holds: each test reads it
with Playwright's ARIA snapshots (``locator.aria_snapshot()``) and finds the controls by
their roles and names (``get_by_role``), as assistive technology does. The board is a
grid of eight rows of four squares; ``CheckersWidget(accessible=True)`` (or the Screen
reader switch) adds a command line where moves are typed and questions asked, every
answer read out through the live region (role ``status``). What Python thinks is read
back from the kernel (``w.game``), so each test checks both sides.
"""

from __future__ import annotations

import re
import textwrap
from pathlib import Path

import pytest
from board_helpers import kernel, kernel_json, open_board_root
from jupyter_harness import wait_until_settled
from playwright.sync_api import Locator, expect

pytestmark = pytest.mark.browser

IMPORTS = "from checkers_widget import CheckersWidget, Game\n"

#: How Python names the pieces, as the board's squares say them.
WORDS = {"black-man": "black man", "black-king": "black king", "white-man": "white man"}
WORDS["white-king"] = "white king"


def live(root: Locator) -> Locator:
    """The live region (role status): what a screen reader reads out as it changes. (The
    milestone note is a status too: the board's own is the one of the testing contract.)"""
    return root.get_by_role("status").and_(root.locator('[data-role="announce"]'))


def spoken(root: Locator) -> str:
    """What the live region holds, as the accessibility tree has it."""
    snapshot = live(root).aria_snapshot()
    match = re.fullmatch(r'- status(?: "[^"]*")?: (.*)', snapshot.strip(), re.S)
    assert match, snapshot
    return match.group(1).strip().strip('"').replace("\u00a0", "").strip()


def say(root: Locator, line: str) -> None:
    """Type ``line`` in the command box and press Enter, as a user would."""
    box = root.get_by_role("textbox", name="Command", exact=True)
    box.fill(line)
    box.press("Enter")


def answer(root: Locator, line: str, expected: str | re.Pattern[str]) -> str:
    """Type ``line`` and wait until the live region says ``expected``; returns it."""
    before = live(root).text_content()
    say(root, line)
    expect(live(root)).not_to_have_text(before or "\u0000")
    expect(live(root)).to_have_text(
        expected if isinstance(expected, re.Pattern) else re.compile(rf"^{re.escape(expected)}\s*$")
    )
    return spoken(root)


def grid_rows(snapshot: str) -> list[tuple[str, list[str]]]:
    """The rows of the board's ARIA snapshot, each with the names of its cells."""
    rows: list[tuple[str, list[str]]] = []
    for line in snapshot.splitlines():
        row = re.match(r'\s*- row "([^"]+)"', line)
        cell = re.match(r'\s*- gridcell "([^"]+)"', line)
        if row:
            rows.append((row.group(1), []))
        elif cell:
            rows[-1][1].append(cell.group(1))
    return rows


def python_squares(lab) -> dict[str, object]:
    """The position and the legal moves' starts, as the kernel has them."""
    return kernel_json(
        lab.page,
        "{'pieces': {s: p.name for s, p in w.game.board.pieces.items()},"
        " 'starts': sorted({m.start for m in w.game.legal_moves()}),"
        " 'legal': [str(m) for m in w.game.legal_moves()]}",
    )


# --------------------------------------------------------------------------- tests


def test_the_board_is_a_grid_of_named_rows_and_squares(lab, make_notebook):
    path = make_notebook(IMPORTS + "w = CheckersWidget(accessible=True)\nw")
    root = open_board_root(lab, path)
    board = root.get_by_role("grid", name="Checkers board")
    expect(board).to_be_visible()
    rows = grid_rows(board.aria_snapshot())
    facts = python_squares(lab)
    pieces = {int(k): v for k, v in facts["pieces"].items()}
    # Black at the bottom: the top row drawn is row 8 (29-32), read right to left as drawn.
    assert [name for name, _ in rows] == [f"Row {n}" for n in range(8, 0, -1)]
    for name, cells in rows:
        n = int(name.split()[1])
        squares = [4 * n - i for i in range(4)]  # as drawn, Black at the bottom
        expected = []
        for s in squares:
            label = f"Square {s}, {WORDS.get(pieces.get(s, ''), 'empty')}"
            if s in facts["starts"]:
                label += ", can move"
            expected.append(label)
        assert cells == expected, name
    # The same tree holds the command line above the board, labelled; with Tab it comes
    # after the bar's buttons, and the board after it.
    box = root.get_by_role("textbox", name="Command", exact=True)
    expect(box).to_be_visible()
    root.get_by_role("button", name="Resign").focus()
    lab.page.keyboard.press("Tab")
    expect(box).to_be_focused()
    lab.page.keyboard.press("Tab")
    expect(board).to_be_focused()
    command_line = root.get_by_role("group", name="Command line").aria_snapshot()
    assert 'textbox "Command"' in command_line
    assert "Type a move (11-15, 9x18x27) or m 11, p, l, c, s 3; ? lists them." in command_line


def test_typed_commands_play_and_read_the_game(lab, make_notebook):
    path = make_notebook(
        IMPORTS + 'w = CheckersWidget(accessible=True, opponent="easy", seed=5, timer="normal")\nw'
    )
    root = open_board_root(lab, path)
    page = lab.page
    facts = python_squares(lab)
    moves_of_11 = [m for m in facts["legal"] if m.startswith("11")]
    assert moves_of_11 == ["11-15", "11-16"]
    answer(root, "m 11", "The black man on 11 can play 11-15 or 11-16.")
    answer(
        root,
        "p",
        "Black: 12 men on 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11 and 12. "
        "White: 12 men on 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31 and 32.",
    )
    answer(root, "s 3", "Row 3: 9 black man, 10 black man, 11 black man, 12 black man.")
    answer(root, "l", "No move has been played yet.")
    answer(
        root,
        "c",
        "Black's clock: 45 seconds a move; it starts with the first move made on the board. "
        "When a move's time runs out, a move is played for that side.",
    )
    # A bad command and an illegal move are read out as such, and change nothing.
    answer(root, "xyz", 'Unknown command "xyz". Type ? for the list of commands.')
    refused = answer(root, "11-14", re.compile(r"^Not played: "))
    status = kernel_json(page, "w.state['status']")
    assert status["kind"] == "refused" and refused == f"Not played: {status['text']}"
    assert kernel_json(page, "[str(m) for m in w.game.moves]") == []
    # A typed move plays, and the computer replies.
    say(root, "11-15")
    expect(live(root)).to_have_text(re.compile(r"^White played \d+-\d+\. Black to move"))
    moves = kernel_json(page, "[str(m) for m in w.game.moves]")
    assert moves[0] == "11-15" and len(moves) == 2
    assert spoken(root).startswith(f"White played {moves[1]}.")
    answer(root, "l", f"Last move: White played {moves[1]}.")
    answer(root, "s 4", "Row 4: 13 empty, 14 empty, 15 black man, 16 empty.")
    # The clock started with the move made on the board: it runs for Black now.
    answer(
        root,
        "c",
        re.compile(r"^Black's clock: \d+ seconds left for this move \(45 seconds a move\)\. "),
    )
    # m lists what Python published for this position, nothing else.
    facts = python_squares(lab)
    listed = answer(root, "m", re.compile(r"^\d+ legal moves?: "))
    assert listed == f"{len(facts['legal'])} legal moves: " + _listed(facts["legal"]) + "."
    lab.screenshot("typed-moves")


def _listed(items: list[str]) -> str:
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"


def test_the_screen_reader_switch_opens_the_command_line(lab, make_notebook):
    path = make_notebook(IMPORTS + 'w = CheckersWidget(Game("B:W14,22,23,32:B9,1"))\nw')
    root = open_board_root(lab, path)
    page = lab.page
    expect(root.get_by_role("textbox", name="Command")).to_have_count(0)  # hidden: not in the tree
    switch = root.get_by_role("switch", name="Screen reader")
    expect(switch).not_to_be_checked()
    # As a screen-reader user turns it on: focus the switch, press Space.
    switch.focus()
    switch.press("Space")
    expect(switch).to_be_checked()
    expect(live(root)).to_have_text(re.compile(r"^Screen-reader mode on: "))
    assert kernel_json(page, "w.accessible") is True
    box = root.get_by_role("textbox", name="Command")
    expect(box).to_be_visible()
    # Letters typed in the box are not the notebook's shortcuts (A, B, D D...) or the board's.
    cells = page.locator(".jp-Notebook .jp-Cell").count()
    box.press_sequentially("ab ddu")
    expect(box).to_have_value("ab ddu")
    assert page.locator(".jp-Notebook .jp-Cell").count() == cells
    # A double jump typed hop by hop: Python keeps the sequence going from where it stands.
    answer(root, "m 9", "The black man on 9 can play 9x18x25 or 9x18x27.")
    say(root, "9x18")
    expect(live(root)).to_have_text(re.compile(r"^Jumped to 18\. Black: keep jumping"))
    answer(root, "m 18", "The black man on 18 must keep jumping: 18x25 or 18x27.")
    say(root, "18x27")
    expect(live(root)).to_have_text(re.compile(r"^Black played 9x18x27, taking 2 pieces\. White"))
    assert kernel_json(page, "[str(m) for m in w.game.moves]") == ["9x18x27"]
    # Off again from Python: the command line goes.
    kernel(page, "w.accessible = False")
    expect(switch).not_to_be_checked()
    expect(root.get_by_role("textbox", name="Command")).to_have_count(0)


@pytest.mark.parametrize("theme", ["JupyterLab Light", "JupyterLab Dark"])
def test_the_accessible_mode_looks_right(lab, make_notebook, theme, artifacts_dir: Path):
    """A wide board and one in a 320-pixel cell, each with the command line above it."""
    lab.page.set_viewport_size({"width": 1400, "height": 1100})
    path = make_notebook(
        IMPORTS
        + textwrap.dedent("""
        import ipywidgets as ipw
        from IPython.display import display
        w = CheckersWidget(accessible=True, opponent="easy", seed=2)
        narrow = CheckersWidget(accessible=True, side_names="black-red")
        display(w, ipw.Box([narrow], layout=ipw.Layout(width="320px")))
        """)
    )
    lab.open_in_lab(path)
    if theme != "JupyterLab Light":
        lab.set_theme(theme)
    lab.run_all_cells()
    assert lab.error_outputs() == []
    roots = lab.page.locator(".cw-root")
    expect(roots).to_have_count(2)
    wide, narrow = roots.nth(0), roots.nth(1)
    answer(wide, "m 11", "The black man on 11 can play 11-15 or 11-16.")
    narrow.scroll_into_view_if_needed()
    # The side names are the board's own: Black plays Red here (Red on 21-32).
    answer(narrow, "s 8", "Row 8: 29 red man, 30 red man, 31 red man, 32 red man.")
    expect(narrow.get_by_role("gridcell", name="Square 22, red man")).to_have_count(1)
    slug = theme.split()[-1].lower()
    for name, root in (("wide", wide), ("narrow", narrow)):
        root.scroll_into_view_if_needed()
        wait_until_settled(root)
        panel = root.locator('[data-role="command-line"]').bounding_box()
        box = root.locator('[data-role="command"]').bounding_box()
        frame = root.locator(".cw-frame").bounding_box()
        assert panel and box and frame
        # As wide as the board, never wider, and above it; the text box inside it.
        assert abs(panel["width"] - frame["width"]) < 2, (name, panel, frame)
        assert panel["y"] + panel["height"] <= frame["y"], name
        assert box["x"] + box["width"] <= panel["x"] + panel["width"], name
        root.screenshot(path=str(artifacts_dir / f"accessible-{slug}-{name}.png"))
    assert wide.locator(".cw-frame").bounding_box()["width"] > 500
    assert narrow.locator(".cw-frame").bounding_box()["width"] <= 320
    # The text box and its words follow the theme: readable on their background.
    colors = wide.locator('[data-role="command"]').evaluate(
        "e => [getComputedStyle(e).color, getComputedStyle(e).backgroundColor]"
    )
    fg, bg = (_luminance(c) for c in colors)
    assert abs(fg - bg) > 0.4, colors
    assert (bg < 0.3) if slug == "dark" else (bg > 0.7), colors


def _luminance(css: str) -> float:
    r, g, b = (int(x) / 255 for x in re.findall(r"[\d.]+", css)[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b
