"""Playing the computer in a real JupyterLab: thinking, undo, hints, live evaluation.

Driven like a person would (clicks on ``data-square``, the ``data-action`` buttons), read
through the DOM (``data-role="status"``, ``"thinking"``, ``"hint"``, ``"hint-arrow"``,
``"evaluation"``) and checked against the kernel (``w.game``). Every wait polls for a
condition with a generous timeout: the machine is small and busy, and the computer's
searches are timed.
"""

from __future__ import annotations

import json
import re
import textwrap
from pathlib import Path

import pytest
from board_helpers import (
    PIECE,
    STATUS,
    kernel,
    kernel_json,
    open_board_root,
    piece_on,
    pieces,
    sq,
)
from jupyter_harness import wait_until_settled
from playwright.sync_api import Locator, Page, expect

from slowdown import scaled, scaled_ms

pytestmark = pytest.mark.browser

THINKING = '[data-role="thinking"]'
HINT_ARROW = '[data-role="hint-arrow"]'
HINT_LINE = '[data-role="hint"]'
EVAL_LINE = '[data-role="evaluation"]'
LIT = ".cw-sq.cw-movable"

#: Black (two kings) to move wins in three against a lone white man, whatever White does:
#: 23-18 25-21 14-17 21x14 18x9 is the main line (checked in the kernel by the test).
ENDGAME = "B:W25:BK14,K23"

IMPORTS = """
from checkers_widget import Game
from checkers_widget.engine import Engine
from checkers_widget.widget import CheckersWidget
"""

# Run one cell through the notebook UI, as Shift+Enter would (without moving on).
_JS_RUN_CELL = """
(index) => {
  const panel = window.jupyterapp.shell.currentWidget;
  panel.content.activeCellIndex = index;
  panel.content.deselectAll();
  window.jupyterapp.commands.execute('notebook:run-cell');
}
"""

_JS_CELL_OUTPUT = """
(index) => {
  const panel = window.jupyterapp.shell.currentWidget;
  const cell = panel.content.widgets[index];
  return cell ? cell.node.querySelector('.jp-OutputArea').textContent : '';
}
"""


#: A computer that thinks until the test says so: it answers once the kernel runs
#: ``release.set()``, or gives up when its search is stopped (Undo, New game). A test that
#: needs the computer still thinking when it clicks waits on this, not on a search's time,
#: which a loaded machine may finish first.
HELD_ENGINE = """
import threading
release = threading.Event()
class HeldEngine(Engine):
    def choose(self, game, stop=None, **options):
        while not release.wait(0.05) and not (stop is not None and stop.is_set()):
            pass
        return super().choose(game, stop=stop, **options)
"""


def with_imports(source: str) -> str:
    """A cell's source: the imports every test needs, then ``source``."""
    return f"{textwrap.dedent(IMPORTS).strip()}\n{textwrap.dedent(source).strip()}"


def open_first_cell(lab, path: str) -> Locator:
    """Open the notebook and run its first cell only (the others wait for the test)."""
    lab.open_in_lab(path)
    lab.page.evaluate(_JS_RUN_CELL, 0)
    root = lab.page.locator(".cw-root").first
    expect(root.locator('[data-role="board"]')).to_be_visible()
    lab.wait_for_kernel_idle(path)
    assert lab.error_outputs() == []
    return root


def wait_for_black(root: Locator, timeout: int = scaled_ms(90_000)) -> str:
    """Wait until Black (the human) may move (some piece lit) or the game is over;
    returns the status kind. While the computer thinks nothing is lit."""
    handle = root.element_handle()
    root.page.wait_for_function(
        """(root) => {
          const status = root.querySelector('[data-role="status"]');
          const lit = root.querySelectorAll('.cw-sq.cw-movable').length;
          return status.dataset.kind === 'over' || lit > 0;
        }""",
        arg=handle,
        timeout=timeout,
    )
    return root.locator(STATUS).get_attribute("data-kind") or ""


def play_by_clicks(root: Locator, path: list[int]) -> None:
    """Pick up the piece on path[0] and click the final square (one route gets there)."""
    expect(sq(root, path[0])).to_have_class(re.compile(r"\bcw-movable\b"))
    sq(root, path[0]).click()
    expect(sq(root, path[-1])).to_have_class(re.compile(r"\bcw-target\b"))
    sq(root, path[-1]).click()


def engine_threads_finished(page: Page) -> dict:
    """Wait (in the kernel) until no engine thread is alive; what the game is then."""
    out = kernel(
        page,
        """
        import json as _j, threading as _t, time as _time
        _deadline = _time.monotonic() + GUARD
        def _searching():
            return [t.name for t in _t.enumerate() if t.name == "checkers-engine" and t.is_alive()]
        while _searching() and _time.monotonic() < _deadline:
            _time.sleep(0.05)
        print(_j.dumps({"alive": _searching(), "moves": [str(m) for m in w.game.moves],
                        "thinking": w.thinking}))
        """.replace("GUARD", str(scaled(60))),
    )
    return json.loads(out)


# --------------------------------------------------------------------------- tests


def test_a_whole_game_against_the_computer(lab, make_notebook):
    """(a) From a short ending, Black (clicked in the browser) beats the easy computer."""
    path = make_notebook(
        with_imports(f"""
        w = CheckersWidget(Game(fen="{ENDGAME}"), opponent="easy", human="black", seed=11)
        w
        """)
    )
    root = open_board_root(lab, path, count=None)
    page = lab.page
    # The bar says who plays what.
    expect(root.locator('[data-side="black"] [data-role="player"]')).to_have_text("You")
    expect(root.locator('[data-side="white"] [data-role="player"]')).to_have_text("Computer (easy)")
    expect(root.locator('.cw-side[data-side="white"]')).to_contain_text("White·Computer (easy)")
    # The planned win really is forced (the engine proves it from the start position).
    plan = kernel_json(
        page,
        f"""(lambda a: {{'mate': a.mate, 'pv': [str(m) for m in a.pv]}})(
            Engine('normal', depth=10).analyse(Game(fen='{ENDGAME}')))""",
    )
    assert plan["mate"] == 3, plan
    played = 0
    for _ in range(6):
        if wait_for_black(root) == "over":
            break
        # (w.wait(): the computer's reply is in the kernel's game before it is analysed,
        # however slow the machine.)
        best = kernel_json(
            page, "(w.wait(), Engine('normal', depth=10).analyse(w.game).move.path)[1]"
        )
        play_by_clicks(root, best)
        played += 1
        expect(piece_on(root, best[-1])).to_have_attribute("data-piece", "black-king")
    moves = kernel_json(page, "(w.wait(), [str(m) for m in w.game.moves])[1]")
    # A forced win in three; the easy level may lose sooner.
    assert 1 <= played <= 3, moves
    status = root.locator(STATUS)
    expect(status).to_have_attribute("data-kind", "over")
    expect(status).to_contain_text("Black wins")
    root.screenshot(path=str(lab.artifacts_dir / "computer-game-over.png"))
    expect(root.locator(THINKING)).to_be_hidden()
    expect(root.locator(LIT)).to_have_count(0)
    expect(root.locator('[data-action="hint"]')).to_be_hidden()
    result = kernel_json(page, "[w.game.result, len(w.game.moves), w.thinking]")
    assert result == ["1-0", 2 * played - 1, False], result
    # The board agrees with Python (once the last captured piece has faded out).
    board = kernel_json(page, "{s: p.name for s, p in w.game.board.pieces.items()}")
    expect(root.locator(PIECE)).to_have_count(len(board))
    assert pieces(root) == {int(k): v for k, v in board.items()}


def test_the_notebook_runs_while_the_computer_thinks(lab, make_notebook):
    """(b) A long search runs in a thread: another cell answers before the reply comes."""
    # The computer thinks until the test releases it (HELD_ENGINE), however busy the machine.
    # Here and below the opponents search without the opening book, which would answer at once.
    path = make_notebook(
        with_imports(
            HELD_ENGINE
            + 'w = CheckersWidget(opponent=HeldEngine("hard", time=2, book=False), human="black")\n'
            + "w\n"
        ),
        "print(6 * 7)",
    )
    page = lab.page
    root = open_first_cell(lab, path)
    play_by_clicks(root, [11, 15])
    expect(root.locator(THINKING)).to_be_visible()
    expect(root.locator('[data-side="white"] [data-role="side-thinking"]')).to_be_visible()
    expect(root.locator(STATUS)).to_have_text("White: the computer (hard) is thinking…")
    expect(root.locator(LIT)).to_have_count(0)
    # A click on the board meanwhile is not swallowed: the status line says why nothing moves.
    sq(root, 22).click()
    expect(root.locator(STATUS)).to_have_text(
        "Wait: the computer is thinking; move after its reply"
    )
    expect(root.locator(STATUS)).to_have_attribute("data-kind", "refused")
    expect(root.locator(THINKING)).to_be_visible()  # and the dots still breathe
    root.screenshot(path=str(lab.artifacts_dir / "computer-click-while-thinking.png"))
    sq(root, 18).click()
    assert kernel_json(page, "[len(w.game.moves), w.thinking]") == [1, True]

    page.evaluate(_JS_RUN_CELL, 1)
    seen = page.wait_for_function(
        """([index, root]) => {
          const cell = window.jupyterapp.shell.currentWidget.content.widgets[index];
          if (!cell.node.querySelector('.jp-OutputArea').textContent.includes('42')) return false;
          const dots = root.querySelector('[data-role="thinking"]');
          return {
            thinking: !dots.hidden && dots.getBoundingClientRect().width > 0,
            kind: root.querySelector('[data-role="status"]').dataset.kind,
            white: [...root.querySelectorAll('[data-piece^="white"]')]
              .map((p) => Number(p.dataset.square)).sort((a, b) => a - b),
          };
        }""",
        arg=[1, root.element_handle()],
    ).json_value()
    assert seen == {"thinking": True, "kind": "refused", "white": list(range(21, 33))}, seen

    # Then the computer's move arrives, and it is Black's turn again.
    kernel(page, "release.set()")
    assert wait_for_black(root) in ("turn", "must-jump")
    expect(root.locator(THINKING)).to_be_hidden()
    expect(root.locator(STATUS)).to_contain_text("Black to move")
    moves = kernel_json(page, "[str(m) for m in w.game.moves]")
    assert len(moves) == 2 and moves[0] == "11-15", moves
    assert page.evaluate(_JS_CELL_OUTPUT, 1).strip() == "42"


def test_undo_while_thinking_cancels_the_search(lab, make_notebook):
    """(c) Undo takes the human move back; the cancelled search never plays."""
    lab.page.emulate_media(reduced_motion="reduce")
    path = make_notebook(
        with_imports(
            HELD_ENGINE
            + 'w = CheckersWidget(opponent=HeldEngine("hard", time=2, book=False), human="black")\n'
            + "w\n"
        )
    )
    root = open_board_root(lab, path, count=None)
    page = lab.page
    start = pieces(root)
    play_by_clicks(root, [11, 15])
    expect(root.locator(THINKING)).to_be_visible()
    # With reduced motion the dots stand still.
    assert root.locator(".cw-dot").first.evaluate("e => getComputedStyle(e).animationName") == (
        "none"
    )
    undo = root.locator('[data-action="undo"]')
    expect(undo).to_be_enabled()
    undo.click()
    expect(piece_on(root, 11)).to_have_attribute("data-piece", "black-man")
    expect(piece_on(root, 15)).to_have_count(0)
    expect(root.locator(THINKING)).to_be_hidden()
    expect(root.locator(STATUS)).to_have_text("Black to move")
    # Wait until the cancelled search's thread has ended: had it played, it would have by now.
    after = engine_threads_finished(page)
    assert after == {"alive": [], "moves": [], "thinking": False}, after
    assert pieces(root) == start
    expect(root.locator(STATUS)).to_have_text("Black to move")
    expect(root.locator('[data-action="undo"]')).to_be_disabled()


def expect_answered(root: Locator, plies: int) -> None:
    """The computer has replied: Black may move, Hint works, no greyed move is left."""
    assert wait_for_black(root) != "over"
    expect(root.locator(STATUS)).to_have_text(re.compile(r"^Black to move"))
    expect(root.locator('[data-action="hint"]')).to_be_enabled()
    expect(root.locator('[data-role="move"]')).to_have_count(plies)
    expect(root.locator(".cw-move.cw-future")).to_have_count(0)


def test_the_same_move_after_undo_is_answered(lab, make_notebook):
    """The reported session: 11-15, the reply, Undo, 11-15 again: the computer answers."""
    path = make_notebook(
        with_imports("""
        w = CheckersWidget(opponent="easy", human="black", seed=0)
        w
        """)
    )
    root = open_board_root(lab, path, count=None)
    page = lab.page
    play_by_clicks(root, [11, 15])
    expect_answered(root, 2)
    root.locator('[data-action="undo"]').click()
    expect(piece_on(root, 11)).to_have_attribute("data-piece", "black-man")
    expect(root.locator(".cw-move.cw-future")).to_have_count(2)  # the line Redo would replay
    play_by_clicks(root, [11, 15])
    expect_answered(root, 2)
    assert kernel_json(page, "(w.wait(), [w.game.ply, w.game.can_redo])[1]") == [2, False]
    root.screenshot(path=str(lab.artifacts_dir / "computer-same-move-after-undo.png"))

    # The U key takes the turn back the same way (a key press sends the same command,
    # and Enter on a square the same click, as the mouse: Python sees one path).
    root.locator('[data-role="board"]').focus()
    page.keyboard.press("u")
    expect(piece_on(root, 11)).to_have_attribute("data-piece", "black-man")
    expect(root.locator(".cw-move.cw-future")).to_have_count(2)
    play_by_clicks(root, [11, 15])
    expect_answered(root, 2)
    assert kernel_json(page, "(w.wait(), [str(w.game.moves[0]), w.game.ply])[1]") == ["11-15", 2]


def test_hints_from_the_button_and_from_python(lab, make_notebook):
    """(d) Hint shows an arrow along the move and the hint line; so does w.hint()."""
    path = make_notebook(
        with_imports("""
        w = CheckersWidget(opponent="easy", human="black", seed=3,
                           hint_engine=Engine("normal", depth=6))
        w
        """),
        "a = w.hint()\nprint(a.move, a.score_text)",
    )
    root = open_first_cell(lab, path)
    page = lab.page
    root.locator('[data-action="hint"]').click()
    arrow = root.locator(HINT_ARROW)
    expect(arrow).to_have_count(1)
    hint = kernel_json(page, "w.state['hint']")
    route = hint["move"]["path"]
    expect(arrow).to_have_attribute("data-path", " ".join(map(str, route)))
    line = root.locator(HINT_LINE)
    expect(line).to_be_visible()
    score = "0.00" if hint["score"] in ("+0.00", "-0.00") else hint["score"]
    expect(line).to_contain_text(
        f"Hint: {hint['move']['notation']} ({score} for Black) · line: {hint['pv'].split()[0]}"
    )
    expect(sq(root, route[0])).to_have_class(re.compile(r"\bcw-hint-from\b"))
    expect(sq(root, route[-1])).to_have_class(re.compile(r"\bcw-hint-to\b"))
    expect(root.locator(STATUS)).to_have_text("Black to move")

    # Playing the hinted move clears it; the computer answers.
    play_by_clicks(root, route)
    expect(arrow).to_have_count(0)
    expect(line).to_be_hidden()
    wait_for_black(root)

    # w.hint() from a cell: the same drawing, for the new position.
    page.evaluate(_JS_RUN_CELL, 1)
    page.wait_for_function(
        "(i) => /\\d/.test(window.jupyterapp.shell.currentWidget.content.widgets[i]"
        ".node.querySelector('.jp-OutputArea').textContent)",
        arg=1,
    )
    lab.wait_for_kernel_idle(path)
    printed = page.evaluate(_JS_CELL_OUTPUT, 1).split()
    expect(arrow).to_have_count(1)
    expect(line).to_contain_text(f"Hint: {printed[0]} (")
    path_now = kernel_json(page, "a.move.path")
    expect(arrow).to_have_attribute("data-path", " ".join(map(str, path_now)))
    assert kernel_json(page, "w.state['hint']['move']['notation']") == printed[0]


@pytest.mark.parametrize("theme", ["JupyterLab Light", "JupyterLab Dark"])
def test_computer_chrome_in_light_and_dark(lab, make_notebook, theme, artifacts_dir: Path):
    """(e) Screenshots with a hint and the evaluation, then with the computer thinking."""
    lab.page.set_viewport_size({"width": 1280, "height": 1100})
    path = make_notebook(
        with_imports("""
        w = CheckersWidget(opponent=Engine("hard", time=20, book=False), human="black",
                           hint_engine=Engine("normal", depth=6), show_numbers=True)
        w
        """)
    )
    lab.open_in_lab(path)
    if theme != "JupyterLab Light":
        lab.set_theme(theme)
    lab.run_all_cells()
    page = lab.page
    root = page.locator(".cw-root").first
    expect(root.locator('[data-role="board"]')).to_be_visible()
    slug = theme.split()[-1].lower()

    # The Evaluation switch turns on the live_eval trait and shows the line.
    root.locator('.cw-switch:has([data-action="evaluation"])').click()
    expect(root.locator('[data-action="evaluation"]')).to_be_checked()
    assert kernel_json(page, "w.live_eval") is True
    evaluation = root.locator(EVAL_LINE)
    expect(evaluation).to_contain_text(re.compile(r"^Evaluation: Black [-+]?\d\.\d\d · depth \d+"))
    root.locator('[data-action="hint"]').click()
    expect(root.locator(HINT_ARROW)).to_have_count(1)
    expect(root.locator(HINT_LINE)).to_be_visible()
    wait_until_settled(root)  # the arrow's fade-in is over
    root.screenshot(path=str(artifacts_dir / f"computer-hint-{slug}.png"))
    colors = root.locator(HINT_LINE).evaluate(
        "e => [getComputedStyle(e).color, getComputedStyle(e.parentElement).backgroundColor]"
    )
    fg, bg = (_luminance(c) for c in colors)
    assert abs(fg - bg) > 0.4, colors

    # Play 11-15: the computer thinks (at least 9 s with this engine).
    bar = root.locator('[data-role="bar"]')
    idle_height = bar.bounding_box()["height"]
    play_by_clicks(root, [11, 15])
    expect(root.locator(THINKING)).to_be_visible()
    expect(root.locator('[data-side="white"] [data-role="side-thinking"]')).to_be_visible()
    assert bar.bounding_box()["height"] == idle_height  # the dots do not reflow the bar
    root.screenshot(path=str(artifacts_dir / f"computer-thinking-{slug}.png"))
    lab.screenshot(f"page-{slug}")
    root.locator('[data-action="undo"]').click()
    expect(root.locator(THINKING)).to_be_hidden()
    kernel(page, "w.live_eval = False")


def _luminance(css: str) -> float:
    r, g, b = (int(x) / 255 for x in re.findall(r"[\d.]+", css)[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def test_the_play_the_computer_notebook_runs(lab):
    """examples/01_play_the_computer.ipynb runs top to bottom without an error."""
    lab.open_in_lab("01_play_the_computer.ipynb")
    lab.run_all_cells()
    assert lab.error_outputs() == []
    expect(lab.page.locator('.cw-root [data-role="board"]').first).to_be_visible()
    texts = "\n".join(lab.output_texts())
    assert "best move:" in texts and "line:" in texts, texts
    # The first board (the reader's game): no hint and no evaluation nobody asked for.
    roots = lab.page.locator(".cw-root")
    first = roots.first
    expect(first.locator(HINT_ARROW)).to_have_count(0)
    expect(first.locator(HINT_LINE)).to_be_hidden()
    expect(first.locator('[data-action="evaluation"]')).not_to_be_checked()
    first.scroll_into_view_if_needed()
    first.screenshot(path=str(lab.artifacts_dir / "play-the-computer-notebook.png"))
    # The hint cell's own board shows its hint.
    hinted = roots.nth(2)
    expect(hinted.locator(HINT_ARROW)).to_have_count(1)
    # On the evaluated board, Hint: the hint and the evaluation name the same line.
    evaluated = roots.nth(3)
    expect(evaluated.locator('[data-action="evaluation"]')).to_be_checked()
    expect(evaluated.locator(EVAL_LINE)).to_contain_text("line:")
    evaluated.locator('[data-action="hint"]').click()
    expect(evaluated.locator(HINT_ARROW)).to_have_count(1)
    page = lab.page
    pvs = kernel_json(
        page, "(evaluated.wait(), [evaluated.state['hint'], evaluated.state['evaluation']])[1]"
    )
    assert pvs[0] == pvs[1], pvs
    first_move = pvs[0]["pv"].split()[0]
    expect(evaluated.locator(HINT_LINE)).to_contain_text(f"Hint: {first_move} (")
    expect(evaluated.locator(EVAL_LINE)).to_contain_text(f"line: {first_move}")
    evaluated.scroll_into_view_if_needed()
    evaluated.screenshot(path=str(lab.artifacts_dir / "play-the-computer-hint-and-eval.png"))
