#!/usr/bin/env python
"""Headcount engine benchmarks as JSON: `python scripts/bench_headcount_engine.py [--quick]`.

What is measured, and against which baseline: headcount_lab.games.headcount.bench
(run_engine_benchmarks, the ``headcount-engine`` area).
"""

import json
import sys

from headcount_lab.games.headcount.bench import run_engine_benchmarks as run_benchmarks

if __name__ == "__main__":
    print(json.dumps(run_benchmarks(quick="--quick" in sys.argv[1:]), indent=2))
