"""The one knob for every hang guard of the test suite: ``CHECKERS_TEST_SLOWDOWN``.

Tests wait on the state they need (a status text, a version, a DOM change, a file), never
on the clock; the time limits they carry only decide when a wait that never ends is a
hang. Those limits are written for an idle machine and multiplied here by
``CHECKERS_TEST_SLOWDOWN`` (default 3: room for a laptop or a CI runner with a load of 7
to 17 on 2 cores). The pytest-timeout markers are scaled by tests/conftest.py; the
Playwright waits, the JupyterLab server's start and the kernels' limits by the browser
harness. A passing test never waits longer because of it; a hanging one fails later.

    CHECKERS_TEST_SLOWDOWN=10 make test    # a very busy machine
"""

from __future__ import annotations

import os

DEFAULT_SLOWDOWN = 3.0


def _slowdown() -> float:
    text = os.environ.get("CHECKERS_TEST_SLOWDOWN", "").strip()
    if not text:
        return DEFAULT_SLOWDOWN
    try:
        value = float(text)
    except ValueError:
        value = float("nan")
    if not 1 <= value <= 1000:  # also refuses nan
        raise ValueError(f"CHECKERS_TEST_SLOWDOWN must be a number from 1 to 1000, not {text!r}")
    return value


#: How many times longer than on an idle machine a wait may take before it is a hang.
SLOWDOWN = _slowdown()


def scaled(seconds: float) -> float:
    """A hang guard of ``seconds`` on an idle machine, for this machine (seconds)."""
    return seconds * SLOWDOWN


def scaled_ms(milliseconds: float) -> int:
    """A Playwright time limit of ``milliseconds`` on an idle machine, for this machine."""
    return round(milliseconds * SLOWDOWN)
