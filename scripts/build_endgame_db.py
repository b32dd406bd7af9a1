"""Build the endgame databases (every position of at most four pieces) and write them.

Writes ``src/checkers_widget/data/endgame_4.bin`` (see
:mod:`checkers_widget.engine.endgame_db` for what is in it and how it is built). Run it
from the repository's root after a change to the rules, the index or the format::

    python scripts/build_endgame_db.py              # all of 4 pieces: about a minute
    python scripts/build_endgame_db.py --pieces 3   # a few seconds, to another file

Measured (CPython 3.11, one core of a 2-core machine shared with other jobs): 41
signatures, 6,408,836 positions in 67 s; 2,675,270 won, 2,004,797 lost, 1,728,769
drawn; the longest win takes 109 plies; the file is 1,814,856 bytes.

It prints each signature as it is done (with the time so far), then the totals: time,
positions, wins, draws and losses, the longest distance and the file's size. The file
is the same byte for byte on every run, so a rebuild shows in git only when something
changed.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from checkers_widget.engine.endgame_db import (
    DATA_FILE,
    MAX_PIECES,
    Signature,
    build,
    decode,
    encode,
)

ROOT = Path(__file__).resolve().parent.parent
TARGET = ROOT / "src" / "checkers_widget" / "data" / DATA_FILE


def _name(sig: Signature) -> str:
    """``2M1K v 1K``: the side to move's men and kings, then the other side's."""

    def side(men: int, kings: int) -> str:
        return "".join(f"{n}{c}" for n, c in ((men, "M"), (kings, "K")) if n)

    return f"{side(*sig[:2])} v {side(*sig[2:])}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--pieces", type=int, default=MAX_PIECES)
    parser.add_argument("--out", type=Path, default=None, help=f"default: {TARGET}")
    args = parser.parse_args(argv)
    out: Path = args.out or (
        TARGET if args.pieces == MAX_PIECES else Path(f"endgame_{args.pieces}.bin")
    )
    start = time.perf_counter()

    counted = 0

    def progress(done: int, total: int, sig: Signature, positions: int) -> None:
        nonlocal counted
        counted += positions
        bar = "#" * (30 * done // total)
        print(
            f"[{bar:<30}] {done:2d}/{total} {_name(sig):<12} {positions:>9,} positions"
            f"  {time.perf_counter() - start:6.1f}s",
            flush=True,
        )

    tables = build(args.pieces, progress)
    built = time.perf_counter() - start
    data = encode(tables, args.pieces)
    if decode(data) != tables:
        print("the file does not read back as written", file=sys.stderr)
        return 1
    out.write_bytes(data)
    wins = losses = draws = 0
    longest = 0
    for table in tables.values():
        counts = [table.count(bytes([b])) for b in range(256)]
        draws += counts[0]
        for b in range(1, 256):
            if counts[b]:
                longest = max(longest, b - 1)
                if (b - 1) & 1:
                    wins += counts[b]
                else:
                    losses += counts[b]
    indices = sum(len(t) for t in tables.values())
    print(f"built in {built:.1f}s (CPython {sys.version.split()[0]}, one core)")
    print(
        f"{counted:,} positions ({indices:,} indices): {wins:,} won, {losses:,} lost,"
        f" {counted - wins - losses:,} drawn"
    )
    print(f"longest win or loss: {longest} plies")
    print(f"wrote {out} ({len(data):,} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
