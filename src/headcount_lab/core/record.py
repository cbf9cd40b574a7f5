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

import dataclasses
import functools
import json
from pathlib import Path
from typing import Any, Protocol

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


#: the largest seed a record may carry: a run's seed is a whole number 0 .. 2^63 - 1 (int64)
SEED_MAX = 2**63 - 1
#: the label of a seat a person played (``play`` records name it among the bots)
PERSON = "person"


class BotNames(Protocol):
    """What the envelope needs of a game's bot menu (:class:`~headcount_lab.core.botspec.
    BotMenu`): ``parse`` raises ValueError for an unknown bot or a bad parameter."""

    def parse(self, spec: str) -> Any: ...


def open_envelope(
    data: Any,
    fmt: str,
    title: str,
    version: int,
    rules_cls: Any,
    *,
    game: str,
    bots: BotNames,
    players: tuple[int, int],
) -> Any:
    """Check a loaded record's whole envelope against the platform's schema and return its
    rules object; raise one ValueError saying what is wrong. The game's replay then checks the
    body (the games, with extra keys of its own). Checked, in this order:

    - ``format`` and ``rules_version`` (a record of another kind or version is named as such);
    - ``game`` is this game (a record of another game says which one it is);
    - ``rules``: an object of this game's house-rule flags, strictly typed, no unknown flag,
      each value within its range (:func:`~headcount_lab.core.schema.rules_model`);
    - ``seed``: ``null`` or a whole number 0 .. :data:`SEED_MAX` (not ``NaN``, not text);
    - ``bots`` (if present): a list of one bot per seat (``rules.players`` of them where the
      rules carry the player count, else ``players[0] .. players[1]``), each a bot of the
      game's menu (``bots``) or :data:`PERSON`.
    """
    from headcount_lab.core.schema import validate

    if not isinstance(data, dict) or data.get("format") != fmt:
        raise ValueError(f"not a {title} record: the format must be {fmt!r}")
    got = data.get("rules_version")
    if got != version or type(got) is not int:
        raise ValueError(f"the record uses rules version {_json(got)}, this program {version}")
    other = data.get("game")
    if other != game:
        said = (
            f"it is a record of {other!r}"
            if isinstance(other, str)
            else f"its game is {_json(other)}"
        )
        raise ValueError(f"not a {title} record: {said}, not {game!r}")
    flags = data.get("rules")
    if not isinstance(flags, dict):
        raise ValueError(
            f"record: rules: must be an object of house-rule flags, not {_json(flags)}"
        )
    known = [f.name for f in dataclasses.fields(rules_cls)]
    for name in flags:
        if name not in known:
            raise ValueError(
                f"record: rules: unknown rule {name!r} ({title}'s: {', '.join(known)})"
            )
    env = validate(_envelope_model(rules_cls), data, "record", {})
    check_seed(data.get("seed"))
    rules = rules_cls(**env.rules.model_dump())
    if env.bots is not None:
        n = getattr(rules, "players", None)
        lo, hi = (n, n) if isinstance(n, int) else players
        if not lo <= len(env.bots) <= hi:
            want = str(lo) if lo == hi else f"{lo} to {hi}"
            raise ValueError(
                f"record: bots must name {want} bots, one per seat, not {len(env.bots)}"
            )
        for i, name in enumerate(env.bots):
            if name != PERSON:
                try:
                    bots.parse(name)
                except ValueError as exc:
                    raise ValueError(f"record: bots[{i}]: {exc}") from None
    return rules


#: the keys of the envelope; a record's other keys are its game's body
ENVELOPE = ("format", "game", "rules_version", "rules", "seed", "bots")


def check_seed(seed: Any) -> None:
    """A record's seed is ``null`` or a whole number 0 .. :data:`SEED_MAX`: what a run takes."""
    if seed is None:
        return
    if type(seed) is not int:  # not a float (NaN, 4.0), not text, not true
        raise ValueError(f"record: seed: must be a whole number or null, not {_json(seed)}")
    if not 0 <= seed <= SEED_MAX:
        raise ValueError(f"record: seed: must be between 0 and {SEED_MAX}, not {seed}")


def _json(value: Any) -> str:
    from headcount_lab.core.schema import _short

    return _short(value)


@functools.cache
def _envelope_model(rules_cls: Any) -> Any:
    """The envelope's pydantic model for a game's rules: strict types, the game's body keys
    allowed (its replay checks them)."""
    from pydantic import ConfigDict, create_model

    from headcount_lab.core.schema import rules_model

    return create_model(
        f"{rules_cls.__name__}Envelope",
        __config__=ConfigDict(strict=True, extra="allow", frozen=True),
        format=(str, ...),
        game=(str, ...),
        rules_version=(int, ...),
        rules=(rules_model(rules_cls), ...),
        seed=(Any, None),  # check_seed
        bots=(list[str] | None, None),
    )


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
