"""Runner benchmarks (overhead, 1 -> 2 worker scaling, peak memory) as JSON.

Usage: python scripts/bench_runner.py [--quick]
"""

import json

from headcount_lab.core.bench import run_benchmarks
from headcount_lab.core.scripts import OneLineParser

if __name__ == "__main__":
    ap = OneLineParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="smaller sizes, for a smoke run")
    print(json.dumps(run_benchmarks(quick=ap.parse_args().quick), indent=2))
