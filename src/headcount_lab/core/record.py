"""One record envelope for every game: what was played, under which rules, from which seed.

A record file is JSON::

    {"format": "<game's format id>", "game": "<registry name>", "rules_version": V,
     "rules": {...house-rule flags...}, "seed": S or null, "bots": [...] or null,
     "<body>": [...games or matches: deals, actions, outcomes...]}

The game writes its body (its deals, every action, the outcomes) and its replay checks it; the
envelope (which game, which rules and their version, which seed) is written and read here, so
``replay`` can tell a Headcount record from a Whist one and refuse a record of another rules
version before reading further.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

#: deeper nesting than any record needs is refused before ``json`` recurses into it
MAX_DEPTH = 64


def envelope(
    game: str,
    fmt: str,
    version: int,
    rules: dict[str, Any],
    seed: int | None,
    body: dict[str, Any],
    bots: list[str] | None = None,
) -> dict[str, Any]:
    """The record dict: the envelope keys first, then the game's body keys."""
    out: dict[str, Any] = {
        "format": fmt,
        "game": game,
        "rules_version": version,
        "rules": rules,
        "seed": seed,
    }
    if bots is not None:
        out["bots"] = bots
    out.update(body)
    return out


def open_envelope(data: Any, fmt: str, title: str, version: int, rules_cls: Any) -> Any:
    """Check a loaded record's envelope (format, rules version) and return its rules object;
    raise ValueError saying what is wrong. The game's replay then checks the body."""
    if not isinstance(data, dict) or data.get("format") != fmt:
        raise ValueError(f"not a {title} record: the format must be {fmt!r}")
    if data.get("rules_version") != version:
        raise ValueError(
            f"the record uses rules version {data.get('rules_version')!r}, this program {version}"
        )
    rules = data.get("rules")
    if not isinstance(rules, dict):
        raise ValueError("bad rules in the record: expected an object of house-rule flags")
    try:
        return rules_cls(**rules)
    except (TypeError, ValueError) as exc:
        raise ValueError(f"bad rules in the record: {exc}") from None


def check_writable(path: Path) -> None:
    """Refuse, before any work, a path that cannot be written: a folder, a missing parent, an
    unwritable place. Raises ValueError naming the path."""
    if path.is_dir():
        raise ValueError(f"cannot write {path}: it is a folder")
    parent = path.parent if str(path.parent) else Path(".")
    if not parent.is_dir():
        raise ValueError(f"cannot write {path}: the folder {parent} does not exist")
    if not os.access(parent, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
        raise ValueError(f"cannot write {path}: permission denied")


def write_record(path: Path, record: dict[str, Any]) -> None:
    """Write ``record`` as JSON atomically: a reader never sees half a file, and an existing file
    is replaced only once the new one is complete."""
    text = json.dumps(record, ensure_ascii=False, indent=1) + "\n"
    parent = path.parent if str(path.parent) else Path(".")
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=parent)
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(tmp, path)
    except OSError as exc:
        raise ValueError(f"cannot write {path}: {exc.strerror}") from None


def _depth(text: str) -> int:
    depth = best = 0
    in_str = esc = False
    for ch in text:
        if in_str:
            if esc:
                esc = False
            elif ch == "\\":
                esc = True
            elif ch == '"':
                in_str = False
        elif ch == '"':
            in_str = True
        elif ch in "[{":
            depth += 1
            best = max(best, depth)
        elif ch in "]}":
            depth -= 1
    return best


def load_json(path: Path) -> Any:
    """Read a JSON file; every failure is one ValueError naming the file."""
    if path.is_dir():
        raise ValueError(f"cannot read {path}: it is a folder")
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ValueError(f"no such file: {path}") from None
    except OSError as exc:
        raise ValueError(f"cannot read {path}: {exc.strerror}") from None
    except UnicodeDecodeError:
        raise ValueError(f"{path} is not a UTF-8 text file") from None
    if _depth(text) > MAX_DEPTH:
        raise ValueError(f"{path} nests deeper than {MAX_DEPTH} levels: not a record")
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise ValueError(f"{path} is not valid JSON: {exc.msg} (line {exc.lineno})") from None


def load_record(path: Path, games: dict[str, str] | None = None) -> dict[str, Any]:
    """Read a record file and check its envelope. ``games`` maps each known format id to its game;
    a record of an unknown format is refused naming the formats known."""
    data = load_json(path)
    if not isinstance(data, dict):
        raise ValueError(f"{path} is not a record: expected a JSON object")
    if games is not None and data.get("format") not in games:
        known = ", ".join(sorted(games))
        raise ValueError(f"{path} is not a record of this game (format must be one of: {known})")
    return data
