"""CPU seconds of the heads-up CFR+ solver: its first iteration and evaluation (a cold compile
when the numba cache is empty), then the seconds of each further iteration, as JSON.

Run it against the source tree to measure, alternating two trees to compare them::

    NUMBA_CACHE_DIR=$(mktemp -d) PYTHONPATH=OTHER_TREE/src python scripts/headsup_compile_cpu.py

The abstraction is the bids ``0, STEP, 2 STEP, ...`` below 80 with every card; the value and the
exploitability after the run are printed too, so two trees can be seen to solve the same game.
"""

from __future__ import annotations

import json
import time

try:  # the scripts' shell; this script also runs against trees older than it (PYTHONPATH)
    from headcount_lab.core.scripts import OneLineParser
except ImportError:  # pragma: no cover
    from argparse import ArgumentParser as OneLineParser

ap = OneLineParser(description="CPU seconds of the heads-up CFR+ solver")
ap.add_argument("--step", type=int, default=10, help="the bids' step (default 10)")
ap.add_argument("--iterations", type=int, default=30, help="timed iterations (default 30)")
args = ap.parse_args()
if not 1 <= args.step <= 80 or args.iterations < 1:
    ap.error("--step must be 1 to 80 and --iterations at least 1")

t0 = time.process_time()
from headcount_lab.research.headcount import headsup as hu  # noqa: E402

solver = hu.Solver(hu.HeadsUpAbstraction(bids=tuple(range(0, 80, args.step))))
solver.run(1)
solver.evaluate(solver.average_policy())
t1 = time.process_time()
solver.run(args.iterations)
ev = solver.evaluate(solver.average_policy())
t2 = time.process_time()
print(json.dumps({
    "first_iteration_seconds": round(t1 - t0, 3),
    "seconds_per_iteration": round((t2 - t1) / args.iterations, 5),
    "value": ev["value"],
    "exploitability": ev["exploitability"],
}))  # fmt: skip
