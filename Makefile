# Two commands do everything on a fresh machine: `make report` and `make test`.
# Every install reads the lock, constraints.txt (exact versions, the build back-end included);
# `make lock` regenerates it from pyproject.toml's ranges and runs the tests on it.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
LOCK := constraints.txt
# --no-compile, then compileall on both cores: pip byte-compiles every installed module in its one
# process (27 s of a 40 s install on this machine); the same files compiled by `compileall -j 0`
# take 16 s (CHANGELOG, issue 25). The .pyc files are there before any command runs, also for a
# shell that sets PYTHONDONTWRITEBYTECODE=1 and would otherwise never write them.
PIP := $(BIN)/python -m pip install -q --no-compile -c $(LOCK)

# Bytecode caches on: an image may set PYTHONDONTWRITEBYTECODE=1 (this project's machines do), and
# then every process compiles the package's source again and pytest rewrites the asserts of every
# test module again, in each worker and in each command a test starts. The caches go to the
# gitignored __pycache__ folders. Two full pytest runs each way on one warm tree, alternated:
# see CHANGELOG (issue 25).
unexport PYTHONDONTWRITEBYTECODE

.PHONY: report test test-all lint bench venv lock clean

# The venv, from the lock; then every game's kernels compiled into numba's cache once
# (`headcount-lab warm`, a process per core), so no first command waits for them.
$(STAMP): pyproject.toml $(LOCK)
	$(PY) -m venv $(VENV)
	$(PIP) -U pip setuptools wheel
	$(PIP) --no-build-isolation -e ".[dask]" --group dev
	$(BIN)/python -m compileall -q -j 0 $(VENV)/lib
	$(BIN)/headcount-lab warm --jobs 2
	touch $(STAMP)

venv: $(STAMP)

report: $(STAMP)
	$(BIN)/headcount-lab report all

# Both cores: two pytest-xdist workers that start on halves of the test list and take tests from
# each other's tail when one runs dry (worksteal: 247-252 s of pytest against 261-287 s for whole
# files per worker, alternating runs on one machine, because the last files no longer leave one
# core idle); TEST_JOBS=1 runs the suite in one process.
TEST_JOBS ?= 2
TEST := $(BIN)/python -m pytest -q --durations=25 -n $(TEST_JOBS) --dist worksteal

test: $(STAMP)
	$(TEST)

# every test, the `slow` ones too, and the fuzz guard at 100 examples a command (10 in make test)
test-all: $(STAMP)
	FUZZ_EXAMPLES=100 $(TEST) -m ""

lint: $(STAMP)
	$(BIN)/ruff check src tests scripts
	$(BIN)/ruff format --check src tests scripts
	$(BIN)/mypy

bench: $(STAMP)
	$(BIN)/headcount-lab bench --json

# A new lock: the newest releases pyproject.toml allows, then a fresh .venv from it and the
# whole test suite; commit constraints.txt only if the tests pass.
lock:
	bash scripts/lock.sh $(PY)
	rm -rf $(VENV)
	$(MAKE) test

clean:
	rm -rf $(VENV)
