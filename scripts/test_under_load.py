"""Run the browser tests with every core kept busy by another process, several times.

A user's laptop is busy, and so is a shared CI runner: the tests must wait on the state
they need (a status text, a version, a DOM change, a file), never on the clock, and their
hang guards must leave room for a slow machine (``CHECKERS_TEST_SLOWDOWN``, see
tests/slowdown.py). This script is the proof: it starts one busy-loop process per core
(each bounded in time, and killed at the end), then runs the browser part of the suite
as ``make test`` runs it (``.venv/bin/python -m pytest -n 2 --dist loadgroup -m browser``
on tests/browser/) ``--runs`` times in a row (default 3), and prints each run's result,
its duration and the machine's load average (1-minute figure: at the start, the highest
seen and at the end).
Run it from the repository's root after ``make setup`` (and ``make lite``, which the
JupyterLite test serves)::

    .venv/bin/python scripts/test_under_load.py              # 3 runs, 2 busy loops
    .venv/bin/python scripts/test_under_load.py --runs 1 -- -k "play or widget"

Arguments after ``--`` go to pytest. The exit status is 0 only if every run passed.
"""

from __future__ import annotations

import argparse
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PYTHON = ROOT / ".venv" / "bin" / "python"
# As make test runs pytest, restricted to the browser tests (tests/browser/ holds them all:
# naming the folder spares each worker collecting the rest of the suite).
PYTEST = ["-m", "pytest", "-n", "2", "--dist", "loadgroup", "-m", "browser", "-q", "tests/browser"]

#: A busy loop that stops by itself after its time limit (argv[1], in seconds).
_BUSY_LOOP = (
    "import sys, time\n"
    "end = time.monotonic() + float(sys.argv[1])\n"
    "while time.monotonic() < end:\n"
    "    pass\n"
)


class LoadWatch:
    """Samples the 1-minute load average every few seconds while a run goes on."""

    def __init__(self, every: float = 5.0) -> None:
        self.every = every
        self.samples: list[float] = [os.getloadavg()[0]]
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._watch, daemon=True)
        self._thread.start()

    def _watch(self) -> None:
        while not self._stop.wait(self.every):
            self.samples.append(os.getloadavg()[0])

    def stop(self) -> tuple[float, float, float]:
        """The load at the start, the highest seen and the load now."""
        self._stop.set()
        self._thread.join()
        self.samples.append(os.getloadavg()[0])
        return self.samples[0], max(self.samples), self.samples[-1]


def start_busy_loops(count: int, limit: float) -> list[subprocess.Popen[bytes]]:
    """``count`` processes that each keep a core busy for at most ``limit`` seconds."""
    return [subprocess.Popen([sys.executable, "-c", _BUSY_LOOP, str(limit)]) for _ in range(count)]


def stop_busy_loops(loops: list[subprocess.Popen[bytes]]) -> None:
    """End the busy loops this script started (by their own process, nothing else)."""
    for loop in loops:
        if loop.poll() is None:
            loop.terminate()
    for loop in loops:
        try:
            loop.wait(timeout=10)
        except subprocess.TimeoutExpired:
            loop.kill()
            loop.wait()


def run_once(number: int, runs: int, pytest_args: list[str]) -> bool:
    """One run of the browser tests; prints its result, duration and load."""
    command = [str(PYTHON), *PYTEST, *pytest_args]
    print(f"--- run {number} of {runs}: {' '.join(command[1:])}", flush=True)
    watch = LoadWatch()
    started = time.monotonic()
    # pytest's output goes through as it comes (progress, then the failures' reports).
    with subprocess.Popen(
        command,
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},  # its progress as it comes
    ) as pytest:
        assert pytest.stdout is not None
        lines = []
        try:
            for line in pytest.stdout:
                print(line, end="", flush=True)
                if line.strip():
                    lines.append(line.strip())
        except BaseException:  # stopped (Ctrl-C, SIGTERM): stop pytest too
            pytest.terminate()
            raise
        code = pytest.wait()
    seconds = time.monotonic() - started
    first, highest, last = watch.stop()
    passed = code == 0
    print(
        f"run {number}: {'PASSED' if passed else f'FAILED (exit {code})'} "
        f"in {seconds:.0f} s; load average {first:.1f} at the start, {highest:.1f} at most, "
        f"{last:.1f} at the end; pytest: {lines[-1] if lines else '(no output)'}",
        flush=True,
    )
    return passed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=3, help="runs in a row (default 3)")
    parser.add_argument(
        "--busy",
        type=int,
        default=os.cpu_count() or 2,
        help="busy-loop processes (default: one per core)",
    )
    parser.add_argument(
        "--busy-limit",
        type=float,
        default=4 * 3600,
        help="seconds after which a busy loop stops by itself (default 4 hours)",
    )
    parser.add_argument("pytest_args", nargs="*", help="after --: more pytest arguments")
    args = parser.parse_args(argv)
    if args.runs < 1 or args.busy < 0:
        parser.error("--runs must be at least 1 and --busy at least 0")
    if not PYTHON.exists():
        parser.error(f"{PYTHON} is missing: run `make setup` first")

    print(
        f"{args.busy} busy loop(s) on {os.cpu_count()} core(s); "
        f"CHECKERS_TEST_SLOWDOWN={os.environ.get('CHECKERS_TEST_SLOWDOWN', '(default)')}",
        flush=True,
    )
    # SIGTERM ends the script as Ctrl-C does, so that the busy loops are stopped.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    loops = start_busy_loops(args.busy, args.busy_limit)
    results: list[bool] = []
    started = time.monotonic()
    try:
        for number in range(1, args.runs + 1):
            results.append(run_once(number, args.runs, args.pytest_args))
    finally:
        stop_busy_loops(loops)
    print(
        f"{results.count(True)} of {len(results)} run(s) passed in "
        f"{time.monotonic() - started:.0f} s with {args.busy} busy loop(s)",
        flush=True,
    )
    return 0 if results and all(results) else 1


if __name__ == "__main__":
    sys.exit(main())
