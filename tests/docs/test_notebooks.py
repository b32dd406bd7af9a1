"""Every example notebook runs top to bottom in a fresh kernel, as Run All would.

Each notebook runs from a temporary copy of examples/ (the working directory of its
kernel), away from the repository: whatever a notebook needs has to come from the
installed package, never from a path beside the checkout. A cell that raises, an error
output or a traceback written to stderr fails the test, naming the cell.

The notebooks run one after another on one pytest-xdist worker (the ``notebooks``
group, set in conftest.py), so that two kernels (notebook 06 hosts and joins a network
game between two boards, and starts turn clocks) never compete on a two-core machine.
The per-cell timeout is a hang guard only: no cell needs more than a few seconds.
"""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path
from typing import Any

import nbformat
import pytest
from jupyter_client.kernelspec import KernelSpecManager
from jupyter_client.manager import KernelManager
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError

from slowdown import scaled

REPO_ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = sorted((REPO_ROOT / "examples").glob("*.ipynb"))
CELL_TIMEOUT = int(scaled(300))  # seconds; a hang guard

pytestmark = pytest.mark.slow


def test_every_example_notebook_is_collected() -> None:
    names = [path.name for path in NOTEBOOKS]
    assert len(names) >= 7 and names[0].startswith("00_"), names
    assert "05_replay_a_master_game.ipynb" in names


def _problems(nb: Any) -> list[str]:
    """The error outputs and the stderr tracebacks of an executed notebook."""
    found = []
    for index, cell in enumerate(nb.cells):
        for output in cell.get("outputs", []):
            if output.get("output_type") == "error":
                found.append(f"cell {index}: {output.get('ename')}: {output.get('evalue')}")
            elif output.get("name") == "stderr" and "Traceback" in output.get("text", ""):
                found.append(f"cell {index} wrote a traceback to stderr:\n{output['text']}")
    return found


def _kernel(folder: Path) -> KernelManager:
    """A kernel of this interpreter (the venv's, with checkers_widget installed), whatever
    kernels named "python3" the machine's Jupyter folders may hold."""
    spec = folder / "kernels" / "checkers-widget-test"
    spec.mkdir(parents=True)
    argv = [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"]
    (spec / "kernel.json").write_text(
        json.dumps({"argv": argv, "display_name": "checkers-widget test", "language": "python"})
    )
    specs = KernelSpecManager(kernel_dirs=[str(spec.parent)])
    return KernelManager(kernel_name=spec.name, kernel_spec_manager=specs)


@pytest.mark.parametrize("source", NOTEBOOKS, ids=[path.stem for path in NOTEBOOKS])
def test_notebook_runs_top_to_bottom(source: Path, tmp_path: Path) -> None:
    folder = tmp_path / "examples"
    shutil.copytree(source.parent, folder, ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    path = folder / source.name
    nb = nbformat.read(path, as_version=4)
    client = NotebookClient(
        nb,
        km=_kernel(tmp_path),
        timeout=CELL_TIMEOUT,
        resources={"metadata": {"path": str(folder)}},
    )
    try:
        client.execute()
    except CellExecutionError as error:
        pytest.fail(f"{source.name} stopped with an error:\n{error}", pytrace=False)
    problems = _problems(nb)
    assert not problems, f"{source.name}:\n" + "\n".join(problems)
    code_cells = [cell for cell in nb.cells if cell.cell_type == "code" and cell.source.strip()]
    assert code_cells and all(cell.get("execution_count") for cell in code_cells)
