"""Play features in a real JupyterLab: the turn clock, pause, restart, milestones.

Python keeps the time; the board only counts down from what it is sent. Each test
checks what a player sees (the DOM) against what the kernel holds.
"""

from __future__ import annotations

import re

import pytest
from board_helpers import BOARD, STATUS, kernel_json, open_board_root, piece_on, sq
from playwright.sync_api import Locator, expect

pytestmark = pytest.mark.browser

CLOCK = '[data-role="clock"]'
COVER = '[data-role="paused-cover"]'

SETUP = "from checkers_widget import CheckersWidget, Game\n"


def click_move(root: Locator, start: int, end: int) -> None:
    expect(sq(root, start)).to_have_class(re.compile(r"\bcw-movable\b"))
    sq(root, start).click()
    sq(root, end).click()


def seconds(text: str) -> float:
    """'0:42' or '9.5' as seconds."""
    if ":" in text:
        minutes, secs = text.split(":")
        return int(minutes) * 60 + float(secs)
    return float(text)


def test_the_clock_counts_down_and_pause_hides_the_board(lab, make_notebook):
    path = make_notebook(SETUP + 'w = CheckersWidget(timer="normal")\nw')
    root = open_board_root(lab, path)
    page = lab.page
    clock = root.locator(CLOCK)
    # Nobody has played: the clock shows the full time, standing, and says when it starts.
    expect(clock).to_be_visible()
    expect(clock).to_have_attribute("data-side", "black")
    expect(clock).to_have_attribute("data-waiting", "true")
    expect(clock).to_have_attribute("data-ticking", "false")
    expect(clock).to_have_text("0:45")
    waiting = "Black to move · the clock starts with the first move"
    expect(root.locator(STATUS)).to_have_text(waiting)
    root.screenshot(path=str(lab.artifacts_dir / "clock-waiting.png"))
    assert kernel_json(page, "[w.clock_started, w.clock.running]") == [False, False]

    # The first move starts it: White's turn is timed at once.
    click_move(root, 11, 15)
    expect(clock).to_have_attribute("data-side", "white")
    expect(clock).to_have_attribute("data-ticking", "true")
    expect(root.locator(STATUS)).to_have_text("White to move")
    first = seconds(clock.inner_text())
    assert 40 <= first <= 45
    # It ticks without any message from Python: wait until it shows less than at first.
    page.wait_for_function(
        """([el, first]) => {
          const [m, s] = el.textContent.trim().split(':');
          return (s === undefined ? Number(m) : Number(m) * 60 + Number(s)) < first;
        }""",
        arg=[clock.element_handle(), first],
    )
    assert seconds(clock.inner_text()) < first
    root.screenshot(path=str(lab.artifacts_dir / "clock.png"))

    # P pauses: the board is hidden, the clock stops, Python knows.
    root.locator(BOARD).focus()
    page.keyboard.press("p")
    expect(root.locator(COVER)).to_be_visible()
    expect(root.locator(BOARD)).to_be_hidden()
    expect(clock).to_have_attribute("data-ticking", "false")
    state = kernel_json(page, "[w.paused, w.clock.paused, w.clock.running]")
    assert state == [True, True, False]
    root.screenshot(path=str(lab.artifacts_dir / "paused.png"))
    page.keyboard.press("p")
    expect(root.locator(COVER)).to_be_hidden()
    expect(root.locator(BOARD)).to_be_visible()
    assert kernel_json(page, "[w.paused, w.clock.running]") == [False, True]

    # A move starts Black's turn with the full time.
    click_move(root, 22, 18)
    expect(clock).to_have_attribute("data-side", "black")
    assert seconds(clock.inner_text()) > 40


def test_time_running_out_moves_for_the_player(lab, make_notebook):
    path = make_notebook(SETUP + "w = CheckersWidget(timer={'per_move': 3})\nw")
    root = open_board_root(lab, path)
    status = root.locator(STATUS)
    expect(status).to_contain_text("the clock starts with the first move")
    click_move(root, 11, 15)  # Black's first move starts the clock; White's time runs
    expect(status).to_contain_text("White ran out of time")
    expect(status).to_contain_text("the computer played")
    result = kernel_json(page := lab.page, "[w.game.ply, w.clock.strikes['white']]")
    assert result == [2, 1]
    # Black moves in time, White runs out again: the game is lost on time.
    kernel_json(page, "str(w.play(w.game.legal_moves()[0]))")
    expect(status).to_have_attribute("data-kind", "over")
    expect(status).to_contain_text("White ran out of time")
    assert kernel_json(page, "[w.game.result, w.game.termination]") == [
        "1-0",
        "White ran out of time",
    ]


def test_restart_and_milestones(lab, make_notebook):
    # A book of its own: other tests in this server may have earned "first move" already.
    path = make_notebook(
        SETUP + "import tempfile, pathlib\n"
        "from checkers_widget.play.milestones import MilestoneBook\n"
        "book = MilestoneBook(pathlib.Path(tempfile.mkdtemp()) / 'milestones.json')\n"
        "w = CheckersWidget(opponent='easy', seed=0, milestones=book)\nw"
    )
    root = open_board_root(lab, path)
    page = lab.page
    expect(root.locator('[data-action="milestones"]')).to_contain_text("0/8")
    click_move(root, 11, 15)
    toast = root.locator('[data-role="toast"]')
    expect(toast).to_contain_text("Milestone: First move")
    # The note never covers the board: their boxes do not meet.
    note, board = toast.bounding_box(), root.locator(BOARD).bounding_box()
    assert note and board
    apart = (
        note["y"] >= board["y"] + board["height"]
        or note["y"] + note["height"] <= board["y"]
        or note["x"] >= board["x"] + board["width"]
        or note["x"] + note["width"] <= board["x"]
    )
    assert apart, (note, board)
    root.screenshot(path=str(lab.artifacts_dir / "milestone-note.png"))
    root.locator('[data-action="milestones"]').click()
    panel = root.locator('[data-role="milestones"]')
    expect(panel).to_be_visible()
    expect(panel.locator('li[data-milestone="first-move"]')).to_have_attribute(
        "data-earned", "true"
    )
    expect(panel.locator('li[data-milestone="first-crown"]')).to_have_attribute(
        "data-earned", "false"
    )
    root.screenshot(path=str(lab.artifacts_dir / "milestones.png"))
    assert kernel_json(page, "w.milestones.has('first-move')") is True

    restart = root.locator('[data-action="restart"]')
    restart.click()
    expect(restart).to_have_text("Really restart?")
    restart.click()
    expect(piece_on(root, 11)).to_have_count(1)
    expect(root.locator(STATUS)).to_have_text("Black to move")
    assert kernel_json(page, "(w.wait(), [w.game.ply, w.game.can_redo])[1]") == [0, False]


# The computer, held until the Restart has left the browser: its reply lands in the
# kernel after the click and before the Restart is handled (a slow comm, a loaded machine).
_HELD_REPLY = """
import threading
from checkers_widget.play.players import ScriptedPlayer
release = threading.Event()
def reply():
    release.wait(60)
    return w.game.board.parse_move('23-19')
w = CheckersWidget(opponent=ScriptedPlayer(reply, level='held'), human='black')
_handle = w.handle_intent
def _reply_lands_first(content):
    if content.get('name') == 'restart':
        release.set()
        w.wait()
    return _handle(content)
w.handle_intent = _reply_lands_first
w
"""


def test_restart_confirmed_while_the_computers_reply_is_on_its_way(lab, make_notebook):
    """The user moves, then confirms Restart while the computer thinks; the reply reaches
    the kernel's game before the Restart does. The Restart, stamped with the position
    before the reply, was refused as "played on an old position" and the game went on
    (what CI's run of the test above met); now the game starts again."""
    path = make_notebook(SETUP + _HELD_REPLY)
    root = open_board_root(lab, path)
    page = lab.page
    click_move(root, 11, 15)
    status = root.locator(STATUS)
    expect(status).to_contain_text("thinking")
    restart = root.locator('[data-action="restart"]')
    restart.click()
    expect(restart).to_have_text("Really restart?")
    restart.click()
    expect(piece_on(root, 11)).to_have_count(1)
    expect(piece_on(root, 15)).to_have_count(0)
    expect(piece_on(root, 19)).to_have_count(0)
    expect(status).to_have_text("Black to move")
    root.screenshot(path=str(lab.artifacts_dir / "restart-as-the-reply-lands.png"))
    assert kernel_json(page, "[w.game.ply, w.game.can_redo, release.is_set()]") == [0, False, True]


def test_the_play_features_notebook_runs(lab):
    """examples/06_play_features.ipynb runs top to bottom; its boards draw and agree."""
    lab.open_in_lab("06_play_features.ipynb")
    lab.run_all_cells()
    assert lab.error_outputs() == []
    roots = lab.page.locator(".cw-root")
    expect(roots).to_have_count(5)
    texts = "\n".join(lab.output_texts())
    assert "after redo: [9, 18]" in texts, texts
    assert "paused: True" in texts and "True" in texts
    first = roots.first
    expect(first.locator(CLOCK)).to_be_visible()
    # The resumed autosaved game waits for Resume behind its cover.
    expect(roots.nth(2).locator(COVER)).to_be_visible()
    # The hosting board asks whether Bob (the joined board below it) may join.
    expect(roots.nth(3).locator('[data-role="peer-request"]')).to_contain_text("Bob")
    first.scroll_into_view_if_needed()
    first.screenshot(path=str(lab.artifacts_dir / "play-features-notebook.png"))


def test_network_play_between_two_boards(lab, make_notebook):
    """A hosting board and a joined board (two sessions over 127.0.0.1): the host accepts
    on its board, then each player moves on their own board and both follow."""
    path = make_notebook(
        SETUP + "host = CheckersWidget.host(seed=7, name='Ann', milestones=False)\nhost",
        "guest = CheckersWidget.join('127.0.0.1', host.network.port, name='Bob',"
        " milestones=False)\nguest",
    )
    lab.open_in_lab(path)
    lab.run_all_cells()
    assert lab.error_outputs() == []
    page = lab.page
    roots = page.locator(".cw-root")
    expect(roots).to_have_count(2)
    host, guest = roots.nth(0), roots.nth(1)
    request = host.locator('[data-role="peer-request"]')
    expect(request).to_contain_text("Bob")
    # One message for each thing: the request once (not also "asks to join" on the
    # network line), and the host's status line about the game, not "Black to move".
    port = kernel_json(page, "host.network.port")
    expect(host.locator(STATUS)).to_have_text("Answer the join request below")
    expect(host.locator('[data-role="network-status"]')).to_be_hidden()
    expect(guest.locator(STATUS)).to_have_text(f"Waiting for 127.0.0.1:{port} to accept")
    expect(guest.locator('[data-role="network"]')).to_be_hidden()
    host.screenshot(path=str(lab.artifacts_dir / "network-request.png"))
    host.locator('[data-action="accept-peer"]').click()
    expect(request).to_be_hidden()
    # Until the host accepts, neither side is the guest's own; then one chip is the host's.
    expect(guest.locator(".cw-remote")).to_have_count(1)
    expect(guest.locator(".cw-remote")).to_contain_text("Opponent (Ann)")
    expect(host.locator(".cw-remote")).to_contain_text("Opponent (Bob)")
    host_side = kernel_json(page, "host.network.local_side")
    black, white = (host, guest) if host_side == "black" else (guest, host)
    expect(white.locator(".cw-sq.cw-movable")).to_have_count(0)
    # One status line each, in the player's words; nothing above the board while the
    # link is fine.
    black_name, white_name = ("Ann", "Bob") if black is host else ("Bob", "Ann")
    expect(black.locator(STATUS)).to_have_text("Your move (Black)")
    expect(white.locator(STATUS)).to_have_text(f"Waiting for {black_name} (Black) to move")
    for board in (host, guest):
        expect(board.locator('[data-role="network"]')).to_be_hidden()
        assert "Black to move" not in board.inner_text()
    click_move(black, 11, 15)
    for board in (host, guest):
        expect(board.locator('[data-piece][data-square="15"]')).to_have_count(1)
    expect(white.locator(STATUS)).to_have_text("Your move (White)")
    expect(black.locator(STATUS)).to_have_text(f"Waiting for {white_name} (White) to move")
    click_move(white, 23, 19)
    for board in (host, guest):
        expect(board.locator('[data-piece][data-square="19"]')).to_have_count(1)
    moves = "[[str(m) for m in b.game.moves] for b in (host, guest)]"
    assert kernel_json(page, moves) == [["11-15", "23-19"], ["11-15", "23-19"]]
    expect(black.locator(STATUS)).to_have_text("Your move (Black)")
    expect(white.locator(STATUS)).to_have_text(f"Waiting for {black_name} (Black) to move")
    guest.screenshot(path=str(lab.artifacts_dir / "network-guest.png"))
