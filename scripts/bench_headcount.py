#!/usr/bin/env python
"""Headcount benchmarks as JSON: `python scripts/bench_headcount.py [--quick]`.

The same figures as `headcount-lab bench --only headcount`; see
headcount_lab.games.headcount.bench for what is measured and against which baseline.
"""

from __future__ import annotations

import json

from headcount_lab.core.scripts import OneLineParser
from headcount_lab.games.headcount.bench import run_benchmarks


def main() -> None:
    parser = OneLineParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="small sizes, for a smoke test")
    args = parser.parse_args()
    print(json.dumps(run_benchmarks(args.quick), indent=2))


if __name__ == "__main__":
    main()
