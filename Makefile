# checkers-widget: the two commands a newcomer needs are `make lab` and `make test`.
#
#   make lab    set up .venv + node_modules, build the front end, open JupyterLab on examples/
#   make test   same set-up, then `make lint` (ruff check + format, mypy --strict), Debian chromium,
#               the offline JupyterLite site (make lite), vitest, tsc on the front end's JSDoc
#               types and the whole pytest suite (browser tests included)
#
# Other targets: make setup | lint | js | lite | docs | class-site | test-pythons | data-check | clean
# Pass extra pytest arguments with PYTEST_ARGS, e.g. make test PYTEST_ARGS='-m "not browser"'.

SHELL := /bin/bash
.DEFAULT_GOAL := help

PYTHON   ?= python3
VENV     := .venv
BIN      := $(VENV)/bin
STAMP    := $(VENV)/.installed
NODE_STAMP := node_modules/.installed
BUNDLE   := src/checkers_widget/static/widget.js
JS_SRC   := $(filter-out %.test.js,$(wildcard js/*.js js/*.css))
CHROMIUM ?= /usr/bin/chromium
PYTEST_ARGS ?=
# Two xdist workers; every browser test shares one worker (xdist_group "browser",
# see tests/conftest.py) so that only one JupyterLab server and one chromium run.
PYTEST_XDIST ?= -n 2 --dist loadgroup

ROOT_FLAG := $(shell [ "$$(id -u)" = 0 ] && echo --allow-root)

# The offline JupyterLite site (lite/build_site.py). Its build environment is a venv of its
# own, from lite/requirements.txt: the Pyodide kernel's lab extension must not land in .venv,
# whose JupyterLab the browser tests drive. Downloads are kept in build/lite-tools.
LITE_OUT   := build/lite
LITE_TOOLS := build/lite-tools
LITE_VENV  := $(LITE_TOOLS)/venv
LITE_STAMP := $(LITE_VENV)/.installed
LITE_INPUTS := $(wildcard lite/*.py) $(wildcard examples/*.ipynb) pyproject.toml \
  $(shell find src/checkers_widget -type f -not -path '*/__pycache__/*')

.PHONY: help setup lab test lint js lite class-site docs clean chromium data-check

help:
	@echo "make lab    - set up everything and open JupyterLab on examples/"
	@echo "make test   - set up everything (incl. Debian chromium) and run ruff, mypy, vitest, tsc, pytest"
	@echo "make data-check - rebuild the package's data from the whole archives and compare (minutes)"
	@echo "make lint   - ruff check, ruff format --check and mypy --strict (see pyproject.toml)"
	@echo "make test-pythons - the core, formats and engine tests on each Python 3.11-3.14 found (nox)"
	@echo "make js     - rebuild the front-end bundle ($(BUNDLE))"
	@echo "make lite   - build the offline JupyterLite site into $(LITE_OUT)/ (serve it from any static host)"
	@echo "make class-site NOTEBOOKS=folder - the JupyterLite site with your own notebooks, in $(CLASS_OUT)/"
	@echo "make docs   - build the documentation site into $(DOCS_OUT)/ (with the JupyterLite site under lite/)"
	@echo "make clean  - remove .venv, node_modules and build output"

setup: $(STAMP) $(BUNDLE)

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# npm ci first, so that esbuild is present when pip's build hook runs `npm run build`.
$(NODE_STAMP): package.json package-lock.json
	npm ci --no-audit --no-fund
	@touch $@

# pip's build hook (hatch-jupyter-builder) runs `npm install` + `npm run build`; npm rewrites
# package-lock.json (same content, new mtime), so re-touch the npm stamp afterwards.
# The development tools are pyproject.toml's dependency group `dev` (PEP 735), which pip
# installs from 25.1 on (a venv made before that gets a newer pip first).
$(STAMP): pyproject.toml $(NODE_STAMP) | $(BIN)/python
	$(BIN)/python -m pip install --quiet "pip>=25.1"
	$(BIN)/python -m pip install -e . --group dev
	@touch $(NODE_STAMP) && touch $@

$(BUNDLE): $(JS_SRC) | $(NODE_STAMP)
	npm run build

lab: setup
	$(BIN)/jupyter lab --ServerApp.root_dir=examples --ip=127.0.0.1 $(ROOT_FLAG)

chromium:
	@if [ -x "$(CHROMIUM)" ]; then exit 0; fi; \
	if [ "$$(id -u)" = 0 ]; then \
	  echo "Installing Debian chromium (needed by the browser tests)..."; \
	  apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y chromium; \
	else \
	  echo "ERROR: the browser tests need Debian's chromium at $(CHROMIUM)."; \
	  echo "Install it with:  sudo apt-get update && sudo apt-get install -y chromium"; \
	  exit 1; \
	fi

$(LITE_STAMP): lite/requirements.txt
	rm -rf $(LITE_VENV)
	$(PYTHON) -m venv $(LITE_VENV)
	$(LITE_VENV)/bin/python -m pip install --quiet --upgrade pip
	$(LITE_VENV)/bin/python -m pip install --quiet -r lite/requirements.txt
	@touch $@

# Rebuilt from scratch whenever the package, the notebooks or the build code change.
$(LITE_OUT)/index.html: $(LITE_STAMP) $(BUNDLE) $(LITE_INPUTS)
	$(LITE_VENV)/bin/python -m lite.build_site --output $(LITE_OUT) --tools $(LITE_TOOLS)
	@touch $@

lite: $(LITE_OUT)/index.html

# A class's own site: the JupyterLite site with a folder of the teacher's notebooks (lessons,
# puzzles, games, and the files they read) beside the examples, e.g.
#   make class-site NOTEBOOKS=my-lessons            (EXAMPLES=no leaves the examples out)
NOTEBOOKS ?=
EXAMPLES  ?= yes
CLASS_OUT ?= build/class-site
class-site: $(LITE_STAMP) $(BUNDLE)
	@if [ -z "$(NOTEBOOKS)" ]; then echo "usage: make class-site NOTEBOOKS=folder [EXAMPLES=no]"; exit 1; fi
	$(LITE_VENV)/bin/python -m lite.build_site --output $(CLASS_OUT) --tools $(LITE_TOOLS) \
	  --work build/class-site-work $(foreach d,$(NOTEBOOKS),--notebooks $(d)) \
	  $(if $(filter no,$(EXAMPLES)),--without-examples)

# The documentation site (docs/conf.py): Sphinx with myst-nb, from docs/requirements.txt,
# installed into .venv. Warnings are errors. The example notebooks are run once into a
# cache (build/docs-cache) for their outputs; the JupyterLite site is copied in as lite/,
# so that build/docs/ is the whole public face of the project.
DOCS_OUT   := build/docs
DOCS_STAMP := $(VENV)/.docs-installed

$(DOCS_STAMP): docs/requirements.txt $(STAMP)
	$(BIN)/python -m pip install --quiet -r docs/requirements.txt
	@touch $@

docs: setup $(DOCS_STAMP) lite
	$(BIN)/sphinx-build -b html -W --keep-going -q docs $(DOCS_OUT)
	rm -rf $(DOCS_OUT)/lite && cp -a $(LITE_OUT) $(DOCS_OUT)/lite

# mypy's settings (strict, files = src) are in pyproject.toml's [tool.mypy].
lint: setup
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy

test: lint chromium lite docs
	npm test
	npm run typecheck
	$(BIN)/python -m pytest $(PYTEST_XDIST) $(PYTEST_ARGS)
	$(MAKE) test-pythons NOX_ARGS="--python $$($(BIN)/python -c "$$OTHER_PYTHONS")"

# The core, formats and engine tests on every Python from 3.11 to 3.14 that the machine has
# (noxfile.py: each in a venv of its own, with the package and the `test` group of
# pyproject.toml). `make test` leaves out the venv's own Python: its pytest has just run them.
NOX_ARGS ?=
export OTHER_PYTHONS := import sys; print(*(f"3.{m}" for m in range(11, 15) if m != sys.version_info[1]))
.PHONY: test-pythons
test-pythons: setup
	$(BIN)/nox --session core $(NOX_ARGS)

# The package's data (opening index, endgame databases) rebuilt from the whole archives by
# scripts/ and compared byte for byte with the shipped files: the tests marked `rebuild`,
# which the default suite leaves out (it checks the same scripts on a small slice).
data-check: setup
	$(BIN)/python -m pytest $(PYTEST_XDIST) -m rebuild $(PYTEST_ARGS)

js: $(NODE_STAMP)
	npm run build

clean:
	rm -rf $(VENV) node_modules src/checkers_widget/static build dist tests/browser/artifacts \
	  .nox .pytest_cache .ruff_cache .mypy_cache .hypothesis
	find . -name __pycache__ -type d -prune -not -path './.git/*' -exec rm -rf {} +
