"""Every Python example in README.md and the documentation pages runs as written.

A page's ```` ```python ```` blocks run in the order a reader meets them, in one namespace
per page (as pasted one after another into a fresh kernel), in a temporary working folder.
Where a line shows what an expression gives, with a trailing ``# -> text`` comment, the
test checks that ``repr`` of the expression is exactly that text.

The rare block that cannot run here is preceded by an HTML comment saying so and why,
``<!-- no-run: the reason -->`` (network play between two notebooks needs two kernels;
marimo's cells need marimo's runtime): the test checks that each such marker gives a reason.
"""

from __future__ import annotations

import ast
import contextlib
import io
import re
import textwrap
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
#: The pages a reader meets: the README and every Markdown page of the site.
PAGES = [ROOT / "README.md", *sorted(DOCS.rglob("*.md"))]

#: A fenced block, indented or not (in a list item), with the no-run marker before it if any.
FENCE = re.compile(
    r"(?P<marker><!--\s*no-run:(?P<reason>[^>]*)-->\s*\n)?"
    r"^(?P<indent>[ ]*)(?P<fence>```+)(?P<info>[^\n]*)\n(?P<body>.*?)^(?P=indent)(?P=fence)[ \t]*$",
    re.MULTILINE | re.DOTALL,
)
SHOWN = re.compile(r"#\s*->\s*(?P<shown>.+?)\s*$")


@dataclass(frozen=True)
class Block:
    """One ```python block of a page: its first line in the file, its code, and why it
    is not run (None for a block that runs)."""

    line: int
    code: str
    no_run: str | None


def python_blocks(text: str) -> list[Block]:
    blocks = []
    for match in FENCE.finditer(text):
        if match["info"].strip().split(" ")[0] not in ("python", "py"):
            continue
        line = text.count("\n", 0, match.start("fence")) + 2
        reason = match["reason"].strip() if match["marker"] else None
        blocks.append(Block(line, textwrap.dedent(match["body"]), reason))
    return blocks


def page_id(page: Path) -> str:
    return str(page.relative_to(ROOT))


def shown_values(code: str) -> dict[int, str]:
    """``{line: text}`` for each line ending in ``# -> text``."""
    shown = {}
    for number, line in enumerate(code.splitlines(), start=1):
        found = SHOWN.search(line)
        if found and not line.lstrip().startswith("#"):
            shown[number] = found["shown"]
    return shown


def run_block(block: Block, namespace: dict[str, object], where: str) -> None:
    """Run one block statement by statement, checking each shown value."""
    tree = ast.parse(block.code, filename=where)
    shown = shown_values(block.code)
    last_on_line: dict[int, ast.stmt] = {}
    for statement in tree.body:
        last_on_line[statement.end_lineno or statement.lineno] = statement
    for statement in tree.body:
        end = statement.end_lineno or statement.lineno
        expected = shown.get(end) if last_on_line[end] is statement else None
        if isinstance(statement, ast.Expr):
            code = compile(ast.Expression(statement.value), where, "eval")
            value = eval(code, namespace)
            if expected is not None:
                assert repr(value) == expected, (
                    f"{where}, block line {end}: shows {expected}, gives {value!r}"
                )
        else:
            assert expected is None, f"{where}, block line {end}: `# ->` on a statement"
            exec(compile(ast.Module([statement], []), where, "exec"), namespace)


@pytest.mark.parametrize("page", PAGES, ids=page_id)
def test_every_python_block_runs_as_written(page: Path, tmp_path: Path) -> None:
    blocks = python_blocks(page.read_text(encoding="utf-8"))
    namespace: dict[str, object] = {"__name__": "__main__"}
    printed = io.StringIO()
    with contextlib.chdir(tmp_path), contextlib.redirect_stdout(printed):
        for block in blocks:
            if block.no_run is None:
                run_block(block, namespace, f"{page_id(page)}:{block.line}")
    # Close what the page opened (widgets start no threads until used, engines may).
    for value in namespace.values():
        close = getattr(value, "close", None)
        if callable(close) and type(value).__module__.startswith("checkers_widget"):
            close()


def test_a_block_left_unrun_says_why() -> None:
    unrun = [
        (page_id(page), block.line, block.no_run)
        for page in PAGES
        for block in python_blocks(page.read_text(encoding="utf-8"))
        if block.no_run is not None
    ]
    assert all(len(reason) > 20 for _, _, reason in unrun), unrun
    every = sum(len(python_blocks(page.read_text(encoding="utf-8"))) for page in PAGES)
    # The exception stays rare: at most one block in ten.
    assert len(unrun) * 10 <= every, unrun


def test_the_block_reader_finds_blocks_markers_and_shown_values() -> None:
    text = (
        "Text\n\n```python\nx = 1\nx + 1  # -> 2\n```\n\n"
        "<!-- no-run: needs two kernels on two machines -->\n```python\nhost()\n```\n"
        "```bash\nmake lab\n```\n"
        "1. In a list:\n\n   ```python\n   y = 2\n   ```\n"
    )
    first, second, third = python_blocks(text)
    assert third.code == "y = 2\n"
    assert (first.line, first.no_run) == (4, None)
    assert second.no_run == "needs two kernels on two machines"
    assert shown_values(first.code) == {2: "2"}
    namespace: dict[str, object] = {}
    run_block(first, namespace, "example")
    wrong = Block(1, "1 + 1  # -> 3\n", None)
    with pytest.raises(AssertionError, match="shows 3, gives 2"):
        run_block(wrong, namespace, "example")
