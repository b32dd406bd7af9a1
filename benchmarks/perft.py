"""Perft speed from the start position: checkers-widget side by side with pure-Python peers.

Usage::

    python benchmarks/perft.py                  # ours at depth 9, clatsop at depth 8
    python benchmarks/perft.py --depth 8 --peer-depth 8 --repeat 5
    python benchmarks/perft.py --py-draughts    # also py-draughts 1.10.1, for information

Every engine counts the leaves of the legal-move tree with bulk counting at the last ply
(the number of legal moves of a position is the number of its leaves one ply down), so
the figures are comparable. Each measurement is the best of ``--repeat`` runs, and the
engines take turns round by round, so a burst of load on the machine hits all of them
alike; compare the ratios rather than the raw figures on a busy machine (``--clock cpu``
times this process's CPU instead of the wall clock, which other processes disturb less).

The peers (``pip install -e . --group bench``, or ``pip install clatsop==0.1.0
py-draughts==1.10.1``):

* clatsop 0.1.0 -- pure Python, correct (compulsory capture, capture paths counted
  separately). It has no perft of its own; it is driven here through its fastest public
  entry point, ``Ruleset.expand_packed_unchecked`` (no validation, no model objects).
* py-draughts 1.10.1 -- its American variant treats captures as optional, so its counts
  differ from the published ones from depth 3 on; shown only as a speed reference
  (``--py-draughts``; it is slow, so it runs at ``--py-draughts-depth``, default 6).

The script exits with status 1 if our node count differs from the published value.
"""

from __future__ import annotations

import argparse
import platform
import sys
import time
from collections.abc import Callable
from pathlib import Path

#: Leaf counts from the start position (A. Bik; OEIS A133046; M. Fierz), capture paths
#: that take the same pieces in another order counted separately.
PUBLISHED = {
    1: 7,
    2: 49,
    3: 302,
    4: 1469,
    5: 7361,
    6: 36768,
    7: 179740,
    8: 845931,
    9: 3963680,
    10: 18391564,
    11: 85242128,
    12: 388623673,
}

#: The speed goal of the perft issue, checked (and printed) at depth 9.
GOAL_NODES_PER_SECOND = 1_000_000
GOAL_RATIO = 5.0

INSTALL_HINT = (
    "pip install -e . --group bench  (or: pip install clatsop==0.1.0 py-draughts==1.10.1)"
)


def _ours() -> Callable[[int], int]:
    try:
        from checkers_widget import Board
    except ImportError:  # not installed: run from the source tree
        sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))
        from checkers_widget import Board

    def run(depth: int) -> int:
        return Board().perft(depth)

    return run


def _clatsop() -> Callable[[int], int] | None:
    try:
        from clatsop import Ruleset, Turn
    except ImportError:
        return None
    expand = Ruleset.american().expand_packed_unchecked
    start = Turn.initial().packed

    def perft(state: int, depth: int) -> int:
        successors, _status = expand(state)
        if depth == 1:
            return len(successors)
        return sum(perft(s, depth - 1) for s in successors)

    def run(depth: int) -> int:
        return perft(start, depth) if depth > 0 else 1

    return run


def _py_draughts() -> Callable[[int], int] | None:
    try:
        import draughts
    except ImportError:
        return None

    def perft(board: object, depth: int) -> int:
        moves = board.legal_moves
        if depth == 1:
            return len(moves)
        total = 0
        for move in moves:
            board.push(move)
            total += perft(board, depth - 1)
            board.pop()
        return total

    def run(depth: int) -> int:
        return perft(draughts.AmericanBoard(), depth) if depth > 0 else 1

    return run


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--depth", type=int, default=9, help="our perft depth (default 9)")
    parser.add_argument(
        "--peer-depth",
        type=int,
        default=None,
        help="clatsop's depth (default: --depth, capped at 8 since depth 9 takes it ~20 s a run)",
    )
    parser.add_argument("--repeat", type=int, default=3, help="best of N runs (default 3)")
    parser.add_argument(
        "--py-draughts", action="store_true", help="also time py-draughts (for information)"
    )
    parser.add_argument("--py-draughts-depth", type=int, default=6, help="its depth (default 6)")
    parser.add_argument(
        "--clock",
        choices=("wall", "cpu"),
        default="wall",
        help="wall-clock time (default) or this process's CPU time, steadier on a busy machine",
    )
    args = parser.parse_args(argv)
    peer_depth = args.peer_depth if args.peer_depth is not None else min(args.depth, 8)

    engines: list[tuple[str, int, Callable[[int], int], str]] = [
        ("checkers-widget", args.depth, _ours(), "")
    ]
    clatsop = _clatsop()
    if clatsop is None:
        print(f"clatsop is not installed, so there is nothing to compare with: {INSTALL_HINT}")
    else:
        engines.append(("clatsop 0.1.0", peer_depth, clatsop, ""))
    if args.py_draughts:
        pyd = _py_draughts()
        if pyd is None:
            print(f"py-draughts is not installed: {INSTALL_HINT}")
        else:
            note = "captures optional in its American variant"
            engines.append(("py-draughts 1.10.1", args.py_draughts_depth, pyd, note))

    print(
        f"{platform.python_implementation()} {platform.python_version()} on "
        f"{platform.machine()} {platform.system()}; best of {args.repeat} runs, "
        f"{'wall-clock' if args.clock == 'wall' else 'CPU'} time"
    )
    clock = time.perf_counter if args.clock == "wall" else time.process_time
    best = [float("inf")] * len(engines)
    nodes = [0] * len(engines)
    for _round in range(args.repeat):
        for i, (_name, depth, run, _note) in enumerate(engines):
            t0 = clock()
            nodes[i] = run(depth)
            best[i] = min(best[i], clock() - t0)

    rates = [n / t if t > 0 else float("inf") for n, t in zip(nodes, best, strict=True)]
    base = rates[1] if clatsop is not None else None
    header = f"{'engine':<20}{'depth':>6}{'nodes':>12}{'seconds':>9}{'nodes/s':>12}"
    header += f"{'vs clatsop':>12}  matches published"
    print(header)
    print("-" * len(header))
    ours_ok = True
    for i, (name, depth, _run, note) in enumerate(engines):
        expected = PUBLISHED.get(depth)
        if expected is None:
            match = "n/a (no published value)"
        elif nodes[i] == expected:
            match = "yes"
        else:
            match = f"NO (published {expected:,})"
        if note:
            match += f"; {note}"
        if i == 0 and expected is not None and nodes[i] != expected:
            ours_ok = False
        ratio = f"{rates[i] / base:.2f}x" if base else "-"
        print(
            f"{name:<20}{depth:>6}{nodes[i]:>12,}{best[i]:>9.3f}{rates[i]:>12,.0f}"
            f"{ratio:>12}  {match}"
        )

    if args.depth == 9 and base:
        ratio = rates[0] / base
        met = rates[0] >= GOAL_NODES_PER_SECOND and ratio >= GOAL_RATIO and ours_ok
        print(
            f"goal (perft(9) >= {GOAL_NODES_PER_SECOND:,} nodes/s and >= {GOAL_RATIO:g}x "
            f"clatsop): {'met' if met else 'NOT met'} ({rates[0]:,.0f} nodes/s, {ratio:.1f}x)"
        )
    return 0 if ours_ok else 1


if __name__ == "__main__":
    sys.exit(main())
