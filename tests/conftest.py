"""Fixtures and collection rules shared by the whole test suite."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from network_peers import Peer
from slowdown import scaled

# Property-based tests: no per-example deadline (the machine is shared and noisy; hangs
# are caught by pytest-timeout instead), a fixed budget of examples so that the suite's
# time is bounded, and no example database written into the clone. A longer fuzz run:
# HYPOTHESIS_PROFILE=fuzz make test.
settings.register_profile(
    "suite",
    deadline=None,
    max_examples=200,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile("fuzz", parent=settings.get_profile("suite"), max_examples=5000)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "suite"))

REPO_ROOT = Path(__file__).resolve().parent.parent
BROWSER_DIR = REPO_ROOT / "tests" / "browser"
NOTEBOOK_TESTS = REPO_ROOT / "tests" / "docs" / "test_notebooks.py"


@pytest.fixture(scope="session")
def repo_root() -> Path:
    """The root of the repository (the folder holding pyproject.toml)."""
    return REPO_ROOT


@pytest.fixture(autouse=True)
def _private_data_folder(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> Path:
    """Every test gets its own ``$CHECKERS_WIDGET_HOME``: no test reads or writes the
    user's real milestones or lesson progress, and no test sees another's."""
    folder = tmp_path_factory.mktemp("checkers-home")
    monkeypatch.setenv("CHECKERS_WIDGET_HOME", str(folder))
    return folder


@pytest.fixture(scope="session")
def test_data_dir() -> Path:
    """``tests/data/``: the data sets only the tests read (the OCA archive, xz-compressed;
    the perft tables; the shot positions). The package's own data sets are read through
    :mod:`checkers_widget.data`. Nothing outside the repository is needed."""
    return REPO_ROOT / "tests" / "data"


# First: pytest-xdist reads the groups in its own hook of this name (it adds "@group" to each
# grouped test's id, which --dist loadgroup schedules by); run after it, the groups were lost.
@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Arrange the collected tests: groups, the data rebuilds, and the hang guards.

    Every test under tests/browser/ is a browser test, and they all share one xdist worker.
    The ``browser`` marker is also set explicitly in each browser test module; adding it here
    too means ``-m "not browser"`` can never accidentally start JupyterLab.  The xdist group
    only matters with ``--dist loadgroup`` (as ``make test`` runs): the browser tests then
    run on a single worker, so one JupyterLab server and one chromium serve them all.

    The ``rebuild`` tests (the package's data built again from the whole archives, minutes
    each) run only when the ``-m`` expression names them (``make data-check`` runs
    ``-m rebuild``); the default suite checks the same scripts on a small slice.

    Each ``timeout`` marker (pytest-timeout's hang guard) is multiplied by the one knob
    ``CHECKERS_TEST_SLOWDOWN`` (tests/slowdown.py), so that a loaded machine is not a hang.
    """
    rebuilds_wanted = "rebuild" in (config.option.markexpr or "")
    kept: list[pytest.Item] = []
    left_out: list[pytest.Item] = []
    for item in items:
        if item.get_closest_marker("rebuild") is not None and not rebuilds_wanted:
            left_out.append(item)
            continue
        kept.append(item)
        path = Path(str(item.path)).resolve()
        if BROWSER_DIR in path.parents:
            item.add_marker(pytest.mark.browser)
            item.add_marker(pytest.mark.xdist_group("browser"))
        elif path == NOTEBOOK_TESTS:
            # One notebook kernel at a time (tests/docs/test_notebooks.py): on one worker.
            item.add_marker(pytest.mark.xdist_group("notebooks"))
        _scale_the_hang_guard(item)
    if left_out:
        config.hook.pytest_deselected(items=left_out)
        items[:] = kept


def _scale_the_hang_guard(item: pytest.Item) -> None:
    """Put a scaled copy of the item's closest ``timeout`` marker in front of it."""
    marker = item.get_closest_marker("timeout")
    if marker is None:
        return
    args = list(marker.args)
    kwargs = dict(marker.kwargs)
    if args:
        args[0] = scaled(args[0])
    elif "timeout" in kwargs:
        kwargs["timeout"] = scaled(kwargs["timeout"])
    item.add_marker(pytest.mark.timeout(*args, **kwargs), append=False)


@pytest.fixture
def spawn() -> Iterator[Callable[..., Peer]]:
    """Start network peers (``tests/network_peer.py`` subprocesses); each one is stopped
    (or killed) at the end of the test."""
    peers: list[Peer] = []

    def start(*args: str) -> Peer:
        peer = Peer(*args)
        peers.append(peer)
        return peer

    yield start
    for peer in peers:
        peer.stop()


def pytest_collection_finish(session: pytest.Session) -> None:
    """Under ``--dist loadgroup``, refuse to run when the groups were not applied: the
    browser tests would then run on both workers at once, two JupyterLab servers and two
    chromiums on two cores (what made the suite fail under load; see pyproject.toml's
    pin of pytest)."""
    if not getattr(session.config.option, "loadgroup", False):
        return
    lost = [
        item.nodeid
        for item in session.items
        if item.get_closest_marker("xdist_group") is not None and "@" not in item.nodeid
    ]
    if lost:
        raise pytest.UsageError(
            f"pytest-xdist's groups were not applied ({len(lost)} tests, e.g. {lost[0]}): "
            "check the pytest and pytest-xdist versions (pyproject.toml)"
        )
