#!/usr/bin/env python
"""Games per second of tables with a ``bayes`` seat, as JSON (issue 22: the Bayesian responder
as an oracle of the competent field's growth).

    PYTHONPATH=src python scripts/bench_headcount_bayes.py [--games 400] [--repeats 3]
        [--table 'bayes:field=equilibrium,equilibrium,equilibrium,equilibrium'] [--variant double]

Each table plays ``--games`` games from seed 1 (the engine's own block, as ``simulate
--workers 1`` plays them, seats not rotated) after one warm-up block that compiles the engine;
the rate is per CPU second of this thread (``time.thread_time``: the time other jobs on the
shared machine take the core away does not count), the median of ``--repeats`` runs, and the
wall rate beside it. ``checksum`` is a digest of the games' statistics: two trees that play the
same games print the same one. The load (``/proc/loadavg``) is printed before and after.
Only the engine's Python API is used, so the script runs against any tree with the ``bayes``
bot (``PYTHONPATH=OTHER/src``).
"""

from __future__ import annotations

import hashlib
import json
import statistics
import time
from pathlib import Path

import numpy as np

from headcount_lab.core.rng import block_state

try:  # the scripts' shell; this script also runs against trees older than it (PYTHONPATH)
    from headcount_lab.core.scripts import OneLineParser
except ImportError:  # pragma: no cover
    from argparse import ArgumentParser as OneLineParser
from headcount_lab.games.headcount import tournament as T
from headcount_lab.games.headcount.agents import parse_bots
from headcount_lab.games.headcount.rules import HeadcountRules

TABLES = (
    "bayes:field=equilibrium,equilibrium,equilibrium,equilibrium",
    "bayes:field=odds,odds,odds,odds",
)
VARIANTS = {
    "standard": {},
    "double": {"double": True},
    "trickster": {"trickster": True},
    "no-hidden": {"hidden_card": False},
}


def _load() -> str:
    return " ".join(Path("/proc/loadavg").read_text().split()[:3])


def _players(spec: str) -> int:
    return sum(1 for item in spec.split(",") if "=" not in item.partition(":")[0])


def bench(spec: str, variant: str, games: int, repeats: int, seed: int) -> dict[str, object]:
    """The rates of one table (see the module docstring)."""
    n = _players(spec)
    setup = T.Setup(tuple(parse_bots(spec, n)), HeadcountRules(**VARIANTS[variant]), False)
    perms, pol, par, rules = setup.kernel_args()
    beliefs = setup.beliefs()

    def play(deals: int) -> dict[str, np.ndarray]:
        st = T.new_block_stats(setup)
        T.play_block(deals, perms, pol, par, rules, beliefs, block_state(seed, 0), st)
        return st

    play(2)  # compile (or load the compiled engine)
    cpu, wall = [], []
    digest = ""
    for _ in range(repeats):
        w, c = time.perf_counter(), time.thread_time()
        st = play(games)
        cpu.append(time.thread_time() - c)
        wall.append(time.perf_counter() - w)
        h = hashlib.sha256()
        for key in sorted(st):
            h.update(key.encode() + np.ascontiguousarray(st[key]).tobytes())
        digest = h.hexdigest()[:16]
    return {
        "table": spec,
        "variant": variant,
        "games": games,
        "games_per_s_cpu": games / statistics.median(cpu),
        "games_per_s_wall": games / statistics.median(wall),
        "ms_per_game_cpu": 1000 * statistics.median(cpu) / games,
        "cpu_s": cpu,
        "checksum": digest,
    }


def main() -> None:
    parser = OneLineParser(description=__doc__.splitlines()[0])
    parser.add_argument("--table", action="append", help="a bot list (repeatable)")
    parser.add_argument("--variant", action="append", choices=sorted(VARIANTS))
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    out: dict[str, object] = {"load_before": _load()}
    out["runs"] = [
        bench(spec, variant, args.games, args.repeats, args.seed)
        for spec in args.table or TABLES
        for variant in args.variant or ["standard"]
    ]
    out["load_after"] = _load()
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
