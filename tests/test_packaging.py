"""The package as a release makes it: ``python -m build`` on a clean checkout (issue 13).

A copy of the repository's files (what git tracks, plus new files not yet added; no
build output, no node_modules) is built the way a release is: ``python -m build``
makes the sdist (npm builds the bundle into it) and then the wheel from that sdist.
The tests check what each holds and says, that the wheel installs and imports in a
fresh virtual environment with no node on PATH, and that a wheel builds from the sdist
with no node on PATH either (what ``pip install checkers-widget`` does from an sdist).

Slow (90 to 110 s here, most of it npm and pip): they reach PyPI for the build
backend and the dependencies, and npm's cache (filled by ``make setup``) for the front
end's tool chain, as a release build does; nothing is downloaded at run time.
"""

from __future__ import annotations

import ast
import email.parser
import email.policy
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tomllib
import zipfile
from dataclasses import dataclass
from email.message import Message
from pathlib import Path

import pytest
from packaging.requirements import Requirement

from slowdown import scaled

pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("packaging")]

REPO_ROOT = Path(__file__).resolve().parent.parent
PROJECT = tomllib.loads((REPO_ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
NAME = f"checkers_widget-{PROJECT['version']}"

#: Hang guards: how long one step may take (npm install and pip are the slow ones).
STEP_TIMEOUT = scaled(600)


@dataclass(frozen=True)
class Built:
    """What the build made, and the checkout it made it from."""

    checkout: Path
    sdist: Path
    wheel: Path

    def sdist_names(self) -> set[str]:
        """The sdist's files, relative to its top folder."""
        with tarfile.open(self.sdist) as tar:
            return {m.name.removeprefix(f"{NAME}/") for m in tar.getmembers() if m.isfile()}

    def wheel_names(self) -> set[str]:
        with zipfile.ZipFile(self.wheel) as whl:
            return {n for n in whl.namelist() if not n.endswith("/")}

    def wheel_metadata(self) -> Message:
        with zipfile.ZipFile(self.wheel) as whl:
            text = whl.read(f"{NAME}.dist-info/METADATA").decode("utf-8")
        return email.parser.Parser(policy=email.policy.compat32).parsestr(text)

    def sdist_metadata(self) -> Message:
        with tarfile.open(self.sdist) as tar:
            member = tar.extractfile(f"{NAME}/PKG-INFO")
            assert member is not None
            text = member.read().decode("utf-8")
        return email.parser.Parser(policy=email.policy.compat32).parsestr(text)


PYTHON_CLASSIFIER = "Programming Language :: Python :: "


def minor(version: str) -> int:
    """3 of "3.13"... the minor number of a "3.X" version."""
    return int(version.split(".")[1])


def python_versions_tested() -> set[str]:
    """The Python versions noxfile.py requires (its REQUIRED set, read without running it)."""
    tree = ast.parse((REPO_ROOT / "noxfile.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.AnnAssign | ast.Assign):
            targets = [node.target] if isinstance(node, ast.AnnAssign) else node.targets
            if any(isinstance(t, ast.Name) and t.id == "REQUIRED" for t in targets):
                assert isinstance(node.value, ast.Call)  # frozenset({...})
                return set(ast.literal_eval(node.value.args[0]))
    raise AssertionError("noxfile.py has no REQUIRED")


def group_requirements() -> set[str]:
    """The names of every package in pyproject.toml's dependency groups."""
    groups = tomllib.loads((REPO_ROOT / "pyproject.toml").read_text(encoding="utf-8"))[
        "dependency-groups"
    ]
    return {
        Requirement(entry).name
        for entries in groups.values()
        for entry in entries
        if isinstance(entry, str)  # (the others are {include-group = ...})
    }


def extra_requirements() -> set[str]:
    """The names of every package in the published extras."""
    return {
        Requirement(entry).name
        for entries in PROJECT["optional-dependencies"].values()
        for entry in entries
    }


def run(command: list[str], cwd: Path, env: dict[str, str] | None = None) -> str:
    """Run a step; fail with its output if it fails."""
    result = subprocess.run(
        command,
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=STEP_TIMEOUT,
    )
    assert result.returncode == 0, (
        f"{' '.join(command)} failed ({result.returncode}):\n{result.stdout[-4000:]}\n"
        f"{result.stderr[-4000:]}"
    )
    return result.stdout


def clean_checkout(destination: Path) -> Path:
    """The repository's files as a commit of the working tree would hold them (git's
    tracked files and the new ones it does not ignore), in a fresh git repository."""
    listed = run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"], REPO_ROOT)
    for name in sorted(set(listed.split("\0")) - {""}):
        source = REPO_ROOT / name
        if source.is_file() and not source.is_symlink():  # node_modules is a symlink here
            target = destination / name
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target)
    run(["git", "init", "-q"], destination)
    return destination


def without_node(*keep: Path) -> dict[str, str]:
    """The environment with a PATH on which neither node nor npm is found: only ``keep``."""
    path = os.pathsep.join(str(folder) for folder in keep)
    for tool in ("node", "npm", "npx"):
        assert shutil.which(tool, path=path) is None, f"{tool} is still on {path}"
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    return {**env, "PATH": path}  # (no PYTHONPATH: the tests may run with src/ on it)


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Built:
    """``python -m build`` on a clean checkout: the sdist, then the wheel from the sdist."""
    checkout = clean_checkout(tmp_path_factory.mktemp("checkout"))
    assert not (checkout / "node_modules").exists()
    assert not (checkout / "src" / "checkers_widget" / "static").exists()
    # The build hook runs `npm install`; npm's cache (make setup's `npm ci` filled it)
    # answers without asking the registry again.
    env = {**os.environ, "npm_config_prefer_offline": "true", "npm_config_audit": "false"}
    env["npm_config_fund"] = "false"
    run([sys.executable, "-m", "build", "--outdir", "dist"], checkout, env)
    (sdist,) = (checkout / "dist").glob("*.tar.gz")
    (wheel,) = (checkout / "dist").glob("*.whl")
    return Built(checkout, sdist, wheel)


def checkout_files(built: Built, folder: str) -> set[str]:
    """The files of the checkout under ``folder`` (relative to the checkout)."""
    return {
        p.relative_to(built.checkout).as_posix()
        for p in (built.checkout / folder).rglob("*")
        if p.is_file() and "__pycache__" not in p.parts
    }


# ---------------------------------------------------------------------------- the sdist


@pytest.mark.timeout(2 * STEP_TIMEOUT)
def test_the_sdist_holds_what_a_build_needs_and_nothing_stray(built: Built) -> None:
    names = built.sdist_names()
    package = {n for n in checkout_files(built, "src/checkers_widget") if "/static/" not in n}
    front_end = {
        f"js/{p.name}"
        for p in (built.checkout / "js").iterdir()
        if p.suffix in (".js", ".css") and not p.name.endswith(".test.js")
    }
    needed = (
        package
        | front_end
        | {
            "src/checkers_widget/static/widget.js",  # the bundle: a wheel builds without node
            "src/checkers_widget/static/widget.css",
            "js/package.json",
            "package.json",
            "package-lock.json",
            "pyproject.toml",
            "README.md",
            "LICENSE",
        }
    )
    assert needed <= names, f"missing from the sdist: {sorted(needed - names)}"
    # PKG-INFO is the sdist's metadata; hatchling always adds .gitignore (it reads it
    # again when a wheel is built from the sdist).
    assert names - needed == {"PKG-INFO", ".gitignore"}, sorted(names - needed)
    for stray in ("tests/", "benchmarks/", "examples/", "docs/", "node_modules/", ".ci/"):
        assert not any(n.startswith(stray) for n in names), stray
    assert not any(n.endswith(".test.js") or n.startswith("js/test/") for n in names)
    assert not any("__pycache__" in n or n.endswith(".pyc") for n in names)


# ---------------------------------------------------------------------------- the wheel


@pytest.mark.timeout(2 * STEP_TIMEOUT)
def test_the_wheel_holds_the_package_its_bundle_and_the_licence(built: Built) -> None:
    names = built.wheel_names()
    package = {n.removeprefix("src/") for n in checkout_files(built, "src/checkers_widget")}
    bundle = {"checkers_widget/static/widget.js", "checkers_widget/static/widget.css"}
    info = {f"{NAME}.dist-info/{n}" for n in ("METADATA", "WHEEL", "RECORD")}
    licence = f"{NAME}.dist-info/licenses/LICENSE"
    assert names == package | bundle | info | {licence}
    # The package data the readers need, the puzzles included (data.FILES lists them).
    from checkers_widget.data import FILES

    assert {f"checkers_widget/data/{name}" for name in FILES} <= names
    # The evaluation's tuned weights (read at import: the engine has no others).
    assert "checkers_widget/engine/eval_weights.json" in names
    with zipfile.ZipFile(built.wheel) as whl, tarfile.open(built.sdist) as tar:
        source = tar.extractfile(f"{NAME}/src/checkers_widget/static/widget.js")
        assert source is not None
        bundled = whl.read("checkers_widget/static/widget.js")
        assert bundled == source.read()  # the wheel's bundle is the one the sdist carries
        assert len(bundled) > 10_000 and b"render" in bundled
        assert whl.read(licence) == (built.checkout / "LICENSE").read_bytes()
    assert "MIT License" in (built.checkout / "LICENSE").read_text(encoding="utf-8")


@pytest.mark.timeout(2 * STEP_TIMEOUT)
def test_the_metadata_says_the_licence_the_pythons_and_the_lower_bounds(built: Built) -> None:
    for metadata in (built.wheel_metadata(), built.sdist_metadata()):
        version = tuple(int(p) for p in metadata["Metadata-Version"].split("."))
        assert version >= (2, 4)  # PEP 639's License-Expression and License-File
        assert metadata["Name"] == "checkers-widget"
        assert metadata["Version"] == PROJECT["version"]
        assert metadata["License-Expression"] == "MIT"
        assert metadata.get_all("License-File") == ["LICENSE"]
        assert metadata["Requires-Python"] == ">=3.11"
        classifiers = metadata.get_all("Classifier") or []
        # Exactly the Pythons the tests run on (noxfile.py's required ones), no more.
        pythons = {
            c.removeprefix(PYTHON_CLASSIFIER)
            for c in classifiers
            if re.fullmatch(re.escape(PYTHON_CLASSIFIER) + r"3\.\d+", c)
        }
        assert pythons == python_versions_tested() == {"3.11", "3.12", "3.13"}
        assert metadata["Requires-Python"] == f">={min(pythons, key=minor)}"
        # PEP 639: no licence classifier beside a license expression.
        assert not [c for c in classifiers if c.startswith("License ::")]
        requires = [r for r in metadata.get_all("Requires-Dist") or [] if "extra ==" not in r]
        assert sorted(requires) == sorted(PROJECT["dependencies"])
        assert all(">=" in r for r in requires), requires
        assert "anywidget>=0.9" in requires
        assert set(metadata.get_all("Provides-Extra") or []) == set(
            PROJECT["optional-dependencies"]
        )
        assert metadata["Description-Content-Type"] == "text/markdown"


@pytest.mark.timeout(2 * STEP_TIMEOUT)
def test_the_extras_are_what_users_opt_into_and_no_development_tool(built: Built) -> None:
    development_only = group_requirements() - extra_requirements()
    assert {"pytest", "ruff", "mypy", "jupyterlab", "nox", "chess"} <= development_only
    for metadata in (built.wheel_metadata(), built.sdist_metadata()):
        assert set(metadata.get_all("Provides-Extra") or []) == {"export", "dask"}
        published = {Requirement(r).name for r in metadata.get_all("Requires-Dist") or []}
        assert published == {"anywidget", "ipywidgets", "traitlets", "pillow", "dask"}
        assert not published & development_only
        # PEP 735 groups never reach the metadata; the old extras' names are gone.
        assert not {"dev", "bench", "test", "lint"} & set(metadata.get_all("Provides-Extra") or [])


# ---------------------------------------------------------------------------- no node


@pytest.mark.timeout(3 * STEP_TIMEOUT)
def test_the_wheel_installs_and_imports_in_a_fresh_venv_with_no_node(
    built: Built, tmp_path: Path
) -> None:
    venv = tmp_path / "venv"
    run([sys.executable, "-m", "venv", str(venv)], tmp_path)
    python = venv / "bin" / "python"
    env = without_node(venv / "bin")
    run([str(python), "-m", "pip", "install", "--quiet", str(built.wheel)], tmp_path, env)
    script = (
        "import json, pathlib, shutil\n"
        "import checkers_widget\n"
        "from checkers_widget import CheckersWidget, Game\n"
        "widget = CheckersWidget(Game())\n"
        "print(json.dumps({\n"
        "    'module': checkers_widget.__file__,\n"
        "    'node': shutil.which('node'),\n"
        "    'esm': len(str(widget._esm)),\n"
        "    'css': len(str(widget._css)),\n"
        "    'turn': widget.state['turn'],\n"
        "}))\n"
    )
    report = json.loads(run([str(python), "-c", script], tmp_path, env).strip().splitlines()[-1])
    assert report["node"] is None
    assert Path(report["module"]).is_relative_to(venv)  # the installed wheel, not src/
    installed = Path(report["module"]).parent / "static" / "widget.js"
    assert report["esm"] == len(installed.read_text(encoding="utf-8")) > 10_000
    assert report["css"] > 1_000
    assert report["turn"] == "black"


@pytest.mark.timeout(3 * STEP_TIMEOUT)
def test_a_wheel_builds_from_the_sdist_with_no_node(built: Built, tmp_path: Path) -> None:
    env = without_node(Path(sys.executable).parent)
    out = tmp_path / "wheels"
    run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--quiet",
            "--no-deps",
            "-w",
            str(out),
            str(built.sdist),
        ],
        tmp_path,
        env,
    )
    (wheel,) = out.glob("*.whl")
    with zipfile.ZipFile(wheel) as whl:
        names = {n for n in whl.namelist() if not n.endswith("/")}
    assert names == built.wheel_names()
