"""The run's shared quick reports (``report all --quick --seed 3``), which the report tests read.

Under ``make test``'s pytest-xdist workers the controller starts them in a background process
as the run begins (:func:`start`), so neither worker stops for them; the tests that read them
are put last in the run (:func:`last`), by which time they are written. Run alone (one process)
the first test that asks writes them (:func:`write`). ``python tests/quick_reports.py FOLDER``
is the background process: the reports into ``FOLDER/reports``, then the command's stderr into
``FOLDER/stderr`` and its exit code into ``FOLDER/rc``, each written whole (``rc`` last)."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

#: where the controller's background run writes (inherited by the workers)
ENV = "HEADCOUNT_LAB_TEST_QUICK_REPORTS"
#: the fixture that reads them
FIXTURE = "quick_reports_seed3"
ARGS = ["report", "all", "--quick", "--seed", "3"]


def _run(out: Path):  # type: ignore[no-untyped-def]
    from typer.testing import CliRunner

    from headcount_lab.cli.app import app

    return CliRunner().invoke(app, [*ARGS, "--out", str(out)])


def write(out: Path) -> tuple[Path, str]:
    """The reports into ``out`` in this process: (folder, stderr)."""
    r = _run(out)
    assert r.exit_code == 0, r.output
    return out, r.stderr


def start(folder: Path, cache: Path) -> subprocess.Popen[bytes]:
    """The background run into ``folder`` (the user cache in ``cache``, never the user's)."""
    from headcount_lab.core.paths import CACHE_ENV

    env = {**os.environ, CACHE_ENV: str(cache)}
    return subprocess.Popen([sys.executable, __file__, str(folder)], env=env)


def wait(folder: Path, timeout: float = 1800) -> tuple[Path, str]:
    """The background run's (folder, stderr), once it has ended."""
    rc = folder / "rc"
    deadline = time.monotonic() + timeout
    while not rc.exists():
        assert time.monotonic() < deadline, f"the quick reports took over {timeout} s"
        time.sleep(0.2)
    stderr = (folder / "stderr").read_text(encoding="utf-8")
    assert rc.read_text() == "0", stderr
    return folder / "reports", stderr


def last(items: list) -> list:  # type: ignore[type-arg]
    """``items`` with the test files that read the reports moved to the end, in their order."""
    files = {i.path for i in items if FIXTURE in getattr(i, "fixturenames", ())}
    return [i for i in items if i.path not in files] + [i for i in items if i.path in files]


def _put(path: Path, text: str) -> None:
    tmp = path.with_suffix(".part")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, path)


if __name__ == "__main__":
    folder = Path(sys.argv[1])
    result = _run(folder / "reports")
    _put(folder / "stderr", result.stderr if result.exit_code == 0 else result.output)
    _put(folder / "rc", str(result.exit_code))
