"""Results folders: atomic files, Parquet round trips, and refusals that change nothing."""

import json
import os

import numpy as np
import pytest

from headcount_lab.core import store
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
