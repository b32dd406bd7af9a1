"""The animated SVG plays in chromium: the pieces are where the timeline says, at set times.

A plain page (no JupyterLab): the SVG inline, its clock paused and set with
``pauseAnimations()`` / ``setCurrentTime(t)``, then the DOM asked where the pieces are and a
screenshot taken at each time (artifacts/export-animation-*.png).

From ``B:W14,23,30:B9,26`` the line is 9x18x27 (a double jump), 30x23, 27-31 (crowns), with
the default times: the start stays 0.8 s, a hop takes 0.5 s, 0.8 s after each move.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page

from checkers_widget.export import animate

pytestmark = pytest.mark.browser

FEN = "B:W14,23,30:B9,26"
LINE = ["9x18x27", "30x23", "27-31"]
# Seconds: before any move; halfway through the first hop; after the double jump; at the end.
TIMES = {"start": 0.4, "midhop": 1.05, "jumped": 2.2, "end": 6.0}

STATE = """
t => {
    const svg = document.querySelector('svg');
    svg.pauseAnimations();
    svg.setCurrentTime(t);
    const centre = el => {
        const box = el.getBoundingClientRect();
        return [box.x + box.width / 2, box.y + box.height / 2];
    };
    const squares = {};
    for (const rect of svg.querySelectorAll('rect[data-square]')) {
        squares[rect.dataset.square] = centre(rect);
    }
    const pieces = {};
    for (const g of svg.querySelectorAll('g[data-piece]')) {
        const uses = Array.from(g.querySelectorAll('use'));
        const shown = uses.filter(u => getComputedStyle(u).opacity !== '0');
        const circle = g.querySelector('use');
        pieces[g.dataset.square] = {
            at: centre(circle),
            opacity: getComputedStyle(g).opacity,
            shape: shown.map(u => u.getAttribute('href').split('-').slice(-1)[0]),
        };
    }
    // The caption window: the band of the viewBox under the 420-unit board.
    const box = svg.getBoundingClientRect();
    const unit = box.width / svg.viewBox.baseVal.width;
    const band = {y: box.y + 420 * unit, height: (svg.viewBox.baseVal.height - 420) * unit};
    const caption = Array.from(svg.querySelectorAll('[data-mark=captions] text'))
        .filter(t => {
            const box = t.getBoundingClientRect();
            const middle = box.y + box.height / 2;
            return middle > band.y && middle < band.y + band.height;
        })
        .map(t => t.textContent);
    return {time: svg.getCurrentTime(), squares, pieces, caption};
}
"""


def _square_of(state: dict, point: list[float]) -> str | None:
    """The square whose centre is within 3 px of ``point``."""
    for square, (x, y) in state["squares"].items():
        if abs(x - point[0]) < 3 and abs(y - point[1]) < 3:
            return square
    return None


@pytest.mark.timeout(120)
def test_the_animated_svg_moves_the_pieces_in_chromium(page: Page, artifacts_dir: Path) -> None:
    svg = animate(LINE, start=FEN, size=400)
    page.set_viewport_size({"width": 420, "height": 470})
    page.set_content(f"<!doctype html><html><body style='margin:0'>{svg}</body></html>")
    states = {}
    for name, time in TIMES.items():
        states[name] = page.evaluate(STATE, time)
        page.screenshot(path=str(artifacts_dir / f"export-animation-{name}.png"))
    start, mid, jumped, end = (states[n] for n in TIMES)
    assert start["time"] == pytest.approx(0.4)
    # Before the first move: every piece on its own square, the title caption (none).
    for square, piece in start["pieces"].items():
        assert _square_of(start, piece["at"]) == square
        assert piece["opacity"] == "1"
    assert start["caption"] == []
    # Halfway through 9-18 the jumper is between the squares, over 14.
    assert _square_of(mid, mid["pieces"]["9"]["at"]) == "14"
    assert mid["caption"] == ["1. 9x18x27"]
    # After the double jump: on 27, both men it took are gone, White's 30 not moved yet.
    assert _square_of(jumped, jumped["pieces"]["9"]["at"]) == "27"
    assert jumped["pieces"]["14"]["opacity"] == "0"
    assert jumped["pieces"]["23"]["opacity"] == "0"
    assert _square_of(jumped, jumped["pieces"]["30"]["at"]) == "30"
    assert jumped["pieces"]["9"]["shape"] == ["man"]
    # At the end: the king on 31, White's man on 23, the three taken men gone.
    assert _square_of(end, end["pieces"]["9"]["at"]) == "31"
    assert end["pieces"]["9"]["shape"] == ["king"]
    assert _square_of(end, end["pieces"]["30"]["at"]) == "23"
    assert [end["pieces"][s]["opacity"] for s in ("14", "23", "26")] == ["0", "0", "0"]
    assert end["caption"] == ["2. 27-31"]
