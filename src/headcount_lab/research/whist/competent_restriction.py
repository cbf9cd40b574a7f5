"""The dealer's restriction (W5) played by the competent field, stored for the report.

The report's own restriction runs use cheap bots (``heuristic``, ``heuristic:listen=1``) at
100,000 matches; the competent field of 4 players (``data/field-whist-4p-standard-v1.json``)
plays ``montecarlo`` seats, hundreds of times slower, so its paired run (every match played
with the restriction on and off from the same deals) is computed by
``scripts/whist_competent_restriction.py`` and kept in ``data/`` with its command line; the
report reads it back (:func:`load`) and builds its tables with the same functions as its own
runs.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np

from headcount_lab.core.paths import FIELD_DATA
from headcount_lab.games.whist.rules import VERSION, WhistRules

SCHEMA = "headcount-lab-whist-competent-restriction/1"
PATH = FIELD_DATA / f"whist-competent-restriction-v{VERSION}.npz"


def field_bots(players: int = 4, data: Path | None = None) -> list[str]:
    """The seats of the committed competent field (as ``competent`` resolves it,
    :func:`headcount_lab.core.competent.resolve`, from the folder ``data``): its one member in
    every seat. A field that mixes several members is refused (the run would need a draw per
    match)."""
    from headcount_lab.core.competent import resolve
    from headcount_lab.games import GAMES

    mix = resolve(GAMES["whist"], players, WhistRules(players=players), data)
    if len(mix.members) != 1:
        raise ValueError(f"{mix.file}: the competent field mixes {len(mix.members)} members")
    return [mix.members[0]] * players


def run(bots: list[str], matches: int, seed: int) -> dict[str, np.ndarray]:
    """Paired matches (restriction on as ``a``, off as ``b``), seats rotated."""
    from headcount_lab.core.runner import run_job
    from headcount_lab.research.whist import handstats

    n = len(bots)
    job = handstats.make_job(
        WhistRules(players=n), WhistRules(players=n, dealer_restriction=False), bots, matches,
        rotate=True,
    )  # fmt: skip
    return run_job(job, seed)


def save(path: Path, stats: dict[str, np.ndarray], meta: dict[str, Any]) -> None:
    from headcount_lab.core.paths import atomic_write

    arrays: dict[str, Any] = {**stats}
    arrays["meta"] = np.array(json.dumps({"schema": SCHEMA, **meta}, sort_keys=True))

    def write(tmp: Path) -> None:
        with open(tmp, "wb") as f:  # a file object: savez would add ".npz" to a path
            np.savez_compressed(f, **arrays)

    atomic_write(path, write)


def load(path: Path = PATH) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
    """The stored statistics and their metadata (command, bots, matches, seed); refused
    (ValueError) if missing, of another schema or of another rules version."""
    if not path.exists():
        raise ValueError(f"no stored competent-field restriction run at {path}: run "
                         "python scripts/whist_competent_restriction.py")  # fmt: skip
    with np.load(path) as z:
        meta = json.loads(str(z["meta"]))
        stats = {k: z[k] for k in z.files if k != "meta"}
    if meta.get("schema") != SCHEMA or meta.get("rules_version") != VERSION:
        again = meta.get("command", "python scripts/whist_competent_restriction.py")
        raise ValueError(f"{path} is stale or not a competent-field restriction run: rerun {again}")
    return stats, meta
