"""docs/adding-a-game.md is true: its steps, followed word for word in a temporary checkout,
write a new game that passes every shared test (issue 25 item 3).

The guide's shell block is run line by line: file commands (``cp``, ``rm``, ``mv``, ``sed``) in
the temporary checkout, which holds a copy of ``tests/highcard/`` as the reader's checkout does;
``headcount-lab`` through ``tests/extra_game.py``, and the shared tests through pytest, both with
``HEADCOUNT_LAB_EXTRA_GAME`` naming the new game's folder. That variable stands for the guide's
registry step (a shipped game's line in ``GAMES``; a test-only game's ``register(SPEC)`` in
``tests/conftest.py``), which cannot be an edit of this repository's files from a test.

Every shared test is run on the new game: those parametrized over the registered games (their
ids name the game) and those that loop over ``registered()`` in their body (found by reading the
test files), in one pytest process, slow ones included."""

from __future__ import annotations

import ast
import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GUIDE = ROOT / "docs" / "adding-a-game.md"
SECTION = "## Step by step: a new game from High Card"


def guide_steps() -> list[str]:
    """The command lines of the guide's step-by-step shell block."""
    text = GUIDE.read_text(encoding="utf-8")
    assert SECTION in text, f"{GUIDE.name} lost its section {SECTION!r}"
    block = re.search(r"```sh\n(.*?)```", text.split(SECTION, 1)[1], re.S)
    assert block, f"{SECTION!r} has no ```sh block"
    return [line for line in block.group(1).splitlines() if line.strip()]


def shared_test_files() -> list[Path]:
    return sorted([*ROOT.glob("tests/test_*.py"), *ROOT.glob("tests/core/test_*.py")])


def loops_over_registered(path: Path) -> list[str]:
    """Tests of ``path`` that read ``registered()`` whole in their body rather than being
    parametrized over it: their ids do not name a game, so they are selected by name. A test
    that only looks one game up (``registered()["whist"]``, ``registered()[g]``) never meets
    the new game and is left out."""
    out = []
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
            body = [n for stmt in node.body for n in ast.walk(stmt)]
            looked_up = {id(n.value) for n in body if isinstance(n, ast.Subscript)}
            calls = [
                n
                for n in body
                if isinstance(n, ast.Call)
                and getattr(n.func, "id", getattr(n.func, "attr", "")) == "registered"
            ]
            if any(id(c) not in looked_up for c in calls):
                out.append(node.name)
    return out


def test_the_guide_names_a_new_game_and_records_its_golden_playthrough():
    steps = guide_steps()
    assert steps[0].startswith("cp -r tests/highcard tests/")
    assert any(s.startswith("headcount-lab ") and "--record-file" in s for s in steps)
    assert steps[-1].startswith("pytest ")


def test_the_guides_steps_write_a_game_that_passes_every_shared_test(tmp_path):
    steps = guide_steps()
    game = steps[0].split()[-1].rpartition("/")[2]
    checkout = tmp_path / "checkout"
    shutil.copytree(ROOT / "tests" / "highcard", checkout / "tests" / "highcard",
                    ignore=shutil.ignore_patterns("__pycache__"))  # fmt: skip
    folder = checkout / "tests" / game
    env = {**os.environ, "HEADCOUNT_LAB_EXTRA_GAME": str(folder),
           "PYTHONPATH": os.pathsep.join([str(ROOT / "src"), str(ROOT / "tests"),
                                          os.environ.get("PYTHONPATH", "")])}  # fmt: skip
    pytest_line = None
    for line in steps:
        words = shlex.split(line)
        if words[0] == "headcount-lab":
            cmd = [sys.executable, str(ROOT / "tests" / "extra_game.py"), *words[1:]]
            r = subprocess.run(cmd, cwd=checkout, env=env, capture_output=True, text=True)
        elif words[0] == "pytest":
            pytest_line = words
            continue
        else:
            r = subprocess.run(["bash", "-c", line], cwd=checkout, capture_output=True, text=True)
        assert r.returncode == 0, f"{line}\n{r.stdout}\n{r.stderr}"
    assert not list(folder.glob("*highcard*")), "a file kept the old name"
    assert "highcard" not in "".join(p.read_text() for p in folder.glob("*.py")).lower()

    # The guide's first pytest run is part of the shared tests run here.
    assert pytest_line is not None
    shared = {p.relative_to(ROOT).as_posix() for p in shared_test_files()}
    assert {w for w in pytest_line if w.endswith(".py")} <= shared
    by_name = sorted({t for p in shared_test_files() for t in loops_over_registered(p)})
    selection = " or ".join([game, *by_name])
    own_tests = sorted(str(p) for p in folder.glob("test_*.py"))
    cmd = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-m", "",
           "-k", selection, *sorted(shared), *own_tests]  # fmt: skip
    r = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True)
    tail = r.stdout[-4000:]
    assert r.returncode == 0, f"{tail}\n{r.stderr[-2000:]}"
    ran = int(re.search(r"(\d+) passed", tail).group(1))  # type: ignore[union-attr]
    assert ran >= 30 + len(by_name), tail
    assert " skipped" not in tail.splitlines()[-1], tail
