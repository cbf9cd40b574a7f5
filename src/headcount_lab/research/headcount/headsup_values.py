"""The heads-up endgame value for the report: the exact heads-up round, solved once and cached.

Every Headcount game ends with two players left. :mod:`headcount_lab.research.headcount.headsup`
solves that round to equilibrium on a bid grid; a solve at the documented grid (bids 0 to 40 by
5, 300 CFR+ iterations) takes minutes per peek situation, so the report reads the four results
(who can peek: both, the start player only, the other player only, neither) from a cache file in
``data/``, made by

    PYTHONPATH=src python scripts/headcount_headsup_values.py

(the same numbers as ``headcount-lab headcount headsup --step 5 --iterations 300 --peeks P
--json`` for each ``P``; deterministic, no seed). The cache names the rules version, and a cache
of another version or grid is ignored. Without a cache a full report solves and writes it; a
``--quick`` report solves the coarse grid of step 10 instead (seconds) and writes nothing.
"""

from __future__ import annotations

import contextlib
import json
from pathlib import Path
from typing import Any

from headcount_lab.games.headcount.rules import VERSION

#: the documented grid of the heads-up solver, and the CFR+ iterations of its docs table
STEP = 5
ITERATIONS = 300
#: the cheap grid of a ``--quick`` report without a cache
QUICK_STEP = 10
#: who can peek -> (start player, other player), as ``headsup --peeks`` spells it
PEEKS = {"both": (True, True), "starter": (True, False), "other": (False, True),
         "none": (False, False)}  # fmt: skip
SCHEMA = "headcount-headsup-values/1"
COMMAND = "PYTHONPATH=src python scripts/headcount_headsup_values.py"


def cache_path(data_dir: Path, step: int = STEP) -> Path:
    return data_dir / f"headcount-headsup-values-v{VERSION}-standard-by{step}.json"


def default_data_dir() -> Path:
    """``data/`` of the source tree (next to ``src/``)."""
    return Path(__file__).resolve().parents[4] / "data"


def solve_values(step: int = STEP, iterations: int = ITERATIONS) -> dict[str, Any]:
    """Solve the four heads-up round games (standard rules) and return the cache's content."""
    from headcount_lab.research.headcount import headsup as hu

    out: dict[str, Any] = {
        "schema": SCHEMA,
        "rules_version": VERSION,
        "step": step,
        "iterations": iterations,
        "command": COMMAND,
        "by_peeks": {},
    }
    for name, peeks in PEEKS.items():
        ab = hu.HeadsUpAbstraction(bids=hu.default_bids(step), peeks=peeks)
        _, summary = hu.solve(ab, iterations)
        out["by_peeks"][name] = {
            k: summary[k]
            for k in (
                "start_player_loses",
                "start_player_loses_bounds",
                "exploitability",
                "information_sets",
            )  # fmt: skip
        }
    return out


def read_cache(path: Path, step: int) -> dict[str, Any] | None:
    """The cache at ``path`` if it is this rules version's, of grid ``step``, else ``None``."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    ok = (
        data.get("schema") == SCHEMA
        and data.get("rules_version") == VERSION
        and data.get("step") == step
        and set(data.get("by_peeks", {})) == set(PEEKS)
    )
    return data if ok else None


def write_cache(path: Path, data: dict[str, Any]) -> None:
    from headcount_lab.core.paths import atomic_write_bytes

    path.parent.mkdir(parents=True, exist_ok=True)
    atomic_write_bytes(path, (json.dumps(data, indent=2, sort_keys=True) + "\n").encode())


def headsup_values(quick: bool = False, data_dir: Path | None = None) -> dict[str, Any]:
    """The exact heads-up values at the documented grid (cached), or, for a quick report with
    no cache, at the coarse grid of :data:`QUICK_STEP` (solved, not cached)."""
    data_dir = default_data_dir() if data_dir is None else data_dir
    cached = read_cache(cache_path(data_dir), STEP)
    if cached is not None:
        return cached
    if quick:
        return solve_values(QUICK_STEP)
    data = solve_values(STEP)
    # a read-only tree still gets its report; the next run solves again
    with contextlib.suppress(OSError):
        write_cache(cache_path(data_dir), data)
    return data
