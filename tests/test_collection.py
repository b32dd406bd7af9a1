"""The suite collects the same tests every time.

``make test`` runs pytest-xdist: each worker collects the whole suite itself, and the run
stops ("Different tests were collected between gw0 and gw1") if their lists differ. A
parameter that holds something of the moment (gzip's time stamp was one: two workers
collecting either side of a second's end saw different test ids) passes alone and stops
CI at random. Two collections made seconds apart must list the same ids.
"""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _collected() -> list[str]:
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-2000:]
    ids = [line for line in run.stdout.splitlines() if "::" in line]
    assert ids, run.stdout[-2000:]
    return ids


@pytest.mark.slow
@pytest.mark.timeout(900)
def test_two_collections_seconds_apart_list_the_same_tests() -> None:
    first = _collected()
    time.sleep(1.1)  # at least one second's end between them, whatever the machine's speed
    second = _collected()
    assert first == second, sorted(set(first) ^ set(second))[:10]
