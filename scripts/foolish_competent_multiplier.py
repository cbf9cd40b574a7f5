"""The fair Lone Fool multiplier in the competent field (issue 22 item 5), as JSON.

The report's question 1 gives the fair multiplier with `random`, `rules` and `pimc` bots; this
script measures it with the committed competent field in every seat (the field's member for
the table size, `headcount-lab foolish field`; 5 players use the 4-player field, as `competent`
does), with the report's own estimator (``analysis.foolish.tables.fair_multiplier``: the
multiplier that makes the Lone Fool's mean round score equal a Court player's on the same play
records, scoring being linear in it under F15, with a delta-method 95% interval) and the
Lone Fool's lead at the rule's multiplier (F15: x2 at 4 players, x3 at 5).

    PYTHONPATH=src python scripts/foolish_competent_multiplier.py --rounds 3000 --seed 1
"""

from __future__ import annotations

import argparse
import json
import time

import numpy as np

from headcount_lab.analysis.foolish.tables import fair_multiplier, lone_gap, rescore, run
from headcount_lab.core.competent import resolve
from headcount_lab.core.stats import mean_ci
from headcount_lab.games import GAMES
from headcount_lab.games.foolish.rules import FoolishRules


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3000, help="traced rounds per table size")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", default="4,5")
    args = parser.parse_args()
    spec = GAMES["foolish"]
    out = {"command": "PYTHONPATH=src python scripts/foolish_competent_multiplier.py "
           f"--rounds {args.rounds} --seed {args.seed} --players {args.players}",
           "rows": []}  # fmt: skip
    for n in (int(x) for x in args.players.split(",")):
        rules = FoolishRules(players=n)
        mix = resolve(spec, n, rules)
        if not mix.single:
            raise SystemExit(f"the {n}-player competent field mixes bots: not measured here")
        t0 = time.perf_counter()
        r = run(rules, [mix.members[0]] * n, args.rounds, args.seed)
        m, lo, hi = fair_multiplier(r)
        gap = np.asarray(lone_gap(rescore(r, rules.multiplier), r.trace), dtype=np.float64)
        est = mean_ci(float(gap.sum()), float((gap * gap).sum()), len(gap))
        out["rows"].append({
            "players": n, "bot": mix.members[0], "field_file": mix.file, "notes": list(mix.notes),
            "rounds": args.rounds, "lone_rounds": int(len(gap)),
            "fair_multiplier": [m, lo, hi], "rule_multiplier": rules.multiplier,
            "lone_minus_court_at_rule": list(est),
            "seconds": round(time.perf_counter() - t0, 1),
        })  # fmt: skip
        print(json.dumps(out["rows"][-1]), flush=True)
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
