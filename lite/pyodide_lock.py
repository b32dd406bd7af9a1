"""Pyodide's lock file, completed with the wheels that the offline site ships.

Pyodide loads a package named in its lock file (``pyodide-lock.json``) from the folder
beside the lock (its ``indexURL``) and checks the file against the lock's sha256. The npm
``pyodide`` package carries the runtime and the lock, but none of the packages, so the
site puts beside it:

- the wheels of the lock's own entries that the kernel needs (micropip, IPython and its
  dependencies, jedi, ...), taken from PyPI at the lock's versions; they are not the
  files Pyodide built, so their hashes are recomputed;
- new entries for what the lock lacks (checkers-widget, anywidget, ipywidgets, comm,
  psygnal), their dependencies read from each wheel's metadata as Pyodide would see it.

Every other entry is dropped, so that the lock lists exactly the files the site has: an
import of a package the site does not ship fails at once with ModuleNotFoundError
instead of a request for a file that is not there.

The JupyterLite kernel loads the packages a cell imports (``loadPackagesFromImports``)
before running it, so with ``checkers_widget`` in the lock, ``import checkers_widget``
works with no ``%pip`` line.
"""

from __future__ import annotations

import copy
import hashlib
import zipfile
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from email.parser import HeaderParser
from pathlib import Path, PurePosixPath
from typing import Any

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name, parse_wheel_filename
from packaging.version import Version

__all__ = [
    "FRONTEND_ONLY",
    "LockError",
    "Resolution",
    "Wheel",
    "complete_lock",
    "pyodide_markers",
    "resolve",
]

#: Packages that only carry a front end (a lab or notebook extension): a kernel never
#: imports them, so they are left out of the kernel's dependencies (as
#: jupyterlite-pyodide-kernel's own lock addon does).
FRONTEND_ONLY = frozenset({"jupyterlab-widgets", "widgetsnbextension"})


class LockError(Exception):
    """The lock cannot be completed as asked (a version clash, a wheel that is missing)."""


def pyodide_markers(python: str) -> dict[str, str]:
    """The environment markers of Pyodide's Python (``python``: e.g. ``"3.14.2"``), to
    decide which of a wheel's requirements apply in the browser."""
    major_minor = ".".join(python.split(".")[:2])
    return {
        "implementation_name": "cpython",
        "implementation_version": python,
        "os_name": "posix",
        "platform_machine": "wasm32",
        "platform_python_implementation": "CPython",
        "platform_release": "",
        "platform_system": "Emscripten",
        "platform_version": "",
        "python_full_version": python,
        "python_version": major_minor,
        "sys_platform": "emscripten",
        "extra": "",
    }


@dataclass(frozen=True)
class Wheel:
    """A pure-Python wheel on disk, as the lock file needs to know it."""

    path: Path
    name: str  # canonical (PEP 503) name
    version: str
    requires: tuple[Requirement, ...]  # the requirements that apply in Pyodide
    imports: tuple[str, ...]  # top-level import names

    @classmethod
    def read(cls, path: Path, markers: Mapping[str, str]) -> Wheel:
        """Read ``path``'s metadata; ``markers`` decide which requirements apply."""
        name, version, _build, tags = parse_wheel_filename(path.name)
        if not any(tag.abi == "none" and tag.platform == "any" for tag in tags):
            raise LockError(f"{path.name} is not a pure-Python wheel; Pyodide cannot use it")
        with zipfile.ZipFile(path) as archive:
            members = archive.namelist()
            metadata_name = next(
                (m for m in members if m.count("/") == 1 and m.endswith(".dist-info/METADATA")),
                None,
            )
            if metadata_name is None:
                raise LockError(f"{path.name} has no .dist-info/METADATA")
            metadata = HeaderParser().parsestr(archive.read(metadata_name).decode("utf-8"))
        requires = tuple(
            requirement
            for requirement in map(Requirement, metadata.get_all("Requires-Dist") or [])
            if requirement.marker is None or requirement.marker.evaluate(dict(markers))
        )
        return cls(path, canonicalize_name(name), str(version), requires, _imports(members))

    @property
    def dependencies(self) -> tuple[str, ...]:
        """The canonical names this wheel needs in a kernel (front-end-only ones left out)."""
        names = (canonicalize_name(r.name) for r in self.requires)
        return tuple(sorted({n for n in names if n not in FRONTEND_ONLY}))

    def sha256(self) -> str:
        """The file's sha256, as the lock records it."""
        return hashlib.sha256(self.path.read_bytes()).hexdigest()

    def lock_entry(self) -> dict[str, Any]:
        """A new lock entry for this wheel (installed into site-packages)."""
        return {
            "name": self.name,
            "version": self.version,
            "file_name": self.path.name,
            "install_dir": "site",
            "sha256": self.sha256(),
            "package_type": "package",
            "imports": list(self.imports),
            "depends": list(self.dependencies),
            "unvendored_tests": False,
            "shared_library": False,
        }


def _imports(members: Iterable[str]) -> tuple[str, ...]:
    """Top-level import names of a wheel: its packages and top-level modules."""
    found: set[str] = set()
    for member in members:
        parts = PurePosixPath(member).parts
        top = parts[0]
        if top.endswith((".dist-info", ".data")):
            continue
        if len(parts) == 1 and top.endswith(".py"):
            found.add(top.removesuffix(".py"))
        elif len(parts) == 2 and parts[1] == "__init__.py":
            found.add(top)
    return tuple(sorted(found))


@dataclass(frozen=True)
class Resolution:
    """What the site's kernel needs, found from some root packages.

    ``needed``: every package to ship (canonical names, sorted); ``from_lock``: those of
    them that the lock already has an entry for (pinned at the lock's version), whose
    wheel must still be fetched if not given; ``missing``: names that neither the lock nor
    the given wheels have (the caller fetches them and resolves again).
    """

    needed: tuple[str, ...]
    from_lock: dict[str, str]  # name -> the lock's version
    missing: tuple[str, ...]


def _lock_index(lock: Mapping[str, Any]) -> dict[str, str]:
    """Canonical name -> the key of its entry in ``lock["packages"]``."""
    return {canonicalize_name(key): key for key in lock["packages"]}


def resolve(
    lock: Mapping[str, Any], wheels: Mapping[str, Wheel], roots: Iterable[str]
) -> Resolution:
    """Walk the dependencies of ``roots``.

    A package the lock has, at the lock's version, keeps the lock's ``depends`` (Pyodide's
    own choice); a given wheel of another version, or of a package the lock lacks, brings
    the dependencies its metadata names.
    """
    index = _lock_index(lock)
    needed: set[str] = set()
    from_lock: dict[str, str] = {}
    missing: set[str] = set()
    queue: list[str] = [canonicalize_name(root) for root in roots]
    while queue:
        name = queue.pop()
        if name in needed or name in missing:
            continue
        entry = lock["packages"][index[name]] if name in index else None
        wheel = wheels.get(name)
        if entry is not None and (wheel is None or wheel.version == str(entry["version"])):
            needed.add(name)
            from_lock[name] = str(entry["version"])
            queue.extend(canonicalize_name(dep) for dep in entry["depends"])
        elif wheel is not None:
            needed.add(name)
            queue.extend(wheel.dependencies)
        else:
            missing.add(name)
    return Resolution(tuple(sorted(needed)), from_lock, tuple(sorted(missing)))


def _check_requirements(wheels: Mapping[str, Wheel], versions: Mapping[str, str]) -> None:
    """Every requirement of ``wheels`` must accept the version the site ships, if any."""
    clashes = []
    for wheel in wheels.values():
        for requirement in wheel.requires:
            name = canonicalize_name(requirement.name)
            shipped = versions.get(name)
            if shipped is None or name in FRONTEND_ONLY:
                continue
            if not requirement.specifier.contains(Version(shipped), prereleases=True):
                clashes.append(f"{wheel.name} {wheel.version} needs {requirement}, got {shipped}")
    if clashes:
        raise LockError("the kernel's packages do not fit together: " + "; ".join(clashes))


def complete_lock(
    lock: Mapping[str, Any], wheels: Mapping[str, Wheel], roots: Iterable[str]
) -> dict[str, Any]:
    """A copy of ``lock`` holding exactly the packages ``roots`` need, each pointing at its
    wheel in ``wheels`` (by canonical name) with that file's sha256.

    A lock entry given a wheel of its own version keeps its dependencies and import names;
    any other wheel gets a new entry, and its requirements must accept the versions
    shipped (a clash is a :class:`LockError`).
    """
    resolution = resolve(lock, wheels, roots)
    if resolution.missing:
        raise LockError("no wheel and no lock entry for: " + ", ".join(resolution.missing))
    index = _lock_index(lock)
    packages: dict[str, Any] = {}
    versions: dict[str, str] = {}
    added: dict[str, Wheel] = {}
    for name in resolution.needed:
        wheel = wheels.get(name)
        if wheel is None:
            raise LockError(f"no wheel given for the lock's {name} {resolution.from_lock[name]}")
        if name in resolution.from_lock:
            key = index[name]
            entry = copy.deepcopy(lock["packages"][key])
            entry["file_name"] = wheel.path.name
            entry["sha256"] = wheel.sha256()
        else:  # new to the lock, or a version that replaces the lock's
            key = index.get(name, name)
            entry = wheel.lock_entry()
            added[name] = wheel
        packages[key] = entry
        versions[name] = str(entry["version"])
    _check_requirements(added, versions)
    completed = {key: copy.deepcopy(value) for key, value in lock.items() if key != "packages"}
    completed["packages"] = dict(sorted(packages.items()))
    return completed
