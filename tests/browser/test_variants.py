"""Other draughts on the board, in a real JupyterLab: an international draughts board played
by clicking and by keyboard against the computer, in light and dark; the turned board
of Italian draughts; a board of every variant but American checkers, in one notebook,
where a clicked move is answered by the computer; a capture of two men replayed hop by
hop on 10x10, turned and Russian boards; the position editor on a 10x10 board and the
keyboard on the turned Spanish one. What the player sees (the DOM) is checked against
the kernel's game."""

from __future__ import annotations

import re

import pytest
from board_helpers import (
    BOARD,
    BOARD_PIECE,
    CW_SQUARE,
    STATUS,
    kernel_json,
    open_board,
    open_board_root,
    piece_on,
    pieces,
    sq,
)
from playwright.sync_api import Locator, Page, expect

pytestmark = pytest.mark.browser

SETUP = "from checkers_widget import CheckersWidget, Game\n"

#: Every variant but American checkers (the rest of the browser tests play that one).
OTHER_VARIANTS = ("international", "russian", "brazilian", "pool", "italian", "spanish", "giveaway")
MOVE = '[data-role="move"]'


def centre(root: Locator, n: int) -> tuple[float, float]:
    box = sq(root, n, template=CW_SQUARE).bounding_box()
    assert box is not None
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def kernel_pieces(page: Page, game: str) -> dict[int, str]:
    """The pieces of the kernel's ``game`` (an expression), as the board names them."""
    found = kernel_json(page, f"{{s: p.name for s, p in {game}.board}}")
    return {int(s): p for s, p in found.items()}


def test_international_draughts_against_the_computer_by_click_and_keyboard(lab, make_notebook):
    path = make_notebook(
        SETUP + 'w = CheckersWidget(variant="international", opponent="easy", seed=3)\nw'
    )
    root = open_board_root(lab, path)
    page = lab.page
    # A 10x10 board: 50 playable squares, White (who moves first, the player) at the bottom.
    expect(root.locator(".cw-sq[data-square]")).to_have_count(50)
    expect(root.locator(STATUS)).to_have_text("White to move")
    assert centre(root, 46)[1] > centre(root, 1)[1]  # 46 is on White's (bottom) row
    assert centre(root, 46)[0] < centre(root, 50)[0]
    expect(piece_on(root, 50)).to_have_attribute("data-piece", "white-man")
    expect(piece_on(root, 1)).to_have_attribute("data-piece", "black-man")
    lab.set_theme("JupyterLab Light")
    root.screenshot(path=str(lab.artifacts_dir / "variant-international-light.png"))

    # By click: 32-28; the computer (Black) answers.
    expect(sq(root, 32)).to_have_class(re.compile(r"\bcw-movable\b"))
    sq(root, 32).click()
    sq(root, 28).click()
    expect(piece_on(root, 28)).to_have_attribute("data-piece", "white-man")
    # (the status still says "White to move" until Python has taken the move: wait for
    # the computer's answer in the move list)
    expect(root.locator('[data-role="move"]')).to_have_count(2)
    expect(root.locator(STATUS)).to_contain_text("White to move")
    moves = kernel_json(page, "[str(m) for m in w.game.moves]")
    assert moves[0] == "32-28" and len(moves) == 2
    # The move list numbers the pairs from White's move, as international PDN does.
    first_row = root.locator('.cw-move-row[role="listitem"]').first
    expect(first_row.locator('[data-role="move"]')).to_have_text(["32-28", moves[1]])

    # By keyboard: the board is one tab stop; Enter picks up the piece under the cursor,
    # an arrow key goes to a landing square, Enter plays the move.
    board = root.locator(BOARD)
    root.locator('[data-action="resign"]').focus()
    page.keyboard.press("Tab")
    expect(board).to_be_focused()
    cursor = root.locator(".cw-sq.cw-cursor")
    start = int(cursor.get_attribute("data-square") or 0)
    page.keyboard.press("Enter")
    expect(sq(root, start, template=CW_SQUARE)).to_have_class(re.compile(r"\bcw-selected\b"))
    for key in ("ArrowUp", "ArrowLeft", "ArrowRight"):
        page.keyboard.press(key)
        if cursor.get_attribute("class") and "cw-target" in (cursor.get_attribute("class") or ""):
            break
    page.keyboard.press("Enter")
    expect(root.locator('[data-role="move"]')).to_have_count(4)
    expect(root.locator(STATUS)).to_contain_text("White to move")
    moves = kernel_json(page, "[str(m) for m in w.game.moves]")
    assert len(moves) == 4 and moves[2].startswith(f"{start}-"), moves

    lab.set_theme("JupyterLab Dark")
    root.screenshot(path=str(lab.artifacts_dir / "variant-international-dark.png"))
    lab.set_theme("JupyterLab Light")


def test_the_most_pieces_rule_is_on_the_status_line_and_a_shorter_capture_is_refused(
    lab, make_notebook
):
    path = make_notebook(
        SETUP + 'w = CheckersWidget(Game("W:W27,26:B31,14,32", variant="international"))\nw'
    )
    root = open_board_root(lab, path)
    status = root.locator(STATUS)
    expect(status).to_have_text("White to move: you must take the most pieces")
    # 27 can take one man, but 26 can take two: 27 is not offered.
    expect(sq(root, 26)).to_have_class(re.compile(r"\bcw-movable\b"))
    expect(sq(root, 27)).not_to_have_class(re.compile(r"\bcw-movable\b"))
    sq(root, 27).click()
    sq(root, 36).click()
    expect(status).to_have_attribute("data-kind", "refused")
    expect(status).to_contain_text("you must take the most pieces in International draughts")
    assert kernel_json(lab.page, "w.game.ply") == 0
    for n in (26, 37, 28):
        sq(root, n).click()
    expect(status).to_have_text("Black to move")
    assert kernel_json(lab.page, "[str(m) for m in w.game.moves]") == ["26x37x28"]
    root.screenshot(path=str(lab.artifacts_dir / "variant-international-majority.png"))


def test_the_italian_board_is_turned(lab, make_notebook):
    path = make_notebook(SETUP + 'w = CheckersWidget(variant="italian", show_numbers=True)\nw')
    root = open_board_root(lab, path)
    expect(root.locator(".cw-sq[data-square]")).to_have_count(32)
    expect(root.locator(STATUS)).to_have_text("White to move")
    # Square 1 is the top-left corner and 32 the bottom-right one: the bottom-left corner
    # is light, so the double corner is on the player's left.
    one, four, twenty_nine, thirty_two = (centre(root, n) for n in (1, 4, 29, 32))
    assert one[0] < four[0] and one[1] == four[1]
    assert twenty_nine[0] < thirty_two[0] and twenty_nine[1] > one[1]
    assert one[0] < twenty_nine[0]  # 29 is not in the left column: that corner is light
    sq(root, 22).click()
    sq(root, 18).click()
    expect(root.locator(STATUS)).to_have_text("Black to move")
    root.screenshot(path=str(lab.artifacts_dir / "variant-italian.png"))


def test_the_computer_answers_a_clicked_move_in_every_variant(lab, make_notebook):
    """One notebook, a board of each variant against the computer: on each, the player
    clicks a lit piece and a landing square, and the computer's answer appears on the
    board; the kernel's game holds the two moves, legal in that variant, and the board
    shows its position."""
    cells = [SETUP + "w = {}"] + [
        f'w["{name}"] = CheckersWidget(variant="{name}", opponent="easy", seed=1)\nw["{name}"]'
        for name in OTHER_VARIANTS
    ]
    boards = open_board(lab, make_notebook(*cells), count=len(OTHER_VARIANTS))
    page = lab.page
    for i, name in enumerate(OTHER_VARIANTS):
        board = boards.nth(i)
        root = board.locator("xpath=ancestor::*[contains(@class, 'cw-root')][1]")
        game = f'w["{name}"].game'
        size = 50 if name == "international" else 32
        expect(board.locator(".cw-sq[data-square]")).to_have_count(size)
        start = pieces(root, piece=BOARD_PIECE)
        assert start == kernel_pieces(page, game), name
        lit = board.locator(".cw-sq.cw-movable").first
        origin = int(lit.get_attribute("data-square") or 0)
        mover = start[origin]
        lit.click()
        target = board.locator(".cw-sq.cw-target").first
        landing = int(target.get_attribute("data-square") or 0)
        target.click()
        expect(piece_on(root, landing)).to_have_attribute("data-piece", mover)
        # The computer's answer: on the move list, and its piece moved on the board.
        expect(root.locator(MOVE)).to_have_count(2)
        moves = kernel_json(page, f"[str(m) for m in {game}.moves]")
        assert len(moves) == 2 and moves[0] == f"{origin}-{landing}", (name, moves)
        expect(root.locator(MOVE)).to_have_text(moves)
        legal = kernel_json(
            page,
            f"""[m in g.legal_moves() and g.play(m) is not None
                for g in [Game(variant="{name}")] for m in {game}.moves]""",
        )
        assert legal == [True, True], (name, moves)
        shown = pieces(root, piece=BOARD_PIECE)
        assert shown == kernel_pieces(page, game), (name, moves)
        theirs = "black" if mover.startswith("white") else "white"
        moved = {s for s, p in start.items() if p.startswith(theirs)} - set(shown)
        assert len(moved) == 1, (name, moves, moved)  # one of the computer's men left its square
        root.screenshot(path=str(lab.artifacts_dir / f"variant-{name}-answered.png"))
    assert lab.error_outputs() == []


def expect_pieces(root: Locator, expected: dict[int, str]) -> None:
    """The board shows exactly ``expected`` (waiting for a hop's animation to end)."""
    for square, name in expected.items():
        expect(piece_on(root, square, piece=BOARD_PIECE)).to_have_attribute("data-piece", name)
    expect(root.locator(BOARD_PIECE)).to_have_count(len(expected))


#: A capture of two men on each board: the starting position (FEN), the squares clicked,
#: the men taken, and the pieces before the capture, after its first hop and after it.
#: The Spanish position has a white man on 1, where White's men start in Spanish
#: draughts (an American white man would have been crowned there); the Russian man is
#: crowned on 2 and takes the second man as a king.
REPLAYS: dict[str, tuple[str, list[int], list[int], list[dict[int, str]]]] = {
    "international": (
        "W:W27,26:B31,14,32",
        [26, 37, 28],
        [31, 32],
        [
            {14: "black-man", 26: "white-man", 27: "white-man", 31: "black-man", 32: "black-man"},
            {14: "black-man", 27: "white-man", 32: "black-man", 37: "white-man"},
            {14: "black-man", 27: "white-man", 28: "white-man"},
        ],
    ),
    "italian": (
        "W:W22:B18,10",
        [22, 13, 6],
        [18, 10],
        [
            {10: "black-man", 18: "black-man", 22: "white-man"},
            {10: "black-man", 13: "white-man"},
            {6: "white-man"},
        ],
    ),
    "spanish": (
        "W:W1,10:B14,22",
        [10, 19, 26],
        [14, 22],
        [
            {1: "white-man", 10: "white-man", 14: "black-man", 22: "black-man"},
            {1: "white-man", 19: "white-man", 22: "black-man"},
            {1: "white-man", 26: "white-man"},
        ],
    ),
    "russian": (
        "W:W9:B6,11",
        [9, 2, 16],
        [6, 11],
        [
            {6: "black-man", 9: "white-man", 11: "black-man"},
            {2: "white-king", 11: "black-man"},
            {16: "white-king"},
        ],
    ),
}


def test_a_capture_of_two_men_is_replayed_hop_by_hop_in_other_variants(lab, make_notebook):
    """The player takes two men by clicking, then presses Replay and steps through the
    capture: the position before it, each hop with the man it takes ringed, the position
    after it. (The replay once rebuilt the position before the move by American rules:
    the control then failed on the international and Spanish boards; and the Russian man
    crowned on the way was drawn a man until the end of the move, both while the player
    clicked the capture and in the replay.)"""
    cells = [SETUP + "w = {}"] + [
        f'w["{name}"] = CheckersWidget(Game("{fen}", variant="{name}"))\nw["{name}"]'
        for name, (fen, *_) in REPLAYS.items()
    ]
    boards = open_board(lab, make_notebook(*cells), count=len(REPLAYS))
    for i, (name, (_, clicks, taken, positions)) in enumerate(REPLAYS.items()):
        root = boards.nth(i).locator("xpath=ancestor::*[contains(@class, 'cw-root')][1]")
        for n in clicks:
            sq(root, n).click()
            if n == clicks[1]:
                # The capture in progress: the mover as it is after its first hop.
                mover = piece_on(root, n, piece=BOARD_PIECE)
                expect(mover).to_have_attribute("data-piece", positions[1][n])
        notation = "x".join(map(str, clicks))
        expect(root.locator(MOVE)).to_have_text([notation])
        assert kernel_pieces(lab.page, f'w["{name}"].game') == positions[-1], name
        root.locator('[data-action="replay"]').click()
        panel = root.locator('[data-role="replay"]')
        expect(panel, f"{name}: the replay is not shown").to_be_visible()
        expect(root.locator(STATUS)).not_to_have_attribute("data-kind", re.compile("refused|error"))
        expect(panel).to_contain_text(f"Replay {notation}")
        # To the start (which also stops the replay playing itself through), then a hop
        # at a time.
        panel.locator('[data-action="replay-first"]').click()
        hop = panel.locator('[data-role="replay-hop"]')
        for k, position in enumerate(positions):
            expect(hop).to_have_text(re.compile(f"^hop {k} of 2") if k else f"before {notation}")
            expect_pieces(root, position)
            if k < 2:
                ringed = root.locator(f"{BOARD_PIECE}.cw-jumped")
                expect(ringed).to_have_attribute("data-square", str(taken[k]))
                if k == 1:
                    shot = lab.artifacts_dir / f"variant-{name}-replay-hop-1.png"
                    root.screenshot(path=str(shot))
                panel.locator('[data-action="replay-forward"]').click()
        panel.locator('[data-action="replay-close"]').click()
        expect(panel).to_be_hidden()
        expect_pieces(root, positions[-1])
    assert lab.error_outputs() == []


def test_the_editor_on_a_10x10_board_and_the_keyboard_on_a_turned_one(lab, make_notebook):
    """The position editor places men on 46 and 50 of an international board (and
    refuses a black man on White's back row), Done plays on from that position; on the
    turned Spanish board (square 1 bottom right), the arrow keys move the cursor to the
    diagonal neighbour and Enter picks up and puts down, as on the American board."""
    path = make_notebook(
        SETUP + "w = {}",
        'w["international"] = CheckersWidget(variant="international")\nw["international"]',
        'w["spanish"] = CheckersWidget(variant="spanish", opponent="easy", seed=1)\nw["spanish"]',
    )
    boards = open_board(lab, path, count=2)
    page = lab.page
    root = boards.nth(0).locator("xpath=ancestor::*[contains(@class, 'cw-root')][1]")
    root.locator('[data-action="edit"]').click()
    editor = root.locator('[data-role="editor"]')
    expect(editor).to_be_visible()
    editor.locator('[data-action="edit-clear"]').click()
    expect(root.locator(BOARD_PIECE)).to_have_count(0)
    editor.locator('[data-tool="white-man"]').click()
    for n in (46, 50):
        sq(root, n).click()
        expect(piece_on(root, n, piece=BOARD_PIECE)).to_have_attribute("data-piece", "white-man")
    editor.locator('[data-tool="black-man"]').click()
    sq(root, 48).click()  # Black's men are crowned on 46-50
    expect(root.locator(STATUS)).to_contain_text("A black man cannot stand on 48")
    sq(root, 15).click()
    editor.locator('[data-tool="black-king"]').click()
    sq(root, 1).click()
    expect(editor.locator('[data-role="fen"]')).to_have_value("W:W46,50:B15,K1")
    root.screenshot(path=str(lab.artifacts_dir / "variant-international-editor.png"))
    editor.locator('[data-action="edit-done"]').click()
    expect(editor).to_be_hidden()
    expect(root.locator(STATUS)).to_have_text("White to move")
    game = 'w["international"].game'
    assert kernel_json(page, f"[{game}.board.to_fen(), {game}.variant.name]") == [
        "W:W46,50:B15,K1",
        "international",
    ]
    assert kernel_pieces(page, game) == pieces(root, piece=BOARD_PIECE)
    sq(root, 46).click()
    sq(root, 41).click()
    expect(root.locator(MOVE)).to_have_text(["46-41"])

    # The turned board, by keyboard: the cursor starts on the lit piece nearest the
    # bottom-left corner (12: square 1 is the bottom-right corner), Up goes to 16.
    root = boards.nth(1).locator("xpath=ancestor::*[contains(@class, 'cw-root')][1]")
    root.locator('[data-action="resign"]').focus()
    page.keyboard.press("Tab")
    expect(root.locator(BOARD)).to_be_focused()
    cursor = root.locator(".cw-sq.cw-cursor")
    expect(cursor).to_have_attribute("data-square", "12")
    page.keyboard.press("Enter")
    expect(sq(root, 12, template=CW_SQUARE)).to_have_class(re.compile(r"\bcw-selected\b"))
    page.keyboard.press("ArrowUp")
    expect(cursor).to_have_attribute("data-square", "16")
    (x12, y12), (x16, y16) = centre(root, 12), centre(root, 16)
    assert y16 < y12 and x16 < x12  # up the board, to the left edge
    page.keyboard.press("Enter")
    expect(root.locator(MOVE)).to_have_count(2)
    assert kernel_json(page, 'str(w["spanish"].game.moves[0])') == "12-16"
    keys = ("ArrowLeft", "ArrowDown", "ArrowDown", "End", "Home", "ArrowDown")
    for key, square in zip(keys, ("16", "12", "8", "5", "8", "4"), strict=True):
        page.keyboard.press(key)
        expect(cursor).to_have_attribute("data-square", square)
    assert lab.error_outputs() == []
