"""Forehead Whist benchmarks: prints JSON (see headcount_lab.games.whist.bench)."""

import json

from headcount_lab.core.scripts import OneLineParser
from headcount_lab.games.whist.bench import run_benchmarks

if __name__ == "__main__":
    ap = OneLineParser(description=__doc__)
    ap.add_argument("--quick", action="store_true", help="small sizes, for a smoke test")
    args = ap.parse_args()
    print(json.dumps(run_benchmarks(args.quick), indent=2))
