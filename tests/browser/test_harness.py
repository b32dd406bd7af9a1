"""Self-tests of the browser harness: JupyterLab, Notebook 7, console-error capture."""

from __future__ import annotations

import sys

import pytest
from jupyter_harness import WAIT_MS, ConsoleLog

pytestmark = pytest.mark.browser

SMOKE_NOTEBOOK = "harness_smoke.ipynb"


def _code_cell(source: str) -> dict:
    return {
        "cell_type": "code",
        "metadata": {},
        "source": source,
        "outputs": [],
        "execution_count": None,
    }


@pytest.fixture
def smoke_notebook(jupyter_server) -> str:
    """A tiny notebook written into the server's temporary root (not into examples/)."""
    content = {
        "cells": [
            _code_cell("print(6 * 7)"),
            _code_cell("import sys\nprint('prefix=' + sys.prefix)"),
        ],
        "metadata": {
            "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
            "language_info": {"name": "python"},
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    jupyter_server.api(
        "PUT",
        f"/api/contents/{SMOKE_NOTEBOOK}",
        {"type": "notebook", "format": "json", "content": content},
    )
    return SMOKE_NOTEBOOK


def test_console_errors_are_caught(browser):
    """Console errors and uncaught exceptions are recorded; allow-listed ones are not errors."""
    context = browser.new_context()
    try:
        page = context.new_page()
        log = ConsoleLog()
        log.attach(page)
        page.set_content("<p>hello</p>")
        page.evaluate("() => console.error('boom from console')")
        page.evaluate("() => setTimeout(() => { throw new Error('boom uncaught'); }, 0)")
        # A last message, logged after the uncaught error's timer: once it has arrived,
        # everything before it has.
        with page.expect_console_message(lambda m: m.text == "all logged", timeout=WAIT_MS):
            page.evaluate(
                '() => { console.error("TypeError: Cannot read properties of undefined '
                "(reading 'schema')\"); setTimeout(() => console.log('all logged'), 0); }"
            )
        texts = [e.text for e in log.errors()]
        assert any("boom from console" in t for t in texts), texts
        assert any("boom uncaught" in t for t in texts), texts
        assert not any("reading 'schema'" in t for t in texts), texts
        assert len(texts) == 2, texts
    finally:
        context.close()


def test_jupyterlab_runs_a_notebook_in_the_venv_kernel(lab, smoke_notebook):
    lab.open_in_lab(smoke_notebook)
    lab.run_all_cells()
    assert lab.error_outputs() == []
    text = lab.page.locator(".jp-OutputArea-output").all_inner_texts()
    assert "42" in [t.strip() for t in text], text
    # The kernel is the project's virtual environment, the one running pytest.
    assert f"prefix={sys.prefix}" in "\n".join(text), text


def test_notebook7_opens_a_notebook(lab, smoke_notebook):
    lab.open_in_notebook7(smoke_notebook)
    lab.run_all_cells()
    assert lab.error_outputs() == []
    assert "42" in [t.strip() for t in lab.page.locator(".jp-OutputArea-output").all_inner_texts()]
    lab.screenshot("notebook7")
