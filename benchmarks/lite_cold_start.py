"""The JupyterLite site's cold start, as a pupil meets it: page opened to a playable board,
and a first click to the computer's reply.

Each run is a fresh headless Debian Chromium (no cache) on the site ``make lite`` built,
served from 127.0.0.1, doing what ``tests/browser/test_lite.py``'s
``test_a_new_notebook_plays_the_computer`` does: open JupyterLab, make a notebook, wait for
the Pyodide kernel, run ``CheckersWidget(opponent="easy")``, click 11-15 and wait for the
reply. That test prints its three times; this script runs it ``--runs`` times in fresh
processes and prints them side by side with the machine's load before and after each run
(the 2-core machines are shared: a busy one gives less).

Usage (after ``make lite``)::

    .venv/bin/python benchmarks/lite_cold_start.py --runs 3
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TEST = "tests/browser/test_lite.py::test_a_new_notebook_plays_the_computer"
#: The line the test prints: "lite: kernel idle after 21 s, board drawn 3 s later, click to
#: reply 4 s".
TIMES = re.compile(
    r"lite: kernel idle after (\d+) s, board drawn (\d+) s later, click to reply (\d+) s"
)


def one_run() -> tuple[int, int, int]:
    """The kernel-ready, board-drawn and reply times (seconds) of one fresh run."""
    done = subprocess.run(
        [sys.executable, "-m", "pytest", TEST, "-s", "-q", "-p", "no:xdist"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    found = TIMES.search(done.stdout)
    if done.returncode != 0 or found is None:
        sys.exit(f"the run failed (exit {done.returncode}):\n{done.stdout[-3000:]}")
    kernel, drawn, reply = (int(x) for x in found.groups())
    return kernel, drawn, reply


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3, help="fresh runs (default 3)")
    args = parser.parse_args()
    if not (ROOT / "build" / "lite" / "index.html").exists():
        sys.exit("build the site first: make lite")
    print("run  load before  kernel ready  board playable  first reply  load after")
    playable: list[int] = []
    replies: list[int] = []
    for run in range(1, args.runs + 1):
        before = os.getloadavg()[0]
        kernel, drawn, reply = one_run()
        after = os.getloadavg()[0]
        playable.append(kernel + drawn)
        replies.append(kernel + drawn + reply)
        print(
            f"{run:>3}  {before:>11.1f}  {kernel:>10} s  {kernel + drawn:>12} s  "
            f"{kernel + drawn + reply:>9} s  {after:>10.1f}"
        )
    print(
        f"median: page open to a playable board {statistics.median(playable):g} s, "
        f"to the computer's first reply {statistics.median(replies):g} s"
    )


if __name__ == "__main__":
    main()
