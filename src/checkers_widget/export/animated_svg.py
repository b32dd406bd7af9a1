"""An animated SVG of a :class:`~.timeline.Timeline`: SMIL animation, no script, no dependency.

The board, the squares and the piece shapes are those of :func:`~checkers_widget.formats.svg.
board_svg` for the timeline's variant (the same helpers draw them, on the same
:func:`~checkers_widget.formats.svg_layout.layout`: 8x8 or 10x10, standard or turned
numbering, the same palette and frame). Every animation element shares one clock: each has
``dur`` the whole animation and either repeats (``loop``) or freezes on its last value, so
they all stay in step however long the game. A piece is a ``<g>`` moved by one
``<animateTransform>`` through its hops (held still between them; a flying king's long hop
is one slide), a taken piece fades with an ``<animate>`` of its opacity once the jumper has
passed over it, a crowned man swaps to the king shape, and the captions are a column of
texts that one ``<animateTransform>`` moves through a window under the board. Pieces that
never move carry no animation at all, which keeps the file small (under 0.4 kB a move for a
master game; the README's section on animations gives the figures measured).

Without animation support (a static renderer) the picture shows the start position with the
first caption, because every animated attribute's base value is the start's.

Contract for tests and tools: each piece is a ``<g data-piece="black-man" data-square="11">``
(its kind and square at the start); the last move's tint is two ``<rect data-mark=...>``
(``last-move-from``, ``last-move-to``); the captions are the ``<text>`` elements, in order, of
``<g data-mark="captions">``.
"""

from __future__ import annotations

from collections.abc import Mapping

from ..formats.svg import (
    CELL,
    RESPONSIVE_MAX_WIDTH,
    VIEW,
    _center,
    _esc,
    _origin,
    board_ground,
    piece_defs,
    square_numbers,
)
from ..formats.svg_layout import Layout
from .timeline import Timeline, Track

__all__ = ["CAPTION_BAND", "animated_svg"]

#: Height of the band under the board that holds the move text, in SVG user units.
CAPTION_BAND = 44
#: Where a last-move tint waits before the first move: outside the picture.
_OFF_BOARD = f"-{2 * CELL} 0"


def _fraction(time: float, duration: float) -> str:
    """``time`` as a fraction of the animation (a ``keyTimes`` entry), five decimals at most."""
    return f"{min(1.0, max(0.0, time / duration)):.5f}".rstrip("0").rstrip(".") or "0"


class _Clock:
    """Writes the timing shared by every animation element of one picture."""

    def __init__(self, duration: float, loop: bool) -> None:
        # The duration as written (to the millisecond), so that the fractions match it.
        duration = float(f"{duration:.3f}")
        self.duration = duration
        repeat = 'repeatCount="indefinite"' if loop else 'fill="freeze"'
        written = f"{duration:.3f}".rstrip("0").rstrip(".")
        self.timing = f'dur="{written}s" {repeat}'

    def animate(
        self,
        attribute: str,
        frames: list[tuple[float, str]],
        *,
        discrete: bool = False,
        element: str = "animate",
        extra: str = "",
    ) -> str:
        """One animation element through ``frames`` (time in seconds, value), in time order.

        A linear animation gets a last frame at the end (``keyTimes`` must end at 1 then);
        consecutive frames that repeat the time and value are merged.
        """
        if not discrete and frames[-1][0] < self.duration:
            frames = [*frames, (self.duration, frames[-1][1])]
        times: list[str] = []
        values: list[str] = []
        for time, value in frames:
            key = _fraction(time, self.duration)
            if times and times[-1] == key and values[-1] == value:
                continue
            times.append(key)
            values.append(value)
        mode = ' calcMode="discrete"' if discrete else ""
        return (
            f'<{element} attributeName="{attribute}"{extra} values="{";".join(values)}" '
            f'keyTimes="{";".join(times)}"{mode} {self.timing}/>'
        )


def _at(square: int, board: Layout) -> str:
    x, y = _center(square, board)
    return f"{x} {y}"


def _piece(track: Track, prefix: str, board: Layout, clock: _Clock) -> str:
    """A piece's ``<g>``, with the animations its hops, crowning and capture need."""
    kind = f"{track.color}-{'king' if track.king else 'man'}"
    parts = [
        f'<g transform="translate({_at(track.square, board)})" '
        f'data-piece="{kind}" data-square="{track.square}">'
    ]
    if track.hops:
        frames = [(0.0, _at(track.square, board))]
        for hop in track.hops:
            frames.append((hop.begin, _at(hop.origin, board)))
            frames.append((hop.end, _at(hop.target, board)))
        parts.append(
            clock.animate(
                "transform", frames, element="animateTransform", extra=' type="translate"'
            )
        )
    if track.taken is not None:
        hop = track.taken
        parts.append(clock.animate("opacity", [(0.0, "1"), (hop.passed, "1"), (hop.end, "0")]))
    if track.crowned_at is None:
        parts.append(f'<use href="#{prefix}{kind}"/>')
    else:
        crowned = track.crowned_at
        parts.append(
            f'<use href="#{prefix}{track.color}-man">'
            + clock.animate("opacity", [(0.0, "1"), (crowned, "0")], discrete=True)
            + "</use>"
        )
        parts.append(
            f'<use href="#{prefix}{track.color}-king" opacity="0">'
            + clock.animate("opacity", [(0.0, "0"), (crowned, "1")], discrete=True)
            + "</use>"
        )
    parts.append("</g>")
    return "".join(parts)


def _last_move_tints(timeline: Timeline, board: Layout, clock: _Clock) -> list[str]:
    """Two tinted squares that follow each move's start and end square."""
    out = []
    for index, role in ((0, "last-move-from"), (-1, "last-move-to")):
        frames = [(0.0, _OFF_BOARD)]
        for step in timeline.steps:
            x, y = _origin(step.move.path[index], board)
            frames.append((step.hops[0].begin, f"{x} {y}"))
        out.append(
            f'<rect width="{CELL}" height="{CELL}" transform="translate({_OFF_BOARD})" '
            f'data-mark="{role}">'
            + clock.animate(
                "transform",
                frames,
                discrete=True,
                element="animateTransform",
                extra=' type="translate"',
            )
            + "</rect>"
        )
    return out


def _captions(
    timeline: Timeline, palette: Mapping[str, str], prefix: str, view: int, clock: _Clock
) -> list[str]:
    """The captions as a column of texts seen through a window one caption high (a
    ``<clipPath>``), moved by one discrete ``<animateTransform>`` so that the current move's
    text is in the window: a few bytes a caption.

    Not a nested ``<svg>`` (which would clip without an id): Chromium gives a nested
    ``<svg>`` a clock of its own, which ``setCurrentTime`` on the picture does not move.
    The clip's id is the palette's prefix, like the pieces' ids, and names the board's width
    when it is not the 8x8 one's: two animations on one page share it only when it is the
    same rectangle."""
    captions = timeline.captions
    # Before the first caption begins (no title), the column waits below the window.
    frames = [(0.0, "0 0" if captions[0].begin <= 0 else f"0 {CAPTION_BAND}")]
    for index, caption in enumerate(captions):
        if caption.begin > 0:
            frames.append((caption.begin, f"0 {-index * CAPTION_BAND}"))
    window = f"{prefix}caption-window" + ("" if view == VIEW else f"-{view}")
    out = [
        f'<clipPath id="{window}"><rect y="{view}" width="{view}" height="{CAPTION_BAND}"/>'
        "</clipPath>",
        f'<g clip-path="url(#{window})" data-mark="captions">',
        f'<g transform="translate({frames[0][1]})" font-family="Helvetica,Arial,sans-serif" '
        f'font-size="22" font-weight="bold" text-anchor="middle" '
        f'fill="{_esc(palette["white"])}">',
        clock.animate(
            "transform",
            frames,
            discrete=True,
            element="animateTransform",
            extra=' type="translate"',
        ),
    ]
    out.extend(
        f'<text x="{view // 2}" y="{view + index * CAPTION_BAND + 28}">{_esc(caption.text)}</text>'
        for index, caption in enumerate(captions)
    )
    out.append("</g></g>")
    return out


def animated_svg(
    timeline: Timeline,
    *,
    palette: Mapping[str, str],
    prefix: str,
    board: Layout,
    size: int | None,
    loop: bool,
    caption: bool,
    show_numbers: bool,
    last_move: bool,
    title: str,
) -> str:
    """The animated SVG document of ``timeline`` on ``board`` (its variant's layout, with the
    side at the bottom chosen; arguments already checked by the caller)."""
    clock = _Clock(timeline.duration, loop)
    view = board.view
    height = view + (CAPTION_BAND if caption else 0)
    if size is None:
        dims = f'width="100%" style="max-width:{RESPONSIVE_MAX_WIDTH}px;height:auto"'
    else:
        dims = f'width="{size}" height="{round(size * height / view)}"'
    label = _esc(title)
    moves = ", ".join(step.caption for step in timeline.steps)
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {view} {height}" {dims} '
        f'role="img" aria-label="{label}" class="checkers-animation">',
        f"<title>{label}</title>",
        f"<desc>{_esc(f'Replay of {len(timeline.steps)} moves: {moves}')}</desc>",
        "<defs>",
        *piece_defs(prefix, palette),
        "</defs>",
    ]
    if caption:
        out.append(
            f'<rect y="{view - 12}" width="{view}" height="{CAPTION_BAND + 12}" rx="6" '
            f'fill="{_esc(palette["frame"])}"/>'
        )
    out.extend(board_ground(palette, board))
    if last_move:
        out.append(f'<g fill="{_esc(palette["last_move"])}" fill-opacity=".7">')
        out.extend(_last_move_tints(timeline, board, clock))
        out.append("</g>")
    # Moving pieces last, so that they pass over the pieces standing still.
    tracks = sorted(timeline.tracks, key=lambda track: bool(track.hops))
    out.extend(_piece(track, prefix, board, clock) for track in tracks)
    if show_numbers:
        out.extend(square_numbers(palette, board))
    if caption and timeline.captions:
        out.extend(_captions(timeline, palette, prefix, view, clock))
    out.append("</svg>")
    return "\n".join(out)
