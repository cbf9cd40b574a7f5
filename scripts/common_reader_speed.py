"""Seconds per round and per game of Headcount's common readers, with a digest of what was played.

Times :mod:`headcount_lab.research.headcount.common_reader` on four fixed workloads: rounds of
one reading policy, whole games whose field peeks, rounds of a field that mixes two policies,
and whole games of a field that mixes three peeking readers (as fictitious play grows it).
Each is run once to compile (``first_s``: with ``NUMBA_CACHE_DIR`` an empty folder,
the compile cost of what it reaches first, the deal tables and the play), then ``--repeat``
times; the median is printed with a SHA-256 of the outputs, so two trees run with the same
arguments (``PYTHONPATH=TREE/src``) can be compared for speed and checked for identical play.
Run the trees alternately, one job at a time, and quote ratios of medians with the load beside
them.

    PYTHONPATH=src python scripts/common_reader_speed.py --players 4 --rounds 64 --games 8
"""

from __future__ import annotations

import hashlib
import json
import os
import statistics
import time
from collections.abc import Callable

import numpy as np

from headcount_lab.core.scripts import OneLineParser
from headcount_lab.research.headcount import common_reader as C


def workloads(players: int, rounds: int, games: int) -> dict[str, Callable[[], np.ndarray]]:
    """The four timed calls, each returning the array it played."""
    read = C.Policy(True, 0.6, 0.01)
    peeker = C.Policy(True, 0.6, 0.01, peek=0.1)
    mixed = C.Mixed((read, C.Policy(False, 0.65, 0.03)), (0.7, 0.3))
    # a field as fictitious play grows it: readers' settings that all peek
    grown = C.Mixed(
        (peeker, C.Policy(True, 0.55, 0.1, peek=0.02), C.Policy(True, 0.6, 0.2, peek=0.1)),
        (0.4, 0.3, 0.3),
    )

    def rounds_of(field: C.Play, deviator: C.Play) -> np.ndarray:
        m = C.measure(players, field, deviator, rounds, seed=1)
        return np.array([m.hits, m.count, *m.peeks])

    return {
        "rounds": lambda: rounds_of(read, C.Policy(True, 0.6, 0.03)),
        "games_peeking": lambda: C.play_games(players, peeker, read, games, seed=1),
        "rounds_mixed": lambda: rounds_of(mixed, read),
        "games_mixture": lambda: C.play_games(players, grown, read, games, seed=1),
    }


def main() -> None:
    p = OneLineParser(description=__doc__.splitlines()[0])
    p.add_argument("--players", type=int, default=4, choices=(3, 4))
    p.add_argument("--rounds", type=int, default=64, help="rounds of each rounds workload")
    p.add_argument("--games", type=int, default=8, help="games of the peeking workload")
    p.add_argument("--repeat", type=int, default=3, help="timed runs after the compiling one")
    a = p.parse_args()
    if min(a.rounds, a.games, a.repeat) < 1:
        p.error("--rounds, --games and --repeat must be at least 1")
    out: dict[str, object] = {"players": a.players, "load": os.getloadavg()[0]}
    for name, run in workloads(a.players, a.rounds, a.games).items():
        t = time.perf_counter()
        first = run()
        first_s = time.perf_counter() - t
        seconds = []
        for _ in range(a.repeat):
            t = time.perf_counter()
            again = run()
            seconds.append(time.perf_counter() - t)
            if not np.array_equal(first, again):
                p.error(f"{name}: two runs on one seed played differently")
        out[name] = {
            "first_s": first_s,
            "median_s": statistics.median(seconds),
            "seconds": seconds,
            "sha256": hashlib.sha256(np.ascontiguousarray(first).tobytes()).hexdigest()[:16],
        }
    print(json.dumps(out))


if __name__ == "__main__":
    main()
