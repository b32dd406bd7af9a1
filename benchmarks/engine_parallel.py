"""Root splitting (``Engine(workers=N)``): one process against N, on the same positions.

Two measurements on the start position and ``--ballots`` 3-move ballots:

* **fixed time**: each position searched for ``--time`` seconds (default 1, Hard's
  budget) with ``workers=1`` and with ``workers=N`` (``--workers``, default 2), in turn;
  the depth completed and the nodes (all processes together) of each.
* **time to depth**: each position searched to ``--depth`` plies (default 11) with each
  number of workers (no time limit that matters): the wall time. This is the honest
  speed-up figure: more nodes a second do not help if the split searches more nodes to
  reach the same depth (each share searches its first move with a full window and
  shares no transposition table, so it cuts less than one search of all the moves).

The machine's load average is printed before and after each position: on a shared
machine another job takes a core from the workers, and the figures mean little then.
The pool is started (and warmed up) before the timings.

    .venv/bin/python benchmarks/engine_parallel.py                      # about 1 minute
    .venv/bin/python benchmarks/engine_parallel.py --ballots 8 --depth 12 --time 1
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from engine_common import ballots, table

from checkers_widget import START_FEN, Board
from checkers_widget.engine import Engine


def load() -> str:
    """The 1-minute load average and the number of cores, e.g. ``1.93/2``."""
    return f"{os.getloadavg()[0]:.2f}/{os.cpu_count()}"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--time", type=float, default=1.0, help="seconds a search")
    parser.add_argument("--depth", type=int, default=11, help="depth for the time to depth")
    parser.add_argument("--ballots", type=int, default=5)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args(argv)
    positions = [("start", START_FEN)] + [
        (f"#{acf} {mv}", fen) for acf, mv, fen in ballots(args.ballots)
    ]
    one = Engine("hard", book=False)
    many = Engine("hard", book=False, workers=args.workers)
    many.analyse(Board(), time=0.2)  # start the pool outside the timings
    print(f"{len(positions)} positions, {args.time}s a search, depth {args.depth}; load {load()}")
    rows: list[list[str]] = []
    ratios: list[float] = []
    gains: list[int] = []
    try:
        for label, fen in positions:
            board = Board(fen)
            before = load()
            a = one.analyse(board, time=args.time)
            b = many.analyse(board, time=args.time)
            t0 = time.perf_counter()
            one.analyse(board, depth=args.depth, time=600)
            t1 = time.perf_counter()
            many.analyse(board, depth=args.depth, time=600)
            t2 = time.perf_counter()
            ratios.append((t1 - t0) / (t2 - t1))
            gains.append(b.depth - a.depth)
            rows.append(
                [
                    label,
                    f"{a.depth}/{b.depth}",
                    f"{a.nodes}/{b.nodes}",
                    f"{a.move}/{b.move}",
                    f"{t1 - t0:.2f}/{t2 - t1:.2f}",
                    f"{(t1 - t0) / (t2 - t1):.2f}",
                    f"{before} -> {load()}",
                ]
            )
            print("  " + "  ".join(rows[-1]), flush=True)
    finally:
        many.close()
    n = args.workers
    print()
    print(
        table(
            rows,
            [
                "position",
                f"depth 1/{n}",
                f"nodes 1/{n}",
                f"move 1/{n}",
                f"s to d{args.depth} 1/{n}",
                "speed-up",
                "load",
            ],
        )
    )
    print(
        f"\ntime-to-depth speed-up: median {statistics.median(ratios):.2f}, "
        f"geometric mean {statistics.geometric_mean(ratios):.2f}; "
        f"depth gained in {args.time}s: mean {statistics.mean(gains):+.2f}"
    )


if __name__ == "__main__":
    main()
