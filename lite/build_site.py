"""Build the offline JupyterLite site: ``make lite``, or ``python -m lite.build_site``.

Run by the site's build environment (build/lite-tools/venv, from lite/requirements.txt)
from the repository root. It writes ``build/lite/``, a static folder that any web server
can serve: JupyterLab and Notebook in the browser, the example notebooks, and a Pyodide
kernel whose every file is in the folder, so nothing is fetched from a CDN when a pupil
opens it. Step by step:

1. Pyodide's runtime from the npm ``pyodide`` package (``npm pack``, the tarball's
   integrity checked against :data:`PYODIDE_INTEGRITY`), at the version the
   jupyterlite-pyodide-kernel release was made for.
2. The checkers-widget wheel, built from this tree (the front-end bundle must exist).
3. From PyPI, the pure-Python wheels the kernel needs: those of Pyodide's lock at the
   lock's versions, the others at the versions of this build environment, so that the
   kernel's anywidget and ipywidgets are the versions whose lab extensions the site has.
4. Pyodide's lock completed with those wheels (see :mod:`lite.pyodide_lock`).
5. ``jupyter lite build`` over a fresh work folder (no build cache carried over, so the
   same tree always gives the same site), then a check of what it wrote.

Downloads are kept in build/lite-tools/ between builds; everything else is made afresh.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import importlib
import importlib.metadata
import json
import shutil
import subprocess
import sys
import tarfile
import time
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from packaging.utils import canonicalize_name, parse_wheel_filename

from .pyodide_lock import LockError, Wheel, complete_lock, pyodide_markers, resolve

__all__ = ["PYODIDE_VERSION", "SiteError", "build_site", "main"]

REPO_ROOT = Path(__file__).resolve().parent.parent

#: The npm ``pyodide`` release: the one jupyterlite-pyodide-kernel 0.8.6 was made for
#: (its ``constants.PYODIDE_VERSION``; the build stops if they differ).
PYODIDE_VERSION = "314.0.6"
#: ``npm view pyodide@314.0.6 dist.integrity``.
PYODIDE_INTEGRITY = (
    "sha512-BKDTJyIqFxC4BExLqeRS3f5xvXZIjOt8C3zGL"
    "N/Cc7tFxSwvKVhVkchQQ2AGLOtR4YrVOIFxbV8poyDOOmWwxQ=="
)
#: The runtime files the kernel loads from the npm package (the rest are docs and types).
PYODIDE_RUNTIME = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)

#: What the site's kernel needs from Pyodide's lock or PyPI. The Pyodide kernel's worker
#: loads micropip, then installs comm, jedi and IPython as it starts (its ipykernel shim
#: and pyodide-kernel come from its own wheels); checkers-widget brings anywidget,
#: ipywidgets and the rest.
KERNEL_ROOTS = ("micropip", "comm", "jedi", "ipython", "checkers-widget")
#: The package this repository builds.
OWN_PACKAGE = "checkers-widget"

#: The site's JupyterLite settings, merged by ``jupyter lite build`` with its own.
SITE_CONFIG: dict[str, Any] = {
    "jupyter-lite-schema-version": 0,
    "jupyter-config-data": {
        "appName": "checkers-widget",
        # The page's JupyterLab app as window.jupyterapp (the browser test drives it).
        "exposeAppInBrowser": True,
        "litePluginSettings": {
            "@jupyterlite/pyodide-kernel-extension:kernel": {
                # %pip finds only the wheels the site ships: nothing is ever fetched
                # from PyPI at run time.
                "disablePyPIFallback": True,
            }
        },
    },
}
#: The JupyterLite front ends the site has: JupyterLab (the default), and Notebook's
#: tree and notebook views (a simpler page for pupils: /tree/, /notebooks/?path=...).
APPS = ("lab", "tree", "notebooks")
#: The kernel the site's notebooks name (JupyterLite's Pyodide kernel).
SITE_KERNELSPEC = {"name": "python", "display_name": "Python (Pyodide)", "language": "python"}

BUNDLE = REPO_ROOT / "src" / "checkers_widget" / "static" / "widget.js"
EXAMPLES = REPO_ROOT / "examples"


class SiteError(Exception):
    """The site cannot be built (a missing prerequisite, a version clash, a bad download)."""


def _run(command: Sequence[str | Path], *, cwd: Path | None = None) -> None:
    """Run ``command`` (its output shown as it goes); raises SiteError when it fails."""
    args = [str(part) for part in command]
    print("$", " ".join(args), flush=True)
    if subprocess.run(args, cwd=cwd, check=False).returncode != 0:
        raise SiteError(f"`{' '.join(args[:4])} ...` failed")


# ------------------------------------------------------------------------ versions
def check_versions() -> None:
    """The kernel extension's Pyodide must be the one this build ships."""
    constants: Any = importlib.import_module("jupyterlite_pyodide_kernel.constants")
    wanted = str(constants.PYODIDE_VERSION)
    if wanted != PYODIDE_VERSION:
        raise SiteError(
            f"jupyterlite-pyodide-kernel "
            f"{importlib.metadata.version('jupyterlite-pyodide-kernel')} was made for "
            f"Pyodide {wanted}, but lite/build_site.py ships {PYODIDE_VERSION}: move "
            "PYODIDE_VERSION and PYODIDE_INTEGRITY with it"
        )


def installed_version(name: str) -> str:
    """The version of ``name`` in this build environment (pinned by lite/requirements.txt)."""
    try:
        return importlib.metadata.version(name)
    except importlib.metadata.PackageNotFoundError:
        raise SiteError(
            f"the kernel needs {name}, which Pyodide's lock does not have: pin it in "
            "lite/requirements.txt so that its wheel is fetched at that version"
        ) from None


# ------------------------------------------------------------------------ pyodide
def _integrity(path: Path) -> str:
    """The npm-style integrity string (``sha512-<base64>``) of a file."""
    return "sha512-" + base64.b64encode(hashlib.sha512(path.read_bytes()).digest()).decode()


def fetch_pyodide(tools: Path) -> Path:
    """The npm ``pyodide`` package, unpacked into ``tools``; returns its folder."""
    tarball = tools / "npm" / f"pyodide-{PYODIDE_VERSION}.tgz"
    if not tarball.exists() or _integrity(tarball) != PYODIDE_INTEGRITY:
        tarball.parent.mkdir(parents=True, exist_ok=True)
        _run(
            ["npm", "pack", f"pyodide@{PYODIDE_VERSION}", "--pack-destination", tarball.parent],
            cwd=tarball.parent,
        )
    if _integrity(tarball) != PYODIDE_INTEGRITY:
        raise SiteError(f"{tarball.name} does not match its pinned integrity")
    folder = tools / f"pyodide-{PYODIDE_VERSION}"
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    with tarfile.open(tarball) as archive:
        for name in PYODIDE_RUNTIME:
            member = archive.extractfile(f"package/{name}")
            if member is None:
                raise SiteError(f"the npm pyodide package has no {name}")
            (folder / name).write_bytes(member.read())
    return folder


# ------------------------------------------------------------------------ wheels
def build_own_wheel(tools: Path) -> Path:
    """The checkers-widget wheel, built from this tree; returns its path."""
    if not BUNDLE.exists():
        raise SiteError(f"{BUNDLE.relative_to(REPO_ROOT)} is missing: run `make js` first")
    folder = tools / "wheels" / "own"
    shutil.rmtree(folder, ignore_errors=True)
    _run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "--no-build-isolation",
            "--quiet",
            "--wheel-dir",
            folder,
            REPO_ROOT,
        ]
    )
    (wheel,) = folder.glob("*.whl")
    return wheel


def download_wheels(specs: Iterable[str], folder: Path, python: str) -> list[Path]:
    """Pure-Python wheels of ``specs`` (``name==version``) from PyPI into ``folder``."""
    specs = sorted(specs)
    if not specs:
        return []
    folder.mkdir(parents=True, exist_ok=True)
    major_minor = ".".join(python.split(".")[:2])
    _run(
        [
            sys.executable,
            "-m",
            "pip",
            "download",
            "--quiet",
            "--no-deps",
            "--only-binary=:all:",
            "--implementation",
            "py",
            "--abi",
            "none",
            "--platform",
            "any",
            "--python-version",
            major_minor,
            "--dest",
            folder,
            *specs,
        ]
    )
    found = []
    for spec in specs:
        name, _, version = spec.partition("==")
        matches = [
            path
            for path in folder.glob("*.whl")
            if parse_wheel_filename(path.name)[0] == canonicalize_name(name)
            and str(parse_wheel_filename(path.name)[1]) == version
        ]
        if not matches:
            raise SiteError(f"pip download gave no wheel for {spec}")
        found.append(max(matches, key=lambda p: p.stat().st_mtime))
    return found


def gather_wheels(
    lock: dict[str, Any], own_wheel: Path, tools: Path, python: str
) -> dict[str, Wheel]:
    """Every wheel the kernel needs, by canonical name (downloading what is missing)."""
    markers = pyodide_markers(python)
    wheels = {OWN_PACKAGE: Wheel.read(own_wheel, markers)}
    folder = tools / "wheels" / "pypi"
    while True:
        resolution = resolve(lock, wheels, KERNEL_ROOTS)
        specs = [f"{name}=={installed_version(name)}" for name in resolution.missing]
        specs += [
            f"{name}=={version}"
            for name, version in resolution.from_lock.items()
            if name not in wheels
        ]
        if not specs:
            return wheels
        for path in download_wheels(specs, folder, python):
            wheel = Wheel.read(path, markers)
            wheels[wheel.name] = wheel


# ------------------------------------------------------------------------ the site
def assemble(
    work: Path,
    pyodide: Path,
    wheels: dict[str, Wheel],
    lock: dict[str, Any],
    folders: Sequence[Path] = (),
    examples: bool = True,
) -> None:
    """The lite folder ``jupyter lite build`` reads: static/pyodide/ (the runtime, the
    wheels and the completed lock), the site's settings, the example notebooks (unless
    ``examples`` is false) and each of ``folders`` (a teacher's notebooks and the files
    they read) as a folder of the site under its own name."""
    shutil.rmtree(work, ignore_errors=True)
    target = work / "static" / "pyodide"
    target.mkdir(parents=True)
    for name in PYODIDE_RUNTIME:
        shutil.copy2(pyodide / name, target / name)
    for entry in lock["packages"].values():
        shutil.copy2(wheels[canonicalize_name(entry["name"])].path, target / entry["file_name"])
    (target / "pyodide-lock.json").write_text(json.dumps(lock, indent=1, sort_keys=True) + "\n")
    (work / "jupyter-lite.json").write_text(json.dumps(SITE_CONFIG, indent=2) + "\n")
    contents = work / "contents"
    contents.mkdir()
    if examples:
        for notebook in sorted(EXAMPLES.glob("*.ipynb")):
            (contents / notebook.name).write_text(for_the_site(notebook.read_text()))
    for folder in folders:
        copy_folder(folder, contents / folder.name)


def copy_folder(folder: Path, target: Path) -> None:
    """A folder of the teacher's own into the site: its notebooks set to the site's
    kernel, every other file (a PDN file a lesson reads, a picture) as it is."""
    if not folder.is_dir():
        raise SiteError(f"--notebooks {folder}: no such folder")
    for path in sorted(folder.rglob("*")):
        if not path.is_file() or ".ipynb_checkpoints" in path.parts:
            continue
        copy = target / path.relative_to(folder)
        copy.parent.mkdir(parents=True, exist_ok=True)
        if path.suffix == ".ipynb":
            copy.write_text(for_the_site(path.read_text(encoding="utf-8")), encoding="utf-8")
        else:
            shutil.copy2(path, copy)


def for_the_site(notebook: str) -> str:
    """An example notebook as the site serves it: set to the site's Pyodide kernel.

    The examples name the kernel ``python3`` (a full Jupyter's); JupyterLite's is
    ``python``, and a notebook that names neither it nor its language makes JupyterLite
    ask which kernel to start before anything runs.
    """
    content = json.loads(notebook)
    metadata = content.setdefault("metadata", {})
    metadata["kernelspec"] = dict(SITE_KERNELSPEC)
    metadata.setdefault("language_info", {})["name"] = "python"
    return json.dumps(content, indent=1, ensure_ascii=False) + "\n"


def run_jupyterlite(work: Path, output: Path) -> None:
    """``jupyter lite build`` from ``work`` into a fresh ``output``."""
    shutil.rmtree(output, ignore_errors=True)
    apps = [arg for app in APPS for arg in ("--apps", app)]
    _run(
        [
            sys.executable,
            "-m",
            "jupyterlite_core",
            "build",
            "--lite-dir",
            work,
            "--output-dir",
            output,
            "--contents",
            work / "contents",
            "--no-sourcemaps",
            *apps,
        ],
        cwd=work,
    )


def check_site(output: Path) -> dict[str, Any]:
    """What the site must hold for the kernel to start offline; returns its settings."""
    if not (output / "index.html").exists():
        raise SiteError(f"{output}/index.html is missing")
    config: dict[str, Any] = json.loads((output / "jupyter-lite.json").read_text())[
        "jupyter-config-data"
    ]
    kernel = config["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    if kernel.get("pyodideUrl") != "./static/pyodide/pyodide.mjs":
        raise SiteError(f"pyodideUrl is {kernel.get('pyodideUrl')!r}, not the local copy")
    pyodide = output / "static" / "pyodide"
    lock = json.loads((pyodide / "pyodide-lock.json").read_text())
    for entry in lock["packages"].values():
        path = pyodide / entry["file_name"]
        if not path.exists() or hashlib.sha256(path.read_bytes()).hexdigest() != entry["sha256"]:
            raise SiteError(f"{path} is missing or does not match the lock's sha256")
    for name in PYODIDE_RUNTIME:
        if not (pyodide / name).exists():
            raise SiteError(f"{pyodide / name} is missing")
    if "cdn.jsdelivr.net" in json.dumps(config):
        raise SiteError("the site's settings still point at a CDN")
    return config


def build_site(
    output: Path,
    tools: Path,
    work: Path,
    folders: Sequence[Path] = (),
    examples: bool = True,
) -> None:
    """Build the whole site into ``output`` (see the module docstring), with the example
    notebooks (unless ``examples`` is false) and each of ``folders``."""
    started = time.monotonic()
    check_versions()
    tools.mkdir(parents=True, exist_ok=True)
    pyodide = fetch_pyodide(tools)
    npm_lock = json.loads((pyodide / "pyodide-lock.json").read_text())
    python = str(npm_lock["info"]["python"])
    wheels = gather_wheels(npm_lock, build_own_wheel(tools), tools, python)
    try:
        lock = complete_lock(npm_lock, wheels, KERNEL_ROOTS)
    except LockError as exc:
        raise SiteError(str(exc)) from None
    assemble(work, pyodide, wheels, lock, folders, examples)
    run_jupyterlite(work, output)
    # GitHub Pages serves the files as they are (no Jekyll) when this file is there.
    (output / ".nojekyll").write_text("")
    check_site(output)
    files = [p for p in output.rglob("*") if p.is_file()]
    size = sum(p.stat().st_size for p in files)
    shipped = ", ".join(f"{e['name']} {e['version']}" for e in lock["packages"].values())
    print(f"\nPyodide {PYODIDE_VERSION} (Python {python}) with {len(lock['packages'])} packages:")
    print(f"  {shipped}")
    print(
        f"site: {output} ({len(files)} files, {size / 1e6:.0f} MB), "
        f"built in {time.monotonic() - started:.0f} s"
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    build = REPO_ROOT / "build"
    parser.add_argument("--output", type=Path, default=build / "lite", help="the site folder")
    parser.add_argument(
        "--tools", type=Path, default=build / "lite-tools", help="downloads kept between builds"
    )
    parser.add_argument(
        "--work", type=Path, default=build / "lite-work", help="jupyter lite's input folder"
    )
    parser.add_argument(
        "--notebooks",
        type=Path,
        action="append",
        default=[],
        help="a folder of your own notebooks (and the files they read) to put in the site, "
        "as a folder of that name; may be given more than once",
    )
    parser.add_argument(
        "--without-examples", action="store_true", help="leave the example notebooks out"
    )
    args = parser.parse_args(argv)
    try:
        build_site(
            args.output.resolve(),
            args.tools.resolve(),
            args.work.resolve(),
            [folder.resolve() for folder in args.notebooks],
            examples=not args.without_examples,
        )
    except SiteError as exc:
        print(f"make lite: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
