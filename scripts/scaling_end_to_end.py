"""End-to-end scaling from one worker to two (issue 24 item 4): whole commands, timed by the
wall clock from process start to exit, as a user runs them.

    python scripts/scaling_end_to_end.py [--reps 3] [--hands 200000000] [--games 100000]

Runs ``headcount deal --hands H`` and ``headcount simulate --games G`` (the default table) with
``--workers 1`` and ``--workers 2`` on the local backend, and with ``--backend dask-local
--workers 2``, interleaved ``--reps`` times, each in a fresh process with a warm numba cache;
prints JSON: the median seconds of each, the ratios against one local worker, and the load
average before and after. Each command's output is checked to be the same bits for every
setting (same seed), so the ratios compare the same work.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import time

from headcount_lab.core.scripts import OneLineParser


def run(argv: list[str]) -> tuple[float, str]:
    t0 = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "headcount_lab", *argv], capture_output=True, text=True, check=True
    )
    return time.perf_counter() - t0, done.stdout


def main() -> None:
    ap = OneLineParser(description=__doc__.splitlines()[0])
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--hands", type=int, default=200_000_000)
    ap.add_argument("--games", type=int, default=100_000)
    args = ap.parse_args()
    jobs = {
        "deal": ["headcount", "deal", "--hands", str(args.hands), "--seed", "1"],
        "simulate": ["headcount", "simulate", "--games", str(args.games), "--seed", "1"],
    }
    settings = {
        "local_1": ["--workers", "1"],
        "local_2": ["--workers", "2"],
        "dask_local_2": ["--backend", "dask-local", "--workers", "2"],
    }
    load_before = os.getloadavg()[0]
    out: dict[str, dict[str, object]] = {}
    for job, argv in jobs.items():
        seconds: dict[str, list[float]] = {s: [] for s in settings}
        outputs: dict[str, str] = {}
        for _ in range(args.reps):
            for name, extra in settings.items():
                dt, text = run([*argv, "--quiet", "--json", *extra])
                seconds[name].append(dt)
                result = json.loads(text)
                for noisy in ("seconds", "hands_this_session", "hands_per_second",
                              "rounds_per_second"):  # fmt: skip
                    result.pop(noisy, None)
                outputs.setdefault(name, json.dumps(result, sort_keys=True))
        same = len(set(outputs.values())) == 1
        med = {s: statistics.median(v) for s, v in seconds.items()}
        out[job] = {
            "median_seconds": med,
            "runs": seconds,
            "speedup_local_2": med["local_1"] / med["local_2"],
            "speedup_dask_local_2": med["local_1"] / med["dask_local_2"],
            "same_results": same,
        }
    out["load_average"] = {"before": load_before, "after": os.getloadavg()[0]}
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
