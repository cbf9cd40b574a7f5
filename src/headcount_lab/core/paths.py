"""Output paths, checked before any work starts.

Every command that writes (a results folder, a report folder, a record file) checks where it
will write with :func:`check_folder` or :func:`check_file` first, so that a simulation of an
hour never ends with "cannot write" and nothing to show. Both raise ``ValueError`` with one line
that names the option and says what is wrong; they write nothing.

The rules:

- a folder may be new: its missing parents are created when the command writes, so the nearest
  folder that already exists must be one this user can write in;
- a file's folder must exist already (a typo in a folder name should not silently create a
  tree), and an existing file is replaced only if it is writable and not a folder;
- an empty name is refused. The command line hands ``--out ''`` over as ``Path('')``, which is
  the current folder, so the CLI checks the raw text with :func:`check_named` first.
"""

from __future__ import annotations

import json
import os
import secrets
from collections.abc import Callable
from pathlib import Path
from typing import Any

#: the committed competent fields (``GAME field``) live here, next to the equilibrium tables
FIELD_DATA = Path(__file__).resolve().parents[3] / "data"


def field_file(data: Path, game: Any, players: int, variant: str) -> Path:
    """Where the field of ``game`` (a GameSpec) at ``players`` under ``variant`` is committed."""
    return data / f"field-{game.name}-{players}p-{variant}-v{game.version}.json"


def check_named(text: str, option: str) -> str:
    """``text`` unless it is empty or blank (``--out ''`` would mean the current folder)."""
    if not str(text).strip():
        raise ValueError(f"{option} is empty: name a file or folder ('.' is the current folder)")
    return text


def _writable(folder: Path) -> bool:
    # os.access also reports a read-only file system; X is needed to create entries.
    effective = os.access in os.supports_effective_ids
    return os.access(folder, os.W_OK | os.X_OK, effective_ids=effective)


def _nearest_existing(path: Path) -> Path:
    for p in (path, *path.parents):
        if p.exists():
            return p
    return Path(".")


def check_folder(path: Path, option: str = "--out") -> Path:
    """Raise ``ValueError`` unless the command can create or write into the folder ``path``.
    Messages start with ``option`` (leave it empty when the caller names the option)."""
    path = Path(check_named(str(path), option or "the name"))
    named = f"{option} {path}".strip()
    if path.exists() and not path.is_dir():
        raise ValueError(f"{named} is a file, not a folder")
    base = _nearest_existing(path)
    if not base.is_dir():
        raise ValueError(f"{named}: {base} is a file, not a folder")
    if not _writable(base):
        raise ValueError(f"{named}: cannot write in {base} (permission denied)")
    return path


def check_file(path: Path, option: str) -> Path:
    """Raise ``ValueError`` unless the command can write the file ``path`` (in a folder that
    exists)."""
    path = Path(check_named(str(path), option))
    if path.is_dir():
        raise ValueError(f"{option} {path} is a folder, not a file")
    parent = path.parent
    if not parent.exists():
        raise ValueError(f"{option} {path}: the folder {parent} does not exist")
    if not parent.is_dir():
        raise ValueError(f"{option} {path}: {parent} is a file, not a folder")
    if not _writable(parent) or (path.exists() and not os.access(path, os.W_OK)):
        raise ValueError(f"{option} {path}: cannot write there (permission denied)")
    return path


def write_file(path: Path, text: str, option: str) -> None:
    """Write ``text`` to ``path`` atomically (the old file stays whole if this fails), with a
    one-line ``ValueError`` for what the checks could not foresee (a full disk)."""
    try:
        atomic_write_bytes(Path(path), text.encode("utf-8"))
    except OSError as exc:
        raise ValueError(f"{option} {path}: cannot write it ({exc.strerror or exc})") from None


# --- the user cache (work a command can redo, kept between runs) ------------------------------

#: the environment variable that moves the user cache (the tests point it at a temporary folder)
CACHE_ENV = "HEADCOUNT_LAB_CACHE"


def user_cache_dir(part: str = "") -> Path:
    """The folder for work a command can redo but need not (``compare --adapt``'s tables
    trained under other rules): ``$HEADCOUNT_LAB_CACHE``, else ``$XDG_CACHE_HOME/headcount-lab``,
    else ``~/.cache/headcount-lab``; ``part`` names a subfolder. Nothing is created here: a
    writer makes the folder (:func:`atomic_write` needs it to exist)."""
    root = os.environ.get(CACHE_ENV, "").strip()
    if root:
        base = Path(root)
    else:
        xdg = os.environ.get("XDG_CACHE_HOME", "").strip()
        base = (Path(xdg) if xdg else Path.home() / ".cache") / "headcount-lab"
    return base / part if part else base


# --- atomic files (core.store writes its results folders with these) -------------------------


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


def read_committed_json(path: Path, *, schema: str, version: int, what: str, again: str,
                        game: str | None = None) -> dict[str, Any]:  # fmt: skip
    """A JSON file the repository commits under ``data/`` (a field, the rule lab's runs),
    refused with a ``ValueError`` ending in ``again`` (how to rebuild it) when it is missing,
    damaged, of another ``schema``, of another game than ``game`` (if given) or of another
    rules ``version``: a stale file is never read as a current one."""
    if not path.exists():
        raise ValueError(f"no {what} at {path}: {again}")
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise ValueError(f"{path} is not a {what} ({exc}): {again}") from None
    if not isinstance(data, dict) or data.get("schema") != schema:
        raise ValueError(f"{path} is not a {what} (schema {schema} expected): {again}")
    if game is not None and data.get("game") != game:
        raise ValueError(f"{path} is the {what} of {data.get('game')!r}, not of {game!r}: {again}")
    if data.get("rules_version") != version:
        raise ValueError(
            f"{path} is stale: built for rules version {data.get('rules_version')}, but the rules"
            f" are version {version}: {again}"
        )
    return data


def atomic_write_json(path: Path, obj: Any) -> None:
    atomic_write_bytes(path, (json.dumps(obj, indent=2, ensure_ascii=False) + "\n").encode())
