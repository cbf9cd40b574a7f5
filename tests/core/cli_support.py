"""Run ``headcount-lab`` in-process through its real entry point, as a user's shell would.

``main(argv)`` is the console script itself (one ``error:`` line and exit 2 for bad input), so
tests see exactly what a user sees, without a subprocess per call.
"""

from __future__ import annotations

import contextlib
import importlib.util
import io
import json
import runpy
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

from headcount_lab.cli.app import main


@dataclass(frozen=True)
class Result:
    code: int
    stdout: str
    stderr: str


def _captured(run: Callable[[], object]) -> Result:
    """Exit status, stdout and stderr of ``run()``, which ends as a program does (``SystemExit``
    or returning: status 0); any other exception is raised, so a traceback fails the test."""
    out, err = io.StringIO(), io.StringIO()
    code: int | str | None = 0
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            run()
        except SystemExit as exc:
            code = exc.code
    return Result(code if isinstance(code, int) else 1, out.getvalue(), err.getvalue())


def cli(*argv: str) -> Result:
    """Exit status, stdout and stderr of ``headcount-lab ARGV...``."""
    return _captured(lambda: main(list(argv)))


def script(path: Path, *argv: str) -> Result:
    """Exit status, stdout and stderr of ``python PATH ARGV...``, run in this process as
    ``__main__`` (a process of its own costs most of a second)."""

    def run() -> None:
        old = sys.argv
        sys.argv = [str(path), *argv]
        try:
            runpy.run_path(str(path), run_name="__main__")
        finally:
            sys.argv = old

    return _captured(run)


#: the repository's scripts/ folder
SCRIPTS = Path(__file__).resolve().parents[2] / "scripts"


def load_script(name: str) -> ModuleType:
    """``scripts/NAME.py`` imported as a module named ``NAME`` (not run: its functions, to call
    from a test)."""
    spec = importlib.util.spec_from_file_location(name, SCRIPTS / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def strict_json(text: str):  # type: ignore[no-untyped-def]
    """Parse ``text`` as strict JSON: ``NaN``, ``Infinity`` and ``-Infinity`` are errors."""

    def refuse(name: str):  # type: ignore[no-untyped-def]
        raise ValueError(f"not strict JSON: {name}")

    return json.loads(text, parse_constant=refuse)


def one_error_line(res: Result) -> str:
    """The single ``error: ...`` line of a refused command (asserting exit 2 and nothing else)."""
    lines = res.stderr.splitlines()
    assert res.code == 2, (res.code, res.stderr[-2000:])
    assert len(lines) == 1 and lines[0].startswith("error: "), res.stderr[-2000:]
    return lines[0]
