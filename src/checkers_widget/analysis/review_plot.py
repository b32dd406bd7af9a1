"""The evaluation graph of a review as SVG: expected score over the game, mistakes marked.

x is the ply (0: the start position), y is Black's expected score (top: Black wins,
bottom: White wins, the middle line: even; "Black" and "White" label the two ends). The
area between the curve and the middle is filled, more strongly where Black is better.
Each inaccuracy, mistake and blunder is a dot on the curve in its own colour, with a
``<title>`` tooltip and ``data-ply`` / ``data-judgement`` attributes (the widget's review
panel finds and highlights them). Lines and text use ``currentColor`` and the judgement
colours are mid-tones, so the graph reads on light and dark backgrounds alike.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from itertools import pairwise
from typing import Protocol

from ..core.color import BLACK, Color

__all__ = ["COLOURS", "PlottedPly", "PlottedReview", "review_svg"]


class PlottedPly(Protocol):
    """What the graph reads of a reviewed move: a :class:`~.review.PlyReview` has it all.

    A protocol rather than the class, so that this module needs nothing of
    :mod:`.review` (whose ``Review.plot`` calls it).
    """

    @property
    def ply(self) -> int: ...
    @property
    def color(self) -> Color: ...
    @property
    def move(self) -> object: ...
    @property
    def best(self) -> object | None: ...
    @property
    def loss(self) -> float: ...
    @property
    def judgement(self) -> str | None: ...
    @property
    def symbol(self) -> str: ...
    @property
    def expected_before(self) -> float: ...
    @property
    def expected_after(self) -> float: ...


class PlottedReview(Protocol):
    """What the graph reads of a review (a :class:`~.review.Review`): its plies."""

    @property
    def plies(self) -> Sequence[PlottedPly]: ...


#: The marker colour of each judgement.
COLOURS: dict[str, str] = {"inaccuracy": "#d4a017", "mistake": "#e8710a", "blunder": "#d93025"}

_PAD = 4.0


def black_curve(review: PlottedReview) -> list[float]:
    """Black's expected score at every position of the reviewed part (ply 0 first)."""
    points: list[float] = []
    for p in review.plies:
        if not points:
            points.append(p.expected_before if p.color == BLACK else 1 - p.expected_before)
        points.append(p.expected_after if p.color == BLACK else 1 - p.expected_after)
    return points


def _fill(xy: list[tuple[float, float]], mid: float, above: bool) -> str:
    """The polygon between the curve and the middle line on one side of it, with the
    crossing points put in so the fill meets the line exactly."""
    pts: list[tuple[float, float]] = [(xy[0][0], mid)]
    for (x0, y0), (x1, y1) in pairwise(xy):
        pts.append((x0, min(y0, mid) if above else max(y0, mid)))
        if (y0 - mid) * (y1 - mid) < 0:
            t = (mid - y0) / (y1 - y0)
            pts.append((x0 + t * (x1 - x0), mid))
    x, y = xy[-1]
    pts.append((x, min(y, mid) if above else max(y, mid)))
    pts.append((x, mid))
    return " ".join(f"{px:.1f},{py:.1f}" for px, py in pts)


def review_svg(review: PlottedReview, *, width: int = 600, height: int = 160) -> str:
    """The graph of ``review`` as a standalone SVG element of ``width`` x ``height``."""
    width, height = max(60, int(width)), max(40, int(height))
    curve = black_curve(review)
    label = "Evaluation graph: Black's expected score by ply"
    head = (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="cw-review-graph" width="{width}" '
        f'height="{height}" viewBox="0 0 {width} {height}" role="img" aria-label="{label}" '
        # max-width/height:auto: in a narrow cell the graph shrinks with its viewBox
        # instead of running out of the cell.
        'style="color: inherit; max-width: 100%; height: auto">'
        f"<title>{label}</title>"
    )
    mid = height / 2
    frame = (
        f'<rect x="0.5" y="0.5" width="{width - 1}" height="{height - 1}" fill="none" '
        'stroke="currentColor" stroke-opacity="0.3"/>'
        f'<line x1="0" y1="{mid:.1f}" x2="{width}" y2="{mid:.1f}" stroke="currentColor" '
        'stroke-opacity="0.45" stroke-dasharray="4 3"/>'
    )
    font = max(8, min(11, height // 12))
    frame += (
        f'<text x="{_PAD + 2}" y="{_PAD + font}" font-size="{font}" fill="currentColor" '
        'fill-opacity="0.6" font-family="sans-serif">Black</text>'
        f'<text x="{_PAD + 2}" y="{height - _PAD - 2}" font-size="{font}" fill="currentColor" '
        'fill-opacity="0.6" font-family="sans-serif">White</text>'
    )
    if len(curve) < 2:
        return head + frame + "</svg>"
    span = len(curve) - 1
    inner_w, inner_h = width - 2 * _PAD, height - 2 * _PAD

    def at(ply: int, value: float) -> tuple[float, float]:
        return _PAD + inner_w * ply / span, _PAD + inner_h * (1 - value)

    xy = [at(i, v) for i, v in enumerate(curve)]
    line = " ".join(f"{x:.1f},{y:.1f}" for x, y in xy)
    parts = [
        head,
        frame,
        f'<polygon class="cw-review-black" points="{_fill(xy, mid, True)}" '
        'fill="currentColor" fill-opacity="0.45"/>',
        f'<polygon class="cw-review-white" points="{_fill(xy, mid, False)}" '
        'fill="currentColor" fill-opacity="0.12"/>',
        f'<polyline points="{line}" fill="none" stroke="currentColor" stroke-width="1.5" '
        'stroke-linejoin="round"/>',
    ]
    radius = max(2.5, min(5.0, inner_w / span / 1.5))
    for p in review.plies:
        if p.judgement is None:
            continue
        x, y = xy[p.ply]
        tip = f"{p.ply}. {p.move}{p.symbol} {p.judgement} ({p.color}, loses {p.loss:.2f})"
        if p.best is not None:
            tip += f"; best {p.best}"
        parts.append(
            f'<circle class="cw-review-mark" data-ply="{p.ply}" data-judgement="{p.judgement}" '
            f'cx="{x:.1f}" cy="{y:.1f}" r="{radius:.1f}" fill="{COLOURS[p.judgement]}" '
            f'stroke="currentColor" stroke-width="0.8"><title>{escape(tip)}</title></circle>'
        )
    parts.append("</svg>")
    return "".join(parts)
