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
from pathlib import Path
from typing import Any

from headcount_lab.core.schema import MAX_DEPTH  # noqa: F401  (re-exported for the tests)


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


def check_writable(path: Path, option: str = "--record-file") -> None:
    """Refuse, before any work, a path that cannot be written: a folder, a missing parent, an
    unwritable place (:func:`headcount_lab.core.paths.check_file`). Raises ValueError."""
    from headcount_lab.core.paths import check_file

    check_file(path, option)


def write_record(path: Path, record: dict[str, Any], option: str = "--record-file") -> None:
    """Write ``record`` as JSON atomically: a reader never sees half a file, and an existing file
    is replaced only once the new one is complete (:func:`headcount_lab.core.paths.write_file`)."""
    from headcount_lab.core.paths import write_file

    write_file(path, json.dumps(record, ensure_ascii=False, indent=1) + "\n", option)


def load_json(path: Path) -> Any:
    """Read a JSON file; every failure is one ValueError naming the file
    (:func:`headcount_lab.core.schema.read_json`)."""
    from headcount_lab.core.schema import read_json

    return read_json(path)


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
