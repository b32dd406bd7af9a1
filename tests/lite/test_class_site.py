"""`make class-site`: a teacher's folder goes into the site whole, its notebooks set to
the site's kernel, its other files as they are."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lite.build_site import SiteError, copy_folder, for_the_site

NOTEBOOK = {
    "cells": [],
    "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3"}},
    "nbformat": 4,
    "nbformat_minor": 5,
}


def test_a_folder_is_copied_with_its_notebooks_set_to_the_site_kernel(tmp_path: Path) -> None:
    folder = tmp_path / "my-lessons"
    (folder / "games").mkdir(parents=True)
    text = json.dumps(NOTEBOOK)
    (folder / "lesson.ipynb").write_text(text)
    (folder / "games" / "club.pdn").write_text("1. 11-15 *\n")
    (folder / ".ipynb_checkpoints").mkdir()
    (folder / ".ipynb_checkpoints" / "lesson-checkpoint.ipynb").write_text(text)
    target = tmp_path / "contents" / "my-lessons"
    copy_folder(folder, target)
    assert (target / "lesson.ipynb").read_text() == for_the_site(text)
    assert (target / "games" / "club.pdn").read_text() == "1. 11-15 *\n"
    assert not (target / ".ipynb_checkpoints").exists()


def test_a_missing_folder_is_refused(tmp_path: Path) -> None:
    with pytest.raises(SiteError, match="no such folder"):
        copy_folder(tmp_path / "nowhere", tmp_path / "contents" / "nowhere")
