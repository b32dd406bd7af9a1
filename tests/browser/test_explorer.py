"""The opening explorer beside the board, in a real JupyterLab (issue 14).

A board with the bundled Tinsley explorer: the panel's rows are the moves Python lists
for the position (checked against the kernel's own ``board.explorer.moves``), a click
on a row plays its move and the panel follows (a keyboard press on a row too, and an
undo from Python), the game header names the ACF opening once three moves are played;
in the light and the dark theme, with screenshots; and in a narrow cell the panel goes
under the board and fits it.
"""

from __future__ import annotations

import pytest
from board_helpers import BOARD, kernel, kernel_json, piece_on, widget_root
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

ROWS = '[data-role="explorer-move"]'

#: What the kernel says the panel should show: each move and its games, in order.
EXPECTED = "[(m.move, m.games) for m in board.explorer.moves(board.game)]"

_COLOURS = """
(panel) => {
  const style = (sel, prop) => getComputedStyle(panel.querySelector(sel))[prop];
  return {
    bg: style(".cw-explorer-rows", "backgroundColor"),
    panel: getComputedStyle(panel).backgroundColor,
    text: style(".cw-explorer-move", "color"),
    black: style(".cw-explorer-black", "backgroundColor"),
    draw: style(".cw-explorer-draw", "backgroundColor"),
    white: style(".cw-explorer-white", "backgroundColor"),
  };
}
"""


def _rgb(text: str) -> tuple[float, ...]:
    inside = text[text.index("(") + 1 : text.index(")")]
    return tuple(float(p) for p in inside.replace("/", ",").split(",")[:3])


def _lum(rgb: tuple[float, ...]) -> float:
    r, g, b = (c / 255 for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def _landing(move: str) -> int:
    """The square a move written ``11-15`` or ``22x15x8`` ends on."""
    return int(move.replace("x", "-").split("-")[-1])


def _shown(panel) -> list[tuple[str, int]]:
    moves = panel.locator(f"{ROWS} .cw-explorer-move").all_text_contents()
    games = panel.locator(f"{ROWS} .cw-explorer-games").all_text_contents()
    return [(m, int(g)) for m, g in zip(moves, games, strict=True)]


def _expect_rows(lab, panel) -> list[tuple[str, int]]:
    """Wait until the panel shows what the kernel lists for the board's position."""
    expected = [tuple(row) for row in kernel_json(lab.page, EXPECTED)]
    expect(panel.locator(ROWS)).to_have_count(len(expected))
    first = panel.locator(f"{ROWS} .cw-explorer-move").first
    if expected:
        expect(first).to_have_text(expected[0][0])
    assert _shown(panel) == expected
    # Every row is on screen: the rows' box is not squeezed by the move list above it.
    assert panel.locator('[data-role="explorer-rows"]').evaluate(
        "r => r.scrollHeight <= r.clientHeight + 1"
    ), "the explorer's rows do not all show"
    return expected


@pytest.mark.parametrize("theme", ["JupyterLab Light", "JupyterLab Dark"])
def test_the_explorer_panel_plays_a_move_and_follows_the_board(
    lab, make_notebook, theme, artifacts_dir
):
    path = make_notebook(
        """
        from checkers_widget import CheckersWidget
        board = CheckersWidget(explorer="tinsley", size=420, milestones=False)
        board
        """
    )
    lab.open_in_lab(path)
    if theme != "JupyterLab Light":
        lab.set_theme(theme)
    lab.run_all_cells()
    expect(lab.page.locator(BOARD)).to_have_count(1)
    assert lab.error_outputs() == []
    root = widget_root(lab)
    panel = root.locator('[data-role="explorer"]')
    expect(panel).to_be_visible()
    expect(panel.locator('[data-role="explorer-source"]')).to_have_text(
        "Marion Tinsley's 723 games"
    )
    expect(panel.locator('[data-role="explorer-summary"]')).to_have_text(
        "723 games from this position"
    )
    start = _expect_rows(lab, panel)
    assert len(start) == 7 and sum(g for _, g in start) == 723
    # Rows are buttons in the Tab order, each saying its numbers in words.
    first = panel.locator(ROWS).first
    assert first.evaluate("b => b.tagName === 'BUTTON' && b.tabIndex === 0")
    assert first.get_attribute("aria-label").startswith(f"{start[0][0]}: {start[0][1]} games;")
    slug = theme.split()[-1].lower()
    root.screenshot(path=str(artifacts_dir / f"explorer-start-{slug}.png"))

    # The bar reads in the theme: three distinct colours, the move text against the panel.
    colours = panel.evaluate(_COLOURS)
    black, draw, white = (_lum(_rgb(colours[k])) for k in ("black", "draw", "white"))
    assert black < draw < white, colours
    assert abs(_lum(_rgb(colours["text"])) - _lum(_rgb(colours["panel"]))) > 0.4, colours

    # A click plays the row's move; the panel follows.
    move, _ = start[0]
    source, target = int(move.split("-")[0]), _landing(move)
    first.click()
    expect(piece_on(root, target)).to_have_count(1)
    expect(piece_on(root, source)).to_have_count(0)
    assert kernel_json(lab.page, "[str(m) for m in board.game.moves]") == [move]
    reply = _expect_rows(lab, panel)
    assert reply != start

    # The keyboard: Enter on a focused row plays it.
    panel.locator(ROWS).first.focus()
    lab.page.keyboard.press("Enter")
    expect(piece_on(root, _landing(reply[0][0]))).to_have_count(1)
    played = kernel_json(lab.page, "[str(m) for m in board.game.moves]")
    assert played == [move, reply[0][0]]
    third = _expect_rows(lab, panel)
    # The focus stays in the panel for the next row.
    assert panel.evaluate("p => p.contains(document.activeElement)")

    # A third move from the panel names the ACF opening in the header.
    panel.locator(ROWS).first.click()
    expect(piece_on(root, _landing(third[0][0]))).to_have_count(1)
    expect(root.locator('[data-role="game-info-opening"]')).to_be_visible()
    opening = kernel_json(lab.page, "board.state['opening']")
    assert opening is not None
    assert kernel_json(lab.page, "[str(m) for m in board.game.moves]") == [
        move,
        reply[0][0],
        third[0][0],
    ]
    expect(root.locator('[data-role="game-info-opening"]')).to_have_text(
        f"Opening: {opening['text']}"
    )
    _expect_rows(lab, panel)
    root.screenshot(path=str(artifacts_dir / f"explorer-after-three-{slug}.png"))

    # Undo from Python: the panel follows the board back. The opening stays named: the
    # move taken back is still the game's line (the move list shows it, to redo).
    kernel(lab.page, "board.undo()")
    expect(piece_on(root, _landing(third[0][0]))).to_have_count(0)
    assert _expect_rows(lab, panel) == third
    expect(root.locator('[data-role="game-info-opening"]')).to_be_visible()


def test_in_a_narrow_cell_the_panel_goes_under_the_board(lab, make_notebook, artifacts_dir):
    path = make_notebook(
        """
        import ipywidgets as ipw
        from checkers_widget import CheckersWidget
        board = CheckersWidget(explorer="tinsley", milestones=False)
        board.play("10-15")
        ipw.Box([board], layout=ipw.Layout(width="340px"))
        """
    )
    lab.open_in_lab(path)
    lab.run_all_cells()
    expect(lab.page.locator(BOARD)).to_have_count(1)
    root = widget_root(lab)
    panel = root.locator('[data-role="explorer"]')
    expect(panel).to_be_visible()
    _expect_rows(lab, panel)
    frame = root.locator(".cw-frame").bounding_box()
    box = panel.bounding_box()
    assert frame is not None and box is not None
    assert box["y"] >= frame["y"] + frame["height"] - 1  # under the board, not beside it
    assert box["x"] + box["width"] <= frame["x"] + frame["width"] + 1
    # Nothing spills out of the rows sideways.
    assert panel.evaluate(
        "p => [...p.querySelectorAll('[data-role=\"explorer-move\"]')]"
        ".every(b => b.scrollWidth <= b.clientWidth + 1)"
    )
    panel.scroll_into_view_if_needed()
    root.screenshot(path=str(artifacts_dir / "explorer-narrow-light.png"))


def test_the_panel_follows_a_loaded_game_through_the_move_list(lab, make_notebook, artifacts_dir):
    """A master game walked through with the move list: the panel follows each position,
    and the header names the game's players and its ACF opening."""
    path = make_notebook(
        """
        from checkers_widget import CheckersWidget, data
        game = next(iter(data.tinsley_games()))
        game.goto(0)
        board = CheckersWidget(game, explorer="tinsley", size=420, milestones=False)
        board
        """
    )
    lab.open_in_lab(path)
    lab.run_all_cells()
    expect(lab.page.locator(BOARD)).to_have_count(1)
    root = widget_root(lab)
    panel = root.locator('[data-role="explorer"]')
    assert _expect_rows(lab, panel)[0][1] > 1
    opening = kernel_json(lab.page, "board.state['opening']")
    assert opening is not None  # named from the start: the game's line has its moves
    expect(root.locator('[data-role="game-info-opening"]')).to_have_text(
        f"Opening: {opening['text']}"
    )
    expect(root.locator('[data-role="game-info-players"]')).not_to_be_empty()
    for ply in (1, 2, 7):
        root.locator(f'[data-role="movelist"] [data-ply="{ply}"]').click()
        expect(root.locator(f'[data-role="movelist"] [data-ply="{ply}"]')).to_have_attribute(
            "aria-current", "step"
        )
        assert kernel_json(lab.page, "board.game.ply") == ply
        rows = _expect_rows(lab, panel)
        # The game itself is one of the games counted from here (its next move is a row).
        following = kernel_json(lab.page, "str(board.game.redo_moves[0])")
        assert following in [move for move, _ in rows]
    root.screenshot(path=str(artifacts_dir / "explorer-loaded-game-light.png"))
