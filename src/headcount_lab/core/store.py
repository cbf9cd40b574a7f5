"""Results folders: one finished run as Parquet plus ``metadata.json``, with checkpoints on the way.

Layout of ``--out data/NAME``::

    run.json         what the run is (command, params, seed, units, block size); written first,
                     compared on --resume
    sessions.json    start/end of each session that worked on the run (a resumed run has several)
    chunks/          completed chunks, ``<first block>+<count>.npz``: the checkpoints, each with
                     the digest of its run's identity and a checksum of its arrays
    <stat>.parquet   one table per statistic (columns i0, i1, ... for the array index, then value)
    metadata.json    written last: its presence means the run is finished; it holds the sessions
                     and a checksum of every Parquet file

Every file appears atomically: it is written under a hidden temporary name in the same folder,
flushed to disk, then renamed over its final name, so a crash leaves either the old file or the
new one, never half of one. Once finished, the checkpoints are removed (the Parquet files hold
the same numbers).

One run at a time: a run holds an exclusive ``flock`` on the folder itself while it works in it,
so a second run on the same folder is refused at once. The lock belongs to the open folder, so
it ends with the process however the process ends (even ``kill -9``): a stale lock cannot exist.

A folder that was damaged from outside (a file deleted, truncated or replaced, a checkpoint from
another run) is never used silently: reading it raises :class:`DamagedFolder`, a ``ValueError``
whose one line names the file and says that ``--force`` starts the run again.
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import re
import shutil
import subprocess
import sys
import weakref
from collections.abc import Mapping
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import numpy as np

from headcount_lab.core.interrupts import deferred
from headcount_lab.core.paths import (  # noqa: F401 (atomic_write_json re-exported)
    atomic_write,
    atomic_write_bytes,
    atomic_write_json,
    check_folder,
)

#: 2: checkpoints carry the run's digest and a checksum, metadata a checksum per Parquet file.
FORMAT = 2
RUN_FILE = "run.json"
SESSIONS_FILE = "sessions.json"
META_FILE = "metadata.json"
CHUNK_DIR = "chunks"
_CHUNK_NAME = re.compile(r"^(\d+)\+(\d+)\.npz$")
_STAT_NAME = re.compile(r"^[A-Za-z0-9_][A-Za-z0-9_.-]*$")
#: The fields of run.json that must agree for --resume.
IDENTITY_KEYS = ("format", "command", "params", "seed", "units", "block_size")
#: Entries of a checkpoint that are not statistics: the run's digest and the arrays' checksum.
_CHUNK_RUN, _CHUNK_SUM = "__run__", "__sum__"


class DamagedFolder(ValueError):
    """A results folder whose files were changed from outside; the message names the file."""

    def __init__(self, folder: Path, file: str, what: str):
        super().__init__(
            f"the results folder {folder} is damaged: {file} {what}; "
            "add --force to start the run again (this discards the folder's run)"
        )
        self.file = file


# --- statistics as Parquet -------------------------------------------------------------------


def _arrow(a: np.ndarray) -> Any:
    """A 1-D numpy array as an Arrow array, built from its buffer. (``pyarrow.array`` would
    import pandas, ~80 MB of resident memory for nothing; booleans are stored as uint8.)"""
    import pyarrow as pa

    a = np.ascontiguousarray(a.astype(np.uint8) if a.dtype == np.bool_ else a)
    return pa.Array.from_buffers(pa.from_numpy_dtype(a.dtype), len(a), [None, pa.py_buffer(a)])


def write_stat(path: Path, a: np.ndarray) -> None:
    """One array as a Parquet table: an int64 column per axis (``i0``, ``i1``...) and ``value``."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    a = np.asarray(a)
    index = np.indices(a.shape).reshape(a.ndim, -1) if a.ndim else np.empty((0, 1), np.int64)
    names = [f"i{d}" for d in range(a.ndim)] + ["value"]
    cols = [_arrow(index[d].astype(np.int64)) for d in range(a.ndim)] + [_arrow(a.reshape(-1))]
    table = pa.Table.from_arrays(cols, names=names)
    atomic_write(path, lambda tmp: pq.write_table(table, tmp))


def read_stat(path: Path, shape: tuple[int, ...], dtype: str) -> np.ndarray:
    """The array that :func:`write_stat` wrote. Raises ``ValueError`` if the table does not
    hold an array of that shape, every cell exactly once."""
    import pyarrow.parquet as pq

    table = pq.read_table(path)
    out = np.zeros(shape, dtype=np.dtype(dtype))
    names = [f"i{d}" for d in range(out.ndim)] + ["value"]
    if table.column_names != names or table.num_rows != out.size:
        raise ValueError(f"expected columns {names} and {out.size} rows")
    values = table.column("value").to_numpy().astype(out.dtype, copy=False)
    if out.ndim == 0:
        out[()] = values[0]
        return out
    idx = tuple(table.column(f"i{d}").to_numpy() for d in range(out.ndim))
    if any(i.min() < 0 or i.max() >= n for i, n in zip(idx, out.shape, strict=True)):
        raise ValueError("an index is out of range")
    flat = np.ravel_multi_index(idx, out.shape)
    if np.unique(flat).size != out.size:
        raise ValueError("a cell is missing or repeated")
    out[idx] = values
    return out


def file_sha256(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def read_metadata(path: Path) -> dict[str, Any]:
    """``metadata.json`` of a finished run, checked for the shape this module writes."""
    path = Path(path)
    meta_path = path / META_FILE
    try:
        meta = json.loads(meta_path.read_text("utf-8"))
    except OSError as exc:
        raise DamagedFolder(path, META_FILE, f"cannot be read ({exc.strerror})") from None
    except ValueError:
        raise DamagedFolder(path, META_FILE, "is not valid JSON") from None
    stats = meta.get("stats") if isinstance(meta, dict) else None
    if not isinstance(stats, dict) or not stats:
        raise DamagedFolder(path, META_FILE, "lists no statistics")
    for k, e in stats.items():
        ok = (
            isinstance(e, dict)
            and isinstance(e.get("file"), str)
            and _STAT_NAME.match(e["file"]) is not None
            and isinstance(e.get("dtype"), str)
            and isinstance(e.get("shape"), list)
            and all(isinstance(n, int) and n >= 0 for n in e["shape"])
            and isinstance(e.get("sha256", ""), str)
        )
        if ok:
            try:
                np.dtype(e["dtype"])
            except TypeError:
                ok = False
        if not ok:
            raise DamagedFolder(path, META_FILE, f"has a malformed entry for {k!r}")
    return meta


def load_results(path: Path) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
    """The statistics and metadata of a finished run folder. Raises ``ValueError`` if there is
    none, :class:`DamagedFolder` if a file is missing, changed or unreadable."""
    path = Path(path)
    if not (path / META_FILE).is_file():
        raise ValueError(f"{path} holds no finished run (no {META_FILE})")
    meta = read_metadata(path)
    stats = {}
    for k, s in meta["stats"].items():
        f = path / s["file"]
        if not f.is_file():
            raise DamagedFolder(path, s["file"], "is missing")
        try:
            if "sha256" in s and file_sha256(f) != s["sha256"]:
                what = f"has changed since the run (checksum differs from {META_FILE})"
                raise DamagedFolder(path, s["file"], what)
            stats[k] = read_stat(f, tuple(s["shape"]), s["dtype"])
        except DamagedFolder:
            raise
        except OSError as exc:
            what = f"cannot be read ({exc.strerror or exc})"
            raise DamagedFolder(path, s["file"], what) from None
        except Exception as exc:  # pyarrow's errors have no common base but Exception
            what = f"does not hold the table {META_FILE} describes ({exc})"
            raise DamagedFolder(path, s["file"], what) from None
    return stats, meta


# --- run metadata ----------------------------------------------------------------------------


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


def git_commit() -> str | None:
    """The commit of the checkout the package runs from, with ``-dirty`` if it has local
    changes; ``None`` outside a git checkout (an installed wheel)."""
    here = Path(__file__).resolve().parent
    try:
        head = subprocess.run(
            ["git", "-C", str(here), "rev-parse", "HEAD"],
            capture_output=True,
            text=True,
            timeout=5,
            check=True,
        ).stdout.strip()
        dirty = subprocess.run(
            ["git", "-C", str(here), "status", "--porcelain", "--untracked-files=no"],
            capture_output=True,
            text=True,
            timeout=5,
            check=True,
        ).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return None
    return head + ("-dirty" if dirty else "") if head else None


def environment() -> dict[str, Any]:
    """Versions that a result may depend on."""
    import numba
    import pyarrow

    from headcount_lab import __version__

    return {
        "package": "headcount-lab",
        "version": __version__,
        "git_commit": git_commit(),
        "python": sys.version.split()[0],
        "numpy": np.__version__,
        "numba": numba.__version__,
        "pyarrow": pyarrow.__version__,
    }


def run_identity(
    name: str, params: Mapping[str, Any], seed: int, units: int, block_size: int
) -> dict:
    """What a run is; two runs with the same identity give the same numbers."""
    return {
        "format": FORMAT,
        "command": name,
        "params": json.loads(json.dumps(dict(params))),
        "seed": seed,
        "units": units,
        "block_size": block_size,
    }


def _describe_difference(theirs: Mapping[str, Any], ours: Mapping[str, Any]) -> str:
    """``seed 1 in the folder, 2 asked; players 4 in the folder, 5 asked`` (params by key)."""
    diffs = []
    for k in IDENTITY_KEYS:
        a, b = theirs.get(k), ours[k]
        if isinstance(a, dict) and isinstance(b, dict):
            diffs += [
                f"{p} {a.get(p)!r} in the folder, {b.get(p)!r} asked"
                for p in sorted(a.keys() | b.keys())
                if a.get(p) != b.get(p)
            ]
        elif a != b:
            diffs.append(f"{k} {a!r} in the folder, {b!r} asked")
    return "; ".join(diffs)


# --- the folder ------------------------------------------------------------------------------


def identity_digest(identity: Mapping[str, Any], first: int, count: int) -> str:
    """The fingerprint of a run's identity and a chunk's place in it, stamped on the chunk's
    checkpoint (so a checkpoint copied from another run, or renamed, is recognised)."""
    ident = {k: identity[k] for k in IDENTITY_KEYS}
    text = json.dumps({"run": ident, "first": first, "count": count}, sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()


def stats_checksum(stats: Mapping[str, np.ndarray]) -> str:
    """sha256 over the names, dtypes, shapes and bytes of ``stats`` (in name order)."""
    h = hashlib.sha256()
    for k in sorted(stats):
        a = np.ascontiguousarray(stats[k])
        h.update(f"{k}\0{a.dtype.str}\0{a.shape}\0".encode())
        h.update(a.tobytes())
    return h.hexdigest()


class FolderBusy(ValueError):
    """Another process is writing the results folder right now."""


class ResultsFolder:
    """A results folder opened for one run. Use :meth:`open`, which validates before it writes,
    and :meth:`close` (or ``with``) to release the folder's lock."""

    def __init__(self, path: Path, identity: dict[str, Any], finished: bool):
        self.path = Path(path)
        self.identity = identity
        self.finished = finished
        self.chunk_dir = self.path / CHUNK_DIR
        self._unlock: weakref.finalize | None = None

    @classmethod
    def open(
        cls, path: Path, identity: dict[str, Any], *, resume: bool, force: bool
    ) -> ResultsFolder:
        """Check that ``path`` can take this run. Raises ``ValueError`` (one line) if it cannot;
        writes nothing: :meth:`prepare` does, once the run is sure to start. An existing folder
        is locked first (:class:`FolderBusy` if another run holds it), then examined."""
        path = Path(path)
        if resume and force:
            raise ValueError("--resume and --force contradict each other: choose one")
        finished_before = (path / META_FILE).is_file()
        if not (resume and finished_before):  # reading a finished run back needs no writing
            check_folder(path)
        elif not path.is_dir():
            raise ValueError(f"--out {path} is a file, not a folder")
        folder = cls(path, identity, finished=False)
        if path.is_dir():
            folder._lock()
        try:
            folder._examine(resume, force)
        except BaseException:
            folder.close()
            raise
        return folder

    def _examine(self, resume: bool, force: bool) -> None:
        path = self.path
        run_file = path / RUN_FILE
        ours = run_file.is_file()
        finished = (path / META_FILE).is_file()
        if resume:
            if not ours:
                raise ValueError(f"nothing to resume: {path} holds no run ({RUN_FILE} missing)")
            theirs = self._read_json(RUN_FILE)
            if not isinstance(theirs, dict):
                raise DamagedFolder(path, RUN_FILE, "is not a run's identity")
            if any(theirs.get(k) != self.identity[k] for k in IDENTITY_KEYS):
                raise ValueError(
                    f"cannot resume {path}: it holds another run "
                    f"({_describe_difference(theirs, self.identity)})"
                )
            if finished:
                meta = read_metadata(path)
                if any(meta.get(k) != self.identity[k] for k in IDENTITY_KEYS):
                    raise DamagedFolder(path, META_FILE, f"describes another run than {RUN_FILE}")
            else:
                # Damage is reported now, before any work: sessions, and every checkpoint
                # (kept for the run, which would read them again otherwise).
                self.sessions()
                self._checked_chunks = self.load_chunks()
            self.finished = finished
            return
        if ours and not force:
            what = (
                "a finished run" if finished else "an unfinished run (use --resume to continue it)"
            )
            raise ValueError(f"{path} already holds {what}; add --force to overwrite it")
        if not ours and path.exists() and any(path.iterdir()):
            raise ValueError(
                f"--out {path} is a folder with other files in it; choose a new or empty folder"
            )
        self._fresh = True
        self._force = force

    _fresh = False
    _force = False
    _checked_chunks: dict[int, tuple[int, dict[str, np.ndarray]]] | None = None

    def _read_json(self, name: str) -> Any:
        try:
            return json.loads((self.path / name).read_text("utf-8"))
        except OSError as exc:
            raise DamagedFolder(self.path, name, f"cannot be read ({exc.strerror})") from None
        except ValueError:
            raise DamagedFolder(self.path, name, "is not valid JSON") from None

    # the lock

    def _lock(self) -> None:
        """Hold an exclusive lock on the folder until :meth:`close` (or the process ends)."""
        try:
            import fcntl
        except ImportError:  # not on a POSIX system: no lock
            return
        try:
            fd = os.open(self.path, os.O_RDONLY)
        except OSError as exc:
            what = f"cannot open the results folder {self.path}: {exc.strerror}"
            raise ValueError(what) from None
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            raise FolderBusy(
                f"another run is writing {self.path} right now; wait for it to end, "
                "or choose another --out"
            ) from None
        except OSError:  # a file system without locks (some network mounts): go on without
            os.close(fd)
            return
        self._unlock = weakref.finalize(self, os.close, fd)

    @property
    def locked(self) -> bool:
        return self._unlock is not None and self._unlock.alive

    def close(self) -> None:
        """Release the folder's lock (also done when the object is collected or the process
        ends)."""
        if self._unlock is not None:
            self._unlock()

    def __enter__(self) -> ResultsFolder:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def prepare(self) -> None:
        """Make the folder ready: for a new run, clear a previous run (--force) and write
        ``run.json``; for a resumed run, nothing."""
        if not self._fresh:
            return
        try:
            if not self.locked:
                self.path.mkdir(parents=True, exist_ok=True)
                self._lock()
                self._examine(resume=False, force=self._force)  # as it is now, under the lock
            if (self.path / RUN_FILE).is_file():
                self._clear(self.path)
            atomic_write_json(self.path / RUN_FILE, {**self.identity, "created": now()})
        except OSError as exc:  # permissions, a full disk: the user's to fix, in one line
            raise ValueError(
                f"cannot write the results folder {self.path}: {exc.strerror}"
            ) from None
        self._fresh = False

    @staticmethod
    def _clear(path: Path) -> None:
        """Remove a previous run's files (only ours: we never delete what we did not write)."""
        meta_path = path / META_FILE
        if meta_path.is_file():
            try:
                files = [s["file"] for s in json.loads(meta_path.read_text())["stats"].values()]
            except (ValueError, KeyError, TypeError, AttributeError):
                files = []
            meta_path.unlink()
            for f in files:
                if isinstance(f, str) and _STAT_NAME.match(f):
                    (path / f).unlink(missing_ok=True)
        shutil.rmtree(path / CHUNK_DIR, ignore_errors=True)
        (path / SESSIONS_FILE).unlink(missing_ok=True)
        (path / RUN_FILE).unlink(missing_ok=True)

    # checkpoints

    def save_chunk(self, first: int, count: int, stats: Mapping[str, np.ndarray]) -> None:
        """Checkpoint a chunk, stamped with the run's digest and a checksum of its arrays."""
        if any(k.startswith("__") for k in stats):
            raise ValueError(f"statistic names may not start with '__': {sorted(stats)}")
        name = f"{first:012d}+{count}.npz"
        arrays = {
            **dict(stats),
            _CHUNK_RUN: np.frombuffer(
                identity_digest(self.identity, first, count).encode(), np.uint8
            ),
            _CHUNK_SUM: np.frombuffer(stats_checksum(stats).encode(), np.uint8),
        }
        buf = io.BytesIO()
        try:
            with deferred():  # an interrupt waits for the checkpoint (core.interrupts)
                np.savez(buf, **arrays)  # type: ignore[arg-type]
                self.chunk_dir.mkdir(exist_ok=True)
                atomic_write_bytes(self.chunk_dir / name, buf.getvalue())
        except OSError as exc:
            raise ValueError(
                f"cannot write the checkpoint {self.path / CHUNK_DIR / name}: {exc.strerror or exc}"
            ) from None

    def _load_chunk(self, f: Path, first: int, count: int) -> dict[str, np.ndarray]:
        name = f"{CHUNK_DIR}/{f.name}"
        try:
            # np.load given a path leaks the open file when the archive is broken
            with open(f, "rb") as fh, np.load(fh, allow_pickle=False) as z:
                arrays = {k: z[k] for k in z.files}
        except OSError as exc:
            if exc.strerror:
                raise DamagedFolder(self.path, name, f"cannot be read ({exc.strerror})") from None
            raise DamagedFolder(self.path, name, "is not a checkpoint") from None
        except Exception as exc:  # zip, zlib, EOF and format errors: truncated or overwritten
            what = f"is truncated or not a checkpoint ({type(exc).__name__})"
            raise DamagedFolder(self.path, name, what) from None
        run = arrays.pop(_CHUNK_RUN, None)
        check = arrays.pop(_CHUNK_SUM, None)
        if run is None or check is None:
            raise DamagedFolder(self.path, name, "has no checksum: it is not this run's")
        if run.tobytes().decode(errors="replace") != identity_digest(self.identity, first, count):
            raise DamagedFolder(self.path, name, "belongs to another run or another chunk")
        if check.tobytes().decode(errors="replace") != stats_checksum(arrays):
            raise DamagedFolder(self.path, name, "has changed since it was saved (checksum)")
        return arrays

    def load_chunks(self) -> dict[int, tuple[int, dict[str, np.ndarray]]]:
        """Saved chunks as ``{first block: (count, stats)}``, each checked against its run and
        checksum; :class:`DamagedFolder` for the first that fails."""
        if self._checked_chunks is not None:  # read by open(); hand them over once
            out, self._checked_chunks = self._checked_chunks, None
            return out
        out = {}
        if not self.chunk_dir.is_dir():
            return out
        n_blocks = -(-self.identity["units"] // self.identity["block_size"])
        end = 0
        for f in sorted(self.chunk_dir.iterdir()):
            m = _CHUNK_NAME.match(f.name)
            if m is None:
                continue  # a temporary file from a crash mid-write
            first, count = int(m[1]), int(m[2])
            if count < 1 or first < end or first + count > n_blocks:
                what = f"overlaps another checkpoint or lies outside the run's {n_blocks} blocks"
                raise DamagedFolder(self.path, f"{CHUNK_DIR}/{f.name}", what)
            out[first] = (count, self._load_chunk(f, first, count))
            end = first + count
        return out

    # sessions

    def sessions(self) -> list[dict[str, Any]]:
        if not (self.path / SESSIONS_FILE).is_file():
            return []
        rows = self._read_json(SESSIONS_FILE)
        if not isinstance(rows, list) or not all(isinstance(r, dict) for r in rows):
            raise DamagedFolder(self.path, SESSIONS_FILE, "is not a list of sessions")
        return rows

    def log_session(self, session: dict[str, Any]) -> None:
        """Add or update (same ``start``) this session's entry. Earlier sessions that never
        logged an end were killed (``kill -9``, a crash, power loss): they are marked so."""
        rows = [
            s if "end" in s or "killed" in s else {**s, "killed": True}
            for s in self.sessions()
            if s.get("start") != session["start"]
        ]
        atomic_write_json(self.path / SESSIONS_FILE, [*rows, session])

    # the end

    def finish(self, stats: Mapping[str, np.ndarray], metadata: dict[str, Any]) -> dict[str, Any]:
        """Write the statistics and then ``metadata.json`` (which marks the run finished), with
        the run's identity, ``metadata`` and each statistic's file, dtype, shape and sha256."""
        entries = {}
        try:
            for k, a in stats.items():
                if not _STAT_NAME.match(k):
                    raise ValueError(f"statistic name {k!r} cannot be a file name")
                a = np.asarray(a)
                f = self.path / f"{k}.parquet"
                write_stat(f, a)
                entries[k] = {
                    "file": f.name,
                    "dtype": a.dtype.str,
                    "shape": list(a.shape),
                    "sha256": file_sha256(f),
                }
            # The identity is what a later --resume checks the metadata against.
            meta = {**{k: self.identity[k] for k in IDENTITY_KEYS}, **metadata, "stats": entries}
            atomic_write_json(self.path / META_FILE, meta)
        except OSError as exc:
            raise ValueError(
                f"cannot write the results folder {self.path}: {exc.strerror or exc}"
            ) from None
        shutil.rmtree(self.chunk_dir, ignore_errors=True)
        (self.path / SESSIONS_FILE).unlink(missing_ok=True)
        self.finished = True
        return meta
