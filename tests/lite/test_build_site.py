"""lite/build_site.py: the parts that need no download (the whole build runs in make lite,
and tests/browser/test_lite.py checks the site it makes)."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from lite.build_site import SiteError, check_site, for_the_site


def test_a_notebook_is_set_to_the_sites_kernel() -> None:
    notebook = {
        "cells": [{"cell_type": "markdown", "metadata": {}, "source": ["# Zoë"]}],
        "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3"}},
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    served = json.loads(for_the_site(json.dumps(notebook)))
    assert served["metadata"] == {
        "kernelspec": {"name": "python", "display_name": "Python (Pyodide)", "language": "python"},
        "language_info": {"name": "python"},
    }
    assert served["cells"] == notebook["cells"]


def _site(folder: Path, pyodide_url: str) -> Path:
    """The smallest folder check_site accepts, with ``pyodide_url`` in its settings."""
    (folder / "index.html").write_text("<!doctype html>")
    settings = {"@jupyterlite/pyodide-kernel-extension:kernel": {"pyodideUrl": pyodide_url}}
    config = {"jupyter-config-data": {"litePluginSettings": settings}}
    (folder / "jupyter-lite.json").write_text(json.dumps(config))
    pyodide = folder / "static" / "pyodide"
    pyodide.mkdir(parents=True)
    for name in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip"):
        (pyodide / name).write_text("")
    wheel = pyodide / "comm-0.2.3-py3-none-any.whl"
    wheel.write_bytes(b"wheel")
    entry = {
        "name": "comm",
        "file_name": wheel.name,
        "sha256": hashlib.sha256(b"wheel").hexdigest(),
    }
    (pyodide / "pyodide-lock.json").write_text(json.dumps({"packages": {"comm": entry}}))
    return folder


def test_the_check_wants_the_local_pyodide_and_the_locked_files(tmp_path: Path) -> None:
    site = _site(tmp_path, "https://cdn.jsdelivr.net/pyodide/v314.0.6/full/pyodide.mjs")
    with pytest.raises(SiteError, match="not the local copy"):
        check_site(site)
    config = json.loads((site / "jupyter-lite.json").read_text())
    kernel = config["jupyter-config-data"]["litePluginSettings"]
    kernel["@jupyterlite/pyodide-kernel-extension:kernel"]["pyodideUrl"] = (
        "./static/pyodide/pyodide.mjs"
    )
    (site / "jupyter-lite.json").write_text(json.dumps(config))
    assert check_site(site) == config["jupyter-config-data"]
    (site / "static" / "pyodide" / "comm-0.2.3-py3-none-any.whl").write_bytes(b"other")
    with pytest.raises(SiteError, match="does not match the lock's sha256"):
        check_site(site)
