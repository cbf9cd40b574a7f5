"""Runner benchmarks (overhead, 1 -> 2 worker scaling, peak memory) as JSON.

Usage: python scripts/bench_runner.py [--quick]
"""

import json
import sys

from headcount_lab.core.bench import run_benchmarks

if __name__ == "__main__":
    print(json.dumps(run_benchmarks(quick="--quick" in sys.argv[1:]), indent=2))
