"""Our heads-up CFR+ and exploitability against OpenSpiel's on one small abstraction.

Prints, as JSON: our exploitability and OpenSpiel's ``exploitability`` of the same policies (the
uniform profile and our average after ``--ours`` iterations), and the value and exploitability
reached by our CFR+ and by OpenSpiel's Python ``CFRPlusSolver`` (``--theirs`` iterations).
Needs ``open_spiel`` (a dev dependency). The tests run the same checks on a 5-card game.

    PYTHONPATH=src python scripts/headsup_openspiel_check.py --cards "10S 3H 7H KH AS JK" \
        --bids 0,10,20,30 --ours 1000 --theirs 100
"""

from __future__ import annotations

import json
import time

import numpy as np
from open_spiel.python.algorithms import cfr, exploitability
from open_spiel.python.algorithms.expected_game_score import policy_value

from headcount_lab.core.scripts import OneLineParser
from headcount_lab.games.headcount.rules import parse_ids
from headcount_lab.research.headcount import headsup as hu
from headcount_lab.research.headcount import headsup_openspiel as hos


def main() -> None:
    ap = OneLineParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--cards", default="10S 3H 7H KH AS JK")
    ap.add_argument("--bids", default="0,10,20,30")
    ap.add_argument("--ours", type=int, default=1000)
    ap.add_argument("--theirs", type=int, default=100)
    args = ap.parse_args()
    ab = hu.HeadsUpAbstraction(
        bids=tuple(int(b) for b in args.bids.split(",")), cards=tuple(parse_ids(args.cards))
    )
    game = hos.load(ab)
    out: dict = {"abstraction": ab.as_dict()}

    solver = hu.Solver(ab)
    uniform = hu.normalise(solver.tree, np.zeros(solver.tree.size))
    t0 = time.perf_counter()
    solver.run(args.ours)
    ours_s = time.perf_counter() - t0
    for name, table in (("uniform", uniform), ("ours_average", solver.average_policy())):
        pol = hos.to_openspiel_policy(game, solver.tree, table)
        out[f"exploitability_{name}"] = {
            "ours": solver.evaluate(table)["exploitability"],
            "openspiel": exploitability.exploitability(game, pol),
        }
    ev = solver.evaluate(solver.average_policy())
    out["ours"] = {"iterations": args.ours, "seconds": ours_s, "start_player_value": ev["value"],
                   "exploitability": ev["exploitability"]}  # fmt: skip

    t0 = time.perf_counter()
    os_solver = cfr.CFRPlusSolver(game)
    for _ in range(args.theirs):
        os_solver.evaluate_and_update_policy()
    os_pol = os_solver.average_policy()
    out["openspiel"] = {
        "iterations": args.theirs,
        "seconds": time.perf_counter() - t0,
        "start_player_value": policy_value(game.new_initial_state(), [os_pol, os_pol])[0],
        "exploitability": exploitability.exploitability(game, os_pol),
    }
    gap = abs(out["ours"]["start_player_value"] - out["openspiel"]["start_player_value"])
    out["value_gap"] = gap
    # each profile's value lies within twice its exploitability of the game value
    bound = 2 * (out["ours"]["exploitability"] + out["openspiel"]["exploitability"])
    out["value_gap_bound"] = bound
    print(json.dumps(out, indent=1, ensure_ascii=False))


if __name__ == "__main__":
    main()
