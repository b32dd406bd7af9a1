"""How quick and how light the board widget is, measured in a real JupyterLab.

Prints three figures against the widget's targets (issue: "From the click on a landing
square to the new position drawn: under 50 ms median in JupyterLab on this machine.
Minified bundle under 60 KB. State sent per move under 4 KB."):

* click-to-drawn latency: a pointer click on a landing square, timed in the page until
  the moved piece stands on its new square (one kernel round trip plus drawing), over
  a series of moves with animation off, median and quartiles;
* the size of the built bundle (raw and gzipped);
* the size of the state sent per move, as JSON, over a real game from the archive.

Run with the project's virtual environment after ``make setup``:

    .venv/bin/python benchmarks/widget_latency.py [--moves 20]

It needs Debian's chromium (``make test`` installs it). Numbers vary with the machine's
load; run it on a quiet machine and compare against earlier runs, not absolute values.
"""

from __future__ import annotations

import argparse
import gzip
import json
import statistics
import sys
import textwrap
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
# The browser harness lives with the tests, and imports the tests' slowdown knob.
sys.path.insert(0, str(REPO / "tests"))
sys.path.insert(0, str(REPO / "tests" / "browser"))

from jupyter_harness import (  # noqa: E402
    CHROMIUM_ARGS,
    JupyterDriver,
    chromium_executable,
    start_jupyter_server,
)
from playwright.sync_api import sync_playwright  # noqa: E402

from checkers_widget import Game  # noqa: E402
from checkers_widget.widget import CheckersWidget  # noqa: E402

# The opening of the first game of the Open Checkers Archive (Manchester 1841).
LINE = [
    "11-15",
    "24-20",
    "8-11",
    "28-24",
    "9-13",
    "22-18",
    "15x22",
    "25x18",
    "4-8",
    "26-22",
    "10-14",
    "18x9",
    "5x14",
    "22-18",
    "1-5",
    "18x9",
    "5x14",
    "29-25",
    "11-15",
    "24-19",
    "15x24",
    "25-22",
    "24-28",
    "22-18",
]

_CLICK_JS = """([from, to]) => new Promise((resolve, reject) => {
  const root = document.querySelector('.cw-root');
  const square = (n) => root.querySelector(`[data-square="${n}"]:not([data-piece])`);
  const press = (el) => {
    for (const type of ['pointerdown', 'pointerup']) {
      el.dispatchEvent(new PointerEvent(type, {
        bubbles: true, button: 0, pointerId: 1, isPrimary: true,
      }));
    }
  };
  press(square(from));
  const start = performance.now();
  const done = () => root.querySelector(`[data-piece][data-square="${to}"]`)
    && !root.querySelector(`[data-piece][data-square="${from}"]`);
  const observer = new MutationObserver(() => {
    if (done()) { observer.disconnect(); resolve(performance.now() - start); }
  });
  observer.observe(root, {subtree: true, childList: true, attributes: true});
  press(square(to));
  setTimeout(() => { observer.disconnect(); reject(new Error(`no move ${from}-${to}`)); }, 20000);
})"""


def state_sizes() -> list[int]:
    """Bytes of JSON state published after each move of the sample line."""
    widget = CheckersWidget(Game())
    sizes = [len(json.dumps(widget.state))]
    for text in LINE:
        widget.play(text)
        sizes.append(len(json.dumps(widget.state)))
    return sizes


def bundle_sizes() -> tuple[int, int]:
    bundle = REPO / "src" / "checkers_widget" / "static" / "widget.js"
    data = bundle.read_bytes()
    return len(data), len(gzip.compress(data))


def click_latencies(moves: int) -> list[float]:
    notebook = textwrap.dedent(
        """
        from checkers_widget.widget import CheckersWidget
        w = CheckersWidget(animate=False)
        w
        """
    ).strip()
    import nbformat

    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(notebook)]
    nb.metadata["kernelspec"] = {
        "name": "python3",
        "display_name": "Python 3",
        "language": "python",
    }
    server = start_jupyter_server(REPO / "examples", REPO / "benchmarks" / ".artifacts")
    try:
        nbformat.write(nb, server.root_dir / "latency.ipynb")
        with sync_playwright() as pw:
            browser = pw.chromium.launch(
                executable_path=chromium_executable(), headless=True, args=CHROMIUM_ARGS
            )
            page = browser.new_page(viewport={"width": 1280, "height": 900})
            driver = JupyterDriver(page, server, REPO / "benchmarks" / ".artifacts", "latency")
            driver.open_in_lab("latency.ipynb")
            driver.run_all_cells()
            page.wait_for_selector(".cw-root [data-square]")
            times = []
            for text in LINE[:moves]:
                if "x" in text:
                    squares = [int(s) for s in text.split("x")]
                else:
                    squares = [int(s) for s in text.split("-")]
                times.append(page.evaluate(_CLICK_JS, [squares[0], squares[-1]]))
            browser.close()
            return times
    finally:
        server.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--moves", type=int, default=len(LINE), help="moves to time")
    args = parser.parse_args()

    sizes = state_sizes()
    raw, zipped = bundle_sizes()
    times = click_latencies(min(args.moves, len(LINE)))
    q1, median, q3 = statistics.quantiles(times, n=4)
    print(f"{'figure':40} {'value':>14}  target")
    print("-" * 72)
    print(f"{'click to drawn, median (ms)':40} {median:14.1f}  < 50")
    print(f"{'click to drawn, quartiles (ms)':40} {q1:6.1f} {q3:7.1f}")
    print(f"{'click to drawn, max (ms)':40} {max(times):14.1f}")
    print(f"{'bundle widget.js (KB, minified)':40} {raw / 1024:14.1f}  < 60")
    print(f"{'bundle widget.js (KB, gzip)':40} {zipped / 1024:14.1f}")
    print(f"{'state per move, max (KB)':40} {max(sizes) / 1024:14.2f}  < 4")
    print(f"{'state per move, median (KB)':40} {statistics.median(sizes) / 1024:14.2f}")


if __name__ == "__main__":
    main()
