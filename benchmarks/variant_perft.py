"""Perft of the other draughts variants from their start positions: exactness and speed.

Usage::

    python benchmarks/variant_perft.py                      # every variant, default depths
    python benchmarks/variant_perft.py international --depth 7
    python benchmarks/variant_perft.py russian pool --depth 8   # where Russian and pool part

Each variant is counted by the general generator (:mod:`checkers_widget.core.variant_movegen`)
from its start position, with bulk counting at the last ply, and compared with the
published table (sources and conventions: ``tests/core/test_variants_perft.py``). The
deeper entries, which the tests leave out for time, are the ones that tell variants apart:
Russian and pool first differ at depth 8, Italian and Spanish at depth 9. Prints leaves per
second; exits with status 1 if a count differs from the table.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

try:
    from checkers_widget import Board
except ImportError:  # not installed: run from the source tree
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))
    from checkers_widget import Board

#: Leaf counts from the start position; see tests/core/test_variants_perft.py for sources.
PUBLISHED: dict[str, list[int]] = {
    "international": [9, 81, 658, 4265, 27117, 167140, 1049442, 6483961, 41022423],
    "russian": [7, 49, 302, 1469, 7482, 37986, 190146, 929899, 4570586, 22444032],
    "brazilian": [7, 49, 302, 1469, 7473, 37628, 187302, 907830, 4431766, 21560022],
    "pool": [7, 49, 302, 1469, 7482, 37986, 190146, 929896, 4570534, 22435955],
    "italian": [7, 49, 302, 1469, 7361, 36473, 177532, 828783, 3860875, 17761384],
    "spanish": [7, 49, 302, 1469, 7361, 36473, 177532, 828783, 3860866, 17743464],
}

#: Default depths: a few seconds each in CPython (Italian and Spanish at 9: half a minute).
DEFAULT_DEPTH = {"international": 7, "italian": 8, "spanish": 8}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("variants", nargs="*", default=sorted(PUBLISHED), help="variant names")
    parser.add_argument("--depth", type=int, help="perft depth (default: per variant)")
    args = parser.parse_args()
    failed = False
    print(f"{'variant':15} {'depth':>5} {'leaves':>12} {'seconds':>8} {'leaves/s':>10}  published")
    for name in args.variants:
        table = PUBLISHED[name]
        depth = args.depth or DEFAULT_DEPTH.get(name, 8)
        board = Board(variant=name)
        start = time.perf_counter()
        leaves = board.perft(depth)
        seconds = time.perf_counter() - start
        expected = table[depth - 1] if depth <= len(table) else None
        verdict = "?" if expected is None else ("yes" if leaves == expected else f"NO ({expected})")
        failed |= expected is not None and leaves != expected
        rate = leaves / seconds
        print(f"{name:15} {depth:>5} {leaves:>12,} {seconds:>8.2f} {rate:>10,.0f}  {verdict}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
