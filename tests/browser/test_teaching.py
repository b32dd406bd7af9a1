"""Teaching tools in a real JupyterLab: step-through replays, walking a master game with
the move list, and the position editor; plus the two handout notebooks (03 and 05).

Driven like a person would (clicks on ``data-action`` buttons and ``data-square``
squares, arrow keys), read through the DOM (``data-piece`` on the board's pieces,
``data-role="replay-hop"``, ``"moves"``, ``"editor"``, ...) and checked against the
kernel. Every wait polls for a DOM condition with a generous timeout (a small, busy
machine); nothing sleeps and hopes.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from board_helpers import (
    BOARD_PIECE,
    CW_SQUARE,
    STATUS,
    kernel,
    kernel_json,
    open_board_root,
    pieces,
)
from board_helpers import piece_on as _piece_on
from board_helpers import sq as _sq
from jupyter_harness import wait_until_settled
from playwright.sync_api import Locator, Page, expect

from slowdown import scaled, scaled_ms

pytestmark = pytest.mark.browser

HOP = '[data-role="replay-hop"]'
MOVES = '[data-role="moves"]'
WAIT = scaled_ms(30_000)  # ms for any DOM condition

#: White's man on 25 has one move, a triple jump that crowns: 25x18x11x4 over 22, 15, 8.
TRIPLE_FEN = "W:W25:B1,8,15,22"
TRIPLE = "25x18x11x4"
BEFORE = {1: "black-man", 8: "black-man", 15: "black-man", 22: "black-man", 25: "white-man"}
HOPS = [
    BEFORE,
    {1: "black-man", 8: "black-man", 15: "black-man", 18: "white-man"},
    {1: "black-man", 8: "black-man", 11: "white-man"},
    {1: "black-man", 4: "white-king"},
]

#: M Tinsley v AA Long, practice game 1947: the 54th game of checkers_widget.data's
#: tinsley_games() (game 541 of the file is skipped, after this one), with two triple
#: jumps: 7x14x23x30 at ply 21 and 27x18x11x4 at ply 26.
TINSLEY_INDEX = 53


def sq(root: Locator, n: int) -> Locator:
    return _sq(root, n, template=CW_SQUARE)


def piece_on(root: Locator, n: int) -> Locator:
    return _piece_on(root, n, piece=BOARD_PIECE)


def board_pieces(root: Locator) -> dict[int, str]:
    return pieces(root, piece=BOARD_PIECE)


def expect_pieces(root: Locator, wanted: dict[int, str]) -> None:
    """Poll until the board shows exactly ``wanted`` (square -> piece)."""
    target = json.dumps({str(k): v for k, v in sorted(wanted.items())}, sort_keys=True)
    script = """([root, target]) => {
      const found = {};
      for (const e of root.querySelectorAll('.cw-pieces [data-piece]')) {
        found[e.dataset.square] = e.dataset.piece;
      }
      const norm = (o) => JSON.stringify(Object.keys(o).map(Number).sort((a, b) => a - b)
        .map((k) => [k, o[String(k)]]));
      return norm(found) === norm(JSON.parse(target));
    }"""
    try:
        root.page.wait_for_function(script, arg=[root.element_handle(), target], timeout=WAIT)
    except Exception:
        raise AssertionError(f"the board shows {board_pieces(root)}, expected {wanted}") from None


def python_pieces(page: Page, widget: str = "w") -> dict[int, str]:
    found = kernel_json(page, f"{{s: p.name for s, p in {widget}.game.board.pieces.items()}}")
    return {int(k): v for k, v in found.items()}


def python_ply(page: Page, widget: str = "w") -> int:
    return kernel_json(page, f"{widget}.game.ply")


# --------------------------------------------------------------------------- replay


def test_replay_steps_through_a_triple_jump(lab, make_notebook):
    path = make_notebook(
        f"""
        from checkers_widget import Game
        from checkers_widget.widget import CheckersWidget
        w = CheckersWidget(Game("{TRIPLE_FEN}"), show_numbers=True)
        w
        """
    )
    root = open_board_root(lab, path)
    page = lab.page
    # Python: one legal move, the crowning triple jump.
    assert kernel_json(page, "[str(m) for m in w.game.legal_moves()]") == [TRIPLE]
    replay_button = root.locator('[data-action="replay"]')
    expect(replay_button).to_be_disabled()
    kernel(page, f"w.play('{TRIPLE}'); w.replay()")
    panel = root.locator('[data-role="replay"]')
    expect(panel).to_be_visible(timeout=WAIT)
    expect(panel).to_contain_text(TRIPLE)
    # It plays by itself; First stops it at the position before the move.
    root.locator('[data-action="replay-first"]').click()
    expect(root.locator(HOP)).to_have_text(f"before {TRIPLE}")
    expect_pieces(root, HOPS[0])
    expect(piece_on(root, 22)).to_have_class(re.compile(r"\bcw-jumped\b"))
    # Forward, hop by hop: the man lands on 18, 11, 4; 22, 15, 8 go one at a time.
    forward = root.locator('[data-action="replay-forward"]')
    for hop, (landing, jumped) in enumerate([(18, 15), (11, 8), (4, None)], start=1):
        forward.click()
        expect(root.locator(HOP)).to_contain_text(f"hop {hop} of 3")
        expect_pieces(root, HOPS[hop])
        expect(piece_on(root, landing)).to_be_visible()
        if jumped:
            expect(piece_on(root, jumped)).to_have_class(re.compile(r"\bcw-jumped\b"))
        if hop == 1:
            root.screenshot(path=str(lab.artifacts_dir / "teaching-replay-light.png"))
    expect(root.locator(HOP)).to_have_text("hop 3 of 3 · crowned")
    expect(piece_on(root, 4)).to_have_attribute("data-piece", "white-king")
    expect(forward).to_be_disabled()
    # Back again, the jumped pieces return one by one.
    root.locator('[data-action="replay-back"]').click()
    expect_pieces(root, HOPS[2])
    root.locator('[data-action="replay-back"]').click()
    expect_pieces(root, HOPS[1])
    # The keyboard, while the panel has focus.
    panel.focus()
    page.keyboard.press("ArrowRight")
    expect_pieces(root, HOPS[2])
    page.keyboard.press("Home")
    expect_pieces(root, HOPS[0])
    page.keyboard.press("End")
    expect_pieces(root, HOPS[3])
    # Play from the start at 2x: it runs to the end by itself.
    page.keyboard.press("Home")
    root.locator('[data-action="replay-speed"][data-speed="2"]').click()
    root.locator('[data-action="replay-play"]').click()
    expect(root.locator(HOP)).to_have_text("hop 3 of 3 · crowned", timeout=WAIT)
    expect_pieces(root, HOPS[3])
    # Close: the live position (which Python never left).
    root.locator('[data-action="replay-close"]').click()
    expect(panel).to_be_hidden()
    assert board_pieces(root) == python_pieces(page) == HOPS[3]
    # The board's own control replays the last move again.
    expect(replay_button).to_be_enabled()
    replay_button.click()
    expect(panel).to_be_visible(timeout=WAIT)
    assert kernel_json(page, "w.state['replay']['move']['path']") == [25, 18, 11, 4]
    root.locator('[data-action="replay-first"]').click()
    expect_pieces(root, HOPS[0])


# --------------------------------------------------------------------------- move list


def test_walk_through_a_tinsley_game(lab, make_notebook):
    path = make_notebook(
        f"""
        from itertools import islice
        from checkers_widget import data
        from checkers_widget.widget import CheckersWidget
        game = next(islice(data.tinsley_games(), {TINSLEY_INDEX}, None))
        text = game.to_pdn().replace("7x14x23x30", "7x14x23x30 {{a triple jump}}", 1)
        w = CheckersWidget()
        w.load_pdn(text)
        w
        """
    )
    root = open_board_root(lab, path)
    page = lab.page
    line = kernel_json(page, "w.state['history']['line']")
    assert line[20] == "7x14x23x30" and line[25] == "27x18x11x4"
    moves = root.locator(MOVES)
    expect(moves).to_be_visible()
    expect(moves.locator(".cw-current")).to_have_attribute("data-ply", "0")
    expect(moves.locator('[data-role="move"]')).to_have_count(len(line))
    expect(moves.locator(".cw-move-row").nth(1)).to_have_text(f"1.{line[0]}{line[1]}")
    # Click the triple jump: Python goes there, the board follows.
    moves.locator('[data-ply="21"][data-role="move"]').click()
    expect(moves.locator(".cw-current")).to_have_attribute("data-ply", "21", timeout=WAIT)
    assert python_ply(page) == 21
    expect_pieces(root, python_pieces(page))
    expect(moves.locator('[data-role="comment"]')).to_have_text("a triple jump")
    expect(moves.locator('[data-ply="22"][data-role="move"]')).to_have_class(
        re.compile(r"\bcw-future\b")
    )
    root.screenshot(path=str(lab.artifacts_dir / "teaching-movelist-light.png"))
    # Arrow keys step (the list has focus after the click).
    expect(moves).to_be_focused()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    expect(moves.locator(".cw-current")).to_have_attribute("data-ply", "23", timeout=WAIT)
    page.keyboard.press("ArrowLeft")
    expect(moves.locator(".cw-current")).to_have_attribute("data-ply", "22", timeout=WAIT)
    assert python_ply(page) == 22
    expect_pieces(root, python_pieces(page))
    page.keyboard.press("End")
    expect(moves.locator(".cw-current")).to_have_attribute("data-ply", str(len(line)), timeout=WAIT)
    page.keyboard.press("Home")
    expect(moves.locator(".cw-current")).to_have_attribute("data-ply", "0", timeout=WAIT)
    # A different move from a past position starts a new line; the old one is kept.
    past = 2  # after 1. 12-16 21-17: Black has quiet moves other than the game's 9-14
    moves.locator(f'[data-ply="{past}"][data-role="move"]').click()
    expect(moves.locator(".cw-current")).to_have_attribute("data-ply", str(past), timeout=WAIT)
    other = kernel_json(
        page,
        f"[m.path for m in w.game.legal_moves() if str(m) != w.game.line[{past}]"
        " and not m.is_capture]",
    )
    assert other, f"expected another quiet move at ply {past}"
    start, end = other[0][0], other[0][-1]
    sq(root, start).click()
    sq(root, end).click()
    expect(moves.locator('[data-role="move"]')).to_have_count(past + 1, timeout=WAIT)
    history = kernel_json(page, "w.state['history']")
    assert history["line"][:past] == line[:past] and history["line"][past] != line[past]
    # The old line's note goes with it into the variation (it would otherwise sit under
    # the new line's move of the same number).
    old_line = " ".join(line[past:]).replace("7x14x23x30", "7x14x23x30 {a triple jump}", 1)
    assert kernel_json(page, f"w.game.variations[{past + 1}]") == [old_line]
    # The state carries its start, as much as the move list draws (shown_variations).
    sent = history["variations"][str(past + 1)]
    assert len(sent) == 1 and old_line.startswith(sent[0].removesuffix(" …"))
    expect(moves.locator('[data-role="comment"]')).to_have_count(0)
    expect(moves.locator('[data-role="variation"]')).to_contain_text(line[past])
    # The new line goes on from the board, as any game does.
    assert python_ply(page) == past + 1


# --------------------------------------------------------------------------- editor


_JS_BUSY_KERNEL = """
(code) => {
  const kernel = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
  kernel.requestExecute({ code, store_history: false });
  return true;
}
"""


def busy_kernel(page: Page, until: Path) -> None:
    """Keep the kernel busy until the file ``until`` exists, without waiting: messages
    from the board queue up behind it, as when a cell runs, or the machine is slow, while
    the user clicks on. Its own limit is only a hang guard (slowdown.py)."""
    code = (
        "import pathlib as _p, time as _t\n"
        f"_deadline = _t.monotonic() + {scaled(120)}\n"
        f"while not _p.Path({str(until)!r}).exists() and _t.monotonic() < _deadline:\n"
        "    _t.sleep(0.05)"
    )
    page.evaluate(_JS_BUSY_KERNEL, code)


def test_quick_clicks_outrunning_the_kernel_are_all_kept(lab, make_notebook, tmp_path):
    """A user sets up a position with quick clicks while the kernel is slow to answer,
    then presses Undo twice: every action counts (before, each action after the first
    was refused as "made on an old position", and pieces came back or never came)."""
    path = make_notebook(
        """
        from checkers_widget.widget import CheckersWidget
        w = CheckersWidget(show_numbers=True)
        w
        """
    )
    root = open_board_root(lab, path)
    page = lab.page
    root.locator('[data-action="edit"]').click()
    expect(root.locator('[data-role="editor"]')).to_be_visible(timeout=WAIT)
    root.locator('[data-action="edit-clear"]').click()
    expect(root.locator(BOARD_PIECE)).to_have_count(0, timeout=WAIT)
    edited = tmp_path / "edited"
    busy_kernel(page, until=edited)  # until all the clicks below are made
    root.locator('[data-action="edit-piece"][data-tool="white-man"]').click()
    sq(root, 22).click()
    root.locator('[data-action="edit-piece"][data-tool="black-man"]').click()
    sq(root, 18).click()
    sq(root, 18).click()  # on second thoughts: off again (a toggle of what is there by then)
    root.locator('[data-action="edit-piece"][data-tool="black-king"]').click()
    sq(root, 1).click()
    edited.touch()  # the kernel gets to the clicks only now
    expect_pieces(root, {1: "black-king", 22: "white-man"})
    status = root.locator(STATUS)
    expect(status).not_to_contain_text("old position")
    expect(root.locator('[data-role="fen"]')).to_have_value("B:W22:BK1", timeout=WAIT)
    root.locator('[data-action="edit-done"]').click()
    expect(root.locator('[data-role="editor"]')).to_be_hidden(timeout=WAIT)
    # Two moves from the start, then Undo twice while the kernel is busy.
    kernel(
        page,
        """
        from checkers_widget import Game
        w.game = Game()
        w.play("11-15")
        w.play("23-19")
        """,
    )
    expect(piece_on(root, 19)).to_have_count(1, timeout=WAIT)
    clicked = tmp_path / "clicked"
    busy_kernel(page, until=clicked)
    undo = root.locator('[data-action="undo"]')
    undo.click()
    undo.click()
    clicked.touch()  # the kernel gets to the two Undos only now
    expect(piece_on(root, 11)).to_have_count(1, timeout=WAIT)
    expect(piece_on(root, 23)).to_have_count(1, timeout=WAIT)
    expect(status).not_to_contain_text("old position")
    assert kernel_json(page, "w.game.ply") == 0
    root.screenshot(path=str(lab.artifacts_dir / "teaching-quick-clicks.png"))


def test_position_editor(lab, make_notebook):
    path = make_notebook(
        """
        from checkers_widget.widget import CheckersWidget
        w = CheckersWidget(show_numbers=True)
        w
        """
    )
    root = open_board_root(lab, path)
    page = lab.page
    root.locator('[data-action="edit"]').click()
    editor = root.locator('[data-role="editor"]')
    expect(editor).to_be_visible(timeout=WAIT)
    fen = root.locator('[data-role="fen"]')
    expect(fen).to_have_value(kernel_json(page, "w.game.board.to_fen()"))
    root.locator('[data-action="edit-clear"]').click()
    expect(root.locator(BOARD_PIECE)).to_have_count(0, timeout=WAIT)
    # Place a white man on 22 and a black man on 18 (the default piece), a black king on 1.
    root.locator('[data-action="edit-piece"][data-tool="white-man"]').click()
    sq(root, 22).click()
    expect(piece_on(root, 22)).to_have_attribute("data-piece", "white-man", timeout=WAIT)
    root.locator('[data-action="edit-piece"][data-tool="black-man"]').click()
    sq(root, 18).click()
    expect(piece_on(root, 18)).to_have_attribute("data-piece", "black-man", timeout=WAIT)
    # Clicking the same piece again takes it off; the king goes on 1 instead.
    sq(root, 18).click()
    expect(piece_on(root, 18)).to_have_count(0, timeout=WAIT)
    sq(root, 18).click()
    root.locator('[data-action="edit-piece"][data-tool="black-king"]').click()
    sq(root, 1).click()
    expect_pieces(root, {1: "black-king", 18: "black-man", 22: "white-man"})
    expect(fen).to_have_value(re.compile(r"^B:W22:B(K1,18|18,K1)$"), timeout=WAIT)
    # A black man on 30 (its own crowning row) is refused, with the reason.
    root.locator('[data-action="edit-piece"][data-tool="black-man"]').click()
    sq(root, 30).click()
    status = root.locator(STATUS)
    expect(status).to_contain_text("cannot stand on 30", timeout=WAIT)
    expect(status).to_have_attribute("data-kind", "refused")
    # Said once: the editor panel does not repeat the status line's refusal.
    expect(editor).not_to_contain_text("cannot stand on 30")
    expect(piece_on(root, 30)).to_have_count(0)
    root.screenshot(path=str(lab.artifacts_dir / "teaching-editor-light.png"))
    # A FEN typed in the field; then White to move.
    fen.fill("B:W22,27:B18,K1")
    fen.press("Enter")
    expect(piece_on(root, 27)).to_have_attribute("data-piece", "white-man", timeout=WAIT)
    expect(status).not_to_contain_text("cannot stand on 30")
    root.locator('[data-action="edit-turn"][data-turn="white"]').click()
    expect(fen).to_have_value(re.compile(r"^W:"), timeout=WAIT)
    # A malformed FEN is refused too.
    fen.fill("this is no position")
    fen.press("Enter")
    expect(status).to_have_attribute("data-kind", "refused", timeout=WAIT)
    expect(editor).not_to_contain_text("no position")
    expect(piece_on(root, 27)).to_have_count(1)
    root.locator('[data-action="edit-done"]').click()
    expect(editor).to_be_hidden(timeout=WAIT)
    assert kernel_json(page, "w.game.board.to_fen()").startswith("W:")
    # The legal moves are lit: White must jump 22x15.
    assert kernel_json(page, "[str(m) for m in w.game.legal_moves()]") == ["22x15"]
    expect(sq(root, 22)).to_have_class(re.compile(r"\bcw-movable\b"), timeout=WAIT)
    expect(root.locator(STATUS)).to_contain_text("must jump")
    root.locator('[data-action="hint"]').click()
    expect(root.locator('[data-role="hint"]')).to_contain_text("22x15")
    expect(root.locator('[data-role="hint-arrow"]')).to_have_attribute("data-path", "22 15")


def test_editor_refusals_go_at_the_next_action(lab, make_notebook):
    """The user's report: "A black man cannot stand on 30..." stayed on the status line
    after valid placements, and a bad FEN's error still showed after Cancel."""
    path = make_notebook(
        """
        from checkers_widget.widget import CheckersWidget
        w = CheckersWidget(show_numbers=True)
        w
        """
    )
    root = open_board_root(lab, path)
    status = root.locator(STATUS)
    root.locator('[data-action="edit"]').click()
    expect(root.locator('[data-role="editor"]')).to_be_visible(timeout=WAIT)
    root.locator('[data-action="edit-clear"]').click()
    expect(root.locator(BOARD_PIECE)).to_have_count(0, timeout=WAIT)
    root.locator('[data-action="edit-piece"][data-tool="black-man"]').click()
    sq(root, 30).click()
    expect(status).to_contain_text("cannot stand on 30", timeout=WAIT)
    expect(status).to_have_attribute("data-kind", "refused")
    # Valid placements: the refusal goes, the status says what is true now.
    sq(root, 14).click()
    expect(piece_on(root, 14)).to_have_attribute("data-piece", "black-man", timeout=WAIT)
    expect(status).to_have_text("Setting up a position: Black to move", timeout=WAIT)
    expect(status).to_have_attribute("data-kind", "turn")
    expect(root.locator('[data-role="editor"]')).not_to_contain_text("cannot stand on 30")
    sq(root, 18).click()
    expect(piece_on(root, 18)).to_have_attribute("data-piece", "black-man", timeout=WAIT)
    expect(status).to_have_text("Setting up a position: Black to move")
    # A bad FEN is refused; Cancel leaves the editor and its error behind.
    fen = root.locator('[data-role="fen"]')
    fen.fill("B:W21:B40")
    fen.press("Enter")
    expect(status).to_have_attribute("data-kind", "refused", timeout=WAIT)
    expect(status).to_contain_text("40")
    root.locator('[data-action="edit-cancel"]').click()
    expect(root.locator('[data-role="editor"]')).to_be_hidden(timeout=WAIT)
    expect(status).to_have_text("Black to move", timeout=WAIT)
    expect(status).to_have_attribute("data-kind", "turn")
    root.screenshot(path=str(lab.artifacts_dir / "teaching-editor-cancelled.png"))


# --------------------------------------------------------------------------- notebooks


def test_explore_positions_notebook(lab):
    lab.page.set_viewport_size({"width": 1280, "height": 1600})
    lab.open_in_lab("03_explore_positions.ipynb")
    lab.run_all_cells()
    assert lab.error_outputs() == []
    expect(lab.page.locator('.cw-root [data-role="board"]').first).to_be_visible()
    lab.screenshot("notebook-03")


def test_replay_a_master_game_notebook(lab):
    """Notebook 05 after Run All: every section's board shows what its text says (each
    has its own board and game), and the loaded game's header names the players, the
    event and the result, in the light and the dark theme."""
    page = lab.page
    page.set_viewport_size({"width": 1280, "height": 6000})
    lab.open_in_lab("05_replay_a_master_game.ipynb")
    lab.run_all_cells()
    assert lab.error_outputs() == []
    roots = page.locator(".cw-root")
    expect(roots).to_have_count(5)
    walk, puzzle, jump, crown, what_if = (roots.nth(i) for i in range(5))
    names = ["walk", "puzzle", "jump", "crown", "what_if"]
    # Each board is at its own place in the game, and draws what its Python game holds.
    plies = {name: python_ply(page, name) for name in names}
    assert plies == {"walk": 0, "puzzle": 20, "jump": 21, "crown": 26, "what_if": 20}
    assert kernel_json(page, "len(games[53].line) == games[53].ply == 48")  # left as read
    expect_pieces(walk, python_pieces(page, "walk"))
    assert len(python_pieces(page, "walk")) == 24  # the walk-through starts at the start
    expect_pieces(puzzle, python_pieces(page, "puzzle"))
    expect_pieces(what_if, python_pieces(page, "what_if"))
    expect(walk.locator(MOVES).locator(".cw-current")).to_have_attribute("data-ply", "0")
    expect(puzzle.locator(STATUS)).to_contain_text("must jump")
    expect(jump.locator('[data-role="replay"]')).to_contain_text("7x14x23x30")
    expect(crown.locator('[data-role="replay"]')).to_contain_text("27x18x11x4")
    expect(what_if.locator('[data-role="variation"]')).to_contain_text("17x10")
    # The header: players with their sides, the event, the result (gone for the new line).
    for root in (walk, puzzle, jump, crown, what_if):
        players = root.locator('[data-role="game-info-players"]')
        expect(players).to_have_text("M Tinsley (Black) v AA Long (White)")
        expect(root.locator('[data-role="game-info-event"]')).to_have_text("practice game 1947")
    expect(walk.locator('[data-role="game-info-result"]')).to_have_text("Drawn (1/2-1/2)")
    expect(what_if.locator('[data-role="game-info-result"]')).to_be_hidden()
    walk.screenshot(path=str(lab.artifacts_dir / "notebook-05-walk-light.png"))
    lab.screenshot("notebook-05")
    # Clicking a move of the walk-through moves that board only.
    walk.locator(MOVES).locator('[data-ply="21"][data-role="move"]').click()
    expect(walk.locator(MOVES).locator(".cw-current")).to_have_attribute(
        "data-ply", "21", timeout=WAIT
    )
    assert python_ply(page, "walk") == 21 and python_ply(page, "puzzle") == 20
    lab.set_theme("JupyterLab Dark")
    header = walk.locator('[data-role="game-info"]')
    # The header's text against the first opaque background behind it.
    colors = header.evaluate(
        """e => {
          let n = e, bg = 'rgb(255, 255, 255)';
          for (; n; n = n.parentElement) {
            const c = getComputedStyle(n).backgroundColor;
            if (c && c !== 'transparent' && !/rgba\\(.*,\\s*0\\)$/.test(c)) { bg = c; break; }
          }
          return [getComputedStyle(e).color, bg];
        }"""
    )
    fg, bg = (_luminance(c) for c in colors)
    assert fg - bg > 0.4, colors
    walk.screenshot(path=str(lab.artifacts_dir / "notebook-05-walk-dark.png"))


# --------------------------------------------------------------------------- looks


def test_teaching_tools_in_the_dark_theme(lab, make_notebook):
    path = make_notebook(
        f"""
        from checkers_widget import Game
        from checkers_widget.widget import CheckersWidget
        replay = CheckersWidget(Game("{TRIPLE_FEN}"))
        replay.play("{TRIPLE}")
        replay.replay()
        replay
        """,
        f"""
        from itertools import islice
        from checkers_widget import data
        game = next(islice(data.tinsley_games(), {TINSLEY_INDEX}, None))
        walk = CheckersWidget()
        walk.load_pdn(game.to_pdn().replace("7x14x23x30", "7x14x23x30 {{a triple jump}}", 1))
        walk.goto(21)
        walk
        """,
        """
        editing = CheckersWidget(Game("W:W22,27:B18,K1"))
        editing.edit()
        editing
        """,
    )
    lab.page.set_viewport_size({"width": 1280, "height": 2600})
    lab.open_in_lab(path)
    lab.set_theme("JupyterLab Dark")
    lab.run_all_cells()
    assert lab.error_outputs() == []
    roots = lab.page.locator(".cw-root")
    expect(roots).to_have_count(3)
    replay, walk, editing = roots.nth(0), roots.nth(1), roots.nth(2)
    replay.locator('[data-action="replay-first"]').click()
    replay.locator('[data-action="replay-forward"]').click()
    expect(replay.locator(HOP)).to_have_text("hop 1 of 3")
    expect_pieces(replay, HOPS[1])
    wait_until_settled(replay)  # the hop's own animation is over
    replay.screenshot(path=str(lab.artifacts_dir / "teaching-replay-dark.png"))
    expect(walk.locator(".cw-current")).to_have_attribute("data-ply", "21")
    walk.screenshot(path=str(lab.artifacts_dir / "teaching-movelist-dark.png"))
    expect(editing.locator('[data-role="editor"]')).to_be_visible()
    editing.locator('[data-action="edit-piece"][data-tool="white-king"]').click()
    editing.screenshot(path=str(lab.artifacts_dir / "teaching-editor-dark.png"))
    # The panels follow the theme: readable text on a dark background.
    for panel in (replay.locator('[data-role="replay"]'), walk.locator(MOVES)):
        colors = panel.evaluate(
            "e => [getComputedStyle(e).color,"
            " getComputedStyle(e.closest('.cw-replay, .cw-movelist')).backgroundColor]"
        )
        fg, bg = (_luminance(c) for c in colors)
        assert bg < 0.3 and fg - bg > 0.4, colors


def _luminance(css: str) -> float:
    r, g, b = (int(float(x)) / 255 for x in re.findall(r"[\d.]+", css)[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b
