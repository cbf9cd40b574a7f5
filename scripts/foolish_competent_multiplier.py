"""The fair Lone Fool multiplier in the competent field (issue 22 item 5), as JSON.

The report's question 1 gives the fair multiplier with `random`, `rules` and `pimc` bots; this
script measures it with the committed competent field in every seat (the field's member for
the table size, `headcount-lab foolish field`; 5 players use the 4-player field, as `competent`
does), with the report's own table (``analysis.foolish.tables.lone_table``: the fair
multiplier, which makes the Lone Fool's mean round score equal a Court player's on the same play
records, scoring being linear in it under F15, with a delta-method 95% interval, and the Lone
Fool's lead at the rule's multiplier, F15: x2 at 4 players, x3 at 5).

    PYTHONPATH=src python scripts/foolish_competent_multiplier.py --rounds 3000 --seed 1
"""

from __future__ import annotations

import json
import time

from headcount_lab.analysis.foolish.tables import competent_member, lone_table, run
from headcount_lab.core.scripts import OneLineParser
from headcount_lab.games.foolish.rules import FoolishRules


def main() -> None:
    parser = OneLineParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3000, help="traced rounds per table size")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", default="4,5")
    args = parser.parse_args()
    out = {"command": parser.command(args, always=("rounds", "seed", "players")), "rows": []}
    for n in (int(x) for x in args.players.split(",")):
        rules = FoolishRules(players=n)
        member = competent_member(n)  # the report's question 1 traces the same bot
        t0 = time.perf_counter()
        r = lone_table({(n, member): run(rules, [member] * n, args.rounds, args.seed)}).iloc[0]
        out["rows"].append({
            "players": n, "bot": member, "rounds": args.rounds,
            "lone_rounds": int(r["lone_rounds"]), "rule_multiplier": int(r["multiplier"]),
            "fair_multiplier": [float(r[f"fair_multiplier{x}"]) for x in ("", "_lo", "_hi")],
            "lone_minus_court_at_rule": [
                float(r[f"lone_minus_court{x}"]) for x in ("", "_lo", "_hi")
            ],
            "seconds": round(time.perf_counter() - t0, 1),
        })  # fmt: skip
        print(json.dumps(out["rows"][-1]), flush=True)
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
