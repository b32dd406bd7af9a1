"""``animate()``: a game, a line of moves or one move as an animated SVG or GIF.

Everything is checked before anything is drawn, and the file is written only once the
picture is complete (atomically: a reader sees the old file or the new one), so bad input
raises :class:`~checkers_widget.core.errors.CheckersError` and writes nothing.
"""

from __future__ import annotations

import base64
import math
import os
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Literal

from ..core.board import Board
from ..core.color import BLACK, WHITE
from ..core.errors import CheckersError, IllegalMoveError, brief, clipped
from ..core.game import Game
from ..core.move import Move
from ..core.variants import AMERICAN
from ..formats.storage import write_user_file
from ..formats.svg import _id_prefix, _palette, svg_as_img
from ..formats.svg_layout import layout
from .animated_svg import animated_svg
from .timeline import plan

__all__ = [
    "FORMATS",
    "MAX_MOVES",
    "AnimatedGif",
    "AnimatedSvg",
    "MissingDependencyError",
    "animate",
]

#: The formats ``animate`` writes, by name (and file suffix).
FORMATS = ("svg", "gif")
#: The longest line ``animate`` takes (a long game has about 150 moves).
MAX_MOVES = 2000
#: The largest GIF width, in pixels.
MAX_GIF_SIZE = 2048

Source = Game | Move | str | Sequence[Move | str]


class MissingDependencyError(CheckersError, ImportError):
    """An optional dependency is not installed (also an :class:`ImportError`)."""


def _gif_writer() -> Callable[..., bytes]:
    """The GIF writer, imported now: it needs Pillow, which only the ``export`` extra brings."""
    try:
        from .gif import gif_bytes
    except ImportError as exc:
        if not (exc.name or "").startswith("PIL"):
            raise
        raise MissingDependencyError(
            "an animated GIF needs Pillow: pip install 'checkers-widget[export]' "
            "(or pip install pillow); the animated SVG needs nothing"
        ) from exc
    return gif_bytes


class AnimatedSvg(str):
    """The animated SVG's text; a notebook shows it playing when it ends a cell."""

    __slots__ = ()

    def _repr_html_(self) -> str:
        return svg_as_img(str(self))

    def _repr_svg_(self) -> str:
        return str(self)


class AnimatedGif(bytes):
    """The animated GIF's bytes; a notebook shows it playing when it ends a cell."""

    __slots__ = ()

    def _repr_html_(self) -> str:
        data = base64.b64encode(self).decode("ascii")
        return f'<img src="data:image/gif;base64,{data}" alt="Animated checkers replay">'


def _seconds(value: object, what: str, *, low: float, high: float, zero: bool) -> float:
    if (
        isinstance(value, bool)
        or not isinstance(value, int | float)
        or not math.isfinite(value)
        or value > high
        or value < low
        or (value == low and not zero)
    ):
        bound = f"{'at least' if zero else 'more than'} {low:g} and at most {high:g}"
        raise CheckersError(f"{what} must be a number of seconds {bound}, got {brief(value)}")
    return float(value)


def _start_board(start: object) -> Board:
    if start is None:
        return Board()
    if isinstance(start, Board):
        return start.copy(stack=False)
    if isinstance(start, str):
        return Board(start)
    raise CheckersError(f"start must be a Board, a FEN text or None, got {brief(start)}")


def _result_text(game: Game) -> str:
    """A finished game's result in words, e.g. ``"1-0: Black wins"`` (its side names)."""
    result = game.result if game.is_over() else None
    if result is None:
        return ""
    if result == "1-0":
        return f"1-0: {game.side_name(BLACK)} wins"
    if result == "0-1":
        return f"0-1: {game.side_name(WHITE)} wins"
    return "1/2-1/2: drawn"


def _line(source: object, start: object) -> tuple[Board, list[Move | str], str, str]:
    """The start position, the moves, the default title and the ending of ``source``."""
    if isinstance(source, Game):
        if start is not None:
            raise CheckersError(
                "start is for a list of moves; a Game plays from its own start position"
            )
        tags = source.tags
        # The side that moves first named first: "Black - White" in American checkers,
        # "White - Black" in international draughts, as their game lists write them.
        sides = ("Black", "White") if source.variant.first == BLACK else ("White", "Black")
        players = [tags.get(side, "").strip() for side in sides]
        title = clipped(" - ".join(players), 40) if all(players) else ""
        if len(source.moves) > MAX_MOVES:
            raise CheckersError(
                f"animate takes at most {MAX_MOVES} moves, and the game has {len(source.moves)}"
            )
        start_board = Board(source.start_fen, variant=source.variant)
        return start_board, list(source.moves), title, _result_text(source)
    board = _start_board(start)
    if isinstance(source, Move | str):
        return board, [source], "", ""
    if not isinstance(source, list | tuple):
        raise CheckersError(
            "animate takes a Game, a Move, move text, or a list of moves or move texts, "
            f"got {brief(source)}"
        )
    if len(source) > MAX_MOVES:
        raise CheckersError(f"animate takes at most {MAX_MOVES} moves, got {len(source)}")
    return board, list(source), "", ""


def _played(board: Board, items: list[Move | str]) -> list[Move]:
    """The legal moves ``items`` name, played in turn on ``board`` (a copy of the start)."""
    moves: list[Move] = []
    for number, item in enumerate(items, 1):
        if not isinstance(item, Move | str):
            raise CheckersError(
                f"move {number} of the animation is neither a Move nor move text: {brief(item)}"
            )
        try:
            move = board.push(item)
        except IllegalMoveError as exc:  # the same kind (ambiguous, illegal), with its place
            raise type(exc)(f"move {number} of the animation: {exc}", exc.legal) from None
        moves.append(move)
    if not moves:
        raise CheckersError("there is no move to animate")
    return moves


def _format(path: object, format: object) -> tuple[Path | None, Literal["svg", "gif"]]:
    target: Path | None = None
    if path is not None:
        if not isinstance(path, str | os.PathLike):
            raise CheckersError(f"path must be a file name or None, got {brief(path)}")
        if "\x00" in str(os.fspath(path)):
            raise CheckersError(f"path must be a file name without NUL characters: {brief(path)}")
        target = Path(path)
    suffix = target.suffix.lower().lstrip(".") if target is not None else ""
    if format is None:
        if target is None:
            return None, "svg"
        if suffix not in FORMATS:
            raise CheckersError(
                f"cannot tell the format from {brief(str(target))}: end the file name in "
                ".svg or .gif, or give format='svg' or format='gif'"
            )
        chosen = suffix
    elif not isinstance(format, str) or format.lower() not in FORMATS:
        raise CheckersError(f"format must be 'svg' or 'gif', got {brief(format)}")
    else:
        chosen = format.lower()
        if target is not None and suffix in FORMATS and suffix != chosen:
            raise CheckersError(f"the file name ends in .{suffix} but the format is {chosen!r}")
    return target, "gif" if chosen == "gif" else "svg"


def animate(
    source: Source,
    path: str | os.PathLike[str] | None = None,
    *,
    format: str | None = None,
    start: Board | str | None = None,
    seconds_per_hop: float = 0.5,
    pause: float = 0.8,
    hold: float = 2.0,
    orientation: str | None = None,
    size: int | None = 360,
    loop: bool = True,
    caption: bool = True,
    title: str | None = None,
    show_numbers: bool = False,
    last_move: bool = True,
    colors: Mapping[str, str] | None = None,
    frames_per_hop: int = 6,
) -> AnimatedSvg | AnimatedGif:
    """Replay moves as an animation for slides and handouts: an SVG, or a GIF with Pillow.

    Args:
        source: a :class:`~checkers_widget.Game` of any variant (its moves from its start
            position, on its board), a list of moves or move texts (``["11-15", "23-19"]``)
            played from ``start``, or one move (a :class:`~checkers_widget.Move` or text such
            as ``"22x15x8"``) to replay.
        path: a file to write (``.svg`` or ``.gif``); ``None`` writes nothing.
        format: ``"svg"`` or ``"gif"``; by default taken from ``path``'s suffix (SVG when
            there is no path).
        start: the position the moves start from when ``source`` is moves: a
            :class:`~checkers_widget.Board` (of any variant, e.g.
            ``Board(variant="international")``), or American checkers' FEN text; ``None`` for
            American checkers' opening position.
        seconds_per_hop: how long a piece takes over one hop (a double jump has two).
        pause: how long the start position and each move's position stay still.
        hold: how much longer the final position stays before the animation starts over.
        orientation: the side at the bottom, ``"black"`` or ``"white"``, as in
            :func:`~checkers_widget.board_svg`; ``None`` (the default) the side that moves
            first in the variant (Black in American checkers, White in international
            draughts).
        size: the width in pixels (the caption adds its band below); for the SVG ``None``
            makes it fill its container.
        loop: play again and again (``True``) or once, stopping on the final position.
        caption: show each move's text (``"12. 11-15"``, ``"12... 22x15x8"``) under the board,
            numbered from the variant's first mover (``"1. 32-28"`` is White's first move in
            international draughts).
        title: the caption over the start position and the picture's accessible name; by
            default a game's players (its ``Black`` and ``White`` tags, the first mover's
            first), if known. A finished game's result (``"1-0: Black wins"``) is the caption
            during ``hold``.
        show_numbers: write the square numbers on the board.
        last_move: tint each move's start and end square while it is played and after.
        colors: palette overrides, as for :func:`~checkers_widget.board_svg`.
        frames_per_hop: GIF only: pictures a hop (more is smoother and larger).

    Returns:
        The SVG text (an :class:`AnimatedSvg`, a ``str``) or the GIF's bytes (an
        :class:`AnimatedGif`, ``bytes``); either plays when it ends a notebook cell.

    Raises:
        CheckersError: for an illegal move (an ``IllegalMoveError`` naming the move and the
            legal ones), a wrong type or value, or an unknown format; nothing is written.
        MissingDependencyError: a GIF without Pillow installed (a ``CheckersError`` and an
            ``ImportError``).
    """
    target, kind = _format(path, format)
    board, items, default_title, ending = _line(source, start)
    moves = _played(board.copy(stack=False), items)
    hop_seconds = _seconds(seconds_per_hop, "seconds_per_hop", low=0, high=10, zero=False)
    pause_seconds = _seconds(pause, "pause", low=0, high=60, zero=True)
    hold_seconds = _seconds(hold, "hold", low=0, high=600, zero=True)
    rules = board.variant
    drawn = layout(rules, orientation)
    for name, flag in (
        ("loop", loop),
        ("caption", caption),
        ("show_numbers", show_numbers),
        ("last_move", last_move),
    ):
        if not isinstance(flag, bool):
            raise CheckersError(f"{name} must be True or False, got {brief(flag)}")
    limit = MAX_GIF_SIZE if kind == "gif" else 100_000
    if size is not None and (
        isinstance(size, bool) or not isinstance(size, int) or not 0 < size <= limit
    ):
        raise CheckersError(f"size must be a whole number of pixels 1..{limit}, got {brief(size)}")
    if title is not None and (not isinstance(title, str) or len(title) > 200):
        raise CheckersError(f"title must be text of at most 200 characters, got {brief(title)}")
    if (
        isinstance(frames_per_hop, bool)
        or not isinstance(frames_per_hop, int)
        or not 1 <= frames_per_hop <= 60
    ):
        raise CheckersError(
            f"frames_per_hop must be a whole number 1..60, got {brief(frames_per_hop)}"
        )
    palette = _palette(colors)
    shown_title = default_title if title is None else title
    timeline = plan(
        board,
        moves,
        seconds_per_hop=hop_seconds,
        pause=pause_seconds,
        hold=hold_seconds,
        title=shown_title,
        ending=ending if caption else "",
    )
    if kind == "gif":
        gif_bytes = _gif_writer()
        picture = AnimatedGif(
            gif_bytes(
                timeline,
                palette=palette,
                board=drawn,
                size=360 if size is None else size,
                loop=loop,
                caption=caption,
                show_numbers=show_numbers,
                last_move=last_move,
                frames_per_hop=frames_per_hop,
            )
        )
        if target is not None:
            write_user_file(target, bytes(picture), what="the animation")
        return picture
    text = AnimatedSvg(
        animated_svg(
            timeline,
            palette=palette,
            prefix=_id_prefix(palette),
            board=drawn,
            size=size,
            loop=loop,
            caption=caption,
            show_numbers=show_numbers,
            last_move=last_move,
            title=shown_title
            or ("Checkers replay" if rules == AMERICAN else f"{rules.title} replay"),
        )
    )
    if target is not None:
        write_user_file(target, text, what="the animation")
    return text
