"""CPU seconds of a cold compile of the Foolish Faces kernels with every bot (issue 13).

Run it with an empty numba cache, against the source tree to measure, e.g. to compare two
commits in alternating runs::

    NUMBA_CACHE_DIR=$(mktemp -d) PYTHONPATH=OTHER_TREE/src python scripts/foolish_compile_cpu.py

Prints two numbers: seconds to import the modules, seconds to compile and play one game with
four ``rules`` bots (``simulate_block`` holds every bot's code, so this compiles them all).
"""

from __future__ import annotations

import time

try:  # the scripts' shell; this script also runs against trees older than it (PYTHONPATH)
    from headcount_lab.core.scripts import OneLineParser
except ImportError:  # pragma: no cover
    from argparse import ArgumentParser as OneLineParser

OneLineParser(description="CPU seconds of a cold compile of the Foolish Faces kernels").parse_args()
t0 = time.process_time()
from headcount_lab.core.rng import block_state  # noqa: E402
from headcount_lab.games.foolish import agents, kernels  # noqa: E402
from headcount_lab.games.foolish.rules import FoolishRules  # noqa: E402

t1 = time.process_time()
ids, params = agents.policy_params(["rules"] * 4)
kernels.run_block(block_state(0, 0), 1, FoolishRules(players=4).array(), ids, params, False)
t2 = time.process_time()
print(f"{t1 - t0:.2f} {t2 - t1:.2f}")
