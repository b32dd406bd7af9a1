"""``checkers_widget.__version__``: the installed distribution's version, read from its metadata
(pip's, or the wheel that JupyterLite's Pyodide installs), or the checkout's
``pyproject.toml`` when a source tree is put on ``sys.path`` without being installed."""

from __future__ import annotations

import tomllib
from importlib import metadata
from pathlib import Path

import pytest

import checkers_widget

REPO_ROOT = Path(__file__).resolve().parent.parent
PYPROJECT = tomllib.loads((REPO_ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def test_the_version_is_the_installed_metadata_and_the_project_s() -> None:
    version = PYPROJECT["project"]["version"]
    assert checkers_widget.__version__ == metadata.version("checkers-widget") == version
    assert "__version__" in dir(checkers_widget)


def test_without_metadata_the_source_tree_says_the_version(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def not_installed(name: str) -> str:
        raise metadata.PackageNotFoundError(name)

    monkeypatch.setattr(metadata, "version", not_installed)
    monkeypatch.setattr(checkers_widget, "_source_tree_version", lambda: "9.8.7")
    assert checkers_widget._installed_version() == "9.8.7"


def checkout(root: Path, pyproject: str | None) -> str:
    """A source tree's package folder (``src/checkers_widget``) under ``root``."""
    package = root / "src" / "checkers_widget"
    package.mkdir(parents=True)
    if pyproject is not None:
        (root / "pyproject.toml").write_text(pyproject, encoding="utf-8")
    return str(package)


def test_a_checkout_s_pyproject_gives_its_version(tmp_path: Path) -> None:
    package = checkout(tmp_path, '[project]\nname = "checkers-widget"\nversion = "9.8.7"\n')
    assert checkers_widget._source_tree_version(package) == "9.8.7"


@pytest.mark.parametrize(
    "pyproject",
    [
        None,  # no pyproject.toml: an unpacked copy of the package alone
        '[project]\nname = "someone-else"\nversion = "1.0"\n',  # a project vendoring ours
        "[project\n",  # not TOML
        '[tool.other]\nname = "checkers-widget"\n',  # no [project]
    ],
)
def test_otherwise_the_version_is_unknown(tmp_path: Path, pyproject: str | None) -> None:
    assert checkers_widget._source_tree_version(checkout(tmp_path, pyproject)) == "0+unknown"
