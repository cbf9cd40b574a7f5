#!/usr/bin/env python
"""Headcount engine benchmarks as JSON: `python scripts/bench_headcount_engine.py [--quick]`.

What is measured, and against which baseline: headcount_lab.games.headcount.bench
(run_engine_benchmarks, the ``headcount-engine`` area).
"""

import json

from headcount_lab.core.scripts import OneLineParser
from headcount_lab.games.headcount.bench import run_engine_benchmarks as run_benchmarks

if __name__ == "__main__":
    ap = OneLineParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="smaller sizes, for a smoke run")
    print(json.dumps(run_benchmarks(quick=ap.parse_args().quick), indent=2))
