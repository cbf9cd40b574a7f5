# Two commands do everything on a fresh machine: `make report` and `make test`.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: report test test-all lint bench venv clean

$(STAMP): pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/python -m pip install -q -U pip
	$(BIN)/python -m pip install -q -e ".[dask]" --group dev
	touch $(STAMP)

venv: $(STAMP)

report: $(STAMP)
	$(BIN)/headcount-lab report all

test: $(STAMP)
	$(BIN)/python -m pytest -q

test-all: $(STAMP)
	$(BIN)/python -m pytest -q -m ""

lint: $(STAMP)
	$(BIN)/ruff check src tests scripts
	$(BIN)/ruff format --check src tests scripts
	$(BIN)/mypy

bench: $(STAMP)
	$(BIN)/headcount-lab bench --json

clean:
	rm -rf $(VENV)
