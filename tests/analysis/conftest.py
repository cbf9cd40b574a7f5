"""Fixtures shared by the report tests."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from headcount_lab.cli.app import app


@pytest.fixture(scope="session")
def quick_reports_seed3(tmp_path_factory):
    """``report all --quick --seed 3`` once per session: (its folder, its stderr). Tests read it
    and copy from it, never write into it (the play-test and the sections tests share it: each
    run costs 35-80 s on two cores)."""
    out = tmp_path_factory.mktemp("quick-reports-seed3")
    r = CliRunner().invoke(app, ["report", "all", "--quick", "--out", str(out), "--seed", "3"])
    assert r.exit_code == 0, r.output
    return out, r.stderr
