"""Perft of every draughts variant, ours side by side with the peers that play its rules.

Usage::

    python benchmarks/variant_perft_peers.py --quick          # small depths: a smoke run
    python benchmarks/variant_perft_peers.py                  # the full run, a few minutes
    python benchmarks/variant_perft_peers.py --pydraughts-python /tmp/pyd-venv/bin/python
    python benchmarks/variant_perft_peers.py russian brazilian --depth 7 --clock cpu

For each variant it counts the leaves of the legal-move tree from the start position
(perft, bulk-counted at the last ply) with ``checkers_widget.Board(variant=...)`` and, in
the same run, with each peer that has the variant:

* clatsop 0.1.0: American checkers only (driven as in ``perft.py``);
* py-draughts 1.10.1: international (its ``StandardBoard``), Russian, Brazilian and
  American boards;
* pydraughts 0.6.7: ``draughts.Board(variant=...)`` for international ("standard"),
  Russian, Brazilian, Italian and American ("english"). It is slow (about 1,000 leaves
  a second), so it gets its own, smaller depth (``--pydraughts-depth``).

A speed is compared only where the rules agree: each peer is first counted, untimed, at
depths 1 to 4 (at most one less than the timed depth), and the timed count must also
match. The reference is the published table (``variant_perft.PUBLISHED``, and
``perft.PUBLISHED`` for American checkers and giveaway, whose moves are American ones).
Where a peer's count differs, the row says "rules differ" and gives no ratio: a different
tree is a different job (py-draughts' American board, for one, makes captures optional).
Variants that no peer plays (pool, Spanish, giveaway) get a row with our speed alone.

Every peer runs in a child process with its own interpreter: pydraughts and py-draughts
both install a top-level package named ``draughts``, so they cannot share an environment,
and pydraughts needs one of its own (``--pydraughts-python``). The child times only the
perft (not its start-up or imports), with the same clock as ours. Ours and the peer take
turns round by round (best of ``--repeat``), so a burst of load from other processes hits
both alike; the 1-minute load average is printed per row and at the start and the end. On
a shared machine read the ratio column rather than the raw figures.

The script exits with status 1 if any of OUR counts differs from the published table. A
missing or failing peer is reported in its row and skipped; it never stops the run.
"""

from __future__ import annotations

import argparse
import importlib.metadata
import json
import os
import platform
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent

#: Our variants in the order of the table.
VARIANTS = (
    "american",
    "giveaway",
    "international",
    "russian",
    "brazilian",
    "pool",
    "italian",
    "spanish",
)

#: Each peer's name for the variants it has (ours -> its own).
PEER_VARIANTS: dict[str, dict[str, str]] = {
    "clatsop": {"american": "american"},
    "py-draughts": {
        "american": "AmericanBoard",
        "international": "StandardBoard",
        "russian": "RussianBoard",
        "brazilian": "BrazilianBoard",
    },
    "pydraughts": {
        "american": "english",
        "international": "standard",
        "russian": "russian",
        "brazilian": "brazilian",
        "italian": "italian",
    },
}

#: The distribution each peer is installed as (its module is named differently).
DISTRIBUTION = {"clatsop": "clatsop", "py-draughts": "py-draughts", "pydraughts": "pydraughts"}

#: What is known to set a peer's rules apart, printed after a detected "rules differ".
KNOWN_DIFFERENCES = {
    ("py-draughts", "american"): "its American board makes captures optional",
}

#: Peers are counted untimed at depths 1 to this (and below the timed depth) first.
CHECK_DEPTH = 4

#: Default depths. ``None``: the variant's depth in ``variant_perft.DEFAULT_DEPTH``.
CLATSOP_DEPTH = 8  # as in perft.py: depth 9 takes clatsop about 20 s a run
PYDRAUGHTS_DEPTH = {8: 5, 10: 4}  # by board size: about 10 s a run at ~1,000 leaves/s
QUICK_DEPTH = 4
QUICK_PYDRAUGHTS_DEPTH = 3

INSTALL_HINT = {
    "clatsop": "pip install -e . --group bench  (or: pip install clatsop==0.1.0)",
    "py-draughts": "pip install -e . --group bench  (or: pip install py-draughts==1.10.1)",
    "pydraughts": (
        "make an environment of its own (python3.11 -m venv /tmp/pyd-venv && "
        "/tmp/pyd-venv/bin/pip install pydraughts==0.6.7) and pass "
        "--pydraughts-python /tmp/pyd-venv/bin/python"
    ),
}


# ----------------------------------------------------------------------- the child process
#
# The worker imports only the one peer it runs (never checkers_widget): it also runs under
# pydraughts' interpreter, where neither this project nor py-draughts is installed.


def _py_draughts_perft(board_name: str) -> Callable[[int], int]:
    """Perft on a py-draughts board, by its public ``legal_moves``/``push``/``pop``."""
    import draughts

    if not hasattr(draughts, "StandardBoard"):  # the ``draughts`` here is another package
        raise ImportError("the 'draughts' module here is not py-draughts")
    board = getattr(draughts, board_name)()
    return _push_pop_perft(board, lambda: board.legal_moves)


def _pydraughts_perft(variant: str) -> Callable[[int], int]:
    """Perft on a pydraughts board, by its public ``legal_moves()``/``push``/``pop``."""
    import draughts

    if hasattr(draughts, "StandardBoard") or not hasattr(draughts, "Board"):
        raise ImportError("the 'draughts' module here is not pydraughts")
    board = draughts.Board(variant=variant)
    return _push_pop_perft(board, board.legal_moves)


def _push_pop_perft(board: Any, legal: Callable[[], Any]) -> Callable[[int], int]:
    """Perft by a peer's public API: ``legal()`` lists the moves, ``board.push``/``pop``
    play and take back one (both peers work so; they differ in how moves are listed)."""

    def perft(depth: int) -> int:
        moves = legal()
        if depth == 1:
            return len(moves)
        total = 0
        for move in moves:
            board.push(move)
            total += perft(depth - 1)
            board.pop()
        return total

    return perft


def _clatsop_perft(_variant: str) -> Callable[[int], int]:
    """clatsop's American perft, the one ``perft.py`` times (its fastest entry point)."""
    sys.path.insert(0, str(HERE))
    from perft import _clatsop

    run = _clatsop()
    if run is None:
        raise ImportError("No module named 'clatsop'")
    return run


_PEER_PERFT: dict[str, Callable[[str], Callable[[int], int]]] = {
    "clatsop": _clatsop_perft,
    "py-draughts": _py_draughts_perft,
    "pydraughts": _pydraughts_perft,
}


def worker(argv: list[str]) -> int:
    """The child: ``--worker PEER VARIANT (--counts 1,2,3 | --time DEPTH) [--clock C]``.

    Prints one JSON object: ``version`` and ``counts`` or ``leaves``/``seconds``; or
    ``missing`` (the peer is not installed here) or ``error`` (it failed).
    """
    parser = argparse.ArgumentParser(prog="variant_perft_peers.py --worker")
    parser.add_argument("peer", choices=sorted(_PEER_PERFT))
    parser.add_argument("variant", help="the peer's own name for the variant")
    parser.add_argument("--counts", default="")
    parser.add_argument("--time", type=int)
    parser.add_argument("--clock", choices=("wall", "cpu"), default="wall")
    args = parser.parse_args(argv)
    out: dict[str, Any]
    try:
        version = importlib.metadata.version(DISTRIBUTION[args.peer])
        perft = _PEER_PERFT[args.peer](args.variant)
    except (ImportError, importlib.metadata.PackageNotFoundError) as exc:
        out = {"missing": f"{type(exc).__name__}: {exc}"}
    else:
        out = {"version": version}
        try:
            if args.counts:
                out["counts"] = [perft(int(d)) for d in args.counts.split(",")]
            if args.time:
                clock = time.perf_counter if args.clock == "wall" else time.process_time
                start = clock()
                out["leaves"] = perft(args.time)
                out["seconds"] = clock() - start
        except Exception as exc:  # a peer's bug must not stop the run: report it
            out["error"] = f"{type(exc).__name__}: {exc}"
    print(json.dumps(out))
    return 0


# ----------------------------------------------------------------------- the parent process


@dataclass
class Row:
    """One line of the table: a variant, a peer (or none), and what was measured."""

    variant: str
    peer: str
    depth: int | None = None
    leaves: int | None = None
    ours: float | None = None  # leaves per second
    theirs: float | None = None
    load: float | None = None
    note: str = ""

    def text(self) -> str:
        """The row as printed, under :data:`HEADER`."""

        def rate(value: float | None) -> str:
            return "-" if value is None else f"{value:,.0f}"

        ratio = f"{self.ours / self.theirs:.2f}x" if self.ours and self.theirs else "-"
        depth = "-" if self.depth is None else str(self.depth)
        leaves = "-" if self.leaves is None else f"{self.leaves:,}"
        load = "-" if self.load is None else f"{self.load:.1f}"
        return (
            f"{self.variant:<14}{self.peer:<20}{depth:>6}{leaves:>12}{rate(self.ours):>14}"
            f"{rate(self.theirs):>14}{ratio:>9}{load:>6}  {self.note}"
        )


HEADER = (
    f"{'variant':<14}{'peer':<20}{'depth':>6}{'leaves':>12}{'ours leaves/s':>14}"
    f"{'peer leaves/s':>14}{'ratio':>9}{'load':>6}  note"
)


def _rate(leaves: int, seconds: float) -> float:
    """Leaves per second (a clock too coarse for a tiny tree may read 0 s)."""
    return leaves / seconds if seconds > 0 else float("inf")


def _load() -> float:
    """The 1-minute load average (other processes compete for the 2 cores)."""
    return os.getloadavg()[0]


def _call(python: str, peer: str, name: str, *options: str) -> dict[str, Any]:
    """Run the worker for ``peer`` under ``python``; its JSON answer, or an ``error``."""
    command = [python, str(Path(__file__).resolve()), "--worker", peer, name, *options]
    try:
        done = subprocess.run(command, capture_output=True, text=True, check=False)
    except OSError as exc:  # no such interpreter
        return {"missing": f"cannot run {python}: {exc}"}
    lines = done.stdout.strip().splitlines()
    try:
        answer: dict[str, Any] = json.loads(lines[-1])
    except (IndexError, ValueError):
        tail = (done.stderr.strip().splitlines() or ["no output"])[-1]
        return {"error": f"the child failed (status {done.returncode}): {tail}"}
    return answer


def _find_pydraughts(given: str | None) -> tuple[str | None, str]:
    """The interpreter to run pydraughts with, or None and why not.

    Without ``--pydraughts-python``, this interpreter is used if pydraughts (not
    py-draughts) is what it has installed; it is looked up by its metadata, not imported.
    """
    if given:
        return given, ""
    try:
        importlib.metadata.version("pydraughts")
    except importlib.metadata.PackageNotFoundError:
        return None, "no interpreter with pydraughts given (--pydraughts-python)"
    return sys.executable, ""


class Bench:
    """The run: the published tables, our perft, the peers' children and the rows."""

    def __init__(self, clock: str, repeat: int) -> None:
        sys.path.insert(0, str(HERE))
        import perft
        import variant_perft

        self.board_class = variant_perft.Board
        self.tables: dict[str, list[int]] = dict(variant_perft.PUBLISHED)
        american = [perft.PUBLISHED[d] for d in sorted(perft.PUBLISHED)]
        self.tables["american"] = self.tables["giveaway"] = american
        self.default_depth: dict[str, int] = variant_perft.DEFAULT_DEPTH
        self.clock_name = clock
        self.clock = time.perf_counter if clock == "wall" else time.process_time
        self.repeat = repeat
        self.ours_wrong: list[str] = []
        self.missing: set[str] = set()

    def published(self, variant: str, depth: int) -> int | None:
        """The published leaf count, or None past the end of the table."""
        table = self.tables[variant]
        return table[depth - 1] if 0 < depth <= len(table) else None

    def time_ours(self, variant: str, depth: int) -> tuple[int, float]:
        """Our leaf count at ``depth`` and its time; a wrong count is recorded."""
        board = self.board_class(variant=variant)
        start = self.clock()
        leaves = board.perft(depth)
        seconds = self.clock() - start
        expected = self.published(variant, depth)
        if expected is not None and leaves != expected:
            wrong = f"{variant} perft({depth}) = {leaves:,}, published {expected:,}"
            if wrong not in self.ours_wrong:  # once, not once a round
                self.ours_wrong.append(wrong)
        return leaves, seconds

    def alone(self, variant: str, depth: int) -> Row:
        """A variant no peer plays: our speed and exactness alone."""
        best = float("inf")
        leaves = 0
        for _ in range(self.repeat):
            leaves, seconds = self.time_ours(variant, depth)
            best = min(best, seconds)
        expected = self.published(variant, depth)
        if expected is not None and leaves != expected:
            note = f"OUR COUNT IS WRONG (published {expected:,})"
        else:
            note = "no peer has these rules" + ("" if expected else "; no published count")
        return Row(variant, "(none)", depth, leaves, _rate(leaves, best), None, _load(), note)

    def compare(self, variant: str, peer: str, python: str, depth: int) -> Row:
        """Check that ``peer`` counts as the table does, then time it against ours."""
        row = Row(variant, peer, depth)
        name = PEER_VARIANTS[peer][variant]
        checked = list(range(1, min(CHECK_DEPTH, depth - 1) + 1))
        answer = _call(python, peer, name, "--counts", ",".join(map(str, checked)))
        if "missing" in answer:
            row.depth, row.note = None, f"skipped, not usable here: {answer['missing']}"
            self.missing.add(peer)
            return row
        row.peer = f"{peer} {answer.get('version', '?')}"
        if "error" in answer:
            row.note = f"skipped, the peer failed: {answer['error']}"
            return row
        for d, count in zip(checked, answer.get("counts", []), strict=True):
            if count != self.published(variant, d):
                return self._differs(row, peer, d, count, self.published(variant, d))

        best_ours = best_theirs = float("inf")
        ours_leaves = theirs_leaves = 0
        for _ in range(self.repeat):
            ours_leaves, seconds = self.time_ours(variant, depth)
            best_ours = min(best_ours, seconds)
            answer = _call(python, peer, name, "--time", str(depth), "--clock", self.clock_name)
            if "leaves" not in answer:
                row.note = f"skipped, the peer failed: {answer.get('error', answer)}"
                return row
            theirs_leaves = int(answer["leaves"])
            best_theirs = min(best_theirs, float(answer["seconds"]))
        row.leaves, row.load = ours_leaves, _load()
        row.ours = _rate(ours_leaves, best_ours)
        published = self.published(variant, depth)
        if published is not None and ours_leaves != published:
            row.note = f"OUR COUNT IS WRONG (published {published:,})"
            return row
        if theirs_leaves != ours_leaves:
            return self._differs(row, peer, depth, theirs_leaves, published)
        row.theirs = _rate(theirs_leaves, best_theirs)
        row.note = "same counts as published at depth " + (f"1-{depth}" if checked else "1")
        return row

    @staticmethod
    def _differs(row: Row, peer: str, depth: int, count: int, expected: int | None) -> Row:
        """Mark ``row``: the peer's tree is not ours, so its speed is not compared."""
        known = KNOWN_DIFFERENCES.get((peer, row.variant))
        row.theirs = None
        reference = "not published" if expected is None else f"published {expected:,}"
        row.note = (
            f"rules differ: its perft({depth}) = {count:,}, {reference}"
            + (f" ({known})" if known else "")
            + "; speed not compared"
        )
        return row


def main(argv: list[str] | None = None) -> int:
    """Parse the options, measure every variant and peer, print the table."""
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["--worker"]:
        return worker(argv[1:])
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "variants", nargs="*", help=f"variants to run (default: all of {', '.join(VARIANTS)})"
    )
    parser.add_argument("--quick", action="store_true", help="small depths, for a smoke run")
    parser.add_argument(
        "--depth",
        type=int,
        help="depth of the clatsop and py-draughts comparisons and of our rows without a "
        "peer (default: clatsop 8, otherwise variant_perft.py's depth: 7 on 10x10, 8 on 8x8)",
    )
    parser.add_argument(
        "--pydraughts-depth", type=int, help="depth of the pydraughts comparisons (5; 4 on 10x10)"
    )
    parser.add_argument(
        "--pydraughts-python",
        help="an interpreter that has pydraughts 0.6.7 (default: this one if it has it, "
        "otherwise pydraughts is skipped)",
    )
    parser.add_argument("--repeat", type=int, default=3, help="best of N runs (default 3)")
    parser.add_argument(
        "--clock",
        choices=("wall", "cpu"),
        default="wall",
        help="wall-clock time (default) or each process's own CPU time, steadier under load",
    )
    args = parser.parse_args(argv)
    unknown = sorted(set(args.variants) - set(VARIANTS))
    if unknown:
        parser.error(f"unknown variant {', '.join(unknown)}; the variants: {', '.join(VARIANTS)}")
    variants = [v for v in VARIANTS if v in args.variants] if args.variants else list(VARIANTS)
    if args.repeat < 1 or (args.depth or 1) < 1 or (args.pydraughts_depth or 1) < 1:
        parser.error("--repeat and the depths must be at least 1")

    bench = Bench(args.clock, args.repeat)
    pyd_python, pyd_reason = _find_pydraughts(args.pydraughts_python)
    pythons = {"clatsop": sys.executable, "py-draughts": sys.executable, "pydraughts": pyd_python}

    def depth_for(variant: str, peer: str) -> int:
        size = 10 if variant == "international" else 8
        if peer == "pydraughts":
            if args.pydraughts_depth:
                return int(args.pydraughts_depth)
            return QUICK_PYDRAUGHTS_DEPTH if args.quick else PYDRAUGHTS_DEPTH[size]
        if args.depth:
            return int(args.depth)
        if args.quick:
            return QUICK_DEPTH
        return CLATSOP_DEPTH if peer == "clatsop" else bench.default_depth.get(variant, 8)

    load_start = os.getloadavg()
    print(
        f"{platform.python_implementation()} {platform.python_version()} on "
        f"{platform.machine()} {platform.system()}, {os.cpu_count()} CPUs; best of "
        f"{args.repeat}, {'wall-clock' if args.clock == 'wall' else 'CPU'} time; "
        f"load average at the start {', '.join(f'{x:.2f}' for x in load_start)}"
    )
    if pyd_python is None:
        print(f"pydraughts: {pyd_reason}; skipped. To include it: {INSTALL_HINT['pydraughts']}")
    else:
        print(f"pydraughts runs under {pyd_python}")
    print(HEADER)
    print("-" * len(HEADER))
    for variant in variants:
        peers = [peer for peer in PEER_VARIANTS if variant in PEER_VARIANTS[peer]]
        if not peers:
            row = bench.alone(variant, depth_for(variant, "(none)"))
            print(row.text(), flush=True)
            continue
        for peer in peers:
            python = pythons[peer]
            if python is None:
                row = Row(variant, peer, note="skipped (no interpreter with pydraughts)")
            else:
                row = bench.compare(variant, peer, python, depth_for(variant, peer))
            print(row.text(), flush=True)

    for peer in sorted(bench.missing):
        print(f"to run {peer}: {INSTALL_HINT[peer]}")
    load_end = os.getloadavg()
    print(f"load average at the end {', '.join(f'{x:.2f}' for x in load_end)}")
    if bench.ours_wrong:
        print("OUR COUNTS DIFFER FROM THE PUBLISHED TABLE: " + "; ".join(bench.ours_wrong))
        return 1
    print("all our counts match the published tables")
    return 0


if __name__ == "__main__":
    sys.exit(main())
