"""Send the board's intents to a widget exactly as the browser does (no browser needed)."""

from __future__ import annotations

from typing import Any

from checkers_widget.widget import CheckersWidget


def command(widget: CheckersWidget, name: str, **extra: Any) -> bool:
    """Press a control: ``command(w, "undo")``; returns whether the game changed."""
    return widget.handle_intent(
        {"kind": "command", "version": widget.state["version"], "name": name, **extra}
    )


def click(widget: CheckersWidget, *path: int) -> bool:
    """Click a piece and its landing squares: ``click(w, 11, 15)``."""
    return widget.handle_intent(
        {"kind": "move", "version": widget.state["version"], "path": list(path)}
    )


def status(widget: CheckersWidget) -> tuple[str, str]:
    """The status line as (kind, text)."""
    return widget.state["status"]["kind"], widget.state["status"]["text"]


def offered(widget: CheckersWidget) -> set[str]:
    """The controls the board offers (its ``controls=`` choice, as published)."""
    return set(widget.state["controls"])
