"""Fixtures shared by the report tests."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
import quick_reports


@pytest.fixture(scope="session")
def quick_reports_seed3(tmp_path_factory):
    """``report all --quick --seed 3`` once per test run: (its folder, its stderr). Tests read it
    and copy from it, never write into it (the play-test, the sections, the re-render tests and
    each game's report tests share it: a run costs 30-60 s of one core). Under ``make test``'s
    pytest-xdist workers it is the controller's background run (tests/quick_reports.py)."""
    folder = os.environ.get(quick_reports.ENV)
    if folder:
        return quick_reports.wait(Path(folder))
    return quick_reports.write(tmp_path_factory.mktemp("quick-reports-seed3"))
