"""Lesson text to HTML: the little Markdown a teacher needs, and nothing that can break a page.

Paragraphs are separated by blank lines; lines starting with ``- `` make a bullet list
(an indented line continues the item above it); ``**bold**``, ``*italic*`` and
```code``` work inside a line. Everything else is shown as typed: the text is escaped
first, so a stray ``<`` never turns into markup.
"""

from __future__ import annotations

import html
import re

__all__ = ["to_html"]

_BOLD = re.compile(r"\*\*(.+?)\*\*")
_ITALIC = re.compile(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])")
_CODE = re.compile(r"`([^`]+)`")


def _inline(text: str) -> str:
    out = html.escape(text, quote=False)
    out = _CODE.sub(r"<code>\1</code>", out)
    out = _BOLD.sub(r"<strong>\1</strong>", out)
    return _ITALIC.sub(r"<em>\1</em>", out)


def to_html(text: str) -> str:
    """The HTML for a lesson text (paragraphs, bullet lists, bold, italic, code)."""
    blocks: list[str] = []
    for block in re.split(r"\n\s*\n", text.strip()):
        items: list[str] = []
        prose: list[str] = []
        for line in block.splitlines():
            if line.lstrip().startswith("- "):
                items.append(line.lstrip()[2:].strip())
            elif items and line.startswith((" ", "\t")):
                items[-1] += " " + line.strip()
            else:
                prose.append(line.strip())
        if prose:
            blocks.append(f"<p>{_inline(' '.join(prose))}</p>")
        if items:
            lis = "".join(f"<li>{_inline(item)}</li>" for item in items)
            blocks.append(f"<ul>{lis}</ul>")
    return "\n".join(blocks)
