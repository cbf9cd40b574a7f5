"""The run options through a command line: bad input exits 2 with one line and writes nothing;
Ctrl-C exits 130 with the completed chunks saved; --resume finishes to the same bits."""

import io
import json
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from rich.console import Console
from selftest_cli import app
from test_store import snapshot
from typer.testing import CliRunner

from headcount_lab.core import progress

CLI = Path(__file__).with_name("selftest_cli.py")
SMALL = ["--units", "200000", "--block-size", "4096"]


def invoke(*args):
    return CliRunner().invoke(app, [*SMALL, *map(str, args)])


def assert_one_line_error(result, match):
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    assert match in lines[0]
    assert "Traceback" not in result.output + result.stderr
    assert result.stdout == ""


def test_runs_and_prints_statistics(tmp_path):
    r = invoke("--workers", "2", "--out", tmp_path / "a")
    assert r.exit_code == 0, r.stderr
    assert sum(json.loads(r.stdout)["first"]) == 200_000
    assert r.stderr == ""  # not a terminal: no progress bar
    again = invoke("--workers", "1")
    assert json.loads(again.stdout) == json.loads(r.stdout)


def test_workers_zero(tmp_path):
    assert_one_line_error(
        invoke("--workers", "0", "--out", tmp_path / "w"), "--workers must be at least 1"
    )
    assert not (tmp_path / "w").exists()


def test_out_on_a_file(tmp_path):
    f = tmp_path / "file"
    f.write_text("keep me")
    assert_one_line_error(invoke("--out", f), "is a file, not a folder")
    assert f.read_text() == "keep me"


@pytest.mark.parametrize(
    "change,match",
    [
        (["--seed", "2"], "seed 1 in the folder, 2 asked"),
        (["--name", "deal"], "command 'selftest' in the folder"),
    ],
)
def test_resume_of_another_run(tmp_path, change, match):
    out = tmp_path / "r"
    assert invoke("--out", out).exit_code == 0
    before = snapshot(tmp_path)
    assert_one_line_error(invoke("--out", out, "--resume", *change), match)
    assert snapshot(tmp_path) == before


def test_finished_run_is_not_overwritten_without_force(tmp_path):
    out = tmp_path / "f"
    assert invoke("--out", out).exit_code == 0
    before = snapshot(tmp_path)
    assert_one_line_error(invoke("--out", out, "--seed", "3"), "add --force")
    assert snapshot(tmp_path) == before
    r = invoke("--out", out, "--seed", "3", "--force")
    assert r.exit_code == 0 and snapshot(tmp_path) != before


def test_unreachable_scheduler(tmp_path):
    pytest.importorskip("distributed")
    out = tmp_path / "d"
    assert invoke("--out", out).exit_code == 0
    before = snapshot(tmp_path)
    t0 = time.monotonic()
    # Port 9 (discard) on localhost: nothing listens there in a test environment.
    r = invoke(
        "--backend",
        "dask",
        "--scheduler",
        "tcp://127.0.0.1:9",
        "--connect-timeout",
        "2",
        "--out",
        out,
        "--force",
    )
    assert_one_line_error(r, "cannot reach the Dask scheduler at tcp://127.0.0.1:9 within 2 s")
    assert time.monotonic() - t0 < 20
    assert snapshot(tmp_path) == before  # --force did not clear the old run


def test_progress_only_on_a_terminal():
    assert not progress.wanted(False, False, Console(file=io.StringIO()))
    tty = Console(file=io.StringIO(), force_terminal=True)
    assert progress.wanted(False, False, tty)
    assert not progress.wanted(True, False, tty)  # --quiet
    assert not progress.wanted(False, True, tty)  # --json


def test_progress_bar_shows_rate_and_time_left():
    buf = io.StringIO()
    console = Console(file=buf, force_terminal=True, width=120)
    with progress.Bar(1000, "hands", "headcount deal", console=console) as bar:
        bar.skip(200)
        bar.advance(100)
        time.sleep(0.05)
        bar.advance(200)  # the rate needs two updates
    text = buf.getvalue()
    assert "headcount deal" in text and "500/1k hands" in text and "hands/s" in text
    assert "left" in text


def test_compact_counts():
    assert [progress.compact(n) for n in [999, 1000, 1_234_567, 3e8, 1e9, 2.5e12]] == [
        "999",
        "1k",
        "1.23M",
        "300M",
        "1G",
        "2.5T",
    ]


# Large enough that the run is still going when the signal lands (about half a second on two cores
# at the self-test job's ~100 M draws/s per core), small enough to finish quickly on resume.
UNITS_SIGINT = "100000000"


def test_ctrl_c_exits_130_with_chunks_saved_and_resume_is_identical(tmp_path):
    out = tmp_path / "sig"
    args = [
        sys.executable,
        str(CLI),
        "--units",
        UNITS_SIGINT,
        "--block-size",
        "65536",
        "--workers",
        "2",
        "--quiet",
        "--out",
        str(out),
    ]
    proc = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    chunks = out / "chunks"
    deadline = time.monotonic() + 60
    while not (chunks.is_dir() and any(chunks.glob("*.npz"))):
        assert proc.poll() is None and time.monotonic() < deadline, proc.communicate()
        time.sleep(0.02)
    proc.send_signal(signal.SIGINT)
    stdout, stderr = proc.communicate(timeout=60)
    assert proc.returncode == 130, stderr
    assert stdout == "" and stderr.startswith("interrupted: ") and "--resume" in stderr
    assert len(stderr.strip().splitlines()) == 1
    assert not (out / "metadata.json").exists() and any(chunks.glob("*.npz"))
    resumed = subprocess.run([*args, "--resume"], capture_output=True, text=True, timeout=120)
    assert resumed.returncode == 0, resumed.stderr
    whole = CliRunner().invoke(app, ["--units", UNITS_SIGINT, "--block-size", "65536"])
    assert json.loads(resumed.stdout) == json.loads(whole.stdout)
    meta = json.loads((out / "metadata.json").read_text())
    assert [s.get("interrupted", False) for s in meta["sessions"]] == [True, False]


def test_ctrl_c_before_any_chunk_exits_130(monkeypatch, tmp_path):
    from headcount_lab.core import runner

    def compile_interrupted(self, job, seed, workers):
        raise KeyboardInterrupt

    monkeypatch.setattr(runner.ThreadBackend, "__init__", compile_interrupted)
    r = invoke("--out", tmp_path / "k")
    assert r.exit_code == 130 and r.stderr == "interrupted before any work was done\n"
    assert not (tmp_path / "k").exists()
