#!/usr/bin/env bash
# Try the lower ends of pyproject.toml's tested ranges for the compiler stack (numba, llvmlite,
# numpy): a throw-away venv with the lock's versions of everything else and the oldest allowed
# numba/llvmlite/numpy, then the tests that exercise numba's internals (core.compiling,
# core.jitcache) and a kernel-against-reference test of every game. Run after changing a lower
# end in pyproject.toml, with LOW set to the new lower ends (LOW_PINS="numba==A llvmlite==B
# numpy==C" tries others). Usage: scripts/lower_bounds.sh [PYTHON] (default python3).
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${1:-python3}
read -r -a LOW <<< "${LOW_PINS:-numba==0.68.0 llvmlite==0.50.0 numpy==2.3.5}"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
grep -v -i -E '^(numba|llvmlite|numpy)==' constraints.txt > "$tmp/constraints.txt"
printf '%s\n' "${LOW[@]}" >> "$tmp/constraints.txt"
"$PY" -m venv "$tmp/venv"
pip=("$tmp/venv/bin/python" -m pip install -q -c "$tmp/constraints.txt")
"${pip[@]}" -U pip setuptools wheel
"${pip[@]}" --no-build-isolation -e ".[dask]" --group dev
"$tmp/venv/bin/python" -c 'import numba, llvmlite, numpy; print("numba", numba.__version__, "llvmlite", llvmlite.__version__, "numpy", numpy.__version__)'
NUMBA_CACHE_DIR="$tmp/numba" "$tmp/venv/bin/python" -m pytest -q -p no:cacheprovider \
  tests/core/test_compiling.py tests/core/test_jitcache.py tests/core/test_rng.py \
  tests/headcount/test_engine_reference.py tests/whist/test_kernel_matches_reference.py \
  tests/poohead/test_kernel_matches_reference.py tests/foolish/test_kernel_matches_reference.py
