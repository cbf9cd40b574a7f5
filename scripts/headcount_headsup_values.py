"""Solve the heads-up Headcount round for the report and cache the result in ``data/``.

    PYTHONPATH=src python scripts/headcount_headsup_values.py [--step 5] [--iterations 300]

Writes ``data/headcount-headsup-values-v{VERSION}-standard-by{STEP}.json``: for each peek
situation (both, starter, other, none) the start player's equilibrium loss, the bracket of the
game value and the exploitability, the same numbers as ``headcount-lab headcount headsup --step
STEP --iterations N --peeks P --json``. Deterministic (no seed); minutes at step 5.
"""

from __future__ import annotations

from headcount_lab.core.scripts import OneLineParser
from headcount_lab.research.headcount.headsup_values import (
    ITERATIONS,
    STEP,
    cache_path,
    default_data_dir,
    solve_values,
    write_cache,
)


def main() -> None:
    ap = OneLineParser(description=__doc__.splitlines()[0])
    ap.add_argument("--step", type=int, default=STEP)
    ap.add_argument("--iterations", type=int, default=ITERATIONS)
    args = ap.parse_args()
    data = solve_values(args.step, args.iterations)
    path = cache_path(default_data_dir(), args.step)
    write_cache(path, data)
    print(f"wrote {path}")


if __name__ == "__main__":
    main()
