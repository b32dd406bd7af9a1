"""A short line with every event an animation shows, and readers of the animated SVG.

From ``LINE_FEN`` Black's man on 9 jumps twice (``9x18x27``, taking 14 then 23), White
takes back (``30x23``, taking 26) and Black crowns (``27-31``): three moves, four hops.
"""

from __future__ import annotations

import itertools
import xml.etree.ElementTree as ET

LINE_FEN = "B:W14,23,30:B9,26"
LINE = ["9x18x27", "30x23", "27-31"]
LINE_HOPS = [2, 1, 1]

SVG = "{http://www.w3.org/2000/svg}"


def schedule(hops: list[int], hop: float, pause: float, hold: float) -> list[float]:
    """When each hop ends, by the documented schedule (start shown for ``pause``, each move
    its hops then ``pause``), followed by the total duration (``hold`` more at the end)."""
    ends: list[float] = []
    clock = pause
    for count in hops:
        for _ in range(count):
            clock += hop
            ends.append(clock)
        clock += pause
    return [*ends, clock + hold]


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def pieces(root: ET.Element) -> dict[int, ET.Element]:
    """The piece groups by their start square."""
    return {
        int(g.attrib["data-square"]): g for g in root.iter(f"{SVG}g") if "data-piece" in g.attrib
    }


def frames(element: ET.Element) -> list[tuple[float, str]]:
    """An animation element's (key time as a fraction, value) pairs."""
    times = [float(t) for t in element.attrib["keyTimes"].split(";")]
    values = element.attrib["values"].split(";")
    assert len(times) == len(values)
    return list(zip(times, values, strict=True))


def moves_of(piece: ET.Element) -> list[tuple[float, float, str, str]]:
    """A piece's slides: (fraction begun, fraction ended, from, to), read from its
    animateTransform (a slide is two consecutive key frames with different values)."""
    found = piece.find(f"{SVG}animateTransform")
    if found is None:
        return []
    pairs = frames(found)
    return [(a, b, u, v) for (a, u), (b, v) in itertools.pairwise(pairs) if u != v]


def disappears_at(piece: ET.Element) -> float | None:
    """The fraction of the animation at which the piece's opacity reaches 0, if it does."""
    for animation in piece.findall(f"{SVG}animate"):
        if animation.attrib["attributeName"] == "opacity":
            for time, value in frames(animation):
                if value == "0":
                    return time
    return None
