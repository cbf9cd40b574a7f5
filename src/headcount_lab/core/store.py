"""Results folders: one finished run as Parquet plus ``metadata.json``, with checkpoints on the way.

Layout of ``--out data/NAME``::

    run.json         what the run is (command, params, seed, units, block size); written first,
                     compared on --resume
    sessions.json    start/end of each session that worked on the run (a resumed run has several)
    chunks/          completed chunks, ``<first block>+<count>.npz``: the checkpoints
    <stat>.parquet   one table per statistic (columns i0, i1, ... for the array index, then value)
    metadata.json    written last: its presence means the run is finished

Every file appears atomically: it is written under a hidden temporary name in the same folder,
flushed to disk, then renamed over its final name, so a crash leaves either the old file or the
new one, never half of one. Once finished, the checkpoints are removed (the Parquet files hold
the same numbers).
"""

from __future__ import annotations

import io
import json
import os
import re
import secrets
import shutil
import subprocess
import sys
from collections.abc import Callable, Mapping
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import numpy as np

FORMAT = 1
RUN_FILE = "run.json"
SESSIONS_FILE = "sessions.json"
META_FILE = "metadata.json"
CHUNK_DIR = "chunks"
_CHUNK_NAME = re.compile(r"^(\d+)\+(\d+)\.npz$")
_STAT_NAME = re.compile(r"^[A-Za-z0-9_][A-Za-z0-9_.-]*$")
#: The fields of run.json that must agree for --resume.
IDENTITY_KEYS = ("format", "command", "params", "seed", "units", "block_size")


# --- atomic files ----------------------------------------------------------------------------


def atomic_write(path: Path, write: Callable[[Path], object]) -> None:
    """Call ``write(tmp)`` on a hidden temporary path next to ``path``, then rename it over
    ``path``. On any error the temporary file is removed and ``path`` is left as it was."""
    path = Path(path)
    # A fresh hidden name in the same folder (same file system, so the rename is atomic); the
    # writer creates the file, so it gets the usual permissions from the umask.
    tmp = path.parent / f".{path.name}.{os.getpid()}.{secrets.token_hex(6)}.tmp"
    try:
        write(tmp)
        with open(tmp, "rb+") as f:
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


def atomic_write_bytes(path: Path, data: bytes) -> None:
    atomic_write(path, lambda tmp: tmp.write_bytes(data))


def atomic_write_json(path: Path, obj: Any) -> None:
    atomic_write_bytes(path, (json.dumps(obj, indent=2, ensure_ascii=False) + "\n").encode())


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
    import pyarrow.parquet as pq

    table = pq.read_table(path)
    out = np.zeros(shape, dtype=np.dtype(dtype))
    values = table.column("value").to_numpy().astype(out.dtype, copy=False)
    if out.ndim == 0:
        out[()] = values[0]
        return out
    idx = tuple(table.column(f"i{d}").to_numpy() for d in range(out.ndim))
    out[idx] = values
    return out


def load_results(path: Path) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
    """The statistics and metadata of a finished run folder."""
    path = Path(path)
    meta_path = path / META_FILE
    if not meta_path.is_file():
        raise ValueError(f"{path} holds no finished run (no {META_FILE})")
    meta = json.loads(meta_path.read_text())
    stats = {
        k: read_stat(path / s["file"], tuple(s["shape"]), s["dtype"])
        for k, s in meta["stats"].items()
    }
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


class ResultsFolder:
    """A results folder opened for one run. Use :meth:`open`, which validates before it writes."""

    def __init__(self, path: Path, identity: dict[str, Any], finished: bool):
        self.path = Path(path)
        self.identity = identity
        self.finished = finished
        self.chunk_dir = self.path / CHUNK_DIR

    @classmethod
    def open(
        cls, path: Path, identity: dict[str, Any], *, resume: bool, force: bool
    ) -> ResultsFolder:
        """Check that ``path`` can take this run. Raises ``ValueError`` (one line) if it cannot;
        writes nothing: :meth:`prepare` does, once the run is sure to start."""
        path = Path(path)
        if resume and force:
            raise ValueError("--resume and --force contradict each other: choose one")
        if path.exists() and not path.is_dir():
            raise ValueError(f"--out {path} is a file, not a folder")
        for parent in path.parents:
            if parent.exists():
                if not parent.is_dir():
                    raise ValueError(f"--out {path}: {parent} is a file, not a folder")
                break
        run_file = path / RUN_FILE
        ours = run_file.is_file()
        finished = (path / META_FILE).is_file()
        if resume:
            if not ours:
                raise ValueError(f"nothing to resume: {path} holds no run ({RUN_FILE} missing)")
            theirs = json.loads(run_file.read_text())
            if any(theirs.get(k) != identity[k] for k in IDENTITY_KEYS):
                raise ValueError(
                    f"cannot resume {path}: it holds another run "
                    f"({_describe_difference(theirs, identity)})"
                )
            return cls(path, identity, finished=finished)
        if ours and not force:
            what = (
                "a finished run" if finished else "an unfinished run (use --resume to continue it)"
            )
            raise ValueError(f"{path} already holds {what}; add --force to overwrite it")
        if not ours and path.exists() and any(path.iterdir()):
            raise ValueError(
                f"--out {path} is a folder with other files in it; choose a new or empty folder"
            )
        folder = cls(path, identity, finished=False)
        folder._fresh = True
        return folder

    _fresh = False

    def prepare(self) -> None:
        """Make the folder ready: for a new run, clear a previous run (--force) and write
        ``run.json``; for a resumed run, nothing."""
        if not self._fresh:
            return
        try:
            if (self.path / RUN_FILE).is_file():
                self._clear(self.path)
            self.path.mkdir(parents=True, exist_ok=True)
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
            except (ValueError, KeyError, TypeError):
                files = []
            meta_path.unlink()
            for f in files:
                (path / f).unlink(missing_ok=True)
        shutil.rmtree(path / CHUNK_DIR, ignore_errors=True)
        (path / SESSIONS_FILE).unlink(missing_ok=True)
        (path / RUN_FILE).unlink(missing_ok=True)

    # checkpoints

    def save_chunk(self, first: int, count: int, stats: Mapping[str, np.ndarray]) -> None:
        self.chunk_dir.mkdir(exist_ok=True)
        buf = io.BytesIO()
        np.savez(buf, **dict(stats))  # type: ignore[arg-type]
        atomic_write_bytes(self.chunk_dir / f"{first:012d}+{count}.npz", buf.getvalue())

    def load_chunks(self) -> dict[int, tuple[int, dict[str, np.ndarray]]]:
        """Saved chunks as ``{first block: (count, stats)}``."""
        out: dict[int, tuple[int, dict[str, np.ndarray]]] = {}
        if not self.chunk_dir.is_dir():
            return out
        for f in sorted(self.chunk_dir.iterdir()):
            m = _CHUNK_NAME.match(f.name)
            if m is None:
                continue  # a temporary file from a crash mid-write
            with np.load(f, allow_pickle=False) as z:
                out[int(m[1])] = (int(m[2]), {k: z[k] for k in z.files})
        return out

    # sessions

    def sessions(self) -> list[dict[str, Any]]:
        f = self.path / SESSIONS_FILE
        return json.loads(f.read_text()) if f.is_file() else []

    def log_session(self, session: dict[str, Any]) -> None:
        """Add or update (same ``start``) this session's entry."""
        rows = [s for s in self.sessions() if s.get("start") != session["start"]]
        atomic_write_json(self.path / SESSIONS_FILE, [*rows, session])

    # the end

    def finish(self, stats: Mapping[str, np.ndarray], metadata: dict[str, Any]) -> dict[str, Any]:
        """Write the statistics and then ``metadata.json`` (which marks the run finished)."""
        entries = {}
        for k, a in stats.items():
            if not _STAT_NAME.match(k):
                raise ValueError(f"statistic name {k!r} cannot be a file name")
            a = np.asarray(a)
            write_stat(self.path / f"{k}.parquet", a)
            entries[k] = {"file": f"{k}.parquet", "dtype": a.dtype.str, "shape": list(a.shape)}
        meta = {**metadata, "stats": entries}
        atomic_write_json(self.path / META_FILE, meta)
        shutil.rmtree(self.chunk_dir, ignore_errors=True)
        (self.path / SESSIONS_FILE).unlink(missing_ok=True)
        self.finished = True
        return meta
