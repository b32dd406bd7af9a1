"""Engine speed: depth reached and nodes per second in a fixed time per position.

From the start position and from twenty 3-move ballot positions (acf_3move_ballots.csv,
spread over the 156-opening deck), the Hard engine searches for ``--time`` seconds
(default 1) and the script prints, per position, the depth completed, the nodes
searched, nodes per second and the move, then a summary. ``--depth D`` also reports
the time needed to complete depth D from the start position.

    .venv/bin/python benchmarks/engine_speed.py               # about 25 s
    .venv/bin/python benchmarks/engine_speed.py --time 0.5 --ballots 5 --depth 12
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from engine_common import ballots, table

from checkers_widget import START_FEN, Board
from checkers_widget.engine import Engine


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--time", type=float, default=1.0, help="seconds per position")
    parser.add_argument("--ballots", type=int, default=20, help="3-move ballot positions")
    parser.add_argument("--depth", type=int, default=0, help="also time this depth (start)")
    args = parser.parse_args(argv)

    positions = [("start", "", START_FEN)] + [
        (f"#{acf}", moves, fen) for acf, moves, fen in ballots(args.ballots)
    ]
    rows = []
    depths = []
    rates = []
    forced = []
    for name, moves, fen in positions:
        engine = Engine("hard")
        board = Board(fen)
        a = engine.analyse(board, time=args.time)
        rate = a.nodes / a.time if a.time else 0.0
        if len(board.legal_moves()) == 1:
            # A single legal move (a forced capture): the engine answers after depth 4
            # instead of using its time; left out of the summary.
            forced.append(name)
            name += " (forced)"
        else:
            depths.append(a.depth)
            rates.append(rate)
        rows.append(
            [
                name,
                moves,
                str(a.depth),
                str(a.seldepth),
                f"{a.nodes:,}",
                f"{rate:,.0f}",
                f"{a.time:.2f}",
                str(a.move),
                a.score_text,
            ]
        )
        print(f"  {name:6s} {moves:18s} depth {a.depth:2d}  {rate:9,.0f} nodes/s", flush=True)
    print()
    print(
        table(
            rows,
            ["position", "ballot", "depth", "seldepth", "nodes", "nodes/s", "s", "move", "score"],
        )
    )
    print()
    print(
        f"start position: depth {depths[0]} in {args.time}s; ballots: depth "
        f"min {min(depths[1:], default=0)} / median {statistics.median(depths[1:] or [0])} / "
        f"max {max(depths[1:], default=0)}; nodes/s median {statistics.median(rates):,.0f}"
        + (f"; {len(forced)} forced positions left out" if forced else "")
    )
    if args.depth:
        started = time.perf_counter()
        a = Engine("hard").analyse(Board(), depth=args.depth)
        print(
            f"start position to depth {args.depth}: {time.perf_counter() - started:.2f}s, "
            f"{a.nodes:,} nodes, {a.move} {a.score_text}"
        )


if __name__ == "__main__":
    main()
