"""Fixtures shared by the report tests."""

from __future__ import annotations

import fcntl
import os

import pytest
from typer.testing import CliRunner

from headcount_lab.cli.app import app


@pytest.fixture(scope="session")
def quick_reports_seed3(tmp_path_factory):
    """``report all --quick --seed 3`` once per test run: (its folder, its stderr). Tests read it
    and copy from it, never write into it (the play-test, the sections, the re-render tests and
    each game's report tests share it: each run costs 35-80 s on two cores). Under ``make
    test``'s two pytest-xdist workers the first worker to ask writes it into the run's shared
    temporary folder, under a lock, and the other reads it from there."""
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    if worker is None:
        return _quick_reports(tmp_path_factory.mktemp("quick-reports-seed3"))
    shared = tmp_path_factory.getbasetemp().parent  # one folder per run, shared by its workers
    out = shared / "quick-reports-seed3"
    with open(shared / "quick-reports-seed3.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        err = shared / "quick-reports-seed3.stderr"
        if not err.exists():  # written last: its presence means the reports are whole
            _, stderr = _quick_reports(out)
            err.write_text(stderr, encoding="utf-8")
        return out, err.read_text(encoding="utf-8")


def _quick_reports(out):
    r = CliRunner().invoke(app, ["report", "all", "--quick", "--out", str(out), "--seed", "3"])
    assert r.exit_code == 0, r.output
    return out, r.stderr
