"""The run options through a command line: bad input exits 2 with one line and writes nothing;
Ctrl-C exits 130 with the completed chunks saved; --resume finishes to the same bits."""

import functools
import io
import json
import shutil
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
        "1",
        "--out",
        out,
        "--force",
    )
    assert_one_line_error(r, "cannot reach the Dask scheduler at tcp://127.0.0.1:9 within 1 s")
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


# The signal must land while the run is still going: 96 blocks that each sleep 0.04 s besides
# their work (``--pace``) last about two seconds on two workers whatever the machine's speed, with
# the cores nearly idle. (Unpaced, 300 M units took two seconds of both cores, and 100 M were once
# done before the signal.) The resume needs no pace (the same numbers, see selftest_cli.py) and no
# process of its own: it runs in this one through the same typer app, as the busy-folder test's
# second run does, which spares a start-up and the rest of the paced run.
UNITS_SIGINT = str(96 * 65536)
PACE = "0.04"
RUN = ["--units", UNITS_SIGINT, "--block-size", "65536", "--workers", "2", "--quiet"]


def run_args(out):
    return [sys.executable, str(CLI), *RUN, "--pace", PACE, "--out", str(out)]


def resume(out):
    """``--resume`` of the run in ``out``, in this process; the CliRunner result."""
    return CliRunner().invoke(app, [*RUN, "--out", str(out), "--resume"])


def _default_signals() -> None:
    # A shell without job control starts background commands with SIGINT ignored, and a Python
    # started with SIGINT ignored installs no KeyboardInterrupt handler: `make test &` (or a CI
    # runner that does the same) then saw the run finish with status 0 despite the signal.
    # Likewise `nohup make test` ignores SIGHUP, which the run then rightly keeps ignoring. The
    # run a user interrupts has both at their defaults, so the test gives it that.
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.signal(signal.SIGHUP, signal.SIG_DFL)


def start_run(out):
    """The self-test command in a subprocess, returned once its first checkpoint is saved."""
    proc = subprocess.Popen(
        run_args(out),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=_default_signals,
    )
    chunks = out / "chunks"
    deadline = time.monotonic() + 60
    while not (chunks.is_dir() and any(chunks.glob("*.npz"))):
        assert proc.poll() is None and time.monotonic() < deadline, proc.communicate()
        time.sleep(0.02)
    return proc


@functools.cache
def whole_run():
    whole = CliRunner().invoke(app, ["--units", UNITS_SIGINT, "--block-size", "65536"])
    return json.loads(whole.stdout)


@pytest.fixture(scope="module")
def interrupted(tmp_path_factory):
    """``interrupted(sig, into)``: a run stopped by ``sig`` once its first checkpoint was saved,
    as (status, stdout, stderr), its folder copied to ``into``. One run a signal in the module:
    the SIGTERM test and the damaged-checkpoint test read the same run, each in its own copy."""
    base = tmp_path_factory.mktemp("interrupted")
    ended = {}

    def get(sig, into):
        folder = base / signal.Signals(sig).name
        if sig not in ended:
            proc = start_run(folder)
            proc.send_signal(sig)
            stdout, stderr = proc.communicate(timeout=60)
            ended[sig] = (proc.returncode, stdout, stderr)
        shutil.copytree(folder, into)
        return ended[sig]

    return get


@pytest.mark.parametrize(
    "sig,status,by",
    [
        (signal.SIGINT, 130, ""),
        # Issue 15 item 8: SIGTERM (kill, a batch system's time limit) and SIGHUP (terminal
        # closed) save the checkpoints like Ctrl-C; the status is the shell's, 128 + signal.
        (signal.SIGTERM, 143, " by SIGTERM"),
        # SIGHUP takes the same path as SIGTERM with another status: make test-all (7 s)
        pytest.param(signal.SIGHUP, 129, " by SIGHUP", marks=pytest.mark.slow),
    ],
)
def test_signal_exits_with_chunks_saved_and_resume_is_identical(
    tmp_path, interrupted, sig, status, by
):
    out = tmp_path / "sig"
    returncode, stdout, stderr = interrupted(sig, out)
    assert returncode == status, stderr
    assert stdout == "" and stderr.startswith(f"interrupted{by}: ") and "--resume" in stderr
    assert len(stderr.strip().splitlines()) == 1
    chunks = out / "chunks"
    assert not (out / "metadata.json").exists() and any(chunks.glob("*.npz"))
    resumed = resume(out)
    assert resumed.exit_code == 0, resumed.stderr
    assert json.loads(resumed.stdout) == whole_run()
    meta = json.loads((out / "metadata.json").read_text())
    assert [s.get("interrupted", False) for s in meta["sessions"]] == [True, False]
    assert meta["sessions"][0]["signal"] == signal.Signals(sig).name


def test_second_run_on_a_busy_folder_is_refused_and_a_killed_session_is_marked(tmp_path):
    # Issue 15 item 7: two runs must never write one folder at once; item 8: a session killed
    # with SIGKILL (nothing can catch it) shows as killed in metadata.json after the resume.
    out = tmp_path / "busy"
    proc = start_run(out)
    try:
        assert_one_line_error(resume(out), f"another run is writing {out} right now")
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.communicate(timeout=60)
    assert proc.returncode == -signal.SIGKILL
    resumed = resume(out)
    assert resumed.exit_code == 0, resumed.stderr  # the dead process's lock went with it
    assert json.loads(resumed.stdout) == whole_run()
    sessions = json.loads((out / "metadata.json").read_text())["sessions"]
    assert [s.get("killed", False) for s in sessions] == [True, False]
    assert "end" not in sessions[0] and "end" in sessions[1]


def test_damaged_checkpoint_is_one_line_not_an_interrupt(tmp_path, interrupted):
    # An empty checkpoint made np.load raise EOFError, which click took for Ctrl-D and the
    # entry point reported as "interrupted" with status 130.
    out = tmp_path / "dmg"
    interrupted(signal.SIGTERM, out)
    victim = sorted((out / "chunks").glob("*.npz"))[0]
    victim.write_bytes(b"")
    r = resume(out)
    assert r.exit_code == 2, r.stderr
    assert r.stderr.count("\n") == 1 and r.stderr.startswith("error: ")
    assert f"chunks/{victim.name} is truncated" in r.stderr and "add --force" in r.stderr


def test_ctrl_c_before_any_chunk_exits_130(monkeypatch, tmp_path):
    from headcount_lab.core import runner

    def compile_interrupted(self, job, seed, workers):
        raise KeyboardInterrupt

    monkeypatch.setattr(runner.ThreadBackend, "__init__", compile_interrupted)
    r = invoke("--out", tmp_path / "k")
    assert r.exit_code == 130 and r.stderr == "interrupted before any work was done\n"
    assert not (tmp_path / "k").exists()
