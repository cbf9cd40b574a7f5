"""Wall seconds of Headcount tables with a ``bayes`` bot on the bot set their tree picks for
them against the same tables forced onto the ``readers`` set (issue 25: fewer bot sets).

Before the ``all`` and ``reader_of_readers`` sets were dropped, a ``bayes`` bot reading plain
bots played the ``all`` engine; run this against such a tree to compare the two engines in one
sitting::

    PYTHONPATH=OLD_TREE/src python scripts/headcount_bot_set_speed.py \\
        "bayes,odds,odds;bayes,equilibrium,equilibrium,equilibrium" --games 6000

On a tree with three sets both sides are the ``readers`` engine (a control: the ratio is the
machine's noise). Each table is played three times a side, alternated, on the same seed; the
script prints the median seconds of each side, their ratio and whether both sides played the
same games (every statistic of the block equal).
"""

from __future__ import annotations

import statistics
import time

try:  # the scripts' shell; this script also runs against trees older than it (PYTHONPATH)
    from headcount_lab.core.scripts import OneLineParser
except ImportError:  # pragma: no cover
    from argparse import ArgumentParser as OneLineParser


def same(a: dict, b: dict) -> bool:
    """Every statistic of the block equal: wins by seat and slot, rounds, histograms."""
    import numpy as np

    return a.keys() == b.keys() and all(np.array_equal(a[k], b[k]) for k in a)


def main() -> None:
    ap = OneLineParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("tables", help="tables separated by ';', each a comma-separated bot list")
    ap.add_argument("--games", type=int, default=6000)
    ap.add_argument("--repeats", type=int, default=3)
    a = ap.parse_args()
    if a.games < 1 or a.repeats < 1:
        ap.error("--games and --repeats must be at least 1")

    from headcount_lab.core.rng import block_state
    from headcount_lab.games.headcount import agents as A
    from headcount_lab.games.headcount import tournament as T
    from headcount_lab.games.headcount.rules import HeadcountRules

    own = T.bot_set
    for bots in a.tables.split(";"):
        n = bots.count(",") + 1
        times: dict[str, list[float]] = {"own": [], "readers": []}
        outs: dict[str, dict] = {}
        for _ in range(a.repeats):
            for side in times:
                # *params: trees before 21079e6 pass the parameters too
                T.bot_set = own if side == "own" else (lambda p, *params: A.READERS)
                try:
                    job = T.tournament(HeadcountRules(), bots, n, a.games, True).job
                except ValueError as e:  # an unknown bot or table size: one line
                    ap.error(f"{bots}: {e}")
                job.block_fn(block_state(0, 0), 1)  # compile or load first
                t0 = time.perf_counter()
                out = job.block_fn(block_state(1, 0), max(1, a.games // n // 2))
                times[side].append(time.perf_counter() - t0)
                outs[side] = out
        T.bot_set = own
        mo, mr = (statistics.median(times[s]) for s in ("own", "readers"))
        print(f"{bots}: own set {mo:.3f} s, readers {mr:.3f} s, ratio {mr / mo:.3f}, "
              f"same games {same(outs['own'], outs['readers'])}")  # fmt: skip


if __name__ == "__main__":
    main()
