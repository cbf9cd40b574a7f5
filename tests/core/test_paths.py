"""Output paths are checked before any work: one line naming the option and what is wrong."""

import os

import pytest

from headcount_lab.core import paths

AS_ROOT = hasattr(os, "geteuid") and os.geteuid() == 0


def test_a_new_folder_below_existing_ones_is_fine(tmp_path):
    target = tmp_path / "a" / "b" / "run"
    assert paths.check_folder(target) == target
    assert not (tmp_path / "a").exists()  # checking writes nothing


@pytest.mark.parametrize("text", ["", "  "])
def test_empty_name_is_refused(text):
    with pytest.raises(ValueError, match="--out is empty"):
        paths.check_named(text, "--out")
    with pytest.raises(ValueError, match="--record-file is empty"):
        paths.check_file(text, "--record-file")


def test_folder_that_is_a_file(tmp_path):
    f = tmp_path / "notes.txt"
    f.write_text("mine")
    with pytest.raises(ValueError, match=r"^--out .*notes.txt is a file, not a folder$"):
        paths.check_folder(f)
    with pytest.raises(ValueError, match=r"notes.txt/sub: .*notes.txt is a file, not a folder"):
        paths.check_folder(f / "sub")
    assert f.read_text() == "mine"


def test_file_that_is_a_folder_or_below_a_file(tmp_path):
    with pytest.raises(ValueError, match="is a folder, not a file"):
        paths.check_file(tmp_path, "--record-file")
    f = tmp_path / "notes.txt"
    f.write_text("mine")
    with pytest.raises(ValueError, match="notes.txt is a file, not a folder"):
        paths.check_file(f / "x.json", "--record-file")


def test_file_in_a_missing_folder(tmp_path):
    with pytest.raises(ValueError, match=r"--record-file .*x.json: the folder .*nope does not"):
        paths.check_file(tmp_path / "nope" / "x.json", "--record-file")


def _no_write_access(monkeypatch, denied):
    real = os.access

    def access(path, mode, **kw):
        if mode & os.W_OK and os.fspath(path) in denied:
            return False
        return real(path, mode, **kw)

    monkeypatch.setattr(paths.os, "access", access)


def test_unwritable_folder_is_refused(tmp_path, monkeypatch):
    _no_write_access(monkeypatch, {os.fspath(tmp_path)})
    with pytest.raises(ValueError, match=r"cannot write in .* \(permission denied\)"):
        paths.check_folder(tmp_path / "new" / "run")
    with pytest.raises(ValueError, match="cannot write there"):
        paths.check_file(tmp_path / "x.json", "--record-to")


def test_read_only_file_is_not_replaced(tmp_path, monkeypatch):
    f = tmp_path / "x.json"
    f.write_text("kept")
    _no_write_access(monkeypatch, {os.fspath(f)})
    with pytest.raises(ValueError, match="cannot write there"):
        paths.check_file(f, "--record-file")


@pytest.mark.skipif(AS_ROOT, reason="root may write in any folder; the test above covers it")
def test_unwritable_folder_for_real(tmp_path):
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o555)
    try:
        with pytest.raises(ValueError, match="permission denied"):
            paths.check_folder(locked / "run")
        with pytest.raises(ValueError, match="permission denied"):
            paths.check_file(locked / "x.json", "--record-file")
    finally:
        locked.chmod(0o755)


def test_write_file_is_atomic_and_says_what_failed(tmp_path, monkeypatch):
    f = tmp_path / "x.json"
    paths.write_file(f, "one\n", "--record-file")
    assert f.read_text() == "one\n"

    def disk_full(*args):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", disk_full)
    with pytest.raises(ValueError, match=r"--record-file .*x.json: cannot write it \(No space"):
        paths.write_file(f, "two\n", "--record-file")
    assert f.read_text() == "one\n"
    assert [p.name for p in tmp_path.iterdir()] == ["x.json"]
