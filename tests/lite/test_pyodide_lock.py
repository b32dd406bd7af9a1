"""lite/pyodide_lock.py: Pyodide's lock completed with the site's wheels.

Small wheels are written here (a zip with a METADATA and a package), against a small lock
shaped like Pyodide's, so every rule is checked without a download.
"""

from __future__ import annotations

import hashlib
import zipfile
from pathlib import Path
from typing import Any

import pytest

from lite.pyodide_lock import LockError, Wheel, complete_lock, pyodide_markers, resolve

MARKERS = pyodide_markers("3.14.2")


def make_wheel(
    folder: Path,
    name: str,
    version: str,
    requires: tuple[str, ...] = (),
    *,
    modules: tuple[str, ...] = (),
    tag: str = "py3-none-any",
) -> Path:
    """A wheel of package ``name`` (import name: the name with ``_``) and ``modules``."""
    dist = f"{name.replace('-', '_')}-{version}"
    path = folder / f"{dist}-{tag}.whl"
    metadata = [f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n"]
    metadata += [f"Requires-Dist: {r}\n" for r in requires]
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr(f"{dist}.dist-info/METADATA", "".join(metadata))
        archive.writestr(f"{dist}.dist-info/RECORD", "")
        archive.writestr(f"{name.replace('-', '_')}/__init__.py", "")
        archive.writestr(f"{name.replace('-', '_')}/sub/__init__.py", "")
        archive.writestr(f"{dist}.data/data/share/jupyter/x.json", "{}")
        for module in modules:
            archive.writestr(f"{module}.py", "")
    return path


def entry(name: str, version: str, depends: tuple[str, ...] = ()) -> dict[str, Any]:
    return {
        "name": name,
        "version": version,
        "file_name": f"{name}-{version}-py3-none-any.whl",
        "install_dir": "site",
        "sha256": "0" * 64,
        "package_type": "package",
        "imports": [name.replace("-", "_")],
        "depends": list(depends),
        "unvendored_tests": False,
    }


@pytest.fixture
def lock() -> dict[str, Any]:
    """A lock like Pyodide's: ipython with dependencies, and packages nobody needs."""
    return {
        "info": {"python": "3.14.2", "platform": "emscripten_5_0_3"},
        "packages": {
            "micropip": entry("micropip", "0.11.1"),
            "ipython": entry("ipython", "9.12.0", ("traitlets", "prompt_toolkit")),
            "traitlets": entry("traitlets", "5.14.3"),
            # Keyed and named unlike the canonical name, as in Pyodide's own lock.
            "prompt-toolkit": entry("prompt_toolkit", "3.0.52"),
            "numpy": entry("numpy", "2.4.0"),
        },
    }


def lock_wheels(folder: Path, lock: dict[str, Any], *names: str) -> dict[str, Wheel]:
    """PyPI-like wheels for the lock's own ``names``, at the lock's versions."""
    wheels = {}
    for key in names:
        spec = lock["packages"][key]
        wheel = Wheel.read(make_wheel(folder, spec["name"], spec["version"]), MARKERS)
        wheels[wheel.name] = wheel
    return wheels


def test_a_wheel_is_read_as_pyodide_would_see_it(tmp_path: Path) -> None:
    path = make_wheel(
        tmp_path,
        "anywidget",
        "0.11.0",
        (
            "ipywidgets>=7.6.0",
            "typing-extensions>=4.2.0",
            "watchfiles>=1.1.0; extra == 'dev'",  # an extra: not installed
            "pywin32; sys_platform == 'win32'",  # not in the browser
            "micropip; sys_platform == 'emscripten'",  # only in the browser
            "widgetsnbextension~=4.0",  # a front end only: never imported
        ),
        modules=("anywidget_helper",),
    )
    wheel = Wheel.read(path, MARKERS)
    assert (wheel.name, wheel.version) == ("anywidget", "0.11.0")
    assert wheel.dependencies == ("ipywidgets", "micropip", "typing-extensions")
    assert wheel.imports == ("anywidget", "anywidget_helper")
    assert wheel.sha256() == hashlib.sha256(path.read_bytes()).hexdigest()


def test_a_compiled_wheel_is_refused(tmp_path: Path) -> None:
    path = make_wheel(tmp_path, "fast", "1.0", tag="cp314-cp314-manylinux_2_17_x86_64")
    with pytest.raises(LockError, match="not a pure-Python wheel"):
        Wheel.read(path, MARKERS)


def test_resolve_follows_the_lock_and_the_wheels(tmp_path: Path, lock: dict[str, Any]) -> None:
    own = Wheel.read(make_wheel(tmp_path, "board", "1.0", ("ipython", "comm>=0.1")), MARKERS)
    found = resolve(lock, {"board": own}, ["micropip", "board"])
    # comm is neither in the lock nor given: the caller must fetch it.
    assert found.missing == ("comm",)
    assert found.needed == ("board", "ipython", "micropip", "prompt-toolkit", "traitlets")
    assert found.from_lock == {
        "ipython": "9.12.0",
        "micropip": "0.11.1",
        "prompt-toolkit": "3.0.52",
        "traitlets": "5.14.3",
    }


def test_the_lock_keeps_only_what_is_needed_with_new_hashes(
    tmp_path: Path, lock: dict[str, Any]
) -> None:
    wheels = lock_wheels(tmp_path, lock, "micropip", "ipython", "traitlets", "prompt-toolkit")
    comm = Wheel.read(make_wheel(tmp_path, "comm", "0.2.3"), MARKERS)
    own = Wheel.read(make_wheel(tmp_path, "board", "1.0", ("ipython", "comm>=0.1")), MARKERS)
    wheels.update({"comm": comm, "board": own})
    completed = complete_lock(lock, wheels, ["micropip", "board"])
    packages = completed["packages"]
    assert completed["info"] == lock["info"]
    assert sorted(packages) == [
        "board",
        "comm",
        "ipython",
        "micropip",
        "prompt-toolkit",
        "traitlets",
    ]
    assert "numpy" not in packages  # not shipped, so not listed
    for key, spec in packages.items():
        wheel = wheels[key]
        assert spec["file_name"] == wheel.path.name
        assert spec["sha256"] == hashlib.sha256(wheel.path.read_bytes()).hexdigest()
    # A lock entry keeps Pyodide's dependencies and names; a new one has its own.
    assert packages["ipython"]["depends"] == ["traitlets", "prompt_toolkit"]
    assert packages["prompt-toolkit"]["name"] == "prompt_toolkit"
    assert packages["board"] == {
        "name": "board",
        "version": "1.0",
        "file_name": own.path.name,
        "install_dir": "site",
        "sha256": own.sha256(),
        "package_type": "package",
        "imports": ["board"],
        "depends": ["comm", "ipython"],
        "unvendored_tests": False,
        "shared_library": False,
    }
    # The input lock is left as it was.
    assert lock["packages"]["micropip"]["sha256"] == "0" * 64
    assert "numpy" in lock["packages"]


def test_a_wheel_of_another_version_replaces_the_lock_entry(
    tmp_path: Path, lock: dict[str, Any]
) -> None:
    wheels = lock_wheels(tmp_path, lock, "ipython", "prompt-toolkit")
    newer = Wheel.read(make_wheel(tmp_path, "traitlets", "5.16.1"), MARKERS)
    completed = complete_lock(lock, {**wheels, "traitlets": newer}, ["ipython"])
    assert completed["packages"]["traitlets"]["version"] == "5.16.1"
    assert completed["packages"]["traitlets"]["file_name"] == newer.path.name


def test_versions_that_do_not_fit_are_refused(tmp_path: Path, lock: dict[str, Any]) -> None:
    wheels = lock_wheels(tmp_path, lock, "traitlets")
    own = Wheel.read(make_wheel(tmp_path, "board", "1.0", ("traitlets>=6",)), MARKERS)
    with pytest.raises(LockError, match=r"board 1.0 needs traitlets>=6, got 5.14.3"):
        complete_lock(lock, {**wheels, "board": own}, ["board"])


def test_a_package_nobody_has_is_named(tmp_path: Path, lock: dict[str, Any]) -> None:
    own = Wheel.read(make_wheel(tmp_path, "board", "1.0", ("psygnal",)), MARKERS)
    with pytest.raises(LockError, match="no wheel and no lock entry for: psygnal"):
        complete_lock(lock, {"board": own}, ["board"])


def test_a_lock_entry_needs_its_wheel(tmp_path: Path, lock: dict[str, Any]) -> None:
    with pytest.raises(LockError, match=r"no wheel given for the lock's micropip 0\.11\.1"):
        complete_lock(lock, {}, ["micropip"])
