"""Results folders: atomic files, Parquet round trips, and refusals that change nothing."""

import json
import os
import signal

import numpy as np
import pytest

from headcount_lab.core import paths, store
from headcount_lab.core.store import ResultsFolder, run_identity

IDENT = run_identity("selftest", {"units": 10}, 1, 10, 2)


def snapshot(folder):
    """Every file under ``folder`` with its bytes (to prove nothing changed)."""
    return {
        p.relative_to(folder).as_posix(): p.read_bytes()
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


def test_atomic_write_replaces_whole_file(tmp_path):
    f = tmp_path / "a.json"
    store.atomic_write_json(f, {"x": 1})
    store.atomic_write_json(f, {"x": 2})
    assert json.loads(f.read_text()) == {"x": 2}
    assert [p.name for p in tmp_path.iterdir()] == ["a.json"]


def test_crash_mid_write_leaves_the_old_file_and_no_debris(tmp_path):
    f = tmp_path / "a.bin"
    f.write_bytes(b"old")

    def crash(tmp):
        tmp.write_bytes(b"half of the n")
        raise OSError("disk full")

    with pytest.raises(OSError, match="disk full"):
        store.atomic_write(f, crash)
    assert f.read_bytes() == b"old"
    assert [p.name for p in tmp_path.iterdir()] == ["a.bin"]


def test_crash_mid_write_of_a_new_file_leaves_nothing(tmp_path):
    def crash(tmp):
        tmp.write_bytes(b"partial")
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        store.atomic_write(tmp_path / "new.parquet", crash)
    assert list(tmp_path.iterdir()) == []


def test_file_is_renamed_into_place(tmp_path, monkeypatch):
    # The final name only ever appears through os.replace from a temporary file.
    calls = []
    real = os.replace

    def spy(src, dst):
        calls.append((os.path.basename(src), os.path.basename(dst)))
        assert os.path.getsize(src) > 0
        real(src, dst)

    monkeypatch.setattr(store.os, "replace", spy)
    store.atomic_write_bytes(tmp_path / "x.npz", b"data")
    ((src, dst),) = calls
    assert dst == "x.npz" and src.startswith(".x.npz.") and src.endswith(".tmp")


@pytest.mark.parametrize(
    "a",
    [
        np.arange(17, dtype=np.int64),
        np.arange(12, dtype=np.float64).reshape(3, 4) / 7,
        np.array(5, dtype=np.int64),
        np.array([True, False]),
        np.arange(24, dtype=np.uint64).reshape(2, 3, 4),
    ],
)
def test_parquet_round_trip(tmp_path, a):
    f = tmp_path / "s.parquet"
    store.write_stat(f, a)
    back = store.read_stat(f, a.shape, a.dtype.str)
    assert back.dtype == a.dtype and back.tobytes() == a.tobytes()


def test_parquet_table_is_tidy(tmp_path):
    import pyarrow.parquet as pq

    store.write_stat(tmp_path / "h.parquet", np.array([[1, 2], [3, 4]], dtype=np.int64))
    t = pq.read_table(tmp_path / "h.parquet").to_pydict()
    assert t == {"i0": [0, 0, 1, 1], "i1": [0, 1, 0, 1], "value": [1, 2, 3, 4]}


def test_open_writes_nothing_until_prepare(tmp_path):
    out = tmp_path / "new" / "run"
    folder = ResultsFolder.open(out, IDENT, resume=False, force=False)
    assert not out.exists()
    folder.prepare()
    assert json.loads((out / "run.json").read_text())["seed"] == 1


def finished_folder(tmp_path):
    out = tmp_path / "done"
    f = ResultsFolder.open(out, IDENT, resume=False, force=False)
    f.prepare()
    f.save_chunk(0, 5, {"n": np.array([10])})
    f.finish({"n": np.array([10])}, {"seed": 1})
    return out


def unfinished_folder(tmp_path):
    out = tmp_path / "half"
    f = ResultsFolder.open(out, IDENT, resume=False, force=False)
    f.prepare()
    f.save_chunk(0, 2, {"n": np.array([4])})
    return out


def test_checkpoints_round_trip_and_ignore_temporary_files(tmp_path):
    out = unfinished_folder(tmp_path)
    (out / "chunks" / ".000000000002+2.npz.abc.tmp").write_bytes(b"junk from a crash")
    f = ResultsFolder.open(out, IDENT, resume=True, force=False)
    chunks = f.load_chunks()
    assert list(chunks) == [0] and chunks[0][0] == 2 and chunks[0][1]["n"].tolist() == [4]


def test_finish_removes_checkpoints_and_marks_finished(tmp_path):
    out = finished_folder(tmp_path)
    assert sorted(p.name for p in out.iterdir()) == ["metadata.json", "n.parquet", "run.json"]
    stats, meta = store.load_results(out)
    assert stats["n"].tolist() == [10] and meta["seed"] == 1


@pytest.mark.parametrize(
    "make,kwargs,match",
    [
        (finished_folder, {}, "already holds a finished run; add --force"),
        (unfinished_folder, {}, "unfinished run .use --resume"),
        (finished_folder, {"resume": True, "force": True}, "contradict"),
        (
            unfinished_folder,
            {"resume": True, "ident": {"seed": 2}},
            "another run .seed 1 in the folder, 2 asked",
        ),
        (
            unfinished_folder,
            {"resume": True, "ident": {"command": "deal"}},
            "command 'selftest' in the folder",
        ),
        (lambda p: p / "nothing", {"resume": True}, "nothing to resume"),
        (
            unfinished_folder,
            {"resume": True, "ident": {"params": {"units": 11}}},
            r"\(units 10 in the folder, 11 asked\)",
        ),
    ],
)
def test_refusals_change_nothing(tmp_path, make, kwargs, match):
    out = make(tmp_path)
    before = snapshot(tmp_path)
    ident = {**IDENT, **kwargs.pop("ident", {})}
    with pytest.raises(ValueError, match=match):
        ResultsFolder.open(
            out, ident, resume=kwargs.get("resume", False), force=kwargs.get("force", False)
        )
    assert snapshot(tmp_path) == before


def test_out_on_a_file_is_refused(tmp_path):
    f = tmp_path / "results.txt"
    f.write_text("precious")
    with pytest.raises(ValueError, match="is a file, not a folder"):
        ResultsFolder.open(f, IDENT, resume=False, force=True)
    assert f.read_text() == "precious"


def test_out_below_a_file_is_refused(tmp_path):
    f = tmp_path / "results.txt"
    f.write_text("precious")
    with pytest.raises(ValueError, match="results.txt is a file, not a folder"):
        ResultsFolder.open(f / "sub" / "run", IDENT, resume=False, force=False)
    assert f.read_text() == "precious"


def test_unwritable_folder_is_one_line(tmp_path, monkeypatch):
    def disk_full(path, obj):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(store, "atomic_write_json", disk_full)
    folder = ResultsFolder.open(tmp_path / "run", IDENT, resume=False, force=False)
    with pytest.raises(ValueError, match="cannot write the results folder .*: No space left"):
        folder.prepare()


def test_foreign_folder_is_refused_even_with_force(tmp_path):
    (tmp_path / "notes.txt").write_text("mine")
    with pytest.raises(ValueError, match="other files in it"):
        ResultsFolder.open(tmp_path, IDENT, resume=False, force=True)
    assert (tmp_path / "notes.txt").read_text() == "mine"


def test_force_replaces_only_our_files(tmp_path):
    out = finished_folder(tmp_path)
    (out / "README.txt").write_text("a note the user left")
    f = ResultsFolder.open(out, IDENT, resume=False, force=True)
    assert (out / "metadata.json").exists()  # nothing removed before prepare()
    f.prepare()
    assert sorted(p.name for p in out.iterdir()) == ["README.txt", "run.json"]


def test_resume_of_finished_run_is_allowed(tmp_path):
    out = finished_folder(tmp_path)
    assert ResultsFolder.open(out, IDENT, resume=True, force=False).finished


def test_environment_has_versions():
    env = store.environment()
    assert env["numpy"] == np.__version__ and env["package"] == "headcount-lab"
    assert env["git_commit"] is None or len(env["git_commit"].split("-")[0]) == 40


# --- damaged folders (issue 15 item 7): one line naming the file, and --force as the way out


def _truncate(f):
    f.write_bytes(f.read_bytes()[: f.stat().st_size // 2])


def _other_run_metadata(f):
    meta = json.loads(f.read_text())
    meta["seed"] = 99
    f.write_text(json.dumps(meta))


def _writes(name, text):
    return lambda out: (out / name).write_text(text)


def _swap_parquet(f):
    store.write_stat(f, np.array([11]))  # a valid table with other numbers


@pytest.mark.parametrize(
    "damage,file,what",
    [
        (lambda out: (out / "n.parquet").unlink(), "n.parquet", "is missing"),
        (lambda out: _truncate(out / "n.parquet"), "n.parquet", "has changed since the run"),
        (lambda out: _swap_parquet(out / "n.parquet"), "n.parquet", "has changed since the run"),
        (_writes("metadata.json", "{"), "metadata.json", "is not valid JSON"),
        (_writes("metadata.json", "[]"), "metadata.json", "lists no statistics"),
        (
            _writes("metadata.json", '{"stats": {"n": {"file": "../x"}}}'),
            "metadata.json",
            "has a malformed entry for 'n'",
        ),
        (
            lambda out: _other_run_metadata(out / "metadata.json"),
            "metadata.json",
            "describes another run",
        ),
        (_writes("run.json", "garbage"), "run.json", "is not valid JSON"),
    ],
)
def test_damaged_finished_folder_names_the_file(tmp_path, damage, file, what):
    out = finished_folder(tmp_path)
    damage(out)
    before = snapshot(tmp_path)
    with (
        pytest.raises(store.DamagedFolder) as info,
        ResultsFolder.open(out, IDENT, resume=True, force=False) as f,
    ):
        store.load_results(f.path)
    message = str(info.value)
    assert f"{out} is damaged: {file} {what}" in message and "add --force" in message
    assert "\n" not in message
    assert snapshot(tmp_path) == before
    # --force starts again in the damaged folder
    fresh = ResultsFolder.open(out, IDENT, resume=False, force=True)
    fresh.prepare()
    assert not (out / "metadata.json").exists()


def _copy_chunk_to_another_place(out):
    chunks = out / "chunks"
    (chunks / "000000000002+2.npz").write_bytes((chunks / "000000000000+2.npz").read_bytes())


def _chunk_with_other_numbers(out):
    # A well-formed archive with the right stamp but numbers changed after the checksum.
    f = out / "chunks" / "000000000000+2.npz"
    with np.load(f) as z:
        arrays = {k: z[k] for k in z.files}
    arrays["n"] = arrays["n"] + 1
    np.savez(f, **arrays)


def _chunk_of_another_run(out):
    other = ResultsFolder(out, {**IDENT, "seed": 2}, finished=False)
    other.save_chunk(0, 2, {"n": np.array([4])})


@pytest.mark.parametrize(
    "damage,what",
    [
        (lambda out: (out / "chunks" / "000000000000+2.npz").write_bytes(b""), "is truncated"),
        (lambda out: _truncate(out / "chunks" / "000000000000+2.npz"), "is truncated"),
        (_copy_chunk_to_another_place, "belongs to another run or another chunk"),
        (_chunk_of_another_run, "belongs to another run or another chunk"),
        (_chunk_with_other_numbers, "has changed since it was saved"),
    ],
)
def test_damaged_checkpoint_is_named_before_any_work(tmp_path, damage, what):
    out = unfinished_folder(tmp_path)
    damage(out)
    before = snapshot(tmp_path)
    with pytest.raises(store.DamagedFolder, match=f"chunks/0000000000.+npz {what}.*add --force"):
        ResultsFolder.open(out, IDENT, resume=True, force=False)
    assert snapshot(tmp_path) == before


def test_checkpoints_outside_the_run_or_overlapping_are_damage(tmp_path):
    out = unfinished_folder(tmp_path)  # 5 blocks; chunk 0+2 saved
    f = ResultsFolder(out, IDENT, finished=False)
    f.save_chunk(1, 2, {"n": np.array([4])})
    with pytest.raises(store.DamagedFolder, match=r"000000000001\+2.npz overlaps"):
        ResultsFolder.open(out, IDENT, resume=True, force=False)
    (out / "chunks" / "000000000001+2.npz").unlink()
    f.save_chunk(4, 2, {"n": np.array([4])})
    with pytest.raises(store.DamagedFolder, match="outside the run's 5 blocks"):
        ResultsFolder.open(out, IDENT, resume=True, force=False)


def test_damaged_sessions_file_is_named(tmp_path):
    out = unfinished_folder(tmp_path)
    (out / "sessions.json").write_text('{"start": 1}')
    with pytest.raises(store.DamagedFolder, match="sessions.json is not a list of sessions"):
        ResultsFolder.open(out, IDENT, resume=True, force=False)


def test_unreadable_checkpoint_is_named(tmp_path, monkeypatch):
    out = unfinished_folder(tmp_path)

    def denied(*args, **kwargs):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(store.np, "load", denied)
    with pytest.raises(store.DamagedFolder, match=r"cannot be read \(Permission denied\)"):
        ResultsFolder.open(out, IDENT, resume=True, force=False)


def test_a_checkpoint_that_cannot_be_written_is_one_line(tmp_path, monkeypatch):
    f = ResultsFolder.open(tmp_path / "run", IDENT, resume=False, force=False)
    f.prepare()

    def read_only(*args):
        raise OSError(30, "Read-only file system")

    monkeypatch.setattr(store.os, "replace", read_only)
    with pytest.raises(ValueError, match=r"cannot write the checkpoint .*: Read-only file system"):
        f.save_chunk(0, 2, {"n": np.array([4])})


def test_reserved_statistic_names_are_refused(tmp_path):
    f = ResultsFolder.open(tmp_path / "run", IDENT, resume=False, force=False)
    f.prepare()
    with pytest.raises(ValueError, match="may not start with '__'"):
        f.save_chunk(0, 2, {"__run__": np.array([4])})


# --- one run at a time


def test_a_second_open_of_a_folder_in_use_is_refused(tmp_path):
    out = unfinished_folder(tmp_path)
    first = ResultsFolder.open(out, IDENT, resume=True, force=False)
    before = snapshot(tmp_path)
    for kwargs in ({"resume": True, "force": False}, {"resume": False, "force": True}):
        with pytest.raises(store.FolderBusy, match="another run is writing .*right now"):
            ResultsFolder.open(out, IDENT, **kwargs)
    assert snapshot(tmp_path) == before  # --force did not clear the run in use
    first.close()
    ResultsFolder.open(out, IDENT, resume=True, force=False).close()


def test_a_new_folder_is_locked_when_it_is_made(tmp_path):
    out = tmp_path / "new"
    a = ResultsFolder.open(out, IDENT, resume=False, force=False)
    b = ResultsFolder.open(out, IDENT, resume=False, force=False)  # both see no folder yet
    a.prepare()
    with pytest.raises(store.FolderBusy):
        b.prepare()
    a.close()
    # once a is done, b finds a's run there and does not overwrite it without --force
    with pytest.raises(ValueError, match="already holds an unfinished run"):
        b.prepare()


def test_the_lock_of_a_killed_process_is_gone(tmp_path):
    import signal
    import subprocess
    import sys
    import time

    out = unfinished_folder(tmp_path)
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import fcntl, os, sys, time; fd = os.open(sys.argv[1], os.O_RDONLY); "
            "fcntl.flock(fd, fcntl.LOCK_EX); print('held', flush=True); time.sleep(60)",
            str(out),
        ],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout.readline().strip() == "held"
        with pytest.raises(store.FolderBusy):
            ResultsFolder.open(out, IDENT, resume=True, force=False)
    finally:
        holder.send_signal(signal.SIGKILL)
        holder.wait(10)
        holder.stdout.close()
    deadline = time.monotonic() + 10
    while True:  # the kernel drops the lock with the process
        try:
            ResultsFolder.open(out, IDENT, resume=True, force=False).close()
            break
        except store.FolderBusy:
            assert time.monotonic() < deadline
            time.sleep(0.05)


def test_sessions_that_never_ended_are_marked_killed(tmp_path):
    out = unfinished_folder(tmp_path)
    f = ResultsFolder.open(out, IDENT, resume=True, force=False)
    f.log_session({"start": "a"})  # a session that was then killed -9: no end
    f.log_session({"start": "b", "end": "b2", "interrupted": True})
    f.log_session({"start": "c"})
    assert f.sessions() == [
        {"start": "a", "killed": True},
        {"start": "b", "end": "b2", "interrupted": True},
        {"start": "c"},
    ]


def test_a_file_system_without_locks_still_runs(tmp_path, monkeypatch):
    import errno
    import fcntl

    def no_locks(fd, op):
        raise OSError(errno.ENOLCK, "No locks available")

    monkeypatch.setattr(fcntl, "flock", no_locks)
    out = unfinished_folder(tmp_path)
    f = ResultsFolder.open(out, IDENT, resume=True, force=False)
    assert not f.locked and list(f.load_chunks()) == [0]


def _read_only(monkeypatch, folder):
    real = os.access

    def access(path, mode, **kw):
        if mode & os.W_OK and os.fspath(path) == os.fspath(folder):
            return False
        return real(path, mode, **kw)

    monkeypatch.setattr(paths.os, "access", access)


def test_read_only_folder_cannot_be_resumed_but_a_finished_run_can_be_read(tmp_path, monkeypatch):
    half = unfinished_folder(tmp_path)
    done = finished_folder(tmp_path)
    _read_only(monkeypatch, half)
    with pytest.raises(ValueError, match=r"--out .*half: cannot write in .*half \(permission"):
        ResultsFolder.open(half, IDENT, resume=True, force=False)
    _read_only(monkeypatch, done)
    with ResultsFolder.open(done, IDENT, resume=True, force=False) as f:
        assert f.finished and store.load_results(done)[0]["n"].tolist() == [10]
    with pytest.raises(ValueError, match="permission denied"):
        ResultsFolder.open(done, IDENT, resume=False, force=True)


@pytest.mark.usefixtures("signals_as_a_terminal_run_has_them")
def test_ctrl_c_during_a_checkpoint_waits_for_it(tmp_path, monkeypatch):
    # Issue 15 item 8's interrupt, landing inside np.savez: the zip file's close raised a
    # ValueError in place of the KeyboardInterrupt (the run ended with status 2, not 130). The
    # checkpoint is now written whole and the interrupt comes after it.
    out = tmp_path / "cut"
    f = ResultsFolder.open(out, IDENT, resume=False, force=False)
    f.prepare()
    savez = np.savez

    def cut(buf, **arrays):
        os.kill(os.getpid(), signal.SIGINT)
        for _ in range(1000):  # a handler would run at one of these bytecode boundaries
            pass
        savez(buf, **arrays)

    monkeypatch.setattr(np, "savez", cut)
    with pytest.raises(KeyboardInterrupt):
        f.save_chunk(0, 2, {"n": np.array([4])})
        for _ in range(1000):
            pass
    monkeypatch.undo()
    f.close()
    chunks = ResultsFolder.open(out, IDENT, resume=True, force=False).load_chunks()
    assert chunks[0][1]["n"].tolist() == [4]
