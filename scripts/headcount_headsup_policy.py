"""Solve the heads-up Headcount round and write the ``equilibrium`` bot's heads-up policy.

    PYTHONPATH=src python scripts/headcount_headsup_policy.py [--iterations 300] [--out PATH]

Solves the four peek situations (both, starter, other, none) on the grid 0..40 by 5 with CFR+
(:mod:`headcount_lab.research.headcount.headsup`), quantises each information set's probabilities
to 255ths and writes ``data/headcount-headsup-policy-v{VERSION}-standard-by5.npz``
(:mod:`headcount_lab.research.headcount.headsup_table`), which the bot reads
(:mod:`headcount_lab.games.headcount.headsup_policy`). Deterministic (no seed): the same
iterations give the same file. A few minutes on one core.
"""

from __future__ import annotations

import sys
from pathlib import Path

from headcount_lab.core.scripts import OneLineParser
from headcount_lab.games.headcount import headsup_policy as HP
from headcount_lab.research.headcount import headsup_table as HT


def main() -> None:
    ap = OneLineParser(description=__doc__.splitlines()[0])
    ap.add_argument("--iterations", type=int, default=HP.ITERATIONS)
    ap.add_argument("--out", type=Path, default=None)
    args = ap.parse_args()
    if args.iterations < 1:
        print(f"error: --iterations must be at least 1, got {args.iterations}", file=sys.stderr)
        raise SystemExit(2)
    path = args.out or HP.default_path()
    data = HT.build(args.iterations)
    HT.save(path, data)
    for name, s in data["meta"]["situations"].items():
        print(
            f"{name:8s} start player loses {s['start_player_loses']:.4f} (quantised "
            f"{s['quantised_start_player_loses']:.4f}), exploitability {s['exploitability']:.2e}"
            f" (quantised {s['quantised_exploitability']:.2e})"
        )
    print(f"wrote {path} ({path.stat().st_size:,} bytes)")


if __name__ == "__main__":
    main()
