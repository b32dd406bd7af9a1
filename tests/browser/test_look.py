"""How the board looks and fits in a real JupyterLab: size, markers, themes, hygiene.

- anywidget's console stays quiet (no deprecation warning for the entry point);
- ``size=`` and the default width, in wide and narrow cells, and a move list that is as
  tall as its moves, not as tall as the board;
- the selected piece, its landing squares and the last move stand out in both themes;
- the pieces in the bar are readable in the dark theme;
- one output per board: saved with its picture, reopened, untrusted, exported.
"""

from __future__ import annotations

import base64
import re

import nbformat
import pytest
from board_helpers import BOARD, CW_SQUARE, kernel, piece_on, sq, widget_root
from jupyter_harness import wait_until_settled
from nbclient import NotebookClient
from nbconvert import HTMLExporter
from playwright.sync_api import expect

from slowdown import scaled

pytestmark = pytest.mark.browser


def test_no_anywidget_deprecation_warning(lab, make_notebook, console_log):
    path = make_notebook(
        """
        from checkers_widget import CheckersWidget
        boards = [CheckersWidget(), CheckersWidget(show_numbers=True)]
        display(*boards)
        """
    )
    lab.open_in_lab(path)
    lab.run_all_cells()
    expect(lab.page.locator(BOARD)).to_have_count(2)
    expect(widget_root(lab).locator('[data-role="status"]')).to_have_text("Black to move")
    warnings = [e.text for e in console_log.entries if "[anywidget]" in e.text]
    assert warnings == []


def _box(locator) -> dict[str, float]:
    box = locator.bounding_box()
    assert box is not None
    return box


def _play_two_moves(root) -> None:
    sq(root, 11).click()
    sq(root, 15).click()
    expect(piece_on(root, 15)).to_have_count(1)
    sq(root, 22).click()
    sq(root, 18).click()
    expect(piece_on(root, 18)).to_have_count(1)


def test_board_size_default_large_and_narrow(lab, make_notebook, artifacts_dir):
    lab.page.set_viewport_size({"width": 1600, "height": 1000})
    path = make_notebook(
        """
        import ipywidgets as ipw
        from checkers_widget import CheckersWidget
        default = CheckersWidget()
        large = CheckersWidget(size=720)
        narrow = CheckersWidget(show_numbers=True)
        display(default, large, ipw.Box([narrow], layout=ipw.Layout(width="300px")))
        """
    )
    lab.open_in_lab(path)
    lab.run_all_cells()
    boards = lab.page.locator(BOARD)
    expect(boards).to_have_count(3)
    roots = lab.page.locator(".cw-root")
    frames = lab.page.locator(".cw-frame")
    default, large, narrow = (roots.nth(i) for i in range(3))

    # The default follows the cell up to 560 px; size=720 is 720 px, frame included.
    assert _box(frames.nth(0))["width"] == pytest.approx(560, abs=1)
    assert _box(frames.nth(1))["width"] == pytest.approx(720, abs=1)
    # The board keeps its size when the move list appears beside it, and the list is as
    # tall as its moves, not as tall as the board.
    before = _box(frames.nth(1))
    top = before["y"] - _box(large)["y"]
    _play_two_moves(large)
    aside = large.locator(".cw-aside")
    expect(aside).to_be_visible()
    after = _box(frames.nth(1))
    assert after["width"] == pytest.approx(before["width"], abs=0.5)
    assert after["y"] - _box(large)["y"] == pytest.approx(top, abs=0.5)
    moves = _box(aside)
    assert moves["x"] >= after["x"] + after["width"], "the list sits beside the board"
    assert moves["height"] < 160, moves
    # Python can change the size; the board follows at once.
    kernel(lab.page, "large.size = 400")
    expect(frames.nth(1)).to_have_css("width", "400px")

    # In a 300-px container: a 300-px board, no horizontal overflow, the bar wraps.
    narrow.scroll_into_view_if_needed()
    _play_two_moves(narrow)
    expect(narrow.locator(".cw-aside")).to_be_visible()
    box = _box(narrow)
    assert box["width"] <= 300.5
    assert _box(frames.nth(2))["width"] == pytest.approx(300, abs=1)
    overflow = narrow.evaluate(
        """root => {
          const right = root.getBoundingClientRect().right + 0.5;
          return [...root.querySelectorAll('*')]
            .filter((e) => e.getClientRects().length && e.getBoundingClientRect().right > right)
            .map((e) => e.className.baseVal ?? e.className);
        }"""
    )
    assert overflow == []
    assert narrow.evaluate("r => r.scrollWidth <= r.clientWidth")
    narrow.screenshot(path=str(artifacts_dir / "look-narrow-300.png"))
    default.screenshot(path=str(artifacts_dir / "look-default.png"))


#: The start of a function body: the screenshot ``png`` (base64) drawn on a canvas, ``ctx``.
_JS_DRAW_PNG = """
  const img = new Image();
  img.src = `data:image/png;base64,${png}`;
  await img.decode();
  const canvas = document.createElement('canvas');
  canvas.width = img.width;
  canvas.height = img.height;
  const ctx = canvas.getContext('2d');
  ctx.drawImage(img, 0, 0);
"""

# The colours the reader sees: a locator's screenshot, sampled in the page's own canvas.
_JS_SAMPLE = (
    "async ([png, points]) => {"
    + _JS_DRAW_PNG
    + """
  return points.map(([fx, fy]) => {
    const x = Math.min(img.width - 2, Math.round(fx * img.width));
    const y = Math.min(img.height - 2, Math.round(fy * img.height));
    const d = ctx.getImageData(x - 1, y - 1, 3, 3).data;
    const rgb = [0, 0, 0];
    for (let i = 0; i < d.length; i += 4) for (let c = 0; c < 3; c++) rgb[c] += d[i + c] / 9;
    return rgb;
  });
}
"""
)


def _colours(page, locator, *points: tuple[float, float]) -> list[list[float]]:
    """The colours at ``points`` (fractions of the element's box), as the reader sees them."""
    png = base64.b64encode(locator.screenshot(animations="disabled")).decode()
    return page.evaluate(_JS_SAMPLE, [png, [list(p) for p in points]])


def _lum(rgb: list[float]) -> float:
    r, g, b = (c / 255 for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def _distance(a: list[float], b: list[float]) -> float:
    return sum((x - y) ** 2 for x, y in zip(a, b, strict=True)) ** 0.5


CENTRE = (0.5, 0.5)
EDGE = (0.03, 0.97)  # in the bottom left corner of a square, clear of its piece
RING = (0.5 + 0.5 * 0.75, 0.5)  # three quarters of the way from the centre to the side
# The final square's ring is narrower (67-80% of the way out): sampled in its middle, so
# that where the board happens to sit (a fraction of a pixel up or down) does not matter.
FINAL_RING = (0.5 + 0.5 * 0.72, 0.5)


@pytest.mark.parametrize("theme", ["JupyterLab Light", "JupyterLab Dark"])
def test_selection_targets_hint_and_last_move_stand_out(lab, make_notebook, theme, artifacts_dir):
    path = make_notebook(
        """
        from checkers_widget import CheckersWidget, Engine, Game
        quiet = CheckersWidget(hint_engine=Engine("easy", seed=1), size=400)
        quiet.play("11-15"); quiet.play("24-20")
        hint = quiet.hint(depth=2).move
        chosen = next(m.start for m in quiet.game.legal_moves() if m.start != hint.start)
        jumps = CheckersWidget(Game(fen="B:W14,22,23:B9"), size=400)
        display(quiet, jumps)
        print("hint", hint.start, hint.end, "chosen", chosen)
        """
    )
    lab.open_in_lab(path)
    if theme != "JupyterLab Light":
        lab.set_theme(theme)
    lab.run_all_cells()
    expect(lab.page.locator(BOARD)).to_have_count(2)
    words = next(t for t in lab.output_texts() if t.startswith("hint")).split()
    hint_from, chosen = int(words[1]), int(words[4])
    roots = lab.page.locator(".cw-root")
    quiet, jumps = roots.nth(0), roots.nth(1)
    page = lab.page

    quiet.scroll_into_view_if_needed()
    sq(quiet, chosen).click()
    expect(sq(quiet, chosen)).to_have_class(re.compile(r"\bcw-selected\b"))
    target = quiet.locator(".cw-sq.cw-target").first
    expect(target).to_be_visible()
    wait_until_settled(quiet)  # the lift of the piece is over
    cell = lambda n: sq(quiet, n, template=CW_SQUARE)  # noqa: E731
    plain = next(
        n
        for n in (17, 13, 16, 19)
        if quiet.locator(f'.cw-sq[data-square="{n}"][class="cw-sq"]').count()
    )
    (plain_centre,) = _colours(page, cell(plain), CENTRE)
    (dot,) = _colours(page, target, CENTRE)
    (selected_edge,) = _colours(page, cell(chosen), EDGE)
    (hint_edge,) = _colours(page, cell(hint_from), EDGE)
    (last_from,) = _colours(page, cell(24), CENTRE)
    # A landing square: a large light dot on the dark square.
    assert _lum(dot) > _lum(plain_centre) + 0.25, (dot, plain_centre)
    # The picked-up piece: a white ring, plainly unlike the hint's blue start square.
    assert _lum(selected_edge) > 0.8, selected_edge
    assert _distance(selected_edge, hint_edge) > 90, (selected_edge, hint_edge)
    # The last move's squares: yellow, unlike both.
    assert last_from[0] - last_from[2] > 60, last_from
    assert _distance(last_from, selected_edge) > 90 and _distance(last_from, hint_edge) > 90
    slug = theme.split()[-1].lower()
    quiet.screenshot(path=str(artifacts_dir / f"look-marks-{slug}.png"))

    # A capture lands on a ring; the end of the double jump, reached in one click, is a
    # ring around a dot.
    jumps.scroll_into_view_if_needed()
    sq(jumps, 9).click()
    cell = lambda n: sq(jumps, n, template=CW_SQUARE)  # noqa: E731
    expect(cell(18)).to_have_class(re.compile(r"\bcw-jump\b"))
    expect(cell(25)).to_have_class(re.compile(r"\bcw-final\b"))
    wait_until_settled(jumps)
    ring_centre, ring = _colours(page, cell(18), CENTRE, RING)
    final_centre, final_ring = _colours(page, cell(25), CENTRE, FINAL_RING)
    (plain,) = _colours(page, cell(26), RING)
    assert _lum(ring) > _lum(plain) + 0.25 and _lum(ring_centre) < _lum(ring) - 0.2
    assert _lum(final_ring) > _lum(plain) + 0.25 and _lum(final_centre) > _lum(plain) + 0.25
    jumps.screenshot(path=str(artifacts_dir / f"look-jumps-{slug}.png"))


_JS_LUMINANCES = (
    "async (png) => {"
    + _JS_DRAW_PNG
    + """
  const d = ctx.getImageData(0, 0, img.width, img.height).data;
  let lo = 1, hi = 0;
  for (let i = 0; i < d.length; i += 4) {
    const l = (0.2126 * d[i] + 0.7152 * d[i + 1] + 0.0722 * d[i + 2]) / 255;
    lo = Math.min(lo, l);
    hi = Math.max(hi, l);
  }
  return [lo, hi];
}
"""
)


@pytest.mark.parametrize("theme", ["JupyterLab Light", "JupyterLab Dark"])
def test_the_pieces_in_the_bar_are_readable(lab, make_notebook, theme, artifacts_dir):
    path = make_notebook(
        """
        from checkers_widget import CheckersWidget, Game
        CheckersWidget(Game(fen="B:W18,K31:B9,K14"))
        """
    )
    lab.open_in_lab(path)
    if theme != "JupyterLab Light":
        lab.set_theme(theme)
    lab.run_all_cells()
    expect(lab.page.locator(BOARD)).to_have_count(1)
    root = widget_root(lab)
    bg = root.locator(".cw-side-black").evaluate("e => getComputedStyle(e).backgroundColor")
    background = _lum([float(x) for x in re.findall(r"[\d.]+", bg)[:3]])
    for side in ("black", "white"):
        for rank in ("man", "king"):
            icon = root.locator(f'.cw-side [data-icon="{side}-{rank}"]')
            png = base64.b64encode(icon.screenshot(animations="disabled")).decode()
            lo, hi = lab.page.evaluate(_JS_LUMINANCES, png)
            # Something of the piece stands well apart from the chip behind it.
            assert max(hi - background, background - lo) > 0.45, (side, rank, lo, hi, background)
    slug = theme.split()[-1].lower()
    root.locator(".cw-bar").screenshot(path=str(artifacts_dir / f"look-bar-{slug}.png"))


WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


def _picture_of(html: str) -> str:
    """The SVG inside the picture's ``<img>`` (a base64 data URL) in ``html``."""
    (data,) = re.findall(r'src="data:image/svg\+xml;base64,([A-Za-z0-9+/=]+)"', html)
    return base64.b64decode(data).decode("utf-8")


def test_a_saved_notebook_holds_one_output_per_board(
    lab, make_notebook, jupyter_server, console_log, artifacts_dir
):
    path = make_notebook(
        """
        from checkers_widget import CheckersWidget
        w = CheckersWidget()
        w.play("11-15")
        w
        """
    )
    lab.open_in_lab(path)
    lab.run_all_cells()
    expect(lab.page.locator(BOARD)).to_have_count(1)
    # One output, drawn as the live board; the picture in its bundle is not drawn.
    expect(lab.page.locator(".jp-OutputArea-child")).to_have_count(1)
    expect(lab.page.locator(".cw-fallback")).to_have_count(0)
    root = widget_root(lab)
    sq(root, 22).click()
    sq(root, 18).click()
    expect(piece_on(root, 18)).to_have_count(1)
    lab.page.evaluate("() => window.jupyterapp.commands.execute('docmanager:save')")
    lab.page.wait_for_function("() => !window.jupyterapp.shell.currentWidget.context.model.dirty")
    saved = jupyter_server.api("GET", f"/api/contents/{path}")["content"]
    (output,) = saved["cells"][0]["outputs"]  # the live board and its picture, together
    assert {WIDGET_VIEW, "text/html", "text/plain"} <= set(output["data"])
    assert "widgets" not in saved["metadata"]  # JupyterLab saves no widget state
    # The picture is the position the board was displayed with (after 11-15, White to
    # move), not the one at save time: updating it would rebuild the live board.
    html = output["data"]["text/html"]
    picture = _picture_of(html)
    assert 'data-piece="black-man" data-square="15"' in picture
    assert 'data-piece="white-man" data-square="22"' in picture
    assert 'data-square="18"' not in re.sub(r"<rect[^>]*>", "", picture)
    assert "White to move" in html and "Run the notebook to play on this board" in html

    # Reopened before its cells run again, the board's model is gone: JupyterLab's
    # widget manager still takes the output, and says so (the picture is for front ends
    # without one).
    jupyter_server.shutdown_sessions()
    lab.open_in_lab(path)
    error = lab.page.get_by_text("Error displaying widget: model not found")
    expect(error).to_be_visible()
    expect(lab.page.locator(".cw-fallback")).to_have_count(0)
    expect(lab.page.locator(".cw-root")).to_have_count(0)
    lab.screenshot("reopened")
    # The widget manager logs the missing model as an error (upstream, and expected
    # here); anything else still fails the test.
    console_log.entries[:] = [
        e for e in console_log.entries if not e.text.startswith("Error: widget model not found")
    ]


def _notebook_run_after_11_15(*, widget_state: bool) -> nbformat.NotebookNode:
    """A one-cell notebook that shows a board after 11-15, run in a fresh kernel, with
    the widgets' state saved (nbclient's default) or not (as JupyterLab saves)."""
    nb = nbformat.v4.new_notebook()
    nb.cells = [
        nbformat.v4.new_code_cell(
            'from checkers_widget import CheckersWidget\nw = CheckersWidget()\nw.play("11-15")\nw'
        )
    ]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3"}
    NotebookClient(
        nb, timeout=scaled(120), kernel_name="python3", store_widget_state=widget_state
    ).execute()
    return nb


def test_an_untrusted_notebook_still_shows_the_board_picture(
    lab, jupyter_server, console_log, artifacts_dir
):
    """A notebook somebody else ran (a download: its outputs are not signed here) opens
    untrusted. JupyterLab then draws the safe MIME type of the board's bundle, the HTML
    (sanitized: inline SVG would go, so the picture is an image), not the widget."""
    nb = _notebook_run_after_11_15(widget_state=True)
    name = "test_look__untrusted_download.ipynb"
    nbformat.write(nb, str(jupyter_server.root_dir / name))
    lab.open_in_lab(name)
    lab.page.wait_for_function(
        "() => document.querySelectorAll('.jp-OutputArea-output img').length > 0",
    )
    (picture,) = [p for p in lab.svg_outputs() if "data-piece" in p["markup"]]
    assert picture["loaded"] and not picture["inline"]
    assert 'data-piece="black-man" data-square="15"' in picture["markup"]
    expect(lab.page.locator(".jp-OutputArea-child")).to_have_count(1)
    expect(lab.page.locator(".cw-fallback")).to_contain_text("White to move")
    expect(lab.page.get_by_text("Error displaying widget")).to_have_count(0)
    lab.screenshot("untrusted")


def test_exported_html_shows_one_picture(page, console_log, artifacts_dir):
    nb = _notebook_run_after_11_15(widget_state=False)
    html, _ = HTMLExporter().from_notebook_node(nb)  # the lab template
    (artifacts_dir / "look-export.html").write_text(html)
    page.set_content(html)
    # One output, the picture of the last position: no widget state, no widget view.
    outputs = page.locator(".jp-Cell-outputArea .jp-OutputArea-child")
    expect(outputs).to_have_count(1)
    expect(outputs.locator(".cw-fallback img")).to_be_visible()
    expect(outputs).to_contain_text("White to move")
    expect(outputs).to_contain_text("Run the notebook to play on this board")
    page.screenshot(path=str(artifacts_dir / "look-export.png"), full_page=True)

    # With the widgets' state saved, nbconvert writes the widget view for the widget
    # manager the page loads from unpkg.com: offline, the output stays empty.
    with_state, _ = HTMLExporter().from_notebook_node(_notebook_run_after_11_15(widget_state=True))
    page.set_content(with_state)
    outputs = page.locator(".jp-Cell-outputArea .jp-OutputArea-child")
    expect(outputs).to_have_count(1)
    expect(outputs.locator(f'script[type="{WIDGET_VIEW}"]')).to_have_count(1)
    expect(page.locator(".cw-fallback")).to_have_count(0)
    assert outputs.locator(".jp-OutputArea-output").inner_text().strip() == ""
    page.screenshot(path=str(artifacts_dir / "look-export-widget-state.png"), full_page=True)
    # The page asks CDNs for MathJax, require.js and the widgets' embed script; this
    # machine is offline, and the picture needs none of them.
    cdn = ("https://cdnjs.cloudflare.com/", "https://unpkg.com/")
    console_log.entries[:] = [
        e
        for e in console_log.entries
        if not (e.text.startswith("Failed to load resource") and e.url.startswith(cdn))
    ]


# What share of two same-sized pictures differs plainly (an RGB distance above 100).
_JS_DIFFERENT = """
async ([a, b]) => {
  const load = async (png) => {
    const img = new Image();
    img.src = `data:image/png;base64,${png}`;
    await img.decode();
    return img;
  };
  const [ia, ib] = [await load(a), await load(b)];
  const w = Math.min(ia.width, ib.width), h = Math.min(ia.height, ib.height);
  const data = (img) => {
    const canvas = document.createElement('canvas');
    canvas.width = w;
    canvas.height = h;
    const ctx = canvas.getContext('2d');
    ctx.drawImage(img, 0, 0);
    return ctx.getImageData(0, 0, w, h).data;
  };
  const [da, db] = [data(ia), data(ib)];
  let n = 0;
  for (let i = 0; i < da.length; i += 4) {
    const d = Math.hypot(da[i] - db[i], da[i + 1] - db[i + 1], da[i + 2] - db[i + 2]);
    if (d > 100) n++;
  }
  return n / (w * h);
}
"""

# The box of a square number's glyphs (not of its square), in page coordinates.
_JS_GLYPHS = """
(el) => {
  const range = document.createRange();
  range.selectNodeContents(el);
  const r = range.getBoundingClientRect();
  return { x: r.x, y: r.y, width: r.width, height: r.height };
}
"""


def _png(locator) -> str:
    return base64.b64encode(locator.screenshot(animations="disabled")).decode()


@pytest.mark.parametrize("theme", ["JupyterLab Light", "JupyterLab Dark"])
def test_narrow_board_lines_numbers_and_movable_pieces_read(
    lab, make_notebook, theme, artifacts_dir
):
    """The review of a 700-px window (boards about 300 px wide): the hint's line of play
    was cut to "line: 11-15 2…", the square numbers were tiny white specks over the
    cream pieces, and the glow of a movable black king hardly showed in the dark theme."""
    lab.page.set_viewport_size({"width": 1600, "height": 1000})
    path = make_notebook(
        """
        import ipywidgets as ipw
        from checkers_widget import CheckersWidget, Engine, Game
        narrow = CheckersWidget(hint_engine=Engine("easy", seed=1), show_numbers=True,
                                live_eval=True)
        hint = narrow.hint(depth=8)
        wide = CheckersWidget(Game(fen="B:W18,19:BK14,K1,15,5"), show_numbers=True, size=720)
        display(ipw.Box([narrow], layout=ipw.Layout(width="300px")), wide)
        print("pv", " ".join(str(m) for m in hint.pv[:6]))
        """
    )
    lab.open_in_lab(path)
    if theme != "JupyterLab Light":
        lab.set_theme(theme)
    lab.run_all_cells()
    expect(lab.page.locator(BOARD)).to_have_count(2)
    pv = next(t for t in lab.output_texts() if t.startswith("pv")).split(maxsplit=1)[1].strip()
    roots = lab.page.locator(".cw-root")
    narrow, wide = roots.nth(0), roots.nth(1)
    page = lab.page
    slug = theme.split()[-1].lower()

    # 1. The hint's and the evaluation's lines of play wrap; nothing of them is cut off.
    narrow.scroll_into_view_if_needed()
    assert _box(narrow.locator(".cw-frame"))["width"] == pytest.approx(300, abs=1)
    for role in ("hint", "evaluation"):
        line = narrow.locator(f'[data-role="{role}"]')
        expect(line.locator(".cw-line-pv")).to_have_text(re.compile(re.escape(pv)))
        fits = line.evaluate(
            """line => {
              const box = line.getBoundingClientRect();
              const inside = [...line.querySelectorAll('*')].every((e) =>
                [...e.getClientRects()].every(
                  (r) => r.left >= box.left - 0.5 && r.right <= box.right + 0.5
                    && r.top >= box.top - 0.5 && r.bottom <= box.bottom + 0.5));
              return {
                scroll: line.scrollWidth <= line.clientWidth,
                inside,
                overflow: getComputedStyle(line).textOverflow,
                rows: new Set([...line.querySelectorAll('span')].flatMap((e) =>
                  [...e.getClientRects()].map((r) => Math.round(r.top)))).size,
              };
            }"""
        )
        assert fits["scroll"] and fits["inside"], (role, fits)
        assert fits["overflow"] != "ellipsis", (role, fits)
        assert fits["rows"] >= 2, (role, fits)  # in 300 px the line wraps
    narrow.screenshot(path=str(artifacts_dir / f"look-narrow-lines-{slug}.png"))

    # 2. The square numbers: legible in a 300-px board, a light figure in a dark outline
    # that reads on the green squares and over the cream and the black pieces.
    boards = ((narrow, 10), (wide, 12))
    for root, smallest in boards:
        size = root.locator('.cw-num[data-number="1"]').evaluate(
            "e => parseFloat(getComputedStyle(e).fontSize)"
        )
        assert size >= smallest, size
    for root, n in ((narrow, 30), (narrow, 3), (wide, 5), (wide, 26)):  # white, black, black, none
        num = root.locator(f'.cw-num[data-number="{n}"]')
        num.scroll_into_view_if_needed()
        clip = num.evaluate(_JS_GLYPHS)
        png = base64.b64encode(page.screenshot(clip=clip, animations="disabled")).decode()
        lo, hi = page.evaluate(_JS_LUMINANCES, png)
        assert hi > 0.9 and lo < 0.15, (n, lo, hi)

    # 3. A movable piece is marked plainly, a black king as well as a black man: its
    # square looks unlike the square of the same piece that cannot move.
    wide.screenshot(path=str(artifacts_dir / f"look-wide-numbers-{slug}.png"))
    kernel(page, "wide.show_numbers = False")
    expect(wide.locator(".cw-numbers")).to_be_hidden()
    wide.scroll_into_view_if_needed()
    cell = lambda n: sq(wide, n, template=CW_SQUARE)  # noqa: E731
    expect(cell(14)).to_have_class(re.compile(r"\bcw-movable\b"))
    expect(cell(1)).not_to_have_class(re.compile(r"\bcw-movable\b"))
    for moves, still in ((14, 1), (15, 5)):  # king, king; man, man
        share = page.evaluate(_JS_DIFFERENT, [_png(cell(moves)), _png(cell(still))])
        assert share > 0.12, (moves, still, share)
