"""The documentation site covers the public API and the example notebooks.

Every name in ``checkers_widget.__all__`` and in the public subpackages' ``__all__`` has an
entry in the API reference (the site's ``objects.inv``, under its public import path), and
every notebook of examples/ has a page. `make test` builds the site (`make docs`) before
running pytest, so the built site is read; without one, the site is built here with the
notebooks left unrun (their pages exist either way).
"""

from __future__ import annotations

import importlib
import subprocess
import sys
from pathlib import Path

import pytest
from sphinx.util.inventory import InventoryFile

ROOT = Path(__file__).resolve().parents[2]
BUILT = ROOT / "build" / "docs"
PUBLIC_MODULES = [
    "checkers_widget",
    "checkers_widget.tutorial",
    "checkers_widget.puzzles",
    "checkers_widget.data",
    "checkers_widget.export",
    "checkers_widget.analysis",
]


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if (BUILT / "objects.inv").exists():
        return BUILT
    out = tmp_path_factory.mktemp("docs")
    command = [sys.executable, "-m", "sphinx", "-b", "html", "-q", "-D", "nb_execution_mode=off"]
    subprocess.run([*command, str(ROOT / "docs"), str(out)], check=True, timeout=900)
    return out


def documented_names(site: Path) -> set[str]:
    with (site / "objects.inv").open("rb") as stream:
        inventory = InventoryFile.load(stream, "", lambda base, uri: uri)
    names: set[str] = set()
    for entries in inventory.values():
        names.update(entries)
    return names


@pytest.mark.parametrize("module_name", PUBLIC_MODULES)
def test_every_public_name_has_a_reference_entry(site: Path, module_name: str) -> None:
    module = importlib.import_module(module_name)
    documented = documented_names(site)
    missing = [name for name in module.__all__ if f"{module_name}.{name}" not in documented]
    assert not missing, f"{module_name}: no API reference entry for {missing}"


def test_every_example_notebook_has_a_page(site: Path) -> None:
    notebooks = sorted((ROOT / "examples").glob("*.ipynb"))
    assert notebooks
    missing = [nb.name for nb in notebooks if not (site / "examples" / f"{nb.stem}.html").exists()]
    assert not missing, f"no page for {missing}"
