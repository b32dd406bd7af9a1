"""Static SVG and plain-text pictures of a checkers (English draughts) position, and of any
draughts variant's board.

This module is deliberately free of Jupyter and third-party imports so that it can be used by
``Board._repr_svg_`` / ``Game._repr_svg_`` in notebooks, in exported HTML, in documentation
builds and on the command line alike.  It only needs a *board-like* object (see
:class:`BoardLike`): anything with a ``piece_at(square)`` method.

Orientation: ``orientation`` names the side drawn at the bottom, as the widget's trait of
the same name does. The default, ``"black"``, matches the widget: Black at the bottom (square 1
in the bottom row, second from the right; square 4 in the bottom-left corner), the way a
player of Black sees the board.
``orientation="white"`` turns the picture by 180 degrees, the layout of printed diagrams::

    row 0:   .  1  .  2  .  3  .  4        square s: i = s - 1, row = i // 4,
    row 1:   5  .  6  .  7  .  8  .        column = 2 * (i % 4) + 1 on even rows,
    ...                                    column = 2 * (i % 4)     on odd rows
    row 7:  29  . 30  . 31  . 32  .        (Black at the top: orientation "white").

Other variants (a board whose ``variant`` is not American checkers, or ``variant=``): the
board is the variant's, 8x8 or 10x10 (squares 1-50), numbered as the rules core numbers it
(:mod:`checkers_widget.formats.svg_layout`, which reads :mod:`checkers_widget.core.geometry`),
and the default orientation is the side that moves first (White in international
draughts, with square 1 in the top row). Every square, piece, arrow and fill is drawn on
that board; squares are checked against its numbers.

Contract relied upon by tests and outside tools: every playable (dark) square is drawn as an
element carrying ``data-square="N"``; every piece is an element carrying ``data-piece`` (one of
``black-man``, ``black-king``, ``white-man``, ``white-king``) and the same ``data-square``.  No
other element carries ``data-square``, so ``[data-square]:not([data-piece])`` selects exactly
the 32 squares (50 on 10x10).  Decorations use ``data-mark`` (and ``data-mark-square`` where
they belong to one square) instead.
"""

from __future__ import annotations

import base64
import hashlib
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

from ..core.errors import CheckersError, brief
from ..core.variants import AMERICAN, Variant
from ..core.variants import variant as find_variant
from .svg_layout import CELL, MARGIN, ORIENTATIONS, Layout, check_orientation, layout

__all__ = [
    "CELL",
    "DEFAULT_COLORS",
    "MARGIN",
    "ORIENTATIONS",
    "BoardLike",
    "MoveLike",
    "Picture",
    "PieceLike",
    "board_svg",
    "board_text",
    "square_rowcol",
]

#: Total width and height of the viewBox of an 8x8 board (10x10: ``10 * CELL + 2 * MARGIN``).
VIEW = 8 * CELL + 2 * MARGIN
#: Upper bound for the responsive (``size=None``) rendering, in CSS pixels.
RESPONSIVE_MAX_WIDTH = 480

#: Default palette.  Keys may be overridden through the ``colors`` argument of
#: :func:`board_svg`; unknown keys are rejected so that typos do not pass silently.
DEFAULT_COLORS: Mapping[str, str] = {
    "light": "#efe4c8",  # buff (non-playable) squares
    "dark": "#4f7d53",  # green (playable) squares
    "frame": "#4a3323",  # walnut border
    "black": "#2b2b2b",  # black piece body
    "black_edge": "#0b0b0b",
    "black_ring": "#5c5c5c",
    "white": "#f6eed8",  # ivory piece body
    "white_edge": "#8a7856",
    "white_ring": "#cdbb92",
    "crown": "#e0b53a",
    "crown_edge": "#6b4e0e",
    "last_move": "#f3d65b",
    "path": "#d0901a",  # line along the last move's path
    "highlight": "#7fb8f0",
    "arrow": "#d9622b",
    "capture": "#c0392b",
    "number": "#ffffff",
}

_PIECE_KINDS = ("black-man", "black-king", "white-man", "white-king")
_COLORS = ("black", "white")
#: American checkers' layout with each side at the bottom (what an orientation alone means).
_AMERICAN = {side: layout(AMERICAN, side) for side in ORIENTATIONS}


class PieceLike(Protocol):
    """What :func:`board_svg` needs from a piece: its colour and whether it is a king."""

    @property
    def color(self) -> object:
        """``"black"`` or ``"white"`` (a ``str`` or an enum whose ``value`` is one of those)."""
        ...

    @property
    def king(self) -> bool:
        """True for a crowned piece."""
        ...


class BoardLike(Protocol):
    """What :func:`board_svg` needs from a board: the piece (or ``None``) on each square."""

    def piece_at(self, square: int) -> PieceLike | None:
        """Return the piece on ``square`` (1..32, or the board's own squares: 1..50 on a
        10x10 board, whose ``variant`` says so), or ``None`` when it is empty."""
        ...


class MoveLike(Protocol):
    """What :func:`board_svg` needs from a move to highlight it."""

    @property
    def path(self) -> Sequence[int]:
        """Start square followed by every landing square."""
        ...

    @property
    def captures(self) -> Sequence[int]:
        """Squares of the pieces captured by the move (empty for a simple move)."""
        ...


# --------------------------------------------------------------------------- geometry


def _check_square(square: object, what: str = "square") -> int:
    """Return ``square`` as an int after checking it is a valid playable square 1..32.

    Raising early gives a clear message instead of a silently wrong picture.
    """
    return _AMERICAN["black"].check(square, what)


def _check_orientation(orientation: object) -> str:
    """Return ``orientation`` after checking it names a side ("black" or "white")."""
    return check_orientation(orientation)


def _layout(where: str | Layout) -> Layout:
    """A layout as given, or American checkers' with ``where`` (an orientation) at the bottom."""
    return where if isinstance(where, Layout) else _AMERICAN[check_orientation(where)]


def square_rowcol(
    square: int, *, orientation: str | None = None, variant: Variant = AMERICAN
) -> tuple[int, int]:
    """Return the on-screen ``(row, column)`` of ``square``, both from the top left
    (0..7, or 0..9 on a 10x10 ``variant``).

    ``orientation`` is the side drawn at the bottom (None: the side that moves first,
    Black in American checkers). With ``"white"`` American checkers' numbering reads from
    the top (square 1 in the top row, square 29 the bottom-left corner); with ``"black"``
    (the default, as in the widget) the board is turned by 180 degrees.
    """
    board = layout(variant, orientation)
    return board.rowcol(board.check(square))


def _origin(square: int, where: str | Layout) -> tuple[int, int]:
    """Top-left corner of ``square`` in SVG user units (``where``: a layout, or an
    orientation of American checkers' board)."""
    board = _layout(where)
    row, col = board.rowcol(board.check(square))
    return MARGIN + col * CELL, MARGIN + row * CELL


def _center(square: int, where: str | Layout) -> tuple[int, int]:
    """Centre of ``square`` in SVG user units (pieces, arrows and paths are anchored here)."""
    x, y = _origin(square, where)
    return x + CELL // 2, y + CELL // 2


# --------------------------------------------------------------------------- helpers


def _num(value: float) -> str:
    """Format a coordinate compactly and deterministically (at most two decimals)."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _esc(text: str) -> str:
    """Escape ``text`` for use in XML character data or a double-quoted attribute."""
    return (
        text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")
    )


def _piece_kind(piece: PieceLike, square: int) -> str:
    """Return ``"<color>-<man|king>"`` for ``piece``, validating its colour."""
    color = piece.color
    color = getattr(color, "value", color)
    if color not in _COLORS:
        raise CheckersError(f"piece on square {square} has unknown color {brief(piece.color)}")
    return f"{color}-{'king' if piece.king else 'man'}"


def _read_position(board: BoardLike, squares: int = 32) -> dict[int, str]:
    """Map each occupied square to its piece kind (e.g. ``{1: "black-man"}``)."""
    position: dict[int, str] = {}
    for square in range(1, squares + 1):
        piece = board.piece_at(square)
        if piece is not None:
            position[square] = _piece_kind(piece, square)
    return position


def _listed(values: object, what: str, limit: int = 64) -> list[object]:
    """``values`` as a list of at most ``limit`` items (a board has 32 squares)."""
    if isinstance(values, str | bytes) or not isinstance(values, Iterable):
        raise CheckersError(f"{what} must be a sequence of squares, got {brief(values)}")
    items = []
    for item in values:
        items.append(item)
        if len(items) > limit:
            raise CheckersError(f"{what} has more than {limit} items")
    return items


#: The colour names of CSS (Color Module level 4), which SVG shares; with ``transparent``
#: and ``currentColor``.
CSS_COLOR_NAMES = frozenset(
    # One string, split: 148 names read better as a paragraph than one a line.
    """aliceblue antiquewhite aqua aquamarine azure beige bisque black blanchedalmond blue
    blueviolet brown burlywood cadetblue chartreuse chocolate coral cornflowerblue
    cornsilk crimson cyan darkblue darkcyan darkgoldenrod darkgray darkgreen darkgrey
    darkkhaki darkmagenta darkolivegreen darkorange darkorchid darkred darksalmon
    darkseagreen darkslateblue darkslategray darkslategrey darkturquoise darkviolet
    deeppink deepskyblue dimgray dimgrey dodgerblue firebrick floralwhite forestgreen
    fuchsia gainsboro ghostwhite gold goldenrod gray green greenyellow grey honeydew
    hotpink indianred indigo ivory khaki lavender lavenderblush lawngreen lemonchiffon
    lightblue lightcoral lightcyan lightgoldenrodyellow lightgray lightgreen lightgrey
    lightpink lightsalmon lightseagreen lightskyblue lightslategray lightslategrey
    lightsteelblue lightyellow lime limegreen linen magenta maroon mediumaquamarine
    mediumblue mediumorchid mediumpurple mediumseagreen mediumslateblue
    mediumspringgreen mediumturquoise mediumvioletred midnightblue mintcream mistyrose
    moccasin navajowhite navy oldlace olive olivedrab orange orangered orchid
    palegoldenrod palegreen paleturquoise palevioletred papayawhip peachpuff peru pink
    plum powderblue purple rebeccapurple red rosybrown royalblue saddlebrown salmon
    sandybrown seagreen seashell sienna silver skyblue slateblue slategray slategrey
    snow springgreen steelblue tan teal thistle tomato turquoise violet wheat white
    whitesmoke yellow yellowgreen transparent currentcolor""".split()  # noqa: SIM905
)

_HEX_COLOR = re.compile(r"#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})", re.IGNORECASE | re.ASCII)
_FUNCTION_COLOR = re.compile(
    r"(?:rgba?|hsla?)\((?:\s*[+-]?[0-9.]+(?:%|deg)?\s*[,/]?){3,4}\s*\)",
    re.IGNORECASE | re.ASCII,
)


def _check_color(value: object, what: str) -> str:
    """Return ``value`` after checking it is a colour SVG understands.

    Accepted: ``#rgb``, ``#rgba``, ``#rrggbb``, ``#rrggbbaa``, ``rgb(...)``/``rgba(...)``/
    ``hsl(...)``/``hsla(...)`` with numbers, and the CSS colour names (``"gold"``).
    Anything else (a typo, a quote that would break the markup) raises.
    """
    if isinstance(value, str) and len(value) <= 64:
        text = value.strip()
        if (
            _HEX_COLOR.fullmatch(text)
            or _FUNCTION_COLOR.fullmatch(text)
            or text.lower() in CSS_COLOR_NAMES
        ):
            return text
    raise CheckersError(
        f"{what} must be a colour such as '#ffcc00', '#ffcc0080' (with opacity), "
        f"'rgb(255, 204, 0)' or 'gold', got {brief(value)}"
    )


def _paint(color: str, attribute: str = "fill") -> str:
    """SVG attributes painting with ``color``: a hex colour with an alpha digit pair (or
    digit) is split into the colour and ``fill-opacity``, which every renderer reads."""
    if color.startswith("#") and len(color) in (5, 9):
        digits = color[1:]
        if len(digits) == 4:
            digits = "".join(d * 2 for d in digits)
        opacity = _num(int(digits[6:], 16) / 255)
        return f'{attribute}="#{digits[:6]}" {attribute}-opacity="{opacity}"'
    return f'{attribute}="{_esc(color)}"'


def _fills(fill: object, board: Layout) -> list[tuple[int, str]]:
    """``fill`` (a mapping of squares to colours, or None) checked, in square order."""
    if fill is None:
        return []
    if not isinstance(fill, Mapping):
        raise CheckersError(
            f"fill must be a mapping of squares to colours, e.g. {{11: '#ffcc0080'}}, "
            f"got {brief(fill)}"
        )
    checked = {}
    for square, color in fill.items():
        checked[board.check(square, "fill square")] = _check_color(
            color, f"the fill colour of square {square}"
        )
    return sorted(checked.items())


def _palette(colors: Mapping[str, str] | None) -> dict[str, str]:
    """Merge user colours over :data:`DEFAULT_COLORS`, rejecting unknown keys."""
    palette = dict(DEFAULT_COLORS)
    if colors is not None and not isinstance(colors, Mapping):
        raise CheckersError(f"colors must be a mapping of colour keys, got {brief(colors)}")
    if colors:
        unknown = sorted(set(colors) - set(palette))
        if unknown:
            raise CheckersError(
                f"unknown color key(s) {unknown}; expected some of {sorted(DEFAULT_COLORS)}"
            )
        palette.update(
            {key: _check_color(value, f"colors[{key!r}]") for key, value in colors.items()}
        )
    return palette


def _id_prefix(palette: Mapping[str, str]) -> str:
    """Return an id prefix derived from the palette.

    Inline SVGs share one id namespace in an HTML page.  Deriving the ids of the ``<defs>``
    from the colours keeps the output deterministic while ensuring that two boards with
    different palettes on the same page never resolve ``<use>`` to each other's shapes (boards
    with the same palette define identical shapes, so sharing them is harmless).
    """
    digest = hashlib.sha1(repr(sorted(palette.items())).encode(), usedforsecurity=False)
    return f"cw{digest.hexdigest()[:8]}-"


def _summary(position: Mapping[int, str]) -> str:
    """Describe the position in words for screen readers (used in ``<desc>``)."""
    parts = []
    for color in _COLORS:
        men = [str(s) for s, kind in position.items() if kind == f"{color}-man"]
        kings = [str(s) for s, kind in position.items() if kind == f"{color}-king"]
        text = f"{color.capitalize()}: men {', '.join(men) or 'none'}"
        text += f"; kings {', '.join(kings) or 'none'}."
        parts.append(text)
    return " ".join(parts)


# --------------------------------------------------------------------------- drawing


def piece_defs(prefix: str, p: Mapping[str, str]) -> list[str]:
    """Shapes for the four piece kinds, drawn once in ``<defs>`` and reused with ``<use>``.

    Each is a ``<g id="{prefix}{color}-{man|king}">`` (the animations of
    :mod:`checkers_widget.export` reuse them).

    Pieces are centred on (0, 0).  A man is a disc with an edge and a subtle inner ring over a
    soft shadow; a king is two stacked discs (the upper one offset upward) topped by a crown.
    """
    out: list[str] = []
    crown = (
        f'<path d="M-9 5 L-10.5 -5 L-4.5 -0.5 L0 -8 L4.5 -0.5 L10.5 -5 L9 5 Z" '
        f'fill="{_esc(p["crown"])}" stroke="{_esc(p["crown_edge"])}" stroke-width="1.2" '
        f'stroke-linejoin="round"/>'
    )
    for color in _COLORS:
        body = f'fill="{_esc(p[color])}" stroke="{_esc(p[color + "_edge"])}" stroke-width="1.5"'
        ring = f'fill="none" stroke="{_esc(p[color + "_ring"])}" stroke-width="1.5"'
        out.append(
            f'<g id="{prefix}{color}-man">'
            f'<circle cx="1" cy="2.5" r="19" fill="#000" fill-opacity=".3"/>'
            f'<circle r="19" {body}/><circle r="13" {ring}/></g>'
        )
        out.append(
            f'<g id="{prefix}{color}-king">'
            f'<circle cx="1" cy="6.5" r="18.5" fill="#000" fill-opacity=".3"/>'
            f'<circle cy="4" r="18.5" {body}/>'
            f'<circle cy="-3.5" r="18.5" {body}/><circle cy="-3.5" r="12.5" {ring}/>'
            f'<g transform="translate(0 -3)">{crown}</g></g>'
        )
    return out


def board_ground(palette: Mapping[str, str], where: str | Layout) -> list[str]:
    """The board without pieces: the frame, the light squares and the 32 playable squares
    (``where``: a layout, or an orientation of American checkers' board).

    Shared with the animations of :mod:`checkers_widget.export`, which draw the same board
    under their moving pieces. Each playable square carries ``data-square``.
    """
    board = _layout(where)
    view, side = board.view, board.size * CELL
    out = [
        # Frame and the light squares as one background, then the 32 playable squares.
        f'<rect width="{view}" height="{view}" rx="6" fill="{_esc(palette["frame"])}"/>',
        f'<rect x="{MARGIN - 1.5}" y="{MARGIN - 1.5}" width="{side + 3}" '
        f'height="{side + 3}" fill="#000" fill-opacity=".35"/>',
        f'<rect x="{MARGIN}" y="{MARGIN}" width="{side}" height="{side}" '
        f'fill="{_esc(palette["light"])}"/>',
        f'<g fill="{_esc(palette["dark"])}">',
    ]
    for square in range(1, board.squares + 1):
        x, y = _origin(square, board)
        out.append(f'<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" data-square="{square}"/>')
    out.append("</g>")
    return out


def square_numbers(palette: Mapping[str, str], where: str | Layout) -> list[str]:
    """Each playable square's number in its top-left corner (``show_numbers``), as a group."""
    board = _layout(where)
    out = [
        f'<g font-family="Helvetica,Arial,sans-serif" font-size="9.5" font-weight="bold" '
        f'fill="{_esc(palette["number"])}" stroke="#000" stroke-width="2" '
        f'stroke-opacity=".45" stroke-linejoin="round" paint-order="stroke">'
    ]
    for square in range(1, board.squares + 1):
        x, y = _origin(square, board)
        out.append(
            f'<text x="{x + 2.5}" y="{y + 10}" data-mark="number" '
            f'data-mark-square="{square}">{square}</text>'
        )
    out.append("</g>")
    return out


def _arrow_polygon(start: tuple[int, int], end: tuple[int, int]) -> str:
    """Return the ``points`` of a filled arrow from centre ``start`` to centre ``end``.

    Drawn as one polygon rather than a line with a ``<marker>`` so that no document-wide id is
    needed and the shape renders identically everywhere.
    """
    (x0, y0), (x1, y1) = start, end
    dx, dy = x1 - x0, y1 - y0
    length = (dx * dx + dy * dy) ** 0.5
    ux, uy = dx / length, dy / length  # unit vector along the arrow
    nx, ny = -uy, ux  # unit normal
    shaft, head_w, head_l = 4.5, 12.0, 18.0
    # Start slightly off-centre and stop just short of the target centre.
    sx, sy = x0 + ux * 8, y0 + uy * 8
    tx, ty = x1 - ux * 4, y1 - uy * 4
    bx, by = tx - ux * head_l, ty - uy * head_l
    points = [
        (sx + nx * shaft, sy + ny * shaft),
        (bx + nx * shaft, by + ny * shaft),
        (bx + nx * head_w, by + ny * head_w),
        (tx, ty),
        (bx - nx * head_w, by - ny * head_w),
        (bx - nx * shaft, by - ny * shaft),
        (sx - nx * shaft, sy - ny * shaft),
    ]
    return " ".join(f"{_num(x)},{_num(y)}" for x, y in points)


def board_svg(
    board: BoardLike,
    *,
    size: int | None = 360,
    orientation: str | None = None,
    show_numbers: bool = False,
    last_move: MoveLike | None = None,
    highlight: Iterable[int] = (),
    arrows: Iterable[tuple[int, int] | tuple[int, int, str]] = (),
    fill: Mapping[int, str] | None = None,
    colors: Mapping[str, str] | None = None,
    title: str | None = None,
    variant: Variant | str | None = None,
) -> str:
    """Render ``board`` as a self-contained, deterministic SVG document string.

    Args:
        board: any object with ``piece_at(square)`` returning ``None`` or a piece with
            ``color`` (``"black"``/``"white"``) and ``king`` (bool) attributes.
        size: width and height in pixels; ``None`` gives a responsive picture (``width``
            100% with a maximum width of ``RESPONSIVE_MAX_WIDTH`` px).  The ``viewBox`` is
            always set, so the picture scales crisply either way.
        orientation: the side drawn at the bottom, ``"black"`` (the default in American
            checkers, as in the widget: square 1 in the bottom row, near the right) or
            ``"white"`` (square 1 in the top row, near the left). None: the side that moves
            first (White in international draughts, whose square 1 is then at the top).
        show_numbers: write each playable square's number in its top-left corner.
        last_move: a move with ``path`` (start, then every landing square) and ``captures``;
            its start and end squares are tinted, its path drawn as a thin line and the
            captured squares marked with a small cross.
        highlight: squares to mark, e.g. legal destinations or a hint.
        arrows: ``(from, to)`` square pairs drawn as arrows, e.g. for hints or analysis, in
            the palette's ``"arrow"`` colour; ``(from, to, color)`` gives one its own colour
            (e.g. ``(22, 18, "#2b7de9")``).
        fill: colours for squares 1..32 (1..50 on 10x10), e.g. ``{11: "#ffcc0080"}``: each square is
            painted over (under the highlights and pieces), after the last move's tint. A
            colour is ``#rgb``, ``#rrggbb``, either with an alpha digit or pair for
            opacity, ``rgb()``/``rgba()``/``hsl()``/``hsla()`` or a CSS colour name.
        colors: overrides for :data:`DEFAULT_COLORS` (unknown keys and values that are not
            colours raise ``CheckersError``).
        title: accessible title (``<title>`` and ``aria-label``); defaults to
            ``"Checkers position"`` (for another variant, e.g. ``"International draughts
            position"``).
        variant: the board's rules (:class:`~checkers_widget.core.variants.Variant` or its
            name), which decide its size and numbering; None (the default) takes ``board.variant``
            when the board has one, else American checkers.

    Returns:
        An SVG string with the ``xmlns`` set, suitable for ``_repr_svg_`` and for inlining in
        HTML.  Every playable square carries ``data-square``; every piece carries
        ``data-piece`` and ``data-square``.

    Raises:
        CheckersError: (a ``ValueError``) for an invalid size, orientation, square
            number (one not on the board), piece colour, colour key or colour, title,
            variant or highlight/arrow/fill/last_move shape.
    """
    if size is not None and (isinstance(size, bool) or not isinstance(size, int) or size <= 0):
        raise CheckersError(f"size must be a positive int or None, got {brief(size)}")
    rules = _rules_of(board, variant)
    where = layout(rules, orientation)
    palette = _palette(colors)
    prefix = _id_prefix(palette)
    position = _read_position(board, where.squares)
    marks = sorted({where.check(s, "highlight square") for s in _listed(highlight, "highlight")})
    arrow_list: list[tuple[int, int, str | None]] = []
    for arrow in _listed(arrows, "arrows"):
        if not isinstance(arrow, tuple | list) or len(arrow) not in (2, 3):
            raise CheckersError(
                "an arrow is a pair of squares (start, end) or (start, end, color), "
                f"got {brief(arrow)}"
            )
        start, end = arrow[0], arrow[1]
        where.check(start, "arrow start")
        where.check(end, "arrow end")
        if start == end:
            raise CheckersError(f"arrow must join two different squares, got {brief(arrow)}")
        color = _check_color(arrow[2], "arrow color") if len(arrow) == 3 else None
        arrow_list.append((start, end, color))
    fills = _fills(fill, where)
    path: list[int] = []
    captures: list[int] = []
    if title is not None and not isinstance(title, str):
        raise CheckersError(f"title must be text or None, got {brief(title)}")
    if last_move is not None:
        path = [where.check(s, "last_move square") for s in _listed(last_move.path, "path")]
        captures = [
            where.check(s, "last_move capture") for s in _listed(last_move.captures, "captures")
        ]
        if len(path) < 2:
            raise CheckersError(f"last_move.path needs at least two squares, got {brief(path)}")

    named = "Checkers position" if rules == AMERICAN else f"{rules.title} position"
    label = _esc(title if title is not None else named)
    view = where.view
    if size is None:
        dims = f'width="100%" style="max-width:{RESPONSIVE_MAX_WIDTH}px;height:auto"'
    else:
        dims = f'width="{size}" height="{size}"'
    out: list[str] = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {view} {view}" {dims} '
        f'role="img" aria-label="{label}" class="checkers-board">',
        f"<title>{label}</title>",
        f"<desc>{_esc(_summary(position))}</desc>",
        "<defs>",
        *piece_defs(prefix, palette),
        "</defs>",
        *board_ground(palette, where),
    ]

    if path:
        out.append(f'<g fill="{_esc(palette["last_move"])}" fill-opacity=".7">')
        for square, role in ((path[0], "last-move-from"), (path[-1], "last-move-to")):
            x, y = _origin(square, where)
            out.append(
                f'<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" '
                f'data-mark="{role}" data-mark-square="{square}"/>'
            )
        out.append("</g>")

    if fills:
        out.append("<g>")
        for square, color in fills:
            x, y = _origin(square, where)
            out.append(
                f'<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" {_paint(color)} '
                f'data-mark="fill" data-mark-square="{square}"/>'
            )
        out.append("</g>")

    if marks:
        out.append(
            f'<g fill="{_esc(palette["highlight"])}" fill-opacity=".3" '
            f'stroke="{_esc(palette["highlight"])}" stroke-width="3">'
        )
        for square in marks:
            x, y = _origin(square, where)
            out.append(
                f'<rect x="{x + 2.5}" y="{y + 2.5}" width="{CELL - 5}" height="{CELL - 5}" '
                f'data-mark="highlight" data-mark-square="{square}"/>'
            )
        out.append("</g>")

    if path:
        points = " ".join("{},{}".format(*_center(s, where)) for s in path)
        out.append(
            f'<polyline points="{points}" fill="none" stroke="{_esc(palette["path"])}" '
            f'stroke-width="3.5" stroke-linecap="round" stroke-linejoin="round" '
            f'stroke-dasharray="7 6" data-mark="last-move-path"/>'
        )
        if captures:
            out.append(
                f'<g stroke="{_esc(palette["capture"])}" stroke-width="4" stroke-linecap="round">'
            )
            for square in captures:
                cx, cy = _center(square, where)
                out.append(
                    f'<path d="M{cx - 7} {cy - 7}L{cx + 7} {cy + 7}M{cx + 7} {cy - 7}'
                    f'L{cx - 7} {cy + 7}" data-mark="capture" data-mark-square="{square}"/>'
                )
            out.append("</g>")

    for square, kind in sorted(position.items()):
        cx, cy = _center(square, where)
        color, rank = kind.split("-")
        out.append(
            f'<use href="#{prefix}{color}-{rank}" x="{cx}" y="{cy}" '
            f'data-piece="{kind}" data-square="{square}"/>'
        )

    if show_numbers:
        out.extend(square_numbers(palette, where))

    if arrow_list:
        out.append(
            f'<g fill="{_esc(palette["arrow"])}" fill-opacity=".85" stroke="#fff" '
            f'stroke-width="1" stroke-opacity=".6" stroke-linejoin="round">'
        )
        for start, end, color in arrow_list:
            points = _arrow_polygon(_center(start, where), _center(end, where))
            own = f"{_paint(color)} " if color is not None else ""
            out.append(
                f'<polygon points="{points}" {own}data-mark="arrow" data-arrow="{start}-{end}"/>'
            )
        out.append("</g>")

    out.append("</svg>")
    return "\n".join(out)


def _rules_of(board: BoardLike, rules: object) -> Variant:
    """The variant to draw: ``rules`` if given, else the board's own, else American."""
    if rules is None:
        own = getattr(board, "variant", AMERICAN)
        # A board-like object with some other "variant" attribute is drawn as American.
        return own if isinstance(own, Variant) else AMERICAN
    if isinstance(rules, Variant | str):
        return find_variant(rules)  # a VariantError (a CheckersError) for an unknown name
    raise CheckersError(f"variant must be a Variant or a variant's name, got {brief(rules)}")


def svg_as_img(svg: str) -> str:
    """``svg`` as an HTML ``<img>`` (a data URI), the form notebooks show best.

    JupyterLab draws an ``image/svg+xml`` output as an image that never shrinks, so a
    360-pixel picture is cut off in a narrow cell, and it refuses to draw one at all in a
    notebook reopened untrusted. An ``<img>`` in HTML output shrinks to the cell (its
    ``max-width: 100%`` rule) and survives the untrusted-notebook sanitizer. The ``<desc>``
    text, which says where every piece stands, becomes the picture's ``alt`` text.
    """
    start, end = svg.find("<desc>"), svg.find("</desc>")
    alt = svg[start + len("<desc>") : end] if 0 <= start < end else "Checkers position"
    data = base64.b64encode(svg.encode("utf-8")).decode("ascii")
    return f'<img src="data:image/svg+xml;base64,{data}" alt="{alt}">'


@dataclass(frozen=True)
class Picture:
    """A board picture that a notebook shows as SVG: what ``Board.picture()`` returns.

    Leave it as the last line of a cell to see it; ``.svg`` is the markup (to save or embed).
    A separate object rather than a string, so that Jupyter draws it instead of printing it.
    """

    svg: str

    def _repr_svg_(self) -> str:
        return self.svg

    def _repr_html_(self) -> str:
        return svg_as_img(self.svg)

    def __str__(self) -> str:
        return self.svg


# --------------------------------------------------------------------------- text


_TEXT_SYMBOLS = {"black-man": "b", "black-king": "B", "white-man": "w", "white-king": "W"}


def board_text(board: BoardLike, *, orientation: str = "black") -> str:
    """Return a plain-text picture of ``board``, e.g. for ``str(board)``.

    Eight lines (no trailing newline), one per on-screen row from the top, with the eight cells
    of a row separated by single spaces so that column ``c`` is character ``2 * c``:

    * ``.`` a light (unplayable) square,
    * ``-`` an empty dark square,
    * ``b`` / ``B`` a black man / king, ``w`` / ``W`` a white man / king.

    ``orientation`` is the side at the bottom, as in :func:`board_svg`. The start position in
    the default orientation (Black on 1-12 at the bottom, as the widget draws it) reads::

        . w . w . w . w
        w . w . w . w .
        . w . w . w . w
        - . - . - . - .
        . - . - . - . -
        b . b . b . b .
        . b . b . b . b
        b . b . b . b .
    """
    orientation = _check_orientation(orientation)
    grid = [["."] * 8 for _ in range(8)]
    position = _read_position(board)
    for square in range(1, 33):
        row, col = square_rowcol(square, orientation=orientation)
        kind = position.get(square)
        grid[row][col] = _TEXT_SYMBOLS[kind] if kind else "-"
    return "\n".join(" ".join(row) for row in grid)
