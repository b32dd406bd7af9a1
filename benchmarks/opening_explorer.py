"""The opening explorer's costs: the bundled OCA index's size, load time and memory, the
Tinsley explorer's build time, and the time of one look-up (the panel asks once a publish).

    python benchmarks/opening_explorer.py            # best of 3 (about 20 s)
    python benchmarks/opening_explorer.py --archive  # also read the whole OCA PDN (~30 s more)

Prints the load average first: on a shared machine the times scale with it.
"""

from __future__ import annotations

import argparse
import gc
import lzma
import os
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path

from checkers_widget import Board, data, read_games
from checkers_widget.analysis.explorer import INDEX_FILE, OCA_PLIES, OpeningExplorer

ARCHIVE = Path(__file__).resolve().parent.parent / "tests" / "data" / "OCA_2.0.pdn.xz"


def best(repeat: int, run: Callable[[], object]) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--archive", action="store_true", help="also read the OCA PDN")
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    raw = data.read_bytes(INDEX_FILE)
    print(
        f"{INDEX_FILE}: {len(raw):,} bytes (the archive it comes from: "
        f"{ARCHIVE.stat().st_size:,} bytes of PDN.xz)"
    )
    oca = OpeningExplorer.from_bytes(raw)
    print(f"  {oca.games:,} games, first {OCA_PLIES} plies, {oca.positions:,} positions")
    print(f"  load: {best(args.repeat, lambda: OpeningExplorer.from_bytes(raw)):.2f} s")
    gc.collect()
    tracemalloc.start()
    kept = OpeningExplorer.from_bytes(raw)
    gc.collect()
    current, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    print(f"  memory: {current / 1e6:.1f} MB kept, {peak / 1e6:.1f} MB at the peak of loading")
    del kept
    games = list(data.tinsley_games(variations="skip"))
    plies = sum(len(g.line) for g in games)
    read = best(args.repeat, lambda: list(data.tinsley_games(variations="skip")))
    build = best(args.repeat, lambda: OpeningExplorer.from_games(games))
    tinsley = OpeningExplorer.from_games(games)
    print(f"Tinsley: {len(games)} games, {plies:,} plies, {tinsley.positions:,} positions")
    print(f"  read the PDN: {read:.2f} s; build the index from the games: {build:.2f} s")
    board = Board()
    n = 2000
    lookup = best(args.repeat, lambda: [oca.moves(board) for _ in range(n)]) / n
    print(f"one look-up (the start position, OCA): {lookup * 1e6:.0f} µs")
    if args.archive:

        def read_archive() -> int:
            with lzma.open(ARCHIVE) as archive:
                return sum(1 for _ in read_games(archive, variations="skip"))

        print(f"reading the whole OCA PDN: {best(1, read_archive):.1f} s")
    print(f"load average {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
