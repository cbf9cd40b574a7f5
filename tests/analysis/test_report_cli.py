"""The ``report`` commands around the reports themselves (issue 15 items 9, 10 and 12): quick
reports never land on the committed ones, an interrupted report leaves the old one as it was,
and the progress lines name each step. The reports' computations are replaced by fast stand-ins
here; the real ones run in test_whist_report.py and test_playtest_report.py."""

import importlib
import json
import os
import signal
from pathlib import Path

import pytest
from typer.testing import CliRunner

from headcount_lab.analysis.whist import report as wr
from headcount_lab.cli import report as cli
from headcount_lab.cli.app import app
from headcount_lab.core.runner import Interrupted


def _fake_build(calls):
    def build(folder, options, progress=None, *rest):
        calls.append((Path(folder), options))
        return []

    return build


def test_quick_report_goes_to_the_scratch_folder_not_over_the_committed_one(tmp_path, monkeypatch):
    # issue 15 item 10
    monkeypatch.chdir(tmp_path)
    calls: list = []
    monkeypatch.setattr(wr, "build", _fake_build(calls))
    r = CliRunner().invoke(app, ["report", "whist", "--quick"])
    assert r.exit_code == 0, r.output
    assert calls[0][0] == cli.QUICK_ROOT / "forehead-whist"
    assert "data/quick-reports" in r.output
    r = CliRunner().invoke(app, ["report", "whist", "--quick", "--out", "here"])
    assert calls[1][0] == Path("here")
    r = CliRunner().invoke(app, ["report", "whist"])
    assert calls[2][0] == cli.REPORTS_ROOT / "forehead-whist"
    assert calls[2][1].quick is False and calls[2][1].size is None


def _old_report(folder: Path) -> dict[str, bytes]:
    folder.mkdir(parents=True)
    (folder / "README.md").write_text("old report")
    (folder / "metadata.json").write_text(json.dumps({"report": "forehead-whist"}))
    return {p.name: p.read_bytes() for p in folder.iterdir()}


@pytest.mark.parametrize("how", ["ctrl-c", "sigterm", "in-a-simulation"])
def test_interrupted_report_keeps_the_old_one_and_says_what_stopped(tmp_path, monkeypatch, how):
    # issue 15 item 9: nothing half-written, one line naming the step, exit 130
    out = tmp_path / "forehead-whist"
    before = _old_report(out)

    def compute(opts, progress):
        with progress.step("forehead-whist", "q1, q4, q5: runs"):
            if how == "sigterm":
                os.kill(os.getpid(), signal.SIGTERM)
            if how == "in-a-simulation":  # the runner turns Ctrl-C into Interrupted
                raise Interrupted(3, 10)
            raise KeyboardInterrupt

    monkeypatch.setattr(wr.REPORT, "compute", compute)
    old_handler = signal.getsignal(signal.SIGTERM)
    r = CliRunner().invoke(app, ["report", "whist", "--quick", "--out", str(out)])
    assert r.exit_code == 130
    assert "interrupted during forehead-whist: q1, q4, q5: runs" in r.output
    assert "Traceback" not in r.output
    assert {p.name: p.read_bytes() for p in out.iterdir()} == before
    assert [p.name for p in tmp_path.iterdir()] == ["forehead-whist"]
    assert signal.getsignal(signal.SIGTERM) == old_handler


def test_report_refuses_a_folder_that_is_not_a_report_before_any_work(tmp_path, monkeypatch):
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "notes.txt").write_text("keep")
    monkeypatch.setattr(
        wr.REPORT, "compute", lambda *a: pytest.fail("computed before checking --out")
    )
    r = CliRunner().invoke(app, ["report", "whist", "--out", str(mine)])
    assert r.exit_code == 2
    assert r.output.count("error:") == 1 and "not a report" in r.output
    assert (mine / "notes.txt").read_text() == "keep"


def test_report_all_checks_every_folder_first_and_lists_what_finished(tmp_path, monkeypatch):
    (tmp_path / "forehead-whist").mkdir()
    (tmp_path / "forehead-whist" / "notes.txt").write_text("keep")
    calls: list = []
    monkeypatch.setattr(cli, "report_builder", lambda name: _fake_build(calls))
    r = CliRunner().invoke(app, ["report", "all", "--out", str(tmp_path)])
    assert r.exit_code == 2 and "not a report" in r.output and calls == []


def test_every_report_exposes_build_all_and_its_folders():
    for name, module in cli.report_modules().items():
        mod = importlib.import_module(module)
        assert callable(mod.build) and callable(mod.build_all)
        assert mod.FOLDERS and all(isinstance(f, str) for f in mod.FOLDERS.values()), name


@pytest.mark.slow
def test_every_report_runs_at_the_smallest_size_the_command_takes(tmp_path):
    """`report all --quick --games 100`: every report, both Headcount languages, writes its files
    with no traceback and no warning (Headcount's once stopped: too few games for its heads-up
    strata and its rates by gap left tables without columns). Real computations; make test-all
    (about 90 s on one core)."""
    r = CliRunner().invoke(
        app, ["report", "all", "--quick", "--games", "100", "--seed", "3", "--quiet",
              "--out", str(tmp_path)]
    )  # fmt: skip
    assert r.exit_code == 0, r.output
    for module in cli.report_modules().values():
        for folder in importlib.import_module(module).FOLDERS.values():
            assert (tmp_path / folder / "README.md").is_file(), folder
