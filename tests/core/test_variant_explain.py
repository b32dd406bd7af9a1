"""explain() on another variant's board names the rule of that variant a move breaks."""

from __future__ import annotations

import pytest

from checkers_widget import Game

CASES = [
    # (variant, FEN, attempt, words)
    (
        "international",
        "W:W27,26:B31,14,32",
        "27x36",
        "you must take the most pieces in International draughts: this capture takes "
        "1 piece, 26x37x28 takes 2",
    ),
    ("brazilian", "W:W7,24:B10,16,19", "7x14", "you must take the most pieces in Brazilian"),
    ("italian", "W:W23,K21:BK19,18", "23x14", "a man may not capture a king in Italian"),
    ("italian", "W:WK22:B1", "22-13", "a king moves one square at a time in Italian"),
    ("russian", "W:W9:B11,6,20", "9x2", "the capture must go on: the piece on 2 can still"),
    ("russian", "W:W9:B11,6,20", "9x2x16x23", "the capture ends at 16"),
    ("russian", "W:W22:B1", "22-26", "a man cannot move backwards (it captures backwards"),
    ("spanish", "W:W13,K1:B10,27", "1x23", "the capture must go on"),
    ("spanish", "W:W13,K1:B10,27", "13-17", "a capture is available (1x23x30)"),
    ("international", "W:W32:B1", "32-23", "a man moves one square diagonally"),
]


@pytest.mark.parametrize(("variant", "fen", "attempt", "words"), CASES)
def test_the_variants_own_rule_is_named(variant: str, fen: str, attempt: str, words: str) -> None:
    game = Game(fen, variant=variant)
    reason = game.explain(attempt)
    assert reason.startswith(attempt + ": "), reason
    assert words in reason, reason


def test_a_lesson_style_explanation_names_no_move() -> None:
    game = Game("W:W27,26:B31,14,32", variant="international")
    reason = game.explain("27x36", name_moves=False)
    assert "26x37x28" not in reason and "another capture takes 2" in reason


def test_spanish_kings_count_after_the_pieces() -> None:
    """Two captures of one piece each: the one taking the king (11) must be chosen."""
    game = Game("W:W5,7:B10,K11", variant="spanish")
    assert [str(m) for m in game.legal_moves()] == ["7x14"]
    assert [str(m) for m in Game("W:W5,7:B10,11", variant="spanish").legal_moves()] == [
        "5x14",
        "7x14",
    ]
    assert "then the most kings" in game.explain("5x14")
