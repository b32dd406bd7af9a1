"""Every script in ``benchmarks/`` and ``scripts/`` starts and answers ``--help``.

The scripts are run by hand, rarely, so nothing else notices when one stops importing
(the widget latency benchmark once failed on its first line after the browser harness
began importing the tests' slowdown knob), or when one ignores its arguments and starts a
full rebuild when asked for help. Each runs in a fresh interpreter from the repository's
root, as a reader of ``benchmarks/README.md`` would run it.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from slowdown import scaled

ROOT = Path(__file__).resolve().parent.parent
SCRIPTS = sorted(
    path.relative_to(ROOT).as_posix()
    for folder in ("benchmarks", "scripts")
    for path in (ROOT / folder).glob("*.py")
    if 'if __name__ == "__main__":' in path.read_text(encoding="utf-8")
)


def test_the_scripts_are_found() -> None:
    assert "benchmarks/widget_latency.py" in SCRIPTS
    assert "scripts/build_opening_index.py" in SCRIPTS


@pytest.mark.parametrize("script", SCRIPTS)
def test_a_script_answers_help(script: str) -> None:
    done = subprocess.run(
        [sys.executable, script, "--help"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=scaled(120),
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.startswith("usage:"), done.stdout[:300]
