"""Import cost: time and module count of ``import checkers_widget``, side by side with python-chess.

Every kernel that shows a board pays for the package's import first, and in JupyterLite
(Pyodide) each module is a file fetched and compiled in the browser, so both the time and
the number of modules count. This script imports each target in fresh interpreters and
prints, per target, the median and best wall-clock time of the import statement alone,
the number of modules in ``sys.modules`` afterwards (and how many the import added to a
bare interpreter), and which of the heavy standard-library modules (process pools,
sockets, subprocesses) it loaded, which none of our targets should.

    pip install --group bench            # python-chess (`chess`), the peer
    python benchmarks/import_time.py                 # 9 fresh processes per target
    python benchmarks/import_time.py --runs 21

The targets run round by round (one process each per round, after one discarded warm-up
that writes the ``.pyc`` files), so load from other jobs hits them alike; the load average
is printed before and after. On a loaded machine compare the module counts and the ratio
of times rather than the raw figures. The peers: ``chess`` (the board and its move
generator) and ``chess.pgn`` (with the PGN reader, which is what ``checkers_widget``'s
PDN reading corresponds to). A peer that is not installed is reported and skipped.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import statistics
import subprocess
import sys
from dataclasses import dataclass, field

#: What ``import checkers_widget`` must not load (tests/test_imports.py checks the same).
HEAVY_MODULES = ("multiprocessing", "concurrent.futures", "socket", "selectors", "subprocess")

OUR_TARGETS = ("checkers_widget", "checkers_widget.core.board")
PEER_TARGETS = ("chess", "chess.pgn")

# Run in the child: time the import statement only, then report what it left loaded.
_CHILD = """
import sys, time
name = sys.argv[1]
heavy = sys.argv[2].split(",")
before = len(sys.modules)
start = time.perf_counter()
if name:
    __import__(name)
seconds = time.perf_counter() - start
modules = len(sys.modules)
import json
print(json.dumps({
    "seconds": seconds,
    "modules": modules,
    "added": modules - before,
    "heavy": [module for module in heavy if module in sys.modules],
}))
"""


@dataclass
class Target:
    """One module to import, with what its fresh processes measured."""

    name: str
    seconds: list[float] = field(default_factory=list)
    modules: int = 0
    added: int = 0
    heavy: list[str] = field(default_factory=list)

    @property
    def label(self) -> str:
        return self.name or "(bare interpreter)"


@dataclass(frozen=True)
class Sample:
    """What one fresh process reported about its import."""

    seconds: float
    modules: int
    added: int
    heavy: list[str]


def measure_once(name: str) -> Sample:
    """Import ``name`` in a fresh interpreter (``""``: import nothing) and return its report."""
    completed = subprocess.run(
        [sys.executable, "-c", _CHILD, name, ",".join(HEAVY_MODULES)],
        capture_output=True,
        text=True,
        check=True,
    )
    return Sample(**json.loads(completed.stdout))


def installed(name: str) -> bool:
    """Whether the top-level package of ``name`` can be imported here."""
    return importlib.util.find_spec(name.partition(".")[0]) is not None


def load_average() -> str:
    """The 1, 5 and 15-minute load averages, as ``uptime`` prints them."""
    return ", ".join(f"{value:.2f}" for value in os.getloadavg())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9, help="fresh processes per target")
    arguments = parser.parse_args()

    names = ["", *OUR_TARGETS]
    for peer in PEER_TARGETS:
        if installed(peer):
            names.append(peer)
        else:
            print(f"{peer}: not installed, skipped (pip install --group bench)")
    targets = [Target(name) for name in names]

    print(f"Python {sys.version.split()[0]} on {sys.platform}, {os.cpu_count()} CPUs")
    print(f"load average before: {load_average()}")
    for target in targets:  # warm-up: writes the .pyc files, not counted
        measure_once(target.name)
    for _ in range(arguments.runs):
        for target in targets:
            sample = measure_once(target.name)
            target.seconds.append(sample.seconds)
            target.modules, target.added, target.heavy = sample.modules, sample.added, sample.heavy
    print(f"load average after:  {load_average()}")
    print()
    print(f"median and best of {arguments.runs} fresh processes each:")
    header = f"{'import':<28} {'median ms':>10} {'best ms':>8} {'modules':>8} {'added':>6}  heavy"
    print(header)
    print("-" * len(header))
    for target in targets:
        median = statistics.median(target.seconds) * 1000
        best = min(target.seconds) * 1000
        heavy = ", ".join(target.heavy) or "none"
        print(
            f"{target.label:<28} {median:>10.1f} {best:>8.1f} "
            f"{target.modules:>8} {target.added:>6}  {heavy}"
        )


if __name__ == "__main__":
    main()
