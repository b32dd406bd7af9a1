"""Sphinx configuration of the checkers-widget documentation site (`make docs`)."""

from __future__ import annotations

import importlib
import inspect
import json
import os
import re
import sys
import tempfile
from pathlib import Path

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.errors import PycodeError
from sphinx.pycode import ModuleAnalyzer

import checkers_widget

HERE = Path(__file__).resolve().parent
EXAMPLES = HERE.parent / "examples"

# Lesson stars, milestones and puzzle ratings the notebooks earn go to a folder of their own.
os.environ.setdefault("CHECKERS_WIDGET_HOME", tempfile.mkdtemp(prefix="checkers-docs-home-"))

project = "checkers-widget"
author = "the checkers-widget authors"
copyright = "the checkers-widget authors, MIT licence"
release = getattr(checkers_widget, "__version__", "")

extensions = [
    "myst_nb",
    "sphinx.ext.autodoc",
    "sphinx.ext.autosummary",
    "sphinx.ext.napoleon",
    "sphinx.ext.viewcode",
]

exclude_patterns = ["_build", "requirements.txt", "**/.ipynb_checkpoints"]
source_suffix = {".md": "myst-nb", ".ipynb": "myst-nb", ".rst": "restructuredtext"}

# --- Markdown (MyST) ---
# A fence without a language (a file listing, a PDN text) is shown as it is.
highlight_language = "none"
myst_enable_extensions = ["colon_fence", "deflist"]
myst_heading_anchors = 3

# --- Notebooks (myst-nb) ---
# The example notebooks are run once and kept in a cache (build/docs-cache), so a page
# shows real outputs: each board as the picture its output bundle carries for readers
# without a kernel. A notebook that fails to run fails the build.
nb_execution_mode = "cache"
nb_execution_cache_path = str(HERE.parent / "build" / "docs-cache")
nb_execution_timeout = 600
nb_execution_raise_on_error = True
# Each notebook runs in a temporary folder (what it writes stays out of the tree).
nb_execution_in_temp = True
nb_execution_show_tb = True
# No live widgets on a static page: draw the picture (text/html) that each board's
# output carries beside its widget view.
nb_mime_priority_overrides = [
    ("html", "application/vnd.jupyter.widget-view+json", None),
    ("html", "application/vnd.jupyter.widget-state+json", None),
]

# --- API reference (autodoc) ---
autodoc_member_order = "bysource"
autodoc_typehints = "signature"
autodoc_default_options = {"undoc-members": True}
napoleon_google_docstring = True
napoleon_numpy_docstring = True

# --- HTML ---
html_theme = "furo"
html_title = "checkers-widget"
html_static_path = ["_static"]
html_css_files = ["site.css"]
html_extra_path: list[str] = []
html_theme_options = {"navigation_with_keys": True}


TRY_IT = (
    '<p class="try-it"><a href="../lite/lab/index.html?path={name}">▶ Run this notebook in '
    "your browser</a> (JupyterLite: Python starts in the page, nothing to install; the "
    "first start takes a while). Below, each board is a picture of its position: run "
    "the notebook to play.</p>"
)


def page_of(notebook: Path) -> str:
    """The notebook as its documentation page's source: a "Try it" link under its title."""
    content = json.loads(notebook.read_text(encoding="utf-8"))
    link = {
        "cell_type": "markdown",
        "id": "docs-try-it",
        "metadata": {},
        "source": [TRY_IT.format(name=notebook.name)],
    }
    content["cells"].insert(1, link)
    return json.dumps(content, indent=1, ensure_ascii=False) + "\n"


def copy_example_notebooks(app: Sphinx) -> None:
    """Copy examples/*.ipynb next to docs/examples/index.md: each becomes a page there.

    The copies are build input only (git-ignored); examples/ stays the one source."""
    target = HERE / "examples"
    for old in target.glob("*.ipynb"):
        if not (EXAMPLES / old.name).exists():
            old.unlink()
    for notebook in sorted(EXAMPLES.glob("*.ipynb")):
        copy = target / notebook.name
        text = page_of(notebook)
        if not copy.exists() or copy.read_text(encoding="utf-8") != text:
            copy.write_text(text, encoding="utf-8")


#: The public modules whose ``__all__`` the API reference documents, each with its
#: page's introduction.
API_MODULES = {
    "checkers_widget": (
        "The names of the package itself: boards, moves and games, PDN files, pictures, "
        "the engine, the review, the opening explorer, the board widget and every error. "
        "None of them but :class:`~checkers_widget.CheckersWidget` loads Jupyter."
    ),
    "checkers_widget.tutorial": (
        "The rules tutorial and the lessons it is made of: lessons are data, so a "
        "teacher writes their own (see :doc:`/guide/teach-the-rules`)."
    ),
    "checkers_widget.puzzles": (
        "The 513 puzzles taken from master games, the trainer that plays them on a board, "
        "and puzzles made from a review of your own games."
    ),
    "checkers_widget.data": (
        "The data sets shipped with the package: Tinsley's games, the opening ballots, "
        "classic endings and an international game. Nothing is downloaded."
    ),
    "checkers_widget.export": (
        "Animations of a game, a line or one move, as an animated SVG or a GIF "
        "(the GIF needs the ``export`` extra, which brings Pillow)."
    ),
    "checkers_widget.analysis": (
        "Learning from games without Jupyter: the review of a game move by move, and the "
        "opening explorer. ``checkers_widget.review`` is this module's ``review`` with a "
        "progress bar in a notebook."
    ),
}


def directive_for(value: object) -> str:
    """The autodoc directive that documents ``value``."""
    if isinstance(value, type):
        return "autoexception" if issubclass(value, BaseException) else "autoclass"
    if inspect.isfunction(value) or inspect.isbuiltin(value):
        return "autofunction"
    return "autodata"


def attribute_doc(value: object, public: str) -> list[str]:
    """The ``#:`` comment documenting a constant where it is defined (autodoc would show
    its type's docstring instead, e.g. ``dict``'s, for a constant imported elsewhere)."""
    for modname in sorted(sys.modules):
        if modname == "checkers_widget" or not modname.startswith("checkers_widget."):
            continue
        if getattr(sys.modules[modname], public, None) is not value:
            continue
        try:
            docs = ModuleAnalyzer.for_module(modname).find_attr_docs()
        except PycodeError:
            continue
        if ("", public) in docs:
            return [line for line in docs[("", public)] if line is not None]
    return []


def entry(module_name: str, public: str) -> list[str]:
    """The reST of one public name's entry on its module's page."""
    module = importlib.import_module(module_name)
    value = getattr(module, public)
    top = importlib.import_module("checkers_widget")
    if module_name != "checkers_widget" and getattr(top, public, None) is value:
        # Documented in full on the package's page; autodoc would declare it twice.
        kind = (
            "exception"
            if isinstance(value, type) and issubclass(value, BaseException)
            else ("class" if isinstance(value, type) else "function" if callable(value) else "data")
        )
        return [
            f".. py:{kind}:: {public}",
            "",
            f"   The same as :py:obj:`checkers_widget.{public}`.",
            "",
        ]
    directive = directive_for(value)
    if directive != "autodata":
        lines = [f".. {directive}:: {public}"]
        if directive in ("autoclass", "autoexception"):
            lines += ["   :members:", "   :show-inheritance:"]
        return [*lines, ""]
    doc = attribute_doc(value, public) or [f"A ``{type(value).__name__}``."]
    return [
        f".. py:data:: {public}",
        f"   :type: {type(value).__name__}",
        "",
        *("   " + line for line in doc),
        "",
    ]


def write_api_pages(app: Sphinx) -> None:
    """Write docs/api/<module>.rst: one entry for every name in each module's ``__all__``.

    Generated on every build (git-ignored), so the reference follows ``__all__`` and the
    public import paths whatever moves inside the package."""
    target = HERE / "api"
    for name, intro in API_MODULES.items():
        module = importlib.import_module(name)
        title = f"``{name}``"
        lines = [
            title,
            "=" * len(title),
            "",
            intro,
            "",
            f".. automodule:: {name}",
            "   :no-members:",
            "",
        ]
        lines += [f".. currentmodule:: {name}", ""]
        for public in module.__all__:
            lines += entry(name, public)
        text = "\n".join(lines)
        page = target / f"{name.removeprefix('checkers_widget.')}.rst"
        if not page.exists() or page.read_text(encoding="utf-8") != text:
            page.write_text(text, encoding="utf-8")


#: The text an ipywidgets container (a progress bar, the tutorial's or the trainer's panel)
#: leaves in a notebook's output when no widget can be drawn: its Python repr.
WIDGET_REPR = re.compile(r"^(?:HBox|VBox|Box|GridBox)\(children=\(")


def replace_widget_reprs(app: Sphinx, doctree: nodes.document) -> None:
    """A panel of controls has no picture for readers without a kernel: say so, rather
    than show its ``HBox(children=(...))`` repr."""
    for block in list(doctree.findall(nodes.literal_block)):
        if "text_plain" in block["classes"] and WIDGET_REPR.match(block.astext()):
            note = nodes.paragraph(classes=["widget-note"])
            note += nodes.emphasis(text="An interactive panel: run the notebook to use it.")
            block.replace_self(note)


def setup(app: Sphinx) -> None:
    app.connect("doctree-read", replace_widget_reprs)
    app.connect("builder-inited", copy_example_notebooks)
    app.connect("builder-inited", write_api_pages)
