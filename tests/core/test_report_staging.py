"""Staging folders of killed reports (issue 26 item 5): the next run deletes those whose writer
is gone, and only those: a report running at the same time into the same folder keeps its own."""

import json
import os
import signal
import subprocess
import sys
import time

import pytest

from headcount_lab.core import report as core

WRITER = """
import sys, time
from pathlib import Path
from headcount_lab.core.report import StagedFolder
with StagedFolder(Path(sys.argv[1])) as tmp:
    (tmp / "half.csv").write_text("a\\n1\\n")
    print(tmp, flush=True)
    time.sleep(600)
"""


def _writer(target):
    """A report writer that stops half-way through writing ``target`` (its staging folder)."""
    proc = subprocess.Popen(
        [sys.executable, "-c", WRITER, str(target)], stdout=subprocess.PIPE, text=True
    )
    line = proc.stdout.readline().strip()
    assert line, "the writer did not start"
    return proc, line


def _report(folder, text):
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "README.md").write_text(text)
    (folder / core.METADATA_FILE).write_text(json.dumps({"report": "toy"}))


@pytest.mark.skipif(not hasattr(os, "fork"), reason="flock and signals of a POSIX system")
def test_a_killed_writers_folder_goes_and_a_running_writers_stays(tmp_path, monkeypatch):
    target = tmp_path / "toy"
    _report(target, "old")
    live, live_tmp = _writer(target)
    killed, killed_tmp = _writer(target)
    try:
        killed.send_signal(signal.SIGKILL)
        killed.wait()
        killed.stdout.close()
        assert os.path.isdir(killed_tmp) and os.path.isdir(live_tmp)
        # not ours: other names, a file with our pattern's name, another report's folder
        (tmp_path / ".toy.notours").mkdir()
        (tmp_path / ".toyx.abcd1234").mkdir()
        (tmp_path / ".toy.abcd1234").write_text("a file")
        monkeypatch.setattr(core, "STALE_AFTER_SECONDS", 0.0)
        with core.StagedFolder(target) as tmp:
            _report(tmp, "new")
        assert (target / "README.md").read_text() == "new"
        assert not os.path.exists(killed_tmp)
        assert os.path.isdir(live_tmp) and os.path.isfile(os.path.join(live_tmp, "half.csv"))
        assert {p.name for p in tmp_path.iterdir()} == {
            "toy",
            os.path.basename(live_tmp),
            ".toy.notours",
            ".toyx.abcd1234",
            ".toy.abcd1234",
        }
    finally:
        live.kill()
        live.wait()
        live.stdout.close()
    assert core.clean_stale(target) == [tmp_path / os.path.basename(live_tmp)]
    assert not os.path.exists(live_tmp)


def test_a_new_unlocked_folder_is_left_to_its_writer_for_a_while(tmp_path):
    # a writer locks its folder right after creating it: in between, the folder is young
    young = tmp_path / ".toy.abcd1234"
    young.mkdir()
    assert core.clean_stale(tmp_path / "toy") == []
    old = time.time() - 2 * core.STALE_AFTER_SECONDS
    os.utime(young, (old, old))
    assert core.clean_stale(tmp_path / "toy") == [young]
    assert not young.exists()


def test_a_swap_cut_between_its_renames_gets_the_old_report_back(tmp_path):
    # killed after the report was moved aside and before the new one took its place
    target = tmp_path / "toy"
    aside = tmp_path / ".toy.abcd1234.old"
    _report(aside, "old")
    _report(tmp_path / ".toy.abcd1234", "new, never swapped in")
    old = time.time() - 2 * core.STALE_AFTER_SECONDS
    for p in tmp_path.iterdir():
        os.utime(p, (old, old))
    core.clean_stale(target)
    assert (target / "README.md").read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["toy"]
