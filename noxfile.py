"""The core, formats and engine tests on every Python from 3.11 to 3.14 that the machine has.

    make test-pythons              # or: .venv/bin/nox --session core
    .venv/bin/nox --session core-3.13
    .venv/bin/nox --session core -- -x -k pdn      # arguments after -- go to pytest

Each Python gets a venv of its own (under ``.nox/``) with the package, built from this
tree and installed as a user installs it (with anywidget, ipywidgets and traitlets: two
tests of formats draw a widget's picture; no JupyterLab, no extras), and the ``test``
dependency group of pyproject.toml, and runs ``tests/core``, ``tests/formats`` and
``tests/engine`` without the browser tests. ``make test`` runs this after the whole
suite, which runs on the venv's Python (3.11).

Where the interpreters come from: ``pythonX.Y`` on PATH when it runs, else the newest
``X.Y.*`` that pyenv installed (``$PYENV_ROOT``, by default ``~/.pyenv``; pyenv's shims
answer only for the active version, so the noxfile links it into ``.nox/interpreters``,
which it puts first on PATH). Nothing is downloaded.

Which are required: the development machines and CI machines are of one kind, with 3.11
(the system's), 3.12 and 3.13 (pyenv). Those three are :data:`REQUIRED`: when one is
missing the session fails, on CI and locally alike, because a run that quietly tested
fewer Pythons would still read as green. 3.14 runs where it is installed, and where it
is not its session is left out with a warning. The classifiers in pyproject.toml name the
required ones.
"""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

import nox

#: The Python versions the package supports (``requires-python = ">=3.11"``) up to the newest.
SUPPORTED = ("3.11", "3.12", "3.13", "3.14")

#: The ones every machine of ours has; a missing one fails the session.
REQUIRED = frozenset({"3.11", "3.12", "3.13"})

#: The test folders run on each Python: the layers below the widget that need no Jupyter.
TEST_FOLDERS = ("tests/core", "tests/formats", "tests/engine")

ROOT = Path(__file__).resolve().parent
PYPROJECT = nox.project.load_toml(ROOT / "pyproject.toml")

nox.options.sessions = ["core"]
nox.options.default_venv_backend = "venv"
# A session whose Python is missing fails, locally as on CI (the optional Pythons that are
# missing get no session: see PYTHONS).
nox.options.error_on_missing_interpreters = True


def runs(executable: str, version: str) -> bool:
    """Whether ``executable`` starts and is Python ``version``."""
    try:
        result = subprocess.run(
            [executable, "-c", "import sys; print('%d.%d' % sys.version_info[:2])"],
            capture_output=True,
            text=True,
            timeout=60,
        )
    except OSError:
        return False
    return result.returncode == 0 and result.stdout.strip() == version


def on_path(version: str) -> bool:
    """Whether ``pythonX.Y`` on PATH is a working interpreter of ``version``."""
    return runs(f"python{version}", version)


def pyenv_interpreter(version: str) -> Path | None:
    """``pythonX.Y`` of the newest final release ``version.*`` that pyenv installed."""
    root = Path(os.environ.get("PYENV_ROOT", Path.home() / ".pyenv"))
    found: list[tuple[int, Path]] = []
    for folder in (root / "versions").glob(f"{version}.*"):
        patch = re.fullmatch(re.escape(version) + r"\.(\d+)", folder.name)
        executable = folder / "bin" / f"python{version}"
        if patch and executable.is_file() and runs(str(executable), version):
            found.append((int(patch.group(1)), executable))
    return max(found)[1] if found else None


#: Where the pyenv interpreters are linked as ``pythonX.Y`` (and nothing else: their own
#: ``bin`` folders would also put their ``python3`` and ``pip`` first on PATH).
LINKS = ROOT / ".nox" / "interpreters"


def make_findable(version: str) -> bool:
    """Put an interpreter of ``version`` where nox looks (PATH); whether there is one."""
    if on_path(version):
        return True
    executable = pyenv_interpreter(version)
    if executable is None:
        return False
    LINKS.mkdir(parents=True, exist_ok=True)
    link = LINKS / f"python{version}"
    link.unlink(missing_ok=True)
    link.symlink_to(executable)
    if str(LINKS) not in os.environ.get("PATH", "").split(os.pathsep):
        os.environ["PATH"] = os.pathsep.join([str(LINKS), os.environ.get("PATH", "")])
    return True


FOUND = {version: make_findable(version) for version in SUPPORTED}

#: The sessions' Pythons: every required one (nox fails the session of one it cannot find)
#: and the optional ones that are here.
PYTHONS = [version for version in SUPPORTED if version in REQUIRED or FOUND[version]]

for _version in SUPPORTED:
    if not FOUND[_version] and _version not in REQUIRED:
        nox.logger.logger.warning(
            "Python %s is not installed here (no python%s on PATH, none in pyenv): "
            "its core session is left out",
            _version,
            _version,
        )


@nox.session(python=PYTHONS, download_python="never")
def core(session: nox.Session) -> None:
    """The core, formats and engine tests on one Python: all but the browser tests and the
    few marked slow (long rebuilds and matches), which the main suite runs on the venv's
    Python; they exercise no feature of the language that the others do not."""
    # With the `export` extra (Pillow): the formats tests write GIFs too.
    session.install(f"{ROOT}[export]")
    session.install(*nox.project.dependency_groups(PYPROJECT, "test"))
    # Two workers, as `make test` runs the whole suite (the machines have two cores).
    arguments = session.posargs or [
        *("-q", "-n", "2", "-m", "not browser and not slow", "-p", "no:cacheprovider"),
    ]
    session.run("python", "-m", "pytest", *TEST_FOLDERS, *arguments)
