"""Every command that writes checks where it writes before any work (issue 15 items 5 and 16):
a record file, a results folder and a report folder that cannot be written give one ``error:``
line and exit 2 at once, not a traceback after the whole simulation."""

import os

import pytest

from headcount_lab.cli import run_options
from headcount_lab.cli.app import main
from headcount_lab.core import paths


@pytest.fixture
def no_work(monkeypatch):
    """Fail the test if a simulation starts: the refusal must come first."""

    def started(*args, **kwargs):
        raise AssertionError("the simulation ran before the output path was checked")

    monkeypatch.setattr(run_options, "execute", started)


@pytest.fixture
def a_file(tmp_path):
    f = tmp_path / "notes.txt"
    f.write_text("mine")
    return f


def one_line_error(argv, capsys):
    with pytest.raises(SystemExit) as e:
        main([str(a) for a in argv])
    out, err = capsys.readouterr()
    assert e.value.code == 2, err
    assert err.count("\n") == 1 and err.startswith("error: "), err
    assert "Traceback" not in err and out == ""
    return err


HEADCOUNT_SIM = ["headcount", "simulate", "--games", "300", "--record", "1", "--quiet"]
WHIST_SIM = ["whist", "simulate", "--bots", "random,random,random,random", "--matches", "50"]


RECORDING = [(HEADCOUNT_SIM, "--record-file"), ([*WHIST_SIM, "--record", "1"], "--record-file")]


@pytest.mark.parametrize("command,option", RECORDING)
@pytest.mark.parametrize(
    "where,needle",
    [
        (lambda tmp, f: tmp / "nonexistent" / "x.json", "nonexistent does not exist"),
        (lambda tmp, f: tmp, "is a folder, not a file"),
        (lambda tmp, f: f / "x.json", "notes.txt is a file, not a folder"),
        (lambda tmp, f: "", "is a folder, not a file"),  # '' is the current folder
    ],
)
def test_record_file_is_checked_before_the_simulation(
    command, option, where, needle, tmp_path, a_file, no_work, capsys
):
    err = one_line_error([*command, option, where(tmp_path, a_file)], capsys)
    assert option in err and needle in err
    assert a_file.read_text() == "mine"


def test_unwritable_record_folder_is_refused(tmp_path, monkeypatch, no_work, capsys):
    real = os.access
    monkeypatch.setattr(
        paths.os, "access", lambda p, m, **kw: m & os.W_OK == 0 and real(p, m, **kw)
    )
    err = one_line_error([*HEADCOUNT_SIM, "--record-file", tmp_path / "x.json"], capsys)
    assert "permission denied" in err


def test_record_write_failure_after_the_run_is_one_line(tmp_path, monkeypatch, capsys):
    def disk_full(path, data):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(paths, "atomic_write_bytes", disk_full)
    err = one_line_error([*HEADCOUNT_SIM, "--record-file", tmp_path / "x.json"], capsys)
    assert "cannot write it (No space left on device)" in err
    assert not (tmp_path / "x.json").exists()


@pytest.mark.parametrize(
    "command",
    [
        ["headcount", "deal", "--hands", "1000"],
        [*HEADCOUNT_SIM[:4], "--quiet"],
        WHIST_SIM,
        ["report", "headcount", "--quick"],
        ["report", "whist", "--quick"],
        ["report", "all", "--quick"],
    ],
)
def test_empty_out_is_refused_not_the_current_folder(command, tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    err = one_line_error([*command, "--out", ""], capsys)
    assert "'--out'" in err and "it is empty" in err
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    "command",
    [
        ["headcount", "deal", "--hands", "1000"],
        ["report", "headcount", "--quick"],
        ["report", "whist", "--quick"],
        ["report", "all", "--quick"],
    ],
)
@pytest.mark.parametrize(
    "where,needle",
    [
        (lambda f: f, "notes.txt is a file, not a folder"),
        (lambda f: f / "sub", "notes.txt is a file, not a folder"),
    ],
)
def test_out_folder_that_cannot_be_a_folder(command, where, needle, a_file, capsys):
    err = one_line_error([*command, "--out", where(a_file)], capsys)
    assert needle in err
    assert a_file.read_text() == "mine"


@pytest.mark.parametrize(
    "command", [["headcount", "deal", "--hands", "1000"], ["report", "whist", "--quick"]]
)
def test_out_folder_where_nothing_can_be_written(command, tmp_path, monkeypatch, capsys):
    real = os.access
    monkeypatch.setattr(
        paths.os, "access", lambda p, m, **kw: m & os.W_OK == 0 and real(p, m, **kw)
    )
    err = one_line_error([*command, "--out", tmp_path / "new" / "run"], capsys)
    assert f"cannot write in {tmp_path} (permission denied)" in err
    assert list(tmp_path.iterdir()) == []
