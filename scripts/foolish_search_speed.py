"""Foolish Faces search bots: rounds per CPU second in self-play and with one seat, and a digest
of the games played, to time two checkouts against each other on the same games.

For each bot spec it plays ``--games`` 4-player games (seed 7, seats rotated) with the bot in
every seat (``--mode self``) or in seat 1 against three ``rules`` bots (``--mode one``), after
one untimed game that loads the compiled kernels, and prints JSON: by bot, rounds per second of
one thread's CPU time and the first 12 hex digits of a SHA-1 of the run's statistics (equal
digits: the same games). Alternate it between two trees, each with its own numba cache::

    PYTHONPATH=OLD/src NUMBA_CACHE_DIR=/tmp/old-cache python scripts/foolish_search_speed.py
    PYTHONPATH=src python scripts/foolish_search_speed.py
"""

from __future__ import annotations

import hashlib
import json
import time

import numpy as np

from headcount_lab.core.rng import block_state
from headcount_lab.core.scripts import OneLineParser
from headcount_lab.games.foolish import agents, kernels
from headcount_lab.games.foolish.bots import MENU
from headcount_lab.games.foolish.rules import FoolishRules


def main() -> None:
    ap = OneLineParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--bots", default="pimc,pimc-top,ismcts", help="bot specs, comma separated")
    ap.add_argument("--games", type=int, default=4)
    ap.add_argument("--mode", choices=("self", "one"), default="self")
    args = ap.parse_args()
    rules = FoolishRules(players=4)
    arr = rules.array()
    out: dict[str, tuple[float, str]] = {}
    for bot in MENU.split(args.bots):
        names = [bot] * 4 if args.mode == "self" else [bot, "rules", "rules", "rules"]
        ids, params = agents.policy_params(names)
        if not out:  # load (or compile) the kernels outside the timing
            kernels.run_block(block_state(0, 0), 1, arr, ids, params, False)
        c = time.thread_time()
        st = kernels.run_block(block_state(7, 0), args.games, arr, ids, params, True)
        cpu = time.thread_time() - c
        digest = hashlib.sha1(
            b"".join(np.ascontiguousarray(v).tobytes() for _, v in sorted(st.items()))
        ).hexdigest()[:12]
        out[bot] = (round(args.games * rules.n_rounds / cpu, 2), digest)
    print(json.dumps(out))


if __name__ == "__main__":
    main()
