"""The locked install (issue 26): every install reads constraints.txt, the lock covers every
dependency inside pyproject.toml's ranges, the venv the tests run in was built from it, and the
pre-commit hooks run the lock's linters."""

from __future__ import annotations

import re
import tomllib
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[1]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())


def lock() -> dict[str, str]:
    """constraints.txt as canonical name -> exact version."""
    out: dict[str, str] = {}
    for line in (ROOT / "constraints.txt").read_text().splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        name, sep, ver = line.partition("==")
        assert sep, f"constraints.txt pins with ==, not {line!r}"
        out[canonicalize_name(name)] = ver.strip()
    return out


def requirements() -> list[Requirement]:
    """Every requirement pyproject.toml declares: runtime, extras, dev group, build system."""
    p = PYPROJECT
    texts = list(p["project"]["dependencies"])
    for extra in p["project"].get("optional-dependencies", {}).values():
        texts += extra
    for group in p.get("dependency-groups", {}).values():
        texts += [t for t in group if isinstance(t, str)]
    texts += p["build-system"]["requires"]
    return [Requirement(t) for t in texts]


@pytest.mark.parametrize("req", requirements(), ids=str)
def test_every_requirement_is_pinned_inside_its_range(req: Requirement) -> None:
    pins = lock()
    name = canonicalize_name(req.name)
    assert name in pins, f"{req.name} is not in constraints.txt: run make lock"
    assert req.specifier.contains(pins[name], prereleases=True), (
        f"constraints.txt pins {req.name}=={pins[name]}, outside pyproject's {req.specifier}"
    )


@pytest.mark.parametrize("name", ["numba", "llvmlite", "numpy"])
def test_compiler_stack_has_a_tested_range_with_an_upper_end(name: str) -> None:
    # core/compiling.py builds on numba's compiler classes: an untried release must not install
    reqs = {canonicalize_name(r.name): r for r in requirements()}
    ops = {s.operator for s in reqs[name].specifier}
    assert ">=" in ops and "<" in ops, f"{name} needs a range >=LOW,<HIGH, not {reqs[name]}"


@pytest.mark.parametrize("name", ["numba", "llvmlite", "numpy", "pandas", "scipy", "ruff", "mypy"])
def test_the_venv_was_installed_from_the_lock(name: str) -> None:
    try:
        installed = version(name)
    except PackageNotFoundError:
        pytest.fail(f"{name} is not installed: make venv installs it from constraints.txt")
    assert installed == lock()[canonicalize_name(name)], (
        f"{name} {installed} is installed but the lock says {lock()[canonicalize_name(name)]}: "
        "rebuild with make clean venv"
    )


def test_every_install_in_the_makefile_reads_the_lock() -> None:
    makefile = (ROOT / "Makefile").read_text()
    installs = [ln for ln in makefile.splitlines() if re.search(r"\$\(PIP\)|pip install", ln)]
    assert installs, "the Makefile installs nothing?"
    assert "PIP := $(BIN)/python -m pip install -q --no-compile -c $(LOCK)" in makefile
    # pip byte-compiles nothing; compileall does it for the whole venv after the last install
    pip_lines = [i for i, ln in enumerate(makefile.splitlines()) if "$(PIP)" in ln]
    compile_lines = [
        i for i, ln in enumerate(makefile.splitlines()) if "-m compileall" in ln and "$(VENV)" in ln
    ]
    assert compile_lines and min(compile_lines) > max(pip_lines)
    assert "LOCK := constraints.txt" in makefile
    for ln in installs:
        assert "$(PIP)" in ln or "-c $(LOCK)" in ln, f"an install that ignores the lock: {ln!r}"
    # the package is built with the locked setuptools, not a fresh unpinned build environment
    assert "--no-build-isolation" in makefile


def test_pre_commit_hooks_run_the_locked_linters() -> None:
    text = (ROOT / ".pre-commit-config.yaml").read_text()
    entries = re.findall(r"entry:\s*(\S+)", text)
    assert entries, "no hooks found"
    pins = lock()
    for entry in entries:
        assert entry.startswith(".venv/bin/"), f"hook {entry} does not run the venv's tool"
        tool = entry.removeprefix(".venv/bin/")
        assert canonicalize_name(tool) in pins, f"hook tool {tool} is not pinned by the lock"
    # no hook repo that pre-commit would download at its own version
    assert re.findall(r"-\s*repo:\s*(\S+)", text) == ["local"]


@pytest.mark.parametrize("name", ["numpy", "pandas", "scipy", "matplotlib", "numba"])
def test_the_venvs_packages_are_byte_compiled(name: str) -> None:
    """make venv installs with pip --no-compile and then byte-compiles the venv with compileall:
    every module file of a package has its .pyc, so a shell with PYTHONDONTWRITEBYTECODE=1
    does not compile the package's source again in each command."""
    import importlib.util

    spec = importlib.util.find_spec(name)
    assert spec is not None and spec.submodule_search_locations
    root = Path(next(iter(spec.submodule_search_locations)))
    sources = [p for p in root.rglob("*.py") if "tests" not in p.parts]
    missing = [p for p in sources if not Path(importlib.util.cache_from_source(str(p))).exists()]
    assert sources and not missing, f"{len(missing)} of {len(sources)} without .pyc: {missing[:3]}"
