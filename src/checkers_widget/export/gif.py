"""An animated GIF of a :class:`~.timeline.Timeline`, drawn with Pillow (the ``export`` extra).

GIF is the animation format slide tools play, where an animated SVG may show only its
start. This module imports Pillow, so it is
imported only when a GIF is asked for (:func:`~.animate.animate` turns a missing Pillow into
a :class:`~.animate.MissingDependencyError` that says what to install).

The picture is drawn here, not by rendering the SVG (that would need an SVG renderer): the
same geometry (the variant's :func:`~checkers_widget.formats.svg_layout.layout`, 8x8 or
10x10, ``CELL``, ``MARGIN``) and palette as :func:`~checkers_widget.formats.svg.board_svg`,
shapes drawn three times larger and scaled down for smooth edges. The board and the four
piece kinds are drawn once; a frame is the board with pieces pasted on, reduced to one shared
palette of colours and handed at once to :class:`~.gif_file.GifWriter`, so memory stays that
of a frame or two however long the game.

Frames: the start position; then for every hop ``frames_per_hop`` frames of the mover sliding
(the last one has it on its square; a flying king's long hop is one slide too), a taken piece
fading from the moment the mover passes over it to the end of its hop; the last frame of a
move lasts through the pause, the final one through ``hold`` as well.
A frame shows from the moment its picture is reached on the timeline, and the times are
rounded to the hundredth of a second GIF counts in, so the frame durations add up to the
animation's duration rounded the same way.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageColor, ImageDraw, ImageFont

from ..core.errors import CheckersError
from ..formats.svg import CELL, MARGIN, _center, _origin
from ..formats.svg_layout import Layout
from .animated_svg import CAPTION_BAND
from .gif_file import GifWriter
from .timeline import Timeline

__all__ = ["MIN_FRAME_SECONDS", "Frame", "durations", "frames", "gif_bytes"]

#: The shortest frame written: browsers show a GIF frame of 0.01 s or less for 0.1 s.
MIN_FRAME_SECONDS = 0.02
#: Shapes are drawn this many times larger, then scaled down (smooth edges without
#: antialiasing in Pillow's drawing).
_SUPERSAMPLE = 3
#: How many colours a frame may use (one palette shared by every frame).
_COLOURS = 64


@dataclass(frozen=True, slots=True)
class Frame:
    """What one GIF frame shows, from ``begin`` (seconds) on."""

    begin: float
    pieces: tuple[tuple[str, float, float, float], ...]  # kind, centre x, y (units), opacity
    tint: tuple[int, int] | None  # the move's start and end square
    caption: str


def _caption_at(timeline: Timeline, time: float) -> str:
    for caption in timeline.captions:
        if caption.begin <= time < caption.end:
            return caption.text
    return ""


def frames(timeline: Timeline, board: Layout, frames_per_hop: int) -> list[Frame]:
    """The frames of ``timeline`` on ``board`` (its variant's layout): the start, then
    ``frames_per_hop`` a hop (or fewer, so that no frame is shorter than
    :data:`MIN_FRAME_SECONDS`)."""
    per_hop = max(1, min(frames_per_hop, int(timeline.seconds_per_hop / MIN_FRAME_SECONDS)))

    def placed(position: Mapping[int, str]) -> list[tuple[str, float, float, float]]:
        return [(kind, *_center(sq, board), 1.0) for sq, kind in sorted(position.items())]

    out = [Frame(0.0, tuple(placed(timeline.start)), None, _caption_at(timeline, 0.0))]
    for step in timeline.steps:
        move = step.move
        still = dict(step.before)
        kind = still.pop(move.start)
        tint = (move.start, move.end)
        for number, hop in enumerate(step.hops):
            last_hop = number == len(step.hops) - 1
            for k in range(1, per_hop + 1):
                fraction = k / per_hop
                time = hop.begin + fraction * (hop.end - hop.begin)
                pieces = placed({s: v for s, v in still.items() if s != hop.captured})
                if hop.captured is not None and fraction < 1:
                    fade = 1.0 if fraction <= hop.over else (1 - fraction) / (1 - hop.over)
                    pieces.append((still[hop.captured], *_center(hop.captured, board), fade))
                (x0, y0), (x1, y1) = _center(hop.origin, board), _center(hop.target, board)
                shown = kind
                if last_hop and fraction == 1 and move.crowns:
                    shown = kind.replace("-man", "-king")
                x, y = x0 + (x1 - x0) * fraction, y0 + (y1 - y0) * fraction
                pieces.append((shown, x, y, 1.0))
                out.append(Frame(time, tuple(pieces), tint, step.caption))
            if hop.captured is not None:
                del still[hop.captured]
    return out


def durations(frame_list: list[Frame], duration: float) -> list[int]:
    """Each frame's duration in milliseconds, from begin times rounded to 10 ms."""
    ticks = [round(frame.begin * 100) for frame in frame_list] + [round(duration * 100)]
    return [10 * (b - a) for a, b in itertools.pairwise(ticks)]


class _Painter:
    """Draws the board once, the piece kinds once, and frames from them."""

    def __init__(
        self, palette: Mapping[str, str], board: Layout, size: int, caption: bool, numbers: bool
    ) -> None:
        self.palette = palette
        self.layout = board
        self.view = board.view
        self.scale = size / self.view
        self.caption = caption
        height = self.view + (CAPTION_BAND if caption else 0)
        self.size = (size, round(height * self.scale))
        self.board = self._board(height)
        self.numbers = self._numbers(height) if numbers else None
        self.sprites = {kind: self._sprite(kind) for kind in _KINDS}
        self.font = ImageFont.load_default(size=max(8, round(22 * self.scale)))
        self.tint = self._blend(palette["dark"], palette["last_move"], 0.7)

    def _rgb(self, color: str) -> tuple[int, int, int, int]:
        rgba = _getrgb(color)
        return (rgba[0], rgba[1], rgba[2], rgba[3] if len(rgba) > 3 else 255)

    def _blend(self, under: str, over: str, alpha: float) -> tuple[int, int, int]:
        a, b = self._rgb(under), self._rgb(over)
        alpha *= b[3] / 255
        return (
            round(a[0] + (b[0] - a[0]) * alpha),
            round(a[1] + (b[1] - a[1]) * alpha),
            round(a[2] + (b[2] - a[2]) * alpha),
        )

    def _board(self, height: int) -> Image.Image:
        big = self.scale * _SUPERSAMPLE
        p = self.palette
        image = Image.new(
            "RGB", (round(self.view * big), round(height * big)), self._rgb(p["frame"])[:3]
        )
        draw = ImageDraw.Draw(image)
        side = self.layout.size * CELL
        inner = (
            MARGIN * big,
            MARGIN * big,
            (MARGIN + side) * big - 1,
            (MARGIN + side) * big - 1,
        )
        edge = 1.5 * big
        draw.rectangle(
            (inner[0] - edge, inner[1] - edge, inner[2] + edge, inner[3] + edge),
            fill=self._blend(p["frame"], "#000000", 0.35),
        )
        draw.rectangle(inner, fill=self._rgb(p["light"])[:3])
        for square in range(1, self.layout.squares + 1):
            x, y = _origin(square, self.layout)
            box = (x * big, y * big, (x + CELL) * big - 1, (y + CELL) * big - 1)
            draw.rectangle(box, fill=self._rgb(p["dark"])[:3])
        return image.resize(self.size, Image.Resampling.LANCZOS)

    def _numbers(self, height: int) -> Image.Image:
        """The square numbers on a transparent layer, drawn over the pieces as in the SVG."""
        big = self.scale * _SUPERSAMPLE
        layer = Image.new("RGBA", (round(self.view * big), round(height * big)), (0, 0, 0, 0))
        draw = ImageDraw.Draw(layer)
        font = ImageFont.load_default(size=max(6, round(9.5 * big)))
        for square in range(1, self.layout.squares + 1):
            x, y = _origin(square, self.layout)
            draw.text(
                ((x + 2.5) * big, (y + 2) * big),
                str(square),
                font=font,
                fill=self._rgb(self.palette["number"]),
                stroke_width=max(1, round(big)),
                stroke_fill=(40, 40, 40, 255),
            )
        return layer.resize(self.size, Image.Resampling.LANCZOS)

    def _sprite(self, kind: str) -> Image.Image:
        """A piece on a transparent square one board square wide, centred."""
        big = self.scale * _SUPERSAMPLE
        side = round(CELL * big)
        image = Image.new("RGBA", (side, side), (0, 0, 0, 0))
        shadow = Image.new("RGBA", (side, side), (0, 0, 0, 0))
        draw, shade = ImageDraw.Draw(image), ImageDraw.Draw(shadow)
        color, rank = kind.split("-")
        p = self.palette
        body, edge, ring = (
            self._rgb(p[color]),
            self._rgb(p[color + "_edge"]),
            self._rgb(p[color + "_ring"]),
        )
        mid = side / 2

        def disc(target: Any, cx: float, cy: float, r: float, **style: Any) -> None:
            target.ellipse(
                (
                    mid + (cx - r) * big,
                    mid + (cy - r) * big,
                    mid + (cx + r) * big,
                    mid + (cy + r) * big,
                ),
                **style,
            )

        width = max(1, round(1.5 * big))
        if rank == "man":
            disc(shade, 1, 2.5, 19, fill=(0, 0, 0, 77))
            image = Image.alpha_composite(shadow, image)
            draw = ImageDraw.Draw(image)
            disc(draw, 0, 0, 19, fill=body, outline=edge, width=width)
            disc(draw, 0, 0, 13, outline=ring, width=width)
        else:
            disc(shade, 1, 6.5, 18.5, fill=(0, 0, 0, 77))
            image = Image.alpha_composite(shadow, image)
            draw = ImageDraw.Draw(image)
            disc(draw, 0, 4, 18.5, fill=body, outline=edge, width=width)
            disc(draw, 0, -3.5, 18.5, fill=body, outline=edge, width=width)
            disc(draw, 0, -3.5, 12.5, outline=ring, width=width)
            crown = [(-9, 5), (-10.5, -5), (-4.5, -0.5), (0, -8), (4.5, -0.5), (10.5, -5), (9, 5)]
            draw.polygon(
                [(mid + x * big, mid + (y - 3) * big) for x, y in crown],
                fill=self._rgb(p["crown"]),
                outline=self._rgb(p["crown_edge"]),
                width=max(1, round(1.2 * big)),
            )
        small = round(CELL * self.scale)
        return image.resize((small, small), Image.Resampling.LANCZOS)

    def _faded(self, sprite: Image.Image, opacity: float) -> Image.Image:
        alpha = sprite.getchannel("A").point(lambda value: round(value * opacity))
        faded = sprite.copy()
        faded.putalpha(alpha)
        return faded

    def paint(self, frame: Frame) -> Image.Image:
        image = self.board.copy()
        draw = ImageDraw.Draw(image)
        s = self.scale
        if frame.tint is not None:
            for square in frame.tint:
                left, top = _origin(square, self.layout)
                draw.rectangle(
                    (
                        round(left * s),
                        round(top * s),
                        round((left + CELL) * s) - 1,
                        round((top + CELL) * s) - 1,
                    ),
                    fill=self.tint,
                )
        half = round(CELL * s) / 2
        for kind, x, y, opacity in frame.pieces:
            sprite = self.sprites[kind]
            if opacity < 1:
                sprite = self._faded(sprite, opacity)
            image.paste(sprite, (round(x * s - half), round(y * s - half)), sprite)
        if self.numbers is not None:
            image.paste(self.numbers, (0, 0), self.numbers)
        if self.caption and frame.caption:
            # Centred by its measured box rather than anchor="mm", which Pillow refuses for
            # the bitmap font it falls back on when built without FreeType.
            text_box = draw.textbbox((0, 0), frame.caption, font=self.font)
            draw.text(
                (
                    (self.size[0] - (text_box[2] - text_box[0])) / 2 - text_box[0],
                    (self.view + 20) * s - (text_box[3] - text_box[1]) / 2 - text_box[1],
                ),
                frame.caption,
                font=self.font,
                fill=self._rgb(self.palette["white"])[:3],
            )
        return image


_KINDS = ("black-man", "black-king", "white-man", "white-king")


def _getrgb(color: str) -> tuple[int, ...]:
    try:
        return tuple(ImageColor.getrgb(color))
    except ValueError as exc:
        raise CheckersError(f"the GIF cannot use the colour {color!r}: {exc}") from None


def gif_bytes(
    timeline: Timeline,
    *,
    palette: Mapping[str, str],
    board: Layout,
    size: int,
    loop: bool,
    caption: bool,
    show_numbers: bool,
    last_move: bool,
    frames_per_hop: int,
) -> bytes:
    """The animated GIF of ``timeline`` on ``board`` (its variant's layout, with the side at
    the bottom chosen; arguments already checked by the caller)."""
    painter = _Painter(palette, board, size, caption, show_numbers)
    plan = frames(timeline, board, frames_per_hop)
    if not last_move:
        plan = [Frame(f.begin, f.pieces, None, f.caption) for f in plan]
    # One palette for every frame, chosen from the start, the end and a frame with all four
    # piece kinds, a tint and a caption on it.
    sample = Frame(
        0.0,
        tuple((kind, 35 + 50 * i, 35, 1.0) for i, kind in enumerate(_KINDS)),
        (1, 2),
        "1. 23x14",
    )
    pictures = [painter.paint(f) for f in (sample, plan[0], plan[-1])]
    width, height = painter.size
    reference = Image.new("RGB", (width, height * len(pictures)))
    for row, picture in enumerate(pictures):
        reference.paste(picture, (0, row * height))
    colours = reference.quantize(colors=_COLOURS, method=Image.Quantize.MEDIANCUT)
    used = bytes((colours.getpalette() or [])[: 3 * _COLOURS])
    count = len(used) // 3
    # The palette frames are matched against: the colours, then copies of the first, so that
    # no pixel gets an index past them (those are mapped back to 0, the same colour).
    shared = Image.new("P", (1, 1))
    shared.putpalette(used + used[:3] * (256 - count))
    past = [i if i < count else 0 for i in range(256)]
    writer = GifWriter(painter.size, used, loop=loop)
    for frame, delay in zip(plan, durations(plan, timeline.duration), strict=True):
        indexed = painter.paint(frame).quantize(palette=shared, dither=Image.Dither.NONE)
        if indexed.getextrema()[1] >= count:  # type: ignore[operator]
            indexed = indexed.point(past)
        writer.add(indexed, delay // 10)
    return writer.finish()
