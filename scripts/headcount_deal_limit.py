"""Headcount's deal kernel against the minimal hand-written kernel for the same job, for one or
more source trees, in one run (issue 24 item 1).

Each tree's ``DealBlock`` (its ``kernels.py``) is timed in its own process, in turns with the
minimal kernel ``minimal_deal`` of *this* checkout's ``games/headcount/bench.py`` (loaded from
its file), so an older tree is measured against the same yardstick. The trees run interleaved,
``--runs`` times each; the figures are medians. Example, the kernel before and after a change:

    git worktree add --detach /tmp/before <commit>
    python scripts/headcount_deal_limit.py /tmp/before .
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

from headcount_lab.core.scripts import OneLineParser

BENCH = Path(__file__).resolve().parents[1] / "src/headcount_lab/games/headcount/bench.py"
TABLES = ((3, False), (4, False), (6, True))


def child(hands: int, repeats: int) -> None:
    """In a tree's process: kernel and minimal kernel rates and their ratio, per table."""
    from functools import partial

    from headcount_lab.core.rng import block_state
    from headcount_lab.core.timing import median_seconds
    from headcount_lab.games.headcount.kernels import DealBlock

    spec = importlib.util.spec_from_file_location("minimal_bench", BENCH)
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = bench  # numba's cache and core.jitcache look the module up
    spec.loader.exec_module(bench)
    out = {}
    for players, double in TABLES:
        fn = DealBlock(players, double)
        fn.warmup()
        same = fn(block_state(1, 0), 1000), bench._minimal_block(fn, block_state(1, 0), 1000)
        assert all((same[0][k] == same[1][k]).all() for k in same[0]), "not the same hands"
        rows = []
        for _ in range(repeats):
            k = hands / median_seconds(partial(fn, block_state(1, 0), hands), 1)
            m = hands / median_seconds(
                partial(bench._minimal_block, fn, block_state(1, 0), hands), 1
            )
            rows.append((k, m))
        out[f"{players}_players_{'double' if double else 'standard'}"] = {
            "kernel_hands_per_second": statistics.median(r[0] for r in rows),
            "minimal_hands_per_second": statistics.median(r[1] for r in rows),
            "ratio_to_minimal": statistics.median(r[0] / r[1] for r in rows),
        }
    print(json.dumps(out))


def main() -> None:
    ap = OneLineParser(description=__doc__.splitlines()[0])
    ap.add_argument("trees", nargs="+", type=Path)
    ap.add_argument("--hands", type=int, default=4_000_000)
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        child(args.hands, args.repeats)
        return
    runs: dict[str, list[dict]] = {str(t): [] for t in args.trees}
    for _ in range(args.runs):
        for tree in args.trees:
            env = {
                **os.environ,
                "PYTHONPATH": str(tree.resolve() / "src"),
                "NUMBA_CACHE_DIR": str(tree.resolve() / ".numba_cache"),
            }
            argv = [sys.executable, __file__, "--child", str(tree)]
            argv += ["--hands", str(args.hands), "--repeats", str(args.repeats)]
            done = subprocess.run(argv, capture_output=True, text=True, env=env, check=True)
            runs[str(tree)].append(json.loads(done.stdout.splitlines()[-1]))
    result = {
        tree: {
            table: {key: statistics.median(r[table][key] for r in rows) for key in rows[0][table]}
            for table in rows[0]
        }
        for tree, rows in runs.items()
    }
    result["load_average"] = os.getloadavg()[0]
    print(json.dumps(result, indent=1))


if __name__ == "__main__":
    main()
