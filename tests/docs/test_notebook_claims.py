"""Claims the example notebooks and the README make about the code, checked against it.

Running the notebooks (another test) shows that they work; these tests show that what
their text says is what the code does: the engine levels' figures come from ``LEVELS``,
and no solution is printed before the reader is invited to find it.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from checkers_widget.engine import LEVELS

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"


def cells(name: str) -> list[dict[str, str]]:
    """The notebook's cells as ``{"type": ..., "source": ...}``, in order."""
    nb = json.loads((EXAMPLES / name).read_text(encoding="utf-8"))
    return [{"type": c["cell_type"], "source": "".join(c["source"])} for c in nb["cells"]]


def level_rows(text: str) -> dict[str, str]:
    """The rows of a ``| `"level"` | how it plays |`` table, by level name."""
    return dict(re.findall(r'^\| `"(\w+)"` \| (.+) \|$', text, flags=re.MULTILINE))


@pytest.mark.parametrize("where", ["01_play_the_computer.ipynb", "docs/guide/play-the-computer.md"])
def test_the_level_tables_match_the_levels(where: str) -> None:
    if where.endswith(".md"):
        text = (ROOT / where).read_text(encoding="utf-8")
        text = text.split("## Levels", 1)[1].split("\n## ", 1)[0]
    else:
        text = "\n".join(c["source"] for c in cells(where) if c["type"] == "markdown")
    rows = level_rows(text)
    assert set(LEVELS) <= set(rows), rows
    for name, level in LEVELS.items():
        row = rows[name]
        if level.margin:
            # A loose level says so, with its own margin, and never "always the best".
            assert f"within {level.margin / 100:g} of" in row, (name, row)
            assert not re.search(r"(?<!not )always (?:the|its) best", row) and "noise" in row, (
                name,
                row,
            )
        else:
            assert "always" in row or "as Hard" in row, (name, row)
        if level.depth is None:
            # A timed level's depth depends on the machine: no fixed number of plies.
            assert not re.search(r"\d+\s*(?:-|\u2013|to)?\s*\d*\s*plies", row), (name, row)
            spelled = {1.0: "one second", 5.0: "five seconds"}[level.time or 0.0]
            assert spelled in row, (name, row)


def test_the_ending_is_offered_before_its_solution_is_printed() -> None:
    nb = cells("01_play_the_computer.ipynb")
    invite = next(i for i, c in enumerate(nb) if "find it yourself" in c["source"])
    board = next(i for i, c in enumerate(nb) if "CheckersWidget(Game(fen=ending)" in c["source"])
    solved = [
        i
        for i, c in enumerate(nb)
        if c["type"] == "code" and "analyse(Board(ending))" in c["source"]
    ]
    assert solved, "the notebook shows the engine's solution of the ending"
    assert invite < board < min(solved), (invite, board, solved)
    # Nothing before the board's cell prints an analysis of the ending.
    assert not any("analyse" in c["source"] and "ending" in c["source"] for c in nb[:board])


def test_quickstart_says_black_is_at_the_bottom_and_shows_the_numbers() -> None:
    nb = cells("00_quickstart.ipynb")
    words = " ".join(c["source"] for c in nb if c["type"] == "markdown")
    assert "Black at the top" not in words and "Black at the bottom" in words
    teaching = next(i for i, c in enumerate(nb) if "`11-15`" in c["source"])
    numbered = [
        i for i, c in enumerate(nb) if "show_numbers=True" in c["source"] and c["type"] == "code"
    ]
    assert numbered and min(numbered) <= teaching + 1, "numbers shown where 11-15 is taught"


def test_the_ending_solution_is_reproducible_and_its_text_says_other_moves_win_too() -> None:
    """The ending's solution once differed from run to run (23-18, 14-9: both win in 3):
    Normal is loose and, among equally fast wins, picks one at random. The cell seeds
    its engine, and the text says that several first moves win."""
    from checkers_widget import Board, Game
    from checkers_widget.engine import Engine

    nb = cells("01_play_the_computer.ipynb")
    solved = next(c["source"] for c in nb if "analyse(Board(ending))" in c["source"])
    ending = re.search(r'ending = "([^"]+)"', "\n".join(c["source"] for c in nb))
    assert ending, "the ending's FEN"
    call = re.search(r"Engine\(([^)]*)\)\.analyse\(Board\(ending\)\)", solved)
    assert call and "seed=" in call.group(1), solved
    engine = f"Engine({call.group(1)})"
    scope = {"Engine": Engine}
    first = {str(eval(engine, scope).analyse(Board(ending.group(1))).move) for _ in range(3)}
    assert len(first) == 1, first
    # More than one first move wins as fast as the engine's.
    best = eval(engine, scope).analyse(Board(ending.group(1))).mate
    game = Game(fen=ending.group(1))
    as_fast = []
    for move in game.legal_moves():
        after = game.copy()
        after.play(str(move))
        worst = 0
        for reply in after.legal_moves():
            line = after.copy()
            line.play(str(reply))
            mate = Engine("hard", depth=10).analyse(line).mate
            worst = max(worst, mate if mate and mate > 0 else 99)
        if worst + 1 == best:
            as_fast.append(str(move))
    assert len(as_fast) > 1, as_fast
    text = next(c["source"] for c in nb if c["source"].startswith("The solution"))
    assert "several first moves win" in text and "seed" in text, text


@pytest.mark.parametrize(
    "name", ["01_play_the_computer.ipynb", "03_explore_positions.ipynb", "04_hooks.ipynb"]
)
def test_the_text_quotes_no_made_up_score(name: str) -> None:
    """01 quoted ``Hint: 11-15 (+0.35 for Black)`` while the opening scores about 0.00:
    the text may explain the unit (+1.00 is a man) but quotes no engine score."""
    words = "\n".join(c["source"] for c in cells(name) if c["type"] == "markdown")
    scores = set(re.findall(r"[+-]?\d+\.\d\d\b", words))
    assert scores <= {"+1.00", "0.00"}, scores


def test_the_guide_shows_what_outcome_and_mirror_return() -> None:
    """The guide shows these values with ``# ->``, which test_markdown_examples checks by
    running the blocks; this test makes sure the guide still shows them."""
    from checkers_widget import Board, Game

    guide = ROOT / "docs" / "guide"
    text = (guide / "explore-positions.md").read_text(encoding="utf-8")
    block = text.split("## Positions and moves", 1)[1].split("```", 2)[1]
    # The block's board is the one it reads from a FEN.
    fen = re.search(r'board = Board\.from_fen\("([^"]+)"\)', block)
    assert fen is not None
    board = Board.from_fen(fen.group(1))
    assert re.search(rf"board\.mirror\(\)\s+# -> {re.escape(repr(board.mirror()))}", block)
    blocked = Board("W:W5:B1").outcome()
    assert re.search(rf'Board\("W:W5:B1"\)\.outcome\(\)\s+# -> {re.escape(repr(blocked))}', block)
    assert Board().outcome() is None and re.search(r"Board\(\)\.outcome\(\)\s+# -> None", block)
    assert Board().mirror().perft(6) == Board().perft(6) == 36768
    assert re.search(r"Board\(\)\.perft\(6\)\s+# -> 36768", text)
    game = Game()
    game.offer_draw("white")
    game.accept_draw()
    games_page = (guide / "games-and-files.md").read_text(encoding="utf-8")
    assert f"# -> {game.outcome()!r}" in games_page


def test_the_book_and_databases_cell_shows_what_its_text_says() -> None:
    """The cell under "What Hard and Expert know besides searching" prints a book move for
    Expert, a search without the book, a proven win (2 kings v 1) and a proven draw (2 kings
    v 2), as the text above it says; the hint's words are the board's own."""
    import contextlib
    import io

    nb = cells("01_play_the_computer.ipynb")
    at = next(i for i, c in enumerate(nb) if c["source"].startswith("## What Hard and Expert"))
    text, code = nb[at]["source"], nb[at + 1]["source"]
    assert "book=False" in text and "drawn with best play" in text
    assert "drawn with best play" in (ROOT / "js" / "analysis.js").read_text(encoding="utf-8")
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(
            "from checkers_widget import Board, Game\nfrom checkers_widget.engine import Engine\n"
            + code,
            {},
        )
    out = printed.getvalue().splitlines()
    assert out[0] == "Expert opens 11-15 from the book", out
    assert out[2].startswith("No book:") and "depth" in out[2], out
    assert "win in" in out[4] and out[4].endswith("proven draw: False"), out
    assert out[6].endswith("draw | proven draw: True"), out
