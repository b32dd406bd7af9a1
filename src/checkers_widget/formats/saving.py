"""Saving a game to a file and resuming it later: PDN on disk, written atomically.

A saved game is ordinary PDN that any checkers program reads. A few extra tags keep
what PDN has no place for, so that :func:`load_game` gives back the game exactly as
it was: the draw rules (``DrawRules``), the side names (``SideNames``), how the game
ended (``Termination``) and, when the game was being walked back through, the ply it
was showing (``Ply``; the rest of the line is still written, so redo works after
loading).

Files are replaced atomically (a temporary file in the same folder, flushed to disk,
then :func:`os.replace`), so a crash in the middle of a save leaves the previous file
whole, never a corrupt or empty one.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TypedDict

from ..core.errors import CheckersError, PdnError, brief
from ..core.game import DRAW_RULE_PRESETS, DrawRules, Game
from .storage import write_user_file

__all__ = ["game_text", "load_game", "save_game"]

PathLike = str | os.PathLike[str]

#: Tags this module writes and reads back; they are not left in ``game.tags``.
_OWN_TAGS = ("DrawRules", "SideNames", "Termination", "Ply")
_SEPARATOR = "|"


def game_text(game: Game, extra_tags: dict[str, str] | None = None) -> str:
    """The PDN text :func:`save_game` writes for ``game`` (the whole line, see module doc).

    ``extra_tags`` are written too (a caller's own facts); :func:`load_game` leaves
    them in the loaded game's ``tags``.
    """
    whole = game.copy()
    whole.tags.update(extra_tags or {})
    ply = whole.ply
    end = ply + len(whole.redo_moves)
    if end > ply:
        whole.goto(end)
    tags = whole.tags
    tags["DrawRules"] = _rules_text(whole.draw_rules)
    names = whole.side_names
    tags["SideNames"] = _SEPARATOR.join(names)
    if whole.termination is not None:
        tags["Termination"] = whole.termination
    if ply < end:
        tags["Ply"] = str(ply)
    return whole.to_pdn()


def save_game(game: Game, path: PathLike) -> Path:
    """Write ``game`` to ``path`` as PDN, atomically; returns the path written.

    The folder must exist; a path that cannot be written raises a
    :class:`~checkers_widget.core.errors.FileWriteError` (see
    :func:`~checkers_widget.formats.storage.write_user_file`)."""
    return write_user_file(path, game_text(game), what="the game")


def load_game(path: PathLike) -> Game:
    """Read a game written by :func:`save_game` (or any one-game PDN file) and resume it.

    Raises :class:`PdnError` naming the file for a missing, unreadable or malformed file.
    """
    source = Path(path).expanduser()
    try:
        text = source.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise PdnError(f"no saved game at {source}") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise PdnError(f"cannot read the saved game {source}: {exc}") from exc
    if not text.strip():
        raise PdnError(f"the saved game {source} is empty")
    try:
        return _resumed(text)
    except CheckersError as exc:
        raise PdnError(f"{source}: {exc}") from exc


def _resumed(text: str) -> Game:
    """The game a saved text holds, with its own tags applied; CheckersError if bad."""
    from .pdn import read_game

    first = read_game(text)
    options = _options(first.tags)
    game = read_game(text, **options) if options else first
    tags = game.tags
    termination = tags.get("Termination")
    ply_text = tags.get("Ply")
    for name in _OWN_TAGS:
        tags.pop(name, None)
    if termination and game.is_over() and game.termination == "result recorded in the PDN":
        assert game.result is not None
        game.set_result(game.result, termination)
    if ply_text is not None:
        ply = _whole_number(ply_text)
        if ply is None or ply > game.ply:
            raise PdnError(f"Ply tag {brief(ply_text)} is not a ply of the game")
        game.goto(ply)
    return game


def _whole_number(text: str, digits: int = 9) -> int | None:
    """``text`` as a number if it is 1 to ``digits`` ASCII digits, else None.

    ``str.isdigit`` and ``int`` accept other scripts' digits (and ``"²"`` passes
    ``isdigit`` but not ``int``); the length is judged before converting.
    """
    if not text or len(text) > digits or not (text.isascii() and text.isdigit()):
        return None
    return int(text)


class _ReadOptions(TypedDict, total=False):
    """The keyword arguments of ``read_game`` that a saved game's own tags set."""

    draw_rules: DrawRules
    side_names: tuple[str, str]


def _options(tags: dict[str, str]) -> _ReadOptions:
    options: _ReadOptions = {}
    if "DrawRules" in tags:
        options["draw_rules"] = _parse_rules(tags["DrawRules"])
    if "SideNames" in tags:
        names = tuple(tags["SideNames"].split(_SEPARATOR))
        if len(names) != 2 or not all(names):
            raise PdnError(f"SideNames tag {brief(tags['SideNames'])} is not two names")
        options["side_names"] = (names[0], names[1])
    return options


def _rules_text(rules: DrawRules) -> str:
    for name, preset in DRAW_RULE_PRESETS.items():
        if preset == rules:
            return name
    return (
        f"quiet_moves={rules.quiet_moves} repetitions={rules.repetitions} "
        f"automatic={rules.automatic}"
    )


def _parse_rules(text: str) -> DrawRules:
    if text in DRAW_RULE_PRESETS:
        return DRAW_RULE_PRESETS[text]
    try:
        fields = dict(part.split("=", 1) for part in text.split())
        quiet, repetitions = fields["quiet_moves"], fields["repetitions"]
        return DrawRules(
            quiet_moves=None if quiet == "None" else _rule_number(quiet),
            repetitions=None if repetitions == "None" else _rule_number(repetitions),
            automatic={"True": True, "False": False}[fields["automatic"]],
        )
    except (KeyError, ValueError) as exc:  # CheckersError is a ValueError
        raise PdnError(f"DrawRules tag {brief(text)} is not a draw rule ({exc})") from None


def _rule_number(text: str) -> int:
    """A number in a DrawRules tag; ValueError unless it is a few ASCII digits."""
    number = _whole_number(text)
    if number is None:
        raise ValueError(f"{brief(text)} is not a whole number")
    return number
