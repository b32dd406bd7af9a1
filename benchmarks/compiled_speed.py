"""Compiled speed-up: the engine's hot modules built with mypyc (and Cython) v pure Python.

Issue 16 asked whether an optional compiled speed-up of the search's hot path is worth
shipping as an extra. This script measures it and changes nothing in the package: it
copies ``src/checkers_widget`` into a temporary folder, compiles the hot modules there
(``core/movegen*.py``, ``engine/evaluate.py``, ``engine/search.py``), and then times
the pure-Python tree and the compiled tree(s) in turn, each in a fresh process, round by
round (so load from other jobs hits them alike): perft from the start position (leaves/s)
and Hard's search to a fixed depth from the start position (nodes/s; the same tree is
searched, so the node counts must agree). Times are the child process's CPU time
(``time.process_time``), steadier than the wall clock on a shared machine.

White's move generator is written out in ``core/movegen_white.py`` (issue 25), so the hot
modules compile as they are. (``evaluate.make_evaluate``, used only by
``scripts/tune_evaluation.py``, still needs the pure module: it rebinds
``evaluate.__code__``.)

    pip install mypy setuptools          # mypyc comes with mypy; a C compiler is needed
    python benchmarks/compiled_speed.py                 # about 1 minute of building, then timing
    python benchmarks/compiled_speed.py --cython        # also Cython (pip install cython),
                                                        # the same plain Python compiled
    python benchmarks/compiled_speed.py --rounds 5 --depth 14 --perft 9

Not run by the test suite (it builds C extensions). The figures and the decision are in
benchmarks/README.md ("Compiled speed-up").
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

SRC = Path(__file__).resolve().parent.parent / "src"

#: The hot path: move generation, the evaluation and the search.
MODULES = (
    "checkers_widget/core/movegen_black.py",
    "checkers_widget/core/movegen_white.py",
    "checkers_widget/core/movegen.py",
    "checkers_widget/engine/evaluate.py",
    "checkers_widget/engine/search.py",
)

#: What each timed child process runs: ``PROBE perft_depth search_depth``; prints JSON.
PROBE = """
import json, sys, time
from checkers_widget import Board, Game
from checkers_widget.core import movegen
from checkers_widget.engine import Engine
perft_depth, search_depth = int(sys.argv[1]), int(sys.argv[2])
t = time.process_time()
leaves = Board().perft(perft_depth)
perft_s = time.process_time() - t
engine = Engine("hard", depth=search_depth)
t = time.process_time()
analysis = engine.analyse(Game())
search_s = time.process_time() - t
print(json.dumps({
    "compiled": not movegen.__file__.endswith(".py"),
    "leaves": leaves, "perft_s": perft_s,
    "nodes": analysis.nodes, "search_s": search_s, "move": str(analysis.move),
}))
"""


def build(kind: str, root: Path) -> Path:
    """A copy of the package under ``root/kind`` with the hot modules compiled by ``kind``."""
    tree = root / kind
    shutil.copytree(SRC / "checkers_widget", tree / "checkers_widget")
    if kind == "mypyc":
        command = [sys.executable, "-m", "mypyc", *MODULES]
    else:
        command = [sys.executable, "-m", "Cython.Build.Cythonize", "-i", "-3", *MODULES]
    print(f"building {kind} ...", flush=True)
    done = subprocess.run(command, cwd=tree, capture_output=True, text=True)
    if done.returncode:
        sys.exit(f"{kind} build failed:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}")
    return tree


def probe(tree: Path, perft_depth: int, search_depth: int) -> dict[str, Any]:
    env = {**os.environ, "PYTHONPATH": str(tree)}
    args = [sys.executable, "-c", PROBE, str(perft_depth), str(search_depth)]
    out = subprocess.run(args, env=env, capture_output=True, text=True, check=True).stdout
    result: dict[str, Any] = json.loads(out.splitlines()[-1])
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--perft", type=int, default=9, help="perft depth (default 9)")
    parser.add_argument("--depth", type=int, default=13, help="Hard's search depth (default 13)")
    parser.add_argument("--rounds", type=int, default=3, help="rounds of timing (default 3)")
    parser.add_argument("--cython", action="store_true", help="also Cython (pip install cython)")
    args = parser.parse_args()

    load_before = os.getloadavg()
    with tempfile.TemporaryDirectory(prefix="compiled-speed-") as tmp:
        trees = {"pure Python": SRC, "mypyc": build("mypyc", Path(tmp))}
        if args.cython:
            trees["Cython"] = build("cython", Path(tmp))
        runs: dict[str, list[dict[str, Any]]] = {name: [] for name in trees}
        for _ in range(args.rounds):
            for name, tree in trees.items():
                runs[name].append(probe(tree, args.perft, args.depth))
    load_after = os.getloadavg()

    first = runs["pure Python"][0]
    wrong = [
        name
        for name, results in runs.items()
        for r in results
        if (r["leaves"], r["nodes"], r["move"]) != (first["leaves"], first["nodes"], first["move"])
    ]
    print(
        f"\nperft {args.perft} from the start: {first['leaves']:,} leaves; Hard to depth "
        f"{args.depth} from the start: {first['nodes']:,} nodes, {first['move']}; "
        f"{args.rounds} rounds, CPU time; load average {load_before[0]:.1f} before, "
        f"{load_after[0]:.1f} after\n"
    )
    print(
        f"{'tree':<12} {'perft leaves/s (min/median)':>30} {'x':>6} "
        f"{'search nodes/s (min/median)':>30} {'x':>6}"
    )
    base: dict[str, float] = {}
    for name, results in runs.items():
        perft = sorted(int(r["leaves"]) / float(r["perft_s"]) for r in results)
        search = sorted(int(r["nodes"]) / float(r["search_s"]) for r in results)
        p, s = statistics.median(perft), statistics.median(search)
        base.setdefault("p", p)
        base.setdefault("s", s)
        print(
            f"{name:<12} {f'{perft[0]:,.0f} / {p:,.0f}':>30} {p / base['p']:>5.2f}x "
            f"{f'{search[0]:,.0f} / {s:,.0f}':>30} {s / base['s']:>5.2f}x"
        )
    if any(r["compiled"] != (name != "pure Python") for name, rs in runs.items() for r in rs):
        sys.exit("a compiled tree ran its pure-Python movegen (or the other way round)")
    if wrong:
        sys.exit(f"node counts or moves differ: {sorted(set(wrong))}")


if __name__ == "__main__":
    main()
